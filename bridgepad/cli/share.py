"""``bridgepad share``: the game on the pad, live and read-only, on the phones at the table.

The first line printed is the viewing URL, then its QR code; the server runs until
SIGINT or SIGTERM and then ends with status 0. It never takes the folder's lock: the pad
open beside it stays the one writer, and the game is followed by its files
(``bridgepad.services.share``).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError

if TYPE_CHECKING:
    from pathlib import Path

LAN_WARNING = "On the local network: anyone there who has the link can read the score."


def configure(sub: Any) -> None:
    s = sub.add_parser(
        "share",
        help="show the game on the pad, live and read-only, on phones",
        description="Serve a read-only, live view of the game on the pad to the phones at the table: the first "
        "line printed is its address, then a QR code of it. Stops at Ctrl+C. The folder is only read: the pad "
        "stays the one that writes it.",
    )
    # Also after the command; SUPPRESS keeps the one given before it.
    s.add_argument("--data-dir", metavar="PATH", default=argparse.SUPPRESS, help="the data folder to show")
    s.add_argument("--port", metavar="N", default="0", help="the port to listen on (0, the default: any free port)")
    s.add_argument(
        "--lan",
        action="store_true",
        help="listen on the local network, for phones (without it, this computer only); anyone there with the link can read",
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
    from bridgepad.core.words.text import visible
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
    root = data_folder(args)
    return asyncio.run(serve(root, port, args.lan))


async def serve(root: Path, port: int, lan: bool) -> int:
    import asyncio
    import signal

    from bridgepad.services.share.qr import ANSI_DARK_ON_LIGHT, qr_lines
    from bridgepad.services.share.server import ShareServer
    from bridgepad.services.share.source import FolderSource

    server = ShareServer(FolderSource(root), lan=lan, port=port)
    try:
        url = await server.start()
    except OSError as e:
        raise UsageError(f"bridgepad share: cannot listen on port {port}: {e.strerror or e}.") from None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        print(url, flush=True)
        start, end = ANSI_DARK_ON_LIGHT if sys.stdout.isatty() else ("", "")
        for line in qr_lines(url):
            print(f"{start}{line}{end}")
        if lan:
            print(LAN_WARNING)
            if url.startswith("http://127.0.0.1:"):
                print("No address of this computer on a local network was found: the address above opens on this computer only.")
        print("Read-only: the pad stays the one that writes. Ctrl+C stops sharing.", flush=True)
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        await server.stop()
    return 0
