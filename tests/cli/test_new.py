"""``bridgepad new MODE [flags]``: the new game's file, the ``current`` pointer, the saved defaults,
one-line refusals, and the pad that then opens on the new game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.snapshot_apps.scenarios import make_app
from support.snapshot_apps.screen import pad_text, status_text
from support.waiting import settle

from bridgepad.cli import main
from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import (
    ChicagoPartScore,
    ChicagoVulnerable,
    NextDealer,
    PassWord,
    Settings,
)
from bridgepad.store.game_store import GameStore


def new_game(root: Path, *args: str) -> int:
    """``bridgepad new ARGS`` in this process; its exit status."""
    return main(["--data-dir", str(root), "new", *args])


def current(root: Path) -> tuple[str, Game, dict[str, object]]:
    """The id in ``current``, that game as the store reads it, and its file as JSON."""
    store = GameStore(root)
    game_id = store.current_id()
    assert game_id is not None
    raw = json.loads(store.path(game_id).read_text(encoding="utf-8"))
    return game_id, store.load(game_id).game, raw


def saved_settings(root: Path) -> dict[str, object]:
    return json.loads((root / "settings.json").read_text(encoding="utf-8"))


def test_new_on_an_empty_folder_leaves_one_game_and_nothing_in_the_trash(tmp_path: Path) -> None:
    root = tmp_path / "data"
    assert new_game(root, "chicago") == 0
    game_id, game, _ = current(root)
    assert game.mode is Mode.CHICAGO and GameStore(root).ids() == [game_id]
    assert not (root / "trash").exists()  # opening the folder wrote no rubber for the Chicago to replace


def test_new_rubber_with_no_flags_uses_the_rule_books_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"  # not there yet: bridgepad new makes it
    assert new_game(root, "rubber") == 0
    out, err = capsys.readouterr()
    game_id, game, raw = current(root)
    assert err == ""
    assert out == f"New rubber, North to deal: {GameStore(root).path(game_id)}\n"
    assert game == Game(mode=Mode.RUBBER, settings=Settings(), first_dealer=Seat.N)
    assert (raw["mode"], raw["first_dealer"], raw["players"], raw["hands"]) == ("rubber", "N", {}, [])
    assert raw["settings"] == {
        "honors": True,
        "chicago_vulnerable": "opponents",
        "chicago_part_score": "carry",
        "pass_word": "Pass",
        "we": "NS",
        "next_dealer": "passes-on",
        "duplicate_scoring": "imps",
        "pairs_percentage": "neuberg",
    }
    assert saved_settings(root) == {"settings": raw["settings"], "players": ["", "", "", ""]}


def test_new_chicago_with_every_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    assert new_game(root, "rubber") == 0
    first_id, _, _ = current(root)
    # A hand in it, so that it is a game played: a game with nothing in it goes to the trash.
    from bridgepad.core.model import Contract, Hand, Strain
    from bridgepad.services.session import Session

    Session.open(GameStore(root)).hands.add(Hand(Contract(1, Strain.NT), Seat.N, 7))
    capsys.readouterr()

    assert (
        new_game(
            root,
            "chicago",
            "--dealer",
            "W",
            "--players",
            "N=Ann,E=Bob,S=Cy,W=Di",
            "--no-honors",
            "--chicago-vulnerable",
            "dealer-then-opponents",
            "--chicago-partscore",
            "fifty",
            "--pass-word",
            "No bid",
            "--we",
            "EW",
            "--next-dealer",
            "rotates",
        )
        == 0
    )
    out, err = capsys.readouterr()
    game_id, game, raw = current(root)
    assert err == ""
    assert out == f"New Chicago, West to deal, players N=Ann, E=Bob, S=Cy, W=Di: {GameStore(root).path(game_id)}\n"
    # The new game is the current one; the rubber it replaced stays in games/.
    assert game_id != first_id
    assert GameStore(root).ids() == sorted([first_id, game_id])
    assert GameStore(root).load(first_id).game.mode is Mode.RUBBER
    want = Settings(
        honors=False,
        chicago_vulnerable=ChicagoVulnerable.DEALER_THEN_OPPONENTS,
        chicago_part_score=ChicagoPartScore.FIFTY,
        pass_word=PassWord.NO_BID,
        we=Side.EW,
        next_dealer=NextDealer.ROTATES,
    )
    assert game == Game(mode=Mode.CHICAGO, settings=want, first_dealer=Seat.W, players=("Ann", "Bob", "Cy", "Di"))
    assert (raw["mode"], raw["first_dealer"]) == ("chicago", "W")
    assert raw["players"] == {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    # settings.json remembers the flags and the names for the next new game.
    assert saved_settings(root) == {"settings": want.to_json(), "players": ["Ann", "Bob", "Cy", "Di"]}

    # A new game without flags takes them all from settings.json; --dealer is not remembered.
    assert new_game(root, "c") == 0
    _, again, _ = current(root)
    assert again == Game(mode=Mode.CHICAGO, settings=want, first_dealer=Seat.N, players=("Ann", "Bob", "Cy", "Di"))
    # The Chicago it replaced had no hand: it went to the trash, and only the rubber and this one remain.
    assert len(GameStore(root).ids()) == 2
    assert (root / "trash" / f"{game_id}.json").exists()
    # A flag changes only its own rule, and is remembered in turn.
    assert new_game(root, "rubber", "--honors", "--we", "ns") == 0
    _, third, _ = current(root)
    assert third.settings == want.with_(honors=True, we=Side.NS)
    assert Settings.from_json(saved_settings(root)["settings"]) == third.settings


@pytest.mark.parametrize(
    "flag,value,field,want",
    [
        ("--dealer", "e", "first_dealer", Seat.E),
        ("--dealer", "south", "first_dealer", Seat.S),
        ("--chicago-vulnerable", "opponents", "chicago_vulnerable", ChicagoVulnerable.OPPONENTS),
        ("--chicago-vulnerable", "dealer", "chicago_vulnerable", ChicagoVulnerable.DEALER),
        ("--chicago-vulnerable", "mixed", "chicago_vulnerable", ChicagoVulnerable.DEALER_THEN_OPPONENTS),
        ("--chicago-partscore", "carry", "chicago_part_score", ChicagoPartScore.CARRY),
        ("--chicago-partscore", "50", "chicago_part_score", ChicagoPartScore.FIFTY),
        ("--pass-word", "Pass", "pass_word", PassWord.PASS),
        ("--pass-word", "nb", "pass_word", PassWord.NO_BID),
        ("--we", "E-W", "we", Side.EW),
        ("--next-dealer", "passes-on", "next_dealer", NextDealer.PASSES_ON),
        ("--next-dealer", "r", "next_dealer", NextDealer.ROTATES),
    ],
)
def test_each_flag_alone(tmp_path: Path, flag: str, value: str, field: str, want: object) -> None:
    root = tmp_path / "data"
    assert new_game(root, "chicago", flag, value) == 0
    _, game, _ = current(root)
    if field == "first_dealer":
        assert game.first_dealer is want and game.settings == Settings()
        return
    assert getattr(game.settings, field) is want
    assert game.settings.with_(**{field: getattr(Settings(), field)}) == Settings()  # nothing else changed
    assert Settings.from_json(saved_settings(root)["settings"]) == game.settings


@pytest.mark.parametrize("flag,honors", [("--honors", True), ("--no-honors", False)])
def test_honors_flags(tmp_path: Path, flag: str, honors: bool) -> None:
    root = tmp_path / "data"
    assert new_game(root, "rubber", "--no-honors" if honors else "--honors") == 0
    assert new_game(root, "rubber", flag) == 0
    _, game, _ = current(root)
    assert game.settings.honors is honors
    assert saved_settings(root)["settings"]["honors"] is honors  # type: ignore[index]


def test_some_players_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    assert new_game(root, "rubber", "--players", "S=Cy, N=Ann") == 0
    out, _ = capsys.readouterr()
    _, game, raw = current(root)
    assert game.players == ("Ann", "", "Cy", "")
    assert raw["players"] == {"N": "Ann", "S": "Cy"}
    assert "players N=Ann, S=Cy:" in out


@pytest.mark.parametrize(
    "args,says",
    [
        (["poker"], "rubber, chicago or duplicate"),
        ([], "MODE"),
        (["chicago", "--dealer", "X"], "not a seat"),
        (["chicago", "--dealer", "NE"], "not a seat"),
        (["chicago", "--players", "N:Ann"], "N=Ann"),
        (["chicago", "--players", "N=Ann,N=Bob"], "named twice"),
        (["chicago", "--players", "Q=Ann"], "not a seat"),
        (["chicago", "--players", "N="], "empty"),
        (["chicago", "--players", "N=" + "x" * 41], "longer than 40"),
        (["chicago", "--honors", "--no-honors"], "not allowed with"),
        (["chicago", "--honors", "yes"], "unrecognized"),
        (["chicago", "--chicago-vulnerable", "sometimes"], "opponents, dealer or dealer-then-opponents"),
        (["chicago", "--chicago-partscore", "half"], "carry or fifty"),
        (["chicago", "--pass-word", "skip"], "Pass or No bid"),
        (["chicago", "--we", "NE"], "NS or EW"),
        (["chicago", "--next-dealer", "random"], "passes-on"),
        (["chicago", "--dealer"], "expected one argument"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_bad_values_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    root = tmp_path / "data"
    assert new_game(root, "rubber", "--players", "N=Zoe") == 0
    before_id, before, _ = current(root)
    before_settings = (root / "settings.json").read_bytes()
    capsys.readouterr()

    assert new_game(root, *args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    # (argparse's own "unrecognized arguments" comes from the top-level parser: "bridgepad: ...")
    assert err.startswith(("bridgepad new: ", "bridgepad: ")), err
    assert says in err, err
    assert "Traceback" not in err
    # Nothing changed: no new game, the same current game, the same defaults.
    assert GameStore(root).ids() == [before_id]
    assert current(root)[:2] == (before_id, before)
    assert (root / "settings.json").read_bytes() == before_settings


def test_a_bad_value_from_the_shell(tmp_path: Path) -> None:
    """The real command: exit status 2, one line on stderr, no traceback."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bridgepad",
            "--data-dir",
            str(tmp_path / "data"),
            "new",
            "chicago",
            "--chicago-vulnerable",
            "sometimes",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("bridgepad new: ")
    assert not (tmp_path / "data" / "games").exists() or not list((tmp_path / "data" / "games").iterdir())


