"""A file bridgepad cannot take whole is refused in one sentence, and nothing is stored: a PBN that
gives one board two deals (both lines named), and a PBN in an encoding bridgepad does not read."""

from __future__ import annotations

from pathlib import Path

from support.cli import run_cli

FIRST = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
OTHER = "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 6543.876.876.876 2.5432.5432.5432"


def board(deal: str) -> str:
    return f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'


def stored(data: Path) -> list[Path]:
    return sorted((data / "games").glob("*.json")) if (data / "games").is_dir() else []


def test_a_board_given_two_deals_is_refused_naming_both_lines(tmp_path: Path) -> None:
    data = tmp_path / "data"
    pbn = tmp_path / "two.pbn"
    pbn.write_text(board(FIRST) + "\n" + board(OTHER), encoding="utf-8")
    for args in (("import", str(pbn)), ("new", "duplicate", "--deals", str(pbn))):
        got = run_cli(data, *args)
        assert got.returncode == 2, got
        lines = [line for line in got.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, lines  # one sentence, no traceback
        assert "two.pbn:6: board 1 is given other cards here than at line 1" in lines[0], lines
        assert stored(data) == []


def test_the_same_deal_twice_for_a_board_is_one_board(tmp_path: Path) -> None:
    data = tmp_path / "data"
    pbn = tmp_path / "again.pbn"
    pbn.write_text(board(FIRST) + "\n" + board(FIRST), encoding="utf-8")
    got = run_cli(data, "new", "duplicate", "--deals", str(pbn))
    assert got.returncode == 0, got.stderr
    assert len(stored(data)) == 1


def test_a_pbn_in_utf_16_is_refused_in_one_sentence(tmp_path: Path) -> None:
    data = tmp_path / "data"
    pbn = tmp_path / "wide.pbn"
    pbn.write_text(board(FIRST), encoding="utf-16")
    got = run_cli(data, "import", str(pbn))
    assert got.returncode == 2, got
    lines = [line for line in got.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("bridgepad import: ") and lines[0].endswith("wide.pbn: is not UTF-8 text."), (
        lines
    )
    assert stored(data) == []
