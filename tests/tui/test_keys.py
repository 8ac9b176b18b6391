"""Keys declared once: every screen's bindings come from bridgepad/tui/keys.py with an id, and
the footer, the help, the command palette and the README's tables are read from that list; a
keymap in settings.json rebinds keys by id; a narrow footer keeps Quit."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from support import TESTS
from support.snapshot_apps.scenarios import make_app
from support.snapshot_apps.screen import Notes, explain_text, form_open
from support.waiting import press, settle
from textual.binding import Binding
from textual.widgets import Static

from bridgepad.store.game_store import GameStore
from bridgepad.tui import keys
from bridgepad.tui.app import BridgepadApp
from bridgepad.tui.forms.confirm import Confirm
from bridgepad.tui.forms.entry_form import EntryForm
from bridgepad.tui.forms.export_dialog import ExportDialog
from bridgepad.tui.forms.form import FormParts
from bridgepad.tui.forms.game_form import GameForm
from bridgepad.tui.forms.in_play_dialog import InPlayDialog
from bridgepad.tui.screens.help_screen import HelpScreen
from bridgepad.tui.screens.history_screen import HistoryScreen
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.review_screen import ReviewScreen
from bridgepad.tui.screens.share_screen import ShareScreen
from bridgepad.tui.screens.tally_screen import TallyScreen
from bridgepad.tui.screens.trash_screen import TrashScreen

ROOT = TESTS.parent
SCREENS = (
    BridgepadApp, PadScreen, HistoryScreen, TallyScreen, ReviewScreen, HelpScreen, Confirm, EntryForm, GameForm, ExportDialog,
    TrashScreen, InPlayDialog, ShareScreen,
)  # fmt: skip


def own_bindings(cls: type) -> list[Binding]:
    """The bindings the class declares (or inherits from its own base, as the forms do)."""
    out: list[Binding] = []
    for b in cls.BINDINGS:  # type: ignore[attr-defined]
        assert isinstance(b, Binding), f"{cls.__name__}: {b!r} is not declared through keys.py"
        out.append(b)
    return out


@pytest.mark.parametrize("cls", SCREENS, ids=[c.__name__ for c in SCREENS])
def test_every_binding_of_every_screen_is_one_of_the_list_with_its_id(cls: type) -> None:
    bindings = own_bindings(cls)
    assert bindings, cls.__name__
    for b in bindings:
        assert b.id in keys.KEYS_BY_ID, f"{cls.__name__}: {b.key} -> {b.action} has no id from keys.py"
        declared = keys.KEYS_BY_ID[b.id]
        assert (b.key, b.action, b.description) == (declared.keys, declared.action, declared.label)


def test_ids_are_unique_and_name_their_section() -> None:
    ids = [k.id for s in keys.SECTIONS for k in s.keys]
    assert len(ids) == len(set(ids))
    for s in keys.SECTIONS:
        for k in s.keys:
            assert k.id.startswith(s.name + "."), k.id


def test_the_readme_and_documentation_tables_are_the_list_s() -> None:
    # Neither the README nor the documentation can drift: the script that writes their
    # tables finds nothing to change.
    done = subprocess.run(
        [sys.executable, str(TESTS / "tools" / "make_readme_keys.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    page = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    assert keys.docs_table() in page
    # Every key that has an action is in the documentation's tables with its id.
    for k in keys.KEYS_BY_ID.values():
        if k.action:
            assert f"`{k.id}`" in page, k.id
    # The ten keys that matter open both the README and the documentation.
    for first in ("README.md", "docs/index.md"):
        assert keys.first_keys_table() in (ROOT / first).read_text(encoding="utf-8"), first


def test_key_text_reads_as_a_person_reads_keys() -> None:
    assert keys.key_text("plus,a") == "+ or a"
    assert keys.key_text("question_mark,f1") == "? or F1"
    assert keys.key_text("escape,q,h") == "Esc, q or h"
    assert keys.key_text("up,down") == "↑ ↓"
    assert keys.key_text("ctrl+z") == "ctrl+z"
    assert keys.key_text("dollar_sign,s") == "$ or s"


def test_a_keymap_from_settings_is_read_by_id_and_its_mistakes_are_named() -> None:
    keymap, problems = keys.read_keymap({"pad.add": "i,+", "pad.select": "j", "pad.ad": "x", "pad.undo": 3, "pad.new": " , "})
    assert keymap == {"pad.add": "i,plus"}  # Textual's names: + is plus
    assert len(problems) == 4
    assert any('"pad.ad" is not a key id' in p for p in problems)
    assert any('"pad.select"' in p and "cannot be rebound" in p for p in problems)
    assert any('"pad.undo"' in p for p in problems) and any('"pad.new"' in p for p in problems)
    assert keys.read_keymap(["pad.add"])[1], "a keymap that is not an object is named too"
    # An id from the file is echoed with its control characters shown, never sent to the terminal.
    (problem,) = keys.read_keymap({"\x1b[31mpad.add": "i"})[1]
    assert "\x1b" not in problem and "\\x1b[31mpad.add" in problem
    assert keys.read_keymap(None) == ({}, [])


def footer_words(app: BridgepadApp) -> list[str]:
    from textual.widgets import Footer

    footer = app.screen.query_one(Footer)
    return [getattr(w, "description", "") for w in footer.children if hasattr(w, "action")]


async def test_the_footer_shows_the_list_s_words_and_keeps_quit_when_narrow(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        wide = footer_words(app)
        shown = [k.label for k in keys.section("pad").keys if k.action and k.show] + ["Quit"]
        assert wide == shown
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        await settle(pilot)
        # At 80 columns every key but Share (8, the least needed) and Stats (7, after Del) fits,
        # no game finished yet; and the help's key says there are more keys than the footer shows.
        assert footer_words(app) == [w if w != "Help" else "More keys" for w in shown if w not in ("Share", "Stats")]
        await pilot.resize_terminal(60, 20)
        await settle(pilot)
        await settle(pilot)
        narrow = footer_words(app)
        assert "Quit" in narrow and "Add" in narrow and "More keys" in narrow
        assert len(narrow) < len(wide)
        # The least needed went first, by their rank in keys.py: Del (7) and New (6).
        assert "Del" not in narrow and "New" not in narrow
        assert sum(len(w) for w in narrow) < 60


async def test_at_80_columns_the_footer_keeps_the_statistics_once_a_game_is_finished(data_dir: Path) -> None:
    # The statistics have something to show: their key is one a standard terminal shows.
    from support.snapshot_apps.scenarios import WORKED_RUBBER, seed

    seed(data_dir, WORKED_RUBBER)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.session.state.over
        words = footer_words(app)
        assert "Stats" in words and "More keys" in words and "Quit" in words and "Add" in words, words
        assert "Share" not in words and "Help" not in words


async def test_at_80_columns_a_game_of_several_tables_shows_its_share_key(data_dir: Path) -> None:
    # The key a club night starts with: each table's link.
    from support.several import mitchell, on_pad

    on_pad(data_dir, mitchell())
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await settle(pilot)
        words = footer_words(app)
        assert "Share" in words and "Correct" in words and "More keys" in words and "Quit" in words, words


async def test_a_read_only_window_offers_no_key_that_changes_the_game(tmp_path: Path) -> None:
    # Another window holds the folder: its footer and its palette offer only what reads.
    from bridgepad.tui.app import open_folder

    root = tmp_path / "data"
    writer, writer_lock, _ = open_folder(root)
    try:
        assert writer.flush()
        viewer, viewer_lock, _ = open_folder(root)
        assert viewer.read_only
        app = BridgepadApp(viewer, viewer_lock)
        notes = Notes()
        async with app.run_test(size=(120, 24), message_hook=notes) as pilot:
            await settle(pilot)
            words = footer_words(app)
            assert not {"Add", "Edit", "Del", "Undo", "New"} & set(words), words
            assert {"History", "Tally", "Help", "Quit"} <= set(words), words
            commands = {c.title for c in app.get_system_commands(app.screen)}
            assert "Undo" not in commands and "New game" not in commands and "History" in commands
            # Pressed from habit, such a key says why it does nothing, and opens no form.
            said = len(notes.texts)
            await press(pilot, "plus")
            await settle(pilot)
            assert not form_open(app) and len(notes.texts) > said and "another" in notes.texts[-1].lower(), notes.texts
            await press(pilot, "ctrl+q")
    finally:
        writer_lock.release()


async def test_the_help_lists_every_section_of_the_list(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        out = io.StringIO()
        console = Console(width=120, file=out, color_system=None)
        for w in app.screen.query(Static):
            console.print(w.content)
        text = out.getvalue()
        for section in keys.SECTIONS:
            assert section.title in text, section.title
            for k in section.keys:
                assert k.does in text, k.does


async def test_the_palette_offers_the_screen_s_commands_from_the_list(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        for k in keys.section("pad").keys:
            if k.command:
                assert k.command in commands, k.command
                assert f"({keys.key_text(k.keys)})" in commands[k.command].help
        commands["Add a hand"].callback()
        await settle(pilot)
        assert form_open(app)


def write_settings(root: Path, data: dict[str, object]) -> None:
    GameStore(root).ensure()
    (root / "settings.json").write_text(json.dumps(data), encoding="utf-8")


async def test_a_user_keymap_rebinds_a_key_and_the_help_and_palette_say_so(data_dir: Path) -> None:
    write_settings(data_dir, {"keys": {"pad.add": "i", "nonsense.key": "z"}})
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await settle(pilot)
        assert any('"nonsense.key" is not a key id' in t for t in notes.texts), notes.texts
        # The hints name the key as the keymap has it, not the + written by hand.
        assert "No hands yet. Press i to enter the first hand." in explain_text(app)
        await press(pilot, "plus")  # no longer the key for a hand
        await settle(pilot)
        assert isinstance(app.screen, PadScreen)
        await press(pilot, "i")
        await settle(pilot)
        assert form_open(app)
        await press(pilot, "escape")
        await settle(pilot)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        assert commands["Add a hand"].help.endswith("(i)")
        assert "Add" in footer_words(app)
        await press(pilot, "question_mark")
        await settle(pilot)
        out = io.StringIO()
        for w in app.screen.query(Static):
            Console(width=120, file=out, color_system=None).print(w.content)
        assert "i  " in out.getvalue() and "+ or a" not in out.getvalue()


async def test_q_leaves_each_screen_and_escape_backs_out(data_dir: Path) -> None:
    from support.snapshot_apps.scenarios import evening

    evening(data_dir)
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for opener, screen in (("h", HistoryScreen), ("t", TallyScreen), ("question_mark", HelpScreen)):
            for leave in ("q", "escape"):
                await press(pilot, opener)
                await settle(pilot)
                assert isinstance(app.screen, screen)
                await press(pilot, leave)
                await settle(pilot)
                assert isinstance(app.screen, PadScreen), (opener, leave)
        await press(pilot, "h", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        await press(pilot, "q")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await press(pilot, "q", "q")  # back to the pad, then out of the app
        await settle(pilot)
    assert app.return_code in (0, None)
    assert not app.is_running


def test_every_form_shares_the_form_keys() -> None:
    for form in (EntryForm, GameForm, ExportDialog):
        assert issubclass(form, FormParts)
        assert form.KEY_SECTION == "form"


async def test_the_in_play_dialog_names_its_keys_as_bound_now(data_dir: Path) -> None:
    from textual.widgets import Label

    from bridgepad.core.readers.log import parse_log

    write_settings(data_dir, {"keys": {"in_play.resume": "g", "in_play.back": "b,escape"}})
    state = parse_log("N 4S 10\n").games()[0]
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(InPlayDialog("rubber", state))
        await settle(pilot)
        lines = [str(w.content) for w in app.screen.query(Label)]
        assert any(t.startswith("g  resume it on the pad") for t in lines), lines
        assert any(t.startswith("x  end the rubber now") for t in lines), lines
        assert "b  back to the history" in lines, lines
        await press(pilot, "g")
        await settle(pilot)
        assert not isinstance(app.screen, InPlayDialog)


def footer_keys(app: BridgepadApp) -> list[tuple[str, str]]:
    from textual.widgets import Footer

    footer = app.screen.query_one(Footer)
    return [
        (str(getattr(w, "key_display", "")), str(getattr(w, "description", ""))) for w in footer.children if hasattr(w, "action")
    ]


def shown_text(app: BridgepadApp) -> str:
    out = io.StringIO()
    for w in app.screen.query(Static):
        Console(width=120, file=out, color_system=None).print(w.content)
    return out.getvalue()


def test_a_key_name_from_a_keymap_must_be_a_key_textual_knows() -> None:
    for good in ("a", "plus", "question_mark", "ctrl+e", "f2", "escape", "shift+tab", "dollar_sign", "E"):
        assert keys.known_key(good), good
    for bad in ("\x1b]0;PWNED\x07", "\x1b[31m", "ctrl+ctrl+a", "x y", "hyperspace+a", "ctrl+", "<any>", "\x07"):
        assert not keys.known_key(bad), bad
    keymap, (problem,) = keys.read_keymap({"pad.add": "\u001b]52;c;cHduZWQ=\u0007"}, "/data/settings.json")
    assert keymap == {}
    assert problem.startswith("/data/settings.json: ") and "\x1b" not in problem and "\x07" not in problem
    assert "\\x1b]52" in problem and '"pad.add"' in problem


async def test_escape_bytes_in_a_keymap_never_reach_the_footer_the_help_or_the_palette(data_dir: Path) -> None:
    write_settings(data_dir, {"keys": {"pad.add": "\u001b]0;PWNED\u0007", "pad.edit": "ctrl+\u001b"}})
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
        await settle(pilot)
        assert any("is not a key name" in t and "\\x1b]0;PWNED" in t and "settings.json" in t for t in notes.texts), notes.texts
        shown = footer_keys(app)
        assert ("+", "Add") in shown and ("e", "Edit") in shown, shown  # the usual keys
        commands = "".join(c.title + c.help for c in app.get_system_commands(app.screen))
        await press(pilot, "question_mark")
        await settle(pilot)
        for text in (repr(shown), commands, shown_text(app), *notes.texts):
            assert "\x1b" not in text and "\x07" not in text


async def test_a_keymap_that_takes_the_way_out_is_refused_and_ctrl_c_still_quits(data_dir: Path) -> None:
    write_settings(data_dir, {"keys": {"app.quit": "x", "app.quit_now": "z"}})
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
        await settle(pilot)
        (refusal,) = [t for t in notes.texts if "quit" in t]
        assert str(data_dir / "settings.json") in refusal and "ctrl+q and ctrl+c always quit" in refusal, refusal
        assert "Quit" in footer_words(app) and ("q", "Quit") in footer_keys(app)  # the whole keymap left out
        await press(pilot, "ctrl+c")
        await settle(pilot)
    assert not app.is_running


async def test_ctrl_c_quits_whatever_other_key_a_keymap_gives_it(data_dir: Path) -> None:
    write_settings(data_dir, {"keys": {"pad.undo": "ctrl+c", "pad.history": "ctrl+q"}})
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
        await settle(pilot)
        assert sum("always quits" in t for t in notes.texts) == 2, notes.texts
        await press(pilot, "h")  # the usual key, kept
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await press(pilot, "ctrl+c")
        await settle(pilot)
    assert not app.is_running


async def test_a_keymap_binding_every_key_to_one_key_leaves_the_footer_as_it_was(data_dir: Path) -> None:
    everything = {k: "a" for k in keys.KEYS_BY_ID if not keys.KEYS_BY_ID[k].fixed}
    keymap, problems = keys.read_keymap(everything)
    # On each screen no two keys answer to one key: all but one of each section kept their own.
    for sec in keys.SECTIONS:
        taken = [one for k in sec.keys for one in _normalize(keys.keys_of(k, keymap))]
        assert len(taken) == len(set(taken)), (sec.name, taken)
    assert any("another key of the same screen" in p for p in problems)
    write_settings(data_dir, {"keys": everything})
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        shown = [k.label for k in keys.section("pad").keys if k.action and k.show] + ["Quit"]
        assert footer_words(app) == shown


def _normalize(keys_text: str) -> list[str]:
    from bridgepad.tui.textual_private import normalize_key_list

    return normalize_key_list(keys_text).split(",")


async def test_a_rebound_key_keeps_its_place_in_the_footer(data_dir: Path) -> None:
    # Textual's keymap puts a rebound binding after the others: the footer keeps keys.py's order.
    write_settings(data_dir, {"keys": {"pad.add": "i", "pad.delete": "k"}})
    app = make_app(data_dir)
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        shown = [k.label for k in keys.section("pad").keys if k.action and k.show] + ["Quit"]
        assert footer_words(app) == shown, footer_keys(app)
        assert footer_keys(app)[:3] == [("i", "Add"), ("e", "Edit"), ("k", "Del")]
