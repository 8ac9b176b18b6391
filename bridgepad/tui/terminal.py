"""Textual's Linux/macOS driver, made safe for a terminal that closes under the app.

Closing a terminal hangs up its tty: the kernel sends the session leader SIGHUP
*and SIGCONT*. Textual 8's driver reads every SIGCONT as the end of a ctrl+z
suspension and starts application mode again, on the dead terminal: it replaces
its output thread with a new one, which dies with EIO at its first write. Writes go
through a queue of 30; nobody empties the new one, so the 30th write blocks the
event loop's thread for ever (a futex wait in ``Queue.put``), with the lock on the
data folder held and SIGTERM's handler never run, since it waits for that loop.

``TerminalDriver`` closes each step of that path:

- a SIGCONT resumes application mode only if the driver suspended it, and only
  onto a terminal that is still there;
- the output thread writes through ``_TerminalOutput``, which never raises: a
  write that fails is dropped, so the thread never dies and the queue always empties;
- writes while no output thread runs (suspended, or stopped) are dropped, not queued;
- the app is told the moment the terminal is found gone (``terminal_lost``), and
  the input thread stops instead of spinning on the dead tty's endless EOF;
- a resumed app is painted again whole (the alternate screen comes back empty);
- ``give_back`` restores the terminal without the event loop, for the watchdog.
"""

from __future__ import annotations

import asyncio
import os
import termios
from typing import IO, Any

from textual.drivers.linux_driver import LinuxDriver

from bridgepad.tui.textual_private import driver_output, driver_writer, replace_driver_output
from bridgepad.tui.watchdog import GONE, terminal_gone


class _TerminalOutput:
    """The file Textual's output thread writes to: the real one, but a failed write is dropped.

    Textual's output thread has no error handling: one OSError ends it, and the app
    then blocks on its next 30 writes.
    """

    def __init__(self, file: IO[str], lost: Any) -> None:
        self._file = file
        self._lost = lost  # called once, from the output thread, when the terminal is gone
        self.gone = False

    def write(self, text: str) -> None:
        if not self.gone:
            self._guard(self._file.write, text)

    def flush(self) -> None:
        if not self.gone:
            self._guard(self._file.flush)

    def fileno(self) -> int:
        return self._file.fileno()

    def _guard(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except OSError as e:
            # Any other error loses this piece of the screen only; the next repaint mends it.
            if e.errno in GONE:
                self.gone = True
                self._lost()
        except ValueError:  # the file was closed under us
            self.gone = True
            self._lost()


# What ``stop_application_mode`` undoes, in one write: the mouse, bracketed paste, line
# wrap, the kitty keyboard, the alternate screen, the hidden cursor, focus reports.
_RESET = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?2004l\x1b[?7h\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l"


class TerminalDriver(LinuxDriver):
    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._suspended = False
        # Textual's driver declares its stream as a text file; ours stands in for it, write for write.
        self._output = _TerminalOutput(driver_output(self), self._lost)
        replace_driver_output(self, self._output)

    def _lost(self) -> None:
        self.stop_reading_if_gone()
        tell = getattr(self._app, "terminal_lost", None)
        if tell is not None:
            tell()

    def write(self, data: str) -> None:
        writer = driver_writer(self)
        if writer is None or not writer.is_alive():
            return  # suspended or stopped: there is no screen to draw on, and nobody to empty the queue
        writer.write(data)

    def suspend_application_mode(self) -> None:
        super().suspend_application_mode()
        self._suspended = True

    def resume_application_mode(self) -> None:
        if not self._suspended:
            return  # a SIGCONT that ends no suspension: the one a hangup sends, or a stray kill -CONT
        if terminal_gone(self.fileno):
            self._lost()  # the terminal closed while the app was stopped
            return
        self._suspended = False
        super().resume_application_mode()
        # The alternate screen comes back empty, and Textual repaints it only if something
        # changes (a Resize of the same size is dropped): on a busy machine nothing did, and
        # the player came back from ctrl+z to a blank screen. The loop repaints it whole.
        loop = asyncio.get_running_loop()
        loop.call_soon_threadsafe(lambda: self._app.refresh(repaint=True, layout=True))

    def stop_reading_if_gone(self) -> None:
        """Ends Textual's input thread once the terminal is gone: a hung-up tty reads as
        endless EOF, which that thread would spin on, taking the CPU from the way out."""
        if terminal_gone(self.fileno):
            self.exit_event.set()

    def give_back(self) -> None:
        """Restores a terminal that is still there, from any thread: for the watchdog, whose
        loop is wedged and so will never run ``stop_application_mode``."""
        if self._output.gone or terminal_gone(self.fileno):
            return
        if self.attrs_before is not None:
            termios.tcsetattr(self.fileno, termios.TCSANOW, self.attrs_before)
        os.write(self._output.fileno(), _RESET.encode())
