"""The arena: tournaments, ratings and bot-versus-bot tests (`tablehall arena GAME`).

Modules, one job each:

* `entrants`: who plays (``[LABEL=]SEAT``: built-in bots, ``cmd:`` subprocess bots, any seat
  `tablehall play` takes, ``remote:NAME`` clients of the arena's listeners);
* `schedule`: formats (round robin, gauntlet), seat rotations and duplicate seeding;
* `runner`: jobs and the backends that play them (this process, local worker processes, Ray);
* `ratings`: openskill Plackett-Luce ratings, updated in schedule order;
* `stats`: clustered 95 % intervals, Elo, and fishtest's SPRT;
* `standings`: per-entrant rows and the head-to-head counts, built game by game;
* `tournament`: one tournament from settings to its stored document;
* `report`: the standings table and the live view; `cli`: the command;
* `remote`: tournaments with remote entrants, on listeners the arena opens;
* `bench`: `tablehall bench arena`.

See docs/arena.md.
"""
