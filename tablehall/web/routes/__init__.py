"""The web hall's routes, one module per concern; each exports `routes`, and `app.create_app`
assembles them.

* `lobby`: the lobby page, the server's games and listeners, the live games;
* `tables`: starting games from the web (the form, `POST /api/games/new`) and the tables
  waiting for protocol clients;
* `play`: one live game: its board and play pages, its JSON, the WebSockets of spectators and
  of people's seats;
* `records`: the record browser, replays, exports, a player's games;
* `tournaments`: the arena's tournaments and their leaderboards;
* `boards`: what the browser draws games with (each game's board module, board geometry).

Handlers read the shared state through `hall.hall_of(request)` and decide no rule.
"""
