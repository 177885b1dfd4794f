"""Issue 26, limits: each attack reproduced against a real `tablehall serve` on loopback and
refused with the protocol's own error and a log line, while the server goes on serving.

Waits are bounded and generous (a busy machine may be slow); nothing here measures time."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest

from tests.support.serving import Serve, connect, read_until_closed

pytest.importorskip("uvicorn", reason="the web hall needs the web extra")

CONNECT_TIMEOUT = 30


def http(port: int, request: bytes, source: str = "127.0.0.1") -> bytes:
    """One raw HTTP request; the whole answer (the server closes or the socket times out)."""
    with connect(port, source) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                return data
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), None)
        while length is not None and len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return head + b"\r\n\r\n" + body


def post(port: int, body: bytes, *headers: str, source: str = "127.0.0.1", path: str = "/api/games/new") -> tuple[int, dict]:
    head = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: text/plain",
            f"Content-Length: {len(body)}", "Connection: close", *headers]
    answer = http(port, ("\r\n".join(head) + "\r\n\r\n").encode() + body, source)
    status = int(answer.split(b" ", 2)[1])
    return status, json.loads(answer.partition(b"\r\n\r\n")[2] or b"{}")


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


BOTS_GAME = json.dumps({"game": "blokus", "seats": ["random", "random"]}).encode()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    config = """
[limits]
request_timeout = 2
login_timeout = 2
connections_per_address = 6
games_per_minute = 1000
live_games_per_address = 1000

[dominion]
join_grace = 60          # an idle Dominion connection stays in the lobby, not logged in

