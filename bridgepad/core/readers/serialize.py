"""Games to and from plain JSON data: the inputs only, with a schema version.

Reading is strict: anything of the wrong shape raises SchemaError with a sentence
that names the field, so a damaged file is reported and kept aside, never guessed at.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bridgepad.core.model import Hand, Honors, Revoke, Seat, Side
from bridgepad.core.readers.boards_json import BoardsError, board_set_from_json, board_set_json
from bridgepad.core.readers.notation import (
    NotationError,
    check_honors,
    check_name,
    parse_contract,
)
from bridgepad.core.readers.people import check_sitting_out
from bridgepad.core.readers.several_tables_json import SeveralTablesError, several_tables_from_json, several_tables_to_json
from bridgepad.core.rules.board_scores import MAX_OTHERS, others_problem
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.revoke import check as check_revoke
from bridgepad.core.rules.settings import Settings

SCHEMA = 4
# Schema history: 1 had no entry times; 2 records when each hand was entered ("at");
# 3 takes several other-table scores per board ("others", was "other_table") and a revoke;
# 4 keeps a duplicate game of several tables ("several_tables": its movement and results),
# a duplicate game's boards, their cards and the club's field ("deals", ``boards_json``), and
# the double-dummy cache beside them.

SCORE_LIMIT = 10_000  # no bridge score reaches this: 7NTXX+0 vulnerable is 2,980


MAX_TIME_LENGTH = 40  # 2026-08-17T21:03:01.123456+02:00 is 32
TIME_HELP = "a date and time such as 2026-08-17T21:03:01+02:00"


def is_time(text: object) -> bool:
    """True for an ISO 8601 date and time as bridgepad writes them: short, plain ASCII, readable."""
    if not isinstance(text, str) or not 0 < len(text) <= MAX_TIME_LENGTH or not text.isascii() or not text.isprintable():
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


class SchemaError(ValueError):
    """Saved data that does not have the shape of a game."""


class FutureSchemaError(SchemaError):
    """Saved by a newer bridgepad: never rewritten by this one."""


def hand_to_json(hand: Hand) -> dict[str, Any]:
    if hand.contract is None:
        out: dict[str, Any] = {"pass": True}
    else:
        assert hand.declarer is not None
        out = {"contract": hand.contract.text, "declarer": hand.declarer.value, "tricks": hand.tricks}
        if hand.honors is not None:
            out["honors"] = {"side": hand.honors.side.value, "points": hand.honors.points}
    if hand.revoke is not None:
        r = hand.revoke
        out["revoke"] = {"side": r.side.value, "won_after": r.won_after, "trick_12": r.trick_12}
    if hand.others:
        out["others"] = list(hand.others)
    if hand.at is not None:
        out["at"] = hand.at
    return out


def game_to_json(game: Game, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The saved form of a game; ``meta`` (id, times) is kept alongside, untouched."""
    out: dict[str, Any] = {"schema": SCHEMA}
    out.update(meta or {})
    out.update(
        {
            "mode": game.mode.value,
            "settings": game.settings.to_json(),
            "first_dealer": game.first_dealer.value,
            "players": {s.value: n for s, n in zip(Seat, game.players) if n},
            "ended": game.ended,
            "hands": [hand_to_json(h) for h in game.hands],
        }
    )
    if game.rules.boards:  # only a session of boards is numbered from a board of its own
        out["first_board"] = game.first_board
    if game.sitting_out:
        out["sitting_out"] = list(game.sitting_out)
    if game.several_tables is not None:
        out["several_tables"] = several_tables_to_json(game.several_tables, hand_to_json)
    if game.deals is not None:
        out["deals"] = board_set_json(game.deals)
    return out


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SchemaError(f"{where} must be a whole number from {lo} to {hi}.")
    return value


_SEAT_OF = {seat.value: seat for seat in Seat}


