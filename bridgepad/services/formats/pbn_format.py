"""PBN, the Portable Bridge Notation 2.1 (Tis Veugen and Kaj G Backas, 2007), in its
export format: one PBN game per deal, read back by ``bridgepad import``.

What the standard asks, and how it is met:

* The file opens with the directives ``% PBN 2.1`` and ``% EXPORT``; every line ends
  with CR LF and holds at most 255 characters with it; each game after the first
  starts with an empty line (2.3, 2.4, 3). Lines of 80 or more characters are "strongly
  discouraged" (2.3): every line bridgepad writes has fewer (a game id of more than 61
  characters aside; bridgepad's own ids have 20).
* Each tag stands alone on its line as ``[Name "value"]``; a quote in a value is
  written ``\\"`` and a backslash ``\\\\`` (3.2, 3.3).
* The 15 mandatory tags come first, in their order (Event, Site, Date, Board, West,
  North, East, South, Dealer, Vulnerable, Deal, Scoring, Declarer, Contract, Result),
  then the other tags sorted by name, then the supplemental sections (3.4).
* Values: Date ``YYYY.MM.DD`` (the day the hand was entered, else the day the game
  began), Vulnerable ``None``/``NS``/``EW``/``All``, ``Deal`` with the dealer first: the
  board's cards where the game knows them, ``"N:- - - -"`` where it does not; a
  passed-out deal has ``Contract "Pass"`` and
  an empty Declarer and Result; an unknown value (Site, an unnamed seat) is ``?`` (3.4).
* Result is the tricks declarer took, which "must match the actual number of won
  tricks" (3.4.15): after a revoke, the tricks as played. The score tags give the score
  after the revoke's transfer, and a comment on the line after Result says so, as 4.2.1
  has it ("the score can deviate from the normal value due to irregularities. This
  can be explained in commentary").
* The text is ISO 8859/1 (2.2), the file's bytes too: a name is written as typed where
  that character set holds it, with ``?`` for each character it cannot (as 2.2 advises).
  A name PBN reads as something else is not written as is: ``?`` is "unknown", ``#``
  "the previous game's value" and a value starting ``##`` "this, in every game after"
  (4.8), so its first ``#`` is written ``?``. Such names, and every name beyond ASCII,
  are kept exactly, as UTF-8 in base64, in a bridgepad tag of the seat
  (``BridgepadNorth``, and ``BridgepadNorth2``... when it needs more than one line);
  ``losses`` says which names other programs will not read as typed.

Scores (4.2): a rubber or a Chicago has ``Scoring "Rubber"`` or ``"Chicago"``, with
``ScoreRubber`` (what the deal wrote, ``NS above/below EW above/below``; the deal that
ends a game also carries the bonuses that belong to no hand, so the deals of a game
add up to its pad). A rubber's deal also has ``ScoreRubberHistory`` (the pad before the
deal: above the line in earlier rubbers, which bridgepad writes as 0 since each of its
games stands on its own, above the line in this one, and below the line in each game).
A Chicago's deals have none: the tag is for a rubber, whose games won set the
vulnerability, and the standard requires the two to agree (4.2.6), while a Chicago's
vulnerability goes by the deal. A duplicate board has ``Score`` (N-S's score), and when it was
compared, ``ScoreIMP`` (``Scoring "IMP"``, or ``"IMP;Cross2"``: cross-IMPs averaged
over the comparisons) or ``ScoreMP`` and ``ScorePercentage`` (``Scoring "MP;MP1"``:
2 for each score beaten, 1 for each tie). Its traveller is the supplemental section
``ScoreTable`` (5.9): this table's N-S score first, then the other results as entered.

A board whose cards are known has its double-dummy figures as BridgeComposer writes them:
``DoubleDummyTricks``, ``OptimumScore`` (from N-S's side, ``NS 420``, as 4.2.7 allows),
``ParContract`` and the ``OptimumResultTable`` (5.7); the club's field, where the game has
one, is the section ``BridgepadFieldTable`` (contract, declarer, tricks, N-S's score). The
boards of the game's set not yet played at home follow its hands, each written as a hand
record writes a board (``Scoring``, ``Declarer``, ``Contract`` and ``Result`` empty), so
that the import keeps every board's cards; ``BridgepadFirstBoard`` on them says where a
session with no hand yet begins.

bridgepad's own tags (4.9 allows any): ``BridgepadGame`` (the game the deal belongs
to), ``BridgepadMode``, one ``BridgepadRule...`` tag per rule (``BridgepadRuleHonors
"yes"``), ``BridgepadFirstDealer``, ``BridgepadCreated``, ``BridgepadUpdated``,
``BridgepadEnded``, ``BridgepadAt`` (when the hand was entered), ``BridgepadHonors``,
``BridgepadRevoke`` (the side that revoked and the tricks it won after) and, where needed, a
seat's exact name. With them the import rebuilds the games
(``bridgepad.services.formats.pbn_reader``).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from bridgepad.core.boards.board_set import FieldResult
from bridgepad.core.boards.double_dummy import PBN_SEATS, PBN_STRAINS, Solution, strain_letter
from bridgepad.core.model import SEATS, Seat, Side
from bridgepad.core.records.record import GameRecord, Line, standings, sum_figures
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.duplicate import percent
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.rules.vulnerability import PBN_WORDS, vulnerability_code
from bridgepad.core.words.text import visible
from bridgepad.services.formats.kinds import formats_of

EOL = "\r\n"
ENCODING = "latin-1"  # ISO 8859/1, PBN's character set (2.2)
DIRECTIVES = ("% PBN 2.1", "% EXPORT")
MAX_LINE = 255  # characters, the end of line included (2.3)
SHORT_LINE = 79  # printing characters: "lines with 80 or more ... are strongly discouraged" (2.3)

MANDATORY = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
SEAT_TAGS = {Seat.W: "West", Seat.N: "North", Seat.E: "East", Seat.S: "South"}
EXACT_NAME = {seat: f"Bridgepad{tag}" for seat, tag in SEAT_TAGS.items()}
EXACT_PIECE = 56  # base64 characters in each exact-name tag: four lines hold a name of 40 characters
EXACT_PIECES = 5  # at most: BridgepadNorth, BridgepadNorth2 ... BridgepadNorth5
RULE_TAG = "BridgepadRule"  # one tag per rule: BridgepadRuleHonors, BridgepadRuleChicagoVulnerable...
SCORE_TABLE = "ScoreTable"
SCORE_COLUMN = "Score_NS"
FIELD_TABLE = "BridgepadFieldTable"
FIELD_COLUMNS = ("Contract", "Declarer", "Result", "Score_NS")
RESULT_TABLE = "OptimumResultTable"
RESULT_HEADER = "Declarer;Denomination\\2R;Result\\2R"
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
# Values PBN reads as something other than a name (3.4, 4.8), and why.
RESERVED = {
    "?": "PBN reads '?' as a name not known",
    "#": "PBN reads '#' as the previous game's value",
    "##": "PBN reads a value starting '##' as one for every game after it",
}


# Writing -------------------------------------------------------------------------


def escape(value: str) -> str:
    """A tag value as a PBN string token's inside: ``\\`` and ``"`` escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _latin(ch: str) -> bool:
    """A printing character of ISO 8859/1 (2.2): ASCII's, or those from 160 to 255."""
    return " " <= ch <= "~" or "\xa0" <= ch <= "\xff"


