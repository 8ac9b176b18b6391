"""``bridgepad deal`` and the boards' PBN: the hand record by PBN 2.1's rules, read back the
same by bridgepad and by endplay, a duplicate game started from it (``new duplicate
--deals``), and every bad input refused in a sentence naming the board and the file, with
nothing stored."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from support.builders import hand
from support.cli import run_cli
from support.solved import SEVEN, seven_solved

from bridgepad.core.boards.board_set import BoardSet, DealtBoard
from bridgepad.core.boards.cards import read_deal
from bridgepad.core.model import Seat
from bridgepad.core.readers.serialize import game_to_json
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.vulnerability import PBN_WORDS, board_vulnerable, vulnerability_code
from bridgepad.services.formats.incoming import FileRefused
from bridgepad.services.formats.pbn_boards import read_boards
from bridgepad.store.game_store import GameStore


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``bridgepad deal --boards 1-8 --seed 7 --out club.pbn``, once for the module."""
    folder = tmp_path_factory.mktemp("dealt")
    p = run_cli(None, "deal", "--boards", "1-8", "--seed", "7", "--out", str(folder / "club.pbn"), cwd=folder, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Dealt boards 1–8 from seed 7: the hand record ")
    assert "Solved 8 boards double dummy in " in p.stderr
    return folder / "club.pbn"


def test_deal_writes_the_hand_record_and_the_page_beside_it(dealt: Path) -> None:
    assert dealt.is_file() and dealt.with_suffix(".html").is_file()
    raw = dealt.read_bytes()
    text = raw.decode("latin-1")
    lines = text.split("\r\n")
    # 2.3 and 2.4: CR LF line ends, the directives first, no line of 80 characters or more.
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"] and text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    assert max(len(line) for line in lines) < 80
    games = text.split("\r\n\r\n")
    assert len(games) == 8
    solved = seven_solved()
    for (board, deal), game in zip(SEVEN, games):
        tags = re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.MULTILINE)
        names = [n for n, _ in tags]
        # 3.4: the 15 mandatory tags first, in their order, then the others sorted, then the sections.
        assert names[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                              "Deal", "Scoring", "Declarer", "Contract", "Result"]  # fmt: skip
        assert names[15:] == ["DoubleDummyTricks", "Generator", "OptimumScore", "ParContract", "OptimumResultTable"]
        values = dict(tags)
        assert values["Board"] == str(board)
        assert values["Dealer"] == board_dealer(board).value
        assert values["Vulnerable"] == PBN_WORDS[vulnerability_code(board_vulnerable(board))]
        assert values["Deal"] == deal.pbn(board_dealer(board))  # export format: the dealer's hand first
        assert values["Generator"] == "bridgepad 0.1.0, bridgepad-deal-1, seed 7"
        # The command solved the board afresh: its tags are the whole of the solution, and the
        # same as those the other tests read from tests/data/seven-solved.json (support.solved).
        s = solved[(board, deal)]
        assert (values["DoubleDummyTricks"], values["OptimumScore"], values["ParContract"]) == (
            s.tricks.pbn,
            s.par.optimum_score,
            s.par.par_contract,
        )
        table = game.split('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\r\n')[1].strip().split("\r\n")
        assert len(table) == 20 and table[0] == f"N NT {s.tricks.of(Seat.N, read_strain('NT')):>2}"
    # Board 1 of seed 7, as the README tells it.
    assert '[ParContract "NS 4S="]' in games[0] and '[OptimumScore "NS 420"]' in games[0]


def read_strain(text: str):  # type: ignore[no-untyped-def]
    from bridgepad.core.model import Strain

    return Strain.NT if text == "NT" else Strain(text)


def test_the_same_seed_deals_the_same_hand_record(tmp_path: Path) -> None:
    # Boards 3-5 of seed 7 twice, each run solving them afresh (1-8, as the fixture deals them,
    # would solve board 2 again: four of the eight boards' five seconds of CPU).
    written = []
    for name in ("first.pbn", "again.pbn"):
        p = run_cli(None, "deal", "--boards", "3-5", "--seed", "7", "--out", str(tmp_path / name), cwd=tmp_path, timeout=300)
        assert p.returncode == 0, p.stderr
        written.append((tmp_path / name).read_bytes())
    assert written[0] == written[1]  # the same day: every byte the same
    assert written[0].count(b"[Board ") == 3 and b'[Deal "' in written[0]


