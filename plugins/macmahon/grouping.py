"""McMahon groups and initial scores.

A Swiss event is one group with initial score 0. McMahon events group the field
by rank: ``min-size`` (the WOSC regulation) or ``bar-floor`` (classic Go). Either
way the bottom group starts with 0 and each group above it with one more; the
tournament director's hand moves (WOSC Article 8) are applied last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from plugins.macmahon.settings import Settings
from publisher.languages import Message, message, ordinal, plural_message, sentences
from publisher.model import Event, Player
from publisher.problems import ContentError, Problem, Problems
from publisher.ranks import Rank

# Rank values between 9d and 1p are not ranks anyone holds; spans skip them unless a player has one.
_AMATEUR_TOP, _PRO_BOTTOM = Rank.parse("9d").value, Rank.parse("1p").value


@dataclass
class Group:
    """One McMahon group: ``index`` 1 is the top; ``ranks`` strongest first."""

    index: int
    ranks: list[Rank]
    initial_score: int
    players: list[str]
    reason: str = ""

    @property
    def label(self) -> str:
        if not self.ranks:
            return message("All players")
        top, bottom = str(self.ranks[0]), str(self.ranks[-1])
        return top if top == bottom else f"{top}-{bottom}"


@dataclass
class Promotion:
    """A player moved to the top group after a round (an ESC round-2 player after round 1)."""

    player: str
    after_round: int
    from_group: int


@dataclass
class Move:
    """A tournament director's adjustment as applied: the player's group before and after."""

    player: str
    from_group: int
    to_group: int
    reason: str


@dataclass
class Grouping:
    """The groups of an event and what happens to them as rounds go by.

    ``levels`` is the rank each player was grouped by; ``from_rating`` holds the
    players whose rank was not given and was read off the rank table from their rating.
    Groups and promotions are final once :func:`allocate` returns: pairing and standings
    ask for every player every round, so the lookups index them on first use.
    """

    groups: list[Group]
    promotions: list[Promotion] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    levels: dict[str, Rank] = field(default_factory=dict)
    from_rating: set[str] = field(default_factory=set)
    corrections: dict[str, int] = field(default_factory=dict)  # players.csv mms_correction
    # bar-floor: what turns a McMahon score into the rank it stands for (score + offset is the
    # rank's value); None where groups are not one rank a point
    rank_offset: int | None = None

    def group_of(self, player_id: str) -> Group:
        return self._group_by_player[player_id]

    def initial_score(self, player_id: str, round_number: int) -> int:
        """The player's McMahon score before any points, as it stands for ``round_number``.

        A promotion after round r counts from round r + 1 on: from then the player
        carries the top group's initial score instead of their own group's.
        """
        promotion = self._promotion_by_player.get(player_id)
        correction = self.corrections.get(player_id, 0)
        if promotion is not None and round_number > promotion.after_round:
            return self.groups[0].initial_score + correction
        return self.group_of(player_id).initial_score + correction

    @cached_property
    def _group_by_player(self) -> dict[str, Group]:
        return {player_id: group for group in self.groups for player_id in group.players}

    @cached_property
    def _promotion_by_player(self) -> dict[str, Promotion]:
        return {promotion.player: promotion for promotion in self.promotions}

    def as_json(self) -> dict:
        """``groups.json`` of the contract, plus the director's ``adjustments``."""
        return {
            "groups": [
                {"index": g.index, "label": g.label, "ranks": [str(r) for r in g.ranks],
                 "initial_score": g.initial_score, "players": list(g.players)}
                for g in self.groups
            ],
            "promotions": [
                {"player": p.player, "after_round": p.after_round, "from_group": p.from_group}
                for p in self.promotions
            ],
            "adjustments": [
                {"player": m.player, "from_group": m.from_group, "to_group": m.to_group,
                 "reason": m.reason}
                for m in self.moves
            ],
        }


def allocate(event: Event, settings: Settings) -> Grouping:
    """Group the field of ``event`` as its settings say."""
    if settings.system == "swiss":
        return Grouping([Group(1, [], 0, [p.id for p in event.players])],
                        corrections=dict(settings.corrections))
    by_rank = _bar_floor if settings.grouping == "bar-floor" else _min_size
    grouping = by_rank(event, settings)
    grouping.corrections = dict(settings.corrections)
    _adjust(event, settings, grouping)
    if settings.grouping == "min-size":
        grouping.promotions = [
            Promotion(pid, 1, group.index)
            for group in grouping.groups[1:] for pid in group.players if event.player(pid).esc_round2
        ]
    return grouping


# -- min-size: the WOSC regulation ----------------------------------------------------------

