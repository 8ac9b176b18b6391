"""The share server's paths, declared one by one, and how a change reaches it: the router's
own answers said as before, byte for byte; one save read once and pushed once; the server's
news of phones coming and going; a change published from another thread, read on its loop."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from support.builders import hand
from support.entry import path_of, result, serving_entry, several, several_game
from support.share import Pad, Stream, request, wait_for

from bridgepad.services.changes import GameChanged, Hub, Origin, SharingChanged
from bridgepad.services.session import Session
from bridgepad.services.share.folder_watch import FolderWatch
from bridgepad.services.share.server import ShareServer
from bridgepad.services.share.several_tables.desk import Desk
from bridgepad.services.share.source import FolderSource, SessionSource

NOT_FOUND = b'{"error": "Nothing here: check the address, as the laptop shows it (a table\'s own link, or the read-only one)."}'
READS_ONLY = b'{"error": "Only GET and HEAD here."}'
READ_ONLY = b'{"error": "This is the read-only link: it never writes. A table enters its results from its own link."}'
OTHER_GAME = b'{"error": "This table\'s link was for a game no longer on the pad: open the table\'s new link, from the laptop."}'


class CountingSource(SessionSource):
    """The app's source, counting each read of the game and the thread it was read in."""

    def __init__(self, session: Session) -> None:
        super().__init__(lambda: session)
        self.reads: list[int] = []

    def state(self) -> dict[str, Any]:
        self.reads.append(threading.get_ident())
        return super().state()


async def answered_as(port: int, cases: list[tuple[str, str, int, str | None, bytes]]) -> None:
    for method, path, status, allow, body in cases:
        got, headers, raw = await request(port, method, path)
        assert (got, headers.get("allow"), raw) == (status, allow, body), (method, path)
        assert headers["content-type"] == "application/json; charset=utf-8", (method, path)
        assert headers["content-security-policy"] == "default-src 'self'", (method, path)


def test_the_paths_are_declared_one_by_one_and_none_catches_all(tmp_path: Path) -> None:
    app = ShareServer(FolderSource(tmp_path)).app()
    resources = list(app.router.resources())
    assert len(resources) >= 6
    canonical = {r.canonical for r in resources}
    assert "/{tail:.*}" not in canonical and not any(".*" in c for c in canonical)
    assert {"/{token}/", "/{token}/state.json", "/{token}/events", "/{token}/results"} <= canonical
    methods = {r.canonical: {route.method for route in r} for r in resources}
    assert methods["/{token}/events"] == {"GET", "HEAD"} and methods["/{token}/next"] == {"POST"}


async def test_a_wrong_method_or_path_is_answered_byte_for_byte_as_before(data_dir: Path) -> None:
    # The bodies as the hand-written router answered them, before the paths were declared.
    pad = several_game(data_dir)
    try:
        async with serving_entry(pad.session) as server:
            ro, table = f"/{server.token}/", path_of(server.table_url(1))
            cases = [
                ("PUT", ro, 405, "GET, HEAD", READS_ONLY),
                ("POST", ro + "state.json", 405, "GET, HEAD", READS_ONLY),
                ("DELETE", ro + "events", 405, "GET, HEAD", READS_ONLY),
                ("OPTIONS", ro + "app.js", 405, "GET, HEAD", READS_ONLY),
                ("GET", ro + "results", 403, None, READ_ONLY),
                ("POST", ro + "check", 403, None, READ_ONLY),
                ("GET", ro + "nothing", 404, None, NOT_FOUND),
                ("POST", ro + "table.js", 404, None, NOT_FOUND),
                ("GET", ro + "app%2ejs", 404, None, NOT_FOUND),
                ("GET", ro + "a/b", 404, None, NOT_FOUND),
                ("GET", ro + "state.json/", 404, None, NOT_FOUND),
                ("GET", ro[:-1], 404, None, NOT_FOUND),
                ("GET", "/" + ro, 404, None, NOT_FOUND),
                ("GET", "/", 404, None, NOT_FOUND),
                ("GET", "/nope/", 404, None, NOT_FOUND),
                ("POST", "/nope/results", 404, None, NOT_FOUND),
                ("GET", "/%2e%2e/", 404, None, NOT_FOUND),
                ("GET", table + "results", 405, "POST", b'{"error": "results takes POST only."}'),
                ("PUT", table + "next", 405, "POST", b'{"error": "next takes POST only."}'),
                ("HEAD", table + "check", 405, "POST", b""),
                ("POST", table, 405, "GET, HEAD", READS_ONLY),
                ("PATCH", table + "state.json", 405, "GET, HEAD", READS_ONLY),
                ("GET", table + "app.js", 404, None, NOT_FOUND),
                ("POST", table + "app.js", 404, None, NOT_FOUND),
                ("GET", table + "nothing", 404, None, NOT_FOUND),
                ("GET", table + "results/", 404, None, NOT_FOUND),
            ]
            await answered_as(server.port, cases)
            pad.session.start(several(tables=3, boards=6))  # table 1's old link is retired
            await answered_as(
                server.port, [("GET", table, 410, None, OTHER_GAME), ("DELETE", table + "x", 410, None, OTHER_GAME)]
            )
    finally:
        pad.close()


