"""The Markdown of a game of several tables (``markdown_format`` writes a game of one table's)."""

from __future__ import annotations

from bridgepad.core.model import Side
from bridgepad.core.records.record import GameRecord
from bridgepad.core.words.movement_text import movement_title
from bridgepad.core.words.several_text import (
    change_lines,
    matchpoints_words,
    names_of,
    standing_words,
    team_pairs,
    team_words,
    traveller_lines,
    traveller_title,
)
from bridgepad.services.formats.markdown_format import md_escape
from bridgepad.services.formats.several_tables import tables_state


def several_markdown(r: GameRecord) -> str:
    """A game of several tables: the ranking, each board's traveller, and every change, in the
    core's words (``several_text``); nothing worked out here."""
    state = tables_state(r)
    mp = state.matchpointed
    lines = [f"### {r.rules.title} {md_escape(r.id)}", ""]
    scoring = state.scoring.word
    lines += [f"Started {md_escape(r.created)}. {movement_title(state.inputs.setup)}; compared by {scoring}.", ""]
    lines += [md_escape(r.headline), "", "#### Ranking", ""]
    if state.teams:
        lines += ["| Rank | Team | Pairs | Result |", "|:---|:---|:---|:---|"]
        for team in state.team_ranking:
            pairs, result = md_escape(team_pairs(state, team)), md_escape(team_words(team, mp))
            lines.append(f"| {team.rank or '-'} | Team {team.team} | {pairs} | {result} |")
        lines.append("")
    for side in (Side.NS, Side.EW):
        lines += [f"{side.word}:", ""]
        figures = ("Matchpoints", "%") if mp else ("IMPs",)
        # A team match ranks its teams: each pair is shown with its team, as on the laptop's screen.
        first = "Team" if state.teams else "Rank"
        lines.append(f"| {first} | Pair | Names | Boards | " + " | ".join(figures) + " |")
        lines.append("|:---|:---|:---|---:|" + "---:|" * len(figures))
        for st in state.ranking(side):
            place = str(state.movement.team_of(st.pair)) if state.teams else st.rank or "-"
            cells = [place, st.pair.label, md_escape(names_of(state, st.pair)), str(st.played)]
            cells += [matchpoints_words(st), standing_words(st, mp)] if mp else [standing_words(st, mp)]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["#### Boards", ""]
    figure = "MPs" if mp else "IMPs"
    for t in state.travellers:
        lines += [f"**{traveller_title(state, t.board)}**", ""]
        lines.append(f"| Round | Table | N-S | E-W | Contract | By | Result | N-S score | N-S {figure} | E-W {figure} |")
        lines.append("|---:|---:|---:|---:|:---|:---|:---|---:|---:|---:|")
        for x in traveller_lines(state, t.board):
            result = x.result + (" (changed)" if x.changed else "")
            cells = [x.round, x.table, x.ns, x.ew, x.contract, x.by, result, x.score, x.ns_figure, x.ew_figure]
            lines.append("| " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["#### Changes", ""]
    if not state.change_log:
        lines += ["No result was changed.", ""]
    for change in state.change_log:
        head, what = change_lines(change)
        lines.append(f"- {md_escape(head)}: {md_escape(what)}")
    return "\n".join(lines).rstrip("\n") + "\n"
