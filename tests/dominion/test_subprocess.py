"""Bots as real subprocesses: the example bots play whole games, and every kind of bad input
is handled as docs/protocols/dominion.md says, while the game goes on for the others."""

import asyncio
import time

import pytest

from tablehall.core import EndCause, Match, SeatPolicy, replay
from tablehall.games.dominion import SPEC

from .conftest import builtin, command_agent, example, play_match

SCRIPTED = '''
import sys

def say(text):
    sys.stdout.write(text + "\\n")
    sys.stdout.flush()

{strategy}

turns = 0
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["player"] and words[2:] == ["name"]:
        say("player " + words[1] + " tester")
    elif words[:1] == ["player"] and words[2:3] == ["version"]:
        say(line.strip())
    elif words[:2] == ["play-request", "play-turn"]:
        turns += 1
        say(on_turn(turns, int(words[3]), words[9:]))
    elif words[:2] == ["play-request", "attack"]:
        say(on_attack(int(words[3]), words[5:]))
    elif words[:1] == ["game-end"]:
        break
'''

BIG_MONEY = '''
MONEY = {"copper": 1, "silver": 2, "gold": 3}
def big_money(hand):
    money = sum(MONEY.get(card, 0) for card in hand)
    for card, price in (("province", 8), ("gold", 6), ("silver", 3)):
        if money >= price:
            return "play-reply buy " + card
    return "play-reply pass"
def on_attack(count, hand):
    return "play-reply discard " + " ".join(hand[:count])
'''


def scripted(bot_script, on_turn, on_attack=None, extra=""):
    strategy = BIG_MONEY + extra + on_turn + (on_attack or "")
    return bot_script(SCRIPTED.replace("{strategy}", strategy))


def forfeits(record):
    return [(e.seat, e.forfeit) for e in record.entries if e.forfeit]


@pytest.mark.parametrize("name", ["bigmoney", "smithy", "engine", "random_bot"])
def test_example_bots_play_whole_games_as_subprocesses(name):
    agents = [command_agent(example(name), 0), builtin("engine", 1)]
    record = play_match(agents, seed=11)
    assert record.status == "finished" and forfeits(record) == []
    assert record.result.details["end"] in ("provinces", "piles")
    assert agents[0].name == name.removesuffix("_bot")  # the name from the handshake
    assert replay(record, SPEC).matches


def test_subprocess_bots_against_each_other_with_militia_and_moat():
    agents = [command_agent(example("engine"), 0), command_agent(example("smithy"), 1),
              builtin("engine", 5), command_agent(example("bigmoney"), 3)]
    record = play_match(agents, seed=4)
    assert record.status == "finished" and forfeits(record) == []
    actions = [e.action for e in record.entries]
    assert ["play", "militia", []] in actions
    assert any(a[0] == "discard" for a in actions)


def test_unknown_cards_cost_an_action_or_the_turn(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    if actions:
        return "play-reply action dragon"
    return "play-reply buy dragon gold"
''')
    record = play_match([command_agent(command, 0), builtin("bigmoney", 1)], seed=2)
    assert record.status == "finished" and forfeits(record) == []
    mine = [e.action for e in record.entries if e.seat == 0]
    assert mine[:2] == [["invalid", "UNKNOWN_CARD"], ["pass"]]
    assert record.result.seats[1].rank == 1


def test_wrong_arity_is_read_as_the_doc_says(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    if actions and "militia" not in hand and turn == 1:
        return "play-reply action smithy gold"
    return big_money(hand)
''', on_attack='''
def on_attack(count, hand):
    return "play-reply discard " + " ".join(hand[:count + 1])
''')
    record = play_match([command_agent(command, 0), builtin("engine", 3)], seed=3)
    assert record.status == "finished" and forfeits(record) == []
    assert record.entries[0].action[0] == "invalid"
    attacked = [e.action for e in record.entries if e.seat == 0 and e.action[0] == "discard"]
    assert attacked and all(a == ["discard", None] for a in attacked)  # the engine chose


def test_unaffordable_buys_buy_nothing(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    return "play-reply buy province province"
''')
    record = play_match([command_agent(command, 0), builtin("bigmoney", 1)], seed=5)
    assert record.status == "finished" and forfeits(record) == []
    mine = [e.action for e in record.entries if e.seat == 0]
    assert ["pass"] in mine and all(a in (["pass"], ["buy", ["province"]]) for a in mine)
    assert record.result.winners == [1]


def test_garbage_lines_cost_the_turn_and_the_game_goes_on(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    return "\\x00\\x01 not a reply \\u00e9" if turn % 2 else big_money(hand)
''')
    record = play_match([command_agent(command, 0), builtin("bigmoney", 1)], seed=6)
    assert record.status == "finished" and forfeits(record) == []
    assert ["invalid", "BAD_LINE"] in [e.action for e in record.entries if e.seat == 0]


