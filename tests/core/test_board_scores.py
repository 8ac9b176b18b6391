"""Other tables' scores: only scores some result gives on that board at its vulnerability.

The figures are worked from the rule book's duplicate scoring (trick score, 300/500 for a game,
50 for a part score, slam bonuses, undertricks 50/100 undoubled, 100-200-200-300 not
vulnerable and 200-300 vulnerable doubled, twice that redoubled) and the board schedule
(board 1 nobody vulnerable, 2 N-S, 3 E-W, 4 both).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgepad.core.model import SIDES, Contract, Hand, Seat, Side, Strain
from bridgepad.core.readers.entry import read_form
from bridgepad.core.readers.log import LogError, parse_log
from bridgepad.core.readers.notation import NotationError, parse_others
from bridgepad.core.readers.serialize import SchemaError, game_from_json, game_to_json
from bridgepad.core.rules.board_scores import MAX_OTHERS, possible_scores, score_problem
from bridgepad.core.rules.game import Game, Mode

NONE: frozenset[Side] = frozenset()
NS_VUL = frozenset({Side.NS})
EW_VUL = frozenset({Side.EW})
BOTH = frozenset(SIDES)


@pytest.mark.parametrize(
    "vulnerable, score, possible",
    [
        (NONE, 0, True),  # a pass-out
        (NONE, 420, True),  # 4S by N-S: 120 + 300
        (NONE, 620, False),  # 120 + 500 needs N-S vulnerable
        (NONE, -620, False),  # and by E-W, E-W vulnerable
        (BOTH, 620, True),
        (BOTH, 420, False),  # 4S not vulnerable; no vulnerable penalty is 420 (100 a trick, or 200, 500, 800 doubled)
        (NS_VUL, 620, True),
        (NS_VUL, -620, False),  # E-W not vulnerable on board 2
        (NS_VUL, -420, True),
        (NONE, 980, True),  # 6S not vulnerable: 180 + 500 + 300
        (BOTH, 1430, True),  # 6S vulnerable: 180 + 750 + 500
        (NONE, 1430, True),  # and not vulnerable, 1CXX + 6: 80 + 6 × 200 + 100 insult + 50
        (NONE, 1470, False),  # 6NT + 1 vulnerable: 190 + 30 + 750 + 500; not vulnerable it is 1,020
        (NONE, 1100, True),  # E-W 5 down doubled, not vulnerable: 100 + 200 + 200 + 300 + 300
        (NONE, 1300, False),  # only E-W 13 down undoubled vulnerable: 13 × 100
        (EW_VUL, 1300, True),
        (NONE, 630, True),  # 1CXX + 2 not vulnerable: 80 + 2 × 200 + 100 + 50
        (BOTH, 2980, True),  # 7NTXX vulnerable: 880 + 100 + 1,500 + 500
        (NONE, 2980, False),  # not vulnerable it is 880 + 100 + 1,000 + 300 = 2,280
        (BOTH, -7600, True),  # N-S 7NTXX, 13 down vulnerable: 2 × (200 + 12 × 300)
        (EW_VUL, 7600, True),
        (NONE, 7600, False),
        (NONE, 42, False),
        (NONE, 425, False),
    ],
)
def test_possible_scores(vulnerable: frozenset[Side], score: int, possible: bool) -> None:
    assert (score in possible_scores(vulnerable)) is possible


@pytest.mark.parametrize(
    "score, board, reason",
    [
        (620, 1, "+620 is a vulnerable game for N-S; on board 1 nobody is vulnerable."),
        (420, 4, "+420 is a non-vulnerable game for N-S; on board 4 both sides are vulnerable."),
        (-620, 2, "-620 is a vulnerable game for E-W; on board 2 only N-S are vulnerable."),
        (1470, 1, "+1,470 is a vulnerable small slam for N-S; on board 1 nobody is vulnerable."),
        (2980, 1, "+2,980 is a vulnerable redoubled grand slam for N-S; on board 1 nobody is vulnerable."),
        (1300, 1, "+1,300 is a penalty against vulnerable E-W; on board 1 nobody is vulnerable."),
        (7600, 2, "+7,600 is a penalty against vulnerable E-W; on board 2 only N-S are vulnerable."),
        # Board 17 starts the schedule again: nobody vulnerable, as on board 1.
        (620, 17, "+620 is a vulnerable game for N-S; on board 17 nobody is vulnerable."),
        # A dropped zero: 420 is possible on board 1, so it is suggested.
        (42, 1, "+42 is not a score any result gives at duplicate; did you mean +420?"),
        (-5, 1, "-5 is not a score any result gives at duplicate; did you mean -50?"),
        # On board 4 420 is not possible either: nothing to suggest.
        (42, 4, "+42 is not a score any result gives at duplicate."),
        (7601, 3, "+7,601 is not a score any result gives at duplicate."),
    ],
)
def test_the_reason_a_score_cannot_be(score: int, board: int, reason: str) -> None:
    assert score_problem(score, board) == reason


def test_a_possible_score_has_no_problem() -> None:
    assert score_problem(420, 1) is None
    assert score_problem(620, 2) is None
    assert score_problem(0, 4) is None


def test_parse_others_checks_each_score_against_the_board() -> None:
    assert parse_others("420 450 -50", board=1) == (420, 450, -50)
    assert parse_others("-100, 0", board=2) == (-100, 0)
    with pytest.raises(NotationError, match=r"^\+620 is a vulnerable game for N-S; on board 1 nobody is vulnerable\.$"):
        parse_others("420 620", board=1)
    # Without a board only the form of the numbers is read: the caller checks them later.
    assert parse_others("620") == (620,)
    with pytest.raises(NotationError, match="is not a score"):
        parse_others("4x0")


def test_at_most_so_many_other_results() -> None:
    many = " ".join(["420"] * (MAX_OTHERS + 1))
    for board in (None, 1):
        with pytest.raises(NotationError, match=f"At most {MAX_OTHERS} other results"):
            parse_others(many, board)
    assert len(parse_others(" ".join(["420"] * MAX_OTHERS), 1)) == MAX_OTHERS


# --- Refused in the form, in a log, in a saved file ------------------------------------------


def test_the_entry_form_refuses_an_impossible_other_score_by_its_field() -> None:
    values = {"contract": "4S", "declarer": "N", "result": "10", "others": "420 620"}
    reading = read_form(values, others_on=True, board=1)
    assert not reading.ok
    assert reading.errors == {"others": "+620 is a vulnerable game for N-S; on board 1 nobody is vulnerable."}
    # The hand itself still reads, without the other results, so the preview can show what it scores.
    assert reading.hand == Hand(Contract(4, Strain.S), Seat.N, 10)
    passed = read_form({"contract": "pass", "others": "620"}, others_on=True, board=1)
    assert not passed.ok and passed.hand == Hand() and set(passed.errors) == {"others"}
    # Anything else wrong as well: no hand.
    assert read_form({**values, "result": "14"}, others_on=True, board=1).hand is None
    # The same scores are right on board 2, where N-S are vulnerable... but 420 is not: N-S 4S vulnerable is 620.
    assert read_form(values, others_on=True, board=2).errors["others"].startswith("+420 is a non-vulnerable game for N-S")
    ok = read_form({**values, "others": "620 650 -100"}, others_on=True, board=2)
    assert ok.ok and ok.hand is not None and ok.hand.others == (620, 650, -100)


def test_a_log_refuses_an_impossible_other_score_with_its_line() -> None:
    text = "duplicate\nN 4S 10 others 420\nboard 4\nS 4S 10 others 620 420\n"
    with pytest.raises(LogError) as e:
        parse_log(text).games()
    assert e.value.errors == [(4, "+420 is a non-vulnerable game for N-S; on board 4 both sides are vulnerable.")]


def test_a_log_finds_the_board_of_each_line_before_checking_it() -> None:
    # +620 is right on board 2 (N-S vulnerable) and wrong on board 1: the second line is board 2.
    (st,) = parse_log("duplicate\npass\nS 4S 10 others 620\n").games()
    assert [h.deal for h in st.hands] == [1, 2]
    with pytest.raises(LogError) as e:
        parse_log("duplicate\nS 4S 10 others 620\n").games()
    assert e.value.errors[0][0] == 2


def test_a_saved_game_with_an_impossible_score_is_damaged() -> None:
    game = Game(mode=Mode.DUPLICATE, first_board=3, hands=(Hand(Contract(4, Strain.S), Seat.N, 10, others=(420,)),))
    data = game_to_json(game)
    assert game_from_json(data) == game  # +420 on board 3: N-S not vulnerable
    data["first_board"] = 2  # now the hand is board 2, where N-S are vulnerable
    with pytest.raises(SchemaError) as e:
        game_from_json(data)
    assert str(e.value) == "hand 1 (board 2) others: +420 is a non-vulnerable game for N-S; on board 2 only N-S are vulnerable."


def test_a_damaged_duplicate_file_is_kept_aside_and_the_others_load(tmp_path: Path) -> None:
    from bridgepad.store.game_store import GameStore, UnreadableGame

    store = GameStore(tmp_path / "data")
    good = store.add(
        Game(mode=Mode.DUPLICATE, hands=(Hand(Contract(4, Strain.S), Seat.N, 10, others=(420,)),)), "2026-01-01T20:00:00+00:00"
    )
    bad = store.add(
        Game(mode=Mode.DUPLICATE, hands=(Hand(Contract(4, Strain.S), Seat.N, 10, others=(420,)),)), "2026-01-01T21:00:00+00:00"
    )
    path = store.path(bad.id)
    data = json.loads(path.read_text())
    data["hands"][0]["others"] = [620]  # +620 on board 1, where nobody is vulnerable
    original = json.dumps(data).encode()
    path.write_bytes(original)
    loaded = GameStore(tmp_path / "data")
    assert loaded.load(good.id).game.hands[0].others == (420,)
    with pytest.raises(UnreadableGame) as e:
        loaded.load(bad.id)
    assert "+620 is a vulnerable game for N-S; on board 1 nobody is vulnerable" in str(e.value)
    kept = [p for p in path.parent.iterdir() if p.name.startswith(f"{bad.id}.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == original  # byte for byte
