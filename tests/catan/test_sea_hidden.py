"""Hidden information on the sea board: what lies under the fog reaches nobody (no event, view or
observation) until a piece lifts it, and the scenarios' private events reach only their seat."""

from __future__ import annotations

import json

from tablehall.core import derive_seed
from tablehall.games.catan import SPEC

from .sea_helpers import new_sea, play_bots


def _event_form(events):
    return [(e.kind, json.dumps(e.data, sort_keys=True), repr(e.audience)) for e in events]


def _views(st):
    return [json.dumps(st.view(seat), sort_keys=True) for seat in (None, *range(st.seat_count))]


def _twins(seed: int):
    """Two Fog Islands games alike but for what lies under the fog (the same contents, dealt
    differently over the fog hexes)."""
    first, second = new_sea(4, "SC_FOG", seed), new_sea(4, "SC_FOG", seed)
    hexes = sorted(first.fog)
    contents = [first.fog[h] for h in hexes]
    turned = contents[1:] + contents[:1]
    assert turned != contents
    second.fog = dict(zip(hexes, turned))
    return first, second


def test_the_fog_reaches_nobody_until_lifted():
    total = 0
    for seed in (1, 2, 3, 4, 5):
        first, second = _twins(seed)
        assert _event_form(first.start_events()) == _event_form(second.start_events())
        bots = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(4)]
        twins = [SPEC.bots["random"](derive_seed(seed, s)) for s in range(4)]
        steps = 0
        while not first.is_over:
            assert _views(first) == _views(second)
            seat = first.to_act()[0]
            seen, seen_twin = first.observation(seat), second.observation(seat)
            assert seen.fog == seen_twin.fog and set(seen.fog) == set(first.fog)  # dealt alike
            assert sorted(seen.fog.values()) == sorted(first.fog.values())
            action = bots[seat].choose(seen, seat)
            assert twins[seat].choose(seen_twin, seat) == action
            events, twin_events = first.apply(seat, action), second.apply(seat, action)
            if any(e.kind == "fog_revealed" for e in events):
                lifted = {e.data["hex"] for e in events if e.kind == "fog_revealed"}
                assert all(first.board.terrain[h] != 8 for h in lifted)
                break
            assert _event_form(events) == _event_form(twin_events)
            steps += 1
        total += steps
    assert total > 100  # compared over that many actions before the fog first lifted


def test_the_scenarios_private_events_reach_only_their_seat():
    kinds = set()

    def each(st, events):
        for ev in events:
            if ev.kind in ("fleet_robbed", "dev_gift"):
                kinds.add(ev.kind)
                field = "resources" if ev.kind == "fleet_robbed" else "card"
                seat = ev.data["seat"]
                if ev.data[field] is None:
                    assert not ev.audience.admits(seat) and ev.audience.admits(None)
                else:
                    assert ev.audience.admits(seat) and not ev.audience.admits(None)
                    assert not any(ev.audience.admits(s) for s in range(st.seat_count) if s != seat)

    play_bots(4, "SC_PIRI", 1, each=each)
    for seed in range(1, 6):
        play_bots(4, "SC_FTRI", seed, each=each)
    assert "fleet_robbed" in kinds and "dev_gift" in kinds
