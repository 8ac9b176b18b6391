"""Every export is a view of one record: for a game of each mode, the figures of each
format, added up the way a person or a spreadsheet would add them, give the pad's
totals (worked by hand in ``support.record.games``).

Each format is read back here with plain tools (csv, json, a regular expression for a
Markdown table or a PBN tag), never with bridgepad's own readers.
"""

from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal

import pytest
from support.record.games import CASES, Case

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.words.pad import layout
from bridgepad.services.formats.registry import FORMAT_NAMES, export


def test_every_format_is_covered() -> None:
    assert set(FORMAT_NAMES) == {"json", "csv", "md", "pbn"}


@pytest.fixture(params=CASES, ids=[c.name for c in CASES])
def case(request: pytest.FixtureRequest) -> Case:
    return request.param  # type: ignore[no-any-return]


def pad_totals(case: Case) -> tuple[int, int]:
    """N-S and E-W as the pad draws them (We | They, turned back into sides), checked against the hand-worked figures."""
    state = derive(case.stored.game)
    we = case.stored.game.settings.we
    pad = layout(state, we)
    ns, ew = pad.totals if we is Side.NS else pad.totals[::-1]
    assert (ns, ew) == (case.ns, case.ew)
    return ns, ew


def test_csv_rows_add_up_to_the_pad(case: Case) -> None:
    rows = list(csv.DictReader(io.StringIO(export([case.stored], "csv"))))
    ns = sum(int(r["ns_below"]) + int(r["ns_above"]) for r in rows)
    ew = sum(int(r["ew_below"]) + int(r["ew_above"]) for r in rows)
    assert (ns, ew) == pad_totals(case)
    if case.imps is not None:
        hands = [r for r in rows if r["kind"] == "hand"]
        assert sum(int(r["ns_score"]) for r in hands) == case.ns
        assert sum(Decimal(r["imps"] or "0") for r in hands) == Decimal(case.imps)
        mp = sum(int(r["ns_matchpoints"] or 0) for r in hands), sum(int(r["top"] or 0) for r in hands)
        assert mp == case.matchpoints


def test_json_lines_add_up_to_the_pad(case: Case) -> None:
    (game,) = json.loads(export([case.stored], "json"))["games"]
    figures = game["figures"]
    if case.imps is None:
        lines = figures["lines"]
        ns = sum(line["NS"]["below"] + line["NS"]["above"] for line in lines)
        ew = sum(line["EW"]["below"] + line["EW"]["above"] for line in lines)
        assert (ns, ew) == pad_totals(case) == (figures["NS"]["total"], figures["EW"]["total"])
    else:
        boards = figures["boards"]
        assert sum(b["ns_score"] for b in boards) == case.ns == figures["totals"]["ns_score"]
        assert Decimal(str(sum(b["imps"] for b in boards if b["imps"] is not None))) == Decimal(case.imps)
        assert Decimal(str(figures["totals"]["imps"])) == Decimal(case.imps)
        mp = sum(b["matchpoints"]["ns"] for b in boards), sum(b["matchpoints"]["top"] for b in boards)
        assert mp == case.matchpoints == (figures["totals"]["matchpoints"], figures["totals"]["top"])


def _cells(md: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in md.splitlines() if line.startswith("|")]


def _figure(text: str) -> int | None:
    plain = text.replace(",", "").replace("*", "")
    return int(plain) if re.fullmatch(r"[-+]?[0-9]+", plain) else None


def test_markdown_pad_cells_add_up_to_the_pad(case: Case) -> None:
    md = export([case.stored], "md")
    table = _cells(md)
    if case.imps is None:
        header, body = table[0], table[2:]
        assert header[0].startswith("We") and header[1].startswith("They")
        figures = [row for row in body if not row[0].startswith("**")]
        we = sum(_figure(row[0]) or 0 for row in figures)
        they = sum(_figure(row[1]) or 0 for row in figures)
        totals = table[-1]
        assert (we, they) == (_figure(totals[0]), _figure(totals[1]))
        ns, ew = (we, they) if case.stored.game.settings.we is Side.NS else (they, we)
        assert (ns, ew) == pad_totals(case)
    else:
        header, body = table[0], table[2:]
        col = {name: k for k, name in enumerate(header)}
        assert sum(_figure(row[col["N-S"]]) or 0 for row in body) == case.ns
        if "IMPs" in col:
            assert sum(Decimal(row[col["IMPs"]] or "0") for row in body) == Decimal(case.imps)
            assert Decimal(body[-1][col["Total"]]) == Decimal(case.imps)
        else:
            pairs = [re.fullmatch(r"([0-9]+) of ([0-9]+)", row[col["MPs"]]) for row in body]
            assert (sum(int(m.group(1)) for m in pairs if m), sum(int(m.group(2)) for m in pairs if m)) == case.matchpoints
            assert body[-1][col["Total %"]] == "54.17"  # each board the same weight (support.record.games)


_PBN_TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def _pbn_deals(text: str) -> list[dict[str, str]]:
    deals: list[dict[str, str]] = [{}]
    for line in text.split("\r\n"):
        if not line:
            deals.append({})
        m = _PBN_TAG.match(line)
        if m:
            deals[-1][m.group(1)] = m.group(2)
    return [d for d in deals if d]


def test_pbn_scores_add_up_to_the_pad(case: Case) -> None:
    deals = _pbn_deals(export([case.stored], "pbn"))
    assert len(deals) == len(case.stored.game.hands)
    if case.imps is None:
        ns = ew = 0
        for d in deals:
            m = re.fullmatch(r"NS ([0-9]+)/([0-9]+) EW ([0-9]+)/([0-9]+)", d["ScoreRubber"])
            assert m is not None, d["ScoreRubber"]
            ns += int(m.group(1)) + int(m.group(2))
            ew += int(m.group(3)) + int(m.group(4))
        assert (ns, ew) == pad_totals(case)
    else:
        assert sum(int(d["Score"].removeprefix("NS ")) for d in deals) == case.ns
        if case.stored.game.settings.duplicate_scoring.value == "imps":
            assert sum(Decimal(d["ScoreIMP"].removeprefix("NS ")) for d in deals) == Decimal(case.imps)
            assert not any("ScoreMP" in d for d in deals)
        else:
            mps = [re.fullmatch(r"NS ([0-9]+) EW ([0-9]+)", d["ScoreMP"]) for d in deals]
            ns_mp = sum(int(m.group(1)) for m in mps if m)
            ew_mp = sum(int(m.group(2)) for m in mps if m)
            assert (ns_mp, ns_mp + ew_mp) == case.matchpoints


def test_the_modes_are_the_ones_asked_for() -> None:
    modes = [(c.stored.game.mode, c.stored.game.ended, c.stored.game.settings.duplicate_scoring.value) for c in CASES]
    assert (Mode.RUBBER, False, "imps") in modes and (Mode.RUBBER, True, "imps") in modes
    assert (Mode.CHICAGO, False, "imps") in modes
    assert (Mode.DUPLICATE, False, "imps") in modes and (Mode.DUPLICATE, False, "matchpoints") in modes
