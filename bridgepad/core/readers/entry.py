"""The contract-entry form's fields read into a hand, with one message per bad field."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgepad.core.model import Contract, Hand, Revoke, Seat, Side, Strain
from bridgepad.core.readers.notation import (
    NotationError,
    parse_contract,
    parse_honors,
    parse_others,
    parse_result,
    parse_seat,
    result_text,
)
from bridgepad.core.rules.revoke import check as check_revoke

FIELDS = ("contract", "declarer", "result", "honors", "others")


@dataclass(slots=True)
class FormReading:
    """What the form's fields read as. ``hand`` is None while a field it needs is wrong or
    empty; with only the other results wrong it is the hand without them (for the preview).
    It may be recorded only when ``ok``: a hand and nothing wrong."""

    hand: Hand | None
    errors: dict[str, str] = field(default_factory=dict)
    incomplete: bool = False  # a field still empty: nothing is wrong yet
    contract: Contract | None = None  # what could be read so far, while the hand is not complete
    declarer: Seat | None = None

    @property
    def ok(self) -> bool:
        return self.hand is not None and not self.errors


def read_form(
    values: dict[str, str],
    *,
    we: Side = Side.NS,
    honors_on: bool = True,
    others_on: bool = False,
    board: int | None = None,
) -> FormReading:
    """Reads the typed fields; a pass needs nothing else, a contract needs declarer and result.

    ``board``: the duplicate board the hand is for; the other tables' scores must be
    ones a result can give on it (without it only their form is read).
    """
    errors: dict[str, str] = {}
    text = values.get("contract", "")
    contract: Contract | None = None
    try:
        contract = parse_contract(text)
    except NotationError as e:
        errors["contract"] = str(e)
    others: tuple[int, ...] = ()
    if others_on:
        try:
            others = parse_others(values.get("others", ""), board)
        except NotationError as e:
            errors["others"] = str(e)
    # Other results that cannot stand leave the hand itself readable: it is given without
    # them, so that the preview still shows what the hand scores while the field says why.
    if "contract" not in errors and contract is None:
        return FormReading(Hand(others=others) if set(errors) <= {"others"} else None, errors)
    declarer: Seat | None = None
    tricks: int | None = None
    revoke: Revoke | None = None
    incomplete = False
    try:
        declarer = parse_seat(values.get("declarer", ""))
    except NotationError as e:
        if values.get("declarer", "").strip():
            errors["declarer"] = str(e)
        else:
            errors["declarer"] = "Say who declared: N, E, S or W."
            incomplete = True
    if contract is not None:
        try:
            tricks, revoke = parse_result(values.get("result", ""), contract, we)
        except NotationError as e:
            errors["result"] = str(e)
            incomplete = incomplete or not values.get("result", "").strip()
    elif "contract" in errors and values.get("result", "").strip():
        # The contract cannot be read: a result no contract could give is named with it now,
        # not once the contract is mended (every mistake at once, each beside its field).
        wrong = result_wrong_on_any(values["result"], we)
        if wrong:
            errors["result"] = wrong
    if contract is not None:
        if revoke is not None and tricks is not None and declarer is not None:
            problem = check_revoke(revoke, tricks, declarer.side)
            if problem:
                errors["result"] = f"{problem[:1].upper()}{problem[1:]}."
        honors_text = values.get("honors", "")
        honors = None
        if honors_text.strip():
            if not honors_on:
                errors["honors"] = "Honors are not scored in this game (see the settings); leave the field empty."
            else:
                try:
                    honors = parse_honors(honors_text, contract, we)
                except NotationError as e:
                    errors["honors"] = str(e)
    if contract is None or set(errors) - {"others"}:
        return FormReading(None, errors, incomplete, contract, declarer)
    return FormReading(Hand(contract, declarer, tricks, honors, others, revoke=revoke), errors, False, contract, declarer)


# The contracts that need the fewest and the most tricks: a result both refuse, no contract allows.
_LEAST, _MOST = Contract(1, Strain.NT), Contract(7, Strain.NT)


def result_wrong_on_any(text: str, we: Side = Side.NS) -> str:
    """Why ``text`` is a result of no contract at all (``14``, ``+7``, a word); empty if some
    contract could give it."""
    said: list[str] = []
    for contract in (_LEAST, _MOST):
        try:
            parse_result(text, contract, we)
        except NotationError as e:
            said.append(str(e))
        else:
            return ""
    if said[0] == said[1]:  # a sentence about the result alone, whatever the contract
        return said[0]
    return f"{text.strip()} is a result of no contract: a contract needs 7 to 13 tricks, so at most +6 and -13."


def form_values(hand: Hand, we: Side = Side.NS) -> dict[str, str]:
    """The fields that, typed in, give back ``hand``: for editing a hand already entered."""
    out = {k: "" for k in FIELDS}
    if hand.others:
        out["others"] = " ".join(str(o) for o in hand.others)
    if hand.contract is None:
        out["contract"] = "pass"
        return out
    out["contract"] = hand.contract.text
    out["declarer"] = hand.declarer.value if hand.declarer else ""
    out["result"] = result_text(hand.tricks, hand.revoke) if hand.tricks is not None else ""
    if hand.honors is not None:
        out["honors"] = hand.honors.text
    return out
