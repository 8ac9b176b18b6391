"""One grammar for a hand's result: the form's result field, a log line, the CSV's result cell.

The result is the tricks declarer took as played, then any revoke (``9 rev EW 2``: E-W
revoked and won 2 tricks after it). The figures are worked by hand from the scoring
tables of the rule book and the revoke's transfer of the fuller rule books (seeds 003, 004).
"""

from __future__ import annotations

import csv
import io

import pytest

from bridgepad.core.model import Revoke, Side
from bridgepad.core.readers.entry import form_values, read_form
from bridgepad.core.readers.log import LogError, parse_log
from bridgepad.core.records.record import record_of
from bridgepad.core.words.labels import REVOKE_MARK
from bridgepad.services.formats import csv_format, markdown_format


def test_a_log_line_takes_a_revoke_as_the_form_does() -> None:
    # 4S by N, 9 tricks as played, E-W revoked and won 2 after: 11 scored, 4S+1, not vulnerable:
    # 120 below and 30 above for N-S (one down, 50 to E-W, without the revoke).
    log = parse_log("N 4S 9 rev EW 2 honors NS 100\n")
    hand = log.items[0][1]
    form = read_form({"contract": "4S", "declarer": "N", "result": "9 rev EW 2", "honors": "NS 100"})
    assert hand == form.hand
    h = log.games()[0].hands[0]
    assert (h.tricks, h.result, h.points(Side.NS, False), h.points(Side.NS, True)) == (11, "+1", 120, 130)


def test_a_duplicate_log_line_takes_a_revoke_before_the_other_results() -> None:
    # Board 1, nobody vulnerable: 3NT by N, 8 tricks as played, E-W revoked and won 2 after:
    # 10 scored, 3NT+1: 40 + 2 × 30 + 30 + 300 = 430 to N-S.
    log = parse_log("duplicate\nN 3NT 8 rev EW 2 others 400\n")
    assert log.items[0][1].revoke == Revoke(Side.EW, 2)
    assert log.games()[0].hands[0].ns_score == 430


@pytest.mark.parametrize(
    "line,words",
    [
        ("N 4S 12 rev EW 2", "The defenders took 1 trick in all, so cannot have won 2 after the revoke."),
        ("N 4S 9 rev", "After rev say which side revoked"),
        ("N 4S 9 foo", "only a revoke (rev EW 2) and 'honors SIDE POINTS' may follow"),
    ],
)
def test_a_log_revoke_that_cannot_be_is_refused_in_a_sentence(line: str, words: str) -> None:
    with pytest.raises(LogError) as e:
        parse_log(line + "\n")
    assert words in e.value.errors[0][1]


def _record(log: str):  # type: ignore[no-untyped-def]
    return record_of(parse_log(log).games()[0])


def test_the_csv_keeps_the_revoke_and_writes_results_no_spreadsheet_takes_for_a_formula() -> None:
    rows = list(csv.DictReader(io.StringIO(csv_format.write([_record("N 3NT 8 rev EW 2\nE 4S 8\nW 2H 9\npass\n")]))))
    assert [r["result"] for r in rows if r["kind"] == "hand"] == ["8 rev EW 2", "8", "9", ""]
    for r in rows:
        assert not r["result"].startswith(("'", "=", "+", "-", "@")), r


def test_the_csv_result_reads_back_through_the_form() -> None:
    rec = _record("N 3NT 8 rev EW 2\n")
    row = next(csv.DictReader(io.StringIO(csv_format.write([rec]))))
    assert (
        read_form({"contract": row["contract"], "declarer": row["declarer"], "result": row["result"]}).hand == rec.game.hands[0]
    )
    assert form_values(rec.game.hands[0])["result"] == row["result"]


def test_the_markdown_boards_mark_a_result_after_a_revoke() -> None:
    # 3NT by N, 8 played, 10 scored: 3NT+1, marked as scored after a revoke.
    md = markdown_format.write([_record("duplicate\nN 3NT 8 rev EW 2 others 400\nE 2S 8 others -110\n")])
    assert f"| N | +1{REVOKE_MARK} |" in md
    assert "| E | = |" in md


def test_a_wrong_contract_leaves_the_result_checked_as_far_as_it_can_be() -> None:
    # Every mistake at once: tricks no hand can take are named beside a contract that cannot be read.
    errors = read_form({"contract": "8s", "declarer": "N", "result": "14"}).errors
    assert set(errors) == {"contract", "result"}
    assert errors["result"] == "Declarer cannot take 14 tricks: a hand has 13, so give 0 to 13."
    assert "is not a result" in read_form({"contract": "8s", "declarer": "N", "result": "lots"}).errors["result"]
    # What some contract could make good is left alone until the contract can be read: -8 is
    # seven-level's, +6 a one-level's; +7 and -14 are no contract's.
    for could in ("=", "+6", "-8", "9 rev EW 2", ""):
        assert set(read_form({"contract": "8s", "declarer": "N", "result": could}).errors) == {"contract"}, could
    for never in ("+7", "-14"):
        assert "no contract" in read_form({"contract": "8s", "declarer": "N", "result": never}).errors["result"], never
