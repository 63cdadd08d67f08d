"""The one place the probe talks to a server, with the standard library's ``http.client``: the
probe sends a few hundred small GETs one at a time, so a dependency would add nothing but
surface; ``urllib`` is not used because it follows redirects anywhere and reads without limit.

Every request: counted against the budget before it is sent (redirect hops and retries too),
paced to the plan's rate (the time between two request starts), one at a time (there is one
connection, closed after each answer), with a timeout, a cap on the bytes read, and redirects
followed only within the base URL's scheme, host and port (at most 3 hops). Secret header values
are sent but never returned: :meth:`Caller.redact` removes them from any text before it is
shown or logged.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping
from urllib.parse import urljoin, urlsplit

from linter import __version__
from linter.live.probe.plan import Limits

REDIRECTS = (301, 302, 303, 307, 308)
MAX_HOPS = 3
USER_AGENT = f"silentlint-probe/{__version__}"
_LOCKS: dict[str, threading.Lock] = {}  # one request at a time per host, whatever calls us


class BudgetExhausted(Exception):
    """The plan's call budget is spent."""


@dataclass(frozen=True)
class Request:
    method: str
    url: str
    headers: tuple[tuple[str, str], ...] = ()  # our own headers (the auth headers are added when sent)
    body: bytes | None = None

    def shown(self, secret_names: tuple[str, ...] = ()) -> dict[str, object]:
        """What the log and ``--dry-run`` show: the URL, the names of every header, the body."""
        out: dict[str, object] = {"method": self.method, "url": self.url, "headers": [n for n, _ in self.headers] + list(secret_names)}
        if self.body is not None:
            out["body"] = self.body.decode("utf-8", "replace")
        return out


@dataclass
class Response:
    status: int | None = None
    headers: Mapping[str, str] = field(default_factory=dict)  # lower-case names
    body: bytes = b""
    elapsed_ms: int = 0
    failure: str | None = None  # why there is no answer (timeout, refused, too large, redirect off the host)
    requests: int = 1
    connected: bool = False  # the server accepted a connection at least once


def origin(url: str) -> tuple[str, str, int]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return (parts.scheme, (parts.hostname or "").lower(), port)


class Caller:
    def __init__(
        self,
        base_url: str,
        limits: Limits,
        secret_headers: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.base = base_url
        self.origin = origin(base_url)
        self.limits = limits
        self._secrets = dict(secret_headers or {})
        self.sent = 0
        self._last_start: float | None = None
        self._clock = clock
        self._sleep = sleep

    @property
    def secret_names(self) -> tuple[str, ...]:
        return tuple(self._secrets)

    @property
    def remaining(self) -> int:
        return self.limits.budget - self.sent

    def redact(self, text: str) -> str:
        for value in self._secrets.values():
            if value:
                text = text.replace(value, "***")
                if value.lower().startswith("bearer "):
                    text = text.replace(value[7:], "***")
        return text

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            self._sleep(seconds)

    def _pace(self) -> None:
        if self._last_start is not None:
            wait = self._last_start + 1.0 / self.limits.rate - self._clock()
            if wait > 0:
                self._sleep(wait)
        self._last_start = self._clock()

    def send(self, req: Request) -> Response:
        """The answer to ``req`` (redirects within the base URL's origin followed);
        :class:`BudgetExhausted` when no request is left."""
        method, url, body = req.method, req.url, req.body
        hops = 0
        start = self._clock()
        connected = False
        while True:
            if self.sent >= self.limits.budget:
                raise BudgetExhausted()
            self.sent += 1
            self._pace()
            lock = _LOCKS.setdefault("%s://%s:%d" % self.origin, threading.Lock())
            with lock:
                status, headers, data, failure, ok = self._once(method, url, req.headers, body)
            connected = connected or ok
            if failure is None and status in REDIRECTS and headers.get("location"):
                target = urljoin(url, headers["location"])
                if origin(target) != self.origin:
                    scheme, host, port = origin(target)
                    failure = f"a redirect to another origin ({scheme}://{host}:{port}) was not followed"
                elif hops >= MAX_HOPS:
                    failure = f"more than {MAX_HOPS} redirects"
                else:
                    hops += 1
                    url = target
                    if status == 303 or (status in (301, 302) and method not in ("GET", "HEAD")):
                        method, body = "GET", None
                    continue
            elapsed = int((self._clock() - start) * 1000)
            return Response(status, headers, data, elapsed, failure, hops + 1, connected)

    def _once(
        self, method: str, url: str, own: tuple[tuple[str, str], ...], body: bytes | None
    ) -> tuple[int | None, dict[str, str], bytes, str | None, bool]:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
        timeout = self.limits.timeout
        conn: http.client.HTTPConnection
        if parts.scheme == "https":
            conn = http.client.HTTPSConnection(host, port, timeout=timeout, context=ssl.create_default_context())
        else:
            conn = http.client.HTTPConnection(host, port, timeout=timeout)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        headers = {"User-Agent": USER_AGENT, "Accept": "application/json", **dict(own), **self._secrets}
        if body is not None:
            headers.setdefault("Content-Type", "application/json")
        connected = False
        try:
            conn.connect()
            connected = True
            conn.request(method, target, body=body, headers=headers)
            resp = conn.getresponse()
            cap = self.limits.max_response_bytes
            data = resp.read(cap + 1) if method != "HEAD" else b""
            hdrs = {k.lower(): v for k, v in resp.getheaders()}
            if len(data) > cap:
                return resp.status, hdrs, b"", f"the response is larger than {cap} bytes (limits.max-response-bytes)", True
            return resp.status, hdrs, data, None, True
        except (socket.timeout, TimeoutError):
            return None, {}, b"", f"no answer within {timeout:g} s (limits.timeout)", connected
        except ConnectionRefusedError:
            return None, {}, b"", "connection refused", False
        except ssl.SSLError as exc:
            return None, {}, b"", f"TLS error: {exc.reason or exc}", connected
        except socket.gaierror as exc:
            return None, {}, b"", f"cannot resolve {host}: {exc.strerror or exc}", False
        except http.client.HTTPException as exc:
            return None, {}, b"", f"invalid HTTP answer ({type(exc).__name__})", connected
        except OSError as exc:
            return None, {}, b"", f"{exc.strerror or exc}", connected
        finally:
            conn.close()
