"""Every row of every scoring table of the rule book, worked by hand.

Each expected figure below is computed from the seed's tables in the comment beside
it, never copied from the program's output.
"""

from __future__ import annotations

import pytest

from bridgepad.core.model import Contract, Doubling, Honors, Side, Strain
from bridgepad.core.readers.notation import (
    NotationError,
    check_honors,
    parse_contract,
    parse_honors,
)
from bridgepad.core.rules import tables
from bridgepad.core.rules.scoring import Kind, duplicate_score, honors_reason, score_contract

NONE, X, XX = Doubling.NONE, Doubling.DOUBLED, Doubling.REDOUBLED


def c(text: str) -> Contract:
    contract = parse_contract(text)
    assert contract is not None
    return contract


def kinds(cs) -> dict[Kind, int]:
    out: dict[Kind, int] = {}
    for item in cs.items:
        out[item.kind] = out.get(item.kind, 0) + item.points
    return out


# --- Each trick bid and made ------------------------------------------------


@pytest.mark.parametrize(
    "strain, trick, value",
    [
        (Strain.C, 1, 20),  # clubs: 20 each
        (Strain.C, 7, 20),
        (Strain.D, 1, 20),  # diamonds: 20 each
        (Strain.D, 4, 20),
        (Strain.H, 1, 30),  # hearts: 30 each
        (Strain.H, 6, 30),
        (Strain.S, 1, 30),  # spades: 30 each
        (Strain.S, 7, 30),
        (Strain.NT, 1, 40),  # notrump: 40 for the first trick
        (Strain.NT, 2, 30),  # ... 30 for each after
        (Strain.NT, 7, 30),
    ],
)
def test_trick_value_row(strain: Strain, trick: int, value: int) -> None:
    assert tables.trick_value(strain, trick) == value


@pytest.mark.parametrize(
    "contract, below",
    [
        ("1C", 20),  # 1 × 20
        ("2C", 40),  # 2 × 20
        ("3D", 60),  # 3 × 20
        ("4D", 80),  # 4 × 20: not a game
        ("5C", 100),  # 5 × 20: a game in one hand
        ("5D", 100),  # 5 × 20
        ("6D", 120),  # 6 × 20
        ("7C", 140),  # 7 × 20
        ("1H", 30),  # 1 × 30
        ("2S", 60),  # 2 × 30
        ("3S", 90),  # 3 × 30
        ("4H", 120),  # 4 × 30
        ("4S", 120),  # 4 × 30
        ("6S", 180),  # 6 × 30
        ("7H", 210),  # 7 × 30
        ("1NT", 40),  # 40
        ("2NT", 70),  # 40 + 30
        ("3NT", 100),  # 40 + 30 + 30
        ("6NT", 190),  # 40 + 5 × 30
        ("7NT", 220),  # 40 + 6 × 30
        # Doubled: twice the trick score.
        ("1CX", 40),  # 20 × 2
        ("2SX", 120),  # 60 × 2: a game, as the seed's common questions say
        ("1NTX", 80),  # 40 × 2
        ("2NTX", 140),  # (40 + 30) × 2
        ("3NTX", 200),  # 100 × 2
        ("4HX", 240),  # 120 × 2
        ("7DX", 280),  # 140 × 2
        # Redoubled: four times the trick score.
        ("1CXX", 80),  # 20 × 4
        ("1HXX", 120),  # 30 × 4
        ("1NTXX", 160),  # 40 × 4
        ("2DXX", 160),  # 40 × 4
        ("3NTXX", 400),  # 100 × 4
        ("7NTXX", 880),  # 220 × 4
    ],
)
def test_trick_score_row(contract: str, below: int) -> None:
    con = c(contract)
    assert tables.trick_score(con) == below
    # Made exactly, the trick score goes below the line and only there.
    for vul in (False, True):
        cs = score_contract(con, con.tricks_needed, vul)
        assert cs.made
        assert cs.trick_score == below
        assert [i.points for i in cs.items if i.below] == [below]
        assert cs.penalty == 0


def test_only_the_tricks_bid_count_below() -> None:
    # "Four hearts made with an overtrick is 120 below and 30 above, not 150 below."
    cs = score_contract(c("4H"), 11, False)
    assert cs.trick_score == 120
    assert cs.declarer_above == 30


# --- Overtricks ---------------------------------------------------------------


