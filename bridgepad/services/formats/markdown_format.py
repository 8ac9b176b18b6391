"""Markdown: each game as people read it. A rubber or a Chicago as its pad (We | They,
the line across, a rule under each game, the totals and the headline), laid out by
``bridgepad.core.words.pad`` exactly as on screen; a duplicate session as a table of boards
with the running total, and, for each board whose cards are known, its diagram, its
double-dummy table and the result against par and the club's field
(``bridgepad.core.words.board_words``)."""

from __future__ import annotations

from collections.abc import Sequence

from bridgepad.core.model import SEATS, Side
from bridgepad.core.records.record import GameRecord, Line
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.duplicate import imps_figure
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.rules.vulnerability import MARKDOWN_WORDS, vulnerability_code, vulnerable_words
from bridgepad.core.words.board_words import (
    against_par_line,
    dd_rows,
    diagram,
    field_line,
    field_results_text,
    standing_text,
    unplayed_line,
)
from bridgepad.core.words.labels import partnership, result_label, we_they
from bridgepad.core.words.pad import PadRow, layout
from bridgepad.core.words.text import visible
from bridgepad.services.formats.kinds import formats_of

_MD_SPECIAL = set("\\`*_[]<>|~#")


def md_escape(text: str) -> str:
    """Text made safe to stand in a Markdown table cell or heading: control characters visible, markup escaped."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in " ".join(visible(text).split()))


def _label(r: GameRecord, side: Side) -> str:
    """``We (Ann & Cy)``, ``We (Ann & S)``, ``They (E-W)``: the words of the pad on screen, its names escaped."""
    return f"{we_they(side, r.we)} ({partnership(r, side, md_escape) or side.short})"


def _cell(row: PadRow, we: bool) -> str:
    e = row.we if we else row.they
    return f"{e.points:,}" if e is not None else ""


def _heading(r: GameRecord) -> list[str]:
    lines = [f"### {r.rules.title} {md_escape(r.id)}", ""]
    named = [f"{s.word} {md_escape(n)}" for s, n in zip(SEATS, r.game.players) if n]
    lines.append(f"Started {md_escape(r.created)}" + (f"; {', '.join(named)}" if named else "") + ".")
    lines.append("")
    return lines


def pad_markdown(r: GameRecord) -> str:
    """A rubber or a Chicago: its pad as a table (We | They), the totals and the headline."""
    we = r.we
    pad = layout(r.state, we)
    lines = _heading(r)
    lines.append(f"| {_label(r, we)} | {_label(r, we.other)} |")
    lines.append("|---:|---:|")
    for row in pad.above:
        lines.append(f"| {_cell(row, True)} | {_cell(row, False)} |")
    lines.append("| ═════ | ═════ |")
    for k, block in enumerate(pad.below):
        for row in block:
            lines.append(f"| {_cell(row, True)} | {_cell(row, False)} |")
        if k < pad.closed:
            lines.append("| ───── | ───── |")
    lines.append(f"| **{pad.totals[0]:,}** | **{pad.totals[1]:,}** |")
    lines.append("")
    lines.append(md_escape(r.headline))
    return "\n".join(lines) + "\n"


def _signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


def boards_markdown(r: GameRecord) -> str:
    """A duplicate session: one row per board, the comparison and the running total."""
    mp = r.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
    lines = _heading(r)
    ns, ew = (", ".join(md_escape(n) for n in r.side_names(s) if n) for s in (Side.NS, Side.EW))
    if ns or ew:
        lines.append(f"N-S: {ns or 'N-S'}; E-W: {ew or 'E-W'}.")
        lines.append("")
    compare = ("MPs", "%", "Total %") if mp else ("IMPs", "Total")
    lines.append("| Board | Dealer | Vul | Contract | By | Result | N-S | Other tables | " + " | ".join(compare) + " |")
    lines.append("|---:|:---|:---|:---|:---|:---|---:|:---|" + "---:|" * len(compare))
    for line in r.hand_lines:
        c = line.comparison
        contract = "Pass" if line.contract is None else line.contract.pretty
        by = line.declarer.value if line.declarer else ""
        others = " ".join(_signed(o) for o in c.others) if c is not None and c.compared else ""
        cells = [
            str(line.deal),
            line.dealer.value if line.dealer else "",
            MARKDOWN_WORDS[vulnerability_code(line.vulnerable)],
            contract,
            by,
            result_label(line.result, line.revoke is not None),
            _signed(line.ns_score or 0),
            others,
        ]
        run = line.running
        if c is not None and c.compared and run is not None:
            assert c.imps is not None
            if mp:
                cells += [f"{c.matchpoints} of {c.top}", f"{c.percent:.2f}", f"{run.percent:.2f}"]
            else:
                cells += [imps_figure(c.imps), imps_figure(run.imps)]
        else:
            cells += [""] * len(compare)
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    lines.append(md_escape(r.headline))
    scoring = r.game.settings.duplicate_scoring
    standing = r.against_field
    if standing is not None:
        lines += ["", standing_text(standing, scoring) + "."]
    for line in r.hand_lines:
        if line.board is not None:
            lines += ["", *_board_section(line, line.board, scoring)]
    for facts in r.unplayed_boards:
        lines += ["", *_board_section(None, facts, scoring)]
    return "\n".join(lines) + "\n"


def _board_section(line: Line | None, facts: BoardFacts, scoring: DuplicateScoring) -> list[str]:
    """A board's cards as a hand record prints them, then how the result stands against them
    (``line`` None: a board of the set not played at home yet)."""
    out = [f"#### Board {facts.board}: {facts.dealer.word} deals, {vulnerable_words(facts.vulnerable)}", ""]
    out += ["```text", *diagram(facts.deal), "```", ""]
    if facts.solution is not None:
        rows = dd_rows(facts.solution.tricks)
        out.append("| Double dummy | " + " | ".join(rows[0][1:]) + " |")
        out.append("|:---|" + "---:|" * (len(rows[0]) - 1))
        out += ["| " + " | ".join(row) + " |" for row in rows[1:]]
        out.append("")
    if line is None:
        out.append(unplayed_line(facts))
    else:
        out.append(against_par_line(facts, line.contract, line.declarer, line.tricks_scored))
    if facts.against_field is not None:
        out.append(field_line(facts.against_field, scoring))
    if facts.field:
        out.append(field_results_text(facts.field))
    return out


def game_markdown(r: GameRecord) -> str:
    return formats_of(r.game).markdown(r)


def one_table_markdown(r: GameRecord) -> str:
    """A game of one table: its boards, or its pad."""
    return boards_markdown(r) if r.rules.boards else pad_markdown(r)


def write(records: Sequence[GameRecord]) -> str:
    """Every game, separated by a blank line."""
    return "\n".join(game_markdown(r) for r in records)
