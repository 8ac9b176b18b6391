"""The ``s`` rules screen: the rules new games start with, typed like the other forms.

``s`` edits settings.json (the defaults for new games); the game on the pad keeps
its own rules. ``bridgepad new`` without flags starts from what ``s`` saved.
"""

from __future__ import annotations

import json
from pathlib import Path

from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, make_app
from support.snapshot_apps.screen import Notes, form_open, status_text
from support.waiting import settle
from textual.widgets import Input

from bridgepad.cli import main
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.settings import ChicagoPartScore, Settings
from bridgepad.store.game_store import GameStore
from bridgepad.tui.forms.game_form import GameForm

SIZE = (100, 30)


def form_values(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    assert isinstance(app.screen, GameForm)
    return {str(w.id)[2:]: w.value for w in app.screen.query(Input)}


def saved(root: Path) -> Settings:
    return Settings.from_json(json.loads((root / "settings.json").read_text(encoding="utf-8"))["settings"])


# honors, Chicago deals 2 & 3, part scores: "no", kept, "fifty"; Enter saves.
NO_HONORS_FIFTY = [*field_keys("no", "", "fifty"), "enter"]


async def test_rules_screen_saves_the_defaults_that_bridgepad_new_then_uses(tmp_path: Path) -> None:
    root = tmp_path / "data"
    app = make_app(root)  # a fresh folder: a rubber under the default rules
    notes = Notes()
    async with app.run_test(size=SIZE, message_hook=notes) as pilot:
        await settle(pilot)
        await keyboard(pilot, ["s"])
        assert form_values(app) == {
            "honors": "yes",
            "chicago_vulnerable": "opponents",
            "chicago_part_score": "carry",
            "pass_word": "Pass",
            "we": "NS",
            "next_dealer": "passes-on",
            "duplicate_scoring": "imps",
        }
        await keyboard(pilot, NO_HONORS_FIFTY)
        assert not isinstance(app.screen, GameForm)
        said = "Saved. New games use these rules; the game on the pad keeps the rules it started with."
        assert await notes.latest(pilot, said) == said
        assert saved(root) == Settings(honors=False, chicago_part_score=ChicagoPartScore.FIFTY)
        assert app.session.game.settings == Settings()  # the rubber on the pad is unchanged

        # A bad value is refused in place, with the choices, and nothing is saved.
        await keyboard(pilot, ["s", *field_keys("", "", "half"), "enter"])
        assert isinstance(app.screen, GameForm)
        assert "carry or fifty" in str(app.screen.query_one("#m-chicago_part_score").render())
        await keyboard(pilot, ["escape"])
        assert saved(root) == Settings(honors=False, chicago_part_score=ChicagoPartScore.FIFTY)

    # bridgepad new without flags starts from the saved rules.
    assert main(["--data-dir", str(root), "new", "chicago"]) == 0
    store = GameStore(root)
    game = store.load(store.current_id() or "").game
    assert game.mode is Mode.CHICAGO
    assert game.settings == Settings(honors=False, chicago_part_score=ChicagoPartScore.FIFTY)

    again = make_app(root)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Deal 1 of 4" in status_text(again)
        await keyboard(pilot, ["plus"])
        assert form_open(again)
        assert [str(w.id) for w in again.screen.query(Input)] == ["contract", "declarer", "result"]  # no honors
        # A part score at fifty: 60 below and 50 above, at once.
        await keyboard(pilot, [*field_keys("2S", "N", "="), "enter"])
        assert [e.points for e in again.session.state.hands[0].entries] == [60, 50]


async def test_new_game_dialog_offers_the_rules_saved_with_s(tmp_path: Path) -> None:
    root = tmp_path / "data"
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await keyboard(pilot, ["s", *NO_HONORS_FIFTY])
        assert saved(root).honors is False
        await keyboard(pilot, ["n"])
        values = form_values(app)
        assert (values["honors"], values["chicago_part_score"]) == ("no", "fifty"), values


async def test_starting_a_game_with_n_keeps_the_rules_saved_with_s(tmp_path: Path) -> None:
    root = tmp_path / "data"
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await keyboard(pilot, ["s", *NO_HONORS_FIFTY])
        await keyboard(pilot, ["n", "c", "enter"])
        assert app.session.game.mode is Mode.CHICAGO
        settings = app.session.game.settings
        assert (settings.honors, settings.chicago_part_score) == (False, ChicagoPartScore.FIFTY), settings
        assert saved(root) == Settings(honors=False, chicago_part_score=ChicagoPartScore.FIFTY)


async def test_the_rules_screen_sets_the_scoring_form_of_new_duplicate_games(tmp_path: Path) -> None:
    root = tmp_path / "data"
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # The last field, "Duplicate by": a pairs game.
        await keyboard(pilot, ["s", *field_keys("", "", "", "", "", "", "mp"), "enter"])
        assert not isinstance(app.screen, GameForm)
        assert saved(root).duplicate_scoring.value == "matchpoints"
        # A form that is neither is refused with the choices.
        await keyboard(pilot, ["s", *field_keys("", "", "", "", "", "", "butler"), "enter"])
        assert isinstance(app.screen, GameForm)
        assert "imps (a team match) or matchpoints" in str(app.screen.query_one("#m-duplicate_scoring").render())
        await keyboard(pilot, ["escape"])
    assert main(["--data-dir", str(root), "new", "duplicate"]) == 0
    store = GameStore(root)
    assert store.load(store.current_id() or "").game.settings.duplicate_scoring.value == "matchpoints"
