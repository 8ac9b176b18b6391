"""Game files written straight into a folder (no fsync), so that a few hundred take a moment: the
history's tests (tests/services/test_history.py), the rebuild in processes (test_workers.py) and
the screens that show a rebuild (tests/tui/test_rebuild.py) fill their folders with these."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.serialize import game_to_json
from bridgepad.core.rules.game import Game
from bridgepad.store.game_store import GameStore
from support.builders import WORKED_LOG

WORKED = parse_log(WORKED_LOG).games()[0]
SHORT = parse_log("N 3NT 9\nN 3NT 9\n").games()[0]  # N-S 900 to 0, won 2-0
OPEN = parse_log("E 2H 8\n").games()[0]  # in play: E-W 60 below
ENDED = parse_log("N 3NT 9\nE 2S 8\nend\n").games()[0]  # ended: N-S 100 + 300, E-W 60 + 100
TEMPLATES = [WORKED.game, SHORT.game, OPEN.game, ENDED.game]
T0 = datetime(2025, 1, 1, 20, 0, tzinfo=UTC)


def write_game(store: GameStore, game_id: str, game: Game, created: datetime) -> None:
    meta = {"id": game_id, "created": created.isoformat(), "updated": created.isoformat()}
    store.path(game_id).write_text(json.dumps(game_to_json(game, meta)), encoding="utf-8")


def gid(k: int) -> str:
    return f"2025{k:010d}"