# Every hand of a lifetime is read here when the history's index is rebuilt: the words of a
# sentence are put together only for a hand that needs one.
def hand_from_json(data: Any, where: str) -> Hand:
    if not isinstance(data, dict):
        raise SchemaError(f"{where} is not a hand.")
    at = data.get("at")
    if at is not None and not is_time(at):
        raise SchemaError(f"{where} has an entry time that is not {TIME_HELP}.")
    others: tuple[int, ...] = ()
    if "others" in data:
        others_data = data["others"]
        if not isinstance(others_data, list) or len(others_data) > MAX_OTHERS:
            raise SchemaError(f"{where} others is not a list of up to {MAX_OTHERS} scores.")
        others = tuple(_int(o, f"{where} others", -SCORE_LIMIT, SCORE_LIMIT) for o in others_data)
    if data.get("pass") is True:
        return Hand(others=others, at=at)
    try:
        contract = parse_contract(str(data.get("contract", "")))
        if contract is None:
            raise SchemaError(f"{where} has pass as its contract.")
    except NotationError as e:
        raise SchemaError(f"{where}: {e}") from None
    letter = data.get("declarer")
    declarer = _SEAT_OF.get(letter) if isinstance(letter, str) else None
    if declarer is None:
        raise SchemaError(f"{where} has no declarer N, E, S or W.")
    tricks = data.get("tricks")
    if type(tricks) is not int or not 0 <= tricks <= 13:  # a whole number, never a bool (as _int)
        tricks = _int(tricks, f"{where} tricks", 0, 13)
    honors = None
    h = data.get("honors")
    if h is not None:
        if not isinstance(h, dict):
            raise SchemaError(f"{where} honors is not a side and points.")
        if not isinstance(h.get("side"), str) or h.get("side") not in ("NS", "EW"):
            raise SchemaError(f"{where} honors has no side NS or EW.")
        try:
            side = Side(h.get("side"))
            points = _int(h.get("points"), f"{where} honors points", 100, 150)
            check_honors(points, contract)
        except (NotationError, ValueError) as e:
            raise SchemaError(f"{where} honors: {e}") from None
        honors = Honors(side, points)
    revoke = None
    r = data.get("revoke")
    if r is not None:
        if not isinstance(r, dict):
            raise SchemaError(f"{where} revoke is not a side and the tricks won after it.")
        try:
            rside = Side(r.get("side"))
        except ValueError:
            raise SchemaError(f"{where} revoke has no side NS or EW.") from None
        trick_12 = r.get("trick_12", False)
        if not isinstance(trick_12, bool):
            raise SchemaError(f"{where} revoke trick_12 is not true or false.")
        revoke = Revoke(rside, _int(r.get("won_after"), f"{where} revoke won_after", 0, 13), trick_12)
        problem = check_revoke(revoke, tricks, declarer.side)
        if problem:
            raise SchemaError(f"{where} revoke: {problem}.")
    return Hand(contract, declarer, tricks, honors, others, at, revoke)


def _from_1(data: dict[str, Any]) -> dict[str, Any]:
    # Version 1 hands had no entry time; nothing else changed.
    return {**data, "schema": 2}


def _from_2(data: dict[str, Any]) -> dict[str, Any]:
    # Version 2 held one other-table score per board; 3 holds a list of them.
    hands = data.get("hands")
    if isinstance(hands, list):
        moved = []
        for h in hands:
            if isinstance(h, dict) and "other_table" in h:
                h = dict(h)
                other = h.pop("other_table")
                if other is not None:
                    h["others"] = [other]
            moved.append(h)
        data = {**data, "hands": moved}
    return {**data, "schema": 3}


def _from_3(data: dict[str, Any]) -> dict[str, Any]:
    # Version 4 adds what a game may hold: a game of several tables, a duplicate game's boards'
    # cards and field; a game of one table without them is written as before.
    return {**data, "schema": 4}


MIGRATIONS = {1: _from_1, 2: _from_2, 3: _from_3}


