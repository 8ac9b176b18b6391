"""What double dummy makes of a deal: the tricks each declarer takes in each strain, and the par.

These are the solver's answers (``services.double_dummy`` asks Bo Haglund's DDS, through
endplay), kept as plain values with the text PBN writes them in, as BridgeComposer does:

* ``DoubleDummyTricks "54555546658977889778"``: twenty hexadecimal digits, the tricks of
  declarer North, South, East, West in turn, each in notrump, spades, hearts, diamonds, clubs.
* ``OptimumScore "NS 420"``: the par score. bridgepad writes it from North-South's side,
  as every duplicate score is written (``NS -140`` when East-West's par is +140); it reads
  either side's (``EW 140``, as BridgeComposer names the side that declares par).
* ``ParContract "NS 4H=; NS 4S="``: the par contracts, each a side (both its seats declare
  it) or a seat, the contract (``N`` for notrump, ``X`` doubled) and the result against it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bridgepad.core.boards.cards import Deal
from bridgepad.core.model import SEATS, Contract, Doubling, Seat, Side, Strain

# The order of the twenty digits: declarer by declarer, strain by strain (as BridgeComposer writes it).
PBN_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
PBN_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_STRAIN_LETTER = {Strain.C: "C", Strain.D: "D", Strain.H: "H", Strain.S: "S", Strain.NT: "N"}
_LETTER_STRAIN = {v: k for k, v in _STRAIN_LETTER.items()} | {"NT": Strain.NT}
STRAIN_ORDER = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)


@dataclass(frozen=True, slots=True)
class TrickTable:
    """Tricks by declarer and strain, in PBN's order (``PBN_SEATS`` × ``PBN_STRAINS``)."""

    tricks: tuple[int, ...]  # twenty numbers, 0 to 13

    def __post_init__(self) -> None:
        if len(self.tricks) != 20 or not all(isinstance(t, int) and 0 <= t <= 13 for t in self.tricks):
            raise ValueError("a double-dummy table is twenty numbers of tricks, 0 to 13")

    def of(self, declarer: Seat, strain: Strain) -> int:
        return self.tricks[PBN_SEATS.index(declarer) * 5 + PBN_STRAINS.index(strain)]

    @property
    def pbn(self) -> str:
        """The DoubleDummyTricks tag's value."""
        return "".join(f"{t:x}" for t in self.tricks)

    @classmethod
    def from_pbn(cls, text: str) -> TrickTable:
        """A DoubleDummyTricks value read back; ValueError if it is not twenty digits of 0 to d."""
        if not re.fullmatch(r"[0-9a-dA-D]{20}", text):
            raise ValueError("DoubleDummyTricks is twenty hexadecimal digits, 0 to d, one for each declarer and strain")
        return cls(tuple(int(ch, 16) for ch in text))

    @classmethod
    def from_seats(cls, table: dict[Seat, dict[Strain, int]]) -> TrickTable:
        return cls(tuple(table[seat][strain] for seat in PBN_SEATS for strain in PBN_STRAINS))


def strain_letter(strain: Strain) -> str:
    """``N`` for notrump, as PBN's par contracts write it; the suit's letter otherwise."""
    return _STRAIN_LETTER[strain]


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: who declares it (one seat, or the two of a side), and the result."""

    contract: Contract
    declarers: tuple[Seat, ...]  # one seat, or both seats of a side (N S, E W)
    overtricks: int  # against the contract: 0 made exactly, +1, -2

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    @property
    def tricks(self) -> int:
        return self.contract.tricks_needed + self.overtricks

    @property
    def who(self) -> str:
        """``NS`` when both its seats declare it, else the seat: ``S``."""
        return self.side.value if len(self.declarers) == 2 else self.declarers[0].value

    @property
    def result(self) -> str:
        return "=" if self.overtricks == 0 else f"{self.overtricks:+d}"

    @property
    def text(self) -> str:
        """As ParContract writes it: ``NS 4S=``, ``S 6N=``, ``EW 5SX-1``."""
        c = self.contract
        return f"{self.who} {c.level}{strain_letter(c.strain)}{c.doubling.suffix}{self.result}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: its score, from North-South's side, and the contracts that score it."""

    score: int
    contracts: tuple[ParContract, ...]  # none: the deal is passed out at par

    @property
    def optimum_score(self) -> str:
        """The OptimumScore tag's value, from North-South's side: ``NS 420``, ``NS -140``."""
        return f"NS {self.score}"

    @property
    def par_contract(self) -> str:
        """The ParContract tag's value: ``NS 4H=; NS 4S=``, or ``Pass``."""
        return "; ".join(c.text for c in self.contracts) or "Pass"