def _min_size(event: Event, settings: Settings) -> Grouping:
    """Rank levels, strongest first, gathered into groups of at least ``min_group_size``.

    The top group reaches from the strongest rank down to the rank of the reference
    Elo; every group (the top one too) takes the next lower levels while it is too
    small; a bottom remainder that is still too small joins the group above it.
    """
    levels, from_rating = _levels_with_ratings(event, settings)
    elo, source = _reference_elo(event, settings)
    top_rank = settings.rank_for_elo(elo)
    minimum = settings.min_group_size
    notes = [message("The top group reaches down to %(rank)s: the reference Elo %(elo)s (%(source)s) "
                     "is %(rank)s in the rank table.", rank=str(top_rank), elo=elo, source=source)]
    counts = Counter(levels.values())
    if not counts:
        return Grouping([Group(1, [], 0, [])], notes=notes)
    # Ranks stronger than the table's strongest (7d, 1p) are levels of their own above it.
    scale = sorted({r for r in settings.rank_elo if min(counts) <= r <= max(counts)} | set(counts),
                   reverse=True)
    blocks: list[list[Rank]] = []
    current: list[Rank] = []
    for rank in scale:
        current.append(rank)
        if _size(current, counts) >= minimum and (blocks or rank <= top_rank):
            blocks.append(current)
            current = []
    reasons = [_min_size_reason(i, block, counts, minimum, top_rank) for i, block in enumerate(blocks)]
    if current and blocks:  # a remainder: had it reached the minimum, it would be a group
        reasons[-1] = sentences([reasons[-1], _remainder_reason(current, counts, minimum)])
        blocks[-1] += current
    elif current:
        blocks.append(current)
        reasons.append(_min_size_reason(len(blocks) - 1, current, counts, minimum, top_rank))
    if len(levels) < minimum:
        event.warn(f"the field has {len(levels)} players, fewer than the minimum group size "
                   f"{minimum}, so everyone plays in one group",
                   "nothing to do if that is right", key="macmahon.min_group_size")
        reasons[0] = plural_message(
            "The field has only %(num)d player, fewer than the minimum group size of %(minimum)s, "
            "so everyone plays in one group.",
            "The field has only %(num)d players, fewer than the minimum group size of %(minimum)s, "
            "so everyone plays in one group.", len(levels), minimum=minimum)
    notes.append(plural_message(
        "No group has fewer than %(num)d player: a rank level with fewer takes the next lower levels "
        "with it, and what is left at the bottom joins the group above.",
        "No group has fewer than %(num)d players: a rank level with fewer takes the next lower levels "
        "with it, and what is left at the bottom joins the group above.", minimum))
    groups = _groups(event, blocks, levels, reasons)
    return Grouping(groups, notes=notes, levels=levels, from_rating=from_rating)


def _levels_with_ratings(event: Event, settings: Settings) -> tuple[dict[str, Rank], set[str]]:
    """Each player's rank level; a player without a rank gets the rank of their rating."""
    problems = Problems()
    levels: dict[str, Rank] = {}
    from_rating: set[str] = set()
    strongest, weakest = next(iter(settings.rank_elo)), next(reversed(settings.rank_elo))
    for player in event.players:
        if player.rank is None and player.rating is not None:
            levels[player.id] = settings.rank_for_elo(player.rating)
            from_rating.add(player.id)
            event.warn(f"{_who(player)} has no rank: grouped as {levels[player.id]}, "
                       f"the rank of rating {player.rating}",
                       "fill in the rank column if that is not right",
                       file=event.players_path, line=player.line)
        elif player.rank is None:
            problems.add(event.players_path, f"{_who(player)} has no rank and no rating",
                         "fill in the rank column, like 2d or 3k (or the rating, to take the rank "
                         "from the rank table)", line=player.line)
        elif player.rank not in settings.rank_elo and player.rank < strongest:
            problems.add(event.players_path,
                         f"rank {player.rank} of {_who(player)} is not in the rank table "
                         f"({strongest} to {weakest})",
                         f'correct the rank, or add "{player.rank}" = <its lowest Elo> to rank_elo '
                         "under [macmahon] in event.toml", line=player.line)
        else:
            levels[player.id] = player.rank
    problems.check()
    return levels, from_rating


