"""``bridgepad import`` of its own exports: JSON comes back byte for byte, PBN comes back
as the same games, a file imported twice is stored once, and a bad file is refused
whole. The games are ``support.record.games``: every mode, with rules other than the
defaults, ids, times and an entry time on every hand.
"""

from __future__ import annotations

import base64
import json
import subprocess
from pathlib import Path

import pytest
from support.cli import run_cli
from support.cli import run_cli as run
from support.record.games import CASES, plant

from bridgepad.core.model import Contract, Hand, Seat, Strain
from bridgepad.core.records.sameness import inputs_key
from bridgepad.core.rules.game import Game, Mode
from bridgepad.store.game_store import GameStore, StoredGame


def pbn(data: Path) -> str:
    """``export --all --format pbn`` exactly as written: its CR LF line ends kept."""
    p = run_cli(data, "export", "--all", "--format", "pbn", text=False)
    assert p.returncode == 0, p.stderr
    return p.stdout.decode("latin-1")  # ISO 8859/1, PBN's character set (2.2)


def ok(p: subprocess.CompletedProcess[str]) -> str:
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    return p.stdout


def refused(p: subprocess.CompletedProcess[str]) -> list[str]:
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and p.stdout == ""
    return p.stderr.strip().splitlines()


def games_in(data: Path) -> list[str]:
    folder = data / "games"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    data = tmp_path / "first"
    plant(GameStore(data))
    return data


# JSON --------------------------------------------------------------------------------


def test_json_export_import_export_is_byte_identical_for_every_mode(planted: Path, tmp_path: Path) -> None:
    first = ok(run(planted, "export", "--all", "--format", "json"))
    exported = tmp_path / "evening.json"
    exported.write_text(first, encoding="utf-8")
    fresh = tmp_path / "fresh"
    out = ok(run(fresh, "import", str(exported)))
    assert out.startswith(f"Imported {len(CASES)} games into ")
    again = ok(run(fresh, "export", "--all", "--format", "json"))
    assert again == first
    # Ids, times, every hand's entry time and the rules came back as they were.
    store = GameStore(fresh)
    for case in CASES:
        back = store.load(case.stored.id)
        assert (back.created, back.updated) == (case.stored.created, case.stored.updated)
        assert back.game == case.stored.game
        assert [h.at for h in back.game.hands] == [h.at for h in case.stored.game.hands]
        assert back.game.settings == case.stored.game.settings


@pytest.mark.slow
def test_importing_a_file_twice_stores_it_once_and_leaves_the_tally_unchanged(planted: Path, tmp_path: Path) -> None:
    exported = tmp_path / "evening.json"
    exported.write_text(ok(run(planted, "export", "--all")), encoding="utf-8")
    pbn_file = tmp_path / "evening.pbn"
    pbn_file.write_text(pbn(planted), encoding="ascii", newline="")
    fresh = tmp_path / "fresh"
    ok(run(fresh, "import", str(exported)))
    tally = ok(run(fresh, "tally", "--all", "--json"))
    files = games_in(fresh)
    for source in (exported, pbn_file, exported):
        out = ok(run(fresh, "import", str(source)))
        assert out.strip() == f"Imported no games: all {len(CASES)} in {source} were already in {fresh / 'games'}."
    assert games_in(fresh) == files
    assert ok(run(fresh, "tally", "--all", "--json")) == tally
    # Back in the folder they came from, too: nothing new.
    assert "Imported no games" in ok(run(planted, "import", str(exported)))


def test_a_log_imported_twice_is_stored_once_but_two_equal_games_in_it_are_two(tmp_path: Path) -> None:
    log = tmp_path / "quick.log"
    # Two identical rubbers of two hands each (N-S 2-0 twice), then a different one.
    log.write_text("players N=Ann E=Bob S=Cy W=Di\nN 3NT 9\nS 3NT 9\nN 3NT 9\nS 3NT 9\nE 4S 10\nW 4S 10\n", encoding="utf-8")
    data = tmp_path / "data"
    assert ok(run(data, "import", str(log))).startswith("Imported 3 games into ")
    assert len(games_in(data)) == 3
    out = ok(run(data, "import", str(log)))
    assert out.strip() == f"Imported no games: all 3 in {log} were already in {data / 'games'}."
    assert len(games_in(data)) == 3
    # With one of the two equal rubbers deleted, the import brings back just that one.
    (data / "games" / games_in(data)[0]).unlink()
    out = ok(run(data, "import", str(log)))
    assert out.startswith("Imported 1 game into ") and "2 were already there" in out
    assert len(games_in(data)) == 3


