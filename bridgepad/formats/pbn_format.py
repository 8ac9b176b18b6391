"""PBN, the Portable Bridge Notation 2.1 (Tis Veugen and Kaj G Backas, 2007), in its
export format: one PBN game per deal, read back by ``bridgepad import``.

What the standard asks, and how it is met:

* The file opens with the directives ``% PBN 2.1`` and ``% EXPORT``; every line ends
  with CR LF and holds at most 255 characters with it; each game after the first
  starts with an empty line (2.3, 2.4, 3).
* Each tag stands alone on its line as ``[Name "value"]``; a quote in a value is
  written ``\\"`` and a backslash ``\\\\`` (3.2, 3.3).
* The 15 mandatory tags come first, in their order (Event, Site, Date, Board, West,
  North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result),
  then the other tags sorted by name, then the supplemental sections (3.4).
* Values: Date ``YYYY.MM.DD`` (the day the hand was entered, else the day the game
  began), Vulnerable ``None``/``NS``/``EW``/``All``, ``Deal "N:- - - -"`` with the
  dealer first, as no cards are known; a passed-out deal has ``Contract "Pass"`` and
  an empty Declarer and Result; Result is declarer's tricks as played; an unknown
  value (Site, an unnamed seat) is ``?`` (3.4).
* The text is plain ASCII, within the standard's ISO 8859/1: a name with other
  characters is shown with ``?`` in their place (as 2.2 advises), and kept exactly,
  as UTF-8 in base64, in a bridgepad tag of that seat.

Scores (4.2): a rubber or a Chicago has ``Scoring "Rubber"`` or ``"Chicago"``, with
``ScoreRubber`` (what the deal wrote, ``NS above/below EW above/below``; the deal that
ends a game also carries the bonuses that belong to no hand, so the deals of a game
add up to its pad) and ``ScoreRubberHistory`` (the pad before the deal: above the
line in earlier rubbers, which bridgepad writes as 0 since each of its games stands
on its own, above the line in this one, and below the line in each game; at a
Chicago's fourth deal after three games the fourth game's 0 is left out, as the tag
has room for three). A duplicate board has ``Score`` (N-S's score), and when it was
compared, ``ScoreIMP`` (``Scoring "IMP"``, or ``"IMP;Cross2"``: cross-IMPs averaged
over the comparisons) or ``ScoreMP`` and ``ScorePercentage`` (``Scoring "MP;MP1"``:
2 for each score beaten, 1 for each tie). Its traveller is the supplemental section
``ScoreTable`` (5.9): this table's N-S score first, then the other results as entered.

bridgepad's own tags (4.9 allows any): ``BridgepadGame`` (the game the deal belongs
to), ``BridgepadMode``, ``BridgepadRules``, ``BridgepadFirstDealer``,
``BridgepadCreated``, ``BridgepadUpdated``, ``BridgepadEnded``, ``BridgepadAt`` (when
the hand was entered), ``BridgepadHonors``, ``BridgepadRevoke`` and, where needed, a
seat's exact name (``BridgepadNorth``...). With them the import rebuilds the games.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from bridgepad.core.duplicate import percent
from bridgepad.core.game import Mode
from bridgepad.core.model import SEATS, Seat, Side, vulnerability_code
from bridgepad.core.record import GameRecord, Line, make_record, standings, sum_figures
from bridgepad.core.serialize import SCHEMA, SchemaError, game_from_json
from bridgepad.core.settings import DuplicateScoring, Settings
from bridgepad.core.text import visible
from bridgepad.formats.incoming import FileRefused, Incoming, game_problem, valid_id, valid_time

EOL = "\r\n"
DIRECTIVES = ("% PBN 2.1", "% EXPORT")
MAX_LINE = 255  # characters, the end of line included (2.3)

MANDATORY = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
SEAT_TAGS = {Seat.W: "West", Seat.N: "North", Seat.E: "East", Seat.S: "South"}
EXACT_NAME = {seat: f"Bridgepad{tag}" for seat, tag in SEAT_TAGS.items()}
EVENTS = {Mode.RUBBER: "Rubber bridge", Mode.CHICAGO: "Chicago"}
VULNERABLE = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
SCORE_TABLE = "ScoreTable"
SCORE_COLUMN = "Score_NS"
# The tags that depend only on a deal's inputs: on reading, they must be what the inputs give.
DERIVED = ("Board", "Dealer", "Vulnerable", "Deal", "Scoring", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory")


# Writing -------------------------------------------------------------------------


def escape(value: str) -> str:
    """A tag value as a PBN string token's inside: ``\\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def ascii_name(name: str) -> str:
    """A name as a seat tag shows it: printable ASCII, other characters as ``?``; ``?`` for no name."""
    if not name:
        return "?"
    return "".join(ch if " " <= ch <= "~" else "?" for ch in name)


