"""Reading a new game's choices, typed in the new-game dialog or given as flags.

Each reader takes what a player typed and returns a value or raises NotationError
with one sentence naming the choices; the dialog and ``bridgepad new`` share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bridgepad.core.boards.board_set import BoardSet
from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.model import SEATS, Seat, Side
from bridgepad.core.readers.log import parse_players
from bridgepad.core.readers.notation import (
    SCORING_CHOICES,
    NotationError,
    check_name,
    parse_scoring,
    parse_seat,
)
from bridgepad.core.readers.people import check_sitting_out, same_name_seats
from bridgepad.core.readers.several_tables_setup import (
    SETUP_CHOICES,
    SETUP_FIELDS,
    default_scoring,
    parse_movement,
    parse_tables,
    read_setup,
    setup_values,
)
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import (
    ChicagoPartScore,
    ChicagoVulnerable,
    DuplicateScoring,
    NextDealer,
    PairsPercentage,
    PassWord,
    Settings,
)

# What each choice takes, in the words of both its error and the form's hint beside the field.
CHOICES = {
    "mode": "rubber, chicago or duplicate (r, c or d)",
    "honors": "yes or no (y or n)",
    "chicago_vulnerable": "opponents, dealer or dealer-then-opponents (o, d or m)",
    "chicago_part_score": "carry or fifty (c or f)",
    "pass_word": "Pass or No bid (p or nb)",
    "we": "NS or EW: the partnership written as We",
    "next_dealer": "passes-on or rotates (left of this game's first dealer): p or r",
    "duplicate_scoring": SCORING_CHOICES,
    "pairs_percentage": "neuberg (each board the same weight) or tops (all the matchpoints over all the tops): n or t",
    **SETUP_CHOICES,
    "deals": "duplicate, optional: a PBN file of the boards' cards (bridgepad deal, or a club's results)",
}


def _key(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def _choose(text: str, what: str, options: dict[str, object], shown: str) -> object:
    k = _key(text)
    if k in options:
        return options[k]
    raise NotationError(f"{what}: give {shown}.")


def parse_mode(text: str) -> Mode:
    return _choose(  # type: ignore[return-value]
        text,
        "Mode",
        {
            "r": Mode.RUBBER,
            "rubber": Mode.RUBBER,
            "c": Mode.CHICAGO,
            "chicago": Mode.CHICAGO,
            "d": Mode.DUPLICATE,
            "duplicate": Mode.DUPLICATE,
            "dup": Mode.DUPLICATE,
        },
        CHOICES["mode"],
    )


def parse_on_off(text: str, what: str) -> bool:
    return _choose(  # type: ignore[return-value]
        text,
        what,
        {"y": True, "yes": True, "on": True, "true": True, "n": False, "no": False, "off": False, "false": False},
        CHOICES["honors"],
    )


def parse_chicago_vulnerable(text: str) -> ChicagoVulnerable:
    return _choose(  # type: ignore[return-value]
        text,
        "Chicago deals 2 and 3",
        {
            "o": ChicagoVulnerable.OPPONENTS,
            "opponents": ChicagoVulnerable.OPPONENTS,
            "d": ChicagoVulnerable.DEALER,
            "dealer": ChicagoVulnerable.DEALER,
            "m": ChicagoVulnerable.DEALER_THEN_OPPONENTS,
            "mixed": ChicagoVulnerable.DEALER_THEN_OPPONENTS,
            "dealer then opponents": ChicagoVulnerable.DEALER_THEN_OPPONENTS,
        },
        CHOICES["chicago_vulnerable"],
    )


def parse_chicago_part_score(text: str) -> ChicagoPartScore:
    return _choose(  # type: ignore[return-value]
        text,
        "Chicago part scores",
        {
            "c": ChicagoPartScore.CARRY,
            "carry": ChicagoPartScore.CARRY,
            "f": ChicagoPartScore.FIFTY,
            "fifty": ChicagoPartScore.FIFTY,
            "50": ChicagoPartScore.FIFTY,
        },
        CHOICES["chicago_part_score"],
    )


def parse_pass_word(text: str) -> PassWord:
    return _choose(  # type: ignore[return-value]
        text,
        "The word for a pass",
        {"p": PassWord.PASS, "pass": PassWord.PASS, "nb": PassWord.NO_BID, "no bid": PassWord.NO_BID, "nobid": PassWord.NO_BID},
        CHOICES["pass_word"],
    )


def parse_we(text: str) -> Side:
    return _choose(  # type: ignore[return-value]
        text, "We", {"ns": Side.NS, "n s": Side.NS, "ew": Side.EW, "e w": Side.EW}, CHOICES["we"]
    )


def parse_next_dealer(text: str) -> NextDealer:
    return _choose(  # type: ignore[return-value]
        text,
        "The next game's first dealer",
        {"p": NextDealer.PASSES_ON, "passes on": NextDealer.PASSES_ON, "r": NextDealer.ROTATES, "rotates": NextDealer.ROTATES},
        CHOICES["next_dealer"],
    )


def parse_pairs_percentage(text: str) -> PairsPercentage:
    return _choose(  # type: ignore[return-value]
        text,
        "A pairs session's percentage",
        {
            "n": PairsPercentage.NEUBERG,
            "neuberg": PairsPercentage.NEUBERG,
            "t": PairsPercentage.TOPS,
            "tops": PairsPercentage.TOPS,
        },
        CHOICES["pairs_percentage"],
    )


def parse_players_option(text: str) -> tuple[str, str, str, str]:
    """``N=Ann,E=Bob,S=Cy,W=Di``; without commas, spaces separate the seats (``N=Ann E=Bob``)."""
    chunks = text.split(",") if "," in text else text.split()
    return parse_players([p.strip() for p in chunks if p.strip()]).names


def parse_sitting_out(text: str, seated: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``Eve`` or ``Eve, Fay``: the players at the table who wait out this game, by name."""
    return check_sitting_out(text.split(","), seated)