@pytest.mark.parametrize(
    "args,first_line,second_line",
    [
        (["chicago", "--dealer", "N"], ["Chicago 1", "Deal 1 of 4", "Games We 0–0 They"], ["North deals", "Nobody vulnerable"]),
        (
            ["chicago", "--dealer", "S", "--players", "N=Ann,E=Bob,S=Cy,W=Di"],
            ["Deal 1 of 4"],
            ["Cy (S) deals", "Nobody vulnerable"],
        ),
        (
            ["rubber", "--dealer", "E", "--we", "EW"],
            ["Rubber 1", "Hand 1", "Games We 0–0 They"],
            ["East deals", "Nobody vulnerable"],
        ),
        (["duplicate", "--players", "N=Ann,E=Bob,S=Cy,W=Di"], ["Duplicate 1", "Board 1"], ["Ann (N) deals", "Nobody vulnerable"]),
    ],
)
async def test_the_pad_opens_on_the_new_game(
    tmp_path: Path, args: list[str], first_line: list[str], second_line: list[str]
) -> None:
    root = tmp_path / "data"
    assert new_game(root, *args) == 0
    game_id, game, _ = current(root)
    app = make_app(root)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.session.stored.id == game_id and app.session.game == game
        line1, line2 = status_text(app).splitlines()[:2]  # a third line: what each side needs for game
        for words in first_line:
            assert words in line1, line1
        for words in second_line:
            assert words in line2, line2
        pad = pad_text(app)
        if "--we" in args:  # We are E-W: their column is the left one
            assert pad.splitlines()[0].split() == ["We", "(E-W)", "│", "They", "(N-S)"]
        if "--players" in args and game.mode is not Mode.DUPLICATE:
            assert "Ann & Cy" in pad and "Bob & Di" in pad


