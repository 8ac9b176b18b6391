"""Players as persons: ``bridgepad players``, ``players merge`` and ``unmerge``.

Merging changes the figures exactly as the same games entered with one spelling would, in
the statistics and the tally alike; unmerging gives back the figures before; no game file
is rewritten; and each merge that cannot be is refused in one sentence.
"""

from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

import pytest
from support.cli import one_line_refusal
from support.cli import run_cli as run
from support.stats import random_games

from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.people import person_key
from bridgepad.core.rules.game import Game
from bridgepad.store.folder_lock import FolderLock
from bridgepad.store.game_store import GameStore, StoredGame
from bridgepad.store.people_file import PEOPLE_NAME


def respell(game: Game, spelling: dict[str, str]) -> Game:
    from dataclasses import replace

    players = tuple(spelling.get(person_key(n), n) for n in game.players)
    return replace(game, players=(players[0], players[1], players[2], players[3]))


def folder(root: Path, spelling: dict[str, str] | None = None, n: int = 120) -> Path:
    """Random games among Ann, Bob, Cy, Di, Eve and Fay, in which Fay is sometimes typed "Fae":
    never in a game where Fay sits too."""
    store = GameStore(root)
    store.ensure()
    rnd = random.Random(36)
    for k, stored in enumerate(random_games(rnd, n, datetime(2025, 9, 1, 19, 0).astimezone())):
        game = stored.game
        if k % 3 == 0:
            game = respell(game, {"fay": "Fae"})
        if spelling:
            game = respell(game, spelling)
        store.save(StoredGame(stored.id, game, stored.created, stored.updated))
    return root


def stats(root: Path, *args: str) -> dict:  # type: ignore[type-arg]
    p = run(root, "stats", "--format", "json", *args)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)  # type: ignore[no-any-return]


def tally(root: Path) -> dict:  # type: ignore[type-arg]
    p = run(root, "tally", "--all", "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)  # type: ignore[no-any-return]


def games_bytes(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "games").iterdir())}


def test_merging_gives_the_figures_of_one_spelling_and_unmerging_those_before(tmp_path: Path) -> None:
    two = folder(tmp_path / "two")
    one = folder(tmp_path / "one", {"fae": "Fay"})
    before = stats(two)
    assert "Fae" in before["players"] and "Fay" in before["players"]
    files = games_bytes(two)
    p = run(two, "players", "merge", "Fay", "fae")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("fae is now Fay: ") and p.stderr == ""
    assert games_bytes(two) == files  # no game file rewritten
    assert stats(two) == stats(one)
    assert stats(two, "--player", "FAE") == stats(one, "--player", "Fay")
    assert tally(two) == tally(one)
    p = run(two, "players", "unmerge", "Fae")
    assert p.returncode == 0 and "Fae is a player of their own again, no longer Fay." in p.stdout
    assert stats(two) == before
    assert not (two / PEOPLE_NAME).exists()  # nobody merged: no file


