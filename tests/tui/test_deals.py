"""The pad with a game whose boards' cards are known: the boards solved double dummy in the
background while keys are typed and handled, the board's explanation against par, double
dummy and the club's field, the session's standing at the foot, and the n dialog's deals file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support.builders import create_current
from support.snapshot_apps.keyboard import handled, keyboard
from support.snapshot_apps.scenarios import field_keys, make_app
from support.snapshot_apps.screen import Notes, explain_text, form_open, pad_text, screen_lines, shown_in, status_text, text_of
from support.solved import seven_solved
from support.waiting import settle, until
from textual import events

from bridgepad.core.boards.board_set import BoardSet, DealtBoard, FieldResult
from bridgepad.core.boards.dealing import deal_boards
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore
from bridgepad.tui.screens.pad_screen import PadScreen

SIZE = (100, 34)
FIELD = (FieldResult(420), FieldResult(400), FieldResult(170), FieldResult(-50), FieldResult(140), FieldResult(450))


def dealt_game(
    boards: range, field: tuple[FieldResult, ...] = (), scoring: DuplicateScoring = DuplicateScoring.MATCHPOINTS
) -> Game:
    dealt = deal_boards(7, boards)
    board_set = BoardSet(tuple(DealtBoard(b, d, field if b == boards.start else ()) for b, d in dealt))
    return Game(mode=Mode.DUPLICATE, settings=Settings(duplicate_scoring=scoring), first_board=boards.start, deals=board_set)


async def test_keys_are_handled_while_the_boards_are_solved(tmp_path: Path) -> None:
    root = tmp_path / "data"
    store = GameStore(root)
    dealt = deal_boards(2026, range(1, 49))
    create_current(store, replace(dealt_game(range(1, 49)), deals=BoardSet(tuple(DealtBoard(b, d) for b, d in dealt))))
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PadScreen) and app.screen._solver is not None, "the solving to start")
        screen = app.screen
        assert isinstance(screen, PadScreen)
        solver = screen._solver
        assert solver is not None
        await until(pilot, lambda: "double dummy" in status_text(app), "the progress in the status line")
        # A hand typed key by key, each key handled (not waiting for the solver) as it comes.
        for key in ["plus", *field_keys("4S", "N", "10"), "enter"]:
            char = key if len(key) == 1 else {"plus": "+", "tab": "\t", "enter": "\r"}.get(key)
            before = app.focused
            app.post_message(events.Key(key, char))
            await handled(app, before)
        await until(pilot, lambda: len(app.session.state.hands) == 1 and not form_open(app), "the hand recorded")
        assert not solver.finished, "the hand was recorded while DDS was still solving"
        # Each board is kept with the game as it is solved: the pad leaves with some done and the rest not.
        await until(pilot, lambda: len(app.session.stored.solved) >= 2, "the first boards solved", deadline=300)
        game_id = app.session.stored.id
    solved = GameStore(root).read(game_id).solved
    # What was solved is in the file, once each; a second start solves only the rest, never those again.
    assert len(solved) >= 2 and all(dealt[k - 1] == (k, d) for k, d in solved)
    again = Session.open(GameStore(root))
    assert set(again.unsolved()) == set(dealt) - set(solved)


async def test_a_board_is_explained_against_par_double_dummy_and_the_field(tmp_path: Path) -> None:
    root = tmp_path / "data"
    create_current(GameStore(root), dealt_game(range(1, 2), FIELD))
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.session.unsolved() == () and app.session.stored.solved, "board 1 solved", deadline=300)
        await until(pilot, lambda: "double dummy" not in status_text(app), "the solving's progress gone from the status line")
        await keyboard(pilot, ["plus", *field_keys("4S", "N", "10"), "enter"])
        text = " ".join(explain_text(app).split())
        # Board 1 of seed 7: N-S make 10 tricks in spades and 4S is par; the field worked by hand
        # (beats 400 170 -50 140, ties 420, loses to 450: 4.5 of 6).
        assert "4♠ by N made 10: par is 4♠ by N-S, +420; double dummy N makes 10 in spades." in text
        assert "+420 would have scored 4.5 of 6 (75%) at the club." in text
        assert "At the club: +450, +420, +400, +170, +140, -50." in text
        assert "S ♠AKT8654 ♥5 ♦J5 ♣AKQ" in text
        assert "Against the club:\nN-S 75.00%\nover 1 board" in pad_text(app)  # no wider than the table of boards


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_a_board_with_its_cards_and_field_fits_a_small_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    root = tmp_path / "data"
    game = dealt_game(range(1, 2), FIELD, DuplicateScoring.IMPS)
    stored = create_current(GameStore(root), game)
    deal = deal_boards(7, range(1, 2))[0][1]
    stored.solved = seven_solved(range(1, 2))  # board 1 of seed 7 as the solver solves it (support.solved)
    assert (1, deal) in stored.solved
    GameStore(root).save(stored)
    app = make_app(root)
    async with app.run_test(size=size) as pilot:
        await keyboard(pilot, ["plus", *field_keys("4S", "N", "10"), "enter"])
        await until(pilot, lambda: len(app.session.state.hands) == 1 and not form_open(app), "the hand recorded")
        await settle(pilot)
        lines = screen_lines(app)
        # The session against the club at the foot of the pad, in lines no wider than its table of boards:
        # the pad's column keeps its width (the hand list's divider where the table ends).
        foot = ["Against the club:", "N-S +3.83 IMPs", "over 1 board"]
        rows = [k for k, line in enumerate(lines) if line.startswith(foot[0])]
        assert rows, "\n".join(lines)
        assert [lines[rows[0] + k][: len(text)] for k, text in enumerate(foot)] == foot, "\n".join(lines)
        table = next(line for line in lines if line.startswith("Bd"))
        assert table.index("▕") <= 25, table
        # The explanation: against par, the field and double dummy before the hands (which may run off).
        shown = " ".join(shown_in(app, app.screen.query_one(".explain")).split())
        assert "4♠ by N made 10: par is 4♠ by N-S, +420;" in shown
        if size == (80, 24):
            assert "+420 would have scored +3.83 IMPs at the club, against its 6 results." in shown
            assert "N-S make ♣5 ♦7 ♥7 ♠10 NT8 E-W make ♣7 ♦6 ♥5 ♠3 NT3" in shown
        # Whatever runs off, shift+down brings it into view, to West's hand, the last line; shift+up goes back.
        hands = ["N ♠93 ♥KQ6432 ♦T874 ♣9", "W ♠72 ♥AJT7 ♦KQ3 ♣J542"]
        await keyboard(pilot, ["shift+down", "shift+down", "shift+down"])
        await settle(pilot)
        scrolled = " ".join(shown_in(app, app.screen.query_one(".explain")).split())
        assert all(h in scrolled for h in hands), scrolled
        await keyboard(pilot, ["shift+up", "shift+up", "shift+up"])
        await settle(pilot)
        assert " ".join(shown_in(app, app.screen.query_one(".explain")).split()) == shown


async def test_the_new_game_dialog_takes_a_deals_file(tmp_path: Path) -> None:
    from bridgepad.core.rules.board_facts import all_board_facts
    from bridgepad.services.formats.hand_record import hand_record

    game = dealt_game(range(5, 9))
    deals = tmp_path / "d.pbn"
    deals.write_text(hand_record(all_board_facts(game, {}), "Club", 7), encoding="latin-1", newline="")
    bad = tmp_path / "bad.pbn"
    text = deals.read_text(encoding="latin-1")
    at = text.index('[Deal "') + len('[Deal "N:')  # the first hand's first card dropped: a hand of 12
    bad.write_text(text[:at] + text[at + 1 :], encoding="latin-1", newline="")
    root = tmp_path / "data"
    app = make_app(root)
    notes = Notes()
    async with app.run_test(size=(120, 40), message_hook=notes) as pilot:
        await keyboard(pilot, ["n"])
        # The mode, then Tab to the deals file, the last field (however many the duplicate rows are).
        await keyboard(pilot, ["d"])
        for _ in range(40):
            if app.focused is not None and app.focused.id == "f-deals":
                break
            await keyboard(pilot, ["tab"])
        assert app.focused is not None and app.focused.id == "f-deals"
        await keyboard(pilot, [*str(bad), "enter"])
        hint = text_of(app.screen.query_one("#m-deals"))
        assert hint.startswith(f"{bad}:") and "board 5: its Deal gives" in hint, hint
        assert app.session.game.deals is None  # refused: the dialog stays open, nothing started
        field = app.screen.query_one("#f-deals")
        field.value = ""
        await keyboard(pilot, [*str(deals), "enter"])
        await until(pilot, lambda: isinstance(app.screen, PadScreen), "the pad again")
        started = app.session.game
        assert started.mode is Mode.DUPLICATE and started.deals == game.deals and started.first_board == 5
        said = "New duplicate started with the cards of boards 5–8. The last one stays saved."
        assert await notes.latest(pilot, said) == said
        assert "Board 5" in status_text(app)


async def test_a_board_solved_meanwhile_leaves_the_explanation_where_it_was_scrolled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 60x20 the player scrolls board 1's explanation to its hands; its double dummy arrives
    (the words grow) and the page stays; another hand selected starts from the top again."""
    from bridgepad.tui.solving import BoardSolver

    monkeypatch.setattr(BoardSolver, "start", lambda self: None)  # the solutions come when this test says
    root = tmp_path / "data"
    create_current(GameStore(root), dealt_game(range(1, 3)))
    ((key, solution),) = seven_solved(range(1, 2)).items()
    app = make_app(root)
    async with app.run_test(size=(60, 20)) as pilot:
        await keyboard(pilot, ["plus", *field_keys("4S", "N", "10"), "enter"])
        await keyboard(pilot, ["plus", *field_keys("3NT", "E", "9"), "enter"])
        await until(pilot, lambda: len(app.session.state.hands) == 2 and not form_open(app), "both hands recorded")
        await keyboard(pilot, ["up", "shift+down"])
        await settle(pilot)
        scroll = app.screen.query_one(".explain")
        at = scroll.scroll_y
        assert at > 0 and "par is" not in explain_text(app)
        screen = app.screen
        assert isinstance(screen, PadScreen)
        screen._board_solved(1, 2, key, solution)
        await settle(pilot)
        assert "4♠ by N made 10: par is 4♠ by N-S, +420;" in " ".join(explain_text(app).split())
        assert scroll.scroll_y == at
        await keyboard(pilot, ["down"])
        await settle(pilot)
        assert scroll.scroll_y == 0


