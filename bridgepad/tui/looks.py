"""Every colour bridgepad draws with, as a role written in the theme's design tokens.

Each role is a Textual style made only of design tokens (``$text-error``,
``$block-cursor-background``...), never a colour's name: the theme in use decides the
colour, so every built-in theme, dark or light, reads the same. Widgets that show
``textual.content.Content`` name a role and Textual resolves it as it paints, a new
theme included; tables of rich ``Text`` take ``rich_style(role)`` and are written again
when the theme changes. Layout and the forms' own colours are in the ``.tcss`` files.
"""

from __future__ import annotations

from rich.style import Style
from textual.markup import parse_style

# The pad: the selected hand's figures wear the hand list's cursor colour, so the eye links
# the row to its figures; $text is black or white, whichever reads better on it.
SELECTED = "bold $text on $block-cursor-background"
VULNERABLE = "bold $text-error"  # a side's heading on the pad when it is vulnerable
STRONG = "bold"
HINT = "italic"
RULE = "$text-muted"  # the pad's vertical rule, the chart's axes
FAINT = "$text-muted"  # a passed-out deal's word

# The state of play.
TITLE = "bold $text on $primary"
READ_ONLY = "bold $text on $warning"
UNSAVED = "bold blink $text on $error"
TROUBLE = "bold $text-error"  # the phones' writes failing, or phones refused, under the status line
HEADLINE = "bold $text-success"
VULNERABLE_BADGE = "bold $text on $error"
NOT_VULNERABLE_BADGE = "$text on $success"

RED_SUIT = "$text-error"  # hearts and diamonds
GAIN = "$text-success"  # a player's net above 0 in the tally
LOSS = "$text-error"

# The tally's chart: a colour a player, then they repeat (the initials still tell them apart).
# Ordered so that the first five differ in every built-in theme (some give accent and warning
# one colour, or primary and secondary two blues).
SERIES = (
    "bold $text-primary",
    "bold $text-success",
    "bold $text-error",
    "bold $text-warning",
    "bold $foreground",
    "bold $text-secondary",
    "bold $text-accent",
    "bold $text-muted",
)
OVERLAP = "bold reverse $foreground"  # two players on one point of the chart


def rich_style(role: str) -> Style:
    """``role`` in the theme in use, for rich ``Text`` (a DataTable's cells)."""
    return parse_style(role).rich_style
