"""Fetch one MCP server's tool listing with the official SDK: start or connect, ``initialize`` +
``notifications/initialized``, page through ``tools/list`` (``nextCursor``), stop.

No tool is ever called. Every failure becomes one :class:`ServerError` line that says what the
server did and what to try; the SDK's stdio transport closes the server's stdin, waits, then
terminates and kills its whole process group (it runs in a session of its own), inside a
cancellation shield, so no server outlives the run, whatever went wrong.

The listing is kept as the server sent it (the JSON of each page, not the SDK's models), so
the snapshot shows the server's own keys in the server's order.
"""

from __future__ import annotations

import errno
import logging
import os
import signal
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, TextIO

from linter.live.servers import McpLimits, ServerSpec, safe_url

INSTALL_HINT = "MCP support needs the mcp extra: pip install 'mcp>=2.3,<3' (from a clone of silentlint: pip install '.[mcp]')"


class ServerError(Exception):
    """The server could not be listed; the message is one line (exit code 5)."""


class MissingExtra(Exception):
    """The ``mcp`` SDK is not installed (exit code 2, one line naming the extra)."""


@dataclass
class Listing:
    tools: list[dict[str, Any]]
    server_info: dict[str, Any] | None = None
    protocol_version: str = ""
    transport: str = "stdio"
    pages: int = 1
    stderr_tail: list[str] = field(default_factory=list)


def sdk_available() -> bool:
    try:
        import mcp  # noqa: F401
    except ImportError:
        return False
    return True


def fetch(spec: ServerSpec, limits: McpLimits, headers: dict[str, str] | None = None, debug: bool = False) -> Listing:
    """The server's tools, or :class:`ServerError`; ``headers`` are the resolved HTTP headers."""
    try:
        import anyio
    except ImportError:
        raise MissingExtra(INSTALL_HINT) from None
    if not sdk_available():
        raise MissingExtra(INSTALL_HINT)
    if not debug:
        # The SDK logs transport faults with tracebacks; each one reaches the user as one line.
        for name in ("mcp", "httpx2", "httpcore2", "httpx", "httpcore"):
            logging.getLogger(name).addHandler(logging.NullHandler())
            logging.getLogger(name).propagate = False
    secrets = [v for v in (headers or {}).values() if v]
    try:
        with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as errlog:
            run = _Run(spec, limits, headers or {}, errlog)
            try:
                return anyio.run(run.fetch)
            except ServerError:
                raise
            except BaseException as exc:  # noqa: BLE001 - every way a server can fail, as one line
                if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                    raise
                if debug:
                    raise
                raise ServerError(run.explain(exc)) from None
    except ServerError as exc:
        message = str(exc)
        for secret in secrets:
            message = message.replace(secret, "***")
        raise ServerError(message) from None


def _leaves(exc: BaseException) -> list[BaseException]:
    """The exceptions inside (nested) exception groups, innermost causes included."""
    if isinstance(exc, BaseExceptionGroup):
        out: list[BaseException] = []
        for inner in exc.exceptions:
            out.extend(_leaves(inner))
        return out
    return [exc]


