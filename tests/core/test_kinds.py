"""The kinds of game (``core.rules.kinds``): which kind a game is, what each derives and says was
entered, and the faces the export formats ask instead of asking which kind a game is.

The team match of the tests (``several_support.TEAM_MATCH``) is worked by hand for its board 1 (nobody vulnerable) is 4S by North
making ten at table 1 in round 1, N-S +420, and 4S by North one down at table 2 in round 2,
N-S -50. The difference, 470, is 10 IMPs: +10 for the N-S pair at table 1, -10 at table 2."""

from __future__ import annotations

from decimal import Decimal

from support.builders import hand
from support.several import TEAM_MATCH, played, several

from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import KINDS, PAD_GAME, SEVERAL_TABLES, derive, kind_of, nothing_entered
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.services.formats.kinds import formats_of

TEAMS = several(MovementKind.TEAMS, 2, 8, "NS1=Ann & Bob; EW1=Cy & Di; NS2=Gus & Hal; EW2=Eve & Fay")


def tables_game(entries: tuple[tuple[int, int, str, str, str] | None, ...] = ()) -> Game:
    return Game(
        mode=Mode.DUPLICATE,
        settings=Settings(duplicate_scoring=DuplicateScoring.IMPS),
        several_tables=played(TEAMS, entries),
    )


def test_the_registry_holds_each_kind_by_its_name() -> None:
    assert KINDS == {"pad": PAD_GAME, "tables": SEVERAL_TABLES}
    assert {k.screen for k in KINDS.values()} == {"pad", "tables"}
    assert {k.key_section for k in KINDS.values()} == {"pad", "tables"}


def test_a_game_is_of_the_pads_kind_unless_it_keeps_the_tables_inputs() -> None:
    assert kind_of(Game()) is PAD_GAME is kind_of(Game(mode=Mode.DUPLICATE))
    assert kind_of(tables_game()) is SEVERAL_TABLES is kind_of(tables_game())


def test_entered_is_a_hand_at_the_pad_and_a_result_at_the_tables() -> None:
    assert not PAD_GAME.entered(Game()) and nothing_entered(Game())
    assert PAD_GAME.entered(Game(hands=(hand("3S", "N", "10"),)))
    assert not SEVERAL_TABLES.entered(tables_game()) and nothing_entered(tables_game())
    assert SEVERAL_TABLES.entered(tables_game(((1, 1, "4S", "N", "10"),)))


def test_only_the_pads_game_has_hands_of_its_own() -> None:
    assert PAD_GAME.own_hands and not SEVERAL_TABLES.own_hands


def test_derive_asks_the_kind() -> None:
    pad = Game(hands=(hand("3S", "N", "10"),))
    assert derive(pad).total(derive(pad).game.settings.we) == PAD_GAME.derive(pad).total(pad.settings.we) == 120
    tables = tables_game(((1, 1, "4S", "N", "10"),))
    assert derive(tables).session is not None
    assert derive(tables).session.several == SEVERAL_TABLES.derive(tables).several  # type: ignore[union-attr]


def test_a_little_team_match_worked_by_hand() -> None:
    state = SEVERAL_TABLES.derive(tables_game(TEAM_MATCH))
    several_state = state.several
    assert several_state is not None
    (board_1,) = [t for t in several_state.travellers if t.board == 1]
    assert sorted((row.table, row.ns_score) for row in board_1.rows) == [(1, 420), (2, -50)]
    imps = {row.table: row.ns.imps for row in board_1.rows}
    assert imps == {1: Decimal(10), 2: Decimal(-10)}


def test_the_formats_ask_each_kind_for_its_file_name_and_names() -> None:
    pad = Game(players=("Ann", "Bob", "Cy", "Di"))
    assert formats_of(pad).file_name_parts(pad) == ["rubber"]
    assert formats_of(pad).json_only_names(pad) == []
    tables = tables_game()
    assert formats_of(tables).file_name_parts(tables) == ["teams", "2-tables"]
    assert sorted(formats_of(tables).json_only_names(tables)) == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"]
