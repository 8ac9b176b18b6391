"""``bridgepad share``: the game on the pad, live and read-only, on the phones at the table;
with ``--entry``, in a game of several tables, each table's own link, where its phone enters its results.

The first line printed is the viewing URL; with ``--entry``, then one line a table,
``table N: URL``; then the QR codes. The server runs until SIGINT or SIGTERM and then ends
with status 0. Without ``--entry`` it never takes the folder's lock: the pad open beside it
stays the one writer, and the game is followed by its files (``bridgepad.services.share``).
With ``--entry`` it is the one writer: it holds the folder's lock, as ``bridgepad new``
does, for as long as it serves, and refuses while the pad has the folder (whose own share
key serves the tables' links from inside the pad).
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import holding_folder, open_store
from bridgepad.core.rules.kinds import kind_of
from bridgepad.core.words.text import visible

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from bridgepad.services.changes import SharingChanged
    from bridgepad.services.share.server import ShareServer
    from bridgepad.store.folder_lock import Holder
    from bridgepad.store.game_store import GameStore

LAN_WARNING = "On the local network: anyone there who has the link can read the score."
ENTRY_WARNING = "A table's link enters that table's results: give each table its own, and nobody else."
NOT_SEVERAL = (
    "bridgepad share --entry: the game on the pad is not a game of several tables; start one with "
    "bridgepad new duplicate --tables 4 (or the pad's n), or share it read-only with bridgepad share."
)


def configure(sub: Any) -> None:
    s = sub.add_parser(
        "share",
        help="show the game on the pad, live and read-only, on phones; --entry: each table enters its results",
        description="Serve a read-only, live view of the game on the pad to the phones at the table: the first "
        "line printed is its address, then a QR code of it. Stops at Ctrl+C. The folder is only read: the pad "
        "stays the one that writes it. With --entry, in a game of several tables, each table also gets a link "
        "of its own (one line each, 'table N: URL'), where its phone enters its results; this command then holds "
        "the data folder and writes them, so the pad must be closed (or press p in the pad instead).",
    )
    # Also after the command; SUPPRESS keeps the one given before it.
    s.add_argument("--data-dir", metavar="PATH", default=argparse.SUPPRESS, help="the data folder to show")
    s.add_argument("--port", metavar="N", default="0", help="the port to listen on (0, the default: any free port)")
    s.add_argument(
        "--lan",
        action="store_true",
        help="listen on the local network, for phones (without it, this computer only); anyone there with the link can read",
    )
    s.add_argument(
        "--entry",
        action="store_true",
        help="a game of several tables: a link for each table's phone to enter its results (holds the data folder)",
    )


def parse_port(text: str) -> int:
    try:
        port = int(text.strip())
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise UsageError(f"bridgepad share: --port takes a port number from 0 to 65535 (0: any free port), not '{text}'.")
    return port


def data_folder(args: argparse.Namespace) -> Path:
    """The data folder, which is only read: one that is not there yet shows an empty pad."""
    from bridgepad.store.game_store import data_dir

    root = data_dir(getattr(args, "data_dir", None))
    if root.exists() and not root.is_dir():
        raise UsageError(
            f"bridgepad share: the data folder {visible(str(root))} is a file, not a folder; give another with --data-dir."
        )
    return root


def run(args: argparse.Namespace) -> int:
    import asyncio

    port = parse_port(args.port)
    if args.entry:
        return asyncio.run(serve_entry(open_store(args), port, args.lan))
    root = data_folder(args)
    return asyncio.run(serve(root, port, args.lan))


async def serve(root: Path, port: int, lan: bool) -> int:
    from bridgepad.services.share.folder_watch import FolderWatch
    from bridgepad.services.share.server import ShareServer
    from bridgepad.services.share.source import FolderSource

    source = FolderSource(root)
    async with FolderWatch(source) as watch:  # the pad writes in another process: its saves are seen on disk
        server = ShareServer(source, changes=watch.changes, lan=lan, port=port)
        return await _serving(server, port, lan, "Read-only: the pad stays the one that writes. Ctrl+C stops sharing.")


def entry_busy(holder: Holder | None) -> str:
    """Why ``share --entry`` cannot hold the folder, and what to do instead."""
    from bridgepad.store.folder_lock import APP, busy_message

    if holder is None or holder.what == APP:
        who = f" ({holder.describe()})" if holder is not None else ""
        return (
            f"the pad has this data folder open{who}: press p in the pad to share the tables' links from it instead, "
            "or close the pad first."
        )
    if holder.what == "bridgepad share --entry":
        return f"another bridgepad share --entry serves this folder's tables already ({holder.describe()}): use its links."
    return busy_message(holder)


async def serve_entry(store: GameStore, port: int, lan: bool) -> int:
    """The tables' links, written through a session of this process's own, under the folder's lock."""
    from bridgepad.services.session import Session
    from bridgepad.services.share.server import ShareServer
    from bridgepad.services.share.several_tables.desk import Desk
    from bridgepad.services.share.source import SessionSource

    with holding_folder(store, "share --entry", entry_busy):
        session = Session.open(store)
        for problem in dict.fromkeys(session.problems):
            warn("share", problem)
        if not kind_of(session.game).phones_enter_results:
            raise UsageError(NOT_SEVERAL)
        # Nothing else writes the folder while this holds it: each change is this session's own,
        # published as it is saved, so the server listens there (no look at the folder).
        server = ShareServer(
            SessionSource(lambda: session), desk=Desk(lambda: session), changes=session.changes, lan=lan, port=port
        )
        return await _serving(
            server,
            port,
            lan,
            "One writer: this holds the data folder, and the pad opens it read-only until Ctrl+C stops sharing.",
        )


def _print_codes(server: ShareServer) -> None:
    """The first line the read-only address, then one line a table; then each address's QR code."""
    from bridgepad.services.share.qr import ANSI_DARK_ON_LIGHT, qr_lines

    print(server.url, flush=True)
    tables = sorted(server.tables)
    for table in tables:
        print(f"table {table}: {server.table_url(table)}")
    start, end = ANSI_DARK_ON_LIGHT if sys.stdout.isatty() else ("", "")
    codes = [("", server.url)] + [(f"Table {t}, to enter its results:", server.table_url(t)) for t in tables]
    if tables:
        codes[0] = ("The read-only view, for anyone watching:", server.url)
    for caption, url in codes:
        if caption:
            print(caption)
        for line in qr_lines(url):
            print(f"{start}{line}{end}")
    sys.stdout.flush()


async def _serving(server: ShareServer, port: int, lan: bool, last_words: str) -> int:
    import asyncio

    try:
        url = await server.start()
    except OSError as e:
        raise UsageError(f"bridgepad share: cannot listen on port {port}: {e.strerror or e}.") from None
    told = server.news.subscribe(_trouble_printer())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        _print_codes(server)
        if lan:
            print(LAN_WARNING)
            if url.startswith("http://127.0.0.1:"):
                print("No address of this computer on a local network was found: the address above opens on this computer only.")
        if server.tables:
            print(ENTRY_WARNING)
        print(last_words, flush=True)
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        told.cancel()
        await server.stop()
    return 0


def _trouble_printer() -> Callable[[SharingChanged], None]:
    """Prints each new trouble with the phones once (a refusal at the door, a write not saved), not once per attempt."""
    last = [""]

    def told(event: SharingChanged) -> None:
        if event.trouble and event.trouble != last[0]:
            print(f"bridgepad share: {event.trouble}", file=sys.stderr, flush=True)
        last[0] = event.trouble

    return told