def _reserved(name: str) -> str | None:
    """Why PBN would read ``name`` as something other than a name; None if it reads it as one."""
    if name in ("?", "#"):
        return RESERVED[name]
    return RESERVED["##"] if name.startswith("##") else None


def shown_name(name: str) -> str:
    """A name as a seat tag shows it: ``?`` for each character ISO 8859/1 cannot hold, and
    for the first ``#`` of a name PBN would read as an inherited value; ``?`` for no name."""
    if not name:
        return "?"
    shown = "".join(ch if _latin(ch) else "?" for ch in name)
    return "?" + shown[1:] if shown.startswith("#") and _reserved(shown) else shown


def needs_exact(name: str) -> bool:
    """Whether a bridgepad tag of the seat keeps ``name`` exactly: the seat tag shows it
    otherwise, or it goes beyond ASCII (so that it comes back as typed even from a file
    that was saved again in another character set)."""
    return bool(name) and (not name.isascii() or shown_name(name) != name or _reserved(name) is not None)


def exact_tags(seat: Seat, name: str) -> list[tuple[str, str]]:
    """A seat's exact name: UTF-8 in base64, in pieces short enough for a line each."""
    coded = base64.b64encode(name.encode("utf-8")).decode("ascii")
    pieces = [coded[k : k + EXACT_PIECE] for k in range(0, len(coded), EXACT_PIECE)] or [""]
    return [(EXACT_NAME[seat] + (str(k + 1) if k else ""), piece) for k, piece in enumerate(pieces)]


