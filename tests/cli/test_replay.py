"""``bridgepad replay FILE [--json] [--no-honors] [--chicago-vulnerable ...] [--chicago-partscore ...]``.

The JSON shape is the one the issue specifies; every figure is worked by hand from
the rule book's tables in the comments.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.builders import WORKED_LOG, examples
from support.cli import run_cli

from bridgepad.cli import main


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(None, *args, stdin=stdin, cwd=cwd)


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "evening.log") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def H(ns_below: int = 0, ns_above: int = 0, ew_below: int = 0, ew_above: int = 0) -> dict:
    return {"NS": {"below": ns_below, "above": ns_above}, "EW": {"below": ew_below, "above": ew_above}}


def S(below: int, above: int, games: int) -> dict:
    return {"below": below, "above": above, "total": below + above, "games": games}


def check_shape(data: dict) -> None:
    """Exactly the keys of the issue, integers where it says integers."""
    assert set(data) == {"mode", "rubbers"}
    assert data["mode"] in ("rubber", "chicago")
    for r in data["rubbers"]:
        assert set(r) == {"complete", "NS", "EW", "bonus", "hands"}
        assert type(r["complete"]) is bool
        for side in ("NS", "EW"):
            assert set(r[side]) == {"below", "above", "total", "games"}
            assert all(type(v) is int for v in r[side].values())
            assert r[side]["total"] == r[side]["below"] + r[side]["above"]
        assert set(r["bonus"]) == {"NS", "EW"} and all(type(v) is int for v in r["bonus"].values())
        for h in r["hands"]:
            assert set(h) == {"NS", "EW"}
            for side in ("NS", "EW"):
                assert set(h[side]) == {"below", "above"}
                assert all(type(v) is int for v in h[side].values())
        # The hands and the bonuses add up to the rubber's columns.
        for side in ("NS", "EW"):
            assert sum(h[side]["below"] for h in r["hands"]) == r[side]["below"]
            assert sum(h[side]["above"] for h in r["hands"]) + r["bonus"][side] == r[side]["above"]


EVENING = """\
# An evening of rubber bridge; We are N-S.
dealer N
N 4S 10                 # rubber 1, N deals: N-S 120 below, a game
E 3NT 9                 # E deals: E-W 100 below, a game
pass                    # S deals: passed out, the deal passes on
W 2H 8 honors NS 100    # W deals: E-W 60 below; N-S held four trump honors, 100
S 3NT 10 honors NS 150  # N deals: N-S 100 below, 30 above, four aces 150; rubber 2-1, 500
N 1NT 7                 # rubber 2, E deals: N-S 40 below
end                     # stopped: N-S have a part score in the open game, 100
E 2C 8                  # rubber 3, S deals: E-W 40 below; still running when the log ends
"""

EVENING_JSON = {
    "mode": "rubber",
    "rubbers": [
        {
            "complete": True,
            # N-S: 120 + 100 = 220 below; 100 + 30 + 150 + 500 = 780 above.
            "NS": S(220, 780, 2),
            # E-W: 100 + 60 = 160 below; nothing above.
            "EW": S(160, 0, 1),
            "bonus": {"NS": 500, "EW": 0},
            "hands": [H(120, 0), H(ew_below=100), H(), H(0, 100, 60, 0), H(100, 180)],
        },
        {
            "complete": False,
            "NS": S(40, 100, 0),  # 40 below; unfinished rubber, a part score: 100
            "EW": S(0, 0, 0),
            "bonus": {"NS": 100, "EW": 0},
            "hands": [H(40, 0)],
        },
        {
            "complete": False,  # still running: no bonus for being unfinished
            "NS": S(0, 0, 0),
            "EW": S(40, 0, 0),
            "bonus": {"NS": 0, "EW": 0},
            "hands": [H(ew_below=40)],
        },
    ],
}


def test_replay_json(capsys, tmp_path: Path) -> None:
    code, out, err = call(capsys, "replay", str(write(tmp_path, EVENING)), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    check_shape(data)
    assert data == EVENING_JSON


def test_replay_json_no_honors(capsys, tmp_path: Path) -> None:
    code, out, _ = call(capsys, "replay", str(write(tmp_path, EVENING)), "--json", "--no-honors")
    assert code == 0
    data = json.loads(out)
    check_shape(data)
    r1 = data["rubbers"][0]
    # Without honors N-S have 30 + 500 = 530 above in rubber 1.
    assert r1["NS"] == S(220, 530, 2)
    assert r1["hands"][3] == H(ew_below=60)
    assert r1["hands"][4] == H(100, 30)
    assert data["rubbers"][1:] == EVENING_JSON["rubbers"][1:]


def test_replay_json_in_a_subprocess_and_from_stdin(tmp_path: Path) -> None:
    p = run("replay", str(write(tmp_path, EVENING)), "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == EVENING_JSON
    p = run("replay", "-", "--json", stdin=EVENING)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == EVENING_JSON


def test_two_nil_and_unfinished_with_a_game(capsys, tmp_path: Path) -> None:
    log = """\
