"""The tally of an evening, by hand-worked figures: three rubbers, five players, the
partnerships changing from one rubber to the next.

Rubber 1 is the rule book's worked rubber: N-S 1,830, E-W 510 (N-S by 1,320).
Rubber 2: N 3NT =, E 1C -1, N 3NT =: N-S 100 + 50 + 100 + 700 = 950, E-W 0 (by 950).
Rubber 3: N 2H =, E 4S =, E 4S -1, E 4S +1: N-S 60 + 100 = 160,
          E-W 120 + 120 + 30 + 700 = 970 (E-W by 810).

            N    E    S    W
Rubber 1   Ann  Bob  Cy   Di     N-S +1,320
Rubber 2   Ann  Cy   Ed   Bob    N-S +950
Rubber 3   Di   Ann  Bob  Ed     E-W +810

Ann  +1,320 + 950 + 810 = +3,080      rounded: 1,300 + 1,000 + 800 = +3,100
Ed           + 950 + 810 = +1,760      rounded:         1,000 + 800 = +1,800
Cy   +1,320 − 950        =   +370      rounded: 1,300 − 1,000       =   +300
Di   −1,320       − 810 = −2,130       rounded: −1,300       − 800 = −2,100
Bob  −1,320 − 950 − 810 = −3,080       rounded:                     −3,100

Settling: {Ann, Bob} and {Cy, Di, Ed} each sum to zero, so 5 − 2 = 3 payments:
Bob pays Ann, Di pays Ed, Di pays Cy.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from support.builders import WORKED_LOG, result

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.evening.tally import entities, tally
from bridgepad.core.evening.windows import Window, since, window_start
from bridgepad.core.model import Side
from bridgepad.core.readers.log import parse_log
from bridgepad.core.rules import settlement as settlement_module
from bridgepad.core.rules.game import Status
from bridgepad.core.rules.settlement import EXACT_LIMIT, money, round_margin, settle

EVENING_LOG = (
    WORKED_LOG
    + """\
