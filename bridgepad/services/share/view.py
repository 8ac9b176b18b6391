"""What a phone shows of the game on the pad: the pad's own words and figures, as plain JSON.

Every figure comes from the game's one derived record (``core.records.record``) and the
core's words for it (``core.words``), as the pad draws them: the We/They pad with its
line and its games, the state of play (who deals, who is vulnerable, what each side
needs for game), the hands with what each wrote, and, once the game is over, tonight's
tally with who pays whom; a game of several tables, each table's progress, the ranking and
the travellers (``several_view``). ``figures`` is exactly what ``bridgepad export --format json``
gives for the game. The page writes each string as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.evening.tally import Tally, notes
from bridgepad.core.evening.tally_view import settled
from bridgepad.core.model import Side, Strain
from bridgepad.core.records.record import GameRecord
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.duplicate import comparison_figure, imps_figure
from bridgepad.core.rules.game import Entry, GameState, HandOutcome, SessionState
from bridgepad.core.rules.kinds import kind_of
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.board_table import board_table
from bridgepad.core.words.board_words import board_lines
from bridgepad.core.words.labels import (
    partnership,
    seat_label,
    side_heading,
    tally_name,
)
from bridgepad.core.words.pad import PadLayout, PadRow, layout
from bridgepad.core.words.summary import (
    duplicate_standing,
    entry_text,
    lead_text,
    need_text,
    outcome_lines,
    shuffler,
)
from bridgepad.services.formats.json_format import figures_json
from bridgepad.services.formats.several_tables import tables_state

RED_SUITS = (Strain.H, Strain.D)


def page_state(r: GameRecord, number: int, evening: Tally | None = None) -> dict[str, Any]:
    """The game on the pad as the phone's page draws it; ``number`` is its place in the
    evening (``Rubber 2``), ``evening`` tonight's tally, shown once the game is over."""
    state = r.state
    we = r.we
    out: dict[str, Any] = {
        "id": r.id,
        "updated": r.updated,
        "mode": r.mode.value,
        "title": r.rules.game_title(number),
        "over": state.over,
        "headline": r.headline,
        "sides": [_side(r, we), _side(r, we.other)],
        "play": _play(state, we),
        "hand_columns": _hand_columns(state),
        "hands": [_hand(h, state, line.board) for h, line in zip(state.hands, r.hand_lines)],
        "figures": figures_json(r),
        **_PAGES[kind_of(r.game).name](r),
        "tally": tally_view(evening) if state.over and evening is not None else None,
    }
    return out


def _pad_game_page(r: GameRecord) -> dict[str, Any]:
    """The pad's game's own part of the page: its table of boards (duplicate), or its pad and
    the bonuses that belong to no hand."""
    state, we = r.state, r.we
    if state.session is not None:
        return {"boards": _boards(state.session, r.solved)}
    return {
        "pad": _pad(layout(state, we), state),
        "bonuses": [{"text": entry_text(e, we), "we": _points_of(e, we), "they": _points_of(e, we.other)} for e in state.bonuses],
    }


def _tables_page(r: GameRecord) -> dict[str, Any]:
    """The evening of several tables' own part of the page: each table's progress, the ranking, the travellers."""
    from bridgepad.services.share.several_tables.tables_page import several_page  # loaded with the first game of this kind

    return {"several": several_page(tables_state(r))}


# Each kind's own part of the page, by the kind's name (``GameKind.name``), as the formats keep
# theirs (``formats.kinds``): the page asks the game's kind, not which kind it is.
_PAGES: dict[str, Callable[[GameRecord], dict[str, Any]]] = {"pad": _pad_game_page, "tables": _tables_page}


def _side(r: GameRecord, side: Side) -> dict[str, str]:
    return {"heading": side_heading(side, r.we), "names": partnership(r, side)}


def _play(state: GameState, we: Side) -> dict[str, Any]:
    """The status line's parts: where the game is, who deals next, who is vulnerable, what is needed."""
    game = state.game
    if state.over:
        nxt = state.rules.word
        return {"next": f"The next {nxt}: {seat_label(game, state.next_first_dealer)} deals."}
    if state.session is not None:
        where = state.rules.deal_label(state.next_deal)
        standing = duplicate_standing(state)
        return {
            "where": where + (f" · {standing}" if standing else ""),
            "dealer": f"{seat_label(game, state.next_dealer)} deals",
            "vulnerable": state.rules.vulnerability_words(state.next_vulnerable, we),
            "vulnerable_sides": sorted(s.value for s in state.next_vulnerable),
            "need": "",
        }
    games = f"Games We {state.games[we]}–{state.games[we.other]} They"
    return {
        "where": f"{state.rules.deal_label(state.next_deal)} · {games} · {lead_text(state, we)}",
        "dealer": f"{seat_label(game, state.next_dealer)} deals · {seat_label(game, shuffler(state.next_dealer))} shuffles",
        "vulnerable": state.rules.vulnerability_words(state.next_vulnerable, we),
        "vulnerable_sides": sorted(s.value for s in state.next_vulnerable),
        "need": need_text(state),
    }


