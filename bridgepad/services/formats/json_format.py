"""JSON: every input of each game beside the figures derived from it.

    {"format": "bridgepad", "version": 1,
     "games": [{"id": ..., "created": ..., "updated": ...,
                "game": {the game as saved: mode, settings, first dealer, players, hands as entered},
                "figures": {the derived figures: totals, one line per hand and per bonus, or boards}}]}

``game`` is exactly the saved form (``bridgepad.core.readers.serialize``), so ``bridgepad import``
reads an export back into the same games. ``replay_json`` is the shape of
``bridgepad replay --json``: ``{"mode": "rubber", "rubbers": [...]}``, or for duplicate
``{"mode": "duplicate", "boards": [...], "totals": {...}}``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any, NoReturn

from bridgepad.core.model import SIDES, Side
from bridgepad.core.readers.serialize import SchemaError, game_from_json, game_to_json
from bridgepad.core.records.record import Figures, GameRecord, Line, LineKind, record_of
from bridgepad.core.rules.duplicate import Comparison, SessionMatchpoints
from bridgepad.core.rules.game import GameState, Mode
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.vulnerability import vulnerability_code
from bridgepad.core.words.text import visible
from bridgepad.services.formats.incoming import (
    FileRefused,
    Incoming,
    game_problem,
    valid_id,
    valid_time,
)
from bridgepad.services.formats.kinds import formats_of
from bridgepad.store.game_id import ID_HELP

FORMAT = "bridgepad"
VERSION = 1


def number(x: Decimal | None) -> float | int | None:
    """A decimal figure as JSON writes it: 3 for a whole number, 2.33 otherwise."""
    if x is None:
        return None
    return int(x) if x == x.to_integral_value() else float(x)


def _side(r: GameRecord, s: Side) -> dict[str, int]:
    return {"below": r.below(s), "above": r.above(s), "total": r.total(s), "games": r.games_won(s)}


def line_json(line: Line) -> dict[str, Any]:
    f = line.figures
    out: dict[str, Any] = {"kind": line.kind.value}
    if line.kind is LineKind.HAND:
        out["hand"] = line.number
    else:
        out["bonus"] = line.bonus.value if line.bonus else ""
        out["reason"] = line.reason
    out["NS"] = {"below": f.ns_below, "above": f.ns_above}
    out["EW"] = {"below": f.ew_below, "above": f.ew_above}
    return out


def decimal(x: Decimal | None) -> float | None:
    """A figure with decimals (IMPs, a percentage, VPs) as JSON writes it: always a float, 3.0 or 2.33."""
    return None if x is None else float(x)


def comparison_json(c: Comparison | None) -> dict[str, Any]:
    if c is None or not c.compared:
        return {"others": [], "imps": None, "matchpoints": None}
    return {
        "others": list(c.others),
        "imps": decimal(c.imps),
        "matchpoints": {"ns": c.matchpoints, "top": c.top, "pct": decimal(c.percent)},
    }


def board_json(line: Line) -> dict[str, Any]:
    assert line.dealer is not None
    out: dict[str, Any] = {
        "board": line.deal,
        "dealer": line.dealer.value,
        "vulnerable": vulnerability_code(line.vulnerable),
        "ns_score": line.ns_score or 0,
    }
    out.update(comparison_json(line.comparison))
    facts = line.board
    if facts is not None:
        out["cards"] = facts.deal.pbn(facts.dealer)
        s = facts.solution
        out["double_dummy"] = None if s is None else {"tricks": s.tricks.pbn, "par": s.par.score, "contracts": s.par.par_contract}
        if facts.field:
            vs = facts.against_field
            out["field"] = {
                "scores": [r.ns_score for r in facts.field],
                "imps": decimal(vs.imps) if vs is not None else None,
                "matchpoints": {"ns": vs.matchpoints, "top": vs.top, "pct": decimal(vs.percent)} if vs is not None else None,
            }
    return out


def duplicate_totals(r: GameRecord) -> dict[str, Any]:
    """A session's totals from N-S's side: IMPs and their VPs, matchpoints, the tops, the percentage."""
    mp = r.matchpoints
    vp = r.vp
    assert r.session is not None
    out: dict[str, Any] = {
        "ns_score": r.session.ns_total,
        "imps": decimal(r.imps),
        "vp": decimal(vp[0]) if vp else None,
        "matchpoints": mp[0] if mp else None,
        "top": mp[1] if mp else None,
        "pct": decimal(r.percent),
    }
    field = r.against_field
    if field is not None:
        out["against_field"] = {"boards": field.boards, "imps": decimal(field.imps), "pct": decimal(field.percent)}
    return out


def figures_json(r: GameRecord) -> dict[str, Any]:
    """The derived figures of one game, as its kind gives them."""
    return formats_of(r.game).figures(r)


def one_table_figures(r: GameRecord) -> dict[str, Any]:
    """The derived figures of a game of one table: its boards, or its pad's lines."""
    if r.session is not None:
        return {
            "status": r.status.value,
            "scoring": r.game.settings.duplicate_scoring.value,
            "boards": [board_json(line) for line in r.hand_lines],
            "totals": duplicate_totals(r),
        }
    return {
        "status": r.status.value,
        "complete": r.state.complete,
        "headline": r.headline,
        "NS": _side(r, Side.NS),
        "EW": _side(r, Side.EW),
        "lines": [line_json(line) for line in r.lines],
    }


