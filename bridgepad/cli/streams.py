"""Standard output and error for the command line, and how a command ends when they fail.

- A terminal or file that is not UTF-8 (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``) gets
  ASCII fallbacks from ``core/words/text.for_encoding`` (``S`` for ♠, ``-`` for ·), on
  standard output and standard error alike, never a UnicodeEncodeError.
- A closed pipe (``bridgepad replay log | head -1``) ends the command quietly with
  status 141, as a tool stopped by SIGPIPE ends in a shell.
- Any other failure to write (a full disk, a file-size limit) ends it with one line
  on standard error and status 1: to standard output, to an output file, or to the
  temporary file where a command holds its output back until it may be shown
  (``held_back``: ``replay`` shows nothing of a log it refuses) or keeps a copy of
  standard input to read it again.
- SIGTERM and SIGHUP become an exception (status 143 and 129), so that a file being
  written is cleaned up on the way out instead of being left half-made.

Only the subcommands run under ``guarded``: the pad has a terminal of its own.
"""

from __future__ import annotations

import codecs
import errno
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable
from typing import IO, Any, Self, TextIO

from bridgepad.core.words.text import for_encoding, visible

PIPE_CLOSED_STATUS = 128 + 13  # what a shell reports for a tool stopped by SIGPIPE
OUTPUT_FAILED_STATUS = 1
FALLBACK_ERRORS = "bridgepad-fallback"
_SAMPLE = "♠♥♦♣·–…"  # what bridgepad itself writes beyond ASCII


