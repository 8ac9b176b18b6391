"""Every key of every screen, declared once, each with an id.

The screens' ``BINDINGS``, the footer, the help screen's key table, the command
palette and the documentation's key tables (``python tests/make_readme_keys.py``) all read
``SECTIONS``; a ``"keys"`` object in ``settings.json`` rebinds any key by its id
(``{"pad.add": "plus,a,i"}``) through Textual's keymap, and the help and the
palette then show the keys as rebound.

The keys mean one thing everywhere: ``q`` leaves a screen, or on the pad the app;
Escape backs out of a form, a question or a screen; ctrl+q and ctrl+c quit from
anywhere by the same safe path as ``q``. Typing in a field, a letter is a letter:
forms are left with Escape.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.keys import KEY_ALIASES, Keys, format_key

from bridgepad.core.words.text import visible
from bridgepad.services.formats.registry import FORMAT_LIST
from bridgepad.tui.textual_private import app_keymap, normalize_key_list


@dataclass(frozen=True, slots=True)
class Key:
    """One binding, or one key a widget handles itself (``action`` empty: listed, not rebindable)."""

    id: str  # the name a user keymap rebinds it by: "pad.add"
    keys: str  # Textual key names, comma-separated: "plus,a"
    action: str  # the screen's action, with its arguments: "answer(True)"
    label: str  # the footer's word
    does: str  # the help's and the documentation's words
    show: bool = True  # in the footer
    keep: int = 5  # in a narrow footer the lowest numbers stay longest
    display: str | None = None  # the footer's key, where Textual's own is not the clearest
    priority: bool = False  # before the focused field sees it (Tab must move on at once)
    command: str = ""  # the command palette's title; "" for none
    fixed: bool = False  # always these keys: a keymap cannot take them away (the way out)


@dataclass(frozen=True, slots=True)
class Section:
    name: str  # what a screen's ``KEY_SECTION`` names
    title: str  # the heading in the help and the documentation
    keys: tuple[Key, ...]
    also: tuple[str, ...] = ()  # the sections whose keys the same screen answers to as well (the pad's, on the tables' screen)


def _explanation_keys(section: str) -> tuple[Key, Key]:
    """The keys that scroll a hand's explanation, wherever one is shown (the pad, a review)."""
    return (
        Key(
            f"{section}.explain_down",
            "shift+down",
            "explain(1)",
            "",
            "the explanation a page on, where it runs off a small screen",
            show=False,
        ),
        Key(f"{section}.explain_up", "shift+up", "explain(-1)", "", "the explanation a page back", show=False),
    )