def test_players_lists_each_person_with_their_games_and_their_names(tmp_path: Path) -> None:
    root = tmp_path / "data"
    store = GameStore(root)
    store.ensure()
    for k, players in enumerate(("N=Ann E=Bob S=Cy W=Di", "N=ann E=Bob S=Cy W=Eve", "N=Anne E=Bob S=Cy W=Di")):
        (state,) = parse_log(f"players {players}\nN 3NT 9\nN 3NT 9\n").games()
        at = f"2026-03-0{k + 1}T20:00:00+00:00"
        store.save(StoredGame(f"20260301-00000{k}-0001", state.game, at, at))
    p = run(root, "players", "--json")
    assert p.returncode == 0, p.stderr
    listed = {q["name"]: (q["games"], q["spellings"], q["merged"]) for q in json.loads(p.stdout)["players"]}
    assert listed == {
        "Ann": (2, ["Ann", "ann"], []),
        "Anne": (1, ["Anne"], []),
        "Bob": (3, ["Bob"], []),
        "Cy": (3, ["Cy"], []),
        "Di": (2, ["Di"], []),
        "Eve": (1, ["Eve"], []),
    }
    assert run(root, "players", "merge", "Ann", "Anne").returncode == 0
    p = run(root, "players")
    assert p.returncode == 0
    lines = {line.split()[0]: line for line in p.stdout.splitlines()[1:]}
    assert "Anne" not in lines and "merged: Anne" in lines["Ann"] and "also written ann" in lines["Ann"]
    assert " 3 " in lines["Ann"]


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """Ann and Anne, who never sat together; Bob and Cy, who did."""
    root = tmp_path / "data"
    store = GameStore(root)
    store.ensure()
    for k, players in enumerate(("N=Ann E=Bob S=Cy W=Di", "N=Anne E=Bob S=Cy W=Di")):
        (state,) = parse_log(f"players {players}\nN 3NT 9\nN 3NT 9\n").games()
        at = f"2026-03-0{k + 1}T20:00:00+00:00"
        store.save(StoredGame(f"20260301-00000{k}-0001", state.game, at, at))
    return root


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (
            ("merge", "Ann", " ANN"),
            (
                "bridgepad players merge: 'Ann' and 'ANN' are one name already: names are matched whatever "
                "their letter case and spaces."
            ),
        ),
        (("merge", "Ann", "Zed"), "bridgepad players merge: No player 'Zed'; the players are Ann, Anne, Bob, Cy and Di."),
        (("merge", "Anna", "Ann"), "bridgepad players merge: No player 'Anna'; did you mean Ann or Anne?"),
        (
            ("merge", "Bob", "Cy"),
            (
                "bridgepad players merge: Bob and Cy are two people: they played in one game on 2026-03-01 "
                "(20260301-000000-0001), and one person has one seat."
            ),
        ),
        (("unmerge", "Anne"), "bridgepad players unmerge: 'Anne' was not merged into another player; nothing to unmerge."),
    ],
)
def test_a_merge_that_cannot_be_is_refused_in_one_sentence(small: Path, args: tuple[str, ...], sentence: str) -> None:
    assert one_line_refusal(run(small, "players", *args)) == sentence
    assert not (small / PEOPLE_NAME).exists()


def test_a_name_merged_twice_and_the_person_others_were_merged_into(small: Path) -> None:
    assert run(small, "players", "merge", "Anne", "Ann").returncode == 0
    assert one_line_refusal(run(small, "players", "merge", "Anne", "ann")) == "bridgepad players merge: ann is Anne already."
    assert one_line_refusal(run(small, "players", "unmerge", "Anne")) == (
        "bridgepad players unmerge: Anne is the person other names were merged into; unmerge those by their own names (Ann)."
    )
    assert json.loads((small / PEOPLE_NAME).read_text(encoding="utf-8")) == {"merged": {"Ann": "Anne"}}


def test_a_merge_waits_for_the_pad_and_then_refuses_naming_it(small: Path) -> None:
    lock = FolderLock(small)
    assert lock.try_acquire()
    try:
        refusal = one_line_refusal(run(small, "players", "merge", "Anne", "Ann"))
    finally:
        lock.release()
    assert refusal.startswith("bridgepad players merge: ") and "open in another window" in refusal
    assert not (small / PEOPLE_NAME).exists()


def test_a_damaged_people_file_is_named_left_by_readers_and_kept_aside_by_a_merge(small: Path) -> None:
    people = small / PEOPLE_NAME
    people.write_text('{"merged": {"Ann": ', encoding="utf-8")
    p = run(small, "stats", "--format", "json")
    assert p.returncode == 0 and "people.json" in p.stderr and "nobody is merged" in p.stderr
    assert people.read_text(encoding="utf-8") == '{"merged": {"Ann": '  # a reader leaves it
    assert run(small, "players", "merge", "Anne", "Ann").returncode == 0
    kept = [f for f in small.iterdir() if f.name.startswith(f"{PEOPLE_NAME}.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == '{"merged": {"Ann": '
    assert json.loads(people.read_text(encoding="utf-8")) == {"merged": {"Ann": "Anne"}}


def test_a_hand_edited_people_file_s_bad_names_and_loops_are_named_never_shown(small: Path) -> None:
    people = small / PEOPLE_NAME
    people.write_text(json.dumps({"merged": {"Ann\x1b[2J": "Anne", "Bob": 3}}), encoding="utf-8")
    p = run(small, "stats", "--format", "json")
    assert p.returncode == 0 and "\x1b" not in p.stderr and p.stderr.count("That merge is left out.") == 2
    people.write_text(json.dumps({"merged": {"Ann": "Anne", "Anne": "Ann"}}), encoding="utf-8")
    p = run(small, "stats", "--format", "json")
    assert p.returncode == 0 and "merged into itself" in p.stderr
    assert set(json.loads(p.stdout)["players"]) == {"Ann", "Anne", "Bob", "Cy", "Di"}
