"""A set of boards solved double dummy in a pool of solving processes, a few boards a task.

DDS solves a set of boards fastest itself, sharing them out among threads on every core
(``calc_all_tables``): measured on two cores, 32 boards took 9.6 s that way against 30 s
as one task a board in a process a core with a DDS thread each. So the pool has one
process (``processes`` may ask for more), its tasks are ``CHUNK`` boards each, and the
progress is told as each task comes back ("8 of 32 boards"). A process rather than a
thread, so that the pad's own process stays free for its keys: the solving process runs
below the pad's priority, starts fresh (``spawn``: nothing of the pad's threads or open
files goes with it), and is ended at once when the solving is cancelled (the pad
closing, or another game coming on it).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.pool
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from multiprocessing import resource_tracker

from bridgepad.core.boards.cards import Deal, read_deal
from bridgepad.core.boards.double_dummy import (
    Par,
    ParContract,
    Solution,
    TrickTable,
    par_contract_order,
    seats_in_order,
)
from bridgepad.core.model import Contract, Doubling, Seat, Strain
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.vulnerability import board_vulnerable, vulnerability_code
from bridgepad.services.double_dummy.engine import Raw, solve_chunk, solve_deal, start_process

Key = tuple[int, Deal]  # a board's number and its deal: what a solution is kept by
WAKE_SECONDS = 0.25  # how often a run looks whether it is to stop
CHUNK = 4  # boards a task: few enough for the progress to move, enough for DDS to share among its threads
Progress = Callable[[int, int, Key, Solution], None]  # done, total, the board just solved, its solution

_LETTER_STRAIN = {"S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C, "N": Strain.NT}


class SolverFailed(RuntimeError):
    """The solving processes could not be started or ended in error; the message says why."""


def job_of(board: int, deal: Deal) -> tuple[int, str, str, str]:
    """What a solving process is given: the board, its deal, dealer and vulnerability by the schedule."""
    return board, deal.pbn(), board_dealer(board).value, vulnerability_code(board_vulnerable(board))


def solution_of(raw: Raw) -> Solution:
    """A solving process's answer as core values: the table, and the par with its contracts
    grouped by side (both seats of a side declaring one are written once, ``NS 4S=``)."""
    tricks, score, contracts = raw
    seats: dict[tuple[int, str, int, int, str], set[Seat]] = {}
    for level, letter, doubling, declarer, result in contracts:
        seat = Seat(declarer)
        seats.setdefault((level, letter, doubling, result, seat.side.value), set()).add(seat)
    pars = [
        ParContract(Contract(level, _LETTER_STRAIN[letter], Doubling(doubling)), seats_in_order(who), result)
        for (level, letter, doubling, result, _side), who in seats.items()
    ]
    return Solution(TrickTable(tuple(tricks)), Par(score, tuple(sorted(pars, key=par_contract_order))))


def solve_here(board: int, deal: Deal) -> Solution:
    """One board solved in this process (a command's single board, and the tests)."""
    _, deal_pbn, dealer, vul = job_of(board, deal)
    return solution_of(solve_deal(deal_pbn, dealer, vul))


@dataclass(slots=True)
class Solving:
    """A set of boards being solved: ``run`` them, and ``cancel`` from another thread."""

    jobs: tuple[Key, ...]
    processes: int = 1  # DDS's threads use every core from one process
    _pool: multiprocessing.pool.Pool | None = None
    cancelled: bool = False

    def run(self, progress: Progress | None = None, stop: Callable[[], bool] | None = None) -> dict[Key, Solution]:
        """Every board's solution (those solved before a cancel, if cancelled); ``stop`` is asked
        every quarter of a second whether to cancel (a worker thread whose app is closing)."""
        out: dict[Key, Solution] = {}
        if not self.jobs:
            return out
        tasks = [[job_of(board, deal) for board, deal in self.jobs[k : k + CHUNK]] for k in range(0, len(self.jobs), CHUNK)]
        n = max(1, min(self.processes, len(tasks)))
        try:
            _start_resource_tracker()
            self._pool = multiprocessing.get_context("spawn").Pool(n, initializer=start_process)
        except OSError as e:
            raise SolverFailed(f"the solving processes could not be started: {e.strerror or e}") from None
        try:
            answers = self._pool.imap_unordered(solve_chunk, tasks)
            for _ in tasks:
                while True:
                    if stop is not None and stop():
                        self.cancelled = True
                    if self.cancelled:
                        return out
                    try:
                        chunk = answers.next(timeout=WAKE_SECONDS)
                        break
                    except multiprocessing.TimeoutError:
                        continue
                for board, deal_pbn, raw in chunk:
                    key = (board, read_deal(deal_pbn))
                    out[key] = solution_of(raw)
                    if progress is not None:
                        progress(len(out), len(self.jobs), key, out[key])
        except Exception as e:
            if self.cancelled:
                return out
            raise SolverFailed(f"the solver stopped: {e}") from e
        finally:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
        return out

    def cancel(self) -> None:
        """Stops the solving now: the processes are ended, and ``run`` returns what it has."""
        self.cancelled = True
        pool = self._pool
        if pool is not None:
            pool.terminate()


def _start_resource_tracker() -> None:
    """multiprocessing's resource tracker, started with its error stream on the null device:
    it would hand on ``sys.stderr``'s file descriptor, which a screen (Textual) has replaced."""
    saved = sys.stderr
    with open(os.devnull, "w") as null:
        sys.stderr = null
        try:
            resource_tracker.ensure_running()
        finally:
            sys.stderr = saved


def solve_all(jobs: Iterable[Key], progress: Progress | None = None, processes: int = 1) -> dict[Key, Solution]:
    """Every board of ``jobs`` solved, in a pool of solving processes (one unless ``processes``)."""
    return Solving(tuple(jobs), processes).run(progress)