SECTIONS: tuple[Section, ...] = (
    Section(
        "pad",
        "On the pad",
        (
            Key("pad.add", "plus,a", "add", "Add", "enter a hand", keep=1, display="+", command="Add a hand"),
            Key(
                "pad.edit",
                "e",
                "edit",
                "Edit",
                "edit the selected hand: the same form, filled in",
                keep=3,
                command="Edit the selected hand",
            ),
            Key(
                "pad.delete",
                "d,delete",
                "delete",
                "Del",
                "delete the selected hand, after a question",
                keep=7,
                display="d",
                command="Delete the selected hand",
            ),
            Key("pad.undo", "ctrl+z", "undo", "Undo", "undo the last change (again and again)", keep=4, command="Undo"),
            Key("pad.select", "up,down", "", "", "select a hand: its figures light up on the pad and are explained"),
            *_explanation_keys("pad"),
            Key(
                "pad.end",
                "x",
                "end_game",
                "End",
                "end the game now, unfinished (its unfinished bonuses are scored)",
                show=False,
                command="End the game now",
            ),
            Key(
                "pad.new",
                "n",
                "new_game",
                "New",
                "new game: mode, first dealer, players, who sits out, rules; ctrl+r there seats the next rubber",
                keep=6,
                command="New game",
            ),
            Key(
                "pad.rules",
                "s",
                "settings",
                "Rules",
                "the rules that new games start with",
                show=False,
                command="Rules for new games",
            ),
            Key("pad.history", "h", "history", "History", "the history: every game, newest first", keep=5, command="History"),
            Key(
                "pad.tally",
                "t",
                "tally",
                "Tally",
                "the tally: each player's net, the money, who pays whom, a chart",
                keep=5,
                command="Tally",
            ),
            Key(
                "pad.stats",
                "S",
                "stats",
                "Stats",
                "statistics: each player and partnership over a lifetime, as declarer and defender, a chart",
                keep=7,
                command="Statistics",
            ),
            Key(
                "pad.export",
                "E",
                "export",
                "Export",
                f"export the game on the pad to a file ({FORMAT_LIST})",
                show=False,
                command="Export this game",
            ),
            Key(
                "pad.share",
                "p",
                "app.share",
                "Share",
                "share the pad with the phones at the table, live and read-only: its address and QR code",
                keep=8,
            ),
            Key(
                "pad.help",
                "question_mark,f1",
                "help",
                "Help",
                "help: these keys and the scoring tables of this game",
                keep=2,
                display="?",
                command="Help",
            ),
        ),
    ),
    Section(
        "tables",
        "On the pad, in a game of several tables",
        (
            Key(
                "tables.view_tables",
                "1",
                "view('tables')",
                "Tables",
                "the tables: each one's round, its pairs, the boards in and to come",
                show=False,
            ),
            Key(
                "tables.view_boards",
                "2",
                "view('boards')",
                "Boards",
                "the boards: a board's traveller, every table's result and its figures",
                show=False,
            ),
            Key(
                "tables.view_ranking",
                "3",
                "view('ranking')",
                "Ranking",
                "the ranking: matchpoints or IMPs, each direction's, or the two teams'",
                show=False,
            ),
            Key(
                "tables.view_changes",
                "4",
                "view('changes')",
                "Changes",
                "the changes: every result replaced, who, when, why, and what it was",
                show=False,
            ),
            Key(
                "tables.view_cards",
                "5",
                "view('cards')",
                "Cards",
                "the guide cards: each table's rounds, pairs and boards",
                show=False,
            ),
            Key(
                "tables.previous_board",
                "left",
                "board(-1)",
                "Board before",
                "the board before (on the boards)",
                show=False,
                priority=True,
            ),
            Key(
                "tables.next_board",
                "right",
                "board(1)",
                "Next board",
                "the next board (on the boards)",
                show=False,
                priority=True,
            ),
            Key("tables.select", "up,down", "", "", "select a line: a table, a result of the traveller, a pair"),
            Key(
                "tables.correct",
                "e",
                "correct",
                "Correct",
                "correct the selected result, or enter a table's missing one: the entry form and a reason",
                keep=1,
                command="Correct the selected result",
            ),
            Key(
                "tables.names",
                "N",
                "names",
                "Names",
                "the pairs' names, each typed once for the session",
                keep=3,
                command="Name the pairs",
            ),
        ),
        also=("pad",),
    ),
    Section(
        "app",
        "Everywhere",
        (
            Key("app.quit", "q", "quit", "Quit", "leave the screen; on the pad, quit (everything is already saved)", keep=0),
            Key(
                "app.quit_now",
                "ctrl+q,ctrl+c",
                "quit",
                "Quit",
                "quit from any screen, the same safe way as q (always these keys: a keymap cannot change them)",
                show=False,
                priority=True,
                fixed=True,
            ),
            Key("app.palette", "ctrl+p", "", "", "every command, searchable, and the colour theme (kept for the next start)"),
        ),
    ),
    Section(
        "form",
        "In a form (a hand, a new game, the rules, an export)",
        (
            Key("form.submit", "enter", "", "", "record, start or save; a mistake is named beside its field"),
            Key(
                "form.next",
                "tab",
                "next_field",
                "Next field",
                "the next field, its text selected: typing replaces it",
                show=False,
                priority=True,
            ),
            Key(
                "form.previous",
                "shift+tab",
                "previous_field",
                "Previous field",
                "the field before",
                show=False,
                priority=True,
            ),
            Key("form.cancel", "escape", "cancel", "Cancel", "back out; asks first when what was typed would be lost", keep=0),
        ),
    ),
    Section(
        "new_game",
        "In the new-game dialog",
        (
            Key(
                "new_game.next_rubber",
                "ctrl+r",
                "next_rubber",
                "Next rubber",
                "the next rubber's seats: the same four rotated, or who cuts out and who comes in",
                display="^r",
            ),
            Key("new_game.take_name", "right", "", "", "take the name offered as you type (tonight's players)"),
        ),
    ),
    Section(
        "confirm",
        "In a question",
        (
            Key("confirm.yes", "y,enter", "answer(True)", "Yes", "yes"),
            Key("confirm.no", "n,escape", "answer(False)", "No", "no: back to where you were"),
        ),
    ),
    Section(
        "history",
        "In the history",
        (
            Key(
                "history.open",
                "enter",
                "open",
                "Open",
                "open the selected game: review it; one still in play, resume, end or review it",
                priority=True,
                command="Open the selected game",
            ),
            Key(
                "history.delete",
                "d,delete",
                "delete",
                "Delete",
                "move the selected game to the trash",
                display="d",
                command="Move the selected game to the trash",
            ),
            Key(
                "history.trash",
                "t",
                "trash",
                "Trash",
                "the trash: the games deleted, the last first; Enter restores one",
                command="The trash",
            ),
            Key("history.back", "escape,q,h", "close", "Back", "back to the pad", keep=0, display="Esc"),
        ),
    ),
    Section(
        "in_play",
        "A game still in play, opened from the history",
        (
            Key(
                "in_play.resume",
                "r",
                "choose('resume')",
                "Resume",
                "resume it on the pad (the game there stays saved; ctrl+z comes back to it)",
            ),
            Key("in_play.end", "x", "choose('end')", "End", "end it now, with its unfinished bonuses"),
            Key("in_play.review", "v", "choose('review')", "Review", "review it, read-only"),
            Key("in_play.back", "escape,q", "choose(None)", "Back", "back to the history", keep=0, display="Esc"),
        ),
    ),
    Section(
        "trash",
        "In the trash",
        (
            Key(
                "trash.restore",
                "enter,r",
                "restore",
                "Restore",
                "put the selected game back among the games",
                display="Enter",
                priority=True,
                command="Restore the selected game",
            ),
            Key("trash.back", "escape,q,t", "close", "Back", "back to the history", keep=0, display="Esc"),
        ),
    ),
    Section(
        "review",
        "Reviewing an old game",
        (
            Key("review.export", "E", "export", "Export", "export the game to a file", command="Export this game"),
            *_explanation_keys("review"),
            Key("review.back", "escape,q", "close", "Back", "back to the history", keep=0, display="Esc"),
        ),
    ),
    Section(
        "tally",
        "In the tally",
        (
            Key(
                "tally.window",
                "w",
                "window",
                "Tonight/week/all",
                "the window: tonight (the evening), this week, all time",
                command="Tally window: tonight, week, all",
            ),
            Key(
                "tally.round",
                "r",
                "rounding",
                "Round",
                "round each game's margin to the nearest 100 first, or not",
                command="Round margins to 100, or not",
            ),
            Key(
                "tally.stake",
                "dollar_sign,s",
                "stake",
                "Stake",
                "the stake per 100 points (Enter sets it, Esc leaves it)",
                display="$",
                command="Set the stake",
            ),
            Key("tally.scroll", "up,down,pageup,pagedown", "", "", "scroll through the players, the payments and the chart"),
            Key("tally.back", "escape,q,t", "close", "Back", "back to the pad", keep=0, display="Esc"),
        ),
    ),
    Section(
        "stats",
        "In the statistics",
        (
            Key(
                "stats.window",
                "w",
                "window",
                "Span",
                "the span: all time, this year, this month, this week, tonight",
                command="Statistics span: all time, year, month, week, tonight",
            ),
            Key(
                "stats.mode",
                "m",
                "mode",
                "Mode",
                "the games: every mode, rubber, Chicago or duplicate",
                command="Statistics of one mode, or all",
            ),
            Key(
                "stats.player",
                "p",
                "player",
                "Player",
                "one player and their partnerships (type a name, Enter; an empty name for everyone)",
                command="Statistics of one player",
            ),
            Key("stats.scroll", "up,down,pageup,pagedown", "", "", "scroll through the tables and the chart"),
            Key("stats.back", "escape,q,S", "close", "Back", "back to the pad", keep=0, display="Esc"),
        ),
    ),
    Section(
        "share",
        "Sharing the pad",
        (
            Key("share.stop", "p", "stop", "Stop sharing", "stop sharing: the phones' pages stop following the pad"),
            Key(
                "share.lan",
                "l",
                "lan",
                "Local network",
                "the local network (anyone there with the link can read the score), or this computer only",
            ),
            Key(
                "share.next",
                "right,n",
                "next_code",
                "Next code",
                "a game of several tables: the next address's QR code (each table's own, then the read-only one's)",
                display="→",
                priority=True,
            ),
            Key("share.previous", "left", "previous_code", "", "the previous address's QR code", show=False, priority=True),
            Key("share.back", "escape,q", "close", "Back", "back to the pad; sharing goes on", keep=0, display="Esc"),
        ),
    ),
    Section(
        "help",
        "In the help",
        (
            Key("help.scroll", "up,down,pageup,pagedown", "", "", "scroll"),
            Key("help.back", "escape,q,question_mark,f1", "close", "Close", "close the help", keep=0, display="Esc"),
        ),
    ),
)