def losses(records: Sequence[GameRecord]) -> list[str]:
    """What PBN cannot keep as typed, in a sentence for each name: other programs read
    it otherwise, though bridgepad's import reads it back exactly."""
    out: dict[str, str] = {}
    for r in records:
        # A name only the JSON export keeps (a pair's), and the seats' names, which this file keeps too.
        kept = {
            **{n: "the JSON export keeps it as typed" for n in formats_of(r.game).json_only_names(r.game)},
            **{r.name(s): "bridgepad's import reads it back exactly" for s in SEATS},
        }
        for name, how in kept.items():
            shown = shown_name(name)
            if not name or name in out or (shown == name and _reserved(name) is None):
                continue
            lost = sorted({ch for ch in name if not _latin(ch)})
            why = (
                f"ISO 8859-1, PBN's character set, has no {', '.join(repr(visible(ch)) for ch in lost)}"
                if lost
                else _reserved(name)
            )
            out[name] = (
                f"the name '{visible(name)}' cannot be kept as typed in PBN ({why}): other programs read "
                f"'{visible(shown)}'; {how}."
            )
    return list(out.values())


def _date(iso: str | None) -> str:
    try:
        d = datetime.fromisoformat(iso or "")
    except ValueError:
        return "????.??.??"
    return f"{d.year:04d}.{d.month:02d}.{d.day:02d}"


def _decimal(x: Decimal) -> str:
    """IMPs or a percentage with a decimal dot: ``3``, ``4.5``, ``-2.33``, ``66.67`` (4.2.2)."""
    return str(int(x)) if x == x.to_integral_value() else format(x.normalize(), "f")


def rule_tag(key: str) -> str:
    """The tag of one rule: ``chicago_vulnerable`` is ``BridgepadRuleChicagoVulnerable``."""
    return RULE_TAG + "".join(word.capitalize() for word in key.split("_"))


def rule_tags(settings: Settings) -> dict[str, str]:
    """The rules as bridgepad's tags write them: ``{"BridgepadRuleHonors": "yes", ...}``."""
    return {rule_tag(k): _rule_text(v) for k, v in settings.to_json().items()}


def rules_text(settings: Settings) -> str:
    """The rules as one ``BridgepadRules`` tag wrote them before they had a tag each:
    ``honors=yes;chicago_vulnerable=opponents;...`` (read from older exports)."""
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
    # Three games at most fit (4.2.6), and a rubber has no more.
    ns = " ".join(str(b) for b in units_ns)
    ew = " ".join(str(b) for b in units_ew)
    return f"NS 0 {above_ns}/{ns} EW 0 {above_ew}/{ew}"


def double_dummy_tags(solution: Solution) -> dict[str, str]:
    """The double-dummy tags of a board, as BridgeComposer writes them (OptimumScore from N-S's side)."""
    return {
        "DoubleDummyTricks": solution.tricks.pbn,
        "OptimumScore": solution.par.optimum_score,
        "ParContract": solution.par.par_contract,
    }


