"""Accounts in the web hall, from outside: `tablehall serve` as a process on an SQLite file and
on a PostgreSQL database, driven over HTTP as a browser drives it (cookies, forms with their
CSRF tokens): registering, logging in and out, the session cookie and its expiry, CSRF
refusals, login rate limits, a registered name refused to a guest, bots' tokens and seat
tickets, admins, deleting an account."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web hall needs the web extra: pip install -e '.[web]'")
pytest.importorskip("argon2", reason="accounts need argon2-cffi: pip install -e '.[accounts]'")

from tablehall.core import BotAgent, Match  # noqa: E402
from tablehall.core.records import RecordError  # noqa: E402
from tablehall.core.registry import get_game  # noqa: E402
from tablehall.core.locations import open_store  # noqa: E402
from tablehall.core.store import RecordQuery  # noqa: E402
from tests.support.serving import Serve  # noqa: E402
from tests.support.web_session import WebSession  # noqa: E402

PASSWORD = "correct horse"
REPO = Path(__file__).resolve().parents[2]
CONFIG = """
[accounts]
login_failures_per_account = 3
login_failures_per_address = 6
session_days = 1
"""


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request, tmp_path_factory):
    """The server and where its store is (the test reads and changes the store beside it)."""
    tmp = tmp_path_factory.mktemp("webaccounts")
    db = str(tmp / "records.sqlite") if request.param == "sqlite" else \
        request.getfixturevalue("postgres_server").create_database()
    with Serve(tmp, CONFIG, db=db) as server:
        yield server


@pytest.fixture
def store(served):
    opened = open_store(served.db)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def no_failed_logins(store):
    """Every test starts with no failed logins counted (they all come from 127.0.0.1)."""
    store.transact(lambda sql: sql.run("DELETE FROM login_failures"))


_names = iter(range(10**6))


def fresh(prefix: str) -> str:
    """A name no earlier test (of either store's module run) registered."""
    return f"{prefix}{next(_names)}"


def stored_record(store, record_id: str):
    """The record once the server has stored it (a bounded wait, polled)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return store.load(record_id)
        except RecordError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def browser(served) -> WebSession:
    session = WebSession(served.url)
    session.get("/")
    return session


def me(session: WebSession) -> str | None:
    status, body = session.api("/api/me")
    assert status == 200
    return body["account"]["name"] if body["account"] else None


def test_register_sets_an_httponly_samesite_session_cookie(served):
    name = fresh("reg")
    session = browser(served)
    status, page = session.register(name, PASSWORD)
    assert status == 200 and f">{name}<" in page  # the settings page, logged in
    cookie = session.cookie("th_session")
    assert cookie is not None and cookie.has_nonstandard_attr("HttpOnly")
    assert (cookie.get_nonstandard_attr("SameSite") or "").lower() == "lax"
    assert cookie.expires is not None  # lasts as long as the server-side session
    assert me(session) == name
    assert PASSWORD not in served.log()


@pytest.mark.parametrize("fields, why", [
    ({"password": PASSWORD, "again": "something else"}, "differ"),
    ({"password": "short", "again": "short"}, "at least 8"),
])
def test_registration_refuses_bad_passwords(served, fields, why):
    session = browser(served)
    session.get("/account/register")
    status, page = session.form("/account/register", {"name": fresh("bad"), **fields})
    assert status == 400 and why in page and me(session) is None


def test_a_taken_or_reserved_name_is_refused(served):
    name = fresh("taken")
    browser(served).register(name, PASSWORD)
    for wanted in (name.upper(), "strong", "guest"):
        session = browser(served)
        status, page = session.register(wanted, PASSWORD)
        assert status == 400 and me(session) is None, wanted


def test_login_logout_and_a_logged_out_cookie_opens_nothing(served):
    name = fresh("log")
    browser(served).register(name, PASSWORD)
    session = browser(served)
    assert session.login(name, "wrong password")[0] == 403 and me(session) is None
    assert session.login(name.upper(), PASSWORD)[0] == 200 and me(session) == name
    kept = session.cookie("th_session").value
    session.get("/")
    status, _ = session.form("/account/logout", {})
    assert status == 200 and me(session) is None
    replay = WebSession(served.url)
    replay.opener.addheaders = [("Cookie", f"th_session={kept}")]
    assert me(replay) is None  # the server-side session is gone


def test_a_session_past_its_expiry_opens_nothing(served, store):
    name = fresh("exp")
    session = browser(served)
    session.register(name, PASSWORD)
    assert me(session) == name
    store.transact(lambda sql: sql.run(
        "UPDATE account_sessions SET expires_at = 1 WHERE account = (SELECT id FROM accounts WHERE name = ?)",
        (name,)))
    assert me(session) is None
    assert store.transact(lambda sql: sql.one(
        "SELECT COUNT(*) FROM account_sessions s JOIN accounts a ON a.id = s.account WHERE a.name = ?", (name,)))[0] == 0


def test_a_forged_cookie_is_not_a_session(served):
    session = browser(served)
    session.register(fresh("forge"), PASSWORD)
    cookie = session.cookie("th_session")
    cookie.value = cookie.value[:-4] + ("0000" if not cookie.value.endswith("0000") else "1111")
    assert me(session) is None


def test_forms_without_their_csrf_token_are_refused(served):
    name = fresh("csrf")
    session = browser(served)
    session.get("/account/register")
    assert session.form("/account/register", {"name": name, "password": PASSWORD, "again": PASSWORD},
                        token="")[0] == 403
    other = browser(served)  # another browser's token is not this one's
    assert session.form("/account/register", {"name": name, "password": PASSWORD, "again": PASSWORD},
                        token=other.csrf)[0] == 403
    assert session.login(name, PASSWORD)[0] == 403  # it was never made
    session.register(name, PASSWORD)
    assert session.form("/bots/new", {"name": fresh("bot")}, token="nope")[0] == 403
    assert session.form("/account/logout", {}, token="")[0] == 403
    assert me(session) == name


def test_the_json_api_with_the_session_cookie_needs_the_csrf_header(served):
    session = browser(served)
    session.register(fresh("api"), PASSWORD)
    body = {"game": "dominion", "seats": ["bigmoney", "smithy"]}
    status, answer = session.api("/api/games/new", body, csrf=False)
    assert status == 403 and "CSRF" in answer["detail"]
    status, answer = session.api("/api/games/new", body, headers={"X-CSRF-Token": "0" * 64}, csrf=False)
    assert status == 403
    status, answer = session.api("/api/games/new", body)
    assert status == 200
    # without the cookie there is no credential to misuse: a script's request passes as before
    assert WebSession(served.url).api("/api/games/new", body, csrf=False)[0] == 200


def test_failed_logins_are_limited_per_account(served):
    name = fresh("lim")
    browser(served).register(name, PASSWORD)
    session = browser(served)
    for _ in range(3):
        assert session.login(name, "wrong password")[0] == 403
    status, page = session.login(name, PASSWORD)
    assert status == 429 and "too many" in page and me(session) is None


def test_failed_logins_are_limited_per_address(served):
    name = fresh("addr")
    browser(served).register(name, PASSWORD)
    session = browser(served)
    for index in range(6):  # six names, each failing once: the address's limit
        assert session.login(fresh("nobody"), "wrong password")[0] == 403, index
    assert session.login(name, PASSWORD)[0] == 429


def test_a_registered_name_cannot_be_typed_by_a_guest(served):
    name = fresh("own")
    owner = browser(served)
    owner.register(name, PASSWORD)
    body = {"game": "dominion", "seats": ["me", "bigmoney"], "name": name.upper()}
    status, answer = browser(served).api("/api/games/new", body)
    assert status == 400 and "registered" in answer["detail"]
    status, answer = owner.api("/api/games/new", {**body, "name": "whatever"})
    assert status == 200 and answer["seats"][0]["name"] == name  # a logged-in person plays as their account
    served_game = answer["id"]
    status, live = owner.api(f"/api/games/{served_game}")
    assert [p["name"] for p in live["players"]][0] == name


def test_rated_games_are_for_accounts_against_bots(served):
    guest = browser(served)
    status, answer = guest.api("/api/games/new", {"game": "dominion", "seats": ["me", "bigmoney"], "rated": True})
    assert status == 400 and "accounts" in answer["detail"]
    person = browser(served)
    person.register(fresh("rated"), PASSWORD)
    status, answer = person.api("/api/games/new", {"game": "dominion", "seats": ["me", "person"], "rated": True})
    assert status == 400 and "seek" in answer["detail"]
    status, answer = person.api("/api/games/new", {"game": "dominion", "seats": ["me", "bigmoney"], "seed": 3,
                                                   "rated": True})
    assert status == 400  # a chosen seed is practice
    status, answer = person.api("/api/games/new", {"game": "dominion", "seats": ["me", "bigmoney"], "rated": True})
    assert status == 200 and answer["rated"] is True



def test_the_play_pages_rematch_keeps_a_rated_game_to_its_player_and_leaves_seeks_to_agreement(tmp_path):
    """POST /api/games/{id}/rematch (the play page's button, main's issue 27) repeats a rated game
    only for its player logged in, and no game between accounts: a seat's token would hand its
    holder the other accounts' seats (those are rematched on /seeks when the players agree).  A
    server of its own: its games stay live, and the module's server caps those per address."""
    with Serve(tmp_path, CONFIG, db=str(tmp_path / "records.sqlite")) as served:
        rematches_between_accounts(served)


def rematches_between_accounts(served) -> None:
    player = browser(served)
    name = fresh("again")
    player.register(name, PASSWORD)
    status, rated = player.api("/api/games/new", {"game": "dominion", "seats": ["me", "bigmoney"], "rated": True})
    assert status == 200
    ask = {"seat": 0, "token": rated["seats"][0]["token"]}
    status, answer = browser(served).api(f"/api/games/{rated['id']}/rematch", ask)
    assert status == 403 and "logged in" in answer["detail"]
    status, again = player.api(f"/api/games/{rated['id']}/rematch", ask)
    assert status == 200 and again["rated"] is True and again["seats"][0]["name"] == name

    seeker, taker = browser(served), browser(served)
    seeker.register(fresh("seeker"), PASSWORD)
    taker.register(fresh("taker"), PASSWORD)
    seeker.get("/seeks")
    seeker.form("/seeks", {"game": "dominion", "players": "2", "rated": "on"})
    seek = next(s for s in taker.api("/api/seeks")[1]["seeks"] if s["seated"] == [me(seeker)])
    taker.get("/seeks")
    taker.form(f"/seeks/{seek['id']}/accept", {})
    seat = next(s for s in taker.api("/api/seeks")[1]["my_seats"] if s["live"])
    status, answer = taker.api(f"/api/games/{seat['id']}/rematch", {"seat": seat["seat"], "token": seat["token"]})
    assert status == 409 and "/seeks" in answer["detail"]


def test_bots_tokens_and_seat_tickets(served):
    owner = browser(served)
    owner.register(fresh("owner"), PASSWORD)
    bot = fresh("bot")
    assert owner.form("/bots/new", {"name": bot})[0] == 200
    status, page = owner.form(f"/bots/{bot}/tokens", {"label": "laptop"})
    token = re.search(r"thb_[\w-]+", page).group(0)
    assert status == 200 and "shown this once" in page
    assert token not in owner.get("/account")[1]  # never again
    script = WebSession(served.url)
    status, ticket = script.api("/api/seat-tickets", {"game": "dominion", "rated": True}, csrf=False,
                                headers={"Authorization": f"Bearer {token}"})
    assert status == 200 and ticket["name"] == bot and ticket["rated"] is True and ticket["ticket"].startswith("tht_")
    assert script.api("/api/seat-tickets", {"game": "dominion"}, csrf=False,
                      headers={"Authorization": "Bearer thb_wrong"})[0] == 401
    assert script.api("/api/seat-tickets", {"game": "chess"}, csrf=False,
                      headers={"Authorization": f"Bearer {token}"})[0] == 400
    token_id = re.search(rf'/bots/{bot}/tokens/([0-9a-f]{{12}})/revoke', owner.get("/account")[1]).group(1)
    assert owner.form(f"/bots/{bot}/tokens/{token_id}/revoke", {})[0] == 200
    assert script.api("/api/seat-tickets", {"game": "dominion"}, csrf=False,
                      headers={"Authorization": f"Bearer {token}"})[0] == 401
    stranger = browser(served)
    stranger.register(fresh("stranger"), PASSWORD)
    assert stranger.form(f"/bots/{bot}/tokens", {"label": "mine now"})[0] == 404


def test_changing_the_password_ends_the_other_sessions(served):
    name = fresh("pw")
    first, second = browser(served), browser(served)
    first.register(name, PASSWORD)
    second.login(name, PASSWORD)
    status, page = first.form("/account/password", {"old": PASSWORD, "new": "battery staple", "again": "battery staple"})
    assert status == 200 and "password changed" in page
    assert me(first) == name and me(second) is None
    assert browser(served).login(name, "battery staple")[0] == 200


def test_admin_pages_are_for_admins(served, store):
    name = fresh("boss")
    boss, player = browser(served), browser(served)
    boss.register(name, PASSWORD)
    victim = fresh("victim")
    player.register(victim, PASSWORD)
    assert player.get("/admin")[0] == 403 and boss.get("/admin")[0] == 403
    store.transact(lambda sql: sql.run("UPDATE accounts SET admin = 1 WHERE name = ?", (name,)))
    assert boss.get("/admin")[0] == 200
    assert player.form("/admin/accounts", {"name": victim})[0] == 403
    assert boss.form("/admin/accounts", {"name": victim})[0] == 200
    assert me(player) is None  # a disabled account's sessions end
    assert browser(served).login(victim, PASSWORD)[0] == 403
    status, answer = boss.api("/api/games/new", {"game": "dominion", "seats": ["bigmoney", "smithy"], "pace": 5})
    assert status == 200
    status, page = boss.form(f"/admin/games/{answer['id']}/abort", {"reason": "testing"})
    assert status == 200 and "testing" in page and victim in page  # the audit log
    record = stored_record(store, answer["id"])
    assert record.status == "aborted" and f"aborted by {name}" in record.dumps()


def test_deleting_an_account_keeps_its_games_under_an_anonymous_name(served, store):
    name = fresh("gone")
    session = browser(served)
    session.register(name, PASSWORD)
    spec = get_game("dominion")
    agents = [BotAgent(spec.bots["bigmoney"](1), name=name), BotAgent(spec.bots["smithy"](2), name="smithy-2")]
    played = asyncio.run(Match(spec, agents, seed=9, store=store).run())
    assert session.form("/account/delete", {"password": "wrong password"})[0] == 403
    status, page = session.form("/account/delete", {"password": PASSWORD})
    anonymous = re.search(r"deleted-[0-9a-f]+", page).group(0)
    assert status == 200 and me(session) is None
    record = store.load(played.id)
    assert [s.name for s in record.seats] == [anonymous, "smithy-2"]
    assert store.search(RecordQuery(player=name))[1] == 0
    assert "(guest)" in session.get(f"/profile/{name}")[1]
    assert browser(served).register(name, PASSWORD)[0] == 200  # the name is free again


def test_a_bot_made_on_the_web_plays_a_rated_dominion_game_with_its_token(served):
    """The whole path of a bot author: a bot and a token made on the web, a seat ticket bought
    over HTTP, the example bot (a subprocess) joining over TCP with it, its rating on the API."""
    owner = browser(served)
    owner.register(fresh("author"), PASSWORD)
    bot = fresh("dombot")
    owner.form("/bots/new", {"name": bot})
    token = re.search(r"thb_[\w-]+", owner.form(f"/bots/{bot}/tokens", {"label": "ci"})[1]).group(0)
    status, ticket = WebSession(served.url).api("/api/seat-tickets", {"game": "dominion", "rated": True}, csrf=False,
                                                headers={"Authorization": f"Bearer {token}"})
    assert status == 200
    played = subprocess.run([sys.executable, "examples/dominion/bigmoney.py", "--connect",
                             f"127.0.0.1:{served.ports['dominion']}", "--join", "bigmoney", "ticket", ticket["ticket"]],
                            cwd=REPO, capture_output=True, text=True, timeout=600)
    assert played.returncode == 0, played.stderr[-2000:]
    deadline = time.monotonic() + 120
    while (answer := owner.api(f"/api/players/{bot}/ratings"))[1].get("ratings", {}).get("dominion") is None:
        assert time.monotonic() < deadline, answer
        time.sleep(0.2)
    standing = answer[1]["ratings"]["dominion"]
    assert answer[1]["kind"] == "bot" and standing["games"] == 1 and standing["provisional"]
    status, page = owner.get(f"/profile/{bot}")
    assert status == 200 and "svg" in page and "bigmoney" in page  # its chart and its opponent


def test_the_accounts_api_answers_are_valid_against_the_openapi_document(served):
    jsonschema = pytest.importorskip("jsonschema")
    from tablehall.web.openapi import document

    def check(path: str, body, method: str = "get") -> None:
        schema = document()["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
        jsonschema.Draft202012Validator({**schema, "components": document()["components"]}).validate(body)

    session = browser(served)
    check("/api/me", session.api("/api/me")[1])
    name = fresh("oas")
    session.register(name, PASSWORD)
    check("/api/me", session.api("/api/me")[1])
    bot = fresh("oasbot")
    session.form("/bots/new", {"name": bot})
    token = re.search(r"thb_[\w-]+", session.form(f"/bots/{bot}/tokens", {})[1]).group(0)
    status, ticket = WebSession(served.url).api("/api/seat-tickets", {"game": "catan"}, csrf=False,
                                                headers={"Authorization": f"Bearer {token}"})
    check("/api/seat-tickets", ticket, "post")
    status, started = session.api("/api/play-bot", {"game": "blokus"})
    assert status == 200 and started["rated"] is True and started["seats"][0]["name"] == name
    check("/api/play-bot", started, "post")
    check("/api/seeks", session.api("/api/seeks")[1])
    check("/api/leaderboards/{game}", session.api("/api/leaderboards/dominion?provisional=1")[1])
    check("/api/records/{id}/ratings", session.api(f"/api/records/{started['id']}/ratings")[1])
    status, ratings = session.api(f"/api/players/{name}/ratings")
    assert status == 200 and ratings["ratings"] == {}
    check("/api/players/{name}/ratings", ratings)
    assert session.api("/api/players/nobody-here/ratings")[0] == 404
