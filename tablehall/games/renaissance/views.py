"""What each party sees of a game: the JSON view of a seat or an observer, and the copy a bot
plays on (`observation`), where everything the seat cannot see is re-dealt at random.

Only the seat's own leaders in hand, set aside or discarded are shown; others get counts.
"""

from __future__ import annotations

from typing import Any

from tablehall.core.rng import Rng, derive_seed

from .data import COLORS, COLUMNS, LEADER_IDS, MARBLE_NAMES, RESOURCES, ROWS
from .fields import RenaissanceFields


def market_json(state: RenaissanceFields) -> dict[str, Any]:
    return {"grid": [[MARBLE_NAMES[state.market[r * COLUMNS + c]] for c in range(COLUMNS)] for r in range(ROWS)],
            "spare": MARBLE_NAMES[state.spare]}


def grid_json(state: RenaissanceFields) -> list[list[dict[str, Any]]]:
    """The development card grid, level 1 first; per deck its top card and size."""
    return [[{"top": deck[-1] if deck else None, "left": len(deck)}
             for deck in state.decks[level * len(COLORS):(level + 1) * len(COLORS)]] for level in range(3)]


def player_json(state: RenaissanceFields, seat: int, viewer: int | None) -> dict[str, Any]:
    p = state.players[seat]
    own = viewer == seat
    out: dict[str, Any] = {
        "seat": seat, "faith": p.faith, "tiles": p.tiles[:],
        "warehouse": [[RESOURCES[t] if t >= 0 else None, n] for t, n in zip(p.depot_type, p.depot_count)],
        "extra": [[RESOURCES[t], n] for t, n in zip(p.extra_type, p.extra_count)],
        "strongbox": dict(zip(RESOURCES, p.strongbox)),
        "produced": dict(zip(RESOURCES, p.produced_output)),
        "slots": [s[:] for s in p.slots], "active": p.active[:],
        "hand": p.hand[:] if own else len(p.hand),
        "discarded": p.discarded[:] if own else len(p.discarded),
        "points": p.points(), "out": p.out.value if p.out else None,
    }
    if state.phase == "setup":
        out["dealt"] = state.dealt[seat][:] if own else len(state.dealt[seat])
        out["picks_left"] = state.picks_left[seat]
    return out


def view(state: RenaissanceFields, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "phase": state.phase, "current": state.current if state.phase == "turns" else None,
        "market": market_json(state), "cards": grid_json(state),
        "players": [player_json(state, s, seat) for s in range(state.seat_count)],
        "reports": state.reports_done[:], "final_round": state.final_round,
        "main": state.main, "task": state.task.to_json() if state.task else None,
    }
    if state.lorenzo is not None:
        out["lorenzo"] = {"black_cross": state.lorenzo.cross, "last_token": state.lorenzo.last or None,
                          "tokens_left": len(state.lorenzo.stack)}
    if state.phase == "over":
        out["reason"] = state.end_reason
    return out


def observation(state: RenaissanceFields, seat: int) -> RenaissanceFields:
    """A copy for a bot playing `seat`: other seats' hidden leaders re-dealt from the ones it has
    not seen, face-down cards and solo tokens reshuffled, and a fresh random stream.  The copy
    depends only on what `seat` knows, and the live game's random stream is left alone."""
    key = derive_seed(state.seed, "observation", seat, state.steps)
    twin = state.copy(rng=Rng(key))
    twin.seed = key  # never the real seed: it would replay the deal, the decks and the tokens
    me = twin.players[seat]
    seen = set(me.hand) | set(me.set_aside) | set(me.discarded) | set(twin.dealt[seat])
    for p in twin.players:
        seen |= set(p.active)
    unseen = [i for i in LEADER_IDS if i not in seen]
    twin.rng.shuffle(unseen)
    for other, p in enumerate(twin.players):
        if other == seat:
            continue
        p.hand = sorted(unseen.pop() for _ in p.hand)
        p.discarded = [unseen.pop() for _ in p.discarded]
        p.set_aside = [unseen.pop() for _ in p.set_aside]
        twin.dealt[other] = sorted(unseen.pop() for _ in twin.dealt[other])
    for deck in twin.decks:
        hidden = sorted(deck[:-1])  # sorted first: the result must not depend on the real order
        twin.rng.shuffle(hidden)
        deck[:-1] = hidden
    if twin.lorenzo is not None:
        twin.lorenzo.stack.sort()
        twin.rng.shuffle(twin.lorenzo.stack)
    return twin