@pytest.mark.parametrize(
    "strain, doubling, vul, per",
    [
        (Strain.C, NONE, False, 20),  # undoubled, clubs or diamonds: 20 / 20
        (Strain.C, NONE, True, 20),
        (Strain.D, NONE, False, 20),
        (Strain.D, NONE, True, 20),
        (Strain.H, NONE, False, 30),  # undoubled, hearts, spades or notrump: 30 / 30
        (Strain.H, NONE, True, 30),
        (Strain.S, NONE, False, 30),
        (Strain.S, NONE, True, 30),
        (Strain.NT, NONE, False, 30),
        (Strain.NT, NONE, True, 30),
        (Strain.C, X, False, 100),  # doubled: 100 / 200, whatever the strain
        (Strain.NT, X, False, 100),
        (Strain.S, X, True, 200),
        (Strain.D, X, True, 200),
        (Strain.C, XX, False, 200),  # redoubled: 200 / 400
        (Strain.H, XX, False, 200),
        (Strain.NT, XX, True, 400),
        (Strain.D, XX, True, 400),
    ],
)
def test_overtrick_value_row(strain: Strain, doubling: Doubling, vul: bool, per: int) -> None:
    assert tables.overtrick_value(strain, doubling, vul) == per


@pytest.mark.parametrize(
    "contract, tricks, vul, below, above",
    [
        ("1C", 9, False, 20, 40),  # 20 below; 2 overtricks × 20
        ("2D", 10, True, 40, 40),  # 40 below; 2 × 20, vulnerable the same
        ("1NT", 8, False, 40, 30),  # 40 below; 1 × 30 (notrump overtricks are 30)
        ("3NT", 13, True, 100, 120),  # 100 below; 4 × 30
        ("4S", 12, False, 120, 60),  # 120 below; 2 × 30 and no slam: it was not bid
        ("4S", 12, True, 120, 60),  # 120 below; 2 × 30, no slam vulnerable either
        ("5D", 13, True, 100, 40),  # 100 below; 2 × 20, no slam
        ("2HX", 9, False, 120, 150),  # 120 below; 1 × 100 + 50 insult
        ("2HX", 9, True, 120, 250),  # 120 below; 1 × 200 + 50 insult
        ("1NTX", 10, False, 80, 350),  # 80 below; 3 × 100 + 50
        ("1CXX", 8, False, 80, 300),  # 80 below; 1 × 200 + 100 insult
        ("1CXX", 8, True, 80, 500),  # 80 below; 1 × 400 + 100 insult
        ("3SXX", 11, True, 360, 900),  # 90 × 4 below; 2 × 400 + 100
        ("1NTXX", 13, True, 160, 2500),  # 40 × 4 below; 6 × 400 + 100
    ],
)
def test_overtricks_written_above(contract: str, tricks: int, vul: bool, below: int, above: int) -> None:
    cs = score_contract(c(contract), tricks, vul)
    assert cs.made
    assert cs.trick_score == below
    assert cs.declarer_above == above
    assert cs.penalty == 0


# --- The insult -------------------------------------------------------------------


@pytest.mark.parametrize("doubling, points", [(NONE, 0), (X, 50), (XX, 100)])
def test_insult_row(doubling: Doubling, points: int) -> None:
    assert tables.insult(doubling) == points


@pytest.mark.parametrize(
    "contract, vul, insult",
    [("2SX", False, 50), ("2SX", True, 50), ("3NTXX", False, 100), ("3NTXX", True, 100), ("4S", True, 0)],
)
def test_insult_is_written_for_a_doubled_contract_made(contract: str, vul: bool, insult: int) -> None:
    con = c(contract)
    got = kinds(score_contract(con, con.tricks_needed, vul)).get(Kind.INSULT, 0)
    assert got == insult


def test_no_insult_when_a_doubled_contract_fails() -> None:
    cs = score_contract(c("2SX"), 7, False)
    assert Kind.INSULT not in kinds(cs)


# --- Undertricks, each undertrick by its number ------------------------------

# (doubling, vulnerable) → what the 1st, 2nd, ... 7th undertrick costs, from the table:
#   undoubled 50 / 100 each;
#   doubled NV 100, then 200 for the 2nd and 3rd, then 300;  V 200, then 300 each;
#   redoubled twice the doubled.
PER_UNDERTRICK = {
    (NONE, False): [50, 50, 50, 50, 50, 50, 50],
    (NONE, True): [100, 100, 100, 100, 100, 100, 100],
    (X, False): [100, 200, 200, 300, 300, 300, 300],
    (X, True): [200, 300, 300, 300, 300, 300, 300],
    (XX, False): [200, 400, 400, 600, 600, 600, 600],
    (XX, True): [400, 600, 600, 600, 600, 600, 600],
}