def test_the_hand_record_reads_back_as_the_set_dealt(dealt: Path) -> None:
    club = read_boards(dealt.read_bytes().decode("latin-1"))
    assert club.boards == BoardSet(tuple(DealtBoard(b, d) for b, d in SEVEN))
    assert club.with_results == 0 and club.event == "Boards 1-8, seed 7"


def test_endplay_reads_the_hand_record_to_the_same_deals(dealt: Path) -> None:
    from endplay.parsers import pbn
    from endplay.types import Player, Vul

    boards = pbn.loads(dealt.read_bytes().decode("latin-1"))
    assert [b.board_num for b in boards] == [b for b, _ in SEVEN]
    for board, (number, deal) in zip(boards, SEVEN):
        assert read_deal(board.deal.to_pbn()) == deal
        assert board.dealer == Player.from_board(number)
        assert board.vul == Vul.from_board(number)


def test_the_page_has_every_board_four_a_sheet(dealt: Path) -> None:
    html = dealt.with_suffix(".html").read_text(encoding="utf-8")
    assert html.count('<section class="board"') == 8 and html.count('<div class="sheet">') == 2
    assert "Par: 4♠ by N-S, +420" in html
    for symbol in "♠♥♦♣":
        assert symbol in html
    assert "<script" not in html and "http" not in html  # nothing runs, nothing is fetched


