"""The log grammar: ``parse_log`` reads a paper pad typed in, ``Log.games`` scores it."""

from __future__ import annotations

import pytest
from support.builders import WORKED

from bridgepad.core.model import Contract, Doubling, Hand, Honors, Seat, Side, Strain
from bridgepad.core.readers.log import (
    End,
    LogError,
    Players,
    parse_hand_line,
    parse_log,
    parse_players,
)
from bridgepad.core.readers.notation import NotationError
from bridgepad.core.rules.game import Mode, Status
from bridgepad.core.rules.settings import (
    ChicagoPartScore,
    ChicagoVulnerable,
    NextDealer,
    Settings,
)

NS, EW = Side.NS, Side.EW

WORKED_LOG = """\
# The worked rubber (builders.WORKED) in the log's other spellings; we are N-S.
rubber
dealer N
players N=Ann E=Bob S=Cy W=Di

N 3S 10            # hand one: 90 below, 30 above
E 4HX 8            # hand two: 300 above for us
S 2C 8             # hand three: 40 below, our game
W 3NT 9 honors EW 150
N 4SX -1           # one short, vulnerable: 200 to them
E 2H =             # 60 below
S 6D 12            # the rubber
"""


def test_parse_the_worked_rubber() -> None:
    log = parse_log(WORKED_LOG)
    assert log.mode is Mode.RUBBER
    assert log.first_dealer is Seat.N
    lines = [n for n, _ in log.items]
    assert lines == [4, 6, 7, 8, 9, 10, 11, 12]  # blank and comment lines are skipped, line numbers kept
    assert log.items[0][1] == Players(("Ann", "Bob", "Cy", "Di"))
    assert log.items[1][1] == Hand(Contract(3, Strain.S), Seat.N, 10)
    assert log.items[2][1] == Hand(Contract(4, Strain.H, Doubling.DOUBLED), Seat.E, 8)
    assert log.items[4][1] == Hand(Contract(3, Strain.NT), Seat.W, 9, Honors(EW, 150))
    assert log.items[5][1] == Hand(Contract(4, Strain.S, Doubling.DOUBLED), Seat.N, 9)  # -1 on 4S: 9 tricks
    assert log.items[6][1] == Hand(Contract(2, Strain.H), Seat.E, 8)


def test_score_the_worked_rubber() -> None:
    (st,) = parse_log(WORKED_LOG).games()
    assert st.game.hands == WORKED  # the shared worked rubber, spelt with comments, = and -1
    assert st.status is Status.WON
    assert (st.total(NS), st.total(EW)) == (1830, 510)  # as worked in the rule book
    assert st.game.players == ("Ann", "Bob", "Cy", "Di")
    assert st.game.name(Seat.W) == "Di"


def test_empty_log_is_one_empty_rubber() -> None:
    log = parse_log("# nothing yet\n\n")
    assert log.items == []
    (st,) = log.games()
    assert st.hands == () and st.status is Status.IN_PLAY


@pytest.mark.parametrize("word", ["chicago", "Chicago", "CHICAGO"])
def test_mode_line(word: str) -> None:
    log = parse_log(f"{word}\nN 1C 7\n")
    assert log.mode is Mode.CHICAGO


@pytest.mark.parametrize("text, seat", [("dealer E", Seat.E), ("dealer south", Seat.S), ("Dealer w", Seat.W)])
def test_dealer_line(text: str, seat: Seat) -> None:
    assert parse_log(text).first_dealer is seat


def test_players_with_quoted_names() -> None:
    log = parse_log('players "N=Ann Lee" E=Bob\n')
    assert log.items == [(1, Players(("Ann Lee", "Bob", "", "")))]


@pytest.mark.parametrize(
    "words",
    [[], ["Ann"], ["N="], ["X=Ann"], ["N=Ann", "N=Bea"], ["N=" + "a" * 41], ["N=a\x07b"]],
)
def test_bad_players(words: list[str]) -> None:
    with pytest.raises(NotationError):
        parse_players(words)


@pytest.mark.parametrize(
    "line, hand",
    [
        ("pass", Hand()),
        ("PASS", Hand()),
        ("N 4S 10", Hand(Contract(4, Strain.S), Seat.N, 10)),
        ("e 3ntx -1", Hand(Contract(3, Strain.NT, Doubling.DOUBLED), Seat.E, 8)),
        ("West 4♥ +1 honors NS 100", Hand(Contract(4, Strain.H), Seat.W, 11, Honors(NS, 100))),
        ("S 6S = honors ew 150", Hand(Contract(6, Strain.S), Seat.S, 12, Honors(EW, 150))),
        ("S 6S = HONORS 150 EW", Hand(Contract(6, Strain.S), Seat.S, 12, Honors(EW, 150))),
    ],
)
def test_hand_lines(line: str, hand: Hand) -> None:
    assert parse_log(line).items == [(1, hand)]
    assert parse_hand_line(line.split()) == hand