@pytest.mark.parametrize("doubling, vul", list(PER_UNDERTRICK))
def test_each_undertrick_by_its_number(doubling: Doubling, vul: bool) -> None:
    assert tables.undertrick_values(7, doubling, vul) == PER_UNDERTRICK[(doubling, vul)]


@pytest.mark.parametrize(
    "down, doubling, vul, penalty",
    [
        (1, NONE, False, 50),  # 50
        (2, NONE, False, 100),  # 2 × 50
        (5, NONE, False, 250),  # 5 × 50
        (1, NONE, True, 100),  # 100
        (3, NONE, True, 300),  # 3 × 100
        (13, NONE, True, 1300),  # 13 × 100
        (1, X, False, 100),  # 100
        (2, X, False, 300),  # 100 + 200
        (3, X, False, 500),  # 100 + 200 + 200: "down three doubled costs 500 not vulnerable"
        (4, X, False, 800),  # 500 + 300
        (5, X, False, 1100),  # 800 + 300
        (7, X, False, 1700),  # 500 + 4 × 300
        (13, X, False, 3500),  # 500 + 10 × 300
        (1, X, True, 200),  # 200
        (2, X, True, 500),  # 200 + 300
        (3, X, True, 800),  # 200 + 300 + 300: "Vulnerable it costs 800"
        (4, X, True, 1100),  # 800 + 300
        (13, X, True, 3800),  # 200 + 12 × 300
        (1, XX, False, 200),  # 2 × 100
        (2, XX, False, 600),  # 2 × 300
        (3, XX, False, 1000),  # 2 × 500
        (4, XX, False, 1600),  # 2 × 800
        (13, XX, False, 7000),  # 2 × 3,500
        (1, XX, True, 400),  # 2 × 200
        (2, XX, True, 1000),  # 2 × 500
        (3, XX, True, 1600),  # 2 × 800
        (4, XX, True, 2200),  # 2 × 1,100
        (13, XX, True, 7600),  # 2 × 3,800
    ],
)
def test_undertrick_penalty_row(down: int, doubling: Doubling, vul: bool, penalty: int) -> None:
    assert sum(tables.undertrick_values(down, doubling, vul)) == penalty
    # Through the hand's scoring too: a contract at level 7 can go down by 1..13.
    con = Contract(7, Strain.NT, doubling)
    cs = score_contract(con, 13 - down, vul)
    assert not cs.made
    assert cs.trick_score == 0
    assert cs.declarer_above == 0
    assert cs.penalty == penalty
    assert [i.kind for i in cs.items] == [Kind.UNDERTRICKS]
    assert all(not i.for_declarer for i in cs.items)


@pytest.mark.parametrize(
    "contract, tricks, vul, penalty",
    [
        ("4HX", 8, False, 300),  # the worked rubber, hand two: 100 + 200
        ("4SX", 9, True, 200),  # the worked rubber, hand five: 200
        ("3NTX", 6, False, 500),  # down three doubled, not vulnerable: 100 + 200 + 200
        ("3NTX", 6, True, 800),  # down three doubled, vulnerable: 200 + 300 + 300
        ("1C", 6, False, 50),  # down one, 50
        ("1C", 6, True, 100),  # down one vulnerable, 100
        ("3NT", 7, False, 100),  # down two, 2 × 50
    ],
)
def test_seed_undertrick_examples(contract: str, tricks: int, vul: bool, penalty: int) -> None:
    assert score_contract(c(contract), tricks, vul).penalty == penalty


# --- Slams ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "level, vul, bonus",
    [(6, False, 500), (6, True, 750), (7, False, 1000), (7, True, 1500), (5, True, 0), (4, False, 0), (1, True, 0)],
)
def test_slam_bonus_row(level: int, vul: bool, bonus: int) -> None:
    assert tables.slam_bonus(level, vul) == bonus


