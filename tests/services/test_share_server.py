"""The shared view over HTTP: its token, its methods, its headers, its viewers, its state and
its events, read by a server on 127.0.0.1 as a phone reads it, beside a pad writing the folder."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import socket
from pathlib import Path

from support.builders import WORKED, hand
from support.cli import run_cli
from support.share import CHICAGO, Pad, Stream, folder_bytes, request, serving, wait_for

from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.services.history import INDEX_NAME
from bridgepad.services.share import links as share_links
from bridgepad.services.share.qr import qr_lines
from bridgepad.services.share.server import HEARTBEAT, MAX_VIEWERS, ShareServer
from bridgepad.services.share.source import FolderSource
from bridgepad.store.folder_lock import FolderLock

PATHS = ("", "state.json", "events", "app.js", "app.css")


def test_the_token_is_new_at_each_start_and_at_least_128_bits(tmp_path: Path) -> None:
    tokens = {ShareServer(FolderSource(tmp_path)).token for _ in range(20)}
    assert len(tokens) == 20
    for token in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", token), token
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128


def test_the_token_is_compared_in_constant_time() -> None:
    source = Path(share_links.__file__).read_text(encoding="utf-8")
    assert "hmac.compare_digest(" in source
    assert "== self._token" not in source and "== self.token" not in source


async def test_a_wrong_or_missing_token_is_404_on_every_path_and_method(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir) as server:
            token = server.token
            wrong = [
                "",
                "x",
                token[:-1],
                token + "x",
                token.upper() if token.upper() != token else token.lower(),
                "A" * len(token),
                "%2e%2e",
            ]
            for bad in wrong:
                for rest in PATHS:
                    for method in ("GET", "HEAD", "POST", "DELETE"):
                        status, headers, _ = await request(server.port, method, f"/{bad}/{rest}")
                        assert status == 404, (method, bad, rest, status)
                        assert headers["content-security-policy"] == "default-src 'self'"
            for path in ("/", f"/{token}", "/state.json", f"/{token}/nothing", f"/{token}/page/app.js", f"/x/{token}/"):
                status, _, _ = await request(server.port, "GET", path)
                assert status == 404, path
    finally:
        pad.close()


async def test_any_method_but_get_and_head_is_405(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir) as server:
            for rest in PATHS:
                for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
                    status, headers, _ = await request(server.port, method, f"/{server.token}/{rest}")
                    assert status == 405, (method, rest)
                    assert headers["allow"] == "GET, HEAD"
                status, headers, body = await request(server.port, "HEAD", f"/{server.token}/{rest}")
                assert status == 200 and body == b"", rest
    finally:
        pad.close()


async def test_every_response_carries_the_safety_headers(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir, max_viewers=1) as server:
            held = await Stream.open(server.port, f"/{server.token}/events")
            await wait_for(lambda: server.viewers == 1)
            cases = [("GET", f"/{server.token}/{rest}") for rest in PATHS if rest != "events"]
            cases += [("GET", "/nope/"), ("POST", f"/{server.token}/"), ("GET", f"/{server.token}/events")]
            seen = set()
            for method, path in cases:
                status, headers, _ = await request(server.port, method, path)
                seen.add(status)
                assert headers["content-security-policy"] == "default-src 'self'", path
                assert headers["cache-control"] == "no-store", path
                assert headers["referrer-policy"] == "no-referrer", path
            assert held.headers["cache-control"] == "no-store"
            assert seen == {200, 404, 405, 503}
            await held.close()
    finally:
        pad.close()


async def test_the_page_is_self_contained_and_builds_no_markup_from_the_data(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir) as server:
            _, headers, page = await request(server.port, "GET", f"/{server.token}/")
            assert headers["content-type"].startswith("text/html")
            html = page.decode("utf-8")
            # Nothing from anywhere else: every src and href is a file beside the page.
            assert re.findall(r'(?:src|href)="([^"]*)"', html) == ["app.css", "app.js"]
            assert "<script>" not in html and "<style" not in html and "style=" not in html
            _, headers, js = await request(server.port, "GET", f"/{server.token}/app.js")
            assert headers["content-type"].startswith("text/javascript")
            script = js.decode("utf-8")
            for unsafe in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "http://", "https://"):
                assert unsafe not in script, unsafe
            _, headers, css = await request(server.port, "GET", f"/{server.token}/app.css")
            assert headers["content-type"].startswith("text/css")
            assert "@import" not in css.decode("utf-8") and "url(" not in css.decode("utf-8")
    finally:
        pad.close()


def export_figures(data_dir: Path) -> dict[str, object]:
    done = run_cli(data_dir, "export", "--format", "json")
    assert done.returncode == 0, done.stderr
    (game,) = json.loads(done.stdout)["games"]
    return game["figures"]  # type: ignore[no-any-return]


async def state_of(server: ShareServer) -> dict[str, object]:
    status, headers, body = await request(server.port, "GET", f"/{server.token}/state.json")
    assert status == 200 and headers["content-type"].startswith("application/json")
    return json.loads(body)["state"]  # type: ignore[no-any-return]


async def test_state_json_has_the_figures_of_the_json_export_for_each_mode(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        pad.session.start(Game(players=("Ann", "Bob", "Cy", "Di")))
        pad.add(*WORKED)
        async with serving(data_dir) as server:
            state = await state_of(server)
            assert state["figures"] == export_figures(data_dir)
            # The worked rubber of the rules, by hand: We (N-S) 1,830, They 510, two games to one.
            assert state["pad"]["totals"] == ["1,830", "510"]  # type: ignore[index]
            assert state["pad"]["games"] == [2, 1]  # type: ignore[index]
            assert state["headline"] == "We win the rubber 2–1, 1,830 to 510, by 1,320."
            assert [s["names"] for s in state["sides"]] == ["Ann & Cy", "Bob & Di"]  # type: ignore[attr-defined]
            # Over: tonight's tally says who pays whom (1,320 to each of N-S from each of E-W).
            assert state["tally"]["payments"] == ["Bob pays Ann 1,320 points", "Di pays Cy 1,320 points"]  # type: ignore[index]

            pad.session.start(Game(mode=Mode.CHICAGO))
            pad.add(*CHICAGO)
            await wait_for(lambda: server.refresh() or server.version >= 2, what="the Chicago read")
            state = await state_of(server)
            assert state["mode"] == "chicago"
            assert state["figures"] == export_figures(data_dir)

            pad.session.start(Game(mode=Mode.DUPLICATE, settings=Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS)))
            pad.add(hand("4S", "N", "10", others=(420, 450, -50)), hand("3NT", "E", "8", others=(50,)))
            await wait_for(lambda: server.refresh() or server.version >= 3, what="the pairs game read")
            state = await state_of(server)
            assert state["mode"] == "duplicate"
            assert state["figures"] == export_figures(data_dir)
            # Board 1: +420 beats -50, ties 420, loses to 450: 3 of 6. Board 2: +50 ties: 1 of 2.
            # Board 2 had two results where board 1 had four: its 1 of 2 matchpoints factored by Neuberg's
            # formula to four results, (1 + 1) × 4 / 2 − 1 = 3 of 6; with board 1's 3 of 6, 6 of 12: 50%.
            assert state["boards"]["total"].split() == ["+470", "6/12", "50.00%"]  # type: ignore[index]
    finally:
        pad.close()


async def test_an_event_comes_for_each_change_of_the_folders_game(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        pad.add(WORKED[0])
        async with serving(data_dir) as server:
            stream = await Stream.open(server.port, f"/{server.token}/events")
            assert stream.status == 200 and stream.headers["content-type"].startswith("text/event-stream")
            first = (await state_of(server))["hands"]
            assert len(first) == 1  # type: ignore[arg-type]

            pad.add(WORKED[1])  # a new hand
            got = await stream.state(timeout=2)
            assert len(got["state"]["hands"]) == 2
            assert got["state"]["figures"]["NS"]["total"] == 420  # 90 + 30, then 300 for their 4HX two down

            pad.session.hands.replace(1, hand("4HX", "E", "9"))  # an edit: one down, 100 to us
            got = await stream.state(timeout=2)
            assert got["state"]["figures"]["NS"]["total"] == 220

            pad.session.undo()  # the edit taken back
            got = await stream.state(timeout=2)
            assert got["state"]["figures"]["NS"]["total"] == 420

            pad.session.start(Game(mode=Mode.CHICAGO))  # a new game
            got = await stream.state(timeout=2)
            assert got["state"]["mode"] == "chicago" and got["state"]["hands"] == []
            assert got["version"] == server.version
            await stream.close()
    finally:
        pad.close()


async def test_the_next_viewer_past_the_limit_is_refused_with_503(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir) as server:
            streams = [await Stream.open(server.port, f"/{server.token}/events") for _ in range(MAX_VIEWERS)]
            assert [s.status for s in streams] == [200] * MAX_VIEWERS
            await wait_for(lambda: server.viewers == MAX_VIEWERS)
            extra = await Stream.open(server.port, f"/{server.token}/events")
            assert extra.status == 503
            status, _, _ = await request(server.port, "GET", f"/{server.token}/")
            assert status == 503
            await streams[0].close()  # one phone closes its page: there is room again
            await wait_for(lambda: server.viewers == MAX_VIEWERS - 1, what="the closed viewer dropped")
            again = await Stream.open(server.port, f"/{server.token}/events")
            assert again.status == 200
            for s in [*streams[1:], again, extra]:
                await s.close()
            await wait_for(lambda: server.viewers == 0, what="every viewer dropped")
    finally:
        pad.close()


async def test_a_vanished_viewer_is_dropped_within_30_seconds(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir) as server:
            stream = await Stream.open(server.port, f"/{server.token}/events")
            await wait_for(lambda: server.viewers == 1)
            # A phone that went without closing: the heartbeat is sent and never acknowledged,
            # and the kernel gives the connection up once it has waited GIVE_UP for that.
            runner = server._runner
            assert runner is not None and runner.server is not None
            (handler,) = runner.server.connections
            assert handler.transport is not None
            sock = handler.transport.get_extra_info("socket")
            give_up = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
            assert give_up > 0 and HEARTBEAT + give_up / 1000 <= 30
            await stream.close()
    finally:
        pad.close()


async def test_a_viewer_hears_a_heartbeat_and_one_that_closed_is_dropped_at_the_next(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        async with serving(data_dir, heartbeat=0.2) as server:
            stream = await Stream.open(server.port, f"/{server.token}/events")
            await wait_for(lambda: server.viewers == 1)
            line = ""
            while not line.startswith(":"):
                line = await asyncio.wait_for(stream._line(), 5)
            stream.writer.transport.abort()  # gone without a word
            await wait_for(lambda: server.viewers == 0, what="the vanished viewer dropped")
    finally:
        pad.close()


async def test_viewers_change_no_byte_of_the_folder_and_take_no_lock(data_dir: Path) -> None:
    pad = Pad(data_dir)
    try:
        pad.add(*WORKED)  # a finished rubber: its tally is read too, and no index is written for it
        (data_dir / INDEX_NAME).unlink(missing_ok=True)
        holder = FolderLock(data_dir).holder()
        assert holder is not None
        before = folder_bytes(data_dir)
        async with serving(data_dir) as server:
            streams = [await Stream.open(server.port, f"/{server.token}/events") for _ in range(5)]
            for _ in range(3):
                for rest in PATHS:
                    if rest != "events":
                        status, _, _ = await request(server.port, "GET", f"/{server.token}/{rest}")
                        assert status == 200
            assert server.refresh() is False  # nothing changed, nothing is sent
            for s in streams:
                await s.close()
        assert folder_bytes(data_dir) == before
        assert FolderLock(data_dir).holder() == holder
        assert not FolderLock(data_dir).try_acquire()  # the pad still holds it
    finally:
        pad.close()


def test_the_qr_code_draws_segnos_modules_two_rows_a_line() -> None:
    import segno

    url = "http://127.0.0.1:8000/abcdefghijklmnopqrstuvwxyz012345/"
    lines = qr_lines(url, border=0)
    top = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    modules = [[top[c][half] for c in line] for line in lines for half in (0, 1)]
    matrix = [list(row) for row in segno.make(url, error="l", micro=False).matrix]
    assert modules[: len(matrix)] == matrix
    light = qr_lines(url, border=0, light=True)
    flipped = {"█": " ", "▀": "▄", "▄": "▀", " ": "█"}
    assert light[:-1] == ["".join(flipped[c] for c in line) for line in lines][:-1]
