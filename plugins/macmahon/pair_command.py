"""``publisher pair``: pair the next round of a McMahon or Swiss event into ``rounds/<n>.csv``.

The explanations of the pairing (floats, the bye, departures from the strategy)
are printed and kept in the round file's ``note`` column, so the pairings page
shows exactly what the director was told when the round was paired: printed in
English, the command's language, and kept in the championship's (event.toml
``language``), from the catalogs of the plugins and the theme.
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Callable
from functools import partial
from pathlib import Path

from plugins.macmahon.order import pairing_order
from plugins.macmahon.pairing import STRATEGY_PAIRS, Pairing, Table, pair
from plugins.macmahon.rounds import Round, round_path
from plugins.macmahon.settings import STRATEGIES
from plugins.macmahon.standings import display
from plugins.macmahon.words import LOCALE
from publisher.build.loading import load_event
from publisher.build.output import write_atomically
from publisher.build.theme import catalog_dirs
from publisher.languages import SOURCE, in_language, sentences
from publisher.model import Event
from publisher.problems import ContentError, Problem


def add_pair_command(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "pair", help="pair the next round of a McMahon or Swiss event",
        description="Pair a round from the results so far and write rounds/<N>.csv with empty "
                    "results. Refuses to overwrite a round file unless --force.")
    parser.add_argument("event_dir", type=Path, help="the event's folder (content/<slug>)")
    parser.add_argument("--round", type=int, default=None, dest="round_number",
                        help="the round to pair (default: the first round without a file)")
    parser.add_argument("--strategy", choices=STRATEGIES, default=None,
                        help="the pairing inside score groups (default: the event's pairing)")
    parser.add_argument("--dry-run", action="store_true", help="print the pairing, write nothing")
    parser.add_argument("--force", action="store_true", help="replace an existing round file")
    parser.add_argument("--discard-results", action="store_true",
                        help="with --force: replace a round file even though it holds results")
    parser.set_defaults(run=run_pair)


def run_pair(args: argparse.Namespace) -> int:
    event = load_event(args.plugins, args.event_dir)
    pair_round(event, args.round_number, args.strategy, args.dry_run, args.force, args.discard_results,
               catalogs=catalog_dirs(args.plugins))
    return 0


def pair_round(event: Event, round_number: int | None = None, strategy: str | None = None,
               dry_run: bool = False, force: bool = False, discard_results: bool = False,
               say: Callable[[str], None] = print, catalogs: tuple[Path, ...] = (LOCALE,)) -> None:
    """Pair round ``round_number`` (None: the next) of the loaded event, tell ``say`` the pairing
    and why, and write its file (unless ``dry_run``), its notes in the event's language from
    ``catalogs`` (by default this plugin's own, where the notes' words are). The command and
    the results desk's button both pair through here."""
    mm = event.data.get("macmahon")
    if mm is None or mm.grouping is None:
        raise ContentError(Problem(event.toml_path, f"is a {event.system!r} event; pair needs "
                                   "macmahon or swiss", "use draw for mahjong events", key="system"))
    if "source" in event.config:  # the rounds live in the other program's file
        raise ContentError(Problem(event.toml_path, f"the rounds come from the "
                                   f"{event.config['source']} file {event.config.get('file')!r}",
                                   "pair in that program, or import the file with publisher import "
                                   "to pair here", key="source"))
    number = len(mm.rounds) + 1 if round_number is None else round_number
    # A dry run writes nothing, so it may show the pairing of a round that has its file.
    _check_round(event, len(mm.rounds), number, force or dry_run)
    if not (dry_run or discard_results):
        _check_results(mm.rounds, number)
    strategy = strategy or mm.settings.pairing
    order = pairing_order(event.players, mm.rounds, mm.grouping, mm.settings, number,
                          mm.results.standings if mm.results else None)
    if len(order) < 2:
        raise ContentError(Problem(event.toml_path, f"round {number} has "
                                   f"{'nobody' if not order else 'only ' + event.player(order[0].id).name} "
                                   "to pair: every other player has withdrawn ([macmahon] withdrawn) or is "
                                   "absent (players.csv absent)", "check withdrawn and absent; if the event "
                                   "is over, lower rounds in event.toml", key="macmahon.withdrawn"))
    pairing = pair(order, strategy, f"{event.seed}:round-{number}", lambda pid: event.player(pid).name,
                   mm.settings.handicap, event.game, mm.settings.avoid_same)
    say(f"Round {number} of {event.name}: {strategy} pairing, {STRATEGY_PAIRS[strategy]}")
    say(_listing(event, pairing, {e.id: e.score for e in order}))
    gone = [f"{event.player(pid).name} ({pid}) {f'after round {last}' if last else 'before round 1'}"
            for pid, last in mm.settings.withdrawn.items() if last < number]
    if gone:
        say(f"Not paired, withdrawn: {'; '.join(gone)}.")
    path = round_path(event, number)
    if dry_run:
        say(f"Dry run: {path} was not written.")
        return
    written = partial(in_language, language=event.language or SOURCE, folders=catalogs)
    write_atomically(path, round_csv(pairing, mm.settings.handicap is not None, written).encode("utf-8"))
    say(f"Wrote {path}: {len(pairing.tables)} tables{', 1 bye' if pairing.bye else ''}.")


