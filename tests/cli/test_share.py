"""``bridgepad share`` as a person runs it: its first line, its QR code, the pad beside it, and its end."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support.builders import WORKED
from support.cli import one_line_refusal, run_cli
from support.share import Pad, Stream, env_without_data_dir, folder_bytes, request

from bridgepad.services.share.qr import qr_lines
from bridgepad.store.folder_lock import FolderLock

URL = re.compile(r"http://127\.0\.0\.1:(\d+)/([A-Za-z0-9_-]{22,})/")


class Sharing:
    def __init__(self, process: subprocess.Popen[bytes], first: str) -> None:
        self.process, self.first = process, first
        found = URL.fullmatch(first)
        assert found is not None, first
        self.port, self.token = int(found.group(1)), found.group(2)

    def end(self, sig: int) -> tuple[int, str, str]:
        self.process.send_signal(sig)
        out, err = self.process.communicate(timeout=30)
        return self.process.returncode, self.first + "\n" + out.decode(), err.decode()


@contextmanager
def sharing(*args: str) -> Iterator[Sharing]:
    # Unbuffered bytes: a buffered readline may take the lines after the first with it
    # (they come together on a busy machine), and communicate() would never see them.
    process = subprocess.Popen(
        [sys.executable, "-m", "bridgepad", "share", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        bufsize=0,
        env=env_without_data_dir(),
    )
    try:
        assert process.stdout is not None
        yield Sharing(process, first_line(process.stdout.fileno()))
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=30)


def first_line(fd: int) -> str:
    """The first line written to ``fd``, read a byte at a time so that nothing after it is
    taken; waits for it however slow the start, and ends at the end of the output."""
    line = bytearray()
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line.decode().rstrip("\n")


def port_closed(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_first_line_is_the_url_then_a_qr_code_and_a_signal_ends_it_with_0(data_dir: Path, sig: int) -> None:
    pad = Pad(data_dir)
    try:
        pad.add(*WORKED[:2])
        with sharing("--data-dir", str(data_dir), "--port", "0") as s:
            status, _, body = asyncio.run(request(s.port, "GET", f"/{s.token}/state.json"))
            assert status == 200
            assert json.loads(body)["state"]["figures"]["NS"]["total"] == 420
            code, out, err = s.end(sig)
        assert code == 0, err
        assert "Traceback" not in err and err == ""
        lines = out.splitlines()
        assert lines[0] == s.first
        # Then the code of that very address, as drawn in text.
        drawn = qr_lines(s.first)
        assert lines[1 : 1 + len(drawn)] == drawn
        assert port_closed(s.port)
    finally:
        pad.close()


def test_share_beside_the_pad_follows_it_and_never_takes_the_lock(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        holder = FolderLock(data_dir).holder()
        with sharing("--data-dir", str(data_dir), "--port", "0") as s:

            async def follow() -> None:
                stream = await Stream.open(s.port, f"/{s.token}/events")
                pad.add(WORKED[0])
                got = await stream.state(timeout=2)
                assert [h["cells"][2] for h in got["state"]["hands"]] == ["3♠"]
                await stream.close()

            asyncio.run(follow())
            before = folder_bytes(data_dir)
            assert FolderLock(data_dir).holder() == holder
            code, _, err = s.end(signal.SIGTERM)
        assert code == 0, err
        assert folder_bytes(data_dir) == before
    finally:
        pad.close()


def test_the_data_dir_may_come_after_the_command_and_a_folder_not_there_is_not_made(tmp_path: Path) -> None:
    missing = tmp_path / "not-yet"
    with sharing("--data-dir", str(missing), "--port", "0") as s:
        status, _, body = asyncio.run(request(s.port, "GET", f"/{s.token}/state.json"))
        assert status == 200 and json.loads(body)["state"]["hands"] == []
        code, _, err = s.end(signal.SIGTERM)
    assert code == 0, err
    assert not missing.exists()


def test_lan_listens_beyond_this_computer_and_says_who_can_read(data_dir: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bridgepad", "share", "--data-dir", str(data_dir), "--port", "0", "--lan"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env_without_data_dir(),
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        found = re.fullmatch(r"http://([0-9.]+):(\d+)/([A-Za-z0-9_-]{22,})/", first)
        assert found is not None, first
        port, token = int(found.group(2)), found.group(3)
        # Only this machine's own addresses are tried: it listens on every one of them.
        status, _, _ = asyncio.run(request(port, "GET", f"/{token}/"))
        assert status == 200
        deadline = time.monotonic() + 30
        rest = ""
        while "anyone there who has the link can read the score" not in rest and time.monotonic() < deadline:
            rest += process.stdout.readline()
        assert "anyone there who has the link can read the score" in rest
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=30)


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_that_cannot_be_is_refused_in_one_line(data_dir: Path, port: str) -> None:
    line = one_line_refusal(run_cli(data_dir, "share", "--port", port))
    assert line == f"bridgepad share: --port takes a port number from 0 to 65535 (0: any free port), not '{port}'."


def test_a_port_in_use_is_refused_in_one_line(data_dir: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_refusal(run_cli(data_dir, "share", "--port", str(port)))
    assert line.startswith(f"bridgepad share: cannot listen on port {port}: ")