def seven_file(path: Path, boards: range = range(1, 9), table: dict[int, str] | None = None) -> Path:
    """The hand record ``bridgepad deal`` writes of ``boards`` of seed 7, from their solutions as the
    solver gives them (support.solved); ``table``: a board's DoubleDummyTricks written otherwise."""
    from bridgepad.core.boards.double_dummy import TrickTable
    from bridgepad.core.rules.board_facts import all_board_facts
    from bridgepad.services.formats.hand_record import hand_record

    solved = seven_solved(boards)
    for key in list(solved):
        if table and key[0] in table:
            solved[key] = replace(solved[key], tricks=TrickTable.from_pbn(table[key[0]]))
    path.write_text(hand_record(all_board_facts(dealt_game(boards), solved), "Club", 7), encoding="latin-1", newline="")
    return path


class FakeSolver:
    """The solving processes replaced: each run's boards noted, held until ``go`` is set, then
    answered as the solver answers them (support.solved), board by board."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import threading

        from bridgepad.services.double_dummy.solver import Solving

        self.runs: list[tuple[tuple[int, object], ...]] = []
        self.go = threading.Event()
        truth = seven_solved()
        fake = self

        def run(self, progress=None, stop=None):  # type: ignore[no-untyped-def]
            fake.runs.append(self.jobs)
            fake.go.wait(60)
            out = {}
            for k, key in enumerate(self.jobs, 1):
                out[key] = truth[key]
                if progress is not None:
                    progress(k, len(self.jobs), key, truth[key])
            return out

        monkeypatch.setattr(Solving, "run", run)


async def test_a_deals_file_s_double_dummy_is_shown_at_once_and_checked_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The n dialog's deals file, boards 1-8 of seed 7 as bridgepad deal writes them: the pad shows
    their double dummy and par with no board solved, then the solver checks them once, in the background."""
    solver = FakeSolver(monkeypatch)
    deals = seven_file(tmp_path / "club.pbn")
    root = tmp_path / "data"
    app = make_app(root)
    async with app.run_test(size=(120, 40)) as pilot:
        await keyboard(pilot, ["n", "d"])
        for _ in range(40):
            if app.focused is not None and app.focused.id == "f-deals":
                break
            await keyboard(pilot, ["tab"])
        await keyboard(pilot, [*str(deals)])
        before = app.focused
        app.post_message(events.Key("enter", "\r"))  # not keyboard(): it would wait for the solver's worker, held
        await handled(app, before)
        await until(pilot, lambda: isinstance(app.screen, PadScreen) and app.session.game.deals is not None, "the game")
        # Every board's solution at once, from the file: no board waits for the solver.
        assert app.session.stored.solved == seven_solved() and app.session.unsolved() == ()
        for key in ["plus", *field_keys("4S", "N", "10"), "enter"]:  # each handled, the check held meanwhile
            char = key if len(key) == 1 else {"plus": "+", "tab": "\t", "enter": "\r"}.get(key)
            before = app.focused
            app.post_message(events.Key(key, char))
            await handled(app, before)
        await until(pilot, lambda: len(app.session.state.hands) == 1 and not form_open(app), "the hand recorded")
        assert "4♠ by N made 10: par is 4♠ by N-S, +420; double dummy N makes 10 in spades." in " ".join(
            explain_text(app).split()
        )
        # The solver's one run so far is the check of the file's eight tables, held: nothing solved before it.
        assert solver.runs == [tuple(sorted(seven_solved(), key=lambda k: k[0]))]
        assert "checking the file's double dummy 0 of 8 boards" in status_text(app)
        solver.go.set()
        await until(pilot, lambda: app.session.stored.unchecked == frozenset(), "the tables checked")
        await until(pilot, lambda: "double dummy" not in status_text(app), "the check's progress gone")
        game_id = app.session.stored.id
    assert len(solver.runs) == 1
    stored = GameStore(root).read(game_id)
    assert stored.solved == seven_solved() and stored.unchecked == frozenset()  # checked once: never again
    assert Session.open(GameStore(root)).unchecked() == ()