def schema_of(data: Any) -> int | None:
    schema = data.get("schema") if isinstance(data, dict) else None
    return schema if isinstance(schema, int) and not isinstance(schema, bool) else None


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Brings saved data of an older schema up to this one, one version at a time."""
    schema = schema_of(data)
    while schema is not None and schema < SCHEMA and schema in MIGRATIONS:
        data = MIGRATIONS[schema](data)
        schema = schema_of(data)
    return data


def game_from_json(data: Any) -> Game:
    if not isinstance(data, dict):
        raise SchemaError("The file does not hold a game.")
    schema = schema_of(data)
    if schema is not None and schema > SCHEMA:
        found = f"schema {schema}; " if schema < 10_000 else ""
        raise FutureSchemaError(f"The file was written by a newer bridgepad ({found}this one reads {SCHEMA}).")
    data = migrate(data)
    if schema_of(data) != SCHEMA:
        found = data.get("schema")
        shown = f" (found {found!r})" if isinstance(found, (int, float)) or (isinstance(found, str) and len(found) <= 20) else ""
        raise SchemaError(f"The file has no schema version this bridgepad knows{shown}.")
    try:
        mode = Mode(data.get("mode"))
        first_dealer = Seat(data.get("first_dealer"))
    except ValueError:
        raise SchemaError("The file's mode or first dealer is not one bridgepad knows.") from None
    hands_data = data.get("hands")
    if not isinstance(hands_data, list):
        raise SchemaError("The file has no list of hands.")
    hands = tuple(hand_from_json(h, f"hand {i}") for i, h in enumerate(hands_data, 1))
    players_data = data.get("players") or {}
    if not isinstance(players_data, dict):
        raise SchemaError("The file's players are not names by seat.")
    names = []
    for letter, seat in _SEAT_OF.items():
        name = players_data.get(letter, "")
        if not isinstance(name, str):
            raise SchemaError(f"The name for {seat.value} is not text.")
        try:
            names.append(check_name(name, seat))
        except NotationError as e:
            # Control characters or broken text in a name would reach the terminal raw.
            raise SchemaError(str(e)) from None
    ended = data.get("ended", False)
    if not isinstance(ended, bool):
        raise SchemaError("The file's ended flag is not true or false.")
    first_board = data.get("first_board", 1)
    first_board = _int(first_board, "first_board", 1, 10_000)
    if rules_for(mode).boards:
        # Every way in (the entry form, a log, an import) refuses a score no result can give
        # on its board, so a file holding one was changed or damaged outside bridgepad. It is
        # refused like any other damage, which keeps the file aside byte for byte and names
        # it: dropping the score, or keeping it, would quietly change the board's comparison.
        for i, hand in enumerate(hands):
            problem = others_problem(hand.others, first_board + i)
            if problem is not None:
                raise SchemaError(f"hand {i + 1} (board {first_board + i}) others: {problem}")
    sitting_out = _sitting_out(data.get("sitting_out", []), names)
    deals = None
    if "deals" in data:
        if not rules_for(mode).boards:
            raise SchemaError(f"The file's deals belong to a duplicate game, not to a {mode.word}.")
        try:
            deals = board_set_from_json(data["deals"])
        except BoardsError as e:
            raise SchemaError(str(e)) from None
    several = None
    if "several_tables" in data:
        if not rules_for(mode).boards or hands:
            raise SchemaError("The file's several_tables belong to a duplicate game with no hands of its own.")
        try:
            several = several_tables_from_json(data["several_tables"], hand_from_json, is_time)
        except SeveralTablesError as e:
            raise SchemaError(str(e)) from None
    return Game(
        mode=mode,
        settings=Settings.from_json(data.get("settings")),
        first_dealer=first_dealer,
        hands=hands,
        ended=ended,
        players=(names[0], names[1], names[2], names[3]),
        first_board=first_board,
        sitting_out=sitting_out,
        several_tables=several,
        deals=deals,
    )


def _sitting_out(data: Any, seated: list[str]) -> tuple[str, ...]:
    """The players who waited out the game: a short list of names, none of them seated."""
    if not isinstance(data, list) or not all(isinstance(n, str) for n in data):
        raise SchemaError("The file's sitting_out is not a list of names.")
    try:
        return check_sitting_out(data, tuple(n for n in seated if n))
    except NotationError as e:
        raise SchemaError(f"The file's sitting_out: {e}") from None