def result_table(solution: Solution) -> tuple[str, str, list[list[str]]]:
    """The OptimumResultTable (5.7): each declarer's tricks in each strain, one row each."""
    rows = []
    for seat in PBN_SEATS:
        for strain in PBN_STRAINS:
            letter = "NT" if strain_letter(strain) == "N" else strain_letter(strain)
            rows.append([seat.value, f"{letter:>2}", f"{solution.tricks.of(seat, strain):>2}"])
    return (RESULT_TABLE, RESULT_HEADER, rows)


def field_table(field: tuple[FieldResult, ...]) -> tuple[str, str, list[list[str]]]:
    """The club's field of a board: contract, declarer, tricks (``-`` where not given) and N-S's score."""
    rows = [
        [
            r.contract.text if r.contract is not None else "-",
            r.declarer.value if r.declarer is not None else "-",
            str(r.tricks) if r.tricks is not None else "-",
            str(r.ns_score),
        ]
        for r in field
    ]
    return (FIELD_TABLE, ";".join(FIELD_COLUMNS), rows)


def _revoke_note(line: Line) -> str:
    """The comment after a revoke's Result: how the deal was scored (4.2.1)."""
    assert line.revoke is not None and line.tricks is not None and line.tricks_scored is not None
    moved = line.tricks_scored - line.tricks
    to = "declarer" if moved >= 0 else "the defenders"
    count = f"{abs(moved)} trick{'s' if abs(moved) != 1 else ''}"
    return f"Revoke by {line.revoke.side.short}: {count} to {to}, scored as {line.tricks_scored} tricks"


@dataclass(slots=True)
class Deal:
    """One PBN game: its tags in order, a comment after a tag where one explains it, and
    its supplemental sections (name, header, rows)."""

    tags: list[tuple[str, str]]
    sections: list[tuple[str, str, list[list[str]]]] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)  # tag name: the comment on the line after it

    def lines(self) -> list[str]:
        out = []
        for name, value in self.tags:
            out.append(f'[{name} "{escape(value)}"]')
            if name in self.notes:
                out.append("{" + self.notes[name] + "}")  # after its tag, at the start of a line (3.8)
        for name, header, rows in self.sections:
            # A table's columns keep their backslash (``Table\\2R``, 5.2), as every program writes and reads them.
            out.append(f'[{name} "{header.replace(chr(34), chr(92) + chr(34))}"]')
            out.extend(" ".join(row) for row in rows)
        return out


def _seat_value(tag: str, shown: str) -> str:
    """The seat tag's value: the shown name, cut (with the exact name kept) where its line would be long."""
    while len(f'[{tag} "{escape(shown)}"]') > SHORT_LINE:
        shown = shown[:-1]
    return shown


def _game_tags(r: GameRecord) -> tuple[dict[str, str], dict[str, str]]:
    """The tags every deal of a game has alike: the seats (mandatory), and bridgepad's own."""
    seats: dict[str, str] = {}
    extra = {
        "BridgepadGame": r.id,
        "BridgepadMode": r.mode.value,
        "BridgepadFirstDealer": r.game.first_dealer.value,
        "BridgepadCreated": r.created,
        "BridgepadUpdated": r.updated,
        "BridgepadEnded": "yes" if r.game.ended else "no",
        **rule_tags(r.game.settings),
    }
    for seat in SEATS:
        name = r.name(seat)
        shown = _seat_value(SEAT_TAGS[seat], shown_name(name))
        seats[SEAT_TAGS[seat]] = shown
        if name and (needs_exact(name) or shown != name):
            extra.update(exact_tags(seat, name))
    return seats, extra


def deals(r: GameRecord) -> list[Deal]:
    """The PBN games of one bridgepad game, as its kind writes them."""
    return formats_of(r.game).pbn_deals(r)