def _reference_elo(event: Event, settings: Settings) -> tuple[int, Message]:
    """The Elo that sets the top group, and where it came from (for the page)."""
    if settings.top_reference_elo is not None:
        return settings.top_reference_elo, message("top_reference_elo in event.toml")
    place = settings.top_size
    holders = [p for p in event.players if p.esc_rank == place]
    if not holders:
        raise ContentError(Problem(
            event.players_path,
            f"no player has esc_rank {place}, whose rating sets the top group (top_size = {place})",
            f"fill in esc_rank {place} for the player who finished {ordinal(place)} in the ESC, "
            "or set top_reference_elo = 1821 under [macmahon] in event.toml", key="esc_rank"))
    if len(holders) > 1:
        raise ContentError(Problem(
            event.players_path,
            f"esc_rank {place} is given to {_who(holders[0])} (line {holders[0].line}) "
            f"and to {_who(holders[1])}", "give each ESC place to one player only",
            line=holders[1].line))
    holder = holders[0]
    if holder.rating is None:
        raise ContentError(Problem(
            event.players_path,
            f"{_who(holder)} has esc_rank {place}, which sets the top group, but no rating",
            "fill in the rating, or set top_reference_elo = 1821 under [macmahon] in event.toml",
            line=holder.line))
    return holder.rating, message("the rating of %(name)s, %(place)s in the ESC", name=holder.name,
                                  place=ordinal(place))


def _min_size_reason(index: int, block: list[Rank], counts: Counter[Rank], minimum: int,
                     top_rank: Rank) -> Message:
    """One sentence on why this group spans the ranks it spans. Ranks too small for a group
    "had no players" rather than "had only 0 players" (the ranks above the top nobody holds)."""
    size = _size(block, counts)
    if index == 0:
        joined = [r for r in block if r < top_rank]
        if not joined:
            return plural_message("Every rank down to %(rank)s: %(num)d player, enough for the top group.",
                                  "Every rank down to %(rank)s: %(num)d players, enough for the top group.",
                                  size, rank=str(top_rank))
        own, ranks = _size([r for r in block if r >= top_rank], counts), _span_text(joined)
        if not own:
            return message("%(rank)s and above had no players, so %(ranks)s joined the top group.",
                           rank=str(top_rank), ranks=ranks)
        return plural_message(
            "%(rank)s and above had only %(num)d player, fewer than %(minimum)s, so %(ranks)s joined "
            "the top group.",
            "%(rank)s and above had only %(num)d players, fewer than %(minimum)s, so %(ranks)s joined "
            "the top group.", own, rank=str(top_rank), minimum=minimum, ranks=ranks)
    if len(block) == 1:
        return plural_message("%(rank)s has %(num)d player, enough for a group of its own.",
                              "%(rank)s has %(num)d players, enough for a group of its own.", size,
                              rank=str(block[0]))
    first, ranks = counts[block[0]], _span_text(block[1:])
    if not first:
        return message("%(rank)s had no players, so %(ranks)s joined it.", rank=str(block[0]), ranks=ranks)
    return plural_message(
        "%(rank)s had only %(num)d player, fewer than %(minimum)s, so %(ranks)s joined it.",
        "%(rank)s had only %(num)d players, fewer than %(minimum)s, so %(ranks)s joined it.",
        first, rank=str(block[0]), minimum=minimum, ranks=ranks)


def _remainder_reason(ranks: list[Rank], counts: Counter[Rank], minimum: int) -> Message:
    """Why the ranks left at the bottom joined the group above them."""
    size, span = _size(ranks, counts), _span_text(ranks)
    if not size:
        return message("%(ranks)s at the bottom had no players, so they joined this group.", ranks=span)
    return plural_message(
        "%(ranks)s at the bottom had only %(num)d player, fewer than %(minimum)s, so they joined this "
        "group.",
        "%(ranks)s at the bottom had only %(num)d players, fewer than %(minimum)s, so they joined this "
        "group.",
        size, ranks=span, minimum=minimum)


# -- bar-floor: classic Go ------------------------------------------------------------------

def _bar_floor(event: Event, settings: Settings) -> Grouping:
    """One group per rank level from the bar down to the floor; all above the bar and all
    below the floor are in the top and the bottom group.

    Levels without players keep their group, as in OpenGotha and the MacMahon program,
    so that initial scores stay one point a rank apart.
    """
    problems = Problems()
    for player in event.players:
        if player.rank is None:
            problems.add(event.players_path,
                         f"{_who(player)} has no rank; a McMahon event groups players by rank",
                         "fill in the rank column, like 3d or 12k", line=player.line)
    problems.check()
    assert settings.bar is not None and settings.floor is not None
    bar, floor = settings.bar, settings.floor
    levels = {p.id: p.rank for p in event.players if p.rank is not None}
    present = set(levels.values())
    strongest, weakest = max(present | {bar}), min(present | {floor})
    if bar == floor:
        blocks = [_span(strongest, weakest, present)]
        reasons: list[str] = [message("The bar and the floor are both %(rank)s: everyone starts in one "
                                      "group.", rank=str(bar))]
    else:
        middle = [[r] for r in _span(bar, floor, present)[1:-1]]
        blocks = [_span(strongest, bar, present), *middle, _span(floor, weakest, present)]
        reasons = [message("Everyone at or above the bar (%(rank)s) starts in the top group.", rank=str(bar)),
                   *("" for _ in middle),
                   message("Everyone at or below the floor (%(rank)s) starts in the bottom group.",
                           rank=str(floor))]
    notes: list[str] = [message("One group per rank from the bar (%(bar)s) down to the floor (%(floor)s); a "
                                "rank without players keeps its group, so initial scores stay one point a "
                                "rank apart.", bar=str(bar), floor=str(floor))]
    zero = 0
    if settings.zero_point == "30k":  # OpenGotha and the MacMahon program: 30k has score 0
        zero = floor.value - Rank.parse("30k").value
        notes.append(message("Scores count from 30k = 0, as OpenGotha does: the floor group (%(floor)s and "
                             "below) starts with %(score)s.", floor=str(floor), score=zero))
    return Grouping(_groups(event, blocks, levels, reasons, zero), notes=notes, levels=levels,
                    rank_offset=floor.value - zero)


