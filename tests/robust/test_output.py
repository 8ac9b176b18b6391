"""Issue 10, items 5, 6, 10 and 14: output all or nothing, and clean exits when it cannot be written.

``export -o`` writes a temporary file beside the target and gives it the target's
name only when complete (a rename with ``--force``, a hard link without, which fails
if anything is there), removes the temporary file on every failure, and refuses a
target that is not a regular file. Standard output that fails (a full disk, a file-size
limit, a closed pipe) or cannot hold ♠ ends the command cleanly.

The hostile things are made in the test's temporary folder (a FIFO, a unix socket, a
file-size limit set in the child with RLIMIT_FSIZE); no device node is touched.
"""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support.builders import WORKED_LOG
from support.cli import run_cli

from bridgepad.cli import main
from bridgepad.cli.errors import UsageError
from bridgepad.cli.files import write_output
from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.serialize import game_to_json
from bridgepad.store import atomic_file
from bridgepad.store.game_store import GameStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, sockets, signals and rlimits are POSIX")

EVENING = WORKED_LOG
WORKED = parse_log(EVENING).games()[0].game  # the rules' worked rubber: We 1,830, They 510
OLD = b"the old file, which must survive\n"


def make_games(root: Path, n: int) -> GameStore:
    """``n`` copies of the worked rubber, written directly (no fsync) so that hundreds take a moment."""
    store = GameStore(root)
    store.ensure()
    for k in range(n):
        gid = f"2025{k:010d}"
        meta = {"id": gid, "created": "2025-01-01T20:00:00+00:00", "updated": "2025-01-01T20:00:00+00:00"}
        store.path(gid).write_text(json.dumps(game_to_json(WORKED, meta)), encoding="utf-8")
    return store


def temps(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if atomic_file.TEMP_MARK in n)