def needs_exact(name: str) -> bool:
    """Whether the seat tag cannot hold ``name`` exactly (so a bridgepad tag of the seat does)."""
    return name == "?" or (bool(name) and ascii_name(name) != name)


def _date(iso: str | None) -> str:
    try:
        d = datetime.fromisoformat(iso or "")
    except ValueError:
        return "????.??.??"
    return f"{d.year:04d}.{d.month:02d}.{d.day:02d}"


def _decimal(x: Decimal) -> str:
    """IMPs or a percentage with a decimal dot: ``3``, ``4.5``, ``-2.33``, ``66.67`` (4.2.2)."""
    return str(int(x)) if x == x.to_integral_value() else format(x.normalize(), "f")


def _rules(settings: Settings) -> str:
    return ";".join(f"{k}={_rule_text(v)}" for k, v in settings.to_json().items())


def _rule_text(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _scoring(r: GameRecord, line: Line) -> str:
    if r.mode is Mode.RUBBER:
        return "Rubber"
    if r.mode is Mode.CHICAGO:
        return "Chicago"
    if r.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS:
        return "MP;MP1"
    c = line.comparison
    return "IMP;Cross2" if c is not None and len(c.others) > 1 else "IMP"


def _event(r: GameRecord) -> str:
    if r.mode is Mode.DUPLICATE:
        form = "matchpoints" if r.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS else "IMPs"
        return f"Duplicate, {form}"
    return EVENTS[r.mode]


def _rubber_score(ns_above: int, ns_below: int, ew_above: int, ew_below: int) -> str:
    return f"NS {ns_above}/{ns_below} EW {ew_above}/{ew_below}"


def _history(units_ns: tuple[int, ...], units_ew: tuple[int, ...], above_ns: int, above_ew: int) -> str:
    # Three games at most fit (4.2.6); only a Chicago's fourth game can start after three,
    # and before its fourth deal nothing is below the line in it yet.
    if len(units_ns) > 3:
        assert units_ns[3:] == (0,) * (len(units_ns) - 3) and units_ew[3:] == (0,) * (len(units_ew) - 3)
        units_ns, units_ew = units_ns[:3], units_ew[:3]
    ns = " ".join(str(b) for b in units_ns)
    ew = " ".join(str(b) for b in units_ew)
    return f"NS 0 {above_ns}/{ns} EW 0 {above_ew}/{ew}"


@dataclass(slots=True)
class Deal:
    """One PBN game: its tags in order, and its supplemental sections (name, header, rows)."""

    tags: list[tuple[str, str]]
    sections: list[tuple[str, str, list[list[str]]]] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f'[{name} "{escape(value)}"]' for name, value in self.tags]
        for name, header, rows in self.sections:
            out.append(f'[{name} "{escape(header)}"]')
            out.extend(" ".join(row) for row in rows)
        return out


