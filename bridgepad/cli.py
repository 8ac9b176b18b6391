"""The command line: ``bridgepad`` opens the pad; subcommands score without it.

Only the pad itself imports textual, and only when it is opened, so that
``bridgepad score`` starts about as fast as the interpreter.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn, Sequence

from bridgepad.core.game import GameState, Mode
from bridgepad.core.log import LogError, parse_log
from bridgepad.core.notation import NotationError, parse_contract, parse_tricks
from bridgepad.core.scoring import duplicate_score, score_contract
from bridgepad.core.settings import ChicagoPartScore, ChicagoVulnerable, Settings
from bridgepad.export import state_json  # the replay shape; export adds to it


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
    values.update({"mode": args.mode, "dealer": args.dealer or "N"})
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
    try:
        store.ensure()
        stored = store.create(reading.game)
        store.save_defaults(reading.settings, reading.game.players)
    except OSError as e:
        raise UsageError(f"bridgepad new: cannot write to {store.root}: {e.strerror or e}.") from None
    g = reading.game
    who = g.first_dealer.word if g.mode is not Mode.DUPLICATE else "board 1's dealer"
    named = ", ".join(f"{s.value}={n}" for s, n in zip(SEATS, g.players) if n)
    print(f"New {g.mode.word}, {who} to deal" + (f", players {named}" if named else "") + f": {store.path(stored.id)}")
    return 0

