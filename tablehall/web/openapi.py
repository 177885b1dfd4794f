"""The JSON API described in OpenAPI 3.1, served at ``/api/openapi.json`` and copied to
docs/openapi.json (tests keep the copy equal, the routes covered and real answers valid).
`make bench` fuzzes the API from this document with schemathesis (tests/web/test_api_fuzz.py)."""

from __future__ import annotations

from typing import Any

VERSION = "1"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


STRING = {"type": "string"}
INTEGER = {"type": "integer"}
NULLABLE_STRING = {"type": ["string", "null"]}
ANY_OBJECT = {"type": "object"}

SCHEMAS: dict[str, Any] = {
    "Error": obj(["detail"], detail=STRING),
    "Player": obj(["seat", "name", "agent"], seat=INTEGER, name=STRING, agent=STRING),
    "FixedChance": {"type": "object", "description": "the options that fix chance, set to other than their default"},
    "LiveGame": obj(["id", "game", "title", "players", "to_act", "actions", "status", "started_at", "fixed_chance"],
                    id=STRING, game=STRING, title=STRING, players=array(ref("Player")), to_act=array(INTEGER),
                    actions=INTEGER, status={"enum": ["running", "paused", "over", "waiting"]},
                    started_at=NULLABLE_STRING, fixed_chance=ref("FixedChance")),
    "Event": obj(["kind", "data"], kind=STRING, data=ANY_OBJECT),
    "LiveGameFrame": {"allOf": [ref("LiveGame"), obj(["type", "view", "events", "moves"], type=STRING, view=ANY_OBJECT,
                                                     events=array(ref("Event")), moves=array(ref("MoveText")),
                                                     result=ANY_OBJECT)]},
    "NewGame": {**obj(["game", "seats"], game=STRING,
                      seats={**array(STRING), "description": "me, person, a built-in bot, open or open:NAME"},
                      name={**STRING, "description": "your name (1-20 letters, digits, spaces, _ - .)"},
                      options={"type": ["object", "null"]}, seed={"type": ["integer", "null"]},
                      pace={"type": ["number", "null"], "minimum": 0, "maximum": 10},
                      rated={"type": "boolean", "description": "rated (a logged-in person against built-in bots)"}),
                "additionalProperties": True},
    "SeatToken": obj(["seat", "token", "play"], seat=INTEGER, token=STRING, play=STRING),
    "NewGameAnswer": obj(["id", "seats"], id=STRING, seats=array(ref("SeatToken"))),
    "TableSeat": obj(["seat", "kind", "name", "held_for", "ticket", "taken_by", "waiting"], seat=INTEGER,
                     kind={"enum": ["agent", "bot", "open"]}, name=STRING, held_for=NULLABLE_STRING,
                     ticket=NULLABLE_STRING, taken_by=NULLABLE_STRING, waiting={"type": "boolean"},
                     connect={**STRING, "description": "the command that connects a client to this seat"}),
    "Table": obj(["id", "game", "title", "service", "status", "seats", "waiting", "fixed_chance"], id=STRING,
                 game=STRING, title=STRING, service=STRING, status=STRING, seats=array(ref("TableSeat")),
                 waiting=INTEGER, fixed_chance=ref("FixedChance")),
    "Listener": obj(["service", "game", "host", "port", "description"], service=STRING, game=STRING, host=STRING,
                    port=INTEGER, description=STRING),
    "Server": obj(["games", "listeners"], games=array(STRING), listeners=array(ref("Listener"))),
    "RecordSummary": obj(["id", "game", "status", "started_at", "players", "result", "outcome"], id=STRING,
                         game=STRING, status=STRING, started_at=NULLABLE_STRING, players=array(STRING),
                         result=NULLABLE_STRING, outcome=NULLABLE_STRING),
    "Records": obj(["records", "total", "offset", "limit"], records=array(ref("RecordSummary")), total=INTEGER,
                   offset=INTEGER, limit=INTEGER),
    "Record": obj(["format", "game", "rules_version", "options", "seed", "seats", "actions", "result", "digest",
                   "title", "notations", "fixed_chance"],
                  format=STRING, game=STRING, rules_version=STRING, options=ANY_OBJECT, seed=INTEGER,
                  seats=array(obj(["name", "agent"], name=STRING, agent=STRING)), actions={"type": "array"},
                  result={"type": ["object", "null"]}, digest=STRING, title=STRING, notations=array(STRING),
                  fixed_chance=ref("FixedChance"),
                  chat={**array(ref("ChatLine")), "description": "what people wrote at the table (only when they did)"}),
    "MoveText": obj(["lines"], lines=array(STRING), figure={**ANY_OBJECT, "description": "a small drawing's data (Blokus: the piece)"}),
    "ReplayStep": obj(["view", "seat", "action", "text"], view=ANY_OBJECT, seat={"type": ["integer", "null"]}, action={},
                      text=ref("MoveText")),
    "ChatLine": obj(["room", "seat", "name", "after", "text"], room={"enum": ["players", "spectators"]},
                    seat={"type": ["integer", "null"]}, name=STRING, after=INTEGER, text=STRING),
    "Rematch": obj(["seat", "token"], seat=INTEGER, token={**STRING, "description": "the asking seat's token"}),
    "Replay": obj(["id", "game", "players", "steps", "result"], id=STRING, game=STRING, players=array(STRING),
                  steps=array(ref("ReplayStep")), result={"type": ["object", "null"]}),
    "TournamentSummary": obj(["id", "game", "name", "status", "started_at", "updated_at", "games"], id=STRING,
                             game=STRING, name=STRING, status=STRING, started_at=NULLABLE_STRING,
                             updated_at=NULLABLE_STRING, games=INTEGER),
    "Account": obj(["name", "admin", "kind"], name=STRING, admin={"type": "boolean"},
                   kind={"enum": ["person", "bot"]}),
    "Me": obj(["account"], account={"oneOf": [ref("Account"), {"type": "null"}]}),
    "SeatTicketRequest": obj(["game"], game=STRING, rated={"type": "boolean"}),
    "SeatTicket": obj(["ticket", "name", "game", "rated", "expires_at"], ticket=STRING, name=STRING, game=STRING,
                      rated={"type": "boolean"}, expires_at={"type": "number"}),
    "Standing": obj(["name", "kind", "rating", "deviation", "games", "provisional"], name=STRING,
                    kind={"enum": ["person", "bot", "builtin"]}, rating={"type": "number"},
                    deviation={"type": "number"}, games=INTEGER, provisional={"type": "boolean"}),
    "Leaderboard": obj(["game", "players"], game=STRING, players=array(ref("Standing"))),
    "PlayerRatings": obj(["name", "kind", "ratings"], name=STRING, kind=STRING,
                         ratings={"type": "object", "additionalProperties": ref("Standing")}),
    "RatingChange": obj(["name", "game", "before", "after", "delta", "deviation", "score"], name=STRING, game=STRING,
                        before={"type": "number"}, after={"type": "number"}, delta={"type": "number"},
                        deviation={"type": "number"}, score={"type": "number"}),
    "RatingChanges": obj(["id", "changes"], id=STRING, changes=array(ref("RatingChange"))),
    "Seek": obj(["id", "game", "players", "rated", "seconds_per_move", "seated"], id=STRING, game=STRING,
                players=INTEGER, rated={"type": "boolean"}, seconds_per_move={"type": ["integer", "null"]},
                seated=array(STRING)),
    "Seeks": obj(["seeks", "my_seats"], seeks=array(ref("Seek")), my_seats=array(ANY_OBJECT)),
    "Tournaments": obj(["tournaments"], tournaments=array(ref("TournamentSummary"))),
    "Tournament": obj(["games", "games_total", "games_offset"], games=array(ANY_OBJECT), games_total=INTEGER,
                      games_offset=INTEGER),
}


