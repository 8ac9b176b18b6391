"""Games never stuck: a game from the history resumed on the pad or ended where it lies, the
trash listed and restored; each change saved at once and taken back by undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import hand

from bridgepad.core.game import Game, Status, derive
from bridgepad.core.model import Side
from bridgepad.session import Session
from bridgepad.store import Store

# A rubber left in play: N-S made 4S (a game, 120 below), E-W then 2H (60 below, a part score).
LEFT = Game(players=("Ann", "Bob", "Cy", "Di"), hands=(hand("4S", "N", "10"), hand("2H", "E", "8")))


def setup(root: Path) -> tuple[Store, str, Session]:
    """A rubber left in play earlier, and a session whose pad holds a new rubber with one hand."""
    store = Store(root)
    left = store.add(LEFT, "2026-11-27T19:00:00+00:00")
    session = Session.open(store)
    session.add_hand(hand("1NT", "S", "7"))
    return store, left.id, session


def on_disk(store: Store, game_id: str) -> Game:
    return store.load(game_id).game


def test_resume_puts_the_game_back_on_the_pad_and_undo_goes_back(tmp_path: Path) -> None:
    store, left_id, session = setup(tmp_path / "data")
    pad_id = session.stored.id
    assert session.resume(left_id) is True
    assert session.stored.id == left_id and store.current_id() == left_id
    assert session.state.status is Status.IN_PLAY and session.state.games[Side.NS] == 1
    assert on_disk(store, pad_id).hands == (hand("1NT", "S", "7"),)  # the game that was on the pad stays saved
    # Play on: E-W's 2H + 2H is 60 + 60 = 120, a game; one game each.
    session.add_hand(hand("2H", "W", "8"))
    assert session.state.games == {Side.NS: 1, Side.EW: 1}
    assert session.undo() is not None  # the hand
    assert session.undo() == "game resumed"
    assert session.stored.id == pad_id and store.current_id() == pad_id
    assert on_disk(store, left_id) == LEFT  # still there, as it was left


def test_resuming_from_an_empty_pad_sets_the_empty_game_aside_and_undo_brings_it_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    left = store.add(LEFT, "2026-11-27T19:00:00+00:00")
    session = Session.open(store)  # a fresh rubber with no hand
    empty_id = session.stored.id
    session.resume(left.id)
    assert not store.path(empty_id).exists()  # an empty game is not kept
    assert [t.name for t in store.trashed()] == [f"{empty_id}.json"]
    session.undo()
    assert session.stored.id == empty_id and store.path(empty_id).exists()
    assert store.trashed() == []  # back from the trash, not a copy beside it


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
    with pytest.raises(ValueError, match="the game on the pad"):
        session.trash(session.stored.id)
    assert store.path(session.stored.id).exists()


def test_a_restored_game_whose_id_has_come_back_since_gets_a_fresh_one(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
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
    store = Store(tmp_path / "data")
    store.ensure()
    with pytest.raises(FileNotFoundError):
        store.restore(name)
