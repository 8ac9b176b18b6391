"""The README and the documentation (docs/, built as a site by mkdocs.yml): the README is
read in a minute and each of its links leads somewhere; nothing the long README said is
lost from the documentation; every page is in the navigation and every screenshot shown;
each command's help on its page is the parser's.

These read the Markdown alone: MkDocs is the docs extra's, not the tests'. CI also builds
the site with ``mkdocs build --strict``, which checks every link and anchor between pages.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unicodedata

import pytest
from support import DATA, TESTS

ROOT = TESTS.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
# The headings of the README before it became the documentation (at 4f3348d, 2,041 lines).
OLD_HEADINGS = DATA / "readme_headings.txt"
QUICK_START = ('pip install -e ".[test]" && bridgepad', 'pip install -e ".[test]" && pytest')
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def outside_code(text: str) -> list[str]:
    """The lines of ``text`` outside its fenced blocks, inline code taken out."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(re.sub(r"`[^`]*`", "``", line))
    return lines


def headings(text: str) -> list[str]:
    """Each heading's text, as written (``# Speed`` gives ``Speed``)."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"(#{1,6}) (.+)", line)):
            out.append(m.group(2).strip())
    return out


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    kept = "".join(c for c in heading.replace("`", "").lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def mkdocs_anchor(heading: str) -> str:
    """The anchor MkDocs gives a heading (Python-Markdown's toc ``slugify``)."""
    value = unicodedata.normalize("NFKD", heading.replace("`", "")).encode("ascii", "ignore").decode("ascii")
    value = re.sub(r"[^\w\s-]", "", value).strip().lower()
    return re.sub(r"[-\s]+", "-", value)


def nav_pages() -> list[str]:
    """The pages mkdocs.yml's navigation names, in its order."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = config[config.index("\nnav:\n") :]
    return re.findall(r"^\s*- (?:[^:\n]+: )?([\w/.-]+\.md)\s*$", nav, flags=re.MULTILINE)


def doc_pages() -> dict[str, str]:
    return {p.relative_to(DOCS).as_posix(): p.read_text(encoding="utf-8") for p in sorted(DOCS.rglob("*.md"))}


def test_the_readme_is_read_in_a_minute() -> None:
    readme = README.read_text(encoding="utf-8")
    lines = readme.splitlines()
    assert len(lines) <= 120, f"the README has {len(lines)} lines, more than 120"
    # A newcomer finds the first hand within the first 40 lines.
    assert lines.index("## Your first hand") < 40
    # The quick start's two commands, exactly, each in a code block of its own.
    for command in QUICK_START:
        assert f"```sh\n{command}\n```" in readme, command


def test_every_heading_the_long_readme_had_is_in_the_documentation() -> None:
    old = OLD_HEADINGS.read_text(encoding="utf-8").splitlines()
    assert len(old) == 29 and old[0] == "bridgepad" and old[-1] == "Dependencies"  # the list itself is whole
    have = {h for text in doc_pages().values() for h in headings(text)}
    assert [h for h in old if h not in have] == []


def test_every_link_in_the_readme_leads_to_a_file_or_a_page() -> None:
    readme = README.read_text(encoding="utf-8")
    pages = set(nav_pages())
    targets = [t for line in outside_code(readme) for t in LINK.findall(line)]
    assert len(targets) > len(pages), targets  # the picture, Keys, and a line for each page
    for target in targets:
        assert not re.match(r"[a-z]+:", target), f"{target}: the README links only to its own files and pages"
        path, _, anchor = target.partition("#")
        file = ROOT / path if path else README
        assert file.is_file(), f"{target}: no such file"
        if path.startswith("docs/") and path.endswith(".md"):
            assert path.removeprefix("docs/") in pages, f"{target}: a page not in mkdocs.yml's navigation"
        if anchor:
            names = headings(file.read_text(encoding="utf-8"))
            assert anchor in {github_anchor(h) for h in names}, f"{target}: no such heading, as GitHub reads it"
            if file != README:
                assert anchor in {mkdocs_anchor(h) for h in names}, f"{target}: no such heading, as MkDocs reads it"
    # Every page of the documentation has its line, with its link.
    linked = {t.partition("#")[0] for t in targets}
    assert sorted(f"docs/{p}" for p in pages if p != "index.md" and f"docs/{p}" not in linked) == []


def test_every_page_is_in_the_navigation_and_every_screenshot_is_shown() -> None:
    pages = doc_pages()
    assert sorted(nav_pages()) == sorted(pages)
    shown = {name for text in pages.values() for name in re.findall(r"\(screenshots/([^)\s#]+)\)", text)}
    pictures = {p.name for p in (ROOT / "screenshots").iterdir() if p.suffix in (".svg", ".png")}
    assert sorted(shown - pictures) == []  # none is missing
    assert sorted(pictures - shown) == []  # none is left out


def help_blocks() -> dict[str, str]:
    """The command line page's help: each command (``bridgepad players merge``) and its block."""
    page = (DOCS / "command-line.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^### `(bridgepad[\w ]*)`\n\n```text\n(.*?)\n```", page, flags=re.MULTILINE | re.DOTALL))


def python_that_wrote_the_help() -> str | None:
    sys.path.insert(0, str(TESTS / "tools"))  # the generators are scripts, run by hand, not a package
    from make_docs_cli import written_by

    return written_by((DOCS / "command-line.md").read_text(encoding="utf-8"))


def test_each_command_s_help_on_its_page_is_the_parser_s() -> None:
    written = python_that_wrote_the_help()
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    if written != here:
        pytest.skip(f"the help was written by Python {written}'s argparse, which words it unlike {here}'s")
    done = subprocess.run([sys.executable, str(TESTS / "tools" / "make_docs_cli.py"), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    blocks = help_blocks()
    assert len(blocks) == 13, sorted(blocks)  # bridgepad, its ten commands, players merge and unmerge
    # And each is what a person sees who asks for it, at 80 columns.
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    for command, block in blocks.items():
        shown = subprocess.run(
            [sys.executable, "-m", "bridgepad", *command.split()[1:], "--help"], capture_output=True, text=True, env=env
        )
        assert shown.returncode == 0, shown.stderr
        assert shown.stdout.rstrip("\n") == block, command


def _cells(row: str) -> list[str]:
    """A Markdown table row's cells (a ``|`` inside backticks or escaped is text, not a border)."""
    row = re.sub(r"`[^`]*`", "code", row.replace("\\|", "bar")).strip()
    return row.strip("|").split("|")


def test_every_table_s_rows_have_as_many_cells_as_its_header() -> None:
    """A row with a cell too many (a stray ``||``) shows an empty column on the site, and MkDocs
    does not warn of it."""
    for page in [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]:
        header: int | None = None
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith("|"):
                header = None
            elif header is None:
                header = len(_cells(line))
            else:
                assert len(_cells(line)) == header, (
                    f"{page.relative_to(ROOT)}:{number}: {len(_cells(line))} cells, the header has {header}"
                )
