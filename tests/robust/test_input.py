"""Property 5: hostile and careless input.

Any text typed where a contract, a result, a seat, a side, honors, a log, names or
settings are read gets a value or a clear error (NotationError / LogError with a
message), never another exception.  A thousand random keys pressed in the app
leave it running, with a state that replays to the same figures and is the one on
disk.  Names holding markup, emoji or 40 characters show literally and leave the
layout as it is with plain names.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support import fair_clock, on_path
from support.builders import create_current, examples
from support.robust.data import hand
from support.robust.keys import burst
from support.snapshot_apps.screen import entry_form, screen_lines
from support.waiting import press, settle

from bridgepad.core.model import Contract, Doubling, Honors, Seat, Side, Strain
from bridgepad.core.readers.entry import FIELDS, read_form
from bridgepad.core.readers.log import Log, LogError, parse_log
from bridgepad.core.readers.new_game import (
    GAME_FIELDS,
    RULE_FIELDS,
    NewGameReading,
    check_name,
    parse_players_option,
    read_new_game,
    read_rules,
)
from bridgepad.core.readers.notation import (
    MAX_NAME,
    NotationError,
    parse_contract,
    parse_honors,
    parse_seat,
    parse_side,
    parse_tricks,
)
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.settings import Settings
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp

PROPS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text a careless or hostile player might type: the notation's own characters and
# words, look-alikes (full-width, superscript and Arabic digits, the suit symbols),
# line breaks of every kind, quotes, markup, controls and anything else.
NOTATION = list("0123456789+-=xX*×✕ ,/#\"'\\=") + [
    "NT",
    "nt",
    "N",
    "S",
    "E",
    "W",
    "C",
    "D",
    "H",
    "pass",
    "p",
    "honors",
    "NS",
    "EW",
    "We",
    "They",
    "100",
    "150",
]
LOOKALIKES = list("♠♥♦♣ＳＮ٣²¹⁰１\u00a0\u2028\u2029\u0085\x1c\r\n\t\x0b\x0c\x00\x1b[]/éß́")
hostile = st.lists(st.one_of(st.sampled_from(NOTATION), st.sampled_from(LOOKALIKES), st.text(max_size=3)), max_size=12).map(
    "".join
)
any_text = st.one_of(hostile, st.text(max_size=40))
contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))
sides = st.sampled_from(list(Side))


def clear(e: Exception) -> None:
    """A clear error: a message of its own, one line (it is shown to a player as it is)."""
    msg = str(e)
    assert msg.strip(), repr(e)
    assert "\n" not in msg and "\r" not in msg, msg


@PROPS
@given(any_text, contracts, sides)
@example("", Contract(4, Strain.S), Side.NS)
@example("4S\n", Contract(3, Strain.NT), Side.EW)
def test_notation_gives_a_value_or_a_clear_error(text: str, c: Contract, we: Side) -> None:
    try:
        got = parse_contract(text)
        assert got is None or (isinstance(got, Contract) and 1 <= got.level <= 7)
    except NotationError as e:
        clear(e)
    try:
        tricks = parse_tricks(text, c)
        assert isinstance(tricks, int) and 0 <= tricks <= 13
    except NotationError as e:
        clear(e)
    try:
        assert isinstance(parse_seat(text), Seat)
    except NotationError as e:
        clear(e)
    try:
        assert isinstance(parse_side(text, we), Side)
    except NotationError as e:
        clear(e)
    for contract in (c, None):
        try:
            h = parse_honors(text, contract, we)
            assert h is None or (isinstance(h, Honors) and h.points in (100, 150))
        except NotationError as e:
            clear(e)


log_lines = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "rubber",
                "chicago",
                "dealer E",
                "players N=Ann E=Bob S=Cy W=Di",
                "N 4S 10",
                "E 3NTX -1 honors EW 150",
                "pass",
                "end",
                "# note",
            ]
        ),
        hostile,
        st.text(max_size=30),
    ),
    max_size=15,
)


@PROPS
@given(log_lines, st.sampled_from(["\n", "\r\n", "\r"]))
def test_a_log_gives_games_or_a_log_error(lines: list[str], newline: str) -> None:
    try:
        log = parse_log(newline.join(lines))
    except LogError as e:
        assert e.errors and all(isinstance(n, int) and isinstance(m, str) and m for n, m in e.errors)
        return
    assert isinstance(log, Log)
    try:
        games = log.games()
    except LogError as e:
        assert e.errors
        return
    for g in games:
        derive(g.game)  # each game it gives replays


@PROPS
@given(st.dictionaries(st.sampled_from(FIELDS), any_text), sides, st.booleans(), st.booleans())
def test_the_entry_form_gives_a_hand_or_errors_by_field(
    values: dict[str, str], we: Side, honors_on: bool, other_on: bool
) -> None:
    reading = read_form(values, we=we, honors_on=honors_on, others_on=other_on)
    if reading.hand is not None and not reading.errors:
        assert reading.ok
        derive(Game().add(reading.hand))  # a hand the form accepts can be played
    else:
        assert not reading.ok
        assert set(reading.errors) <= set(FIELDS)
        for msg in reading.errors.values():
            assert isinstance(msg, str) and msg.strip()


names = st.one_of(
    st.text(max_size=50),
    st.sampled_from(
        ["[bold]Ann[/]", "[/]", "[red", "\\[x]", ":smile:", "Zoë 😀", "山田", "A" * 41, "\x1b[31mred", "a\nb", "\u202eevil"]
    ),
)


@PROPS
@given(st.dictionaries(st.sampled_from(GAME_FIELDS), st.one_of(any_text, names)))
def test_a_new_game_dialog_gives_a_game_or_errors_by_field(values: dict[str, str]) -> None:
    reading = read_new_game(values)
    assert isinstance(reading, NewGameReading)
    if reading.game is not None:
        assert reading.errors == {} and isinstance(reading.settings, Settings)
        for name in reading.game.players:
            assert len(name) <= MAX_NAME and (name == "" or name.isprintable())
        derive(reading.game)
    else:
        assert reading.errors and set(reading.errors) <= set(GAME_FIELDS)
        assert all(isinstance(m, str) and m.strip() for m in reading.errors.values())


@PROPS
@given(st.dictionaries(st.sampled_from(RULE_FIELDS), any_text))
def test_the_rules_screen_gives_settings_or_errors(values: dict[str, str]) -> None:
    errors: dict[str, str] = {}
    got = read_rules(values, errors)
    assert (got is None) == bool(errors)
    assert got is None or isinstance(got, Settings)


@PROPS
@given(
    st.one_of(
        any_text,
        names,
        st.lists(st.tuples(st.sampled_from(["N", "E", "S", "W", "x", ""]), names), max_size=5).map(
            lambda ps: ",".join(f"{s}={n}" for s, n in ps)
        ),
    )
)
def test_players_and_names_give_names_or_a_clear_error(text: str) -> None:
    try:
        got = parse_players_option(text)
        assert len(got) == 4 and all(len(n) <= MAX_NAME and (n == "" or n.isprintable()) for n in got)
    except NotationError as e:
        assert str(e).strip()
    for seat in Seat:
        try:
            name = check_name(text, seat)
            assert len(name) <= MAX_NAME and (name == "" or name.isprintable())
        except NotationError as e:
            clear(e)


# Found by these tests -------------------------------------------------------------------

LONG_LEVEL = "1" * 5000 + "S"  # more digits than int() converts (sys.get_int_max_str_digits(): 4300)


@pytest.mark.parametrize("reader", ["parse_contract", "read_form", "parse_log"])
def test_a_contract_with_thousands_of_digits_is_a_clear_error(reader: str) -> None:
    if reader == "parse_contract":
        with pytest.raises(NotationError):
            parse_contract(LONG_LEVEL)
    elif reader == "read_form":
        assert "contract" in read_form({"contract": LONG_LEVEL, "declarer": "N", "result": "10"}).errors
    else:
        with pytest.raises(LogError):
            parse_log(f"N {LONG_LEVEL} 10")


async def test_pasting_a_huge_number_into_the_contract_field_keeps_the_app_running(tmp_path: Path) -> None:
    from textual import events
    from textual.widgets import Input, Static

    app = BridgepadApp(Session.open(GameStore(tmp_path / "data")))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus")
        await settle(pilot)
        field = app.screen.query_one("#contract", Input)
        field.post_message(events.Paste(LONG_LEVEL))
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        # Refused in place, by the rule a person can act on, and nothing recorded.
        assert app.screen.query_one("#contract", Input) is field
        said = str(app.screen.query_one("#contract-error", Static).render())
        assert "the level must be 1 to 7" in said, said
        assert app.session.state.hands == ()


async def test_typing_ahead_a_hand_in_one_burst_records_it(tmp_path: Path) -> None:
    """A quick typist (or keys queued while the app is busy): 4S, Tab, N, Tab, 10, Enter, all at once."""
    app = BridgepadApp(Session.open(GameStore(tmp_path / "data")))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "plus")
        await settle(pilot)
        await burst(pilot, ["4", "s", "tab", "n", "tab", "1", "0", "enter"])
        await settle(pilot)
        assert [
            (h.hand.contract.text if h.hand.contract else "", h.hand.declarer, h.hand.tricks) for h in app.session.state.hands
        ] == [("4S", Seat.N, 10)]


# Thousands of random keys ------------------------------------------------------------------

RANDOM_KEYS = int(os.environ.get("BRIDGEPAD_RANDOM_KEYS", "1000"))  # 2000 or more for a longer campaign
RANDOM_SEED = int(os.environ.get("BRIDGEPAD_RANDOM_SEED", "5"))


def isolate_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch | None = None) -> dict[str, str]:
    """E (export) writes to the documents folder: keep it inside the test's own folder."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    if monkeypatch is not None:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    return env