def _cell(entry: Entry | None) -> str:
    return f"{entry.points:,}" if entry else ""


def _row(row: PadRow) -> list[str]:
    return [_cell(row.we), _cell(row.they)]


def _pad(pad: PadLayout, state: GameState) -> dict[str, Any]:
    """The pad as the app draws it: above the line (the newest premium highest), below it
    one block per game with a rule under each finished one, and the totals."""
    return {
        "above": [_row(row) for row in pad.above],
        "below": [[_row(row) for row in block] for block in pad.below],
        "closed": pad.closed,
        "totals": [f"{pad.totals[0]:,}", f"{pad.totals[1]:,}"],
        "games": [state.games[pad.we], state.games[pad.they]],
    }


def _points_of(e: Entry, side: Side) -> str:
    return f"{e.points:,}" if e.side is side and e.points else ""


def _points(n: int) -> str:
    return f"{n:,}" if n else ""


def _hand_columns(state: GameState) -> list[str]:
    """The hand list's headings, as the app's hand list has them."""
    cols = [state.rules.deal_column, "Dlr", "Contract", "By", "Res"]
    if state.session is not None:
        mp = state.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
        return [*cols, "N-S", "MP %" if mp else "IMPs"]
    return [*cols, "We", "They"]


def _hand(h: HandOutcome, state: GameState, board: BoardFacts | None = None) -> dict[str, Any]:
    game = state.game
    we = game.settings.we
    c = h.hand.contract
    cells = [
        state.rules.deal_cell(h.number, h.deal),
        h.dealer.value,
        c.pretty if c is not None else game.settings.pass_word.value,
        seat_label(game, h.hand.declarer) if h.hand.declarer else "",
        h.result,
    ]
    if state.session is not None:
        cells += [f"{h.ns_score:+,}" if h.ns_score else "0", _comparison(h, game.settings.duplicate_scoring)]
    else:
        cells += [_points(h.points(we)), _points(h.points(we.other))]
    explain = outcome_lines(h, state, we)
    if board is not None:  # the board's cards, par, double dummy and the club's field
        explain += board_lines(board, c, h.hand.declarer, h.tricks, game.settings.duplicate_scoring)
    return {
        "cells": cells,
        "red": c is not None and c.strain in RED_SUITS,
        "explain": explain,
    }


def _comparison(h: HandOutcome, scoring: DuplicateScoring) -> str:
    return comparison_figure(h.comparison, scoring is DuplicateScoring.MATCHPOINTS)


def _boards(state: SessionState, solved: Solved | None = None) -> dict[str, Any]:
    """The pad of a duplicate session: its table of boards, line by line, as the app draws it."""
    t = board_table(state, solved)
    return {"header": t.header, "rows": list(t.rows), "rule": t.rule, "total": t.total, "vp": t.vp, "field": t.field}


def tally_view(t: Tally) -> dict[str, Any]:
    """Tonight's tally as the tally screen shows it: each player's net, the money, who pays whom."""
    money = t.stake is not None
    return {
        "games": t.games,
        "in_play": t.in_play,
        "money": money,
        "players": [
            {
                "name": tally_name(p.name, p.pair),
                "games": p.games,
                "points": f"{p.points:+,}",
                "money": f"{p.money:+,.2f}" if money and p.money is not None else "",
            }
            for p in t.players
        ],
        "payments": [pay.text for pay in t.payments],
        "settled": settled(t),  # the sentence the screen and the command line say when nobody pays
        "duplicate": [
            {
                "name": tally_name(d.name, d.pair),
                "sessions": d.sessions,
                "imps": imps_figure(d.imps) if d.imps is not None else "",
                "pct": f"{d.percent:.2f}%" if d.percent is not None else "",
            }
            for d in t.duplicate
        ],
        "notes": notes(t),
    }
