"""The scoring tables of a game, as rows of text for the help screen.

Every figure is read from ``tables`` so the help can never disagree with the scoring.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgepad.core.model import Doubling, Revoke, Side, Strain
from bridgepad.core.rules import revoke, tables
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import ChicagoPartScore, DuplicateScoring, Settings


@dataclass(frozen=True, slots=True)
class RuleTable:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


def _f(n: int) -> str:
    return f"{n:,}"


def _under_row(label: str, d: Doubling, first: int, last: int) -> tuple[str, str, str]:
    nv = tables.undertrick_values(last, d, False)[first - 1]
    v = tables.undertrick_values(last, d, True)[first - 1]
    return (label, _f(nv), _f(v))


def revoke_table() -> RuleTable:
    """The revoke's transfer (the fuller rule books), and how the result field takes it."""
    return RuleTable(
        "A revoke: tricks moved to the side that did not revoke",
        ("", "Tricks"),
        (
            ("Established, two or more tricks won after it", str(revoke.transfer(Revoke(Side.NS, 2)))),
            ("Established, only one trick won after it", str(revoke.transfer(Revoke(Side.NS, 1)))),
            ("No trick won after it", str(revoke.transfer(Revoke(Side.NS, 0)))),
            ("On the twelfth trick (not established)", str(revoke.transfer(Revoke(Side.NS, 1, True)))),
        ),
        "Type the tricks as played, then the revoke: 9 rev EW 2 (E-W revoked and won 2 tricks after it, "
        "the revoke trick included); 11 rev NS t12 for one on the twelfth trick.",
    )


def settings_table(mode: Mode, settings: Settings) -> RuleTable:
    rules = rules_for(mode)
    rows = [("Mode", rules.word), *rules.house_rules(settings)]
    rows.append(("A pass is called", settings.pass_word.value))
    rows.append(("We are", settings.we.word))
    rows += rules.follow_on_rules(settings)
    return RuleTable("The rules of this game", ("", ""), tuple(rows))


def scoring_tables(mode: Mode, settings: Settings) -> list[RuleTable]:
    out = [
        settings_table(mode, settings),
        RuleTable(
            "Trick score, each trick bid and made (below the line)",
            ("Contract", "Points"),
            (
                ("Clubs or diamonds", _f(tables.trick_value(Strain.C, 1))),
                ("Hearts or spades", _f(tables.trick_value(Strain.S, 1))),
                ("Notrump", f"{tables.trick_value(Strain.NT, 1)} for the first, {tables.trick_value(Strain.NT, 2)} each after"),
                ("Doubled", f"× {Doubling.DOUBLED.value}"),
                ("Redoubled", f"× {Doubling.REDOUBLED.value}"),
            ),
            f"A game is {tables.GAME} below the line, in one hand or several.",
        ),
        RuleTable(
            "Overtricks (above the line)",
            ("", "Not vulnerable", "Vulnerable"),
            (
                (
                    "Undoubled, clubs or diamonds",
                    *(_f(tables.overtrick_value(Strain.C, Doubling.NONE, v)) for v in (False, True)),
                ),
                (
                    "Undoubled, majors or notrump",
                    *(_f(tables.overtrick_value(Strain.S, Doubling.NONE, v)) for v in (False, True)),
                ),
                ("Doubled", *(_f(tables.overtrick_value(Strain.S, Doubling.DOUBLED, v)) for v in (False, True))),
                ("Redoubled", *(_f(tables.overtrick_value(Strain.S, Doubling.REDOUBLED, v)) for v in (False, True))),
            ),
            f"Making a doubled contract adds {tables.insult(Doubling.DOUBLED)}; redoubled, {tables.insult(Doubling.REDOUBLED)}.",
        ),
        RuleTable(
            "Undertricks (to the defenders, above the line)",
            ("", "Not vulnerable", "Vulnerable"),
            (
                _under_row("Undoubled, each", Doubling.NONE, 1, 1),
                _under_row("Doubled, the first", Doubling.DOUBLED, 1, 1),
                _under_row("Doubled, 2nd and 3rd, each", Doubling.DOUBLED, 2, 3),
                _under_row("Doubled, 4th and after, each", Doubling.DOUBLED, 4, 4),
                _under_row("Redoubled, the first", Doubling.REDOUBLED, 1, 1),
                _under_row("Redoubled, 2nd and 3rd, each", Doubling.REDOUBLED, 2, 3),
                _under_row("Redoubled, 4th and after, each", Doubling.REDOUBLED, 4, 4),
            ),
        ),
        RuleTable(
            "Slams bid and made (above the line)",
            ("", "Not vulnerable", "Vulnerable"),
            (
                ("Small slam (six level)", _f(tables.slam_bonus(6, False)), _f(tables.slam_bonus(6, True))),
                ("Grand slam (seven level)", _f(tables.slam_bonus(7, False)), _f(tables.slam_bonus(7, True))),
            ),
        ),
    ]
    out += _MODE_TABLES[mode](settings)
    out.append(revoke_table())
    return out


