"""What every mode's rules answer, and the play in progress they work on.

A mode's rules own what differs between rubber, Chicago and duplicate: who deals and who
is vulnerable, how the deals are numbered, what a hand writes, when a game is over, what
ending it early pays, which fields a hand is entered with, and the words for all of it.
Everything else asks the game's rules (``game.rules``, ``state.rules``, ``rules_for``)
instead of asking which mode it is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Protocol

from bridgepad.core.model import Hand, Seat, Side
from bridgepad.core.rules.duplicate import SessionTotals
from bridgepad.core.rules.outcome import Entry, HandOutcome, Mode, Status
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.vulnerability import board_vulnerability_text, vulnerability_text, vulnerable_word


class GameInputs(Protocol):
    """What the rules read of a game as entered (``bridgepad.core.rules.game.Game``)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def first_dealer(self) -> Seat: ...

    @property
    def first_board(self) -> int: ...


@dataclass(frozen=True, slots=True)
class EntryFields:
    """The fields a hand takes beyond contract, declarer and result: honors (rubber and
    Chicago, when the house scores them) or the other tables' results (duplicate)."""

    honors: bool = False
    others: bool = False


# The words of every field a hand is entered with, wherever it is entered (the pad's form, a table's phone).
FIELD_LABELS = {
    "contract": "Contract",
    "declarer": "Declarer",
    "result": "Result",
    "honors": "Honors",
    "others": "Other tables",
}
FIELD_HINTS = {
    "contract": "4S, 3NTX, 6HXX, or pass",
    "declarer": "N, E, S or W",
    "result": "tricks, or =, +1, -2; a revoke: 9 rev EW 2",
    "honors": "optional: NS 100, EW 150",
    "others": "optional: N-S scores there, e.g. 420 450",
}


# Looked up once: every game replayed starts a Play, and an enum's class attribute is slow in Python 3.11.
_NS, _EW, _IN_PLAY = Side.NS, Side.EW, Status.IN_PLAY


class Play:
    """A game being replayed, hand by hand: the state of play before the next hand.

    The mode's rules move it on (``ModeRules.play``); ``bridgepad.core.rules.game.Replayer``
    is the one that holds it.
    """

    def __init__(self, game: GameInputs, rules: ModeRules) -> None:
        self.settings: Settings = game.settings
        self.dealer: Seat = rules.first_dealer(game)
        self.deal: int = rules.first_deal(game)
        self.games = {_NS: 0, _EW: 0}
        self.open_below = {_NS: 0, _EW: 0}
        self.outcomes: list[HandOutcome] = []
        self.bonuses: list[Entry] = []
        self.status = _IN_PLAY
        self.rules = 0  # lines drawn under the trick scores so far

    def bonus(self, side: Side, points: int, kind: Kind, reason: str) -> None:
        """A bonus of the game's own, tied to no hand."""
        self.bonuses.append(Entry(side, points, True, kind, reason, None, self.rules))


