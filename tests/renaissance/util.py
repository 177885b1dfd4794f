"""Helpers that put a game into a chosen position (white-box: they edit the state directly)."""

from tablehall.games.renaissance.data import CARDS, COLORS, LEADERS, MARBLE_NAMES, RESOURCES
from tablehall.games.renaissance.rules import RenaissanceState


def started(seats=2, seed=0):
    """A game past its setup: every seat keeps its first two leaders and picks coins."""
    state = RenaissanceState(seats, {}, seed)
    while state.phase == "setup":
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
    return state


def clear(player):
    """Empty warehouse and strongbox."""
    player.depot_type[:] = [-1, -1, -1]
    player.depot_count[:] = [0, 0, 0]
    player.strongbox[:] = [0, 0, 0, 0]


def fill(player, *lines, strongbox=None):
    """Set warehouse lines from (resource name or None, count) pairs and the strongbox."""
    clear(player)
    for line, (name, count) in enumerate(lines):
        player.depot_type[line] = RESOURCES.index(name) if name else -1
        player.depot_count[line] = count
    for name, count in (strongbox or {}).items():
        player.strongbox[RESOURCES.index(name)] = count


def set_market(state, rows, spare):
    """rows: three strings of four marble initials (y g p b w r), e.g. 'ywrg'."""
    initial = {name[0]: index for index, name in enumerate(MARBLE_NAMES)}
    state.market = [initial[c] for row in rows for c in row]
    state.spare = initial[spare]


def put_on_top(state, card_id):
    """Move `card_id` to the top of its deck."""
    card = CARDS[card_id]
    deck = state.decks[(card.level - 1) * 4 + card.color]
    deck.remove(card_id)
    deck.append(card_id)


def activate(state, seat, leader_id):
    """Give `seat` an active leader regardless of its requirement."""
    player = state.players[seat]
    if leader_id in player.hand:
        player.hand.remove(leader_id)
    player.active.append(leader_id)
    if LEADERS[leader_id].kind == "depot":
        player.extra_type.append(LEADERS[leader_id].resource)
        player.extra_count.append(0)


def kinds(events):
    return [e.kind for e in events]


def color(name):
    return COLORS.index(name)