def test_a_bot_that_exits_is_disqualified_and_the_others_play_on(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    if turn == 3:
        sys.exit(0)
    return big_money(hand)
''')
    agents = [builtin("bigmoney", 0), command_agent(command, 1), builtin("smithy", 2)]
    record = play_match(agents, seed=7)
    assert forfeits(record) == [(1, EndCause.DISQUALIFIED)]
    assert record.status == "finished" and record.result.details["end"] in ("provinces", "piles")
    assert record.result.seats[1].rank == 3
    assert len([e for e in record.entries if e.seat == 1 and not e.forfeit]) == 2  # two turns, then gone
    assert replay(record, SPEC).matches


def test_a_bot_that_never_answers_is_disqualified_after_the_reply_limit(bot_script):
    command = scripted(bot_script, '''
import time
def on_turn(turn, actions, hand):
    if turn == 2:
        time.sleep(60)
    return big_money(hand)
''')
    agents = [command_agent(command, 0, reply_timeout=0.5), builtin("bigmoney", 1), builtin("engine", 2)]
    record = play_match(agents, seed=8)
    assert forfeits(record) == [(0, EndCause.DISQUALIFIED)]
    assert record.status == "finished" and record.result.seats[0].rank == 3
    assert agents[0].process.process.returncode is not None  # the silent bot was stopped


def test_a_bot_that_floods_lines_is_disqualified(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    sys.stdout.write("play-reply pass\n" * 5000)  # in one write: the server reads them together
    return "play-reply pass"
''')
    agents = [builtin("bigmoney", 0), command_agent(command, 1), builtin("bigmoney", 2)]
    record = play_match(agents, seed=9)
    assert forfeits(record) == [(1, EndCause.DISQUALIFIED)]
    assert record.status == "finished"


def test_megabytes_without_a_newline_disqualify(bot_script):
    command = scripted(bot_script, '''
def on_turn(turn, actions, hand):
    sys.stdout.write("x" * 3_000_000)
    sys.stdout.flush()
    time.sleep(30)
''', extra="import time\n")
    agents = [command_agent(command, 0), builtin("bigmoney", 1), builtin("smithy", 2)]
    record = play_match(agents, seed=10)
    assert forfeits(record) == [(0, EndCause.DISQUALIFIED)]
    assert record.status == "finished" and record.result.details["end"] in ("provinces", "piles")


def test_handshake_failures_disqualify(bot_script):
    wrong_version = bot_script('''
import sys
for line in sys.stdin:
    words = line.split()
    if words[2:] == ["name"]:
        print("player " + words[1] + " old", flush=True)
    else:
        print("player " + words[1] + " version 0", flush=True)
''', "wrong_version")
    agents = [builtin("bigmoney", 0), command_agent(wrong_version, 1), command_agent("/no/such/bot", 2),
              builtin("smithy", 3)]
    record = play_match(agents, seed=12)
    assert forfeits(record) == [(1, EndCause.DISQUALIFIED), (2, EndCause.DISQUALIFIED)]
    assert record.status == "finished" and record.result.details["end"] in ("provinces", "piles")
    assert [s.rank for s in record.result.seats][1:3] == [3, 3]


def test_one_hanging_bot_never_blocks_another_game(bot_script):
    hanging = scripted(bot_script, '''
import time
def on_turn(turn, actions, hand):
    time.sleep(60)
''')

    async def both():
        slow_agents = [command_agent(hanging, 0, reply_timeout=5), builtin("bigmoney", 1)]
        slow = Match(SPEC, slow_agents, seed=1, policies=[slow_agents[0].policy, SeatPolicy()])
        quick_agents = [command_agent(example("bigmoney"), 0), builtin("bigmoney", 2)]
        quick = Match(SPEC, quick_agents, seed=2, policies=[quick_agents[0].policy, SeatPolicy()])
        slow_task = asyncio.ensure_future(slow.run())
        record = await asyncio.wait_for(quick.run(), 20)
        still_waiting = not slow_task.done()
        slow_record = await asyncio.wait_for(slow_task, 20)
        return record, still_waiting, slow_record

    record, still_waiting, slow_record = asyncio.run(both())
    assert record.status == "finished" and forfeits(record) == []
    assert still_waiting
    assert forfeits(slow_record) == [(0, EndCause.DISQUALIFIED)]


def test_a_match_without_policies_still_applies_the_reply_limit(bot_script):
    """`tablehall play` builds matches without policies: the agent brings its own."""
    silent = scripted(bot_script, '''
import time
def on_turn(turn, actions, hand):
    time.sleep(60)
''')
    agents = [command_agent(silent, 0, reply_timeout=0.5), builtin("bigmoney", 1)]

    async def run():
        return await asyncio.wait_for(Match(SPEC, agents, seed=3).run(), 30)

    record = asyncio.run(run())
    assert forfeits(record) == [(0, EndCause.DISQUALIFIED)]
