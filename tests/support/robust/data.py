"""Data folders for the robustness tests: a few good games, and the damaged files to put among them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bridgepad.core.readers.serialize import SCHEMA, game_to_json
from bridgepad.core.rules.game import Game, Mode
from bridgepad.store.game_store import GameStore, StoredGame
from support.builders import create_current, hand

GOOD_GAMES: tuple[Game, ...] = (
    Game(hands=(hand("3S", "N", "10"), hand("4HX", "E", "8")), players=("Ann", "Bob", "Cy", "Di")),
    Game(mode=Mode.CHICAGO, hands=(hand("pass"), hand("3NT", "W", "9", "EW 150"))),
    Game(mode=Mode.DUPLICATE, hands=(hand("4S", "N", "10"),)),
)


@dataclass
class History:
    """A data folder with the good games, the last of them current."""

    root: Path
    store: GameStore
    games: list[StoredGame]

    def files(self) -> dict[str, bytes]:
        """The good games' files as they are now."""
        return {g.id: self.store.path(g.id).read_bytes() for g in self.games}


def make_history(root: Path, games: tuple[Game, ...] = GOOD_GAMES) -> History:
    store = GameStore(root)
    made = [create_current(store, g) for g in games]
    return History(root, store, made)


def valid_bytes(game: Game = GOOD_GAMES[0], **override: object) -> bytes:
    data = game_to_json(game, {"id": "x", "created": "2024-06-01T20:00:00+00:00", "updated": "2024-06-01T21:00:00+00:00"})
    data.update(override)
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def _unreplayable() -> bytes:
    # The shape of a game, but a hand after the rubber was won: no replay can place it.
    won = [hand("4S", "N", "10"), hand("4S", "S", "10"), hand("1C", "E", "7")]
    data = json.loads(valid_bytes(Game()))
    data["hands"] = [{"contract": h.contract.text, "declarer": h.declarer.value, "tricks": h.tricks} for h in won]  # type: ignore[union-attr]
    return json.dumps(data).encode()


_VALID = valid_bytes()

# Every kind of file that cannot be read, by name: the bytes, or None for a folder.
BAD_FILES: dict[str, bytes | None] = {
    "truncated": _VALID[: len(_VALID) // 2],
    "truncated-at-1-byte": _VALID[:1],
    "invalid-utf8": _VALID.replace(b'"Ann"', b'"A\xffn\xfe"'),
    "latin-1": _VALID.replace(b"Ann", "Zoë".encode("latin-1")),
    "wrong-shape-list": b"[1, 2, 3]",
    "wrong-shape-string": b'"a game"',
    "wrong-shape-null": b"null",
    "wrong-shape-hands": valid_bytes(hands={"1": "4S N 10"}),
    "wrong-shape-hand": valid_bytes(hands=[{"contract": "9Z", "declarer": "Q", "tricks": 99}]),
    "no-schema": json.dumps({k: v for k, v in json.loads(_VALID).items() if k != "schema"}).encode(),
    "future-schema": valid_bytes(schema=SCHEMA + 97),
    "empty": b"",
    "blank": b" \n\t\n",
    "zeros": b"\x00" * 4096,  # what some file systems leave after a crash
    "utf8-bom": b"\xef\xbb\xbf" + _VALID,
    "deeply-nested": b"[" * 100_000 + b"]" * 100_000,
    "huge-number": valid_bytes()[:-1] + b', "n": ' + b"9" * 5000 + b"}",
    "unreplayable": _unreplayable(),
    "folder": None,
}


def plant(path: Path, bad: bytes | None) -> None:
    """Puts the damaged file (or a folder holding a file) at ``path``."""
    if path.exists():
        path.unlink()
    if bad is None:
        path.mkdir()
        (path / "inside.txt").write_bytes(b"left by someone\n")
    else:
        path.write_bytes(bad)


def same_as_planted(kept: Path, bad: bytes | None) -> bool:
    if bad is None:
        return kept.is_dir() and (kept / "inside.txt").read_bytes() == b"left by someone\n"
    return kept.is_file() and kept.read_bytes() == bad