def _duplicate_tables(settings: Settings) -> list[RuleTable]:
    out: list[RuleTable] = []
    out.append(
        RuleTable(
            "Each board on its own",
            ("", "Not vulnerable", "Vulnerable"),
            (
                ("Game made", _f(tables.game_bonus(False)), _f(tables.game_bonus(True))),
                ("Part score made", _f(tables.PART_SCORE_BONUS), _f(tables.PART_SCORE_BONUS)),
            ),
            "No honors, no carry, no rubber. Dealer and vulnerability follow the board number.",
        )
    )
    if settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS:
        out.append(
            RuleTable(
                "Matchpoints: each board against the other results",
                ("", "Matchpoints"),
                (("Each other result beaten", "2"), ("Each other result tied", "1"), ("The top", "2 for each other result")),
                "E-W score the top less N-S's. The session's percentage is all the matchpoints over all the tops.",
            )
        )
    lows = (0,) + tables.IMP_SCALE
    rows = tuple(
        (f"{lo:,}–{hi - 10:,}" if hi else f"{lo:,}+", str(n)) for n, (lo, hi) in enumerate(zip(lows, tables.IMP_SCALE + (0,)))
    )
    out.append(
        RuleTable(
            "IMPs for the difference with another result",
            ("Difference", "IMPs"),
            rows,
            "Against several results, the IMPs against each, averaged to two decimals. A team match of N boards "
            "also scores victory points on the WBF 20-point continuous scale: 20 to 0 at a margin of 15 × √N IMPs.",
        )
    )
    return out


def _honors_tables(settings: Settings) -> list[RuleTable]:
    out: list[RuleTable] = []
    if settings.honors:
        out.append(
            RuleTable(
                "Honors, held in one hand (to the side that held them)",
                ("", "Points"),
                (
                    ("Four of the five trump honors", _f(tables.HONORS_FOUR_TRUMP)),
                    ("All five trump honors", _f(tables.HONORS_FIVE_TRUMP)),
                    ("Four aces, at notrump", _f(tables.HONORS_FOUR_ACES)),
                ),
                "Scored whatever the result, and never doubled.",
            )
        )
    else:
        out.append(RuleTable("Honors", ("",), (("Not scored at this table.",),)))
    return out


def _rubber_tables(settings: Settings) -> list[RuleTable]:
    out = _honors_tables(settings)
    out.append(
        RuleTable(
            "The rubber",
            ("", "Points"),
            (
                ("Won two games to none", _f(tables.RUBBER_TWO_NIL)),
                ("Won two games to one", _f(tables.RUBBER_TWO_ONE)),
                ("Unfinished: to a side with a game", _f(tables.UNFINISHED_GAME)),
                ("Unfinished: a part score in the open game", _f(tables.UNFINISHED_PART_SCORE)),
            ),
            "A side that has won a game is vulnerable. A passed-out deal scores nothing; the deal passes on.",
        )
    )
    return out


def _chicago_tables(settings: Settings) -> list[RuleTable]:
    out = _honors_tables(settings)
    part = (
        f"Part scores carry until a game; one still open after deal 4 earns {tables.CHICAGO_OPEN_PART_SCORE}."
        if settings.chicago_part_score is ChicagoPartScore.CARRY
        else f"Each part score made earns {tables.PART_SCORE_BONUS} at once; nothing is carried."
    )
    out.append(
        RuleTable(
            "Chicago: four deals",
            ("", "Not vulnerable", "Vulnerable"),
            (("Game made, at once", _f(tables.game_bonus(False)), _f(tables.game_bonus(True))),),
            f"Deal 1 nobody is vulnerable; {settings.chicago_vulnerable.description}; deal 4 both. "
            + part
            + " A passed-out deal is dealt again by the same dealer.",
        )
    )
    return out


# Each mode's own tables, after the ones every mode shares: the help's one choice by mode.
_MODE_TABLES = {Mode.RUBBER: _rubber_tables, Mode.CHICAGO: _chicago_tables, Mode.DUPLICATE: _duplicate_tables}
