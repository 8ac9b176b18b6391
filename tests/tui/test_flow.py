"""The table's flow at 80×24, typed through the keyboard: partners in three keys, a pad that
helps (what each side needs, who shuffles, the contract that makes game), a revoke in the
entry form, and games never stuck (resumed or ended from the history, the trash restored).

Every expected figure and seating is worked by hand in a comment beside it.
"""

from __future__ import annotations

from pathlib import Path

from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, make_app, seed
from support.snapshot_apps.screen import (
    Notes,
    explain_text,
    form_open,
    hand_rows,
    pad_text,
    status_text,
    text_of,
)
from support.waiting import settle, until
from textual.widgets import DataTable, Input

from bridgepad.core.model import Side
from bridgepad.core.readers.entry import read_form
from bridgepad.core.rules.game import Game, Mode, Status
from bridgepad.services.history import History
from bridgepad.store.game_store import GameStore
from bridgepad.tui.forms.game_form import GameForm
from bridgepad.tui.forms.in_play_dialog import InPlayDialog
from bridgepad.tui.screens.history_screen import HistoryScreen
from bridgepad.tui.screens.trash_screen import TrashScreen

SIZE = (80, 24)


async def step(pilot, keys: list[str], check, what: str) -> None:  # type: ignore[no-untyped-def]
    """Presses ``keys``, then waits for what they do."""
    await keyboard(pilot, keys)
    await until(pilot, check, what)


async def enter_hand(pilot, app, contract: str, declarer: str, result: str) -> None:  # type: ignore[no-untyped-def]
    """``+``, the hand typed into the entry form, Enter: recorded."""
    count = len(app.session.game.hands) if not app.session.state.over else 0
    await step(pilot, ["plus"], lambda: form_open(app) and isinstance(app.focused, Input), "the form opened")
    await step(pilot, [*field_keys(contract, declarer, result), "enter"], lambda: not form_open(app), "recorded")
    assert len(app.session.game.hands) == count + 1