def complete_name(typed: str, names: Sequence[str], *, several: bool = False) -> str | None:
    """The field's text completed with the first of ``names`` that begins with what was typed
    (ignoring case), or None. ``several``: a list separated by commas (those sitting out),
    whose last name is completed and whose names already given are not offered again."""
    head, sep, last = typed.rpartition(",") if several else ("", "", typed)
    word = last.lstrip()
    if not word:
        return None
    given = {n.strip().casefold() for n in head.split(",")} if several else set()
    for name in names:
        if name.casefold().startswith(word.casefold()) and name.casefold() not in given and len(name) > len(word):
            return f"{head}{sep}{last[: len(last) - len(word)]}{name}"
    return None


RULE_FIELDS = ("honors", "chicago_vulnerable", "chicago_part_score", "pass_word", "we", "next_dealer", "duplicate_scoring")
SEAT_FIELDS = ("dealer", "N", "E", "S", "W", "out")  # a game of one table's: its seats, who deals first, who waits
# A duplicate game's tables and movement come straight after its mode: the dialog shows them for duplicate only;
# deals (its boards' cards) is read by the dialog.
GAME_FIELDS = ("mode", *SETUP_FIELDS, *SEAT_FIELDS, *RULE_FIELDS, "deals")


def rule_values(settings: Settings) -> dict[str, str]:
    return {
        "honors": "yes" if settings.honors else "no",
        "chicago_vulnerable": settings.chicago_vulnerable.value,
        "chicago_part_score": settings.chicago_part_score.value,
        "pass_word": settings.pass_word.value,
        "we": settings.we.value,
        "next_dealer": settings.next_dealer.value,
        "duplicate_scoring": settings.duplicate_scoring.value,
        "pairs_percentage": settings.pairs_percentage.value,
    }


def game_values(game: Game, dealer: Seat) -> dict[str, str]:
    out = {"mode": game.mode.value, "dealer": dealer.value}
    out.update({s.value: game.name(s) for s in SEATS})
    out["out"] = ", ".join(game.sitting_out)
    out.update(rule_values(game.settings))
    out.update(setup_values(game.several_tables))
    return out


def shows_setup(values: dict[str, str]) -> bool:
    """Whether the fields choose a mode played at several tables (duplicate): the dialog shows its fields then."""
    try:
        return rules_for(parse_mode(values.get("mode", ""))).boards
    except NotationError:
        return False


