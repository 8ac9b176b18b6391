"""One rules object a mode: what each answers, worked by hand from the rules.

Vulnerability (rubber: a side with a game; Chicago: deal 1 nobody, deal 4 both, deals 2
and 3 by the house rule; duplicate: the schedule printed on the boards), the dealer and
the deal numbers, what ending early pays (a rubber: 300 for a game, 100 for a part score
in the open game; Chicago and duplicate: nothing), the entry fields, a duplicate board's
score as the signed sum of what it writes, and a duplicate session's own state.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from support.builders import hand

from bridgepad.core.model import Seat, Side
from bridgepad.core.readers.notation import parse_contract
from bridgepad.core.rules import tables
from bridgepad.core.rules.game import Game, GameState, Mode, SessionState, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.modes.base import EntryFields
from bridgepad.core.rules.scoring import Kind, duplicate_items, duplicate_score
from bridgepad.core.rules.settings import ChicagoVulnerable, DuplicateScoring, NextDealer, Settings
from bridgepad.core.rules.vulnerability import (
    board_vulnerability_text,
    board_vulnerable,
    chicago_vulnerable,
    rubber_vulnerable,
    vulnerability_code,
    vulnerability_text,
    vulnerable_words,
)

NS, EW = Side.NS, Side.EW
NOBODY: frozenset[Side] = frozenset()
ONLY_NS, ONLY_EW, BOTH = frozenset({NS}), frozenset({EW}), frozenset({NS, EW})
RUBBER, CHICAGO, DUPLICATE = (rules_for(m) for m in (Mode.RUBBER, Mode.CHICAGO, Mode.DUPLICATE))


# --- one object a mode ----------------------------------------------------------------------


def test_each_mode_has_its_rules_and_a_game_asks_them() -> None:
    for mode in Mode:
        assert rules_for(mode).mode is mode
        assert Game(mode=mode).rules is rules_for(mode)
        assert derive(Game(mode=mode)).rules is rules_for(mode)


# --- vulnerability ---------------------------------------------------------------------------


def test_rubber_vulnerability_is_a_game_won() -> None:
    assert rubber_vulnerable(0, 0) == NOBODY
    assert rubber_vulnerable(1, 0) == ONLY_NS
    assert rubber_vulnerable(0, 1) == ONLY_EW
    assert rubber_vulnerable(1, 1) == BOTH


@pytest.mark.parametrize(
    ("deal", "dealer", "rule", "vul"),
    [
        (1, Seat.N, ChicagoVulnerable.OPPONENTS, NOBODY),
        (4, Seat.W, ChicagoVulnerable.OPPONENTS, BOTH),
        # East deals deal 2: the opponents of E-W are N-S; the dealer's side is E-W.
        (2, Seat.E, ChicagoVulnerable.OPPONENTS, ONLY_NS),
        (2, Seat.E, ChicagoVulnerable.DEALER, ONLY_EW),
        (2, Seat.E, ChicagoVulnerable.DEALER_THEN_OPPONENTS, ONLY_EW),
        # South deals deal 3: opponents E-W, dealer's side N-S; dealer-then-opponents: opponents on 3.
        (3, Seat.S, ChicagoVulnerable.OPPONENTS, ONLY_EW),
        (3, Seat.S, ChicagoVulnerable.DEALER, ONLY_NS),
        (3, Seat.S, ChicagoVulnerable.DEALER_THEN_OPPONENTS, ONLY_EW),
    ],
)
def test_chicago_vulnerability_by_deal_and_house_rule(deal: int, dealer: Seat, rule: ChicagoVulnerable, vul) -> None:
    assert chicago_vulnerable(deal, dealer, rule) == vul


@pytest.mark.parametrize(
    ("board", "vul"),
    [(1, NOBODY), (2, ONLY_NS), (3, ONLY_EW), (4, BOTH), (5, ONLY_NS), (8, NOBODY), (9, ONLY_EW), (16, ONLY_EW), (17, NOBODY)],
)
def test_the_board_schedule(board: int, vul) -> None:
    assert board_vulnerable(board) == vul


def test_the_words_for_vulnerability() -> None:
    assert [vulnerability_code(v) for v in (NOBODY, ONLY_NS, ONLY_EW, BOTH)] == ["none", "NS", "EW", "both"]
    assert vulnerable_words(ONLY_EW) == "only E-W are vulnerable"
    assert vulnerability_text(ONLY_EW, we=EW) == "We (E-W) vulnerable"
    assert vulnerability_text(ONLY_EW) == "They (E-W) vulnerable"
    assert vulnerability_text(BOTH) == "Both vulnerable"
    # A board at several tables: nobody is We or They.
    assert [board_vulnerability_text(v) for v in (NOBODY, ONLY_NS, ONLY_EW, BOTH)] == [
        "Nobody vulnerable",
        "N-S vulnerable",
        "E-W vulnerable",
        "Both vulnerable",
    ]


def test_each_game_follows_its_own_vulnerability() -> None:
    # Rubber: N's 4S (120, a game) makes N-S vulnerable for hand 2.
    st = derive(Game(hands=(hand("4S", "N", "10"),)))
    assert st.hands[0].vulnerable == NOBODY and st.next_vulnerable == ONLY_NS
    # Chicago, North first: deal 2 is East's, and the rule book makes East's opponents vulnerable.
    st = derive(Game(mode=Mode.CHICAGO, hands=(hand("4S", "N", "10"),)))
    assert st.next_deal == 2 and st.next_dealer is Seat.E and st.next_vulnerable == ONLY_NS
    # Duplicate from board 3: E-W vulnerable, South deals; board 4 both, West deals.
    st = derive(Game(mode=Mode.DUPLICATE, first_board=3, hands=(hand("4S", "E", "10"),)))
    assert (st.hands[0].deal, st.hands[0].dealer, st.hands[0].vulnerable) == (3, Seat.S, ONLY_EW)
    assert (st.next_deal, st.next_dealer, st.next_vulnerable) == (4, Seat.W, BOTH)


# --- dealer and deal numbers -------------------------------------------------------------------


def test_deal_numbers_and_words() -> None:
    # A rubber's hands are numbered in order, pass-outs too; the deal passes on.
    st = derive(Game(first_dealer=Seat.W, hands=(hand("pass"), hand("1NT", "N", "7"))))
    assert st.next_deal == 3 and st.next_dealer is Seat.E
    assert RUBBER.deal_label(3) == "Hand 3" and RUBBER.hand_label(2, None) == "Hand 2" and RUBBER.deal_cell(2, None) == "2"
    # A Chicago deal passed out is dealt again by the same dealer and does not count.
    st = derive(Game(mode=Mode.CHICAGO, first_dealer=Seat.S, hands=(hand("pass"),)))
    assert st.hands[0].deal is None and st.next_deal == 1 and st.next_dealer is Seat.S
    assert CHICAGO.deal_label(1) == "Deal 1 of 4" and CHICAGO.hand_label(1, None) == "Hand 1, redealt"
    assert CHICAGO.deal_cell(1, None) == "–" and CHICAGO.hand_label(2, 1) == "Hand 2, deal 1 of 4"
    assert CHICAGO.redeal_notice("Ann (S)") == "Passed out: Ann (S) deals again, and the deal does not count."
    assert RUBBER.redeal_notice("Ann (S)") == "" and DUPLICATE.redeal_notice("Ann (S)") == ""
    # Duplicate: the board is its number wherever it is named.
    assert DUPLICATE.deal_label(7) == "Board 7" and DUPLICATE.hand_label(1, 7) == "Board 7"
    assert DUPLICATE.board_number(1, 7) == 7 and RUBBER.board_number(4, None) == 4 and CHICAGO.board_number(5, 1) == 5
    assert [r.deal_column for r in (RUBBER, CHICAGO, DUPLICATE)] == ["#", "Deal", "Bd"]
    assert [r.game_title(2) for r in (RUBBER, CHICAGO, DUPLICATE)] == ["Rubber 2", "Chicago 2", "Duplicate 2"]


def test_the_next_game_starts_where_its_rules_say() -> None:
    # A rubber won by N-S (two games, North, East dealing): the deal passes on to South.
    won = derive(Game(hands=(hand("4S", "N", "10"), hand("4S", "E", "4"), hand("3NT", "S", "9"))))
    assert won.status is Status.WON and won.next_first_dealer is Seat.W
    # Played "rotates": left of this rubber's first dealer (North), whoever dealt last.
    rotates = derive(replace(won.game, settings=Settings(next_dealer=NextDealer.ROTATES)))
    assert rotates.next_first_dealer is Seat.E
    # Duplicate follows on from the next board; a rubber or a Chicago always starts at 1.
    session = derive(Game(mode=Mode.DUPLICATE, first_board=5, hands=(hand("1NT", "N", "7"), hand("1NT", "E", "7"))))
    assert DUPLICATE.next_first_board(session.next_deal) == 7 and RUBBER.next_first_board(4) == 1
    # "rotates" is no rule of duplicate's: the next board's dealer is printed on it (board 7: South).
    rotating = derive(replace(session.game, settings=Settings(next_dealer=NextDealer.ROTATES)))
    assert rotating.next_first_dealer is Seat.S


# --- ending early ------------------------------------------------------------------------------


def test_a_rubber_ended_early_pays_300_for_a_game_and_100_for_a_part_score() -> None:
    # N-S: 4S by N, 10 tricks: 120 below, a game. E-W: 2H by E, 8 tricks: 60 below, open.
    game = Game(hands=(hand("4S", "N", "10"), hand("2H", "E", "8")), ended=True)
    st = derive(game)
    assert st.status is Status.ENDED
    assert [(b.side, b.points, b.kind) for b in st.bonuses] == [
        (NS, 300, Kind.UNFINISHED_GAME),
        (EW, 100, Kind.UNFINISHED_PART_SCORE),
    ]
    assert (st.total(NS), st.total(EW)) == (120 + 300, 60 + 100)
    assert RUBBER.ending_early == "A side with a game scores 300, a side with a part score in the open game 100."


def test_a_chicago_or_a_session_ended_early_pays_nothing() -> None:
    # Chicago deal 1, nobody vulnerable: 4S by N, 10 tricks: 120 below and 300 for the game at once.
    st = derive(Game(mode=Mode.CHICAGO, hands=(hand("4S", "N", "10"),), ended=True))
    assert st.status is Status.ENDED and st.bonuses == () and st.total(NS) == 420
    assert CHICAGO.ending_early == "No bonus is paid for the deals not played."
    st = derive(Game(mode=Mode.DUPLICATE, hands=(hand("4S", "N", "10"),), ended=True))
    assert st.status is Status.ENDED and st.bonuses == () and st.hands[0].ns_score == 420
    assert DUPLICATE.ending_early == "The boards played so far stand as they are."


# --- what a hand is entered with ---------------------------------------------------------------


def test_the_entry_fields() -> None:
    assert RUBBER.entry_fields(Settings()) == EntryFields(honors=True)
    assert CHICAGO.entry_fields(Settings(honors=False)) == EntryFields()
    assert DUPLICATE.entry_fields(Settings(honors=True)) == EntryFields(others=True)  # no honors at duplicate
    assert [r.dealt_at_table for r in (RUBBER, CHICAGO, DUPLICATE)] == [True, True, False]


# --- a duplicate board's score, and the session's state -----------------------------------------


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "score"),
    [
        ("2S", 9, False, 60 + 30 + 50),  # trick score, an overtrick, the part-score bonus
        ("4S", 10, True, 120 + 500),  # trick score and the vulnerable game bonus
        ("4SX", 10, True, 240 + 50 + 500),  # doubled into game: the insult and the game bonus
        ("3NT", 7, True, -200),  # two down vulnerable, undoubled
        ("6NT", 12, False, 190 + 500 + 300),  # trick score, small slam, game bonus
    ],
)
def test_the_board_score_is_the_signed_sum_of_its_items(contract: str, tricks: int, vulnerable: bool, score: int) -> None:
    c = parse_contract(contract)
    assert c is not None
    items = duplicate_items(c, tricks, vulnerable)
    assert duplicate_score(c, tricks, vulnerable) == score
    assert sum(i.points if i.for_declarer else -i.points for i in items) == score


def test_a_board_played_writes_its_n_s_score() -> None:
    # Board 3 (E-W vulnerable): East's 4S, ten tricks: 120 + 500 = 620 to E-W, so N-S -620.
    st = derive(Game(mode=Mode.DUPLICATE, first_board=3, hands=(hand("4S", "E", "10"),)))
    assert st.hands[0].ns_score == -620
    # Board 2 (N-S vulnerable): North's 3NT two down: 200 to E-W.
    st = derive(Game(mode=Mode.DUPLICATE, first_board=2, hands=(hand("3NT", "N", "7"),)))
    assert st.hands[0].ns_score == -200


def test_a_session_has_a_state_of_its_own() -> None:
    # Board 1 (nobody vulnerable): N's 2S with an overtrick, +140, against 110: 30 difference, 1 IMP;
    # beats it: 2 of 2 matchpoints. Board 2 (N-S vulnerable): N's 3NT two down, -200, against -100:
    # 100 difference, 3 IMPs to E-W; 0 of 2. Session: -2 IMPs, 2 of 4 matchpoints, 50%.
    hands = (hand("2S", "N", "9", others=(110,)), hand("3NT", "N", "7", others=(-100,)))
    st = derive(Game(mode=Mode.DUPLICATE, hands=hands))
    assert isinstance(st, SessionState) and st.session is st
    assert [h.ns_score for h in st.hands] == [140, -200]
    assert [h.imps for h in st.hands] == [Decimal(1), Decimal(-3)]
    assert (st.imps_total, st.matchpoints, st.top, st.percent, st.compared, st.ns_total) == (
        Decimal(-2),
        2,
        4,
        Decimal("50.00"),
        2,
        -60,
    )
    mp = derive(Game(mode=Mode.DUPLICATE, settings=Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS), hands=hands))
    assert DUPLICATE.event(mp.game.settings) == "Duplicate, matchpoints" and DUPLICATE.event(Settings()) == "Duplicate, IMPs"
    # A rubber or a Chicago compares nothing: its state is the shared one, with no session.
    for mode in (Mode.RUBBER, Mode.CHICAGO):
        plain = derive(Game(mode=mode, hands=(hand("2S", "N", "9"),)))
        assert type(plain) is GameState and plain.session is None and plain.compared == 0
        assert plain.hands[0].ns_score is None and plain.hands[0].comparison is None


def test_the_tables_say_what_ending_a_rubber_pays() -> None:
    # The sentence is built from the tables: a change of the figure changes it.
    assert str(tables.UNFINISHED_GAME) in RUBBER.ending_early and str(tables.UNFINISHED_PART_SCORE) in RUBBER.ending_early


def test_one_game_of_each_mode_is_named_as_players_say_it() -> None:
    # "the next rubber", "the next Chicago", and at duplicate "the next session", not "duplicate".
    assert [rules_for(m).one_game for m in (Mode.RUBBER, Mode.CHICAGO, Mode.DUPLICATE)] == ["rubber", "Chicago", "session"]