@pytest.mark.slow
def test_thousands_of_random_keys_leave_the_app_running_and_its_state_sound(tmp_path: Path) -> None:
    """Two campaigns of random keys (half each), in two processes to use two cores."""
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_DOCUMENTS_DIR", "PYTEST_CURRENT_TEST")}
    env.update(isolate_home(tmp_path))
    env["PYTHONPATH"] = on_path(env)  # the campaign imports support.robust.random_keys
    share = [RANDOM_KEYS - RANDOM_KEYS // 2, RANDOM_KEYS // 2]
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "support.robust.random_keys", str(tmp_path / f"data{i}"), str(RANDOM_SEED + i), str(share[i])],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=tmp_path,
            text=True,
        )
        for i in range(2)
    ]
    results = []
    for i, p in enumerate(procs):
        try:
            out, err = fair_clock.communicate(p, 240)  # 240 s of the time the campaigns were given
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            pytest.fail(f"campaign {i} did not finish in 240 s of the time it was given")
        assert p.returncode == 0, f"campaign {i} (seed {RANDOM_SEED + i}) failed:\n{err[-6000:]}"
        results.append(json.loads(out.strip().splitlines()[-1]))
    total = {k: sum(r[k] for r in results) for k in results[0]}
    exported = len(list((tmp_path / "home").rglob("bridgepad-*")))
    print(f"\nrandom keys, seeds {RANDOM_SEED}+{{0,1}}: {total}, {exported} exports written")
    assert total["keys"] == RANDOM_KEYS
    assert total["edits_of_a_finished_game"] > 0, "no e pressed on a finished game: the seeds no longer reach one"


