"""A home team match: four duplicate boards typed through the keyboard, with the N-S score at the other table.

Boards are numbered from 1 and take their dealer and vulnerability from the board
number (the standard schedule printed on every board):

    Board 1: North deals, nobody vulnerable
    Board 2: East deals, N-S vulnerable
    Board 3: South deals, E-W vulnerable
    Board 4: West deals, both vulnerable

Each board is scored on its own (duplicate scoring: trick score, 50 for a part score,
300/500 for a game, no honors) and, given the N-S score at the other table, the
difference is turned into IMPs on the WBF scale. Worked by hand:

    Bd  contract        N-S here  other table  difference  IMPs  running
     1  4S by N, =        +420        -50          +470     +10     +10   (430-490: 10)
     2  3NT by E, -1       +50       +100           -50      -2      +8   (50-80: 2; E-W not vulnerable, 50 a trick)
     3  passed out           0       +110          -110      -3      +5   (90-120: 3)
     4  3S doubled by W,  -730       -140          -590     -11      -6   (500-590: 11)
        9 tricks, E-W vulnerable: 90 x 2 = 180 (a game), 500 game bonus, 50 insult = 730

N-S's boards add up to 420 + 50 + 0 - 730 = -260.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, make_app
from support.snapshot_apps.screen import explain_text, form_open, hand_rows, pad_text, status_text, text_of
from support.waiting import settle, until
from textual.widgets import Input

from bridgepad.cli import main
from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.game import Mode, Status

SIZE = (100, 30)
# (contract, declarer, result, other table), the dealer and vulnerability shown before it,
# and what the board then shows: N-S's score, the IMPs and the running total.
BOARDS = [
    (("4S", "N", "=", "-50"), "Ann (N)", "Nobody vulnerable", "Nobody vulnerable", 420, 10, 10),
    # A board's figures are N-S's and E-W's: so are its words, never a rubber's We and They.
    (("3NT", "E", "-1", "100"), "Bob (E)", "N-S vulnerable", "N-S vulnerable", 50, -2, 8),
    (("pass", "", "", "110"), "Cy (S)", "E-W vulnerable", "E-W vulnerable", 0, -3, 5),
    (("3SX", "W", "9", "-140"), "Di (W)", "Both vulnerable", "Both vulnerable", -730, -11, -6),
]


def signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


@pytest.mark.slow
async def test_four_boards_with_imps_against_the_other_table(tmp_path: Path) -> None:
    root = tmp_path / "data"
    assert main(["--data-dir", str(root), "new", "duplicate", "--players", "N=Ann,E=Bob,S=Cy,W=Di"]) == 0
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.session.game.mode is Mode.DUPLICATE
        assert "IMPs" not in status_text(app)  # no IMPs until a board has an other-table score

        for n, (fields, dealer, badge, vul, ns, imps, running) in enumerate(BOARDS, 1):
            status = status_text(app)
            assert f"Board {n}" in status and f"{dealer} deals" in status and badge in status, status
            await keyboard(pilot, ["plus"])
            assert form_open(app)
            assert text_of(app.screen.query_one("#form-title")) == f"Board {n} · {dealer} deals · {vul}"
            # Duplicate has no honors; it asks for the N-S score at the other table instead.
            assert [str(w.id) for w in app.screen.query(Input)] == ["contract", "declarer", "result", "others"]
            # Contract, declarer, result, then the other table: field_keys tabs over the empty ones of a pass-out.
            await keyboard(pilot, [*field_keys(*fields), "enter"])
            assert not form_open(app), f"board {n} was refused: {fields}"

            st = app.session.state
            h = st.hands[-1]
            assert (h.deal, h.dealer, h.ns_score, h.imps, st.imps_total) == (n, Seat("NESW"[n - 1]), ns, imps, running)
            assert f"N-S {running:+d} IMP" in status_text(app)
            row = hand_rows(app)[-1]
            assert (row[0], row[1], row[6]) == (str(n), "NESW"[n - 1], f"{imps:+d}")
            assert row[5] == (signed(ns) if fields[0] != "pass" else "0")  # a passed-out board scores 0
            # The board's explanation: N-S's score against the other table's, in IMPs.
            other = int(fields[3])
            unit = "IMP" if abs(imps) == 1 else "IMPs"
            assert f"N-S {signed(ns)} against {other:+,} at the other table: {imps:+d} {unit} for N-S" in explain_text(app)
            assert f"{dealer} dealt · {vul}" in explain_text(app) and "We" not in explain_text(app)

        st = app.session.state
        assert st.status is Status.IN_PLAY and st.next_deal == 5  # a match goes on as long as boards are played
        assert (st.ns_total, st.imps_total) == (-260, -6)
        assert [h.vulnerable for h in st.hands] == [
            frozenset(),
            frozenset({Side.NS}),
            frozenset({Side.EW}),
            frozenset({Side.NS, Side.EW}),
        ]
        # Board 5 starts the schedule's second round: North deals, N-S vulnerable.
        status = status_text(app)
        assert "Board 5" in status and "Ann (N) deals" in status and "N-S vulnerable" in status and "We" not in status
        assert "N-S -6 IMPs" in status

        rows = hand_rows(app)
        assert [r[3] for r in rows] == ["Ann (N)", "Bob (E)", "", "Di (W)"]  # declarers by name and seat
        assert [r[2] for r in rows] == ["4♠", "3NT", "Pass", "3♠X"]

        pad = [line.split() for line in pad_text(app).splitlines()]
        assert pad[0] == ["Bd", "N-S", "Others", "IMPs"]
        assert pad[1:5] == [
            ["1", "+420", "-50", "+10"],
            ["2", "+50", "+100", "-2"],
            ["3", "0", "+110", "-3"],
            ["4", "-730", "-140", "-11"],
        ]
        assert pad[-2] == ["-260", "-6"]
        # A team match of 4 boards: the blitz is 15 x sqrt(4) = 30 IMPs, and 6 IMPs win
        # 10 + 10 x (1 - t^(3 x 6 / 30)) / (1 - t^3), t = 0.618034: t^0.6 = 0.749217,
        # 10 + 10 x 0.250783 / 0.763932 = 13.28 to E-W, so N-S take 20 - 13.28 = 6.72.
        assert pad[-1] == ["VPs", "6.72–13.28"]
        assert "N-S -6 IMPs (VPs 6.72–13.28)" in status


async def test_the_history_shows_a_session_in_its_scoring_form(tmp_path: Path) -> None:
    """A pairs session stands in the history by its percentage, a team match by its IMPs,
    never by raw points: the 16 boards of PAIRS_SESSION are 57.8% with each board the same
    weight (worked board by board in test_pairs_tui.py); the four boards above are -6 IMPs."""
    from support.snapshot_apps.scenarios import PAIRS_SESSION, new_pairs, seed
    from textual.widgets import DataTable

    root = tmp_path / "data"
    new_pairs(root)
    seed(root, PAIRS_SESSION)
    assert main(["--data-dir", str(root), "new", "duplicate", "--scoring", "imps"]) == 0
    seed(root, [(c, d, r, "", o) for (c, d, r, o), *_ in BOARDS])
    app = make_app(root)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await keyboard(pilot, ["h"])
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        rows = [[str(c).strip() for c in table.get_row_at(i)] for i in range(table.row_count)]
    # Both sessions began in the same second, so their order in the history is the ids'.
    teams = [r for r in rows if r[1] == "dup IMPs"]
    pairs = [r for r in rows if r[1] == "dup MPs"]
    assert len(teams) == len(pairs) == 1 and len(rows) == 2, rows
    assert "4 bd" in teams[0] and "-6" in teams[0], teams[0]
    assert "16 bd" in pairs[0] and "57.8%" in pairs[0], pairs[0]


async def test_a_board_is_edited_and_deleted_as_a_board(tmp_path: Path) -> None:
    """The board's number, as the players name it, in the edit form's title and the delete question."""
    from support.snapshot_apps.scenarios import PAIRS_SESSION, new_pairs, seed
    from textual.screen import ModalScreen
    from textual.widgets import Static

    root = tmp_path / "data"
    new_pairs(root)
    seed(root, PAIRS_SESSION[:2])
    app = make_app(root)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await keyboard(pilot, ["e"])
        await until(pilot, lambda: form_open(app), "the entry form open on the board")
        assert text_of(app.screen.query_one("#form-title")).startswith("Edit board 2 · Bob (E) dealt")
        await keyboard(pilot, ["escape"])
        await until(pilot, lambda: not form_open(app), "the entry form closed")
        await keyboard(pilot, ["d"])
        await until(pilot, lambda: isinstance(app.screen, ModalScreen), "the question before deleting")
        question = " ".join(text_of(w) for w in app.screen.query(Static))
        assert "Delete board 2 (3NT by S)?" in question, question
