"""The one derived record of a game, and the schema 3 inputs it is built from.

Every expected figure is worked by hand in the comments, from the rule book's tables.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from support.builders import WORKED_LOG as WORKED

from bridgepad.core.model import Contract, Hand, Revoke, Seat, Side, Strain
from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.serialize import SCHEMA, game_from_json, game_to_json
from bridgepad.core.records.record import LineKind, make_record, record_of
from bridgepad.core.rules.duplicate import compare, imps_text
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.revoke import check, scored_tricks, transfer
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import ChicagoPartScore, Settings

NS, EW = Side.NS, Side.EW


def sums(record) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """N-S and E-W totals as a spreadsheet would add the record's lines."""
    ns = sum(line.figures.ns_below + line.figures.ns_above for line in record.lines)
    ew = sum(line.figures.ew_below + line.figures.ew_above for line in record.lines)
    return ns, ew


def one_game(log: str, settings: Settings | None = None):  # type: ignore[no-untyped-def]
    (state,) = parse_log(log).games(settings)
    return record_of(state, "g1", "2026-12-01T19:00:00+01:00")


# The lines add up to the pad ---------------------------------------------------


def test_the_worked_rubber_lines_add_up_to_1830_and_510() -> None:
    r = one_game(WORKED)
    assert [line.kind for line in r.lines] == [LineKind.HAND] * 7 + [LineKind.BONUS]
    assert sums(r) == (1830, 510)
    bonus = r.lines[-1]
    # Two games to one: 500, to N-S, above the line, written by no hand.
    assert (bonus.bonus, bonus.figures.ns_above, bonus.number) == (Kind.RUBBER, 500, None)
    assert (r.total(NS), r.total(EW), r.margin) == (1830, 510, 1320)


def test_an_unfinished_rubber_writes_its_300_and_100_as_bonus_lines() -> None:
    # N 4S 10: N-S 120 below, a game. E 1NT 8: E-W 40 below and 30 above, a part score.
    # Ended: N-S have a game, 300; E-W a part score in the open game, 100. Pad: 420 v 170.
    r = one_game("N 4S 10\nE 1NT 8\nend\n")
    hands = [(line.figures.ns_below, line.figures.ew_below, line.figures.ew_above) for line in r.hand_lines]
    assert hands == [(120, 0, 0), (0, 40, 30)]
    assert [(line.bonus, line.figures.total(NS), line.figures.total(EW)) for line in r.bonus_lines] == [
        (Kind.UNFINISHED_GAME, 300, 0),
        (Kind.UNFINISHED_PART_SCORE, 0, 100),
    ]
    assert sums(r) == (420, 170) == (r.total(NS), r.total(EW))


def test_a_chicago_with_part_scores_open_after_deal_4() -> None:
    # Four one-club part scores, 20 below each, never a game: N-S 40 and E-W 40 open after
    # deal 4, so each side earns 100 for it. Totals 140 all.
    r = one_game("chicago\nN 1C 7\nE 1C 7\nS 1C 7\nW 1C 7\n")
    assert [line.deal for line in r.hand_lines] == [1, 2, 3, 4]
    assert [(line.bonus, line.figures.total(NS), line.figures.total(EW)) for line in r.bonus_lines] == [
        (Kind.OPEN_PART_SCORE, 100, 0),
        (Kind.OPEN_PART_SCORE, 0, 100),
    ]
    assert sums(r) == (140, 140)


def test_chicago_played_fifty_has_no_bonus_lines() -> None:
    # Each part score earns 50 at once, in its own hand's line: 20 + 50 for each side twice.
    r = one_game("chicago\nN 1C 7\nE 1C 7\nS 1C 7\nW 1C 7\n", Settings(chicago_part_score=ChicagoPartScore.FIFTY))
    assert r.bonus_lines == ()
    assert sums(r) == (140, 140)