def test_players_separated_by_spaces(tmp_path: Path) -> None:
    root = tmp_path / "data"
    assert new_game(root, "chicago", "--players", "N=Ann E=Bob S=Cy W=Di") == 0
    _, game, _ = current(root)
    assert game.players == ("Ann", "Bob", "Cy", "Di")


def test_an_empty_dealer_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    assert new_game(root, "chicago", "--dealer", "") == 2
    assert capsys.readouterr().err.startswith("bridgepad new: ")


def test_new_duplicate_at_several_tables_prints_the_movement_and_each_table_s_guide_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four tables, twelve boards, seven pairs, worked by hand: E-W move up a table a round and
    skip one after round 2 (E-W 1 at tables 1, 2, 4), boards move down (1–3 at tables 1, 4, 3);
    E-W 4 is missing, so the N-S pair it would meet sits out: N-S 4, then N-S 1, then N-S 3."""
    root = tmp_path / "data"
    assert new_game(root, "duplicate", "--tables", "4", "--boards", "12", "--pairs", "7") == 0
    out, err = capsys.readouterr()
    assert err == ""
    blocks = out.split("\n\n")
    assert blocks[0].startswith(
        "New duplicate, Mitchell, 4 tables, 12 boards: 3 rounds of 3 (one pair sits out each round), compared by matchpoints: "
    )
    assert blocks[1].splitlines() == [
        (
            "N-S pairs stay at their tables. After each round E-W pairs move up a table (from table 4 to table 1) "
            "and the boards move down a table (from table 1 to table 4)."
        ),
        "After round 2 E-W pairs skip a table: each moves up two, so that no pair meets boards twice.",
    ]
    assert blocks[2].splitlines() == [
        "Table 1",
        "Round 1: N-S 1 v E-W 1, boards 1–3",
        "Round 2: N-S 1 sits out",
        "Round 3: N-S 1 v E-W 2, boards 7–9",
    ]
    assert blocks[5].splitlines() == [
        "Table 4",
        "Round 1: N-S 4 sits out",
        "Round 2: N-S 4 v E-W 3, boards 1–3",
        "Round 3: N-S 4 v E-W 1, boards 4–6",
    ]
    assert blocks[6] == "N-S 4 sits out round 1. N-S 1 sits out round 2. N-S 3 sits out round 3."
    assert blocks[7].startswith("Each table enters its results from a phone: bridgepad share --entry")


def test_new_team_match_names_its_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    assert new_game(root, "duplicate", "--tables", "2", "--boards", "8") == 0
    blocks = capsys.readouterr().out.split("\n\n")
    assert blocks[0].startswith("New duplicate, team match, 2 tables, 8 boards: 2 rounds of 4, compared by IMPs: ")
    assert blocks[1].splitlines() == [
        "Team 1: N-S 1 at table 1 and E-W 2 at table 2.",
        "Team 2: N-S 2 at table 2 and E-W 1 at table 1.",
        "Nobody moves: after round 1 the two tables swap boards.",
    ]
    assert blocks[2].splitlines()[1:] == ["Round 1: N-S 1 v E-W 1, boards 1–4", "Round 2: N-S 1 v E-W 1, boards 5–8"]
    assert blocks[3].splitlines()[1:] == ["Round 1: N-S 2 v E-W 2, boards 5–8", "Round 2: N-S 2 v E-W 2, boards 1–4"]


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (("--tables", "0"), "Tables: give 1 (this table alone, the others' scores typed) or 2 to 8 tables"),
        (("--tables", "x"), "Tables: 'x' is not a whole number: give 1 (this table alone"),
        (("--tables", "9"), "A Mitchell is played at 3 to 8 tables, not 9."),
        (("--tables", "2", "--movement", "mitchell"), "2 tables play a team match: movement teams"),
        (("--tables", "4", "--rounds", "4"), "A Mitchell on 4 tables plays 1 to 3 rounds, as E-W skip a table half way"),
        (("--tables", "4", "--pairs", "6"), "4 tables seat 8 pairs, or 7 with one sitting out each round; not 6."),
        (("--tables", "2", "--names", "NS3=Al & Bo"), "Names: there is no N-S 3 in this movement."),
        (
            ("--tables", "2", "--names", "NS1=\x1b[2J\x1b]0;pwned\x07Ann & Bob"),
            "The name for a player of N-S 1 has characters that cannot be shown.",
        ),
    ],
)
def test_a_game_of_several_tables_that_cannot_be_played_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], sentence: str
) -> None:
    root = tmp_path / "data"
    assert new_game(root, "duplicate", *args) == 2
    err = capsys.readouterr().err
    assert err.startswith("bridgepad new: ") and sentence in err and err.count("\n") == 1 and "\x1b" not in err, err
    assert not (root / "games").exists() or not list((root / "games").glob("*.json"))