_BY_NAME = {s.name: s for s in SECTIONS}
KEYS_BY_ID: dict[str, Key] = {k.id: k for s in SECTIONS for k in s.keys}


def section(name: str) -> Section:
    return _BY_NAME[name]


def bindings(name: str, only: frozenset[str] | None = None) -> list[BindingType]:
    """A screen's ``BINDINGS``: every key of its section that has an action, with its id
    (``only``: the keys whose action, without its arguments, is one of these)."""
    return [
        Binding(k.keys, k.action, k.label, show=k.show, key_display=k.display, priority=k.priority, id=k.id)
        for k in section(name).keys
        if k.action and (only is None or k.action.split("(")[0] in only)
    ]


_DECLARED = {key_id: place for place, key_id in enumerate(KEYS_BY_ID)}


def declared_place(key_id: str | None) -> int:
    """Where a key is declared in ``SECTIONS``: the footer's order, whatever a keymap rebinds
    (Textual puts a rebound binding after the others). Keys not declared here come last."""
    return _DECLARED.get(key_id or "", len(_DECLARED))


def screen_sections(name: str) -> tuple[Section, ...]:
    """The sections a screen of ``KEY_SECTION`` ``name`` answers to: its own, then those it shares."""
    own = section(name)
    return (own, *(section(n) for n in own.also))


