"""The scoring core, the store and ``bridgepad score`` never load textual or rich.

Each check runs in a fresh interpreter, so nothing this test session imported counts.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, encoding="utf-8", timeout=60
    )


UI = ("textual", "rich")

LOADED_UI = """
def loaded_ui():
    return sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
"""


def test_core_and_store_load_no_user_interface() -> None:
    p = run_python(
        """
        import importlib, json, pkgutil, sys
        import bridgepad.core.rules.game, bridgepad.core.readers.log, bridgepad.core.readers.serialize, bridgepad.store.game_store
        import bridgepad.core
        names = []
        for info in pkgutil.walk_packages(bridgepad.core.__path__, "bridgepad.core."):
            importlib.import_module(info.name)
            names.append(info.name)
        print(json.dumps({"modules": names, "ui": sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))}))
        """
    )
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    # Every core module was imported (the list grows with the core; these are the ones this suite covers).
    for name in (
        "rules.game",
        "readers.log",
        "model",
        "readers.notation",
        "words.pad",
        "rules.scoring",
        "readers.serialize",
        "rules.settings",
        "words.summary",
        "rules.tables",
    ):
        assert f"bridgepad.core.{name}" in data["modules"]
    assert data["ui"] == []


def test_cli_module_loads_no_user_interface() -> None:
    p = run_python(
        """
        import json, sys
        import bridgepad.cli
        print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))))
        """
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == []


def test_bridgepad_score_loads_neither_textual_nor_rich() -> None:
    p = run_python(
        """
        import json, sys, io, contextlib
        from bridgepad.cli import main
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["score", "4SX", "=", "--vul", "--json"])
        print(json.dumps({"code": code, "out": out.getvalue(),
                          "ui": sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))}))
        """
    )
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["code"] == 0
    assert json.loads(data["out"])["duplicate"] == 790
    assert data["ui"] == []


def test_bridgepad_score_entry_point_imports_no_textual() -> None:
    # python -X importtime lists every module the real entry point imports, on stderr.
    p = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "bridgepad", "score", "4S", "10"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert p.returncode == 0, p.stderr
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in p.stderr.splitlines() if "|" in line}
    assert "bridgepad" in imported  # the listing is real
    assert "textual" not in imported
    assert "rich" not in imported


def test_replay_json_loads_no_textual(tmp_path) -> None:
    log = tmp_path / "a.log"
    log.write_text("N 4S 10\n", encoding="utf-8")
    p = run_python(
        f"""
        import json, sys, io, contextlib
        from bridgepad.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            code = main(["replay", {str(log)!r}, "--json"])
        print(json.dumps({{"code": code, "textual": any(m.split(".")[0] == "textual" for m in sys.modules)}}))
        """
    )
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == {"code": 0, "textual": False}