def game_json(r: GameRecord) -> dict[str, Any]:
    return {"id": r.id, "created": r.created, "updated": r.updated, "game": game_to_json(r.game), "figures": figures_json(r)}


def write(records: Sequence[GameRecord]) -> str:
    data = {"format": FORMAT, "version": VERSION, "games": [game_json(r) for r in records]}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# Reading an export back --------------------------------------------------------

GAME_KEYS = frozenset({"id", "created", "updated", "game", "figures"})


def is_export(text: str) -> bool:
    """Whether ``text`` looks like this format (a JSON object), by its content, not its name."""
    return text.lstrip("\ufeff \t\r\n").startswith("{")


# A lifetime of games: 100,000 games of a rubber each are about 250 MB as an export.
MAX_EXPORT_BYTES = 1 << 30
MAX_EXPORT_TEXT = "1 GB"
_BEGINS_AS_EXPORT = re.compile(rb'^(?:\xef\xbb\xbf)?[ \t\r\n]*\{[ \t\r\n]*"format"[ \t\r\n]*:[ \t\r\n]*"bridgepad"')
_SPACE = re.compile(r"[ \t\r\n]*")


def begins_as_export(head: bytes) -> bool:
    """Whether a file begins as bridgepad writes an export (``{"format": "bridgepad"``): only
    such a file may be larger than any other file bridgepad reads."""
    return _BEGINS_AS_EXPORT.match(head) is not None


