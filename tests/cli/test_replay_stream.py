"""``bridgepad replay`` reads its log as it goes: the streamed reading gives what the
whole file read at once gives, game for game and byte for byte, refusals included."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from bridgepad.cli import files, main
from bridgepad.cli.files import TextLines
from bridgepad.core.readers.log import LogError, parse_log, stream_games
from bridgepad.core.records.record import record_of
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.services.formats.json_format import replay_json, write_replay_json

LOGS = {
    "rubbers": "rubber\ndealer E\nplayers N=Ann E=Bob S=Cy W=Di\nN 2S 8\nE 3H 9 honors EW 100\n"
    "S 4S 10\nW 1NT 5\nN 3NT 9\npass\nE 4HX 8\nS 6C 12\nend\nN 1S 7\nW 2D 8\n",
    "chicago": "chicago\ndealer S\nN 4S 10\npass\nE 3NT 9\nS 2H 8\nW 5DX 9\nN 1C 7\n",
    "duplicate": "duplicate\nscoring matchpoints\nboard 3\nN 4S 10 others 420 450 -50\n"
    "pass others -100 0\nE 3NTX 8 others 200\nboard 9\nS 2H 8 others 110 140\nend\nW 1NT 7 others -90\n",
    "empty": "# nothing but a comment\n\n",
    "only players": "players N=Ann E=Bob S=Cy W=Di\n",
}
REFUSED = {
    "a line": "rubber\nN 4S 10\nN 9S 10\nX 1C 7\n",
    "an item": "rubber\nN 7NT 13\nN 7NT 13\nN 7NT 13\nend\nend\n",
    "a line after an item": "rubber\nN 7NT 13\nN 7NT 13\nN 7NT 13\nend\nchicago\n",
    "a board's score": "duplicate\nN 4S 10 others 421\n",
}


def _whole(text: str, settings: Settings | None = None, scoring: DuplicateScoring | None = None) -> list:  # type: ignore[type-arg]
    log = parse_log(text)
    if scoring is not None:
        log.scoring = scoring
    return log.games(settings)


@pytest.mark.parametrize("name", sorted(LOGS))
@pytest.mark.parametrize("scoring", [None, DuplicateScoring.IMPS])
def test_a_streamed_log_plays_the_games_the_whole_file_plays(name: str, scoring: DuplicateScoring | None) -> None:
    text = LOGS[name]
    whole = _whole(text, Settings(honors=False), scoring)
    streamed = list(stream_games(text.splitlines(), Settings(honors=False), scoring))
    assert streamed == whole
    mode = whole[0].mode
    out = io.StringIO()
    write_replay_json(mode, iter(streamed), out.write)
    assert out.getvalue() == json.dumps(replay_json(mode, whole)) + "\n"


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_streamed_log_is_refused_with_the_same_lines(name: str) -> None:
    text = REFUSED[name]
    with pytest.raises(LogError) as whole:
        _whole(text)
    with pytest.raises(LogError) as streamed:
        list(stream_games(text.splitlines()))
    assert streamed.value.errors == whole.value.errors


def test_long_random_logs_stream_as_they_read_whole() -> None:
    rnd = random.Random(7)
    lines = ["rubber"]
    for _ in range(3000):
        level = rnd.randint(1, 7)
        lines.append(
            "pass"
            if rnd.random() < 0.05
            else f"{rnd.choice('NESW')} {level}{rnd.choice(['C', 'D', 'H', 'S', 'NT'])} {rnd.randint(0, 13)}"
        )
    text = "\n".join(lines)
    assert list(stream_games(text.splitlines())) == _whole(text)


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 16])
def test_text_lines_split_as_splitlines_does_across_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(files, "CHUNK", chunk)
    text = "\ufeffrubber\r\nN 4S 10\rE 3NT 9\n\nS 2H 8\x0bW 1C 7\u2028N 2S 8\x1c♠ é\r\n\r\nlast"
    path = tmp_path / "log"
    path.write_bytes(text.encode("utf-8"))
    lines = TextLines(str(path), "replay")
    assert list(lines) == text.splitlines()
    assert list(lines) == text.splitlines()  # read again, the same


def test_standard_input_is_read_twice_from_its_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "rubber\nN 4S 10\nE 3NT 9\n"

    class Stdin(io.TextIOWrapper):
        pass

    monkeypatch.setattr("sys.stdin", Stdin(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))
    lines = TextLines("-", "replay")
    assert list(lines) == list(lines) == text.splitlines()


def test_the_command_streams_the_same_bytes_as_the_whole_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, text in LOGS.items():
        if name in ("empty", "only players"):
            continue
        path = tmp_path / f"{name}.log"
        path.write_text(text, encoding="utf-8")
        games = _whole(text)
        assert main(["replay", str(path), "--json"]) == 0
        assert capsys.readouterr().out == json.dumps(replay_json(games[0].mode, games)) + "\n"
        assert main(["replay", str(path)]) == 0
        assert capsys.readouterr().out == _drawn_by_rich([record_of(st) for st in games])


def _drawn_by_rich(records: list) -> str:  # type: ignore[type-arg]
    """The games as replay drew them before it streamed: every line printed by rich."""
    from rich.console import Console
    from rich.text import Text

    from bridgepad.cli.render import Printer, print_boards
    from bridgepad.core.model import Side
    from bridgepad.core.records.record import Figures, with_grand_total
    from bridgepad.core.rules.game import Mode
    from bridgepad.core.words.pad import layout, text_lines

    buffer = io.StringIO()
    console = Console(highlight=False, file=buffer)
    rule = set("─┼═╪│┴ ")
    for n, r in enumerate(records, 1):
        console.print(Text(f"{r.mode.word.capitalize()} {n}", style="bold"))
        if r.mode is Mode.DUPLICATE:
            printer = Printer(console)
            printer.plain = False  # every line through rich
            print_boards(printer, r)
            continue
        for line in text_lines(layout(r.state), "We (N-S)", "They (E-W)"):
            console.print(Text(line, style="dim" if set(line.strip()) <= rule else ""))
        console.print(Text(r.headline, style="bold green" if r.state.complete else "yellow"))
        console.print()
    if len(records) > 1 and all(r.mode is not Mode.DUPLICATE for r in records):
        total = Figures()
        for _, total in with_grand_total(records):
            pass
        console.print(Text(f"All {len(records)}: We {total.total(Side.NS):,}, They {total.total(Side.EW):,}", style="bold"))
    return buffer.getvalue()


def test_a_refused_log_prints_nothing_of_its_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.log"
    path.write_text("rubber\n" + "N 4S 10\n" * 40 + "N 9S 10\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and ":42: " in err


@pytest.mark.parametrize("chunk", [1, 3, 1 << 16])
def test_lines_of_a_text_are_its_splitlines(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(files, "CHUNK", chunk)
    for text in ("", "\n", "a", "a\r", "a\r\nb\n\nc\x85d\u2029", "rubber\r\rN 4S 10\r\n"):
        assert list(files.lines_of(text)) == text.splitlines()
