"""Writes the pictures of the shared view, as a phone shows it, to screenshots/ at the top of the repo.

    python tests/tools/make_share_screenshots.py
    python tests/tools/make_share_screenshots.py --out /tmp/shots

``share-screen.svg``: the pad's share key pressed, at 80×24: the address, its QR
code and how many phones watch. ``share-phone-light.png``: the worked rubber of the rules mid-way, in a phone's light
setting; ``share-phone-dark.png``: the same rubber won, with tonight's tally and who
pays whom, in its dark setting. Both at 390×844 (CSS pixels, drawn at twice that), in
Debian's Chromium driven by Playwright, reading ``bridgepad share`` on a fresh data
folder in a temporary directory; nothing is read from or written to your own data.

The walk-throughs' two evenings (tests/support/several.py), each served by ``bridgepad share
--entry`` and entered as their tables' phones enter them. The four-table Mitchell (12 boards,
3 rounds of 3): ``share-tables-screen.svg``, the pad's share key in it, at 80×24, showing table
1's code; ``share-table-start.png``, table 2's phone at the start of round 1 (its pairs and its
boards); ``share-table-light.png``, the same phone with board 4 scored and East-West asked to
agree, in the light; ``share-table-dark.png``, the same phone once its round's last board is in
(where everyone goes next), in the dark; ``share-tables-watching.png``, the read-only page of
the session as the laptop's pictures have it: the tables' progress, the ranking, the
travellers. The team match (8 boards, 2 rounds of 4), from table 1's phone:
``share-team-agree.png``, its first board scored and East-West asked to agree;
``share-team-round.png``, its round's last board in, the sets about to change tables;
``share-team-watching.png``, the read-only page once the match is over.
"""

from __future__ import annotations

import argparse
import json
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from support.waiting import settle, until

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))  # the tests' own package, support, as under pytest

from support.browser import ARGS, PHONE, chromium_path
from support.builders import WORKED
from support.entry import EntryProcess, result_now, send_now
from support.several import MITCHELL, TEAM_MATCH, Entry, mitchell, on_pad, team_match
from support.share import Pad, env_without_data_dir

from bridgepad.core.rules.game import Game

OUT = TESTS.parent / "screenshots"
PLAYERS = ("Ann", "Bob", "Cy", "Di")


async def shoot_share_screen(root: Path, out: Path) -> Path:
    from support.snapshot_apps.keyboard import keyboard
    from support.snapshot_apps.scenarios import make_app

    from bridgepad.tui.screens.share_screen import ShareScreen

    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        await settle(pilot)
        return Path(app.save_screenshot(filename="share-screen.svg", path=str(out)))


async def shoot_tables_screen(root: Path, out: Path) -> Path:
    from support.snapshot_apps.keyboard import keyboard
    from support.snapshot_apps.scenarios import make_app

    from bridgepad.tui.screens.share_screen import ShareScreen

    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        await keyboard(pilot, ["right"])
        assert app.sharing is not None
        await until(pilot, lambda: "Table 1" in str(app.screen.query_one("#share-name").render()), "table 1's code")
        await settle(pilot)
        return Path(app.save_screenshot(filename="share-tables-screen.svg", path=str(out)))


def phone(browser: Any, scheme: str = "light") -> tuple[Any, Any]:
    """A phone-sized page of its own (a context and its page), in the phone's light or dark setting."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme)
    return context, context.new_page()


def send(shared: EntryProcess, entries: Sequence[Entry]) -> None:
    """``entries`` sent as their tables' phones send them (support.several's form), over HTTP."""
    for entry in entries:
        if entry is None:
            for table, url in shared.tables.items():
                state = json.loads(urllib.request.urlopen(url + "state.json", timeout=60).read())["state"]
                assert send_now(url, "next", {"round": state["round"]})[0] == 200, table
            continue
        table, board, contract, declarer, tricks = entry
        fields = {"contract": contract, "declarer": declarer or None, "tricks": int(tricks) if tricks else None}
        status, _ = result_now(shared.tables[table], id=f"t{table}-b{board}", board=board, **fields)
        assert status == 201, (entry, status)


def enter_on(page: Any, entry: Entry) -> None:
    """``entry``'s board typed on its table's phone and scored: East-West are asked to agree."""
    assert entry is not None
    _, board, contract, declarer, tricks = entry
    page.wait_for_selector(f"#enter-{board}")
    page.tap(f"#enter-{board}")
    page.fill("#contract", contract)
    if declarer:
        page.tap(f"#declarer-{declarer}")
    page.fill("#tricks", tricks)
    page.tap("#check")
    page.wait_for_selector("#agree")


def shot(page: Any, out: Path, name: str, shots: list[Path]) -> None:
    page.screenshot(path=str(out / name))
    shots.append(out / name)


def agreed(browser: Any, url: str, entry: Entry, path: Path, shots: list[Path], start: Path | None = None) -> None:
    """A table's phone, in the light, entering ``entry``'s board: its picture once East-West are
    asked to agree (and at the round's start, to ``start``), then agreed and saved."""
    context, page = phone(browser)
    page.goto(url)
    page.wait_for_selector("#boards")
    if start is not None:
        shot(page, start.parent, start.name, shots)
    enter_on(page, entry)
    shot(page, path.parent, path.name, shots)
    page.tap("#agree")
    page.wait_for_selector("#flash")
    context.close()


def round_over(browser: Any, url: str, last: Entry, path: Path, shots: list[Path]) -> None:
    """A table's phone, in the dark, entering its round's ``last`` board: where everyone goes next."""
    context, page = phone(browser, "dark")
    page.goto(url)
    enter_on(page, last)
    page.tap("#agree")
    page.wait_for_selector("#next")
    page.evaluate("() => document.querySelector('#move').scrollIntoView({block: 'end'})")
    shot(page, path.parent, path.name, shots)
    context.close()


def watching(browser: Any, root: Path, out: Path, name: str, tables: int, shots: list[Path]) -> None:
    """The read-only page of the game on ``root``'s pad, its ranking in view."""
    shared = EntryProcess(root, tables)
    try:
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, color_scheme="light")
        page = context.new_page()
        page.goto(shared.url)
        page.wait_for_selector("#ranking table")
        page.evaluate("() => document.querySelector('#ranking').scrollIntoView()")
        shot(page, out, name, shots)
        context.close()
    finally:
        shared.end()
        shared.close()


