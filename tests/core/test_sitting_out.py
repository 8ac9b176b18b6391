"""Who sat out a game: typed in the new-game dialog, kept with the game's inputs, carried by
the history's index (and so to the tally), read strictly from a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.builders import create_current

from bridgepad.core.model import Seat
from bridgepad.core.readers.new_game import (
    complete_name,
    game_values,
    parse_sitting_out,
    read_new_game,
)
from bridgepad.core.readers.notation import NotationError
from bridgepad.core.readers.serialize import SchemaError, game_from_json, game_to_json
from bridgepad.core.rules.game import Game
from bridgepad.services.history import History
from bridgepad.store.game_store import GameStore

SEATED = ("Ann", "Bob", "Cy", "Di")


def test_names_sitting_out_are_read_from_a_list_separated_by_commas() -> None:
    assert parse_sitting_out("") == ()
    assert parse_sitting_out(" Eve ") == ("Eve",)
    assert parse_sitting_out("Eve,  Fay Smith ,", SEATED) == ("Eve", "Fay Smith")


@pytest.mark.parametrize(
    "text,message",
    [
        ("Eve, Eve", "Eve is named twice among those sitting out."),
        ("Cy", "Cy has a seat in this game, so does not sit out."),
        ("Eve, Fay, Gus", "At most 2 sit out, names separated by commas: a full table is six."),
        ("x" * 41, "The name for a player sitting out is longer than 40 characters."),
    ],
)
def test_a_list_that_cannot_be_is_refused_in_one_sentence(text: str, message: str) -> None:
    with pytest.raises(NotationError) as e:
        parse_sitting_out(text, SEATED)
    assert str(e.value) == message


def test_the_new_game_dialog_keeps_who_sits_out_with_the_game() -> None:
    values = {"mode": "r", "dealer": "N", "N": "Ann", "E": "Bob", "S": "Cy", "W": "Di", "out": "Eve"}
    reading = read_new_game(values)
    assert reading.game is not None and reading.game.sitting_out == ("Eve",)
    assert game_values(reading.game, Seat.N)["out"] == "Eve"
    clash = read_new_game({**values, "out": "Di"})
    assert clash.game is None and clash.errors == {"out": "Di has a seat in this game, so does not sit out."}


def test_sitting_out_is_saved_only_when_someone_waits_and_read_back() -> None:
    game = Game(players=SEATED, sitting_out=("Eve", "Fay"))
    data = game_to_json(game)
    assert data["sitting_out"] == ["Eve", "Fay"]
    assert game_from_json(json.loads(json.dumps(data))) == game
    assert "sitting_out" not in game_to_json(Game(players=SEATED))


@pytest.mark.parametrize("bad", ["Eve", [1], ["Ann"], ["Eve", "Fay", "Gus"], ["Eve\x1b[2J"]])
def test_a_damaged_sitting_out_list_makes_the_file_unreadable(bad: object) -> None:
    data = game_to_json(Game(players=SEATED))
    data["sitting_out"] = bad
    with pytest.raises(SchemaError, match="sitting_out"):
        game_from_json(data)


def test_the_history_index_carries_who_sat_out_to_the_tally(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    stored = create_current(store, Game(players=SEATED, sitting_out=("Eve",)))
    first = History(store).summaries()
    assert first[0].sitting_out == ("Eve",)
    # Read again from the index by a new instance: no game file is read.
    again = History(store)
    assert again.summaries()[0].sitting_out == ("Eve",) and again.loads == 0
    assert stored.id == again.summaries()[0].id


def test_names_are_completed_from_tonights_players() -> None:
    names = ["Ann", "Annabel", "Bob"]
    assert complete_name("a", names) == "Ann"  # the first that fits, in the order given
    assert complete_name("Anna", names) == "Annabel"
    assert complete_name("Ann", names) == "Annabel"  # a longer name is still offered; Tab keeps "Ann"
    assert complete_name("annabel", names) is None  # whole already: nothing to add
    assert complete_name("z", names) is None
    assert complete_name("", names) is None
    # Sitting out: the last name of the list, and never one already in it.
    assert complete_name("Bob, a", names, several=True) == "Bob, Ann"
    assert complete_name("Ann, a", names, several=True) == "Ann, Annabel"
