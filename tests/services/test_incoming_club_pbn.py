"""A club's session at home: its PBN read as BridgeComposer, the Bridgemate scoring programs
(Ruter) and endplay write it (ScoreTable with its columns, TotalScoreTable, rows over several
lines, quoted elements), attached to a duplicate game or stored as one, and the home result
set against the field by the duplicate code, in every export; a game with its boards and
field exported and imported again is the same game."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from support import DATA
from support.builders import hand
from support.cli import run_cli

from bridgepad.core.boards.board_set import BoardSet, DealtBoard, FieldResult
from bridgepad.core.boards.cards import read_deal
from bridgepad.core.model import Contract, Doubling, Seat, Strain
from bridgepad.core.records.record import make_record
from bridgepad.core.rules.field import against_field
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.words.board_words import field_line, standing_text
from bridgepad.services.double_dummy.solver import solve_here
from bridgepad.services.formats.incoming import FileRefused
from bridgepad.services.formats.pbn_boards import column_names, read_boards, table_rows
from bridgepad.store.game_store import GameStore, StoredGame

RECORDS = DATA / "hand_records"
CAMROSE_1 = "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"


def text_of(name: str) -> str:
    return (RECORDS / name).read_bytes().decode("latin-1")


def test_ruters_results_give_the_field_and_leave_the_bye_out() -> None:
    club = read_boards(text_of("ruter-hallstahammar-2021-09-01-board-1.pbn"))
    (board,) = club.boards.boards
    assert board.board == 1 and board.deal == read_deal("N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74")
    # 5HX by East taking 7 (four down doubled, not vulnerable: +800 for N-S); 4S by South taking 11 twice.
    assert board.field == (
        FieldResult(800, Contract(5, Strain.H, Doubling.DOUBLED), Seat.E, 7),
        FieldResult(450, Contract(4, Strain.S), Seat.S, 11),
        FieldResult(450, Contract(4, Strain.S), Seat.S, 11),
    )
    assert club.pairs == 7  # its TotalScoreTable: seven pairs, names quoted with spaces
    assert club.event == "2021-09-01"
    assert club.skipped == ["board 1: a row with no result was left out of the field (3 3 - 2 - - - - Bye Bye - 1.9 - 47)."]


def test_a_column_is_known_by_its_name_whatever_its_width_and_order() -> None:
    assert column_names("+Rank\\2R;PairId_NS\\2R;Names_NS\\30L;Score_NS;-MP_NS\\4") == [
        "Rank",
        "PairId_NS",
        "Names_NS",
        "Score_NS",
        "MP_NS",
    ]


BRIDGECOMPOSER_TABLE = (
    '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Names_NS\\19L;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]\r\n'
    ' 1  5 "Ann Ash - Bob Bell"  4S   N 10   420    -  3.0  1.0\r\n'
    ' 2  6 "Cy Cole - Di Dean"   3NT  S  9   400    -  1.5  2.5\r\n'
    ' 3  7 "Eve Eng - Fay Fox"   4S   N 10   420    -  3.0  1.0\r\n'
    ' 4  8 "Gil Gum - Hal Hay"   5DX  E  9   500    -  4.0  0.0\r\n'
)


def test_a_bridgecomposer_traveller_with_widths_and_quoted_names_is_read() -> None:
    # BridgeComposer's hand record of the BKP club (board 16, W deals, E-W vulnerable), with a
    # traveller added in the column format BridgeComposer writes (5.2: widths, right-aligned).
    text = text_of("bkp-pairs-2022-10-19-boards-16-30.pbn").replace("\r\n", "\n")
    head, sep, rest = text.partition('[OptimumResultTable "Declarer;Denomination\\2R;Result\\1R"]')
    text = head + BRIDGECOMPOSER_TABLE.replace("\r\n", "\n") + sep + rest
    club = read_boards(text)
    assert club.boards.span == "boards 16–30" and club.with_results == 1
    board = club.boards.board(16)
    assert board is not None
    assert [r.ns_score for r in board.field] == [420, 400, 420, 500]


def test_a_frequency_table_counts_each_row_as_often_as_its_multiplicity() -> None:
    # The ScoreTable of PBN 2.1's own example (5.9): a row per result, with the tables that had it.
    text = (
        '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{CAMROSE_1}"]\n'
        '[ScoreTable "Rank\\3R;Contract\\5L;Declarer\\1;Result\\2R;Score_NS\\5R;IMP_NS\\6R;Multiplicity"]\n'
        "  1 2S    E  8  -110   1.25 3\n"
        "  4 1NT   W  8  -120   0.50 1\n"
        "  5 3C    N  9   110   4.00 2\n"
    )
    (board,) = read_boards(text).boards.boards
    assert [r.ns_score for r in board.field] == [-110, -110, -110, -120, 110, 110]
    # +110 at home against the six, by hand: beats -110 three times and -120 (2 each), ties +110
    # twice (1 each): 10 of 12, where each row read once would give 5 of 6.
    c = against_field(110, board.field)
    assert (c.matchpoints, c.top) == (10, 12)
    with pytest.raises(FileRefused) as e:
        read_boards(text.replace("4.00 2", "4.00 0"))
    said = "club.pbn:1: board 1, its ScoreTable's row 3: its Multiplicity is '0', where it is how many tables had the "
    assert e.value.lines("club.pbn") == [said + "result, 1 to 256."]


def test_endplays_own_pbn_with_a_score_table_is_read() -> None:
    from endplay.parsers import pbn
    from endplay.types import Board, Deal, Player, Vul

    b = Board(Deal.from_pbn(CAMROSE_1), dealer=Player.north, vul=Vul.none, board_num=1)
    b.info["Event"] = "Club night"
    b.info["ScoreTable"] = {
        "headers": [
            {"name": "PairId_NS", "minwidth": "2", "alignment": "R", "ordering": None},
            {"name": "Contract", "minwidth": "4", "alignment": "L", "ordering": None},
            "Declarer",
            "Result",
            {"name": "Score_NS", "minwidth": "6", "alignment": "R", "ordering": "+"},
        ],
        "rows": [["1", "2S", "E", "8", "-110"], ["2", "1NT", "W", "8", "-120"], ["3", "3C", "N", "9", "110"]],
    }
    club = read_boards(pbn.dumps([b]))
    (board,) = club.boards.boards
    assert board.deal == read_deal(CAMROSE_1)
    assert [r.ns_score for r in board.field] == [-110, -120, 110]


def test_rows_over_several_lines_in_import_format_are_counted_off_by_the_columns() -> None:
    columns = ["PairId_NS", "Contract", "Declarer", "Result", "Score_NS"]
    lines = [["1", "4S", "N"], ["10", "420", "2"], ["3NT", "S", "9", "400"]]
    assert table_rows(columns, lines, export=False) == ([["1", "4S", "N", "10", "420"], ["2", "3NT", "S", "9", "400"]], None)
    assert table_rows(columns, lines, export=True)[1] == "row 1 has 3 elements, fewer than the 5 columns of its header"
    text = (
        '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{CAMROSE_1}"]\n'
        '[ScoreTable "PairId_NS;Names_NS;Contract;Declarer;Result;Score_NS"]\n'
        '1 "Ann - Bob" 4S\nN 10 420 2\n"Cy - Di" 3NT S 9\n400\n'
    )
    (board,) = read_boards(text).boards.boards
    assert [r.text for r in board.field] == ["4♠ N 10 +420", "3NT S 9 +400"]


def test_a_team_files_tables_each_give_one_result() -> None:
    # PBN's own example of a team match (endplay's tests/pbn/example1.pbn): each game one table's result.
    text = (
        '[Event "16th European Youth Team Championships"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n'
        '[Declarer "S"]\n[Contract "5H"]\n[Result "10"]\n[Score "NS -50"]\n\n'
        '[Event "#"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]\n'
        '[Declarer "N"]\n[Contract "4H"]\n[Result "10"]\n[Score "NS 420"]\n'
    )
    (board,) = read_boards(text).boards.boards
    assert [r.ns_score for r in board.field] == [-50, 420]


# The home result against the field ------------------------------------------------------

FIELD = (420, 400, 170, -50, 140, 450)  # beaten 400 170 -50 140, tied 420, lost to 450


def club_pbn(scores: tuple[int, ...] = FIELD) -> str:
    rows = "".join(f"{k} {k + 10} {s}\n" for k, s in enumerate(scores, 1))
    return (
        "% PBN 2.1\n% EXPORT\n"
        '[Event "Tuesday pairs"]\n[Site "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{CAMROSE_1}"]\n[ScoreTable "PairId_NS\\1R;PairId_EW\\2R;Score_NS\\4R"]\n{rows}'
    )


def played(scoring: DuplicateScoring) -> Game:
    return Game(mode=Mode.DUPLICATE, settings=Settings(duplicate_scoring=scoring), hands=(hand("4S", "N", "10"),))


@pytest.mark.parametrize(
    ("scoring", "said"),
    [
        (DuplicateScoring.MATCHPOINTS, "+420 would have scored 4.5 of 6 (75%) at the club."),
        # Cross-IMPs, worked by hand: 0, 20 → 1, 250 → 6, 470 → 10, 280 → 7, -30 → -1; 23 / 6 = 3.83.
        (DuplicateScoring.IMPS, "+420 would have scored +3.83 IMPs at the club, against its 6 results."),
    ],
)
def test_a_home_result_is_scored_against_the_field_by_the_games_form(scoring: DuplicateScoring, said: str) -> None:
    from dataclasses import replace

    game = replace(played(scoring), deals=read_boards(club_pbn()).boards)
    r = make_record(game)
    (line,) = r.hand_lines
    assert line.board is not None and line.board.against_field is not None
    assert field_line(line.board.against_field, scoring) == said
    standing = r.against_field
    assert standing is not None and standing.boards == 1
    if scoring is DuplicateScoring.MATCHPOINTS:
        assert standing.percent == Decimal("75.00")
        assert standing_text(standing, scoring) == "Against the club: N-S 75.00% over 1 board"
    else:
        assert standing.imps == Decimal("3.83")
        assert standing_text(standing, scoring) == "Against the club: N-S +3.83 IMPs over 1 board"


def store_game(data: Path, game: Game) -> StoredGame:
    store = GameStore(data)
    store.ensure()
    s = StoredGame("20261204-200000-dd01", game, "2026-12-04T20:00:00+01:00", "2026-12-04T21:00:00+01:00")
    store.save(s)
    return s


def test_a_club_pbn_attached_to_a_game_played_at_home_scores_it_in_every_export(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store_game(data, played(DuplicateScoring.MATCHPOINTS))
    f = tmp_path / "club.pbn"
    f.write_text(club_pbn(), encoding="latin-1")
    p = run_cli(data, "import", str(f), "--game", "20261204-200000-dd01")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Attached the cards of board 1 and the club's results on 1 of them to game 20261204-200000-dd01")
    md = run_cli(data, "export", "--game", "20261204-200000-dd01", "--format", "md", timeout=300)
    assert md.returncode == 0, md.stderr
    solution = solve_here(1, read_deal(CAMROSE_1))
    assert "4♠ by N made 10: par is 1♠+2 by E-W, -140; double dummy N makes 4 in spades." in md.stdout
    assert solution.tricks.of(Seat.N, Strain.S) == 4 and solution.par.score == -140
    assert "+420 would have scored 4.5 of 6 (75%) at the club." in md.stdout
    assert "Against the club: N-S 75.00% over 1 board." in md.stdout
    import csv

    rows = list(
        csv.reader(run_cli(data, "export", "--game", "20261204-200000-dd01", "--format", "csv", timeout=300).stdout.splitlines())
    )
    cells = dict(zip(rows[0], rows[1]))
    assert cells["dd_tricks"] == "54555546658977889778" and cells["declarer_dd"] == "4"
    assert (cells["par_score"], cells["par_contracts"]) == ("-140", "EW 1S+2")
    assert (cells["field_matchpoints"], cells["field_top"], cells["field_pct"]) == ("4.5", "6", "75")
    assert cells["field_scores"] == "420 400 170 -50 140 450"
    # After the hands, the session against the club: the pad's foot, in a row of its own.
    (field,) = [dict(zip(rows[0], row)) for row in rows[1:] if row[rows[0].index("kind")] == "field"]
    assert (field["field_imps"], field["field_pct"], field["what"]) == ("3.83", "75", "against the club's field over 1 board")
    assert (field["ns_below"], field["ns_above"], field["ew_below"], field["ew_above"]) == ("0", "0", "0", "0")
    figures = json.loads(run_cli(data, "export", "--game", "20261204-200000-dd01", timeout=300).stdout)["games"][0]["figures"]
    board = figures["boards"][0]
    assert board["double_dummy"] == {"tricks": "54555546658977889778", "par": -140, "contracts": "EW 1S+2"}
    assert board["field"]["matchpoints"] == {"ns": 9, "top": 12, "pct": 75.0}
    assert figures["totals"]["against_field"] == {"boards": 1, "imps": 3.83, "pct": 75.0}
    pbn = run_cli(data, "export", "--game", "20261204-200000-dd01", "--format", "pbn", timeout=300).stdout
    assert '[OptimumScore "NS -140"]' in pbn and '[ParContract "EW 1S+2"]' in pbn
    assert '[DoubleDummyTricks "54555546658977889778"]' in pbn and f'[Deal "{CAMROSE_1}"]' in pbn
    assert '[BridgepadFieldTable "Contract;Declarer;Result;Score_NS"]\n- - - 420\n' in pbn  # CR LF read as text


def test_a_club_pbn_imported_alone_is_a_new_duplicate_game_and_is_stored_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    f = RECORDS / "ruter-hallstahammar-2021-09-01-board-1.pbn"
    p = run_cli(data, "import", str(f))
    assert p.returncode == 0, p.stderr
    (game_id,) = GameStore(data).ids()
    game = GameStore(data).read(game_id).game
    assert game.mode is Mode.DUPLICATE and game.deals is not None and len(game.deals.boards[0].field) == 3
    assert p.stdout.rstrip().endswith(f"or start one: bridgepad new duplicate --deals {f}"), p.stdout  # the file named
    again = run_cli(data, "import", str(f))
    assert "Imported no games: all 1 in" in again.stdout and GameStore(data).ids() == [game_id]


def test_attaching_other_cards_to_a_board_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    from dataclasses import replace

    data = tmp_path / "data"
    other = read_deal("N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74")
    s = store_game(data, replace(played(DuplicateScoring.IMPS), deals=BoardSet((DealtBoard(1, other),))))
    before = GameStore(data).path(s.id).read_bytes()
    f = tmp_path / "club.pbn"
    f.write_text(club_pbn(), encoding="latin-1")
    p = run_cli(data, "import", str(f), "--game", s.id)
    assert p.returncode == 2
    assert p.stderr.strip() == f"bridgepad import: {f}: board 1 has other cards than game {s.id} has for it; nothing was changed."
    assert GameStore(data).path(s.id).read_bytes() == before


@pytest.mark.slow
def test_a_game_with_its_boards_exported_as_pbn_and_imported_is_the_same_game(tmp_path: Path) -> None:
    from dataclasses import replace

    from bridgepad.core.readers.serialize import game_to_json

    data = tmp_path / "data"
    boards = read_boards(club_pbn()).boards
    game = replace(played(DuplicateScoring.IMPS), deals=boards)
    store_game(data, game)
    first = run_cli(data, "export", "--all", "--format", "pbn", timeout=300)
    assert first.returncode == 0, first.stderr
    f = tmp_path / "game.pbn"
    f.write_bytes(first.stdout.encode("latin-1"))
    fresh = tmp_path / "fresh"
    p = run_cli(fresh, "import", str(f))
    assert p.returncode == 0, p.stderr
    (game_id,) = GameStore(fresh).ids()
    back = GameStore(fresh).read(game_id).game
    assert game_to_json(back) == game_to_json(game)
    second = run_cli(fresh, "export", "--all", "--format", "pbn", timeout=300)
    assert second.stdout == first.stdout
    # And endplay reads the export to the same deal.
    from endplay.parsers import pbn

    (b,) = pbn.loads(first.stdout)
    assert read_deal(b.deal.to_pbn()) == boards.boards[0].deal
