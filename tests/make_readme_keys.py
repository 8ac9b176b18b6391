"""Writes the README's key tables from the one list of keys (bridgepad/tui/keys.py).

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


def with_tables(readme: str) -> str:
    """``readme`` with the text between the markers replaced by the tables of the keys."""
    from bridgepad.tui.keys import readme_table

    head, start, rest = readme.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise SystemExit(f"{README}: the markers {START!r} and {END!r} are missing")
    return f"{head}{START}\n{readme_table()}{END}{tail}"


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