@pytest.mark.parametrize(
    "contract, tricks, vul, below, above",
    [
        ("6D", 12, True, 120, 750),  # 6 × 20; small slam vulnerable 750
        ("6D", 12, False, 120, 500),  # small slam not vulnerable 500
        ("6H", 13, False, 180, 530),  # 6 × 30; 500 + 1 overtrick 30 (a small slam, not a grand)
        ("6NT", 12, True, 190, 750),  # 40 + 5 × 30; 750
        ("7C", 13, False, 140, 1000),  # 7 × 20; grand slam 1,000
        ("7NT", 13, True, 220, 1500),  # 40 + 6 × 30; grand slam vulnerable 1,500
        ("6SX", 12, False, 360, 550),  # 180 × 2; 500 slam + 50 insult
        ("7SXX", 13, True, 840, 1600),  # 210 × 4; 1,500 + 100 insult
        ("4S", 12, True, 120, 60),  # twelve tricks in four spades: two overtricks, no slam
        ("5C", 13, False, 100, 40),  # thirteen tricks in five clubs: two overtricks, no slam
    ],
)
def test_slam_only_when_bid(contract: str, tricks: int, vul: bool, below: int, above: int) -> None:
    cs = score_contract(c(contract), tricks, vul)
    assert (cs.trick_score, cs.declarer_above) == (below, above)
    slam_items = [i for i in cs.items if i.kind is Kind.SLAM]
    assert bool(slam_items) == (c(contract).level >= 6)


def test_slam_not_made_has_no_slam_bonus() -> None:
    cs = score_contract(c("6S"), 11, True)  # down one vulnerable: 100 to the defenders
    assert not cs.made
    assert cs.penalty == 100
    assert Kind.SLAM not in kinds(cs)


# --- Honors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "contract, declarer, tricks, honors, side, points",
    [
        ("4S", "N", "10", "NS 100", Side.NS, 100),  # four of the five trump honors in one hand: 100
        ("4S", "N", "10", "EW 150", Side.EW, 150),  # all five, held by a defender: 150 to them
        ("3NT", "S", "9", "NS 150", Side.NS, 150),  # four aces at notrump: 150
        ("4S", "N", "8", "NS 100", Side.NS, 100),  # honors count even when the contract fails
    ],
)
def test_honors_score_above_the_line_for_the_side_that_held_them(
    contract: str, declarer: str, tricks: str, honors: str, side: Side, points: int
) -> None:
    from support.builders import hand

    from bridgepad.core.rules.game import Game
    from bridgepad.core.rules.kinds import derive

    st = derive(Game(hands=(hand(contract, declarer, tricks, honors),)))
    (entry,) = [e for e in st.entries if e.kind is Kind.HONORS]
    assert (entry.side, entry.points, entry.above) == (side, points, True)


@pytest.mark.parametrize(
    "contract, text, side, points",
    [
        ("4S", "NS 100", Side.NS, 100),  # four of the five trump honors
        ("4S", "EW 150", Side.EW, 150),  # all five trump honors
        ("2C", "ew 100", Side.EW, 100),
        ("3NT", "EW 150", Side.EW, 150),  # four aces at notrump
        ("3NT", "150 NS", Side.NS, 150),  # either order
        ("6HX", "We 100", Side.NS, 100),  # We is N-S by default
        ("6HX", "They 150", Side.EW, 150),
    ],
)
def test_honors_accepted(contract: str, text: str, side: Side, points: int) -> None:
    assert parse_honors(text, c(contract)) == Honors(side, points)


@pytest.mark.parametrize("text", ["NS 100", "EW 100", "100 EW"])
def test_honors_100_at_notrump_refused(text: str) -> None:
    # At notrump only four aces count, and they are 150.
    with pytest.raises(NotationError) as e:
        parse_honors(text, c("3NT"))
    assert "150" in str(e.value)
    with pytest.raises(NotationError):
        check_honors(100, c("1NT"))


@pytest.mark.parametrize("text", ["NS 50", "NS 200", "NS", "100", "NS 100 EW", "XY 100"])
def test_honors_bad_values_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_honors(text, c("4S"))


def test_honors_on_a_pass_refused_and_empty_is_none() -> None:
    with pytest.raises(NotationError):
        parse_honors("NS 100", None)
    assert parse_honors("", c("4S")) is None
    assert parse_honors("   ", None) is None


def test_honors_reasons() -> None:
    assert honors_reason(Honors(Side.EW, 150), c("3NT")) == "honors, four aces in one hand at notrump: 150"
    assert honors_reason(Honors(Side.NS, 150), c("4S")) == "honors, all five trump honors in one hand: 150"
    assert honors_reason(Honors(Side.NS, 100), c("4S")) == "honors, four of the five trump honors in one hand: 100"


# --- Rubber and unfinished rubber -----------------------------------------


def bonuses(log: str) -> list[tuple[Side, int, Kind]]:
    from bridgepad.core.readers.log import parse_log

    (state,) = parse_log(log).games()
    return [(b.side, b.points, b.kind) for b in state.bonuses]