def test_a_record_knows_its_players_and_file() -> None:
    r = make_record(Game(players=("Ann", "", "Cy", "Di")), "id-1", "2026-12-01T19:00:00+01:00")
    assert (r.id, r.created, r.updated) == ("id-1", "2026-12-01T19:00:00+01:00", "2026-12-01T19:00:00+01:00")
    assert r.side_names(NS) == ("Ann", "Cy") and r.side_names(EW) == ("", "Di")
    assert r.players == {Seat.N: "Ann", Seat.S: "Cy", Seat.W: "Di"}
    assert r.lines == () and sums(r) == (0, 0)


# Duplicate against several other results ------------------------------------------


def test_matchpoints_and_cross_imps_against_three_results() -> None:
    # N-S +420 against 420, 450 and -50: beats one (-50), ties one (420): 2 + 1 = 3 of 6, 50%.
    # IMPs: 0 against 420; -30 is -1; +470 is 10 (430 to 490). Average (0 - 1 + 10) / 3 = 3.00.
    c = compare(420, (420, 450, -50))
    assert (c.beaten, c.tied, c.matchpoints, c.top, c.ew_matchpoints) == (1, 1, 3, 6, 3)
    assert c.percent == Decimal("50.00")
    assert c.imps == Decimal("3.00")


def test_one_other_result_gives_its_imps_exactly() -> None:
    # +420 against +170 is 250: 6 IMPs (220 to 260); beaten, so 2 of 2.
    c = compare(420, (170,))
    assert c.imps == 6 and (c.matchpoints, c.top) == (2, 2)


def test_cross_imps_are_averaged_to_two_decimals() -> None:
    # -100 against 0 and +50: -100 is -3 (90 to 120), -150 is -4 (130 to 160): -7 / 2 = -3.50.
    assert compare(-100, (0, 50)).imps == Decimal("-3.50")
    # 0 against +110, -50, -50: -110 is -3, +50 is 2 twice: 1 / 3 = 0.333... = 0.33.
    assert compare(0, (110, -50, -50)).imps == Decimal("0.33")
    assert compare(420, ()).imps is None


def test_a_session_adds_its_boards() -> None:
    hands = (
        Hand(Contract(4, Strain.S), Seat.N, 10, others=(420, 450, -50)),  # +420: 3 of 6, +3.00 IMPs
        Hand(others=(-100, 0)),  # passed out, 0: beats -100, ties 0: 3 of 4; +3, 0: +1.50 IMPs
        Hand(Contract(3, Strain.NT), Seat.S, 9),  # board 3, E-W vulnerable: +400, nothing to compare
    )
    st = derive(Game(mode=Mode.DUPLICATE, hands=hands))
    assert [h.ns_score for h in st.hands] == [420, 0, 400]
    # Each board the same weight: board 2 (3 results) factored to 4 by Neuberg's formula,
    # (3 + 1) × 4 / 3 − 1 = 13/3 of 6; (3 + 13/3) / 12 = 61.11%.
    assert (st.matchpoints, st.top, st.percent) == (6, 10, Decimal("61.11"))
    assert st.imps_total == Decimal("4.50")
    assert st.compared == 2
    r = record_of(st)
    running = [line.running for line in r.hand_lines]
    assert [(x.imps, x.matchpoints, x.top) for x in running if x] == [
        (Decimal("3.00"), 3, 6),
        (Decimal("4.50"), 6, 10),
        (Decimal("4.50"), 6, 10),
    ]


@pytest.mark.parametrize(
    ("imps", "text"),
    [
        (Decimal(1), "+1 IMP"),
        (Decimal(-1), "-1 IMP"),
        (Decimal("3.00"), "+3 IMPs"),
        (Decimal("2.33"), "+2.33 IMPs"),
        (0, "+0 IMPs"),
    ],
)
def test_imps_in_words(imps: Decimal, text: str) -> None:
    assert imps_text(imps) == text


# A revoke ---------------------------------------------------------------------------


