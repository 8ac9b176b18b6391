"""The tally's evening: "tonight" across midnight, duplicate sessions by IMPs and
matchpoints, and who sat out when five play. Figures worked by hand in each test."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from support.builders import result

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.evening.tally import tally
from bridgepad.core.evening.windows import (
    EVENING_GAP,
    Window,
    evening_start,
    since,
    window_start,
)
from bridgepad.core.rules.game import Mode, Status
from bridgepad.core.rules.settings import DuplicateScoring

NAMES = ("Ann", "Bob", "Cy", "Di")


def local(day: int, hour: int, minute: int = 0) -> datetime:
    """A local time in August 2026 (day 17 is a Monday)."""
    return datetime(2026, 8, day, hour, minute).astimezone()


def game(start: datetime, end: datetime, gid: str, players: tuple[str, str, str, str] = NAMES) -> GameSummary:
    return result(players, 500, 0, Status.WON, start, gid, updated=end)


# An evening from 19:00 on Monday the 17th to 00:55 on Tuesday the 18th: four rubbers,
# each started within minutes of the last one's end.
EVENING = [
    game(local(17, 19, 0), local(17, 20, 10), "r1"),
    game(local(17, 20, 15), local(17, 21, 30), "r2"),
    game(local(17, 21, 45), local(17, 23, 10), "r3"),
    game(local(17, 23, 20), local(18, 0, 55), "r4"),
]


def ids(results: list[GameSummary]) -> list[str]:
    return [r.id for r in results]


def test_a_seven_to_one_evening_is_one_tonight() -> None:
    # At 01:00 on Tuesday the evening began at 19:00 on Monday: no gap of 6 hours, and
    # 19:00 Monday is later than the last 05:00 (Monday 05:00). All four rubbers count.
    for now in (local(18, 1, 0), local(17, 23, 59), local(18, 0, 30), local(18, 4, 59)):
        start = window_start(Window.TONIGHT, now, EVENING)
        assert start == local(17, 19, 0), now
        assert ids(since(EVENING, start)) == ["r1", "r2", "r3", "r4"]
    # A tally taken at 20:00, during the second rubber: the evening still began at 19:00.
    assert window_start(Window.TONIGHT, local(17, 20, 0), EVENING[:2]) == local(17, 19, 0)


def test_the_next_morning_is_a_new_day() -> None:
    # At 05:00 on Tuesday a new day begins: 05:00 is later than 19:00 on Monday.
    assert evening_start(local(18, 5, 0), EVENING) == local(18, 5, 0)
    assert since(EVENING, evening_start(local(18, 5, 0), EVENING)) == []
    # At noon on Tuesday the last game ended 11 h 5 min ago (00:55): more than 6 hours
    # without a game, so tonight has not begun: it starts now, and holds nothing.
    now = local(18, 12, 0)
    assert evening_start(now, EVENING) == now


def test_a_gap_of_six_hours_ends_an_evening() -> None:
    # An afternoon rubber 13:00-15:00, then the evening from 21:00: the gap is exactly
    # 6 hours, so at 22:00 tonight began at 21:00.
    afternoon = game(local(17, 13, 0), local(17, 15, 0), "afternoon")
    night = game(local(17, 21, 0), local(17, 21, 50), "night")
    assert EVENING_GAP == timedelta(hours=6)
    assert evening_start(local(17, 22, 0), [afternoon, night]) == local(17, 21, 0)
    # With the evening game at 20:59 the gap is 5 h 59 min: one session since 13:00.
    early = game(local(17, 20, 59), local(17, 21, 50), "early")
    assert evening_start(local(17, 22, 0), [afternoon, early]) == local(17, 13, 0)


def test_a_game_that_spans_the_gap_keeps_the_evening_together() -> None:
    # One long Chicago from 14:00 to 20:30 (a change every few minutes), then a rubber at
    # 21:00: the Chicago was being played all along, so there is no gap at all.
    long_game = game(local(17, 14, 0), local(17, 20, 30), "long")
    rubber = game(local(17, 21, 0), local(17, 22, 0), "rubber")
    assert evening_start(local(17, 22, 30), [rubber, long_game]) == local(17, 14, 0)


# Duplicate in the tally -----------------------------------------------------------


def session(players: tuple[str, str, str, str], scoring: DuplicateScoring, **figures: object) -> GameSummary:
    return result(players, 0, 0, Status.IN_PLAY, local(17, 19), "dup", mode=Mode.DUPLICATE, scoring=scoring, **figures)  # type: ignore[arg-type]


def test_duplicate_sessions_are_tallied_by_imps_and_matchpoints_not_money() -> None:
    # A team match: N-S (Ann, Cy) +7.5 IMPs, so E-W (Bob, Di) -7.5.
    # A pairs game: N Ann, E Ed, S Cy, W Bob; N-S 27 of 48 matchpoints (56.25%), so
    # E-W 48 - 27 = 21 of 48 (43.75%).
    # Ann and Cy: +7.5 IMPs and 56.25%; Bob: -7.5 and 43.75%; Di -7.5 (no pairs game);
    # Ed 43.75% (no team match).
    teams = session(NAMES, DuplicateScoring.IMPS, imps=Decimal("7.5"), matchpoints=3, top=4)
    pairs = session(("Ann", "Ed", "Cy", "Bob"), DuplicateScoring.MATCHPOINTS, imps=Decimal(2), matchpoints=27, top=48)
    rubber = result(NAMES, 620, 0, Status.WON, local(17, 21), "rubber")
    t = tally([teams, pairs, rubber], stake=Decimal(1))
    rows = {d.name: (d.sessions, d.imps, d.matchpoints, d.top, d.percent) for d in t.duplicate}
    assert rows == {
        "Ann": (2, Decimal("7.5"), 27, 48, Decimal("56.25")),
        "Cy": (2, Decimal("7.5"), 27, 48, Decimal("56.25")),
        "Bob": (2, Decimal("-7.5"), 21, 48, Decimal("43.75")),
        "Di": (1, Decimal("-7.5"), 0, 0, None),
        "Ed": (1, None, 21, 48, Decimal("43.75")),
    }
    assert [d.name for d in t.duplicate] == ["Ann", "Cy", "Ed", "Bob", "Di"]  # IMPs, then %, then name
    # The money is the rubber's alone: N-S +620, so Ann and Cy +6.20, Bob and Di -6.20.
    assert t.sessions == 2 and t.games == 1
    assert {p.name: p.money for p in t.players} == {
        "Ann": Decimal("6.20"), "Cy": Decimal("6.20"), "Bob": Decimal("-6.20"), "Di": Decimal("-6.20"),
    }  # fmt: skip
    data = t.to_json()
    # Five people played the two sessions: Di missed the pairs game, Ed the team match.
    assert t.duplicate_rotation
    assert data["duplicate"]["Bob"] == {"sessions": 2, "imps": -7.5, "matchpoints": 21, "top": 48, "pct": 43.75, "sat_out": 0}
    assert data["duplicate"]["Ed"]["imps"] is None
    assert {d.name: d.sat_out for d in t.duplicate} == {"Ann": 0, "Cy": 0, "Ed": 1, "Bob": 0, "Di": 1}


def test_a_session_with_nothing_compared_is_not_counted() -> None:
    t = tally([session(NAMES, DuplicateScoring.IMPS, imps=None, matchpoints=0, top=0)])
    assert t.sessions == 0 and t.duplicate == ()


# Who sat out ---------------------------------------------------------------------


def test_five_players_each_sits_out_their_share() -> None:
    # Three rubbers among five: Ann, Bob, Cy, Di | Ann, Cy, Ed, Bob | Di, Ann, Bob, Ed.
    # Ann and Bob play all three (out 0); Cy plays 1 and 2, Di 1 and 3, Ed 2 and 3: out 1 each.
    evening = [
        result(("Ann", "Bob", "Cy", "Di"), 1830, 510, Status.WON, local(17, 19), "g1"),
        result(("Ann", "Cy", "Ed", "Bob"), 950, 0, Status.WON, local(17, 20), "g2"),
        result(("Di", "Ann", "Bob", "Ed"), 160, 970, Status.WON, local(17, 21), "g3"),
    ]
    t = tally(evening)
    assert t.rotation
    assert {p.name: (p.games, p.sat_out) for p in t.players} == {
        "Ann": (3, 0), "Bob": (3, 0), "Cy": (2, 1), "Di": (2, 1), "Ed": (2, 1),
    }  # fmt: skip
    assert t.to_json()["sat_out"] == {"Ann": 0, "Ed": 1, "Cy": 1, "Di": 1, "Bob": 0}
    # Four players: nobody sits out, and the tally does not say so.
    four = tally(evening[:1])
    assert not four.rotation and four.to_json()["sat_out"] is None


def test_who_sat_out_as_recorded_by_the_dialog_is_the_answer() -> None:
    # Ed came late: the first rubber had four at the table, nobody waiting (no record).
    # Then Cy waited for rubber 2, Di for rubber 3: one each, and Ed none; inferring from
    # the games played would have said Ed sat out rubber 1 and Ann, Bob, Ed nothing.
    # Fay only waited (rubber 3): she has a row, no points, one sat out.
    evening = [
        result(("Ann", "Bob", "Cy", "Di"), 1830, 510, Status.WON, local(17, 19), "g1"),
        result(("Ann", "Di", "Ed", "Bob"), 950, 0, Status.WON, local(17, 20), "g2", sitting_out=("Cy",)),
        result(("Cy", "Ann", "Bob", "Ed"), 160, 970, Status.WON, local(17, 21), "g3", sitting_out=("Di", "fay")),
    ]
    t = tally(evening)
    assert t.rotation  # six at the table over the evening
    assert {p.name: (p.games, p.sat_out) for p in t.players} == {
        "Ann": (3, 0), "Bob": (3, 0), "Cy": (2, 1), "Di": (2, 1), "Ed": (2, 0), "fay": (0, 1),
    }  # fmt: skip
    fay = t.player("fay")
    assert fay is not None and fay.points == 0 and fay.balance == 0
    assert all("fay" not in (pay.payer, pay.payee) for pay in t.payments)


def test_the_tally_weighs_every_pairs_board_the_same() -> None:
    # Session 1 (the two boards of test_pairs_percentage): N-S 40.63% over 2 boards; session 2:
    # one board, +420 beats +170: 100% over 1. Ann sat N-S in both: (40.63 × 2 + 100 × 1) / 3 = 60.42%;
    # Bob, E-W: (59.37 × 2 + 0) / 3 = 39.58%.
    from bridgepad.core.evening.game_summary import GameSummary
    from bridgepad.core.evening.tally import tally as tally_of
    from bridgepad.core.readers.log import parse_log as log_of

    head = "duplicate\nscoring matchpoints\nplayers N=Ann E=Bob S=Cy W=Di\n"
    first = log_of(head + "N 4S 10 others 170\nN 2S 7 others 110 140 110 90\n").games()[0]
    second = log_of(head + "N 4S 10 others 170\n").games()[0]
    results = [
        GameSummary.of_state(st, f"g{k}", "2026-11-27T19:00:00+00:00", "2026-11-27T19:00:00+00:00")
        for k, st in enumerate((first, second))
    ]
    rows = {d.name: d for d in tally_of(results).duplicate}
    assert (rows["Ann"].percent, rows["Ann"].boards) == (Decimal("60.42"), 3)
    assert rows["Bob"].percent == Decimal("39.58")
    assert rows["Ann"].percent_text == "60.42% (3 bd)"