def deals(r: GameRecord) -> list[Deal]:
    """The PBN games of one bridgepad game: one per hand."""
    hands = r.hand_lines
    out = []
    history = standings(r) if r.mode is not Mode.DUPLICATE else ()
    for k, line in enumerate(hands):
        mandatory = {
            "Event": _event(r),
            "Site": "?",
            "Date": _date(line.at or r.created),
            "Board": str(line.deal if r.mode is Mode.DUPLICATE else line.number),
            "Dealer": line.dealer.value if line.dealer else "?",
            "Vulnerable": VULNERABLE[vulnerability_code(line.vulnerable)],
            "Deal": f"{line.dealer.value if line.dealer else 'N'}:- - - -",
            "Scoring": _scoring(r, line),
            "Declarer": line.declarer.value if line.declarer else "",
            "Contract": "Pass" if line.contract is None else line.contract.text,
            "Result": "" if line.tricks is None else str(line.tricks),
        }
        extra = {
            "BridgepadGame": r.id,
            "BridgepadMode": r.mode.value,
            "BridgepadRules": _rules(r.game.settings),
            "BridgepadFirstDealer": r.game.first_dealer.value,
            "BridgepadCreated": r.created,
            "BridgepadUpdated": r.updated,
            "BridgepadEnded": "yes" if r.game.ended else "no",
        }
        for seat in SEATS:
            name = r.name(seat)
            mandatory[SEAT_TAGS[seat]] = ascii_name(name)
            if needs_exact(name):
                extra[EXACT_NAME[seat]] = base64.b64encode(name.encode("utf-8")).decode("ascii")
        if line.at is not None:
            extra["BridgepadAt"] = line.at
        if line.honors is not None:
            extra["BridgepadHonors"] = line.honors.text
        if line.revoke is not None:
            rv = line.revoke
            extra["BridgepadRevoke"] = f"{rv.side.value} {rv.won_after}" + (" trick12" if rv.trick_12 else "")
        sections = []
        if r.mode is Mode.DUPLICATE:
            ns_score = line.ns_score or 0
            extra["Score"] = f"NS {ns_score}"
            c = line.comparison
            if c is not None and c.compared:
                assert c.imps is not None and c.percent is not None
                if r.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS:
                    ew_pct = percent(c.ew_matchpoints, c.top)
                    assert ew_pct is not None
                    extra["ScoreMP"] = f"NS {c.matchpoints} EW {c.ew_matchpoints}"
                    extra["ScorePercentage"] = f"NS {_decimal(c.percent)} EW {_decimal(ew_pct)}"
                else:
                    extra["ScoreIMP"] = f"NS {_decimal(c.imps)}"
            if line.comparison is not None and line.comparison.others:
                rows = [[str(ns_score)]] + [[str(o)] for o in line.comparison.others]
                sections.append((SCORE_TABLE, SCORE_COLUMN, rows))
        else:
            # The game's own bonuses go with the deal that ended it.
            f = sum_figures([line, *r.bonus_lines]) if k == len(hands) - 1 else line.figures
            extra["ScoreRubber"] = _rubber_score(f.ns_above, f.ns_below, f.ew_above, f.ew_below)
            s = history[k]
            extra["ScoreRubberHistory"] = _history(
                s.below_points(Side.NS), s.below_points(Side.EW), s.above_points(Side.NS), s.above_points(Side.EW)
            )
        tags = [(name, mandatory[name]) for name in MANDATORY] + sorted(extra.items())
        out.append(Deal(tags, sections))
    return out


def write(records: Sequence[GameRecord]) -> str:
    """Every game's deals, in export format (CR LF line ends, ASCII)."""
    lines = list(DIRECTIVES)
    first = True
    for r in records:
        for deal in deals(r):
            if not first:
                lines.append("")
            first = False
            lines.extend(deal.lines())
    for line in lines:
        if len(line) + len(EOL) > MAX_LINE:  # pragma: no cover - every value is bounded well below
            raise ValueError(f"a PBN line would be longer than {MAX_LINE} characters: {line[:40]}...")
    return EOL.join(lines) + EOL


# Reading -------------------------------------------------------------------------

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_UNESCAPE = re.compile(r"\\(.)")
GAME_TAGS = (
    "BridgepadMode", "BridgepadRules", "BridgepadFirstDealer", "BridgepadCreated", "BridgepadUpdated",
    "BridgepadEnded", *SEAT_TAGS.values(), *EXACT_NAME.values(),
)  # fmt: skip
NOT_OURS = (
    "has no BridgepadGame tag: bridgepad imports the PBN files it exports, whose own tags say which game "
    "each deal belongs to and under which rules it was played."
)


def is_pbn(text: str) -> bool:
    """Whether ``text`` looks like PBN: it opens with a ``%`` directive or a ``[`` tag."""
    return text.lstrip("\ufeff \t\r\n").startswith(("%", "["))


