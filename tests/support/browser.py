"""A real browser for the web tests: Debian's Chromium driven by Playwright, at a phone's size.

Playwright's own browser download cannot work here, so the browser is the system's
(``apt-get install chromium``); where there is none, or Playwright is missing, the tests that
ask for ``browser`` skip and say why. The screenshot scripts (tests/tools/) launch it alike.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PHONE = {"width": 390, "height": 844}
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found (apt-get install chromium): the browser tests need one")
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=path, args=ARGS)
        except Error as e:
            pytest.skip(f"Chromium at {path} would not start: {str(e).splitlines()[0]}")
        yield b
        b.close()


def smallest_text(page: Any) -> float:
    """The smallest font size, in CSS pixels, of any element that shows text."""
    return float(
        page.evaluate(
            """() => {
        let least = Infinity;
        for (const e of document.querySelectorAll('body *')) {
            const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (own && e.getClientRects().length) least = Math.min(least, parseFloat(getComputedStyle(e).fontSize));
        }
        return least;
    }"""
        )
    )


def no_sideways_scroll(page: Any) -> bool:
    # Against the phone's width itself: a mobile browser widens its viewport to a page too wide.
    width = PHONE["width"]
    return bool(
        page.evaluate(
            "(w) => window.innerWidth === w && document.documentElement.scrollWidth <= w && document.body.scrollWidth <= w",
            width,
        )
    )