def test_a_game_started_with_the_deals_knows_each_boards_cards(dealt: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    p = run_cli(data, "new", "duplicate", "--deals", str(dealt), "--players", "N=Ann,E=Bob,S=Cy,W=Di")
    assert p.returncode == 0, p.stderr
    assert "The cards of boards 1–8: double dummy and par from the file, checked by the pad as it opens." in p.stdout
    store = GameStore(data)
    (stored,) = [store.read(i) for i in store.ids()]
    assert stored.game.deals == BoardSet(tuple(DealtBoard(b, d) for b, d in SEVEN))
    # The hand record's double dummy is the game's at once (nothing solved again), each table
    # kept as not yet checked: the pad checks them once, in the background.
    assert stored.game.first_board == 1 and stored.solved == seven_solved()
    assert stored.unchecked == frozenset(seven_solved())


def seven_record(boards: range = range(1, 9)) -> str:
    """The hand record ``bridgepad deal`` writes of ``boards`` of seed 7, made from their solutions
    as the solver gives them (support.solved), without solving them again."""
    from bridgepad.core.rules.board_facts import all_board_facts
    from bridgepad.core.rules.game import Game, Mode
    from bridgepad.services.formats.hand_record import hand_record

    dealt = BoardSet(tuple(DealtBoard(b, d) for b, d in SEVEN if b in boards))
    game = Game(mode=Mode.DUPLICATE, first_board=boards.start, deals=dealt)
    return hand_record(all_board_facts(game, seven_solved(boards)), "Club", 7)


def with_tag(text: str, board: int, tag: str, value: str) -> str:
    """``text`` with board ``board``'s ``tag`` given ``value`` instead."""
    games = text.split("\r\n\r\n")
    k = next(k for k, g in enumerate(games) if f'[Board "{board}"]' in g)
    games[k] = re.sub(rf'\[{tag} "[^"]*"\]', f'[{tag} "{value}"]', games[k])
    return "\r\n\r\n".join(games)


def test_a_hand_record_s_double_dummy_is_read_with_its_boards() -> None:
    club = read_boards(seven_record())
    assert club.solved == seven_solved() and club.unread == []
    # A table without its par (OptimumScore alone, as some files give it) is no solution: that board is solved.
    text = with_tag(seven_record(range(1, 3)), 2, "ParContract", "")
    assert set(read_boards(text).solved) == set(seven_solved(range(1, 2)))


def test_a_malformed_double_dummy_is_said_naming_the_board_and_the_board_is_solved(tmp_path: Path) -> None:
    text = with_tag(with_tag(seven_record(), 3, "DoubleDummyTricks", "8888988889555545555"), 5, "ParContract", "NS 8S=")
    club = read_boards(text)
    assert club.boards.numbers == tuple(range(1, 9))  # the cards are read whatever the double dummy
    assert club.unread == [
        (
            "board 3: its DoubleDummyTricks '8888988889555545555' is not twenty hexadecimal digits, 0 to d, "
            "so the board is solved instead."
        ),
        (
            "board 5: its par cannot be read ('NS 8S=' is not a par contract such as NS 4S= or S 6NX-1), "
            "so the board is solved instead."
        ),
    ]
    assert set(club.solved) == {k for k in seven_solved() if k[0] not in (3, 5)}
    bad = tmp_path / "bad.pbn"
    bad.write_text(text, encoding="latin-1", newline="")
    data = tmp_path / "data"
    p = run_cli(data, "new", "duplicate", "--deals", str(bad))
    assert p.returncode == 0, p.stderr
    said = p.stderr.splitlines()
    assert said[0] == f"bridgepad new: {bad}: {club.unread[0]}" and said[1] == f"bridgepad new: {bad}: {club.unread[1]}"
    assert "double dummy and par of 6 from the file, checked by the pad as it opens, which works out the others." in p.stdout
    store = GameStore(data)
    (stored,) = [store.read(i) for i in store.ids()]
    assert stored.solved == club.solved and stored.unchecked == frozenset(club.solved)


@pytest.fixture(scope="module")
def solved() -> dict:  # type: ignore[type-arg]
    """Boards 1-8 of seed 7 solved, for a game's cache: its exports then solve nothing again (the
    solutions as the solver gives them: tests/data/seven-solved.json, checked above against
    ``bridgepad deal``'s own solving)."""
    return seven_solved()


@pytest.mark.parametrize("played", [0, 3])
def test_a_dealt_set_played_in_part_comes_back_whole_from_its_pbn_export(
    dealt: Path,
    solved: dict,  # type: ignore[type-arg]
    tmp_path: Path,
    played: int,
) -> None:
    # The hand record's eight boards, the first `played` of them played at home, the rest not yet:
    # every output keeps all eight, and the PBN export imported again is the same game.
    data = tmp_path / "data"
    assert run_cli(data, "new", "duplicate", "--deals", str(dealt)).returncode == 0
    store = GameStore(data)
    (game_id,) = store.ids()
    stored = store.load(game_id)
    hands = (hand("4S", "N", "10"), hand("4S", "S", "11"), hand("3NT", "E", "7"))[:played]
    stored = replace(stored, game=replace(stored.game, hands=hands), solved=solved)
    store.save(stored)
    first = run_cli(data, "export", "--all", "--format", "pbn")
    assert first.returncode == 0 and "Solved" not in first.stderr, first.stderr
    games = first.stdout.split("\n\n")  # read as text: CR LF is a new line
    assert [re.search(r'\[Board "([0-9]+)"\]', g).group(1) for g in games] == [str(b) for b in range(1, 9)]  # type: ignore[union-attr]
    # A board not played is written as a hand record writes it: no contract, no result, no score.
    for g in games[played:]:
        assert '[Contract ""]' in g and '[Result ""]' in g and "[Score " not in g and "[DoubleDummyTricks " in g
    f = tmp_path / "game.pbn"
    f.write_bytes(first.stdout.encode("latin-1"))
    fresh = tmp_path / "fresh"
    p = run_cli(fresh, "import", str(f))
    assert p.returncode == 0, p.stderr
    back = GameStore(fresh).load(game_id)
    assert game_to_json(back.game) == game_to_json(stored.game)
    assert back.game.deals == BoardSet(tuple(DealtBoard(b, d) for b, d in SEVEN))
    back.solved = solved  # the import keeps the inputs; the cache is the pad's to fill
    GameStore(fresh).save(back)
    assert run_cli(fresh, "export", "--all", "--format", "pbn").stdout == first.stdout
    # endplay reads the eight boards with their cards.
    from endplay.parsers import pbn

    assert [read_deal(b.deal.to_pbn()) for b in pbn.loads(first.stdout)] == [d for _, d in SEVEN]
    # The Markdown gives each board not played its diagram and par; the CSV a row each.
    md = run_cli(data, "export", "--all", "--format", "md").stdout
    assert md.count("Not played at home yet: par is ") == 8 - played
    assert "#### Board 8: West deals, nobody is vulnerable" in md
    assert "Not played at home yet: par is 4♠ by N-S, +420." in md if played == 0 else "par is 4♠ by N-S, +420;" in md
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(run_cli(data, "export", "--all", "--format", "csv").stdout)))
    boards = [r for r in rows if r["kind"] == "board"]
    assert [int(r["board"]) for r in boards] == list(range(played + 1, 9))
    assert all(r["cards"] and r["dd_tricks"] and r["par_contracts"] and r["ns_below"] == "0" for r in boards)
    if played:
        # A board not played among the hands, or before them, is refused in a sentence.
        swapped = "\n\n".join([*games[: played - 1], games[played], games[played - 1], *games[played + 1 :]])
        f.write_bytes(swapped.encode("latin-1"))
        p = run_cli(tmp_path / "other", "import", str(f))
        assert p.returncode == 2 and "this hand comes after a board not played" in p.stderr, p.stderr
        # A board not played that says the session begins elsewhere than its hands do.
        f.write_bytes(first.stdout.replace('[BridgepadFirstBoard "1"]', '[BridgepadFirstBoard "2"]').encode("latin-1"))
        p = run_cli(tmp_path / "other", "import", str(f))
        assert p.returncode == 2 and "its BridgepadFirstBoard is not the board its hands begin at, 1." in p.stderr, p.stderr