players N=Ann E=Cy S=Ed W=Bob
N 3NT 9
E 1C 6
N 3NT 9
players N=Di E=Ann S=Bob W=Ed
N 2H 8
E 4S 10
E 4S 9
E 4S 11
players N=Ann E=Bob S=Cy W=Di
N 1NT 8
"""
)

T0 = datetime(2026, 8, 17, 19, 0, tzinfo=UTC)


def evening() -> list[GameSummary]:
    states = parse_log(EVENING_LOG).games()
    return [
        result(st.game.players, st.total(Side.NS), st.total(Side.EW), st.status, T0 + timedelta(hours=k), f"g{k}")
        for k, st in enumerate(states)
    ]


def test_the_log_scores_the_rubbers_as_worked_by_hand() -> None:
    results = evening()
    assert [(*r.totals, r.status) for r in results] == [
        (1830, 510, Status.WON),
        (950, 0, Status.WON),
        (160, 970, Status.WON),
        (70, 0, Status.IN_PLAY),
    ]


def test_each_player_nets_their_sides_margins_across_changing_partnerships() -> None:
    t = tally(evening())
    assert [(p.name, p.points) for p in t.players] == [
        ("Ann", 3080),
        ("Ed", 1760),
        ("Cy", 370),
        ("Di", -2130),
        ("Bob", -3080),
    ]
    assert t.games == 3
    assert t.in_play == 1  # the fourth rubber is still being played: not counted
    assert t.ids == ("g0", "g1", "g2")
    assert [p.games for p in t.players] == [3, 2, 2, 2, 3]
    assert sum(p.points for p in t.players) == 0


def test_rounding_each_margin_to_the_nearest_hundred_before_summing() -> None:
    t = tally(evening(), round_to=100)
    assert {p.name: p.points for p in t.players} == {"Ann": 3100, "Ed": 1800, "Cy": 300, "Di": -2100, "Bob": -3100}
    assert t.round_to == 100


@pytest.mark.parametrize(
    ("margin", "rounded"),
    [
        (1320, 1300),
        (1350, 1400),
        (50, 100),
        (49, 0),
        (0, 0),
        (950, 1000),
        (810, 800),
        (-1350, -1400),
        (-1320, -1300),
        (1300, 1300),
    ],
)
def test_round_margin_half_rounds_up_for_the_winner(margin: int, rounded: int) -> None:
    assert round_margin(margin, 100) == rounded


def test_round_margin_off_and_bad_units() -> None:
    assert round_margin(1320, None) == 1320
    with pytest.raises(ValueError):
        round_margin(10, 0)


def test_the_fewest_payments_settle_the_evening() -> None:
    t = tally(evening(), stake=Decimal(1))
    assert [(p.payer, p.payee, p.points, p.amount) for p in t.payments] == [
        ("Bob", "Ann", 3080, Decimal("30.80")),
        ("Di", "Ed", 1760, Decimal("17.60")),
        ("Di", "Cy", 370, Decimal("3.70")),
    ]
    assert len(t.payments) == 3  # five players less two zero-sum groups
    assert t.payments[0].text == "Bob pays Ann 30.80"
    assert [p.money for p in t.players] == [Decimal(x) for x in ("30.80", "17.60", "3.70", "-21.30", "-30.80")]


def test_payments_with_rounding_and_a_small_stake() -> None:
    t = tally(evening(), round_to=100, stake=Decimal("0.10"))
    assert [p.text for p in t.payments] == ["Bob pays Ann 3.10", "Di pays Ed 1.80", "Di pays Cy 0.30"]
    assert [p.money for p in t.players] == [Decimal(x) for x in ("3.10", "1.80", "0.30", "-2.10", "-3.10")]


def test_without_a_stake_payments_are_in_points() -> None:
    t = tally(evening())
    assert t.payments[0].amount is None
    assert t.payments[0].text == "Bob pays Ann 3,080 points"
    assert all(p.money is None for p in t.players)


def test_running_net_per_game_for_the_chart() -> None:
    t = tally(list(reversed(evening())))  # any order in: oldest first out
    assert [s.game_id for s in t.running] == ["g0", "g1", "g2"]
    assert [dict(s.nets) for s in t.running] == [
        {"Ann": 1320, "Ed": 0, "Cy": 1320, "Di": -1320, "Bob": -1320},
        {"Ann": 2270, "Ed": 950, "Cy": 370, "Di": -1320, "Bob": -2270},
        {"Ann": 3080, "Ed": 1760, "Cy": 370, "Di": -2130, "Bob": -3080},
    ]


def test_a_game_ended_early_counts_and_one_in_play_does_not() -> None:
    names = ("Ann", "Bob", "Cy", "Di")
    t = tally(
        [
            result(names, 400, 100, Status.ENDED, T0, "ended"),
            result(names, 900, 0, Status.IN_PLAY, T0, "live"),
            result(names, 300, 800, Status.FINISHED, T0, "chicago"),
        ]
    )
    assert t.games == 2 and t.in_play == 1
    assert {p.name: p.points for p in t.players} == {"Ann": -200, "Cy": -200, "Bob": 200, "Di": 200}


def test_ties_are_listed_by_name() -> None:
    t = tally([result(("Zed", "bob", "Amy", "Cat"), 500, 0, Status.WON)])
    assert [p.name for p in t.players] == ["Amy", "Zed", "bob", "Cat"]


def test_games_without_names_count_under_the_seat_pairs() -> None:
    t = tally([result(("", "", "", ""), 1830, 510, Status.WON)], stake=Decimal(1))
    assert t.to_json()["players"] == {"North-South": 1320, "East-West": -1320}
    ns = t.player("North-South")
    assert ns is not None and ns.pair and ns.money == Decimal("13.20")
    # The pair pays for both its players: two people lose 13.20 each.
    assert [(p.payer, p.payee, p.amount) for p in t.payments] == [("East-West", "North-South", Decimal("26.40"))]


def test_a_named_player_settles_for_an_unnamed_partner() -> None:
    # N Ann, S unnamed; E-W both unnamed. E-W win by 600 (N-S 0, E-W 600): margin -600.
    # Ann's share is -600 and she settles for South too: balance -1,200. The E-W pair's
    # share is +600 for each of two players: balance +1,200. The books balance, and
    # nobody is called "South".
    ns, ew = entities(("Ann", "", "", ""))[Side.NS], entities(("Ann", "", "", ""))[Side.EW]
    assert [(w.name, w.seats, w.pair) for w in ns] == [("Ann", 2, False)]
    assert [(w.name, w.seats, w.pair) for w in ew] == [("East-West", 2, True)]
    t = tally([result(("Ann", "", "", ""), 0, 600, Status.WON)])
    assert {p.name: (p.points, p.balance, p.for_partner) for p in t.players} == {
        "East-West": (600, 1200, 0),
        "Ann": (-600, -1200, 1),
    }
    assert [(p.payer, p.payee, p.points) for p in t.payments] == [("Ann", "East-West", 1200)]
    assert "Ann settles for an unnamed partner too (1 game)." in tally_notes(t)


def test_an_unnamed_seat_is_never_a_player_across_an_evening() -> None:
    # Game 1: N Ann, E Bob, S -, W Di; N-S win by 500. Ann +500 (settles 1,000 for
    #   herself and South); Bob -500 and Di -500 (1 seat each).
    # Game 2: N Ann, E Bob, S Cy, W Di; E-W win by 200: Ann -200, Cy -200, Bob +200, Di +200.
    # Points: Ann +300, Cy -200, Bob -300, Di -300. Balances: Ann 1,000 - 200 = +800,
    # Cy -200, Bob -300, Di -300: sum 0.
    t = tally(
        [
            result(("Ann", "Bob", "", "Di"), 800, 300, Status.WON, T0, "g1"),
            result(("Ann", "Bob", "Cy", "Di"), 100, 300, Status.WON, T0 + timedelta(hours=1), "g2"),
        ]
    )
    assert {p.name: (p.points, p.balance) for p in t.players} == {
        "Ann": (300, 800),
        "Cy": (-200, -200),
        "Bob": (-300, -300),
        "Di": (-300, -300),
    }
    assert "South" not in {p.name for p in t.players} and "South" not in str(t.payments)
    assert sum(p.points for p in t.payments if p.payee == "Ann") == 800


def test_names_are_people_whatever_their_case_and_spaces() -> None:
    # "Ann" and "ann " are one player; the first spelling seen is the one shown.
    t = tally(
        [
            result(("Ann", "Bob", "Cy", "Di"), 500, 0, Status.WON, T0, "g1"),
            result(("ann ", "Bob", "Cy", "Di"), 300, 0, Status.WON, T0 + timedelta(hours=1), "g2"),
        ]
    )
    assert t.player("Ann") is not None and t.player("Ann").points == 800  # type: ignore[union-attr]
    assert [p.name for p in t.players].count("Ann") == 1 and t.player("ann ") is None


def test_money_is_exact_to_the_cent_half_away_from_zero() -> None:
    assert money(1325, Decimal("0.10")) == Decimal("1.33")
    assert money(-1325, Decimal("0.10")) == Decimal("-1.33")
    assert money(1320, Decimal(1)) == Decimal("13.20")
    assert str(money(100, Decimal("0.25"))) == "0.25"


def tally_notes(t: object) -> list[str]:
    from bridgepad.core.evening.tally import notes

    return notes(t)  # type: ignore[arg-type]


def test_a_bad_stake_is_refused() -> None:
    with pytest.raises(ValueError):
        tally(evening(), stake=Decimal(-1))


# settle ------------------------------------------------------------------------


def _apply(balances: dict[str, int], payments: list[tuple[str, str, int]]) -> dict[str, int]:
    out = dict(balances)
    for payer, payee, amount in payments:
        assert amount > 0
        out[payer] += amount
        out[payee] -= amount
    return out


def _max_groups(values: list[int]) -> int:
    """Brute force, independent of the module: the most zero-sum groups partitioning ``values``."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    n = len(rest)
    for mask in range(1 << n):
        chosen = [rest[i] for i in range(n) if mask >> i & 1]
        if first + sum(chosen) == 0:
            left = [rest[i] for i in range(n) if not mask >> i & 1]
            best = max(best, 1 + _max_groups(left))
    return best


