"""The cards of one deal: four hands of 13, every card of the pack once.

A ``Deal`` keeps each seat's hand as PBN writes it (PBN 2.1, 3.4.11): the ranks of the
spades, hearts, diamonds and clubs, high to low, separated by dots (``AK2.QJ3.T987.65``;
a void is an empty suit). That is one canonical text per deal, so two deals are equal
exactly when the same cards lie in the same hands, and a deal is its own key.

``read_deal`` reads a ``Deal`` tag's value (``N:AK2.QJ3.T987.65 ...``, the first hand's
seat, then the others clockwise), as the standard's import format allows (the ranks
of a suit in any order, lower case, any seat first), and refuses anything that is not
a whole deal with one clause a person can act on; the caller names the board and the
file around it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bridgepad.core.model import SEATS, Seat, Strain

SUITS = (Strain.S, Strain.H, Strain.D, Strain.C)  # a hand's order in PBN
RANKS = "AKQJT98765432"  # high to low
HAND_SIZE = 13
MAX_DEAL_TEXT = 80  # "N:" and four hands of 13 ranks and three dots, three spaces: 69


class DealError(ValueError):
    """A Deal that is not four whole hands of the pack; the message is a clause ("its Deal ...")."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    suit: Strain  # one of SUITS
    rank: str  # one of RANKS

    @property
    def text(self) -> str:
        """``♠A``, ``♥T``: how a sentence names the card."""
        return f"{self.suit.symbol}{self.rank}"


PACK = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)  # ♠A first, ♣2 last


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands by seat, North, East, South, West, each as PBN writes a hand."""

    hands: tuple[str, str, str, str]

    def hand(self, seat: Seat) -> str:
        return self.hands[SEATS.index(seat)]

    def holding(self, seat: Seat, suit: Strain) -> str:
        """The ranks ``seat`` holds in ``suit``, high to low (empty for a void)."""
        return self.hand(seat).split(".")[SUITS.index(suit)]

    def cards(self, seat: Seat) -> Iterator[Card]:
        for suit, ranks in zip(SUITS, self.hand(seat).split(".")):
            for rank in ranks:
                yield Card(suit, rank)

    def seat_of(self, card: Card) -> Seat:
        for seat in SEATS:
            if card.rank in self.holding(seat, card.suit):
                return seat
        raise ValueError(f"{card.text} is in no hand")  # pragma: no cover - a Deal holds the whole pack

    def pbn(self, first: Seat = Seat.N) -> str:
        """The Deal tag's value with ``first``'s hand first (the dealer, in PBN's export format)."""
        order = [first.after(k) for k in range(4)]
        return f"{first.value}:" + " ".join(self.hand(seat) for seat in order)

    def points(self, seat: Seat) -> int:
        """High-card points, 4-3-2-1, as hand records print beside each hand."""
        return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c.rank, 0) for c in self.cards(seat))


def hand_text(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as a PBN hand: each suit's ranks high to low, the suits separated by dots."""
    # Looked up as (suit, rank) pairs in a set: a Card made and compared with each card held, in
    # a list, for each of the 52 took a millisecond a deal (every board dealt or read is one).
    held = {(c.suit, c.rank) for c in cards}
    return ".".join("".join(r for r in RANKS if (suit, r) in held) for suit in SUITS)


def deal_of(hands: dict[Seat, list[Card]]) -> Deal:
    """A Deal from each seat's cards (already checked to be the whole pack)."""
    n, e, s, w = (hand_text(hands[seat]) for seat in SEATS)
    return Deal((n, e, s, w))


_SEAT_LETTERS = {seat.value: seat for seat in SEATS}


def read_deal(text: str) -> Deal:
    """A Deal tag's value read into a Deal; DealError with a clause naming what is wrong."""
    if len(text) > MAX_DEAL_TEXT:
        raise DealError(f"its Deal is {len(text):,} characters long, where four hands take at most 69")
    head, colon, rest = text.strip().partition(":")
    if not colon or head.strip().upper() not in _SEAT_LETTERS:
        shown = head.strip()[:8] if colon else text.strip()[:8]
        raise DealError(f"its Deal begins '{shown}', where the first hand's seat, N, E, S or W, and a colon come first")
    first = _SEAT_LETTERS[head.strip().upper()]
    parts = rest.split()
    if len(parts) != 4:
        raise DealError(f"its Deal gives {len(parts)} hand{'s' if len(parts) != 1 else ''}, where a deal has four")
    hands: dict[Seat, list[Card]] = {}
    for k, part in enumerate(parts):
        seat = first.after(k)
        if part == "-":
            raise DealError(f"its Deal gives no cards for {seat.word} ('-'): bridgepad needs all four hands")
        hands[seat] = _read_hand(part, seat)
    _check_pack(hands)
    return deal_of(hands)


def _read_hand(text: str, seat: Seat) -> list[Card]:
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError(
            f"its Deal gives {seat.word} {len(suits)} suit{'s' if len(suits) != 1 else ''} ('{text[:20]}'), "
            "where a hand has four, spades, hearts, diamonds, clubs, separated by dots"
        )
    cards = []
    for suit, ranks in zip(SUITS, suits):
        for ch in ranks:
            rank = ch.upper()
            if rank not in RANKS:
                raise DealError(f"its Deal has '{ch}' among {seat.word}'s {suit.word}, where a rank is one of {' '.join(RANKS)}")
            cards.append(Card(suit, rank))
    return cards


def _check_pack(hands: dict[Seat, list[Card]]) -> None:
    """Each card of the pack exactly once, and 13 in each hand: the first fault, named."""
    holder: dict[Card, Seat] = {}
    for seat in SEATS:
        for card in hands[seat]:
            if card in holder:
                where = (
                    f"twice in {seat.word}'s hand"
                    if holder[card] is seat
                    else f"in both {holder[card].word}'s and {seat.word}'s hands"
                )
                raise DealError(f"its Deal has the {card.text} {where}")
            holder[card] = seat
    missing = [card.text for card in PACK if card not in holder]
    for seat in SEATS:
        n = len(hands[seat])
        if n != HAND_SIZE:
            lacking = f"; missing from the pack: {', '.join(missing)}" if missing else ""
            raise DealError(f"its Deal gives {seat.word} {n} card{'s' if n != 1 else ''}, where each hand holds 13{lacking}")
    if missing:  # pragma: no cover - four hands of 13 without a repeat are the whole pack
        raise DealError(f"its Deal lacks the {', '.join(missing)}")
