"""Writes the pictures of the shared view, as a phone shows it, to screenshots/ at the top of the repo.

    python tests/make_share_screenshots.py
    python tests/make_share_screenshots.py --out /tmp/shots

``share-screen.svg``: the pad's share key pressed, at 80×24: the address, its QR
code and how many phones watch. ``share-phone-light.png``: the worked rubber of the rules mid-way, in a phone's light
setting; ``share-phone-dark.png``: the same rubber won, with tonight's tally and who
pays whom, in its dark setting. Both at 390×844 (CSS pixels, drawn at twice that), in
Debian's Chromium driven by Playwright, reading ``bridgepad share`` on a fresh data
folder in a temporary directory; nothing is read from or written to your own data.

A four-table Mitchell (12 boards, 3 rounds of 3) served by ``bridgepad share --entry``:
``share-tables-screen.svg``, the pad's share key in such a game, at 80×24, showing table
1's code; ``share-table-light.png``, table 1's phone asking East-West to agree a board, in
the light; ``share-table-dark.png``, table 2's phone once its round's last board is in
(where everyone goes next), in the dark; ``share-tables-watching.png``, the read-only page
of the session part way: the tables' progress, the ranking, the travellers.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from waiting import settle, until

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from builders import WORKED
from entry_support import EntryProcess, result_now, send_now, several_game
from share_support import Pad, env_without_data_dir
from test_share_browser import ARGS, PHONE, chromium_path

from bridgepad.core.rules.game import Game

OUT = HERE.parent / "screenshots"
PLAYERS = ("Ann", "Bob", "Cy", "Di")


async def shoot_share_screen(root: Path, out: Path) -> Path:
    from snapshot_apps.keyboard import keyboard
    from snapshot_apps.scenarios import make_app

    from bridgepad.tui.screens.share_screen import ShareScreen

    app = make_app(root)
    async with app.run_test(size=(80, 24)) as pilot:
        await keyboard(pilot, ["p"])
        await until(pilot, lambda: isinstance(app.screen, ShareScreen), "the share screen")
        await settle(pilot)
        return Path(app.save_screenshot(filename="share-screen.svg", path=str(out)))


NAMES = "NS1=Ann & Bob; EW1=Cy & Di; NS2=Eve & Fay; EW2=Gus & Hal; NS3=Ida & Jo; EW3=Kim & Lou; NS4=Max & Ned; EW4=Oz & Pat"


async def shoot_tables_screen(root: Path, out: Path) -> Path:
    from snapshot_apps.keyboard import keyboard
    from snapshot_apps.scenarios import make_app

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


def shoot_tables(browser: Any, root: Path, out: Path) -> list[Path]:
    """The phones at a four-table Mitchell in its second round, and the read-only page of it."""
    shots = []
    shared = EntryProcess(root, 4)
    try:
        # Round 1 at every table, then round 2 part way: table 4 has its boards in, tables 1 and 3 some.
        played = [
            (1, 1, "4S", "N", 10),
            (1, 2, "3NT", "S", 8),
            (1, 3, "2H", "E", 8),
            (2, 4, "3NT", "E", 9),
            (2, 5, "4H", "S", 11),
            (2, 6, "2HX", "W", 7),
            (3, 7, "2S", "W", 8),
            (3, 8, "4S", "N", 10),
            (3, 9, "pass", "", None),
            (4, 10, "6NT", "N", 12),
            (4, 11, "3C", "E", 8),
            (4, 12, "1NT", "S", 8),
        ]
        for table, board, contract, declarer, tricks in played:
            status, _ = result_now(
                shared.tables[table], id=f"r1-{board}", board=board, contract=contract, declarer=declarer or None, tricks=tricks
            )
            assert status == 201, (board, status)
        for table in (1, 2, 3, 4):
            assert send_now(shared.tables[table], "next", {"round": 1})[0] == 200
        for table, board, contract, declarer, tricks in (
            (1, 4, "3NT", "E", 10), (3, 10, "6NT", "N", 11), (3, 11, "2C", "E", 8),
            (4, 1, "4S", "N", 11), (4, 2, "3NT", "S", 9), (4, 3, "3H", "E", 9),
            (2, 7, "3S", "W", 9), (2, 8, "4S", "N", 10),
        ):  # fmt: skip
            status, _ = result_now(
                shared.tables[table], id=f"r2-{board}", board=board, contract=contract, declarer=declarer, tricks=tricks
            )
            assert status == 201, (board, status)
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme="light")
        page = context.new_page()
        page.goto(shared.tables[1])
        page.wait_for_selector("#enter-5")
        page.tap("#enter-5")
        page.fill("#contract", "4HX")
        page.tap("#declarer-S")
        page.fill("#tricks", "9")
        page.tap("#check")
        page.wait_for_selector("#agree")
        page.screenshot(path=str(out / "share-table-light.png"))
        shots.append(out / "share-table-light.png")
        context.close()
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme="dark")
        page = context.new_page()
        page.goto(shared.tables[2])
        page.wait_for_selector("#enter-9")
        page.tap("#enter-9")
        page.fill("#contract", "1NT")
        page.tap("#declarer-N")
        page.fill("#tricks", "8")
        page.tap("#check")
        page.wait_for_selector("#agree")
        page.tap("#agree")
        page.wait_for_selector("#next")
        page.evaluate("() => document.querySelector('#move').scrollIntoView({block: 'end'})")
        page.screenshot(path=str(out / "share-table-dark.png"))
        shots.append(out / "share-table-dark.png")
        context.close()
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, color_scheme="light")
        page = context.new_page()
        page.goto(shared.url)
        page.wait_for_selector("#traveller-9")
        page.evaluate("() => document.querySelector('#ranking').scrollIntoView()")
        page.screenshot(path=str(out / "share-tables-watching.png"))
        shots.append(out / "share-tables-watching.png")
        context.close()
    finally:
        shared.end()
        shared.close()
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
        several_game(tables, names=NAMES).close()
        print(asyncio.run(shoot_tables_screen(tables, args.out)))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, args=ARGS)
            for shot in shoot_tables(browser, tables, args.out):
                print(shot)
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
