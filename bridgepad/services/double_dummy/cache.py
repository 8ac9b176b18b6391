"""Which boards of a game still wait for their double-dummy solution, and the games' caches completed.

A game's cache (``StoredGame.solved``, kept at the end of its file) holds a solution for
each board already solved, by board and deal; the pad keeps it filled as it solves
(``Session.keep_solved``). A command that writes a game out (``bridgepad export``) solves
only what its cache lacks, in memory: reading a game never writes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.double_dummy import Solution, Solved
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import Game

if TYPE_CHECKING:
    from bridgepad.services.double_dummy import solver
else:
    solver = lazy("bridgepad.services.double_dummy.solver")  # its processes: loaded only when a board waits

Key = tuple[int, Deal]


def unsolved(game: Game, solved: Solved) -> tuple[Key, ...]:
    """The boards of ``game`` whose cards are known and whose solution is not in ``solved``."""
    if game.deals is None:
        return ()
    return tuple((b.board, b.deal) for b in game.deals.boards if (b.board, b.deal) not in solved)


def kept_keys(game: Game, solved: Solved) -> frozenset[Key]:
    """The keys of ``solved`` that are boards of ``game`` with the same cards (those of cards since replaced are not)."""
    if game.deals is None:
        return frozenset()
    return frozenset((b.board, b.deal) for b in game.deals.boards if (b.board, b.deal) in solved)


def completed(
    games: Sequence[tuple[Game, Solved]], progress: Callable[[int, int], None] | None = None
) -> list[dict[Key, Solution]]:
    """Each game's cache with what it lacked solved (all the games' boards in one pool)."""
    wanted: list[Key] = []
    for game, solved in games:
        wanted.extend(k for k in unsolved(game, solved) if k not in wanted)
    found: dict[Key, Solution] = {}
    if wanted:
        found = solver.solve_all(wanted, (lambda done, total, _key, _s: progress(done, total)) if progress else None)
    out = []
    for game, solved in games:
        cache = dict(solved)
        cache.update({k: found[k] for k in unsolved(game, solved) if k in found})
        out.append(cache)
    return out
