"""docs/boards.md says how bridgepad deals, closely enough to deal the same boards: this
test deals from the page's words alone (its own SHA-256 stream, draws and shuffle, nothing
of bridgepad's dealer) and gets bridgepad's boards. The page must name the shuffle's
direction: Fisher–Yates upward (i from 0) deals other boards from the same numbers."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from bridgepad.core.boards.dealing import deal_boards

PAGE = Path(__file__).resolve().parents[2] / "docs" / "boards.md"
RANKS = "AKQJT98765432"


def the_page_s_steps() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", text[text.index("The dealing is bridgepad's own") :][:2500]).replace("*", "")


def stream(seed: int, board: int):  # type: ignore[no-untyped-def]
    i = 0
    while True:
        digest = hashlib.sha256(f"bridgepad-deal-1:{seed}:{board}:{i}".encode("ascii")).digest()
        yield from (int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4))
        i += 1


def draw_below(n: int, words) -> int:  # type: ignore[no-untyped-def]
    for w in words:
        if w < 2**32 - 2**32 % n:
            return w % n
    raise AssertionError


def dealt(seed: int, board: int, downward: bool = True) -> tuple[str, str, str, str]:
    """The page's five steps; ``downward`` False is the other Fisher–Yates."""
    pack = [(suit, rank) for suit in range(4) for rank in RANKS]  # ♠A first, ♣2 last
    words = stream(seed, board)
    if downward:
        for i in range(51, 0, -1):
            j = draw_below(i + 1, words)
            pack[i], pack[j] = pack[j], pack[i]
    else:
        for i in range(51):
            j = i + draw_below(52 - i, words)
            pack[i], pack[j] = pack[j], pack[i]
    hands = []
    for k in range(4):  # North, East, South, West: 13 cards each, in the pack's order
        cards = pack[13 * k : 13 * (k + 1)]
        hands.append(".".join("".join(r for r in RANKS if (s, r) in cards) for s in range(4)))
    return (hands[0], hands[1], hands[2], hands[3])


def test_the_page_names_each_step_as_the_dealer_takes_it() -> None:
    steps = the_page_s_steps()
    for words in (
        "bridgepad-deal-1:s:b:i",
        "eight big-endian 32-bit words",
        "w < 2³² − (2³² mod n)",
        "for i from 51 down to 1, draw j below i + 1",
        "swap the cards at positions i and j",
        "cards 0–12 to North, 13–25 to East, 26–38 to South, 39–51 to West",
    ):
        assert words in steps, words


def test_the_page_s_dealing_deals_bridgepad_s_boards() -> None:
    for seed in (0, 7, 2026, 10**18 - 1):
        for board, deal in deal_boards(seed, range(1, 17)):
            assert dealt(seed, board) == deal.hands, (seed, board)
    # The direction matters: the upward form deals other boards from the same stream.
    assert all(dealt(7, b, downward=False) != d.hands for b, d in deal_boards(7, range(1, 17)))
