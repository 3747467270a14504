"""The standings and crosstable lines made in Python (``plugins.macmahon.lines``) are the
markup the templates wrote before, escaping included, for any name, id, place, withdrawal
and absences: the Jinja2 templates below are those pages' former macro and loops. Their
words are the English of an English page (the ``t`` filter of an English page leaves a
Message as it is)."""

import jinja2
from hypothesis import given
from hypothesis import strategies as st

from plugins.macmahon.lines import (
    column_cells,
    crosstable_rows,
    crosstable_words,
    place_and_player,
    ranked_player,
)
from plugins.macmahon.standings import Entry, Standing, Standings, display
from publisher.model import Player
from publisher.ranks import Rank

ENV = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
                         lstrip_blocks=True)
ENV.filters["points"] = display
ENV.filters["t"] = jinja2.pass_context(lambda context, value: value)
ENV.filters["place_and_player"] = place_and_player
FILTERED = ENV.from_string("{{ line | place_and_player(player, pages) }}")
# The macro the standings and the crosstable shared, and the loops they had.
PLACE_AND_PLAYER = ENV.from_string("""\
<td class="num">{{ line.place_text }}</td><td><a href="{{ pages ~ player.id ~ '.html' }}">{{ player.name }}</a>{% if line.withdrawn is not none %} <span class="tag">withdrew {% if line.withdrawn == 0 %}before&nbsp;round&nbsp;1{% else %}after&nbsp;round&nbsp;{{ line.withdrawn }}{% endif %}</span>{% endif %}{% if line.absent %} <span class="tag">absent in round{{ 's' if line.absent | length > 1 }}&nbsp;{{ line.absent | join(', ') }}</span>{% endif %}</td>""")  # noqa: E501
COLUMNS = ENV.from_string("""\
{% for c in columns %}<td{% if c == 'rating' %} class="num"{% endif %}>{{ player[c] if player[c] is not none else '' }}</td>{% endfor %}""")  # noqa: E501
ROUND_CELLS = ENV.from_string("""\
{% for text, opponent in cells %}<td>{% if opponent %}<a href="#{{ opponent }}" title="{{ players[opponent].name }}">{{ text }}</a>{% else %}{{ text }}{% endif %}</td>{% endfor %}""")  # noqa: E501

RANKED_PLAYER = ENV.from_string("""\
<a href="{{ pages ~ player.id ~ '.html' }}">{{ player.name }}</a>{% if player.rank %} <span class="tag">{{ player.rank }}</span>{% endif %}""")  # noqa: E501

texts = st.text(alphabet=st.sampled_from("ab <>&\"'é½="), min_size=1, max_size=8)


@given(name=texts, pid=texts, place=st.integers(1, 2000), shared=st.booleans(),
       withdrawn=st.none() | st.integers(0, 9), absent=st.lists(st.integers(1, 9), max_size=3),
       href=texts)
def test_place_and_player_is_the_former_macro(name, pid, place, shared, withdrawn, absent, href):
    line = Standing(pid, place, shared, 3.5, 1.0, {}, withdrawn, (0, 0), tuple(absent))
    player = Player(pid, name, 2)
    assert FILTERED.render(line=line, player=player, pages=href) == PLACE_AND_PLAYER.render(
        line=line, player=player, pages=href)


@given(club=st.just("") | texts, country=st.just("") | texts, rating=st.none() | st.integers(-900, 3000),
       rank=st.none() | st.sampled_from(["3d", "12k", "1p"]),
       columns=st.lists(st.sampled_from(["rank", "rating", "club", "country"]), unique=True))
def test_column_cells_are_the_former_loop(club, country, rating, rank, columns):
    player = Player("x", "X", 2, rank=Rank.parse(rank) if rank else None, rating=rating, club=club,
                    country=country)
    assert column_cells([player], columns)["x"] == COLUMNS.render(player=player, columns=columns)


@given(names=st.lists(texts, min_size=2, max_size=2), ids=st.lists(texts, min_size=2, max_size=2,
                                                                   unique=True),
       handicap=st.integers(0, 9), points=st.sampled_from([None, 0.0, 0.5, 1.0]),
       forfeit=st.booleans(), black=st.booleans())
def test_crosstable_rows_are_the_former_cells(names, ids, handicap, points, forfeit, black):
    me, other = (Player(i, n, 2) for i, n in zip(ids, names, strict=True))
    entries = [Entry(1, "game", other.id, 1, black, None, points, forfeit, handicap),
               Entry(2, "bye", points=1.0), Entry(3, "absent")]
    standings = Standings(3, [Standing(other.id, 7, False, 0, 0, {}), Standing(me.id, 9, True, 0, 0, {})],
                          [])
    stones = str(handicap) if handicap else ""
    expected = ROUND_CELLS.render(cells=[(f"7{entries[0].mark}/{'b' if black else 'w'}{stones}", other.id),
                                         ("bye", None), ("–", None)],
                                  players={other.id: other})
    row = crosstable_rows([me, other], {me.id: entries}, standings)[me.id]
    assert crosstable_words(row, "b", "w", "bye") == expected


@given(name=texts, href=texts, rank=st.none() | st.sampled_from(["3d", "12k", "1p", "30k"]))
def test_ranked_player_is_the_former_pairings_cell(name, href, rank):
    player = Player("x", name, 2, rank=Rank.parse(rank) if rank else None)
    assert ranked_player({}, player, href) == RANKED_PLAYER.render(player=player, pages=href)


def test_a_name_in_its_own_script_is_beside_the_latin_one_on_pages_of_its_language():
    """A page without a language is English; a Japanese page shows 加藤 瞬 with its lang, a
    Chinese or Korean one does not, and Han characters of a Chinese player are Chinese."""
    kato = Player("s028", "Kato Shun", 2, rank=Rank.parse("5d"), country="JP", name_native="加藤 瞬")
    wang = Player("s060", "Wang Wei", 3, country="CN", name_native="王伟")
    latin = '<a href="p/s028.html">Kato Shun</a>'
    assert ranked_player({}, kato, "p/") == ranked_player({"lang": "en"}, kato, "p/") == (
        f'{latin} <span class="tag">5d</span>')
    assert ranked_player({"lang": "ja"}, kato, "p/") == (
        f'{latin} <span lang="ja">加藤 瞬</span> <span class="tag">5d</span>')
    assert ranked_player({"lang": "zh-Hans"}, kato, "p/") == ranked_player({"lang": "ko"}, kato, "p/")
    assert ranked_player({"lang": "zh-Hant"}, wang, "p/") == (
        '<a href="p/s060.html">Wang Wei</a> <span lang="zh">王伟</span>')
    line = Standing("s028", 1, False, 3.0, 3.0, {}, 2)
    assert FILTERED.render(line=line, player=kato, pages="p/", lang="ja") == (
        f'<td class="num">1</td><td>{latin} <span lang="ja">加藤 瞬</span> '
        '<span class="tag">withdrew after&nbsp;round&nbsp;2</span></td>')
