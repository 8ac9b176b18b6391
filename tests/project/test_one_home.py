"""One rule, one home: where the command line and the screens both read or write the same
thing, they give the same answer for the same input, so a second copy that drifts fails here."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from support import TESTS
from support.snapshot_apps.scenarios import evening, make_app
from support.waiting import press, settle
from textual.widgets import Input, Label

from bridgepad.cli import main
from bridgepad.tui.screens.tally_screen import TallyScreen

# The stake --------------------------------------------------------------------------------

STAKES = ["0.10", "0,10", "1", " 0,25 ", "0", "0,00", "-1", "abc", "NaN", "inf", "2000000", "1e3", "0.0000001"]


def cli_stake(capsys: pytest.CaptureFixture[str], data: Path, text: str) -> tuple[Decimal | None, str]:
    """``bridgepad tally --all --json --stake TEXT``: the stake it used, or its refusal."""
    code = main(["--data-dir", str(data), "tally", "--all", "--json", "--stake", text])
    out, err = capsys.readouterr()
    if code:
        assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
        return None, err.strip()
    stake = json.loads(out)["stake"]
    return (None if stake is None else Decimal(str(stake))), ""


@pytest.mark.slow
async def test_the_command_line_and_the_tally_screen_read_a_stake_alike(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evening(data_dir)  # a stake of 0.10 saved
    answers = {text: cli_stake(capsys, data_dir, text) for text in STAKES}
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TallyScreen)
        field, error = screen.query_one("#stake", Input), screen.query_one("#stake-error", Label)
        for text, (cli_value, cli_refusal) in answers.items():
            screen.stake = Decimal("0.5")  # what a refusal leaves in place
            await press(pilot, "dollar_sign")
            field.value = text
            await press(pilot, "enter")
            await settle(pilot)
            said = str(error.render()).strip() if error.display else ""
            if cli_refusal:
                # Refused by both, in the same sentence: the command line puts the text first.
                assert said and cli_refusal == f"bridgepad tally: --stake '{text}': {said}", text
                assert screen.stake == Decimal("0.5"), text
                await press(pilot, "escape")
            else:
                assert not said and screen.stake == cli_value, (text, said, screen.stake, cli_value)
    # What a player expects: a positive amount, a comma or a point; 0 is refused, not "free".
    assert answers["0,10"][0] == answers["0.10"][0] == Decimal("0.10")
    assert answers["0"][1] and answers["0,00"][1] and answers["-1"][1]


def test_an_empty_stake_is_none_on_the_command_line_as_on_the_screen(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    evening(data_dir)  # 0.10 saved: --stake "" is no stake, over it
    assert cli_stake(capsys, data_dir, "") == (None, "")


def test_the_core_tally_refuses_a_stake_in_the_same_sentences() -> None:
    from bridgepad.core.evening.tally import tally
    from bridgepad.core.rules.settlement import read_stake

    for bad in ("0", "-1", "2000000", "NaN", "0.0000001"):
        with pytest.raises(ValueError) as typed:
            read_stake(bad)
        with pytest.raises(ValueError) as given:
            tally([], stake=Decimal(bad))
        assert str(typed.value) == str(given.value)


def test_a_saved_stake_is_read_by_the_same_rule(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A stake in settings.json that the rule refuses (put there by hand) is no stake, on the command
    line as on the screen, and said."""
    evening(data_dir)
    (data_dir / "settings.json").write_text('{"tally": {"round": false, "stake": 2000000}}')
    assert cli_stake(capsys, data_dir, "") == (None, "")
    main(["--data-dir", str(data_dir), "tally", "--all", "--json"])
    out, err = capsys.readouterr()
    assert json.loads(out)["stake"] is None
    assert err == "bridgepad tally: the stake saved in settings.json ('2000000') is not an amount; none is used.\n"


# Nobody pays -------------------------------------------------------------------------------


