"""What the statistics say, written once for the statistics screen and ``bridgepad stats``:
the tables (each column with the place it keeps on a narrow screen), the words of the span,
the sentence for a span without games, and the CSV and Markdown forms.

Each renderer lays the tables out in its own way (a DataTable on the screen, padded lines on
the command line); neither writes a figure or a sentence of its own.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from bridgepad.core.evening.stats import PlayerStats, Span, Stats, partnership_json
from bridgepad.core.evening.tally import PartnershipTally
from bridgepad.core.evening.tally_view import NAME_WIDTH, stake_words
from bridgepad.core.evening.windows import aware
from bridgepad.core.rules.duplicate import imps_figure
from bridgepad.core.rules.game import Mode


@dataclass(frozen=True, slots=True)
class Column:
    """A column of figures. ``keep``: the lower, the longer it stays in a table's first part
    as the screen narrows; ``signed`` ones are coloured by the row's net (won or lost)."""

    title: str
    width: int
    keep: int = 0
    signed: bool = False


@dataclass(frozen=True, slots=True)
class Row:
    name: str
    cells: tuple[str, ...]
    net: int = 0  # above 0 won, below lost: the colour of the signed cells


@dataclass(frozen=True, slots=True)
class Table:
    """One table of the statistics: its title, the names' column, the figures' columns, the
    rows, and a sentence that says what its columns mean."""

    name: str  # its id: "players", "declarer", "defender", "partnerships", "duplicate"
    title: str
    heading: str
    name_width: int
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    note: str = ""

    def width(self, padding: int = 2) -> int:
        """Cells it takes, each column padded by ``padding``."""
        return self._width(padding, range(len(self.columns)))

    def parts(self, room: int, padding: int = 2) -> tuple[Table, ...]:
        """This table in as many parts as it takes for each to fit in ``room`` cells, every
        figure in one of them: the first has the columns that matter most (those of the
        highest ``keep`` leave it first), the others the columns left, in their order, each
        part with the names again."""
        kept = self._kept(room, padding)
        out = [self._only(kept)] if kept else []
        chunk: list[int] = []
        for i in range(len(self.columns)):
            if i in kept:
                continue
            if chunk and self._width(padding, [*chunk, i]) > room:
                out.append(self._only(chunk))
                chunk = []
            chunk.append(i)
        if chunk:
            out.append(self._only(chunk))
        return tuple(out)

    def _width(self, padding: int, columns: Iterable[int]) -> int:
        return self.name_width + padding + sum(self.columns[i].width + padding for i in columns)

    def _kept(self, room: int, padding: int) -> list[int]:
        """The columns that fit in ``room``: those of the highest ``keep`` leave first."""
        kept = list(range(len(self.columns)))
        while kept and self._width(padding, kept) > room:
            kept.remove(max(kept, key=lambda i: (self.columns[i].keep, i)))
        return kept

    def _only(self, kept: list[int]) -> Table:
        """This table with only the columns ``kept`` (by index, in their order)."""
        if len(kept) == len(self.columns):
            return self
        return replace(
            self,
            columns=tuple(self.columns[i] for i in kept),
            rows=tuple(replace(r, cells=tuple(r.cells[i] for i in kept)) for r in self.rows),
        )


def _count(n: int) -> str:
    return f"{n:,}"


