"""An established revoke: the tricks it moves from the side that revoked to the other.

The rule, as the rule books for home play give it (the rule book says nothing of revokes;
the fuller rule books do): an established revoke transfers two tricks from the offending
side to the non-offending side, or one trick if the offending side won only one trick
after the revoke; a revoke on the twelfth trick is not established and costs one
trick regardless. Only tricks the revoking side won can move: a side that won no trick
after its established revoke has none to give up, and one that took no trick at all
gives up nothing for a revoke on the twelfth trick, so the tricks scored stay 0 to 13.
"""

from __future__ import annotations

from bridgepad.core.model import Hand, Revoke, Side

ESTABLISHED_TRANSFER = 2
TRICK_12_TRANSFER = 1


def side_tricks(revoke: Revoke, tricks: int, declaring: Side) -> int:
    """The tricks the revoking side took in all, when declarer took ``tricks``."""
    return tricks if revoke.side is declaring else 13 - tricks


def transfer(revoke: Revoke, won_in_all: int = 13) -> int:
    """How many tricks the revoke moves to the non-offending side, when the revoking side
    took ``won_in_all`` tricks in all (13, the most, when the table of the rule is shown)."""
    if revoke.trick_12:
        return min(TRICK_12_TRANSFER, won_in_all)
    return min(ESTABLISHED_TRANSFER, revoke.won_after, won_in_all)


def scored_tricks(hand: Hand) -> int | None:
    """Declarer's tricks once any revoke transfer is made: the figure the hand is scored on."""
    if hand.tricks is None or hand.contract is None or hand.declarer is None:
        return hand.tricks
    if hand.revoke is None:
        return hand.tricks
    declaring = hand.declarer.side
    moved = transfer(hand.revoke, side_tricks(hand.revoke, hand.tricks, declaring))
    return hand.tricks - moved if hand.revoke.side is declaring else hand.tricks + moved


def check(revoke: Revoke, tricks: int, declaring: Side) -> str | None:
    """Why this revoke cannot have happened on a hand where declarer took ``tricks``; None if it can."""
    won = side_tricks(revoke, tricks, declaring)
    who = "declarer's side" if revoke.side is declaring else "the defenders"
    if not 0 <= tricks <= 13:
        return "declarer takes 0 to 13 tricks"
    if not 0 <= revoke.won_after <= 13:
        return "the tricks won after a revoke are 0 to 13"
    if revoke.won_after > won:
        return f"{who} took {won} trick{'s' if won != 1 else ''} in all, so cannot have won {revoke.won_after} after the revoke"
    if revoke.trick_12 and revoke.won_after > 2:
        return "after a revoke on the twelfth trick at most two tricks (12 and 13) are left to win"
    return None


def reason(revoke: Revoke, declaring: Side, tricks: int) -> str:
    """The transfer in words, for the explanation of the hand where declarer took ``tricks``:
    ``Revoke by E-W (the defenders), established: 2 tricks go to N-S``."""
    won = side_tricks(revoke, tricks, declaring)
    n = transfer(revoke, won)
    who = f"{revoke.side.short} ({'declarer' if revoke.side is declaring else 'the defenders'})"
    gets = revoke.side.other.short
    if revoke.trick_12:
        if n == 0:
            return f"Revoke by {who} on the twelfth trick, not established, by a side that took no trick: no trick moves"
        return f"Revoke by {who} on the twelfth trick, not established: 1 trick goes to {gets}"
    if n == 0:
        return f"Revoke by {who}, who won no trick after it: no trick moves"
    if n < ESTABLISHED_TRANSFER:
        return f"Revoke by {who}, established, with only one trick won after it: 1 trick goes to {gets}"
    return f"Revoke by {who}, established: {n} tricks go to {gets}"
