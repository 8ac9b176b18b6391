"""PBN read back: the games of a PBN file that ``bridgepad.services.formats.pbn_format`` wrote,
for ``bridgepad import``.

The file is read as the standard's import format allows (any white space between
tokens, comments, also over more than one line, directives, auction and play sections,
inherited ``#`` values), then each deal's results are taken (contract, declarer, tricks
as played, honors, a revoke, the traveller) and grouped into games by ``BridgepadGame``.
Each game is read as strictly as a game file, checked like a game typed at the table,
and its scores worked out again: a deal whose Dealer, Vulnerable or score tags are not
what its results give is refused, so a file edited by hand cannot bring in figures that
its results do not make.

Whatever the file holds, reading it takes memory in proportion to its size: a tag is
found by a pattern that never goes back over what it has read, and a value longer than
a PBN token can be (255 characters, 3.2) is refused. What is refused is quoted in a
short piece, and a file with many problems is told in a few dozen lines and a count.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from typing import Any

from bridgepad.core.model import SEATS, Seat
from bridgepad.core.readers.serialize import SCHEMA, SchemaError, game_from_json
from bridgepad.core.records.record import make_record
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import Settings
from bridgepad.core.words.text import visible
from bridgepad.services.formats.incoming import (
    FileRefused,
    Incoming,
    game_problem,
    valid_id,
    valid_time,
)
from bridgepad.services.formats.pbn_format import (
    DERIVED,
    EXACT_NAME,
    EXACT_PIECES,
    FIELD_COLUMNS,
    FIELD_TABLE,
    RULE_TAG,
    SCORE_COLUMN,
    SCORE_TABLE,
    SEAT_TAGS,
    Deal,
    deals,
    rule_tag,
    rule_tags,
    rules_text,
)

# Possessive, so that a long value is matched in one pass, with nothing kept to go back to.
_TAG = re.compile(r'\[\s*+([A-Za-z0-9_]++)\s*+"([^"\\]*+(?:\\.[^"\\]*+)*+)"\s*+\]')
_UNESCAPE = re.compile(r"\\(.)")
# A table's elements (5.1): a string token, which may hold spaces ("Ann - Bob"), or a section token.
_ELEMENT = re.compile(r'"((?:[^"\\]|\\.)*+)"|(\S++)')
MAX_TOKEN = 255  # characters in a PBN token at most (3.2)
MAX_ELEMENTS = 64  # elements in one line of a table (a ScoreTable has 17 columns at most, 5.9)
MAX_TABLE_LINES = 4_096  # lines of one table (a traveller of 256 results, each over a few lines)
QUOTED = 24  # characters of a refused value shown in its message
MAX_PROBLEMS = 30  # lines that say what is wrong with a file; a count tells the rest
EXACT_TAGS = tuple(tag + (str(k) if k > 1 else "") for tag in EXACT_NAME.values() for k in range(1, EXACT_PIECES + 1))
RULE_TAGS = tuple(rule_tags(Settings()))
GAME_TAGS = (
    "BridgepadMode", "BridgepadRules", *RULE_TAGS, "BridgepadFirstDealer", "BridgepadCreated", "BridgepadUpdated",
    "BridgepadEnded", *SEAT_TAGS.values(), *EXACT_TAGS,
)  # fmt: skip
OURS = (
    "bridgepad imports the PBN files it exports, whose own tags say which game each deal belongs to "
    "and under which rules it was played"
)
NOT_OURS = f"has no BridgepadGame tag: {OURS}."


_BRIDGEPAD_GAME = re.compile(r"\[\s*BridgepadGame\s")


def has_bridgepad_games(text: str) -> bool:
    """Whether a PBN file holds bridgepad's own games (a ``BridgepadGame`` tag), not a club's boards."""
    return _BRIDGEPAD_GAME.search(text) is not None


def is_pbn(text: str) -> bool:
    """Whether ``text`` looks like PBN: it opens with a ``%`` directive or a ``[`` tag."""
    return text.lstrip("\ufeff \t\r\n").startswith(("%", "["))


def quoted(text: str) -> str:
    """A value as a message quotes it: its control characters visible, and at most a short piece of it."""
    return f"'{visible(text[:QUOTED])}'" if len(text) <= QUOTED else f"'{visible(text[:QUOTED])}...' ({len(text):,} characters)"


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


def _refused(line: int, message: str) -> FileRefused:
    return FileRefused([(line, message)])


def parse(text: str) -> list[ReadDeal]:
    """The PBN games of ``text``, in import format (2.1): FileRefused at the first line that is not PBN.

    Comments (``;`` and ``{ }``, which may go on over lines), directives, auction and play
    sections are skipped; a tag repeated in a game is ignored; ``#`` and ``##`` values
    are inherited (4.8).
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
            if not line.strip():
                continue  # the end of a comment's last line: not an empty line, which would end the deal
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
                    raise _refused(n, 'a tag is written [Name "value"], on one line.')
                name, raw = m.group(1), m.group(2)
                if len(name) > MAX_TOKEN or len(raw) > MAX_TOKEN:
                    what = f"the tag {quoted(name)}" if len(name) > MAX_TOKEN else f"the value of {name}"
                    raise _refused(n, f"{what} is longer than a PBN token can be ({MAX_TOKEN} characters).")
                value = _UNESCAPE.sub(r"\1", raw)
                if current is None:
                    current = ReadDeal(n)
                if name not in current.tags:
                    current.tags[name] = value
                    if name.endswith("Table"):
                        current.tables[name] = (raw.split(";"), [])  # the header as written: a width is "\\2R"
                section = name if name in ("Auction", "Play") or name.endswith("Table") else None
                pos = m.end()
            elif section is not None and current is not None:
                if section in current.tables:
                    rows = current.tables[section][1]
                    row = elements(line[pos:], MAX_ELEMENTS)
                    if len(row) > MAX_ELEMENTS or len(rows) >= MAX_TABLE_LINES:
                        what = (
                            f"more than {MAX_ELEMENTS} elements"
                            if len(row) > MAX_ELEMENTS
                            else f"more than {MAX_TABLE_LINES:,} lines"
                        )
                        raise _refused(n, f"the {section} has {what}, more than any table of results.")
                    rows.append(row)
                break
            else:
                raise _refused(n, f'expected a tag such as [Board "1"], not {quoted(line[pos:])}.')
    close()
    return out


def elements(text: str, limit: int = MAX_ELEMENTS) -> list[str]:
    """A table row's elements (5.1): each string token's text, unescaped, or each section token;
    at most ``limit`` and one more (a longer row is refused, not read to its end)."""
    out = []
    for m in _ELEMENT.finditer(text):
        out.append(_UNESCAPE.sub(r"\1", m.group(1)) if m.group(1) is not None else m.group(2))
        if len(out) > limit:
            break
    return out


def _what_file(ds: list[ReadDeal]) -> str:
    """One line on a PBN file with no bridgepad game in it: what it seems to be, and what bridgepad reads."""
    count = f"{len(ds):,} deal{'s' if len(ds) != 1 else ''}"
    scored = sum(1 for d in ds if SCORE_TABLE in d.tables or "Score" in d.tags)
    if scored:
        what = f"a results file, such as a club's scores ({count}, {scored:,} with scores or a {SCORE_TABLE})"
    else:
        what = f"a PBN file from another program ({count})"
    return f"this is {what}, with no BridgepadGame tag: {OURS}."


def capped(problems: list[tuple[int | str | None, str]]) -> list[tuple[int | str | None, str]]:
    """The first problems, and a line with the count of the rest."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    rest = len(problems) - MAX_PROBLEMS
    return [*problems[:MAX_PROBLEMS], (None, f"and {rest:,} more problem{'s' if rest != 1 else ''} like these.")]


def read(text: str) -> list[Incoming]:
    """The bridgepad games of a PBN file this module wrote; FileRefused with every problem
    (at most ``MAX_PROBLEMS`` lines of them, and a count of the rest).

    The deals are grouped by ``BridgepadGame``; each game is rebuilt from its deals'
    results (contract, declarer, tricks as played, honors, revoke, the traveller) and,
    after a duplicate game's hands, the boards of its set not yet played (no contract and
    no result, as a hand record writes a board), read as strictly as a game file, and its scores worked out again: a deal whose
    Dealer, Vulnerable or score tags are not what its results give is refused. A file
    with no bridgepad game at all is refused in one line that says what it seems to be.
    """
    problems: list[tuple[int | str | None, str]] = []
    groups: dict[str, list[ReadDeal]] = {}
    foreign: list[ReadDeal] = []
    for d in parse(text):
        game_id = d.tags.get("BridgepadGame")
        if game_id is None:
            foreign.append(d)
        else:
            groups.setdefault(game_id, []).append(d)
    if foreign and not groups:
        raise FileRefused([(None, _what_file(foreign))])
    problems.extend((d.line, f"this deal {NOT_OURS}") for d in foreign)
    out = []
    for game_id, ds in groups.items():
        try:
            out.append(_game(game_id, ds))
        except _Bad as e:
            problems.append((e.line, str(e)))
    if problems:
        problems.sort(key=lambda p: p[0] if isinstance(p[0], int) else 0)
        raise FileRefused(capped(problems))
    return out


def _tag(d: ReadDeal, name: str) -> str:
    if name not in d.tags:
        raise _Bad(d.line, f"this deal has no {name} tag.")
    return d.tags[name]


def _game(game_id: str, ds: list[ReadDeal]) -> Incoming:
    first = ds[0]
    where = f"game {visible(game_id)}" if len(game_id) <= QUOTED else f"game {quoted(game_id)}"
    if not valid_id(game_id):
        raise _Bad(first.line, f"{where}: its id is not one bridgepad writes (letters, digits, '-', '_' and '.').")
    if "BridgepadTables" in first.tags:
        raise _Bad(
            first.line,
            f"{where} is a game of several tables: its PBN holds the travellers, not each result as it came; "
            "bridgepad imports it from its JSON export (bridgepad export --format json).",
        )
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
    numbered = rules_for(mode).boards  # a duplicate board's number is its own; a hand's is its place
    # A duplicate game's boards not played yet come after its hands, as a hand record has them.
    k = next((i for i, d in enumerate(ds) if numbered and _unplayed(d)), len(ds))
    played, waiting = ds[:k], ds[k:]
    for d in waiting:
        if not _unplayed(d):
            raise _Bad(
                d.line, f"{where}: this hand comes after a board not played: a game's hands come first, then its other boards."
            )
    boards = [_board(d, where) for d in played]
    start = boards[0] if played and numbered else 1
    if waiting:
        # Where the session begins: its first hand's board, or for a game with no hand yet, this tag.
        first_board = _first_board(waiting[0], where)
        if played and first_board != start:
            raise _Bad(waiting[0].line, f"{where}: its BridgepadFirstBoard is not the board its hands begin at, {start}.")
        start = first_board
    for k, (d, board) in enumerate(zip(played, boards)):
        if board != start + k:
            raise _Bad(d.line, f"{where}: this deal is board {board} where {start + k} comes next: a game's deals are in order.")
    unplayed = [(d, _board(d, where)) for d in waiting]
    for (d, board), (_, before) in zip(unplayed[1:], unplayed):
        if board <= before or board in boards:
            raise _Bad(d.line, f"{where}: board {board} not played comes again or out of order: each board once, in order.")
    data: dict[str, Any] = {
        "schema": SCHEMA,
        "mode": mode.value,
        "settings": settings.to_json(),
        "first_dealer": _tag(first, "BridgepadFirstDealer"),
        "players": {k: v for k, v in players.items() if v},
        "ended": ended == "yes",
        "hands": [_hand(d, where) for d in played],
    }
    if numbered:
        data["first_board"] = start
        dealt = [b for b in (_dealt(d, board, where) for d, board in zip(played, boards)) if b is not None]
        for d, board in unplayed:
            cards = _dealt(d, board, where)
            if cards is None or board in boards:
                why = "is among the game's hands" if board in boards else "has no cards"
                raise _Bad(d.line, f"{where}: board {board}, not played, {why}: nothing to keep of it.")
            dealt.append(cards)
        if dealt:
            data["deals"] = sorted(dealt, key=lambda b: int(b["board"]))
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
    """The rules of a game: a tag each, or (in older exports) one ``BridgepadRules`` list."""
    if "BridgepadRules" in d.tags:
        text = d.tags["BridgepadRules"]
        items = dict(item.partition("=")[::2] for item in text.split(";"))
        settings = _settings(items)
        # An older export lacks the rules added since: those take their defaults.
        if not set(text.split(";")) <= set(rules_text(settings).split(";")):
            raise _Bad(d.line, f"{where}: BridgepadRules is not a list of bridgepad's rules, such as {rules_text(Settings())}.")
        return settings
    given = {name: value for name, value in d.tags.items() if name.startswith(RULE_TAG)}
    keys = {rule_tag(key): key for key in Settings().to_json()}
    settings = _settings({keys.get(name, name): value for name, value in given.items()})
    if not given or not given.items() <= rule_tags(settings).items():
        example = " ".join(f'[{name} "{value}"]' for name, value in list(rule_tags(Settings()).items())[:2])
        raise _Bad(d.line, f"{where}: its {RULE_TAG}... tags are not bridgepad's rules, one tag each, such as {example}.")
    return settings


def _settings(texts: dict[str, str]) -> Settings:
    defaults = Settings().to_json()
    data: dict[str, Any] = {}
    for key, value in texts.items():
        data[key] = {"yes": True, "no": False}.get(value, value) if isinstance(defaults.get(key), bool) else value
    return Settings.from_json(data)


def _read_name(d: ReadDeal, seat: Seat, where: str) -> str:
    tag = EXACT_NAME[seat]
    if tag not in d.tags:
        shown = _tag(d, SEAT_TAGS[seat])
        return "" if shown == "?" else shown
    # The exact name, in as many pieces as it took: BridgepadNorth, BridgepadNorth2...
    pieces = [d.tags[tag]]
    for k in range(2, EXACT_PIECES + 1):
        if f"{tag}{k}" not in d.tags:
            break
        pieces.append(d.tags[f"{tag}{k}"])
    try:
        return base64.b64decode("".join(pieces).encode("ascii"), validate=True).decode("utf-8")
    except (ValueError, binascii.Error, UnicodeError):
        raise _Bad(d.line, f"{where}: {tag} is not a name in UTF-8 and base64.") from None


def _unplayed(d: ReadDeal) -> bool:
    """A board written as a hand record writes it: no contract, no result (a hand has Pass at least)."""
    return d.tags.get("Contract", "") == "" and d.tags.get("Result", "") == "" and "Score" not in d.tags


def _first_board(d: ReadDeal, where: str) -> int:
    """Where a game with no hand yet begins (``BridgepadFirstBoard``; its first board's otherwise)."""
    text = d.tags.get("BridgepadFirstBoard", d.tags.get("Board", ""))
    if not re.fullmatch(r"[0-9]{1,5}", text) or int(text) < 1:
        raise _Bad(d.line, f"{where}: BridgepadFirstBoard is a positive whole number, not {quoted(text)}.")
    return int(text)


def _board(d: ReadDeal, where: str) -> int:
    text = _tag(d, "Board")
    if not re.fullmatch(r"[0-9]{1,5}", text) or int(text) < 1:
        raise _Bad(d.line, f"{where}: Board is a positive whole number, not {quoted(text)}.")
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
            raise _Bad(d.line, f"{where}: Result is the tricks declarer took, 0 to 13, not {quoted(result)}.")
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
        # Result is the tricks as played (3.4.15); older exports gave those credited after
        # the transfer there, and the tricks as played in BridgepadPlayed.
        played = d.tags.get("BridgepadPlayed", result)
        if "tricks" in hand:
            if not re.fullmatch(r"[0-9]{1,2}", played):
                raise _Bad(d.line, f"{where}: a revoke needs BridgepadPlayed, the tricks declarer took as played, 0 to 13.")
            hand["tricks"] = int(played)
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


def _dealt(d: ReadDeal, board: int, where: str) -> dict[str, Any] | None:
    """A board's cards and field as the game file keeps them (checked there), or None: no cards known."""
    deal = d.tags.get("Deal", "")
    if deal.partition(":")[2].split() == ["-", "-", "-", "-"]:
        return None
    out: dict[str, Any] = {"board": board, "deal": deal}
    table = d.tables.get(FIELD_TABLE)
    if table is not None:
        columns, rows = table
        if columns != list(FIELD_COLUMNS) or any(len(row) != len(FIELD_COLUMNS) for row in rows):
            raise _Bad(d.line, f"{where}: its {FIELD_TABLE} is not the club's results by {', '.join(FIELD_COLUMNS)}.")
        field = []
        for contract, declarer, tricks, score in rows:
            if not re.fullmatch(r"-?[0-9]{1,5}", score) or not (tricks == "-" or re.fullmatch(r"[0-9]{1,2}", tricks)):
                raise _Bad(
                    d.line,
                    f"{where}: its {FIELD_TABLE} has a row that is not a result: {quoted(f'{contract} {declarer} {tricks} {score}')}.",
                )
            result: dict[str, Any] = {"score": int(score)}
            if contract != "-":
                result["contract"] = contract
            if declarer != "-":
                result["declarer"] = declarer
            if tricks != "-":
                result["tricks"] = int(tricks)
            field.append(result)
        out["field"] = field
    return out


def _same_figures(d: ReadDeal, ours: Deal, where: str) -> None:
    """A deal's figures as the file has them against what its results give."""
    given = dict(ours.tags)
    for name in DERIVED:
        if name not in given and name == "ScoreRubberHistory" and given.get("Scoring") == "Chicago":
            continue  # older exports wrote it for a Chicago too
        if d.tags.get(name) != given.get(name):
            what = quoted(d.tags[name]) if name in d.tags else "missing"
            should = f"'{given[name]}'" if name in given else "absent"
            raise _Bad(d.line, f"{where}: its {name} is {what}, but its results give {should}.")
    tables = {name: rows for name, _, rows in ours.sections}
    if d.tables.get(SCORE_TABLE, ([], []))[1] != tables.get(SCORE_TABLE, []):
        raise _Bad(d.line, f"{where}: its ScoreTable's first row is not the deal's own N-S score.")