def test_exact_settlement_beats_the_greedy_rule() -> None:
    balances = {"A": 20, "B": 40, "C": -50, "D": -40, "E": 30}
    assert len(settlement_module._greedy(balances)) == 4
    payments = settle(balances)
    assert len(payments) == 3  # {B, D} and {A, C, E}
    assert set(_apply(balances, payments).values()) == {0}


def test_settlement_is_minimal_on_random_evenings() -> None:
    rng = random.Random(2026)
    for _ in range(200):
        n = rng.randint(2, 8)
        vals = [rng.randint(-8, 8) * 10 for _ in range(n - 1)]
        vals.append(-sum(vals))
        balances = {f"P{i}": v for i, v in enumerate(vals)}
        payments = settle(balances)
        assert set(_apply(balances, payments).values()) <= {0}
        nonzero = [v for v in vals if v]
        assert len(payments) == len(nonzero) - _max_groups(nonzero)


def test_beyond_the_exact_limit_greedy_still_settles() -> None:
    rng = random.Random(5)
    vals = [rng.randint(1, 50) * 10 * rng.choice((1, -1)) for _ in range(EXACT_LIMIT + 5)]
    vals.append(-sum(vals))
    balances = {f"P{i:02}": v for i, v in enumerate(vals)}
    payments = settle(balances)
    assert set(_apply(balances, payments).values()) == {0}
    assert len(payments) <= sum(1 for v in vals if v) - 1


