"""Duplicate on the command line: ``bridgepad replay`` of a log of boards (JSON and the board
table), ``--scoring``, and ``bridgepad new duplicate --scoring``.

Every figure is worked by hand in the comments from the duplicate scoring of the rule book and
the board schedule (board 1 none vulnerable, 2 N-S, 3 E-W).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgepad.cli import main
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.store.game_store import GameStore

SESSION = """\
duplicate
board 1
N 4S 10 others 420 450 -50
pass others -100 0
E 3NTX 8 others 200
"""


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "club.log"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_replay_json_of_a_duplicate_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = call(capsys, "replay", write(tmp_path, SESSION), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["mode"] == "duplicate" and data["scoring"] == "imps"
    # Board 1, North deals, nobody vulnerable: 4S made, +420.
    #   IMPs: 420 - 420 = 0: 0; 420 - 450 = -30: -1; 420 + 50 = 470: +10; (0 - 1 + 10) / 3 = 3.00.
    #   Matchpoints: beats -50 (2), ties 420 (1): 3 of 6, 50%.
    # Board 2, East deals, N-S vulnerable: passed out, 0.
    #   IMPs: 0 + 100 = 100: +3; 0: 0; 3 / 2 = 1.50. Matchpoints: beats -100, ties 0: 3 of 4, 75%.
    # Board 3, South deals, E-W vulnerable: 3NTX by East, 8 tricks: one down doubled vulnerable, +200.
    #   IMPs: 0. Matchpoints: ties 200: 1 of 2, 50%.
    assert data["boards"] == [
        {
            "board": 1,
            "dealer": "N",
            "vulnerable": "none",
            "ns_score": 420,
            "others": [420, 450, -50],
            "imps": 3.0,
            "matchpoints": {"ns": 3, "top": 6, "pct": 50.0},
        },
        {
            "board": 2,
            "dealer": "E",
            "vulnerable": "NS",
            "ns_score": 0,
            "others": [-100, 0],
            "imps": 1.5,
            "matchpoints": {"ns": 3, "top": 4, "pct": 75.0},
        },
        {
            "board": 3,
            "dealer": "S",
            "vulnerable": "EW",
            "ns_score": 200,
            "others": [200],
            "imps": 0.0,
            "matchpoints": {"ns": 1, "top": 2, "pct": 50.0},
        },
    ]
    # Totals: 4.50 IMPs over 3 boards; 7 of 12 matchpoints as scored, 57.41% with each board the
    # same weight (worked in test_replay_by_matchpoints); N-S scores 420 + 0 + 200 = 620.
    # VPs over 3 boards (blitz 15 x sqrt 3 = 25.98): 4 IMPs 12.61, 5 IMPs 13.18, so 4.50 is 12.90.
    assert data["totals"] == {"ns_score": 620, "imps": 4.5, "vp": 12.9, "matchpoints": 7, "top": 12, "pct": 57.41}
    assert '"imps": 3.0' in out and '"pct": 50.0' in out  # figures with decimals are written as such


def test_replay_json_of_sessions_split_by_a_board_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = "duplicate\nN 4S 10 others -50\nboard 17\nN 4S 10 others 450\n"
    code, out, _ = call(capsys, "replay", write(tmp_path, text), "--json")
    data = json.loads(out)
    assert [b["board"] for b in data["boards"]] == [1, 17]
    # Board 1: 470, +10 IMPs, 2 of 2; board 17 (as board 1): -30, -1 IMP, 0 of 2.
    # Each session a match of 1 board (blitz 15): 10 IMPs win 10 + 10 x (1 - t^2) / (1 - t^3)
    # = 10 + 10 x 0.618034 / 0.763932 = 18.09; 1 IMP, t^0.2 = 0.908244, wins 11.20, so losing it
    # leaves 8.80: 26.89 VPs over the two. Matchpoints 2 of 4, 50%.
    assert data["totals"] == {"ns_score": 840, "imps": 9.0, "vp": 26.89, "matchpoints": 2, "top": 4, "pct": 50.0}


def test_replay_draws_the_board_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = call(capsys, "replay", write(tmp_path, SESSION))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Duplicate 1",
        "Bd  N-S Others  IMPs",
        " 1 +420  3 res    +3",
        " 2    0  2 res +1.50",
        " 3 +200   +200     0",
        "────────────────────",
        "   +620        +4.50",
        "      VPs 12.90–7.10",
        "3 boards played, N-S +4.50 IMPs (VPs 12.90–7.10).",
        "",
    ]


@pytest.mark.parametrize("how", [["--scoring", "matchpoints"], []])
def test_replay_by_matchpoints(capsys: pytest.CaptureFixture[str], tmp_path: Path, how: list[str]) -> None:
    text = SESSION if how else SESSION.replace("duplicate\n", "duplicate\nscoring matchpoints\n")
    code, out, _ = call(capsys, "replay", write(tmp_path, text), *how)
    # Each board the same weight, factored to the 4 results of board 1 by Neuberg's formula,
    # (MP + 1) × 4 / n − 1: board 1 keeps 3 of 6; board 2 (3 results) 4 × 4 / 3 − 1 = 13/3;
    # board 3 (2 results) 2 × 4 / 2 − 1 = 3: 31/3 = 10.33 of 18, 31/54 = 57.41%.
    assert out.splitlines() == [
        "Duplicate 1",
        "Bd  N-S      MPs      %",
        " 1 +420      3/6   50.0",
        " 2    0      3/4   75.0",
        " 3 +200      1/2   50.0",
        "───────────────────────",
        "   +620 10.33/18 57.41%",
        "3 boards played, N-S 57.41% (10.33 of 18 matchpoints, factored).",
        "",
    ]


def test_the_command_line_scoring_wins_over_the_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = SESSION.replace("duplicate\n", "duplicate\nscoring matchpoints\n")
    code, out, _ = call(capsys, "replay", write(tmp_path, text), "--scoring", "imps", "--json")
    assert json.loads(out)["scoring"] == "imps"


def test_replay_refuses_an_impossible_other_score(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "duplicate\nN 4S 10 others 620\n")
    code, out, err = call(capsys, "replay", path)
    assert (code, out) == (2, "")
    assert err == f"{path}:2: +620 is a vulnerable game for N-S; on board 1 nobody is vulnerable.\n"


def test_replay_refuses_a_bad_scoring_form(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = call(capsys, "replay", write(tmp_path, SESSION), "--scoring", "butler")
    assert (code, out) == (2, "")
    # The same sentence as bridgepad new's and the new-game dialog's: one reader of the flag.
    assert (
        err
        == "bridgepad replay: 'butler' is not a scoring form: give imps (a team match) or matchpoints (a pairs game), i or m.\n"
    )


# --- bridgepad new duplicate --scoring -------------------------------------------------------------


@pytest.mark.parametrize(
    "flag, form",
    [
        ([], DuplicateScoring.IMPS),
        (["--scoring", "matchpoints"], DuplicateScoring.MATCHPOINTS),
        (["--scoring", "mp"], DuplicateScoring.MATCHPOINTS),
    ],
)
def test_new_duplicate_with_its_scoring_form(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: list[str], form: DuplicateScoring
) -> None:
    root = tmp_path / "data"
    assert main(["--data-dir", str(root), "new", "duplicate", *flag]) == 0
    out = capsys.readouterr().out
    store = GameStore(root)
    game_id = store.current_id()
    assert game_id is not None
    assert store.load(game_id).game.settings.duplicate_scoring is form
    assert out.startswith(f"New duplicate, from board 1, North to deal, compared by {form.word}:")
    # The form is one of the rules new games start with from then on.
    assert json.loads((root / "settings.json").read_text())["settings"]["duplicate_scoring"] == form.value


def test_new_refuses_a_bad_scoring_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path / "data"), "new", "duplicate", "--scoring", "butler"]) == 2
    err = capsys.readouterr().err
    assert (
        err == "bridgepad new: 'butler' is not a scoring form: give imps (a team match) or matchpoints (a pairs game), i or m.\n"
    )


def test_replay_over_all_the_tops_is_a_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The session of test_replay_by_matchpoints over all the tops: 3 + 3 + 1 = 7 of 6 + 4 + 2 = 12, 58.33%.
    code, out, _ = call(capsys, "replay", write(tmp_path, SESSION), "--scoring", "m", "--pairs-percentage", "tops")
    assert code == 0 and out.splitlines()[-2] == "3 boards played, N-S 58.33% (7 of 12 matchpoints)."