def footer_rank(action: str, name: str) -> int:
    """How long a footer key stays as the screen narrows (lower: longer); unknown keys go first."""
    for s in (*screen_sections(name), section("app")):
        for k in s.keys:
            if k.action == action:
                return k.keep
    return 99


# The help key's word in a footer that leaves some keys out: the help lists them all.
MORE_KEYS = "More keys"

# The keys that change the game: a read-only window (another holds the folder) offers none of them.
WRITES = frozenset({"add", "edit", "delete", "undo", "end_game", "new_game", "correct", "names"})


def writing_action(screen_section: str, key: str, keymap: Mapping[str, str]) -> bool:
    """Whether ``key`` (as Textual names a key pressed) is one of the screen's keys that change the game."""
    return any(
        k.action in WRITES and key in normalize_key_list(keys_of(k, keymap)).split(",")
        for s in screen_sections(screen_section)
        for k in s.keys
    )


# Key names as a person reads them; the rest as Textual shows them (? for question_mark).
_WORDS = {
    "escape": "Esc",
    "enter": "Enter",
    "delete": "Delete",
    "tab": "Tab",
    "space": "Space",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "backspace": "Backspace",
    "insert": "Insert",
}


def _one_key(key: str) -> str:
    *modifiers, name = visible(key.strip()).split("+")  # checked when read; shown safe even so
    if name in _WORDS:
        word = _WORDS[name]
    elif re.fullmatch(r"f[0-9]{1,2}", name):
        word = name.upper()
    else:
        word = format_key(name)
    return "+".join([*modifiers, word])


_MOVES = {"up", "down", "left", "right", "pageup", "pagedown", "home", "end"}


def key_words(keys: str) -> list[str]:
    """``plus,a`` → ``["+", "a"]``; ``question_mark,f1`` → ``["?", "F1"]``."""
    return [_one_key(k) for k in keys.split(",") if k.strip()]


