"""The web hall: a thin HTTP and WebSocket layer over live matches, views and the record store.

It decides no rule: pages and the JSON API show what the games' `view(None)` (the observer's
view) and the stored records say.  `app.create_app(hall)` builds the ASGI app; `tablehall serve`
runs it with uvicorn in the same event loop as the protocol listeners.  Starlette, uvicorn and
Jinja2 come from the `web` extra and are imported only here.
"""