def answer(description: str, schema: dict[str, Any] | None = None, media: str = "application/json") -> dict[str, Any]:
    out: dict[str, Any] = {"description": description}
    if schema is not None:
        out["content"] = {media: {"schema": schema}}
    return out


ERROR = ref("Error")
REFUSALS = {  # what any request may meet (docs/security.md): the guards' answers
    "400": answer("a bad request, or a Host the hall does not answer to", ERROR),
    "429": answer("a per-address rate or cap reached", ERROR),
}


def path_id(name: str = "id", description: str = "") -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": STRING, "description": description}


def query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


def get(summary: str, ok: dict[str, Any], *parameters: dict[str, Any], **errors: dict[str, Any]) -> dict[str, Any]:
    return {"get": {"summary": summary, "parameters": list(parameters),
                    "responses": {"200": ok, **REFUSALS, **errors}}}


NOT_FOUND = answer("no such thing", ERROR)
PAGE = [query("offset", {"type": "integer", "minimum": 0}, "records to skip"),
        query("limit", {"type": "integer", "minimum": 1}, "at most this many (capped)")]

PATHS: dict[str, Any] = {
    "/api/server": get("the games and this server's listeners", answer("the server", ref("Server"))),
    "/api/games": get("live games", answer("live games", obj(["games"], games=array(ref("LiveGame"))))),
    "/api/games/{id}": get("one live game with the observer's frame", answer("the game", ref("LiveGameFrame")),
                           path_id(), **{"404": NOT_FOUND}),
    "/api/games/new": {"post": {
        "summary": "start a game (docs/http-api.md)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("NewGame")},
                                                      "text/plain": {"schema": ref("NewGame")}}},
        "responses": {"200": answer("the game and its browser seats' tokens", ref("NewGameAnswer")),
                      **REFUSALS,
                      "403": answer("a request from another site's page", ERROR),
                      "413": answer("a body over [limits] max_body", ERROR),
                      "503": answer("this server does not start games from the web", ERROR)}}},
    "/api/games/{id}/rematch": {"post": {
        "summary": "the same seats, bots and options as a game started from the web, with a new seed",
        "parameters": [path_id()],
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("Rematch")}}},
        "responses": {"200": answer("the new game and its browser seats' tokens", ref("NewGameAnswer")),
                      **REFUSALS,
                      "403": answer("not a seat of this game with its token (a rated game's: without its "
                                    "player's session), or another site's page", ERROR),
                      "404": answer("a game not started from this hall's form, or too long ago", ERROR),
                      "409": answer("a game between accounts: rematched when its players agree (/seeks)", ERROR),
                      "503": answer("this server does not start games from the web", ERROR)}}},
    "/api/tables": get("games waiting for clients of their protocol",
                       answer("tables", obj(["tables"], tables=array(ref("Table"))))),
    "/api/geometry/{game}": get("drawing data of a game's board", answer("geometry", ANY_OBJECT), path_id("game"),
                                **{"404": NOT_FOUND}),
    "/api/faces/{game}": get("what a game's face draws with: cards, costs, texts (GameSpec.face_data)",
                             answer("the game's face data", ANY_OBJECT), path_id("game"), **{"404": NOT_FOUND}),
    "/api/records": get("stored games, newest first", answer("a page of records", ref("Records")),
                        query("game", STRING, "only this game"), query("player", STRING, "a whole seat name"),
                        query("status", STRING, "finished or aborted"),
                        query("since", STRING, "an ISO date or time"), query("until", STRING, "an ISO date or time"),
                        *PAGE),
    "/api/records/{id}": get("one record", answer("the record", ref("Record")), path_id(), **{"404": NOT_FOUND}),
    "/api/records/{id}/replay": get("the observer's view after every action", answer("the replay", ref("Replay")),
                                    path_id(), **{"404": NOT_FOUND, "422": answer("a record that does not replay",
                                                                                  ERROR)}),
    "/api/records/{id}/export/{format}": get(
        "the record in a notation", {"description": "the record's text",
                                     "content": {"text/plain": {"schema": STRING},
                                                 "application/json": {"schema": ANY_OBJECT}}},
        path_id(), path_id("format", "json or one of the game's notations"),
        **{"404": NOT_FOUND, "422": answer("a game the notation cannot express", ERROR)}),
    "/api/tournaments": get("the arena's tournaments, newest first", answer("tournaments", ref("Tournaments")),
                            query("game", STRING, "only this game"),
                            query("limit", {"type": "integer", "minimum": 1}, "at most this many (capped)")),
    "/api/tournaments/{id}": get("one tournament and a page of its games", answer("the tournament", ref("Tournament")),
                                 path_id(), *PAGE, **{"404": NOT_FOUND}),
    "/api/me": get("who the session cookie says this is (null: a guest)", answer("the account", ref("Me"))),
    "/api/seat-tickets": {"post": {
        "summary": "a bot's API token (Authorization: Bearer thb_...) exchanged for a one-time seat ticket",
        "requestBody": {"required": True, "content": {"application/json": {"schema": ref("SeatTicketRequest")}}},
        "responses": {"200": answer("the ticket, for the bot's protocol login", ref("SeatTicket")), **REFUSALS,
                      "401": answer("no token, or an unknown or revoked one", ERROR),
                      "403": answer("a disabled bot, or a request from another site's page", ERROR),
                      "404": answer("a server without accounts", ERROR)}}},
    "/api/leaderboards/{game}": get("a game's ratings, best first", answer("the leaderboard", ref("Leaderboard")),
                                    path_id("game"), query("provisional", STRING, "1: provisional ratings too"),
                                    **{"404": NOT_FOUND}),
    "/api/players/{name}/ratings": get("an account's rating per game", answer("its ratings", ref("PlayerRatings")),
                                       path_id("name"), **{"404": NOT_FOUND}),
    "/api/records/{id}/ratings": get("the rating changes a game made (shown at its end; none for a casual game)",
                                     answer("the changes", ref("RatingChanges")), path_id(), **{"404": NOT_FOUND}),
    "/api/seeks": get("the open seeks, and the logged-in person's seats of games started for them",
                      answer("seeks", ref("Seeks"))),
    "/api/play-bot": {"post": {
        "summary": "a game now against the built-in bot nearest your rating (rated when logged in)",
        "requestBody": {"required": True, "content": {"application/json": {"schema": obj(["game"], game=STRING)}}},
        "responses": {"200": answer("the game and your seat", ref("NewGameAnswer")), **REFUSALS,
                      "403": answer("a request from another site's page, or without its CSRF token", ERROR),
                      "503": answer("this server does not start games from the web", ERROR)}}},
    "/api/openapi.json": get("this document", answer("the OpenAPI document", ANY_OBJECT)),
}


def document() -> dict[str, Any]:
    return {"openapi": "3.1.0",
            "info": {"title": "tablehall web hall", "version": VERSION,
                     "description": "Live games, tables, records and tournaments of a tablehall server "
                                    "(docs/http-api.md). Errors are {\"detail\": ...}."},
            "paths": PATHS, "components": {"schemas": SCHEMAS}}
