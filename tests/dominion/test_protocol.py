"""The v1 protocol sans-I/O: lines formatted byte for byte, replies parsed, bad replies read as
the doc says, and one seat's session driven through a game without any I/O."""

from tablehall.core import EndCause, Result, SeatResult
from tablehall.games.dominion import codec
from tablehall.games.dominion.cards import (CELLAR, COPPER, ESTATE, GOLD, MILITIA, MINE, MOAT, REMODEL, SILVER,
                                            SMITHY, WORKSHOP)
from tablehall.games.dominion.codec import Reply, parse_name, parse_reply
from tablehall.games.dominion.replies import interpret
from tablehall.games.dominion.rules import ENGINE_DISCARD, PASS, REVEAL_MOAT, DominionState
from tablehall.games.dominion.session import Answer, Ready, Refused, SeatProtocol, event_lines

from .test_rules import set_hand


def test_server_lines_byte_for_byte():
    assert codec.format_name_request(0) == "player player1 name"
    assert codec.format_version(3) == "player player4 version 1"
    assert codec.format_kingdom(["cellar", "market"]) == "game kingdom-cards cellar market"
    assert codec.format_supply(list(range(17))) == (
        "supply curse 0 copper 1 silver 2 gold 3 estate 4 duchy 5 province 6 cellar 7 market 8 militia 9 "
        "mine 10 moat 11 remodel 12 smithy 13 village 14 woodcutter 15 workshop 16")
    assert codec.format_cards(1, "gained", ["silver", "smithy"]) == "player2 gained silver smithy"
    assert codec.format_top_discard(0, "copper") == "player1 top-discard copper"
    assert codec.format_top_discard(0, None) == "player1 top-discard"
    assert codec.format_revealed(2, "moat") == "player3 revealed hand moat"
    assert codec.format_play_turn(0, 2, 3, ["gold", "estate"]) == \
        "play-request play-turn actions 0 buys 2 extra-money 3 hand gold estate"
    assert codec.format_play_turn(1, 1, 0, []) == "play-request play-turn actions 1 buys 1 extra-money 0 hand"
    assert codec.format_attack(2, ["copper", "estate", "gold", "moat", "silver"]) == \
        "play-request attack discard 2 hand copper estate gold moat silver"
    assert codec.format_game_end([30, 24, 30], [0, 2]) == \
        "game-end scores player1 30 player2 24 player3 30 winners player1 player3"
    assert codec.format_disqualified(1) == "player2 disqualified"


def test_replies_are_parsed_and_garbage_is_marked_invalid():
    assert parse_reply("play-reply pass") == Reply("pass")
    assert parse_reply("  play-reply   buy Province gold \r") == Reply("buy", ("province", "gold"))
    assert parse_reply("play-reply action cellar estate estate") == Reply("action", ("cellar", "estate", "estate"))
    assert parse_reply("play-reply reply workshop smithy") == Reply("action", ("workshop", "smithy"))
    assert parse_reply("play-reply action workshop smithy") == Reply("action", ("workshop", "smithy"))
    assert parse_reply("play-reply discard copper estate") == Reply("discard", ("copper", "estate"))
    assert parse_reply("play-reply reaction moat") == Reply("reaction", ("moat",))
    for garbage in ("", "hello", "play-reply", "play-reply dance", "play-reply pass now", "play-reply action",
                    "play-reply reply smithy", "play-reply reaction", "\x00\xff", "PLAY-REPLY"):
        assert parse_reply(garbage).kind == "invalid", garbage


def test_bot_names():
    assert parse_name("player player2 Big Money 3000", 1) == "Big Money 3000"
    assert parse_name("player player1 bm", 1) is None  # wrong seat
    assert parse_name("hello", 0) is None
    assert len(parse_name("player player1 " + "x" * 500, 0)) == codec.MAX_NAME
    assert codec.default_name(2) == "PLAYER3"


def turn_state(hand, **fields):
    state = DominionState(2, seed=1)
    set_hand(state, 0, hand, deck=[COPPER] * 8, discard=[])
    for key, value in fields.items():
        setattr(state, key, value)
    return state


