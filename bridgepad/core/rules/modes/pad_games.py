"""Rubber and Chicago alike: trick scores below the line, premiums above, part scores toward game.

The two differ in a few places, which each answers for itself (``rubber``, ``chicago``):
what a contract made adds beside its trick score, whether a rule goes under each game,
what a pass-out does, and what happens once a hand is in.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from bridgepad.core.model import Contract, Doubling, Hand, Seat, Side, Strain
from bridgepad.core.rules import tables
from bridgepad.core.rules.modes.base import GameInputs, ModeRules, Play
from bridgepad.core.rules.outcome import Entry, HandOutcome
from bridgepad.core.rules.revoke import scored_tricks
from bridgepad.core.rules.scoring import Kind, bonus_item, honors_reason, score_contract
from bridgepad.core.rules.settings import NextDealer, Settings

_SIDE_OF = {seat: seat.side for seat in Seat}
_NS, _EW = Side.NS, Side.EW  # looked up once: an enum's class attribute is slow in Python 3.11
_NEXT_SEAT = {seat: seat.next for seat in Seat}

Row = tuple[Side, int, bool, Kind, str]  # an entry without its hand: side, points, above, kind, reason


@lru_cache(maxsize=16384)
def contract_rows(
    level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool, side: Side
) -> tuple[bool, int, tuple[Row, ...]]:
    """What a contract (by its parts) writes for the declaring ``side``: made?, trick score, and its entries' rows.

    A game is a few thousand such combinations at most, and each replay meets them again. The
    contract is given by its parts, whose tuple hashes in C, where a Contract's own hash is a
    call of Python's.
    """
    cs = score_contract(Contract(level, strain, doubling), tricks, vulnerable)
    rows = tuple((side if i.for_declarer else side.other, i.points, not i.below, i.kind, i.reason) for i in cs.items)
    return cs.made, cs.trick_score, rows


@lru_cache(maxsize=8)
def bonus_row(trick_score: int, vulnerable: bool) -> tuple[int, bool, Kind, str]:
    """The Chicago bonus written at once for a contract made: points, above, kind, reason."""
    item = bonus_item(trick_score, vulnerable, True)
    return item.points, True, item.kind, item.reason


class PadGameRules(ModeRules):
    """The rules rubber and Chicago share."""

    redealt_when_passed_out: ClassVar[bool] = False  # a pass-out is dealt again by the same dealer

    def carries(self, settings: Settings) -> bool:
        return True

    def house_rules(self, settings: Settings) -> list[tuple[str, str]]:
        return [("Honors", "scored" if settings.honors else "not scored")]

    def follow_on_rules(self, settings: Settings) -> list[tuple[str, str]]:
        nxt = "the deal passes on" if settings.next_dealer is NextDealer.PASSES_ON else "left of this game's first dealer"
        return [("The next game's first dealer", nxt)]

    def next_first_dealer(self, game: GameInputs, next_dealer: Seat) -> Seat:
        if game.settings.next_dealer is NextDealer.ROTATES:
            return game.first_dealer.next
        return next_dealer

    def deal_cell(self, number: int, deal: int | None) -> str:
        return "–" if deal is None else str(deal)  # a Chicago deal passed out has no number of its own

    def made(self, p: Play, side: Side, vulnerable: bool, trick_score: int, entries: list[Entry], index: int) -> Side | None:
        """A contract made by ``side``: its trick score goes toward game; the side that makes game, if it does."""
        p.open_below[side] += trick_score
        return side if p.open_below[side] >= tables.GAME else None

    def rule_under_game(self, settings: Settings) -> bool:
        """Whether a game made draws a rule under the trick scores."""
        return True

    def outcome_deal(self, p: Play) -> int | None:
        """The deal number a hand is written with (None: it has none)."""
        return None

    def after(self, p: Play, made_game: Side | None) -> None:
        """Once a hand is in: whether the game is over, and what that pays."""

    def play(self, p: Play, hand: Hand) -> HandOutcome:
        index = len(p.outcomes)
        vul = self.vulnerable(p)
        dealer = p.dealer
        section = p.rules
        contract = hand.contract
        tricks = scored_tricks(hand)
        if contract is None and self.redealt_when_passed_out:
            outcome = HandOutcome(index, hand, dealer, vul, None, (), section=section)
            p.outcomes.append(outcome)
            return outcome  # the same dealer deals again; the deal does not count
        entries: list[Entry] = []
        made_game: Side | None = None
        if contract is not None:
            assert hand.declarer is not None and tricks is not None
            side = _SIDE_OF[hand.declarer]
            side_vul = side in vul
            made, trick_score, rows = contract_rows(contract.level, contract.strain, contract.doubling, tricks, side_vul, side)
            entries = [Entry(*row, index, section) for row in rows]
            if made:
                made_game = self.made(p, side, side_vul, trick_score, entries, index)
            if hand.honors is not None and p.settings.honors:
                reason = honors_reason(hand.honors, contract)
                entries.append(Entry(hand.honors.side, hand.honors.points, True, Kind.HONORS, reason, index, section))
        if made_game is not None:
            p.games[made_game] += 1
            p.open_below = {_NS: 0, _EW: 0}
            if self.rule_under_game(p.settings):
                p.rules += 1
        outcome = HandOutcome(index, hand, dealer, vul, self.outcome_deal(p), tuple(entries), made_game, tricks, section)
        p.outcomes.append(outcome)
        p.dealer = _NEXT_SEAT[dealer]
        self.after(p, made_game)
        return outcome
