"""The game number on the pad counts the evening, as the tally and the new-game dialog do.

An evening runs past midnight: it begins with the first game after a gap of six hours
with no game, and never before 05:00 of its day (``core/evening/windows``). So rubbers
started at 21:00 and 23:00, then one at 00:30, make the last "Rubber 3", not a new day's
"Rubber 1"; a Chicago among them is counted apart ("Chicago 1"); and a rubber started at
19:00 the next day, after a night and a day with no game, is "Rubber 1" again.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from bridgepad.core.rules.game import Game, Mode
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore


def number_of(store: GameStore, game_id: str) -> int:
    store.set_current(game_id)
    return Session.open(store).game_number()


def add(store: GameStore, mode: Mode, start: str, end: str | None = None) -> str:
    """A game started at ``start`` (local time) and last changed at ``end``."""
    stored = store.add(Game(mode=mode), start)
    if end is not None:
        stored.updated = end
        store.save(stored)
    return stored.id


def test_a_rubber_after_midnight_belongs_to_the_evening_before(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    first = add(store, Mode.RUBBER, "2026-11-27T21:00:00", "2026-11-27T22:50:00")
    chicago = add(store, Mode.CHICAGO, "2026-11-27T22:55:00", "2026-11-27T23:00:00")
    second = add(store, Mode.RUBBER, "2026-11-27T23:05:00", "2026-11-28T00:20:00")
    late = add(store, Mode.RUBBER, "2026-11-28T00:30:00", "2026-11-28T01:40:00")
    assert [number_of(store, i) for i in (first, chicago, second, late)] == [1, 1, 2, 3]


def test_a_new_evening_starts_after_six_hours_without_a_game(tmp_path: Path) -> None:
    store = GameStore(tmp_path)
    add(store, Mode.RUBBER, "2026-11-28T00:30:00", "2026-11-28T01:40:00")
    # 08:00 the same calendar day: after 05:00 and after a gap of six hours, a new evening.
    morning = add(store, Mode.RUBBER, "2026-11-28T08:00:00", "2026-11-28T09:00:00")
    # 16:00: only seven hours after the morning's rubber ended: a gap again, a new evening.
    later = add(store, Mode.RUBBER, "2026-11-28T16:00:00", "2026-11-28T17:00:00")
    # 19:00: two hours after the 16:00 rubber ended: the same evening.
    evening = add(store, Mode.RUBBER, "2026-11-28T19:00:00")
    assert [number_of(store, i) for i in (morning, later, evening)] == [1, 1, 2]


def test_a_long_rubber_keeps_the_evening_together(tmp_path: Path) -> None:
    # Started seven hours before the next, but played until shortly before it: no gap of six hours.
    store = GameStore(tmp_path)
    add(store, Mode.RUBBER, "2026-11-27T18:00:00", "2026-11-28T00:50:00")
    late = add(store, Mode.RUBBER, "2026-11-28T01:00:00")
    assert number_of(store, late) == 2


def test_the_game_after_a_resumed_older_one_follows_the_evening_s_last(tmp_path: Path) -> None:
    # Rubbers 1 to 5 and a Chicago tonight; rubber 4 is on the pad again. The game that
    # follows it is begun after all of them: rubber 6, not a second rubber 5.
    store = GameStore(tmp_path)
    rubbers = [add(store, Mode.RUBBER, f"2026-11-27T{19 + i}:00:00", f"2026-11-27T{19 + i}:40:00") for i in range(4)]
    add(store, Mode.CHICAGO, "2026-11-27T22:45:00", "2026-11-27T22:55:00")
    rubbers.append(add(store, Mode.RUBBER, "2026-11-27T23:00:00", "2026-11-27T23:30:00"))
    store.set_current(rubbers[3])
    session = Session.open(store)
    assert session.game_number() == 4
    assert session.next_game_number(datetime.fromisoformat("2026-11-27T23:50:00").astimezone()) == 6


def test_the_game_after_a_game_of_an_earlier_evening_counts_tonight_alone(tmp_path: Path) -> None:
    # A rubber of a week ago, resumed after two rubbers tonight: the next is tonight's third.
    store = GameStore(tmp_path)
    old = add(store, Mode.RUBBER, "2026-11-20T21:00:00", "2026-11-20T22:00:00")
    add(store, Mode.RUBBER, "2026-11-27T21:00:00", "2026-11-27T22:00:00")
    add(store, Mode.RUBBER, "2026-11-27T22:05:00", "2026-11-27T23:00:00")
    store.set_current(old)
    session = Session.open(store)
    assert session.next_game_number(datetime.fromisoformat("2026-11-27T23:10:00").astimezone()) == 3
