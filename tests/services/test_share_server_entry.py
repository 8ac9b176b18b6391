"""Each table's link over HTTP, as the phone at the table and other programs use it: its token,
``POST results`` (201 with the N-S score, 200 for an id already recorded, 409 for a board
already in, ``"replace": true``), ``check``, ``next``, its ``state.json`` and its events;
the read-only link's whole session; and every bad input a 4xx with a sentence, nothing written.

The game is a four-table Mitchell of 12 boards (3 rounds of 3): in round 1 table 1 plays
boards 1–3 (N-S 1 v E-W 1), table 2 boards 4–6, table 3 boards 7–9, table 4 boards 10–12;
in round 2 table 1 plays boards 4–6 against E-W 4. Every score below is worked by hand from
the scoring table: board 1 nobody vulnerable, 2 N-S, 3 E-W, 4 both.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from support.entry import Answer, path_of, post, result, saved_game, serving_entry, several, several_game, table_state
from support.share import Stream, folder_bytes, wait_for
from test_share_server import export_figures

from bridgepad.core.rules.game import Game
from bridgepad.services.changes import SharingChanged
from bridgepad.services.share import links as share_links
from bridgepad.services.share.server import MAX_BODY, MAX_TABLE_VIEWERS, ShareServer


def results_of(root: Path) -> list[tuple[str, int, int, str]]:
    """What the file holds: each result's id, table, board and contract, as they came."""
    inputs = saved_game(root).several_tables
    assert inputs is not None
    return [(r.id, r.table, r.board, r.hand.contract.text if r.hand.contract else "pass") for r in inputs.results]


def bits(token: str) -> int:
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