@dataclass(frozen=True, slots=True)
class Solution:
    """A deal solved double dummy, on its board (the par depends on the dealer and who is vulnerable)."""

    tricks: TrickTable
    par: Par


Solved = Mapping[tuple[int, Deal], Solution]  # a game's double-dummy cache, by board number and deal


def differs(given: Solution, solved: Solution) -> str | None:
    """How a table given with a deal (a deals file's) is not the solver's, in a few words naming
    the first difference (``N makes 10 in spades, not 9``); None when they agree. The par
    contracts are compared as a set, each seat's: a file may list them in another order, or
    name both seats of a side where the solver names the side (``N 4S=; S 4S=``, ``NS 4S=``)."""
    for seat in PBN_SEATS:
        for strain in PBN_STRAINS:
            ours, theirs = solved.tricks.of(seat, strain), given.tricks.of(seat, strain)
            if ours != theirs:
                return f"{seat.value} makes {ours} in {strain.word}, not {theirs}"
    if given.par.score != solved.par.score:
        return f"par is {solved.par.optimum_score}, not {given.par.optimum_score}"
    if _each_seat(given.par) != _each_seat(solved.par):
        return f"par is {solved.par.par_contract}, not {given.par.par_contract}"
    return None


def _each_seat(par: Par) -> frozenset[tuple[Contract, Seat, int]]:
    return frozenset((c.contract, seat, c.overtricks) for c in par.contracts for seat in c.declarers)


def par_contract_order(c: ParContract) -> tuple[int, int, int]:
    """Lowest first, then by strain from clubs to notrump, as BridgeComposer lists them."""
    return (c.contract.level, STRAIN_ORDER.index(c.contract.strain), PBN_SEATS.index(c.declarers[0]))


_PAR_ITEM = re.compile(r"(NS|EW|[NESW])\s+([1-7])(NT|[CDHSN])(XX|X)?(=|[+-][0-9]{1,2})")


def read_optimum_score(text: str) -> int:
    """An OptimumScore value as North-South's score: ``NS 420``, ``EW 140`` (-140), ``NS +400``."""
    m = re.fullmatch(r"\s*(NS|EW)\s+([+-]?[0-9]{1,5})\s*", text)
    if m is None:
        raise ValueError("OptimumScore is a side and a score, such as NS 420 or EW 140")
    score = int(m.group(2))
    return score if m.group(1) == "NS" else -score


def read_par_contracts(text: str) -> tuple[ParContract, ...]:
    """A ParContract value read back: ``NS 4H=; NS 4S=``, ``S 6N=``, ``EW 5SX-1``, or ``Pass``."""
    if text.strip() in ("Pass", ""):
        return ()
    out = []
    for item in text.split(";"):
        m = _PAR_ITEM.fullmatch(item.strip())
        if m is None:
            raise ValueError(f"'{item.strip()[:20]}' is not a par contract such as NS 4S= or S 6NX-1")
        who, level, letter, doubled, result = m.groups()
        declarers = Side(who).seats if len(who) == 2 else (Seat(who),)
        doubling = {None: Doubling.NONE, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}[doubled]
        over = 0 if result == "=" else int(result)
        out.append(ParContract(Contract(int(level), _LETTER_STRAIN[letter], doubling), tuple(declarers), over))
    return tuple(out)


def seats_in_order(seats: set[Seat]) -> tuple[Seat, ...]:
    return tuple(s for s in SEATS if s in seats)
