"""Property 2: unreadable data never destroys data.

Each kind of damaged file (cut short, not UTF-8, JSON of the wrong shape, a future
schema, empty, zeros, nested too deep, a folder where the file should be...) is put
in place of the current game among good ones.  Opening the pad keeps it aside byte
for byte as ``<id>.json.corrupt-*``, names it in a message on screen, starts a fresh
game, and leaves every other game as it was and loadable; the history lists the
good games when the damaged one is an older game instead.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.builders import create_current, examples
from support.robust.data import (
    BAD_FILES,
    GOOD_GAMES,
    hand,
    make_history,
    plant,
    same_as_planted,
    valid_bytes,
)
from support.robust.screen import messages, status_text
from support.waiting import press, settle

from bridgepad.core.rules.game import Game
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore, UnreadableGame
from bridgepad.tui.app import BridgepadApp

KINDS = list(BAD_FILES)


def kept_files(games: Path, game_id: str) -> list[Path]:
    return sorted(games.glob(f"{game_id}.json.corrupt-*"))


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_current_game_is_kept_aside_and_the_rest_loads(tmp_path: Path, kind: str) -> None:
    h = make_history(tmp_path / "data")
    bad_id = h.games[-1].id
    others = h.games[:-1]
    before = {g.id: h.store.path(g.id).read_bytes() for g in others}
    bad = BAD_FILES[kind]
    plant(h.store.path(bad_id), bad)

    session = Session.open(GameStore(h.root))
    # Kept aside byte for byte, and nothing left in its place.
    kept = kept_files(h.store.games_dir, bad_id)
    assert len(kept) == 1, sorted(p.name for p in h.store.games_dir.iterdir())
    assert same_as_planted(kept[0], bad)
    assert not h.store.path(bad_id).exists()
    # Named in one message.
    assert len(session.problems) == 1 and kept[0].name in session.problems[0], session.problems
    # A fresh game on the pad, written with its first hand (opening writes no game).
    assert session.state.hands == () and session.stored.id != bad_id
    assert not h.store.path(session.stored.id).exists() and not session.unsaved
    assert session.hands.add(hand("4S", "N", "10")) is True
    assert h.store.current_id() == session.stored.id and not session.unsaved
    assert GameStore(h.root).load(session.stored.id).game.hands == (hand("4S", "N", "10"),)
    # The other games: untouched, and each still loads.
    for g in others:
        assert h.store.path(g.id).read_bytes() == before[g.id]
        assert h.store.load(g.id).game == g.game
    # Opening again says nothing more and keeps nothing more.
    again = Session.open(GameStore(h.root))
    assert again.problems == () and again.stored.id == session.stored.id
    assert kept_files(h.store.games_dir, bad_id) == kept and same_as_planted(kept[0], bad)


# The kinds the issue names, shown on screen.
ON_SCREEN = ["truncated", "invalid-utf8", "wrong-shape-hands", "future-schema", "empty", "folder"]


@pytest.mark.parametrize("kind", ON_SCREEN)
async def test_the_app_names_the_kept_file_in_an_error_message(tmp_path: Path, kind: str) -> None:
    h = make_history(tmp_path / "data")
    bad_id = h.games[-1].id
    plant(h.store.path(bad_id), BAD_FILES[kind])
    app = BridgepadApp(Session.open(GameStore(h.root)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        kept = kept_files(h.store.games_dir, bad_id)
        assert len(kept) == 1
        said = [n for n in app._notifications if kept[0].name in n.message]
        assert len(said) == 1, messages(app)
        assert said[0].severity == "error"
        assert "Hand 1" in status_text(app)
        if kind == "truncated":  # and the pad goes on taking hands
            await press(pilot, "plus", *"pass", "enter")
            await settle(pilot)
            assert len(app.session.state.hands) == 1 and not app.session.unsaved
            assert GameStore(h.root).load(app.session.stored.id).game.hands == (hand("pass"),)


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_older_game_leaves_the_history_whole(tmp_path: Path, kind: str) -> None:
    from bridgepad.services.history import History

    h = make_history(tmp_path / "data")
    bad_id = h.games[0].id  # an older game, not the one on the pad
    bad = BAD_FILES[kind]
    plant(h.store.path(bad_id), bad)
    current_bytes = h.store.path(h.games[-1].id).read_bytes()

    # The pad opens on its game as if nothing were wrong.
    session = Session.open(GameStore(h.root))
    assert session.stored.id == h.games[-1].id and session.game == h.games[-1].game
    assert session.problems == ()

    history = History(GameStore(h.root))
    listed = {s.id for s in history.summaries()}
    assert listed == {g.id for g in h.games[1:]}
    kept = kept_files(h.store.games_dir, bad_id)
    if kind == "unreplayable":  # it reads; the history leaves it where it is, and says so
        assert kept == [] and same_as_planted(h.store.path(bad_id), bad)
        named = h.store.path(bad_id).name
    else:
        assert len(kept) == 1 and same_as_planted(kept[0], bad)
        named = kept[0].name
    assert any(named in p for p in history.problems), history.problems
    assert h.store.path(h.games[-1].id).read_bytes() == current_bytes
    for g in h.games[1:]:
        assert h.store.load(g.id).game == g.game


def test_files_cut_short_at_every_length_are_all_kept(tmp_path: Path) -> None:
    """A save cut off anywhere (seeded sample of cut points): never read as a game, always kept."""
    whole = valid_bytes(GOOD_GAMES[1])
    rng = random.Random(7)
    cuts = sorted(set([0, 1, len(whole) - 1] + rng.sample(range(len(whole)), 60)))
    store = GameStore(tmp_path / "data")
    stored = create_current(store, Game())
    for cut in cuts:
        store.path(stored.id).write_bytes(whole[:cut])
        with pytest.raises(UnreadableGame) as e:
            store.load(stored.id)
        assert e.value.kept is not None and e.value.kept.read_bytes() == whole[:cut], cut
        assert e.value.kept.name in str(e.value)
    assert len(list(store.games_dir.glob("*.corrupt-*"))) == len(cuts)


def test_two_damaged_starts_in_a_row_keep_both_files(tmp_path: Path) -> None:
    """The second damaged file never overwrites the first one kept aside."""
    h = make_history(tmp_path / "data")
    seen: list[bytes] = []
    for n, kind in enumerate(["truncated", "empty", "invalid-utf8"]):
        game_id = h.store.current_id()
        assert game_id is not None
        bad = BAD_FILES[kind]
        assert bad is not None
        h.store.path(game_id).write_bytes(bad)
        seen.append(bad)
        session = Session.open(GameStore(h.root))
        assert len(session.problems) == 1
        session.hands.add(hand("pass"))
    kept = sorted(h.store.games_dir.glob("*.corrupt-*"))
    assert sorted(p.read_bytes() for p in kept) == sorted(seen)


# The other data files: current and settings.json ------------------------------------------


async def test_a_folder_in_place_of_current_is_kept_aside_and_the_pad_saves(tmp_path: Path) -> None:
    h = make_history(tmp_path / "data")
    current = h.root / "current"
    plant(current, None)
    app = BridgepadApp(Session.open(GameStore(h.root)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        kept = sorted(h.root.glob("current.corrupt-*"))
        assert len(kept) == 1 and same_as_planted(kept[0], None)
        assert any(kept[0].name in m for m in messages(app)), messages(app)
        await press(pilot, "plus", *"pass", "enter")
        await settle(pilot)
        assert "NOT SAVED" not in status_text(app)
        assert GameStore(h.root).current_id() == app.session.stored.id


def test_a_folder_in_place_of_current_destroys_nothing(tmp_path: Path) -> None:
    """Nothing in the folder is lost: it is kept aside whole, every game still loads, the hands reach a game file."""
    h = make_history(tmp_path / "data")
    plant(h.root / "current", None)
    session = Session.open(GameStore(h.root))
    session.hands.add(hand("pass"))
    kept = sorted(h.root.glob("current.corrupt-*"))
    assert len(kept) == 1 and same_as_planted(kept[0], None)
    assert GameStore(h.root).load(session.stored.id).game.hands == (hand("pass"),)
    for g in h.games:
        assert h.store.load(g.id).game == g.game


SETTINGS_CUT = b'{"settings": {"honors": false, "we": "EW"}, "players": ["Ann", "Bo'


async def test_an_unreadable_settings_file_is_kept_aside_and_named(tmp_path: Path) -> None:
    h = make_history(tmp_path / "data")
    (h.root / "settings.json").write_bytes(SETTINGS_CUT)
    app = BridgepadApp(Session.open(GameStore(h.root)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "s")  # the rules screen, saved as it is
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        kept = [p for p in h.root.iterdir() if p.is_file() and p.read_bytes() == SETTINGS_CUT]
        assert kept, "the unreadable settings.json was overwritten"
        assert any("settings.json" in m for m in messages(app)), messages(app)


# Any bytes at all ----------------------------------------------------------------------------

_WHOLE = valid_bytes(GOOD_GAMES[0])


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """A good game file with a few bytes changed, cut, or put in; or any bytes at all."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=300))
    data = bytearray(_WHOLE)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        if how == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif how == "cut":
            del data[at:]
        elif how == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif at < len(data):
            del data[at : at + draw(st.integers(1, 20))]
    return bytes(data)


@settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(damaged())
def test_any_bytes_load_as_a_game_or_are_kept_aside_byte_for_byte(tmp_path: Path, raw: bytes) -> None:
    store = GameStore(tmp_path / "data")
    store.ensure()
    game_id = "20240601-200000-abcd"
    store.path(game_id).write_bytes(raw)
    try:
        stored = store.load(game_id)
    except UnreadableGame as e:
        assert e.kept is not None and e.kept.read_bytes() == raw
        assert e.kept.name in str(e)
        e.kept.unlink()
        return
    assert stored.id == game_id
    store.path(game_id).unlink()
    for p in store.games_dir.glob(f"{game_id}.json.*"):  # a migrated file's original, kept beside it
        assert p.read_bytes() == raw
        p.unlink()