class ModeRules(ABC):
    """One mode's rules. One instance a mode, without state: ``rules_for(mode)``."""

    mode: ClassVar[Mode]
    deal_column: ClassVar[str]  # the hand list's first column: ``#``, ``Deal``, ``Bd``
    boards: ClassVar[bool] = False  # a session of boards, each scored alone and compared with
    # the other tables, shown as a table of boards; not a pad written game after game
    dealt_at_table: ClassVar[bool] = True  # the players deal (and choose the first dealer);
    # duplicate boards come dealt, each with its dealer printed on it
    ending_early: ClassVar[str]  # what ending the game early pays, in a sentence

    # The words ---------------------------------------------------------------------------
    @property
    def word(self) -> str:
        """``rubber``, ``Chicago``, ``duplicate``: in a sentence."""
        return self.mode.word

    @property
    def one_game(self) -> str:
        """What one game of the mode is called: ``rubber``, ``Chicago``, ``session`` ("the next session")."""
        return self.word

    @property
    def title(self) -> str:
        """``Rubber``, ``Chicago``, ``Duplicate``: a heading's word."""
        return self.word.capitalize()

    def game_title(self, number: int) -> str:
        """``Rubber 3``: the game's place in the evening (or in a log replayed)."""
        return f"{self.title} {number}"

    def vulnerability_words(self, vul: frozenset[Side], we: Side) -> str:
        """Who is vulnerable, as the figures beside it are written: ``We (N-S) vulnerable`` on a
        pad of We and They, ``N-S vulnerable`` on a board, whose figures are N-S's and E-W's."""
        return board_vulnerability_text(vul) if self.boards else vulnerability_text(vul, we)

    def vulnerable_cell(self, vul: frozenset[Side], we: Side) -> str:
        """Who was vulnerable, in a word (the wide hand list's column): ``We (N-S)``, or a board's ``N-S``."""
        if self.boards and len(vul) == 1:
            (side,) = vul
            return side.short
        return vulnerable_word(vul, we)

    @abstractmethod
    def deal_label(self, deal: int) -> str:
        """The deal to come or being entered: ``Hand 5``, ``Deal 2 of 4``, ``Board 7``."""

    @abstractmethod
    def hand_label(self, number: int, deal: int | None) -> str:
        """A hand played: ``Hand 3``, ``Hand 3, deal 2 of 4``, ``Board 7``."""

    @abstractmethod
    def deal_cell(self, number: int, deal: int | None) -> str:
        """A hand's number in the hand list's first column."""

    @abstractmethod
    def event(self, settings: Settings) -> str:
        """What is being played, in full: ``Rubber bridge``, ``Duplicate, IMPs``."""

    def passed_out_words(self, dealer: Seat) -> str:
        """What a hand passed out does."""
        return "Passed out: nothing is scored; the deal passes on."

    def start_words(self, game: GameInputs) -> str:
        """How a new game starts: ``North to deal``."""
        return f"{self.first_dealer(game).word} to deal"

    def redeal_notice(self, dealer: str) -> str:
        """What the pad says once a hand passed out is entered ("": nothing to say)."""
        return ""

    def board_number(self, number: int, deal: int | None) -> int:
        """The number a hand goes by where each one is a board (PBN's Board tag): a duplicate
        board's own, otherwise its place in the game."""
        return number

    def entry_fields(self, settings: Settings) -> EntryFields:
        return EntryFields(honors=settings.honors)

    def carries(self, settings: Settings) -> bool:
        """Whether part scores add up towards game."""
        return False

    def house_rules(self, settings: Settings) -> list[tuple[str, str]]:
        """The house rules this mode plays under, for the help screen: name and value."""
        return []

    def follow_on_rules(self, settings: Settings) -> list[tuple[str, str]]:
        """The house rules for the game that follows, for the help screen."""
        return []

    # The play ----------------------------------------------------------------------------
    def first_dealer(self, game: GameInputs) -> Seat:
        return game.first_dealer

    def first_deal(self, game: GameInputs) -> int:
        return 1

    @abstractmethod
    def vulnerable(self, p: Play) -> frozenset[Side]:
        """Who is vulnerable on the next hand."""

    @abstractmethod
    def play(self, p: Play, hand: Hand) -> HandOutcome:
        """Plays ``hand`` into ``p``: what it writes, and what it does to the game."""

    def end(self, p: Play) -> None:
        """The players stop early: what that pays (nothing, but at rubber)."""

    def next_deal(self, p: Play) -> int:
        """The number the next hand goes by."""
        return p.deal

    def next_first_dealer(self, game: GameInputs, next_dealer: Seat) -> Seat:
        """Who deals the first hand of the game that follows ``game``, whose next hand ``next_dealer`` would deal."""
        return next_dealer

    def next_first_board(self, next_deal: int) -> int:
        """The first board of the game that follows one whose next deal is ``next_deal``
        (a rubber or a Chicago has none but 1)."""
        return 1

    def session_totals(self, p: Play) -> SessionTotals | None:
        """A duplicate session's comparison over the boards played (None: a game that compares nothing)."""
        return None
