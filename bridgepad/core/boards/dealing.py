"""bridgepad's dealer: the same seed deals the same boards, on every Python and every machine.

The algorithm is written down here, not borrowed from ``random`` (whose shuffle may change
between Python versions), so a hand record can be dealt again from its seed years later:

1. The pack is laid out in order: ♠A ♠K … ♠2, ♥A … ♥2, ♦A … ♦2, ♣A … ♣2 (``cards.PACK``).
2. A stream of 32-bit numbers for board ``b`` of seed ``s``: SHA-256 of the ASCII text
   ``bridgepad-deal-1:<s>:<b>:<i>`` for i = 0, 1, 2 …, each digest read as eight
   big-endian 32-bit words, in order.
3. A number below ``n`` is drawn from the stream by rejection: a word ``w`` is taken when
   ``w < 2^32 - (2^32 mod n)`` (the largest multiple of ``n``), as ``w mod n``; otherwise
   the next word is tried. Every number below ``n`` is then equally likely.
4. Fisher–Yates: for ``i`` from 51 down to 1, draw ``j`` below ``i + 1`` and swap the
   cards at ``i`` and ``j``. Every order of the pack is equally likely.
5. The first 13 cards go to North, the next 13 to East, then South, then West.

Each board has a stream of its own, so board 9 of seed 7 is the same whether 1–16 or
9–12 are dealt. The dealer and vulnerability are the board's (``rules.boards``,
``rules.vulnerability``), not the dealer's to choose.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from bridgepad.core.boards.cards import HAND_SIZE, PACK, Card, Deal, deal_of
from bridgepad.core.model import SEATS, Seat

ALGORITHM = "bridgepad-deal-1"  # the stream's label: a new algorithm would take a new one
MAX_SEED = 10**18 - 1  # a seed is a whole number of at most 18 digits
WORD = 1 << 32


def _words(seed: int, board: int) -> Iterator[int]:
    """The board's stream of 32-bit numbers (step 2)."""
    block = 0
    while True:
        digest = hashlib.sha256(f"{ALGORITHM}:{seed}:{board}:{block}".encode("ascii")).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(digest[k : k + 4], "big")
        block += 1


def _below(n: int, words: Iterator[int]) -> int:
    """A number from 0 to ``n - 1``, each equally likely (step 3)."""
    limit = WORD - WORD % n
    for w in words:
        if w < limit:
            return w % n
    raise AssertionError("the stream never ends")  # pragma: no cover


def shuffled(seed: int, board: int) -> list[Card]:
    """The pack after Fisher–Yates on the board's stream (steps 1, 3 and 4)."""
    pack = list(PACK)
    words = _words(seed, board)
    for i in range(len(pack) - 1, 0, -1):
        j = _below(i + 1, words)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def deal_board(seed: int, board: int) -> Deal:
    """Board ``board`` of the set dealt from ``seed`` (step 5)."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED:,}")
    if board < 1:
        raise ValueError("boards are numbered from 1")
    pack = shuffled(seed, board)
    hands: dict[Seat, list[Card]] = {seat: pack[k * HAND_SIZE : (k + 1) * HAND_SIZE] for k, seat in enumerate(SEATS)}
    return deal_of(hands)


def deal_boards(seed: int, boards: range) -> tuple[tuple[int, Deal], ...]:
    """Each board of ``boards`` with its deal."""
    return tuple((b, deal_board(seed, b)) for b in boards)