def run(root: Path, *args: str, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    """The command line on ``root`` (support.cli.run_cli), its output as bytes."""
    return run_cli(root, *args, text=False, **kw)


def one_line(p: subprocess.CompletedProcess[bytes], status: int) -> str:
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == status, (p.returncode, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def games(tmp_path: Path) -> GameStore:
    return make_games(tmp_path / "data", 3)


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "out"
    folder.mkdir()
    return folder / "evening.json"


# export -o: all or nothing ------------------------------------------------------------------


def test_without_force_an_existing_file_is_refused_at_the_moment_of_writing(games: GameStore, out: Path) -> None:
    # The file appears after any check could have been made: the link that names the new file fails.
    out.write_bytes(OLD)
    with pytest.raises(UsageError, match="already exists"):
        write_output(str(out), "new text", force=False)
    assert out.read_bytes() == OLD and temps(out.parent) == []
    dangling = out.parent / "dangling.json"
    dangling.symlink_to(out.parent / "elsewhere.json")
    with pytest.raises(UsageError, match="already exists"):
        write_output(str(dangling), "new text", force=False)
    assert not (out.parent / "elsewhere.json").exists() and temps(out.parent) == []


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("kind", ["fifo", "socket"])
def test_a_target_that_is_not_a_regular_file_is_refused(games: GameStore, out: Path, kind: str, force: bool) -> None:
    sock = None
    if kind == "fifo":
        os.mkfifo(out)
    else:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(out))
    try:
        p = run(games.root, "export", "--all", "-o", str(out), *(["--force"] if force else []))
        line = one_line(p, 2)
        assert ("not a regular file" in line or "named pipe" in line or "socket" in line) if force else "already exists" in line
        mode = out.lstat().st_mode
        assert stat.S_ISFIFO(mode) if kind == "fifo" else stat.S_ISSOCK(mode)
        assert temps(out.parent) == []
    finally:
        if sock is not None:
            sock.close()


def test_the_last_step_refuses_a_special_file_that_appeared_after_the_check(out: Path) -> None:
    os.mkfifo(out)
    with pytest.raises(UsageError, match="not a regular file"):
        write_output(str(out), "new text", force=True)
    assert stat.S_ISFIFO(out.lstat().st_mode) and temps(out.parent) == []


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), KeyboardInterrupt()])
@pytest.mark.parametrize("force", [False, True])
def test_a_write_that_fails_half_way_leaves_the_old_file_and_no_temporary_one(
    games: GameStore,
    out: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    failure: BaseException,
    force: bool,
) -> None:
    real = atomic_file._write_all

    def half_then_fail(fd: int, data: bytes) -> None:
        real(fd, data[: len(data) // 2])
        raise failure

    monkeypatch.setattr(atomic_file, "_write_all", half_then_fail)
    if force:
        out.write_bytes(OLD)
    status = main(["--data-dir", str(games.root), "export", "--all", "-o", str(out), *(["--force"] if force else [])])
    err = capsys.readouterr().err
    if isinstance(failure, KeyboardInterrupt):
        assert status == 130
    else:
        # The status of any output that cannot be written, standard output's too.
        assert status == 1 and err.count("\n") == 1 and "No space left on device" in err and "nothing was written" in err
    assert (out.read_bytes() == OLD) if force else not os.path.lexists(out)
    assert temps(out.parent) == []


@pytest.mark.parametrize("force", [False, True])
def test_a_file_size_limit_leaves_the_old_file_and_a_retry_works(games: GameStore, out: Path, force: bool) -> None:
    if force:
        out.write_bytes(OLD)
    flags = ["--force"] if force else []
    p = run(games.root, "export", "--all", "-o", str(out), *flags, fsize=4096)
    assert "File too large" in one_line(p, 1)
    assert (out.read_bytes() == OLD) if force else not os.path.lexists(out)
    assert temps(out.parent) == []
    again = run(games.root, "export", "--all", "-o", str(out), *flags)
    assert again.returncode == 0, again.stderr
    assert len(json.loads(out.read_text(encoding="utf-8"))["games"]) == 3


SIGTERM_DURING_WRITE = """
import os, signal, sys
import bridgepad.store.atomic_file as af
real = af._write_all
def write_then_term(fd, data):
    real(fd, data[: len(data) // 2])
    os.kill(os.getpid(), signal.SIGTERM)
    real(fd, data[len(data) // 2 :])
af._write_all = write_then_term
from bridgepad.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_sigterm_during_the_write_removes_the_temporary_file(games: GameStore, out: Path) -> None:
    out.write_bytes(OLD)
    p = subprocess.run(
        [sys.executable, "-c", SIGTERM_DURING_WRITE, "--data-dir", str(games.root), "export", "--all", "-o", str(out), "--force"],
        capture_output=True,
        timeout=60,
    )
    assert p.returncode == 128 + signal.SIGTERM, p.stderr
    assert b"Traceback" not in p.stderr
    assert out.read_bytes() == OLD and temps(out.parent) == []


# A real process killed outright during a large write ---------------------------------------

SLOW_WRITE = """
import os, sys, time
import bridgepad.store.atomic_file as af
real = af._write_all
def slowly(fd, data):  # as a slow disk would: 32 KB at a time, each taking 10 ms
    sys.stderr.write("writing\\n"); sys.stderr.flush()
    for at in range(0, len(data), 32768):
        real(fd, data[at : at + 32768])
        os.fsync(fd)
        time.sleep(0.01)
af._write_all = slowly
from bridgepad.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
def test_export_killed_at_random_leaves_the_old_file_or_the_new_one(tmp_path: Path, out: Path) -> None:
    store = make_games(tmp_path / "data", 150)
    whole = run(store.root, "export", "--all")
    assert whole.returncode == 0 and len(whole.stdout) > 500_000
    kills = int(os.environ.get("BRIDGEPAD_KILLS", "8"))
    rng = random.Random(10)
    left_behind = 0
    for k in range(kills):
        out.write_bytes(OLD)
        child = subprocess.Popen(
            [sys.executable, "-c", SLOW_WRITE, "--data-dir", str(store.root), "export", "--all", "-o", str(out), "--force"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        assert child.stderr is not None
        if k % 2 == 0:  # during the write itself, at a random point of it
            assert child.stderr.readline() == b"writing\n"
            delay = rng.uniform(0, 0.25)
        else:  # anywhere in the run
            delay = rng.uniform(0, 2.0)
        try:
            child.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            child.kill()
        child.wait(timeout=30)
        child.stderr.close()
        now = out.read_bytes()
        assert now == OLD or now == whole.stdout, f"kill {k}: {len(now)} bytes, neither the old file nor the new"
        left_behind += len(temps(out.parent))
        # The next run clears what the killed one left, and writes the file whole.
        after = run(store.root, "export", "--all", "-o", str(out), "--force")
        assert after.returncode == 0, after.stderr
        assert out.read_bytes() == whole.stdout and temps(out.parent) == []
    assert left_behind > 0  # some kills did land during the write, and what they left was swept


def test_a_temporary_file_still_being_written_is_not_swept(out: Path) -> None:
    fd, tmp = atomic_file._owned_temp(out.parent, out.name)
    try:
        assert atomic_file.sweep_temps(out.parent, out.name) == 0 and os.path.exists(tmp)
    finally:
        os.close(fd)
    assert atomic_file.sweep_temps(out.parent, out.name) == 1 and not os.path.exists(tmp)


def test_a_sweep_touches_no_other_files(out: Path) -> None:
    mine = out.parent / ".evening.json.swp.tmp"  # an editor's, not bridgepad's
    mine.write_bytes(b"keep")
    other = out.parent / ".other.json.bridgepad-abcdefgh.tmp"  # another target's
    other.write_bytes(b"keep")
    assert atomic_file.sweep_temps(out.parent, out.name) == 0 and mine.exists() and other.exists()


# Item 14: what export -o and the data folder are allowed to be ------------------------------


@pytest.mark.parametrize("umask, want", [(0o000, 0o644), (0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
@pytest.mark.parametrize("force", [False, True])
def test_exported_files_are_never_writable_by_others(
    games: GameStore, out: Path, capsys: pytest.CaptureFixture[str], umask: int, want: int, force: bool
) -> None:
    old = os.umask(umask)
    try:
        assert main(["--data-dir", str(games.root), "export", "-o", str(out), "--all", *(["--force"] if force else [])]) == 0
    finally:
        os.umask(old)
    capsys.readouterr()
    assert stat.S_IMODE(out.stat().st_mode) == want


@pytest.mark.parametrize("umask", [0o000, 0o277], ids=["umask-000", "umask-277"])
def test_folders_made_above_the_data_folder_are_private_whatever_the_umask(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], umask: int
) -> None:
    root = tmp_path / "a" / "b" / "data"
    old = os.umask(umask)
    try:
        assert main(["--data-dir", str(root), "new", "rubber"]) == 0
    finally:
        os.umask(old)
    capsys.readouterr()
    for folder in (tmp_path / "a", tmp_path / "a" / "b", root, root / "games"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


@pytest.mark.parametrize("current", [None, b"a" * 300, b"20200101-000000-dead\n"], ids=["none", "too-long", "gone"])
def test_new_without_a_valid_current_writes_only_the_game_it_keeps(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], current: bytes | None
) -> None:
    root = tmp_path / "data"
    if current is not None:
        root.mkdir()
        (root / "current").write_bytes(current)
    assert main(["--data-dir", str(root), "new", "chicago"]) == 0
    capsys.readouterr()
    store = GameStore(root)
    assert store.ids() == [store.current_id()]
    assert not (root / "trash").exists() or os.listdir(root / "trash") == []


# Standard output that fails, or cannot hold ♠ ---------------------------------------------


class FullDisk:
    """Standard output on a device that is full: every write fails with ENOSPC."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        pass


@pytest.mark.parametrize("args", [["score", "4S", "10"], ["score", "4S", "10", "--json"], ["--help"]])
def test_a_full_standard_output_is_one_line_and_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write to standard output: No space left on device" in err


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    f = tmp_path / "evening.log"
    f.write_text(EVENING * 400, encoding="utf-8")  # 400 rubbers: drawn, far more than a pipe holds
    return f


def commands(log_file: Path) -> list[list[str]]:
    return [
        ["score", "4S", "10"],
        ["replay", str(log_file)],
        ["replay", str(log_file), "--json"],
        ["export", "--all"],
        ["export", "--all", "--format", "md"],
        ["tally", "--all"],
    ]


def test_a_file_size_limit_on_standard_output_is_one_line_and_status_1(games: GameStore, log_file: Path, tmp_path: Path) -> None:
    assert run(games.root, "tally", "--all").returncode == 0  # the history index, written before the limit
    for args in commands(log_file):
        with open(tmp_path / "stdout", "wb") as f:
            p = run(games.root, *args, fsize=10, stdout=f, capture_output=False, stderr=subprocess.PIPE)
        line = one_line(p, 1)
        assert "cannot write to standard output: File too large" in line, (args, line)


def test_a_closed_pipe_ends_every_command_quietly_and_alike(games: GameStore, log_file: Path) -> None:
    for args in commands(log_file):
        read, write = os.pipe()
        os.close(read)  # the reader has gone before the first byte
        try:
            p = run(games.root, *args, stdout=write, capture_output=False, stderr=subprocess.PIPE)
        finally:
            os.close(write)
        assert (p.returncode, p.stderr) == (141, b""), (args, p.stderr)


def test_head_1_after_replay_and_export_ends_them_alike(tmp_path: Path, log_file: Path) -> None:
    games = make_games(tmp_path / "many", 200)  # some 200 KB of Markdown: more than a pipe holds
    statuses = []
    for args in (["replay", str(log_file)], ["export", "--all", "--format", "md"]):
        base = {k: v for k, v in os.environ.items() if k != "BRIDGEPAD_DATA_DIR"}
        child = subprocess.Popen(
            [sys.executable, "-m", "bridgepad", "--data-dir", str(games.root), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=base,
        )
        assert child.stdout is not None and child.stderr is not None
        assert child.stdout.readline()  # head -1
        child.stdout.close()
        err = child.stderr.read()
        statuses.append(child.wait(timeout=60))
        assert err == b"", err
    assert statuses == [141, 141]


@pytest.mark.parametrize("env", [{"LC_ALL": "C", "PYTHONUTF8": "0"}, {"PYTHONIOENCODING": "ascii"}], ids=["C-locale", "ascii"])
def test_an_ascii_terminal_gets_ascii_fallbacks(games: GameStore, log_file: Path, env: dict[str, str]) -> None:
    p = run(games.root, "score", "4S", "10", env=env)
    assert p.returncode == 0 and p.stdout.isascii(), p.stderr
    assert p.stdout.startswith(b"4S="), p.stdout  # 4♠=
    p = run(games.root, "replay", str(log_file), env=env)
    assert p.returncode == 0 and p.stdout.isascii() and b"Traceback" not in p.stderr, p.stderr
    assert b"-----" in p.stdout  # the rules of the pad, as dashes
    p = run(games.root, "export", "--all", "--format", "md", env=env)
    assert p.returncode == 0 and p.stdout.isascii() and b"| ===== | ===== |" in p.stdout, p.stderr


def test_an_ascii_standard_error_gets_ascii_fallbacks(games: GameStore) -> None:
    p = run(games.root, "score", "9♠", "10", env={"PYTHONIOENCODING": "ascii"})
    line = one_line(p, 2)
    assert p.stderr.isascii() and "'9S'" in line, line


def test_the_apps_export_never_writes_over_a_file_and_leaves_nothing_half_made(tmp_path: Path) -> None:
    from bridgepad.services.formats.export_file import file_name, write_export
    from bridgepad.services.formats.registry import export

    store = make_games(tmp_path / "data", 1)
    stored = store.load(store.ids()[0])
    folder = tmp_path / "documents"
    folder.mkdir()
    path = folder / file_name(stored.game, stored.created, "md")
    text = export([stored], "md")
    old = os.umask(0)
    try:
        write_export(path, text)
        with pytest.raises(FileExistsError):  # the dialog asks before replace=True is given
            write_export(path, "something else")
        assert path.read_text(encoding="utf-8") == text and text.startswith("### Rubber")
        write_export(path, text + "again\n", replace=True)
    finally:
        os.umask(old)
    assert path.read_text(encoding="utf-8") == text + "again\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644 and temps(folder) == []


# Output held back in a temporary file: replay shows nothing of a log it refuses ---------------


@pytest.fixture
def long_log(tmp_path: Path) -> Path:
    f = tmp_path / "long.log"
    f.write_text(EVENING * 3000, encoding="utf-8")  # 3,000 rubbers: about 2 MB drawn, 2 MB as JSON
    return f


@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["drawn", "json"])
@pytest.mark.parametrize("source", ["file", "stdin"])
@pytest.mark.parametrize("sink", ["devnull", "pipe"])
def test_replay_beyond_a_file_size_limit_ends_in_one_line_whatever_standard_output_is(
    long_log: Path, json_flag: list[str], source: str, sink: str
) -> None:
    # More than the 1 MB held in memory: the rest goes to a temporary file, which the limit stops.
    args = ["replay", str(long_log) if source == "file" else "-", *json_flag]
    stdin = long_log.read_bytes() if source == "stdin" else None
    with open(os.devnull, "wb") as devnull:
        where: Any = {"stdout": devnull, "stderr": subprocess.PIPE, "capture_output": False} if sink == "devnull" else {}
        p = run(None, *args, stdin=stdin, fsize=512 * 1024, **where)
    line = one_line(p, 1)
    assert line.startswith("bridgepad replay: cannot write to a temporary file in ") and "File too large" in line, line
    assert p.stdout in (None, b""), "nothing of a replay that could not be held is shown"


class FullTemporaryFile:
    """A spooled temporary file on a full disk: in memory it takes everything, its first
    write to the disk fails (as a small TMPDIR does)."""

    def __init__(self, max_size: int = 0, **kw: Any) -> None:
        import io

        self.max_size = max_size
        self.held = io.StringIO()

    def write(self, text: str) -> int:
        if self.held.tell() + len(text) > self.max_size:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self.held.write(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.held, name)


@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["drawn", "json"])
def test_replay_with_a_full_temporary_folder_ends_in_one_line_and_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], long_log: Path, json_flag: list[str]
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "SpooledTemporaryFile", FullTemporaryFile)
    assert main(["replay", str(long_log), *json_flag]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert "bridgepad replay: cannot write to a temporary file" in err and "No space left on device" in err, err


def test_export_to_a_file_and_to_standard_output_fail_with_the_same_status(games: GameStore, out: Path, tmp_path: Path) -> None:
    to_file = run(games.root, "export", "--all", "-o", str(out), fsize=4096)
    with open(tmp_path / "stdout", "wb") as f:
        to_stdout = run(games.root, "export", "--all", fsize=10, stdout=f, capture_output=False, stderr=subprocess.PIPE)
    assert "File too large" in one_line(to_file, 1) and "File too large" in one_line(to_stdout, 1)


@pytest.mark.parametrize("how", ["cli", "dialog"])
def test_a_killed_exports_temporary_file_is_swept_at_the_next_export_to_its_folder(games: GameStore, out: Path, how: str) -> None:
    # Left by an export of another name, killed outright (no process holds it), 11 MB.
    left = out.parent / ".rubber-2026-11-27.json.bridgepad-k1ll3d00.tmp"
    with open(left, "wb") as f:
        f.truncate(11 * 1024 * 1024)
    editor = out.parent / ".evening.json.swp"  # not bridgepad's: left alone
    editor.write_bytes(b"keep")
    if how == "cli":
        p = run(games.root, "export", "--all", "-o", str(out))
        assert p.returncode == 0, p.stderr
    else:
        from bridgepad.services.formats.export_file import write_export

        write_export(out, "{}\n")
    assert out.exists() and not left.exists() and editor.read_bytes() == b"keep"
    assert temps(out.parent) == []