@contextmanager
def entry_served(root: Path, tables: int) -> Iterator[EntryProcess]:
    """``bridgepad share --entry`` on ``root``, its ``tables`` links read, ended when done."""
    shared = EntryProcess(root, tables)
    try:
        yield shared
    finally:
        shared.end()
        shared.close()


def shoot_team_match(browser: Any, root: Path, ended: Path, out: Path) -> list[Path]:
    """The team match of the walk-through (support.several.TEAM_MATCH) from table 1's phone: its
    first board scored, East-West asked to agree; then its round's last board in, where everyone
    goes. Then the read-only page of the match over: the teams' IMPs and victory points."""
    shots: list[Path] = []
    on_pad(root, team_match(()))
    with entry_served(root, 2) as shared:
        agreed(browser, shared.tables[1], TEAM_MATCH[0], out / "share-team-agree.png", shots)  # board 1: 4S= by N
        send(shared, TEAM_MATCH[1:6])  # boards 2 and 3 at table 1, 5 to 7 at table 2
        round_over(browser, shared.tables[1], TEAM_MATCH[6], out / "share-team-round.png", shots)  # board 4
    on_pad(ended, team_match())
    watching(browser, ended, out, "share-team-watching.png", 2, shots)
    return shots


def shoot_tables(browser: Any, root: Path, watched: Path, out: Path) -> list[Path]:
    """The four-table Mitchell of the walk-through (support.several.MITCHELL) from table 2's phone in
    round 1: board 4 typed, then scored with East-West asked to agree; its round's last board in,
    where everyone goes. Then the read-only page of the session as the laptop's pictures have it."""
    shots: list[Path] = []
    on_pad(root, mitchell((), with_change=False))
    with entry_served(root, 4) as shared:
        send(shared, MITCHELL[:1])
        start = out / "share-table-start.png"
        agreed(browser, shared.tables[2], MITCHELL[1], out / "share-table-light.png", shots, start)  # board 4: 3NT= by S
        send(shared, MITCHELL[2:9])
        round_over(browser, shared.tables[2], MITCHELL[9], out / "share-table-dark.png", shots)  # board 6
    on_pad(watched, mitchell())
    watching(browser, watched, out, "share-tables-watching.png", 4, shots)
    return shots


def main(argv: list[str] | None = None) -> int:
    import asyncio

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNG files (default: {OUT})")
    args = parser.parse_args(argv)
    path = chromium_path()
    if path is None:
        print("No Chromium found: apt-get install chromium", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bridgepad-share-shot-") as tmp:
        root = Path(tmp) / "data"
        pad = Pad(root)
        pad.session.start(Game(players=PLAYERS))
        pad.add(*WORKED[:5])
        pad.close()
        print(asyncio.run(shoot_share_screen(root, args.out)))
        pad = Pad(root)
        share = subprocess.Popen(
            [sys.executable, "-m", "bridgepad", "share", "--data-dir", str(root), "--port", "0"],
            stdout=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env=env_without_data_dir(),
        )
        try:
            assert share.stdout is not None
            url = share.stdout.readline().strip()
            assert re.fullmatch(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/", url), url
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=path, args=ARGS)
                for scheme, name in (("light", "share-phone-light.png"), ("dark", "share-phone-dark.png")):
                    if scheme == "dark":
                        pad.add(*WORKED[5:])  # the rubber won: the result and tonight's tally
                    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, color_scheme=scheme)
                    page = context.new_page()
                    page.goto(url)
                    page.wait_for_selector("#tally" if scheme == "dark" else "#hands")
                    if scheme == "dark":
                        page.evaluate("() => document.querySelector('#tally').scrollIntoView()")
                    page.screenshot(path=str(args.out / name))
                    context.close()
                    print(args.out / name)
                browser.close()
        finally:
            share.send_signal(signal.SIGTERM)
            share.communicate(timeout=30)
            pad.close()
        # A game of several tables: the pad's share screen first (asyncio's loop), then the phones.
        tables = Path(tmp) / "tables"
        on_pad(tables, mitchell((), with_change=False))
        print(asyncio.run(shoot_tables_screen(tables, args.out)))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, args=ARGS)
            made = shoot_tables(browser, Path(tmp) / "mitchell", Path(tmp) / "watched", args.out)
            made += shoot_team_match(browser, Path(tmp) / "team-match", Path(tmp) / "team-match-over", args.out)
            for picture in made:
                print(picture)
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
