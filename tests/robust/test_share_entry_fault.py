"""Faults: ``bridgepad share --entry`` killed with SIGKILL between submissions, and once while
four were on their way, then started again (new links, as at every start): every result a
phone was told was saved is in the file, and the phones' next submissions (and their
unanswered ones, sent again with the same id) go through, each recorded once.

The pad itself, serving the tables from its share key, killed the same way: the real app in a
pseudo-terminal (``support.robust.pty_app``), its links read off its share screen."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support.entry import EntryProcess, path_of, post, saved_game, send_now, several_game
from support.robust.pty_app import PtyApp

TABLES = 4
KILL_BETWEEN = (2, 5, 10)  # killed after these steps (a step: every table's next action, at once)
KILL_DURING = 7  # at this step, killed with table 4's request half sent: the others answered first


def actions(movement: Any) -> dict[int, list[dict[str, Any]]]:
    """Each table's session in order: each round's boards, then its move on."""
    out: dict[int, list[dict[str, Any]]] = {}
    for s in movement.sittings:
        for board in s.boards:
            body = {"id": f"t{s.table}-b{board}", "board": board, "contract": "2S", "declarer": "N", "tricks": 7 + board % 3}
            out.setdefault(s.table, []).append({"what": "results", "body": body})
        out[s.table].append({"what": "next", "body": {"round": s.round}})
    return out


async def half_sent(port: int, url: str, action: dict[str, Any], killed: asyncio.Event) -> int | None:
    """The request's head and half its body, and then nothing more until the process is killed: no answer."""
    body = json.dumps(action["body"]).encode()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"POST {path_of(url)}{action['what']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
        + body[: len(body) // 2]
    )
    await writer.drain()
    await killed.wait()
    try:
        got = await asyncio.wait_for(reader.read(), 30)
    except OSError:
        got = b""
    writer.close()
    return int(got.split()[1]) if got else None


async def attempt(port: int, url: str, action: dict[str, Any]) -> int | None:
    """One action sent; its status, or None if no answer came (the process gone)."""
    try:
        got = await post(port, path_of(url) + action["what"], action["body"])
    except (TimeoutError, OSError, IndexError):
        return None
    return got.status if got is not None else None


@pytest.mark.slow
def test_killed_between_submissions_every_result_told_saved_is_there_and_the_next_go_through(data_dir: Path) -> None:
    pad = several_game(data_dir, tables=TABLES, boards=12)
    inputs = pad.session.game.several_tables
    assert inputs is not None
    todo = actions(inputs.setup.movement())
    pad.close()
    at = dict.fromkeys(todo, 0)  # each phone's next action: one not answered is sent again, with its id
    told_saved: set[str] = set()
    lost_on_the_way = 0
    shared = EntryProcess(data_dir, TABLES)
    kills = 0
    try:
        step = 0
        while any(at[t] < len(todo[t]) for t in todo):
            step += 1

            async def each_table(step: int = step) -> int:
                async def run(table: int) -> bool:
                    if at[table] == len(todo[table]):
                        return True
                    action = todo[table][at[table]]
                    if step == KILL_DURING and table == TABLES:
                        status = await half_sent(shared.port, shared.tables[table], action, killed)
                    else:
                        status = await attempt(shared.port, shared.tables[table], action)
                    if status is None:
                        return False  # no answer: the phone sends it again
                    assert status in (200, 201), (table, action, status)
                    if action["what"] == "results":
                        told_saved.add(action["body"]["id"])
                    at[table] += 1
                    return True

                killed = asyncio.Event()
                tasks = [asyncio.ensure_future(run(t)) for t in todo]
                if step == KILL_DURING:
                    await asyncio.gather(*tasks[:-1])
                    shared.process.kill()
                    killed.set()
                return sum(1 for answered in await asyncio.gather(*tasks) if not answered)

            lost_on_the_way += asyncio.run(each_table())
            if step in KILL_BETWEEN or step == KILL_DURING:
                if shared.process.poll() is None:
                    shared.kill()
                else:
                    shared.process.communicate(timeout=30)
                kills += 1
                # Every result a phone was told was saved is in the file the killed process left.
                on_disk = saved_game(data_dir).several_tables
                assert on_disk is not None
                missing = told_saved - {r.id for r in on_disk.results}
                assert not missing, missing
                shared = EntryProcess(data_dir, TABLES)  # new links: the phones open them
        code, _, err = shared.end()
        assert code == 0, err
    finally:
        shared.close()
    assert kills == 4
    saved = saved_game(data_dir).several_tables
    assert saved is not None
    every = {a["body"]["id"] for acts in todo.values() for a in acts if a["what"] == "results"}
    assert told_saved == every and len(every) == 36
    ids = Counter(r.id for r in saved.results)
    assert set(ids) == every and set(ids.values()) == {1}, ids
    assert sorted(m.table for m in saved.moves) == sorted([1, 2, 3, 4] * 3)
    # The kill during a step left table 4's phone without its answer: sent again after, recorded once.
    assert lost_on_the_way == 1


TABLE_LINK = re.compile(r"table (\d): (http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]{32}/)")


def pad_links(app: PtyApp, tables: int) -> dict[int, str]:
    """The share key pressed on the pad: each table's link, as its share screen lists them."""
    since = app.mark()
    assert app.type("p")
    found: dict[int, str] = {}
    while len(found) < tables:
        assert app.wait_for(TABLE_LINK, since=since, timeout=30) is not None, app.screen_text(since)[-2000:]
        found = {int(t): url for t, url in TABLE_LINK.findall(app.screen_text(since))}
    return found


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_pad_killed_between_submissions_keeps_every_result_told_saved(data_dir: Path) -> None:
    """A team match (boards 1-4 at table 1, 5-8 at table 2 in round 1), entered from the pad's
    share key: each start takes a result from each table, then the pad is killed with SIGKILL.
    After each kill the file holds every result a phone was told was saved; the next start's
    links take the phones' next results, and a result sent again after the kill (a phone that
    never read its answer) is recorded once."""
    several_game(data_dir, tables=2, boards=8).close()
    told: dict[str, int] = {}  # each id a phone was told was saved, and its board
    last: tuple[int, dict[str, object]] | None = None
    for start, boards in enumerate(((1, 5), (2, 6), (3, 7))):
        with PtyApp(data_dir, cols=200, rows=50) as app:
            links = pad_links(app, 2)
            if last is not None:
                table, body = last  # the last result sent again, with its id, to the new link
                status, answer = send_now(links[table], "results", body)
                assert status == 200 and answer["repeat"] is True, (status, answer)
            for table, board in zip((1, 2), boards):
                body = {"id": f"s{start}-t{table}", "board": board, "contract": "3NT", "declarer": "S", "tricks": 9}
                status, answer = send_now(links[table], "results", body)
                assert status == 201 and answer["saved"] is True, (status, answer)
                told[str(body["id"])] = board
                last = (table, body)
            app.signal(signal.SIGKILL)
            assert app.wait(30) == -signal.SIGKILL
        on_disk = saved_game(data_dir).several_tables
        assert on_disk is not None
        ids = Counter(r.id for r in on_disk.results)
        assert set(ids) == set(told) and set(ids.values()) == {1}, (start, ids)  # each once, nothing lost
        assert {r.id: r.board for r in on_disk.results} == told
