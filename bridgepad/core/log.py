"""The log grammar: a paper pad typed in, one item a line.

    # a comment           rubber | chicago       dealer N
    players N=Ann E=Bob S=Cy W=Di
    N 4S 10               S 3NTX -1 honors EW 150
    pass                  end

and for duplicate boards, each with the other tables' N-S scores:

    duplicate             scoring matchpoints    board 5
    N 4S 10 others 420 450 -50
    pass others -100 0

A board's dealer and vulnerability come from its number. Boards follow one another
from 1 (or from a first ``board N`` line); a game's boards are consecutive, as the pad
numbers them, so a ``board`` line that skips ahead or goes back ends the session so
far and starts the next one at its number: the boards in between were not played at
this table. Each board's other results must be scores that board can have, which is
known only once its number is (``play_items`` checks them as it plays).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field, replace

from bridgepad.core.board_scores import others_problem
from bridgepad.core.game import Game, GameState, Mode, Replayer, Status
from bridgepad.core.model import SEATS, Hand, Seat
from bridgepad.core.notation import (
    NotationError,
    check_name,
    is_pass,
    parse_contract,
    parse_honors,
    parse_others,
    parse_scoring,
    parse_seat,
    parse_tricks,
    quote,
)
from bridgepad.core.people import check_players
from bridgepad.core.settings import DuplicateScoring, Settings
from bridgepad.core.text import visible

MAX_BOARD = 10_000  # as a saved game's first board


class LogError(ValueError):
    """A log that cannot be read; ``errors`` holds one ``LINE: message`` per problem."""

    def __init__(self, errors: list[tuple[int, str]]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"line {n}: {m}" for n, m in errors))

    def lines(self, filename: str) -> list[str]:
        # The file's name and every message shown with control characters as escapes.
        return [f"{visible(filename)}:{n}: {visible(m)}" for n, m in self.errors]


@dataclass(frozen=True, slots=True)
class Players:
    names: tuple[str, str, str, str]


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Board:
    """``board N``: the next hand is duplicate board N."""

    number: int


LogItem = Hand | End | Players | Board


@dataclass(slots=True)
class Log:
    mode: Mode = Mode.RUBBER
    first_dealer: Seat = Seat.N
    items: list[tuple[int, LogItem]] = field(default_factory=list)
    scoring: DuplicateScoring | None = None  # duplicate: a ``scoring`` line; None leaves the settings' form

    def games(self, settings: Settings | None = None) -> list[GameState]:
        """Scores the log: one state per game, the deal passing on from one to the next.

        ``settings`` are the rules to score it by; a ``scoring`` line of the log sets
        the duplicate scoring form over theirs.
        """
        rules = settings or Settings()
        if self.scoring is not None:
            rules = rules.with_(duplicate_scoring=self.scoring)
        template = Game(mode=self.mode, settings=rules, first_dealer=self.first_dealer)
        return play_items(template, self.items)


def parse_players(words: list[str]) -> Players:
    names = ["", "", "", ""]
    if not words:
        raise NotationError("players needs names by seat, e.g. players N=Ann E=Bob S=Cy W=Di.")
    for word in words:
        seat_text, eq, name = word.partition("=")
        if not eq:
            raise NotationError(f"{quote(word)} is not a seat and a name: write it like N=Ann.")
        seat = parse_seat(seat_text)
        name = check_name(name, seat)
        if not name:
            raise NotationError(f"The name for {seat.value} is empty.")
        i = SEATS.index(seat)
        if names[i]:
            raise NotationError(f"{seat.value} is named twice.")
        names[i] = name
    problem = check_players(names)
    if problem:
        raise NotationError(problem)
    return Players((names[0], names[1], names[2], names[3]))


def parse_hand_line(words: list[str], duplicate: bool = False) -> Hand:
    """``N 4S 10`` or ``N 4S 10 honors NS 150`` or ``pass``; at duplicate ``N 4S 10 others 420 -50``."""
    if len(words) == 1 and is_pass(words[0]):
        return Hand()
    if duplicate and len(words) >= 2 and is_pass(words[0]) and words[1].lower() == "others":
        return Hand(others=_others(words[2:]))
    if words and is_pass(words[0]):
        if duplicate:
            raise NotationError("A passed-out board is written as pass, or pass others and the other tables' N-S scores.")
        raise NotationError("A passed-out deal is written as pass on its own line: it has no result and no honors.")
    if len(words) < 3:
        raise NotationError(
            "A hand is declarer, contract and result, e.g. N 4S 10 or E 3NTX -1, optionally followed by honors NS 150."
        )
    declarer = parse_seat(words[0])
    contract = parse_contract(words[1])
    if contract is None:
        raise NotationError("A passed-out deal is written as pass on its own line.")
    tricks = parse_tricks(words[2], contract)
    rest = words[3:]
    if duplicate:
        if rest and rest[0].lower() != "others":
            raise NotationError(
                f"After the result only 'others' and the other tables' N-S scores may follow, not {quote(' '.join(rest))}"
                + (": honors are not scored at duplicate." if rest[0].lower() == "honors" else ".")
            )
        return Hand(contract, declarer, tricks, others=_others(rest[1:]) if rest else ())
    honors = None
    if rest:
        if rest[0].lower() == "others":
            raise NotationError("Other tables' scores belong to duplicate boards: start the log with a line duplicate.")
        if rest[0].lower() != "honors":
            raise NotationError(f"After the result only 'honors SIDE POINTS' may follow, not {quote(' '.join(rest))}.")
        honors = parse_honors(" ".join(rest[1:]), contract)
        if honors is None:
            raise NotationError("honors needs the side and the points, e.g. honors NS 100.")
    return Hand(contract, declarer, tricks, honors)


def _others(words: list[str]) -> tuple[int, ...]:
    if not words:
        raise NotationError("others needs the other tables' N-S scores, e.g. others 420 450 -50.")
    return parse_others(" ".join(words))


def parse_board(words: list[str]) -> Board:
    number = words[0] if len(words) == 1 else ""
    if not re.fullmatch(r"[0-9]{1,9}", number) or not 1 <= int(number) <= MAX_BOARD:
        raise NotationError(f"board takes the board's number, 1 to {MAX_BOARD:,}: e.g. board 1.")
    return Board(int(number))


# Characters that make shlex's reading differ from a plain split on whitespace.
_SHLEX_SPECIAL = re.compile(r"[\"'\\\x00-\x08\x0a-\x1f\x7f]")


def parse_log(text: str) -> Log:
    log = Log()
    errors: list[tuple[int, str]] = []
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write at the top of a file
    played = False
    just_ended = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            # shlex is exact but slow; a plain line (no quotes, no backslash) splits the same.
            words = line.split() if line.isascii() and _SHLEX_SPECIAL.search(line) is None else shlex.split(line)
        except ValueError:
            errors.append((n, "A quotation mark is not closed."))
            continue
        head = words[0].lower()
        duplicate = log.mode is Mode.DUPLICATE
        try:
            if head in ("rubber", "chicago", "duplicate") and len(words) == 1:
                if played:
                    raise NotationError("the mode is set once, before the first hand.")
                log.mode = Mode(head)
            elif head == "dealer":
                if duplicate:
                    raise NotationError("at duplicate the dealer follows the board number; leave out the dealer line.")
                if len(words) != 2:
                    raise NotationError("dealer takes one seat: dealer N, E, S or W.")
                if played:
                    raise NotationError("the first dealer is set once, before the first hand.")
                log.first_dealer = parse_seat(words[1])
            elif head == "scoring":
                if not duplicate:
                    raise NotationError("scoring belongs to duplicate boards: write it after a line duplicate.")
                if played:
                    raise NotationError("the scoring form is set once, before the first board.")
                if len(words) != 2:
                    raise NotationError("scoring takes one form: scoring imps or scoring matchpoints.")
                log.scoring = parse_scoring(words[1])
            elif head == "board":
                if not duplicate:
                    raise NotationError("board lines belong to duplicate boards: start the log with a line duplicate.")
                log.items.append((n, parse_board(words[1:])))
                continue
            elif head == "players":
                log.items.append((n, parse_players(words[1:])))
            elif head == "end" and len(words) == 1:
                if not played or just_ended:
                    raise NotationError("end comes after the hands of the game it ends.")
                log.items.append((n, End()))
                just_ended = True
                continue
            else:
                log.items.append((n, parse_hand_line(words, duplicate)))
                played = True
                just_ended = False
        except NotationError as e:
            msg = str(e)
            errors.append((n, msg[:1].upper() + msg[1:]))
    if errors:
        raise LogError(errors)
    return log


def play_items(template: Game, items: list[tuple[int, LogItem]]) -> list[GameState]:
    """Plays a run of log items into consecutive games.

    When a game is over the next hand starts the next one. A game still running after
    the last item is returned as it stands, with no bonus for being unfinished. At
    duplicate a ``board`` line numbers the next hand: before a game's first hand it
    sets where the game starts, and one that is not the next board ends the game so
    far (a game's boards are consecutive) and starts the next at its number.
    """
    states: list[GameState] = []
    errors: list[tuple[int, str]] = []
    game = template
    r = Replayer(game)
    hands: list[Hand] = []
    board: int | None = None  # a board line waiting for the next hand

    def close() -> None:
        # The state's game is the one its hands were played into, as ``derive`` would give it.
        g = game
        r.game = Game(g.mode, g.settings, g.first_dealer, tuple(hands), r.status is Status.ENDED, g.players, g.first_board)
        states.append(r.state())

    for n, item in items:
        if isinstance(item, End):
            if r.status is not Status.IN_PLAY:
                errors.append((n, f"An end comes after a {game.mode.word} that is already over."))
            else:
                r.end()
            continue
        if isinstance(item, Board):
            board = item.number
            continue
        if isinstance(item, Hand) and board is not None and r.status is Status.IN_PLAY:
            if not hands:
                game = replace(game, first_board=board)  # the game starts at this board
                r = Replayer(game)
            elif board != r.deal:
                r.end()  # a jump: the session so far ends, and the next starts at this board
        if r.status is not Status.IN_PLAY:
            close()
            prev = states[-1]
            g = game
            # Only duplicate numbers its boards; a rubber or a Chicago starts at 1, as it is saved.
            first_board = (
                1 if g.mode is not Mode.DUPLICATE else board if board is not None and isinstance(item, Hand) else prev.next_deal
            )
            game = Game(g.mode, g.settings, prev.next_first_dealer, (), False, g.players, first_board)
            r = Replayer(game)
            hands = []
        if isinstance(item, Players):
            if hands:
                errors.append((n, "A players line comes before the first hand of a game, not in the middle of one."))
            else:
                game = replace(game, players=item.names)
                r.game = game
            continue
        board = None
        if game.mode is Mode.DUPLICATE:
            problem = others_problem(item.others, r.deal)
            if problem is not None:
                errors.append((n, problem))
        r.play(item)
        hands.append(item)
    if errors:
        raise LogError(errors)
    if hands or r.status.over or not states:
        close()
    return states
