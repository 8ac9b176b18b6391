"""``bridgepad deal``: a set of boards dealt, as a PBN hand record and a printable page.

``bridgepad deal --boards 1-16 --seed 7 --out club.pbn`` deals boards 1 to 16 from seed 7
(``core.boards.dealing``: the same seed deals the same boards, on every machine), each with
its dealer and vulnerability by its number, solves them double dummy (a pool of processes,
its progress on standard error), and writes ``club.pbn`` and ``club.html`` beside it. Without
``--seed`` a seed is drawn and said, so the set can be dealt again; without ``--out`` the
files are named after the boards and the seed in the current folder. ``bridgepad new
duplicate --deals club.pbn`` then starts a game that knows each board's cards.
"""

from __future__ import annotations

import argparse
import re
import shlex
import sys
import time
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError
from bridgepad.cli.files import check_output, write_output
from bridgepad.cli.streams import say
from bridgepad.core.boards.board_set import BoardSet, DealtBoard
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.words.text import visible

# Loaded when the boards are dealt: ``bridgepad export`` imports this module for its
# progress, and ``bridgepad --help`` for its parser (the solver's processes, the formats).
if TYPE_CHECKING:
    import secrets

    from bridgepad.core.boards import dealing
    from bridgepad.core.rules import board_facts
    from bridgepad.services.double_dummy import solver
    from bridgepad.services.formats import hand_record, hand_record_html
else:
    secrets = lazy("secrets")
    dealing = lazy("bridgepad.core.boards.dealing")
    board_facts = lazy("bridgepad.core.rules.board_facts")
    solver = lazy("bridgepad.services.double_dummy.solver")
    hand_record = lazy("bridgepad.services.formats.hand_record")
    hand_record_html = lazy("bridgepad.services.formats.hand_record_html")

MAX_SET = 256  # boards dealt at once: a weekend's sets, and then some


def configure(sub: Any) -> None:
    d = sub.add_parser(
        "deal",
        help="deal a set of boards: a PBN hand record and a printable page",
        description="Deal boards at random from a seed (the same seed deals the same boards), each with its dealer "
        "and vulnerability by its number; solve them double dummy; write a PBN 2.1 hand record and a printable "
        "HTML page beside it, four boards a sheet.",
    )
    d.add_argument("--boards", metavar="A-B", default="1-16", help="the boards to deal, e.g. 1-16 or 17-32 (default 1-16)")
    d.add_argument("--seed", metavar="N", help="a whole number of up to 18 digits (default: one drawn at random, and shown)")
    d.add_argument("--out", metavar="FILE", help="the hand record to write (FILE.pbn; the page is FILE.html beside it)")
    d.add_argument("--title", metavar="TEXT", help="the page's title and the PBN Event (default: the boards and the seed)")
    d.add_argument("--force", action="store_true", help="replace the files if they exist")


def parse_boards(text: str) -> range:
    """``1-16`` or ``7``: the boards to deal; UsageError in a sentence for anything else."""
    m = re.fullmatch(r"\s*([0-9]{1,4})\s*(?:[-–]\s*([0-9]{1,4})\s*)?", text)
    if m is None:
        raise UsageError(f"bridgepad deal: --boards takes a board or a range such as 1-16, not '{text[:20]}'.")
    first, last = int(m.group(1)), int(m.group(2) or m.group(1))
    if first < 1 or last < first:
        raise UsageError(f"bridgepad deal: --boards {text.strip()}: boards are numbered from 1, the first before the last.")
    if last - first + 1 > MAX_SET:
        raise UsageError(f"bridgepad deal: --boards {text.strip()}: at most {MAX_SET} boards are dealt at once.")
    return range(first, last + 1)


def parse_seed(text: str | None) -> int:
    if text is None:
        return secrets.randbelow(10**9)
    if not re.fullmatch(r"\s*[0-9]{1,18}\s*", text):
        raise UsageError(f"bridgepad deal: --seed takes a whole number from 0 to {dealing.MAX_SEED:,}, not '{text[:24]}'.")
    return int(text)


def out_paths(out: str | None, boards: range, seed: int) -> tuple[str, str]:
    """The hand record's path and the page's beside it."""
    if out is None:
        out = f"boards-{boards.start}-{boards.stop - 1}-seed-{seed}.pbn"
    base = out[:-4] if out.lower().endswith(".pbn") else out
    return (out if out.lower().endswith(".pbn") else out + ".pbn"), base + ".html"


class Progress:
    """The solving's progress on standard error: in place on a terminal, one line at the end otherwise."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            sys.stderr.write(f"\rSolving double dummy: {done} of {total} boards")
            sys.stderr.flush()

    def end(self, total: int) -> None:
        if self.tty:
            sys.stderr.write("\r\x1b[K")
        say(f"Solved {total} board{'s' if total != 1 else ''} double dummy in {time.monotonic() - self.start:.1f} s.")


def run(args: argparse.Namespace) -> int:
    boards = parse_boards(args.boards)
    seed = parse_seed(args.seed)
    pbn_path, html_path = out_paths(args.out, boards, seed)
    for path in (pbn_path, html_path):
        check_output(path, args.force, "deal")
    dealt = dealing.deal_boards(seed, boards)
    game = Game(mode=Mode.DUPLICATE, first_board=boards.start, deals=BoardSet(tuple(DealtBoard(b, d) for b, d in dealt)))
    progress = Progress()
    try:
        solved = solver.solve_all(dealt, lambda done, total, _key, _s: progress(done, total))
    except solver.SolverFailed as e:
        raise UsageError(f"bridgepad deal: {e}; nothing was written.") from None
    progress.end(len(dealt))
    facts = board_facts.all_board_facts(game, solved)
    span = game.deals.span if game.deals is not None else ""
    numbers = f"{boards.start}-{boards.stop - 1}" if len(boards) > 1 else f"{boards.start}"
    title = args.title or f"Board{'s' if len(boards) > 1 else ''} {numbers}, seed {seed}"
    if len(title) > 80 or not title.isprintable():
        raise UsageError("bridgepad deal: --title is one line of at most 80 printing characters.")
    record = hand_record.hand_record(facts, title, seed)
    try:
        record.encode("latin-1")
    except UnicodeEncodeError:
        raise UsageError("bridgepad deal: --title has a character PBN's ISO 8859-1 cannot hold.") from None
    write_output(pbn_path, record, args.force, "deal", encoding="latin-1")
    write_output(
        html_path,
        hand_record_html.page(facts, title, f"Dealt by bridgepad from seed {seed} · {span} · double dummy by DDS"),
        args.force,
        "deal",
    )
    print(f"Dealt {span} from seed {seed}: the hand record {visible(pbn_path)}, the printable page {visible(html_path)}.")
    print(f"Play them: bridgepad new duplicate --deals {shlex.quote(visible(pbn_path))}")
    return 0
