"""The printable hand record in a real browser: Debian's Chromium driven by Playwright (as
tests/web/test_share_browser.py launches it), on screen and printed on A4, four boards a sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.browser import browser  # noqa: F401 (the fixture: one Chromium for the module)
from support.solved import SEVEN, seven_solved

from bridgepad.core.boards.board_set import BoardSet, DealtBoard
from bridgepad.core.rules.board_facts import all_board_facts
from bridgepad.core.rules.game import Game, Mode
from bridgepad.services.formats.hand_record_html import page


@pytest.fixture(scope="module")
def hand_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # The boards' solutions as the solver gives them (test_pbn_boards solves them afresh and checks the file).
    game = Game(mode=Mode.DUPLICATE, deals=BoardSet(tuple(DealtBoard(b, d) for b, d in SEVEN)))
    facts = all_board_facts(game, seven_solved())
    path = tmp_path_factory.mktemp("record") / "club.html"
    path.write_text(page(facts, "Boards 1-8, seed 7", "<b>not markup</b>"), encoding="utf-8")
    return path


def test_the_page_shows_each_board_with_its_diagram_table_and_par(browser, hand_record: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    p = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        p.goto(hand_record.as_uri())
        assert p.locator(".board").count() == 8
        first = p.locator("#board-1")
        assert first.locator("h2").inner_text().startswith("Board 1")
        assert "North deals · Nobody is vulnerable" in first.locator("h2").inner_text()
        south = first.locator(".hand.s").inner_text()
        assert "♠A K 10 8 6 5 4" in south.replace("\n", "") and "♥5" in south.replace("\n", "")
        assert first.locator(".par").inner_text() == "Par: 4♠ by N-S, +420"
        rows = first.locator(".dd tr").all_inner_texts()
        assert rows[0].split() == ["♣", "♦", "♥", "♠", "NT"]
        assert rows[1].split() == ["N", "5", "7", "7", "10", "8"]
        # Hearts and diamonds in red, spades and clubs in black.
        colours = p.evaluate("[...document.querySelectorAll('#board-1 .hand.n .suit')].map(e => getComputedStyle(e).color)")
        assert colours[1] == colours[2] != colours[0] == colours[3]
        # Two boards a row on screen, none wider than the page.
        boxes = [p.locator(f"#board-{n}").bounding_box() for n in (1, 2, 3)]
        assert boxes[0]["y"] == boxes[1]["y"] < boxes[2]["y"]
        assert p.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert "<b>not markup</b>" in p.locator("header").inner_text()  # outside text is text
    finally:
        p.close()


def test_printed_on_a4_each_sheet_holds_four_boards(browser, hand_record: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    p = browser.new_page()
    try:
        p.goto(hand_record.as_uri())
        p.emulate_media(media="print")
        pdf = tmp_path / "printed.pdf"
        p.pdf(path=str(pdf), format="A4", print_background=True)
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
        assert pages == 2
        # Each sheet's four boards stand within the sheet, two by two, none cut.
        for sheet in range(2):
            overflow = p.evaluate(
                f"(() => {{ const s = document.querySelectorAll('.sheet')[{sheet}]; "
                "return [...s.querySelectorAll('.board')].map(b => b.scrollHeight <= b.clientHeight + 1); })()"
            )
            assert overflow == [True] * 4
    finally:
        p.close()
