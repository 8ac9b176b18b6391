"""Games never stuck: a game from the history resumed on the pad or ended where it lies, the
trash listed and restored; each change saved at once and taken back by undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.builders import create_current, hand

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Game, Mode, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.services.session import Session
from bridgepad.store.errors import CannotReplay, GameGone, Problem, ReadOnlyError, Refused, SaveError, UnreadableGame
from bridgepad.store.game_store import GameStore

# A rubber left in play: N-S made 4S (a game, 120 below), E-W then 2H (60 below, a part score).
LEFT = Game(players=("Ann", "Bob", "Cy", "Di"), hands=(hand("4S", "N", "10"), hand("2H", "E", "8")))


def setup(root: Path) -> tuple[GameStore, str, Session]:
    """A rubber left in play earlier, and a session whose pad holds a new rubber with one hand."""
    store = GameStore(root)
    left = store.add(LEFT, "2026-11-27T19:00:00+00:00")
    session = Session.open(store)
    session.hands.add(hand("1NT", "S", "7"))
    return store, left.id, session


def on_disk(store: GameStore, game_id: str) -> Game:
    return store.load(game_id).game


def test_resume_puts_the_game_back_on_the_pad_and_undo_goes_back(tmp_path: Path) -> None:
    store, left_id, session = setup(tmp_path / "data")
    pad_id = session.stored.id
    assert session.resume(left_id) is True
    assert session.stored.id == left_id and store.current_id() == left_id
    assert session.state.status is Status.IN_PLAY and session.state.games[Side.NS] == 1
    assert on_disk(store, pad_id).hands == (hand("1NT", "S", "7"),)  # the game that was on the pad stays saved
    # Play on: E-W's 2H + 2H is 60 + 60 = 120, a game; one game each.
    session.hands.add(hand("2H", "W", "8"))
    assert session.state.games == {Side.NS: 1, Side.EW: 1}
    assert session.undo() is not None  # the hand
    assert session.undo() == "game resumed"
    assert session.stored.id == pad_id and store.current_id() == pad_id
    assert on_disk(store, left_id) == LEFT  # still there, as it was left


def test_resuming_from_an_empty_pad_sets_the_empty_game_aside_and_undo_brings_it_back(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    left = store.add(LEFT, "2026-11-27T19:00:00+00:00")
    empty_id = create_current(store, Game()).id  # a rubber started (n) and left with no hand
    session = Session.open(store)
    assert session.stored.id == empty_id
    session.resume(left.id)
    assert not store.path(empty_id).exists()  # an empty game is not kept
    assert [t.name for t in store.trashed()] == [f"{empty_id}.json"]
    session.undo()
    assert session.stored.id == empty_id and store.path(empty_id).exists()
    assert store.trashed() == []  # back from the trash, not a copy beside it


def test_opening_an_empty_folder_writes_no_game(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    session = Session.open(store)  # a fresh rubber, in memory
    assert session.game == Game() and not session.unsaved and session.flush() is True
    assert store.ids() == [] and store.current_id() is None and not store.trash_dir.exists()
    # Its first hand writes it, and makes it the current game.
    session.hands.add(hand("1NT", "S", "7"))
    assert store.ids() == [session.stored.id] and store.current_id() == session.stored.id
    assert on_disk(store, session.stored.id).hands == (hand("1NT", "S", "7"),)


def test_a_game_started_on_an_empty_folder_leaves_nothing_in_the_trash(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    session = Session.open(store)  # what the app and bridgepad new do first
    session.start(Game(mode=Mode.CHICAGO), "new Chicago")
    chicago_id = session.stored.id
    assert store.trashed() == [] and not store.trash_dir.exists()
    assert store.ids() == [chicago_id] and store.current_id() == chicago_id
    # Undo goes back to the fresh rubber (written now, as any game the pad goes back to),
    # and the Chicago goes to the trash as any game undone is.
    assert session.undo() == "new Chicago"
    assert session.game == Game() and store.ids() == [session.stored.id] and store.current_id() == session.stored.id
    assert [t.name for t in store.trashed()] == [f"{chicago_id}.json"]


def test_resuming_from_a_fresh_pad_leaves_nothing_in_the_trash(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    left = store.add(LEFT, "2026-11-27T19:00:00+00:00")
    session = Session.open(store)  # no game in progress: a fresh rubber, in memory
    session.resume(left.id)
    assert store.trashed() == [] and store.ids() == [left.id] and store.current_id() == left.id


def test_a_game_off_the_pad_is_ended_with_its_unfinished_bonuses_and_undo_takes_it_back(tmp_path: Path) -> None:
    store, left_id, session = setup(tmp_path / "data")
    pad_id = session.stored.id
    session.end_other(left_id, "the rubber ended")
    assert session.stored.id == pad_id  # the pad keeps its game
    ended = derive(on_disk(store, left_id))
    # Unfinished rubber: N-S have a game, 300; E-W a part score in the open game, 100.
    # N-S 120 + 300 = 420; E-W 60 + 100 = 160.
    assert ended.status is Status.ENDED
    assert (ended.total(Side.NS), ended.total(Side.EW)) == (420, 160)
    assert session.undo() == "the rubber ended"
    assert on_disk(store, left_id) == LEFT and session.stored.id == pad_id


def test_the_trash_lists_a_deleted_game_and_restores_it(tmp_path: Path) -> None:
    store, left_id, session = setup(tmp_path / "data")
    where = session.trash(left_id)
    assert where is not None and where.parent == store.trash_dir and not store.path(left_id).exists()
    assert [t.name for t in store.trashed()] == [where.name]
    assert store.load_trashed(where.name).game == LEFT  # type: ignore[union-attr]
    # Undo brings it back from the trash, under its own id.
    session.undo()
    assert on_disk(store, left_id) == LEFT and store.trashed() == []
    # Trashed again, then restored from the trash screen: back under its own id; undo sends it back.
    where = session.trash(left_id)
    assert session.restore(where.name) == left_id  # type: ignore[union-attr]
    assert on_disk(store, left_id) == LEFT
    session.undo()
    assert not store.path(left_id).exists() and len(store.trashed()) == 1


def test_the_game_on_the_pad_cannot_go_to_the_trash(tmp_path: Path) -> None:
    store, _, session = setup(tmp_path / "data")
    with pytest.raises(Refused, match="the game on the pad"):
        session.trash(session.stored.id)
    assert store.path(session.stored.id).exists()


def test_a_restored_game_whose_id_has_come_back_since_gets_a_fresh_one(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    stored = store.add(LEFT, "2026-11-27T19:00:00+00:00")
    first = store.discard(stored.id)
    store.save(stored)  # the same id written again (a second copy, e.g. from an import)
    second = store.discard(stored.id)
    assert first is not None and second is not None and second.name == f"{stored.id}-2.json"
    assert store.restore(second.name) == stored.id  # the id is free: the game takes it back
    fresh = store.restore(first.name)
    assert fresh != stored.id and store.path(fresh).exists()
    assert json.loads(store.path(fresh).read_text())["hands"] == json.loads(store.path(stored.id).read_text())["hands"]


@pytest.mark.parametrize("name", ["../games/x.json", ".hidden.json", "x.txt", ""])
def test_restore_takes_only_a_plain_file_of_the_trash(tmp_path: Path, name: str) -> None:
    store = GameStore(tmp_path / "data")
    store.ensure()
    with pytest.raises(FileNotFoundError):
        store.restore(name)


def test_a_game_that_is_gone_or_cannot_be_replayed_is_refused_in_words(tmp_path: Path) -> None:
    store, left_id, session = setup(tmp_path / "data")
    store.discard(left_id)
    with pytest.raises(GameGone, match="gone"):
        session.resume(left_id)
    with pytest.raises(GameGone):
        session.end_other(left_id)
    # A hand after the end of a won rubber: read, but not playable.
    won = Game(hands=(hand("4S", "N", "10"), hand("4S", "N", "10"), hand("1C", "E", "7")))
    bad = store.add(won, "2026-11-27T18:00:00+00:00")
    with pytest.raises(CannotReplay, match="comes after the end"):
        session.resume(bad.id)
    assert session.undo_stack and session.undo_stack[-1].what == "new hand"  # nothing changed
    # Each is one of the failures a person must see, and none is a bare ValueError.
    for failure in (GameGone, CannotReplay, Refused, SaveError, ReadOnlyError, UnreadableGame):
        assert issubclass(failure, Problem) and not issubclass(failure, ValueError)


def test_a_read_only_session_refuses_every_change_in_words(tmp_path: Path) -> None:
    store, left_id, _ = setup(tmp_path / "data")
    viewer = Session.open(store, read_only=True)
    with pytest.raises(ReadOnlyError, match="read-only"):
        viewer.hands.add(hand("1C", "N", "7"))
    with pytest.raises(ReadOnlyError):
        viewer.trash(left_id)