# Names ------------------------------------------------------------------------------------

HOSTILE_NAMES = [
    ("[bold]Ann[/]", "[/]", "😀 Zoë", "X" * MAX_NAME),
    ("[red]Bob", "[link=https://e.x]Cy[/link]", "山田太郎", ":smile: Di"),
]
PLAIN_NAMES = [("Ann", "Bob", "Cy", "Di"), ("Eve", "Fay", "Gus", "Hal")]


def layout(app: BridgepadApp) -> dict[str, object]:
    from textual.widgets import Footer

    from bridgepad.tui.widgets.game_view import GameView
    from bridgepad.tui.widgets.status_bar import StatusBar

    return {
        name: app.screen.query_one(cls).region for name, cls in (("status", StatusBar), ("game", GameView), ("footer", Footer))
    }


def new_game_by_cli(root: Path, names: tuple[str, str, str, str]) -> None:
    from bridgepad.cli import main

    players = ",".join(f"{s}={n}" for s, n in zip("NESW", names))
    assert main(["--data-dir", str(root), "new", "rubber", "--players", players]) == 0
    session = Session.open(GameStore(root))
    for h in [hand("2C", "N", "8"), hand("3NT", "E", "8"), hand("1S", "S", "7"), hand("4HX", "W", "9")]:
        assert session.hands.add(h)


