"""Writes the command line page's help (docs/command-line.md): each command's ``--help``
as argparse prints it, from the parser itself (``bridgepad.cli.main.build_parser``).

    python tests/tools/make_docs_cli.py           # rewrite the help in docs/command-line.md
    python tests/tools/make_docs_cli.py --check   # exit 1 if the page's help is not the parser's

The help sits between two markers in the page; everything else in it is left as it is.
argparse wraps at the terminal's width and words its help a little differently from one
Python to the next, so the help is written at 80 columns and names the Python it came
from; tests/project/test_docs.py runs the check under that Python.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent  # tests/tools/ -> the repository
PAGE = ROOT / "docs" / "command-line.md"
START = "<!-- help: written by tests/tools/make_docs_cli.py from bridgepad/cli; do not edit by hand -->"
END = "<!-- /help -->"
COLUMNS = 80


def python_version() -> str:
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def commands(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every command under it, in the order the help lists them."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # an alias names the same parser
                yield from commands(sub)


def help_text() -> str:
    """Every command's help, a heading and a block each."""
    # argparse reads the width from COLUMNS each time it formats; no colour, whatever the terminal.
    os.environ["COLUMNS"] = str(COLUMNS)
    os.environ["NO_COLOR"] = "1"
    sys.path.insert(0, str(ROOT))
    from bridgepad.cli.main import build_parser

    said = f"Written by `python tests/tools/make_docs_cli.py` from the parser, as Python {python_version()}'s argparse prints it"
    out = [f"{said} at {COLUMNS} columns.", ""]
    for parser in commands(build_parser()):
        out += [f"### `{parser.prog}`", "", "```text", parser.format_help().rstrip("\n"), "```", ""]
    return "\n".join(out)


def written_by(page: str) -> str | None:
    """The Python whose argparse wrote the page's help (``3.11``), or None if it says none."""
    head = page.partition(START)[2].partition(END)[0]
    marker = "as Python "
    if marker not in head:
        return None
    return head.partition(marker)[2].partition("'")[0]


def with_help(page: str) -> str:
    head, start, rest = page.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise SystemExit(f"{PAGE}: the markers {START!r} and {END!r} are missing")
    return f"{head}{START}\n{help_text()}{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 when the page differs")
    args = parser.parse_args(argv)
    old = PAGE.read_text(encoding="utf-8")
    new = with_help(old)
    if args.check:
        if new != old:
            print(
                f"{PAGE}: the commands' help differs from the parser's; run python tests/tools/make_docs_cli.py", file=sys.stderr
            )
            return 1
        return 0
    if new != old:
        PAGE.write_text(new, encoding="utf-8")
    print(PAGE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
