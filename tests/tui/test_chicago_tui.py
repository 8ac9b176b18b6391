"""A Chicago typed through the keyboard under each house rule, checked against figures worked by hand.

The rule book plays Chicago over four deals: nobody vulnerable on the first, the dealer's
opponents on the second and third, both sides on the fourth; a game earns 300 or 500
at once; part scores carry until a game and one still open after deal 4 earns 100; a
passed-out deal is dealt again by the same dealer and does not count. Its table of
"other tables" gives the dealer's side vulnerable on deals 2 and 3 and part scores of
50 at once, nothing carried; some rule books give the dealer's side on deal 2 and the
opponents on deal 3. ``bridgepad new chicago --chicago-vulnerable ... --chicago-partscore
...`` chooses among them, and each choice must change exactly those figures.

The Chicago of the parametrized test (North deals first) is built so that every rule shows:

    Deal 1, North deals, nobody vulnerable   2S by N, 8 tricks          N-S 60 below
    Deal 2, East deals                       passed out                 East deals again; still deal 2
    Deal 2, East deals again                 3NT by E, 9 tricks         E-W 100 below, a game: 300 or 500
    Deal 3, South deals                      1H doubled by W, 8 tricks  E-W 60 below, 50 insult, overtrick 100 or 200
    Deal 4, West deals, both vulnerable      1NT by N, 8 tricks         N-S 40 below, 30 above

Deal 2 (East deals): "opponents" makes N-S vulnerable, so E-W's game is worth 300;
"dealer" and "dealer-then-opponents" make E-W vulnerable: 500.
Deal 3 (South deals): "opponents" and "dealer-then-opponents" make E-W vulnerable, so
the doubled overtrick is 200; "dealer" makes N-S vulnerable and E-W not: 100.
Carry: E-W's game on deal 2 wipes N-S's 60; N-S's 40 on deal 4 is then a part score
still open (had the 60 not been wiped, 60 + 40 would be a vulnerable game and 500),
and so is E-W's 60 of deal 3: 100 to each side after deal 4.
Fifty: every part score made earns 50 at once (N-S on deals 1 and 4, E-W on deal 3),
the game on deal 2 its 300 or 500, nothing carried and nothing paid after deal 4.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.snapshot_apps.keyboard import keyboard
from support.snapshot_apps.scenarios import field_keys, make_app, seed
from support.snapshot_apps.screen import (
    Notes,
    form_open,
    hand_list,
    hand_rows,
    pad_text,
    status_text,
    text_of,
    visible_text,
)
from support.waiting import settle
from textual.widgets import Input

from bridgepad.cli import main
from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.game import Mode, Status
from bridgepad.core.rules.settings import ChicagoPartScore, ChicagoVulnerable, PassWord
from bridgepad.store.game_store import GameStore
from bridgepad.tui.widgets.pad_view import PadHead

SIZE = (100, 30)
NAMES = "N=Ann,E=Bob,S=Cy,W=Di"
NS, EW, BOTH, NOBODY = "NS", "EW", "both", "nobody"

# Who is vulnerable on deals 2 and 3 when East deals deal 2 and South deal 3.
VUL_2_3 = {
    "opponents": (NS, EW),  # East's opponents, then South's opponents
    "dealer": (EW, NS),  # East's side, then South's side
    "dealer-then-opponents": (EW, EW),  # East's side, then South's opponents
}


def new_game(root: Path, *args: str) -> None:
    assert main(["--data-dir", str(root), "new", *args]) == 0


def form_title(app) -> str:  # type: ignore[no-untyped-def]
    assert form_open(app), "the entry form is not open"
    return text_of(app.screen.query_one("#form-title"))


def form_fields(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(w.id) for w in app.screen.query(Input)]


def badge(vul: str, named: bool, we: Side = Side.NS) -> str:
    """The status line's vulnerability: the same phrase as the entry form's title (one home,
    ``core/summary.vulnerability_text``), names or not."""
    return title_vul(vul, we)


def title_vul(vul: str, we: Side = Side.NS) -> str:
    """The entry form title's vulnerability, as ``vulnerability_text`` writes it."""
    if vul == NOBODY:
        return "Nobody vulnerable"
    if vul == BOTH:
        return "Both vulnerable"
    side = Side(vul)
    return f"{'We' if side is we else 'They'} ({side.short}) vulnerable"


