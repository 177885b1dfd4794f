"""Accounts, ratings and finding a game (issue 28): a layer beside `server` and `web` that
depends on the kernel only; the web hall and the protocol services use it.

`service.Accounts(store)` bundles its parts over one record store (SQLite or PostgreSQL, whose schema
holds their tables):

- `book` (`book.py`): people and their bots, admins, disabling, deleting, the audit log (what
  admins do is checked in `admin.py`);
- `sessions` (`sessions.py`): passwords (Argon2, `passwords.py`), rate-limited logins
  (`limits.py`), server-side sessions with an expiry;
- `bots` (`bots.py`): bots' API tokens and the seat tickets they buy;
- `identities` (`identities.py`): what the protocols ask of a name (`core.identity`);
- `ratings` (`ratings.py`): Glicko-2 per game (`glicko2.py`) from what each game credits
  (`credits.py`), the `RatingListener` every hosted match gets;
- `seeks` (`seeks.py`): seeks, "play a bot now" and rematch offers, live in the server.

docs/accounts.md describes the whole.

This package file imports nothing, so `tablehall --help` and `tablehall records` stay light.
"""
