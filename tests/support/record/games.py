"""One game of each mode the record's views must add up for, each worked by hand.

Every game has an id, start and last-change times and an entry time on each hand, as
the app writes them, and rules other than the defaults where the mode has any, so
that a round trip that dropped one would show.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bridgepad.core.model import Contract, Hand, Revoke, Seat, Side, Strain
from bridgepad.core.readers.log import parse_log
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import (
    ChicagoVulnerable,
    DuplicateScoring,
    PassWord,
    Settings,
)
from bridgepad.store.game_store import GameStore, StoredGame
from support.builders import WORKED_LOG


@dataclass(frozen=True)
class Case:
    name: str
    stored: StoredGame
    ns: int  # the pad's totals, worked by hand
    ew: int
    imps: str | None = None  # duplicate: the session's N-S IMPs
    matchpoints: tuple[int, int] | None = None  # duplicate: N-S matchpoints and the sum of the tops


def _timed(game: Game, day: int, hour: int) -> Game:
    """Each hand entered a minute after the last, from ``hour``:00 on 2026-11-``day``."""
    hands = tuple(replace(h, at=f"2026-11-{day:02d}T{hour:02d}:{k + 1:02d}:00+01:00") for k, h in enumerate(game.hands))
    return replace(game, hands=hands)


def _stored(game_id: str, game: Game, day: int, hour: int) -> StoredGame:
    game = _timed(game, day, hour)
    return StoredGame(
        game_id, game, f"2026-11-{day:02d}T{hour:02d}:00:00+01:00", f"2026-11-{day:02d}T{hour:02d}:{len(game.hands):02d}:30+01:00"
    )


def _log(text: str, settings: Settings | None = None) -> Game:
    (state,) = parse_log(text).games(settings)
    return state.game


# The rules' worked rubber: N-S 1,830, E-W 510.
WORKED = WORKED_LOG

# Ended early: N 4S 10 (N-S 120 below, a game), E 1NT 8 (E-W 40 below, 30 above), and a
# revoke hand: S 2H 7 as played with E-W revoking and winning 2 tricks after it: two
# tricks to declarer, 9 scored: 2H+1 = 60 below and 30 above for N-S. Then ended:
# N-S have a game (300) and a part score in the open game (100); E-W a part score (100).
# N-S: 120 + 60 + 30 + 300 + 100 = 610. E-W: 40 + 30 + 100 = 170.
ENDED = Game(
    mode=Mode.RUBBER,
    settings=Settings(honors=False, we=Side.EW, pass_word=PassWord.NO_BID),
    first_dealer=Seat.E,
    players=("Ann", "Bob", "", "Di"),
    hands=(
        Hand(Contract(4, Strain.S), Seat.N, 10),
        Hand(Contract(1, Strain.NT), Seat.E, 8),
        Hand(Contract(2, Strain.H), Seat.S, 7, revoke=Revoke(Side.EW, 2)),
    ),
    ended=True,
)

# Chicago, deals 2 and 3 the dealer's side vulnerable (a setting): 1NT by N making 7
# (N-S 40), 2S by E making 8 (E-W 60), a pass-out (redealt), 1C by S making 7 (N-S 20),
# 1D by W making 7 (E-W 20). After deal 4 both sides have a part score open: 100 each.
# N-S: 40 + 20 + 100 = 160. E-W: 60 + 20 + 100 = 180.
CHICAGO = _log(
    "chicago\nplayers N=Ann E=Bob S=Cy W=Di\nN 1NT 7\nE 2S 8\npass\nS 1C 7\nW 1D 7\n",
    Settings(chicago_vulnerable=ChicagoVulnerable.DEALER),
)

# Duplicate, boards 1-3. Board 1 (nobody vulnerable): N 4S 10, N-S +420; others 450 and
# -50: -30 is 1 IMP against, +470 is 10 for: (10 - 1) / 2 = 4.5 IMPs; beats -50, loses
# to 450: 2 of 4. Board 2 (N-S vulnerable, E-W not): E 3NT 8, one down not vulnerable,
# N-S +50; other -400: +450 is 10 IMPs; beats it: 2 of 2. Board 3 (E-W vulnerable):
# passed out, 0; others 0 and 110: 0 and -3 IMPs, -1.5; ties 0, loses to 110: 1 of 4.
# Session: 4.5 + 10 - 1.5 = +13 IMPs; 5 of 10 matchpoints as scored; each board the same weight,
# board 2 (2 results) factored to 3 by Neuberg's formula, (2 + 1) × 3 / 2 − 1 = 3.5 of 4:
# (2 + 3.5 + 1) / 12 = 54.17%; N-S scores 420 + 50 + 0.
BOARDS = (
    Hand(Contract(4, Strain.S), Seat.N, 10, others=(450, -50)),
    Hand(Contract(3, Strain.NT), Seat.E, 8, others=(-400,)),
    Hand(others=(0, 110)),
)


def duplicate(scoring: DuplicateScoring) -> Game:
    return Game(
        mode=Mode.DUPLICATE,
        settings=Settings(duplicate_scoring=scoring),
        players=("Ann", "Bob", "Cy", "Di"),
        hands=BOARDS,
    )


CASES = (
    Case("rubber won", _stored("20261127-200000-aa01", _log(WORKED), 27, 20), 1830, 510),
    Case("rubber ended early", _stored("20261127-210000-aa02", ENDED, 27, 21), 610, 170),
    Case("chicago open part score", _stored("20261127-220000-aa03", CHICAGO, 27, 22), 160, 180),
    Case("duplicate imps", _stored("20261128-190000-aa04", duplicate(DuplicateScoring.IMPS), 28, 19), 470, 0, "13", (5, 10)),
    Case(
        "duplicate matchpoints",
        _stored("20261128-200000-aa05", duplicate(DuplicateScoring.MATCHPOINTS), 28, 20),
        470,
        0,
        "13",
        (5, 10),
    ),
)


def plant(store: GameStore) -> list[StoredGame]:
    """Every case saved in ``store`` as the app would have saved it."""
    store.ensure()
    for case in CASES:
        store.save(case.stored)
    return [case.stored for case in CASES]
