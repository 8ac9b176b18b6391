"""The pad starts on what its first paint needs: the history, the tally, the exports, PBN,
the help's tables, the rules in words, the shared view, the import machinery and the other
commands of the command line are loaded when first used, never by ``import bridgepad.tui.app``,
by ``bridgepad`` reading its arguments, nor by opening the pad.

Each check runs in a fresh interpreter, so nothing this test session imported counts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from bridgepad.cli.main import COMMANDS

# Loaded the first time their key, command or screen is used.
NOT_AT_STARTUP = (
    "aiohttp",
    "endplay",
    "multiprocessing",
    "bridgepad.services.double_dummy",
    "bridgepad.services.formats.hand_record",
    "bridgepad.services.formats.hand_record_html",
    "bridgepad.services.formats.pbn_boards",
    "bridgepad.core.words.board_words",
    "bridgepad.tui.solving",
    "segno",
    "sqlite3",
    "shlex",
    "bridgepad.services.history",
    "bridgepad.services.evening",
    "bridgepad.services.import_batch",
    "bridgepad.services.share",
    "bridgepad.services.formats.csv_format",
    "bridgepad.services.formats.json_format",
    "bridgepad.services.formats.markdown_format",
    "bridgepad.services.formats.pbn_format",
    "bridgepad.services.formats.pbn_reader",
    "bridgepad.services.formats.export_file",
    "bridgepad.services.formats.incoming",
    "bridgepad.core.evening.tally",
    "bridgepad.core.evening.tally_view",
    "bridgepad.core.records.sameness",
    "bridgepad.core.words.rules_text",
    "bridgepad.core.words.board_table",
    "bridgepad.tui.sharing",
    "bridgepad.tui.screens.help_screen",
    "bridgepad.tui.screens.history_screen",
    "bridgepad.tui.screens.tally_screen",
    "bridgepad.tui.screens.trash_screen",
    "bridgepad.tui.screens.review_screen",
    "bridgepad.tui.screens.share_screen",
    "bridgepad.tui.forms.export_dialog",
    "bridgepad.tui.forms.game_form",
    "bridgepad.tui.widgets.net_chart",
    # A game of several tables': its screen, its words, its one-table preview, its PBN, the names form.
    "bridgepad.tui.several_tables",
    "bridgepad.core.words.several_text",
    "bridgepad.core.rules.kinds.several_tables.one_table",
    "bridgepad.services.formats.pbn_several",
    # The commands: ``bridgepad`` alone reads its options without their parsers.
    *(f"bridgepad.cli.{module}" for module in COMMANDS.values()),
    "bridgepad.cli.render",
    "bridgepad.cli.rule_flags",
    "bridgepad.cli.files",
    "bridgepad.core.readers.log",
    "bridgepad.core.readers.new_game",
    # The statistics, their screen, who is who, and the processes of a rebuild.
    "bridgepad.core.evening.stats",
    "bridgepad.core.evening.stats_view",
    "bridgepad.core.evening.persons",
    "bridgepad.store.people_file",
    "bridgepad.services.workers",
    "bridgepad.tui.screens.stats_screen",
    # The tables' figures: a rubber opens without them (core.rules.kinds.several_tables.kind declares them late).
    "bridgepad.core.rules.kinds.several_tables.scores",
    "bridgepad.tui.several_tables",
)

# A module declared with bridgepad.core.lazy.lazy is not in sys.modules until one of its names
# is read: what is listed here has run.
LOADED = """
import json, sys
NOT_AT_STARTUP = {names!r}
def loaded():
    return sorted(m for m in sys.modules if any(m == n or m.startswith(n + ".") for n in NOT_AT_STARTUP))
"""


def run_python(code: str, tmp_path: Path) -> list[str]:
    program = LOADED.format(names=NOT_AT_STARTUP) + textwrap.dedent(code)
    env = {"BRIDGEPAD_DATA_DIR": str(tmp_path / "unused")}  # never the user's own folder
    p = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env={**os.environ, **env},
    )
    assert p.returncode == 0, p.stderr
    result: list[str] = json.loads(p.stdout.strip().splitlines()[-1])
    return result


def test_importing_the_app_loads_nothing_the_first_paint_does_not_need(tmp_path: Path) -> None:
    assert run_python("import bridgepad.tui.app\nprint(json.dumps(loaded()))", tmp_path) == []


def test_bridgepad_alone_reads_its_arguments_without_the_other_commands(tmp_path: Path) -> None:
    # main as ``bridgepad`` runs it, up to the pad's own start (bridgepad.tui.app.run).
    code = """
        import bridgepad.tui.app
        from bridgepad.cli import main

        started = []
        bridgepad.tui.app.run = lambda data_dir: started.append(data_dir) or 0
        assert main([]) == 0 and main(["--data-dir", "elsewhere"]) == 0, started
        assert started == [None, "elsewhere"], started
        print(json.dumps(loaded()))
        """
    assert run_python(code, tmp_path) == []


def test_opening_the_pad_loads_nothing_the_first_paint_does_not_need(tmp_path: Path) -> None:
    # A folder with a game on the pad, opened and painted as at startup.
    code = f"""
        import asyncio
        from pathlib import Path
        from bridgepad.tui.app import BridgepadApp, open_folder
        from bridgepad.tui.screens.pad_screen import PadScreen
        from bridgepad.tui.widgets.hand_list import HandList

        session, lock, unwritable = open_folder(Path({str(tmp_path / "data")!r}))

        async def main():
            app = BridgepadApp(session, lock, unwritable=unwritable)
            async with app.run_test(size=(80, 24)) as pilot:
                while not (isinstance(app.screen, PadScreen) and app.screen.query(HandList)):
                    await pilot.pause()
                return loaded()

        try:
            print(json.dumps(asyncio.run(main())))
        finally:
            lock.release()
        """
    assert run_python(code, tmp_path) == []


def test_an_import_cut_short_is_still_tidied_when_the_pad_opens(tmp_path: Path) -> None:
    # The import machinery is loaded only when one of its folders is there, and then it is.
    root = tmp_path / "data"
    (root / "import-0123abcd.staging" / "games").mkdir(parents=True)
    code = f"""
        from pathlib import Path
        from bridgepad.services.session import Session

        session = Session.open_folder(Path({str(root)!r}))
        print(json.dumps([list(session.problems), loaded()]))
        """
    p = subprocess.run(
        [sys.executable, "-c", LOADED.format(names=NOT_AT_STARTUP) + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert p.returncode == 0, p.stderr
    problems, loaded = json.loads(p.stdout.strip().splitlines()[-1])
    assert problems == ["An import that was cut short before it was stored has been cleaned away; nothing of it was kept."]
    assert not (root / "import-0123abcd.staging").exists()
    assert "bridgepad.services.import_batch" in loaded
