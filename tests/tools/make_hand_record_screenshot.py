"""Writes the printable hand record, as a real browser draws it, to screenshots/ at the top of the repo.

    python tests/tools/make_hand_record_screenshot.py
    python tests/tools/make_hand_record_screenshot.py --out /tmp/shots

Runs ``bridgepad deal --boards 1-8 --seed 7`` in a temporary folder (the hand record and
its page, solved double dummy by DDS), opens the page in Debian's Chromium driven by
Playwright, and writes ``hand-record.png`` (the first four boards as on screen, at
1100 px wide) and ``hand-record-print.png`` (the page as printed on A4: its first sheet,
four boards, drawn with the print styles at A4's width). Nothing is read from or written
to your own data.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))  # the tests' own package, support, as under pytest

from support.browser import ARGS, chromium_path

OUT = TESTS.parent / "screenshots"


def deal(folder: Path) -> Path:
    """The page of boards 1-8 of seed 7, dealt in ``folder`` by the real command."""
    out = folder / "club.pbn"
    subprocess.run(
        [sys.executable, "-m", "bridgepad", "deal", "--boards", "1-8", "--seed", "7", "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
        cwd=folder,
    )
    return folder / "club.html"


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the pictures (default: {OUT})")
    args = parser.parse_args(argv)
    path = chromium_path()
    if path is None:
        print("no Chromium found (apt-get install chromium)", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        page_file = deal(Path(tmp))
        browser = p.chromium.launch(executable_path=path, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 1500}, device_scale_factor=1)
            page.goto(page_file.as_uri())
            page.locator(".sheet").first.screenshot(path=str(args.out / "hand-record.png"))
            # A4 less its 10 mm margins is 190 × 277 mm: 718 × 1047 CSS pixels.
            printed = browser.new_page(viewport={"width": 718, "height": 1047}, device_scale_factor=1)
            printed.goto(page_file.as_uri())
            printed.emulate_media(media="print")
            sheet = printed.locator(".sheet").first.bounding_box()
            assert sheet is not None
            clip = {"x": 0, "y": 0, "width": 718, "height": sheet["y"] + sheet["height"]}
            printed.screenshot(path=str(args.out / "hand-record-print.png"), clip=clip)
        finally:
            browser.close()
    print(f"wrote {args.out / 'hand-record.png'} and {args.out / 'hand-record-print.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
