"""``bridgepad score CONTRACT RESULT [--vul] [--json]``: one hand, rubber figures and
the duplicate score. Expected figures are worked from the rule book's tables."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.builders import examples
from support.cli import run_cli

from bridgepad.cli import main
from bridgepad.core.model import Contract, Doubling, Strain


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(None, *args, stdin=stdin)


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args, below, above, penalty, duplicate",
    [
        (["4SX", "=", "--vul"], 240, 50, 0, 790),  # 4 × 30 × 2; insult 50; 240 + 50 + game 500
        (["4SX", "10"], 240, 50, 0, 590),  # not vulnerable: 240 + 50 + 300
        (["4S", "="], 120, 0, 0, 420),  # 120 + 300
        (["4S", "=", "--vul"], 120, 0, 0, 620),  # 120 + 500
        (["4S", "12", "--vul"], 120, 60, 0, 680),  # two overtricks, no slam: 120 + 60 + 500
        (["3NT", "+1"], 100, 30, 0, 430),  # 100 + 30 + 300
        (["1NT", "="], 40, 0, 0, 90),  # 40 + part score 50
        (["2SX", "="], 120, 50, 0, 470),  # 120 + 50 + 300
        (["2HX", "9", "--vul"], 120, 250, 0, 870),  # 1 × 200 + 50 above; 120 + 250 + 500
        (["6S", "12", "--vul"], 180, 750, 0, 1430),  # 180 + 750 + 500
        (["6D", "="], 120, 500, 0, 920),  # 120 + 500 + 300
        (["7NTXX", "=", "--vul"], 880, 1600, 0, 2980),  # 220 × 4; 100 + 1,500; + 500
        (["1NTXX", "+6", "--vul"], 160, 2500, 0, 3160),  # 40 × 4; 6 × 400 + 100; + 500
        (["1C", "-1"], 0, 0, 50, -50),  # one undertrick, 50
        (["1C", "-1", "--vul"], 0, 0, 100, -100),
        (["3NT", "-2"], 0, 0, 100, -100),  # 2 × 50
        (["3NTX", "-3", "--vul"], 0, 0, 800, -800),  # 200 + 300 + 300
        (["3NTX", "6"], 0, 0, 500, -500),  # 100 + 200 + 200
        (["4HXX", "-1", "--vul"], 0, 0, 400, -400),  # 2 × 200
        (["7NTX", "0", "--vul"], 0, 0, 3800, -3800),  # 200 + 12 × 300
    ],
)
def test_score_json(capsys, args, below, above, penalty, duplicate) -> None:
    code, out, err = call(capsys, "score", *args, "--json")
    assert code == 0 and err == ""
    assert out.count("\n") == 1  # one object, one line
    data = json.loads(out)
    for key, value in (("below", below), ("above", above), ("penalty", penalty), ("duplicate", duplicate)):
        assert type(data[key]) is int, key
        assert data[key] == value, key


def test_score_json_in_a_subprocess() -> None:
    p = run("score", "4SX", "=", "--vul", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert (data["below"], data["above"], data["penalty"], data["duplicate"]) == (240, 50, 0, 790)
    assert p.stderr == ""


def test_score_json_extra_fields(capsys) -> None:
    code, out, _ = call(capsys, "score", "2HX", "9", "--vul", "--json")
    data = json.loads(out)
    assert data["made"] is True
    assert data["tricks"] == 9
    reasons = [i["reason"] for i in data["items"]]
    assert "1 overtrick, doubled, vulnerable: 1 × 200" in reasons
    assert sum(i["points"] for i in data["items"] if i["for"] == "declarer") == 120 + 250


@pytest.mark.parametrize(
    "args, pieces",
    [
        (["4SX", "=", "--vul"], ["240 below the line", "50 above", "+790", "vulnerable"]),
        (["3NT", "-2"], ["100 above the line", "2 undertricks", "-100", "not vulnerable"]),
        (["6S", "12", "--vul"], ["180 below the line", "750 above", "small slam", "+1,430"]),
        (["4H", "11"], ["120 below the line", "30 above", "+450"]),
        (["3NTX", "-3", "--vul"], ["800 above the line", "200 + 300 + 300", "-800"]),
    ],
)
def test_score_plain(capsys, args, pieces) -> None:
    code, out, err = call(capsys, "score", *args)
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    for piece in pieces:
        assert piece in out, (piece, out)


@pytest.mark.parametrize("form", ["4s", "4♠", "4 S", "4S"])
def test_score_accepts_the_notation(capsys, form: str) -> None:
    code, out, _ = call(capsys, "score", form, "10", "--json")
    assert code == 0
    assert json.loads(out)["below"] == 120


def test_score_pass(capsys) -> None:
    code, out, err = call(capsys, "score", "pass")
    assert code == 0 and err == "" and out.strip()
    code, out, err = call(capsys, "score", "pass", "--json")
    data = json.loads(out)
    assert (data["below"], data["above"], data["penalty"], data["duplicate"]) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["score", "4Q", "10"], "C, D, H, S or NT"),
        (["score", "8S", "10"], "1 to 7"),
        (["score", "0NT", "7"], "1 to 7"),
        (["score", "4S", "14"], "0 to 13"),
        (["score", "6NT", "+2"], "at most +1"),
        (["score", "1C", "-10"], "at most -7"),
        (["score", "4S", "ten"], "0 to 13"),
        (["score", "4S"], "result"),
        (["score", "pass", "3"], "pass"),
        (["score", "", "10"], "C, D, H, S or NT"),
        (["score", "4S\n10", "10"], "contract"),
        (["score"], "CONTRACT"),
        (["score", "4S", "10", "--bogus"], "--bogus"),
        (["score", "4S", "10", "11"], "unrecognized"),
        (["bogus"], "bogus"),
    ],
)
def test_score_errors_one_line_exit_2(capsys, args, fragment) -> None:
    code, out, err = call(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert fragment in err
    assert err.startswith("bridgepad")
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["score", "4Q", "10"],
        ["score", "6NT", "+2", "--json"],
        ["score", "1C", "-10"],
        ["score", "4S"],
        ["score", "4S\n", "1\n4"],
        ["score", "--vul"],
    ],
)
def test_score_errors_in_a_subprocess(args) -> None:
    p = run(*args)
    assert p.returncode == 2
    assert p.stdout == ""
    assert len(p.stderr.splitlines()) == 1, p.stderr
    assert "Traceback" not in p.stderr


def test_negative_result_is_not_taken_for_an_option() -> None:
    p = run("score", "3NT", "-2", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["penalty"] == 100  # 2 × 50


# --- Any input: a result or a one-line refusal, never a traceback ------------------------------


def captured(argv: list[str]) -> tuple[int, str, str]:
    """main() with its output caught (capsys is not reset between hypothesis examples)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


words = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789CDHSNTXxn♠♥♦♣ +-=p", max_size=8),
)


@settings(max_examples=examples(200), deadline=None)
@given(words, st.one_of(st.none(), words), st.booleans(), st.booleans())
def test_score_any_input(contract: str, result: str | None, vul: bool, as_json: bool) -> None:
    # Text starting with "-" may be an option (argparse's -h prints help and exits 0); leave those out.
    assume(not contract.startswith("-"))
    assume(result is None or not result.startswith("-") or result[1:].strip().isdigit())
    argv = (
        ["score", contract]
        + ([result] if result is not None else [])
        + (["--vul"] if vul else [])
        + (["--json"] if as_json else [])
    )
    code, out, err = captured(argv)
    assert code in (0, 2)
    if code == 2:
        assert out == ""
        assert len(err.splitlines()) == 1, err
    else:
        assert err == ""
        assert len(out.splitlines()) == 1
        if as_json:
            json.loads(out)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)), st.integers(0, 13), st.booleans())
def test_score_json_adds_up(level: int, strain: Strain, doubling: Doubling, tricks: int, vul: bool) -> None:
    c = Contract(level, strain, doubling)
    code, out, _ = captured(["score", c.text, str(tricks), "--json"] + (["--vul"] if vul else []))
    assert code == 0
    data = json.loads(out)
    if tricks >= c.tricks_needed:
        # Duplicate: the rubber figures plus 300/500 for a game or 50 for a part score.
        bonus = (500 if vul else 300) if data["below"] >= 100 else 50
        assert data["penalty"] == 0
        assert data["duplicate"] == data["below"] + data["above"] + bonus
    else:
        assert data["below"] == data["above"] == 0
        assert data["duplicate"] == -data["penalty"] < 0


def test_score_json_items_hold_exactly_the_parts_they_were_worked_from(capsys) -> None:
    # Worked by hand: 4S doubled, vulnerable, two down: 200 + 300 (each undertrick its own, no
    # single rate); made with an overtrick: 4 × 30 × 2 = 240, one overtrick 200, the insult 50
    # (no tricks counted), at duplicate + 500 for the game: 990.
    code, out, _ = call(capsys, "score", "4SX", "8", "--vul", "--json")
    assert code == 0 and json.loads(out)["items"] == [
        {
            "kind": "undertricks",
            "points": 500,
            "for": "defenders",
            "reason": "2 undertricks, doubled, vulnerable: 200 + 300 = 500",
            "count": 2,
            "terms": [200, 300],
            "vulnerable": True,
            "doubling": "doubled",
        }
    ]
    code, out, _ = call(capsys, "score", "4SX", "11", "--vul", "--json")
    data = json.loads(out)
    assert (data["below"], data["above"], data["duplicate"]) == (240, 250, 990)
    assert data["items"] == [
        {
            "kind": "tricks",
            "points": 240,
            "for": "declarer",
            "reason": "trick score, doubled: 4 × 30 × 2 = 240",
            "count": 4,
            "rate": 30,
            "doubling": "doubled",
        },
        {
            "kind": "overtricks",
            "points": 200,
            "for": "declarer",
            "reason": "1 overtrick, doubled, vulnerable: 1 × 200",
            "count": 1,
            "rate": 200,
            "vulnerable": True,
            "doubling": "doubled",
        },
        {
            "kind": "insult",
            "points": 50,
            "for": "declarer",
            "reason": "making a doubled contract (the insult): 50",
            "doubling": "doubled",
        },
    ]
