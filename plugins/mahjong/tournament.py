"""The whole event, round after round: who plays each round, what they carry, who goes out.

Round n's field is known only once round n-1 is fully scored, so the files of
round n are checked against it here, in order; a round drawn or scored before
its field is known is a content mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from plugins.mahjong.rounds import (
    Lottery,
    Part,
    Penalty,
    Scores,
    read_lottery,
    read_penalties,
    read_scores,
    read_seating,
    read_withdrawals,
    round_file,
    scores_path,
    seating_path,
)
from plugins.mahjong.settings import Settings
from plugins.mahjong.standings import (
    ADVANCED,
    ELIMINATED,
    WITHDRAWN,
    Result,
    Standing,
    carry,
    final_order,
    rank_standings,
)
from plugins.mahjong.system import SYSTEM
from publisher.content.csvfiles import read_csv
from publisher.content.folders import unread_files
from publisher.languages import listed, listed_with_semicolons, message, plural_message
from publisher.model import Event
from publisher.problems import ContentError, Problem, Problems
from publisher.text import join_names


@dataclass
class Round:
    """One round: its field (in players.csv order), seating, scores and standings."""

    number: int
    field: list[str]
    parts_total: int
    parts: list[Part] = field(default_factory=list)
    scores: Scores | None = None
    standings: list[Standing] = field(default_factory=list)
    penalties: dict[str, list[Penalty]] = field(default_factory=dict)
    lottery: Lottery | None = None

    @property
    def substituted(self) -> dict[str, dict[int, str]]:
        """Players whose seat a substitute played: player -> {part: substitute}."""
        substituted: dict[str, dict[int, str]] = {}
        for part in self.parts:
            for table in part.tables:
                for owner, substitute in table.substitutes.items():
                    substituted.setdefault(owner, {})[part.number] = substitute
        return substituted

    @property
    def drawn(self) -> bool:
        return bool(self.parts)

    @property
    def parts_scored(self) -> int:
        return self.scores.parts_scored if self.scores else 0

    @property
    def complete(self) -> bool:
        return self.drawn and self.parts_scored == self.parts_total

    @property
    def any_scored(self) -> bool:
        """A part is scored for some players: for all of them, or for a round-1 group."""
        return bool(self.scores and any(self.scores.group_parts.values()))

    @property
    def started(self) -> bool:
        """Some scores are in: a part scored, or a part's first tables entered."""
        return self.any_scored or bool(self.scores and self.scores.awaited)

    @property
    def scored_text(self) -> str:
        """"2 of 4 parts scored"; "2 of 4 parts scored in group A, 1 in group B" while round 1's
        groups, playing at times of their own, are at different parts; then, for a part being
        entered table by table, "part 3: 5 of 12 tables in, 7 awaited"."""
        done = self.scores.group_parts if self.scores else {}
        total = self.parts_total
        if len(set(done.values())) > 1:
            (group, parts), *others = done.items()
            text = listed([
                plural_message("%(done)s of %(num)d part scored in group %(group)s",
                               "%(done)s of %(num)d parts scored in group %(group)s", total,
                               done=parts, group=group),
                *(message("%(done)s in group %(group)s", done=n, group=g) for g, n in others)])
        else:
            text = plural_message("%(done)s of %(num)d part scored", "%(done)s of %(num)d parts scored",
                                  total, done=self.parts_scored)
        waiting = []
        for part, awaited in sorted(self.scores.awaited.items() if self.scores else []):
            tables = len(self.parts[part - 1].tables)
            waiting.append(plural_message(
                "part %(part)s: %(done)s of %(num)d table in, %(awaited)s awaited",
                "part %(part)s: %(done)s of %(num)d tables in, %(awaited)s awaited",
                tables, part=part, done=tables - len(awaited), awaited=len(awaited)))
        return listed_with_semicolons([text, *waiting])

    @property
    def playing(self) -> dict[str | None, int]:
        """The part each round-1 group plays now, the one after its last scored part
        (``{None: part}`` for a round played as one group); the last part once it is scored."""
        done = self.scores.group_parts if self.scores else {}
        groups = dict.fromkeys(t.group for t in self.parts[0].tables) if self.parts else {None: 0}
        return {g: min(done.get(g, 0) + 1, self.parts_total) for g in groups}


