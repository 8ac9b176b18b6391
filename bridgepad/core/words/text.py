"""Text from files and from typing, made safe to show: one helper for the CLI, the app and the exports.

``visible`` shows control characters (and the invisible controls that reorder text)
as escapes such as ``\\x1b``, so a name or a log line can never move the cursor,
retitle the terminal or hide what follows. ``ascii_fallback`` turns the few non-ASCII
characters bridgepad writes itself into ASCII, for a terminal that cannot show them.
"""

from __future__ import annotations

import unicodedata

# Format characters that reorder or hide text (bidirectional overrides and isolates,
# marks); other format characters (the joiners inside emoji) are left alone.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSAFE_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs", "Co", "Cn"})


def _escape(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def is_safe(ch: str) -> bool:
    return ch not in _BIDI and unicodedata.category(ch) not in _UNSAFE_CATEGORIES


def visible(text: str) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``, ``\\n``-free, one line)."""
    if text.isprintable():
        return text  # the common case, at C speed
    return "".join(ch if ch == " " or is_safe(ch) else _escape(ch) for ch in text)


def fit(text: str, width: int) -> str:
    """``text`` within ``width`` characters, cut with "…" when longer: a name in a column."""
    return text if len(text) <= width else text[: width - 1] + "…"


# What bridgepad itself writes beyond ASCII, and what an ASCII terminal gets instead.
ASCII_FALLBACKS = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "·": "-",
    "–": "-",
    "—": "-",
    "−": "-",
    "×": "x",
    "…": "...",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "═": "=",
    "─": "-",
    "┈": ".",
    "│": "|",
    "┼": "+",
    "╪": "+",
    "┴": "+",
    "└": "+",
    "↑": "^",
    "↓": "v",
    "→": "->",
    "←": "<-",
    "\u00a0": " ",
}
_ASCII_TABLE = str.maketrans(ASCII_FALLBACKS)


def ascii_fallback(text: str) -> str:
    """``text`` for a terminal that cannot show more than ASCII: suits as letters, dashes, and ``?`` beyond."""
    out = text.translate(_ASCII_TABLE)
    return out.encode("ascii", "replace").decode("ascii")


def for_encoding(text: str, encoding: str | None) -> str:
    """``text`` as it can be shown in ``encoding``: unchanged where it fits, ASCII fallbacks where not."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    translated = text.translate(_ASCII_TABLE)
    try:
        return translated.encode(encoding, "replace").decode(encoding)
    except LookupError:
        return ascii_fallback(text)
