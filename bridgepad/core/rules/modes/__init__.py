"""The rules of each mode, one object a mode: ``rules_for(Mode.CHICAGO)``."""

from __future__ import annotations

from bridgepad.core.rules.modes.base import ModeRules
from bridgepad.core.rules.modes.chicago import ChicagoRules
from bridgepad.core.rules.modes.duplicate import DuplicateRules
from bridgepad.core.rules.modes.rubber import RubberRules
from bridgepad.core.rules.outcome import Mode

RULES: dict[Mode, ModeRules] = {Mode.RUBBER: RubberRules(), Mode.CHICAGO: ChicagoRules(), Mode.DUPLICATE: DuplicateRules()}


def rules_for(mode: Mode) -> ModeRules:
    return RULES[mode]
