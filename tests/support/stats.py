"""Random games of every mode for the statistics' tests, and an independent reckoning of
every figure ``bridgepad stats --format json`` gives, from ``bridgepad export --format json``.

``random_games`` plays rubbers (some ended early), Chicagos and duplicate sessions (team
matches and pairs games, with other tables' results) among a few players, some names
typed in another letter case or with a seat left empty, some hands with a revoke, spread
over evenings. ``reckon`` works the statistics out of the export alone, by the rules as
the README states them, with none of bridgepad's statistics or tally code.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from bridgepad.core.model import SEATS, Contract, Doubling, Hand, Revoke, Side, Strain
from bridgepad.core.rules.board_scores import possible_scores
from bridgepad.core.rules.game import Game, Mode, Replayer
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.revoke import check as revoke_problem
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.store.game_store import StoredGame

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay")
LEVELS = (1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 6, 7)
AT_A_TABLE = (1,) * 4 + (2,) * 9 + (3,) * 9 + (4,) * 12 + (5,) * 3 + (6,) * 2 + (7,)  # a slam in 13 contracts


def _name(rnd: random.Random, name: str) -> str:
    """The name as someone typed it: now and then in capitals or small letters."""
    return rnd.choice((name, name, name, name.upper(), name.lower()))


def _hand(rnd: random.Random, at: str, levels: tuple[int, ...] = LEVELS) -> Hand:
    if rnd.random() < 0.06:
        return Hand(at=at)
    level = rnd.choice(levels)
    contract = Contract(level, rnd.choice(tuple(Strain)), rnd.choices(tuple(Doubling), (80, 15, 5))[0])
    tricks = max(0, min(13, contract.tricks_needed + rnd.choice((-3, -2, -1, -1, 0, 0, 0, 1, 1, 2))))
    declarer = rnd.choice(SEATS)
    revoke = None
    if rnd.random() < 0.05:
        candidate = Revoke(rnd.choice((Side.NS, Side.EW)), rnd.randint(0, 3), rnd.random() < 0.3)
        if revoke_problem(candidate, tricks, declarer.side) is None:
            revoke = candidate
    return Hand(contract, declarer, tricks, at=at, revoke=revoke)


def _game(rnd: random.Random, mode: Mode, start: datetime, typos: bool = True, levels: tuple[int, ...] = LEVELS) -> Game:
    people = rnd.sample(NAMES, 4)
    players = tuple(_name(rnd, n) if rnd.random() > 0.06 else "" for n in people)
    if not typos:
        players = tuple(people)
    settings = Settings(duplicate_scoring=rnd.choice(tuple(DuplicateScoring)))
    game = Game(mode=mode, settings=settings, players=(players[0], players[1], players[2], players[3]))
    r = Replayer(game)
    hands: list[Hand] = []
    stop = rnd.randint(1, 8) if mode is Mode.DUPLICATE else rnd.randint(2, 12) if rnd.random() < 0.15 else 60
    while not r.status.over and len(hands) < stop:
        at = (start + timedelta(minutes=6 * len(hands))).isoformat(timespec="seconds")
        hand = _hand(rnd, at, levels)
        if mode is Mode.DUPLICATE and rnd.random() < 0.85:
            own = derive(replace(game, hands=(*hands, hand))).hands[-1].ns_score or 0
            scores = sorted(possible_scores(r.vulnerable))
            hand = replace(hand, others=tuple(rnd.choice((own, 0, *rnd.sample(scores, 2))) for _ in range(rnd.randint(1, 3))))
        r.play(hand)
        hands.append(hand)
    return replace(game, hands=tuple(hands), ended=not r.status.over and rnd.random() < 0.8)


def random_games(
    rnd: random.Random, n: int, start: datetime, typos: bool = True, levels: tuple[int, ...] = LEVELS
) -> list[StoredGame]:
    """``n`` games of every mode, from ``start`` on: several an evening, evenings days apart.
    ``typos``: some names typed in other letter cases, some seats left without one (else every
    seat has its player's name as spelled in ``NAMES``). ``levels``: the contracts' levels to
    draw from (slams often, by default, so that a few hundred games have many)."""
    out = []
    t = start
    for k in range(n):
        mode = rnd.choices((Mode.RUBBER, Mode.CHICAGO, Mode.DUPLICATE), (45, 30, 25))[0]
        game = _game(rnd, mode, t, typos, levels)
        end = t + timedelta(minutes=6 * len(game.hands))
        out.append(StoredGame(f"{t:%Y%m%d-%H%M%S}-{k:04x}", game, t.isoformat(), end.isoformat()))
        t = end + rnd.choice((timedelta(minutes=10), timedelta(hours=1), timedelta(hours=5), timedelta(days=2, hours=3)))
    return out


# The reckoning ------------------------------------------------------------------------

GAP = timedelta(hours=6)
MORNING = time(5, 0)


def key(name: str) -> str:
    return " ".join(name.split()).casefold()


def half_up(x: Decimal, places: str) -> Decimal:
    return x.quantize(Decimal(places), rounding=ROUND_HALF_UP)


def scored(hand: dict[str, Any]) -> int:
    """Declarer's tricks after a revoke's transfer, as the README states the rule."""
    tricks: int = hand["tricks"]
    revoke = hand.get("revoke")
    if not revoke:
        return tricks
    declaring = "NS" if hand["declarer"] in "NS" else "EW"
    theirs = tricks if revoke["side"] == declaring else 13 - tricks
    moved = min(1, theirs) if revoke["trick_12"] else min(2, revoke["won_after"], theirs)
    return tricks - moved if revoke["side"] == declaring else tricks + moved


def evening_keys(games: list[dict[str, Any]]) -> dict[str, datetime]:
    """When each game's evening began, as the README defines tonight: the start of the first
    game after the last gap of six hours with no game being played, or 05:00 that morning."""
    spans = sorted((datetime.fromisoformat(g["created"]), datetime.fromisoformat(g["updated"]), g["id"]) for g in games)
    out = {}
    for start, _end, gid in spans:
        before = [(s, min(max(e, s), start)) for s, e, _ in spans if s <= start]
        # The games before, merged where no six hours pass between them; the last run holds ``start``.
        runs: list[list[datetime]] = []
        for s, e in sorted(before):
            if runs and s - runs[-1][1] < GAP:
                runs[-1][1] = max(runs[-1][1], e)
            else:
                runs.append([s, e])
        local = start.astimezone()
        morning = datetime.combine(local.date(), MORNING).astimezone()
        if morning > local:
            morning = datetime.combine(local.date() - timedelta(days=1), MORNING).astimezone()
        out[gid] = max(runs[-1][0], morning)
    return out


@dataclass
class Person:
    name: str
    net: int = 0
    games: int = 0
    won: int = 0
    rubbers: int = 0
    rubbers_won: int = 0
    nights: set[datetime] = field(default_factory=set)
    by_night: dict[datetime, int] = field(default_factory=dict)
    declarer: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    defender: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sessions: int = 0
    imps: Decimal | None = None
    shares: Decimal = Decimal(0)
    boards: int = 0


def _counted(g: dict[str, Any]) -> bool:
    f = g["figures"]
    if g["game"]["mode"] == "duplicate":
        return any(b["imps"] is not None or b["matchpoints"] is not None for b in f["boards"])
    return bool(f["status"] != "in play")


def reckon(export: dict[str, Any], merged: dict[str, str] | None = None) -> dict[str, Any]:
    """Every player's and partnership's figures (by key), from an export, each name replaced
    by the person ``merged`` says it is (by key)."""
    merged = merged or {}
    people: dict[str, Person] = {}
    pairs: dict[tuple[str, str], dict[str, Any]] = {}
    games = sorted(export["games"], key=lambda g: (datetime.fromisoformat(g["created"]), g["id"]))
    nights = evening_keys(games)
    for g in games:
        if not _counted(g):
            continue
        seats = {s: merged.get(key(n), key(n)) for s, n in g["game"]["players"].items()}
        for s, n in g["game"]["players"].items():
            people.setdefault(seats[s], Person(" ".join(n.split())))
        side_of = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
        duplicate = g["game"]["mode"] == "duplicate"
        f = g["figures"]
        for s, k in seats.items():
            people[k].nights.add(nights[g["id"]])
        if duplicate:
            totals = f["totals"]
            compared = sum(1 for b in f["boards"] if b["imps"] is not None or b["matchpoints"] is not None)
            for s, k in seats.items():
                p = people[k]
                p.sessions += 1
                sign = 1 if side_of[s] == "NS" else -1
                if g["game"]["settings"]["duplicate_scoring"] == "imps":
                    mine = Decimal(str(totals["imps"])) * sign
                    p.imps = mine if p.imps is None else p.imps + mine
                else:
                    pct = Decimal(str(totals["pct"]))
                    p.shares += (pct if sign == 1 else 100 - pct) * compared
                    p.boards += compared
        else:
            margin = {"NS": f["NS"]["total"] - f["EW"]["total"], "EW": f["EW"]["total"] - f["NS"]["total"]}
            for s, k in seats.items():
                p = people[k]
                side = side_of[s]
                p.net += margin[side]
                p.games += 1
                p.won += margin[side] > 0
                p.by_night[nights[g["id"]]] = p.by_night.get(nights[g["id"]], 0) + margin[side]
                if g["game"]["mode"] == "rubber":
                    p.rubbers += 1
                    p.rubbers_won += f["status"] == "won" and f[side]["games"] >= 2
        for side, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
            if a in seats and b in seats and seats[a] != seats[b]:
                pk = tuple(sorted((seats[a], seats[b])))
                pair = pairs.setdefault(pk, {"games": 0, "won": 0, "net": 0, "sessions": 0, "rubbers": 0, "rubbers_won": 0})  # type: ignore[arg-type]
                if duplicate:
                    pair["sessions"] += 1
                else:
                    m = f["NS"]["total"] - f["EW"]["total"]
                    m = m if side == "NS" else -m
                    pair["games"] += 1
                    pair["won"] += m > 0
                    pair["net"] += m
                    if g["game"]["mode"] == "rubber":
                        pair["rubbers"] += 1
                        pair["rubbers_won"] += f["status"] == "won" and f[side]["games"] >= 2
        for hand in g["game"]["hands"]:
            if hand.get("pass"):
                continue
            c = hand["contract"]
            level = int(c[0])
            strain = c[1:].rstrip("X")
            doubling = len(c) - len(c.rstrip("X"))
            over = scored(hand) - (level + 6)
            made = over >= 0
            trick_points = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain] * level + (10 if strain == "NT" else 0)
            kind = "grand" if level == 7 else "small" if level == 6 else "game" if trick_points >= 100 else "part"
            dec = hand["declarer"]
            if dec in seats:
                d = people[seats[dec]].declarer
                d["played"] += 1
                d["made"] += made
                d[f"{kind}_bid"] += 1
                d[f"{kind}_made"] += made
                d["tricks_over"] += over
                if doubling:
                    d["doubled_made" if made else "doubled_down"] += 1
                if doubling == 2:
                    d["redoubled_made" if made else "redoubled_down"] += 1
            defenders = ("E", "W") if dec in "NS" else ("N", "S")
            for s in defenders:
                if s in seats:
                    d = people[seats[s]].defender
                    d["defended"] += 1
                    d["set"] += not made
                    d["doubled"] += bool(doubling)
                    d["doubles_set"] += bool(doubling) and not made
    return {"players": people, "partnerships": pairs}