def test_entry_times_keep_two_evenings_with_the_same_hands_apart(tmp_path: Path) -> None:
    hands = (Hand(Contract(3, Strain.NT), Seat.N, 9), Hand(Contract(3, Strain.NT), Seat.S, 9))
    monday = Game(
        hands=tuple(Hand(h.contract, h.declarer, h.tricks, at=f"2026-11-23T20:0{k}:00+01:00") for k, h in enumerate(hands))
    )
    tuesday = Game(
        hands=tuple(Hand(h.contract, h.declarer, h.tricks, at=f"2026-11-24T20:0{k}:00+01:00") for k, h in enumerate(hands))
    )
    assert monday == tuesday  # the hands compare equal without their times...
    assert inputs_key(monday) != inputs_key(tuesday)  # ...but they are two games
    source = tmp_path / "source"
    store = GameStore(source)
    store.ensure()
    store.save(StoredGame("20261123-200000-0001", monday, "2026-11-23T20:00:00+01:00", "2026-11-23T20:01:00+01:00"))
    exported = tmp_path / "monday.json"
    exported.write_text(ok(run(source, "export", "--all")), encoding="utf-8")
    data = tmp_path / "data"
    GameStore(data).ensure()
    GameStore(data).save(StoredGame("20261124-200000-0002", tuesday, "2026-11-24T20:00:00+01:00", "2026-11-24T20:01:00+01:00"))
    assert ok(run(data, "import", str(exported))).startswith("Imported 1 game into ")
    assert games_in(data) == ["20261123-200000-0001.json", "20261124-200000-0002.json"]


