"""What the tests build their games from: one ``hand()``, and the rules' worked rubber.

``hand(contract, declarer, result, honors)`` takes a hand in the order of the entry form
and in its words ("4HX", "E", "8" or "-2" or "=", "EW 150"; "pass" for a passed-out
deal), read by the same readers the form and the log use.

``WORKED_LOG`` is the worked rubber of the rules (We, North-South, 1,830; They 510), as a
log; ``WORKED`` its seven hands. Every test that plays it takes it from here.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.model import Hand, Side
from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.notation import parse_contract, parse_honors, parse_seat, parse_tricks
from bridgepad.core.rules.game import Game, Mode, Status
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.store.game_store import GameStore, StoredGame


def hand(contract: str, declarer: str = "", result: str = "", honors: str = "", *, others: tuple[int, ...] = ()) -> Hand:
    """One hand as typed; ``others``: a duplicate board's N-S scores at the other tables."""
    c = parse_contract(contract)
    if c is None:  # passed out
        assert not (declarer or result or honors), (contract, declarer, result, honors)
        return Hand(others=others)
    return Hand(c, parse_seat(declarer), parse_tricks(result, c), parse_honors(honors, c), others)


# The deal passes to the left from North; each hand is declared by its dealer.
# 1: we bid 3S and take ten (90 below, 30 above). 2: they bid 4H, we double, they take
# eight (300 above for us). 3: our 2C, a game with the 90. 4: their 3NT and four aces
# (100 below, a game; 150 above). 5: our 4SX one down, vulnerable (200 to them). 6: their
# 2H (60 below). 7: our 6D (120 below, a game; 750 for the slam, 500 for the rubber).
WORKED_LOG = """\
players N=Ann E=Bob S=Cy W=Di
N 3S 10
E 4HX 8
S 2C 8
W 3NT 9 honors EW 150
N 4SX 9
E 2H 8
S 6D 12
"""

WORKED: tuple[Hand, ...] = parse_log(WORKED_LOG).games()[0].game.hands


def examples(thorough: int) -> int:
    """How many examples a hypothesis property tries: ``thorough`` with BRIDGEPAD_THOROUGH=1,
    half of it (never fewer than 50) by default, to keep the whole suite quick."""
    import os

    return thorough if os.environ.get("BRIDGEPAD_THOROUGH") == "1" else max(50, thorough // 2)


def result(
    players: tuple[str, str, str, str],
    ns_total: int,
    ew_total: int,
    status: Status,
    created: datetime | None = None,
    id: str = "",
    *,
    updated: datetime | None = None,
    mode: Mode = Mode.RUBBER,
    scoring: DuplicateScoring | None = None,
    imps: Decimal | None = None,
    matchpoints: int = 0,
    top: int = 0,
    sitting_out: tuple[str, ...] = (),
) -> GameSummary:
    """A game's summary with only what the tally reads of it: the names, the two totals,
    how it stands, when it started and last changed, and a session's comparison."""
    return GameSummary(
        id=id,
        created=created,
        updated=updated,
        mode=mode,
        players=players,
        games=(0, 0),
        totals=(ns_total, ew_total),
        status=status,
        complete=status.over,
        hands=0,
        we=Side.NS,
        headline="",
        scoring=scoring,
        imps=imps,
        matchpoints=matchpoints,
        top=top,
        sitting_out=sitting_out,
    )


def create_current(store: GameStore, game: Game) -> StoredGame:
    """Writes ``game`` as a new game file and makes it the one on the pad, as a session's first save does."""
    stored = store.new_stored(game)
    store.ensure()
    store.save(stored)
    store.set_current(stored.id)
    return stored