def test_settle_refuses_unbalanced_books() -> None:
    with pytest.raises(ValueError):
        settle({"A": 10, "B": -5})
    assert settle({}) == []
    assert settle({"A": 0}) == []


# json --------------------------------------------------------------------------


def test_json_has_integer_points_and_payments() -> None:
    data = tally(evening(), round_to=100, stake=Decimal(1)).to_json()
    assert data["players"] == {"Ann": 3100, "Ed": 1800, "Cy": 300, "Di": -2100, "Bob": -3100}
    assert all(type(v) is int for v in data["players"].values())
    assert list(data["players"]) == ["Ann", "Ed", "Cy", "Di", "Bob"]
    assert data["games"] == 3
    assert data["payments"][0] == {"from": "Bob", "to": "Ann", "amount": 31.0, "points": 3100}
    assert data["round"] == 100


# time windows ------------------------------------------------------------------


def test_the_week_starts_on_monday_local_time() -> None:
    wednesday = datetime(2026, 8, 19, 15, 30).astimezone()
    week = window_start(Window.WEEK, wednesday)
    assert week is not None
    assert (week.month, week.day, week.hour) == (8, 17, 0) and week.weekday() == 0
    sunday = datetime(2026, 8, 23, 23, 59).astimezone()
    assert window_start(Window.WEEK, sunday) == week
    monday = datetime(2026, 8, 17, 0, 1).astimezone()
    assert window_start(Window.WEEK, monday) == week
    assert window_start(Window.ALL, wednesday) is None


def test_the_window_key_cycles() -> None:
    assert [Window.TONIGHT.next, Window.WEEK.next, Window.ALL.next] == [Window.WEEK, Window.ALL, Window.TONIGHT]
    assert [w.label for w in Window] == ["tonight", "this week", "all time"]


def test_since_keeps_games_started_in_the_window() -> None:
    start = datetime(2026, 8, 17, 0, 0, tzinfo=UTC)
    names = ("Ann", "Bob", "Cy", "Di")
    rs = [
        result(names, 1, 0, Status.WON, start - timedelta(seconds=1), "before"),
        result(names, 1, 0, Status.WON, start, "at"),
        result(names, 1, 0, Status.WON, None, "unknown"),
    ]
    assert [r.id for r in since(rs, start)] == ["at"]
    assert [r.id for r in since(rs, None)] == ["before", "at", "unknown"]


def test_a_lifetime_s_count_in_the_title_has_its_thousands_marked() -> None:
    from bridgepad.core.evening.tally_view import view

    names = ("Ann", "Bob", "Cy", "Di")
    games = [result(names, 400, 100, Status.FINISHED, T0 + timedelta(hours=k), f"g{k}") for k in range(1200)]
    games.append(result(names, 900, 0, Status.IN_PLAY, T0, "live"))
    assert view(tally(games)).count == "1,200 games (+1 in play)"
