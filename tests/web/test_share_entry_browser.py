"""The phone at a table in a real browser: Debian's Chromium at 390×844, driven by Playwright,
against ``bridgepad share --entry`` on a four-table Mitchell (12 boards, 3 rounds of 3).

Each step of a board (the boards, the entry, the other side's agreement, the saved score,
the round over) fits the phone's width in text of 14 px at least; a mistake gets the pad's
sentence beside its field; nothing counts until East-West agree; a correction replaces the
board; a board another phone entered first is shown and replaced only when asked; a reply
lost on the way is sent again with the same id and recorded once; after the round's last
board the phone says where everyone goes and starts the next round; a sit-out round says
so; names are text, never markup; light and dark follow the phone. The read-only page of
the same game draws the tables, the ranking and the travellers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import PHONE, browser, no_sideways_scroll, smallest_text
from support.entry import EntryProcess, result_now, saved_game, several_game
from support.several import on_pad, team_match

__all__ = ["browser"]  # the module's browser: Debian's Chromium, or the tests skip and say why

SOON_MS = 3000
NAMES = "NS1=Annabelle Fitzgerald-Smythe & Bob; EW1=<img src=x onerror=alert(1)> & Cy <b>Co</b>"


@pytest.fixture
def shared(data_dir: Path, request: pytest.FixtureRequest) -> Iterator[EntryProcess]:
    more = getattr(request, "param", {})
    several_game(data_dir, names=NAMES, **more).close()
    process = EntryProcess(data_dir, 4)
    yield process
    code, _, err = process.end()
    process.close()
    assert code == 0, err


@pytest.fixture
def phone(browser: Any, shared: EntryProcess) -> Iterator[Any]:
    """A phone-sized page that may ask only the laptop's own address for anything."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    yield page
    context.close()
    origin = shared.url.rsplit("/", 2)[0] + "/"
    assert asked and [u for u in asked if not u.startswith(origin)] == []


def fits(page: Any) -> None:
    assert no_sideways_scroll(page), page.evaluate("document.documentElement.scrollWidth")
    assert smallest_text(page) >= 14


def enter(page: Any, board: int, contract: str, declarer: str, tricks: str, *, correct: bool = False) -> None:
    page.tap(f"#{'correct' if correct else 'enter'}-{board}")
    page.wait_for_selector("#contract")
    page.fill("#contract", contract)
    if declarer:
        page.tap(f"#declarer-{declarer}")
    page.fill("#tricks", tricks)
    page.tap("#check")


