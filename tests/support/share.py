"""What the tests of the shared view build on: a pad writing a data folder, a server reading
it, an event stream read line by line, and waiting for a state rather than for a time.

``Pad`` is the writer, the same ``Session`` the app writes through, holding the folder's
lock as the app does. ``serving`` runs a ``ShareServer`` on 127.0.0.1, any free port,
in the test's own loop, hearing the folder's changes as ``bridgepad share`` does (``FolderWatch``). ``Stream`` is one phone's event stream, read raw from a socket.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bridgepad.core.model import Hand
from bridgepad.services.session import Session
from bridgepad.services.share.folder_watch import FolderWatch
from bridgepad.services.share.server import ShareServer
from bridgepad.services.share.source import FolderSource
from bridgepad.store.folder_lock import FolderLock
from support.builders import WORKED, hand
from support.fair_clock import Deadline

CHICAGO = (hand("1NT", "N", "7"), hand("4S", "E", "10"), hand("pass"), hand("3NT", "S", "9"))


class Pad:
    """The writer of a data folder: the app's session, with the folder's lock held."""

    def __init__(self, root: Path) -> None:
        Session.make_folder(root)
        self.lock = FolderLock(root)
        assert self.lock.try_acquire()
        self.session = Session.open_folder(root)

    def add(self, *hands: Hand) -> None:
        for h in hands:
            assert self.session.hands.add(h)

    def close(self) -> None:
        self.lock.release()


def folder_bytes(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``root``: its bytes and its modification time."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            out[str(path.relative_to(root))] = (path.read_bytes(), path.stat().st_mtime_ns)
    return out


async def wait_for(check: Callable[[], Any], timeout: float = 30.0, what: str = "") -> Any:
    """Waits until ``check()`` is true (returning it), looking again as soon as the loop is free;
    fails after ``timeout`` seconds of the time the test was given (``fair_clock``)."""
    deadline = Deadline(timeout)
    while True:
        value = check()
        if value:
            return value
        if deadline.passed():
            raise AssertionError(f"not within {timeout} s: {what or check}")
        await asyncio.sleep(0.02)  # the poll's step


@asynccontextmanager
async def serving(root: Path, **options: Any) -> AsyncIterator[ShareServer]:
    source = FolderSource(root)
    async with FolderWatch(source) as watch:
        server = ShareServer(source, changes=watch.changes, **options)
        await server.start()
        try:
            yield server
        finally:
            await server.stop()


async def request(port: int, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request on a connection of its own: the status, the headers (lower-case names), the body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode("latin-1"))
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 30)
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding") == "chunked":
        body = unchunk(body)
    return status, headers, body


def unchunk(body: bytes) -> bytes:
    out = b""
    while body:
        size_line, _, body = body.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, body = out + body[:size], body[size + 2 :]
    return out


class Stream:
    """One phone's event stream, on a raw connection: its events as they come."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, status: int, headers: dict[str, str]):
        self.reader, self.writer, self.status, self.headers = reader, writer, status, headers

    @classmethod
    async def open(cls, port: int, path: str) -> Stream:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        # HTTP/1.0: the stream comes as it is written, not in chunks.
        writer.write(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode("latin-1"))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name:
                headers[name.strip().lower()] = value.strip()
        return cls(reader, writer, int(lines[0].split()[1]), headers)

    async def event(self, timeout: float = 5.0) -> dict[str, str]:
        """The next event (its fields: ``event``, ``id``, ``data``), comments and the retry line skipped."""
        fields: dict[str, str] = {}
        while True:
            line = (await asyncio.wait_for(self._line(), timeout)).rstrip("\r\n")
            if line == "":
                if "data" in fields:
                    return fields
                fields = {}
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")

    async def state(self, timeout: float = 5.0) -> dict[str, Any]:
        e = await self.event(timeout)
        assert e["event"] == "state", e
        payload = json.loads(e["data"])
        assert str(payload["version"]) == e["id"]
        return payload  # type: ignore[no-any-return]

    async def _line(self) -> str:
        raw = (await self.reader.readline()).decode("utf-8")
        if raw == "":
            raise ConnectionError("the stream was closed")
        return raw

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except ConnectionError:
            pass


def env_without_data_dir() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("BRIDGEPAD_DATA_DIR", "PYTHONIOENCODING")}


__all__ = ["CHICAGO", "WORKED", "Pad", "Stream", "folder_bytes", "request", "serving", "wait_for"]
