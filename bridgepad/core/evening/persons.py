"""Players as persons: the names of a lifetime of games, and the names said to be one person.

A name is a person whatever its letter case and spaces ("Ann", "ann" and "Ann " are one
player: ``people.person_key``). Beyond that, only the players know that "Anne" and "Ann"
are one person: ``bridgepad players merge "Anne" "Ann"`` says so, and ``Merges`` holds what
was said (kept in ``people.json``, ``bridgepad.store.people_file``; no game file is
rewritten). ``Merges.apply`` gives the games as the statistics and the tally then count
them: each merged name replaced by the person's, so that every rule of the tally (one
person, one row) holds as if the games had been entered with one spelling.

Pure: no I/O, no user interface.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.readers.people import person_key


class MergeRefused(ValueError):
    """A merge or unmerge that cannot be made: the message says why, in a sentence."""


@dataclass(frozen=True, slots=True)
class Merges:
    """Names said to be one person: each merged name's key and the key of the person it is
    (``into``), and how each is spelled (``names``, by key: a person is shown by theirs).
    Never a chain: a person is never merged into another (``merge`` keeps it so)."""

    into: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]]) -> Merges:
        """Each (merged name, the person's name), as ``people.json`` keeps them; a name merged
        into a name that is itself merged goes to the person at the end of the chain, and a
        chain that comes back to its start is left out (ValueError names it)."""
        direct = {person_key(a): person_key(b) for a, b in pairs}
        names = {person_key(n): " ".join(n.split()) for pair in pairs for n in pair}
        into: dict[str, str] = {}
        for k, first in direct.items():
            seen, p = {k}, first
            while p in direct:
                if p in seen:
                    raise ValueError(f"{names[k]} is merged into itself, through {names[p]}")
                seen.add(p)
                p = direct[p]
            into[k] = p
        return cls(into, names)

    def key(self, name: str) -> str:
        """The key of the person ``name`` stands for."""
        k = person_key(name)
        return self.into.get(k, k)

    def merged_into(self, person: str) -> list[str]:
        """The keys merged into the person whose key is ``person``, in order."""
        return sorted(k for k, p in self.into.items() if p == person)

    def apply(self, games: Sequence[GameSummary]) -> Sequence[GameSummary]:
        """``games`` with every merged name replaced by its person's name (the same list when
        nothing is merged, so that a folder without merges costs nothing)."""
        if not self.into:
            return games
        rename = functools.lru_cache(maxsize=4096)(self._rename)
        out = []
        for g in games:
            players = rename(g.players)
            waiting = rename(g.sitting_out) if g.sitting_out else g.sitting_out
            pairs = tuple(
                dataclasses.replace(p, names=(n[0], n[1])) if (n := rename(p.names)) is not p.names else p for p in g.pairs
            )
            if players is g.players and waiting is g.sitting_out and all(a is b for a, b in zip(pairs, g.pairs)):
                out.append(g)
            else:
                four = (players[0], players[1], players[2], players[3])
                out.append(dataclasses.replace(g, players=four, sitting_out=waiting, pairs=pairs))
        return out

    def _rename(self, names: tuple[str, ...]) -> tuple[str, ...]:
        keys = [person_key(n) for n in names]
        if not any(k in self.into for k in keys):
            return names
        return tuple(self.names[self.into[k]] if k in self.into else n for n, k in zip(names, keys))

    def to_json(self) -> dict[str, str]:
        """Each merged name and the name of the person it is, as spelled: what ``people.json`` keeps."""
        return {self.names[k]: self.names[p] for k, p in sorted(self.into.items())}

    def spelled(self, keys: Iterable[str]) -> list[str]:
        return [self.names.get(k, k) for k in keys]


@dataclass(frozen=True, slots=True)
class Person:
    """One person of the history: the name shown, every spelling their games have, the games."""

    name: str
    key: str
    games: int  # games of the history they sat in, finished or not
    spellings: tuple[str, ...]  # as the games have them, the name shown first
    merged: tuple[str, ...] = ()  # the names merged into this person, as shown
    first: datetime | None = None  # their first game's start
    last: datetime | None = None  # their last game's start


@dataclass(slots=True)
class _Seen:
    name: str
    games: int = 0
    spellings: dict[str, None] = field(default_factory=dict)
    first: datetime | None = None
    last: datetime | None = None


def _oldest_first(g: GameSummary) -> tuple[bool, float, str]:
    return (g.timestamp is None, g.timestamp or 0.0, g.id)


def played(g: GameSummary) -> tuple[str, ...]:
    """Everyone who played ``g``: its four seats, and every pair's two of a game counted by pairs."""
    return (*g.players, *(n for p in g.pairs for n in p.names))


def spellings(games: Iterable[GameSummary]) -> dict[str, _Seen]:
    """Every name of ``games`` by its key, oldest game first: the first spelling is the one shown."""
    seen: dict[str, _Seen] = {}
    for g in sorted(games, key=_oldest_first):
        for name in {" ".join(n.split()) for n in played(g)} - {""}:
            s = seen.get(k := person_key(name))
            if s is None:
                s = seen[k] = _Seen(name)
            s.games += 1
            s.spellings.setdefault(name)
            if g.created is not None:
                s.first = s.first or g.created
                s.last = g.created
    return seen


