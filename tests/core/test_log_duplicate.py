"""The log grammar for duplicate boards: ``duplicate``, ``scoring``, ``board N`` and ``others``.

Boards are scored from North-South's side by the schedule printed on them (board 1: North
deals, nobody vulnerable; 2: East, N-S; 3: South, E-W; 4: West, both; 5: North, N-S; ...;
9: North, E-W).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgepad.cli import main
from bridgepad.core.model import Contract, Doubling, Hand, Seat, Strain
from bridgepad.core.readers.log import Board, LogError, parse_hand_line, parse_log
from bridgepad.core.rules.game import Mode, Status
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.store.game_store import GameStore

# The issue's own example.
SESSION = """\
duplicate
board 1                          # optional: boards otherwise go 1, 2, 3 ... in order
N 4S 10 others 420 450 -50       # declarer, contract, result; the other tables' N-S scores
pass others -100 0               # a passed-out board still compares
E 3NTX 8 others 200
"""


def test_parse_a_duplicate_log() -> None:
    log = parse_log(SESSION)
    assert log.mode is Mode.DUPLICATE and log.scoring is None
    assert log.items == [
        (2, Board(1)),
        (3, Hand(Contract(4, Strain.S), Seat.N, 10, others=(420, 450, -50))),
        (4, Hand(others=(-100, 0))),
        (5, Hand(Contract(3, Strain.NT, Doubling.DOUBLED), Seat.E, 8, others=(200,))),
    ]


def test_score_a_duplicate_log() -> None:
    (st,) = parse_log(SESSION).games()
    assert st.mode is Mode.DUPLICATE and st.game.first_board == 1 and st.status is Status.IN_PLAY
    # Board 1, nobody vulnerable: 4S by N = 420. Board 2: passed out, 0. Board 3, E-W vulnerable:
    # 3NTX by E one down, 200 to N-S.
    assert [(h.deal, h.dealer, h.ns_score) for h in st.hands] == [(1, Seat.N, 420), (2, Seat.E, 0), (3, Seat.S, 200)]
    # Matchpoints: 420 beats -50, ties 420 (3 of 6); 0 beats -100, ties 0 (3 of 4); 200 ties 200 (1 of 2).
    assert (st.matchpoints, st.top) == (7, 12)


@pytest.mark.parametrize(
    "line, hand",
    [
        ("N 4S 10", Hand(Contract(4, Strain.S), Seat.N, 10)),
        ("N 4S = others 420", Hand(Contract(4, Strain.S), Seat.N, 10, others=(420,))),
        ("w 2h -1 OTHERS -110, 100 −50", Hand(Contract(2, Strain.H), Seat.W, 7, others=(-110, 100, -50))),
        ("pass", Hand()),
        ("pass others -100 0", Hand(others=(-100, 0))),
    ],
)
def test_duplicate_hand_lines(line: str, hand: Hand) -> None:
    assert parse_hand_line(line.split(), duplicate=True) == hand


@pytest.mark.parametrize(
    "word, form",
    [("imps", DuplicateScoring.IMPS), ("matchpoints", DuplicateScoring.MATCHPOINTS), ("MP", DuplicateScoring.MATCHPOINTS)],
)
def test_the_scoring_line_sets_the_form_over_the_settings(word: str, form: DuplicateScoring) -> None:
    log = parse_log(f"duplicate\nscoring {word}\nN 4S 10\n")
    assert log.scoring is form
    (st,) = log.games(
        Settings(
            duplicate_scoring=DuplicateScoring.IMPS if form is DuplicateScoring.MATCHPOINTS else DuplicateScoring.MATCHPOINTS
        )
    )
    assert st.game.settings.duplicate_scoring is form


def test_without_a_scoring_line_the_form_is_the_settings() -> None:
    (st,) = parse_log("duplicate\nN 4S 10\n").games(Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS))
    assert st.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
    (st,) = parse_log("duplicate\nN 4S 10\n").games()
    assert st.game.settings.duplicate_scoring is DuplicateScoring.IMPS  # the default: a team match


def test_a_board_number_may_have_leading_zeros() -> None:
    (st,) = parse_log("duplicate\nboard 0000009\npass\n").games()
    assert st.game.first_board == 9


def test_a_session_may_start_at_any_board() -> None:
    (st,) = parse_log("duplicate\nboard 9\nN 4S 10 others 420\nS 3NT 9\n").games()
    assert st.game.first_board == 9
    # Board 9: North deals, E-W vulnerable; board 10: East, both.
    assert [(h.deal, h.dealer.value, len(h.vulnerable)) for h in st.hands] == [(9, "N", 1), (10, "E", 2)]
    assert st.next_deal == 11


def test_a_board_line_for_the_next_board_changes_nothing() -> None:
    states = parse_log("duplicate\nN 4S 10\nboard 2\nN 4S 10\n").games()
    assert len(states) == 1 and [h.deal for h in states[0].hands] == [1, 2]


def test_a_board_line_that_jumps_starts_the_next_session_there() -> None:
    text = "duplicate\nplayers N=Ann E=Bob S=Cy W=Di\nN 4S 10 others 420\nS 3NT 9 others 600\nboard 5\nN 1NT 7 others 90\n"
    first, second = parse_log(text).games()
    # Boards 1 and 2, then the session is ended: a game's boards are consecutive.
    assert first.status is Status.ENDED and first.game.ended
    assert [h.deal for h in first.hands] == [1, 2]
    assert second.game.first_board == 5 and [h.deal for h in second.hands] == [5]
    assert second.game.players == ("Ann", "Bob", "Cy", "Di")  # the players go on, as after an end
    assert second.hands[0].dealer is Seat.N and second.hands[0].vulnerable == frozenset({first.hands[0].dealer.side})


def test_a_board_line_that_goes_back_also_starts_a_session() -> None:
    first, second = parse_log("duplicate\nboard 3\npass\npass\nboard 1\npass\n").games()
    assert [h.deal for h in first.hands] == [3, 4] and [h.deal for h in second.hands] == [1]


def test_after_an_end_the_next_session_goes_on_from_the_next_board_or_from_a_board_line() -> None:
    a, b = parse_log("duplicate\npass\npass\nend\npass\n").games()
    assert a.status is Status.ENDED and b.game.first_board == 3
    a, b = parse_log("duplicate\npass\nend\nboard 17\npass\n").games()
    assert b.game.first_board == 17


def test_a_board_line_with_no_board_after_it_changes_nothing() -> None:
    (st,) = parse_log("duplicate\npass\nboard 9\n").games()
    assert st.status is Status.IN_PLAY and [h.deal for h in st.hands] == [1]


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("duplicate\ndealer E\n", 2, "dealer follows the board number"),
        ("duplicate\nN 4S 10 honors NS 100\n", 2, "honors are not scored at duplicate"),
        ("duplicate\nN 4S 10 bonus 50\n", 2, "'others' with the other tables"),
        ("duplicate\nN 4S 10 others\n", 2, "others needs the other tables' N-S scores"),
        ("duplicate\nN 4S 10 others 420 abc\n", 2, "'abc' is not a score"),
        ("duplicate\npass 10\n", 2, "pass others"),
        ("N 4S 10 others 420\n", 1, "start the log with a line duplicate"),
        ("board 1\n", 1, "start the log with a line duplicate"),
        ("rubber\nscoring imps\n", 2, "after a line duplicate"),
        ("duplicate\nN 4S 10\nscoring imps\n", 3, "set once, before the first board"),
        ("duplicate\nscoring butler\n", 2, "imps (a team match) or matchpoints"),
        ("duplicate\nscoring\n", 2, "scoring takes one form"),
        ("duplicate\nboard\n", 2, "board takes the board's number"),
        ("duplicate\nboard 0\n", 2, "1 to 10,000"),
        ("duplicate\nboard 10001\n", 2, "1 to 10,000"),
        ("duplicate\nboard five\n", 2, "board takes the board's number"),
        ("duplicate\nboard 99999999999999999999\n", 2, "1 to 10,000"),
        ("duplicate\nboard ²\n", 2, "1 to 10,000"),
        ("duplicate\nboard 3 4\n", 2, "1 to 10,000"),
        ("duplicate\nN 1C 7\nduplicate\n", 3, "mode is set once"),
    ],
)
def test_duplicate_log_errors_carry_their_line(text: str, line: int, fragment: str) -> None:
    with pytest.raises(LogError) as e:
        parse_log(text)
    ((n, msg),) = e.value.errors
    assert n == line
    assert fragment.lower() in msg.lower(), msg
    assert msg[:1] == msg[:1].upper() and "\n" not in msg


def test_every_bad_other_score_of_a_log_is_reported_at_once() -> None:
    text = "duplicate\nN 4S 10 others 620\npass\nS 4S 10 others 420 -420\nW 4S 10 others 42\n"
    with pytest.raises(LogError) as e:
        parse_log(text).games()
    assert e.value.lines("club.log") == [
        "club.log:2: +620 is a vulnerable game for N-S; on board 1 nobody is vulnerable.",
        "club.log:4: -420 is a non-vulnerable game for E-W; on board 3 only E-W are vulnerable.",
        "club.log:5: +42 is not a score any result gives at duplicate.",
    ]


# --- Imported through bridgepad import as it stands ------------------------------------------------


def test_import_stores_a_duplicate_log_as_duplicate_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "club.log"
    log.write_text(
        "duplicate\nscoring matchpoints\nplayers N=Ann E=Bob S=Cy W=Di\nboard 5\n"
        "N 4S 10 others 620 650 -100\npass others -100 0\nboard 9\nE 4S 10 others -620\n"
    )
    root = tmp_path / "data"
    assert main(["--data-dir", str(root), "import", str(log)]) == 0
    out = capsys.readouterr().out
    # Board 5 (N-S vulnerable): 4S = 620 beats -100, ties 620: 3 of 6; board 6 passed out: 0 beats -100,
    # ties 0: 3 of 4, factored to board 5's 4 results by Neuberg's formula, (3 + 1) × 4 / 3 − 1 = 13/3 of 6;
    # (3 + 13/3) / 12 = 61.11%. Board 9 after board 6 starts a second session: -620 ties -620.
    assert "2 boards played, N-S 61.11% (7.33 of 12 matchpoints, factored)." in out
    assert "1 board played, N-S 50.00% (1 of 2 matchpoints)." in out
    store = GameStore(root)
    games = [store.load(i).game for i in store.ids()]
    assert len(games) == 2
    first, second = sorted(games, key=lambda g: g.first_board)
    assert (first.mode, first.first_board, first.settings.duplicate_scoring, first.players[0]) == (
        Mode.DUPLICATE,
        5,
        DuplicateScoring.MATCHPOINTS,
        "Ann",
    )
    assert [h.others for h in first.hands] == [(620, 650, -100), (-100, 0)]
    assert first.ended and (second.first_board, second.ended) == (9, False)
    saved = json.loads(store.path(store.ids()[0]).read_text())
    assert saved["mode"] == "duplicate"


def test_import_refuses_a_log_with_an_impossible_other_score_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "club.log"
    log.write_text("duplicate\nN 4S 10 others 420\nS 4S 10 others 420\n")
    root = tmp_path / "data"
    assert main(["--data-dir", str(root), "import", str(log)]) == 2
    err = capsys.readouterr().err
    assert f"{log}:3: +420 is a non-vulnerable game for N-S; on board 2 only N-S are vulnerable." in err
    assert not (root / "games").exists() or not any((root / "games").glob("*.json"))
