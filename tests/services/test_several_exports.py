"""A game of several tables through every output: ``bridgepad export`` md, csv, json and pbn write
the whole session, the JSON brings the same game back (export, import, export), endplay reads
the PBN as club software writes it, the history lists it in a line of its own and the tally
counts each named player by their pair.

And the scoring the issue asks, end to end: a session entered as the tables enter it
(``TableResults.submit``), exported as JSON, gives for every result and every pair the
figures ``bridgepad replay --json`` gives for the same results typed at one table, the other
tables' N-S scores as its "Other tables"."""

from __future__ import annotations

import csv
import io
import json
import random
from decimal import Decimal
from pathlib import Path

import pytest
from support.builders import hand
from support.several import TEAM_MATCH, mitchell, on_pad, team_match

from bridgepad.cli import main
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.services.history import History
from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store.game_store import GameStore

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def two_games(root: Path) -> None:
    """The four-table Mitchell (a change in it) and the team match, finished, in one folder."""
    on_pad(root, team_match(), created=0)
    on_pad(root, mitchell(), created=5)


def test_export_import_export_gives_the_same_game_back_in_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    two_games(first)
    exported = tmp_path / "all.json"
    cli(capsys, "--data-dir", str(first), "export", "--all", "--format", "json", "-o", str(exported))
    cli(capsys, "--data-dir", str(second), "import", str(exported))
    again = tmp_path / "again.json"
    cli(capsys, "--data-dir", str(second), "export", "--all", "--format", "json", "-o", str(again))
    assert again.read_bytes() == exported.read_bytes()
    # The games as saved come back whole: every result as it came, its id and time, who sent it and why.
    a = {s.id: s.game for s in (GameStore(first).load(i) for i in GameStore(first).ids())}
    b = {s.id: s.game for s in (GameStore(second).load(i) for i in GameStore(second).ids())}
    assert a == b and all(g.several_tables is not None for g in b.values())
    assert [r.hand.at for g in a.values() for r in g.several_tables.results] == [  # type: ignore[union-attr]
        r.hand.at
        for g in b.values()
        for r in g.several_tables.results  # type: ignore[union-attr]
    ]
    for fmt in ("md", "csv", "pbn"):
        one = cli(capsys, "--data-dir", str(first), "export", "--all", "--format", fmt)
        two = cli(capsys, "--data-dir", str(second), "export", "--all", "--format", fmt)
        assert one == two, fmt
    # Imported twice, nothing is stored twice.
    out = cli(capsys, "--data-dir", str(second), "import", str(exported))
    assert "Imported no games" in out


def test_the_pbn_is_read_by_endplay_board_by_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    on_pad(root, mitchell())
    path = tmp_path / "session.pbn"
    cli(capsys, "--data-dir", str(root), "export", "--format", "pbn", "-o", str(path))
    with path.open(encoding="latin-1") as f:
        boards = endplay_pbn.load(f)
    state = Session.open_folder(root).state.session.several  # type: ignore[union-attr]
    assert [b.board_num for b in boards] == list(range(1, 13))
    for b, t in zip(boards, state.travellers):
        assert b.dealer.abbr == t.dealer.value
        table = b.info["ScoreTable"]
        names = [h["name"] for h in table["headers"]]
        assert names == [
            "Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW",
            "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW",
        ]  # fmt: skip
        assert [h["minwidth"] for h in table["headers"]][:4] == ["2", "2", "2", "2"]
        rows = [dict(zip(names, row)) for row in table["rows"]]
        assert len(rows) == len(t.rows)
        for row, r in zip(rows, t.rows):
            assert (int(row["Table"]), int(row["Round"])) == (r.table, r.sitting.round)
            assert row["Contract"] == ("Pass" if r.result.hand.contract is None else r.result.hand.contract.text)
            score = int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])
            assert score == r.ns_score
            if r.ns.compared:
                assert (int(row["MP_NS"]), int(row["MP_EW"])) == (r.ns.matchpoints, r.ew.matchpoints)
    # The pairs' totals, in the first board's game, each direction best first.
    totals = boards[0].info["TotalScoreTable"]
    heads = [h["name"] for h in totals["headers"]]
    assert heads == ["Rank", "PairId", "Table", "Direction", "TotalScoreMP", "TotalPercentage", "Names", "NrBoards"]
    rows = [dict(zip(heads, row)) for row in totals["rows"]]
    assert len(rows) == 8
    for row in rows:
        side = "NS" if row["Direction"] == '"N-S"' else "EW"
        standing = next(s for s in state.standings if s.pair.key == f"{side}{row['PairId']}")
        assert Decimal(row["TotalPercentage"]) == standing.percent
        assert row["Rank"] == standing.rank.lstrip("=")
    assert rows[0]["Names"].startswith('"') and ";" in rows[0]["Names"]  # "Cy;Di": the standard's two names
    text = path.read_text(encoding="latin-1")
    assert text.count("[TotalScoreTable ") == 1 and text.count("[ScoreTable ") == 12
    assert '[ScoreTable "Table\\2R;Round\\2R;' in text  # the column format's backslash, once, as club files have it


