"""The pad that helps: what each side needs for game, whether a contract would make game from
the part score on, and who shuffles the second pack.

Game is 100 trick points below the line (the rule book); a part score carries in a rubber and,
as the rule book plays Chicago, until a game; the trick score of a contract made is 20 a trick
in a minor, 30 in a major, 40 for the first notrump trick and 30 after, times 2 doubled
and 4 redoubled. The rule book, "The deal": the dealer's partner shuffles the second pack
while the dealer deals, ready for the next deal.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bridgepad.core.model import Seat, Side
from bridgepad.core.readers.entry import read_form
from bridgepad.core.readers.notation import parse_contract
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.settings import ChicagoPartScore, Settings
from bridgepad.core.words.summary import game_needs, making_note, need_text, shuffler


def played(*hands: tuple[str, str, str], mode: Mode = Mode.RUBBER, settings: Settings | None = None):  # type: ignore[no-untyped-def]
    game = Game(mode=mode, settings=settings or Settings())
    for contract, declarer, result in hands:
        reading = read_form({"contract": contract, "declarer": declarer, "result": result})
        assert reading.hand is not None, reading.errors
        game = game.add(reading.hand)
    return derive(game)


def test_a_part_score_on_says_what_is_still_needed() -> None:
    # 2S by N making 8: 2 × 30 = 60 below for N-S; E-W have nothing on.
    st = played(("2S", "N", "8"))
    assert game_needs(st) == {Side.NS: 40, Side.EW: 100}
    assert need_text(st) == "N-S 60 on: need 40 · E-W need 100"
    # We are E-W: We come first.
    st_ew = derive(replace(st.game, settings=Settings(we=Side.EW)))
    assert need_text(st_ew) == "E-W need 100 · N-S 60 on: need 40"


def test_both_part_scores_and_a_game_that_wipes_them() -> None:
    # 2S by N, 8: N-S 60. 1NT by E, 7: E-W 40. Then 3NT by W, 9: E-W 40 + 100 = game, and the
    # line is drawn under both part scores: nothing on for either side.
    st = played(("2S", "N", "8"), ("1NT", "E", "7"))
    assert need_text(st) == "N-S 60 on: need 40 · E-W 40 on: need 60"
    st = played(("2S", "N", "8"), ("1NT", "E", "7"), ("3NT", "W", "9"))
    # No part score on, in a whole sentence: "Game is 100: no part score on" read as cut off.
    assert need_text(st) == "Both sides need 100 for game"


def test_nothing_is_said_where_nothing_carries() -> None:
    # Duplicate boards and Chicago played "fifty" carry no part score; a finished rubber needs nothing.
    assert need_text(played(("2S", "N", "8"), mode=Mode.DUPLICATE)) == ""
    fifty = Settings(chicago_part_score=ChicagoPartScore.FIFTY)
    assert need_text(played(("2S", "N", "8"), mode=Mode.CHICAGO, settings=fifty)) == ""
    assert need_text(played(("2S", "N", "8"), mode=Mode.CHICAGO)) == "N-S 60 on: need 40 · E-W need 100"
    won = played(("4S", "N", "10"), ("4S", "N", "10"))
    assert won.over and need_text(won) == "" and game_needs(won) is None


@pytest.mark.parametrize(
    "contract,declaring,note",
    [
        # N-S have 60 on. 2H = 60: 60 + 60 = 120, game; for E-W 60 of 100.
        ("2H", None, "If 2♥ makes: game for N-S (60 on + 60); a part score for E-W (60 of 100)."),
        ("2H", Side.NS, "If 2♥ makes: game for N-S (60 on + 60)."),
        ("2H", Side.EW, "If 2♥ makes: a part score for E-W (60 of 100)."),
        # 1C = 20: N-S 60 + 20 = 80, short of game.
        ("1C", Side.NS, "If 1♣ makes: a part score for N-S (80 of 100)."),
        # 1NT doubled = 40 × 2 = 80: with 60 on, 140, game; for E-W, 80 of 100.
        ("1NTX", None, "If 1NTX makes: game for N-S (60 on + 80); a part score for E-W (80 of 100)."),
        # 5D = 5 × 20 = 100: game for either side on its own.
        ("5D", Side.EW, "If 5♦ makes: game for E-W (100)."),
        # 4S = 120: game on its own for either side, N-S's 60 on not worth a word: said once.
        ("4S", None, "If 4♠ makes: game (120)."),
    ],
)
def test_the_contract_field_says_when_a_contract_would_make_game(contract: str, declaring: Side | None, note: str) -> None:
    before = played(("2S", "N", "8"))
    c = parse_contract(contract)
    assert c is not None
    assert making_note(before, c, declaring) == note


def test_with_nothing_on_either_side_the_note_is_said_once() -> None:
    c = parse_contract("3NT")
    assert c is not None
    # 3NT = 40 + 30 + 30 = 100: game from nothing.
    assert making_note(played(), c) == "If 3NT makes: game (100)."
    # At duplicate nothing carries: 2H is a part score whatever the board before.
    c2 = parse_contract("2H")
    assert c2 is not None
    assert making_note(played(("2S", "N", "8"), mode=Mode.DUPLICATE), c2) == "If 2♥ makes: a part score (60 of 100)."


@pytest.mark.parametrize("dealer,shuffles", [(Seat.N, Seat.S), (Seat.E, Seat.W), (Seat.S, Seat.N), (Seat.W, Seat.E)])
def test_the_dealers_partner_shuffles_the_second_pack(dealer: Seat, shuffles: Seat) -> None:
    assert shuffler(dealer) is shuffles
