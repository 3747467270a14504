"""A small archive for the archive's tests: two Go championships sharing three people by
``egd_pin``, and a fourth player whose name is in both but who has no id."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from conftest import write

AUTUMN_TOML = """
    name = "Autumn Cup 2025"
    game = "go"
    system = "swiss"
    start = 2025-10-04
    end = 2025-10-05
    venue = "Maribor"
    rounds = 2
    seed = "autumn"

    [macmahon]
    tiebreaks = ["sos"]
"""

# Zoran wins both rounds; Ana and Łukasz one each (Ana's opponents scored more); Bob none.
AUTUMN_PLAYERS = """
    id,name,rank,rating,country,club,egd_pin
    a1,Zoran Žeželj,2d,2150,SI,GK Maribor,11100001
    a2,Ana Kovačević,1k,1950,HR,GK Zagreb,11100002
    a3,Łukasz Wójcik,3k,1800,PL,Warsaw Go,11100003
    a4,Bob Baker,5k,1600,DE,,
"""
AUTUMN_ROUNDS = {
    1: "table,player1,player2,result\n1,a1,a2,1-0\n2,a3,a4,1-0\n",
    2: "table,player1,player2,result\n1,a1,a3,1-0\n2,a2,a4,1-0\n",
}

SPRING_TOML = """
    name = "Spring Open 2026"
    game = "go"
    system = "swiss"
    start = 2026-03-07
    end = 2026-03-08
    venue = "Ljubljana"
    rounds = 2
    seed = "spring"
    timezone = "Europe/Ljubljana"

    [macmahon]
    tiebreaks = ["sos"]

    [schedule]
    rounds = [2026-03-07T10:00:00, 2026-03-08T09:30:00]
    minutes = 150
"""

# Łukasz wins both; Zoran and the other Bob Baker one each (equal on SOS too); Ana none.
SPRING_PLAYERS = """
    id,name,rank,rating,country,club,egd_pin
    s1,Łukasz Wójcik,2k,1890,PL,Kraków Go,11100003
    s2,Zoran Žeželj,2d,2180,SI,GK Maribor,11100001
    s3,Ana Kovačević,1d,2010,HR,GK Zagreb,11100002
    s4,Bob Baker,12k,,GB,,