def test_rubber_rows() -> None:
    # A rubber won two games to none earns 700; two games to one, 500.
    assert bonuses("N 4S 10\nS 3NT 9\n") == [(Side.NS, 700, Kind.RUBBER)]
    assert bonuses("N 4S 10\nE 4H 10\nS 3NT 9\n") == [(Side.NS, 500, Kind.RUBBER)]
    # Stopped unfinished: 300 for a side's game, 100 for a part score in the open game.
    assert bonuses("N 4S 10\nE 2H 8\nend\n") == [(Side.NS, 300, Kind.UNFINISHED_GAME), (Side.EW, 100, Kind.UNFINISHED_PART_SCORE)]


def test_chicago_and_duplicate_rows() -> None:
    # At duplicate a game earns 300 not vulnerable, 500 vulnerable, at once; a part score 50.
    assert duplicate_score(c("4S"), 10, False) == 120 + 300
    assert duplicate_score(c("4S"), 10, True) == 120 + 500
    assert duplicate_score(c("2H"), 8, False) == 60 + 50
    # A game is 100 trick points or more: 3NT (40 + 30 + 30) is one, 2NT (70) is not, 4C doubled (80 × 2) is.
    assert duplicate_score(c("3NT"), 9, False) == 100 + 300
    assert duplicate_score(c("2NT"), 8, False) == 70 + 50
    assert duplicate_score(c("4CX"), 10, False) == 160 + 50 + 300  # the insult, and a game


# --- The reasons a player reads -----------------------------------------------


@pytest.mark.parametrize(
    "contract, tricks, vul, kind, reason",
    [
        ("2HX", 9, True, Kind.OVERTRICKS, "1 overtrick, doubled, vulnerable: 1 × 200"),
        ("2HX", 10, False, Kind.OVERTRICKS, "2 overtricks, doubled, not vulnerable: 2 × 100 = 200"),
        ("1NTXX", 8, True, Kind.OVERTRICKS, "1 overtrick, redoubled, vulnerable: 1 × 400"),
        ("4H", 11, False, Kind.OVERTRICKS, "1 overtrick: 1 × 30"),
        ("3NTX", 6, False, Kind.UNDERTRICKS, "3 undertricks, doubled, not vulnerable: 100 + 200 + 200 = 500"),
        ("3NTX", 6, True, Kind.UNDERTRICKS, "3 undertricks, doubled, vulnerable: 200 + 300 + 300 = 800"),
        ("4S", 9, True, Kind.UNDERTRICKS, "1 undertrick, vulnerable: 1 × 100"),
        ("4S", 8, False, Kind.UNDERTRICKS, "2 undertricks, not vulnerable: 2 × 50 = 100"),
        ("3NT", 9, False, Kind.TRICKS, "trick score: 40 + 2 × 30 = 100"),
        ("1NT", 7, False, Kind.TRICKS, "trick score: 40"),  # one trick at notrump: no sum to show
        ("1NTX", 7, False, Kind.TRICKS, "trick score, doubled: 40 × 2 = 80"),
        ("1C", 7, False, Kind.TRICKS, "trick score: 1 × 20 = 20"),
        ("4SX", 10, True, Kind.TRICKS, "trick score, doubled: 4 × 30 × 2 = 240"),
        ("2SX", 8, False, Kind.INSULT, "making a doubled contract (the insult): 50"),
        ("6D", 12, True, Kind.SLAM, "small slam bid and made, vulnerable: 750"),
        ("7NT", 13, False, Kind.SLAM, "grand slam bid and made, not vulnerable: 1,000"),
    ],
)
def test_reasons(contract: str, tricks: int, vul: bool, kind: Kind, reason: str) -> None:
    cs = score_contract(c(contract), tricks, vul)
    assert [i.reason for i in cs.items if i.kind is kind] == [reason]


def test_reasons_end_with_the_points_they_explain() -> None:
    # Every reason ends in its own figure, so a player can check the arithmetic.
    for text in ("1C", "3NT", "4SX", "6HXX", "7NT"):
        con = c(text)
        for tricks in range(14):
            for vul in (False, True):
                for item in score_contract(con, tricks, vul).items:
                    assert item.reason.replace(",", "").endswith(str(item.points)) or item.reason.endswith(f"× {item.points}"), (
                        item.reason
                    )


def test_duplicate_adds_game_or_part_score_bonus() -> None:
    # The duplicate score is the rubber figures plus 300/500 for a game or 50 for a part score.
    assert duplicate_score(c("4S"), 10, False) == 120 + 300
    assert duplicate_score(c("2S"), 8, False) == 60 + 50
    assert duplicate_score(c("4S"), 8, True) == -(2 * 100)
