"""A small HTTP API for the probe tests (standard library only), matching tests/data/probe/api.yaml:
one endpoint per behaviour the probe tells apart. It answers only with the bearer token it was
started with, and logs every request it receives (arrival and end times, how many were in flight)
so a test can prove what the probe did and did not send.

============  ==========  =====================================================================
endpoint      parameter   behaviour
============  ==========  =====================================================================
/orders       status      enum; anything else: 400 naming the parameter and the legal values
POST /orders  channel     a write: must never be called
/tickets      priority    anything but low/medium/high: a bare 400 (empty body)
/people       department  case and ``-``/``_`` normalised; unknown: 400 naming the values
/products     category    unknown: 200 and no rows (silent empty)
/events       since       a date it cannot parse is ignored (silent drop)
/articles     lang        unknown: answered as ``fr`` (silent coercion)
/shipments    region      ignored altogether (inert)
/feed         topic       rows change on every call (drifting)
/quotes       currency    every other request: 429 (throttling); otherwise strict like /orders
/cache/purge  scope       a GET that deletes: must never be called
/reports      kind        accepts only ``monthly`` (the documented values are rejected: excluded);
                          the 400 echoes the Authorization header (the probe must redact it)
/history      year        no rows without a year (unsuitable base)
/search       limit       clamps above 50; below 1: no rows
/logs         day         format date; anything else: 400 naming day and YYYY-MM-DD
/items        page_size   bounds 1..50; anything else: 400 naming page_size and the bounds
/cities       country     unknown: 200 with identical stub rows (valid but empty)
/moved        code        redirects to another host (the ``elsewhere`` URL)
============  ==========  =====================================================================
"""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


def _rows(prefix: str, n: int, start: int = 1) -> list[dict[str, Any]]:
    return [{"id": f"{prefix}{i}", "name": f"{prefix} {i}"} for i in range(start, start + n)]


ORDERS = [{"id": i, "status": s} for i, s in enumerate(["open", "open", "closed", "closed", "pending", "closed"], 1)]
TICKETS = [{"id": i, "priority": p} for i, p in enumerate(["low", "high", "medium", "high", "low"], 1)]
PEOPLE = [{"id": i, "department": d} for i, d in enumerate(["sales", "engineering", "vice_president", "sales", "engineering"], 1)]
PRODUCTS = [{"id": i, "category": c} for i, c in enumerate(["books", "music", "books", "games"], 1)]
EVENTS = [{"id": i, "date": d} for i, d in enumerate(["2023-11-02", "2023-12-24", "2024-01-20", "2024-02-03", "2024-03-15"], 1)]
ARTICLES = [{"id": i, "lang": lang} for i, lang in enumerate(["en", "de", "fr", "en", "fr", "de", "en"], 1)]
QUOTES = [{"id": i, "currency": c} for i, c in enumerate(["USD", "EUR", "GBP", "USD"], 1)]
LOGS = [{"id": i, "day": d} for i, d in enumerate(["2024-01-15", "2024-01-15", "2024-01-16"], 1)]
CITIES = [{"id": i, "country": c, "name": n} for i, (c, n) in enumerate([("de", "Berlin"), ("fr", "Paris"), ("de", "Hamburg")], 1)]