def test_a_team_match_s_pbn_scores_by_imps_with_the_teams_victory_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "data"
    on_pad(root, team_match())
    text = cli(capsys, "--data-dir", str(root), "export", "--format", "pbn")
    assert '[Competition "Teams"]' in text and '[Scoring "IMP"]' in text
    assert "IMP_NS\\6R;IMP_EW\\6R" in text
    assert "TotalScoreIMP\\7R;TotalScoreVP\\6R" in text
    # Board 1: table 1 +420 against table 2's -50, 10 IMPs each way.
    board1 = text.split("\r\n\r\n")[0]
    assert " 1  1  1  1 4S    N 10   420     -     10    -10" in board1
    assert " 2  2  2  2 4S    N  9     -    50    -10     10" in board1


def test_a_team_match_s_exports_put_the_team_in_front_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Board 4 made at both tables (-600 each): team 1's +12 IMPs become -3 (board 4's 15 gone),
    so team 2 wins; its pairs (N-S 2 and E-W 1) are ranked 1 in the PBN, and first in the Markdown."""
    entries = tuple((1, 4, "5D", "W", "11") if e == (1, 4, "5DX", "W", "9") else e for e in TEAM_MATCH)
    root = tmp_path / "data"
    on_pad(root, team_match(entries))
    md = cli(capsys, "--data-dir", str(root), "export", "--format", "md")
    assert md.index("| 1 | Team 2 |") < md.index("| 2 | Team 1 |")
    assert "| 2 | N-S 2 | Gus & Hal | 8 | +3 IMPs |" in md  # a pair shown with its team, as on the screen
    text = cli(capsys, "--data-dir", str(root), "export", "--format", "pbn")
    totals = text.split("[TotalScoreTable ")[1].split("\r\n\r\n")[0].split("\r\n")[1:]
    assert [line.split()[:5] for line in totals] == [
        ["1", "2", "2", '"N-S"', "3"],
        ["2", "1", "1", '"N-S"', "-3"],
        ["1", "1", "1", '"E-W"', "3"],
        ["2", "2", "2", '"E-W"', "-3"],
    ]


def test_an_import_of_such_a_pbn_points_to_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    on_pad(root, team_match())
    path = tmp_path / "match.pbn"
    cli(capsys, "--data-dir", str(root), "export", "--format", "pbn", "-o", str(path))
    assert main(["--data-dir", str(tmp_path / "other"), "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is a game of several tables" in err and "bridgepad export --format json" in err


def test_markdown_and_csv_write_every_result_the_ranking_and_the_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = tmp_path / "data"
    on_pad(root, mitchell())
    state = Session.open_folder(root).state.session.several  # type: ignore[union-attr]
    md = cli(capsys, "--data-dir", str(root), "export", "--format", "md")
    assert "Mitchell, 4 tables, 12 boards: 3 rounds of 3; compared by matchpoints." in md
    assert "#### Ranking" in md and "North-South:" in md and "East-West:" in md
    assert md.count("**Board ") == 12
    assert "| 1 | 2 | 2 | 2 | 3♠ | S | +1 (changed) | +170 |" in md  # board 5 at table 2, the director's
    assert "N-S claimed ten tricks; E-W agreed at the table" in md
    assert "| 3 | 1 | 1 | 2 | to come |" in md  # board 9 at table 1 in round 3
    rows = list(csv.DictReader(io.StringIO(cli(capsys, "--data-dir", str(root), "export", "--format", "csv"))))
    results = [r for r in rows if r["kind"] == "result"]
    assert len(results) == state.results == 29  # rounds 1 and 2, and five of round 3
    (changed,) = [r for r in results if r["entered_by"] == "director"]
    assert (changed["board"], changed["table"], changed["ns_score"], changed["contract"]) == ("5", "2", "170", "3S")
    assert changed["why"] == "N-S claimed ten tricks; E-W agreed at the table"
    pairs = [r for r in rows if r["kind"] == "pair"]
    assert len(pairs) == 8 and {r["pair"] for r in pairs} == {f"{s}{n}" for s in ("NS", "EW") for n in range(1, 5)}
    assert all(not r["rank"].startswith("=") for r in rows)  # "=2" is written '=2, never a formula


def test_the_history_lists_it_in_a_line_of_its_own_and_the_tally_counts_its_players(tmp_path: Path) -> None:
    root = tmp_path / "data"
    on_pad(root, team_match())
    (s,) = History(GameStore(root)).summaries()
    assert (s.tables, s.movement, s.boards, s.by_pairs) == (2, "teams", 8, True)
    assert s.leaders.startswith("Team 1 +12 IMPs, ")
    assert {p.names: p.imps for p in s.pairs} == {
        ("Ann", "Bob"): Decimal(12),
        ("Eve", "Fay"): Decimal(12),
        ("Gus", "Hal"): Decimal(-12),
        ("Cy", "Di"): Decimal(-12),
    }
    # Read back from the index, not the game: the same line.
    (again,) = History(GameStore(root)).summaries()
    assert again == s
    from bridgepad.core.evening.tally import tally

    sessions = tally([s]).sessions_played
    assert sessions.sessions == 1
    assert not sessions.rotation  # eight players, nobody waiting for a seat: no "Out" column
    assert {d.name: d.imps for d in sessions.players} == {
        "Ann": 12, "Bob": 12, "Eve": 12, "Fay": 12, "Gus": -12, "Hal": -12, "Cy": -12, "Di": -12,
    }  # fmt: skip


def test_the_tally_leaves_an_unnamed_pair_out_and_weighs_each_pair_by_its_boards(tmp_path: Path) -> None:
    from bridgepad.core.evening.tally import tally

    root = tmp_path / "data"
    on_pad(root, mitchell())
    (s,) = History(GameStore(root)).summaries()
    state = Session.open_folder(root).state.session.several  # type: ignore[union-attr]
    players = {d.name: d for d in tally([s]).sessions_played.players}
    assert len(players) == 16  # eight named pairs, two players each
    for standing in state.standings:
        for name in standing.names:
            assert players[name].percent == standing.percent
            assert players[name].boards == standing.compared


# The scoring, end to end ---------------------------------------------------------------


def _random_session(root: Path, scoring: DuplicateScoring, seed: int) -> Session:
    """A Mitchell entered as the tables enter it: each table's results through the session,
    then its move to the next round; the session is the one the pad would hold."""
    flag = "matchpoints" if scoring is DuplicateScoring.MATCHPOINTS else "imps"
    assert main(["--data-dir", str(root), "new", "duplicate", "--tables", "4", "--boards", "12", "--scoring", flag]) == 0
    session = Session.open_folder(root)
    movement = session.game.several_tables.setup.movement()  # type: ignore[union-attr]
    rng = random.Random(seed)
    contracts = ["4S", "3NT", "2H", "1NT", "5DX", "6S", "3C", "pass"]
    n = 0
    for r in range(1, movement.rounds + 1):
        for sitting in movement.round_sittings(r):
            for board in sitting.boards if sitting.plays else ():
                c = rng.choice(contracts)
                typed = (
                    hand("pass")
                    if c == "pass"
                    else hand(c, rng.choice("NESW"), str(rng.randint(int(c[0]) + 2, min(13, int(c[0]) + 8))))
                )
                n += 1
                TableResults(session).submit(sitting.table, board, typed, f"phone-{n}")
        for table in range(1, movement.tables + 1):
            TableResults(session).move_table(table, r)
    return session


@pytest.mark.parametrize("scoring", [DuplicateScoring.MATCHPOINTS, DuplicateScoring.IMPS])
def test_the_session_scores_as_one_table_with_the_others_typed_as_other_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scoring: DuplicateScoring
) -> None:
    root = tmp_path / "data"
    session = _random_session(root, scoring, seed=7 if scoring is DuplicateScoring.IMPS else 4)
    capsys.readouterr()  # what new printed: its guide cards
    figures = json.loads(cli(capsys, "--data-dir", str(root), "export", "--format", "json"))["games"][0]["figures"]
    flag = "matchpoints" if scoring is DuplicateScoring.MATCHPOINTS else "imps"

    def replay(log: str) -> dict:  # type: ignore[type-arg]
        path = tmp_path / "board.log"
        path.write_text(log, encoding="utf-8")
        return json.loads(cli(capsys, "replay", str(path), "--json", "--scoring", flag))  # type: ignore[no-any-return]

    def line(result: dict, others: list[int]) -> str:  # type: ignore[type-arg]
        typed = "pass" if result["contract"] == "pass" else f"{result['declarer']} {result['contract']} {result['tricks']}"
        return f"{typed} others {' '.join(str(o) for o in others)}"

    # Every result: its board typed at one table, the other tables' N-S scores as its Other tables.
    for board in figures["boards"]:
        scores = [r["ns_score"] for r in board["results"]]
        for i, result in enumerate(board["results"]):
            others = scores[:i] + scores[i + 1 :]
            one = replay(f"duplicate\nboard {board['board']}\n{line(result, others)}\n")["boards"][0]
            assert one["ns_score"] == result["ns_score"]
            if scoring is DuplicateScoring.MATCHPOINTS:
                assert (one["matchpoints"]["ns"], one["matchpoints"]["top"]) == (result["ns_matchpoints"], result["top"])
            else:
                assert one["imps"] == result["ns_imps"]
    # A pair whose boards follow one another, its whole session typed at one table: the same percentage and IMPs.
    state = session.state.session.several  # type: ignore[union-attr]
    checked = 0
    for pair in figures["pairs"]:
        rows = [(t, row) for t, row in state.pair_rows(next(s.pair for s in state.standings if s.pair.key == pair["pair"]))]
        boards = [t.board for t, _ in rows]
        if pair["pair"].startswith("EW") or boards != list(range(boards[0], boards[0] + len(boards))):
            continue
        log = ["duplicate", f"board {boards[0]}"]
        for t, row in rows:
            result = next(
                r for r in next(b for b in figures["boards"] if b["board"] == t.board)["results"] if r["table"] == row.table
            )
            scores = [r["ns_score"] for r in next(b for b in figures["boards"] if b["board"] == t.board)["results"]]
            others = list(scores)
            others.remove(result["ns_score"])
            log.append(line(result, others))
        totals = replay("\n".join(log) + "\n")["totals"]
        if scoring is DuplicateScoring.MATCHPOINTS:
            assert totals["pct"] == pair["pct"]
        else:
            assert totals["imps"] == pair["imps"]
        checked += 1
    assert checked >= 2  # N-S 1 (boards 1-9) and N-S 2 (4-12) at least


def test_the_json_export_s_figures_are_the_session_s(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "data"
    on_pad(root, mitchell())
    data = json.loads(cli(capsys, "--data-dir", str(root), "export", "--format", "json"))
    figures = data["games"][0]["figures"]
    assert figures["movement"]["kind"] == MovementKind.MITCHELL.value
    assert (figures["results"], figures["expected"]) == (29, 36)
    (change,) = figures["changes"]
    assert (change["board"], change["table"], change["by"], change["contract"]) == (5, 2, "director", "3S")
    assert data["games"][0]["game"]["several_tables"]["results"][-1]["why"] == change["why"]
    assert len(TEAM_MATCH) == 18  # the team match: 16 results and two moves


def test_six_named_players_at_several_tables_wait_for_no_seat(tmp_path: Path) -> None:
    # Five or six players tallied together are a table that sits out in turn; three named pairs
    # of a Mitchell are not: the tally has no "Out" column for them.
    from support.several import MITCHELL, game_of, played, several

    from bridgepad.core.evening.tally import tally

    root = tmp_path / "data"
    inputs = played(several(MovementKind.MITCHELL, 4, 12, "NS1=Ann & Bob; NS2=Gus & Hal; EW1=Cy & Di"), MITCHELL)
    on_pad(root, game_of(inputs, DuplicateScoring.MATCHPOINTS))
    (s,) = History(GameStore(root)).summaries()
    sessions = tally([s]).sessions_played
    assert len(sessions.players) == 6 and not sessions.rotation


def test_an_export_s_name_says_the_movement_and_the_tables() -> None:
    from bridgepad.services.formats.export_file import file_name

    assert file_name(mitchell(), "2026-12-04T20:00:00+01:00", "pbn") == "mitchell-4-tables-2026-12-04.pbn"
    assert file_name(team_match(), "2026-12-04T20:00:00+01:00", "md") == "teams-2-tables-2026-12-04.md"
