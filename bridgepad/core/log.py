"""The log grammar: a paper pad typed in, one item a line.

    # a comment           rubber | chicago       dealer N
    players N=Ann E=Bob S=Cy W=Di
    N 4S 10               S 3NTX -1 honors EW 150
    pass                  end
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

from dataclasses import replace

from bridgepad.core.game import Game, GameState, Mode, Replayer, Status
from bridgepad.core.settings import Settings
from bridgepad.core.model import SEATS, Hand, Seat
from bridgepad.core.notation import NotationError, check_name, is_pass, parse_contract, parse_honors, parse_seat, parse_tricks, quote
from bridgepad.core.people import check_players
from bridgepad.core.text import visible


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


LogItem = Hand | End | Players


@dataclass(slots=True)
class Log:
    mode: Mode = Mode.RUBBER
    first_dealer: Seat = Seat.N
    items: list[tuple[int, LogItem]] = field(default_factory=list)

    def games(self, settings: Settings | None = None) -> list[GameState]:
        """Scores the log: one state per game, the deal passing on from one to the next."""
        template = Game(mode=self.mode, settings=settings or Settings(), first_dealer=self.first_dealer)
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


def parse_hand_line(words: list[str]) -> Hand:
    """``N 4S 10`` or ``N 4S 10 honors NS 150`` or ``pass``."""
    if len(words) == 1 and is_pass(words[0]):
        return Hand()
    if words and is_pass(words[0]):
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
    honors = None
    if rest:
        if rest[0].lower() != "honors":
            raise NotationError(f"After the result only 'honors SIDE POINTS' may follow, not {quote(' '.join(rest))}.")
        honors = parse_honors(" ".join(rest[1:]), contract)
        if honors is None:
            raise NotationError("honors needs the side and the points, e.g. honors NS 100.")
    return Hand(contract, declarer, tricks, honors)


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
        try:
            if head in ("rubber", "chicago") and len(words) == 1:
                if played:
                    raise NotationError("the mode is set once, before the first hand.")
                log.mode = Mode(head)
            elif head == "dealer":
                if len(words) != 2:
                    raise NotationError("dealer takes one seat: dealer N, E, S or W.")
                if played:
                    raise NotationError("the first dealer is set once, before the first hand.")
                log.first_dealer = parse_seat(words[1])
            elif head == "players":
                log.items.append((n, parse_players(words[1:])))
            elif head == "end" and len(words) == 1:
                if not played or just_ended:
                    raise NotationError("end comes after the hands of the game it ends.")
                log.items.append((n, End()))
                just_ended = True
                continue
            else:
                log.items.append((n, parse_hand_line(words)))
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
    the last item is returned as it stands, with no bonus for being unfinished.
    """
    states: list[GameState] = []
    errors: list[tuple[int, str]] = []
    game = template
    r = Replayer(game)
    hands: list[Hand] = []

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
        if r.status is not Status.IN_PLAY:
            close()
            prev = states[-1]
            g = game
            game = Game(g.mode, g.settings, prev.next_first_dealer, (), False, g.players, prev.next_deal)
            r = Replayer(game)
            hands = []
        if isinstance(item, Players):
            if hands:
                errors.append((n, "A players line comes before the first hand of a game, not in the middle of one."))
            else:
                game = replace(game, players=item.names)
                r.game = game
            continue
        r.play(item)
        hands.append(item)
    if errors:
        raise LogError(errors)
    if hands or r.status.over or not states:
        close()
    return states
