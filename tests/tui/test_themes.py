"""Colours come from the theme: no colour is written into the screens' code, every colour
role reads in every built-in theme, light ones included, and the theme a player picks is
kept for the next start."""

from __future__ import annotations

import json
import re
import tokenize
from pathlib import Path

from support.snapshot_apps.scenarios import WORKED_RUBBER, make_app, seed
from support.snapshot_apps.screen import Notes
from support.waiting import settle
from textual.app import App
from textual.color import Color
from textual.markup import parse_style

from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore
from bridgepad.store.preferences_file import PreferencesFile
from bridgepad.tui import looks
from bridgepad.tui.app import BridgepadApp

TUI = Path(looks.__file__).parent
COLOUR_WORDS = re.compile(
    r"\b(?:bright_)?(?:red|green|yellow|blue|black|white|cyan|magenta|grey\d*|gray\d*|purple|orange)\b|#[0-9a-fA-F]{3,8}\b|rgb\("
)
TEXT_STYLES = {"bold", "italic", "reverse", "blink", "underline", "dim", "strike", "not", "on"}


def string_literals(path: Path) -> list[tuple[int, str]]:
    with path.open("rb") as f:
        return [(t.start[0], t.string) for t in tokenize.tokenize(f.readline) if t.type == tokenize.STRING]


def test_no_colour_is_written_into_the_screens_code() -> None:
    # Every string in bridgepad/tui/*.py: docstrings and messages may say "red"; a style may not.
    found = []
    for path in sorted(TUI.rglob("*.py")):
        for line, text in string_literals(path):
            if text.startswith(('"""', "'''")):
                continue  # a docstring
            if COLOUR_WORDS.search(text):
                found.append(f"{path.name}:{line}: {text}")
    assert found == []


def test_no_colour_is_written_into_the_style_sheets() -> None:
    # The .tcss files colour with the theme's variables ($accent, $error...), never a colour's name.
    for path in sorted(TUI.rglob("*.tcss")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"\s*(color|background|border[a-z-]*)\s*:", line):
                value = line.split(":", 1)[1]
                assert not COLOUR_WORDS.search(value), f"{path.name}:{n}: {line.strip()}"


def roles() -> dict[str, str]:
    found = {name: value for name, value in vars(looks).items() if name.isupper() and isinstance(value, str)}
    found.update({f"SERIES[{k}]": value for k, value in enumerate(looks.SERIES)})
    return found


def test_every_role_is_made_of_design_tokens_and_text_styles() -> None:
    for name, role in roles().items():
        for word in role.split():
            assert word in TEXT_STYLES or word.startswith("$"), f"{name}: {word!r} is neither a token nor a text style"


def _luminance(c: Color) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio: 1 for the same colour, 21 for black on white."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# The ANSI themes hand the colours to the terminal's own palette: nothing to measure here.
THEMES = sorted(t for t in App().available_themes if not t.startswith("ansi"))


async def test_every_role_reads_in_every_built_in_theme() -> None:
    # 3 to 1, the least contrast the web's guidelines ask of bold text and of anything that
    # must be seen; each role measured on its own background, or on the screen's.
    app = App()
    low = []
    async with app.run_test() as pilot:
        for theme in THEMES:
            app.theme = theme
            await settle(pilot)
            screen = Color.parse(app.theme_variables["background"])
            for name, role in roles().items():
                style = parse_style(role)
                back = screen if style.background is None or style.background.a == 0 else screen + style.background
                if style.foreground is None or style.foreground.a == 0:
                    continue  # no colour of its own: the screen's text colour
                ratio = contrast(back + style.foreground, back)
                if ratio < 3:
                    low.append(f"{theme} {name}: {ratio:.2f}")
    assert low == []
    assert {"textual-light", "solarized-light", "catppuccin-latte"} <= set(THEMES)  # light ones were measured


async def test_the_pad_s_selected_figures_change_colour_with_the_theme(data_dir: Path) -> None:
    # The same figure, lit in a dark theme and in a light one: its colours are the theme's cursor's.
    seed(data_dir, WORKED_RUBBER[:4])
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        from bridgepad.tui.widgets.pad_view import PadView

        pad = app.screen.query_one(PadView)

        def lit() -> set[str]:
            """The background colours of hand 4's figures on the pad: They 150 above, 100 below."""
            return {
                str(seg.style.bgcolor.triplet)
                for y in range(pad.size.height)
                for seg in pad.render_line(y)
                if seg.text.strip() in ("150", "100") and seg.style and seg.style.bgcolor
            }

        def cursor() -> str:
            return str(Color.parse(app.theme_variables["block-cursor-background"]).rich_color.triplet)

        dark = lit()
        assert dark == {cursor()}
        app.theme = "textual-light"
        await settle(pilot)
        await settle(pilot)
        light = lit()
        assert light == {cursor()} and light != dark


def settings(root: Path) -> dict[str, object]:
    return json.loads((root / "settings.json").read_text(encoding="utf-8"))


async def test_the_theme_picked_is_kept_and_used_at_the_next_start(data_dir: Path) -> None:
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "textual-dark"
        app.theme = "solarized-light"  # as the palette's Theme command sets it
        await settle(pilot)
        await settle(pilot)
    assert settings(data_dir)["theme"] == "solarized-light"
    app = make_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "solarized-light"


async def test_a_read_only_window_uses_the_theme_but_keeps_nothing(data_dir: Path) -> None:
    GameStore(data_dir).ensure()
    PreferencesFile(data_dir).save_theme("nord")
    app = BridgepadApp(Session.open(GameStore(data_dir), read_only=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.theme == "nord"
        app.theme = "textual-light"
        await settle(pilot)
        await settle(pilot)
    assert settings(data_dir)["theme"] == "nord"


async def test_a_theme_that_is_not_there_is_named_and_the_default_used(data_dir: Path) -> None:
    GameStore(data_dir).ensure()
    PreferencesFile(data_dir).save_theme("no-such-theme")
    app = make_app(data_dir)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await settle(pilot)
        assert app.theme == "textual-dark"
        assert any('no colour theme "no-such-theme"' in t for t in notes.texts), notes.texts