N 4S 10     # N-S 120, a game
S 3NT 9     # N-S 100, the rubber two games to none: 700
E 4H 10     # rubber 2: E-W 120, a game
N 2S 8      # N-S 60
end         # E-W: a game, 300; N-S: a part score, 100
"""
    code, out, _ = call(capsys, "replay", str(write(tmp_path, log)), "--json")
    assert code == 0
    data = json.loads(out)
    check_shape(data)
    assert data == {
        "mode": "rubber",
        "rubbers": [
            {
                "complete": True,
                "NS": S(220, 700, 2),
                "EW": S(0, 0, 0),
                "bonus": {"NS": 700, "EW": 0},
                "hands": [H(120), H(100)],
            },
            {
                "complete": False,
                "NS": S(60, 100, 0),
                "EW": S(120, 300, 1),
                "bonus": {"NS": 100, "EW": 300},
                "hands": [H(ew_below=120), H(60)],
            },
        ],
    }


def test_worked_rubber_through_the_command_line(capsys, tmp_path: Path) -> None:
    code, out, _ = call(capsys, "replay", str(write(tmp_path, WORKED_LOG)), "--json")
    (r,) = json.loads(out)["rubbers"]
    # The rule book's worked rubber: our column 250 below, 1,580 above, 1,830; theirs 160, 350, 510.
    assert r["NS"] == S(250, 1580, 2)
    assert r["EW"] == S(160, 350, 1)
    assert r["bonus"] == {"NS": 500, "EW": 0}
    assert r["complete"] is True
    assert r["hands"] == [H(90, 30), H(0, 300), H(40), H(0, 0, 100, 150), H(0, 0, 0, 200), H(ew_below=60), H(120, 750)]


# --- Chicago -------------------------------------------------------------------------------

CHICAGO = """\
chicago
dealer N
N 2S 8      # deal 1, N deals, nobody vul: N-S 60
S 2H 8      # deal 2, E deals: N-S 60; carried, 120 is a game
pass        # deal 3, S deals: passed out, S deals again
W 2D 8      # deal 3: E-W 40
N 1NT 7     # deal 4, W deals: N-S 40
E 1C 7      # Chicago 2, deal 1, N deals: E-W 20; still running
"""


def chicago_json(ns_game_bonus: int) -> dict:
    # Carry: N-S 60 + 60 = 120 on deal 2, a game worth ns_game_bonus. After deal 4 both
    # sides have a part score open (E-W 40, N-S 40): 100 each.
    return {
        "mode": "chicago",
        "rubbers": [
            {
                "complete": True,
                "NS": S(160, ns_game_bonus + 100, 1),
                "EW": S(40, 100, 0),
                "bonus": {"NS": 100, "EW": 100},
                "hands": [H(60), H(60, ns_game_bonus), H(), H(ew_below=40), H(40)],
            },
            {
                "complete": False,
                "NS": S(0, 0, 0),
                "EW": S(20, 0, 0),
                "bonus": {"NS": 0, "EW": 0},
                "hands": [H(ew_below=20)],
            },
        ],
    }


@pytest.mark.parametrize(
    "flags, ns_game_bonus",
    [
        ([], 500),  # the rule book: deal 2 (East deals), East's opponents N-S are vulnerable: 500
        (["--chicago-vulnerable", "opponents"], 500),
        (["--chicago-vulnerable", "dealer"], 300),  # East's side vulnerable, N-S not: 300
        (["--chicago-vulnerable", "dealer-then-opponents"], 300),  # deal 2: the dealer's side, E-W
        (["--chicago-partscore", "carry"], 500),
    ],
)
def test_chicago_vulnerability_flags(capsys, tmp_path: Path, flags: list[str], ns_game_bonus: int) -> None:
    code, out, err = call(capsys, "replay", str(write(tmp_path, CHICAGO)), "--json", *flags)
    assert code == 0, err
    data = json.loads(out)
    check_shape(data)
    assert data == chicago_json(ns_game_bonus)


def test_chicago_partscore_fifty(capsys, tmp_path: Path) -> None:
    code, out, _ = call(capsys, "replay", str(write(tmp_path, CHICAGO)), "--json", "--chicago-partscore", "fifty")
    assert code == 0
    data = json.loads(out)
    check_shape(data)
    # Nothing carried, so no game: 50 for each part score made, nothing after deal 4.
    assert data == {
        "mode": "chicago",
        "rubbers": [
            {
                "complete": True,
                "NS": S(160, 150, 0),  # 60 + 60 + 40 below; 3 × 50
                "EW": S(40, 50, 0),
                "bonus": {"NS": 0, "EW": 0},
                "hands": [H(60, 50), H(60, 50), H(), H(0, 0, 40, 50), H(40, 50)],
            },
            {
                "complete": False,
                "NS": S(0, 0, 0),
                "EW": S(20, 50, 0),
                "bonus": {"NS": 0, "EW": 0},
                "hands": [H(0, 0, 20, 50)],
            },
        ],
    }


def test_chicago_ended_early_is_not_complete(capsys, tmp_path: Path) -> None:
    code, out, _ = call(capsys, "replay", str(write(tmp_path, "chicago\nN 2S 8\nend\n")), "--json")
    (r,) = json.loads(out)["rubbers"]
    assert r["complete"] is False
    assert r["NS"] == S(60, 0, 0)


def test_empty_log(capsys, tmp_path: Path) -> None:
    # Refused as import refuses it: one line, exit 2, nothing drawn.
    path = write(tmp_path, "# nothing played yet\n")
    code, out, err = call(capsys, "replay", str(path), "--json")
    assert (code, out) == (2, "")
    assert err == f"bridgepad replay: {path}: there are no hands in it to replay.\n"


# --- Plain output ----------------------------------------------------------------------------


def test_replay_plain(capsys, tmp_path: Path) -> None:
    code, out, err = call(capsys, "replay", str(write(tmp_path, EVENING)))
    assert code == 0 and err == ""
    assert "Rubber 1" in out and "Rubber 2" in out and "Rubber 3" in out
    # Rubber 1: 1,000 to 160, margin 840.
    assert "1,000" in out and "840" in out
    assert "Traceback" not in out


def test_replay_plain_in_a_subprocess(tmp_path: Path) -> None:
    p = run("replay", str(write(tmp_path, CHICAGO)), "--chicago-partscore", "fifty")
    assert p.returncode == 0, p.stderr
    assert "Chicago 1" in p.stdout
    assert "310" in p.stdout  # N-S total of Chicago 1 at "fifty": 160 + 150


# --- Errors ------------------------------------------------------------------------------------

BAD_LOG = """\
N 4S 10
N 4Q 10
E 3NT 14

