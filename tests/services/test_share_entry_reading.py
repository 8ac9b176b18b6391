"""A table's result read from whatever JSON a phone (or anything else) sends: a result, or a
sentence that says what is wrong, never anything else; and the hand the pad's form would read."""

from __future__ import annotations

import string
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from support.builders import hand

from bridgepad.services.share.several_tables.desk import RESULT_FIELDS, BadRequest, read_result

TEXT = st.text(alphabet=string.printable + "\x1b\x07\u202e♠♥NSEW", max_size=20)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "id": st.one_of(TEXT, JSON),
        "board": st.one_of(st.integers(-3, 40), JSON),
        "contract": st.one_of(st.sampled_from(["4S", "3nt", "pass", "7NTXX", "8s", "", "4 S"]), TEXT, JSON),
        "declarer": st.one_of(st.sampled_from(list("NESWnx")), TEXT, JSON),
        "tricks": st.one_of(st.integers(-2, 15), JSON),
        "replace": st.one_of(st.booleans(), JSON),
    },
)


def _sentence(e: BadRequest) -> None:
    text = str(e)
    assert text and text.endswith(".") and all(ch.isprintable() for ch in text), repr(text)
    assert e.status in (400, 422)


@given(st.one_of(JSON, FIELDS, st.dictionaries(TEXT, JSON, max_size=6)))
def test_any_json_is_a_result_or_one_sentence(data: Any) -> None:
    try:
        got = read_result(data)
    except BadRequest as e:
        _sentence(e)
        return
    assert isinstance(data, dict) and set(data) <= set(RESULT_FIELDS)
    assert isinstance(got.id, str) and got.id == data["id"]


@given(
    st.sampled_from(["1C", "4S", "3NT", "6HX", "7NTXX", "2d"]),
    st.sampled_from(list("NESW")),
    st.integers(0, 13),
    st.integers(1, 36),
)
def test_a_result_reads_as_the_pad_s_form_reads_it(contract: str, declarer: str, tricks: int, board: int) -> None:
    got = read_result({"id": "x", "board": board, "contract": contract, "declarer": declarer, "tricks": tricks})
    assert got.hand == hand(contract, declarer, str(tricks))
    assert got.board == board and got.replace is False


def test_a_pass_needs_no_declarer_and_no_tricks() -> None:
    got = read_result({"id": "x", "board": 3, "contract": "pass"})
    assert got.hand == hand("pass")