"""
SPRING_ROUNDS = {
    1: "table,player1,player2,result\n1,s1,s2,1-0\n2,s3,s4,0-1\n",
    2: "table,player1,player2,result\n1,s1,s4,1-0\n2,s2,s3,1-0\n",
}


# The three people the two championships share, by their keys.
ZORAN, ANA, LUKASZ = "egd-11100001", "egd-11100002", "egd-11100003"


def built_archive(root: Path, writer: Callable[[Path], Path] | None = None) -> Path:
    """The two championships (or what ``writer`` writes, :func:`write_native_archive`) written
    into ``root/content`` and built by the command line into ``root/site``; returns the site."""
    from publisher.cli import main

    content = (writer or write_archive)(root / "content")
    assert main(["build", "--content", str(content), "--out", str(root / "site")]) == 0
    return root / "site"


def write_archive(content: Path) -> Path:
    """Write the two championships into ``content`` and return it."""
    for slug, toml, players, rounds in (("autumn-cup-2025", AUTUMN_TOML, AUTUMN_PLAYERS, AUTUMN_ROUNDS),
                                        ("spring-open-2026", SPRING_TOML, SPRING_PLAYERS, SPRING_ROUNDS)):
        write(content / slug / "event.toml", toml)
        write(content / slug / "players.csv", players)
        for number, text in rounds.items():
            (content / slug / "rounds").mkdir(parents=True, exist_ok=True)
            (content / slug / "rounds" / f"{number}.csv").write_text(text, encoding="utf-8")
    return content


# An archive where ids and names disagree, as hand-typed players.csv files do: Hana Sato's PIN
# typed (without its leading zeros) for Kenji Mori a year later; Anna Schmidt married and plays
# as Anna Müller; Łukasz Wójcik's accents lost in 2025; Mira Novak first with a `person` key
# and her PIN, then with the PIN alone.
PEOPLE_EVENTS = {
    "hana-cup-2024": ("""
        name = "Hana Cup 2024"
        game = "go"
        system = "swiss"
        start = 2024-05-04
        rounds = 1
        seed = "hana"
    """, """
        id,name,rank,country,club,egd_pin,person
        h1,Hana Sato,1k,JP,Tokyo Go,123456,
        h2,Anna Schmidt,2k,DE,Berlin Go,22200002,
        h3,Łukasz Wójcik,3k,PL,Kraków Go,22200003,
        h4,Mira Novak,4k,SI,GK Ljubljana,22200004,mira-novak
    """, "table,player1,player2,result\n1,h1,h2,1-0\n2,h3,h4,1-0\n"),
    "mori-open-2025": ("""
        name = "Mori Open 2025"
        game = "go"
        system = "macmahon"
        start = 2025-06-07
        rounds = 1
        seed = "mori"

        [macmahon]
        grouping = "bar-floor"
        bar = "1d"
        floor = "10k"
    """, """
        id,name,rank,country,club,egd_pin
        m1,Kenji Mori,1d,JP,Osaka Go,00123456
        m2,Anna Müller,2k,DE,Berlin Go,22200002
        m3,Lukasz Wojcik,2k,PL,Kraków Go,22200003
        m4,Mira Novak,3k,SI,GK Ljubljana,22200004
        m5,Mary Smith-Jones,5k,GB,London Go,22200005
        m6,Seán O'Neill,5k,IE,Dublin Go,22200006
        m7,Jean-Pierre Dupont,6k,FR,Paris Go,
    """, "table,player1,player2,result\n1,m1,m2,1-0\n2,m3,m4,1-0\n3,m5,m6,1-0\n"),
}


def write_people_archive(content: Path) -> Path:
    """Write the two championships whose ids and names disagree into ``content``."""
    for slug, (toml, players, round_1) in PEOPLE_EVENTS.items():
        write(content / slug / "event.toml", toml)
        write(content / slug / "players.csv", players)
        (content / slug / "rounds").mkdir(parents=True, exist_ok=True)
        (content / slug / "rounds" / "1.csv").write_text(round_1, encoding="utf-8")
    return content


def read_people(site: Path) -> list[dict]:
    """Every person of ``data/people.json``, read as another program does: the index, then
    each part it names (relative to the index), in its order."""
    index = json.loads((site / "data/people.json").read_text(encoding="utf-8"))
    assert index["format"] == 2
    found = [person for part in index["parts"]
             for person in json.loads((site / "data" / part["path"]).read_text(encoding="utf-8"))["people"]]
    assert index["count"] == len(found)
    return found


# A championship of players with names in their own script, in play (round 1 has no results
# yet, so find-your-table lists its tables): a Japanese name with a space and a macron in its
# Latin spelling, a Chinese and a Korean one without spaces, and a Slovene player without one.
NATIVE_TOML = """
    name = "Kansai Open 2026"
    game = "go"
    system = "swiss"
    start = 2026-04-04
    rounds = 2
    seed = "kansai"
"""
NATIVE_PLAYERS = """
    id,name,rank,country,egd_pin,name_native
    k1,Katō Hifumi,5d,JP,13000001,加藤 一二三
    k2,Wang Xiaoming,4d,CN,13000002,王小明
    k3,Kim Minjun,3d,KR,,김민준
    k4,Ana Novak,2d,SI,13000004,
"""
KATO, WANG = "egd-13000001", "egd-13000002"


def write_native_archive(content: Path) -> Path:
    """Write the championship of names in their own script into ``content``, published in English
    (at the usual paths) and in Japanese, Korean and simplified Chinese (``ja/``, ``ko/``, ``zh-Hans/``)."""
    write(content / "site.toml", 'languages = ["en", "ja", "ko", "zh-Hans"]\n')
    write(content / "kansai-open-2026" / "event.toml", NATIVE_TOML)
    write(content / "kansai-open-2026" / "players.csv", NATIVE_PLAYERS)
    write(content / "kansai-open-2026" / "rounds" / "1.csv",
          "table,player1,player2,result\n1,k1,k2,\n2,k3,k4,\n")
    return content


def rendered_paths(builder) -> list[str]:
    """The paths ``builder`` renders from now on (those it keeps as they are are not among
    them), in the order it renders them."""
    rendered: list[str] = []
    render = builder.renderer.render

    def spy(output, batch, site, event, language=""):
        rendered.append(batch.path(output, language))
        return render(output, batch, site, event, language)

    builder.renderer.render = spy
    return rendered
