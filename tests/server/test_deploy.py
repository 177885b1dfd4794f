"""The deployment of docs/deploy.md, tested (issue 26): the page's own tablehall.toml and nginx
files, with loopback names, ports and a self-signed certificate put in, run a real nginx in
front of a real `tablehall serve`; a web game is played over HTTPS and WSS through it, a
contest game through its stream module, and the limits see each client's own address."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.serving import Serve, free_port

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "docs" / "deploy.md"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
OPENSSL = shutil.which("openssl")
STREAM_MODULE = Path("/usr/lib/nginx/modules/ngx_stream_module.so")  # Debian's libnginx-mod-stream
CLIENT = REPO / "examples" / "blokus" / "client.py"

pytestmark = [
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed (Debian package nginx; .ci/run installs it)"),
    pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (it makes the test's certificate)"),
    pytest.mark.skipif(not STREAM_MODULE.exists(), reason=f"nginx's stream module {STREAM_MODULE} is not installed "
                                                          "(Debian package libnginx-mod-stream; .ci/run installs it)"),
]
websockets = pytest.importorskip("websockets", reason="the WSS seat needs the websockets client")
pytest.importorskip("uvicorn", reason="the web hall needs the web extra")

ELSEWHERE = "127.0.0.9"  # a second loopback address: a client nginx forwards, not nginx itself


def page_files() -> dict[str, str]:
    """docs/deploy.md's code blocks, by the path on their first line."""
    blocks = re.findall(r"```\w*\n(# (\S+)\n.*?)```", DEPLOY.read_text(), re.S)
    return {path: text for text, path in blocks}


def replaced(text: str, replacements: dict[str, str]) -> str:
    for old, new in replacements.items():
        assert old in text, f"docs/deploy.md no longer has {old!r}: update the test with the page"
        text = text.replace(old, new)
    return text


class Deployment:
    def __init__(self, tmp: Path) -> None:
        files = page_files()
        self.tmp = tmp
        cert, key = tmp / "cert.pem", tmp / "key.pem"
        subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                        "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                       check=True, capture_output=True)
        self.cert = cert
        toml = replaced(files["/etc/tablehall/tablehall.toml"], {'"hall.example.org"': '"localhost"'})
        (tmp / "hall").mkdir()
        self.hall = Serve(tmp / "hall", toml)
        ports = self.hall.ports
        self.https, self.plain = free_port(), free_port()
        self.front = {name: free_port() for name in ("sc", "jsettlers", "dominion", "renaissance")}
        site = replaced(files["/etc/nginx/conf.d/tablehall.conf"], {
            "/etc/ssl/certs/hall.example.org.pem": str(cert), "/etc/ssl/private/hall.example.org.key": str(key),
            "hall.example.org": "localhost", "listen 80;": f"listen 127.0.0.1:{self.plain};",
            "listen 443 ssl;": f"listen 127.0.0.1:{self.https} ssl;", "127.0.0.1:8080": f"127.0.0.1:{ports['http']}"})
        stream = replaced(files["/etc/nginx/tablehall-stream.conf"], {
            "listen 13050;": f"listen 127.0.0.1:{self.front['sc']};", "127.0.0.1:23050": f"127.0.0.1:{ports['sc']}",
            "listen 8880; ": f"listen 127.0.0.1:{self.front['jsettlers']}; ",
            "127.0.0.1:18880": f"127.0.0.1:{ports['jsettlers']}",
            "listen 8291; ": f"listen 127.0.0.1:{self.front['dominion']}; ",
            "127.0.0.1:18291": f"127.0.0.1:{ports['dominion']}",
            "listen 48745;": f"listen 127.0.0.1:{self.front['renaissance']};",
            "127.0.0.1:58745": f"127.0.0.1:{ports['renaissance']}"})
        (tmp / "site.conf").write_text(site)
        (tmp / "stream.conf").write_text(stream)
        temp = "".join(f"    {kind}_temp_path {tmp}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (tmp / "nginx.conf").write_text(
            ("user root;\n" if os.geteuid() == 0 else "")
            + f"load_module {STREAM_MODULE};\nworker_processes 1;\ndaemon off;\npid {tmp}/nginx.pid;\n"
            f"error_log {tmp}/error.log info;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n    access_log {tmp}/access.log;\n{temp}    include {tmp}/site.conf;\n}}\n"
            f"include {tmp}/stream.conf;\n")
        self.nginx = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                                      stdout=subprocess.DEVNULL, stderr=open(tmp / "nginx.out", "wb"))
        deadline = time.monotonic() + 30
        while not all(listening(port) for port in (self.https, self.plain, *self.front.values())):
            if self.nginx.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("nginx did not start: " + (tmp / "nginx.out").read_text()
                                   + (tmp / "error.log").read_text() if (tmp / "error.log").exists() else "")
            time.sleep(0.1)
        self.tls = ssl.create_default_context(cafile=str(cert))

    def log_lines(self) -> list[dict]:
        """The hall's log (log_format = "json", as the page has it), one object a line."""
        return [json.loads(line) for line in self.hall.log().splitlines() if line.startswith("{")]

    def stop(self) -> None:
        if self.nginx.poll() is None:
            self.nginx.terminate()
            self.nginx.wait(30)
        self.hall.stop()

    def https_request(self, method: str, path: str, body: bytes | None = None, source: str = "127.0.0.1",
                      **headers: str) -> tuple[int, dict, dict]:
        connection = http.client.HTTPSConnection("localhost", self.https, context=self.tls, timeout=60,
                                                 source_address=(source, 0))
        try:
            connection.request(method, path, body=body, headers={k.replace("_", "-"): v for k, v in headers.items()})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, json.loads(response.read() or b"{}")
        finally:
            connection.close()


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    deployed = Deployment(tmp_path_factory.mktemp("deploy"))
    yield deployed
    deployed.stop()


