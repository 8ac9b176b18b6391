"""Reading what a player types: contracts, results, seats, sides and honors.

Every parser returns a value or raises NotationError whose message is one sentence
that says what was wrong and what is allowed, fit to show a player as it is.
"""

from __future__ import annotations

import re

from bridgepad.core.model import Contract, Doubling, Honors, Seat, Side, Strain


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
        raise NotationError(
            "The result is empty: give the tricks declarer took (0 to 13) or =, +1, -2 against the contract."
        )
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


_SEAT_WORDS = {"N": Seat.N, "NORTH": Seat.N, "E": Seat.E, "EAST": Seat.E, "S": Seat.S, "SOUTH": Seat.S, "W": Seat.W, "WEST": Seat.W}


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


def parse_others(text: str) -> tuple[int, ...]:
    """N-S scores at the other tables: ``420``, ``420 450 -50``, ``-100, 0``; empty for none."""
    words = text.replace(",", " ").split()
    out = []
    for word in words:
        w = word.replace("\u2212", "-")  # a typographic minus, as some keyboards and pastes give
        if not re.fullmatch(r"[+-]?[0-9]{1,5}", w) or int(w) % 10 or abs(int(w)) > 7600:
            raise NotationError(f"{_quote(word)} is not a score: give {OTHERS_HELP}.")
        out.append(int(w))
    return tuple(out)


def _quote(text: str) -> str:
    # Any run of whitespace, line breaks included, is shown as one space: the message stays one line.
    shown = " ".join(text.split())
    if len(shown) > 24:
        shown = shown[:21] + "..."
    return f"'{shown}'"


MAX_NAME = 40


def check_name(text: str, seat: Seat) -> str:
    """A player's name as it will be shown: spaces tidied, printable, not too long."""
    name = " ".join(text.split())
    if len(name) > MAX_NAME:
        raise NotationError(f"The name for {seat.word} is longer than {MAX_NAME} characters.")
    if not name.isprintable():
        raise NotationError(f"The name for {seat.word} has characters that cannot be shown.")
    return name
