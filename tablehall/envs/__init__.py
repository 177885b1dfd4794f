"""tablehall's games as learning environments (the ``envs`` extra: numpy, Gymnasium,
PettingZoo): every game whose SPEC names an environment adapter (`GameSpec.env_adapter`).

* PettingZoo AEC environments: `aec_env(game, **options)`, and for the built-in games one
  module each, ``catan_v0``, ``blokus_v0``, ``dominion_v0``, ``renaissance_v0``, each with
  ``env(**options)`` and ``raw_env``;
* Gymnasium single-agent environments (`gym`), registered here under each game's
  `GameSpec.gym_id`: ``tablehall/Catan-v0``, ``tablehall/Blokus-v0``, ``tablehall/Dominion-v0``,
  ``tablehall/Renaissance-v0``;
* `bridge`: a trained policy as a tablehall bot (``policy:MODULE:CALLABLE`` seats).

Observation and action layouts per game: docs/envs.md.  Nothing else in tablehall imports this
package, so the server and the command line work without the extra.
"""

from .games import aec_env, gym_ids
from .gym import register_envs

register_envs()

__all__ = ["aec_env", "gym_ids", "register_envs"]
