"""The layers hold when the code runs, not only in the import graph: each headless module,
imported alone in a fresh interpreter, loads no user-interface module.

``lint-imports`` (the contracts in pyproject.toml) checks the import statements; this test
checks what an import really loads, which also catches an import hidden in a function
that runs at import time, or a package ``__init__`` that pulls a screen in.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import bridgepad

PACKAGE = Path(bridgepad.__file__).parent
# The screens, the command line's renderer, the entry point that starts the app, and the
# command line's dispatcher (it starts the app when no command is given, lazily).
UI = ("bridgepad.tui", "bridgepad.cli.render", "bridgepad.__main__", "bridgepad.cli.main")
UI_PACKAGES = ("textual", "rich", "bridgepad.tui")


def module_names() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("bridgepad", *path.relative_to(PACKAGE).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if not name.startswith(UI):
            names.append(name)
    return names


HEADLESS = module_names()

PROBE = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich") or m.startswith("bridgepad.tui"))
print("\\n".join(ui))
"""


def ui_loaded_by(*modules: str) -> list[str]:
    """The UI modules loaded when ``modules`` are imported, in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", PROBE, *modules], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_headless_modules_are_found() -> None:
    # A broken walk would make the test below pass on an empty list.
    assert {
        "bridgepad.core.rules.scoring",
        "bridgepad.store.game_store",
        "bridgepad.services.session",
        "bridgepad.cli.score",
    } <= set(HEADLESS)
    assert not any(name.startswith("bridgepad.tui") for name in HEADLESS)


def test_no_headless_module_loads_a_user_interface() -> None:
    # All at once: what they load together is what each loads, put together. Only if
    # that fails is each imported alone, to name the ones that load a UI module.
    if ui_loaded_by(*HEADLESS):
        culprits = {name: loaded[:3] for name in HEADLESS if (loaded := ui_loaded_by(name))}
        raise AssertionError(f"headless modules that load a UI module: {culprits}")


def test_the_probe_sees_a_user_interface_module() -> None:
    # The probe itself can fail: a screen module is seen loading Textual.
    assert "bridgepad.tui.keys" in ui_loaded_by("bridgepad.tui.keys")


def test_the_documentation_s_layout_names_every_module() -> None:
    # The layout page is the map a newcomer reads: a module it does not name is one
    # they cannot find, and a name it keeps after a module is gone sends them looking.
    layout = (PACKAGE.parent / "docs" / "layout.md").read_text(encoding="utf-8")
    files = {p.name for p in PACKAGE.rglob("*.py") if p.name != "__init__.py"}
    assert sorted(f for f in files if f"`{f}`" not in layout and f"/{f}`" not in layout) == []
    named = {n for n in re.findall(r"([a-z_]+\.py)`", layout) if not n.startswith("test_")}
    assert sorted(named - files) == []


def import_circles() -> list[list[str]]:
    """The groups of bridgepad modules that import each other round in a circle, lazy imports included."""
    import grimp

    graph = grimp.build_graph("bridgepad")
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(m: str) -> None:  # Tarjan's strongly connected components
        index[m] = low[m] = len(index)
        stack.append(m)
        on_stack.add(m)
        for n in edges[m]:
            if n not in index:
                visit(n)
                low[m] = min(low[m], low[n])
            elif n in on_stack:
                low[m] = min(low[m], index[n])
        if low[m] == index[m]:
            group = []
            while True:
                n = stack.pop()
                on_stack.discard(n)
                group.append(n)
                if n == m:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for m in modules:
        if m not in index:
            visit(m)
    return circles


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert import_circles() == []
