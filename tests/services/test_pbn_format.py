"""PBN export checked against the PBN 2.1 standard's export format, line by line, and read
by an independent parser (endplay's ``endplay.parsers.pbn``, a test-only dependency):
it must find the contracts, declarers, results, vulnerabilities, dealers and scores of
bridgepad's record. The standard's rules are written out here, not taken from the code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.record.games import CASES

from bridgepad.core.model import Seat, Side
from bridgepad.core.readers.log import parse_log
from bridgepad.core.records.record import make_record
from bridgepad.core.rules.game import Game, Mode
from bridgepad.services.formats.registry import export, record
from bridgepad.store.game_store import StoredGame

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
from endplay.types import Denom, Penalty, Player, Vul

# 3.4: the Mandatory Tag Set, in its order.
MTS = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
       "Scoring", "Declarer", "Contract", "Result"]  # fmt: skip
TAG_LINE = re.compile(r'^\[([A-Z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$')  # 3.3, export format

# A rubber still in play with a passed-out deal among its hands.
PASSING = "players N=Ann E=Bob S=Cy W=Di\nN 1NT 7\npass\nE 4S 10\nS 3NT 9\nW 4H 10\n"


def stored(game: Game, game_id: str) -> StoredGame:
    return StoredGame(game_id, game, "2026-11-27T20:00:00+01:00", "2026-11-27T21:00:00+01:00")


def all_games() -> list[StoredGame]:
    (passing,) = parse_log(PASSING).games()
    return [c.stored for c in CASES] + [stored(passing.game, "20261127-200000-aa10")]


def deals(text: str) -> list[list[str]]:
    """The file's games as lists of lines, split at the empty lines (3)."""
    body = text.split("\r\n")
    assert body[-1] == ""  # the last line ends with CR LF too
    games, current = [], []
    for line in body[2:-1]:
        if line == "":
            games.append(current)
            current = []
        else:
            current.append(line)
    games.append(current)
    return games