async def test_one_phone_s_result_is_read_once_and_pushed_once(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        source = CountingSource(pad.session)
        server = ShareServer(source, desk=Desk(lambda: pad.session), changes=pad.session.changes, heartbeat=60)
        await server.start()
        try:
            watching = await Stream.open(server.port, f"/{server.token}/events")
            at_1 = await Stream.open(server.port, path_of(server.table_url(1)) + "events")
            await wait_for(lambda: server.viewers == 1 and server.table_viewers(1) == 1)
            reads, version = len(source.reads), server.version
            got = await result(server.port, server.table_url(1), id="a", board=1, contract="4S", declarer="N", tricks=10)
            assert got.status == 201
            assert len(source.reads) == reads + 1  # one save, one GameChanged, one read of the game
            assert (await watching.state())["version"] == version + 1
            assert (await at_1.state())["state"]["boards"][0]["result"]["ns_score"] == 420
            for stream in (watching, at_1):  # and nothing more: one push each
                try:
                    extra = await stream.event(timeout=0.5)
                except TimeoutError:
                    continue
                raise AssertionError(f"a second push: {extra}")
            assert server.version == version + 1 and len(source.reads) == reads + 1
            for stream in (watching, at_1):
                await stream.close()
        finally:
            await server.stop()
    finally:
        pad.close()


async def test_phones_coming_and_going_and_another_game_s_links_are_the_server_s_news(data_dir: Path) -> None:
    pad = several_game(data_dir)
    try:
        news: Hub[SharingChanged] = Hub()
        heard: list[SharingChanged] = []
        news.subscribe(heard.append)
        async with serving_entry(pad.session, news=news) as server:
            assert server.news is news
            heard.clear()
            stream = await Stream.open(server.port, f"/{server.token}/events")
            await wait_for(lambda: heard == [SharingChanged(1)], what="a phone watching, told once")
            await stream.close()
            await wait_for(lambda: heard == [SharingChanged(1), SharingChanged(0)], what="the phone gone, told once")
            heard.clear()
            pad.session.start(several(tables=3, boards=6))
            assert heard == [SharingChanged(0, links_changed=True)]
    finally:
        pad.close()


async def test_a_change_published_in_another_thread_is_read_on_the_server_s_loop(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        source = CountingSource(pad.session)
        server = ShareServer(source, changes=pad.session.changes)
        await server.start()
        try:
            reads = len(source.reads)
            change = GameChanged(pad.session.stored.id, "a test's change", Origin.PAD)
            thread = threading.Thread(target=pad.session.changes.publish, args=(change,))
            thread.start()
            await asyncio.get_running_loop().run_in_executor(None, thread.join)
            await wait_for(lambda: len(source.reads) == reads + 1, what="the change read")
            assert source.reads[-1] == threading.get_ident()  # the loop's thread, not the publisher's
        finally:
            await server.stop()
        assert len(pad.session.changes) == 0  # stopped: no longer listening
    finally:
        pad.close()


async def test_the_folder_watch_publishes_each_save_of_another_process_once(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        heard: list[GameChanged] = []
        async with FolderWatch(FolderSource(data_dir), every=0.05) as watch:
            watch.changes.subscribe(heard.append)
            pad.add(hand("1NT", "N", "7"))
            await wait_for(lambda: heard, what="the save seen")
            await asyncio.sleep(0.3)  # several looks more: nothing new on disk, nothing told
            assert [(e.game_id, e.origin) for e in heard] == [(pad.session.stored.id, Origin.OTHER_WINDOW)]
    finally:
        pad.close()


class HalfWritten(CountingSource):
    """A source whose next read fails as a file caught half-written would, once."""

    fail_next = False

    def state(self) -> dict[str, Any]:
        if self.fail_next:
            self.fail_next = False
            raise ValueError("half-written")
        return super().state()


async def test_a_read_that_fails_is_tried_again_once_shortly(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        source = HalfWritten(pad.session)
        server = ShareServer(source, changes=pad.session.changes)
        await server.start()
        try:
            version = server.version
            source.fail_next = True
            pad.add(hand("1NT", "N", "7"))  # published, read, failed: nothing sent yet
            assert server.version == version
            await wait_for(lambda: server.version == version + 1, what="the read again")
            await asyncio.sleep(0.5)
            assert server.version == version + 1 and len(source.reads) == 2  # the start's, the retry's: no more
        finally:
            await server.stop()
    finally:
        pad.close()
