"""Writes the generated parts of the README and the documentation from their one source:
the key tables from the one list of keys (bridgepad/tui/keys.py), and the README's list of
the documentation's pages from the home page's (docs/index.md).

    python tests/tools/make_readme_keys.py           # rewrite them in README.md and docs/
    python tests/tools/make_readme_keys.py --check   # exit 1 if any of them is not its source's

Each table sits between two markers in its file; everything else in the file is left as it
is. test_keys.py runs the check, so neither the README nor the documentation can drift
from the keys.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent  # tests/tools/ -> the repository
README = ROOT / "README.md"
HOME = ROOT / "docs" / "index.md"  # the documentation's first page: the ten keys, the list of pages
KEYS_PAGE = ROOT / "docs" / "playing.md"  # every key, screen by screen
START = "<!-- keys: written by tests/tools/make_readme_keys.py from bridgepad/tui/keys.py; do not edit by hand -->"
END = "<!-- /keys -->"
FIRST_START = "<!-- first keys: written by tests/tools/make_readme_keys.py from bridgepad/tui/keys.py; do not edit by hand -->"
FIRST_END = "<!-- /first keys -->"
PAGES_START = "<!-- pages: the README's list is written from this one by tests/tools/make_readme_keys.py -->"
README_PAGES_START = "<!-- pages: written by tests/tools/make_readme_keys.py from docs/index.md; do not edit by hand -->"
PAGES_END = "<!-- /pages -->"


def between(text: str, start_mark: str, end_mark: str, table: str, path: Path) -> str:
    """``text`` with what lies between two markers replaced by ``table``."""
    head, start, rest = text.partition(start_mark)
    _, end, tail = rest.partition(end_mark)
    if not start or not end:
        raise SystemExit(f"{path}: the markers {start_mark!r} and {end_mark!r} are missing")
    return f"{head}{start_mark}\n{table}{end_mark}{tail}"


def inside(text: str, start_mark: str, end_mark: str) -> str:
    return text.partition(start_mark)[2].partition(end_mark)[0].lstrip("\n")


def from_the_top(pages: str) -> str:
    """The home page's list of pages as the README links them: each page under docs/."""
    return re.sub(r"\]\((?!https?:|#|/)([^)]+)\)", r"](docs/\1)", pages)


def written() -> dict[Path, str]:
    """Each file as it should be: its tables written from their sources."""
    from bridgepad.tui.keys import docs_table, first_keys_table

    home = HOME.read_text(encoding="utf-8")
    home = between(home, FIRST_START, FIRST_END, first_keys_table(), HOME)
    readme = README.read_text(encoding="utf-8")
    readme = between(readme, FIRST_START, FIRST_END, first_keys_table(), README)
    pages = inside(home, PAGES_START, PAGES_END)
    readme = between(readme, README_PAGES_START, PAGES_END, from_the_top(pages), README)
    keys_page = between(KEYS_PAGE.read_text(encoding="utf-8"), START, END, docs_table(), KEYS_PAGE)
    return {README: readme, HOME: home, KEYS_PAGE: keys_page}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when a file differs")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    texts = written()
    changed = [path for path, text in texts.items() if text != path.read_text(encoding="utf-8")]
    if args.check:
        for path in changed:
            print(
                f"{path}: its generated tables differ from their sources (bridgepad/tui/keys.py, docs/index.md's pages);"
                " run python tests/tools/make_readme_keys.py",
                file=sys.stderr,
            )
        return 1 if changed else 0
    for path, text in texts.items():
        if path in changed:
            path.write_text(text, encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