async def test_each_table_has_a_token_of_its_own_new_at_each_start_of_at_least_128_bits(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        seen: set[str] = set()
        for _ in range(3):
            async with serving_entry(pad.session) as server:
                tokens = [server.token] + [server.tables[t].token for t in (1, 2, 3, 4)]
                assert sorted(server.tables) == [1, 2, 3, 4]
                for t in (1, 2, 3, 4):
                    assert server.table_url(t) == f"http://127.0.0.1:{server.port}/{server.tables[t].token}/"
            for token in tokens:
                assert re.fullmatch(r"[A-Za-z0-9_-]+", token) and bits(token) >= 128, token
            assert not seen & set(tokens)
            seen |= set(tokens)
        assert len(seen) == 15
    finally:
        pad.close()


def test_every_token_is_compared_in_constant_time() -> None:
    source = Path(share_links.__file__).read_text(encoding="utf-8")
    compared = re.findall(r"hmac\.compare_digest\(given, ([\w.]+)\)", source)
    assert compared == ["self._token_bytes", "link.token_bytes", "old"]
    assert "== self._token" not in source and "token ==" not in source and "== link.token" not in source


async def test_a_result_answers_201_with_the_n_s_score_once_it_is_in_the_file(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            got = await result(server.port, server.table_url(1), id="p1", board=1, contract="4S", declarer="N", tricks=10)
            # Four spades bid and made, nobody vulnerable: 120 for the tricks, 300 for the game.
            assert got.status == 201, got.raw
            assert got.headers["content-type"].startswith("application/json")
            body = got.json
            assert body["ns_score"] == 420 and body["saved"] is True and body["replaced"] is None
            assert body["result"]["text"] == "4♠ by North, 10 tricks (=)" and body["result"]["score"] == "N-S +420"
            # Saved (and synced) before the answer: the file, read as another window reads it, has it.
            assert results_of(data_dir) == [("p1", 1, 1, "4S")]
            # Three no trump by East one down, E-W not vulnerable: 50 to N-S.
            got = await result(server.port, server.table_url(1), id="p2", board=2, contract="3nt", declarer="e", tricks=8)
            assert got.status == 201 and got.json["ns_score"] == 50
            got = await result(server.port, server.table_url(1), id="p3", board=3, contract="pass")
            assert got.status == 201 and got.json["ns_score"] == 0 and got.json["result"]["text"] == "Passed out"
            # Board 4, both vulnerable, at table 2: four hearts by South made, 120 and 500.
            got = await result(server.port, server.table_url(2), id="q1", board=4, contract="4H", declarer="S", tricks=10)
            assert got.status == 201 and got.json["ns_score"] == 620
            assert results_of(data_dir) == [("p1", 1, 1, "4S"), ("p2", 1, 2, "3NT"), ("p3", 1, 3, "pass"), ("q1", 2, 4, "4H")]
    finally:
        pad.close()


async def test_the_same_id_again_answers_200_and_records_nothing_more(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(1)
            first = await result(server.port, url, id="retry-1", board=1, contract="4S", declarer="N", tricks=10)
            assert first.status == 201
            before = folder_bytes(data_dir)
            again = await result(server.port, url, id="retry-1", board=1, contract="4S", declarer="N", tricks=10)
            assert again.status == 200 and again.json["repeat"] is True and again.json["ns_score"] == 420
            assert again.json["result"] == first.json["result"]
            assert folder_bytes(data_dir) == before
            assert results_of(data_dir) == [("retry-1", 1, 1, "4S")]
    finally:
        pad.close()


async def test_a_board_entered_twice_shows_the_first_and_replace_true_replaces_it(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(1)
            assert (await result(server.port, url, id="a", board=1, contract="4S", declarer="N", tricks=10)).status == 201
            before = folder_bytes(data_dir)
            second = await result(server.port, url, id="b", board=1, contract="4S", declarer="N", tricks=9)
            assert second.status == 409
            body = second.json
            assert body["error"] == (
                "Board 1 is in already at table 1: 4♠ by North, 10 tricks (=), N-S +420. "
                'Send the new result with "replace": true to put it in its place.'
            )
            assert body["earlier"]["id"] == "a" and body["earlier"]["ns_score"] == 420 and body["replace"] is True
            assert folder_bytes(data_dir) == before
            # Replaced: one down, not vulnerable, 50 to E-W.
            third = await result(server.port, url, id="b", board=1, contract="4S", declarer="N", tricks=9, replace=True)
            assert third.status == 201 and third.json["ns_score"] == -50 and third.json["replaced"]["id"] == "a"
            assert results_of(data_dir) == [("a", 1, 1, "4S"), ("b", 1, 1, "4S")]
            state = await table_state(server.port, url)
            assert state["boards"][0]["result"]["id"] == "b" and state["boards"][0]["result"]["score"] == "N-S -50"
    finally:
        pad.close()


async def test_a_table_s_state_gives_its_round_its_pairs_its_boards_and_then_where_everyone_goes(data_dir: Path) -> None:
    pad = several_game(data_dir, names="NS1=Ann & Bob; EW1=Cy & Di")
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(1)
            state = await table_state(server.port, url)
            assert state["title"] == "Table 1" and state["heading"] == "Round 1 of 3"
            assert state["game"] == "Mitchell, 4 tables, 12 boards: 3 rounds of 3"
            assert [(p["direction"], p["label"], p["names"], p["team"]) for p in state["pairs"]] == [
                ("North-South", "N-S 1", "Ann & Bob", ""),
                ("East-West", "E-W 1", "Cy & Di", ""),
            ]
            # Boards 1, 2, 3: dealers North, East, South; vulnerable nobody, N-S, E-W.
            assert [(b["board"], b["dealer"], b["vulnerable"], b["result"]) for b in state["boards"]] == [
                (1, "North", "Nobody vulnerable", None),
                (2, "East", "N-S vulnerable", None),
                (3, "South", "E-W vulnerable", None),
            ]
            assert state["to_enter"] == "boards 1–3" and state["done"] is False and state["move"] is None
            assert state["card"] == [
                "Table 1",
                "Round 1: N-S 1 v E-W 1, boards 1–3",
                "Round 2: N-S 1 v E-W 4, boards 4–6",
                "Round 3: N-S 1 v E-W 2, boards 7–9",
            ]
            not_yet = await post(server.port, path_of(url) + "next", {"round": 1})
            assert not_yet is not None and not_yet.status == 422
            assert not_yet.json["error"] == "Table 1 has still to enter boards 1–3 before it moves on."
            for n, board in enumerate((1, 2, 3)):
                got = await result(server.port, url, id=f"r{n}", board=board, contract="1NT", declarer="N", tricks=7)
                assert got.status == 201
            state = await table_state(server.port, url)
            assert state["done"] is True and state["to_enter"] == ""
            assert state["next"] == [
                "N-S 1 stays at table 1.",
                "E-W 1 moves to table 2.",
                "Boards 1–3 go to table 4.",
                "Round 2 here: N-S 1 v E-W 4, boards 4–6, from table 2.",
            ]
            assert state["move"] == {"round": 1, "label": "Start round 2"}
            moved = await post(server.port, path_of(url) + "next", {"round": 1})
            assert moved is not None and moved.status == 200 and moved.json["moved"] is True
            state = moved.json["state"]
            assert state["heading"] == "Round 2 of 3" and [b["board"] for b in state["boards"]] == [4, 5, 6]
            # Table 2 has entered none of boards 4-6 yet: they are still there, for round 1.
            waiting = "Still at table 2: enter it once table 2 has sent its result."
            assert [b["waiting"] for b in state["boards"]] == [waiting] * 3
            got = await result(server.port, server.table_url(2), id="t2", board=5, contract="1NT", declarer="N", tricks=7)
            assert got.status == 201
            assert [b["waiting"] for b in (await table_state(server.port, url))["boards"]] == [waiting, "", waiting]
            assert [p["label"] for p in state["pairs"]] == ["N-S 1", "E-W 4"]
            assert [b["result"]["contract"] for b in state["played"][0]["boards"]] == ["1NT", "1NT", "1NT"]
            # Moving on again from round 1 is a repeat: nothing more is written.
            before = folder_bytes(data_dir)
            again = await post(server.port, path_of(url) + "next", {"round": 1})
            assert again is not None and again.status == 200 and again.json["moved"] is False
            assert folder_bytes(data_dir) == before
            # Round 1 is closed now: its boards are the director's to change.
            late = await result(server.port, url, id="late", board=1, contract="2S", declarer="N", tricks=8, replace=True)
            assert late.status == 422
            assert late.json["error"] == (
                "Round 1 is closed at table 1: table 1 plays boards 4–6 in round 2; the director can still change board 1."
            )
    finally:
        pad.close()


async def test_a_team_match_s_phone_says_which_team_each_pair_plays_for(data_dir: Path) -> None:
    """Team 1 is N-S 1 and E-W 2, team 2 N-S 2 and E-W 1: at table 2 the two teams face each other
    the other way round from table 1; in a Mitchell a pair has no team."""
    pad = several_game(data_dir, tables=2, boards=8, names="NS2=Gus & Hal; EW2=Eve & Fay")
    try:
        async with serving_entry(pad.session) as server:
            state = await table_state(server.port, server.table_url(2))
            assert [(p["label"], p["names"], p["team"]) for p in state["pairs"]] == [
                ("N-S 2", "Gus & Hal", "Team 2"),
                ("E-W 2", "Eve & Fay", "Team 1"),
            ]
            assert [b["board"] for b in state["boards"]] == [5, 6, 7, 8]
    finally:
        pad.close()


async def test_a_sit_out_round_says_so_and_moves_on_with_nothing_to_enter(data_dir: Path) -> None:
    # Seven pairs at four tables: E-W 4 is missing, so N-S 4 sits out round 1 at table 4.
    pad = several_game(data_dir, pairs="7")
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(4)
            state = await table_state(server.port, url)
            assert state["sits_out"] == "N-S 4 sits out round 1. No boards are played at this table."
            assert state["boards"] == [] and state["done"] is True and state["move"] == {"round": 1, "label": "Start round 2"}
            refused = await result(server.port, url, id="x", board=10, contract="3NT", declarer="S", tricks=9)
            assert refused.status == 422
            assert refused.json["error"] == (
                "Board 10 is not played at table 4: N-S 4 sits out round 1 at table 4: no boards are played there this round."
            )
            moved = await post(server.port, path_of(url) + "next", {"round": 1})
            assert moved is not None and moved.status == 200 and moved.json["state"]["heading"] == "Round 2 of 3"
    finally:
        pad.close()


async def test_check_scores_an_entry_and_says_what_is_wrong_writing_nothing(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(1)
            before = folder_bytes(data_dir)
            got = await post(server.port, path_of(url) + "check", {"board": 2, "contract": "3NT", "declarer": "E", "tricks": 8})
            assert got is not None and got.status == 200
            assert got.json == {
                "ok": True,
                "ns_score": 50,
                "score": "N-S +50",
                "text": "3NT by East, 8 tricks (-1)",
                "earlier": None,
            }
            bad = await post(server.port, path_of(url) + "check", {"board": 2, "contract": "3NT", "declarer": "E", "tricks": 14})
            assert bad is not None and bad.status == 422 and bad.json["field"] == "tricks"
            assert bad.json["error"] == "Declarer cannot take 14 tricks: a hand has 13, so give 0 to 13."
            elsewhere = await post(
                server.port, path_of(url) + "check", {"board": 5, "contract": "3NT", "declarer": "E", "tricks": 9}
            )
            assert elsewhere is not None and elsewhere.status == 422
            assert folder_bytes(data_dir) == before
    finally:
        pad.close()


async def test_the_read_only_state_gives_the_whole_session_with_the_json_export_s_figures(data_dir: Path) -> None:
    pad = several_game(data_dir, names="NS1=Ann & Bob")
    try:
        async with serving_entry(pad.session) as server:
            await result(server.port, server.table_url(1), id="a", board=1, contract="4S", declarer="N", tricks=10)
            await result(server.port, server.table_url(2), id="b", board=4, contract="4H", declarer="S", tricks=10)
            got = await post(server.port, f"/{server.token}/state.json", method="GET", content_type=None)
            assert got is not None and got.status == 200
            state = got.json["state"]
            assert state["figures"] == export_figures(data_dir)
            assert state["figures"]["results"] == 2 and state["figures"]["expected"] == 36
            several_view = state["several"]
            assert several_view["results"] == "2 of 36 results in"
            assert [(t["table"], t["in"]) for t in several_view["tables"]] == [
                (1, "1 of 3 in"),
                (2, "1 of 3 in"),
                (3, "0 of 3 in"),
                (4, "0 of 3 in"),
            ]
            assert [(t["board"], t["rows"]) for t in several_view["travellers"]] == [
                (1, [["1", "1", "4♠", "N", "=", "+420", "", ""]]),
                (4, [["2", "2", "4♥", "S", "=", "+620", "", ""]]),
            ]
            assert several_view["ranking"][0]["rows"][0][1:3] == ["N-S 1", "Ann & Bob"]
    finally:
        pad.close()


async def test_the_phones_and_the_read_only_page_are_told_of_each_result(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            at_1 = await Stream.open(server.port, path_of(server.table_url(1)) + "events")
            at_2 = await Stream.open(server.port, path_of(server.table_url(2)) + "events")
            watching = await Stream.open(server.port, f"/{server.token}/events")
            assert at_1.status == 200 and at_2.status == 200 and watching.status == 200
            await wait_for(lambda: server.table_viewers(1) == 1 and server.table_viewers(2) == 1 and server.viewers == 1)
            await result(server.port, server.table_url(1), id="a", board=1, contract="4S", declarer="N", tricks=10)
            got = await at_1.state()
            assert got["state"]["boards"][0]["result"]["ns_score"] == 420
            seen = await watching.state()
            assert seen["state"]["figures"]["results"] == 1
            await result(server.port, server.table_url(2), id="b", board=4, contract="4H", declarer="S", tricks=10)
            # Table 2's first event is its own result: table 1's changed nothing of table 2's.
            got = await at_2.state()
            assert got["state"]["boards"][0]["result"]["ns_score"] == 620
            seen = await watching.state()
            assert seen["state"]["figures"]["results"] == 2
            for stream in (at_1, at_2, watching):
                await stream.close()
    finally:
        pad.close()


async def test_the_links_follow_the_game_on_the_pad_and_an_old_one_says_so(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            old = server.table_url(1)
            pad.session.start(several(tables=3, boards=6))  # published: the server has heard it
            assert sorted(server.tables) == [1, 2, 3] and server.table_url(1) != old
            gone = await result(server.port, old, id="a", board=1, contract="4S", declarer="N", tricks=10)
            assert gone.status == 410
            assert gone.json["error"] == (
                "This table's link was for a game no longer on the pad: open the table's new link, from the laptop."
            )
            now = await result(server.port, server.table_url(1), id="a", board=1, contract="4S", declarer="N", tricks=10)
            assert now.status == 201
            pad.session.start(Game())  # a rubber: no table to serve
            assert server.tables == {}
    finally:
        pad.close()


async def test_a_save_that_fails_answers_503_records_nothing_and_the_retry_goes_through(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgepad.store.game_store import GameStore

    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            url = server.table_url(1)
            real = GameStore.save

            def full(self: GameStore, stored: Any) -> None:
                raise OSError(28, "No space left on device")

            monkeypatch.setattr(GameStore, "save", full)
            heard: list[SharingChanged] = []
            server.news.subscribe(heard.append)
            before = folder_bytes(data_dir)
            got = await result(server.port, url, id="s1", board=1, contract="4S", declarer="N", tricks=10)
            assert got.status == 503 and got.headers["retry-after"] == "2"
            # The phone's own words: not saved, nothing recorded, sent again; no path, no internal name.
            assert got.json == {
                "error": "The laptop could not save this result: nothing was recorded, and this phone will send it again in a moment."
            }
            assert str(data_dir).encode() not in got.raw and b"/" not in got.raw and b"kept on screen" not in got.raw
            assert folder_bytes(data_dir) == before
            assert pad.session.game.several_tables is not None and pad.session.game.several_tables.results == ()
            # The pad is told, for its status line, whose write failed and why (its own folder named there).
            told = [e.trouble for e in heard]
            assert len(told) == 1 and told[0].startswith(
                "Table 1's result was not saved (its phone sends it again): Could not save to "
            )
            assert told[0].endswith(": No space left on device."), told
            assert server.trouble == heard[-1].trouble and "kept on screen" not in server.trouble
            monkeypatch.setattr(GameStore, "save", real)
            again = await result(server.port, url, id="s1", board=1, contract="4S", declarer="N", tricks=10)
            assert again.status == 201 and results_of(data_dir) == [("s1", 1, 1, "4S")]
            assert server.trouble == "" and any(e.trouble == "" for e in heard[1:])  # saved again: the status line clears
    finally:
        pad.close()


# Every bad input: the request, its status, and the sentence (or its start) it is answered with.
RESULT = {"id": "bad-1", "board": 1, "contract": "4S", "declarer": "N", "tricks": 10}
ESC = "\x1b[2J\x1b]0;pwned\x07"


def _with(**changed: Any) -> dict[str, Any]:
    out = {**RESULT, **changed}
    return {k: v for k, v in out.items() if v is not None}


BAD: list[tuple[str, dict[str, Any], int, str]] = [
    ("a wrong token", {"token": "wrong"}, 404, "Nothing here: check the address"),
    ("no token", {"token": "none"}, 404, "Nothing here: check the address"),
    ("a token one character short", {"token": "short"}, 404, "Nothing here: check the address"),
    ("the read-only token posting", {"token": "read-only"}, 403, "This is the read-only link: it never writes."),
    ("another table's board", {"body": _with(board=4)}, 422, "Board 4 is played at table 1 in round 2, not now"),
    ("a board no table 1 plays", {"body": _with(board=10)}, 422, "Board 10 is not played at table 1"),
    ("a board of another round", {"body": _with(board=7)}, 422, "Board 7 is played at table 1 in round 3, not now"),
    ("a board beyond the game", {"body": _with(board=99)}, 422, "Board 99 is not played at table 1"),
    ("malformed JSON", {"raw": b'{"id": "x", "board": 1,'}, 400, "The body is not JSON"),
    ("JSON that is not an object", {"raw": b"[1, 2]"}, 400, "The body is not a result"),
    ("deep JSON", {"raw": b"[" * 2000 + b"]" * 2000}, 400, "The body is not JSON"),
    ("bytes that are not UTF-8", {"raw": b'{"id": "\xff"}'}, 400, "The body is not JSON"),
    ("not application/json", {"content_type": "text/plain"}, 415, "A table's request is JSON"),
    ("no content type", {"content_type": None}, 415, "A table's request is JSON"),
    ("a form post", {"content_type": "application/x-www-form-urlencoded"}, 415, "A table's request is JSON"),
    ("contract 8s", {"body": _with(contract="8s")}, 422, "'8s': the level must be 1 to 7"),
    ("declarer x", {"body": _with(declarer="x")}, 422, "'x' is not a seat: give N, E, S or W."),
    ("tricks 14", {"body": _with(tricks=14)}, 422, "Declarer cannot take 14 tricks: a hand has 13, so give 0 to 13."),
    ("tricks -1", {"body": _with(tricks=-1)}, 422, "Declarer cannot take -1 tricks: give the tricks declarer took, 0 to 13."),
    ("tricks 10**40", {"body": _with(tricks=10**40)}, 422, "'1000000000000000…' is not a result"),
    ("tricks as text", {"body": _with(tricks="ten")}, 400, "The tricks are a number"),
    ("tricks true", {"body": _with(tricks=True)}, 400, "The tricks are a number"),
    ("no declarer", {"body": _with(declarer=None)}, 422, "Say who declared: N, E, S or W."),
    ("no tricks", {"body": _with(tricks=None)}, 422, "The result is empty"),
    ("no contract", {"body": _with(contract=None)}, 400, "The contract is text in the pad's words"),
    ("an empty contract", {"body": _with(contract="")}, 422, "The contract is empty"),
    ("a board as text", {"body": _with(board="1")}, 400, "The board is its number"),
    ("no id", {"body": _with(id=None)}, 400, "A result needs its id"),
    ("an id that is a number", {"body": _with(id=7)}, 400, "The id is text"),
    ("an id too long", {"body": _with(id="x" * 65)}, 422, "A result needs an id of 1 to 64 plain characters"),
    ("an unknown field", {"body": _with(score=420)}, 400, "score is not a field of a result"),
    ("replace as text", {"body": _with(replace="yes")}, 400, "replace is true or false."),
    (
        "terminal escapes in the contract",
        {"body": _with(contract=ESC + "4S")},
        422,
        "'\\x1b[2J\\x1b]0;pwned\\x074S' is not a contract",
    ),
    ("terminal escapes in the declarer", {"body": _with(declarer=ESC)}, 422, "is not a seat: give N, E, S or W."),
    ("terminal escapes in the id", {"body": _with(id=ESC)}, 422, "A result needs an id of 1 to 64 plain characters"),
    ("terminal escapes in a field's name", {"body": {**RESULT, ESC: "x"}}, 400, "\\x1b[2J\\x1b]0;pwned\\x07 is not a field"),
    ("GET on results", {"method": "GET"}, 405, "results takes POST only."),
    ("a cross-site Origin", {"headers": {"Origin": "http://evil.example"}}, 403, "Refused: a table's results come from"),
    ("an Origin of another port", {"headers": {"Origin": "http://127.0.0.1:1"}}, 403, "Refused: a table's results come from"),
    ("a cross-site fetch", {"headers": {"Sec-Fetch-Site": "cross-site"}}, 403, "Refused: a table's results come from"),
    ("a same-site fetch from another port", {"headers": {"Sec-Fetch-Site": "same-site"}}, 403, "Refused"),
    # Strict input: what json and aiohttp would take quietly.
    (
        "a name given twice",
        {"raw": b'{"id": "d", "board": 1, "board": 2, "contract": "4S", "declarer": "N", "tricks": 10}'},
        400,
        'The body names "board" twice: each field is given once.',
    ),
    (
        "a passed-out board with a declarer",
        {"body": _with(contract="pass", tricks=None)},
        422,
        "A passed-out board has no declarer and no tricks: send the declarer only with a contract, or leave it out.",
    ),
    (
        "a passed-out board with tricks",
        {"body": _with(contract="Pass", declarer=None, tricks=7)},
        422,
        "A passed-out board has no declarer and no tricks: send the tricks only with a contract, or leave it out.",
    ),
    (
        "a compressed body",
        {"headers": {"Content-Encoding": "br"}},
        415,
        "A table's request is sent as it is: Content-Encoding is identity or not given.",
    ),
    ("a gzip body", {"headers": {"Content-Encoding": "gzip"}}, 415, "A table's request is sent as it is"),
    # DNS rebinding: another site's name, as Host and as Origin alike.
    (
        "another site's Host and Origin",
        {"headers": {"Host": "evil.example", "Origin": "http://evil.example"}},
        403,
        "Refused: this server answers only at the laptop's own address, as the laptop shows it.",
    ),
    (
        "another site's Host with the port",
        {"headers": {"Host": "evil.example:{port}", "Origin": "http://evil.example:{port}"}},
        403,
        "Refused: this server answers only at the laptop's own address",
    ),
    (
        "the laptop's Host, another site's Origin of that port",
        {"headers": {"Origin": "http://evil.example:{port}"}},
        403,
        "Refused: a table's results come from",
    ),
]


async def _bad(server: ShareServer, case: dict[str, Any]) -> Answer:
    token = {"wrong": "A" * 32, "none": "", "short": server.tables[1].token[:-1], "read-only": server.token}.get(
        case.get("token", ""), server.tables[1].token
    )
    path = f"/{token}/results" if token else "/results"
    got = await post(
        server.port,
        path,
        case.get("body", RESULT),
        raw=case.get("raw"),
        content_type=case.get("content_type", "application/json"),
        headers={k: v.replace("{port}", str(server.port)) for k, v in (case.get("headers") or {}).items()},
        method=case.get("method", "POST"),
    )
    assert got is not None
    return got


@pytest.mark.parametrize(("what", "case", "status", "sentence"), BAD, ids=[b[0] for b in BAD])
async def test_a_bad_input_is_a_4xx_with_a_sentence_and_writes_nothing(
    data_dir: Path, what: str, case: dict[str, Any], status: int, sentence: str
) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            before = folder_bytes(data_dir)
            got = await _bad(server, case)
            assert got.status == status, (what, got.status, got.raw)
            assert got.headers["content-type"].startswith("application/json"), got.headers
            assert got.headers["content-security-policy"] == "default-src 'self'"
            error = got.json["error"]
            assert isinstance(error, str) and error.startswith(sentence) or sentence in error, error
            assert error.endswith("."), error
            # Nothing from the request reaches the answer raw: no control character at all.
            assert all(ch.isprintable() for ch in error), repr(error)
            assert b"\x1b" not in got.raw
            assert folder_bytes(data_dir) == before
            assert results_of(data_dir) == []
    finally:
        pad.close()


async def test_a_1_mb_body_is_refused_unread_with_413(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            before = folder_bytes(data_dir)
            path = path_of(server.table_url(1)) + "results"
            big = json.dumps({**RESULT, "id": "x" * (1 << 20)}).encode()
            got = await post(server.port, path, raw=big)
            assert got is not None and got.status == 413
            assert got.json["error"] == f"A table's request is at most {MAX_BODY:,} bytes: a result is about a hundred."
            # Without a length given, read in chunks: refused once past the limit.
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(
                f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n".encode()
            )
            chunk = b"x" * 65536
            for _ in range(16):
                writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            writer.write(b"0\r\n\r\n")
            await writer.drain()
            raw = await asyncio.wait_for(reader.read(), 60)
            writer.close()
            assert raw.startswith(b"HTTP/1.1 413 "), raw[:100]
            # Just within the limit is read (and refused for what it says, not for its size).
            padded = json.dumps({**RESULT, "id": "y"}).encode()
            padded = padded[:-1] + b" " * (MAX_BODY - len(padded)) + b"}"
            assert len(padded) == MAX_BODY
            fits = await post(server.port, path, raw=padded)
            assert fits is not None and fits.status == 201
            after = results_of(data_dir)
            assert after == [("y", 1, 1, "4S")] and folder_bytes(data_dir) != before
    finally:
        pad.close()


async def test_the_table_s_own_page_may_post_and_a_same_origin_is_accepted(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            path = path_of(server.table_url(1)) + "results"
            origin = f"http://127.0.0.1:{server.port}"
            got = await post(server.port, path, RESULT, headers={"Origin": origin, "Sec-Fetch-Site": "same-origin"})
            assert got is not None and got.status == 201
    finally:
        pad.close()


async def test_a_table_s_page_its_script_and_style_are_served_under_its_token_only(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            base = path_of(server.table_url(2))
            for rest, kind in (
                ("", "text/html"),
                ("table.js", "text/javascript"),
                ("table.css", "text/css"),
                ("app.css", "text/css"),
            ):
                got = await post(server.port, base + rest, method="GET", content_type=None)
                assert got is not None and got.status == 200 and got.headers["content-type"].startswith(kind), rest
                assert got.headers["content-security-policy"] == "default-src 'self'"
                assert got.headers["cache-control"] == "no-store" and got.headers["referrer-policy"] == "no-referrer"
            for rest in ("table.js", "results", "check", "next"):
                got = await post(server.port, f"/{server.token}/{rest}", method="GET", content_type=None)
                assert got is not None and got.status in (403, 404), rest
            page = await post(server.port, base, method="GET", content_type=None)
            assert page is not None and b'<script src="table.js" defer></script>' in page.raw
            assert b"<script>" not in page.raw and b"style=" not in page.raw
    finally:
        pad.close()


async def test_a_fifth_phone_on_a_table_s_page_is_refused_with_503_and_the_others_are_not_counted(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            base = path_of(server.table_url(1))
            streams = [await Stream.open(server.port, base + "events") for _ in range(MAX_TABLE_VIEWERS)]
            await wait_for(lambda: server.table_viewers(1) == MAX_TABLE_VIEWERS, what="four phones at table 1")
            assert server.viewers == 0  # a table's phones are not the read-only page's watchers
            for rest in ("events", ""):
                full = await post(server.port, base + rest, method="GET", content_type=None)
                assert full is not None and full.status == 503, rest
                assert full.json["error"] == "4 phones have this page open already; try again when one has closed it."
            # Table 2's page, and the read-only one, are still open to phones.
            other = await Stream.open(server.port, path_of(server.table_url(2)) + "events")
            assert other.status == 200
            for stream in [*streams, other]:
                await stream.close()
            await wait_for(lambda: server.table_viewers(1) == 0, what="the phones gone")
    finally:
        pad.close()
