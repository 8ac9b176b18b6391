"""``bridgepad import``, ``export`` and ``tally`` from the shell, and the export formats.

The evening is the one worked by hand in test_tally.py: three rubbers among five
players, then a fourth still being played.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.builders import WORKED_LOG
from support.cli import one_line_refusal
from support.cli import run_cli as run

from bridgepad.core.model import Side
from bridgepad.core.readers.log import parse_log
from bridgepad.core.rules.kinds import derive
from bridgepad.services.formats import csv_format
from bridgepad.services.formats.csv_format import HEADER as CSV_HEADER
from bridgepad.services.formats.markdown_format import game_markdown
from bridgepad.services.formats.registry import export, record
from bridgepad.store.game_store import GameStore, StoredGame

EVENING = (
    "# Thursday at Ann's\n"
    + WORKED_LOG
    + """\
players N=Ann E=Cy S=Ed W=Bob
N 3NT 9
E 1C 6
pass
N 3NT 9
players N=Di E=Ann S=Bob W=Ed
N 2H 8
E 4S 10
E 4S 9
E 4S 11
players N=Ann E=Bob S=Cy W=Di
N 1NT 8
"""
)

ENDED = """\
players N=Ann E=Bob S=Cy W=Di
N 3NT 9
E 2S 8
end
S 1NT 7
"""


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    f = tmp_path / "evening.log"
    f.write_text(EVENING, encoding="utf-8")
    return f


@pytest.fixture
def imported(data_dir: Path, log_file: Path) -> list[str]:
    """The evening imported; returns the new ids in order."""
    p = run(data_dir, "import", str(log_file))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    assert lines[0].startswith("Imported 4 games")
    return [line.split()[0] for line in lines[1:]]


# import ----------------------------------------------------------------------


def test_import_stores_each_game_without_changing_the_current_one(data_dir: Path, log_file: Path) -> None:
    assert run(data_dir, "new", "chicago").returncode == 0
    store = GameStore(data_dir)
    current = store.current_id()
    p = run(data_dir, "import", str(log_file))
    assert p.returncode == 0, p.stderr
    ids = [line.split()[0] for line in p.stdout.strip().splitlines()[1:]]
    assert len(ids) == 4 and len(set(ids)) == 4
    assert store.current_id() == current
    games = [store.load(i) for i in ids]
    states = [derive(g.game) for g in games]
    assert [s.status.value for s in states] == ["won", "won", "won", "in play"]
    assert [g.game.players for g in games] == [
        ("Ann", "Bob", "Cy", "Di"),
        ("Ann", "Cy", "Ed", "Bob"),
        ("Di", "Ann", "Bob", "Ed"),
        ("Ann", "Bob", "Cy", "Di"),
    ]
    assert [g.created for g in games] == sorted(g.created for g in games)
    assert ids == sorted(ids)  # the ids begin with the start times, in the log's order
    assert "We win the rubber 2–1, 1,830 to 510, by 1,320." in p.stdout


def test_import_keeps_a_game_the_players_ended(data_dir: Path, tmp_path: Path) -> None:
    f = tmp_path / "ended.log"
    f.write_text(ENDED, encoding="utf-8")
    p = run(data_dir, "import", str(f))
    assert p.returncode == 0, p.stderr
    ids = [line.split()[0] for line in p.stdout.strip().splitlines()[1:]]
    store = GameStore(data_dir)
    first, second = (store.load(i).game for i in ids)
    assert first.ended and derive(first).status.value == "ended"
    assert not second.ended and derive(second).status.value == "in play"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (EVENING + "N 9S 10\n", ":22:"),
        ("N 3NT 9\nN 3NT 9\nend\n", ":3:"),  # end after the rubber is over
        ("players N=Ann\nN 3NT 9\nplayers E=Bob\n", ":3:"),  # names changed in the middle of a rubber
        (EVENING.replace("S 6D 12", "S 6D 12 honors NS 90"), ":9:"),
    ],
)
def test_a_bad_log_is_refused_whole(data_dir: Path, tmp_path: Path, text: str, where: str) -> None:
    f = tmp_path / "bad.log"
    f.write_text(text, encoding="utf-8")
    p = run(data_dir, "import", str(f))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert all(line.startswith(f"{f}:") for line in p.stderr.strip().splitlines())
    assert where in p.stderr
    assert not (data_dir / "games").exists() or not list((data_dir / "games").iterdir())


def test_import_refusals_are_one_line(data_dir: Path, tmp_path: Path) -> None:
    assert "no such file" in one_line_refusal(run(data_dir, "import", str(tmp_path / "nope.log")))
    empty = tmp_path / "empty.log"
    empty.write_text("# nothing\nplayers N=Ann\n", encoding="utf-8")
    assert "no hands" in one_line_refusal(run(data_dir, "import", str(empty)))
    assert not (data_dir / "games").exists()


def test_import_from_standard_input(data_dir: Path) -> None:
    p = run(data_dir, "import", "-", stdin="N 3NT 9\n")
    assert p.returncode == 0 and p.stdout.startswith("Imported 1 game ")


# export json: inputs beside figures -------------------------------------------------


def test_export_json_holds_the_inputs_and_the_replays_figures(data_dir: Path, log_file: Path, imported: list[str]) -> None:
    replay = json.loads(run(data_dir, "replay", str(log_file), "--json").stdout)
    p = run(data_dir, "export", "--all", "--format", "json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert (data["format"], data["version"]) == ("bridgepad", 1)
    exported = data["games"]
    assert [g["id"] for g in exported] == imported
    assert len(exported) == len(replay["rubbers"]) == 4
    for g, expected in zip(exported, replay["rubbers"]):
        assert set(g) == {"id", "created", "updated", "game", "figures"}
        figures = g["figures"]
        assert (figures["NS"], figures["EW"], figures["complete"]) == (expected["NS"], expected["EW"], expected["complete"])
        # The lines (hands, then the game's own bonuses) add up to the totals.
        for side in ("NS", "EW"):
            assert sum(line[side]["below"] + line[side]["above"] for line in figures["lines"]) == figures[side]["total"]
        hands = [line for line in figures["lines"] if line["kind"] == "hand"]
        assert [{k: line[k] for k in ("NS", "EW")} for line in hands] == expected["hands"]
        assert g["game"]["mode"] == "rubber" and g["game"]["settings"]["honors"] is True
    assert exported[1]["game"]["players"] == {"N": "Ann", "E": "Cy", "S": "Ed", "W": "Bob"}
    assert exported[0]["game"]["hands"][3] == {
        "contract": "3NT",
        "declarer": "W",
        "tricks": 9,
        "honors": {"side": "EW", "points": 150},
    }
    assert exported[0]["figures"]["NS"]["total"] == 1830 and exported[0]["figures"]["EW"]["total"] == 510
    bonus = [line for line in exported[0]["figures"]["lines"] if line["kind"] == "bonus"]
    assert bonus == [
        {
            "kind": "bonus",
            "bonus": "rubber",
            "reason": "rubber bonus, two games to one: 500",
            "NS": {"below": 0, "above": 500},
            "EW": {"below": 0, "above": 0},
        }
    ]


def test_export_defaults_to_the_current_game(data_dir: Path) -> None:
    assert run(data_dir, "new", "rubber", "--players", "N=Ann,E=Bob,S=Cy,W=Di").returncode == 0
    current = GameStore(data_dir).current_id()
    data = json.loads(run(data_dir, "export").stdout)
    assert [g["id"] for g in data["games"]] == [current]
    assert data["games"][0]["game"]["players"] == {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    assert data["games"][0]["game"]["hands"] == []


def test_export_one_game_by_id_or_its_start(data_dir: Path, imported: list[str]) -> None:
    data = json.loads(run(data_dir, "export", "--game", imported[2]).stdout)
    assert [g["id"] for g in data["games"]] == [imported[2]]
    assert data["games"][0]["figures"]["EW"]["total"] == 970
    unique = imported[2]  # the full id is always unique; ".json" is allowed too
    data = json.loads(run(data_dir, "export", "--game", unique + ".json").stdout)
    assert data["games"][0]["id"] == unique


# export csv and md ---------------------------------------------------------


def test_export_csv_a_row_per_hand_and_per_bonus(data_dir: Path, imported: list[str]) -> None:
    p = run(data_dir, "export", "--all", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert tuple(csv.reader(io.StringIO(p.stdout)).__next__()) == CSV_HEADER
    # 7 + 4 + 4 + 1 hands, and the three won rubbers' bonuses.
    assert len(rows) == 7 + 4 + 4 + 1 + 3
    first = [r for r in rows if r["game_id"] == imported[0]]
    pick = ("kind", "hand", "dealer", "declarer", "contract", "result", "ns_below", "ns_above", "ew_below", "ew_above")
    assert [first[0][k] for k in pick] == ["hand", "1", "N", "N", "3S", "10", "90", "30", "0", "0"]
    assert [first[1][k] for k in pick] == ["hand", "2", "E", "E", "4HX", "8", "0", "300", "0", "0"]
    assert [first[3][k] for k in pick] == ["hand", "4", "W", "W", "3NT", "9", "0", "0", "100", "150"]
    assert [first[-1][k] for k in pick] == ["bonus", "", "", "", "", "", "0", "500", "0", "0"]
    assert first[-1]["what"] == "rubber bonus, two games to one: 500"
    assert {(r["ns_players"], r["ew_players"]) for r in first} == {("Ann & Cy", "Bob & Di")}
    second = [r for r in rows if r["game_id"] == imported[1]]
    assert [second[2][k] for k in pick] == ["hand", "3", "E", "", "pass", "", "0", "0", "0", "0"]
    # Every game's rows add up to its pad's totals, bonuses and all.
    for game_id in imported:
        st = derive(GameStore(data_dir).load(game_id).game)
        mine = [r for r in rows if r["game_id"] == game_id]
        ns = sum(int(r["ns_below"]) + int(r["ns_above"]) for r in mine)
        ew = sum(int(r["ew_below"]) + int(r["ew_above"]) for r in mine)
        assert (ns, ew) == (st.total(Side.NS), st.total(Side.EW))
    assert sum(int(r["ns_below"]) + int(r["ns_above"]) for r in first) == 1830


def test_export_markdown_pad(data_dir: Path, imported: list[str]) -> None:
    p = run(data_dir, "export", "--game", imported[0], "--format", "md")
    text = p.stdout
    lines = text.splitlines()
    assert "| We (Ann & Cy) | They (Bob & Di) |" in lines
    table = [line for line in lines if line.startswith("|")]
    assert table[1] == "|---:|---:|"
    assert table[2:7] == ["| 500 |  |", "| 750 |  |", "| 300 | 200 |", "| 30 | 150 |", "| ═════ | ═════ |"]
    assert table[-1] == "| **1,830** | **510** |"
    assert table.count("| ───── | ───── |") == 3  # a rule under each of the three games
    assert lines[-1] == "We win the rubber 2–1, 1,830 to 510, by 1,320."


def test_markdown_figures_are_the_pads(data_dir: Path, imported: list[str]) -> None:
    # The third rubber, N Di, E Ann, S Bob, W Ed, worked by hand (We are N-S):
    # N 2H 8: our 60 below. E 4S 10: their 120 below, a game; they are vulnerable.
    # E 4S 9, vulnerable, one down: our 100 above. E 4S 11: their 120 below (a game) and
    # 30 above; two games to none: their 700. We 60 + 100 = 160; They 120 + 120 + 30 + 700 = 970.
    md = game_markdown(record(GameStore(data_dir).load(imported[2])))
    assert [line for line in md.splitlines() if line.startswith("|")] == [
        "| We (Di & Bob) | They (Ann & Ed) |",
        "|---:|---:|",
        "|  | 700 |",
        "| 100 | 30 |",
        "| ═════ | ═════ |",
        "| 60 | 120 |",
        "| ───── | ───── |",
        "|  | 120 |",
        "| ───── | ───── |",
        "| **160** | **970** |",
    ]
    assert md.splitlines()[-1] == "They win the rubber 2–0, 970 to 160, by 810."


def test_export_api_escapes_markdown_in_names(tmp_path: Path) -> None:
    game = parse_log("players N=*Ann* E=a|b\nN 3NT 9\n").games()[0].game
    stored = StoredGame("x1", game, "2026-08-17T20:00:00+00:00", "2026-08-17T20:00:00+00:00")
    md = export([stored], "md")
    assert "We (\\*Ann\\* & S) | They (a\\|b & W) |" in md  # as the screen names them: a seat without a name by its letter
    assert (
        csv_format.write([record(stored)])
        .splitlines()[1]
        .startswith("x1,rubber,hand,1,,,N,none,N,3NT,9,*Ann* & S,a|b & W,100,0,0,0,")
    )
    with pytest.raises(ValueError):
        export([stored], "xml")


# export -o ---------------------------------------------------------------------


def test_export_to_a_file_refuses_to_overwrite_without_force(data_dir: Path, imported: list[str], tmp_path: Path) -> None:
    out = tmp_path / "evening.json"
    p = run(data_dir, "export", "--all", "-o", str(out))
    assert p.returncode == 0 and out.is_file()
    assert len(json.loads(out.read_text(encoding="utf-8"))["games"]) == 4
    out.write_text("mine", encoding="utf-8")
    line = one_line_refusal(run(data_dir, "export", "--all", "-o", str(out)))
    assert "already exists" in line and "--force" in line
    assert out.read_text(encoding="utf-8") == "mine"
    assert run(data_dir, "export", "--all", "--format", "md", "-o", str(out), "--force").returncode == 0
    assert out.read_text(encoding="utf-8").startswith("### Rubber")


def test_export_never_follows_a_link_it_was_not_given(data_dir: Path, imported: list[str], tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "out.json"
    link.symlink_to(target)
    assert "already exists" in one_line_refusal(run(data_dir, "export", "--all", "-o", str(link)))
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "elsewhere.json")
    assert "already exists" in one_line_refusal(run(data_dir, "export", "--all", "-o", str(dangling)))
    assert not (tmp_path / "elsewhere.json").exists()
    # With --force the link itself is replaced, and what it pointed to is untouched.
    assert run(data_dir, "export", "--all", "-o", str(link), "--force").returncode == 0
    assert not link.is_symlink() and json.loads(link.read_text(encoding="utf-8"))["games"]
    assert target.read_text(encoding="utf-8") == "keep me"


def test_export_refusals(data_dir: Path, imported: list[str], tmp_path: Path) -> None:
    assert "does not exist" in one_line_refusal(run(data_dir, "export", "-o", str(tmp_path / "no" / "such" / "x.json")))
    assert not (tmp_path / "no").exists()
    assert "folder" in one_line_refusal(run(data_dir, "export", "-o", str(tmp_path), "--force"))
    assert "no game" in one_line_refusal(run(data_dir, "export", "--game", "19990101-000000-abcd"))
    assert "not a game id" in one_line_refusal(run(data_dir, "export", "--game", "../../etc/passwd"))
    assert "invalid choice" in one_line_refusal(run(data_dir, "export", "--format", "xml"))
    assert "--force" in one_line_refusal(run(data_dir, "export", "--force"))
    assert "not allowed" in one_line_refusal(run(data_dir, "export", "--all", "--game", imported[0]))
    # The import left the current game alone, and there is none here.
    assert "no current game" in one_line_refusal(run(data_dir, "export"))


# tally -------------------------------------------------------------------------


def test_tally_json_of_todays_games(data_dir: Path, imported: list[str]) -> None:
    p = run(data_dir, "tally", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["players"] == {"Ann": 3080, "Ed": 1760, "Cy": 370, "Di": -2130, "Bob": -3080}
    assert data["games"] == 3 and data["in_play"] == 1
    assert [(x["from"], x["to"], x["amount"]) for x in data["payments"]] == [
        ("Bob", "Ann", 3080),
        ("Di", "Ed", 1760),
        ("Di", "Cy", 370),
    ]
    assert data["ids"] == imported[:3]


def test_tally_rounded_with_a_stake(data_dir: Path, imported: list[str]) -> None:
    data = json.loads(run(data_dir, "tally", "--json", "--round", "100", "--stake", "1").stdout)
    assert data["players"] == {"Ann": 3100, "Ed": 1800, "Cy": 300, "Di": -2100, "Bob": -3100}
    assert [(x["from"], x["to"], x["amount"]) for x in data["payments"]] == [
        ("Bob", "Ann", 31.0),
        ("Di", "Ed", 18.0),
        ("Di", "Cy", 3.0),
    ]
    p = run(data_dir, "tally", "--round", "100", "--stake", "0.10")
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert lines[0].startswith("3 finished games tonight (since ")
    assert lines[0].endswith("), each margin rounded to the nearest 100; 1 still in play, not counted.")
    assert lines[3].split() == ["Ann", "3", "0", "+3,100", "+3.10"]  # games played, sat out, points, money
    assert lines[-3:] == ["Bob pays Ann 3.10.", "Di pays Ed 1.80.", "Di pays Cy 0.30."]


def test_tally_windows(data_dir: Path, imported: list[str]) -> None:
    assert json.loads(run(data_dir, "tally", "--json", "--all").stdout)["games"] == 3
    assert json.loads(run(data_dir, "tally", "--json", "--since", "2000-01-01").stdout)["games"] == 3
    assert json.loads(run(data_dir, "tally", "--json", "--since", "2999-01-01").stdout)["games"] == 0
    p = run(data_dir, "tally", "--since", "2999-01-01")
    assert p.returncode == 0 and p.stdout.startswith("No finished games since 2999-01-01")


def test_tally_of_an_empty_data_folder(data_dir: Path) -> None:
    p = run(data_dir, "tally")
    assert p.returncode == 0 and p.stdout.strip() == "No finished games tonight."
    assert json.loads(run(data_dir, "tally", "--json").stdout)["players"] == {}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--stake", "abc"], "--stake"),
        (["--stake", "-1"], "--stake"),
        (["--stake", "NaN"], "--stake"),
        (["--round", "-1"], "--round"),
        (["--round", "ten"], "--round"),
        (["--since", "17/08/2026"], "YYYY-MM-DD"),
        (["--since", "2026-08-17", "--all"], "not allowed"),
    ],
)
def test_tally_refusals(data_dir: Path, args: list[str], words: str) -> None:
    assert words in one_line_refusal(run(data_dir, "tally", *args))


def test_the_command_line_loads_no_user_interface() -> None:
    code = (
        "import sys, bridgepad.cli, bridgepad.services.history, bridgepad.services.formats.registry, bridgepad.services.formats.csv_format, bridgepad.services.formats.json_format, bridgepad.services.formats.markdown_format, bridgepad.services.formats.pbn_format, bridgepad.services.formats.pbn_reader, bridgepad.services.import_batch, bridgepad.core.evening.tally, bridgepad.core.evening.windows;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.strip() == "[]"


def large_export(path: Path, games: int) -> int:
    """A bridgepad JSON export of ``games`` copies of the worked rubber, each under its own id,
    as ``bridgepad export`` writes it; returns its size in bytes."""
    from support.builders import WORKED_LOG

    from bridgepad.core.records.record import record_of
    from bridgepad.services.formats import json_format

    at = "2025-01-01T20:00:00+00:00"
    entry = {**json_format.game_json(record_of(parse_log(WORKED_LOG).games()[0])), "created": at, "updated": at}
    entries = []
    for k in range(games):
        day, n = divmod(k, 9000)
        entry = {
            **entry,
            "id": f"2025{1 + day // 28:02d}{1 + day % 28:02d}-{10 + n // 3600:02d}{n // 60 % 60:02d}{n % 60:02d}-0001",
        }
        entries.append(entry)
    text = json_format.json.dumps({"format": "bridgepad", "version": 1, "games": entries}, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


@pytest.mark.slow
def test_a_bridgepad_export_larger_than_the_read_limit_imports_back(tmp_path: Path) -> None:
    from bridgepad.store.data_files import MAX_DATA_BYTES

    export = tmp_path / "lifetime.json"
    assert large_export(export, 5300) > MAX_DATA_BYTES  # 5,300 games: about 17 MB
    p = run(tmp_path / "data", "import", str(export))
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert p.stdout.startswith("Imported 5300 games into "), p.stdout[:300]
    assert len(list((tmp_path / "data" / "games").iterdir())) == 5300


def test_a_large_file_that_is_not_an_export_is_still_refused_at_the_read_limit(tmp_path: Path) -> None:
    from bridgepad.store.data_files import MAX_DATA_BYTES

    for name, head in (("log", b"N 4S 10\n"), ("other.json", b'{"format": "other", "games": [')):
        big = tmp_path / name
        with open(big, "wb") as f:
            f.write(head)
            f.truncate(MAX_DATA_BYTES + 1)
        p = run(tmp_path / "data", "import", str(big))
        assert p.returncode == 2 and "is larger than 16 MB" in p.stderr and p.stderr.count("\n") == 1, p.stderr


def test_an_export_is_read_a_game_at_a_time_and_refused_as_json_was() -> None:
    from bridgepad.services.formats import json_format
    from bridgepad.services.formats.incoming import FileRefused

    for text, said in (
        ('{"format": "bridgepad", "version": 1, "games": []} x', "not valid JSON"),
        ('{"format": "bridgepad", "version": 1, "games": [}', "not valid JSON"),
        ('{"format": "other", "games": [', "not a bridgepad export"),
        ('{"format": "bridgepad", "version": 9, "games": [', "version 9"),
        ('{"format": "bridgepad", "version": 1, "games": {}}', '"games" is not a list'),
        ('{"format": "bridgepad", "version": 1}', '"games" is not a list'),
        ('{"games": [], "version": 1}', "not a bridgepad export"),
    ):
        with pytest.raises(FileRefused) as e:
            json_format.read(text)
        assert said in str(e.value), (text, str(e.value))
    assert json_format.read('\ufeff {"version": 1, "format": "bridgepad", "games": [ ]}\n') == []
