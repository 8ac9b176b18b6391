"""The player's preferences, in ``settings.json``: the rules and names that new games
start with, the tally's rounding and stake, the colour theme and a keymap.

None of them is a game: a file that cannot be read is kept aside byte for byte (never
written over) and the usual choices are used, and every read returns what it found wrong,
in sentences for a person, beside what it read. Only a writer, holding the folder's
lock, keeps a file aside; a reader leaves it where it is and says so. One file holds them all, so each writer
keeps the parts it does not change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgepad.core.model import SEATS
from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.rules.settings import Settings
from bridgepad.store.atomic_file import atomic_write
from bridgepad.store.data_files import NotReadable, keep_aside, parse_json, read_regular
from bridgepad.store.errors import shown_path

Players = tuple[str, str, str, str]
STAKE_LIMIT = 20  # characters: the stake is shown in the tally's field, a short amount


@dataclass(frozen=True, slots=True)
class NewGameDefaults:
    """The rules and names a new game starts with, and what was wrong with them as saved."""

    settings: Settings
    players: Players
    problems: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TallyPreferences:
    """The tally's last choices: round margins to 100 or not, and the stake per 100 as typed ("" for none)."""

    rounding: bool = False
    stake: str = ""
    problems: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Looks:
    """The colour theme chosen last ("" for none yet) and the player's keymap as written (``"keys"``)."""

    theme: str = ""
    keys: Any = None
    problems: tuple[str, ...] = ()
    where: str = "settings.json"  # the file, as a message about the keymap names it


class PreferencesFile:
    """``settings.json`` of one data folder."""

    def __init__(self, root: Path, *, read_only: bool = False) -> None:
        """``read_only``: for a reader (``tally``, a window that only looks), which never
        changes the folder: a damaged file is reported and left where it is."""
        self.path = root / "settings.json"
        self.read_only = read_only

    def _read(self) -> tuple[dict[str, Any], list[str]]:
        """The file's object, and what was wrong with it: a file that is not one is kept aside."""
        try:
            data = parse_json(read_regular(self.path))
        except FileNotFoundError:
            return {}, []
        except NotReadable as e:
            reason = e.reason
        else:
            if isinstance(data, dict):
                return data, []
            reason = "it does not hold settings"
        # Never written over: kept aside byte for byte (by a writer), and said, before the defaults are used.
        kept = keep_aside(self.path) if not self.read_only else None
        where = f"it was kept as {shown_path(kept)}" if kept else "it was left as it is"
        return {}, [f"Could not read {shown_path(self.path)}: {reason}; {where}, and the usual rules are used."]

    def _update(self, **parts: Any) -> None:
        data, _problems = self._read()  # said by the reads that show them; the rest is kept
        data.update(parts)
        atomic_write(self.path, json.dumps(data, indent=1).encode("utf-8"))

    # New games ----------------------------------------------------------------
    def new_game_defaults(self) -> NewGameDefaults:
        data, problems = self._read()
        players = data.get("players")
        names = ["", "", "", ""]
        if players is not None:
            where = shown_path(self.path)
            if isinstance(players, list) and len(players) == 4 and all(isinstance(p, str) for p in players):
                for i, (seat, name) in enumerate(zip(SEATS, players)):
                    try:
                        names[i] = check_name(name, seat)
                    except NotationError as e:
                        problems.append(f"{where}: {e} It is left out of new games.")
            else:
                problems.append(f"{where}: the players are not four names, so new games start without names.")
        chosen = (names[0], names[1], names[2], names[3])
        return NewGameDefaults(Settings.from_json(data.get("settings")), chosen, tuple(problems))

    def save_new_game_defaults(self, settings: Settings, players: Players) -> None:
        self._update(settings=settings.to_json(), players=list(players))

    # The tally ----------------------------------------------------------------
    def tally(self) -> TallyPreferences:
        data, problems = self._read()
        prefs = data.get("tally")
        if not isinstance(prefs, dict):
            return TallyPreferences(problems=tuple(problems))
        stake = prefs.get("stake")
        # Shown in the tally's field: a short amount, never text that could act on the terminal.
        if not isinstance(stake, str) or len(stake) > STAKE_LIMIT or not stake.isprintable():
            stake = ""
        return TallyPreferences(prefs.get("round") is True, stake, tuple(problems))

    def save_tally(self, rounding: bool, stake: str) -> None:
        self._update(tally={"round": rounding, "stake": stake})

    # Looks --------------------------------------------------------------------
    def looks(self) -> Looks:
        data, problems = self._read()
        theme = data.get("theme")
        return Looks(theme if isinstance(theme, str) else "", data.get("keys"), tuple(problems), shown_path(self.path))

    def save_theme(self, theme: str) -> None:
        self._update(theme=theme)