def chosen_kind(values: dict[str, str]) -> MovementKind | None:
    """The movement the fields choose (several tables), or None: one table, or not yet readable."""
    if not shows_setup(values):
        return None
    try:
        tables = parse_tables(values.get("tables", ""))
        return parse_movement(values.get("movement", ""), tables) if tables > 1 else None
    except NotationError:
        return None


def scoring_for(values: dict[str, str], one_table: DuplicateScoring) -> DuplicateScoring:
    """The scoring form the dialog proposes for what the fields choose: IMPs for a team match,
    matchpoints for a Mitchell, ``one_table``'s (the rules') for a game of one table."""
    kind = chosen_kind(values)
    return one_table if kind is None else default_scoring(kind)


def with_deals(game: Game, boards: BoardSet) -> Game:
    """A new duplicate game with the cards (and the club's field) of ``boards``, numbered from the
    set's first board: a game of one table starts there, a game of several tables' movement too."""
    first = boards.numbers[0]
    if game.several_tables is not None:
        setup = replace(game.several_tables.setup, first_board=first)
        return replace(game, deals=boards, several_tables=replace(game.several_tables, setup=setup))
    return replace(game, deals=boards, first_board=first)


@dataclass(slots=True)
class NewGameReading:
    game: Game | None
    settings: Settings | None
    errors: dict[str, str] = field(default_factory=dict)
    # Its boards' double dummy as its deals file gave it (taken at once, checked later), and
    # what of it could not be read, a sentence each naming the file and the board.
    given: Solved = field(default_factory=dict)
    said: tuple[str, ...] = ()


def read_rules(values: dict[str, str], errors: dict[str, str]) -> Settings | None:
    parsed: dict[str, object] = {}
    readers = {
        "honors": lambda t: parse_on_off(t, "Honors"),
        "chicago_vulnerable": parse_chicago_vulnerable,
        "chicago_part_score": parse_chicago_part_score,
        "pass_word": parse_pass_word,
        "we": parse_we,
        "next_dealer": parse_next_dealer,
        "duplicate_scoring": parse_scoring,
        "pairs_percentage": parse_pairs_percentage,
    }
    for name, reader in readers.items():
        if name not in values:
            continue
        try:
            parsed[name] = reader(values[name])
        except NotationError as e:
            errors[name] = str(e)
    if errors:
        return None
    return Settings(**parsed)  # type: ignore[arg-type]


def read_new_game(values: dict[str, str]) -> NewGameReading:
    errors: dict[str, str] = {}
    mode = dealer = None
    try:
        mode = parse_mode(values.get("mode", ""))
    except NotationError as e:
        errors["mode"] = str(e)
    try:
        dealer = parse_seat(values.get("dealer", "") or "N")
    except NotationError as e:
        errors["dealer"] = str(e)
    names = []
    for seat in SEATS:
        try:
            names.append(check_name(values.get(seat.value, ""), seat))
        except NotationError as e:
            errors[seat.value] = str(e)
            names.append("")
    # One person, one seat: the message stands next to the later of the two seats.
    for seat, why in same_name_seats(names).items():
        errors.setdefault(seat.value, why)
    sitting_out: tuple[str, ...] = ()
    try:
        sitting_out = parse_sitting_out(values.get("out", ""), tuple(n for n in names if n))
    except NotationError as e:
        errors["out"] = str(e)
    settings = read_rules(values, errors)
    several = read_setup(values, errors) if mode is not None and rules_for(mode).boards else None
    if mode is not None and not rules_for(mode).boards and values.get("tables", "1").strip() not in ("", "1"):
        errors["tables"] = "Only duplicate is played at several tables; rubber and Chicago are one table's."
    if errors or mode is None or dealer is None or settings is None:
        return NewGameReading(None, None, errors)
    if several is not None:
        # Each pair is named by the pair; the seats' names belong to a game of one table.
        if not values.get("scoring_chosen"):
            settings = replace(settings, duplicate_scoring=default_scoring(several.setup.kind))
        game = Game(mode=mode, settings=settings, several_tables=several)
        return NewGameReading(game, settings, {})
    players = (names[0], names[1], names[2], names[3])
    game = Game(mode=mode, settings=settings, first_dealer=dealer, players=players, sitting_out=sitting_out)
    return NewGameReading(game, settings, {})