def test_deal_refuses_what_it_cannot_deal_in_one_line(tmp_path: Path) -> None:
    for args, said in [
        (["--boards", "0-4"], "bridgepad deal: --boards 0-4: boards are numbered from 1, the first before the last."),
        (["--boards", "x"], "bridgepad deal: --boards takes a board or a range such as 1-16, not 'x'."),
        (["--boards", "1-300"], "bridgepad deal: --boards 1-300: at most 256 boards are dealt at once."),
        (["--seed", "-3"], "bridgepad deal: --seed takes a whole number from 0 to 999,999,999,999,999,999, not '-3'."),
    ]:
        p = run_cli(None, "deal", *args, cwd=tmp_path)
        assert (p.returncode, p.stderr.strip()) == (2, said)
    (tmp_path / "club.pbn").write_text("kept")
    p = run_cli(None, "deal", "--boards", "1", "--out", str(tmp_path / "club.pbn"), cwd=tmp_path)
    assert p.returncode == 2 and "already exists; add --force to replace it." in p.stderr
    assert (tmp_path / "club.pbn").read_text() == "kept" and not (tmp_path / "club.html").exists()


# Bad input: each a sentence naming the board and the file, and nothing stored --------------

GOOD = "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"


def club_file(deal: str = GOOD, table: str = "", export: bool = True, extra: str = "") -> str:
    head = "% PBN 2.1\n% EXPORT\n" if export else "% PBN 2.1\n"
    return (
        head + '[Event "Club night"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        f'[Deal "{deal}"]\n{extra}{table}\n[Event "#"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n'
        '[Deal "E:J2.T9875.J4.AQ82 A73.AQJ43.T32.96 KQ9865..A76.KJ73 T4.K62.KQ985.T54"]\n'
    )


TABLE = '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R"]\n'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            club_file(GOOD.replace("AQ632", "AQ63")),
            "board 1: its Deal gives North 12 cards, where each hand holds 13; missing from the pack: ♣2.",
        ),
        (club_file(GOOD.replace("KJT54", "KJT542")), "board 1: its Deal has the ♣2 in both North's and East's hands."),
        (
            club_file(GOOD.replace("73.KQ5", "3.KQ5")),
            "board 1: its Deal gives East 12 cards, where each hand holds 13; missing from the pack: ♥7.",
        ),
        (
            club_file(GOOD.replace("AQ632", "AQ6Z2")),
            "board 1: its Deal has 'Z' among North's clubs, where a rank is one of A K Q J T 9 8 7 6 5 4 3 2.",
        ),
        (
            club_file(GOOD.replace("KJT54", "KJ.T54")),
            "board 1: its Deal gives East 5 suits ('K43.73.KQ5.KJ.T54'), where a hand has four",
        ),
        (
            club_file("Q" + GOOD[1:]),
            "board 1: its Deal begins 'Q', where the first hand's seat, N, E, S or W, and a colon come first.",
        ),
        (
            club_file(table=TABLE + " 1  2 4S    N 10   420\n 3  4 3NT   S  9\n"),
            "board 1: its ScoreTable's row 2 has 5 elements, fewer than the 6 columns of its header.",
        ),
        (
            club_file(table=TABLE + " 1  2 4S    N 10   420\n 3  4 3NT   S  9\n", export=False),
            "board 1: its ScoreTable's last row (row 2) has 5 of the 6 columns of its header.",
        ),
        (
            club_file(table=TABLE + " 1  2 4S    N 10   450\n"),
            "board 1, its ScoreTable's row 1: 4S by N taking 10 scores +420 for N-S on board 1, not +450.",
        ),
        (
            club_file(table=TABLE + " 1  2 4S    N 10   620\n"),
            "board 1, its ScoreTable's row 1: +620 is a vulnerable game for N-S; on board 1 nobody is vulnerable.",
        ),
        (
            club_file().replace('[Dealer "N"]', '[Dealer "S"]'),
            "board 1 gives Dealer S, where on board 1 N deals: bridgepad scores each board by its number's schedule.",
        ),
    ],
)
def test_a_bad_board_is_named_with_its_file_and_nothing_is_stored(tmp_path: Path, text: str, said: str) -> None:
    f = tmp_path / "club.pbn"
    f.write_text(text, encoding="latin-1")
    data = tmp_path / "data"
    for command in (["import", str(f)], ["new", "duplicate", "--deals", str(f)]):
        p = run_cli(data, *command)
        assert p.returncode == 2, (command, p.stdout, p.stderr)
        assert "Traceback" not in p.stderr and p.stdout == ""
        first = p.stderr.strip().splitlines()[0]
        assert re.fullmatch(re.escape(f"{f}:") + r"[0-9]+: " + re.escape(said) + ".*", first), first
        assert GameStore(data).ids() == []