def _check_round(event: Event, paired: int, number: int, force: bool) -> None:
    """Refuse a round that cannot be paired yet, or whose file must not be replaced."""
    path = round_path(event, number)
    if not 1 <= number <= (event.rounds or 0):
        raise ContentError(Problem(event.toml_path, f"has no round {number}: it has rounds 1 to "
                                   f"{event.rounds}", "pair a round in that range", key="rounds"))
    if number > paired + 1:
        raise ContentError(Problem(round_path(event, paired + 1), f"does not exist, so round {number} "
                                   "cannot be paired yet", f"pair round {paired + 1} first"))
    if number < paired:
        raise ContentError(Problem(round_path(event, paired), f"exists, so round {number} cannot be "
                                   "paired again", f"remove the files of rounds {number + 1} to "
                                   f"{paired} first"))
    if path.exists() and not force:
        raise ContentError(Problem(path, "exists already; pair does not overwrite a round file",
                                   "pass --force to replace it, or --dry-run to see the pairing"))
    mm = event.data["macmahon"]
    previous = next((r for r in mm.rounds if r.number == number - 1), None)
    if previous is not None and previous.pending:
        raise ContentError([
            Problem(previous.path, f"table {g.table} ({g.black} - {g.white}) has no result yet, so "
                    f"round {number} cannot be paired", "enter the result (1-0, 0-1, ...) first",
                    line=g.line)
            for g in previous.pending])


def _check_results(rounds: list[Round], number: int) -> None:
    """``--force`` replaces a round file; the results typed into it go only on a second word."""
    for found in (r for r in rounds if r.number == number):
        played = sum(g.result is not None for g in found.games)
        if played:
            raise ContentError(Problem(
                found.path, f"holds {played} result{'s' if played != 1 else ''} already entered; "
                f"pairing round {number} again would lose {'them' if played != 1 else 'it'}",
                "pass --discard-results as well to pair it again anyway, or --dry-run to see the pairing"))


def round_csv(pairing: Pairing, handicaps: bool = False, written: Callable[[str], str] = str) -> str:
    """The round file: the contract's columns, empty results, the handicap and komi of each
    game (events with ``[macmahon.handicap]``) and the explanations as ``note``, as ``written``
    puts them (in the championship's language; English by default)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = ["handicap", "komi"] if handicaps else []
    writer.writerow(["table", "player1", "player2", "result", *extra, "note"])
    for table in pairing.tables:
        given = [table.handicap, display_komi(table.komi)] if handicaps else []
        note = written(sentences([table.note, table.colour_note]))
        writer.writerow([table.number, table.black, table.white, "", *given, note])
    if pairing.bye:
        writer.writerow(["", pairing.bye, "", "bye", *(["", ""] if handicaps else []),
                         written(pairing.bye_note)])
    return out.getvalue()


def display_komi(komi: float | None) -> str:
    """A komi as the round file writes it: 6.5, 0.5, 0."""
    return "" if komi is None else f"{komi:g}"


def _listing(event: Event, pairing: Pairing, scores: dict[str, float]) -> str:
    """The pairing as the director reads it out, then every reason."""
    def who(pid: str) -> str:
        return f"{event.player(pid).name} ({pid}, {display(scores[pid])})"

    def terms(t: Table) -> str:
        given = f"  H{t.handicap}" if t.handicap else ""
        komi = f"  komi {display_komi(t.komi)}" if t.komi is not None else ""
        return f"{given}{komi}{'  REPEAT' if t.repeat else ''}  [{t.colour_note}]"

    lines = [f"{t.number:>4}  {who(t.black)}  -  {who(t.white)}{terms(t)}" for t in pairing.tables]
    if pairing.bye:
        lines.append(f" bye  {who(pairing.bye)}")
    reasons = pairing.explanations()
    if pairing.repeats:
        reasons.append(f"{len(pairing.repeats)} game(s) repeat an earlier game: no pairing without "
                       "a repeat exists.")
    lines += ["", "Why:" if reasons else "Every pairing follows the strategy; no floats.",
              *(f"  {r}" for r in reasons)]
    return "\n".join(lines)
