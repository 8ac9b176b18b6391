"""Keys typed ahead, without waiting for the screen, in every form: each has the effect it
would have if the app were instant (issue: the keys typed while a form opened were lost, and
a key right after Tab was selected away by the field's own selection, a turn late).

Every key of a sequence is posted to the app at once (``burst``), as a terminal's read
delivers a quick typist's keys, and only then does the test wait for the app to settle.
What was recorded is checked, never how long it took."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from support import waiting
from support.robust.keys import burst
from support.snapshot_apps.scenarios import WORKED_RUBBER, evening, make_app, seed
from support.snapshot_apps.screen import form_open
from support.waiting import pause
from textual.widgets import Input

from bridgepad.core.model import Contract, Doubling, Hand, Seat, Strain
from bridgepad.core.rules.game import Mode
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.tally_screen import TallyScreen

# Hands that never make a game (each goes down): one rubber takes them all, in order.
HANDS = [("4s", "n", "8"), ("3nt", "e", "7"), ("2hx", "s", "6"), ("5dxx", "w", "9"), ("1c", "n", "5"), ("6s", "e", "11")]
EXPECTED = [
    Hand(Contract(4, Strain.S), Seat.N, 8),
    Hand(Contract(3, Strain.NT), Seat.E, 7),
    Hand(Contract(2, Strain.H, Doubling.DOUBLED), Seat.S, 6),
    Hand(Contract(5, Strain.D, Doubling.REDOUBLED), Seat.W, 9),
    Hand(Contract(1, Strain.C), Seat.N, 5),
    Hand(Contract(6, Strain.S), Seat.E, 11),
]


async def until(pilot, done) -> None:  # type: ignore[no-untyped-def]
    """Waits for the state checked (a loaded machine takes longer over a burst), never a fixed time."""
    await waiting.until(pilot, done, "the burst's keys to be handled, to the state the test checks")


def typed(contract: str, declarer: str, result: str) -> list[str]:
    return ["+", *contract, "tab", *declarer, "tab", *result, "enter"]


def recorded(app) -> list[tuple[Contract | None, Seat | None, int | None]]:  # type: ignore[no-untyped-def]
    return [(h.hand.contract, h.hand.declarer, h.hand.tricks) for h in app.session.state.hands]


def as_typed(hands: list[Hand]) -> list[tuple[Contract | None, Seat | None, int | None]]:
    return [(h.contract, h.declarer, h.tricks) for h in hands]


@pytest.mark.parametrize("times", [1, 2])
async def test_hands_typed_in_one_burst_are_recorded_each_as_typed(data_dir: Path, times: int) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = [k for _ in range(times) for h in HANDS for k in typed(*h)]
        await burst(pilot, keys)  # the + of each hand typed before the form of the last was closed
        await until(pilot, lambda: len(app.session.state.hands) >= len(EXPECTED) * times and not form_open(app))
        assert recorded(app) == as_typed(EXPECTED * times)
        assert not form_open(app) and isinstance(app.screen, PadScreen)
    saved = make_app(data_dir).session.state.hands  # on disk, as typed
    assert [(h.hand.contract, h.hand.declarer, h.hand.tricks) for h in saved] == as_typed(EXPECTED * times)


async def test_an_edit_typed_ahead_replaces_the_field_it_enters(data_dir: Path) -> None:
    seed(data_dir, WORKED_RUBBER[:3])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause(pilot)
        # e on the last hand (2C by S, 8), then at once: 3nt over 2C, E over S, 7 over 8.
        await burst(pilot, ["e", *"3nt", "tab", "e", "tab", "7", "enter"])
        await until(pilot, lambda: not form_open(app))
        hand = app.session.state.hands[2].hand
        assert (hand.contract, hand.declarer, hand.tricks) == (Contract(3, Strain.NT), Seat.E, 7)
        assert len(app.session.state.hands) == 3 and not form_open(app)


async def test_a_new_game_typed_ahead_then_a_hand_goes_into_the_new_game(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause(pilot)
        old = app.session.stored.id
        # n, chicago over the mode, a first dealer, Enter; then + and a hand, all in one burst.
        await burst(pilot, ["n", *"chicago", "tab", "e", "enter", *typed("4s", "n", "8")])
        await until(pilot, lambda: len(app.session.state.hands) >= 1 and not form_open(app))
        assert app.session.stored.id != old
        assert app.session.game.mode is Mode.CHICAGO and app.session.game.first_dealer is Seat.E
        assert recorded(app) == as_typed(EXPECTED[:1])
        assert isinstance(app.screen, PadScreen) and not form_open(app)


async def test_the_rules_typed_ahead_are_saved_as_typed(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause(pilot)
        # s, honors "no" over "yes", Enter, then + and a hand, into the game on the pad.
        await burst(pilot, ["s", *"no", "enter", *typed("4s", "n", "8")])
        await until(pilot, lambda: len(app.session.state.hands) >= 1 and not form_open(app))
        assert app.session.files.defaults().settings.honors is False
        assert app.session.game.settings.honors is True  # the game on the pad keeps its rules
        assert recorded(app) == as_typed(EXPECTED[:1])
        assert isinstance(app.screen, PadScreen)


async def test_a_stake_typed_ahead_is_set_and_the_keys_after_it_are_the_tally_s(data_dir: Path) -> None:
    evening(data_dir)  # a stake of 0.10
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause(pilot)
        await burst(pilot, ["t", "$", *"0.25", "enter"])
        await until(pilot, lambda: isinstance(app.screen, TallyScreen) and str(app.screen.stake) == "0.25")
        assert isinstance(app.screen, TallyScreen)
        assert str(app.screen.stake) == "0.25"
        assert app.screen.query_one("#stake", Input).value == "0.25"
        await burst(pilot, ["$", "1", "enter", "escape"])  # the Escape leaves the tally
        await until(pilot, lambda: isinstance(app.screen, PadScreen))
        assert isinstance(app.screen, PadScreen)
    # The stake is kept for the next start.
    assert make_app(data_dir).session.files.tally_preferences().stake == Decimal(1)


async def test_an_export_typed_ahead_writes_the_format_and_the_name_typed(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed(data_dir, WORKED_RUBBER[:2])
    folder = tmp_path / "out"
    folder.mkdir()
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pause(pilot)
        # E, csv over md, Tab, a file name over the one proposed, Enter, then + and a hand.
        await burst(pilot, ["E", *"csv", "tab", *str(folder / "night"), "enter", *typed("4s", "n", "8")])
        await until(pilot, lambda: len(app.session.state.hands) >= 3 and not form_open(app))
        assert [p.name for p in folder.iterdir()] == ["night.csv"]
        assert (folder / "night.csv").read_text(encoding="utf-8").splitlines()[0].count(",") > 3  # a CSV, not Markdown
        assert len(app.session.state.hands) == 3  # the + after the export went to the pad
        assert isinstance(app.screen, PadScreen)