async def test_the_command_line_and_the_tally_screen_say_alike_that_nobody_pays(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two rubbers that cancel out: N-S win 2-0 by 940 (4S made twice: 120 + 120 + 700), then E-W
    by the same; every player is square."""
    from support.robust.data import hand
    from textual.widgets import Static

    from bridgepad.core.evening.tally_view import ALL_SQUARE
    from bridgepad.core.rules.game import Game
    from bridgepad.store.game_store import GameStore, StoredGame

    store = GameStore(data_dir)
    store.ensure()
    names = ("Ann", "Bob", "Cy", "Di")
    won = Game(hands=(hand("4S", "N", "10"), hand("4S", "S", "10")), players=names)
    lost = Game(hands=(hand("4S", "E", "10"), hand("4S", "W", "10")), players=names)
    store.save(StoredGame("20260101-200000-0001", won, "2026-01-01T20:00:00+00:00", "2026-01-01T20:30:00+00:00"))
    store.save(StoredGame("20260101-210000-0002", lost, "2026-01-01T21:00:00+00:00", "2026-01-01T21:30:00+00:00"))
    assert main(["--data-dir", str(data_dir), "tally", "--all"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "2 finished games in all." and ALL_SQUARE in printed
    assert [line.split() for line in printed[3:7]] == [[n, "2", "+0"] for n in ("Ann", "Bob", "Cy", "Di")]
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "t", "w", "w")  # all time
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TallyScreen) and "all time · 2 games" in str(screen.query_one("#tally-title", Label).render())
        assert str(screen.query_one("#payments", Static).render()).strip() == ALL_SQUARE


def test_rounding_has_one_unit() -> None:
    from bridgepad.core.rules.settlement import ROUND_UNIT, round_margin, rounding_unit

    assert (rounding_unit(True), rounding_unit(False), ROUND_UNIT) == (100, None, 100)
    assert round_margin(1350, rounding_unit(True)) == 1400 and round_margin(1350, rounding_unit(False)) == 1350


# Writing an export file --------------------------------------------------------------------


def test_the_command_line_and_the_export_dialog_write_through_one_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgepad.cli.files import write_output
    from bridgepad.services.formats import export_file
    from bridgepad.tui.forms import export_dialog

    assert export_dialog.write_export is export_file.write_export
    calls: list[tuple[Path, bool]] = []
    real = export_file.write_export

    def spy(path: Path, text: str, *, replace: bool = False, encoding: str = "utf-8") -> None:
        calls.append((path, replace))
        real(path, text, replace=replace, encoding=encoding)

    monkeypatch.setattr(export_file, "write_export", spy)
    out = tmp_path / "out.md"
    write_output(str(out), "one\n", force=False)
    write_output(str(out), "two\n", force=True)
    assert calls == [(out, False), (out, True)] and out.read_text() == "two\n"


# Flags to rules ---------------------------------------------------------------------------

# Every command that takes a rule, with what it needs besides: a log to read for two of them.
RULE_COMMANDS = {
    "new": ["new", "chicago"],
    "import": ["import", "{log}"],
    "replay": ["replay", "{log}", "--json"],
}
LOG = "chicago\nN 4S 10\n"


def run_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, *flags: str) -> tuple[int, str]:
    log = tmp_path / "evening.log"
    log.write_text(LOG, encoding="utf-8")
    args = [a.format(log=log) for a in RULE_COMMANDS[command]]
    code = main(["--data-dir", str(tmp_path / command), *args, *flags])
    err = capsys.readouterr().err
    return code, err.removeprefix(f"bridgepad {command}: ")


@pytest.mark.parametrize(
    "flags",
    [
        ["--chicago-vulnerable", "sometimes"],
        ["--chicago-vulnerable", ""],
        ["--chicago-partscore", "half"],
        ["--honors", "--no-honors"],
    ],
    ids=lambda f: " ".join(f),
)
def test_each_command_refuses_a_rule_flag_in_the_same_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flags: list[str]
) -> None:
    answers = {c: run_rules(capsys, tmp_path, c, *flags) for c in RULE_COMMANDS}
    assert {code for code, _ in answers.values()} == {2}
    if "--no-honors" not in flags:  # argparse's own words name the program: the same but for it
        assert len({said for _, said in answers.values()}) == 1, answers


@pytest.mark.parametrize(
    "flags",
    [["--chicago-vulnerable", "m"], ["--chicago-vulnerable", "dealer-then-opponents"], ["--chicago-partscore", "50"]],
    ids=lambda f: " ".join(f),
)
def test_each_command_takes_a_rule_flag_in_the_same_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flags: list[str]
) -> None:
    for command in RULE_COMMANDS:
        assert run_rules(capsys, tmp_path, command, *flags) == (0, ""), command


def test_the_rule_flags_are_declared_from_one_table() -> None:
    from bridgepad.cli.main import build_parser
    from bridgepad.cli.rule_flags import NO_HONORS, RULE_FLAGS

    table = {f.flag for f in RULE_FLAGS} | {NO_HONORS}
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, command in sub.choices.items():  # type: ignore[union-attr]
        flags = {o for a in command._actions for o in a.option_strings}
        rules = flags & table
        for action in command._actions:
            if set(action.option_strings) & table:
                # The table's reader, not argparse's choices: one set of words and refusals.
                assert action.choices is None, (name, action.option_strings)
        if name in RULE_COMMANDS:
            assert rules, name


# The scoring item's parts ------------------------------------------------------------------


def test_every_scoring_item_is_worked_from_its_parts() -> None:
    """Each figure follows from its parts, and its sentence holds them: ``bridgepad score``
    reads the parts, the pad and the exports the sentence, and they cannot disagree."""
    import itertools

    from bridgepad.core.model import Contract, Doubling, Strain
    from bridgepad.core.rules.scoring import Kind, duplicate_items

    for level, strain, dbl, tricks, vul in itertools.product(range(1, 8), list(Strain), list(Doubling), range(14), (False, True)):
        for item in duplicate_items(Contract(level, strain, dbl), tricks, vul):
            if item.kind is Kind.TRICKS:
                assert (item.first + (item.count - 1) * item.rate) * item.doubling.value == item.points
            elif item.kind in (Kind.OVERTRICKS, Kind.UNDERTRICKS):
                assert (sum(item.terms) if item.terms else item.count * item.rate) == item.points
                assert item.reason.startswith(f"{item.count} {item.kind.value[:-1]}")
            if item.vulnerable is not None:
                assert ("not vulnerable" in item.reason) is not item.vulnerable
            assert item.reason == f"{item.what}: {item.figure}" and item.figure.startswith(item.working)
            # The sentence's arithmetic is the item's: worked out, it gives the points.
            expression = item.working.replace(",", "").replace("×", "*")
            assert set(expression) <= set("0123456789+*() "), expression
            assert eval(expression) == item.points, item.reason  # digits and + * ( ) only: safe


def test_bridgepad_score_gives_the_parts_it_reads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "3NTX", "6", "--vul", "--json"]) == 0
    (item,) = json.loads(capsys.readouterr().out)["items"]
    assert (item["count"], item["terms"], item["vulnerable"], item["doubling"]) == (3, [200, 300, 300], True, "doubled")
    assert main(["score", "3NTX", "6", "--vul"]) == 0
    assert "for 3 undertricks, doubled, vulnerable (200 + 300 + 300 = 800)" in capsys.readouterr().out


# Labels ------------------------------------------------------------------------------------


# The words each view must show, written out here rather than taken from the labels module:
# the game's title, the next deal's name after the hands below, and the deal column's heading.
NAMES = [
    ("rubber", "Rubber", "Hand 3", "#"),  # two hands played: the third is next
    ("chicago", "Chicago", "Deal 3 of 4", "Deal"),
    ("duplicate", "Duplicate", "Board 2", "Bd"),  # one board played: board 2 is next
]


@pytest.mark.parametrize("mode, title, next_deal, column", NAMES, ids=[n[0] for n in NAMES])
def test_the_screen_the_command_line_and_the_export_name_a_game_and_its_deals_alike(
    mode: str, title: str, next_deal: str, column: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from bridgepad.core.readers.log import parse_log
    from bridgepad.core.words import labels
    from bridgepad.services.formats.registry import export
    from bridgepad.store.game_store import StoredGame
    from bridgepad.tui.widgets.hand_list import columns_for
    from bridgepad.tui.widgets.status_bar import render_status

    hands = "N 4S 10\nE 3NT 9\n" if mode != "duplicate" else "N 4S 10 others 420\n"
    text = f"{mode}\nplayers N=Ann E=Bob W=Di\n{hands}"
    state = parse_log(text).games()[0]
    status = render_status(state, 3).plain
    assert status.startswith(f" {title} 3 ")
    assert next_deal in status
    assert columns_for(state, 8)[0].header == column
    log = tmp_path / "game.log"
    log.write_text(text, encoding="utf-8")
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"{title} 1"
    md = export([StoredGame("x1", state.game, "2026-08-17T20:00:00+00:00", "2026-08-17T20:00:00+00:00")], "md")
    assert md.startswith(f"### {title} x1")
    if mode != "duplicate":
        # The pad's heading on the command line; the export's names the people, a seat without a name by its letter.
        assert "We (N-S)" in out and "We (Ann & S)" in md
        assert labels.partnership(state.game, state.game.settings.we.other) == "Bob & Di"
        assert "| We (Ann & S) | They (Bob & Di) |" in md
        assert labels.partnership(state.game, state.game.settings.we) == "Ann & S"
    else:
        assert column in out.split()


def test_one_fit_cuts_a_name_for_every_column() -> None:
    from bridgepad.core.words.labels import seat_label_fit
    from bridgepad.core.words.text import fit

    assert fit("Annabelle", 5) == "Anna…" and fit("Ann", 5) == "Ann"

    class Named:
        def name(self, seat: object) -> str:
            return "Annabelle"

    from bridgepad.core.model import Seat

    assert seat_label_fit(Named(), Seat.N, 9) == f"{fit('Annabelle', 5)} (N)"


def test_the_history_the_csv_and_the_pad_name_partnerships_alike() -> None:
    import csv
    import io
    from types import SimpleNamespace

    from bridgepad.core.model import Side
    from bridgepad.core.readers.log import parse_log
    from bridgepad.core.rules.game import Game
    from bridgepad.core.words import labels
    from bridgepad.services.formats.registry import export
    from bridgepad.store.game_store import StoredGame
    from bridgepad.tui.screens.history_screen import players_text

    game = parse_log("players N=Ann W=Di\nN 4S 10\n").games()[0].game
    summary = SimpleNamespace(players=game.players, by_pairs=False)  # a game of one table
    assert players_text(summary) == labels.match_up(game) == "Ann & S v E & Di"  # type: ignore[arg-type]
    assert labels.match_up(Game()) == "N-S v E-W"
    assert (labels.partnership(game, Side.NS), labels.partnership(game, Side.EW)) == ("Ann & S", "E & Di")
    rows = list(csv.reader(io.StringIO(export([StoredGame("x1", game, "2026-08-17T20:00:00+00:00", "")], "csv"))))
    assert len(rows) > 1 and all("Ann & S" in r and "E & Di" in r for r in rows[1:])


def test_the_rules_documents_are_named_as_the_project_names_them() -> None:
    # "The rule book" everywhere, never the documents' file numbers ("Seed" and three digits).

    pattern = re.compile("se" + r"ed 0[0-9]{2}", re.IGNORECASE)
    root = TESTS.parent
    found = [
        str(p.relative_to(root))
        for d in ("bridgepad", "tests")
        for p in (root / d).rglob("*.py")
        if pattern.search(p.read_text("utf-8"))
    ]
    assert found == []
