"""Properties of the scoring core, checked on many generated hands and games."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.builders import examples

from bridgepad.core.model import (
    SEATS,
    SIDES,
    Contract,
    Doubling,
    Hand,
    Honors,
    Seat,
    Side,
    Strain,
)
from bridgepad.core.readers.log import LogError, parse_hand_line, parse_log, parse_players
from bridgepad.core.readers.notation import (
    NotationError,
    parse_contract,
    parse_honors,
    parse_seat,
    parse_side,
    parse_tricks,
)
from bridgepad.core.readers.serialize import SchemaError, game_from_json, game_to_json
from bridgepad.core.rules import tables
from bridgepad.core.rules.board_scores import possible_scores
from bridgepad.core.rules.game import Game, GameOverError, Mode, Replayer, Status
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.scoring import duplicate_score, score_contract
from bridgepad.core.rules.settings import (
    ChicagoPartScore,
    ChicagoVulnerable,
    NextDealer,
    PassWord,
    Settings,
)
from bridgepad.core.rules.vulnerability import board_vulnerable

FAST = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))
seats = st.sampled_from(list(SEATS))
sides = st.sampled_from(list(SIDES))


@st.composite
def played_hands(draw, allow_pass: bool = True, honors: bool = True, other_table: bool = False) -> Hand:
    others_list = st.lists(st.integers(-10_000, 10_000), max_size=4).map(tuple)
    if allow_pass and draw(st.integers(0, 9)) == 0:
        return Hand(others=draw(others_list) if other_table else ())
    c = draw(contracts)
    h = None
    if honors and draw(st.booleans()):
        points = 150 if c.strain is Strain.NT else draw(st.sampled_from([100, 150]))
        h = Honors(draw(sides), points)
    others = draw(others_list) if other_table else ()
    return Hand(c, draw(seats), draw(st.integers(0, 13)), h, others)


# --- Scoring monotonicity ---------------------------------------------------------


@FAST
@given(contracts, st.integers(0, 13), st.booleans())
def test_made_contract_never_scores_below_its_trick_score(c: Contract, tricks: int, vul: bool) -> None:
    cs = score_contract(c, tricks, vul)
    if tricks >= c.tricks_needed:
        assert cs.made
        assert cs.trick_score == tables.trick_score(c)
        assert cs.trick_score + cs.declarer_above >= tables.trick_score(c)
        assert cs.penalty == 0
        assert duplicate_score(c, tricks, vul) >= cs.trick_score
    else:
        assert not cs.made
        assert cs.trick_score == 0 and cs.declarer_above == 0
        assert cs.penalty > 0
        assert duplicate_score(c, tricks, vul) == -cs.penalty


@FAST
@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 13), st.booleans())
def test_doubling_never_reduces_a_penalty(level: int, strain: Strain, tricks: int, vul: bool) -> None:
    pen = [score_contract(Contract(level, strain, d), tricks, vul).penalty for d in Doubling]
    assert pen[0] <= pen[1] <= pen[2]
    made = [score_contract(Contract(level, strain, d), tricks, vul) for d in Doubling]
    gains = [cs.trick_score + cs.declarer_above for cs in made]
    assert gains[0] <= gains[1] <= gains[2]


@FAST
@given(contracts, st.integers(0, 13))
def test_vulnerable_penalty_is_never_smaller(c: Contract, tricks: int) -> None:
    nv = score_contract(c, tricks, False)
    v = score_contract(c, tricks, True)
    assert v.penalty >= nv.penalty
    assert v.trick_score == nv.trick_score  # the trick score does not depend on vulnerability
    assert v.declarer_above >= nv.declarer_above


@FAST
@given(contracts, st.integers(0, 13), st.booleans())
def test_penalty_grows_with_each_undertrick(c: Contract, tricks: int, vul: bool) -> None:
    if tricks == 0 or tricks > c.tricks_needed:
        return
    fewer = score_contract(c, tricks - 1, vul).penalty
    assert fewer > score_contract(c, tricks, vul).penalty


# --- derive keeps its invariants -------------------------------------------------------


def play_until_over(game: Game, hands: list[Hand]) -> Game:
    """The longest prefix of ``hands`` that the game accepts."""
    r = Replayer(game)
    kept = []
    for h in hands:
        if r.status.over:
            break
        r.play(h)
        kept.append(h)
    return game.with_hands(tuple(kept))


@FAST
@given(st.lists(played_hands(), max_size=30), seats, st.booleans(), st.booleans())
def test_rubber_invariants(hands: list[Hand], first: Seat, honors: bool, ended: bool) -> None:
    game = play_until_over(Game(first_dealer=first, settings=Settings(honors=honors)), hands)
    if ended:
        game = replace(game, ended=True)
    st_ = derive(game)
    if ended:
        assert st_.over
    for side in SIDES:
        assert st_.total(side) == st_.above(side) + st_.below(side)
        assert st_.below(side) == sum(h.points(side, above=False) for h in st_.hands)
        assert 0 <= st_.games[side] <= 2
    assert sum(st_.games.values()) <= 3
    # A rubber stops at two games, and only there (or when ended by the players).
    won = max(st_.games.values()) == 2
    assert (st_.status is Status.WON) == won
    if st_.status is Status.IN_PLAY:
        assert not won
    # Below-the-line entries only from made contracts; the rubber bonus only when won.
    assert (st_.status is Status.WON) == any(b.kind.value == "rubber" for b in st_.bonuses)
    # The deal passes to the left after every hand, pass-outs included.
    assert [h.dealer for h in st_.hands] == [first.after(i) for i in range(len(st_.hands))]
    assert st_.next_dealer is first.after(len(st_.hands))
    # Vulnerable means a game won in this rubber.
    r = Replayer(Game(first_dealer=first))
    for h, out in zip(game.hands, st_.hands):
        assert out.vulnerable == frozenset(s for s in SIDES if r.games[s] > 0)
        r.play(h)
    # One hand more than a won rubber is refused.
    if st_.status is Status.WON:
        try:
            derive(game.add(Hand()))
        except GameOverError:
            pass
        else:
            raise AssertionError("a hand after the rubber was accepted")
    # Each open part score is below 100 and every made contract's trick score went below.
    for side in SIDES:
        assert 0 <= st_.open_below[side] < 100


@FAST
@given(
    st.lists(played_hands(), max_size=12),
    seats,
    st.sampled_from(list(ChicagoVulnerable)),
    st.sampled_from(list(ChicagoPartScore)),
)
def test_chicago_invariants(hands: list[Hand], first: Seat, vul: ChicagoVulnerable, part: ChicagoPartScore) -> None:
    game = play_until_over(
        Game(mode=Mode.CHICAGO, first_dealer=first, settings=Settings(chicago_vulnerable=vul, chicago_part_score=part)),
        hands,
    )
    s = derive(game)
    for side in SIDES:
        assert s.total(side) == s.above(side) + s.below(side)
    deals = [h.deal for h in s.hands if h.deal is not None]
    assert deals == list(range(1, len(deals) + 1))
    assert len(deals) <= 4
    assert (s.status is Status.FINISHED) == (len(deals) == 4)
    # Passed-out deals are redealt by the same dealer: the dealer moves only after a deal that counts.
    dealer = first
    for h in s.hands:
        assert h.dealer is dealer
        assert (h.deal is None) == h.hand.passed_out
        if not h.hand.passed_out:
            dealer = dealer.next
    assert s.next_dealer is dealer
    if part is ChicagoPartScore.FIFTY:
        assert s.bonuses == ()


@FAST
@given(st.lists(played_hands(other_table=True), max_size=20), st.integers(1, 40))
def test_duplicate_invariants(hands: list[Hand], first_board: int) -> None:
    s = derive(Game(mode=Mode.DUPLICATE, first_board=first_board, hands=tuple(hands)))
    assert [h.deal for h in s.hands] == list(range(first_board, first_board + len(hands)))
    assert s.imps_total == sum(h.imps or 0 for h in s.hands)
    for h in s.hands:
        assert h.ns_score == h.points(Side.NS) - h.points(Side.EW)
        assert -24 <= (h.imps or 0) <= 24


# --- Replaying a log in two parts --------------------------------------------------------


def hand_line(h: Hand) -> str:
    if h.contract is None:
        return "pass"
    assert h.declarer is not None and h.tricks is not None
    line = f"{h.declarer.value} {h.contract.text} {h.tricks}"
    if h.honors is not None:
        line += f" honors {h.honors.side.value} {h.honors.points}"
    return line


def summary(states) -> list[tuple]:
    return [
        (
            s.status,
            s.total(Side.NS),
            s.total(Side.EW),
            s.below(Side.NS),
            s.below(Side.EW),
            dict(s.games),
            tuple(h.dealer for h in s.hands),
        )
        for s in states
    ]


@FAST
@given(st.lists(played_hands(), min_size=1, max_size=40), seats, st.sampled_from(["rubber", "chicago"]), st.data())
def test_log_split_at_a_game_boundary_replays_the_same(hands, first, mode, data) -> None:
    lines = [hand_line(h) for h in hands]
    whole = parse_log(f"{mode}\ndealer {first.value}\n" + "\n".join(lines)).games()
    # Game boundaries: the number of hand lines in each finished game, accumulated.
    bounds = []
    count = 0
    for s in whole:
        count += len(s.hands)
        if s.over and count < len(lines):
            bounds.append((count, s))
    if not bounds:
        return
    k, before = data.draw(st.sampled_from(bounds))
    first_part = parse_log(f"{mode}\ndealer {first.value}\n" + "\n".join(lines[:k])).games()
    second_part = parse_log(f"{mode}\ndealer {before.next_first_dealer.value}\n" + "\n".join(lines[k:])).games()
    assert summary(first_part) + summary(second_part) == summary(whole)


@FAST
@given(st.lists(played_hands(), max_size=30))
def test_derive_equals_replaying_one_hand_at_a_time(hands: list[Hand]) -> None:
    game = play_until_over(Game(), hands)
    s = derive(game)
    for n in range(len(game.hands) + 1):
        part = derive(game.with_hands(game.hands[:n]))
        assert part.hands == s.hands[:n]


# --- JSON round trip ------------------------------------------------------------------

# Names as a player can type them: printable, spaces tidied (a file holding others is refused).
names = st.text(max_size=12).map(lambda t: " ".join(t.split())).filter(str.isprintable)


@st.composite
def games(draw) -> Game:
    mode = draw(st.sampled_from(list(Mode)))
    s = Settings(
        honors=draw(st.booleans()),
        chicago_vulnerable=draw(st.sampled_from(list(ChicagoVulnerable))),
        chicago_part_score=draw(st.sampled_from(list(ChicagoPartScore))),
        pass_word=draw(st.sampled_from(list(PassWord))),
        we=draw(sides),
        next_dealer=draw(st.sampled_from(list(NextDealer))),
    )
    first_board = draw(st.integers(1, 10_000)) if mode is Mode.DUPLICATE else 1
    hands = tuple(
        # An entry time is a time (any other text in a file is refused as a damaged file).
        replace(h, at=draw(st.one_of(st.none(), st.datetimes().map(lambda d: d.isoformat(timespec="seconds")))))
        for h in draw(st.lists(played_hands(), max_size=15))
    )
    if mode is Mode.DUPLICATE:
        # Other results a board can have (a file with any other is refused as damaged).
        hands = tuple(
            replace(
                h,
                others=tuple(
                    draw(st.lists(st.sampled_from(sorted(possible_scores(board_vulnerable(first_board + i)))), max_size=4))
                ),
            )
            for i, h in enumerate(hands)
        )
    return Game(
        mode=mode,
        settings=s,
        first_dealer=draw(seats),
        hands=hands,
        ended=draw(st.booleans()),
        players=(draw(names), draw(names), draw(names), draw(names)),
        first_board=first_board,
    )


@FAST
@given(games(), st.dictionaries(st.sampled_from(["id", "created", "updated"]), st.text(max_size=20)))
def test_serialize_round_trip(game: Game, meta: dict[str, str]) -> None:
    data = game_to_json(game, meta)
    text = json.dumps(data, ensure_ascii=False)
    back = game_from_json(json.loads(text))
    assert back == game
    assert [h.at for h in back.hands] == [h.at for h in game.hands]  # not part of Hand equality
    assert game_from_json(data) == game
    for k, v in meta.items():
        assert data[k] == v


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


@st.composite
def damaged_game_json(draw):
    """A saved game with one field replaced by something arbitrary."""
    data = game_to_json(draw(games()))
    key = draw(st.sampled_from(sorted(data) + ["hands.0", "hands.0.contract", "hands.0.tricks", "hands.0.honors"]))
    value = draw(json_values)
    if key.startswith("hands.0"):
        if not data["hands"]:
            data["hands"] = [value]
        elif key == "hands.0":
            data["hands"][0] = value
        elif isinstance(data["hands"][0], dict):
            data["hands"][0][key.split(".")[2]] = value
    else:
        data[key] = value
    return data


@FAST
@given(st.one_of(json_values, damaged_game_json()))
def test_reading_damaged_json_raises_schema_error_only(data) -> None:
    try:
        game = game_from_json(data)
    except SchemaError:
        return
    # Whatever is accepted is a game that scores without error and saves the same again.
    assert game_from_json(game_to_json(game)) == game
    try:
        derive(game)
    except GameOverError:
        pass


@FAST
@given(json_values)
def test_settings_from_any_json(data) -> None:
    s = Settings.from_json(data)
    assert isinstance(s, Settings)
    assert Settings.from_json(s.to_json()) == s


setting_values = st.one_of(
    st.booleans(),
    st.integers(0, 1),
    st.floats(0, 1),
    st.none(),
    st.sampled_from(["imps", "matchpoints", "EW", "NS", "tops", "x"]),
)


@FAST
@given(
    st.lists(st.dictionaries(st.sampled_from(["honors", "we", "duplicate_scoring", "pairs_percentage", "other"]), setting_values))
)
def test_settings_read_again_are_read_as_the_first_time(many: list[dict[str, object]]) -> None:
    """Settings read once are remembered: a file's are what reading them afresh gives, whatever was read before
    (0 and False, 1 and True, 1.0 and True are equal in Python, but only a boolean is a setting's)."""
    for data in many:
        assert Settings.from_json(data) == Settings._read(data)
    assert Settings.from_json({"honors": False}).honors is False
    assert Settings.from_json({"honors": 0}).honors is True  # not a boolean: the default


# --- Parsers never fail any other way -------------------------------------------------

texts = st.one_of(
    st.text(max_size=20),
    st.text(alphabet="0123456789CDHSNTXxnt♣♦♥♠ +-=pasPAS×*", max_size=10),
)


@FAST
@given(texts, contracts)
def test_parsers_return_a_value_or_raise_notation_error(text: str, c: Contract) -> None:
    for parse in (
        parse_contract,
        lambda t: parse_tricks(t, c),
        parse_seat,
        parse_side,
        lambda t: parse_honors(t, c),
        lambda t: parse_honors(t, None),
        lambda t: parse_hand_line(t.split()),
        lambda t: parse_players(t.split()),
    ):
        try:
            parse(text)
        except NotationError as e:
            # One sentence on one line, whatever was typed (line breaks included).
            assert str(e)
            assert len(str(e).splitlines()) == 1, repr(str(e))


@FAST
@given(texts, contracts)
def test_parsed_values_are_valid(text: str, c: Contract) -> None:
    try:
        got = parse_contract(text)
    except NotationError:
        got = None
    if got is not None:
        assert 1 <= got.level <= 7
        assert parse_contract(got.text) == got
    try:
        tricks = parse_tricks(text, c)
    except NotationError:
        return
    assert 0 <= tricks <= 13


@FAST
@given(
    st.lists(
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(["end", "pass", "N 4S 10", "chicago", "dealer E", "players N=A", "E 3NT -1 honors EW 150"]),
        ),
        max_size=12,
    )
)
def test_parse_log_returns_a_log_or_raises_log_error(lines: list[str]) -> None:
    try:
        log = parse_log("\n".join(lines))
    except LogError as e:
        assert e.errors
        assert all(isinstance(n, int) and 1 <= n for n, _ in e.errors)
        return
    try:
        log.games()
    except LogError as e:
        assert e.errors