def one_table_deals(r: GameRecord) -> list[Deal]:
    """The PBN games of a game of one table: one per hand, in time proportional to their number."""
    hands = r.hand_lines
    out = []
    # PBN's rubber history (4.2.6) is rubber scoring's own tag, not a Chicago's: the format's rule.
    history = standings(r) if r.mode is Mode.RUBBER else ()
    seats, game_extra = _game_tags(r)
    event = _event(r)
    for k, line in enumerate(hands):
        mandatory = {
            "Event": event,
            "Site": "?",
            "Date": _date(line.at or r.created),
            "Board": str(r.rules.board_number(line.number or 0, line.deal)),
            **seats,
            "Dealer": line.dealer.value if line.dealer else "?",
            "Vulnerable": PBN_WORDS[vulnerability_code(line.vulnerable)],
            "Deal": _deal_value(line),
            "Scoring": _scoring(r, line),
            "Declarer": line.declarer.value if line.declarer else "",
            "Contract": "Pass" if line.contract is None else line.contract.text,
            "Result": "" if line.tricks is None else str(line.tricks),
        }
        extra = dict(game_extra)
        notes: dict[str, str] = {}
        if line.at is not None:
            extra["BridgepadAt"] = line.at
        if line.honors is not None:
            extra["BridgepadHonors"] = line.honors.text
        if line.revoke is not None:
            rv = line.revoke
            extra["BridgepadRevoke"] = f"{rv.side.value} {rv.won_after}" + (" trick12" if rv.trick_12 else "")
            if line.tricks is not None and line.tricks_scored != line.tricks:
                notes["Result"] = _revoke_note(line)
        sections = []
        facts = line.board
        if facts is not None and facts.solution is not None:
            extra.update(double_dummy_tags(facts.solution))
            sections.append(result_table(facts.solution))
        if facts is not None and facts.field:
            sections.append(field_table(facts.field))
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
            if history:
                s = history[k]
                extra["ScoreRubberHistory"] = _history(
                    s.below_points(Side.NS), s.below_points(Side.EW), s.above_points(Side.NS), s.above_points(Side.EW)
                )
        tags = [(name, mandatory[name]) for name in MANDATORY] + sorted(extra.items())
        out.append(Deal(tags, sorted(sections, key=lambda t: t[0]), notes))  # sections sorted by name (3.1)
    out.extend(_unplayed_deal(r, facts, seats, game_extra, event) for facts in r.unplayed_boards)
    return out


def _unplayed_deal(r: GameRecord, facts: BoardFacts, seats: dict[str, str], game_extra: dict[str, str], event: str) -> Deal:
    """A board whose cards the game knows and that has no hand yet: as a hand record writes it
    (its Scoring, Declarer, Contract and Result empty), after the hands, so that the import
    keeps every board of the set; ``BridgepadFirstBoard`` says where a game with no hand begins."""
    mandatory = {
        "Event": event,
        "Site": "?",
        "Date": _date(r.created),
        "Board": str(facts.board),
        **seats,
        "Dealer": facts.dealer.value,
        "Vulnerable": PBN_WORDS[vulnerability_code(facts.vulnerable)],
        "Deal": facts.deal.pbn(facts.dealer),
        "Scoring": "",
        "Declarer": "",
        "Contract": "",
        "Result": "",
    }
    extra = dict(game_extra) | {"BridgepadFirstBoard": str(r.game.first_board)}
    sections = []
    if facts.solution is not None:
        extra.update(double_dummy_tags(facts.solution))
        sections.append(result_table(facts.solution))
    if facts.field:
        sections.append(field_table(facts.field))
    tags = [(name, mandatory[name]) for name in MANDATORY] + sorted(extra.items())
    return Deal(tags, sorted(sections, key=lambda t: t[0]))


def _deal_value(line: Line) -> str:
    """The Deal tag: the board's cards with the dealer first, or no cards known."""
    dealer = line.dealer or Seat.N
    return line.board.deal.pbn(dealer) if line.board is not None else f"{dealer.value}:- - - -"


def write(records: Sequence[GameRecord]) -> str:
    """Every game's deals, in export format (CR LF line ends, ISO 8859/1 characters only)."""
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
