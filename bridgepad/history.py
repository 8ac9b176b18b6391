"""The history of games, listed from a small summary index instead of every game file.

``index.json`` sits in the data folder next to ``games/``. It holds one summary per
game together with the game file's ``(st_mtime_ns, st_size, st_ino)`` when it was
read. ``History.summaries()`` lists the games folder (``os.scandir``), reuses every
summary whose file is unchanged, reads only the files that are new or changed, drops
the entries whose file has gone, and writes the index back (atomically) only when
something changed. An index that is missing, unreadable or of another schema is
rebuilt from the games.

A game file that cannot be read is set aside by ``Store.load`` (renamed
``<id>.json.corrupt-<time>``) and reported in ``History.problems``. A file that reads
but cannot be replayed is left where it is, reported, and remembered in the index so
that it is not read again until it changes.

No textual or rich here: the command line and the screens both use it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bridgepad.core.game import GameState, Mode, Status, derive
from bridgepad.core.model import Side
from bridgepad.core.serialize import SCHEMA as GAME_SCHEMA
from bridgepad.core.summary import headline
from bridgepad.core.tally import GameResult, parse_time
from bridgepad.store import Store, StoredGame, UnreadableGame, atomic_write

INDEX_NAME = "index.json"
# Bumped whenever a summary's content or the scoring that produces it changes: an
# index of another schema is rebuilt from the games.
INDEX_SCHEMA = f"1/{GAME_SCHEMA}"

_STATUSES = {s.value: s for s in Status}
_MODES = {m.value: m for m in Mode}
_SIDES = {s.value: s for s in Side}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the history shows of one game, without reading the game file.

    Pairs of figures are (N-S, E-W). ``margin`` is N-S total less E-W total.
    ``started`` is ``created`` parsed (timezone-aware; None if unreadable).
    """

    id: str
    created: str  # ISO time from the file
    updated: str
    mode: Mode
    players: tuple[str, str, str, str]  # by seat N, E, S, W; "" for no name
    games: tuple[int, int]  # games won: N-S, E-W
    totals: tuple[int, int]  # N-S total, E-W total
    margin: int
    status: Status
    complete: bool
    hands: int
    we: Side  # the side the pad writes as We (settings.we)
    headline: str  # bridgepad.core.summary.headline, from We's point of view
    started: datetime | None = None

    def total(self, side: Side) -> int:
        return self.totals[0] if side is Side.NS else self.totals[1]

    def games_won(self, side: Side) -> int:
        return self.games[0] if side is Side.NS else self.games[1]

    @property
    def over(self) -> bool:
        return self.status.over

    def result(self) -> GameResult:
        """The game as the tally takes it."""
        return GameResult(self.players, self.totals[0], self.totals[1], self.status, self.started, self.id)

    # The index's form -----------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "created": self.created,
            "updated": self.updated,
            "mode": self.mode.value,
            "players": list(self.players),
            "games": list(self.games),
            "totals": list(self.totals),
            "margin": self.margin,
            "status": self.status.value,
            "complete": self.complete,
            "hands": self.hands,
            "we": self.we.value,
            "headline": self.headline,
        }

    @classmethod
    def from_json(cls, game_id: str, d: Any) -> GameSummary:
        """Reads an index entry; raises ValueError (or KeyError/TypeError) if it is not one."""
        players = d["players"]
        games = d["games"]
        totals = d["totals"]
        created = d["created"]
        if not (
            isinstance(created, str)
            and isinstance(d["updated"], str)
            and isinstance(d["headline"], str)
            and type(players) is list
            and len(players) == 4
            and all(type(p) is str for p in players)
            and type(games) is list
            and len(games) == 2
            and all(type(g) is int for g in games)
            and type(totals) is list
            and len(totals) == 2
            and all(type(t) is int for t in totals)
            and type(d["margin"]) is int
            and type(d["hands"]) is int
            and type(d["complete"]) is bool
        ):
            raise ValueError("not a summary")
        return cls(
            id=game_id,
            created=created,
            updated=d["updated"],
            mode=_MODES[d["mode"]],
            players=(players[0], players[1], players[2], players[3]),
            games=(games[0], games[1]),
            totals=(totals[0], totals[1]),
            margin=d["margin"],
            status=_STATUSES[d["status"]],
            complete=d["complete"],
            hands=d["hands"],
            we=_SIDES[d["we"]],
            headline=d["headline"],
            started=parse_time(created),
        )

    @classmethod
    def of(cls, stored: StoredGame, state: GameState | None = None) -> GameSummary:
        """The summary of a game read from its file (``state``: its derived state, if at hand)."""
        st = state if state is not None else derive(stored.game)
        we = stored.game.settings.we
        return cls(
            id=stored.id,
            created=stored.created,
            updated=stored.updated,
            mode=stored.game.mode,
            players=stored.game.players,
            games=(st.games[Side.NS], st.games[Side.EW]),
            totals=(st.total(Side.NS), st.total(Side.EW)),
            margin=st.margin,
            status=st.status,
            complete=st.complete,
            hands=len(st.hands),
            we=we,
            headline=headline(st, we),
            started=parse_time(stored.created),
        )