async def play_rubber(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """A rubber won 2-0 by N-S: 4S by North making 10, twice (120 below each, a game each)."""
    for _ in range(2):
        await enter_hand(pilot, app, "4s", "n", "10")
    assert app.session.state.status is Status.WON


async def new_game_dialog(pilot, app) -> GameForm:  # type: ignore[no-untyped-def]
    await step(pilot, ["n"], lambda: isinstance(app.screen, GameForm) and isinstance(app.focused, Input), "the dialog opened")
    return app.screen  # type: ignore[no-any-return]


# The five-player evening (tests/core/test_rotation.py works each seating out by the rule):
# the most rubbers in a row cuts out, ties to the most played tonight, then to the first
# seat from North; who comes in takes that seat, then North stays and E, S, W move on one.
EVENING = [
    (("Ann", "Bob", "Cy", "Di"), ("Eve",)),
    (("Eve", "Di", "Bob", "Cy"), ("Ann",)),
    (("Eve", "Cy", "Ann", "Bob"), ("Di",)),
    (("Eve", "Bob", "Di", "Ann"), ("Cy",)),
]


async def test_a_five_player_evening_changes_partners_in_three_keys(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        # The first rubber's table, typed once: the four seats and Eve, who waits.
        await new_game_dialog(pilot, app)
        keys = [*field_keys("", "", "Ann", "Bob", "Cy", "Di", "Eve"), "enter"]
        await step(pilot, keys, lambda: not isinstance(app.screen, GameForm), "the first rubber started")
        assert (app.session.game.players, app.session.game.sitting_out) == EVENING[0]
        await play_rubber(pilot, app)
        # The deal passes to the left of the one who dealt last (each rubber two hands): rubber 1
        # N, E (Bob, who sits S in rubber 2: W deals); rubber 2 W, N (Eve, who stays N: E deals);
        # rubber 3 E, S (Ann, who sits W in rubber 4: N deals). By seat S, E, W: the last dealer again twice.
        for (players, out), dealer in zip(EVENING[1:], "WEN"):
            # Three keys between rubbers: n opens the dialog, ctrl+r takes the proposal, Enter starts.
            between: list[str] = []
            between.append("n")
            form = await new_game_dialog(pilot, app)
            between.append("ctrl+r")
            await step(pilot, ["ctrl+r"], lambda: form.query_one("#f-N", Input).value == players[0], "the seats filled in")
            between.append("enter")
            await step(pilot, ["enter"], lambda: not isinstance(app.screen, GameForm), "the next rubber started")
            assert len(between) <= 3
            assert (app.session.game.players, app.session.game.sitting_out) == (players, out)
            assert app.session.game.first_dealer.value == dealer
            await play_rubber(pilot, app)
    # Four rubbers played, each kept with who sat it out: Eve, Ann, Di, Cy once each; Bob never.
    # Their order was checked as each began; rubbers begun in the same second are listed
    # by their ids' random suffixes, so the kept ones are compared as a set.
    results = History(GameStore(data_dir)).summaries()
    assert sorted((r.players, r.sitting_out) for r in results) == sorted(EVENING)
    assert all(r.status is Status.WON for r in results)


async def test_the_dialog_offers_tonights_names_and_flags_a_name_in_two_places_as_it_is_typed(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_dialog(pilot, app)
        keys = [*field_keys("", "", "Ann", "Bob", "Cy", "Di", "Eve"), "enter"]
        await step(pilot, keys, lambda: not isinstance(app.screen, GameForm), "the first rubber started")
        await play_rubber(pilot, app)
        form = await new_game_dialog(pilot, app)
        assert (
            text_of(form.query_one("#game-form-next")) == "ctrl+r next rubber: Eve in for Ann (1 in a row); Eve & Bob v Di & Cy"
        )
        # Eve waited out the last rubber, so "Sitting out" comes filled with her: clear it
        # (Tab six times from the mode; its text is selected, so Backspace clears it).
        out = form.query_one("#f-out", Input)
        await step(pilot, ["tab"] * 6 + ["backspace"], lambda: out.value == "", "Sitting out cleared")
        # North: "e" is offered Eve, no longer named anywhere in the dialog; → takes the offer.
        await keyboard(pilot, ["shift+tab"] * 4 + ["e"])
        north = form.query_one("#f-N", Input)
        await until(pilot, lambda: north._suggestion == "Eve", "Eve offered")
        await keyboard(pilot, ["right"])
        await until(pilot, lambda: north.value == "Eve", "Eve taken")
        # Sitting out: "a" is offered Ann, whom Eve replaced at North.
        await keyboard(pilot, ["tab"] * 4 + ["a"])
        await until(pilot, lambda: out._suggestion == "Ann", "Ann offered")
        await step(pilot, ["right"], lambda: out.value == "Ann", "Ann taken")
        # West typed over with Ann, who is now sitting out: flagged at once, before Enter.
        await keyboard(pilot, ["shift+tab", *"Ann"])
        await until(pilot, lambda: form.query_one("#f-W", Input).value == "Ann", "Ann typed at West")
        assert text_of(form.query_one("#m-out")) == "Ann has a seat in this game, so does not sit out."
        # A name too long is flagged as it is typed too, next to its seat.
        await step(pilot, ["ctrl+u", *("x" * 41)], lambda: len(form.query_one("#f-W", Input).value) == 41, "typed")
        assert text_of(form.query_one("#m-W")) == "The name for West is longer than 40 characters."
        assert text_of(form.query_one("#m-out")) != "Ann has a seat in this game, so does not sit out."


async def test_the_status_bar_says_what_each_side_needs_and_who_shuffles(data_dir: Path) -> None:
    # 2S by North making 8: N-S 60 on, 40 to go; East deals the second hand, West shuffles.
    seed(data_dir, [("2S", "N", "8", "")])
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lines = status_text(app).splitlines()
        assert lines[1].strip().startswith("East deals · West shuffles · ")
        assert lines[2].strip() == "N-S 60 on: need 40 · E-W need 100"
        # The contract field: 2H made is 60 more, a game for N-S; E-W would have 60 of 100.
        await step(pilot, ["plus"], lambda: isinstance(app.focused, Input), "the form opened")
        preview = app.screen.query_one("#preview")
        both = "If 2♥ makes: game for N-S (60 on + 60); a part score for E-W (60 of 100)."
        await step(pilot, ["2", "h"], lambda: text_of(preview) == both, "the note for both sides")
        one = "If 2♥ makes: a part score for E-W (60 of 100)."
        await step(pilot, ["tab", "e"], lambda: text_of(preview) == one, "the note for E-W")


async def test_a_revoke_typed_in_the_result_field_is_scored_as_the_rules_say(data_dir: Path) -> None:
    # 4S by North, 9 tricks as played; E-W revoked and won 2 tricks after: an established revoke
    # transfers two tricks, so 11 are scored: 4S+1, 120 below and 30 above for N-S (We).
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        transfer = "Revoke by E-W (the defenders), established: 2 tricks go to N-S; 9 tricks played, 11 scored (4♠+1)."
        await step(pilot, ["plus"], lambda: isinstance(app.focused, Input), "the form opened")
        preview = app.screen.query_one("#preview")
        keys = field_keys("4s", "n", "9 rev ew 2")
        await step(pilot, keys, lambda: text_of(preview).splitlines()[0] == transfer, "the transfer explained")
        await step(pilot, ["enter"], lambda: not form_open(app), "recorded")
        assert hand_rows(app) == [["1", "N", "4♠", "N", "+1†", "150", ""]]  # the result as scored, marked: a revoke
        h = app.session.state.hands[0]
        assert (h.points(Side.NS, False), h.points(Side.NS, True)) == (120, 30)
        assert app.session.game.hands[0].tricks == 9  # kept as played
        assert "120" in pad_text(app) and "30" in pad_text(app)
        assert transfer in explain_text(app)
        # Edit gives the same words back.
        await step(pilot, ["e"], lambda: form_open(app), "the form opened")
        assert app.screen.query_one("#result", Input).value == "9 rev EW 2"


def left_in_play(root: Path) -> str:
    """A rubber left in play at 19:00: N-S 4S made (a game, 120), E-W 2H (60, a part score)."""
    hands = tuple(
        read_form({"contract": c, "declarer": d, "result": r}).hand for c, d, r in (("4S", "N", "10"), ("2H", "E", "8"))
    )
    return GameStore(root).add(Game(players=("Ann", "Bob", "Cy", "Di"), hands=hands), "2026-11-27T19:00:00+00:00").id  # type: ignore[arg-type]


async def open_left_game(pilot, app) -> None:  # type: ignore[no-untyped-def]
    """h, then the cursor to the rubber left in play (the oldest row), then Enter."""
    await step(pilot, ["h"], lambda: isinstance(app.screen, HistoryScreen), "the history opened")
    table = app.screen.query_one(DataTable)
    await step(pilot, ["down"] * (table.row_count - 1), lambda: table.cursor_row == table.row_count - 1, "the last row")
    await step(pilot, ["enter"], lambda: isinstance(app.screen, InPlayDialog), "the choice asked")


async def test_enter_on_a_game_in_play_resumes_it_and_undo_goes_back(data_dir: Path) -> None:
    left = left_in_play(data_dir)
    seed(data_dir, [("1NT", "S", "7", "")])
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        pad_id = app.session.stored.id
        await open_left_game(pilot, app)
        dialog = app.screen
        assert text_of(dialog.query_one("#in-play-title")).startswith(
            "The rubber of 2026-11-27 19:00 (Ann & Cy v Bob & Di) is still in play"
        )
        await step(pilot, ["r"], lambda: not isinstance(app.screen, (InPlayDialog, HistoryScreen)), "back on the pad")
        assert app.session.stored.id == left
        # The pad shows it: 2 hands, a game to N-S, E-W 60 on; South deals the third hand.
        assert len(hand_rows(app)) == 2
        assert status_text(app).splitlines()[2].strip() == "N-S need 100 · E-W 60 on: need 40"
        await step(pilot, ["ctrl+z"], lambda: app.session.stored.id == pad_id, "undone")
        assert app.session.stored.id == pad_id and GameStore(data_dir).current_id() == pad_id


async def test_enter_on_a_game_in_play_ends_it_with_its_unfinished_bonuses(data_dir: Path) -> None:
    left = left_in_play(data_dir)
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=SIZE, message_hook=notes) as pilot:
        await open_left_game(pilot, app)
        # Ending it: N-S have a game, 300; E-W a part score in the open game, 100.
        # N-S 120 + 300 = 420, E-W 60 + 100 = 160: N-S (We) lead by 260.
        said = " ".join(text_of(w) for w in app.screen.query(".choice"))
        assert "We 300 above: unfinished rubber, a game: 300; They 100 above" in said
        said_before = len(notes.texts)
        await step(pilot, ["x"], lambda: isinstance(app.screen, HistoryScreen) and len(notes.texts) > said_before, "ended")
        state = GameStore(data_dir).load(left).game
        assert state.ended
        # At 80 columns the history keeps the margin and the state (the sides' totals go first).
        row = [str(c).strip() for c in app.screen.query_one(DataTable).get_row(left)]
        assert row[-2:] == ["+260", "ended early"]
        assert "The rubber was ended early: We lead, 420 to 160, by 260." in notes.texts[-1]


async def test_the_trash_is_a_screen_with_restore(data_dir: Path) -> None:
    left = left_in_play(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await step(pilot, ["h"], lambda: isinstance(app.screen, HistoryScreen), "the history opened")
        history = app.screen
        table = history.query_one(DataTable)
        await step(pilot, ["down"] * (table.row_count - 1), lambda: table.cursor_row == table.row_count - 1, "the last row")
        await step(pilot, ["d"], lambda: app.screen is not history, "asked")
        await step(pilot, ["y"], lambda: not GameStore(data_dir).path(left).exists() and app.screen is history, "trashed")
        await step(pilot, ["t"], lambda: isinstance(app.screen, TrashScreen), "the trash opened")
        trash = app.screen
        rows = [[str(c) for c in trash.query_one(DataTable).get_row_at(i)] for i in range(trash.query_one(DataTable).row_count)]
        assert len(rows) == 1 and rows[0][1:4] == ["2026-11-27 19:00", "rubber", "Ann & Cy v Bob & Di"]
        await step(pilot, ["enter"], lambda: GameStore(data_dir).path(left).exists(), "restored")
        assert trash.query_one(DataTable).row_count == 0
        await step(pilot, ["escape"], lambda: isinstance(app.screen, HistoryScreen), "back in the history")
        assert left in [s.id for s in app.screen.rows]


async def test_the_history_says_which_side_won_a_rubber(data_dir: Path) -> None:
    # We are N-S: N 3NT 9 twice is our rubber 2-0; E 3NT 9 twice is theirs, We losing 0-2.
    store = GameStore(data_dir)
    for log, at in (("N 3NT 9\nS 3NT 9\n", "19:00"), ("E 3NT 9\nW 3NT 9\n", "20:00")):
        hands = tuple(
            read_form({"contract": "3NT", "declarer": line.split()[0], "result": "9"}).hand for line in log.splitlines()
        )
        store.add(Game(players=("Ann", "Bob", "Cy", "Di"), hands=hands), f"2026-11-27T{at}:00+00:00")  # type: ignore[arg-type]
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await step(
            pilot,
            ["h"],
            lambda: isinstance(app.screen, HistoryScreen) and app.screen.query_one(DataTable).row_count >= 2,
            "the history",
        )
        table = app.screen.query_one(DataTable)
        rows = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert any("They won" in r and "0–2" in r for r in rows), rows
        assert any("We won" in r and "2–0" in r for r in rows), rows


async def test_the_dialog_after_a_chicago_proposes_the_next_chicago(data_dir: Path) -> None:
    store = GameStore(data_dir)
    hand = read_form({"contract": "3NT", "declarer": "N", "result": "9"}).hand
    chicago = store.add(Game(mode=Mode.CHICAGO, players=("Ann", "Bob", "Cy", "Di"), hands=(hand,)))  # type: ignore[arg-type]
    store.set_current(chicago.id)  # the Chicago on the pad
    app = make_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_dialog(pilot, app)
        assert text_of(form.query_one("#game-form-next")) == "ctrl+r next Chicago: partners rotate: Ann & Bob v Di & Cy"