def test_end_line() -> None:
    log = parse_log("N 1C 7\nend\nE 1C 7\n")
    assert [type(item) for _, item in log.items] == [Hand, End, Hand]


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("N 4S\n", 1, "declarer, contract and result"),
        ("Q 4S 10\n", 1, "N, E, S or W"),
        ("N 4Q 10\n", 1, "C, D, H, S or NT"),
        ("N 8S 10\n", 1, "1 to 7"),
        ("N 4S 14\n", 1, "0 to 13"),
        ("N 6NT +2\n", 1, "at most +1"),
        ("\n\nN 3NT 9 honors NS 100\n", 3, "150"),
        ("N 4S 10 honors\n", 1, "honors NS 100"),
        ("N 4S 10 honors NS 120\n", 1, "100 or 150"),
        ("N 4S 10 bonus 50\n", 1, "honors"),
        ("N pass 10\n", 1, "pass on its own line"),
        ("end\n", 1, "end comes after"),
        ("N 1C 7\nend\nend\n", 3, "end comes after"),
        ("N 1C 7\nchicago\n", 2, "mode is set once"),
        ("N 1C 7\ndealer E\n", 2, "dealer is set once"),
        ("dealer\n", 1, "dealer takes one seat"),
        ("dealer N E\n", 1, "dealer takes one seat"),
        ("dealer Q\n", 1, "N, E, S or W"),
        ('players "N=Ann\n', 1, "quotation mark"),
        ("players N=Ann N=Bea\n", 1, "named twice"),
        ("players\n", 1, "names by seat"),
    ],
)
def test_errors_carry_line_numbers(text: str, line: int, fragment: str) -> None:
    with pytest.raises(LogError) as e:
        parse_log(text)
    assert len(e.value.errors) == 1
    n, msg = e.value.errors[0]
    assert n == line
    assert fragment.lower() in msg.lower(), msg
    assert msg[:1] == msg[:1].upper(), "a message starts as a sentence"
    assert "\n" not in msg
    assert e.value.lines("pad.log") == [f"pad.log:{line}: {msg}"]
    assert f"line {line}: " in str(e.value)


def test_several_errors_reported_at_once() -> None:
    text = """\
rubber
N 4S 10
N 4Q 10          # line 3: no such strain
E 3NT 9
W 3NT 14         # line 5: fourteen tricks
pass
S 2H             # line 7: no result
dealer E         # line 8: too late for the dealer
"""
    with pytest.raises(LogError) as e:
        parse_log(text)
    assert [n for n, _ in e.value.errors] == [3, 5, 7, 8]
    lines = e.value.lines("evening.log")
    assert len(lines) == 4
    assert all(line.startswith(f"evening.log:{n}: ") for line, n in zip(lines, (3, 5, 7, 8)))


def test_players_in_the_middle_of_a_game_is_an_error_with_its_line() -> None:
    log = parse_log("N 1C 7\nplayers N=Ann\n")
    with pytest.raises(LogError) as e:
        log.games()
    assert e.value.errors[0][0] == 2
    assert "players" in e.value.errors[0][1]


def test_end_after_a_finished_rubber_is_an_error() -> None:
    log = parse_log("N 4S 10\nN 4S 10\nend\n")
    with pytest.raises(LogError) as e:
        log.games()
    assert e.value.errors[0][0] == 3


# --- Log.games: one game after another, the deal passing on -----------------------------


def test_rubbers_follow_one_another_and_the_deal_passes_left() -> None:
    text = """\
dealer N
N 4S 10     # rubber 1, N deals: we 120, a game
E 3NT 9     # E deals: they 100, a game
pass        # S deals: passed out
W 2H 8      # W deals: they 60
S 3NT 10    # N deals: we 100 + 30, game and rubber 2-1: 500
N 1NT 7     # rubber 2, E deals: we 40
end         # unfinished: a part score in the open game, 100
E 2C 8      # rubber 3, S deals: they 40, still running at the end of the log
"""
    games = parse_log(text).games()
    assert len(games) == 3
    r1, r2, r3 = games
    assert r1.status is Status.WON and r1.complete
    assert [h.dealer for h in r1.hands] == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N]
    # We: 120 + 100 below, 30 + 500 above. They: 100 + 60 below.
    assert (r1.below(NS), r1.above(NS), r1.total(NS)) == (220, 530, 750)
    assert (r1.below(EW), r1.above(EW), r1.total(EW)) == (160, 0, 160)
    assert r1.game.first_dealer is Seat.N and len(r1.game.hands) == 5

    assert r2.status is Status.ENDED and not r2.complete
    assert r2.game.first_dealer is Seat.E
    assert r2.game.ended
    assert [h.dealer for h in r2.hands] == [Seat.E]
    assert (r2.total(NS), r2.bonus(NS)) == (40 + 100, 100)

    assert r3.status is Status.IN_PLAY and not r3.complete
    assert r3.game.first_dealer is Seat.S
    assert r3.bonuses == ()  # no bonus for being unfinished when the log simply stops
    assert r3.total(EW) == 40


