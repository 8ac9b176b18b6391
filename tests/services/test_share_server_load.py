"""Load: a four-table Mitchell of three rounds entered from four phones at once over HTTP, against
``bridgepad share --entry`` in a process of its own. 200 submissions: 100 results, each sent
twice with the same id (half of them at once, half after a reply the phone lost, the
connection closed unread), every board replaced once and 28 of them twice. The file then
holds exactly the 100 results, each once, and each board's last one counts."""

from __future__ import annotations

import asyncio
import random
import signal
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.entry import EntryProcess, path_of, post, saved_game, several_game

from bridgepad.core.rules.kinds.several_tables.entering import counted

TABLES, ROUNDS = 4, 3
# What each wave enters on a board: the first result, its replacement, and a second replacement.
WAVES = (("1NT", "N", 7), ("2S", "E", 8), ("3H", "S", 9))


@dataclass(frozen=True)
class Sent:
    id: str
    table: int
    board: int
    wave: int
    lost_first: bool  # the first send's reply lost: the phone sends it again after


def plan(sittings: dict[tuple[int, int], tuple[int, ...]]) -> dict[tuple[int, int, int], list[Sent]]:
    """Each table's submissions, by (table, round, wave): every board first, then replaced, then 28 replaced again."""
    pairs = sorted((t, b) for (t, _), boards in sittings.items() for b in boards)
    again = set(random.Random(32).sample(pairs, 28))
    out: dict[tuple[int, int, int], list[Sent]] = {}
    n = 0
    for (table, rnd), boards in sorted(sittings.items()):
        for wave in range(3):
            for board in boards:
                if wave == 2 and (table, board) not in again:
                    continue
                n += 1
                out.setdefault((table, rnd, wave), []).append(Sent(f"load-{n:03d}", table, board, wave, n % 2 == 0))
    return out


async def one(port: int, url: str, s: Sent, answers: dict[str, list[int]]) -> None:
    contract, declarer, tricks = WAVES[s.wave]
    body = {"id": s.id, "board": s.board, "contract": contract, "declarer": declarer, "tricks": tricks}
    if s.wave:
        body["replace"] = True
    path = path_of(url) + "results"
    if s.lost_first:
        await post(port, path, body, read=False)  # sent; the reply never read
        sends = [post(port, path, body)]
    else:
        sends = [post(port, path, body), post(port, path, body)]  # the same id twice, at once
    for got in await asyncio.gather(*sends):
        assert got is not None
        answers.setdefault(s.id, []).append(got.status)


async def phone(
    port: int, url: str, table: int, waves: dict[tuple[int, int, int], list[Sent]], answers: dict[str, list[int]]
) -> None:
    """One table's phone: each round's waves, each wave's submissions at once; then on to the next round."""
    for rnd in range(1, ROUNDS + 1):
        for wave in range(3):
            await asyncio.gather(*(one(port, url, s, answers) for s in waves.get((table, rnd, wave), [])))
        moved = await post(port, path_of(url) + "next", {"round": rnd})
        assert moved is not None and moved.status == 200, moved


@pytest.mark.slow
def test_200_submissions_from_four_tables_at_once_record_exactly_the_results_once(data_dir: Path) -> None:
    pad = several_game(data_dir, tables=TABLES, boards=12)
    inputs = pad.session.game.several_tables
    assert inputs is not None
    movement = inputs.setup.movement()
    pad.close()
    sittings = {(s.table, s.round): s.boards for s in movement.sittings}
    waves = plan(sittings)
    sent = [s for batch in waves.values() for s in batch]
    # 100 results, each posted twice with its id: 200 submissions, half of them retries.
    assert len(sent) == 100 and sum(s.lost_first for s in sent) == 50
    shared = EntryProcess(data_dir, TABLES)
    answers: dict[str, list[int]] = {}
    try:

        async def all_tables() -> None:
            await asyncio.gather(*(phone(shared.port, shared.tables[t], t, waves, answers) for t in range(1, TABLES + 1)))

        asyncio.run(all_tables())
        code, _, err = shared.end(signal.SIGTERM)
        assert code == 0, err
    finally:
        shared.close()
    # Every answer a phone read says saved: 201 the first time, 200 for the same id again.
    for s in sent:
        got = answers[s.id]
        assert set(got) <= {200, 201}, (s, got)
        assert got.count(201) <= 1, (s, got)
        if not s.lost_first:
            assert sorted(got) == [200, 201], (s, got)
    saved = saved_game(data_dir).several_tables
    assert saved is not None
    # Nothing twice: the 100 results, each once, in the file.
    ids = Counter(r.id for r in saved.results)
    assert set(ids) == {s.id for s in sent} and set(ids.values()) == {1}
    assert len(saved.results) == 100
    # Each board's last result counts: its second replacement where it had one, else its first.
    last = {(s.table, s.board): s for s in sorted(sent, key=lambda s: s.wave)}
    final = counted(saved)
    assert len(final) == 36
    for (table, board), r in final.items():
        want = last[(table, board)]
        assert r.id == want.id, (table, board)
        contract, declarer, tricks = WAVES[want.wave]
        assert (
            r.hand.contract.text if r.hand.contract else "",
            r.hand.declarer.value if r.hand.declarer else "",
            r.hand.tricks,
        ) == (
            contract,
            declarer,
            tricks,
        )
    assert sorted(m.table for m in saved.moves) == sorted([1, 2, 3, 4] * ROUNDS)
    assert Counter(s.wave for s in last.values()) == Counter({2: 28, 1: 8})
