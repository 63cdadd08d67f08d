"""What to start or connect to, and the limits of one listing (no SDK import here: the config
and the command line describe servers whether or not the ``mcp`` extra is installed)."""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field
from typing import Any, Mapping
from urllib.parse import urlsplit, urlunsplit

CACHE_DIR = ".silentlint-cache"
SNAPSHOT_DIR = os.path.join(CACHE_DIR, "mcp")

# Words that start a server without naming it (``uvx mcp-server-time``, ``python -m pkg``).
_LAUNCHERS = {
    "python", "python3", "py", "node", "nodejs", "npx", "npm", "pnpm", "yarn", "bunx", "bun", "deno",
    "uv", "uvx", "pipx", "run", "exec", "dlx", "docker", "podman", "sh", "bash", "env", "go", "java",
}
_NAME_RX = re.compile(r"[^A-Za-z0-9._-]+")


class ServerSpecError(Exception):
    """A server described wrongly (usage error, exit 2)."""


@dataclass(frozen=True)
class McpLimits:
    start_timeout: float = 30.0  # seconds from start to the end of the initialize handshake
    call_timeout: float = 30.0  # seconds per tools/list page
    max_tools: int = 10_000  # a listing with more tools is refused


@dataclass(frozen=True)
class ServerSpec:
    """One server: a command (stdio) or a URL (Streamable HTTP, SSE as fallback)."""

    name: str
    command: tuple[str, ...] = ()
    url: str | None = None
    env: Mapping[str, str] = field(default_factory=dict)  # added to the SDK's safe default environment
    cwd: str | None = None
    headers: Mapping[str, str] = field(default_factory=dict)  # literal values: never printed
    headers_from_env: Mapping[str, str] = field(default_factory=dict)  # header → environment variable
    snapshot: str | None = None  # where the listing is written (default: under .silentlint-cache/mcp/)

    @property
    def where(self) -> str:
        """How messages name the server: its name and what it is, without secrets."""
        what = f"`{shlex.join(self.command)}`" if self.command else safe_url(self.url or "")
        return f"mcp server {self.name} ({what})"

    def snapshot_path(self) -> str:
        return self.snapshot or os.path.join(SNAPSHOT_DIR, f"{self.name}.json")

    def resolved_headers(self, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
        """The headers to send; a variable that is not set is a usage error naming the variable
        (never its value)."""
        out = dict(self.headers)
        for header, var in self.headers_from_env.items():
            value = environ.get(var)
            if value is None:
                raise ServerSpecError(f"{self.where}: header {header} comes from ${var}, which is not set")
            out[header] = value
        return out


def safe_url(url: str) -> str:
    """``url`` without user info, query or fragment (they may hold tokens)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<invalid URL>"
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = host + (f":{port}" if port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def name_from_command(argv: tuple[str, ...]) -> str:
    """A file-name-safe server name: the first word that is not a launcher or an option
    (``uvx mcp-server-time`` → ``mcp-server-time``, ``python tools/server.py`` → ``server``)."""
    for word in argv:
        base = os.path.basename(word.rstrip("/"))
        stem = base.split("@", 1)[0] if not base.startswith("@") else base.rsplit("/", 1)[-1].split("@", 1)[0]
        if not stem or word.startswith("-") or stem.lower() in _LAUNCHERS or re.fullmatch(r"python\d[\d.]*", stem):
            continue
        stem = re.sub(r"\.(py|js|mjs|cjs|ts|sh|exe)$", "", stem)
        clean = _NAME_RX.sub("-", stem).strip("-.")
        if clean:
            return clean
    return "server"


def name_from_url(url: str) -> str:
    parts = urlsplit(url)
    raw = f"{parts.hostname or 'server'}{parts.path}"  # no port: a test server's changes every run
    return _NAME_RX.sub("-", raw).strip("-.") or "server"


def parse_command(text: str) -> tuple[str, ...]:
    try:
        argv = tuple(shlex.split(text))
    except ValueError as exc:
        raise ServerSpecError(f"--mcp-stdio {text!r}: {exc}") from None
    if not argv:
        raise ServerSpecError("--mcp-stdio needs a command, e.g. --mcp-stdio 'uvx mcp-server-time'")
    return argv


def parse_header(text: str) -> tuple[str, str]:
    """``Name: value`` (the value is never repeated in a message)."""
    name, sep, value = text.partition(":")
    name = name.strip()
    if not sep or not re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name):
        shown = name if re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]*", name) else "…"
        raise ServerSpecError(f"--mcp-header takes 'Name: value', got a header named {shown!r} (the value is not shown)")
    return name, value.strip()


def parse_header_env(text: str) -> tuple[str, str]:
    """``Name=VARIABLE``: the header's value is read from the environment variable."""
    name, sep, var = text.partition("=")
    name, var = name.strip(), var.strip()
    if not sep or not re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", var):
        raise ServerSpecError(f"--mcp-header-env takes Name=VARIABLE (e.g. Authorization=MCP_TOKEN), got {text!r}")
    return name, var


def parse_env(text: str, environ: Mapping[str, str] = os.environ) -> tuple[str, str]:
    """``NAME=value``, or ``NAME`` to pass the variable on from silentlint's environment."""
    name, sep, value = text.partition("=")
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ServerSpecError(f"--mcp-env takes NAME=VALUE or NAME, got a variable named {name!r}")
    if not sep:
        if name not in environ:
            raise ServerSpecError(f"--mcp-env {name}: the variable is not set")
        value = environ[name]
    return name, value


def from_config(raw: Mapping[str, Any]) -> ServerSpec:
    """One ``mcp-servers`` entry (already checked against the config schema)."""
    command = raw.get("command")
    argv: tuple[str, ...] = ()
    if isinstance(command, str):
        argv = parse_command(command)
    elif isinstance(command, list):
        argv = tuple(command)
    return ServerSpec(
        name=raw["name"],
        command=argv,
        url=raw.get("url"),
        env=dict(raw.get("env") or {}),
        cwd=raw.get("cwd"),
        headers_from_env=dict(raw.get("headers-from-env") or {}),
        snapshot=raw.get("snapshot"),
    )
