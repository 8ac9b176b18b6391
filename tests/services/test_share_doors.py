"""The share server's doors, against a guest on the same network who needs no token to open
a connection: idle half-requests by the thousand, from one address or many, slow heads and
slow bodies. Each bound is a test here; all on loopback, each guest from an address of its
own in 127.0.0.0/8, bounded in count and in time.

- ``bridgepad share --entry`` under ``RLIMIT_NOFILE=1024`` with 1,100 idle connections
  held from 50 addresses: a phone's result is recorded within 2 s, and the refusals are
  told once on stderr (asyncio's "out of system resource" never).
- Per address: the 49th connection from one address is closed at once, the first phone's fine.
- A head not sent within the request timeout, a kept-alive connection left idle: closed.
- A body not sent within ``BODY_TIMEOUT``: 408. A link with ``PER_LINK`` requests under way: 503.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.entry import EntryProcess, path_of, post, result, serving_entry, several_game
from support.share import wait_for

from bridgepad.services.changes import SharingChanged
from bridgepad.services.share import guards
from bridgepad.services.share.doors import MAX_CONNECTIONS, RESERVE, connection_cap, open_descriptors

HALF = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # a request's head, never finished


def at_least_files(n: int) -> None:
    """This test process's own limit raised to ``n`` open files (within its hard limit): the guests are its sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard) if hard != resource.RLIM_INFINITY else n, hard))


@contextlib.contextmanager
def idle_guests(port: int, count: int, sources: int, *, first: int = 2, seconds: float = 20.0) -> Iterator[list[socket.socket]]:
    """``count`` connections to ``port``, each a half-request held open, from ``sources``
    addresses 127.0.0.``first``.. in turn; each connect within 2 s, all within ``seconds``."""
    socks: list[socket.socket] = []
    deadline = time.monotonic() + seconds
    try:
        for n in range(count):
            if time.monotonic() > deadline:
                break
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            socks.append(s)
            s.settimeout(2.0)
            s.bind((f"127.0.0.{first + n % sources}", 0))
            with contextlib.suppress(OSError):  # refused or closed at the door: as a guest finds it
                s.connect(("127.0.0.1", port))
                s.send(HALF)
        yield socks
    finally:
        for s in socks:
            s.close()


def closed_by_server(s: socket.socket, timeout: float) -> bool:
    """Whether the server closed ``s`` (EOF or a reset) within ``timeout`` seconds."""
    s.settimeout(timeout)
    try:
        return s.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_the_cap_leaves_the_pad_its_reserve_below_the_file_limit() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    cap = connection_cap()
    assert cap <= MAX_CONNECTIONS
    if soft != resource.RLIM_INFINITY:
        assert cap + RESERVE + open_descriptors() <= soft or cap == 16


@pytest.mark.slow
def test_1100_idle_connections_under_a_1024_file_limit_leave_a_phone_its_post(data_dir: Path) -> None:
    at_least_files(4096)
    pad = several_game(data_dir, tables=4)
    pad.close()  # the folder is ``bridgepad share --entry``'s now
    entry = EntryProcess(data_dir, 4, files=1024)
    try:
        with idle_guests(entry.port, 1100, 50) as guests:
            assert len(guests) == 1100
            start = time.monotonic()
            got = asyncio.run(
                asyncio.wait_for(
                    result(entry.port, entry.tables[2], id="p1", board=5, contract="4S", declarer="N", tricks=10), 2.0
                )
            )
            took = time.monotonic() - start
            assert got.status == 201, got
            assert took < 2.0, took
        code, _out, err = entry.end()
    finally:
        entry.close()
    assert code == 0, err
    assert "out of system resource" not in err and "Traceback" not in err, err[-2000:]
    # Told once, not once per refusal.
    refused = [line for line in err.splitlines() if line.startswith("bridgepad share: Phones refused:")]
    assert len(refused) == 1, err[-2000:]


