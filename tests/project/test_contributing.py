"""CONTRIBUTING.md's recipes hold against the code: every file they name exists, every name
they give (``path::Name`` or ``path::Class.member``) is defined there, and each recipe names
the files to touch and a test to copy."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "CONTRIBUTING.md"
# A path of the repository in a code span, with an optional name defined in it.
REFERENCE = re.compile(r"`((?:bridgepad|tests|docs)/[\w./-]+?)(?:::([\w.]+))?`")


def references(text: str) -> list[tuple[str, str | None]]:
    """Each (path, name) the text gives; templates such as ``<name>_screen.py`` are left out."""
    return [(path, name or None) for path, name in REFERENCE.findall(text) if "<" not in path]


def defines(path: Path, dotted: str) -> bool:
    """Whether ``path`` defines ``dotted``: a module-level function, class or assignment, then
    a member of that class (a method, a class attribute, or an attribute set in ``__init__``)."""
    scope: list[ast.stmt] = ast.parse(path.read_text(encoding="utf-8")).body
    for part in dotted.split("."):
        found = next((node for node in scope if part in _names(node)), None)
        if found is None:
            return False
        scope = found.body if isinstance(found, ast.ClassDef) else []
    return True


def _names(node: ast.stmt) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        names = {node.name}
        if isinstance(node, ast.ClassDef):
            for item in node.body:  # attributes an instance sets in __init__
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    names |= {
                        f"{node.name}.{t.attr}"
                        for n in ast.walk(item)
                        if isinstance(n, ast.Assign)
                        for t in n.targets
                        if isinstance(t, ast.Attribute)
                    }
        return names
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return {node.target.id}
    return set()


def recipes(text: str) -> dict[str, str]:
    """Each "## Add ..." section's text, by its heading."""
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    return {p.splitlines()[0]: p for p in parts if p.startswith("Add ")}


def test_every_file_named_exists() -> None:
    missing = sorted({path for path, _ in references(PAGE.read_text(encoding="utf-8")) if not (ROOT / path).exists()})
    assert missing == [], f"CONTRIBUTING.md names files that are not there: {missing}"


def test_every_name_given_is_defined_where_it_says() -> None:
    wrong = []
    for path, name in references(PAGE.read_text(encoding="utf-8")):
        if name is None or not (ROOT / path).is_file():
            continue
        head, _, member = name.partition(".")
        if not (defines(ROOT / path, name) or (member and _set_in_init(ROOT / path, head, member))):
            wrong.append(f"{path}::{name}")
    assert wrong == [], f"CONTRIBUTING.md names what the code does not define: {wrong}"


def _set_in_init(path: Path, cls: str, attr: str) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in ast.walk(node):
                if isinstance(item, (ast.Assign, ast.AnnAssign)):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    if any(isinstance(t, ast.Attribute) and t.attr == attr for t in targets):
                        return True
    return False


@pytest.mark.parametrize(
    "recipe", ["Add a key", "Add a screen", "Add an export format", "Add an HTTP endpoint", "Add a movement", "Add a mode"]
)
def test_each_recipe_names_the_files_to_touch_and_a_test_to_copy(recipe: str) -> None:
    text = recipes(PAGE.read_text(encoding="utf-8")).get(recipe)
    assert text is not None, f"CONTRIBUTING.md has no recipe '{recipe}'"
    named = [path for path, _ in REFERENCE.findall(text)]
    assert any(p.startswith("bridgepad/") for p in named), f"'{recipe}' names no file of the package to touch"
    assert "Test to copy:" in text, f"'{recipe}' does not say which test to copy"
    tests = [p for p in named if p.startswith("tests/") and p.endswith(".py") and Path(p).name.startswith("test_")]
    assert tests and all((ROOT / p).is_file() for p in tests), f"'{recipe}' names no existing test to copy"


def test_the_check_itself_sees_a_name_that_is_gone(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("class A:\n    def b(self):\n        pass\n\nC = 1\n", encoding="utf-8")
    assert defines(module, "A.b") and defines(module, "C")
    assert not defines(module, "A.gone") and not defines(module, "D")
    assert references("`bridgepad/x.py::Y`, `docs/a.md` and `tests/<name>.py`") == [("bridgepad/x.py", "Y"), ("docs/a.md", None)]