# ASCII digits without a leading 0, like read_csv's cells: 01-seating.csv is named as unread
_ROUND_FILE = re.compile(r"(0|[1-9][0-9]{0,5})-(?:seating|scores|penalties|lottery|withdrawals)\.csv")


@dataclass
class Mahjong:
    """What the plugin keeps of one event in ``event.data["mahjong"]``: made with the settings
    when the event loads, its groups, rounds and results filled in by :func:`play_event`.

    ``redraw_from`` is set by ``publisher draw --force --round N`` before the event is computed:
    the files of round N and later are then left unread, since the new draw replaces them and
    they may no longer fit the field.
    """

    settings: Settings
    redraw_from: int | None = None
    groups: dict[str, list[str]] = field(default_factory=dict)  # round-1 group -> players
    rounds: list[Round] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)

    @property
    def group_of(self) -> dict[str, str]:
        return {p: g for g, players in self.groups.items() for p in players}

    @property
    def current(self) -> Round:
        """The round being played: the last one whose field is known."""
        return self.rounds[-1]

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.settings.rounds and self.rounds[-1].complete

    @property
    def last_read(self) -> int:
        """The last round whose files are read: every round, or those before a redraw."""
        return self.settings.rounds if self.redraw_from is None else self.redraw_from - 1

    @staticmethod
    def of(event: Event) -> Mahjong | None:
        """The plugin's state of a mahjong event; None for every other system."""
        return event.data.get("mahjong") if event.system == SYSTEM else None


def round1_groups(event: Event, settings: Settings) -> dict[str, list[str]]:
    """The round-1 groups from players.csv; each must fill tables of four."""
    problems = Problems()
    if settings.round1_groups == 1:
        groups = {"": [p.id for p in event.players]}
    else:
        groups = {}
        for player in event.players:
            if not player.group:
                problems.add(event.players_path, f"{player.id} has no round-1 group",
                             f"fill in the group column: the event plays round 1 in "
                             f"{settings.round1_groups} groups", line=player.line)
            groups.setdefault(player.group, []).append(player.id)
        problems.check()
        groups = dict(sorted(groups.items()))
        if len(groups) != settings.round1_groups:
            problems.add(event.players_path, f"names {len(groups)} groups ({', '.join(groups)}) "
                         f"but round1_groups is {settings.round1_groups}",
                         "make the group column and mahjong.round1_groups agree")
    for name, players in groups.items():
        short = -len(players) % 4
        if short:
            label = f"group {name}" if name else "the field"
            problems.add(event.players_path, f"{label} has {len(players)} players, which do not "
                         f"fill tables of four: {short} substitute{'s' if short > 1 else ''} needed",
                         f"add {short} substitute player{'s' if short > 1 else ''}"
                         f"{f' to group {name}' if name else ''} (or withdraw {4 - short})")
    rates = settings.carry_over_round1
    for name in groups:
        if rates and name not in rates:
            problems.add(event.toml_path, f"has no rate for group {name!r}",
                         f'add {name} = "1/4" to the table', key="mahjong.carry_over_round1")
    problems.check()
    return groups


