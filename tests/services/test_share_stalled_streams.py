"""Event streams that never read, while the tables write: the server's memory stays bounded.

``bridgepad share --entry`` serves an eight-table game in a process of its own; 44 event
streams are opened on it (the read-only page's 12 and each table's 4), from sockets that
never read (their receive buffer as small as Linux allows), and the tables post a result
at a bounded rate for up to 30 s, each changing the state every stream is sent. A stream the
server closes for being behind is opened again, as a guest would. The server's resident
memory is sampled all along: it stays within 20 MB of what it was before the streams.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from pathlib import Path

import pytest
from support.entry import EntryProcess, path_of, post, several_game

from bridgepad.services.share.streams import Latest

TABLES = 8
STREAMS = 12 + 4 * TABLES  # every stream the server takes: 44
SECONDS = 30.0
RATE = 25  # results posted a second, by all the tables together
GROWTH = 20 * 1024 * 1024  # bytes of resident memory the server may grow by


def rss(pid: int) -> int:
    """The process's resident memory, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def stalled_stream(port: int, path: str) -> socket.socket:
    """An event stream opened and never read."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # set before connecting: the window it offers
    s.settimeout(2.0)
    s.connect(("127.0.0.1", port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    return s


def dropped(s: socket.socket) -> bool:
    """Whether the server has closed the stream (a reset, or its end), without reading what it sent."""
    return s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0 or s.fileno() == -1


def test_a_slow_reader_s_stream_holds_the_newest_state_only() -> None:
    async def run() -> None:
        box = Latest()
        for n in range(1000):
            box.put((n, "x" * 1000))
        assert box.waiting == 1
        assert await box.get() == (999, "x" * 1000)
        box.close()
        assert await box.get() is None

    asyncio.run(run())


@pytest.mark.slow
def test_44_stalled_streams_for_30_seconds_keep_the_server_within_20_mb(data_dir: Path) -> None:
    # Six boards a round at each table: 750 results at most in the 30 s keep every board under the
    # writer's bound of results kept for one board at one table (MAX_KEPT_PER_BOARD, 20).
    pad = several_game(data_dir, tables=TABLES, boards=6 * TABLES)
    pad.close()
    entry = EntryProcess(data_dir, TABLES)
    socks: dict[int, tuple[str, socket.socket]] = {}
    try:
        pid = entry.process.pid
        paths = [path_of(entry.url) + "events"] * 12 + [
            path_of(entry.tables[t]) + "events" for t in range(1, TABLES + 1) for _ in range(4)
        ]
        boards = {t: _boards(entry.port, entry.tables[t]) for t in range(1, TABLES + 1)}
        base = rss(pid)
        for n, path in enumerate(paths):
            socks[n] = (path, stalled_stream(entry.port, path))
        peak, posted, reopened = base, 0, 0
        start = time.monotonic()
        while time.monotonic() - start < SECONDS and peak - base <= GROWTH:
            table = posted % TABLES + 1
            board = boards[table][(posted // TABLES) % len(boards[table])]
            contract = ("4S", "3NT", "2H")[(posted // (TABLES * 2)) % 3]
            body = {"id": f"r{posted}", "board": board, "contract": contract, "declarer": "N", "tricks": 9, "replace": True}
            got = asyncio.run(post(entry.port, path_of(entry.tables[table]) + "results", body))
            assert got is not None and got.status in (200, 201), got
            posted += 1
            peak = max(peak, rss(pid))
            for n, (path, s) in list(socks.items()):
                if dropped(s):  # closed for being behind: the guest opens it again
                    s.close()
                    with contextlib.suppress(OSError):
                        socks[n] = (path, stalled_stream(entry.port, path))
                        reopened += 1
            time.sleep(max(0.0, start + posted / RATE - time.monotonic()))
        took = time.monotonic() - start
        print(
            f"RSS {base / 2**20:.1f} MB -> peak {peak / 2**20:.1f} MB; {posted} results in {took:.1f} s; {reopened} streams reopened"
        )
        assert peak - base <= GROWTH, (base, peak, posted, took)
        assert took >= SECONDS - 1
    finally:
        for _, s in socks.values():
            s.close()
        entry.close()


def _boards(port: int, url: str) -> list[int]:
    """The boards a table plays in the round it is at."""
    got = asyncio.run(post(port, path_of(url) + "state.json", method="GET", content_type=None))
    assert got is not None and got.status == 200
    state = got.json["state"]
    found = [b["board"] for b in state.get("boards", []) if isinstance(b, dict) and "board" in b]
    assert found, state
    return found


async def test_a_stream_left_unread_is_closed_and_its_place_freed(data_dir: Path) -> None:
    from support.entry import serving_entry
    from support.share import wait_for

    pad = several_game(data_dir, tables=2, boards=4)
    try:
        async with serving_entry(pad.session) as server:
            server.streams.behind = 1.0
            path = path_of(server.table_url(1)) + "events"
            stalled = await asyncio.to_thread(stalled_stream, server.port, path)
            await wait_for(lambda: server.table_viewers(1) == 1, 10, "the stream open")
            n = 0
            while server.streams.closed_behind == 0 and n < 2000:  # changes until the phone is behind: bounded
                server.streams.send(1, (10_000 + n, "x" * 65536))
                n += 1
                await asyncio.sleep(0.005)
            assert server.streams.closed_behind == 1, n
            await wait_for(lambda: server.table_viewers(1) == 0, 10, "its place freed")
            assert await asyncio.to_thread(lambda: dropped(stalled) or stalled.recv(1 << 20) is not None)
            stalled.close()
    finally:
        pad.close()
