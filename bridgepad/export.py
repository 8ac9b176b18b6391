"""Games written out for other programs and for people: JSON, CSV and Markdown.

- ``to_json``: ``{"rubbers": [R, ...]}``, each R in the shape ``bridgepad replay --json``
  gives a rubber (``state_json``), plus ``mode``, ``players`` (named seats only),
  ``started`` (the created time), ``settings`` and ``id``.
- ``to_csv``: a header row, then one row per hand: game id, hand number, dealer,
  declarer, contract, result, N-S below, N-S above, E-W below, E-W above. A passed-out
  deal has contract ``pass``, no declarer or result, and zeros. The game's own bonuses
  (rubber, unfinished game) belong to no hand and are not rows: they are in the totals
  of the JSON and Markdown.
- ``to_markdown``: each game's pad as a Markdown table, laid out by
  ``bridgepad.core.pad.layout`` (the figures on screen), with its totals and headline.

Everything here is plain text out of stored games: no textual, no rich, no files.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from bridgepad.core.game import GameState, Mode, derive
from bridgepad.core.model import SEATS, SIDES, Side
from bridgepad.core.pad import PadRow, layout
from bridgepad.core.summary import headline
from bridgepad.store import StoredGame

FORMATS = ("json", "csv", "md")
CSV_HEADER = (
    "game_id",
    "hand",
    "dealer",
    "declarer",
    "contract",
    "result",
    "ns_below",
    "ns_above",
    "ew_below",
    "ew_above",
)


class ExportError(ValueError):
    """A game that cannot be exported (its hands cannot be replayed); the message names it."""


def state_json(st: GameState) -> dict[str, Any]:
    """One game's figures in the ``bridgepad replay --json`` shape."""

    def side(s: Side) -> dict[str, int]:
        return {"below": st.below(s), "above": st.above(s), "total": st.total(s), "games": st.games[s]}

    return {
        "complete": st.complete,
        "NS": side(Side.NS),
        "EW": side(Side.EW),
        "bonus": {"NS": st.bonus(Side.NS), "EW": st.bonus(Side.EW)},
        "hands": [
            {s.value: {"below": h.points(s, above=False), "above": h.points(s, above=True)} for s in SIDES}
            for h in st.hands
        ],
    }


def _state(stored: StoredGame) -> GameState:
    try:
        return derive(stored.game)
    except ValueError as e:
        raise ExportError(f"game {stored.id} cannot be replayed: {e}") from None


def game_json(stored: StoredGame, state: GameState | None = None) -> dict[str, Any]:
    """One game as an element of ``{"rubbers": [...]}``."""
    st = state if state is not None else _state(stored)
    out = state_json(st)
    out.update(
        {
            "mode": stored.game.mode.value,
            "players": {s.value: n for s, n in zip(SEATS, stored.game.players) if n},
            "started": stored.created,
            "settings": stored.game.settings.to_json(),
            "id": stored.id,
        }
    )
    return out


def to_json(games: Sequence[StoredGame]) -> str:
    """``{"rubbers": [...]}``, indented, ending with a newline."""
    return json.dumps({"rubbers": [game_json(g) for g in games]}, ensure_ascii=False, indent=2) + "\n"


def to_csv(games: Sequence[StoredGame]) -> str:
    """A header row, then one row per hand of every game (lines end with ``\\n``)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for stored in games:
        st = _state(stored)
        for h in st.hands:
            hand = h.hand
            if hand.contract is None:
                declarer, contract, result = "", "pass", ""
            else:
                assert hand.declarer is not None
                declarer, contract, result = hand.declarer.value, hand.contract.text, hand.result_text
            w.writerow(
                (
                    stored.id,
                    h.number,
                    h.dealer.value,
                    declarer,
                    contract,
                    result,
                    h.points(Side.NS, above=False),
                    h.points(Side.NS, above=True),
                    h.points(Side.EW, above=False),
                    h.points(Side.EW, above=True),
                )
            )
    return buf.getvalue()


_MD_SPECIAL = set("\\`*_[]<>|~")


def md_escape(text: str) -> str:
    """Text made safe to stand in a Markdown table cell or heading."""
    return "".join("\\" + c if c in _MD_SPECIAL else c for c in " ".join(text.split()))


def _label(stored: StoredGame, side: Side, word: str) -> str:
    names = [stored.game.name(s) for s in side.seats if stored.game.name(s)]
    who = " & ".join(md_escape(n) for n in names) if names else side.short
    return f"{word} ({who})"


def _cell(row: PadRow, we: bool) -> str:
    e = row.we if we else row.they
    return f"{e.points:,}" if e is not None else ""


def game_markdown(stored: StoredGame, state: GameState | None = None) -> str:
    """One game: a heading, its pad as a table (We | They), the totals and the headline."""
    st = state if state is not None else _state(stored)
    we = stored.game.settings.we
    pad = layout(st, we)
    mode = stored.game.mode
    title = {Mode.RUBBER: "Rubber", Mode.CHICAGO: "Chicago", Mode.DUPLICATE: "Duplicate"}[mode]
    lines = [f"### {title} {md_escape(stored.id)}", ""]
    named = [f"{s.word} {md_escape(n)}" for s, n in zip(SEATS, stored.game.players) if n]
    lines.append(f"Started {md_escape(stored.created)}" + (f"; {', '.join(named)}" if named else "") + ".")
    lines.append("")
    lines.append(f"| {_label(stored, we, 'We')} | {_label(stored, we.other, 'They')} |")
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
    lines.append(headline(st, we))
    return "\n".join(lines) + "\n"


def to_markdown(games: Sequence[StoredGame]) -> str:
    """Every game's pad, separated by a blank line."""
    return "\n".join(game_markdown(g) for g in games)


def export(games: Sequence[StoredGame], fmt: str) -> str:
    """``games`` in ``fmt`` (one of ``FORMATS``); raises ExportError for a game that cannot be replayed."""
    writer = {"json": to_json, "csv": to_csv, "md": to_markdown}.get(fmt)
    if writer is None:
        raise ValueError(f"unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}")
    return writer(games)