def play_event(event: Event, state: Mahjong) -> None:
    """Read every round's files in order and compute standings, cuts and the final order."""
    settings = state.settings
    _check_round_numbers(event, settings.rounds)
    state.groups = round1_groups(event, settings)
    group_of = state.group_of
    field_ids = [p.id for p in event.players]
    carried: dict[str, Fraction] = dict.fromkeys(field_ids, Fraction(0))
    eliminated: dict[int, list[Standing]] = {}
    for number in range(1, settings.rounds + 1):
        if number > state.last_read:
            state.rounds.append(Round(number, list(field_ids), settings.parts[number - 1]))
            break
        current = _read_round(event, settings, number, field_ids, group_of)
        final = settings.is_final(number)
        # Read even when round number + 1 is being redrawn: they decide its field.
        withdrawn = {} if final else _withdrawals(event, number + 1, field_ids)
        current.standings = rank_standings(
            [Standing(p, group_of.get(p, ""), carried[p], _play(current, p, settings),
                      current.scores.hands.get(p, []) if current.scores else [],
                      penalties=current.penalties.get(p, []))
             for p in field_ids],
            None if final else settings.advance[number - 1],
            current.complete, event.seed, number, current.scores,
            lambda player: event.player(player).name, current.lottery,
            {p: reason for p, (reason, _) in withdrawn.items()})
        state.rounds.append(current)
        if not current.complete:
            _check_nothing_after(event, number, state.last_read)
            break
        _check_lottery_used(current, number)
        if final:
            state.results = final_order(current.standings, eliminated, settings.prizes)
            break
        _check_qualified(event, current, settings.advance[number - 1], withdrawn)
        eliminated[number] = [s for s in current.standings if s.status in (ELIMINATED, WITHDRAWN)]
        advancing = {s.player: s for s in current.standings if s.status == ADVANCED}
        carried = {p: carry(s, _rate(settings, number, s.group)) for p, s in advancing.items()}
        field_ids = [p for p in field_ids if p in advancing]
    if not state.results and eliminated:  # still running: the players out so far have their places
        state.results = final_order([], eliminated, settings.prizes, above=len(field_ids))


def _check_round_numbers(event: Event, rounds: int) -> None:
    """A seating or scores file of a round the event does not have (``0-scores.csv``, or
    ``9-seating.csv`` in an eight-round event) would never be read: say so instead."""
    if not event.rounds_dir.is_dir():
        return
    problems = Problems()
    problems.extend(unread_files(event.rounds_dir, _ROUND_FILE, "1-seating.csv, 1-scores.csv"))
    for path in sorted(event.rounds_dir.iterdir()):
        match = _ROUND_FILE.fullmatch(path.name)
        if match and not 1 <= int(match.group(1)) <= rounds:
            problems.add(path, f"is round {int(match.group(1))}, but the event has rounds 1 to {rounds}",
                         "rename the file, or give mahjong.parts one entry per round in event.toml")
        elif path.name == "1-withdrawals.csv":
            problems.add(path, "withdraws players before round 1, which has no cut to replace them from",
                         "remove them from players.csv instead (and redraw round 1)")
    problems.check()


def round_sources(event: Event, number: int) -> tuple[Path, ...]:
    """What the pages of round ``number`` are made from: event.toml, players.csv, the files
    of rounds 1 to ``number`` (carry-over reaches back to round 1) and the withdrawals
    before the next round (``<number + 1>-withdrawals.csv``: who of this round's qualifiers
    withdrew, and who advances in their place); nothing else of later rounds changes them,
    so a save elsewhere leaves their "updated" time and their bytes as they were."""
    def of_this_round(path: Path) -> bool:
        found = _ROUND_FILE.fullmatch(path.name)
        return found is not None and (int(found.group(1)) <= number or path == withdrawals)

    withdrawals = round_file(event, number + 1, "withdrawals")
    rounds = sorted(filter(of_this_round, event.rounds_dir.iterdir())) if event.rounds_dir.is_dir() else []
    return (event.toml_path, event.players_path, *rounds)


def _play(current: Round, player: str, settings: Settings) -> Fraction:
    """The play scores of a round; with ``substitute_scores = "none"`` the parts a substitute
    played for the player count nothing."""
    play = current.scores.play.get(player, {}) if current.scores else {}
    skipped = current.substituted.get(player, {}) if settings.substitute_scores == "none" else {}
    return sum((score for part, score in play.items() if part not in skipped), Fraction(0))


def _withdrawals(event: Event, number: int, field_ids: list[str]) -> dict[str, tuple[str, int]]:
    """``rounds/<number>-withdrawals.csv``, read when the round before it is cut."""
    path = round_file(event, number, "withdrawals")
    if not path.is_file():
        return {}
    problems = Problems()
    withdrawn = read_withdrawals(path, field_ids, _names(event), problems)
    problems.check()
    return withdrawn


