"""A movement in words: the guide card of each table, where everyone goes after a round, who sits out.

As clubs print them: pairs by direction and number ("N-S 2", "E-W 3"), a round's boards
as a range ("boards 4–6"), and the moves after a round in one line each.
"""

from __future__ import annotations

from bridgepad.core.rules.kinds.several_tables.entering import boards_text
from bridgepad.core.rules.kinds.several_tables.movements import Movement, MovementKind, MovementSetup, Pair, Sitting


def pair_name(pair: Pair, names: tuple[str, str]) -> str:
    """``N-S 1 (Ann & Bob)``, or ``N-S 1`` before the pair is named."""
    shown = " & ".join(n for n in names if n)
    return f"{pair.label} ({shown})" if shown else pair.label


def team_label(team: int) -> str:
    return f"Team {team}"


def movement_title(setup: MovementSetup, *, in_sentence: bool = False) -> str:
    """``Mitchell, 4 tables, 24 boards: 3 rounds of 6`` or ``Team match, 2 tables, 16 boards: 2 rounds of 8``
    (``team match, …`` within a sentence)."""
    word = setup.kind.word
    what = word if in_sentence else word[0].upper() + word[1:]
    rounds = f"{setup.rounds} round{'s' if setup.rounds != 1 else ''} of {setup.boards_per_round}"
    short = " (one pair sits out each round)" if setup.pairs % 2 else ""
    return f"{what}, {setup.tables} tables, {setup.boards} boards: {rounds}{short}"


def movement_words(movement: Movement) -> list[str]:
    """How the movement goes, as a director announces it and the guide cards do not say: who
    moves where after each round (a Mitchell's skip), or a team match's teams."""
    last = movement.tables
    if movement.kind is MovementKind.TEAMS:
        teams = [
            f"Team {n}: {ns.label} at table {ns.number} and {ew.label} at table {ew.number}."
            for n in (1, 2)
            for ns, ew in [sorted((p for p in movement.pairs if movement.team_of(p) == n), key=lambda p: p.order)]
        ]
        swap = (
            "Nobody moves: after round 1 the two tables swap boards."
            if movement.rounds == 2
            else "Nobody moves: after each round table 1 takes the boards table 2 has played, and table 2 the next ones."
        )
        return [*teams, swap]
    if movement.rounds == 1:
        return ["One round: nobody moves."]
    moves = f"E-W pairs move up a table (from table {last} to table 1) and the boards move down a table"
    lines = [f"N-S pairs stay at their tables. After each round {moves} (from table 1 to table {last})."]
    half = movement.tables // 2
    if movement.skip and movement.rounds > half:
        lines.append(f"After round {half} E-W pairs skip a table: each moves up two, so that no pair meets boards twice.")
    return lines


def sitting_line(s: Sitting) -> str:
    """``Round 2: N-S 1 v E-W 4, boards 4–6`` (``N-S 3 sits out``)."""
    if not s.plays:
        who = s.sitting_out
        return f"Round {s.round}: {who.label if who else 'nobody'} sits out"
    assert s.ns is not None and s.ew is not None
    return f"Round {s.round}: {s.ns.label} v {s.ew.label}, {boards_text(s.boards)}"


def guide_card(movement: Movement, table: int) -> list[str]:
    """A table's guide card: its title, then each round's pairs and boards."""
    return [f"Table {table}", *(sitting_line(s) for s in movement.table_sittings(table))]


def _where(movement: Movement, pair: Pair, after: int) -> str:
    then = next((s for s in movement.pair_sittings(pair) if s.round == after + 1), None)
    if then is None:
        return ""
    now = next(s for s in movement.pair_sittings(pair) if s.round == after)
    if not then.plays:
        return f"{pair.label} sits out round {then.round} (at table {then.table})"
    if then.table == now.table:
        return f"{pair.label} stays at table {then.table}"
    if (then.table - now.table) % movement.tables == 2:
        return f"{pair.label} skips a table: moves to table {then.table}"
    return f"{pair.label} moves to table {then.table}"


def next_words(movement: Movement, table: int, round: int) -> list[str]:
    """Where the pairs and the boards of ``table`` go after ``round``, one line each."""
    if round >= movement.rounds:
        return ["That was the last round: the session is over at this table."]
    now = movement.sitting(table, round)
    lines = [w for p in (now.ns, now.ew) if p is not None and (w := _where(movement, p, round))]
    later = next((s for s in movement.sittings if s.round > round and s.boards == now.boards), None)
    shown = boards_text(now.boards).capitalize()
    if later is None:
        lines.append(f"{shown} have been played at every table.")
    elif later.round == round + 1:
        lines.append(f"{shown} go to table {later.table}.")
    else:
        lines.append(f"{shown} go to table {later.table}, for round {later.round}.")
    coming = movement.sitting(table, round + 1)
    if coming.plays:
        source = next((s for s in reversed(movement.sittings) if s.round <= round and s.boards == coming.boards), None)
        start = f"Round {round + 1} here: {coming.ns.label if coming.ns else ''} v {coming.ew.label if coming.ew else ''}"
        came = f", from table {source.table}" if source is not None and source.table != table else ""
        lines.append(f"{start}, {boards_text(coming.boards)}{came}.")
    else:
        who = coming.sitting_out
        lines.append(f"Round {round + 1} here: {who.label if who else 'nobody'} sits out; no boards are played.")
    return [line if line.endswith(".") else f"{line}." for line in lines]


def sitting_out_words(movement: Movement, round: int) -> str:
    """``N-S 3 sits out round 2.``, or "" where every pair plays."""
    out = movement.sitting_out(round)
    if not out:
        return ""
    return f"{' and '.join(p.label for p in out)} {'sits' if len(out) == 1 else 'sit'} out round {round}."