def key_text(keys: str, mark: Callable[[str], str] = str) -> str:
    """``plus,a`` → ``+ or a``; ``escape,q,h`` → ``Esc, q or h``; ``up,down`` → ``↑ ↓``.

    ``mark`` dresses each key (the documentation writes each as code).
    """
    words = [mark(w) for w in key_words(keys)]
    if all(k.strip() in _MOVES for k in keys.split(",")):
        return " ".join(words)  # keys that move: all of them, not one or another
    if len(words) > 2:
        return ", ".join(words[:-1]) + " or " + words[-1]
    return " or ".join(words)


def keys_of(key: Key, keymap: Mapping[str, str]) -> str:
    """The keys ``key`` answers to under ``keymap`` (a user's keymap replaces them all)."""
    if not key.action:
        return key.keys
    return keymap.get(key.id) or key.keys


def first_key(key_id: str, keymap: Mapping[str, str]) -> str:
    """The first key ``key_id`` answers to now, as a person reads it: ``r``, ``Esc``; for the
    words of a dialog or a title that name a key, so that they follow a user's keymap."""
    return key_words(keys_of(KEYS_BY_ID[key_id], keymap))[0]


def keymap_of(app: object) -> Mapping[str, str]:
    """The keymap the app applies."""
    return app_keymap(app)


def table(
    keymap: Mapping[str, str] | None = None, mark: Callable[[str], str] = str
) -> list[tuple[Section, list[tuple[str, str]]]]:
    """Every section and its rows (the keys as a person reads them, what they do)."""
    keymap = keymap or {}
    return [(s, [(key_text(keys_of(k, keymap), mark), k.does) for k in s.keys]) for s in SECTIONS]


def docs_table() -> str:
    """The documentation's key tables (docs/playing.md), from the defaults: one per section, with each key's id for a keymap."""
    out: list[str] = []
    for sec in SECTIONS:
        out += [f"**{sec.title}**", "", "| key | what it does | id |", "|---|---|---|"]
        for k in sec.keys:
            keys = key_text(k.keys, mark=lambda w: f"`{w}`")
            out.append(f"| {keys} | {k.does} | {f'`{k.id}`' if k.action else ''} |")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


# What a key name may be, as Textual names keys: modifiers, then a named key (``escape``,
# ``f1``, ``pageup``), one printable character, or a character's name (``question_mark``).
_MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
_NAMED_KEYS = frozenset(k.value for k in Keys if "+" not in k.value and not k.value.startswith("<")) | frozenset(
    a for a in KEY_ALIASES if "+" not in a
)
# The way out from any screen, whatever the keymap: no other key may take these.
QUIT_KEYS = ("ctrl+q", "ctrl+c")


def known_key(key: str) -> bool:
    """Whether ``key`` (one key, normalized) is a key Textual knows: never a control
    character, an escape sequence or any other text that could act on a terminal."""
    *modifiers, name = key.split("+") if key != "+" else ["+"]
    if not name or any(m not in _MODIFIERS for m in modifiers) or len(set(modifiers)) != len(modifiers):
        return False
    if name in _NAMED_KEYS:
        return True
    if len(name) == 1:
        return name.isprintable() and not name.isspace()
    character = format_key(name)  # a character's name gives the character: "plus" is "+"
    return len(character) == 1 and character.isprintable() and normalize_key_list(character) == name


def _split(keys: str) -> list[str]:
    return [k for k in keys.split(",") if k]


def _clashes(keymap: Mapping[str, str]) -> set[str]:
    """The ids of ``keymap`` whose keys another key of the same screen answers to as well
    (of which only one would work, and the footer could show none). A screen's own keys
    come before the app's: its ``q`` that leaves it is meant to, but an app key rebound
    onto one of a screen's keys would be lost there."""
    clashing: set[str] = set()
    app = [k for k in section("app").keys if k.id in keymap]
    for sec in SECTIONS:
        owner: dict[str, str] = {}
        for k in (*sec.keys, *(app if sec.name != "app" else ())):
            for one in _split(normalize_key_list(keys_of(k, keymap))):
                other = owner.setdefault(one, k.id)
                if other != k.id:
                    clashing |= {other, k.id} & keymap.keys()
    return clashing