class _Cursor:
    """Reads a JSON object a member at a time from ``text``, never the whole at once: an
    export's games are each read, checked and let go in turn."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.decoder = json.JSONDecoder()

    def skip(self) -> None:
        self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]

    def take(self, char: str) -> bool:
        self.skip()
        if self.text.startswith(char, self.at):
            self.at += len(char)
            return True
        return False

    def expect(self, char: str, what: str) -> None:
        if not self.take(char):
            raise json.JSONDecodeError(f"Expecting {what}", self.text, self.at)

    def value(self) -> Any:
        self.skip()
        value, self.at = self.decoder.raw_decode(self.text, self.at)
        return value

    def items(self) -> Iterator[Any]:
        """The values of the list that starts here, one at a time."""
        self.expect("[", "'['")
        if self.take("]"):
            return
        while True:
            yield self.value()
            if self.take("]"):
                return
            self.expect(",", "',' delimiter")


def read(text: str) -> list[Incoming]:
    """The games of an export, each with its id and times; FileRefused with every problem.

    Each game's ``game`` is read exactly as a game file is (``core.serialize``); the
    ``figures`` are derived, so they are not read but worked out again from the inputs.
    The export is read a game at a time, so that a lifetime's export needs memory for its
    games, not for the whole file parsed at once.
    """
    cursor = _Cursor(text.removeprefix("\ufeff"))
    header: dict[str, Any] = {}
    out: list[Incoming] = []
    problems: list[tuple[int | str | None, str]] = []
    try:
        cursor.expect("{", "an object")
        if not cursor.take("}"):
            while True:
                cursor.skip()
                key = cursor.value()
                if not isinstance(key, str):
                    raise json.JSONDecodeError("Expecting property name", cursor.text, cursor.at)
                cursor.expect(":", "':' delimiter")
                if key == "games" and "games" not in header and _header_ok(header):
                    cursor.skip()
                    if not cursor.text.startswith("[", cursor.at):
                        raise FileRefused([(None, 'its "games" is not a list of games.')])
                    for n, item in enumerate(cursor.items(), 1):
                        try:
                            out.append(_read_game(item))
                        except ValueError as e:
                            problems.append((f"game {n}", str(e)))
                    header["games"] = True
                else:
                    header[key] = cursor.value()
                    _header_ok(header)  # a file that is not an export is refused as soon as it says so
                if cursor.take("}"):
                    break
                cursor.expect(",", "',' delimiter")
        cursor.skip()
        if cursor.at != len(cursor.text):
            raise json.JSONDecodeError("Extra data", cursor.text, cursor.at)
    except RecursionError:
        raise FileRefused([(None, "it is JSON nested too deep to be a bridgepad export.")]) from None
    except json.JSONDecodeError as e:
        raise FileRefused([(None, f"it is not valid JSON ({visible(str(e))[:200]}).")]) from None
    if header.get("format") != FORMAT:
        raise FileRefused([(None, 'it is JSON but not a bridgepad export: that has "format": "bridgepad".')])
    _header_ok(header)
    if header.get("version") != VERSION:
        _version_refused(header.get("version"))
    if header.get("games") is not True:
        raise FileRefused([(None, 'its "games" is not a list of games.')])
    if problems:
        raise FileRefused(problems)
    return out


def _header_ok(header: dict[str, Any]) -> bool:
    """Whether the members read so far are an export's; FileRefused as soon as one is not."""
    if "format" in header and header["format"] != FORMAT:
        raise FileRefused([(None, 'it is JSON but not a bridgepad export: that has "format": "bridgepad".')])
    if "version" in header and header["version"] != VERSION:
        _version_refused(header["version"])
    return True


def _version_refused(version: Any) -> NoReturn:
    raise FileRefused(
        [(None, f"it is a bridgepad export of version {visible(repr(version))[:40]}; this bridgepad reads version {VERSION}.")]
    )


def _read_game(item: Any) -> Incoming:
    if not isinstance(item, dict) or set(item) != GAME_KEYS:
        raise ValueError(f"it is not a game of an export, which has exactly {', '.join(sorted(GAME_KEYS))}.")
    game_id, created, updated = item["id"], item["created"], item["updated"]
    if not isinstance(game_id, str) or not valid_id(game_id):
        raise ValueError(f"its id is not one bridgepad writes: {ID_HELP}.")
    for name, value in (("created", created), ("updated", updated)):
        if not isinstance(value, str) or not valid_time(value):
            raise ValueError(f"{game_id}: its {name} time is not an ISO time such as 2026-08-17T20:01:02+02:00.")
    if not isinstance(item["figures"], dict):
        raise ValueError(f"{game_id}: its figures are not an object.")
    try:
        game = game_from_json(item["game"])
    except SchemaError as e:
        raise ValueError(f"{game_id}: {visible(str(e))}") from None
    problem = game_problem(game)
    if problem:
        raise ValueError(f"{game_id}: {problem}")
    return Incoming(game, game_id, created, updated)


# bridgepad replay --json ------------------------------------------------------


def _hand_figures(f: Figures) -> dict[str, dict[str, int]]:
    """A hand's points in ``replay --json``: the sides in SIDES' order, below the line then above."""
    return {Side.NS.value: {"below": f.ns_below, "above": f.ns_above}, Side.EW.value: {"below": f.ew_below, "above": f.ew_above}}