W 2H
"""


def test_log_errors_carry_file_and_line(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, BAD_LOG, "bad.log")
    code, out, err = call(capsys, "replay", str(path), "--json")
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [f"{path}:2", f"{path}:3", f"{path}:5"]
    assert "C, D, H, S or NT" in lines[0]
    assert "0 to 13" in lines[1]
    assert "Traceback" not in err


def test_log_errors_in_a_subprocess(tmp_path: Path) -> None:
    write(tmp_path, BAD_LOG, "bad.log")
    p = run("replay", "bad.log", cwd=tmp_path)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.splitlines()[0].startswith("bad.log:2: ")
    assert len(p.stderr.splitlines()) == 3
    assert "Traceback" not in p.stderr


def test_errors_found_while_scoring_carry_the_line(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, "N 1C 7\nplayers N=Ann\n", "mid.log")
    code, out, err = call(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:2: ")
    assert len(err.splitlines()) == 1


def test_stdin_errors_are_named_stdin() -> None:
    p = run("replay", "-", stdin="N 4S 10\nN 4S\n")
    assert p.returncode == 2
    assert p.stderr.startswith("<stdin>:2: ")
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize(
    "make, fragment",
    [
        (lambda d: str(d / "missing.log"), "no such file"),
        (lambda d: str(d), "folder"),
        (lambda d: (d / "latin1.log").write_bytes(b"N 4S 10 # caf\xe9\n") and str(d / "latin1.log"), "UTF-8"),
    ],
)
def test_unreadable_files(capsys, tmp_path: Path, make, fragment: str) -> None:
    target = make(tmp_path)
    code, out, err = call(capsys, "replay", target)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert fragment in err
    assert target in err
    assert "Traceback" not in err


def test_missing_file_in_a_subprocess(tmp_path: Path) -> None:
    p = run("replay", str(tmp_path / "missing.log"), "--json")
    assert p.returncode == 2
    assert p.stdout == ""
    assert len(p.stderr.splitlines()) == 1
    assert "no such file" in p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["replay"], "FILE"),
        (["replay", "x.log", "--chicago-vulnerable", "bogus"], "opponents"),
        (["replay", "x.log", "--chicago-partscore", "100"], "carry"),
        (["replay", "x.log", "--vul"], "--vul"),
    ],
)
def test_replay_usage_errors(capsys, args: list[str], fragment: str) -> None:
    code, out, err = call(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1
    assert fragment in err


def test_log_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "notepad.log"
    path.write_bytes(b"\xef\xbb\xbfrubber\r\nN 4S 10\r\n")
    p = run("replay", str(path), "--json")
    assert p.returncode == 0, p.stderr
    (r,) = json.loads(p.stdout)["rubbers"]
    assert r["NS"] == S(120, 0, 1)


# --- Any log: a result or FILE:LINE refusals, never a traceback ------------------------------------

LINES = st.one_of(
    st.text(max_size=25),
    st.sampled_from(
        [
            "rubber",
            "chicago",
            "dealer E",
            "players N=Ann",
            "pass",
            "end",
            "N 4S 10",
            "E 3NT -1 honors EW 150",
            "S 6HXX =",
            "W 2C 8 honors NS 100",
            "N 7NT 13",
            "# note",
            "N 3NT 9 honors NS 100",
            "",
        ]
    ),
)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(LINES, max_size=15), st.booleans(), st.sampled_from([[], ["--no-honors"], ["--chicago-partscore", "fifty"]]))
def test_replay_any_log(lines: list[str], as_json: bool, flags: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO("\n".join(lines))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", "-"] + (["--json"] if as_json else []) + flags)
    finally:
        sys.stdin = old_stdin
    assert code in (0, 2)
    if code == 2:
        assert out.getvalue() == ""
        assert err.getvalue()
        empty = "bridgepad replay: <stdin>: there are no hands in it to replay."
        assert all(line.startswith("<stdin>:") or line == empty for line in err.getvalue().splitlines())
    else:
        assert err.getvalue() == ""
        if as_json:
            check_shape(json.loads(out.getvalue()))
