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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from bridgepad.core.model import SEATS, Hand, Seat
from bridgepad.core.readers.notation import (
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
from bridgepad.core.readers.people import check_players
from bridgepad.core.rules.board_scores import others_problem
from bridgepad.core.rules.game import Game, GameState, Mode, Replayer, Status
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.words.text import visible

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
        return play_items(_template(self, settings, None), self.items)


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


class LogReader:
    """Reads a log one line at a time: the header lines into ``log`` (mode, first dealer,
    scoring), each other line into an item, and the problems into ``errors``.

    ``parse_log`` reads a whole text with it; ``stream_games`` reads and plays as it goes,
    so that a log of a million lines is never held whole.
    """

    def __init__(self) -> None:
        self.log = Log()
        self.errors: list[tuple[int, str]] = []
        self._played = False
        self._just_ended = False

    def read(self, n: int, raw: str) -> tuple[int, LogItem] | None:
        """Line ``n``'s item, or None (a blank line, a header line, or a problem put in ``errors``)."""
        if n == 1:
            raw = raw.removeprefix("\ufeff")  # a byte-order mark, as some editors write at the top of a file
        line = raw.split("#", 1)[0].strip()
        if not line:
            return None
        try:
            # shlex is exact but slow; a plain line (no quotes, no backslash) splits the same.
            words = line.split() if line.isascii() and _SHLEX_SPECIAL.search(line) is None else shlex.split(line)
        except ValueError:
            self.errors.append((n, "A quotation mark is not closed."))
            return None
        try:
            return self._item(n, words)
        except NotationError as e:
            msg = str(e)
            self.errors.append((n, msg[:1].upper() + msg[1:]))
            return None

    def _item(self, n: int, words: list[str]) -> tuple[int, LogItem] | None:
        log = self.log
        head = words[0].lower()
        duplicate = rules_for(log.mode).boards
        if head in ("rubber", "chicago", "duplicate") and len(words) == 1:
            if self._played:
                raise NotationError("the mode is set once, before the first hand.")
            log.mode = Mode(head)
            return None
        if head == "dealer":
            if duplicate:
                raise NotationError("at duplicate the dealer follows the board number; leave out the dealer line.")
            if len(words) != 2:
                raise NotationError("dealer takes one seat: dealer N, E, S or W.")
            if self._played:
                raise NotationError("the first dealer is set once, before the first hand.")
            log.first_dealer = parse_seat(words[1])
            return None
        if head == "scoring":
            if not duplicate:
                raise NotationError("scoring belongs to duplicate boards: write it after a line duplicate.")
            if self._played:
                raise NotationError("the scoring form is set once, before the first board.")
            if len(words) != 2:
                raise NotationError("scoring takes one form: scoring imps or scoring matchpoints.")
            log.scoring = parse_scoring(words[1])
            return None
        if head == "board":
            if not duplicate:
                raise NotationError("board lines belong to duplicate boards: start the log with a line duplicate.")
            return (n, parse_board(words[1:]))
        if head == "players":
            return (n, parse_players(words[1:]))
        if head == "end" and len(words) == 1:
            if not self._played or self._just_ended:
                raise NotationError("end comes after the hands of the game it ends.")
            self._just_ended = True
            return (n, End())
        hand = parse_hand_line(words, duplicate)
        self._played = True
        self._just_ended = False
        return (n, hand)


def parse_log(text: str) -> Log:
    reader = LogReader()
    for n, raw in enumerate(text.splitlines(), 1):
        item = reader.read(n, raw)
        if item is not None:
            reader.log.items.append(item)
    if reader.errors:
        raise LogError(reader.errors)
    return reader.log


def stream_games(
    lines: Iterable[str], settings: Settings | None = None, scoring: DuplicateScoring | None = None
) -> Iterator[GameState]:
    """The games of a log, each as soon as it is over: ``Log.games`` of ``parse_log`` of the lines
    joined, one game at a time, never holding the log or its games.

    ``scoring`` is the duplicate scoring form over the log's own line (as the command line
    gives it). LogError, after the games read so far, if the log has a problem: as
    ``parse_log`` and ``Log.games`` would, the lines that cannot be read if there are any,
    else the items that cannot be played; so a caller that must show nothing of a log
    refused reads it through once before it shows anything.
    """
    reader = LogReader()
    waiting: list[tuple[int, LogItem]] = []  # the items before the first hand: the header is complete at it
    player: _Player | None = None
    for n, raw in enumerate(lines, 1):
        item = reader.read(n, raw)
        if item is None or reader.errors:
            continue  # once a line is refused nothing more is played: the log is refused whole
        if player is None:
            waiting.append(item)
            if not isinstance(item[1], Hand):
                continue
            player = _Player(_template(reader.log, settings, scoring))
            item = waiting.pop()
            for early in waiting:
                yield from player.add(*early)
            waiting = []
        yield from player.add(*item)
    if reader.errors:
        raise LogError(reader.errors)
    if player is None:
        player = _Player(_template(reader.log, settings, scoring))
        for early in waiting:
            yield from player.add(*early)
    yield from player.finish()


def _template(log: Log, settings: Settings | None, scoring: DuplicateScoring | None) -> Game:
    rules = settings or Settings()
    form = scoring if scoring is not None else log.scoring
    if form is not None:
        rules = rules.with_(duplicate_scoring=form)
    return Game(mode=log.mode, settings=rules, first_dealer=log.first_dealer)


def play_items(template: Game, items: list[tuple[int, LogItem]]) -> list[GameState]:
    """Plays a run of log items into consecutive games.

    When a game is over the next hand starts the next one. A game still running after
    the last item is returned as it stands, with no bonus for being unfinished. At
    duplicate a ``board`` line numbers the next hand: before a game's first hand it
    sets where the game starts, and one that is not the next board ends the game so
    far (a game's boards are consecutive) and starts the next at its number.
    """
    player = _Player(template)
    states: list[GameState] = []
    for n, item in items:
        states += player.add(n, item)
    states += player.finish()
    return states


class _Player:
    """Plays log items one at a time into consecutive games (see ``play_items``); each game
    is given back as soon as the next begins, and the problems are raised at the end."""

    def __init__(self, template: Game) -> None:
        self.errors: list[tuple[int, str]] = []
        self.game = template
        self.r = Replayer(template)
        self.hands: list[Hand] = []
        self.board: int | None = None  # a board line waiting for the next hand
        self.last: GameState | None = None  # the game closed last

    def _close(self) -> GameState:
        # The state's game is the one its hands were played into, as ``derive`` would give it.
        g, r = self.game, self.r
        r.game = Game(g.mode, g.settings, g.first_dealer, tuple(self.hands), r.status is Status.ENDED, g.players, g.first_board)
        self.last = r.state()
        return self.last

    def add(self, n: int, item: LogItem) -> list[GameState]:
        """Plays one item; the game it closed, if it closed one."""
        out: list[GameState] = []
        r = self.r
        if isinstance(item, End):
            if r.status is not Status.IN_PLAY:
                self.errors.append((n, f"An end comes after a {self.game.mode.word} that is already over."))
            else:
                r.end()
            return out
        if isinstance(item, Board):
            self.board = item.number
            return out
        board = self.board
        if isinstance(item, Hand) and board is not None and r.status is Status.IN_PLAY:
            if not self.hands:
                self.game = replace(self.game, first_board=board)  # the game starts at this board
                self.r = r = Replayer(self.game)
            elif board != r.deal:
                r.end()  # a jump: the session so far ends, and the next starts at this board
        if r.status is not Status.IN_PLAY:
            prev = self._close()
            out.append(prev)
            g = self.game
            # A board line says where the next session starts; otherwise it follows on (a rubber
            # or a Chicago always starts at 1, as it is saved).
            first_board = board if board is not None and isinstance(item, Hand) else g.rules.next_first_board(prev.next_deal)
            self.game = Game(g.mode, g.settings, prev.next_first_dealer, (), False, g.players, first_board)
            self.r = r = Replayer(self.game)
            self.hands = []
        if isinstance(item, Players):
            if self.hands:
                self.errors.append((n, "A players line comes before the first hand of a game, not in the middle of one."))
            else:
                self.game = replace(self.game, players=item.names)
                r.game = self.game
            return out
        self.board = None
        if self.game.rules.boards:
            problem = others_problem(item.others, r.deal)
            if problem is not None:
                self.errors.append((n, problem))
        r.play(item)
        self.hands.append(item)
        return out

    def finish(self) -> list[GameState]:
        """The last game, as it stands; LogError if any item could not be played."""
        if self.errors:
            raise LogError(self.errors)
        if self.hands or self.r.status.over or self.last is None:
            return [self._close()]
        return []
