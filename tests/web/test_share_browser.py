"""The shared view in a real browser: Debian's Chromium at a phone's size, driven by
Playwright, reading ``bridgepad share`` beside a pad that writes the folder.

Playwright's own browser download cannot work here, so the browser is the system's
(``apt-get install chromium``); where there is none, or Playwright is missing, these
tests skip and say why, and the HTTP tests still run.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import PHONE, browser, no_sideways_scroll, smallest_text
from support.builders import WORKED, hand
from support.share import CHICAGO, Pad, env_without_data_dir

from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import DuplicateScoring, Settings

__all__ = ["browser"]  # the module's browser: Debian's Chromium, or the tests skip and say why

SOON_MS = 3000  # a hand saved on the pad is on the phone within this


class Shared:
    """``bridgepad share`` on the folder, the first line read for its address."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bridgepad", "share", "--data-dir", str(root), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env=env_without_data_dir(),
        )
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        found = re.fullmatch(r"(http://127\.0\.0\.1:\d+/)[A-Za-z0-9_-]{22,}/", self.url)
        assert found is not None, (self.url, self.process.stderr.read() if self.process.stderr else "")
        self.origin = found.group(1)

    def close(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        _, err = self.process.communicate(timeout=30)
        assert self.process.returncode == 0, err


@pytest.fixture
def table(data_dir: Path) -> Iterator[tuple[Pad, Shared]]:
    pad = Pad(data_dir)
    shared = Shared(data_dir)
    try:
        yield pad, shared
    finally:
        shared.close()
        pad.close()


@pytest.fixture
def phone(browser: Any, table: tuple[Pad, Shared]) -> Iterator[Any]:
    """A phone-sized page that may ask only the shared view's own address for anything."""
    _, shared = table
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    yield page
    context.close()
    assert asked, "the page asked for nothing"
    elsewhere = [u for u in asked if not u.startswith(shared.origin)]
    assert elsewhere == []


def open_page(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#play")
    page.evaluate("window.__notReloaded = true")


def hand_rows(page: Any) -> int:
    return int(page.evaluate("document.querySelectorAll('#hands tr.hand').length"))


def wait_rows(page: Any, n: int) -> None:
    # A function, not an expression: the page's policy forbids evaluating strings (no 'unsafe-eval').
    page.wait_for_function("(n) => document.querySelectorAll('#hands tr.hand').length === n", arg=n, timeout=SOON_MS)


def test_the_phone_shows_the_pad_s_figures_without_sideways_scroll_in_text_of_14px(table: tuple[Pad, Shared], phone: Any) -> None:
    pad, shared = table
    # Long names, as a table may have them: still no sideways scroll.
    pad.session.start(Game(players=("Annabelle Fitzgerald-Smythe", "Bob", "Cyrus Montgomery-Jones", "Dionysia")))
    pad.add(*WORKED[:4])
    open_page(phone, shared.url)
    wait_rows(phone, 4)
    # By hand: 3♠ +1 (90 below, 30 above); 4♥X -2 (300 above us); 2♣ (40 below, game with the 90);
    # their 3NT with four aces (100 below, game; 150 above): We 460, They 250, a game each.
    assert phone.inner_text("#totals").split() == ["460", "250"]
    assert "Games We 1–1 They" in phone.inner_text("#play")
    assert phone.inner_text("#vulnerable") == "Both vulnerable"
    assert phone.inner_text("#need") == "Both sides need 100 for game"
    head = phone.inner_text("#pad thead")
    assert "Annabelle Fitzgerald-Smythe" in head and "We (N-S)" in head and "They (E-W)" in head
    assert no_sideways_scroll(phone)
    assert smallest_text(phone) >= 14


def test_a_hand_an_undo_and_a_new_rubber_reach_the_phone_within_3_s_without_a_reload(
    table: tuple[Pad, Shared], phone: Any
) -> None:
    pad, shared = table
    pad.add(WORKED[0])
    open_page(phone, shared.url)
    wait_rows(phone, 1)
    pad.add(WORKED[1])  # a hand
    wait_rows(phone, 2)
    assert phone.inner_text("#totals").split() == ["420", "0"]
    pad.session.undo()  # an undo
    wait_rows(phone, 1)
    assert phone.inner_text("#totals").split() == ["120", "0"]
    pad.add(*WORKED[1:])  # the rubber won, then the next begun
    phone.wait_for_selector("#tally", timeout=SOON_MS)
    assert "We win the rubber 2–1, 1,830 to 510, by 1,320." in phone.inner_text("#play")
    # Nobody named: each side is one row that settles for its two players, 1,320 each.
    assert phone.inner_text("#payments") == "East-West pays North-South 2,640 points"
    pad.session.start(Game())  # a new rubber
    phone.wait_for_function("() => !document.querySelector('#tally') && !document.querySelector('#hands')", timeout=SOON_MS)
    assert phone.inner_text("#title") == "Rubber 2"
    assert phone.evaluate("window.__notReloaded") is True


def test_names_reach_the_page_as_text_never_as_markup(table: tuple[Pad, Shared], phone: Any) -> None:
    pad, shared = table
    pad.session.start(Game(players=("<img src=x onerror=alert(1)>", "<b>Bob</b>", "Cy & Co", "Di")))
    pad.add(hand("3NT", "N", "9"))
    open_page(phone, shared.url)
    wait_rows(phone, 1)
    assert "<img src=x onerror=alert(1)> & Cy & Co" in phone.inner_text("#pad thead")
    assert phone.evaluate("document.querySelectorAll('img, b').length") == 0
    assert "<img src=x onerror=alert(1)> (N)" in phone.inner_text("#hands")


def test_chicago_and_duplicate_are_drawn_as_the_app_draws_them(table: tuple[Pad, Shared], phone: Any) -> None:
    pad, shared = table
    pad.session.start(Game(mode=Mode.CHICAGO))
    pad.add(*CHICAGO[:2])
    open_page(phone, shared.url)
    wait_rows(phone, 2)
    assert phone.inner_text("#title") == "Chicago 1"
    # Deal 3 of 4, dealt by South: the dealer's opponents, E-W, vulnerable.
    assert "Deal 3 of 4" in phone.inner_text("#play")
    assert phone.inner_text("#vulnerable") == "They (E-W) vulnerable"
    pad.session.start(Game(mode=Mode.DUPLICATE, settings=Settings(duplicate_scoring=DuplicateScoring.IMPS)))
    pad.add(hand("4S", "N", "10", others=(420,)), hand("3NT", "E", "9", others=(-400,)))
    phone.wait_for_selector("#boards", timeout=SOON_MS)
    wait_rows(phone, 2)
    boards = phone.inner_text("#boards").splitlines()
    # Board 1 +420 against +420: 0 IMPs. Board 2 their 3NT made, not vulnerable: -400 against -400, 0.
    assert boards[0].split() == ["Bd", "N-S", "Others", "IMPs"]
    assert boards[1].split() == ["1", "+420", "+420", "0"]
    assert boards[2].split() == ["2", "-400", "-400", "0"]
    assert no_sideways_scroll(phone)
    assert smallest_text(phone) >= 14


def test_light_and_dark_follow_the_phone(browser: Any, table: tuple[Pad, Shared]) -> None:
    pad, shared = table
    pad.add(WORKED[0])
    grounds = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=PHONE, color_scheme=scheme)
        page = context.new_page()
        open_page(page, shared.url)
        grounds[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        context.close()
    light = [int(x) for x in re.findall(r"\d+", grounds["light"])[:3]]
    dark = [int(x) for x in re.findall(r"\d+", grounds["dark"])[:3]]
    assert min(light) > 200 and max(dark) < 60, grounds


def test_a_wrong_token_is_404_in_the_browser_too(browser: Any, table: tuple[Pad, Shared]) -> None:
    _, shared = table
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    response = page.goto(shared.origin + "x" * 32 + "/")
    assert response is not None and response.status == 404
    context.close()
