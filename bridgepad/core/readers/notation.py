"""Reading what a player types: contracts, results, seats, sides and honors.

Every parser returns a value or raises NotationError whose message is one sentence
that says what was wrong and what is allowed, fit to show a player as it is.
"""

from __future__ import annotations

import functools
import re

from bridgepad.core.model import Contract, Doubling, Honors, Revoke, Seat, Side, Strain
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.text import visible


class NotationError(ValueError):
    """Input a player typed that cannot be read; the message says what is allowed."""


PASS_WORDS = frozenset({"pass", "p", "passed", "passedout", "passed-out", "nobid", "nb", "allpass"})

_STRAINS = {
    "C": Strain.C,
    "♣": Strain.C,
    "D": Strain.D,
    "♦": Strain.D,
    "H": Strain.H,
    "♥": Strain.H,
    "S": Strain.S,
    "♠": Strain.S,
    "N": Strain.NT,
    "NT": Strain.NT,
}
# Doubles as players write them: X, XX, the multiplication signs, or stars.
_DOUBLES = {"": Doubling.NONE, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}
_CONTRACT_RE = re.compile(r"^([0-9]+)(NT|N|C|D|H|S|♣|♦|♥|♠)?(X{0,2})$")
# "4SX X" is a double and a stray X, or a redouble mistyped: which, only the player knows.
_SPLIT_DOUBLES = re.compile(r"[X×✕*]\s+[X×✕*]", re.IGNORECASE)

CONTRACT_HELP = (
    "a contract is a level 1 to 7 and a strain C, D, H, S or NT (♣ ♦ ♥ ♠ and N also work), "
    "with X for doubled or XX for redoubled, e.g. 4S, 3NT, 2HX, 6DXX; or pass"
)


def _squash(text: str) -> str:
    return "".join(text.split()).upper().replace("×", "X").replace("✕", "X").replace("*", "X")


def is_pass(text: str) -> bool:
    return "".join(text.split()).lower() in PASS_WORDS