def _span(high: Rank, low: Rank, present: set[Rank]) -> list[Rank]:
    """Every rank from ``high`` down to ``low``, skipping values between 9d and 1p nobody holds."""
    return [Rank(v) for v in range(high.value, low.value - 1, -1)
            if not _AMATEUR_TOP < v < _PRO_BOTTOM or Rank(v) in present]


# -- shared ---------------------------------------------------------------------------------

def _groups(event: Event, blocks: list[list[Rank]], levels: dict[str, Rank],
            reasons: list[str], zero: int = 0) -> list[Group]:
    """Groups from rank blocks (strongest first): initial scores count up from ``zero`` at the
    bottom."""
    where = {rank: index for index, block in enumerate(blocks) for rank in block}
    members: list[list[str]] = [[] for _ in blocks]
    for player in event.players:
        if player.id in levels:
            members[where[levels[player.id]]].append(player.id)
    return [Group(i + 1, block, zero + len(blocks) - 1 - i, _strongest_first(event, ids, levels), reason)
            for i, (block, ids, reason) in enumerate(zip(blocks, members, reasons, strict=True))]


def _adjust(event: Event, settings: Settings, grouping: Grouping) -> None:
    """Apply the director's moves (Article 8); refuse any that leaves a group below the minimum."""
    problems = Problems()
    groups = grouping.groups
    moved_out: dict[int, list[str]] = {}
    for adjustment in settings.adjustments:
        player = event.player(adjustment.player)
        if adjustment.group > len(groups):
            problems.add(event.toml_path, f"there is no group {adjustment.group}: the groups are "
                         f"1 (top) to {len(groups)}", f"write a group from 1 to {len(groups)}",
                         key=adjustment.key)
            continue
        source = next(g for g in groups if player.id in g.players)
        target = groups[adjustment.group - 1]
        if source is target:
            event.warn(f"{_who(player)} is already in group {target.index}", "remove this adjustment",
                       key=adjustment.key)
            continue
        source.players.remove(player.id)
        target.players = _strongest_first(event, [*target.players, player.id], grouping.levels)
        grouping.moves.append(Move(player.id, source.index, target.index, adjustment.reason))
        moved_out.setdefault(source.index, []).append(adjustment.key)
    minimum = settings.min_group_size
    if settings.grouping == "min-size" and len(event.players) >= minimum:
        for group in groups:
            if len(group.players) < minimum:
                for key in moved_out.get(group.index, []):
                    problems.add(event.toml_path,
                                 f"this move leaves group {group.index} ({group.label}) with "
                                 f"{len(group.players)} players, fewer than the minimum group size "
                                 f"{minimum}", "move another player into that group, or drop "
                                 "this adjustment", key=key)
    problems.check()


def _strongest_first(event: Event, ids: list[str], levels: dict[str, Rank]) -> list[str]:
    """Players by rank level, then rating (unrated last), then their order in players.csv."""
    order = {p.id: n for n, p in enumerate(event.players)}

    def key(player_id: str) -> tuple:
        rating = event.player(player_id).rating
        return (-levels[player_id].value, rating is None, -(rating or 0), order[player_id])

    return sorted(ids, key=key)


def _size(ranks: list[Rank], counts: Counter[Rank]) -> int:
    return sum(counts[r] for r in ranks)


def _span_text(ranks: list[Rank]) -> str:
    if len(ranks) == 1:
        return str(ranks[0])
    return message("%(top)s to %(bottom)s", top=str(ranks[0]), bottom=str(ranks[-1]))


def _who(player: Player) -> str:
    return f"{player.name} ({player.id})"