def four_spades(tricks: int, revoke: Revoke) -> Hand:
    return Hand(Contract(4, Strain.S), Seat.N, tricks, revoke=revoke)


@pytest.mark.parametrize(
    ("revoke", "moved", "scored"),
    [
        (Revoke(EW, 2), 2, 11),  # defenders revoked and won two tricks after: two to declarer
        (Revoke(EW, 5), 2, 11),  # never more than two
        (Revoke(EW, 1), 1, 10),  # only one trick won after: one
        (Revoke(EW, 0), 0, 9),  # none won after: none to give
        (Revoke(EW, 0, trick_12=True), 1, 10),  # on the twelfth trick: one, regardless
        (Revoke(NS, 2), 2, 7),  # declarer's side revoked: two from declarer
    ],
)
def test_revoke_transfers(revoke: Revoke, moved: int, scored: int) -> None:
    hand = four_spades(9, revoke)
    assert transfer(revoke) == moved
    assert scored_tricks(hand) == scored


def test_a_revoke_changes_what_the_hand_scores() -> None:
    # 4S by North, 9 tricks as played, one down; E-W revoked and won two tricks after it:
    # two tricks to N-S, 11 scored: 120 below and 30 above for the overtrick.
    st = derive(Game(hands=(four_spades(9, Revoke(EW, 2)),)))
    h = st.hands[0]
    assert (h.tricks, h.result, h.points(NS, above=False), h.points(NS, above=True)) == (11, "+1", 120, 30)
    assert st.games[NS] == 1


def test_impossible_revokes_are_named() -> None:
    assert check(Revoke(EW, 5), 10, NS) is not None  # defenders took only 3 tricks
    assert check(Revoke(NS, 3, trick_12=True), 10, NS) is not None  # only two tricks left after trick 12
    assert check(Revoke(EW, 3), 10, NS) is None


# Schema 3 ---------------------------------------------------------------------------


def test_schema_2_other_table_becomes_a_list_of_others() -> None:
    old = {
        "schema": 2,
        "mode": "duplicate",
        "settings": {},
        "first_dealer": "N",
        "players": {},
        "ended": False,
        "hands": [{"contract": "4S", "declarer": "N", "tricks": 10, "other_table": 170}, {"pass": True, "other_table": None}],
        "first_board": 1,
    }
    game = game_from_json(old)
    assert [h.others for h in game.hands] == [(170,), ()]
    assert derive(game).imps_total == 6


def test_schema_4_keeps_others_and_a_revoke() -> None:
    game = Game(
        mode=Mode.DUPLICATE,
        hands=(Hand(Contract(4, Strain.S), Seat.N, 9, others=(420, -50), revoke=Revoke(EW, 1, False)),),
    )
    data = game_to_json(game)
    assert data["schema"] == SCHEMA == 4  # 4 added a game of several tables and a game's boards
    assert "several_tables" not in data  # a game of one table is written as schema 3 wrote it
    assert data["hands"][0]["others"] == [420, -50]
    assert data["hands"][0]["revoke"] == {"side": "EW", "won_after": 1, "trick_12": False}
    assert game_from_json(data) == game
    assert game_from_json({**data, "schema": 3}) == game  # and schema 3 reads as it did


@pytest.mark.parametrize(
    "revoke",
    [
        {"side": "XX", "won_after": 1},
        {"side": "EW", "won_after": 14},
        {"side": "EW", "won_after": 5},  # 4S made 10: E-W took 3
        {"side": "EW", "won_after": 1, "trick_12": "yes"},
        "EW",
    ],
)
def test_bad_revokes_are_refused_on_reading(revoke: object) -> None:
    from bridgepad.core.readers.serialize import SchemaError

    data = game_to_json(Game(hands=(Hand(Contract(4, Strain.S), Seat.N, 10),)))
    data["hands"][0]["revoke"] = revoke
    with pytest.raises(SchemaError):
        game_from_json(data)
