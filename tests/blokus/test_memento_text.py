"""The memento written straight from the state (`sc.memento`) is character for character the
tree-built one (`messages.memento` + `xml.render`), on every position of seeded games, with
skips, removed colours, names that need escaping and both indentation levels."""

import pytest

from tablehall.games.blokus.bots import RandomBot
from tablehall.games.blokus.rules import SkipMove, new_game
from tablehall.games.blokus.sc import messages as msg
from tablehall.games.blokus.sc.memento import memento_text
from tablehall.games.blokus.sc.xml import render


@pytest.mark.parametrize("seed", range(6))
def test_every_position_renders_the_same(seed):
    state = new_game(2, {"start_piece": ""}, seed)
    bots = [RandomBot(seed), RandomBot(seed + 100)]
    names = ["a & <b>", 'quote" \'n\nline'] if seed % 2 else ["", "two"]
    room = f"room-{seed}&\"x\""
    positions = 0
    while True:
        for level in (0, 1):
            assert memento_text(room, state, names, level) == render(msg.memento(room, state, names), level)
        positions += 1
        if state.is_over:
            break
        seat = state.to_act()[0]
        move = bots[seat].choose(state, seat)
        if seed == 5 and positions == 9:
            move = SkipMove(state.current_color)  # a skip: lastMove with a colour
        state.apply(seat, move)
    assert positions > 20


def test_a_skip_without_colour_renders_the_same():
    from tablehall.games.blokus.sc.memento import _last_move

    assert _last_move("    ", SkipMove(None)) == render(msg.move_node("lastMove", SkipMove(None)), 2)
