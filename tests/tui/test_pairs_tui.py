"""A 16-board pairs session at a club, typed through the keyboard and scored by matchpoints,
then the same session replayed as a log: the same percentages, board by board and in all.

Ann and Cy sit North-South. After each board they copy the other N-S results from the
traveller; each board is worth 2 matchpoints for every result beaten and 1 for every tie,
out of a top of 2 for every other result. Worked by hand (board: dealer, vulnerable):

    Bd  dl vul   contract          N-S     others            beats  ties  MPs    %
     1  N  none  4S N =            +420    420 450 -50        -50   420   3/6   50.0
     2  E  N-S   3NT S +1          +630    600 630 -100       2     1     5/6   83.3   (100 + 30 + 500)
     3  S  E-W   2H E =            -110    -140 -110 100      -140  -110  3/6   50.0
     4  W  both  4HX W -2          +500    620 -620 200       2     0     4/6   66.7   (200 + 300)
     5  N  N-S   pass                 0    110 -90            -90   0     2/4   50.0
     6  E  E-W   1NT N +1          +120    90 120 150         90    120   3/6   50.0   (40 + 30 + 50)
     7  S  both  6S S =           +1430    680 710 1430       2     1     5/6   83.3   (180 + 750 + 500)
     8  W  none  3D W -1            +50    100 -110 50        -110  50    3/6   50.0
     9  N  E-W   4S E =            -620    -620 -650 100      -650  -620  3/6   50.0
    10  E  both  3NTX N -1         -200    -100 -600 -200     -600  -200  3/6   50.0
    11  S  none  2S S +1           +140    110 110 140        2     1     5/6   83.3   (60 + 30 + 50)
    12  W  N-S   5C E -3           +150    600 -400 620       -400  0     2/6   33.3   (E-W not vulnerable: 3 x 50)
    13  N  both  1NT W =            -90    -120 -150 -180     3     0     6/6  100.0
    14  E  none  4H N -1            -50    420 450 -50        0     1     1/6   16.7
    15  S  N-S   3NT N =           +600    600 600 600 600    0     4     4/8   50.0
    16  W  E-W   2DX S =           +180    -110 -110 200      2     0     4/6   66.7   (80 + 50 insult + 50)

The session: 56 matchpoints of a top of 6 x 14 + 4 + 8 = 96 (58.33% over all the tops); each
board the same weight, boards 5 (3 results) and 1-14, 16 (4) factored to board 15's 5 results
by Neuberg's formula, 74 of 128 = 57.81% (worked beside BY_HAND).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import PAIRS_SESSION, field_keys, make_app
from support.snapshot_apps.screen import entry_form, explain_text, form_open, hand_rows, pad_text, status_text, text_of
from support.waiting import settle, until
from textual.widgets import Input

from bridgepad.cli import main
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.tui.forms.game_form import GameForm

SIZE = (100, 30)

# Each board's matchpoints and top, then the session's after it, as a percentage: each board the
# same weight, so a board with fewer results than the most so far is factored up by Neuberg's
# formula, (MP + 1) × N / n − 1 on a top of 2(N − 1). Boards 1-4 have 4 results each: nothing to
# factor. Board 5 has 3: (2 + 1) × 4 / 3 − 1 = 3 of 6. Board 15 has 5, so from there every board
# is factored to 5: the thirteen 4-result boards (46 matchpoints) give (46 + 13) × 5 / 4 − 13
# = 60.75, board 5 (2 + 1) × 5 / 3 − 1 = 4, board 15 its own 4: 68.75 of 15 × 8 = 120; board 16,
# 4 of 6 with 4 results, (4 + 1) × 5 / 4 − 1 = 5.25: 74 of 128.
BY_HAND = [
    (3, 6, "50.00"),
    (5, 6, "66.67"),
    (3, 6, "61.11"),
    (4, 6, "62.50"),  # 3/6; 8/12; 11/18; 15/24
    (2, 4, "60.00"),
    (3, 6, "58.33"),
    (5, 6, "61.90"),
    (3, 6, "60.42"),  # 18/30; 21/36; 26/42; 29/48
    (3, 6, "59.26"),
    (3, 6, "58.33"),
    (5, 6, "60.61"),
    (2, 6, "58.33"),  # 32/54; 35/60; 40/66; 42/72
    (6, 6, "61.54"),
    (1, 6, "58.33"),
    (4, 8, "57.29"),
    (4, 6, "57.81"),  # 48/78; 49/84; 68.75/120; 74/128
]
NS_SCORES = [420, 630, -110, 500, 0, 120, 1430, 50, -620, -200, 140, 150, -90, -50, 600, 180]


def log_text() -> str:
    lines = ["duplicate", "scoring matchpoints", "players N=Ann E=Bob S=Cy W=Di"]
    for contract, declarer, result, _honors, others in PAIRS_SESSION:
        hand = "pass" if contract == "pass" else f"{declarer} {contract} {result}"
        lines.append(f"{hand} others {others}")
    return "\n".join(lines) + "\n"


async def type_board(pilot, app, n: int, fields: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """``+``, the board's fields once the form has the focus, Enter; then waits for the board to land."""
    await keyboard(pilot, ["plus"])
    await until(
        pilot,
        lambda: form_open(app) and app.focused is app.screen.query_one("#contract", Input),
        "the entry form with the focus in its contract",
    )
    await keyboard(pilot, [*field_keys(*fields), "enter"])
    await until(
        pilot,
        lambda: (
            (len(app.session.state.hands) >= n and not form_open(app))
            or (form_open(app) and bool(entry_form(app).reading().errors))
        ),
        f"board {n} on the pad, or the form's refusal",
    )
    if form_open(app):
        raise AssertionError(f"board {n} was refused: {entry_form(app).reading().errors}")