def read(state, line, seat=0):
    action = interpret(state, seat, parse_reply(line))
    state.check(seat, action)  # every reading is a legal action
    return action


def test_buy_buys_left_to_right_until_one_cannot_be_bought():
    state = turn_state([GOLD, SILVER, COPPER, ESTATE, ESTATE], buys=2)  # 6 money
    assert read(state, "play-reply buy silver silver gold") == ("buy", (SILVER, SILVER))
    assert read(state, "play-reply buy gold silver") == ("buy", (GOLD,))  # no money left for silver
    assert read(state, "play-reply buy silver dragon silver") == ("buy", (SILVER,))  # stops at unknown
    assert read(state, "play-reply buy province") == PASS  # unaffordable: nothing bought, turn ends
    assert read(state, "play-reply buy") == PASS
    state.supply[SILVER] = 1
    assert read(state, "play-reply buy silver silver") == ("buy", (SILVER,))


def test_action_replies_and_their_defaults():
    state = turn_state([CELLAR, WORKSHOP, REMODEL, MINE, ESTATE, COPPER, ESTATE])
    assert read(state, "play-reply action workshop smithy") == ("play", WORKSHOP, (SMITHY,))
    assert read(state, "play-reply reply workshop smithy") == ("play", WORKSHOP, (SMITHY,))
    assert read(state, "play-reply action workshop gold") == ("invalid", "TOO_EXPENSIVE")
    assert read(state, "play-reply action workshop") == ("invalid", "ARITY")
    assert read(state, "play-reply action remodel estate silver") == ("play", REMODEL, (ESTATE, SILVER))
    assert read(state, "play-reply action remodel estate") == ("invalid", "ARITY")
    assert read(state, "play-reply action remodel province gold") == ("invalid", "NOT_IN_HAND")
    assert read(state, "play-reply action mine copper silver") == ("play", MINE, (COPPER, SILVER))
    assert read(state, "play-reply action mine copper gold") == ("invalid", "TOO_EXPENSIVE")
    assert read(state, "play-reply action mine copper silver gold") == ("invalid", "ARITY")
    assert read(state, "play-reply action smithy") == ("invalid", "NOT_IN_HAND")
    assert read(state, "play-reply action copper") == ("invalid", "NOT_AN_ACTION")
    assert read(state, "play-reply action dragon") == ("invalid", "UNKNOWN_CARD")
    assert read(state, "play-reply action mine dragon silver") == ("invalid", "UNKNOWN_CARD")
    assert read(state, "play-reply action workshop smithy estate") == ("invalid", "ARITY")
    # cellar discards the cards up to the first one not held
    assert read(state, "play-reply action cellar estate estate estate copper") == ("play", CELLAR, (ESTATE, ESTATE))
    assert read(state, "play-reply action cellar estate dragon copper") == ("play", CELLAR, (ESTATE,))
    assert read(state, "play-reply action cellar gold") == ("play", CELLAR, ())
    assert read(state, "play-reply action cellar cellar") == ("play", CELLAR, ())
    assert read(state, "jibberish") == ("invalid", "BAD_LINE")
    assert read(state, "play-reply discard estate") == ("invalid", "NOT_ATTACKED")
    state.actions = 0
    assert read(state, "play-reply action workshop smithy") == ("invalid", "NO_ACTIONS")


def test_attack_answers_and_the_engine_default():
    state = turn_state([MILITIA])
    set_hand(state, 1, [COPPER, ESTATE, GOLD, SILVER, ESTATE])
    state.apply(0, ("play", MILITIA, ()))
    assert read(state, "play-reply discard estate estate", 1) == ("discard", (ESTATE, ESTATE))
    for bad in ("play-reply discard estate", "play-reply discard estate estate estate",
                "play-reply discard province estate", "play-reply discard dragon estate",
                "play-reply reaction moat", "play-reply pass", "play-reply buy gold", "garbage"):
        assert read(state, bad, 1) == ENGINE_DISCARD, bad
    set_hand(state, 1, [MOAT, ESTATE, GOLD, SILVER, ESTATE])
    assert read(state, "play-reply reaction moat", 1) == REVEAL_MOAT
    assert read(state, "play-reply reaction smithy", 1) == ENGINE_DISCARD