def seat_name(seat: str, named: bool) -> str:
    names = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    words = {"N": "North", "E": "East", "S": "South", "W": "West"}
    return f"{names[seat]} ({seat})" if named else words[seat]


async def enter_hand(  # type: ignore[no-untyped-def]
    pilot,
    app,
    deal: int,
    dealer: str,
    vul: str,
    named: bool,
    fields: tuple[str, ...],
    we: Side = Side.NS,
    honors_on: bool | None = None,
) -> None:
    """Checks the status line for the deal to come, opens the form, checks its title, types the hand."""
    status = status_text(app)
    assert f"Deal {deal} of 4" in status, status
    assert f"{seat_name(dealer, named)} deals" in status, status
    assert badge(vul, named, we) in status, status
    await keyboard(pilot, ["plus"])
    assert form_title(app) == f"Deal {deal} of 4 · {seat_name(dealer, named)} deals · {title_vul(vul, we)}"
    if honors_on is not None:  # honors off: the form does not ask for them
        assert ("honors" in form_fields(app)) is honors_on, form_fields(app)
    await keyboard(pilot, [*field_keys(*fields), "enter"])
    assert not form_open(app), f"the form refused {fields}"


# (chicago_vulnerable, part score, honors flag, players named, honors typed on deal 1)
CASES = [
    ("opponents", "carry", "--honors", True, True),
    ("opponents", "fifty", "--no-honors", False, False),
    ("dealer", "carry", "--no-honors", True, False),
    ("dealer", "fifty", None, False, False),  # honors by default: the field is there, left empty
    ("dealer-then-opponents", "carry", "--honors", False, False),
    ("dealer-then-opponents", "fifty", "--no-honors", True, False),
]


# The final totals (N-S, E-W), worked by hand:
TOTALS = {
    # N-S 60 + 40 below, 30 above, 100 for the 40 still open, 100 honors = 330;
    # E-W 100 + 60 below, 300 game (not vulnerable), 50 insult, 200 overtrick (vulnerable), 100 open = 810.
    ("opponents", "carry"): (330, 810),
    # N-S 60 + 40 + 30 + 50 + 50 = 230; E-W 100 + 60 + 300 + 50 + 200 + 50 = 760.
    ("opponents", "fifty"): (230, 760),
    # N-S 60 + 40 + 30 + 100 = 230; E-W 100 + 60 + 500 (vulnerable) + 50 + 100 (not vulnerable) + 100 = 910.
    ("dealer", "carry"): (230, 910),
    # N-S 230 as above; E-W 100 + 60 + 500 + 50 + 100 + 50 = 860.
    ("dealer", "fifty"): (230, 860),
    # N-S 230; E-W 100 + 60 + 500 (vulnerable on deal 2) + 50 + 200 (vulnerable on deal 3) + 100 = 1,010.
    ("dealer-then-opponents", "carry"): (230, 1010),
    # N-S 230; E-W 100 + 60 + 500 + 50 + 200 + 50 = 960.
    ("dealer-then-opponents", "fifty"): (230, 960),
}


def expected(rule: str, part: str, honors_typed: bool) -> dict[str, object]:
    """The figures of the Chicago above, worked by hand (see the module's docstring)."""
    vul2, vul3 = VUL_2_3[rule]
    game2 = 500 if vul2 == EW else 300  # E-W's 3NT on deal 2
    overtrick3 = 200 if vul3 == EW else 100  # E-W's doubled overtrick on deal 3
    fifty = part == "fifty"
    honors = 100 if honors_typed else 0
    # N-S: 60 (2S) + 40 (1NT) below, 30 overtrick above; fifty: 50 + 50; carry: 100 for the 40 left open.
    ns = 60 + 40 + 30 + (50 + 50 if fifty else 100) + honors
    # E-W: 100 (3NT) + 60 (1HX) below; the game bonus, the 50 insult and the doubled
    # overtrick above; fifty: 50 for the 1HX part score; carry: 100 for the 60 left open.
    ew = 100 + 60 + game2 + 50 + overtrick3 + (50 if fifty else 100)
    rows = [
        # (deal, dealer, contract, We, They): what each hand writes, the moment it is entered;
        # the passed-out deal has no number of its own ("–"): East deals deal 2 again.
        ("1", "N", "2♠", str(60 + (50 if fifty else 0) + honors), ""),
        ("–", "E", "Pass", "", ""),
        ("2", "E", "3NT", "", str(100 + game2)),
        ("3", "S", "1♥X", "", str(60 + 50 + overtrick3 + (50 if fifty else 0))),
        ("4", "W", "1NT", str(70 + (50 if fifty else 0)), ""),
    ]
    return {"vul2": vul2, "vul3": vul3, "ns": ns, "ew": ew, "rows": rows}