def state_json(st: GameState) -> dict[str, Any]:
    """One rubber or Chicago in the ``bridgepad replay --json`` shape."""
    r = record_of(st)

    def side(s: Side) -> dict[str, int]:
        return {"below": r.below(s), "above": r.above(s), "total": r.total(s), "games": r.games_won(s)}

    return {
        "complete": st.complete,
        "NS": side(Side.NS),
        "EW": side(Side.EW),
        "bonus": {s.value: sum(line.figures.total(s) for line in r.bonus_lines) for s in SIDES},
        "hands": [_hand_figures(line.figures) for line in r.hand_lines],
    }


def replay_json(mode: Mode, games: list[GameState]) -> dict[str, Any]:
    if not rules_for(mode).boards:
        return {"mode": mode.value, "rubbers": [state_json(g) for g in games]}
    records = [record_of(g) for g in games]
    boards = [board_json(line) for r in records for line in r.hand_lines]
    session = records[-1] if len(records) == 1 else None
    totals = duplicate_totals(session) if session is not None else _sum_totals(records)
    scoring = games[0].game.settings.duplicate_scoring.value if games else None
    return {"mode": mode.value, "scoring": scoring, "boards": boards, "totals": totals}


def write_replay_json(mode: Mode, games: Iterable[GameState], write: Callable[[str], object]) -> None:
    """``json.dumps(replay_json(mode, games))`` and a new line, written a game at a time: the
    same bytes, without holding every game (a log of a million lines is read as it goes)."""
    dump = json.dumps
    if not rules_for(mode).boards:
        write(f'{{"mode": {dump(mode.value)}, "rubbers": [')
        for k, g in enumerate(games):
            write((", " if k else "") + dump(state_json(g)))
        write("]}\n")
        return
    totals = _Totals()
    first: GameRecord | None = None
    boards = 0
    for g in games:
        r = record_of(g)
        if first is None:
            first = r
            scoring = dump(g.game.settings.duplicate_scoring.value)
            write(f'{{"mode": {dump(mode.value)}, "scoring": {scoring}, "boards": [')
        for line in r.hand_lines:
            write((", " if boards else "") + dump(board_json(line)))
            boards += 1
        totals.add(r)
    if first is None:
        write(f'{{"mode": {dump(mode.value)}, "scoring": null, "boards": [')
    final = duplicate_totals(first) if first is not None and totals.records == 1 else totals.json()
    write(f'], "totals": {dump(final)}}}\n')


def _sum_totals(records: list[GameRecord]) -> dict[str, Any]:
    totals = _Totals()
    for r in records:
        totals.add(r)
    return totals.json()


class _Totals:
    """Two or more sessions of one log (an end, or a board line that jumps, between them): their figures
    added up, the percentage taken over all their boards as over one session's (each board weighing
    the same, by default), and the VPs of each match added as a round robin adds them."""

    def __init__(self) -> None:
        self.records = 0
        self.ns_score = 0
        self.compared = 0
        self.matchpoints = 0
        self.top = 0
        self.imps = Decimal(0)
        self.vp = Decimal(0)
        self.boards: SessionMatchpoints | None = None

    def add(self, r: GameRecord) -> None:
        self.records += 1
        assert r.session is not None
        self.ns_score += r.session.ns_total
        if self.boards is None:
            self.boards = SessionMatchpoints(r.game.settings.pairs_percentage)
        for h in r.state.hands:
            self.boards.add(h.comparison)
        if r.matchpoints:
            self.compared += 1
            self.matchpoints += r.matchpoints[0]
            self.top += r.matchpoints[1]
            self.imps += r.imps or Decimal(0)
            if r.vp:
                self.vp += r.vp[0]

    def json(self) -> dict[str, Any]:
        if not self.compared:
            return {"ns_score": self.ns_score, "imps": None, "vp": None, "matchpoints": None, "top": None, "pct": None}
        return {
            "ns_score": self.ns_score,
            "imps": decimal(self.imps),
            "vp": decimal(self.vp),
            "matchpoints": self.matchpoints,
            "top": self.top,
            "pct": decimal(self.boards.percent if self.boards is not None else None),
        }