class Wire:
    """What a seat's protocol sent, line by line."""

    def __init__(self):
        self.lines = []

    def __call__(self, line):
        assert "\n" not in line
        self.lines.append(line)

    def take(self):
        taken, self.lines = self.lines, []
        return taken


def test_a_seat_session_through_handshake_turns_and_the_end():
    wire = Wire()
    seat = SeatProtocol(1, wire, max_unsolicited=2)
    seat.begin()
    assert wire.take() == ["player player2 name"]
    assert seat.line_received(b"player player2 Tester") is None
    assert wire.take() == ["player player2 version 1"]
    assert seat.line_received(b"player player2 version 1\r") == Ready("Tester")

    state = DominionState(2, seed=9)
    seat.events([e for e in state.start_events() if e.audience.admits(1)])
    lines = wire.take()
    assert lines[0] == "game kingdom-cards cellar market militia mine moat remodel smithy village woodcutter workshop"
    assert lines[1].startswith("supply curse 10 copper 46 silver 40 gold 30 estate 8 duchy 8 province 8 cellar 10")
    assert len(lines) == 2  # draws are not told: the play-request shows the hand

    state.apply(0, PASS)
    obs = state.observation(1)
    seat.request(obs)
    hand = " ".join(codec.NAMES[c] for c in state.players[1].hand)
    assert wire.take() == [f"play-request play-turn actions 1 buys 1 extra-money 0 hand {hand}"]
    assert seat.line_received(b"play-reply buy copper") == Answer(("buy", (COPPER,)))
    # lines nobody asked for are ignored, up to the limit
    assert seat.line_received(b"play-reply pass") is None
    assert seat.line_received(b"hello") is None
    assert isinstance(seat.line_received(b"again"), Refused)

    seat.finish(Result((SeatResult(0, 1, 30), SeatResult(1, 2, 12)), EndCause.REGULAR))
    assert wire.take() == ["game-end scores player1 30 player2 12 winners player1"]
    seat.finish(Result.aborted(2))
    assert wire.take() == ["game-end aborted"]


def test_wrong_version_or_name_line():
    wire = Wire()
    seat = SeatProtocol(0, wire)
    seat.begin()
    assert seat.line_received(b"hi there") is None
    assert seat.name == "PLAYER1"
    assert isinstance(seat.line_received(b"player player1 version 2"), Refused)


def test_events_become_the_seed_messages():
    lines = lambda kind, **data: event_lines(type("E", (), {"kind": kind, "data": data})())
    assert lines("turn-end", seat=0, gained=["silver"], played=["smithy", "copper"], top="copper") == [
        "player1 gained silver", "player1 played smithy copper", "player1 top-discard copper"]
    assert lines("turn-end", seat=1, gained=[], played=[], top=None) == ["player2 top-discard"]
    assert lines("trashed", seat=2, cards=["estate"]) == ["player3 trashed estate"]
    assert lines("top-discard", seat=0, card="province", count=2) == ["player1 top-discard province"]
    assert lines("revealed", seat=1, card="moat") == ["player2 revealed hand moat"]
    assert lines("out", seat=3, cause="disqualified", reason="") == ["player4 disqualified"]
    for silent in ("drew", "shuffled", "discarded", "played", "gained", "attack", "wasted", "game-over"):
        assert lines(silent, seat=0) == []


def test_a_session_tells_no_line_before_the_game_and_no_other_seats_hand():
    wire = Wire()
    seat = SeatProtocol(1, wire)
    state = DominionState(2, seed=3)
    seat.events(state.forfeit(0, EndCause.DISQUALIFIED) or [])
    assert wire.take() == []  # nothing before "game kingdom-cards"
    state = DominionState(3, seed=3)
    events = state.start_events()
    while not state.is_over:
        seat_to_act = state.to_act()[0]
        moves = state.legal_actions(seat_to_act)
        events += state.apply(seat_to_act, moves[-1] if state.attack or len(moves) < 3 else moves[1])
    seat.events([e for e in events if e.audience.admits(1)])
    text = "\n".join(wire.take())
    assert "play-request" not in text and "hand" not in text.replace("revealed hand", "")