@pytest.mark.parametrize("command", [["import"], ["new", "duplicate", "--deals"]])
def test_a_sixteen_megabyte_tag_is_refused_in_bounded_memory(tmp_path: Path, command: list[str]) -> None:
    f = tmp_path / "huge.pbn"
    with f.open("w", encoding="latin-1") as out:
        out.write('[Event "Club"]\n[Board "1"]\n[Deal "N:')
        out.write("A" * (16 * 1024 * 1024 - 64))
        out.write('"]\n')
    data = tmp_path / "data"
    # 256 MB of address space in all: measured, the command with a small file runs in under 50 MB and
    # refuses this one in under 80 MB (the file read once, and its lines); a reader holding a dozen
    # copies of the file would not.
    p = run_cli(data, *command, str(f), memory=256 * 1024 * 1024)
    assert p.returncode == 2 and "Traceback" not in p.stderr and "MemoryError" not in p.stderr, p.stderr
    assert p.stderr.strip() == f"{f}:3: the value of Deal is longer than a PBN token can be (255 characters)."
    assert GameStore(data).ids() == []


def test_the_readers_refusal_of_a_bad_deal_names_its_line() -> None:
    with pytest.raises(FileRefused) as e:
        read_boards(club_file(GOOD.replace("AQ632", "AQ63")))
    assert e.value.lines("club.pbn") == [
        "club.pbn:3: board 1: its Deal gives North 12 cards, where each hand holds 13; missing from the pack: ♣2."
    ]
