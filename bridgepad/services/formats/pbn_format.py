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
  an empty Declarer and Result; Result is the tricks declarer's side is credited with
  (after a revoke's transfer, so that any program scores the hand as bridgepad does; the
  tricks as played are then in ``BridgepadPlayed``); an unknown
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
seat's exact name (``BridgepadNorth``...). With them the import rebuilds the games
(``bridgepad.services.formats.pbn_reader``).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from bridgepad.core.model import SEATS, Seat, Side
from bridgepad.core.records.record import GameRecord, Line, standings, sum_figures
from bridgepad.core.rules.duplicate import percent
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.rules.vulnerability import PBN_WORDS, vulnerability_code

EOL = "\r\n"
DIRECTIVES = ("% PBN 2.1", "% EXPORT")
MAX_LINE = 255  # characters, the end of line included (2.3)

MANDATORY = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
SEAT_TAGS = {Seat.W: "West", Seat.N: "North", Seat.E: "East", Seat.S: "South"}
EXACT_NAME = {seat: f"Bridgepad{tag}" for seat, tag in SEAT_TAGS.items()}
SCORE_TABLE = "ScoreTable"
SCORE_COLUMN = "Score_NS"
# The tags that depend only on a deal's inputs: on reading, they must be what the inputs give.
DERIVED = (
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
    "ScoreRubberHistory",
)


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


def rules_text(settings: Settings) -> str:
    """The rules as ``BridgepadRules`` writes them: ``honors=yes;chicago_vulnerable=opponents;...``."""
    return ";".join(f"{k}={_rule_text(v)}" for k, v in settings.to_json().items())


def _rule_text(value: Any) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def _scoring(r: GameRecord, line: Line) -> str:
    if not r.rules.boards:
        return r.rules.title  # Rubber, Chicago
    if r.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS:
        return "MP;MP1"
    c = line.comparison
    return "IMP;Cross2" if c is not None and len(c.others) > 1 else "IMP"


def _event(r: GameRecord) -> str:
    return r.rules.event(r.game.settings)


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
    history = standings(r) if not r.rules.boards else ()
    for k, line in enumerate(hands):
        mandatory = {
            "Event": _event(r),
            "Site": "?",
            "Date": _date(line.at or r.created),
            "Board": str(r.rules.board_number(line.number or 0, line.deal)),
            "Dealer": line.dealer.value if line.dealer else "?",
            "Vulnerable": PBN_WORDS[vulnerability_code(line.vulnerable)],
            "Deal": f"{line.dealer.value if line.dealer else 'N'}:- - - -",
            "Scoring": _scoring(r, line),
            "Declarer": line.declarer.value if line.declarer else "",
            "Contract": "Pass" if line.contract is None else line.contract.text,
            "Result": "" if line.tricks_scored is None else str(line.tricks_scored),
        }
        extra = {
            "BridgepadGame": r.id,
            "BridgepadMode": r.mode.value,
            "BridgepadRules": rules_text(r.game.settings),
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
            extra["BridgepadPlayed"] = str(line.tricks)
        sections = []
        if r.rules.boards:
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