@functools.lru_cache(maxsize=1024)  # a few hundred spellings: every hand of a rebuilt index is read through here
def parse_contract(text: str) -> Contract | None:
    """``4S`` → Contract; ``pass`` → None (a passed-out deal)."""
    if is_pass(text):
        return None
    squashed = _squash(text)
    if not squashed:
        raise NotationError(f"The contract is empty: {CONTRACT_HELP}.")
    if _SPLIT_DOUBLES.search(text):
        raise NotationError(f"{_quote(text)}: write a double as X and a redouble as XX, together, e.g. 4SX or 4SXX.")
    m = _CONTRACT_RE.match(squashed)
    if m is None:
        raise NotationError(f"{_quote(text)} is not a contract: {CONTRACT_HELP}.")
    level_text, strain_text, doubles = m.groups()
    level = int(level_text) if len(level_text) <= 2 else 99  # never int() a pasted wall of digits
    if not 1 <= level <= 7:
        raise NotationError(f"{_quote(text)}: the level must be 1 to 7, then C, D, H, S or NT, e.g. 4S or 3NT.")
    if strain_text is None:
        raise NotationError(f"{_quote(text)} has no strain: add C, D, H, S or NT, e.g. {level}S or {level}NT.")
    return Contract(level, _STRAINS[strain_text], _DOUBLES[doubles])


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks taken by declarer: ``10``, or relative to the contract: ``=``, ``+1``, ``-2``."""
    t = "".join(text.split())
    needed = contract.tricks_needed
    if not t:
        raise NotationError("The result is empty: give the tricks declarer took (0 to 13) or =, +1, -2 against the contract.")
    if t in ("=", "+0", "-0") or t.lower() in ("m", "made"):
        return needed
    if re.fullmatch(r"[0-9]{1,2}", t):
        tricks = int(t)
        if tricks > 13:
            raise NotationError(f"Declarer cannot take {tricks} tricks: a hand has 13, so give 0 to 13.")
        return tricks
    m = re.fullmatch(r"([+-])([0-9]{1,2})", t)
    if m is None:
        raise NotationError(
            f"{_quote(text)} is not a result: give the tricks declarer took (0 to 13) or =, +1, -2 against the contract."
        )
    diff = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
    tricks = needed + diff
    if tricks > 13:
        most = 13 - needed
        allowed = "no overtrick is possible" if most == 0 else f"at most +{most}"
        raise NotationError(f"{t} is impossible on {contract.text}: it needs {needed} of 13 tricks, so {allowed}.")
    if tricks < 0:
        raise NotationError(f"{t} is impossible on {contract.text}: it needs {needed} tricks, so at most -{needed}.")
    return tricks


REVOKE_WORDS = frozenset({"rev", "revoke"})
TRICK_12_WORD = "t12"
REVOKE_HELP = (
    "a revoke follows the tricks as played: rev, the side that revoked and the tricks it won "
    "after the revoke (t12 for one on the twelfth trick), e.g. 9 rev EW 2"
)


def parse_result(text: str, contract: Contract, we: Side = Side.NS) -> tuple[int, Revoke | None]:
    """The tricks declarer took as played, and the revoke if one was established:
    ``10``, ``-1``, ``9 rev EW 2`` (E-W revoked and won 2 tricks after it), ``10 rev NS t12``."""
    words = text.split()
    at = next((i for i, w in enumerate(words) if w.lower() in REVOKE_WORDS), None)
    if at is None:
        return parse_tricks(text, contract), None
    if at == 0:
        raise NotationError(f"The tricks as played come first: {REVOKE_HELP}.")
    tricks = parse_tricks(" ".join(words[:at]), contract)
    return tricks, parse_revoke(words[at + 1 :], we)


def parse_revoke(words: list[str], we: Side = Side.NS) -> Revoke:
    """``EW 2``, ``EW 1 t12``, ``NS t12``: the words after ``rev``."""
    if not words:
        raise NotationError(f"After rev say which side revoked: {REVOKE_HELP}.")
    try:
        side = parse_side(words[0], we)
    except NotationError:
        raise NotationError(f"{_quote(words[0])} is not a side: {REVOKE_HELP}.") from None
    rest = [w.lower() for w in words[1:]]
    trick_12 = TRICK_12_WORD in rest
    counts = [w for w in rest if w != TRICK_12_WORD]
    if len(counts) > 1 or rest.count(TRICK_12_WORD) > 1:
        raise NotationError(f"{_quote(' '.join(words))} is not a revoke: {REVOKE_HELP}.")
    if not counts:
        if not trick_12:
            raise NotationError(f"Say how many tricks {side.short} won after the revoke: {REVOKE_HELP}.")
        return Revoke(side, 0, True)
    if not re.fullmatch(r"[0-9]{1,2}", counts[0]) or int(counts[0]) > 13:
        raise NotationError(f"{_quote(counts[0])} is not a number of tricks (0 to 13): {REVOKE_HELP}.")
    return Revoke(side, int(counts[0]), trick_12)


def revoke_text(revoke: Revoke) -> str:
    """The words that ``parse_revoke`` reads back: ``rev EW 2``, ``rev NS 1 t12``, ``rev EW t12``."""
    won = "" if revoke.trick_12 and revoke.won_after == 0 else f" {revoke.won_after}"
    return f"rev {revoke.side.value}{won}" + (f" {TRICK_12_WORD}" if revoke.trick_12 else "")


def result_text(tricks: int, revoke: Revoke | None) -> str:
    """A hand's result in the one grammar the form, the log and the CSV share, which ``parse_result``
    reads back: the tricks declarer took as played, then any revoke (``10``, ``8 rev EW 2``)."""
    return str(tricks) + (f" {revoke_text(revoke)}" if revoke is not None else "")


_SEAT_WORDS = {
    "N": Seat.N,
    "NORTH": Seat.N,
    "E": Seat.E,
    "EAST": Seat.E,
    "S": Seat.S,
    "SOUTH": Seat.S,
    "W": Seat.W,
    "WEST": Seat.W,
}


def parse_seat(text: str) -> Seat:
    t = text.strip().upper()
    if t in _SEAT_WORDS:
        return _SEAT_WORDS[t]
    if not t:
        raise NotationError("The seat is empty: give N, E, S or W.")
    raise NotationError(f"{_quote(text)} is not a seat: give N, E, S or W.")


_SIDE_WORDS = {"NS": Side.NS, "N-S": Side.NS, "N/S": Side.NS, "EW": Side.EW, "E-W": Side.EW, "E/W": Side.EW}


def parse_side(text: str, we: Side = Side.NS) -> Side:
    """NS or EW; We and They are read from the table's point of view."""
    t = text.strip().upper()
    if t in _SIDE_WORDS:
        return _SIDE_WORDS[t]
    if t in ("WE", "US"):
        return we
    if t in ("THEY", "THEM"):
        return we.other
    raise NotationError(f"{_quote(text)} is not a side: give NS or EW (or We or They).")


