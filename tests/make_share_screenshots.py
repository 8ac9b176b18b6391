"""Writes the pictures of the shared view, as a phone shows it, to screenshots/ at the top of the repo.

    python tests/make_share_screenshots.py
    python tests/make_share_screenshots.py --out /tmp/shots

``share-screen.svg``: the pad's share key pressed, at 80×24: the address, its QR
code and how many phones watch. ``share-phone-light.png``: the worked rubber of the rules mid-way, in a phone's light
setting; ``share-phone-dark.png``: the same rubber won, with tonight's tally and who
pays whom, in its dark setting. Both at 390×844 (CSS pixels, drawn at twice that), in
Debian's Chromium driven by Playwright, reading ``bridgepad share`` on a fresh data
folder in a temporary directory; nothing is read from or written to your own data.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from builders import WORKED
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
        while not isinstance(app.screen, ShareScreen):
            await pilot.pause(0.01)
        await pilot.pause()
        return Path(app.save_screenshot(filename="share-screen.svg", path=str(out)))


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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
