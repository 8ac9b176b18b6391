"""The viewing URL as a QR code drawn in text, two rows of modules a line with half blocks.

``segno`` makes the code; this only draws its modules. A phone's camera reads dark
modules on a light ground, so the blocks drawn must be the darker colour: the dark
modules in black on white (``ANSI_DARK_ON_LIGHT`` in a terminal) or on a light theme,
the light modules (``light=True``) where the text is lighter than its ground.
"""

from __future__ import annotations

import segno

BORDER = 2  # modules of light margin around the code: enough for a phone's camera on a screen
# Black on bright white, whatever the terminal's own colours; then back to them.
ANSI_DARK_ON_LIGHT = ("\x1b[30;107m", "\x1b[0m")
_HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_lines(text: str, border: int = BORDER, *, light: bool = False) -> list[str]:
    """``text`` as a QR code: one line of text for each two rows of modules, the dark ones
    drawn (or, with ``light``, the light ones and the margin)."""
    code = segno.make(text, error="l", micro=False)
    size = len(code.matrix[0])
    width = size + 2 * border
    rows = [[False] * width for _ in range(border)]
    rows += [[False] * border + [bool(m) for m in row] + [False] * border for row in code.matrix]
    rows += [[False] * width for _ in range(border)]
    if len(rows) % 2:
        rows.append([False] * width)  # a half row of margin more
    if light:
        rows = [[not m for m in row] for row in rows]
    return ["".join(_HALVES[(top[k], bottom[k])] for k in range(width)) for top, bottom in zip(rows[::2], rows[1::2])]