def parse_honors(text: str, contract: Contract | None, we: Side = Side.NS) -> Honors | None:
    """``EW 150``, ``NS 100``, ``We 100``; empty means no honors were held."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    if contract is None:
        raise NotationError("Honors need a contract: a passed-out deal has none.")
    if len(parts) == 1 and parts[0].isdigit():
        raise NotationError(f"Honors: say which side held them, e.g. NS {parts[0]} or EW {parts[0]}.")
    if len(parts) != 2:
        raise NotationError(f"{_quote(text)} is not honors: give the side and the points, e.g. NS 100 or EW 150.")
    a, b = parts
    if a.isdigit() and not b.isdigit():
        a, b = b, a
    side = parse_side(a, we)
    if b not in ("100", "150"):
        raise NotationError(f"Honors are 100 or 150, not {_quote(b)}.")
    points = int(b)
    check_honors(points, contract)
    return Honors(side, points)


def check_honors(points: int, contract: Contract) -> None:
    if contract.strain is Strain.NT and points != 150:
        raise NotationError("At notrump only four aces in one hand count as honors: 150, not 100.")
    if points not in (100, 150):
        raise NotationError(f"Honors are 100 or 150, not {points}.")


OTHERS_HELP = "the other tables' N-S scores, e.g. 420 or 420 450 -50; leave it empty if there are none"


def parse_others(text: str, board: int | None = None) -> tuple[int, ...]:
    """N-S scores at the other tables: ``420``, ``420 450 -50``, ``-100, 0``; empty for none.

    With ``board``, each must be a score some result gives on that board at its
    vulnerability (``board_scores``); without it only the form of the numbers is read,
    for a caller that checks them once it knows the board (the log, as it plays).
    """
    words = text.replace(",", " ").split()
    out = []
    for word in words:
        w = word.replace("\u2212", "-")  # a typographic minus, as some keyboards and pastes give
        if not re.fullmatch(r"[+-]?[0-9]{1,5}", w):
            raise NotationError(f"{_quote(word)} is not a score: give {OTHERS_HELP}.")
        out.append(int(w))
    others = tuple(out)
    # The board's possible scores are worked out from the tables only when others are read.
    from bridgepad.core.rules.board_scores import others_problem, too_many_others

    problem = others_problem(others, board) if board is not None else too_many_others(others)
    if problem is not None:
        raise NotationError(problem)
    return others


_SCORING_WORDS = {
    "imps": DuplicateScoring.IMPS,
    "imp": DuplicateScoring.IMPS,
    "i": DuplicateScoring.IMPS,
    "matchpoints": DuplicateScoring.MATCHPOINTS,
    "matchpoint": DuplicateScoring.MATCHPOINTS,
    "mp": DuplicateScoring.MATCHPOINTS,
    "mps": DuplicateScoring.MATCHPOINTS,
    "m": DuplicateScoring.MATCHPOINTS,
}


SCORING_CHOICES = "imps (a team match) or matchpoints (a pairs game), i or m"


def parse_scoring(text: str) -> DuplicateScoring:
    """How a duplicate game compares its boards: ``imps`` (a team match) or ``matchpoints`` (a pairs game)."""
    key = "".join(text.split()).lower().replace("-", "")
    if key in _SCORING_WORDS:
        return _SCORING_WORDS[key]
    shown = f"{_quote(text)} is not a scoring form: give" if text.strip() else "The scoring form is empty: give"
    raise NotationError(f"{shown} {SCORING_CHOICES}.")


def quote(text: str) -> str:
    """What a player typed, quoted in a message: one line, cut short, control characters visible."""
    # Any run of whitespace, line breaks included, is shown as one space: the message stays
    # one line; then cut short, and any control character left shown as an escape, so that
    # what was typed or pasted can never act on the terminal that shows the message.
    shown = " ".join(text.split())
    if len(shown) > 24:
        shown = shown[:21] + "..."
    return f"'{visible(shown)}'"


_quote = quote  # the name this module's own messages use


MAX_NAME = 40


def check_name(text: str, seat: Seat | str) -> str:
    """A player's name as it will be shown: spaces tidied, printable, not too long.

    ``seat`` says whose name it is in a message: a seat, or words such as "a player sitting out".
    """
    name = " ".join(text.split())
    if len(name) > MAX_NAME:
        raise NotationError(f"The name for {_whose(seat)} is longer than {MAX_NAME} characters.")
    if not name.isprintable():
        raise NotationError(f"The name for {_whose(seat)} has characters that cannot be shown.")
    return name


def _whose(seat: Seat | str) -> str:
    return seat.word if isinstance(seat, Seat) else seat
