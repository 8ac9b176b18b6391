"""The rule flags of the command line, in one table, and the one reader of them.

Every command that takes rules (``new``, ``import``, ``replay``) declares its flags from
``RULE_FLAGS`` and reads them with ``read_rule_flags``: the same spelling everywhere
(``--honors``/``--no-honors``, the others free text), read by the core's readers of the
new-game dialog (``bridgepad.core.readers.new_game``), so a flag takes the words and short forms
the dialog takes and is refused in the dialog's sentence.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from bridgepad.cli.errors import UsageError
from bridgepad.core.readers.new_game import CHOICES, read_rules, rule_values
from bridgepad.core.rules.settings import Settings


@dataclass(frozen=True, slots=True)
class RuleFlag:
    field: str  # the Settings field, and the key of the core's readers (``new_game.read_rules``)
    flag: str
    metavar: str
    what: str  # the help's words before the choices


RULE_FLAGS: tuple[RuleFlag, ...] = (
    RuleFlag("honors", "--honors", "", "score honors"),  # a switch, with --no-honors its opposite
    RuleFlag("chicago_vulnerable", "--chicago-vulnerable", "RULE", "Chicago deals 2 and 3"),
    RuleFlag("chicago_part_score", "--chicago-partscore", "RULE", "Chicago part scores"),
    RuleFlag("pass_word", "--pass-word", "WORD", "the word for a pass"),
    RuleFlag("we", "--we", "SIDE", "We"),
    RuleFlag("next_dealer", "--next-dealer", "RULE", "first dealer of the next game"),
    RuleFlag("duplicate_scoring", "--scoring", "FORM", "duplicate boards compared by"),
    RuleFlag("pairs_percentage", "--pairs-percentage", "RULE", "a pairs session's percentage"),
)
BY_FIELD = {f.field: f for f in RULE_FLAGS}
ALL_FIELDS = tuple(BY_FIELD)
NO_HONORS = "--no-honors"


def add_rule_flags(parser: argparse.ArgumentParser, fields: Sequence[str] = ALL_FIELDS, note: str = "") -> None:
    """Declares the flags of ``fields`` on ``parser``; ``note`` ends each help (``(a log)``)."""
    tail = f" {note}" if note else ""
    for name in fields:
        f = BY_FIELD[name]
        if name == "honors":
            honors = parser.add_mutually_exclusive_group()
            honors.add_argument(f.flag, dest=name, action="store_const", const="yes", help=f"{f.what}{tail}")
            honors.add_argument(NO_HONORS, dest=name, action="store_const", const="no", help=f"do not score honors{tail}")
        else:
            parser.add_argument(f.flag, dest=name, metavar=f.metavar, help=f"{f.what}: {CHOICES[name]}{tail}")


def given_rules(args: argparse.Namespace) -> dict[str, str]:
    """The rules given as flags, by field, as typed (honors as "yes" or "no")."""
    return {f.field: value for f in RULE_FLAGS if (value := getattr(args, f.field, None)) is not None}


def given_flags(args: argparse.Namespace) -> list[str]:
    """The rule flags given, as written on the command line (``--no-honors``), in the table's order."""
    out = []
    for name, value in given_rules(args).items():
        out.append(NO_HONORS if name == "honors" and value == "no" else BY_FIELD[name].flag)
    return out


def read_rule_flags(args: argparse.Namespace, base: Settings, command: str) -> Settings:
    """``base`` with the rules given as flags; a flag the core cannot read is refused in one line."""
    given = given_rules(args)
    if not given:
        return base
    values = rule_values(base)
    values.update(given)
    errors: dict[str, str] = {}
    settings = read_rules(values, errors)
    if settings is None:
        raise UsageError(f"bridgepad {command}: {next(iter(errors.values()))}")
    return settings