def test_the_file_is_pbn_export_format() -> None:
    text = export(all_games(), "pbn")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n[Event ")  # 2.4: the directives first
    assert "\n" not in text.replace("\r\n", "") and "\r" not in text.replace("\r\n", "")  # 2.3: CR LF only
    text.encode("latin-1")  # 2.2: ISO 8859/1
    assert "\t" not in text  # 2.3: no tabs in export format
    assert all(len(line) + 2 <= 255 for line in text.split("\r\n"))  # 2.3, the CR LF included
    # 2.3: "lines with 80 or more printing characters are strongly discouraged".
    assert max(len(line) for line in text.split("\r\n")) < 80
    games = deals(text)
    assert len(games) == sum(len(g.game.hands) for g in all_games())  # one PBN game per deal
    for lines in games:
        tags = [TAG_LINE.match(line) for line in lines if line.startswith("[")]
        assert all(tags), lines
        names = [m.group(1) for m in tags if m]
        assert names[:15] == MTS  # 3.4: mandatory tags first, in order
        rest = names[15 : names.index("ScoreTable") if "ScoreTable" in names else len(names)]
        assert rest == sorted(rest)  # then the others, sorted by name
        assert len(set(names)) == len(names)  # each tag once
        values = {m.group(1): m.group(2) for m in tags if m}
        assert re.fullmatch(r"[0-9]{4}\.[0-9]{2}\.[0-9]{2}", values["Date"])  # 3.4.3
        assert re.fullmatch(r"[1-9][0-9]*", values["Board"])  # 3.4.4
        assert values["Dealer"] in ("N", "E", "S", "W")  # 3.4.9
        assert values["Vulnerable"] in ("None", "NS", "EW", "All")  # 3.4.10, export values
        assert values["Deal"] == f"{values['Dealer']}:- - - -"  # 3.4.11: dealer first, no cards known
        if values["Contract"] == "Pass":  # 3.4.13-15: a passed-out deal
            assert (values["Declarer"], values["Result"]) == ("", "")
        else:
            assert re.fullmatch(r"[1-7](C|D|H|S|NT)(X|XX)?", values["Contract"])  # 3.4.14
            assert values["Declarer"] in ("N", "E", "S", "W")
            assert 0 <= int(values["Result"]) <= 13
        assert values["Scoring"] in ("Rubber", "Chicago", "IMP", "IMP;Cross2", "MP;MP1")
        for name in ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage"):  # 4.2.1-4
            if name in values:
                assert re.fullmatch(r"NS -?[0-9]+(\.[0-9]+)?( EW -?[0-9]+(\.[0-9]+)?)?", values[name]), values[name]
        if "ScoreRubber" in values:  # 4.2.5
            assert re.fullmatch(r"NS [0-9]+/[0-9]+ EW [0-9]+/[0-9]+", values["ScoreRubber"])
        # 4.2.6: the history is a rubber's, whose games won set the vulnerability; a Chicago has none.
        assert ("ScoreRubberHistory" in values) == (values["Scoring"] == "Rubber")
        if values["Scoring"] == "Rubber":
            assert re.fullmatch(
                r"NS [0-9]+ [0-9]+/[0-9]+( [0-9]+){0,2} EW [0-9]+ [0-9]+/[0-9]+( [0-9]+){0,2}", values["ScoreRubberHistory"]
            )
    assert any('[Contract "Pass"]' in lines for lines in games)


def test_a_board_with_other_results_has_its_traveller_in_a_score_table() -> None:
    (case,) = [c for c in CASES if c.name == "duplicate imps"]
    first = deals(export([case.stored], "pbn"))[0]
    # 5.9: this table's N-S score, then the other results as entered: 420, then 450 and -50.
    k = first.index('[ScoreTable "Score_NS"]')
    assert first[k + 1 :] == ["420", "450", "-50"]
    assert '[ScoreIMP "NS 4.5"]' in first and '[Scoring "IMP;Cross2"]' in first


def _endplay(text: str, tmp_path: Path) -> list:  # type: ignore[type-arg]
    f = tmp_path / "games.pbn"
    f.write_bytes(text.encode("latin-1"))  # the standard's character set (2.2)
    with open(f, encoding="latin-1", newline="") as fh:
        return endplay_pbn.load(fh)  # type: ignore[no-any-return]


SEAT = {Seat.N: Player.north, Seat.E: Player.east, Seat.S: Player.south, Seat.W: Player.west}
DENOM = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
PENALTY = {"": Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled}


def vul_of(vulnerable: frozenset[Side]) -> Vul:
    if not vulnerable:
        return Vul.none
    if len(vulnerable) == 2:
        return Vul.both
    return Vul.ns if Side.NS in vulnerable else Vul.ew


def test_endplay_reads_the_same_deals_as_the_record(tmp_path: Path) -> None:
    games = all_games()
    boards = _endplay(export(games, "pbn"), tmp_path)
    records = [make_record(g.game, g.id) for g in games]
    lines = [(r, line) for r in records for line in r.hand_lines]
    assert len(boards) == len(lines)
    for board, (r, line) in zip(boards, lines):
        assert board.board_num == (line.deal if r.mode is Mode.DUPLICATE else line.number)
        assert board.dealer == SEAT[line.dealer]
        assert board.vul == vul_of(line.vulnerable)
        assert board.info["BridgepadGame"] == r.id
        if line.contract is None:
            assert board.contract.is_passout()
        else:
            c = board.contract
            assert (c.level, c.denom, c.penalty) == (
                line.contract.level,
                DENOM[line.contract.strain.value],
                PENALTY[line.contract.doubling.suffix],
            )
            assert c.declarer == SEAT[line.declarer]
            # endplay keeps the result against the contract: the tricks declarer took less
            # those needed. Result is the tricks as played, even after a revoke, as it "must
            # match the actual number of won tricks" (3.4.15).
            assert c.result == line.tricks - line.contract.tricks_needed
        f = line.figures
        if r.mode is Mode.DUPLICATE:
            assert board.info["Score"] == f"NS {line.ns_score}"
            if line.contract is not None and line.tricks == line.tricks_scored:
                # endplay scores the contract itself: the same duplicate score, declarer's way
                # (a revoke's transfer is in the Score tag only).
                mine = line.ns_score if line.declarer.side is Side.NS else -line.ns_score
                assert board.contract.score(board.vul) == mine
        else:
            last = line is r.hand_lines[-1]
            ns_above = f.ns_above + (sum(b.figures.ns_above for b in r.bonus_lines) if last else 0)
            ew_above = f.ew_above + (sum(b.figures.ew_above for b in r.bonus_lines) if last else 0)
            assert board.info["ScoreRubber"] == f"NS {ns_above}/{f.ns_below} EW {ew_above}/{f.ew_below}"


def test_endplay_reads_the_worked_rubber(tmp_path: Path) -> None:
    # The worked rubber: 3S+1 by N, 4HX-2 by E, 2C= by S, 3NT= by W (honors E-W 150), 4SX-1
    # by N, 2H= by E, 6D= by S. The deal passes N, E, S, W, N, E, S. Nobody is vulnerable
    # until N-S's 2C makes their game (90 + 40); then N-S; E-W's 3NT makes theirs: both.
    (case,) = [c for c in CASES if c.name == "rubber won"]
    boards = _endplay(export([case.stored], "pbn"), tmp_path)
    got = [
        (b.contract.level, b.contract.denom, b.contract.penalty, b.contract.declarer, b.contract.result, b.dealer, b.vul)
        for b in boards
    ]
    N, E, S, W = Player.north, Player.east, Player.south, Player.west
    X, none = Penalty.doubled, Penalty.passed
    assert got == [
        (3, Denom.spades, none, N, 1, N, Vul.none),
        (4, Denom.hearts, X, E, -2, E, Vul.none),
        (2, Denom.clubs, none, S, 0, S, Vul.none),
        (3, Denom.nt, none, W, 0, W, Vul.ns),
        (4, Denom.spades, X, N, -1, N, Vul.both),
        (2, Denom.hearts, none, E, 0, E, Vul.both),
        (6, Denom.diamonds, none, S, 0, S, Vul.both),
    ]
    # The pad's figures, deal by deal (the rule book's worked rubber): 3S+1 writes 90 below and
    # 30 above; 4HX-2 300 above for N-S; 2C 40 below (game); 3NT 100 below and honors 150
    # for E-W (game); 4SX-1 vulnerable 200 for E-W; 2H 60 below E-W; 6D 120 below and 750
    # slam, and the rubber 500 to N-S with the last deal.
    assert [b.info["ScoreRubber"] for b in boards] == [
        "NS 30/90 EW 0/0", "NS 300/0 EW 0/0", "NS 0/40 EW 0/0", "NS 0/0 EW 150/100",
        "NS 0/0 EW 200/0", "NS 0/0 EW 0/60", "NS 1250/120 EW 0/0",
    ]  # fmt: skip
    # Before the last deal: N-S 330 above, 130 below in game 1, 0 in game 2 and 3;
    # E-W 350 above, 0, 100 and 60 below.
    assert boards[-1].info["ScoreRubberHistory"] == "NS 0 330/130 0 0 EW 0 350/0 100 60"


def test_the_import_reads_back_what_endplay_reads(tmp_path: Path) -> None:
    from bridgepad.services.formats.pbn_reader import read

    games = all_games()
    text = export(games, "pbn")
    back = read(text)
    assert [i.id for i in back] == [g.id for g in games]
    for incoming, original in zip(back, games):
        assert incoming.game == original.game
        assert [h.at for h in incoming.game.hands] == [h.at for h in original.game.hands]
    # And the figures of what came back are the original's.
    for incoming, original in zip(back, games):
        assert record(StoredGame(incoming.id or "", incoming.game, "", "")).margin == make_record(original.game).margin
