"""A hand record in PBN 2.1: the boards of a set, each with its cards and, once solved, its
double-dummy table and par, as BridgeComposer writes a hand record.

One PBN game a board: the 15 mandatory tags first (3.4; the seats, scoring and result of
a board not yet played are empty, as BridgeComposer leaves them), ``Deal`` with the dealer
first, then ``DoubleDummyTricks``, ``Generator`` (bridgepad, its dealing algorithm and the
seed, so the set can be dealt again), ``OptimumScore`` and ``ParContract``, then the
``OptimumResultTable``; CR LF line ends, ISO 8859/1 (``pbn_format``'s rules). ``bridgepad
new duplicate --deals`` and ``bridgepad import`` read it back (``pbn_boards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bridgepad import __version__
from bridgepad.core.boards.dealing import ALGORITHM
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.vulnerability import PBN_WORDS, vulnerability_code
from bridgepad.services.formats.pbn_format import DIRECTIVES, EOL, Deal, double_dummy_tags, result_table


def generator(seed: int | None) -> str:
    """The Generator tag: ``bridgepad 0.1.0, bridgepad-deal-1, seed 7``."""
    return f"bridgepad {__version__}" + (f", {ALGORITHM}, seed {seed}" if seed is not None else "")


def hand_record(boards: Sequence[BoardFacts], event: str, seed: int | None, day: date | None = None) -> str:
    """The set's hand record, in PBN's export format."""
    when = day or date.today()
    lines = list(DIRECTIVES)
    for k, facts in enumerate(boards):
        tags = [
            ("Event", event),
            ("Site", ""),
            ("Date", f"{when.year:04d}.{when.month:02d}.{when.day:02d}"),
            ("Board", str(facts.board)),
            ("West", ""),
            ("North", ""),
            ("East", ""),
            ("South", ""),
            ("Dealer", facts.dealer.value),
            ("Vulnerable", PBN_WORDS[vulnerability_code(facts.vulnerable)]),
            ("Deal", facts.deal.pbn(facts.dealer)),
            ("Scoring", ""),
            ("Declarer", ""),
            ("Contract", ""),
            ("Result", ""),
        ]
        extra = {"Generator": generator(seed)}
        sections = []
        if facts.solution is not None:
            extra.update(double_dummy_tags(facts.solution))
            sections.append(result_table(facts.solution))
        if k:
            lines.append("")
        lines.extend(Deal(tags + sorted(extra.items()), sections).lines())
    return EOL.join(lines) + EOL