[renaissance]
bot_fill_after = 0
"""
    with Serve(tmp_path_factory.mktemp("limits"), config) as serve:
        yield serve


# -- request bodies and JSON ---------------------------------------------------------------------

def stream_body(port: int, size: int, source: str, chunked: bool, answers: list) -> None:
    """Send a `size` byte body (announced, or chunked) until the server answers; keep its answer."""
    head = ["POST /api/games/new HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: text/plain"]
    head.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}")
    block = b"[" * 65536
    with connect(port, source) as sock:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        sent = 0
        try:
            while sent < size:
                sock.sendall(b"10000\r\n" + block + b"\r\n" if chunked else block)
                sent += len(block)
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            answers.append((read_until_closed(sock), sent))
        except OSError as exc:
            answers.append((repr(exc).encode(), sent))


def test_huge_bodies_are_refused_with_413_before_they_are_read(server):
    """Issue 26: four concurrent 100 MB bodies took the server from 92 MB to 909 MB."""
    before = server.rss_kib()
    answers: list = []
    threads = [threading.Thread(target=stream_body, args=(server.ports["http"], 100 << 20, f"127.0.1.{k}", k % 2, answers))
               for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert len(answers) == 4
    for answer, sent in answers:
        assert b" 413 " in answer.split(b"\r\n")[0], answer[:200]
        assert b"request body over 65536 bytes" in answer
    assert server.rss_kib() - before < 64 * 1024  # nowhere near the bodies' 400 MB
    assert "request refused" in server.log() and "status=413" in server.log()


def test_deep_json_and_bad_numbers_are_400_never_500(server):
    port = server.ports["http"]
    status, answer = post(port, b"[" * 60000)
    assert status == 400 and "nested deeper than 32" in answer["detail"]
    answers: list = []
    stream_body(port, 50 << 20, "127.0.0.1", False, answers)  # 50 MB of [: refused by its length
    assert b" 413 " in answers[0][0].split(b"\r\n")[0]
    for body in (b'{"game": "blokus", "seats": ["random", "random"], "seed": 1e999}',
                 b'{"game": "blokus", "seats": ["random", "random"], "pace": NaN}',
                 b'{"game": "blokus", "seats": ["random", "random"], "seed": ' + b"9" * 5000 + b"}",
                 b'{"game": "blokus", "seats": {"a": 1}}', b'[1, 2]', b'"text"', b'\xff\xfe'):
        status, answer = post(port, body)
        assert status == 400, (body[:40], answer)
    assert "Traceback" not in server.log()


# -- slow clients and idle connections -------------------------------------------------------------

def test_a_request_sent_too_slowly_is_answered_408_and_closed(server):
    with connect(server.ports["http"]) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
        answer = read_until_closed(sock)
    assert answer.startswith(b"HTTP/1.1 408 ") and b"no whole request within 2 seconds" in answer
    with connect(server.ports["http"]) as sock:  # nothing at all
        assert read_until_closed(sock).startswith(b"HTTP/1.1 408 ")


REFUSALS = {  # service -> what its refusal looks like on the wire
    "http": b"HTTP/1.1 429 ",
    "sc": b"<errorpacket message=",
    "dominion": b"error ",
    "renaissance": b"503 Connection refused: ",
    "jsettlers": b"1059|",  # SOCRejectConnection
}


@pytest.mark.parametrize("service", ["sc", "dominion", "renaissance", "jsettlers"])
def test_a_client_that_never_logs_in_is_told_and_closed(server, service):
    with connect(server.ports[service], "127.0.2.1") as sock:
        answer = read_until_closed(sock)
    assert REFUSALS[service] in answer and b"no login within 2 seconds" in answer, answer[-300:]
    assert "reason=\"no login within 2 seconds\"" in server.log()


def test_a_client_that_logged_in_is_not_cut_off(server):
    """The deadline is for logging in only: a Renaissance client past its nickname stays."""
    with connect(server.ports["renaissance"], "127.0.2.2") as sock:
        sock.sendall(b"patient\n")
        time.sleep(4)  # twice the login deadline
        sock.sendall(b"1\n")  # a solo game starts
        data = b""
        while b"Choose the two leader cards" not in data:
            chunk = sock.recv(65536)
            assert chunk, data[-300:]
            data += chunk


@pytest.mark.parametrize("service", ["http", "sc", "dominion", "renaissance", "jsettlers"])
def test_one_address_may_hold_only_so_many_connections(server, service):
    """Issue 26: 2,000 idle connections held on the HTTP and contest ports were never dropped."""
    source = {"http": "127.0.3.1", "sc": "127.0.3.2", "dominion": "127.0.3.3", "renaissance": "127.0.3.4",
              "jsettlers": "127.0.3.5"}[service]
    held = [connect(server.ports[name], source) for name in ("sc", "dominion", "renaissance", "jsettlers", "sc", "dominion")]
    try:
        server.wait_for_log(f"peer={source}:", 6)  # each accepted and counted (the cap is 6)
        with connect(server.ports[service], source) as sock:
            answer = read_until_closed(sock)
        assert REFUSALS[service] in answer and b"too many connections from " + source.encode() in answer, answer
        with connect(server.ports["http"], "127.0.3.9") as other:  # another host is served
            other.sendall(b"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert read_until_closed(other).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in held:
            sock.close()
    assert "connection refused" in server.log()


def test_the_connection_budget_refuses_past_it(tmp_path):
    with Serve(tmp_path, "[limits]\nmax_connections = 5\nlogin_timeout = 60\n") as serve:
        held = [connect(serve.ports["sc"], f"127.0.4.{k}") for k in range(1, 6)]
        try:
            serve.wait_for_log("connected service=sc peer=127.0.4.", 5)  # all five counted
            with connect(serve.ports["dominion"], "127.0.4.9") as sock:
                assert b"error the server is full (5 connections)" in read_until_closed(sock)
            with connect(serve.ports["http"], "127.0.4.10") as sock:
                assert read_until_closed(sock).startswith(b"HTTP/1.1 503 ")
        finally:
            for sock in held:
                sock.close()
        serve.wait_for_log("disconnected service=sc peer=127.0.4.", 5)  # room again
        assert status_of(http(serve.ports["http"], b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")) == 200


# -- origin, host, rates ----------------------------------------------------------------------------

def test_a_page_on_another_site_cannot_start_a_game(server):
    """Issue 26: a text/plain POST with Origin: https://evil.example created a game."""
    port = server.ports["http"]
    assert post(port, BOTS_GAME, "Origin: https://evil.example")[0] == 403
    assert post(port, BOTS_GAME, "Sec-Fetch-Site: cross-site")[0] == 403
    assert post(port, BOTS_GAME, "Origin: null")[0] == 403
    status, answer = post(port, BOTS_GAME, f"Origin: http://127.0.0.1:{port}", "Sec-Fetch-Site: same-origin")
    assert status == 200 and answer["id"]
    assert post(port, BOTS_GAME)[0] == 200  # a client that is not a browser
    assert "may not change the hall" in server.log()


