"""When two games are the same game, so that importing a file twice stores it once.

Two games are the same when their inputs are equal, every one of them: the mode, the
rules, the first dealer (or first board), the players at each seat, whether the
players ended it, and every hand as entered (contract, declarer, tricks, honors,
revoke, the other tables' scores) together with the time each hand was entered, or
the absence of one. What the game's file is called and when it was created are not
inputs, so a game exported and imported again is found under another id too.

The entry times keep two different evenings apart: two rubbers typed at the table
with the same hands and names are different games, because their hands were entered
at different times. A log has no entry times, so a game imported from a log is the
same only as a game with no entry times either: one imported from a log before.
Within one file two equal games are two games (a log may hold two identical short
rubbers), so an import counts them: a file with two copies adds what the history
lacks to have two.
"""

from __future__ import annotations

import hashlib
import json

from bridgepad.core.readers.serialize import game_to_json
from bridgepad.core.rules.game import Game


def inputs_key(game: Game) -> str:
    """A fingerprint of every input of ``game``: equal exactly when the games are the same."""
    canonical = json.dumps(game_to_json(game), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