async def test_one_address_gets_48_connections_and_the_next_is_closed_at_once(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            told: list[SharingChanged] = []
            server.news.subscribe(told.append)
            port = server.port
            with idle_guests(port, 48 + 5, 1, first=9, seconds=10) as guests:
                await wait_for(lambda: server.doors.count == 48, 10, "48 held")
                assert server.doors.refused == 5
                assert await asyncio.to_thread(closed_by_server, guests[-1], 2.0)
                assert not await asyncio.to_thread(closed_by_server, guests[0], 0.05)
                # Another address (the phone's) is let in meanwhile, its result recorded.
                got = await result(port, server.table_url(1), id="a", board=1, contract="4S", declarer="N", tricks=10)
                assert got.status == 201
            troubles = [e.trouble for e in told if e.trouble]
            assert troubles == ["Phones refused: 127.0.0.9 opened 48 connections at once, more than a phone does."]
    finally:
        pad.close()


async def test_at_the_cap_the_longest_idle_connection_makes_room(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session, connection_cap=20) as server:
            with idle_guests(server.port, 30, 10, first=20, seconds=10):
                await wait_for(lambda: server.doors.count == 20, 10, "the cap held")
                await asyncio.sleep(0.3)  # the guests have waited long enough to be made to leave
                got = await result(server.port, server.table_url(1), id="a", board=1, contract="4S", declarer="N", tricks=10)
                assert got.status == 201
                assert server.doors.count <= 20
    finally:
        pad.close()


async def test_a_head_not_sent_in_time_and_an_idle_kept_alive_connection_are_closed(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            server.doors.request_timeout = 0.5
            with idle_guests(server.port, 1, 1, first=30) as (guest,):
                assert await asyncio.to_thread(closed_by_server, guest, 5.0)
            # A kept-alive connection, answered once, then silent: closed as a silent new one is.
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(f"GET /{server.token}/state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            assert head.startswith(b"HTTP/1.1 200 ")
            started = time.monotonic()
            rest = await asyncio.wait_for(reader.read(), 5)  # the body, then the close
            assert rest.endswith(b"}") and time.monotonic() - started < 3
            writer.close()
            await wait_for(lambda: server.doors.count == 0, 5, "all closed")
    finally:
        pad.close()


async def test_a_body_not_sent_in_time_is_408_and_a_busy_link_503(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guards, "BODY_TIMEOUT", 0.5)
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            path = path_of(server.table_url(1)) + "results"
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(
                f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 80\r\n\r\n{{".encode()
            )
            raw = await asyncio.wait_for(reader.read(), 5)
            writer.close()
            assert raw.startswith(b"HTTP/1.1 408 "), raw[:200]
            assert b"did not arrive within" in raw
            # PER_LINK requests under way under one link (bodies not yet sent): the next is 503.
            monkeypatch.setattr(guards, "BODY_TIMEOUT", 10.0)
            held = []
            for _ in range(guards.PER_LINK):
                r, w = await asyncio.open_connection("127.0.0.1", server.port)
                w.write(
                    f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 80\r\n\r\n".encode()
                )
                held.append((r, w))
            link = server.tables[1]
            await wait_for(lambda: link.busy == guards.PER_LINK, 5, "all under way")
            got = await post(server.port, path, {"id": "b", "board": 1, "contract": "4S", "declarer": "N", "tricks": 10})
            assert got is not None and got.status == 503
            assert got.json["error"] == f"{guards.PER_LINK} requests are under way on this link already: try again in a moment."
            for _, w in held:
                w.close()
            await wait_for(lambda: link.busy == 0, 15, "all ended")
    finally:
        pad.close()


@pytest.mark.slow
def test_the_pad_under_a_1024_file_limit_serves_a_phone_and_opens_its_history_through_a_flood(
    tmp_path: Path,
) -> None:
    import re

    from support.robust.pty_app import PtyApp

    at_least_files(4096)
    root = tmp_path / "data"
    several_game(root).close()
    limit = "import resource\nresource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))"
    with PtyApp(root, cols=160, rows=40, prelude=limit) as app:
        assert app.wait_for("p Share", timeout=20)
        mark = app.mark()
        app.type("p")
        found = app.wait_for(re.compile(r"table 1: (http://127\.0\.0\.1:(\d+)/[A-Za-z0-9_-]+/)"), since=mark, timeout=20)
        assert found is not None, app.screen_text(mark)[-2000:]
        url, port = found.group(1), int(found.group(2))
        with idle_guests(port, 1100, 50) as guests:
            assert len(guests) == 1100
            start = time.monotonic()
            got = asyncio.run(asyncio.wait_for(result(port, url, id="p1", board=1, contract="4S", declarer="N", tricks=10), 2.0))
            assert got.status == 201 and time.monotonic() - start < 2.0, got
            # A game of several tables has no "+" (its results come from the tables): the history,
            # which opens every game's file, is what needs descriptors here.
            for key, seen in (("q", "p Share"), ("h", "Open"), ("\x1b", "p Share"), ("h", "Open")):
                mark = app.mark()
                app.type(key)
                assert app.wait_for(seen, since=mark, timeout=15), (key, app.screen_text(mark)[-2000:])
        text = app.screen_text()
        assert "Traceback" not in text and "Errno 24" not in text and "Too many open files" not in text, text[-3000:]
        assert app.proc.poll() is None  # still running