@dataclass(slots=True)
class ReadDeal:
    """One PBN game as read: where it starts, its tags (inherited values resolved) and its tables."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tables: dict[str, tuple[list[str], list[list[str]]]] = field(default_factory=dict)


class _Bad(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def parse(text: str) -> list[ReadDeal]:
    """The PBN games of ``text``, in import format (2.1): FileRefused at the first line that is not PBN.

    Comments (``;`` and ``{ }``), directives, auction and play sections are skipped;
    a tag repeated in a game is ignored; ``#`` and ``##`` values are inherited (4.8).
    """
    out: list[ReadDeal] = []
    current: ReadDeal | None = None
    section: str | None = None
    in_brace = False
    previous: dict[str, str] = {}
    header: dict[str, str] = {}

    def close() -> None:
        nonlocal current, previous
        if current is None:
            return
        for name, value in list(current.tags.items()):
            if value == "#":
                current.tags[name] = previous.get(name, "")
            elif value.startswith("##"):
                current.tags[name] = header[name] = value[2:]
        for name, value in header.items():
            current.tags.setdefault(name, value)
        previous = dict(current.tags)
        out.append(current)
        current = None

    for n, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        if in_brace:
            end = line.find("}")
            if end < 0:
                continue
            in_brace, line = False, line[end + 1 :]
        elif line.startswith("%"):
            continue
        if not line.strip():
            close()
            section = None
            continue
        pos = 0
        while pos < len(line):
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == ";":
                break
            elif ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    in_brace = True
                    break
                pos = end + 1
            elif ch == "[":
                m = _TAG.match(line, pos)
                if m is None:
                    raise FileRefused([(n, 'a tag is written [Name "value"], on one line.')])
                name, value = m.group(1), _UNESCAPE.sub(r"\1", m.group(2))
                if current is None:
                    current = ReadDeal(n)
                if name not in current.tags:
                    current.tags[name] = value
                    if name.endswith("Table"):
                        current.tables[name] = (value.split(";"), [])
                section = name if name in ("Auction", "Play") or name.endswith("Table") else None
                pos = m.end()
            elif section is not None and current is not None:
                if section in current.tables:
                    current.tables[section][1].append(line[pos:].split())
                break
            else:
                raise FileRefused([(n, f"expected a tag such as [Board \"1\"], not '{visible(line[pos:pos + 24])}'.")])
    close()
    return out


def read(text: str) -> list[Incoming]:
    """The bridgepad games of a PBN file this module wrote; FileRefused with every problem.

    The deals are grouped by ``BridgepadGame``; each game is rebuilt from its deals'
    results (contract, declarer, tricks as played, honors, revoke, the traveller),
    read as strictly as a game file, and its scores worked out again: a deal whose
    Dealer, Vulnerable or score tags are not what its results give is refused.
    """
    problems: list[tuple[int | str | None, str]] = []
    groups: dict[str, list[ReadDeal]] = {}
    for d in parse(text):
        game_id = d.tags.get("BridgepadGame")
        if game_id is None:
            problems.append((d.line, f"this deal {NOT_OURS}"))
        else:
            groups.setdefault(game_id, []).append(d)
    out = []
    for game_id, ds in groups.items():
        try:
            out.append(_game(game_id, ds))
        except _Bad as e:
            problems.append((e.line, str(e)))
    if problems:
        raise FileRefused(problems)
    return out


def _tag(d: ReadDeal, name: str) -> str:
    if name not in d.tags:
        raise _Bad(d.line, f"this deal has no {name} tag.")
    return d.tags[name]


def _game(game_id: str, ds: list[ReadDeal]) -> Incoming:
    first = ds[0]
    where = f"game {visible(game_id)}"
    if not valid_id(game_id):
        raise _Bad(first.line, f"{where}: its id is not one bridgepad writes (letters, digits, '-', '_' and '.').")
    for d in ds[1:]:
        for name in GAME_TAGS:
            if d.tags.get(name) != first.tags.get(name):
                raise _Bad(d.line, f"{where}: this deal's {name} differs from the game's first deal: a game's deals agree on it.")
    try:
        mode = Mode(_tag(first, "BridgepadMode"))
    except ValueError:
        raise _Bad(first.line, f"{where}: BridgepadMode is rubber, chicago or duplicate.") from None
    settings = _read_rules(first, where)
    created, updated = _tag(first, "BridgepadCreated"), _tag(first, "BridgepadUpdated")
    if not (valid_time(created) and valid_time(updated)):
        raise _Bad(first.line, f"{where}: BridgepadCreated and BridgepadUpdated are ISO times such as 2026-08-17T20:01:02+02:00.")
    ended = _tag(first, "BridgepadEnded")
    if ended not in ("yes", "no"):
        raise _Bad(first.line, f"{where}: BridgepadEnded is yes or no.")
    players = {seat.value: _read_name(first, seat, where) for seat in SEATS}
    boards = [_board(d, where) for d in ds]
    start = boards[0] if mode is Mode.DUPLICATE else 1
    for k, (d, board) in enumerate(zip(ds, boards)):
        if board != start + k:
            raise _Bad(d.line, f"{where}: this deal is board {board} where {start + k} comes next: a game's deals are in order.")
    data: dict[str, Any] = {
        "schema": SCHEMA,
        "mode": mode.value,
        "settings": settings.to_json(),
        "first_dealer": _tag(first, "BridgepadFirstDealer"),
        "players": {k: v for k, v in players.items() if v},
        "ended": ended == "yes",
        "hands": [_hand(d, where) for d in ds],
    }
    if mode is Mode.DUPLICATE:
        data["first_board"] = start
    try:
        game = game_from_json(data)
    except SchemaError as e:
        raise _Bad(first.line, f"{where}: {visible(str(e))}") from None
    problem = game_problem(game)
    if problem:
        raise _Bad(first.line, f"{where}: {problem}")
    record = make_record(game, game_id, created, updated)
    for d, ours in zip(ds, deals(record)):
        _same_figures(d, ours, where)
    return Incoming(game, game_id, created, updated)


def _read_rules(d: ReadDeal, where: str) -> Settings:
    text = _tag(d, "BridgepadRules")
    data: dict[str, Any] = {}
    for item in text.split(";"):
        key, _, value = item.partition("=")
        data[key] = {"yes": True, "no": False}.get(value, value) if key == "honors" else value
    settings = Settings.from_json(data)
    if _rules(settings) != text:
        raise _Bad(d.line, f"{where}: BridgepadRules is not a list of bridgepad's rules, such as {_rules(Settings())}.")
    return settings


def _read_name(d: ReadDeal, seat: Seat, where: str) -> str:
    exact = d.tags.get(EXACT_NAME[seat])
    if exact is None:
        shown = _tag(d, SEAT_TAGS[seat])
        return "" if shown == "?" else shown
    try:
        return base64.b64decode(exact.encode("ascii"), validate=True).decode("utf-8")
    except (ValueError, binascii.Error, UnicodeError):
        raise _Bad(d.line, f"{where}: {EXACT_NAME[seat]} is not a name in UTF-8 and base64.") from None


def _board(d: ReadDeal, where: str) -> int:
    text = _tag(d, "Board")
    if not re.fullmatch(r"[0-9]{1,5}", text) or int(text) < 1:
        raise _Bad(d.line, f"{where}: Board is a positive whole number, not '{visible(text)}'.")
    return int(text)


def _hand(d: ReadDeal, where: str) -> dict[str, Any]:
    contract, declarer, result = _tag(d, "Contract"), _tag(d, "Declarer"), _tag(d, "Result")
    hand: dict[str, Any]
    if contract.lower() == "pass":
        if declarer or result:
            raise _Bad(d.line, f"{where}: a passed-out deal has an empty Declarer and Result.")
        hand = {"pass": True}
    else:
        if not re.fullmatch(r"[0-9]{1,2}", result):
            raise _Bad(d.line, f"{where}: Result is the tricks declarer took, 0 to 13, not '{visible(result)}'.")
        hand = {"contract": contract.upper(), "declarer": declarer.upper(), "tricks": int(result)}
        honors = d.tags.get("BridgepadHonors")
        if honors is not None:
            side, _, points = honors.partition(" ")
            if not points.isdigit():
                raise _Bad(d.line, f"{where}: BridgepadHonors is a side and points, such as NS 150.")
            hand["honors"] = {"side": side, "points": int(points)}
    revoke = d.tags.get("BridgepadRevoke")
    if revoke is not None:
        words = revoke.split()
        if not (2 <= len(words) <= 3 and words[1].isdigit() and words[2:] in ([], ["trick12"])):
            raise _Bad(d.line, f"{where}: BridgepadRevoke is the side that revoked and the tricks it won after, such as EW 2.")
        hand["revoke"] = {"side": words[0], "won_after": int(words[1]), "trick_12": len(words) == 3}
    table = d.tables.get(SCORE_TABLE)
    if table is not None:
        columns, rows = table
        if columns != [SCORE_COLUMN] or any(len(row) != 1 or not re.fullmatch(r"-?[0-9]{1,5}", row[0]) for row in rows):
            raise _Bad(d.line, f"{where}: its ScoreTable is not a column of N-S scores ({SCORE_COLUMN}).")
        hand["others"] = [int(row[0]) for row in rows[1:]]
    at = d.tags.get("BridgepadAt")
    if at is not None:
        hand["at"] = at
    return hand


def _same_figures(d: ReadDeal, ours: Deal, where: str) -> None:
    """A deal's figures as the file has them against what its results give."""
    given = dict(ours.tags)
    for name in DERIVED:
        if d.tags.get(name) != given.get(name):
            what = f"'{visible(d.tags[name])}'" if name in d.tags else "missing"
            should = f"'{given[name]}'" if name in given else "absent"
            raise _Bad(d.line, f"{where}: its {name} is {what}, but its results give {should}.")
    tables = {name: rows for name, _, rows in ours.sections}
    if d.tables.get(SCORE_TABLE, ([], []))[1] != tables.get(SCORE_TABLE, []):
        raise _Bad(d.line, f"{where}: its ScoreTable's first row is not the deal's own N-S score.")