def open_table(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#boards, #sitout")


def in_file(root: Path) -> list[tuple[str, int, int]]:
    inputs = saved_game(root).several_tables
    assert inputs is not None
    return [(r.id, r.table, r.board) for r in inputs.results]


def test_a_board_entered_agreed_and_saved_fits_the_phone_at_every_step(shared: EntryProcess, phone: Any, data_dir: Path) -> None:
    open_table(phone, shared.tables[1])
    assert phone.inner_text("#title") == "Table 1"
    assert phone.inner_text("#round") == "Round 1 of 3"
    pairs = phone.inner_text("#pairs")
    assert "North-South" in pairs and "N-S 1" in pairs and "Annabelle Fitzgerald-Smythe & Bob" in pairs
    assert [phone.inner_text(f"#board-{b} .num") for b in (1, 2, 3)] == ["Board 1", "Board 2", "Board 3"]
    assert "Dealer East · N-S vulnerable" in phone.inner_text("#board-2")
    fits(phone)
    enter(phone, 1, "4s", "N", "10")
    phone.wait_for_selector("#agree")
    # The laptop's score, shown back; nothing counts until East-West agree.
    assert phone.inner_text("#agree-text") == "4♠ by North, 10 tricks (=)"
    assert phone.inner_text("#score") == "N-S +420"
    assert phone.inner_text("#agree") == "E-W agree"
    assert phone.inner_text("#ask").startswith("East-West (E-W 1, <img src=x onerror=alert(1)> & Cy <b>Co</b>)")
    fits(phone)
    assert in_file(data_dir) == []
    phone.tap("#agree")
    phone.wait_for_selector("#flash", timeout=SOON_MS)
    assert phone.inner_text("#flash") == "Board 1 saved: 4♠ by North, 10 tricks (=), N-S +420."
    assert [(t, b) for _, t, b in in_file(data_dir)] == [(1, 1)]
    phone.wait_for_selector("#board-1.in")
    assert "N-S +420" in phone.inner_text("#board-1")
    fits(phone)


def test_each_field_says_its_hint_once(shared: EntryProcess, phone: Any, tmp_path: Path) -> None:
    # The hint under the field, which stays while typing; not again inside the field as its placeholder.
    open_table(phone, shared.tables[1])
    phone.tap("#enter-1")
    phone.wait_for_selector("#contract")
    for field, hint in (("contract", "4S, 3NTX, 6HXX, or pass"), ("tricks", "tricks declarer took, 0 to 13")):
        assert phone.inner_text(f"#{field}-error") == hint
        assert not phone.get_attribute(f"#{field}", "placeholder"), field
    assert phone.inner_text("#declarer-error") == "N, E, S or W"
    fits(phone)
    phone.screenshot(path=str(tmp_path / "entry.png"))


def test_a_mistake_gets_the_pad_s_sentence_beside_its_field_and_nothing_is_sent(
    shared: EntryProcess, phone: Any, data_dir: Path
) -> None:
    open_table(phone, shared.tables[1])
    enter(phone, 2, "8s", "E", "9")
    phone.wait_for_selector("#contract-error.error")
    assert phone.inner_text("#contract-error") == "'8s': the level must be 1 to 7, then C, D, H, S or NT, e.g. 4S or 3NT."
    fits(phone)
    phone.fill("#contract", "3NT")
    phone.fill("#tricks", "14")
    phone.tap("#check")
    phone.wait_for_selector("#tricks-error.error")
    assert phone.inner_text("#tricks-error") == "Declarer cannot take 14 tricks: a hand has 13, so give 0 to 13."
    phone.fill("#tricks", "")
    phone.tap("#check")
    phone.wait_for_function("() => document.querySelector('#tricks-error').textContent.startsWith('The result is empty')")
    assert phone.input_value("#contract") == "3NT"  # what was typed stays
    assert in_file(data_dir) == []


def test_a_correction_before_the_round_ends_replaces_the_board(shared: EntryProcess, phone: Any, data_dir: Path) -> None:
    open_table(phone, shared.tables[1])
    enter(phone, 1, "4s", "N", "10")
    phone.tap("#agree")
    phone.wait_for_selector("#correct-1", timeout=SOON_MS)
    phone.tap("#correct-1")
    phone.wait_for_selector("#contract")
    assert phone.input_value("#contract") == "4S" and phone.input_value("#tricks") == "10"
    assert "picked" in (phone.get_attribute("#declarer-N", "class") or "")
    phone.fill("#tricks", "9")
    phone.tap("#check")
    phone.wait_for_selector("#agree")
    assert phone.inner_text("#score") == "N-S -50"  # one down, not vulnerable
    phone.tap("#agree")
    phone.wait_for_function(
        "() => document.querySelector('#board-1') && document.querySelector('#board-1').textContent.includes('N-S -50')"
    )
    assert [(t, b) for _, t, b in in_file(data_dir)] == [(1, 1), (1, 1)]
    inputs = saved_game(data_dir).several_tables
    assert inputs is not None and inputs.results[-1].hand.tricks == 9


def test_a_board_another_phone_entered_first_is_shown_and_replaced_only_when_asked(
    shared: EntryProcess, phone: Any, data_dir: Path
) -> None:
    open_table(phone, shared.tables[1])
    enter(phone, 3, "2H", "W", "8")
    phone.wait_for_selector("#agree")
    # Meanwhile the table's other phone (here a program) has entered board 3.
    status, _ = result_now(shared.tables[1], id="other", board=3, contract="1NT", declarer="S", tricks=7)
    assert status == 201
    phone.tap("#agree")
    phone.wait_for_selector("#replace-card", timeout=SOON_MS)
    assert phone.inner_text("#replace-text") == "In now: 1NT by South, 7 tricks (=), N-S +90."
    fits(phone)
    assert [i for i, _, _ in in_file(data_dir)] == ["other"]
    phone.tap("#replace")
    phone.wait_for_selector("#flash", timeout=SOON_MS)
    # Two hearts by West made, E-W vulnerable on board 3: 110 to E-W.
    assert "N-S -110" in phone.inner_text("#flash")
    ids = [i for i, _, _ in in_file(data_dir)]
    assert len(ids) == 2 and ids[0] == "other"


def test_a_reply_lost_on_the_way_is_sent_again_with_its_id_and_recorded_once(
    shared: EntryProcess, phone: Any, data_dir: Path
) -> None:
    lost: list[str] = []

    def lose_the_first_reply(route: Any) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # the laptop has it (and saves it) ...
        lost.append(route.request.post_data or "")
        route.abort("connectionreset")  # ... but the phone never hears back

    phone.route("**/results", lose_the_first_reply)
    open_table(phone, shared.tables[2])
    enter(phone, 4, "4H", "S", "10")
    phone.tap("#agree")
    phone.wait_for_selector("#flash", timeout=10_000)
    assert phone.inner_text("#flash") == "Board 4 saved: 4♥ by South, 10 tricks (=), N-S +620."
    assert len(lost) == 1
    assert [(t, b) for _, t, b in in_file(data_dir)] == [(2, 4)]
    (sent_id,) = re.findall(r'"id":"([0-9a-f]{32})"', lost[0])
    assert [i for i, _, _ in in_file(data_dir)] == [sent_id]


def test_a_phone_offline_never_says_live_and_says_so_again_once_back(
    shared: EntryProcess, phone: Any, data_dir: Path, tmp_path: Path
) -> None:
    open_table(phone, shared.tables[1])
    phone.wait_for_function("() => document.querySelector('#live').textContent === 'live'", timeout=SOON_MS)
    enter(phone, 1, "4s", "N", "10")
    phone.wait_for_selector("#agree")
    phone.context.set_offline(True)
    phone.tap("#agree")
    phone.wait_for_function("() => document.body.textContent.includes('No answer yet')", timeout=SOON_MS)
    # The page says it is sending again: the badge says the link is down, not "live".
    assert phone.inner_text("#live") == "offline"
    assert (phone.get_attribute("#live", "class") or "").split() == ["live", "off"]
    phone.screenshot(path=str(tmp_path / "offline.png"))
    phone.context.set_offline(False)
    phone.wait_for_selector("#flash", timeout=10_000)  # the result sent again, and saved once
    assert [(t, b) for _, t, b in in_file(data_dir)] == [(1, 1)]
    phone.wait_for_function("() => document.querySelector('#live').textContent === 'live'", timeout=10_000)


def test_after_the_last_board_the_phone_says_where_everyone_goes_and_starts_the_next_round(
    shared: EntryProcess, phone: Any
) -> None:
    for board, contract in ((1, "1NT"), (2, "2NT")):
        status, _ = result_now(shared.tables[1], id=f"b{board}", board=board, contract=contract, declarer="N", tricks=7)
        assert status == 201
    open_table(phone, shared.tables[1])
    assert phone.inner_text("#to-enter") == "Still to enter: board 3."
    enter(phone, 3, "pass", "", "")
    phone.wait_for_selector("#agree")
    assert phone.inner_text("#agree-text") == "Passed out" and phone.inner_text("#score") == "N-S 0"
    phone.tap("#agree")
    phone.wait_for_selector("#next", timeout=SOON_MS)
    assert phone.inner_text("#next ul").splitlines() == [
        "N-S 1 stays at table 1.",
        "E-W 1 moves to table 2.",
        "Boards 1–3 go to table 4.",
        "Round 2 here: N-S 1 v E-W 4, boards 4–6, from table 2.",
    ]
    fits(phone)
    phone.tap("#move")
    phone.wait_for_function(
        "() => document.querySelector('#round') && document.querySelector('#round').textContent === 'Round 2 of 3'"
    )
    assert [phone.inner_text(f"#board-{b} .num") for b in (4, 5, 6)] == ["Board 4", "Board 5", "Board 6"]
    assert "E-W 4" in phone.inner_text("#pairs")
    # Boards 4-6 are still at table 2, which has entered none of them: the phone says so and
    # offers no entry, until table 2's result comes (table 1 has moved on early).
    for b in (4, 5, 6):
        assert phone.inner_text(f"#waiting-{b}") == "Still at table 2: enter it once table 2 has sent its result."
        assert phone.query_selector(f"#enter-{b}") is None
    status, _ = result_now(shared.tables[2], id="t2-b4", board=4, contract="3NT", declarer="S", tricks=9)
    assert status == 201
    phone.wait_for_selector("#enter-4", timeout=SOON_MS)
    assert phone.query_selector("#waiting-4") is None and phone.query_selector("#enter-5") is None
    phone.tap("#played summary")
    assert "Round 1: N-S 1 v E-W 1, boards 1–3" in phone.inner_text("#played")
    fits(phone)


@pytest.mark.parametrize("shared", [{"pairs": "7"}], indirect=True)
def test_a_sit_out_round_says_so_and_moves_on(shared: EntryProcess, phone: Any) -> None:
    open_table(phone, shared.tables[4])
    assert phone.inner_text("#sitout") == "N-S 4 sits out round 1. No boards are played at this table."
    assert phone.query_selector("#boards") is None
    assert phone.inner_text("#move") == "Start round 2"
    fits(phone)
    phone.tap("#move")
    phone.wait_for_function("() => document.querySelector('#round').textContent === 'Round 2 of 3'")


def test_names_are_text_never_markup_and_light_and_dark_follow_the_phone(browser: Any, shared: EntryProcess) -> None:
    grounds = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=PHONE, color_scheme=scheme, is_mobile=True)
        page = context.new_page()
        open_table(page, shared.tables[1])
        assert "<img src=x onerror=alert(1)> & Cy <b>Co</b>" in page.inner_text("#pairs")
        assert page.evaluate("document.querySelectorAll('img, b').length") == 0
        grounds[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        context.close()
    light = [int(x) for x in re.findall(r"\d+", grounds["light"])[:3]]
    dark = [int(x) for x in re.findall(r"\d+", grounds["dark"])[:3]]
    assert min(light) > 200 and max(dark) < 60, grounds


def test_the_read_only_page_draws_the_tables_the_ranking_and_the_travellers(shared: EntryProcess, phone: Any) -> None:
    assert result_now(shared.tables[1], id="a", board=1, contract="4S", declarer="N", tricks=10)[0] == 201
    assert result_now(shared.tables[4], id="b", board=10, contract="3NT", declarer="W", tricks=10)[0] == 201
    phone.goto(shared.url)
    phone.wait_for_selector("#traveller-10")
    assert phone.inner_text("#results-in") == "2 of 36 results in"
    assert "1 of 3 in" in phone.inner_text("#table-1") and "0 of 3 in" in phone.inner_text("#table-2")
    # Board 10, both vulnerable: three no trump by West with an overtrick, 630 to E-W.
    assert phone.inner_text("#traveller-10 tbody").split() == ["4", "4", "3NT", "W", "+1", "-630"]
    assert "Annabelle Fitzgerald-Smythe & Bob" in phone.inner_text("#ranking")
    assert phone.evaluate("document.querySelectorAll('img, b').length") == 0
    fits(phone)


def test_a_team_match_s_read_only_page_ranks_the_teams_with_each_pair_s_label_whole(browser: Any, data_dir: Path) -> None:
    """The walk-through's team match over (team 1 +12 IMPs, 14.39 VPs on the WBF scale over 8
    boards): the teams in the ranking, the winners first, and no pair's label broken across two
    lines at its hyphen in the narrow column of a phone."""
    on_pad(data_dir, team_match())
    shared = EntryProcess(data_dir, 2)
    try:
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
        page = context.new_page()
        page.goto(shared.url)
        page.wait_for_selector("#ranking table")
        rows = [r.split("\t") for r in page.inner_text("#ranking tbody").splitlines()]
        assert [(r[0], r[1], r[3], r[4]) for r in rows] == [("1", "Team 1", "+12", "14.39"), ("2", "Team 2", "-12", "5.61")]
        labels = page.evaluate(
            "[...document.querySelectorAll('#ranking .label')].map(e => [e.textContent, e.getClientRects().length])"
        )
        assert [text for text, _ in labels] == ["N-S 1", "E-W 2", "N-S 2", "E-W 1"]
        assert all(lines == 1 for _, lines in labels), labels
        fits(page)
        context.close()
    finally:
        code, _, err = shared.end()
        shared.close()
    assert code == 0, err