def test_only_the_told_kinds_of_event_have_lines():
    """`SeatProtocol.events` skips events whose kind is not in TOLD: every kind a game of
    every kingdom card produces, and forfeits, has lines only if it is told."""
    from tablehall.games.dominion.session import TOLD

    from .conftest import builtin

    kinds_with_lines, kinds = set(), set()
    games = (("engine", "engine", "random"), ("random", "smithy"), ("random", "random", "random", "bigmoney"))
    for seed, names in enumerate(games):
        state = DominionState(len(names), seed=seed)
        bots = [builtin(n, i).bot for i, n in enumerate(names)]
        events = state.start_events()
        while not state.is_over:
            seat = state.to_act()[0]
            events += state.apply(seat, bots[seat].choose(state.observation(seat), seat))
            if len(events) > 400 and not state.out[1]:
                events += state.forfeit(1, EndCause.DISQUALIFIED, "flood")
        for event in events:
            kinds.add(event.kind)
            if event_lines(event):
                kinds_with_lines.add(event.kind)
    assert {"game", "turn", "turn-end", "out", "drew", "gained", "played"} <= kinds
    assert kinds_with_lines <= TOLD and {"game", "turn", "turn-end", "out"} <= kinds_with_lines


def test_a_reply_line_read_again_reads_as_the_first_time_and_the_table_stays_bounded():
    """`parse_reply` keeps the short lines it read (bots repeat a few all game): the same Reply
    every time, long lines not kept, and never more than a bounded number of lines."""
    from tablehall.games.dominion.codec import _parse_reply, _parse_short_reply

    lines = ["play-reply buy silver", "PLAY-REPLY Buy Gold Silver", "play-reply pass", "play-reply pass now",
             "play-reply action cellar estate", "play-reply reply workshop silver", "hello", "",
             "play-reply reaction moat", "play-reply discard copper estate"]
    for line in lines * 2:
        assert parse_reply(line) == _parse_reply(line)
    kept = _parse_short_reply.cache_info().currsize
    long = "play-reply buy " + " ".join(["silver"] * 40)
    assert parse_reply(long) == Reply("buy", ("silver",) * 40)
    assert _parse_short_reply.cache_info().currsize == kept
    for n in range(3000):
        parse_reply(f"play-reply buy card{n}")
    assert _parse_short_reply.cache_info().currsize <= 1024
    assert parse_reply("play-reply buy card2999") == Reply("buy", ("card2999",))


def test_the_supply_line_is_the_same_however_it_is_written():
    """`format_supply` keeps lines it wrote and looks each pile's words up in a table: the line is
    the plain formatting's for any counts, those outside the table too."""
    import random

    from tablehall.games.dominion.cards import NAMES

    draw = random.Random(5)
    for counts in [[0] * 17, [60] * 17, [61] + [3] * 16, [-1] * 17] + [
            [draw.randrange(-2, 70) for _ in range(17)] for _ in range(300)]:
        plain = "supply " + " ".join(f"{name} {count}" for name, count in zip(NAMES, counts))
        assert codec.format_supply(counts) == plain
        assert codec.format_supply(counts) == plain  # read back from the table of lines


def test_a_turns_end_in_one_go_is_the_lines_of_its_parts():
    """`format_turn_end` (every turn of every game) writes what `format_cards` and
    `format_top_discard` write, in that order, each part only when it has cards."""
    for gained in ([], ["silver"], ["gold", "smithy"]):
        for played in ([], ["copper", "copper", "silver"]):
            for top in (None, "estate"):
                expected = ([codec.format_cards(1, "gained", gained)] if gained else []) \
                    + ([codec.format_cards(1, "played", played)] if played else []) \
                    + [codec.format_top_discard(1, top)]
                assert codec.format_turn_end(1, gained, played, top) == expected