def test_an_id_taken_by_another_game_gives_the_import_a_new_one(planted: Path, tmp_path: Path) -> None:
    exported = tmp_path / "evening.json"
    exported.write_text(ok(run(planted, "export", "--all")), encoding="utf-8")
    data = tmp_path / "data"
    other = Game(hands=(Hand(Contract(1, Strain.C), Seat.N, 7),))
    taken = CASES[0].stored.id
    GameStore(data).ensure()
    GameStore(data).save(StoredGame(taken, other, "2026-11-27T20:00:00+01:00", "2026-11-27T20:00:00+01:00"))
    out = ok(run(data, "import", str(exported)))
    assert out.startswith(f"Imported {len(CASES)} games into ")
    assert GameStore(data).load(taken).game == other  # never merged, never overwritten
    ids = [line.split()[0] for line in out.strip().splitlines()[1:]]
    assert taken not in ids and ids[0].startswith("20261127-200000-")  # a fresh id from the same start time
    assert ids[1:] == [c.stored.id for c in CASES[1:]]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{", "not valid JSON"),
        ('{"format": "other", "games": []}', "not a bridgepad export"),
        ('{"format": "bridgepad", "version": 9, "games": []}', "version 9"),
        ('{"format": "bridgepad", "version": 1, "games": {}}', '"games" is not a list'),
        ("[" * 5000 + "]" * 5000, 'a tag is written [Name "value"]'),  # opens like PBN
        ('{"format": "bridgepad", "version": 1, "games": ' + "[" * 100000 + "]" * 100000 + "}", "nested too deep"),
    ],
    ids=["cut short", "another format", "a later version", "games not a list", "brackets", "nested"],
)
def test_a_file_that_is_not_an_export_is_refused_in_one_line(tmp_path: Path, content: str, words: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    data = tmp_path / "data"
    lines = refused(run(data, "import", str(f)))
    assert len(lines) == 1 and lines[0].startswith(f"{f}:") and words in lines[0], lines
    assert games_in(data) == []


def _export(planted: Path) -> dict:  # type: ignore[type-arg]
    return json.loads(ok(run(planted, "export", "--all")))


def test_a_bad_game_refuses_the_whole_file_naming_each_problem(planted: Path, tmp_path: Path) -> None:
    data = _export(planted)
    games = data["games"]
    games[0]["id"] = "../../etc/passwd"
    games[1]["created"] = "yesterday"
    games[2]["game"]["players"] = {"N": "Ann", "E": "Bob", "S": "ann", "W": "Di"}
    games[3]["game"]["hands"][0]["tricks"] = 14
    games[4]["extra"] = 1
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    fresh = tmp_path / "fresh"
    lines = refused(run(fresh, "import", str(f)))
    assert [line.split(": ")[1] for line in lines] == ["game 1", "game 2", "game 3", "game 4", "game 5"]
    assert "id is not one bridgepad writes" in lines[0]
    assert "created time is not an ISO time" in lines[1]
    assert "South: Ann already sits North" in lines[2]
    assert "tricks must be a whole number from 0 to 13" in lines[3]
    assert "exactly created, figures, game, id, updated" in lines[4]
    assert games_in(fresh) == []


def test_rule_flags_are_for_a_log_only(planted: Path, tmp_path: Path) -> None:
    f = tmp_path / "evening.json"
    f.write_text(ok(run(planted, "export", "--all")), encoding="utf-8")
    (line,) = refused(run(tmp_path / "fresh", "import", str(f), "--no-honors"))
    assert line == "bridgepad import: --no-honors is for a log; a JSON export keeps the rules its games were played under."


# PBN ---------------------------------------------------------------------------------


def test_pbn_comes_back_as_the_same_games(planted: Path, tmp_path: Path) -> None:
    f = tmp_path / "evening.pbn"
    f.write_text(pbn(planted), encoding="latin-1", newline="")
    fresh = tmp_path / "fresh"
    ok(run(fresh, "import", str(f)))
    store = GameStore(fresh)
    for case in CASES:
        back = store.load(case.stored.id)
        assert inputs_key(back.game) == inputs_key(case.stored.game)
        assert (back.created, back.updated) == (case.stored.created, case.stored.updated)
    # And so its JSON export is the first folder's, byte for byte.
    assert ok(run(fresh, "export", "--all")) == ok(run(planted, "export", "--all"))


def test_a_name_beyond_ascii_or_with_quotes_comes_back_exactly(tmp_path: Path) -> None:
    names = ('Zoë "Z" O\\Brien', "Юрий", "?", "")
    game = Game(mode=Mode.RUBBER, players=names, hands=(Hand(Contract(1, Strain.NT), Seat.N, 7),))
    source = tmp_path / "source"
    GameStore(source).ensure()
    GameStore(source).save(StoredGame("20261127-200000-aa09", game, "2026-11-27T20:00:00+01:00", "2026-11-27T20:00:00+01:00"))
    text = pbn(source)
    # ISO 8859/1 holds the e with diaeresis (2.2), not Cyrillic: a '?' for each letter it cannot.
    assert '[North "Zoë \\"Z\\" O\\\\Brien"]' in text.split("\r\n")  # quotes and backslashes escaped (3.2)
    assert '[East "????"]' in text.split("\r\n") and '[West "?"]' in text.split("\r\n")
    exact = base64.b64encode("Юрий".encode()).decode()
    assert f'[BridgepadEast "{exact}"]' in text.split("\r\n")
    f = tmp_path / "names.pbn"
    f.write_text(text, encoding="latin-1", newline="")
    fresh = tmp_path / "fresh"
    ok(run(fresh, "import", str(f)))
    assert GameStore(fresh).load("20261127-200000-aa09").game.players == names


def _lines(planted: Path) -> list[str]:
    return pbn(planted).split("\r\n")


def test_a_pbn_deal_whose_score_was_changed_is_refused(planted: Path, tmp_path: Path) -> None:
    lines = _lines(planted)
    k = lines.index('[ScoreRubber "NS 30/90 EW 0/0"]')  # the worked rubber's first deal: 3S+1
    lines[k] = '[ScoreRubber "NS 30/120 EW 0/0"]'
    f = tmp_path / "changed.pbn"
    f.write_text("\r\n".join(lines), encoding="latin-1", newline="")
    (line,) = refused(run(tmp_path / "fresh", "import", str(f)))
    assert line.endswith("its ScoreRubber is 'NS 30/120 EW 0/0', but its results give 'NS 30/90 EW 0/0'.")
    assert line.startswith(f"{f}:3: game 20261127-200000-aa01:")


def test_a_pbn_file_from_another_program_is_refused_with_the_reason(tmp_path: Path) -> None:
    f = tmp_path / "other.pbn"
    f.write_text('% PBN 2.1\n[Event "Club"]\n[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n', encoding="ascii")
    (line,) = refused(run(tmp_path / "data", "import", str(f)))
    # A club's PBN with its boards' cards is imported (tests/services/test_incoming_club_pbn.py); one without cards is not.
    assert line == (
        f"{f}: this is a PBN file from another program (1 deal) with no board's cards (no Deal tag): bridgepad "
        "imports the PBN files it exports, and a hand record or a club's session with each board's cards (Deal) "
        "and, where the club gave them, its results."
    )