@dataclass(slots=True)
class _Entry:
    stat: tuple[int, int, int]  # st_mtime_ns, st_size, st_ino
    summary: GameSummary | None  # None: the file reads but cannot be replayed
    problem: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"stat": list(self.stat)}
        if self.summary is not None:
            out["summary"] = self.summary.to_json()
        else:
            out["problem"] = self.problem
        return out


def _stat_key(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _newest_first(s: GameSummary) -> tuple[int, float, str]:
    """Sort key, used in reverse: known start times before unknown ones."""
    if s.started is None:
        return (0, 0.0, s.id)
    return (1, s.started.timestamp(), s.id)


class History:
    """Summaries of every game in a store, kept in ``index.json`` next to ``games/``.

    One instance may be kept and asked again and again: each call rescans the games
    folder (a directory listing and a stat per file), re-reads only what changed, and
    parses ``index.json`` only if another process has rewritten it since.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.index_path = store.root / INDEX_NAME
        self.problems: list[str] = []  # from the last call: files skipped, and why
        self.loads = 0  # game files read by this instance (for the curious and the tests)
        self._entries: dict[str, _Entry] | None = None
        self._index_stat: tuple[int, int, int] | None = None

    def summaries(self) -> list[GameSummary]:
        """Every readable game, newest first (by start time, then by id, both descending).

        Updates ``problems`` with one sentence per game file skipped.
        """
        self.problems = []
        entries, from_disk = self._read_index()
        changed = not from_disk
        seen: dict[str, _Entry] = {}
        try:
            scan = os.scandir(self.store.games_dir)
        except FileNotFoundError:
            scan = None
        except OSError as e:
            self.problems.append(f"Could not list {self.store.games_dir}: {e.strerror or e}.")
            scan = None
        if scan is not None:
            with scan:
                for item in scan:
                    name = item.name
                    if not name.endswith(".json") or name.startswith("."):
                        continue
                    game_id = name[:-5]
                    try:
                        key = _stat_key(item.stat())
                    except OSError:
                        continue  # gone since the listing
                    old = entries.get(game_id)
                    if old is not None and old.stat == key:
                        seen[game_id] = old
                        if old.summary is None:
                            self.problems.append(old.problem)
                        continue
                    entry = self._read_game(game_id)
                    changed = True
                    if entry is not None:
                        seen[game_id] = entry
        if len(seen) != len(entries):
            changed = True
        self._entries = seen
        if changed and (scan is not None or self.index_path.exists()):
            self._write_index(seen)
        out = [e.summary for e in seen.values() if e.summary is not None]
        out.sort(key=_newest_first, reverse=True)
        return out

    def results(self) -> list[GameResult]:
        """Every game as the tally takes it (see ``bridgepad.core.tally``)."""
        return [s.result() for s in self.summaries()]

    # The index file --------------------------------------------------------
    def _read_index(self) -> tuple[dict[str, _Entry], bool]:
        """The entries of index.json, and whether it could be read at all."""
        try:
            key = _stat_key(os.stat(self.index_path))
        except OSError:
            self._index_stat = None
            return {}, False
        if self._entries is not None and key == self._index_stat:
            return self._entries, True
        try:
            data = json.loads(self.index_path.read_bytes())
        except (OSError, ValueError):
            return {}, False
        if not isinstance(data, dict) or data.get("schema") != INDEX_SCHEMA or not isinstance(data.get("games"), dict):
            return {}, False
        entries: dict[str, _Entry] = {}
        for game_id, raw in data["games"].items():
            try:
                stat = raw["stat"]
                if not (type(stat) is list and len(stat) == 3 and all(type(x) is int for x in stat)):
                    continue
                if "summary" in raw:
                    entries[game_id] = _Entry((stat[0], stat[1], stat[2]), GameSummary.from_json(game_id, raw["summary"]))
                elif isinstance(raw.get("problem"), str):
                    entries[game_id] = _Entry((stat[0], stat[1], stat[2]), None, raw["problem"])
            except (KeyError, TypeError, ValueError):
                continue  # a damaged entry: that game is simply read again
        self._index_stat = key
        return entries, True

    def _write_index(self, entries: dict[str, _Entry]) -> None:
        data = {"schema": INDEX_SCHEMA, "games": {k: e.to_json() for k, e in sorted(entries.items())}}
        try:
            atomic_write(self.index_path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
            self._index_stat = _stat_key(os.stat(self.index_path))
        except OSError as e:
            self._index_stat = None
            self.problems.append(f"Could not write the history index {self.index_path}: {e.strerror or e}.")

    # One game file ---------------------------------------------------------
    def _read_game(self, game_id: str) -> _Entry | None:
        """Reads one game into an entry; None if it is gone or has been set aside."""
        path = self.store.path(game_id)
        self.loads += 1
        try:
            before = _stat_key(os.stat(path))
            stored = self.store.load(game_id)
        except FileNotFoundError:
            return None
        except UnreadableGame as e:
            self.problems.append(str(e))
            return None
        try:
            summary = GameSummary.of(stored)
        except ValueError as e:
            problem = f"Could not replay {path.name}: {e}; it was left as it is."
            self.problems.append(problem)
            return _Entry(before, None, problem)
        return _Entry(before, summary)
