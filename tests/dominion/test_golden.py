"""Seeded games pinned to fixed hashes: everything the engine tells (events with their
audiences, observations, views, legal actions, results) and the record digests of matches.

The values were taken before the engine's speed work and must not move with any optimisation;
a deliberate rule change updates them and says why.
"""

import asyncio
import hashlib
import json

from tablehall.core import BotAgent, EndCause, Match, derive_seed
from tablehall.games.dominion import SPEC
from tablehall.games.dominion.bots import BOTS
from tablehall.games.dominion.rules import DominionState

ENGINE_HASH = "b02f27750fef0e0f66af8e5242bbe0d353fff40ac23da46b70353ee230799854"
MATCH_DIGESTS = ["6bfbdb91b50a5e0c97581f1159a2dd2e50994c461a57254541d42736efdd4769",
                 "eaa48330c3ef2dfb8b80c047c00cc3cca7ffc9842bb2c26e61f29c5e4bdd34ee",
                 "e73b44ece37c434bdb179c8ba2cb2c1e5ddf8ef81db2dfdfce082b8f0e0e63ad"]


def engine_hash(games: int = 120) -> str:
    """Every bot mix on 2-4 seats, now and then a seat taken out; hashes every event, and at
    every fifth decision the observation's piles, both views and the legal actions."""
    digest = hashlib.sha256()

    def feed(value) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=str).encode())

    names = list(BOTS)
    for game in range(games):
        seats = 2 + game % 3
        bots = [BOTS[names[(game + 7 * s + game // 3) % len(names)]](derive_seed(game, s)) for s in range(seats)]
        state = DominionState(seats, game)
        feed([e.to_json() for e in state.start_events()])
        step = 0
        while not state.is_over:
            asked = state.to_act()
            seat = asked[-1] if step % 2 else asked[0]
            observation = state.observation(seat)
            if step % 5 == 0:
                feed([observation.view(seat), state.view(None), [repr(a) for a in state.legal_actions(seat)]])
                feed([[p.deck, p.hand, p.discard, p.play] for p in observation.players])
            action = bots[seat].choose(observation, seat)
            feed(repr(action))
            if game % 17 == 0 and step == 40:
                feed([e.to_json() for e in state.forfeit((seat + 1) % seats, EndCause.DISQUALIFIED, "test")])
            else:
                feed([e.to_json() for e in state.apply(seat, action)])
            step += 1
        feed([repr(state.result()), state.scores()])
    return digest.hexdigest()


def match_digests() -> list[str]:
    runs = ((3, ["engine", "random", "smithy"]), (8, ["bigmoney", "engine"]),
            (11, ["smithy", "bigmoney", "engine", "random"]))
    return [asyncio.run(Match(SPEC, [BotAgent(BOTS[name](seed * 10 + i)) for i, name in enumerate(mix)],
                              seed=seed).run()).digest()
            for seed, mix in runs]


def test_seeded_games_tell_exactly_what_they_told():
    assert engine_hash() == ENGINE_HASH


def test_seeded_matches_keep_their_record_digests():
    assert match_digests() == MATCH_DIGESTS
