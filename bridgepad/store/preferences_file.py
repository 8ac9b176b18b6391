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
import secrets
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from bridgepad.core.model import SEATS
from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.settlement import StakeError, check_stake, read_stake
from bridgepad.core.words.text import visible
from bridgepad.store.atomic_file import atomic_write
from bridgepad.store.data_files import NotReadable, keep_aside, parse_json, read_regular
from bridgepad.store.errors import shown_path

Players = tuple[str, str, str, str]


@dataclass(frozen=True, slots=True)
class NewGameDefaults:
    """The rules and names a new game starts with, and what was wrong with them as saved."""

    settings: Settings
    players: Players
    problems: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TallyPreferences:
    """The tally's last choices: round margins or not, and the stake per 100 (None for none)."""

    rounding: bool = False
    stake: Decimal | None = None
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
            # Numbers as written: a stake of 0.10 is read back as 0.10, not as the float 0.1.
            data = parse_json(read_regular(self.path), parse_float=Decimal)
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
        atomic_write(self.path, _dumps(data).encode("utf-8"))

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
        stake, problem = _stake(prefs.get("stake"))
        if problem:
            problems.append(problem)
        return TallyPreferences(prefs.get("round") is True, stake, tuple(problems))

    def save_tally(self, rounding: bool, stake: Decimal | None) -> None:
        """Kept as a JSON number with the digits of ``stake`` (null for none)."""
        self._update(tally={"round": rounding, "stake": None if stake is None else check_stake(stake)})

    # Looks --------------------------------------------------------------------
    def looks(self) -> Looks:
        data, problems = self._read()
        theme = data.get("theme")
        return Looks(theme if isinstance(theme, str) else "", data.get("keys"), tuple(problems), shown_path(self.path))

    def save_theme(self, theme: str) -> None:
        self._update(theme=theme)


def _stake(saved: Any) -> tuple[Decimal | None, str]:
    """The saved stake, read by the one rule for a stake (``settlement.check_stake``), and what
    was wrong with it. Kept as a number; older files kept it as the text typed, still read."""
    try:
        if saved is None or saved == "":
            return None, ""
        if isinstance(saved, str):
            return read_stake(saved), ""
        if isinstance(saved, int | Decimal) and not isinstance(saved, bool):
            return check_stake(Decimal(saved)), ""
    except StakeError:
        pass
    shown = visible(saved if isinstance(saved, str) else json.dumps(saved, default=str))[:40]
    return None, f"the stake saved in settings.json ('{shown}') is not an amount; none is used."


def _dumps(data: Any) -> str:
    """``data`` as JSON, a Decimal as a number written with its own digits (json writes none)."""
    exact: dict[str, str] = {}
    mark = secrets.token_hex(8)  # a placeholder no text in the file can hold

    def number(o: Any) -> str:
        if not isinstance(o, Decimal):
            raise TypeError(f"{type(o).__name__} is not JSON")
        key = f"{mark}-{len(exact)}"
        exact[f'"{key}"'] = str(o)
        return key

    text = json.dumps(data, indent=1, default=number)
    for key, digits in exact.items():
        text = text.replace(key, digits)
    return text
