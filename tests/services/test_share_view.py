"""The phone page of a game whose boards' cards are known: each board's explanation has its
hands, par, double dummy and the club's field, and the table of boards the session against
the field, as the pad shows them (the page's state, as ``bridgepad share`` serves it)."""

from __future__ import annotations

from support.builders import hand

from bridgepad.core.boards.board_set import BoardSet, DealtBoard, FieldResult
from bridgepad.core.boards.dealing import deal_board
from bridgepad.core.records.record import make_record
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.services.double_dummy.solver import solve_here
from bridgepad.services.share.view import page_state

FIELD = tuple(FieldResult(s) for s in (420, 400, 170, -50, 140, 450))


def test_the_phone_shows_each_board_against_par_and_the_field() -> None:
    deal = deal_board(7, 1)
    game = Game(
        mode=Mode.DUPLICATE,
        settings=Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS),
        hands=(hand("4S", "N", "10"),),
        deals=BoardSet((DealtBoard(1, deal, FIELD),)),
    )
    state = page_state(make_record(game, solved={(1, deal): solve_here(1, deal)}), 1)
    (board,) = state["hands"]
    assert "4♠ by N made 10: par is 4♠ by N-S, +420; double dummy N makes 10 in spades." in board["explain"]
    assert "+420 would have scored 4.5 of 6 (75%) at the club." in board["explain"]
    assert "S ♠AKT8654 ♥5 ♦J5 ♣AKQ" in board["explain"]
    assert state["boards"]["field"] == "Against the club: N-S 75.00% over 1 board"
    # Not yet solved: said so, and the rest stands.
    waiting = page_state(make_record(game), 1)["hands"][0]["explain"]
    assert "4♠ by N made 10: par and double dummy are being worked out." in waiting


def test_a_game_without_cards_has_no_field_line() -> None:
    game = Game(mode=Mode.DUPLICATE, hands=(hand("4S", "N", "10", others=(420,)),))
    assert page_state(make_record(game), 1)["boards"]["field"] == ""