def test_next_rubber_first_dealer_rotates_setting() -> None:
    text = "dealer N\nN 4S 10\nN 4S 10\npass\n"  # N and E deal rubber 1
    passes_on = parse_log(text).games()
    assert passes_on[1].game.first_dealer is Seat.S  # the deal simply passes on
    rotates = parse_log(text).games(Settings(next_dealer=NextDealer.ROTATES))
    assert rotates[1].game.first_dealer is Seat.E  # left of rubber 1's first dealer
    assert rotates[1].hands[0].dealer is Seat.E


def test_chicagos_follow_one_another() -> None:
    text = """\
chicago
dealer W
W 1C 7      # deal 1, W deals: E-W 20
pass        # N deals, passed out: N deals again
N 1C 7      # deal 2, N deals: N-S 20
E 1C 7      # deal 3, E deals: E-W 20 more, 40
S 1C 7      # deal 4, S deals: N-S 20 more, 40
N 3NT 9     # Chicago 2, deal 1: W deals
"""
    games = parse_log(text).games()
    assert len(games) == 2
    c1, c2 = games
    assert c1.status is Status.FINISHED
    assert [h.dealer for h in c1.hands] == [Seat.W, Seat.N, Seat.N, Seat.E, Seat.S]
    # Carry: both sides have an open part score after deal 4: 100 each.
    assert (c1.bonus(NS), c1.bonus(EW)) == (100, 100)
    assert (c1.total(NS), c1.total(EW)) == (140, 140)
    assert c2.game.first_dealer is Seat.W
    assert c2.hands[0].deal == 1 and c2.hands[0].vulnerable == frozenset()
    # Deal 1 of a new Chicago: nobody vulnerable, a game 300.
    assert c2.total(NS) == 100 + 300


def test_log_settings_are_applied() -> None:
    text = "chicago\nN 2S 8\n"
    (st,) = parse_log(text).games(Settings(chicago_part_score=ChicagoPartScore.FIFTY))
    assert st.total(NS) == 60 + 50
    (st,) = parse_log("chicago\nN 1C 7\nS 4S 10\n").games(Settings(chicago_vulnerable=ChicagoVulnerable.DEALER))
    assert st.hands[1].vulnerable == frozenset({EW})  # deal 2, East deals: East's side
    (st,) = parse_log("N 4S 10 honors NS 100\n").games(Settings(honors=False))
    assert st.total(NS) == 120


def test_players_between_rubbers() -> None:
    text = "players N=Ann\nN 4S 10\nN 4S 10\nplayers N=Zoe\nE 1C 7\n"
    r1, r2 = parse_log(text).games()
    assert r1.game.players[0] == "Ann"
    assert r2.game.players[0] == "Zoe"


def test_players_after_the_last_rubber_makes_no_empty_rubber() -> None:
    games = parse_log("N 4S 10\nN 4S 10\nplayers N=Zoe\n").games()
    assert len(games) == 1


def test_comment_handling() -> None:
    log = parse_log("N 4S 10 # honors NS 100 is only a comment\n   # indented comment\n#\n")
    assert log.items == [(1, Hand(Contract(4, Strain.S), Seat.N, 10))]


def test_byte_order_mark_and_crlf_line_ends() -> None:
    # Some editors start a UTF-8 file with a byte-order mark and end lines with CR LF.
    log = parse_log("\ufeffchicago\r\ndealer E\r\nN 4S 10\r\n")
    assert log.mode is Mode.CHICAGO
    assert log.first_dealer is Seat.E
    assert log.items == [(3, Hand(Contract(4, Strain.S), Seat.N, 10))]


@pytest.mark.parametrize("line", ["pass honors NS 100", "pass 10", "P 4S 10"])
def test_a_pass_takes_nothing_after_it(line: str) -> None:
    with pytest.raises(LogError) as e:
        parse_log(line)
    ((n, msg),) = e.value.errors
    assert n == 1
    assert "pass on its own line" in msg


def test_games_read_from_a_log_are_the_games_saved() -> None:
    # Three rubbers, each won 2-0 by N-S with 3NT twice: what the log gives is exactly what
    # a game file holds, so a game read from a log and the same game reloaded are equal.
    from bridgepad.core.readers.serialize import game_from_json, game_to_json

    states = parse_log("N 3NT 9\nS 3NT 9\n" * 3).games()
    assert len(states) == 3
    for st in states:
        assert st.game.first_board == 1
        assert game_from_json(game_to_json(st.game)) == st.game
