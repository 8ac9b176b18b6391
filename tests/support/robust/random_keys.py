"""A campaign of random keys pressed into the app under Pilot, checking its state as it goes.

Run in-process by ``campaign`` or as ``python -m support.robust.random_keys ROOT SEED KEYS``
(which prints the figures as JSON), so that two campaigns can use two cores at once.
The quit keys (q, ctrl+c, ctrl+q) and the command palette are never pressed.
"""

from __future__ import annotations

import asyncio
import json
import random
import string
import sys
from pathlib import Path

from textual.pilot import Pilot

from bridgepad.core.model import Contract, Hand, Seat, Side, Strain
from bridgepad.core.rules.game import GameState
from bridgepad.core.rules.kinds import derive
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp
from support.robust.keys import key_event
from support.waiting import pause, press, settle

PRINTABLE = [c for c in string.ascii_letters + string.digits + " +-=/*#,.:;[]!@$%&()_'\"\\<>~" if c != "q"] + list("♠♥é😀")
NAMED = [
    "tab",
    "shift+tab",
    "enter",
    "escape",
    "backspace",
    "delete",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "ctrl+z",
    "f1",
    "question_mark",
    "plus",
]
# The app's own keys, more often than chance would press them.
APP_KEYS = ["plus", "e", "d", "x", "n", "s", "y", "h", "t", "enter", "escape", "ctrl+z", "question_mark", "E"]


def random_keys(rng: random.Random, n: int) -> list[str]:
    keys: list[str] = []
    while len(keys) < n:
        r = rng.random()
        if r < 0.25:
            keys.append(rng.choice(APP_KEYS))
        elif r < 0.45:
            keys.append(rng.choice(NAMED))
        elif r < 0.6:  # now and then, a hand typed properly
            keys += [
                "plus",
                *rng.choice(["4s", "3nt", "2hx", "pass", "7c"]),
                "tab",
                rng.choice("NESW"),
                "tab",
                *str(rng.choice([rng.randint(0, 13), 13])),  # half of them made: games, and rubbers, are won
                "enter",
            ]
        else:
            keys.append(rng.choice(PRINTABLE))
    return keys[:n]


def figures(state: GameState) -> tuple[object, ...]:
    return (
        state.total(Side.NS),
        state.total(Side.EW),
        state.games[Side.NS],
        state.games[Side.EW],
        state.status,
        len(state.hands),
    )


def check_state(app: BridgepadApp, root: Path) -> None:
    """The state on screen replays from its hands to the same figures, and is the game on disk."""
    session = app.session
    assert figures(derive(session.game)) == figures(session.state)
    if not (session.unsaved or session.unsaved_current):
        stored = GameStore(root).load(session.stored.id)
        assert stored.game == session.game
        assert figures(derive(stored.game)) == figures(session.state)
        assert GameStore(root).current_id() == session.stored.id


def one_game_to_go(root: Path) -> None:
    """Starts ``root`` on a rubber in which We have a game: random hands soon finish it,
    and the keys then also reach a finished game (its edit, the next rubber)."""
    session = Session.open(GameStore(root))
    assert session.hands.add(Hand(Contract(4, Strain.S), Seat.N, 10))


async def press_one(pilot: Pilot, key: str) -> None:  # type: ignore[type-arg]
    app = pilot.app
    event = key_event(key)
    event.set_sender(app)
    app.post_message(event)
    await pause(pilot, 0)
    await pause(pilot, 0)


async def campaign(root: Path, seed: int, n: int) -> dict[str, int]:
    rng = random.Random(seed)
    keys = random_keys(rng, n)
    app = BridgepadApp(Session.open(GameStore(root)))
    finished = random.Random(seed + 1)  # its own stream: the key list stays the seed's
    edits_of_a_finished_game = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pause(pilot)
        for i, key in enumerate(keys, 1):
            # A finished game on the pad: now and then, e first (edit its last hand, the way in
            # that once crashed the app), as a player checking the last hand would.
            on_a_finished_pad = app.session.state.over and app.screen is app.screen_stack[0]
            if on_a_finished_pad and (key == "e" or finished.random() < 0.2):
                edits_of_a_finished_game += 1
                if key != "e":
                    await press_one(pilot, "e")
            # One key at a time, each handled before the next, as a person types (support.robust.keys.burst
            # sends keys faster than that).
            await press_one(pilot, key)
            if i % 250 == 0:
                assert app.is_running, f"seed {seed}: stopped after {i} keys"
                check_state(app, root)
        for _ in range(6):  # back to the pad from whatever is open (y: yes, throw away what was typed)
            await press(pilot, "escape", "y")
        await settle(pilot)
        assert app.is_running and app.return_code is None
        check_state(app, root)
        result = {
            "keys": len(keys),
            "hands_on_the_pad": len(app.session.state.hands),
            "changes_undoable": len(app.session.undo_stack),
            "edits_of_a_finished_game": edits_of_a_finished_game,
        }
        game = app.session.game
    # Every file parses, nothing was found unreadable, and the next start shows the same game.
    store = GameStore(root)
    for game_id in store.ids():
        derive(store.load(game_id).game)
    assert not list(store.games_dir.glob("*.corrupt-*"))
    again = Session.open(GameStore(root))
    assert again.game == game and again.problems == ()
    result["games_on_disk"] = len(store.ids())
    return result


if __name__ == "__main__":
    root, seed, n = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    one_game_to_go(root)
    print(json.dumps(asyncio.run(campaign(root, seed, n))))
