"""Writes the README's generated parts: the key tables from the one list of keys
(bridgepad/tui/keys.py), and the reference's table of contents from its headings.

    python tests/make_readme_keys.py           # rewrite the tables in README.md
    python tests/make_readme_keys.py --check   # exit 1 if README.md's tables are not the list's

The tables sit between two markers in README.md; everything else in the file is left
as it is. test_tui_keys.py runs the check, so the README cannot drift from the keys.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
START = "<!-- keys: written by tests/make_readme_keys.py from bridgepad/tui/keys.py; do not edit by hand -->"
END = "<!-- /keys -->"
FIRST_START = "<!-- first keys: written by tests/make_readme_keys.py from bridgepad/tui/keys.py; do not edit by hand -->"
FIRST_END = "<!-- /first keys -->"
CONTENTS_START = "<!-- contents -->"
CONTENTS_END = "<!-- /contents -->"


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    kept = "".join(c for c in heading.lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def contents(readme: str) -> str:
    """The reference's headings (those after the contents), as a nested list of links."""
    rest = readme.partition(CONTENTS_END)[2]
    lines, fenced = [], False
    for line in rest.splitlines():
        fenced ^= line.startswith("```")
        level = len(line) - len(line.lstrip("#"))
        if not fenced and level in (2, 3) and line[level:].startswith(" "):
            title = line[level:].strip()
            lines.append(f"{'  ' * (level - 2)}- [{title.replace('`', '')}](#{anchor(title)})")
    return "\n".join(lines) + "\n"


def between(readme: str, start_mark: str, end_mark: str, table: str) -> str:
    """``readme`` with the text between two markers replaced by ``table``."""
    head, start, rest = readme.partition(start_mark)
    _, end, tail = rest.partition(end_mark)
    if not start or not end:
        raise SystemExit(f"{README}: the markers {start_mark!r} and {end_mark!r} are missing")
    return f"{head}{start_mark}\n{table}{end_mark}{tail}"


def with_tables(readme: str) -> str:
    """``readme`` with the ten first keys and the tables of every key written from the list."""
    from bridgepad.tui.keys import first_keys_table, readme_table

    readme = between(readme, FIRST_START, FIRST_END, first_keys_table())
    readme = between(readme, START, END, readme_table())
    return between(readme, CONTENTS_START, CONTENTS_END, contents(readme))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when the README differs")
    args = parser.parse_args(argv)
    old = README.read_text(encoding="utf-8")
    new = with_tables(old)
    if args.check:
        if new != old:
            print(
                f"{README}: the key tables differ from bridgepad/tui/keys.py; run python tests/make_readme_keys.py",
                file=sys.stderr,
            )
            return 1
        return 0
    if new != old:
        README.write_text(new, encoding="utf-8")
    print(README)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