class ProbeAPI:
    def __init__(self, token: str, elsewhere: str = "http://127.0.0.1:9/"):
        self.token = token
        self.elsewhere = elsewhere
        self.log: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self.in_flight = 0
        self.max_in_flight = 0
        self.feed_calls = 0
        self.quote_calls = 0

    def begin(self) -> float:
        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        return time.monotonic()

    def end(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self.in_flight -= 1
            self.log.append(entry)

    def answer(self, method: str, path: str, q: dict[str, str], headers: dict[str, str]) -> tuple[int, dict[str, str], Any]:
        if headers.get("authorization") != f"Bearer {self.token}":
            return 401, {}, {"error": "unauthorized"}
        if method == "POST" and path == "/orders":
            return 201, {}, {"id": 99, "created": True}
        if path == "/cache/purge":
            return 200, {}, {"purged": True}
        if path == "/orders":
            return self._strict(ORDERS, "status", q, ["open", "closed", "pending"])
        if path == "/tickets":
            v = q.get("priority")
            if v is not None and v not in ("low", "medium", "high"):
                return 400, {}, None
            return 200, {}, {"data": [r for r in TICKETS if v is None or r["priority"] == v]}
        if path == "/people":
            v = q.get("department")
            if v is not None:
                v = v.lower().replace("-", "_")
                if v not in ("sales", "engineering", "vice_president"):
                    return 400, {}, {"error": "department must be one of: sales, engineering, vice_president"}
            return 200, {}, {"data": [r for r in PEOPLE if v is None or r["department"] == v]}
        if path == "/products":
            v = q.get("category")
            return 200, {}, {"data": [r for r in PRODUCTS if v is None or r["category"] == v]}
        if path == "/events":
            since = None
            try:
                since = dt.date.fromisoformat(q["since"]) if "since" in q and len(q["since"]) == 10 else None
            except ValueError:
                since = None
            return 200, {}, {"data": [r for r in EVENTS if since is None or dt.date.fromisoformat(r["date"]) >= since]}
        if path == "/articles":
            v = q.get("lang")
            if v is not None and v not in ("en", "de", "fr"):
                v = "fr"
            return 200, {}, [r for r in ARTICLES if v is None or r["lang"] == v]
        if path == "/shipments":
            return 200, {}, {"data": _rows("s", 4)}
        if path == "/feed":
            self.feed_calls += 1
            return 200, {}, {"data": _rows("f", 3, start=self.feed_calls * 10)}
        if path == "/quotes":
            self.quote_calls += 1
            if self.quote_calls % 2 == 1:
                return 429, {}, {"error": "too many requests"}
            return self._strict(QUOTES, "currency", q, ["USD", "EUR", "GBP"])
        if path == "/reports":
            v = q.get("kind")
            if v is not None and v != "monthly":
                return 400, {}, {"error": f"kind {v!r} is not available for {headers.get('authorization')}"}
            return 200, {}, {"data": _rows("r", 3)}
        if path == "/history":
            v = q.get("year")
            return 200, {}, {"data": _rows("a", 2) if v is not None else []}
        if path == "/search":
            try:
                limit = int(q.get("limit", "10"))
            except ValueError:
                limit = 10
            limit = min(limit, 50)
            return 200, {}, {"data": _rows("x", max(limit, 0)), "total": max(limit, 0)}
        if path == "/logs":
            v = q.get("day")
            if v is not None:
                try:
                    dt.date.fromisoformat(v)
                    ok = len(v) == 10
                except ValueError:
                    ok = False
                if not ok:
                    return 400, {}, {"error": "day must be a date, YYYY-MM-DD"}
            return 200, {}, {"data": [r for r in LOGS if v is None or r["day"] == v] + ([] if v else _rows("l", 2))}
        if path == "/items":
            v = q.get("page_size")
            if v is not None and not (v.isdigit() and 1 <= int(v) <= 50):
                return 400, {}, {"errors": [{"parameter": "page_size", "message": "page_size must be between 1 and 50"}]}
            return 200, {}, {"data": _rows("i", int(v) if v else 10)}
        if path == "/cities":
            v = q.get("country")
            if v is not None and v not in ("de", "fr"):
                return 200, {}, {"data": [{"id": None, "country": "", "name": "n/a"}] * 3}
            return 200, {}, {"data": [r for r in CITIES if v is None or r["country"] == v]}
        if path == "/moved":
            return 302, {"Location": self.elsewhere}, None
        return 404, {}, {"error": "not found"}

    @staticmethod
    def _strict(rows: list[dict[str, Any]], name: str, q: dict[str, str], legal: list[str]) -> tuple[int, dict[str, str], Any]:
        v = q.get(name)
        if v is not None and v not in legal:
            return 400, {}, {"error": f"invalid {name} {v!r}: {name} must be one of {', '.join(legal)}"}
        return 200, {}, {"data": [r for r in rows if v is None or r[name] == v]}


def _handler(api: ProbeAPI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _serve(self) -> None:
            start = api.begin()
            parts = urlsplit(self.path)
            q = {k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)
            headers = {k.lower(): v for k, v in self.headers.items()}
            status, extra, body = api.answer(self.command, parts.path, q, headers)
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            for k, v in extra.items():
                self.send_header(k, v)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            api.end({"method": self.command, "path": parts.path, "query": q, "status": status,
                     "authorized": headers.get("authorization") == f"Bearer {api.token}",
                     "start": start, "end": time.monotonic()})

        do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_PATCH = _serve

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
            pass

    return Handler


class Served:
    def __init__(self, api: ProbeAPI):
        self.api = api
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(api))
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "Served":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