@pytest.mark.parametrize("rule,part,honors_flag,named,honors_typed", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
async def test_a_chicago_under_each_rule(
    tmp_path: Path, rule: str, part: str, honors_flag: str | None, named: bool, honors_typed: bool
) -> None:
    root = tmp_path / "data"
    flags = ["chicago", "--dealer", "N", "--chicago-vulnerable", rule, "--chicago-partscore", part]
    if honors_flag:
        flags.append(honors_flag)
    if named:
        flags += ["--players", NAMES]
    new_game(root, *flags)
    want = expected(rule, part, honors_typed)
    honors_on = honors_flag != "--no-honors"

    app = make_app(root)
    notes = Notes()
    async with app.run_test(size=SIZE, message_hook=notes) as pilot:
        await settle(pilot)
        game = app.session.game
        assert game.mode is Mode.CHICAGO
        assert game.settings.chicago_vulnerable is ChicagoVulnerable(rule)
        assert game.settings.chicago_part_score is ChicagoPartScore(part)
        assert game.settings.honors is honors_on
        assert status_text(app).startswith(" Chicago 1 ")

        # Deal 1: North deals, nobody vulnerable. 2S by N, 8 tricks (with N-S's 100 honors when typed).
        deal1 = ("2S", "N", "=", "NS 100") if honors_typed else ("2S", "N", "=")
        await enter_hand(pilot, app, 1, "N", NOBODY, named, deal1, honors_on=honors_on)
        st = app.session.state
        assert st.open_below[Side.NS] == (0 if part == "fifty" else 60)

        # Deal 2: East deals; passed out, so East deals deal 2 again, with the same vulnerability.
        await enter_hand(pilot, app, 2, "E", want["vul2"], named, ("pass",))  # type: ignore[arg-type]
        said = f"Passed out: {seat_name('E', named)} deals again, and the deal does not count."
        assert await notes.latest(pilot, said) == said
        st = app.session.state
        assert (st.next_deal, st.next_dealer, st.status) == (2, Seat.E, Status.IN_PLAY)
        assert st.hands[-1].deal is None  # the passed-out deal is not numbered

        # Deal 2 again: 3NT by E, 9 tricks: a game, and its bonus written at once.
        await enter_hand(pilot, app, 2, "E", want["vul2"], named, ("3NT", "E", "="))  # type: ignore[arg-type]
        st = app.session.state
        assert st.hands[-1].game_made_by is Side.EW
        assert (st.games[Side.NS], st.games[Side.EW]) == (0, 1)
        assert "Games We 0–1 They" in status_text(app)
        assert st.open_below == {Side.NS: 0, Side.EW: 0}  # carry: N-S's 60 is wiped by the game
        above = pad_text(app).split("═", 1)[0]  # the game bonus is above the line already
        assert f"│ {500 if want['vul2'] == EW else 300}" in above, above

        # Deal 3: South deals. 1H doubled by W, 8 tricks.
        await enter_hand(pilot, app, 3, "S", want["vul3"], named, ("1HX", "W", "+1"))  # type: ignore[arg-type]
        # Deal 4: West deals, both vulnerable. 1NT by N, 8 tricks.
        await enter_hand(pilot, app, 4, "W", BOTH, named, ("1NT", "N", "+1"))

        st = app.session.state
        assert st.status is Status.FINISHED
        if part == "carry":
            # 40 for N-S and 60 for E-W still open after deal 4: 100 each.
            assert sorted((e.side.value, e.points) for e in st.bonuses) == [("EW", 100), ("NS", 100)]
        else:
            assert st.bonuses == ()
        assert (st.total(Side.NS), st.total(Side.EW)) == (want["ns"], want["ew"]) == TOTALS[rule, part]

        ns, ew = want["ns"], want["ew"]
        assert isinstance(ns, int) and isinstance(ew, int)
        status = status_text(app)
        assert f"They win the Chicago, {ew:,} to {ns:,}, by {ew - ns:,}." in status, status
        # The deal passes on: West dealt deal 4, so North deals the first deal of the next Chicago.
        assert f"Press + to start the next Chicago; {seat_name('N', named)} deals." in status, status
        assert st.next_first_dealer is Seat.N

        rows = hand_rows(app)
        assert [(r[0], r[1], r[2], r[5], r[6]) for r in rows[:5]] == want["rows"]
        declarers = [r[3] for r in rows[:5]]
        if named:  # the hand list names the declarer as well as the seat
            assert declarers == ["Ann (N)", "", "Bob (E)", "Di (W)", "Ann (N)"]
        else:
            assert declarers == ["N", "", "E", "W", "N"]
        if part == "carry":
            assert rows[5][2] == "Bonus" and (rows[5][5], rows[5][6]) == ("100", "100")
        else:
            assert len(rows) == 5

        pad = pad_text(app)
        assert pad.splitlines()[-1].split() == [f"{ns:,}", f"{ew:,}"]
        if named:
            assert "Ann & Cy" in pad and "Bob & Di" in pad
        if part == "carry":
            # Below the line: 60 | 100 (deal 1 and E-W's game), the rule the game draws, then 40 | 60.
            below = pad.split("╪", 1)[1].splitlines()[1:]
            assert below[0].split() == ["60", "│", "100"]
            assert below[1].startswith("─") and "┼" in below[1]
            assert below[2].split() == ["40", "│", "60"]

        # The next + starts the next Chicago: its first deal, North dealing, nobody vulnerable.
        await keyboard(pilot, ["plus"])
        assert form_title(app) == f"Chicago 2 · deal 1 of 4 · {seat_name('N', named)} deals · Nobody vulnerable"
        await keyboard(pilot, ["escape"])
        assert app.session.state.status is Status.FINISHED  # nothing started until a hand is entered


@pytest.mark.slow
async def test_chicago_through_the_new_game_dialog_carries_part_scores_into_a_game(tmp_path: Path) -> None:
    """The ``n`` dialog, typed field by field: Chicago, East deals, no honors, dealer-then-opponents,
    carry, "No bid", We are E-W. Two N-S part scores make a game; the next Chicago starts with East.

        Deal 1, East deals, nobody vulnerable   2H by N, 8 tricks     N-S 60 below
        Deal 2, South deals: N-S vulnerable     1NT by S, 7 tricks    N-S 40 below: 100, a game: 500 at once
        Deal 3, West deals: N-S vulnerable      3NT by E, 8 tricks    down 1, E-W not vulnerable: N-S 50
        Deal 4, North deals, both vulnerable    2C by W, 9 tricks     E-W 40 below, 20 above; open: 100

    N-S (They): 60 + 40 + 500 + 50 = 650. E-W (We): 40 + 20 + 100 = 160. They win by 490.
    """
    root = tmp_path / "data"
    app = make_app(root)  # a fresh folder: a rubber under the default rules
    notes = Notes()
    async with app.run_test(size=SIZE, message_hook=notes) as pilot:
        await settle(pilot)
        first_id = app.session.stored.id
        assert app.session.game.mode is Mode.RUBBER
        await keyboard(pilot, ["n"])
        # mode, dealer, N, E, S, W, sitting out, honors, Chicago 2 & 3, part scores, pass word, we, next
        # dealer: each field comes prefilled from the rubber on the pad, its text selected, so typing replaces it.
        await keyboard(pilot, [*field_keys("c", "e", "", "", "", "", "", "n", "m", "", "nb", "ew"), "enter"])
        game = app.session.game
        assert app.session.stored.id != first_id
        assert game.mode is Mode.CHICAGO and game.first_dealer is Seat.E
        s = game.settings
        assert (s.honors, s.chicago_vulnerable, s.chicago_part_score, s.pass_word, s.we) == (
            False,
            ChicagoVulnerable.DEALER_THEN_OPPONENTS,
            ChicagoPartScore.CARRY,
            PassWord.NO_BID,
            Side.EW,
        )
        said = "New Chicago started. The last one stays saved."
        assert await notes.latest(pilot, said) == said
        # The status line numbers the game among those started today.
        m = re.match(r" Chicago (\d+) ", status_text(app))
        assert m, status_text(app)
        number = int(m.group(1))

        we = Side.EW
        await enter_hand(pilot, app, 1, "E", NOBODY, False, ("2H", "N", "="), we)
        await enter_hand(pilot, app, 2, "S", NS, False, ("1NT", "S", "="), we)
        st = app.session.state
        assert st.hands[-1].game_made_by is Side.NS  # 60 + 40: the part scores carried make a game
        assert [e.points for e in st.hands[-1].entries] == [40, 500]
        assert "Games We 0–1 They" in status_text(app)
        await enter_hand(pilot, app, 3, "W", NS, False, ("3NT", "E", "-1"), we)
        await enter_hand(pilot, app, 4, "N", BOTH, False, ("2C", "W", "+1"), we)

        st = app.session.state
        assert st.status is Status.FINISHED
        assert (st.total(Side.NS), st.total(Side.EW)) == (650, 160)
        status = status_text(app)
        assert "They win the Chicago, 650 to 160, by 490." in status
        assert "Press + to start the next Chicago; East deals." in status
        pad = pad_text(app).splitlines()
        assert pad[0].split() == ["We", "(E-W)", "│", "They", "(N-S)"]
        assert pad[-1].split() == ["160", "650"]

        # The next Chicago: East deals its first deal; it is passed out ("No bid"), dealt again by East.
        await keyboard(pilot, ["plus"])
        assert form_title(app) == f"Chicago {number + 1} · deal 1 of 4 · East deals · Nobody vulnerable"
        await keyboard(pilot, [*field_keys("nb"), "enter"])
        said = "Passed out: East deals again, and the deal does not count."
        assert await notes.latest(pilot, said) == said
        st = app.session.state
        assert st.game.mode is Mode.CHICAGO and st.game.settings == s
        assert (st.status, st.next_deal, st.next_dealer, len(st.hands)) == (Status.IN_PLAY, 1, Seat.E, 1)
        status = status_text(app)
        assert status.startswith(f" Chicago {number + 1} ") and "Deal 1 of 4" in status and "East deals" in status
        assert hand_rows(app)[0][2] == "No bid"
        # The finished Chicago is still in the data folder; the rubber the app opened with had no
        # hand in it, so it was never written (it never counts as a game played), nor put in the trash.
        ids = GameStore(root).ids()
        assert len(ids) == 2 and first_id not in ids
        assert not (root / "trash").exists()


# Names as long as many players' own: the declarer column is 9 wide and the pad's columns 11.
LONG_NAMES = "N=Margaret,E=Robert,S=Cy,W=Di"


async def test_the_hand_list_shows_a_long_named_declarer_with_the_seat(tmp_path: Path) -> None:
    root = tmp_path / "data"
    new_game(root, "chicago", "--players", LONG_NAMES)
    seed(root, [("2S", "N", "8", ""), ("3NT", "E", "9", "")])
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert [r[3] for r in hand_rows(app)] == ["Margaret (N)", "Robert (E)"]  # the cells hold it...
        shown = visible_text(hand_list(app))
        assert "Margaret (N)" in shown and "Robert (E)" in shown, shown  # ...the screen does not


async def test_the_pad_headers_show_long_named_partnerships_in_full(tmp_path: Path) -> None:
    root = tmp_path / "data"
    new_game(root, "chicago", "--players", LONG_NAMES)
    app = make_app(root)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = visible_text(app.screen.query_one(PadHead))  # the names are the pad's heading
        assert "Margaret & Cy" in shown and "Robert & Di" in shown, shown
