"""What the tests of the tables' links build on: a game of several tables, a server with a
desk in the test's own loop, ``bridgepad share --entry`` in a process of its own, and a
phone's POST sent as raw HTTP.

``several_game`` starts a game of several tables on a ``Pad`` (the writer, holding the
folder's lock as the app does). ``serving_entry`` runs a ``ShareServer`` whose desk writes
through that pad's session. ``EntryProcess`` is ``bridgepad share --entry`` run as a person
runs it: its first lines read for the read-only address and each table's. ``post`` is
one request on a connection of its own, its body whatever the test gives.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgepad.core.readers.new_game import read_new_game
from bridgepad.core.rules.game import Game
from bridgepad.services.session import Session
from bridgepad.services.share.server import ShareServer
from bridgepad.services.share.several_tables.desk import Desk
from bridgepad.services.share.source import SessionSource
from bridgepad.store.game_store import GameStore
from support import fair_clock
from support.share import Pad, env_without_data_dir

URL = r"http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]{22,})/"


def several(tables: int = 4, boards: int = 12, **more: str) -> Game:
    """A new game of several tables, read as ``bridgepad new duplicate --tables`` reads it."""
    values = {"mode": "duplicate", "dealer": "N", "tables": str(tables), "boards": str(boards), **more}
    reading = read_new_game(values)
    assert reading.game is not None, reading.errors
    assert reading.game.several_tables is not None
    return reading.game


def several_game(root: Path, tables: int = 4, boards: int = 12, **more: str) -> Pad:
    """A pad holding ``root`` with a new game of several tables on it."""
    pad = Pad(root)
    assert pad.session.start(several(tables, boards, **more))
    return pad


def saved_game(root: Path) -> Game:
    """The current game as its file holds it now, read as another window would."""
    store = GameStore(root)
    game_id = store.current_id()
    assert game_id is not None
    return store.load(game_id).game


@asynccontextmanager
async def serving_entry(session: Session, **options: Any) -> AsyncIterator[ShareServer]:
    """The shared view with each table's link, writing through ``session``, in this loop."""
    options.setdefault("changes", session.changes)
    server = ShareServer(SessionSource(lambda: session), desk=Desk(lambda: session), **options)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    raw: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.raw)


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


async def post(
    port: int,
    path: str,
    body: Any = None,
    *,
    raw: bytes | None = None,
    content_type: str | None = "application/json",
    headers: dict[str, str] | None = None,
    method: str = "POST",
    read: bool = True,
) -> Answer | None:
    """One request on a connection of its own (``read`` False: the reply never read, the
    connection closed as a phone that lost it); the body ``raw``, or ``body`` as JSON."""
    data = raw if raw is not None else (b"" if body is None else json.dumps(body).encode("utf-8"))
    more = dict(headers or {})
    host = more.pop("Host", f"127.0.0.1:{port}")  # the test's own Host, if it gives one, in its place
    head = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close", f"Content-Length: {len(data)}"]
    if content_type is not None:
        head.append(f"Content-Type: {content_type}")
    head += [f"{k}: {v}" for k, v in more.items()]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + data)
        await writer.drain()
        if not read:
            return None
        got = await asyncio.wait_for(reader.read(), 60)
    finally:
        writer.close()
        try:
            await writer.wait_closed()
        except ConnectionError:
            pass
    top, _, content = got.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    found = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    return Answer(int(lines[0].split()[1]), found, content)


async def result(port: int, url: str, **fields: Any) -> Answer:
    """A table's result posted to its link, ``fields`` as the phone sends them."""
    got = await post(port, path_of(url) + "results", fields)
    assert got is not None
    return got


def result_now(url: str, **fields: Any) -> tuple[int, Any]:
    """A table's result posted to its link from a test that has no event loop of its own to
    spare (Playwright's sync API runs one): the status and the JSON answered."""
    return send_now(url, "results", fields)


def send_now(url: str, what: str, body: dict[str, Any]) -> tuple[int, Any]:
    """``POST {url}{what}`` with ``body``, without an event loop: the status and the JSON answered."""
    import urllib.error
    import urllib.request

    ask = urllib.request.Request(
        url + what, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(ask, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


async def table_state(port: int, url: str) -> dict[str, Any]:
    got = await post(port, path_of(url) + "state.json", method="GET", content_type=None)
    assert got is not None and got.status == 200, got
    return got.json["state"]  # type: ignore[no-any-return]


def _line(fd: int) -> str:
    """One line written to ``fd``, read a byte at a time so that nothing after it is taken."""
    line = bytearray()
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line.decode().rstrip("\n")


# ``python -m bridgepad`` with the process's own limit of open files lowered first.
_LIMITED = (
    "import resource, runpy, sys\n"
    "resource.setrlimit(resource.RLIMIT_NOFILE, ({files}, {files}))\n"
    "sys.argv = {argv!r}\n"
    "runpy.run_module('bridgepad', run_name='__main__', alter_sys=True)\n"
)


class EntryProcess:
    """``bridgepad share --entry`` on ``root``: the read-only address, then ``table N: URL`` a table."""

    def __init__(self, root: Path, tables: int, *args: str, files: int | None = None) -> None:
        """``files``: the process's limit of open files (``RLIMIT_NOFILE``), lowered in the child."""

        argv = ["bridgepad", "share", "--data-dir", str(root), "--port", "0", "--entry", *args]
        self.process = subprocess.Popen(
            [sys.executable, "-c", _LIMITED.format(files=files, argv=argv)] if files else [sys.executable, "-m", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            bufsize=0,
            env=env_without_data_dir(),
        )
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        self.first = _line(fd)
        found = re.fullmatch(URL, self.first)
        if found is None:
            self.process.kill()
            _, err = self.process.communicate(timeout=30)
            raise AssertionError((self.first, err.decode()))
        self.port, self.token = int(found.group(1)), found.group(2)
        self.url = self.first
        self.lines = [_line(fd) for _ in range(tables)]
        self.tables: dict[int, str] = {}
        for n, line in enumerate(self.lines, 1):
            table = re.fullmatch(rf"table {n}: ({URL})", line)
            assert table is not None, line
            self.tables[n] = table.group(1)

    def kill(self) -> None:
        """SIGKILL, as a laptop whose power goes: nothing ends cleanly."""
        self.process.kill()
        self.process.communicate(timeout=30)

    def end(self, sig: int = signal.SIGTERM) -> tuple[int, str, str]:
        self.process.send_signal(sig)
        out, err = fair_clock.communicate(self.process, 60)
        return self.process.returncode, out.decode(), err.decode()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=30)


__all__ = [
    "Answer",
    "EntryProcess",
    "post",
    "result",
    "result_now",
    "saved_game",
    "serving_entry",
    "several",
    "several_game",
    "table_state",
]