def _fallback(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what the stream's encoding cannot hold, as ``for_encoding`` gives it."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return for_encoding(error.object[error.start : error.end], error.encoding), error.end


codecs.register_error(FALLBACK_ERRORS, _fallback)


class OutputFailed(Exception):
    """Writing to standard output or error failed. Deliberately not an OSError, so that no
    library on the way (rich catches BrokenPipeError) takes it for its own."""

    def __init__(self, error: OSError, stream: str) -> None:
        self.error = error
        self.stream = stream
        super().__init__(f"cannot write to {stream}: {error.strerror or error}")

    @property
    def closed_pipe(self) -> bool:
        return isinstance(self.error, BrokenPipeError) or self.error.errno == errno.EPIPE


class Terminated(BaseException):
    """SIGTERM or SIGHUP, raised where the command was, so that cleanups run."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signum)


class _Guarded:
    """A text stream whose write errors become OutputFailed; everything else is the stream's.

    Text is encoded here and handed to the binary buffer until every byte is taken:
    ``BufferedWriter.write`` may take only part of a large write (the file-size limit
    reached half-way) and say so only in its return value, which ``TextIOWrapper``
    ignores, so that the rest would be lost without an error.
    """

    def __init__(self, stream: TextIO, name: str) -> None:
        self._stream = stream
        self._name = name
        self._buffer = getattr(stream, "buffer", None)
        if self._buffer is not None:
            try:
                stream.flush()  # from here on nothing waits in the text layer
            except OSError as e:
                raise OutputFailed(e, name) from None

    def write(self, text: str) -> int:
        try:
            if self._buffer is None:
                return self._stream.write(text)
            if os.linesep != "\n":  # pragma: no cover - Windows: as the text layer would translate
                text = text.replace("\n", os.linesep)
            data = memoryview(text.encode(self._stream.encoding, self._stream.errors or "strict"))
            while data:
                taken = self._buffer.write(data)
                if not taken:
                    raise OSError(errno.EIO, "the output took nothing")
                data = data[taken:]
            if getattr(self._stream, "line_buffering", False) and "\n" in text:
                self._buffer.flush()
            return len(text)
        except OSError as e:
            raise OutputFailed(e, self._name) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as e:
            raise OutputFailed(e, self._name) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _HeldBack:
    """A temporary file (in memory until it grows, then on disk) whose failures, reading
    or writing, become OutputFailed naming it: a full disk or a file-size limit meets the
    output here first, whatever standard output is (a pipe, /dev/null)."""

    def __init__(self, file: IO[Any]) -> None:
        self._file = file
        self._name = f"a temporary file in {visible(tempfile.gettempdir())}"

    def _guard(self, call: Callable[..., Any], *args: Any) -> Any:
        try:
            return call(*args)
        except OSError as e:
            raise OutputFailed(e, self._name) from None

    def write(self, data: Any) -> int:
        return int(self._guard(self._file.write, data))

    def read(self, size: int = -1) -> Any:
        return self._guard(self._file.read, size)

    def seek(self, offset: int, whence: int = 0) -> int:
        return int(self._guard(self._file.seek, offset, whence))

    def flush(self) -> None:
        self._guard(self._file.flush)

    def close(self) -> None:
        try:
            self._file.close()
        except OSError:
            pass  # nothing of it is wanted any more

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def held_back(max_size: int = 1 << 20) -> Any:
    """A text file for output held back until it may be shown (in memory up to ``max_size``)."""
    return _HeldBack(tempfile.SpooledTemporaryFile(max_size=max_size, mode="w+", encoding="utf-8", newline=""))


def temporary_copy() -> Any:
    """A binary temporary file for a copy of what is read once and wanted again (standard input)."""
    return _HeldBack(tempfile.TemporaryFile())


def fit_encoding(stream: Any) -> None:
    """Gives ``stream`` ASCII fallbacks if its encoding cannot show what bridgepad writes."""
    encoding = getattr(stream, "encoding", None)
    reconfigure = getattr(stream, "reconfigure", None)
    if not encoding or reconfigure is None:
        return
    try:
        _SAMPLE.encode(encoding)
        return
    except UnicodeEncodeError:
        pass
    except LookupError:
        return
    reconfigure(errors=FALLBACK_ERRORS)


def say(message: str) -> None:
    """One line on standard error, its control characters visible; silent if even that fails."""
    try:
        print(visible(message), file=sys.stderr)
        sys.stderr.flush()
    except (OSError, OutputFailed, ValueError, AttributeError):
        pass


def _silence(stream: Any) -> None:
    """After a failed write, the process's own stream is pointed at the null device, so that
    the interpreter's last flush of what is still buffered cannot fail again at exit."""
    if stream is None or stream not in (sys.__stdout__, sys.__stderr__):
        return
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return
    try:
        os.dup2(null, fd)
    except OSError:
        pass
    finally:
        os.close(null)


def _raise_terminated(signum: int, _frame: object) -> None:
    raise Terminated(signum)


def _catch_termination() -> dict[int, Any]:
    """SIGTERM and SIGHUP raise Terminated from here on; returns the handlers they replaced."""
    old: dict[int, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return old  # only the main thread may set handlers (as under some test runners)
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            old[sig] = signal.signal(sig, _raise_terminated)
        except (OSError, ValueError):
            pass
    return old


def _restore(old: dict[int, Any]) -> None:
    for sig, handler in old.items():
        try:
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
        except (OSError, ValueError):
            pass


def guarded(command: Callable[[], int], name: str) -> int:
    """Runs ``command`` with standard output and error guarded; returns its exit status.

    ``name`` is the command as messages name it (``bridgepad export``).
    """
    out, err = sys.stdout, sys.stderr
    fit_encoding(out)
    fit_encoding(err)
    handlers = _catch_termination()
    try:
        if out is not None:
            sys.stdout = _Guarded(out, "standard output")
        if err is not None:
            sys.stderr = _Guarded(err, "standard error")
        status = command()
        if sys.stdout is not None:
            sys.stdout.flush()  # what is still buffered fails here, while it can be reported
        return status
    except OutputFailed as e:
        sys.stdout, sys.stderr = out, err
        if e.stream in ("standard output", "standard error"):
            _silence(out if e.stream == "standard output" else err)
        if e.closed_pipe:
            return PIPE_CLOSED_STATUS
        if e.stream != "standard error":  # with standard error gone there is nowhere to say it
            say(f"{name}: {e}.")
        return OUTPUT_FAILED_STATUS
    except Terminated as t:
        return 128 + t.signum
    except KeyboardInterrupt:
        return 130
    finally:
        sys.stdout, sys.stderr = out, err
        _restore(handlers)