async def shown(root: Path) -> tuple[list[str], dict[str, object]]:
    app = BridgepadApp(Session.open(GameStore(root)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines, regions = screen_lines(app), layout(app)
        await press(pilot, "up")  # hand 3, 1S by South: the explanation names its declarer and dealer
        await settle(pilot)
        lines += screen_lines(app)
        await press(pilot, "plus")  # the entry form's title names the dealer
        await settle(pilot)
        lines += screen_lines(app)
        await press(pilot, "escape", "question_mark")  # and the help screen, with the game's names
        await settle(pilot)
        lines += screen_lines(app)
        await press(pilot, "escape")
        await settle(pilot)
        assert app.is_running
    return lines, regions


@pytest.mark.parametrize("which", [0, 1])
async def test_names_with_markup_emoji_and_length_show_literally_and_keep_the_layout(tmp_path: Path, which: int) -> None:
    from rich.cells import cell_len

    plain_root, hostile_root = tmp_path / "plain", tmp_path / "hostile"
    new_game_by_cli(plain_root, PLAIN_NAMES[which])
    new_game_by_cli(hostile_root, HOSTILE_NAMES[which])
    plain_lines, plain_layout = await shown(plain_root)
    lines, regions = await shown(hostile_root)
    text = "\n".join(lines)
    for name in HOSTILE_NAMES[which]:
        # Literally: the markup is not read as markup (it would vanish), at most cut short with an ellipsis.
        shown_whole = name in text
        cut = any(name[:k] + "…" in text for k in range(3, len(name)))
        assert shown_whole or cut, f"{name!r} is not on screen:\n{text}"
    assert "[bold]Ann[/]" in text or which == 1
    assert regions == plain_layout
    assert all(cell_len(line) == 80 for line in lines), [line for line in lines if cell_len(line) != 80]
    assert len(lines) == len(plain_lines)


# Found by these tests: keys faster than one at a time, and hostile names in a file --------------------


@pytest.mark.parametrize(
    "opening,keys,actions",
    [
        (["plus", "p", "a", "s", "s"], ["enter", "enter"], ["submit", "submit"]),
        (["E"], ["enter", "escape"], ["cancel", "cancel"]),
    ],
    ids=["enter-twice-in-the-entry-form", "enter-then-escape-in-the-export-dialog"],
)
async def test_two_quick_keys_that_each_close_a_dialog_do_not_crash_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opening: list[str], keys: list[str], actions: list[str]
) -> None:
    from bridgepad.tui.screens.pad_screen import PadScreen

    home = Path(isolate_home(tmp_path, monkeypatch)["HOME"])
    app = BridgepadApp(Session.open(GameStore(tmp_path / "data")))

    def only_the_pad() -> None:
        assert len(app.screen_stack) == 1 and isinstance(app.screen, PadScreen), app.screen_stack

    async with app.run_test(size=(80, 24)) as pilot:  # a crash would be raised again as it ends
        await press(pilot, *opening)
        await settle(pilot)
        await burst(pilot, keys)
        await settle(pilot)
        # The first key closed the dialog, having done its work; the second left the pad alone.
        only_the_pad()
        if opening[0] == "plus":
            assert [h.hand.passed_out for h in app.session.state.hands] == [True]  # pass recorded, once
        else:
            (written,) = home.rglob("*")  # exported, once: a Markdown pad
            assert written.name.startswith("rubber-") and written.read_text(encoding="utf-8").startswith("### Rubber")

        # Both keys reaching the dialog before it is gone (as keys read in one piece can):
        # the second finds it closed, and neither records twice nor takes the pad away.
        await press(pilot, *opening)
        await settle(pilot)
        dialog = entry_form(app) or app.screen  # the entry form is a widget of the pad's screen
        for action in actions:
            await app.run_action(action, dialog)
        await settle(pilot)
        only_the_pad()
        assert len(app.session.state.hands) == (2 if opening[0] == "plus" else 0)


async def test_control_characters_in_a_name_from_a_file_never_reach_the_terminal(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    create_current(store, Game(players=("\x1b]0;PWNED\x07Ann", "\x1b[5mBob", "Cy", "Di")))
    app = BridgepadApp(Session.open(GameStore(tmp_path / "data")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = "\n".join(screen_lines(app))
        assert "\x1b" not in text


def test_a_name_that_cannot_be_written_back_is_refused_at_open_or_saved(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    stored = create_current(store, Game(players=("Ann", "Bob", "Cy", "Di")))
    path = store.path(stored.id)
    path.write_bytes(path.read_bytes().replace(b'"Ann"', b'"\\ud800"'))
    session = Session.open(GameStore(tmp_path / "data"))
    if session.problems:  # refused and kept aside: fine
        return
    assert session.hands.add(hand("pass")) is True
    assert GameStore(tmp_path / "data").load(session.stored.id).game.hands == (hand("pass"),)


async def test_editing_a_hand_of_a_finished_rubber_does_not_crash(tmp_path: Path) -> None:
    root = tmp_path / "data"
    session = Session.open(GameStore(root))
    for h in [hand("4S", "N", "10"), hand("4S", "S", "10")]:  # two games: the rubber is won
        session.hands.add(h)
    assert session.state.over
    app = BridgepadApp(Session.open(GameStore(root)))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "e")  # the last hand: 4S by South, ten tricks; make it eleven
        await settle(pilot)
        assert app.is_running
        await press(pilot, "tab", "tab", "backspace", "backspace", "1", "1", "enter")
        await settle(pilot)
        assert app.session.game.hands[-1].tricks == 11
