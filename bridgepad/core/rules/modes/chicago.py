"""Chicago: four deals, each side's vulnerability set by the deal, not by games won.

A game made earns its bonus at once (300 not vulnerable, 500 vulnerable). Part scores
carry toward game as at rubber, with 100 for one still open after the fourth deal, or
(a house rule) earn 50 at once and carry nothing. A deal passed out is dealt again by
the same dealer and does not count. Ended early, nothing is paid for the deals not played.
"""

from __future__ import annotations

from typing import ClassVar

from bridgepad.core.model import SIDES, Seat, Side
from bridgepad.core.rules import tables
from bridgepad.core.rules.modes.base import Play
from bridgepad.core.rules.modes.pad_games import PadGameRules, bonus_row
from bridgepad.core.rules.outcome import Entry, Mode, Status
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import ChicagoPartScore, Settings
from bridgepad.core.rules.vulnerability import chicago_vulnerable

DEALS = 4


class ChicagoRules(PadGameRules):
    mode: ClassVar[Mode] = Mode.CHICAGO
    deal_column: ClassVar[str] = "Deal"
    ending_early: ClassVar[str] = "No bonus is paid for the deals not played."
    redealt_when_passed_out: ClassVar[bool] = True

    def deal_label(self, deal: int) -> str:
        return f"Deal {deal} of {DEALS}"

    def hand_label(self, number: int, deal: int | None) -> str:
        return f"Hand {number}, deal {deal} of {DEALS}" if deal is not None else f"Hand {number}, redealt"

    def event(self, settings: Settings) -> str:
        return "Chicago"

    def passed_out_words(self, dealer: Seat) -> str:
        return f"Passed out: nothing is scored; {dealer.word} deals again and the deal does not count."

    def redeal_notice(self, dealer: str) -> str:
        return f"Passed out: {dealer} deals again, and the deal does not count."

    def house_rules(self, settings: Settings) -> list[tuple[str, str]]:
        return [
            *super().house_rules(settings),
            ("Deals 2 and 3", settings.chicago_vulnerable.description),
            ("Part scores", settings.chicago_part_score.description),
        ]

    def carries(self, settings: Settings) -> bool:
        return settings.chicago_part_score is ChicagoPartScore.CARRY

    def vulnerable(self, p: Play) -> frozenset[Side]:
        return chicago_vulnerable(p.deal, p.dealer, p.settings.chicago_vulnerable)

    def made(self, p: Play, side: Side, vulnerable: bool, trick_score: int, entries: list[Entry], index: int) -> Side | None:
        section = p.rules
        if not self.carries(p.settings):
            entries.append(Entry(side, *bonus_row(trick_score, vulnerable), index, section))
            p.rules += 1  # nothing carries: the rule goes under every contract made
            return side if trick_score >= tables.GAME else None
        made_game = super().made(p, side, vulnerable, trick_score, entries, index)
        if made_game is not None:
            entries.append(Entry(side, *bonus_row(tables.GAME, vulnerable), index, section))
        return made_game

    def rule_under_game(self, settings: Settings) -> bool:
        return self.carries(settings)  # played "fifty", the rule went under the contract already

    def outcome_deal(self, p: Play) -> int | None:
        return p.deal

    def after(self, p: Play, made_game: Side | None) -> None:
        p.deal += 1
        if p.deal > DEALS:
            if self.carries(p.settings):
                for s in SIDES:
                    if p.open_below[s] > 0:
                        pts = tables.CHICAGO_OPEN_PART_SCORE
                        p.bonus(s, pts, Kind.OPEN_PART_SCORE, f"part score still open after the fourth deal: {pts}")
            p.status = Status.FINISHED
