"""The OpenAPI document of the JSON API (issue 26): served, equal to docs/openapi.json, covering
every API route and no other, and the real server's answers valid against it.  `make bench`
fuzzes the API from it (test_api_fuzz.py)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import jsonschema
import pytest

from tablehall.web.app import create_app
from tablehall.web.hall import Hall
from tablehall.web.openapi import document

from .test_spectate import paused_match

REPO = Path(__file__).resolve().parents[2]


def test_the_served_document_is_the_one_in_docs(web):
    status, served = web.get("/api/openapi.json")
    assert status == 200 and served == document()
    assert json.loads((REPO / "docs" / "openapi.json").read_text()) == served, \
        "docs/openapi.json is stale: python -c 'from tablehall.web.openapi import ...' (see docs/http-api.md)"


def test_every_api_route_is_described_and_nothing_else(stored):
    app = create_app(Hall(stored[0], lambda: []))
    routes = {re.sub(r"\{(\w+)(:\w+)?\}", r"{\1}", route.path) for route in app.routes
              if getattr(route, "path", "").startswith("/api/")}
    assert routes == set(document()["paths"])


def validator(schema: dict) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**schema, "components": document()["components"]})


def answer_schema(path: str, method: str = "get", status: str = "200") -> dict:
    return document()["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]


def fetch(web, path: str, data: bytes | None = None) -> tuple[int, object]:
    request = urllib.request.Request(web.url + path, data=data, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_real_answers_are_valid_against_the_document(web, stored):
    match = paused_match("blokus", ["strong", "random"], seed=5, name="openapi-live")
    web.start_match(match)
    _, created = fetch(web, "/api/games/new", json.dumps({"game": "dominion", "seats": ["me", "open"]}).encode())
    validator(answer_schema("/api/games/new", "post")).validate(created)
    record = stored[1]["catan"]
    checked = {
        "/api/server": "/api/server", "/api/games": "/api/games", "/api/games/{id}": f"/api/games/{match.id}",
        "/api/tables": "/api/tables", "/api/geometry/{game}": "/api/geometry/catan",
        "/api/records": "/api/records?limit=5", "/api/records/{id}": f"/api/records/{record.id}",
        "/api/records/{id}/replay": f"/api/records/{stored[1]['blokus'].id}/replay",
        "/api/tournaments": "/api/tournaments", "/api/openapi.json": "/api/openapi.json",
    }
    for described, path in checked.items():
        status, body = fetch(web, path)
        assert status == 200, (path, body)
        validator(answer_schema(described)).validate(body)
    status, body = fetch(web, "/api/records?offset=351279777745558241280")  # a 500 schemathesis found
    assert status == 200 and body["records"] == []
    for path, described, code in (("/api/records/nonesuch", "/api/records/{id}", "404"),
                                  ("/api/records?limit=x", "/api/records", "400"),
                                  ("/api/games/nonesuch", "/api/games/{id}", "404")):
        status, body = fetch(web, path)
        assert status == int(code)
        validator(answer_schema(described, status=code)).validate(body)


@pytest.mark.parametrize("body, code", [(b"{", "400"), (b'{"game": "chess", "seats": []}', "400")])
def test_refusals_of_new_games_are_valid_against_the_document(web, body, code):
    status, answer = fetch(web, "/api/games/new", body)
    assert status == int(code)
    validator(answer_schema("/api/games/new", "post", code)).validate(answer)
