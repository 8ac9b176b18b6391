"""Reading a game of several tables as chosen in the new-game dialog or on the command line.

The same fields both ways: tables, boards, movement, rounds and pairs (the last three may
stay empty: the usual ones for the tables), and the pairs' names typed once, as
``NS1=Ann & Bob; EW1=Cy & Di``. A choice that cannot be played is refused in one sentence
beside its field (``movements.setup_problem``).
"""

from __future__ import annotations

from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables, named
from bridgepad.core.rules.kinds.several_tables.movements import (
    MAX_BOARDS,
    MAX_TABLES,
    MovementKind,
    MovementSetup,
    Pair,
    default_kind,
    setup_problem,
)
from bridgepad.core.rules.settings import DuplicateScoring

SETUP_FIELDS = ("tables", "boards", "movement", "rounds", "pairs", "names")
SETUP_CHOICES = {
    "tables": "1 (this table alone, the others' scores typed) or 2 to 8 tables, each entering its results",
    "boards": f"the boards in play, 1 to {MAX_BOARDS}",
    "movement": "teams (2 tables) or mitchell (3 to 8): t or m; empty for the usual one",
    "rounds": "a number of rounds; empty for all the movement has",
    "pairs": "the pairs playing: twice the tables, or one fewer (a pair sits out each round); empty for twice",
    "names": "NS1=Ann & Bob; EW1=Cy & Di (pairs by direction and number); may stay empty",
}
DEFAULT_BOARDS = {MovementKind.TEAMS: 16, MovementKind.MITCHELL: 0}  # 0: three boards a table a round
# What a summary line of a game of this kind may hold, for the history's index to check each
# row it reads against (``services.history``): a movement's name, and no more tables than the
# largest movement's (and so no more than twice as many pairs).
MOVEMENT_NAMES = tuple(kind.value for kind in MovementKind)
MOST_TABLES = MAX_TABLES


def default_scoring(kind: MovementKind) -> DuplicateScoring:
    """A team match is scored by IMPs, a pairs game by matchpoints, unless the players choose."""
    return DuplicateScoring.IMPS if kind is MovementKind.TEAMS else DuplicateScoring.MATCHPOINTS


def _number(text: str, field: str, what: str) -> int | None:
    t = text.strip()
    if not t:
        return None
    if not t.isdigit() or len(t) > 4:
        raise NotationError(f"{what}: '{t[:20]}' is not a whole number: give {SETUP_CHOICES[field]}.")
    return int(t)


def parse_tables(text: str) -> int:
    n = _number(text, "tables", "Tables")
    if n == 0:
        raise NotationError(f"Tables: give {SETUP_CHOICES['tables']}; not 0.")
    return 1 if n is None else n


def parse_movement(text: str, tables: int) -> MovementKind:
    k = text.strip().lower()
    if not k:
        return default_kind(tables)
    for kind in MovementKind:
        if k in (kind.value, kind.value[0]):
            return kind
    raise NotationError(f"Movement: give {SETUP_CHOICES['movement']}.")


def parse_pair_names(text: str, pairs: tuple[Pair, ...]) -> tuple[tuple[Pair, tuple[str, str]], ...]:
    """``NS1=Ann & Bob; EW1=Cy & Di``: each pair's two names (``&``, ``and`` or a comma between them)."""
    out: dict[Pair, tuple[str, str]] = {}
    for chunk in (c.strip() for c in text.replace("\n", ";").split(";")):
        if not chunk:
            continue
        key, sep, who = chunk.partition("=")
        pair = Pair.from_key(key) if sep else None
        if pair is None:
            raise NotationError(f"Names: '{chunk[:30]}' does not start with a pair: write NS1=Ann & Bob; EW1=Cy & Di.")
        if pair not in pairs:
            raise NotationError(f"Names: there is no {pair.label} in this movement.")
        if pair in out:
            raise NotationError(f"Names: {pair.label} is named twice.")
        parts = [p for p in who.replace(" and ", "&").replace(",", "&").split("&")]
        if len(parts) > 2:
            raise NotationError(f"Names: {pair.label} is two players; put one & between their names.")
        first, second = (parts + ["", ""])[:2]
        out[pair] = (check_name(first, f"a player of {pair.label}"), check_name(second, f"a player of {pair.label}"))
    return named(out.items())


def names_text(inputs: SeveralTables) -> str:
    """The pairs' names as the field takes them back."""
    return "; ".join(f"{p.key}={' & '.join(n for n in names if n)}" for p, names in inputs.names)


def read_setup(values: dict[str, str], errors: dict[str, str]) -> SeveralTables | None:
    """The game of several tables the fields choose; None for one table (or when a field is wrong, in ``errors``)."""
    try:
        tables = parse_tables(values.get("tables", ""))
    except NotationError as e:
        errors["tables"] = str(e)
        return None
    if tables == 1 and not any(values.get(f, "").strip() for f in ("movement", "rounds", "pairs", "names")):
        return None
    try:
        kind = parse_movement(values.get("movement", ""), tables)
    except NotationError as e:
        errors["movement"] = str(e)
        return None
    numbers: dict[str, int | None] = {}
    for field, what in (("boards", "Boards"), ("rounds", "Rounds"), ("pairs", "Pairs")):
        try:
            numbers[field] = _number(values.get(field, ""), field, what)
        except NotationError as e:
            errors[field] = str(e)
    if errors:
        return None
    boards = numbers["boards"] or DEFAULT_BOARDS[kind] or 3 * tables
    setup = MovementSetup.of(kind, tables, boards, numbers["rounds"], numbers["pairs"])
    problem = setup_problem(setup)
    if problem is not None:
        errors[problem[0]] = problem[1]
        return None
    try:
        names = parse_pair_names(values.get("names", ""), setup.movement().pairs)
    except NotationError as e:
        errors["names"] = str(e)
        return None
    return SeveralTables(setup, names)


def read_pair_fields(
    values: dict[str, str], pairs: tuple[Pair, ...], errors: dict[str, str]
) -> tuple[tuple[Pair, tuple[str, str]], ...]:
    """The pairs' names typed a field each (the key ``NS1``, the text ``Ann & Bob``), read as the
    names field reads them; each wrong field's sentence in ``errors`` under its key."""
    out: list[tuple[Pair, tuple[str, str]]] = []
    for pair in pairs:
        text = values.get(pair.key, "").strip()
        if not text:
            continue
        try:
            out.extend(parse_pair_names(f"{pair.key}={text}", pairs))
        except NotationError as e:
            errors[pair.key] = str(e).removeprefix("Names: ")
    return named(out)


def names_by_pair(inputs: SeveralTables) -> dict[str, str]:
    """Each pair's names as its field takes them back: ``{"NS1": "Ann & Bob"}``."""
    return {p.key: " & ".join(n for n in names if n) for p, names in inputs.names}


def setup_values(inputs: SeveralTables | None) -> dict[str, str]:
    """The fields that, typed in, choose the movement of ``inputs`` again (its pairs' names too);
    one table (``None``): ``1`` table and the rest empty."""
    if inputs is None:
        return {"tables": "1", **{f: "" for f in SETUP_FIELDS[1:]}}
    setup = inputs.setup
    usual = MovementSetup.of(setup.kind, setup.tables, setup.boards)
    return {
        "tables": str(setup.tables),
        "boards": str(setup.boards),
        "movement": setup.kind.value,
        "rounds": "" if setup.rounds == usual.rounds else str(setup.rounds),
        "pairs": "" if setup.pairs == usual.pairs else str(setup.pairs),
        "names": names_text(inputs),
    }
