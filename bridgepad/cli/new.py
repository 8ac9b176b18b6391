"""``bridgepad new``: start a game and make it the current one, as the pad's ``n`` does."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import holding_folder, open_store, read_text
from bridgepad.cli.rule_flags import add_rule_flags, given_rules
from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.double_dummy import Solution, Solved
from bridgepad.core.model import SEATS
from bridgepad.core.readers.new_game import parse_mode, parse_players_option, read_new_game, rule_values
from bridgepad.core.readers.new_game import with_deals as attach_deals
from bridgepad.core.readers.notation import NotationError
from bridgepad.core.readers.several_tables_setup import SETUP_FIELDS
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.words.text import visible
from bridgepad.store.errors import SaveError


def configure(sub: Any) -> None:
    n = sub.add_parser(
        "new",
        help="start a new game and make it the current one",
        description="Start a new game; the game it replaces stays in the data folder. "
        "Rules not given are taken from the last settings saved.",
    )
    n.add_argument("mode", metavar="MODE", help="rubber, chicago or duplicate")
    n.add_argument("--dealer", metavar="SEAT", help="the first dealer: N, E, S or W (default N)")
    n.add_argument("--players", metavar="NAMES", help='names by seat, e.g. "N=Ann,E=Bob,S=Cy,W=Di"')
    several = n.add_argument_group("duplicate at several tables, each entering its results from a phone")
    several.add_argument("--tables", metavar="N", help="tables playing: 2 for a team match, 3 to 8 for a pairs game (default 1)")
    several.add_argument(
        "--boards", metavar="B", help="boards in play (default 16 for a team match, 3 a table a round otherwise)"
    )
    several.add_argument("--movement", metavar="KIND", help="teams (2 tables) or mitchell (3 to 8); the usual one by default")
    several.add_argument("--rounds", metavar="R", help="rounds to play (default: all the movement has)")
    several.add_argument("--pairs", metavar="P", help="pairs playing: twice the tables, or one fewer with a sit-out each round")
    several.add_argument("--names", metavar="NAMES", help='the pairs\' names, e.g. "NS1=Ann & Bob; EW1=Cy & Di"')
    n.add_argument(
        "--deals",
        metavar="FILE",
        help="duplicate: a PBN file of the boards' cards (bridgepad deal's hand record, or a club's results with "
        "its field); the session starts at its first board",
    )
    add_rule_flags(n)


def run(args: argparse.Namespace) -> int:
    from bridgepad.services.session import Session

    store = open_store(args)
    # Read-only until the lock is held: nothing is written before the flags are all read.
    looking = Session.open(store, read_only=True)
    defaults = looking.files.defaults()
    names = defaults.players
    values = rule_values(defaults.settings)
    if args.dealer is not None and not args.dealer.strip():
        raise UsageError("bridgepad new: --dealer needs a seat: N, E, S or W.")
    values.update({"mode": args.mode, "dealer": "N" if args.dealer is None else args.dealer})
    if args.players is not None:
        try:
            names = parse_players_option(args.players)
        except NotationError as e:
            raise UsageError(f"bridgepad new: --players: {e}") from None
    values.update({seat.value: name for seat, name in zip(SEATS, names)})
    values.update(given_rules(args))
    several = {f: getattr(args, f) for f in SETUP_FIELDS if getattr(args, f, None) is not None}
    if several and reading_mode_is_not_duplicate(args.mode):
        raise UsageError(
            "bridgepad new: --tables, --boards and the movement are for duplicate: bridgepad new duplicate --tables 4."
        )
    values.update(several)
    if "duplicate_scoring" in given_rules(args):
        values["scoring_chosen"] = "yes"
    reading = read_new_game(values)
    if reading.game is None or reading.settings is None:
        first = next(iter(reading.errors.values()))
        raise UsageError(f"bridgepad new: {first}")
    if not reading.game.rules.dealt_at_table and args.dealer is not None:
        raise UsageError("bridgepad new: at duplicate the dealer follows the board number; leave out --dealer.")
    game = reading.game
    given: dict[tuple[int, Deal], Solution] = {}
    if args.deals is not None:
        game, given = with_deals(game, args.deals)
    try:
        # Under the folder's lock: never while the pad is open, never beside another new.
        with holding_folder(store, "new"):
            # The same change as the pad's own new game: an empty game it replaces goes to the
            # trash; with no game in progress, opening wrote nothing, so nothing goes there.
            session = Session.open(store)
            for problem in dict.fromkeys(looking.problems + defaults.problems + session.problems):  # each said once
                warn("new", problem)
            saved = session.start(game, given=given)
            session.files.save_defaults(reading.settings, reading.game.players)
    except OSError as e:
        raise UsageError(f"bridgepad new: cannot write to {visible(str(store.root))}: {e.strerror or e}.") from None
    except SaveError as e:
        raise UsageError(f"bridgepad new: {e}") from None
    if not saved:
        raise UsageError(f"bridgepad new: {session.save_error}")
    g = game
    if g.several_tables is not None:
        _print_several(g, str(session.path))
        _print_deals(g, given)
        return 0
    who = g.rules.start_words(g)
    named = ", ".join(f"{s.value}={n}" for s, n in zip(SEATS, g.players) if n)
    print(f"New {g.mode.word}, {who}" + (f", players {named}" if named else "") + f": {session.path}")
    _print_deals(g, given)
    return 0


def _print_deals(g: Game, given: Solved) -> None:
    if g.deals is not None:
        from bridgepad.core.words.board_words import set_words

        words = set_words(g.deals)
        if given and len(given) == len(g.deals.boards):
            print(f"{words[0].upper()}{words[1:]}: double dummy and par from the file, checked by the pad as it opens.")
        elif given:
            print(
                f"{words[0].upper()}{words[1:]}: double dummy and par of {len(given)} from the file, checked by the pad "
                "as it opens, which works out the others."
            )
        else:
            print(f"{words[0].upper()}{words[1:]}: the pad works out double dummy and par as it opens.")


def reading_mode_is_not_duplicate(text: str) -> bool:
    try:
        return not rules_for(parse_mode(text)).boards
    except NotationError:
        return False  # the mode's own sentence says what is wrong


def _print_several(game: Any, path: str) -> None:
    """The new game in a line, then each table's guide card, as a club prints them."""
    from bridgepad.core.words.movement_text import guide_card, movement_title, movement_words, sitting_out_words

    inputs = game.several_tables
    movement = inputs.setup.movement()
    title = movement_title(inputs.setup, in_sentence=True)
    print(f"New duplicate, {title}, compared by {game.settings.duplicate_scoring.word}: {path}")
    print()
    print("\n".join(movement_words(movement)))
    for table in range(1, movement.tables + 1):
        print()
        print("\n".join(guide_card(movement, table)))
    outs = [w for r in range(1, movement.rounds + 1) if (w := sitting_out_words(movement, r))]
    if outs:
        print()
        print(" ".join(outs))
    print()
    print("Each table enters its results from a phone: bridgepad share --entry --lan (or the pad's share key).")


def with_deals(game: Game, path: str) -> tuple[Game, dict[tuple[int, Deal], Solution]]:
    """The game with the cards (and the field) of the PBN file at ``path``, from its first board,
    and the double dummy the file gives of its boards (a tag that cannot be read said, its board solved)."""
    from bridgepad.services.formats.incoming import FileRefused
    from bridgepad.services.formats.pbn_boards import read_boards

    if not game.rules.boards:
        raise UsageError(f"bridgepad new: --deals gives the cards of a duplicate game's boards, not of a {game.mode.word}.")
    text = read_text(path, "new")
    try:
        club = read_boards(text)
    except FileRefused as e:
        for line in e.lines(path)[:-1]:
            print(line, file=sys.stderr)
        raise UsageError(e.lines(visible(path))[-1]) from None
    for line in club.unread:
        warn("new", f"{visible(path)}: {line}")
    return attach_deals(game, club.boards), club.solved