async def test_a_wrong_trick_count_in_the_deals_file_is_said_naming_the_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Board 3's table with one count wrong (N makes 8 in notrump, the file says 9): the check says so
    in one line naming the board, and keeps the solver's."""
    from bridgepad.services.formats.pbn_boards import read_boards

    solver = FakeSolver(monkeypatch)
    solver.go.set()
    truth = seven_solved(range(3, 4))
    ((key, solution),) = truth.items()
    assert solution.tricks.pbn.startswith("8")
    wrong = "9" + solution.tricks.pbn[1:]
    club = read_boards(seven_file(tmp_path / "club.pbn", range(1, 5), {3: wrong}).read_text(encoding="latin-1"))
    assert club.solved[key].tricks.pbn == wrong
    root = tmp_path / "data"
    session = Session.open(GameStore(root))
    # As bridgepad new duplicate --deals club.pbn starts it.
    assert session.start(replace(dealt_game(range(1, 5)), deals=club.boards), given=club.solved)
    app = make_app(root)
    notes = Notes()
    async with app.run_test(size=SIZE, message_hook=notes) as pilot:
        said = "The deals file's double dummy of board 3 is not the solver's (N makes 8 in notrump, not 9): the solver's is kept."
        assert await notes.latest(pilot, said) == said
        assert app.session.stored.solved[key] == solution and app.session.stored.unchecked == frozenset()
    assert solver.runs == [tuple(sorted(club.solved, key=lambda k: k[0]))]
