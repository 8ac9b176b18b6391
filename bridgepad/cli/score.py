"""``bridgepad score``: one hand at rubber bridge and at duplicate."""

from __future__ import annotations

import argparse
import json
from typing import Any

from bridgepad.cli.errors import UsageError
from bridgepad.core.readers.notation import NotationError, parse_contract, parse_tricks
from bridgepad.core.rules.scoring import Item, duplicate_score, score_contract


def configure(sub: Any) -> None:
    s = sub.add_parser("score", help="score one hand", description="Score one hand at rubber bridge and at duplicate.")
    s.add_argument("contract", metavar="CONTRACT", help="e.g. 4S, 3NTX, 6HXX")
    s.add_argument("result", metavar="RESULT", nargs="?", help="tricks taken (0-13) or =, +1, -2")
    s.add_argument("--vul", action="store_true", help="declarer is vulnerable")
    s.add_argument("--json", action="store_true", help="print one JSON object")


def item_parts(item: Item) -> dict[str, object]:
    """The parts of the scoring table an item was worked from, those it has."""
    out: dict[str, object] = {}
    if item.count:
        out["count"] = item.count
    if item.rate:
        out["rate"] = item.rate
    if item.terms:
        out["terms"] = list(item.terms)
    if item.vulnerable is not None:
        out["vulnerable"] = item.vulnerable
    out["doubling"] = item.doubling.word
    return out


def run(args: argparse.Namespace) -> int:
    try:
        contract = parse_contract(args.contract)
        if contract is None:
            if args.result is not None:
                raise UsageError("bridgepad score: a passed-out deal has no result; write just: bridgepad score pass")
            if args.json:
                print(json.dumps({"below": 0, "above": 0, "penalty": 0, "duplicate": 0, "passed_out": True}))
            else:
                print("Passed out: nobody scores, and the deal passes on.")
            return 0
        if args.result is None:
            raise UsageError(f"bridgepad score: give the result after {contract.text}: tricks taken (0 to 13) or =, +1, -2.")
        tricks = parse_tricks(args.result, contract)
    except NotationError as e:
        raise UsageError(f"bridgepad score: {e}") from None
    cs = score_contract(contract, tricks, args.vul)
    dup = duplicate_score(contract, tricks, args.vul)
    if args.json:
        out = {
            "contract": contract.text,
            "tricks": tricks,
            "vulnerable": args.vul,
            "made": cs.made,
            "below": cs.trick_score,
            "above": cs.declarer_above,
            "penalty": cs.penalty,
            "duplicate": dup,
            "items": [
                {
                    "kind": i.kind.value,
                    "points": i.points,
                    "for": "declarer" if i.for_declarer else "defenders",
                    "reason": i.reason,
                    **item_parts(i),
                }
                for i in cs.items
            ],
        }
        print(json.dumps(out))
        return 0
    diff = tricks - contract.tricks_needed
    result = "=" if diff == 0 else f"{diff:+d}"
    vul = "vulnerable" if args.vul else "not vulnerable"
    parts = []
    for i in cs.items:  # the item's parts, not its sentence taken apart
        if i.below:
            parts.append(f"{i.points:,} below the line ({i.working})")
        elif i.for_declarer:
            worked = i.working != f"{i.points:,}"  # arithmetic to show, not a bonus's bare figure
            parts.append(f"{i.points:,} above for {i.what}" + (f" ({i.figure})" if worked else ""))
        else:
            parts.append(f"the defenders score {i.points:,} above the line for {i.what} ({i.figure})")
    print(f"{contract.pretty}{result}, {vul}: {', '.join(parts)}; at duplicate {dup:+,}")
    return 0