def others_message(app) -> str:  # type: ignore[no-untyped-def]
    assert form_open(app)
    return text_of(app.screen.query_one("#others-error"))


@pytest.mark.slow
async def test_a_pairs_session_typed_shows_the_percentages_of_its_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "data"
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # The n dialog: duplicate at one table (its tables and movement left empty), the names,
        # nobody sitting out, and the last field, the scoring form: matchpoints.
        await keyboard(pilot, ["n"])
        await until(
            pilot,
            lambda: isinstance(app.screen, GameForm) and app.focused is app.screen.query_one("#f-mode", Input),
            "the new-game dialog with the focus in its mode",
        )
        await keyboard(
            pilot, [*field_keys("d", *[""] * 6, "", "Ann", "Bob", "Cy", "Di", "", "", "", "", "", "", "", "matchpoints"), "enter"]
        )
        await until(pilot, lambda: app.session.game.mode is Mode.DUPLICATE, "a duplicate game on the pad")
        game = app.session.game
        assert game.mode is Mode.DUPLICATE and game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS

        # Board 1 with a score no result gives there: refused with the reason, the form kept open.
        contract, declarer, result, _, others = PAIRS_SESSION[0]
        await keyboard(pilot, ["plus"])
        await until(
            pilot,
            lambda: form_open(app) and app.focused is app.screen.query_one("#contract", Input),
            "the entry form with the focus in its contract",
        )
        await keyboard(pilot, [*field_keys(contract, declarer, result, "620"), "enter"])
        assert form_open(app)
        assert others_message(app) == "+620 is a vulnerable game for N-S; on board 1 nobody is vulnerable."
        assert app.focused is app.screen.query_one("#others", Input)
        await keyboard(pilot, ["backspace"] * 3 + [*others, "enter"])
        await until(pilot, lambda: len(app.session.state.hands) == 1, "the board on the pad")
        assert not form_open(app)

        for n, (fields, (mp, top, session)) in enumerate(zip(PAIRS_SESSION, BY_HAND), 1):
            if n > 1:
                contract, declarer, result, _, others = fields
                await type_board(pilot, app, n, (contract, declarer, result, others))
            h = app.session.state.hands[-1]
            assert h.comparison is not None
            assert (h.deal, h.ns_score, h.comparison.matchpoints, h.comparison.top) == (n, NS_SCORES[n - 1], mp, top)
            board_pct = f"{100 * mp / top:.1f}"
            assert hand_rows(app)[-1][6] == board_pct
            status = status_text(app)
            assert f"Board {n + 1}" in status and f"N-S {session}%" in status, status
            assert f"After board {n}: " in explain_text(app) and f" matchpoints, {session}%." in explain_text(app).replace(
                " matchpoints, factored,", " matchpoints,"
            )

        state = app.session.state
        assert (state.matchpoints, state.top, str(state.percent)) == (56, 96, "57.81")  # 56 of 96 as scored
        assert "N-S 57.81% (74 of 128 matchpoints, factored)" in status_text(app)
        pad = [line.split() for line in pad_text(app).splitlines()]
        assert pad[0] == ["Bd", "N-S", "MPs", "%"]
        assert pad[-1] == ["+3,150", "74/128", "57.81%"]  # 420 + 630 - 110 + ... + 180; factored
        shown = {int(row[0]): row[3] for row in pad[1:-2]}
        rows = {int(row[0]): row[6] for row in hand_rows(app)}
        # The board's explanation says the same: board 16 beats 2 of 3, ties none.
        assert "+180 beats 2 of 3, ties none: 4 of 6, 66.7%" in explain_text(app)

    # The same session as a log, replayed.
    path = tmp_path / "club.log"
    path.write_text(log_text(), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scoring"] == "matchpoints"
    for b in data["boards"]:
        assert f"{b['matchpoints']['pct']:.1f}" == shown[b["board"]] == rows[b["board"]]
    assert (data["totals"]["matchpoints"], data["totals"]["top"], data["totals"]["pct"]) == (56, 96, 57.81)
