"""Games on disk (bridgepad.store.game_store): atomic saves, private files, and a file that cannot
be read moved aside byte for byte, never lost and never guessed at."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from support.builders import create_current

from bridgepad.core.model import Contract, Hand, Honors, Seat, Side, Strain
from bridgepad.core.readers.serialize import SCHEMA, game_to_json
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import ChicagoPartScore, Settings
from bridgepad.store import game_store as store_module
from bridgepad.store.atomic_file import atomic_write
from bridgepad.store.game_store import GameStore, StoredGame, UnreadableGame
from bridgepad.store.preferences_file import NewGameDefaults, PreferencesFile

GAME = Game(
    mode=Mode.CHICAGO,
    settings=Settings(honors=False, chicago_part_score=ChicagoPartScore.FIFTY),
    first_dealer=Seat.E,
    hands=(
        Hand(Contract(4, Strain.S), Seat.N, 10, Honors(Side.NS, 100)),
        Hand(),
        Hand(Contract(3, Strain.NT), Seat.W, 8),
    ),
    players=("Ann", "Bob", "Cy", "Zoë"),
)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    s = GameStore(tmp_path / "data")
    s.ensure()
    return s


def test_create_and_load_round_trip(store: GameStore) -> None:
    stored = create_current(store, GAME)
    assert store.current_id() == stored.id
    back = store.load(stored.id)
    assert back.game == GAME
    assert back.id == stored.id
    assert (back.created, back.updated) == (stored.created, stored.updated)
    assert store.ids() == [stored.id]


def test_save_replaces_the_game(store: GameStore) -> None:
    stored = create_current(store, GAME)
    more = GAME.add(Hand(Contract(1, Strain.C), Seat.S, 7))
    store.save(StoredGame(stored.id, more, stored.created, "2099-01-01T00:00:00+00:00"))
    back = store.load(stored.id)
    assert back.game == more
    assert back.updated == "2099-01-01T00:00:00+00:00"


def test_files_are_private(store: GameStore) -> None:
    stored = create_current(store, GAME)
    PreferencesFile(store.root).save_new_game_defaults(Settings(), ("A", "B", "C", "D"))
    assert mode_of(store.path(stored.id)) == 0o600
    assert mode_of(store.root / "current") == 0o600
    assert mode_of(store.root / "settings.json") == 0o600


def test_atomic_write_creates_0600_even_with_a_permissive_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        atomic_write(tmp_path / "x" / "f.json", b"{}")
    finally:
        os.umask(old)
    assert mode_of(tmp_path / "x" / "f.json") == 0o600
    assert (tmp_path / "x" / "f.json").read_bytes() == b"{}"


def test_no_temporary_files_are_left(store: GameStore) -> None:
    stored = create_current(store, GAME)
    for _ in range(3):
        store.save(stored)
    assert sorted(os.listdir(store.games_dir)) == [f"{stored.id}.json"]


def test_a_failed_write_leaves_the_old_file(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = create_current(store, GAME)
    before = store.path(stored.id).read_bytes()

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module.os, "replace", boom)
    with pytest.raises(OSError):
        store.save(StoredGame(stored.id, Game(), stored.created, stored.updated))
    monkeypatch.undo()
    assert store.path(stored.id).read_bytes() == before
    assert sorted(os.listdir(store.games_dir)) == [f"{stored.id}.json"]  # the temporary file is gone
    assert store.load(stored.id).game == GAME


def test_saved_file_is_the_serialized_game(store: GameStore) -> None:
    stored = create_current(store, GAME)
    data = json.loads(store.path(stored.id).read_text(encoding="utf-8"))
    assert data["schema"] == SCHEMA
    assert data["id"] == stored.id
    expected = game_to_json(GAME, stored.meta())
    assert data == expected


def _valid_bytes() -> bytes:
    return json.dumps(game_to_json(GAME, {"id": "g", "created": "c", "updated": "u"})).encode()


def _future_bytes() -> bytes:
    data = game_to_json(GAME)
    data["schema"] = SCHEMA + 1
    return json.dumps(data).encode()


def _hand_bytes(hand: object) -> bytes:
    data = game_to_json(GAME)
    data["hands"][0] = hand
    return json.dumps(data).encode()


DAMAGED = {
    "truncated": _valid_bytes()[: len(_valid_bytes()) // 2],
    "truncated-one-byte": _valid_bytes()[:-1],
    "empty": b"",
    "blank": b"  \n",
    "not-utf8": b'{"schema": 1, "mode": "rubber\xff\xfe"}',
    "latin1": '{"players": {"N": "Zo\u00eb"}}'.encode("latin-1"),
    "nul-bytes": b"\x00" * 16,
    "a-list": b"[]",
    "a-string": b'"rubber"',
    "null": b"null",
    "no-schema": b'{"mode": "rubber", "first_dealer": "N", "hands": []}',
    "schema-zero": b'{"schema": 0, "mode": "rubber", "first_dealer": "N", "hands": []}',
    "schema-text": b'{"schema": "1", "mode": "rubber", "first_dealer": "N", "hands": []}',
    "bad-mode": b'{"schema": 1, "mode": "poker", "first_dealer": "N", "hands": []}',
    "bad-dealer": b'{"schema": 1, "mode": "rubber", "first_dealer": "Q", "hands": []}',
    "hands-not-a-list": b'{"schema": 1, "mode": "rubber", "first_dealer": "N", "hands": {}}',
    "fourteen-tricks": _hand_bytes({"contract": "4S", "declarer": "N", "tricks": 14}),
    "bad-contract": _hand_bytes({"contract": "8S", "declarer": "N", "tricks": 10}),
    "honors-100-at-notrump": _hand_bytes(
        {"contract": "3NT", "declarer": "N", "tricks": 9, "honors": {"side": "NS", "points": 100}}
    ),
    "tricks-as-true": _hand_bytes({"contract": "4S", "declarer": "N", "tricks": True}),
    "future-schema": _future_bytes(),
}


@pytest.mark.parametrize("name", list(DAMAGED))
def test_unreadable_file_is_moved_aside_byte_for_byte(store: GameStore, name: str) -> None:
    raw = DAMAGED[name]
    path = store.path("g1")
    path.write_bytes(raw)
    with pytest.raises(UnreadableGame) as e:
        store.load("g1")
    err = e.value
    assert err.path == path
    assert err.kept is not None
    assert err.kept.parent == store.games_dir
    assert err.kept.name.startswith("g1.json.corrupt-")
    assert err.kept.read_bytes() == raw  # byte for byte
    assert not path.exists()  # out of the way, so the next save cannot be confused with it
    assert err.reason
    message = str(err)
    assert len(message.splitlines()) == 1
    assert "g1.json" in message and str(err.kept) in message
    assert store.ids() == []  # the kept file is not listed as a game


def test_two_unreadable_files_do_not_overwrite_each_other(store: GameStore) -> None:
    kept = []
    for raw in (b"{", b"[1,"):
        store.path("g1").write_bytes(raw)
        with pytest.raises(UnreadableGame) as e:
            store.load("g1")
        kept.append(e.value.kept)
    assert kept[0] != kept[1]
    assert kept[0].read_bytes() == b"{" and kept[1].read_bytes() == b"[1,"


def test_missing_game_is_file_not_found(store: GameStore) -> None:
    with pytest.raises(FileNotFoundError):
        store.load("nope")


def test_a_folder_in_place_of_a_game(store: GameStore) -> None:
    store.path("g1").mkdir()
    with pytest.raises(UnreadableGame) as e:
        store.load("g1")
    assert e.value.kept is not None and e.value.kept.is_dir()


def test_deeply_nested_json_is_unreadable_not_a_crash(store: GameStore) -> None:
    store.path("g1").write_bytes(b"[" * 100_000)
    with pytest.raises(UnreadableGame):
        store.load("g1")


def test_huge_number_is_unreadable_not_a_crash(store: GameStore) -> None:
    store.path("g1").write_bytes(
        _hand_bytes({"contract": "4S", "declarer": "N", "tricks": 1}).replace(b'"tricks": 1', b'"tricks": ' + b"9" * 5000)
    )
    with pytest.raises(UnreadableGame):
        store.load("g1")


def test_current_id_ignores_nonsense(store: GameStore) -> None:
    assert store.current_id() is None
    for text in (b"", b"../escape", b".hidden", b"\xff\xfe"):
        (store.root / "current").write_bytes(text)
        assert store.current_id() is None
    store.set_current("abc")
    assert store.current_id() == "abc"


def test_defaults_round_trip_and_fallback(store: GameStore) -> None:
    prefs = PreferencesFile(store.root)
    assert prefs.new_game_defaults() == NewGameDefaults(Settings(), ("", "", "", ""))
    s = Settings(honors=False, we=Side.EW)
    prefs.save_new_game_defaults(s, ("A", "B", "C", "D"))
    assert prefs.new_game_defaults() == NewGameDefaults(s, ("A", "B", "C", "D"))
    (store.root / "settings.json").write_bytes(b"{not json")
    fallback = prefs.new_game_defaults()
    assert (fallback.settings, fallback.players) == (Settings(), ("", "", "", ""))
    assert len(fallback.problems) == 1 and "settings.json" in fallback.problems[0]  # said, as a value
    assert prefs.new_game_defaults() == NewGameDefaults(Settings(), ("", "", "", ""))  # kept aside: said once


def test_data_dir_override_and_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(store_module.ENV_VAR, str(tmp_path / "env"))
    assert store_module.data_dir() == tmp_path / "env"
    assert store_module.data_dir(tmp_path / "flag") == tmp_path / "flag"


def test_a_games_mode_is_read_from_the_head_of_its_file(tmp_path: Path) -> None:
    import json

    from bridgepad.core.rules.game import Game, Mode

    store = GameStore(tmp_path / "data")
    made = {m: store.add(Game(mode=m)).id for m in Mode}
    assert {m: store.mode_of(i) for m, i in made.items()} == {m: m for m in Mode}
    # A file written in another order (by hand, say) still says its mode: the whole file is read.
    path = store.path(made[Mode.CHICAGO])
    data = json.loads(path.read_text(encoding="utf-8"))
    reordered = {"hands": [{"pass": True}] * 40, **{k: v for k, v in data.items() if k != "hands"}}
    path.write_text(json.dumps(reordered, indent=1), encoding="utf-8")
    assert b'"mode"' not in path.read_bytes()[:512]
    assert store.mode_of(made[Mode.CHICAGO]) is Mode.CHICAGO
    # A file that is no game, or none at all: no mode.
    store.path("20260101-000000-dead").write_text("not a game", encoding="utf-8")
    assert store.mode_of("20260101-000000-dead") is None
    assert store.mode_of("20260101-000000-beef") is None