def _clip(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


class _Run:
    """One listing: the state the failure message is made of."""

    def __init__(self, spec: ServerSpec, limits: McpLimits, headers: dict[str, str], errlog: TextIO):
        self.spec = spec
        self.limits = limits
        self.headers = headers
        self.errlog = errlog
        self.phase = "start"  # start → handshake → listing → done
        self.bad_lines: list[str] = []  # stdout lines that were not JSON-RPC
        self.http_status: int | None = None
        self.http_reason = ""
        self.transport = "stdio" if spec.command else "streamable-http"
        self.pids: list[int] = []  # the stdio server's process (and so process group) id
        self.stop: Any = None  # the scope a non-JSON-RPC line on stdout cancels

    # --- talking to the server ---------------------------------------------------------------

    async def fetch(self) -> Listing:
        if self.spec.command:
            return await self._stdio()
        try:
            return await self._http("streamable-http")
        except Exception:
            # An SSE-only server (the 2024-11-05 transport) answers the POST with 400, 404 or
            # 405 and expects a GET of the same URL: MCP's backwards-compatibility rule.
            if self.phase != "handshake" or self.http_status not in (400, 404, 405):
                raise
        first, self.http_status, self.transport = self.http_status, None, "sse"
        try:
            return await self._http("sse")
        except Exception:
            if self.http_status is None or self.http_status == 405:
                self.http_status = first  # the POST's answer says more than the GET's
            raise

    async def _stdio(self) -> Listing:
        from mcp.client.stdio import StdioServerParameters, stdio_client

        params = StdioServerParameters(
            command=self.spec.command[0],
            args=list(self.spec.command[1:]),
            env=dict(self.spec.env) or None,
            cwd=self.spec.cwd,
        )
        try:
            with _recording_spawns(self.pids):
                transport = stdio_client(params, errlog=self.errlog)
                return await self._session(transport)
        except OSError as exc:
            if self.phase != "start":
                raise
            raise ServerError(self._spawn_error(exc)) from None
        finally:
            _kill_groups(self.pids)

    async def _http(self, kind: str) -> Listing:
        import httpx2

        async def record(response: Any) -> None:
            if response.status_code >= 400 and self.http_status is None:
                self.http_status = response.status_code
                self.http_reason = getattr(response, "reason_phrase", "") or ""

        timeout = httpx2.Timeout(self.limits.call_timeout, connect=self.limits.start_timeout)
        if kind == "sse":
            from mcp.client.sse import sse_client

            def factory(headers: dict[str, str] | None = None, timeout: Any = None, auth: Any = None) -> Any:
                return httpx2.AsyncClient(headers=headers, timeout=timeout, auth=auth, event_hooks={"response": [record]})

            transport: Any = sse_client(
                self.spec.url or "", headers=self.headers, timeout=self.limits.start_timeout,
                sse_read_timeout=self.limits.call_timeout, httpx_client_factory=factory,
            )
            return await self._session(transport)
        from mcp.client.streamable_http import streamable_http_client

        async with httpx2.AsyncClient(headers=self.headers, timeout=timeout, event_hooks={"response": [record]}) as client:
            return await self._session(streamable_http_client(self.spec.url or "", http_client=client))

    async def _session(self, transport: Any) -> Listing:
        import anyio
        from mcp.client.session import ClientSession

        async def on_message(message: Any) -> None:
            if isinstance(message, Exception):
                # MCP: a server MUST NOT write anything to stdout that is not an MCP message;
                # waiting for an answer after one would only run into the timeout.
                self.bad_lines.append(_bad_line(message))
                if self.stop is not None:
                    self.stop.cancel()

        self.phase = "start"
        async with transport as (read, write), ClientSession(read, write, message_handler=on_message) as session:
            try:
                with anyio.CancelScope() as self.stop:
                    return await self._list(session)
                raise ServerError(self.explain(RuntimeError("stopped")))
            except BaseException:
                _kill_groups(self.pids)  # a server that failed gets no grace period
                raise

    async def _list(self, session: Any) -> Listing:
        import anyio
        import mcp_types as types
        from pydantic import TypeAdapter

        raw_result: TypeAdapter[dict[str, Any]] = TypeAdapter(dict[str, Any])
        self.phase = "handshake"
        with anyio.fail_after(self.limits.start_timeout):
            init = await session.initialize()
        self.phase = "listing"
        tools: list[dict[str, Any]] = []
        cursor: str | None = None
        seen: set[str] = set()
        pages = 0
        while True:
            params = types.PaginatedRequestParams(cursor=cursor) if cursor is not None else None
            with anyio.fail_after(self.limits.call_timeout):
                page = await session.send_request(types.ListToolsRequest(params=params), raw_result)
            pages += 1
            got = page.get("tools")
            if not isinstance(got, list):
                raise ServerError(self._prefix(f"tools/list page {pages} has no tools list"))
            tools.extend(got)
            if len(tools) > self.limits.max_tools:
                raise ServerError(self._prefix(
                    f"lists more than {self.limits.max_tools:,} tools (limits.mcp-max-tools); nothing was linted"
                ))
            nxt = page.get("nextCursor")
            if nxt is None:
                break
            if not isinstance(nxt, str) or nxt in seen:
                raise ServerError(self._prefix(
                    f"tools/list page {pages} repeats the cursor {_clip(str(nxt), 40)!r}: the listing would never end"
                ))
            seen.add(nxt)
            cursor = nxt
        self.phase = "done"
        info = init.server_info.model_dump(mode="json", by_alias=True, exclude_none=True) if init.server_info else None
        return Listing(tools, info, str(init.protocol_version), self.transport, pages)

    # --- one line per failure ----------------------------------------------------------------

    def _prefix(self, text: str) -> str:
        return f"{self.spec.where}: {text}"

    def _stderr_tail(self) -> str:
        try:
            self.errlog.flush()
            self.errlog.seek(0)
            lines = [ln.strip() for ln in self.errlog.read().splitlines() if ln.strip()]
        except (OSError, ValueError):
            return ""
        return f"; its last stderr line: {_clip(lines[-1])}" if lines else ""

    def _spawn_error(self, exc: OSError) -> str:
        cmd = self.spec.command[0]
        if exc.errno == errno.ENOENT:
            if self.spec.cwd and exc.filename == self.spec.cwd:
                return self._prefix(f"cannot start: the working directory {self.spec.cwd} does not exist")
            return self._prefix(f"cannot start: command not found: {cmd}")
        if exc.errno == errno.EACCES:
            return self._prefix(f"cannot start: permission denied: {cmd}")
        return self._prefix(f"cannot start: {exc.strerror or exc}")

    def explain(self, exc: BaseException) -> str:
        from mcp.shared.exceptions import MCPError
        from pydantic import ValidationError

        leaves = _leaves(exc)
        if any(isinstance(e, ServerError) for e in leaves):
            return str(next(e for e in leaves if isinstance(e, ServerError)))
        timeout = any(isinstance(e, TimeoutError) for e in leaves) or any(
            isinstance(e, MCPError) and e.code == -32001 for e in leaves
        )
        closed = any(isinstance(e, MCPError) and e.code == -32000 for e in leaves)
        during = {"start": "while starting" if self.spec.command else "while connecting", "handshake": "during the initialize handshake", "listing": "during tools/list"}.get(
            self.phase, "after the listing"
        )
        if self.bad_lines:
            return self._prefix(
                f"wrote something that is not JSON-RPC on stdout {during}: {self.bad_lines[0]} "
                "(stdout is for MCP messages only; a server must log to stderr)"
            )
        status = self.http_status
        if status in (401, 403):
            return self._prefix(
                f"HTTP {status} {self.http_reason or ('Unauthorized' if status == 401 else 'Forbidden')} {during}: "
                "the server wants credentials (--mcp-header 'Name: value', --mcp-header-env Name=VARIABLE, "
                "or headers-from-env in the config)"
            )
        if status is not None:
            return self._prefix(f"HTTP {status} {self.http_reason} {during}".rstrip() + (
                " (is this the server's MCP endpoint?)" if status in (404, 405) else ""
            ))
        for e in leaves:
            if isinstance(e, ValidationError):
                return self._prefix(f"sent an invalid {'tools/list' if self.phase == 'listing' else 'initialize'} result: {_validation(e)}")
        conn = _connect_error(leaves) if self.spec.url else None
        if conn is not None:
            return self._prefix(f"cannot connect: {conn}")
        if timeout:
            limit = "limits.mcp-start-timeout" if self.phase in ("start", "handshake") else "limits.mcp-call-timeout"
            secs = self.limits.start_timeout if self.phase in ("start", "handshake") else self.limits.call_timeout
            what = "the initialize request" if self.phase in ("start", "handshake") else "tools/list"
            return self._prefix(f"did not answer {what} within {secs:g} s ({limit}){self._stderr_tail()}")
        if closed or any(isinstance(e, (EOFError, BrokenPipeError, ConnectionError)) for e in leaves):
            gone = "exited or closed its stdout" if self.spec.command else "closed the connection"
            return self._prefix(f"{gone} {during}{self._stderr_tail()}")
        for e in leaves:
            if isinstance(e, MCPError):
                return self._prefix(f"answered with an error {during}: {_clip(e.message)} (code {e.code})")
        first = leaves[0] if leaves else exc
        return self._prefix(f"failed {during}: {type(first).__name__}: {_clip(str(first))}{self._stderr_tail()}")


@contextmanager
def _recording_spawns(pids: list[int]) -> Iterator[None]:
    """Note the id of the process the SDK's stdio transport spawns (it is the leader of a
    process group of its own), so what the server left behind can be stopped after it."""
    try:
        import mcp.client.stdio as sdk_stdio
    except ImportError:  # pragma: no cover - checked by the caller
        yield
        return
    spawn = getattr(sdk_stdio, "_create_platform_compatible_process", None)
    if spawn is None or sys.platform == "win32":  # another SDK layout: its own clean-up only
        yield
        return

    async def recording(*args: Any, **kwargs: Any) -> Any:
        process = await spawn(*args, **kwargs)
        pids.append(process.pid)
        return process

    sdk_stdio._create_platform_compatible_process = recording  # restored below
    try:
        yield
    finally:
        sdk_stdio._create_platform_compatible_process = spawn


def _kill_groups(pids: list[int]) -> None:
    """SIGKILL what is left of each server's process group. The SDK stops the tree of a server
    that is still running; one that exited by itself (during the handshake, say) can leave
    children behind, which would hold its pipes open and outlive the run."""
    for pid in pids:
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass


def _bad_line(exc: Exception) -> str:
    """The start of the stdout line that failed to parse, quoted."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        try:
            first = errors()[0]
            value = first.get("input")
            if isinstance(value, (str, bytes)):
                text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
                return repr(_clip(text, 60))
        except Exception:  # noqa: BLE001 - best effort: the message still says what happened
            pass
    return _clip(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 60)


def _validation(exc: Any) -> str:
    try:
        err = exc.errors()[0]
    except Exception:  # noqa: BLE001
        return _clip(str(exc).splitlines()[0])
    loc = ".".join(str(p) for p in err.get("loc", ()) if not isinstance(p, str) or not p.startswith("function-"))
    return _clip(f"{loc}: {err.get('msg', '')}" if loc else str(err.get("msg", "")))


def _connect_error(leaves: list[BaseException]) -> str | None:
    try:
        import httpx2
    except ImportError:  # pragma: no cover - installed with mcp
        return None
    for e in leaves:
        if isinstance(e, (httpx2.ConnectError, OSError)):
            chain: BaseException | None = e
            for _ in range(10):  # the OS's reason is a few causes down
                if chain is None:
                    break
                if isinstance(chain, ConnectionRefusedError) or "connection refused" in str(chain).lower():
                    return "connection refused (is the server running, on this port?)"
                if isinstance(chain, OSError) and chain.strerror:
                    return chain.strerror
                chain = chain.__cause__ or chain.__context__
            return _clip(str(e)) or "connection failed"
    return None


__all__ = ["Listing", "MissingExtra", "ServerError", "fetch", "safe_url", "sdk_available", "INSTALL_HINT"]