def websocket_handshake(port: int, path: str, *headers: str, host: str | None = None) -> bytes:
    head = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket",
            "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
            *headers]
    with connect(port) as sock:
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    return data


def test_websockets_only_from_the_halls_own_pages_and_names(server):
    port = server.ports["http"]
    _, game = post(port, json.dumps({"game": "blokus", "seats": ["random", "random"], "pace": 10}).encode())
    path = f"/ws/games/{game['id']}"
    assert websocket_handshake(port, path, f"Origin: http://127.0.0.1:{port}").startswith(b"HTTP/1.1 101 ")
    assert websocket_handshake(port, path).startswith(b"HTTP/1.1 101 ")  # not a browser
    assert websocket_handshake(port, path, "Origin: https://evil.example").startswith(b"HTTP/1.1 403 ")
    assert websocket_handshake(port, path, host="attacker.example").startswith(b"HTTP/1.1 403 ")


def test_dns_rebinding_a_foreign_host_is_refused(server):
    """Issue 26: Host: attacker.example was accepted."""
    port = server.ports["http"]
    answer = http(port, b"GET /api/games HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")
    assert status_of(answer) == 400 and b"unknown host 'attacker.example'" in answer
    for host in (b"localhost", f"127.0.0.1:{port}".encode(), f"[::1]:{port}".encode()):
        answer = http(port, b"GET /api/games HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
        assert status_of(answer) == 200, host


def test_game_creation_is_rate_limited_and_capped_per_address(tmp_path):
    """Issue 26: 300 games were created in 3.5 s, each live for hours at pace=10."""
    config = "[limits]\ngames_per_minute = 3\nlive_games_per_address = 2\nseat_joins_per_minute = 2\n"
    with Serve(tmp_path, config) as serve:
        port = serve.ports["http"]
        slow = json.dumps({"game": "blokus", "seats": ["random", "random"], "pace": 10}).encode()
        assert [post(port, slow, source="127.0.5.1")[0] for _ in range(3)] == [200, 200, 429]
        status, answer = post(port, slow, source="127.0.5.1")
        assert status == 429 and "at most 3 a minute" in answer["detail"]  # the bucket is empty now
        assert post(port, slow, source="127.0.5.2")[0] == 200  # another address has its own quota
        assert "live games already" in serve.log()
        seat = "/ws/games/nonesuch/seats/0?token=guess"  # seat sockets: at most 2 a minute here
        answers = [websocket_handshake(port, seat)[:12] for _ in range(3)]
        assert answers == [b"HTTP/1.1 101", b"HTTP/1.1 101", b"HTTP/1.1 403"]
        assert "too many seat sockets from 127.0.0.1" in serve.log()


# -- headers -------------------------------------------------------------------------------------------

def test_security_headers_on_every_answer(server):
    port = server.ports["http"]
    for path in ("/", "/new", "/records", "/tournaments", "/api/games", "/static/style.css", "/no/such/page"):
        answer = http(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        head = answer.partition(b"\r\n\r\n")[0].decode().lower()
        assert "content-security-policy: default-src 'self'; script-src 'self'; style-src 'self'" in head, path
        assert "frame-ancestors 'none'" in head and "x-content-type-options: nosniff" in head, path
        assert "referrer-policy: same-origin" in head, path


def test_serve_help_lists_the_limits():
    out = subprocess.run([sys.executable, "-m", "tablehall.cli", "serve", "--help"], capture_output=True,
                         text=True, check=True).stdout
    assert "[limits]" in out
    for key in ("max_body = 65536", "max_json_depth = 32", "request_timeout = 10.0", "login_timeout = 30.0",
                "connections_per_address = 64", "max_connections = (unset)", "games_per_minute = 10",
                "live_games_per_address = 8", "trusted_proxies = []", "allowed_hosts = []"):
        assert key in out, key


def test_a_bad_limit_stops_serve_with_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[limits]\nmax_body = 0\n")
    run = subprocess.run([sys.executable, "-m", "tablehall.cli", "serve", "--config", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.strip() == "tablehall: error: [limits] max_body must be at least 1"