def persons(games: Iterable[GameSummary], merges: Merges) -> list[Person]:
    """The persons of ``games``, by name: each name's games counted under the person it is."""
    seen = spellings(games)
    out: dict[str, Person] = {}
    for key, s in seen.items():
        person = merges.into.get(key, key)
        had = out.get(person)
        name = merges.names.get(person) or (seen[person].name if person in seen else s.name)
        firsts = [d for d in (had.first if had else None, s.first) if d is not None]
        lasts = [d for d in (had.last if had else None, s.last) if d is not None]
        out[person] = Person(
            name=name,
            key=person,
            games=(had.games if had else 0) + s.games,
            spellings=tuple(dict.fromkeys([name, *(had.spellings if had else ()), *s.spellings])),
            merged=tuple(seen[k].name if k in seen else merges.names.get(k, k) for k in merges.merged_into(person)),
            first=min(firsts) if firsts else None,
            last=max(lasts) if lasts else None,
        )
    return sorted(out.values(), key=lambda p: (p.name.casefold(), p.name))


def nearest(name: str, known: Iterable[Person], at_most: int = 3) -> list[str]:
    """The names of ``known`` nearest to ``name`` as typed, the nearest first: for a name
    that is nobody ("did you mean Ann or Anne?")."""
    by_key: dict[str, str] = {}
    for p in known:
        for spelling in (p.name, *p.spellings, *p.merged):
            by_key.setdefault(person_key(spelling), p.name)
    close = difflib.get_close_matches(person_key(name), list(by_key), n=at_most * 3, cutoff=0.6)
    return list(dict.fromkeys(by_key[k] for k in close))[:at_most]


def one_of(names: Sequence[str]) -> str:
    """``Ann``, ``Ann or Anne``, ``Ann, Anne or Annie``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def no_player(name: str, known: Sequence[Person]) -> str:
    """The sentence for a name that is nobody in the history: the nearest names, or who there is."""
    shown = " ".join(name.split())
    near = nearest(name, known)
    if near:
        return f"No player '{shown}'; did you mean {one_of(near)}?"
    if not known:
        return f"No player '{shown}': the history has no named players yet."
    few = [p.name for p in known[:6]]
    if len(known) > len(few):
        return f"No player '{shown}'; the players are {', '.join(few)} and {len(known) - len(few)} more."
    return (
        f"No player '{shown}'; the players are {', '.join(few[:-1])} and {few[-1]}."
        if len(few) > 1
        else (f"No player '{shown}'; the one player is {few[0]}.")
    )


def find(name: str, known: Sequence[Person], merges: Merges) -> Person:
    """The person ``name`` stands for; MergeRefused (``no_player``'s sentence) if nobody."""
    key = merges.key(name)
    for p in known:
        if p.key == key:
            return p
    raise MergeRefused(no_player(name, known))


def _sat_together(games: Iterable[GameSummary], a: set[str], b: set[str]) -> GameSummary | None:
    for g in games:
        keys = {person_key(n) for n in played(g)} | {person_key(n) for n in g.sitting_out}
        if keys & a and keys & b:
            return g
    return None


def merge(merges: Merges, person: str, other: str, games: Sequence[GameSummary]) -> Merges:
    """``other`` (and every name merged into it) said to be ``person``: shown by ``person``'s name.

    Refused, in a sentence: a name merged with itself (or with a name already the same
    person), a name that no game has, and two names that sat in one game (one person
    cannot hold two seats, nor play and wait at once).
    """
    known = persons(games, merges)
    if person_key(person) == person_key(other):
        raise MergeRefused(
            f"'{' '.join(person.split())}' and '{' '.join(other.split())}' are one name already: "
            "names are matched whatever their letter case and spaces."
        )
    keep, gone = find(person, known, merges), find(other, known, merges)
    if keep.key == gone.key:
        raise MergeRefused(f"{' '.join(other.split())} is {keep.name} already.")
    keys_keep = {keep.key, *merges.merged_into(keep.key)}
    keys_gone = {gone.key, *merges.merged_into(gone.key)}
    together = _sat_together(sorted(games, key=_oldest_first), keys_keep, keys_gone)
    if together is not None:
        when = f" on {together.created.date().isoformat()}" if together.created is not None else ""
        raise MergeRefused(
            f"{keep.name} and {gone.name} are two people: they played in one game{when} ({together.id}), "
            "and one person has one seat."
        )
    into = dict(merges.into)
    for k in keys_gone:
        into[k] = keep.key
    names = dict(merges.names)
    names[gone.key] = gone.name
    names[keep.key] = keep.name
    return Merges(into, {k: n for k, n in names.items() if k in into or k in into.values()})


def unmerge(merges: Merges, name: str) -> tuple[Merges, str]:
    """``name`` a person of its own again; also the person it had been merged into (their name).

    Refused for a name that was never merged, and for a person others were merged into
    (the names merged into it are unmerged one by one, by their own names).
    """
    key = person_key(name)
    shown = " ".join(name.split())
    person = merges.into.get(key)
    if person is None:
        inside = merges.spelled(merges.merged_into(key))
        if inside:
            raise MergeRefused(
                f"{merges.names.get(key, shown)} is the person other names were merged into; "
                f"unmerge those by their own names ({one_of(inside)})."
            )
        raise MergeRefused(f"'{shown}' was not merged into another player; nothing to unmerge.")
    into = {k: p for k, p in merges.into.items() if k != key}
    names = {k: n for k, n in merges.names.items() if k in into or k in into.values()}
    return Merges(into, names), merges.names.get(person, person)