def whole_percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` in whole percent, ``63%`` for 5 of 8 (half away from zero, from the
    counts, never from a percentage rounded before); empty of nothing."""
    if whole <= 0:
        return ""
    return f"{(Decimal(100 * part) / whole).quantize(Decimal(1), rounding=ROUND_HALF_UP)}%"


def _signed(n: int) -> str:
    return f"{n:+,}"


def _of(made: int, bid: int) -> str:
    """``bid/made``: ``12/9``; empty when none was bid."""
    return f"{bid:,}/{made:,}" if bid else ""


# A share of nothing (no contract doubled): said, not left blank, beside the shares of the other rows.
NO_SHARE = "—"


def _count_share(part: int, whole: int) -> str:
    """``1  20%``: the share padded to the width of ``100%``, so that in a column right-aligned
    the counts and the shares each line up from row to row (``0 0%`` over ``1 20%`` did not)."""
    return f"{part:,} {whole_percent(part, whole):>4}"


def _made_down(made: int, down: int) -> str:
    return f"{made:,}/{down:,}" if made or down else ""


def _table(
    name: str,
    title: str,
    heading: str,
    titles: Sequence[tuple[str, int, bool]],
    lines: Sequence[tuple[str, Sequence[str], int]],
    note: str = "",
) -> Table:
    """A table whose columns are as wide as their title or their widest cell; a column with
    nothing in it (no redoubled contract, no pairs game in the span) is left out."""
    columns = tuple(
        Column(t, max([len(t), *(len(cells[i]) for _, cells, _ in lines)]), keep, signed)
        for i, (t, keep, signed) in enumerate(titles)
    )
    width = min(NAME_WIDTH, max([len(heading), 9, *(len(n) for n, _, _ in lines)]))
    rows = tuple(Row(n, tuple(cells), net) for n, cells, net in lines)
    table = Table(name, title, heading, width, columns, rows, note)
    return table._only([i for i in range(len(titles)) if any(cells[i] for _, cells, _ in lines)])


def players_table(s: Stats) -> Table:
    """Each player's results over the money games: evenings, games won, rubbers, net, money."""
    titles = [
        ("Evenings", 6, False),
        ("Games", 1, False),
        ("Won", 2, False),
        ("Rubbers", 5, False),
        ("Net", 0, True),
        ("Money", 3, True),  # left out without a stake: every cell empty
        ("A game", 4, True),
        ("Best evening", 7, False),
        ("Worst evening", 8, False),
    ]
    lines = []
    for p in s.players:
        if not p.games:
            continue
        cells = [
            _count(p.evenings),
            _count(p.games),
            f"{p.won:,} {whole_percent(p.won, p.games)}",
            f"{p.rubbers_won:,}/{p.rubbers:,}" if p.rubbers else "",
            _signed(p.points),
            "" if p.money is None else f"{p.money:+,.2f}",
            "" if p.average is None else _signed(int(p.average)),
            "" if p.best is None else f"{_signed(p.best.points)} {p.best.day}",
            "" if p.worst is None else f"{_signed(p.worst.points)} {p.worst.day}",
        ]
        lines.append((p.name, cells, p.points))
    note = (
        "Won: the games their side ended ahead."
        + (" Rubbers: won/played." if any(p.rubbers for p in s.players) else "")
        + " A game: the net a rubber or Chicago. Best and worst evening: their net over one evening, and the day it began."
    )
    return _table("players", "Players", "Player", titles, lines, note)


def declarer_table(s: Stats) -> Table:
    titles = [
        ("Played", 0, False),
        ("Made", 1, False),
        ("Down", 5, False),
        ("Part", 4, False),
        ("Game", 2, False),
        ("Slam", 3, False),
        ("Grand", 3, False),
        ("Doubled", 6, False),
        ("Redoubled", 8, False),
        ("Tricks", 7, False),
    ]
    lines = []
    for p in s.players:
        d = p.declarer
        if not d.played:
            continue
        tricks = d.tricks
        cells = [
            _count(d.played),
            f"{d.made:,} {whole_percent(d.made, d.played)}",
            f"{d.down:,} {whole_percent(d.down, d.played)}",
            _of(d.part_made, d.part_bid),
            _of(d.game_made, d.game_bid),
            _of(d.small_made, d.small_bid),
            _of(d.grand_made, d.grand_bid),
            _made_down(d.doubled_made, d.doubled_down),
            _made_down(d.redoubled_made, d.redoubled_down),
            "" if tricks is None else f"{tricks:+.2f}",
        ]
        lines.append((p.name, cells, 0))
    note = (
        "Part, Game, Slam (six), Grand (seven): bid/made, by the contract bid. Doubled (and redoubled), "
        "Redoubled: made/down. Tricks: the average over (+) or under (-) the contract." + _pairs_note(s)
    )
    return _table("declarer", "As declarer", "Declarer", titles, lines, note)


def defender_table(s: Stats) -> Table:
    titles = [("Defended", 0, False), ("Set", 1, False), ("Doubled", 2, False), ("Doubles set", 3, False)]
    lines = []
    for p in s.players:
        d = p.defender
        if not d.defended:
            continue
        doubles = _count_share(d.doubles_set, d.doubled) if d.doubled else NO_SHARE
        cells = [_count(d.defended), _count_share(d.set, d.defended), _count(d.doubled), doubles]
        lines.append((p.name, cells, 0))
    note = (
        "Set: the contracts they defended that went down. Doubled: doubled or redoubled; Doubles set: of those, down."
        + _pairs_note(s)
    )
    return _table("defender", "As defender", "Defender", titles, lines, note)


def _pairs_note(s: Stats) -> str:
    """What a game counted by pairs gives the contracts' tables, when the span holds one."""
    if not s.pair_games:
        return ""
    games = "a game" if s.pair_games == 1 else f"{s.pair_games:,} games"
    return (
        f" At several tables ({games}) a result names the pair that declared, not which of the two: "
        "each contract is counted as defended by both of the pair against it, and as declared by neither."
    )


def pair_name(p: PartnershipTally) -> str:
    return f"{p.names[0]} & {p.names[1]}"


def partnerships_table(s: Stats) -> Table:
    rubbers = any(p.rubbers for p in s.partnerships)
    titles = [
        ("Games", 1, False),
        ("Won", 2, False),
        ("Rubbers", 6, False),
        ("Net", 0, True),
        ("Sessions", 4, False),
        ("IMPs", 3, False),
        ("Matchpoints", 5, False),
    ]
    lines = []
    for p in s.partnerships:
        cells = [
            _count(p.games) if p.games else "",
            f"{p.won:,} {whole_percent(p.won, p.games)}" if p.games else "",
            f"{p.rubbers_won:,}/{p.rubbers:,}" if p.rubbers else "",
            _signed(p.points) if p.games else "",
            _count(p.sessions) if p.sessions else "",
            "" if p.imps is None else imps_figure(p.imps),
            "" if p.percent is None else f"{p.percent:.2f}% ({p.boards} bd)",
        ]
        lines.append((pair_name(p), cells, p.points))
    note = "Two players who sat together: their games, those they won, and their net together." + (
        " Rubbers: won/played." if rubbers else ""
    )
    return _table("partnerships", "Partnerships", "Partners", titles, lines, note)


def duplicate_table(s: Stats) -> Table:
    titles = [("Sessions", 0, False), ("IMPs", 1, False), ("Matchpoints", 2, False)]
    lines = []
    for p in s.players:
        d = p.duplicate
        if d is None:
            continue
        lines.append((p.name, [_count(d.sessions), "" if d.imps is None else imps_figure(d.imps), d.percent_text], 0))
    note = "Duplicate sessions, not for money: IMPs over the team matches, the percentage over the pairs games."
    return _table("duplicate", "Duplicate", "Player", titles, lines, note)


def tables(s: Stats) -> tuple[Table, ...]:
    """The tables the statistics have rows for, in the order they are shown."""
    every = (players_table(s), declarer_table(s), defender_table(s), partnerships_table(s), duplicate_table(s))
    return tuple(t for t in every if t.rows)


# The span in words -----------------------------------------------------------------

MODE_WORDS = {Mode.RUBBER: "rubber", Mode.CHICAGO: "Chicago", Mode.DUPLICATE: "duplicate"}


def _day(d: datetime) -> str:
    return aware(d).astimezone().date().isoformat()


def span_words(span: Span) -> str:
    """``in all``, ``since 2026-01-01``, ``from 2026-01-01 to 2026-03-31``, then the modes."""
    since, until = span.since, span.until
    last = None if until is None else _day(until - timedelta(microseconds=1))  # the last day held
    if since is None and until is None:
        words = "in all"
    elif until is None:
        assert since is not None
        words = f"since {_day(since)}"
    elif since is None:
        words = f"up to {last}"
    else:
        words = f"from {_day(since)} to {last}"
    if span.modes is not None:
        kinds = [MODE_WORDS[m] for m in Mode if m in span.modes]
        words += f", {' and '.join(kinds)} only"
    return words


def count_words(s: Stats) -> str:
    """``1,234 games, 12 duplicate``: what the statistics count."""
    words = f"{s.games:,} game{'s' if s.games != 1 else ''}"
    if s.sessions:
        words += f", {s.sessions:,} duplicate"
    return words


def empty_words(s: Stats, player: str | None = None) -> str:
    """The sentence for a span without a counted game (of ``player``, the one person asked for)."""
    extra = f" ({s.tally.in_play:,} still in play)" if s.tally.in_play else ""
    whose = f" of {player}" if player else ""
    return f"No finished games{whose} {span_words(s.span)}{extra}."


def nameless_words(s: Stats) -> str | None:
    """The sentence for games whose seats nobody named (None when someone is): the statistics
    follow people by name, so such games count in the tally, by side, and here for nobody."""
    if s.empty or s.players or s.partnerships:
        return None
    return (
        f"The games counted ({count_words(s)} {span_words(s.span)}) have no players' names at their "
        "seats: the statistics follow players by name, so give the seats' names when a game starts "
        "(n, the new-game dialog)."
    )


def said_words(s: Stats, player: str | None = None) -> str | None:
    """The one sentence the statistics say above their tables, if any: no games, or nobody named."""
    return empty_words(s, player) if s.empty else nameless_words(s)


def heading(s: Stats) -> str:
    """The line above the tables: what they count, and how the money is worked out."""
    rounding = f"each margin rounded to {s.tally.round_to:,}" if s.tally.round_to is not None else "exact margins"
    return f"{count_words(s)} {span_words(s.span)}; {rounding}, {stake_words(s.tally.stake)}."


# Other programs' forms ---------------------------------------------------------------


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested figures as one level: ``{"declarer": {"played": 3}}`` is ``{"declarer.played": 3}``."""
    out: dict[str, Any] = {}
    for k, v in data.items():
        if isinstance(v, dict):
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, list):
        return " & ".join(str(x) for x in v)
    return str(v)


def to_csv(s: Stats, safe: Callable[[str], str] = str) -> str:
    """One row a player (``kind`` player), then one a partnership (``kind`` partnership): the
    JSON's figures as columns (``declarer.played``, ``best_evening.net``). ``safe`` guards a
    cell a spreadsheet would take for a formula."""
    rows: list[dict[str, Any]] = []
    for p in s.players:
        rows.append({"kind": "player", "name": p.name, **_flatten(p.to_json())})
    for q in s.partnerships:
        data = partnership_json(q)
        rows.append({"kind": "partnership", "name": pair_name(q), **_flatten(data)})
    header: list[str] = []
    for r in rows:
        header += [k for k in r if k not in header]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([safe(_cell(r.get(k))) if k in ("name", "players") else _cell(r.get(k)) for k in header])
    return buf.getvalue()


def to_markdown(s: Stats) -> str:
    """The tables as Markdown, each under its title, figures to the right."""
    out = [f"**Statistics** {heading(s)}", ""]
    for t in tables(s):
        out += [f"**{t.title}**", ""]
        out.append("| " + " | ".join([t.heading, *(c.title for c in t.columns)]) + " |")
        out.append("|---|" + "".join("---:|" for _ in t.columns))
        for r in t.rows:
            out.append("| " + " | ".join([_md(r.name), *(_md(c) for c in r.cells)]) + " |")
        out += ["", t.note, ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _md(text: str) -> str:
    """A cell's text as Markdown shows it literally (a name may hold ``|`` or ``*``)."""
    return "".join("\\" + ch if ch in "\\|*_`[]<>#" else ch for ch in text)


def player_names(players: Sequence[PlayerStats]) -> list[str]:
    return [p.name for p in players]
