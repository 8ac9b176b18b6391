"""Duplicate: boards dealt in advance, each scored alone and compared with the other tables.

The board's number sets its dealer and vulnerability (``vulnerability``, ``boards``);
nothing carries from one board to the next: a part score earns 50, a game 300 or 500
at once. N-S's score on a board is the signed sum of what it wrote; it is compared with
the other tables' results in IMPs or matchpoints (``bridgepad.core.rules.duplicate``).
A session goes on as long as boards are played; ended early, the boards played stand.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.duplicate import SessionTotals, compare
from bridgepad.core.rules.modes.base import EntryFields, GameInputs, ModeRules, Play
from bridgepad.core.rules.outcome import BoardOutcome, Entry, Mode
from bridgepad.core.rules.revoke import scored_tricks
from bridgepad.core.rules.scoring import duplicate_items
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.vulnerability import board_vulnerable


class DuplicateRules(ModeRules):
    mode: ClassVar[Mode] = Mode.DUPLICATE
    deal_column: ClassVar[str] = "Bd"
    boards: ClassVar[bool] = True
    dealt_at_table: ClassVar[bool] = False
    ending_early: ClassVar[str] = "The boards played so far stand as they are."

    @property
    def one_game(self) -> str:
        return "session"

    def deal_label(self, deal: int) -> str:
        return f"Board {deal}"

    def hand_label(self, number: int, deal: int | None) -> str:
        return f"Board {deal}"

    def deal_cell(self, number: int, deal: int | None) -> str:
        return str(deal)

    def board_number(self, number: int, deal: int | None) -> int:
        assert deal is not None  # every board has its number
        return deal

    def start_words(self, game: GameInputs) -> str:
        scoring = game.settings.duplicate_scoring.word
        return f"from board {game.first_board}, {self.first_dealer(game).word} to deal, compared by {scoring}"

    def event(self, settings: Settings) -> str:
        return f"Duplicate, {settings.duplicate_scoring.word}"

    def passed_out_words(self, dealer: Seat) -> str:
        return "Passed out: the board scores 0 for both sides."

    def house_rules(self, settings: Settings) -> list[tuple[str, str]]:
        return [("Boards compared by", settings.duplicate_scoring.description)]

    def entry_fields(self, settings: Settings) -> EntryFields:
        return EntryFields(others=True)  # no honors at duplicate: the board stands alone

    def first_dealer(self, game: GameInputs) -> Seat:
        return board_dealer(game.first_board)

    def first_deal(self, game: GameInputs) -> int:
        return game.first_board

    def vulnerable(self, p: Play) -> frozenset[Side]:
        return board_vulnerable(p.deal)

    def play(self, p: Play, hand: Hand) -> BoardOutcome:
        index = len(p.outcomes)
        board = p.deal
        vul = board_vulnerable(board)
        entries: list[Entry] = []
        tricks = scored_tricks(hand)
        if hand.contract is not None:
            assert hand.declarer is not None and tricks is not None
            side = hand.declarer.side
            for item in duplicate_items(hand.contract, tricks, side in vul):
                owner = side if item.for_declarer else side.other
                entries.append(Entry(owner, item.points, not item.below, item.kind, item.reason, index, 0))
        # N-S's score: what the board wrote, N-S's figures less E-W's.
        ns_score = sum(e.points if e.side is Side.NS else -e.points for e in entries)
        outcome = BoardOutcome(
            index,
            hand,
            board_dealer(board),
            vul,
            board,
            tuple(entries),
            None,
            tricks,
            0,
            ns_score,
            compare(ns_score, hand.others),
        )
        p.outcomes.append(outcome)
        p.deal += 1
        p.dealer = board_dealer(p.deal)
        return outcome

    def next_first_board(self, next_deal: int) -> int:
        return next_deal

    def session_totals(self, p: Play) -> SessionTotals:
        imps, matchpoints, top = Decimal(0), 0, 0
        for h in p.outcomes:
            c = h.comparison
            if c is not None and c.compared:
                assert c.imps is not None
                imps += c.imps
                matchpoints += c.matchpoints
                top += c.top
        return SessionTotals(imps, matchpoints, top)
