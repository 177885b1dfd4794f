"""A client of the web hall that behaves as a browser does with cookies and forms, without a
browser: a cookie jar, the CSRF token read from each page's ``<meta name="csrf-token">``, forms
posted URL-encoded, redirects followed (as a browser follows a 303)."""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

TOKEN = re.compile(r'<meta name="csrf-token" content="([^"]*)">')


class WebSession:
    def __init__(self, url: str) -> None:
        self.url = url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrf = ""

    def _open(self, request: urllib.request.Request) -> tuple[int, str, Any]:
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode(), response
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error

    def get(self, path: str) -> tuple[int, str]:
        status, body, _ = self._open(urllib.request.Request(self.url + path))
        found = TOKEN.search(body)
        if found:
            self.csrf = found.group(1)
        return status, body

    def form(self, path: str, fields: dict[str, str], token: str | None = None) -> tuple[int, str]:
        """POST a form with this browser's CSRF token (or `token`); the page it ends on."""
        data = urllib.parse.urlencode({"csrf": self.csrf if token is None else token, **fields}).encode()
        request = urllib.request.Request(self.url + path, data=data, method="POST",
                                         headers={"Content-Type": "application/x-www-form-urlencoded"})
        status, body, _ = self._open(request)
        found = TOKEN.search(body)
        if found:
            self.csrf = found.group(1)
        return status, body

    def api(self, path: str, body: Any = None, *, csrf: bool = True, headers: dict[str, str] | None = None,
            method: str | None = None) -> tuple[int, Any]:
        """A JSON request with this browser's cookies (and, unless `csrf` is False, its token
        in the header, as the pages' scripts send it)."""
        extra = {"X-CSRF-Token": self.csrf} if csrf else {}
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method or ("GET" if data is None else "POST"),
                                         headers={**extra, **(headers or {})})
        status, text, _ = self._open(request)
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def cookie(self, name: str) -> http.cookiejar.Cookie | None:
        return next((c for c in self.jar if c.name == name), None)

    def register(self, name: str, password: str) -> tuple[int, str]:
        self.get("/account/register")
        return self.form("/account/register", {"name": name, "password": password, "again": password})

    def login(self, name: str, password: str) -> tuple[int, str]:
        self.get("/account/login")
        return self.form("/account/login", {"name": name, "password": password})