def _check_qualified(event: Event, current: Round, advance: int,
                     withdrawn: dict[str, tuple[str, int]]) -> None:
    """Only a player who qualified can withdraw and leave a place to the next below the cut."""
    if not withdrawn:
        return
    cut = sorted((s.total for s in current.standings), reverse=True)[advance - 1]
    path = round_file(event, current.number + 1, "withdrawals")
    problems = Problems()
    for standing in current.standings:
        if standing.player in withdrawn and standing.total < cut:
            problems.add(path, f"{standing.player} did not qualify for round {current.number + 1} "
                         f"(rank {standing.rank} after round {current.number}, the cut is at "
                         f"{advance})", "list only players who qualified; remove the line",
                         line=withdrawn[standing.player][1])
    problems.check()


def _check_lottery_used(current: Round, number: int) -> None:
    if current.lottery is not None and not current.lottery.used:
        raise ContentError(Problem(
            current.lottery.path, f"records a lottery, but no tie across the cut after round "
                                  f"{number} was left to one", "remove the file: the totals and "
                                  "the hands decided every tie"))


def _names(event: Event) -> dict[str, str]:
    """Every player's id by their name, to tell a director who wrote a name where an id goes."""
    return {p.name: p.id for p in event.players}


def _rate(settings: Settings, number: int, group: str) -> Fraction:
    if number == 1:
        return settings.carry_over_round1.get(group, settings.carry_over)
    return settings.carry_over


def _read_round(event: Event, settings: Settings, number: int, field_ids: list[str],
                group_of: dict[str, str]) -> Round:
    current = Round(number, list(field_ids), settings.parts[number - 1])
    problems = Problems()
    names = _names(event)
    seating, scores = seating_path(event, number), scores_path(event, number)
    if seating.is_file():
        _check_drawn_after_withdrawals(event, number, field_ids)
        groups = group_of if number == 1 else {}
        current.parts = read_seating(seating, field_ids, current.parts_total, groups, problems)
    if scores.is_file():
        if not seating.is_file():
            problems.add(scores, f"scores round {number}, which is not drawn",
                         f"draw it first: publisher draw {event.dir.name} --round {number}")
        elif current.parts:
            current.scores = read_scores(scores, field_ids, current.parts, settings.table_total, names,
                                         problems)
    penalties, lottery = round_file(event, number, "penalties"), round_file(event, number, "lottery")
    if penalties.is_file() and current.parts:
        current.penalties = read_penalties(penalties, field_ids, current.parts, names, problems)
    if lottery.is_file():
        current.lottery = read_lottery(lottery, field_ids, names, problems)
    problems.check()
    return current


def _check_drawn_after_withdrawals(event: Event, number: int, field_ids: list[str]) -> None:
    """A seating drawn before a withdrawal still seats the player who withdrew, and not the one
    who took their place: one problem saying so, not one for every seat it gets wrong."""
    withdrawals = round_file(event, number, "withdrawals")
    if not withdrawals.is_file():
        return
    path = seating_path(event, number)
    seated = {row.get("player") for row in read_csv(path, required=("player",))}
    left = [row.get("player") for row in read_csv(withdrawals, required=("player",))
            if row.get("player") in seated]
    if left:
        places = [p for p in field_ids if p not in seated]
        raise ContentError(Problem(
            path, f"seats {join_names(left)}, who withdrew in {withdrawals.name}"
            + (f", and not {join_names(places)}, who took the place" if places else ""),
            f"redraw the round: publisher draw {event.dir.name} --round {number} --force (if it is "
            "under way, remove the withdrawal and name substitutes in the seating instead)"))


def _check_nothing_after(event: Event, number: int, last: int) -> None:
    """A later round (up to ``last``) cannot be drawn or scored before this one is fully scored."""
    for later in range(number + 1, last + 1):
        for path in (seating_path(event, later), scores_path(event, later)):
            if path.is_file():
                raise ContentError(Problem(
                    path, f"belongs to round {later}, but round {number} is not fully scored yet",
                    f"complete {scores_path(event, number).name} first, or remove this file"))