async def play_seat(deployment: Deployment, game_id: str, seat: dict) -> list[dict]:
    """Play a browser seat over WSS through nginx, the first legal action each time, to the end."""
    frames, answered = [], None
    url = f"wss://localhost:{deployment.https}/ws/games/{game_id}/seats/{seat['seat']}?token={seat['token']}"
    async with websockets.connect(url, ssl=deployment.tls, origin=f"https://localhost:{deployment.https}") as sock:
        while not frames or frames[-1]["type"] != "end":
            frames.append(json.loads(await asyncio.wait_for(sock.recv(), 120)))
            frame = frames[-1]
            if frame.get("asked") and frame.get("legal") and frame["decision"] != answered:
                answered = frame["decision"]
                await sock.send(json.dumps({"action": frame["legal"][0]}))
    return frames


def test_a_web_game_over_https_and_wss_through_nginx(deployment):
    origin = f"https://localhost:{deployment.https}"
    body = json.dumps({"game": "blokus", "seats": ["me", "random"], "name": "tls"}).encode()
    status, headers, created = deployment.https_request("POST", "/api/games/new", body, Origin=origin,
                                                        Sec_Fetch_Site="same-origin")
    assert status == 200, created
    assert headers["content-security-policy"].startswith("default-src 'self'")
    frames = asyncio.run(play_seat(deployment, created["id"], created["seats"][0]))
    assert frames[-1]["type"] == "end" and frames[-1]["result"]
    status, _, record = deployment.https_request("GET", f"/api/records/{created['id']}")
    assert status == 200 and record["seats"][0]["name"] == "tls" and record["result"]


def test_the_limits_see_the_client_nginx_forwards(deployment):
    body = json.dumps({"game": "blokus", "seats": ["random", "random"]}).encode()
    status, _, refused = deployment.https_request("POST", "/api/games/new", body, source=ELSEWHERE,
                                                  Origin="https://evil.example")
    assert status == 403 and "may not change the hall" in refused["detail"]
    [line] = [line for line in deployment.log_lines() if "evil.example" in line.get("reason", "")]
    assert line["msg"] == "request refused" and line["peer"] == ELSEWHERE and line["status"] == 403


def test_a_contest_game_through_the_stream_module(deployment):
    port = str(deployment.front["sc"])
    first = subprocess.Popen([sys.executable, str(CLIENT), "--port", port, "--seed", "1"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    time.sleep(0.1)  # the first to join is team ONE (either order plays the game)
    second = subprocess.Popen([sys.executable, str(CLIENT), "--port", port, "--strategy", "random", "--seed", "2"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    outs = [process.communicate(timeout=120) for process in (first, second)]
    assert first.returncode == 0 and second.returncode == 0, outs
    assert all("result:" in out for out, _ in outs)
    with socket.create_connection(("127.0.0.1", deployment.front["sc"]), timeout=30,
                                  source_address=(ELSEWHERE, 0)):  # the PROXY line names this address
        deadline = time.monotonic() + 60
        while not any(line["msg"] == "connected" and line.get("service") == "sc"
                      and line["peer"].startswith(f"{ELSEWHERE}:") for line in deployment.log_lines()):
            assert time.monotonic() < deadline, deployment.hall.log()[-2000:]
            time.sleep(0.1)


def test_plain_http_is_sent_to_https(deployment):
    connection = http.client.HTTPConnection("127.0.0.1", deployment.plain, timeout=30)
    connection.request("GET", "/records", headers={"Host": "localhost"})
    response = connection.getresponse()
    assert response.status == 301 and response.getheader("Location") == "https://localhost/records"
    connection.close()


def test_the_systemd_unit_is_valid(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed: the unit is documentation here")
    unit = replaced(page_files()["/etc/systemd/system/tablehall.service"],
                    {"/opt/tablehall/.venv/bin/tablehall": str(Path(sys.executable).parent / "tablehall")})
    path = tmp_path / "tablehall.service"
    path.write_text(unit)
    run = subprocess.run([analyze, "verify", str(path)], capture_output=True, text=True, timeout=60)
    problems = [line for line in run.stderr.splitlines() if "tablehall.service" in line]
    assert problems == [], run.stderr
