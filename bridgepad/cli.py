"""The command line: ``bridgepad`` opens the pad; subcommands score without it.

Only the pad itself imports textual, and only when it is opened, so that
``bridgepad score`` starts about as fast as the interpreter.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, NoReturn, Sequence

from bridgepad.core.game import GameState, Mode
from bridgepad.core.log import LogError, parse_log
from bridgepad.core.notation import NotationError, parse_contract, parse_tricks
from bridgepad.core.scoring import duplicate_score, score_contract
from bridgepad.core.settings import ChicagoPartScore, ChicagoVulnerable, Settings

if TYPE_CHECKING:
    from decimal import Decimal

    from bridgepad.core.tally import Tally
    from bridgepad.store import Store


class UsageError(Exception):
    """A mistake on the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="bridgepad", description="A keyboard-driven score pad for contract bridge.")
    p.add_argument("--data-dir", metavar="PATH", help="keep games here instead of the user data folder")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser("score", help="score one hand", description="Score one hand at rubber bridge and at duplicate.")
    s.add_argument("contract", metavar="CONTRACT", help="e.g. 4S, 3NTX, 6HXX")
    s.add_argument("result", metavar="RESULT", nargs="?", help="tricks taken (0-13) or =, +1, -2")
    s.add_argument("--vul", action="store_true", help="declarer is vulnerable")
    s.add_argument("--json", action="store_true", help="print one JSON object")

    r = sub.add_parser("replay", help="score a log of hands", description="Score a log of hands, a paper pad typed in.")
    r.add_argument("file", metavar="FILE", help="the log, or - for standard input")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.add_argument("--no-honors", action="store_true", help="do not score honors")
    r.add_argument("--chicago-vulnerable", choices=[v.value for v in ChicagoVulnerable], default="opponents")
    r.add_argument("--chicago-partscore", choices=[v.value for v in ChicagoPartScore], default="carry")
    n = sub.add_parser(
        "new",
        help="start a new game and make it the current one",
        description="Start a new game; the game it replaces stays in the data folder. "
        "Rules not given are taken from the last settings saved.",
    )
    n.add_argument("mode", metavar="MODE", help="rubber, chicago or duplicate")
    n.add_argument("--dealer", metavar="SEAT", help="the first dealer: N, E, S or W (default N)")
    n.add_argument("--players", metavar="NAMES", help='names by seat, e.g. "N=Ann,E=Bob,S=Cy,W=Di"')
    honors = n.add_mutually_exclusive_group()
    honors.add_argument("--honors", dest="honors", action="store_const", const="yes", help="score honors")
    honors.add_argument("--no-honors", dest="honors", action="store_const", const="no", help="do not score honors")
    n.add_argument("--chicago-vulnerable", metavar="RULE", help="deals 2 and 3: opponents, dealer or dealer-then-opponents")
    n.add_argument("--chicago-partscore", metavar="RULE", help="carry or fifty")
    n.add_argument("--pass-word", metavar="WORD", help='"Pass" or "No bid"')
    n.add_argument("--we", metavar="SIDE", help="the partnership written as We: NS or EW")
    n.add_argument("--next-dealer", metavar="RULE", help="first dealer of the next game: passes-on or rotates")
    add_history_commands(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(args_list)
        if args.command is None:
            return run_pad(args)
        handler = {
            "score": cmd_score,
            "replay": cmd_replay,
            "new": cmd_new,
            "tally": cmd_tally,
            "import": cmd_import,
            "export": cmd_export,
        }[args.command]
        return handler(args)
    except UsageError as e:
        print(str(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def run_pad(args: argparse.Namespace) -> int:
    from bridgepad.tui.app import run

    return run(args.data_dir)


# score ---------------------------------------------------------------------


def cmd_score(args: argparse.Namespace) -> int:
    try:
        contract = parse_contract(args.contract)
        if contract is None:
            if args.result is not None:
                raise UsageError("bridgepad score: a passed-out deal has no result; write just: bridgepad score pass")
            if args.json:
                print(json.dumps({"below": 0, "above": 0, "penalty": 0, "duplicate": 0, "passed_out": True}))
            else:
                print("Passed out: nobody scores, and the deal passes on.")
            return 0
        if args.result is None:
            raise UsageError(f"bridgepad score: give the result after {contract.text}: tricks taken (0 to 13) or =, +1, -2.")
        tricks = parse_tricks(args.result, contract)
    except NotationError as e:
        raise UsageError(f"bridgepad score: {e}") from None
    cs = score_contract(contract, tricks, args.vul)
    dup = duplicate_score(contract, tricks, args.vul)
    if args.json:
        out = {
            "contract": contract.text,
            "tricks": tricks,
            "vulnerable": args.vul,
            "made": cs.made,
            "below": cs.trick_score,
            "above": cs.declarer_above,
            "penalty": cs.penalty,
            "duplicate": dup,
            "items": [
                {"kind": i.kind.value, "points": i.points, "for": "declarer" if i.for_declarer else "defenders", "reason": i.reason}
                for i in cs.items
            ],
        }
        print(json.dumps(out))
        return 0
    diff = tricks - contract.tricks_needed
    result = "=" if diff == 0 else f"{diff:+d}"
    vul = "vulnerable" if args.vul else "not vulnerable"
    parts = []
    for i in cs.items:
        how = i.reason.split(": ", 1)
        what, figure = how[0], how[1] if len(how) > 1 else ""
        if i.below:
            calc = figure.rsplit(" = ", 1)[0]
            parts.append(f"{i.points:,} below the line ({calc})")
        elif i.for_declarer:
            parts.append(f"{i.points:,} above for {what}" + (f" ({figure})" if " × " in figure or " + " in figure else ""))
        else:
            parts.append(f"the defenders score {i.points:,} above the line for {what} ({figure})")
    print(f"{contract.pretty}{result}, {vul}: {', '.join(parts)}; at duplicate {dup:+,}")
    return 0


# replay --------------------------------------------------------------------


def _read_text(path: str, command: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise UsageError(f"bridgepad {command}: {path}: no such file.") from None
    except IsADirectoryError:
        raise UsageError(f"bridgepad {command}: {path}: is a folder, not a log file.") from None
    except UnicodeDecodeError:
        raise UsageError(f"bridgepad {command}: {path}: is not UTF-8 text.") from None
    except OSError as e:
        raise UsageError(f"bridgepad {command}: {path}: {e.strerror}.") from None


def settings_from_args(args: argparse.Namespace) -> Settings:
    return Settings(
        honors=not args.no_honors,
        chicago_vulnerable=ChicagoVulnerable(args.chicago_vulnerable),
        chicago_part_score=ChicagoPartScore(args.chicago_partscore),
    )


def cmd_replay(args: argparse.Namespace) -> int:
    text = _read_text(args.file, "replay")
    try:
        log = parse_log(text)
        games = log.games(settings_from_args(args))
    except LogError as e:
        name = "<stdin>" if args.file == "-" else args.file
        for line in e.lines(name):
            print(line, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(replay_json(log.mode, games)))
    else:
        print_pads(games)
    return 0


def state_json(st: GameState) -> dict[str, Any]:
    """One game in the replay shape (``bridgepad.export`` owns it; imported late to start fast)."""
    from bridgepad.export import state_json as shape

    return shape(st)


def replay_json(mode: Mode, games: list[GameState]) -> dict[str, Any]:
    return {"mode": mode.value, "rubbers": [state_json(g) for g in games]}


def print_pads(games: list[GameState]) -> None:
    from bridgepad.cli_render import print_games

    print_games(games)


# new -----------------------------------------------------------------------


def cmd_new(args: argparse.Namespace) -> int:
    from bridgepad.core.new_game import parse_players_option, read_new_game, rule_values
    from bridgepad.core.model import SEATS
    from bridgepad.store import Store, data_dir

    store = Store(data_dir(args.data_dir))
    defaults, names = store.load_defaults()
    values = rule_values(defaults)
    if args.dealer is not None and not args.dealer.strip():
        raise UsageError("bridgepad new: --dealer needs a seat: N, E, S or W.")
    values.update({"mode": args.mode, "dealer": "N" if args.dealer is None else args.dealer})
    if args.players is not None:
        try:
            names = parse_players_option(args.players)
        except NotationError as e:
            raise UsageError(f"bridgepad new: --players: {e}") from None
    values.update({seat.value: name for seat, name in zip(SEATS, names)})
    flags = {
        "honors": args.honors,
        "chicago_vulnerable": args.chicago_vulnerable,
        "chicago_part_score": args.chicago_partscore,
        "pass_word": args.pass_word,
        "we": args.we,
        "next_dealer": args.next_dealer,
    }
    values.update({k: v for k, v in flags.items() if v is not None})
    reading = read_new_game(values)
    if reading.game is None or reading.settings is None:
        first = next(iter(reading.errors.values()))
        raise UsageError(f"bridgepad new: {first}")
    if reading.game.mode is Mode.DUPLICATE and args.dealer is not None:
        raise UsageError("bridgepad new: at duplicate the dealer follows the board number; leave out --dealer.")
    from bridgepad.session import Session

    try:
        # The same change as the pad's own new game: an empty game it replaces goes to the trash.
        session = Session.open(store)
        for problem in session.problems:
            print(f"bridgepad new: {problem}", file=sys.stderr)
        saved = session.start(reading.game)
        store.save_defaults(reading.settings, reading.game.players)
    except OSError as e:
        raise UsageError(f"bridgepad new: cannot write to {store.root}: {e.strerror or e}.") from None
    if not saved:
        raise UsageError(f"bridgepad new: {session.save_error}")
    stored = session.stored
    g = reading.game
    who = f"{g.first_dealer.word} to deal" if g.mode is not Mode.DUPLICATE else "from board 1, North to deal"
    named = ", ".join(f"{s.value}={n}" for s, n in zip(SEATS, g.players) if n)
    print(f"New {g.mode.word}, {who}" + (f", players {named}" if named else "") + f": {store.path(stored.id)}")
    return 0



# tally, import, export -------------------------------------------------------


def add_history_commands(sub: Any) -> None:
    t = sub.add_parser(
        "tally",
        help="each player's result over the finished games, and who pays whom",
        description="Tally the finished games (won, or ended early; not one still in play) for each player: "
        "the sum of their side's total less the other side's, partnerships as they were in each game. "
        "By default the games started today.",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument("--round", metavar="POINTS", help="round each game's margin to the nearest POINTS (100), half up")
    t.add_argument("--stake", metavar="AMOUNT", help="money per 100 points, e.g. 0.10: adds money and payments")
    w = t.add_mutually_exclusive_group()
    w.add_argument("--since", metavar="YYYY-MM-DD", help="the games started on or after this day (local time)")
    w.add_argument("--week", action="store_true", help="the games started since Monday of this week")
    w.add_argument("--all", action="store_true", help="every game")

    i = sub.add_parser(
        "import",
        help="store the games of a log",
        description="Store each game of a log in the replay grammar as a game in the data folder, "
        "without changing the current game. A line 'players N=Ann E=Bob S=Cy W=Di' before a game names "
        "its players and those of the games after it. Rules not given are the ones new games start with.",
    )
    i.add_argument("file", metavar="FILE", help="the log, or - for standard input")
    honors = i.add_mutually_exclusive_group()
    honors.add_argument("--honors", dest="honors", action="store_const", const=True, help="score honors")
    honors.add_argument("--no-honors", dest="honors", action="store_const", const=False, help="do not score honors")
    i.add_argument("--chicago-vulnerable", choices=[v.value for v in ChicagoVulnerable])
    i.add_argument("--chicago-partscore", choices=[v.value for v in ChicagoPartScore])

    e = sub.add_parser(
        "export",
        help="write games as JSON, CSV or Markdown",
        description="Write the current game (or --game ID, or --all) to standard output, or to a file with -o.",
    )
    e.add_argument("--format", choices=["json", "csv", "md"], default="json", help="json (default), csv or md")
    which = e.add_mutually_exclusive_group()
    which.add_argument("--game", metavar="ID", help="the game with this id (or the start of it)")
    which.add_argument("--all", action="store_true", help="every game, oldest first")
    e.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    e.add_argument("--force", action="store_true", help="with -o: replace FILE if it exists")


def _store(args: argparse.Namespace) -> Store:
    from bridgepad.store import Store, data_dir

    return Store(data_dir(args.data_dir))


def _warn(command: str, message: str) -> None:
    print(f"bridgepad {command}: {message}", file=sys.stderr)


# tally -----------------------------------------------------------------------


def _parse_round(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        unit = int(text.strip())
    except ValueError:
        unit = 0
    if not 1 <= unit <= 10_000:
        raise UsageError(f"bridgepad tally: --round takes a whole number of points such as 100, not '{text}'.")
    return unit


def _parse_stake(text: str | None) -> Decimal | None:
    if text is None:
        return None
    from decimal import Decimal, InvalidOperation

    try:
        stake = Decimal(text.strip())
    except InvalidOperation:
        stake = None
    if stake is None or not stake.is_finite() or stake <= 0 or stake > 1_000_000:
        raise UsageError(f"bridgepad tally: --stake takes an amount of money per 100 points such as 0.10 or 1, not '{text}'.")
    return stake


def cmd_tally(args: argparse.Namespace) -> int:
    from datetime import date

    from bridgepad.core.tally import Window, local_midnight, since, tally, window_start
    from bridgepad.history import History

    round_to = _parse_round(args.round)
    stake = _parse_stake(args.stake)
    if args.all:
        start, where = None, "in all"
    elif args.since is not None:
        try:
            day = date.fromisoformat(args.since.strip())
        except ValueError:
            raise UsageError(f"bridgepad tally: --since takes a day as YYYY-MM-DD, e.g. 2026-08-17, not '{args.since}'.") from None
        start, where = local_midnight(day), f"since {day.isoformat()}"
    elif args.week:
        start = window_start(Window.WEEK)
        assert start is not None
        where = f"this week (since Monday {start.date().isoformat()})"
    else:
        start, where = window_start(Window.TODAY), "today"
    history = History(_store(args))
    summaries = history.summaries()
    for problem in history.problems:
        _warn("tally", problem)
    result = tally(since([s.result() for s in summaries], start), round_to, stake)
    if args.json:
        out: dict[str, Any] = result.to_json()
        out["since"] = start.isoformat() if start is not None else None
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print_tally(result, where)
    return 0


def print_tally(result: Tally, where: str) -> None:
    """The tally as a small table, then the payments."""
    n = result.games
    if n == 0:
        extra = f" ({result.in_play} still in play)" if result.in_play else ""
        print(f"No finished games {where}{extra}.")
        return
    head = f"{n} finished game{'s' if n != 1 else ''} {where}"
    if result.round_to is not None:
        head += f", each margin rounded to the nearest {result.round_to:,}"
    if result.in_play:
        head += f"; {result.in_play} still in play, not counted"
    print(head + ".")
    print()
    width = max([6] + [len(p.name) for p in result.players])
    money = result.stake is not None
    print(f"{'Player':<{width}}  {'Points':>9}" + (f"  {'Money':>10}" if money else ""))
    for p in result.players:
        line = f"{p.name:<{width}}  {p.points:>+9,}"
        if money:
            line += f"  {p.money:>+10,.2f}"
        if p.pair:
            line += "  each"
        print(line.rstrip())
    print()
    if not result.payments:
        print("Nobody owes anything.")
        return
    if any(p.pair for p in result.players):
        print("(A pair without names pays or is paid for both its players.)")
    for pay in result.payments:
        print(pay.text + ".")


# import ----------------------------------------------------------------------


def cmd_import(args: argparse.Namespace) -> int:
    import os
    from dataclasses import replace
    from datetime import datetime, timedelta

    from bridgepad.core.game import derive
    from bridgepad.core.summary import headline
    from bridgepad.store import StoredGame

    name = "<stdin>" if args.file == "-" else args.file
    text = _read_text(args.file, "import")
    store = _store(args)
    defaults, _names = store.load_defaults()
    settings = defaults
    if args.honors is not None:
        settings = replace(settings, honors=args.honors)
    if args.chicago_vulnerable is not None:
        settings = replace(settings, chicago_vulnerable=ChicagoVulnerable(args.chicago_vulnerable))
    if args.chicago_partscore is not None:
        settings = replace(settings, chicago_part_score=ChicagoPartScore(args.chicago_partscore))
    try:
        log = parse_log(text)
        states = log.games(settings)
    except LogError as e:
        for line in e.lines(name):
            print(line, file=sys.stderr)
        return 2
    states = [st for st in states if st.hands]
    if not states:
        raise UsageError(f"bridgepad import: {name}: there are no hands in it to import.")
    games = [st.game for st in states]
    try:
        for g in games:
            derive(g)  # every game must replay as stored before anything is written
    except ValueError as e:  # pragma: no cover - play_items already replayed them
        raise UsageError(f"bridgepad import: {name}: {e}") from None
    # The log has no dates: the games are dated now, a second apart, so they keep their order.
    now = datetime.now().astimezone().replace(microsecond=0)
    written: list[StoredGame] = []
    try:
        for k, g in enumerate(games):
            created = (now - timedelta(seconds=len(games) - 1 - k)).isoformat(timespec="seconds")
            written.append(store.add(g, created))
    except OSError as e:
        for stored in written:
            try:
                os.unlink(store.path(stored.id))
            except OSError:
                pass
        raise UsageError(f"bridgepad import: cannot write to {store.root}: {e.strerror or e}; nothing was imported.") from None
    n = len(written)
    print(f"Imported {n} game{'s' if n != 1 else ''} into {store.games_dir}:")
    for stored, st in zip(written, states):
        print(f"{stored.id}  {headline(st, stored.game.settings.we)}")
    return 0


# export ----------------------------------------------------------------------


def _find_game(store: Store, text: str) -> str:
    import re

    wanted = text.strip()
    if wanted.endswith(".json"):
        wanted = wanted[:-5]
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", wanted) or ".." in wanted:
        raise UsageError(f"bridgepad export: '{text}' is not a game id; ids look like 20260817-210301-ab12.")
    ids = store.ids()
    if wanted in ids:
        return wanted
    matches = [i for i in ids if i.startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UsageError(f"bridgepad export: {len(matches)} games have ids starting '{wanted}'; give more of the id.")
    raise UsageError(f"bridgepad export: there is no game '{wanted}' in {store.games_dir}.")


def cmd_export(args: argparse.Namespace) -> int:
    from bridgepad.export import ExportError, export
    from bridgepad.store import UnreadableGame

    store = _store(args)
    out_path = args.output
    if args.force and out_path is None:
        raise UsageError("bridgepad export: --force goes with -o FILE: it allows replacing that file.")
    if out_path is not None:
        _check_output(out_path, args.force)
    if args.all:
        ids = store.ids()
        lenient = True
    else:
        if args.game is not None:
            game_id = _find_game(store, args.game)
        else:
            current = store.current_id()
            if current is None or not store.path(current).exists():
                raise UsageError("bridgepad export: there is no current game; choose one with --game ID, or use --all.")
            game_id = current
        ids, lenient = [game_id], False
    games = []
    for game_id in ids:
        try:
            games.append(store.load(game_id))
        except FileNotFoundError:
            if not lenient:
                raise UsageError(f"bridgepad export: there is no game '{game_id}' in {store.games_dir}.") from None
        except UnreadableGame as e:
            if not lenient:
                raise UsageError(f"bridgepad export: {e}") from None
            _warn("export", f"skipped: {e}")
    if lenient:
        from bridgepad.core.game import derive
        from bridgepad.core.tally import parse_time

        games.sort(key=lambda g: (parse_time(g.created) is None, parse_time(g.created) or 0, g.id))
        kept = []
        for g in games:
            try:
                derive(g.game)
                kept.append(g)
            except ValueError as e:
                _warn("export", f"skipped {g.id}: its hands cannot be replayed: {e}")
        games = kept
    try:
        text = export(games, args.format)
    except ExportError as e:
        raise UsageError(f"bridgepad export: {e}") from None
    if out_path is None:
        sys.stdout.write(text)
        return 0
    _write_output(out_path, text, args.force)
    n = len(games)
    print(f"Wrote {n} game{'s' if n != 1 else ''} as {args.format} to {out_path}.")
    return 0


def _check_output(path: str, force: bool) -> None:
    """Refuses, before any work, an output file that exists (without --force) or cannot be written."""
    import os

    if not path or path == "-":
        raise UsageError("bridgepad export: -o needs a file name; without -o the export goes to standard output.")
    parent = os.path.dirname(path) or "."
    if os.path.isdir(path) and not os.path.islink(path):
        raise UsageError(f"bridgepad export: {path} is a folder; give a file name.")
    if os.path.lexists(path) and not force:
        raise UsageError(f"bridgepad export: {path} already exists; add --force to replace it.")
    if not os.path.isdir(parent):
        raise UsageError(f"bridgepad export: cannot write {path}: the folder {parent} does not exist.")


def _write_output(path: str, text: str, force: bool) -> None:
    """Writes exactly ``path``: never through a symbolic link, never creating folders.

    Without ``force`` the file must not exist (O_EXCL, so a link is not followed either);
    with it, the new file is written beside it and renamed over it, replacing a link
    itself rather than the file it points to.
    """
    import os

    data = text.encode("utf-8")
    try:
        if not force:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            try:
                fd = os.open(path, flags, 0o666)
            except FileExistsError:
                raise UsageError(f"bridgepad export: {path} already exists; add --force to replace it.") from None
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            return
        # Replaced as the pad's own files are (the rename replaces a link itself), but
        # readable as the user's other files are: it is theirs to send on.
        from pathlib import Path

        from bridgepad.store import atomic_write

        mask = os.umask(0)
        os.umask(mask)
        atomic_write(Path(path), data, mode=0o666 & ~mask)
    except IsADirectoryError:
        raise UsageError(f"bridgepad export: {path} is a folder; give a file name.") from None
    except OSError as e:
        raise UsageError(f"bridgepad export: cannot write {path}: {e.strerror or e}.") from None