def read_keymap(raw: Any, where: str = "settings.json") -> tuple[dict[str, str], list[str]]:
    """A user keymap from ``settings.json``'s ``"keys"`` (``where``: that file, as a message
    names it): the entries that can apply, and a sentence for each that cannot (an unknown
    id, a key that is not a string or not a key Textual knows, a fixed key, a key taken by
    another of the same screen). A keymap that would take away the way out (ctrl+q and
    ctrl+c, from any screen) is refused whole."""
    if raw is None:
        return {}, []
    if not isinstance(raw, dict):
        return {}, [f'{where}: "keys" should map key ids to keys, such as {{"pad.add": "plus,a,i"}}; it was left out.']
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for key_id, keys in raw.items():
        known = KEYS_BY_ID.get(key_id) if isinstance(key_id, str) else None
        shown = visible(str(key_id))  # from a file: control characters are shown, never sent
        if known is None:
            problems.append(
                f'{where}: "{shown}" is not a key id; the help (?) lists the keys, and the documentation (At the table, Keys) their ids.'
            )
            continue
        if known.fixed:
            quits = " and ".join(key_words(known.keys))
            refusal = (
                f'{where}: the keymap rebinds "{shown}", which would leave no sure way to quit: '
                f"{quits} always quit, from any screen. The keymap was not used; the usual keys are."
            )
            return {}, [refusal]
        if not known.action:
            problems.append(f'{where}: "{shown}" is handled by its field or list and cannot be rebound.')
            continue
        named = normalize_key_list(keys) if isinstance(keys, str) and keys.strip() else ""
        if not named or any(not k for k in named.split(",")):
            problems.append(
                f'{where}: the keys for "{shown}" should be a text such as "plus,a" or "ctrl+e"; the usual ones are used.'
            )
            continue
        unknown = [k for k in named.split(",") if not known_key(k)]
        if unknown:
            problems.append(
                f'{where}: "{visible(unknown[0])[:40]}" (for "{shown}") is not a key name, such as "plus", "a", '
                f'"ctrl+e" or "f2"; the usual keys are used.'
            )
            continue
        taken = [k for k in named.split(",") if k in QUIT_KEYS]
        if taken:
            problems.append(f'{where}: {taken[0]} always quits, so it cannot be the key for "{shown}"; the usual keys are used.')
            continue
        keymap[key_id] = named
    dropped: list[str] = []
    while clashing := _clashes(keymap):
        for key_id in sorted(clashing):
            dropped.append(f'"{key_id}" ({key_text(keymap.pop(key_id))})')
    if dropped:
        problems.append(
            f"{where}: {', '.join(dropped)} would answer to a key that another key of the same screen has, "
            "so only one of them could work; the usual keys are used for these."
        )
    return keymap, problems


def palette_commands(screen: object, keymap: Mapping[str, str]) -> Iterator[SystemCommand]:
    """The command palette's commands for ``screen``: its section's keys that have a title,
    each saying what it does and the keys it answers to now."""
    name = getattr(screen, "KEY_SECTION", "")
    if name not in _BY_NAME:
        return
    check = getattr(screen, "check_action", None)
    for k in (k for s in screen_sections(name) for k in s.keys):
        callback = getattr(screen, f"action_{k.action}", None) if k.command else None
        # A key the screen does not answer to now (a hand's keys while a hand is typed) is not offered.
        if callback is not None and (check is None or check(k.action, ()) is not False):
            yield SystemCommand(k.command, f"{k.does[:1].upper()}{k.does[1:]} ({key_text(keys_of(k, keymap))})", callback)


# The keys a new player needs for a whole evening, in the order they meet them: the
# README's and the documentation's first table, written from here like the others.
FIRST_KEYS = (
    "pad.add",
    "form.next",
    "form.submit",
    "form.cancel",
    "pad.edit",
    "pad.undo",
    "pad.new",
    "pad.tally",
    "pad.help",
    "app.quit",
)


def first_keys_table() -> str:
    """The table of the ten keys that matter (the README's, the documentation's home page), from their declarations."""
    rows = ["| key | what it does |", "|---|---|"]
    for key_id in FIRST_KEYS:
        k = KEYS_BY_ID[key_id]
        rows.append(f"| {key_text(k.keys, mark=lambda w: f'`{w}`')} | {k.does} |")
    return "\n".join(rows) + "\n"
