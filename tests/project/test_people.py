"""People, not seats: one name cannot sit at two seats of a game, refused by one check in
the core wherever names come in (the ``n`` dialog, ``bridgepad new --players``, a log's
``players`` line, an imported file); names are compared as people read them."""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import run_cli as run
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, make_app
from support.waiting import settle

from bridgepad.core.model import Seat
from bridgepad.core.readers.log import LogError, parse_log
from bridgepad.core.readers.new_game import read_new_game
from bridgepad.core.readers.people import check_players, person_key, same_name_seats
from bridgepad.tui.forms.game_form import GameForm

SAME = "Ann already sits North: a player has one seat."


def test_the_core_check_names_the_later_seat() -> None:
    assert person_key("  Ann  Lee ") == person_key("ann lee") == "ann lee"
    assert same_name_seats(("Ann", "Bob", "ann ", "")) == {Seat.S: SAME}
    assert same_name_seats(("Ann", "", "", "ANN")) == {Seat.W: SAME}
    assert same_name_seats(("", "", "", "")) == {}  # empty seats are nobody, never the same person
    assert same_name_seats(("Ann", "Bob", "Cy", "Di")) == {}
    assert check_players(("Ann", "Bob", "ann", "")) == f"South: {SAME}"


def test_the_new_game_reading_puts_the_message_next_to_the_field() -> None:
    reading = read_new_game({"mode": "rubber", "dealer": "N", "N": "Ann", "E": "Bob", "S": "Ann", "W": "Di"})
    assert reading.game is None and reading.errors == {"S": SAME}


async def test_the_n_dialog_shows_it_next_to_the_seat_and_starts_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = app.session.stored.id
        await keyboard(pilot, ["n", *field_keys("r", "N", "Ann", "Bob", "ann", "Di"), "enter"])
        assert isinstance(app.screen, GameForm)  # still open: nothing was started
        label = app.screen.query_one("#m-S")
        assert str(label.render()) == SAME and label.has_class("field-error")
        assert app.focused is not None and app.focused.id == "f-S"
        assert app.session.stored.id == before


def test_bridgepad_new_players_refuses_it(tmp_path: Path) -> None:
    p = run(tmp_path / "data", "new", "rubber", "--players", "N=Ann,E=Bob,S=ann,W=Di")
    assert p.returncode == 2 and p.stderr == f"bridgepad new: --players: South: {SAME}\n"
    assert not (tmp_path / "data" / "games").exists() or not list((tmp_path / "data" / "games").iterdir())


def test_a_log_players_line_refuses_it() -> None:
    try:
        parse_log("players N=Ann E=Bob S=Cy W=ann\nN 3NT 9\n")
    except LogError as e:
        assert e.errors == [(1, f"West: {SAME}")]
    else:
        raise AssertionError("the log was read")


def test_an_imported_export_refuses_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert run(data, "new", "rubber", "--players", "N=Ann,E=Bob,S=Cy,W=Di").returncode == 0
    export = json.loads(run(data, "export").stdout)
    export["games"][0]["game"]["players"]["S"] = "ANN"
    f = tmp_path / "two-anns.json"
    f.write_text(json.dumps(export), encoding="utf-8")
    p = run(tmp_path / "fresh", "import", str(f))
    assert p.returncode == 2 and p.stderr.strip().endswith(f"South: {SAME}")
