"""From the command line and the config to snapshot files: which servers, with which limits,
each listed once and written atomically; a server that fails is one line, the others go on."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from linter.live.servers import (
    McpLimits,
    ServerSpec,
    ServerSpecError,
    name_from_command,
    name_from_url,
    parse_command,
    parse_env,
    parse_header,
    parse_header_env,
)


@dataclass(frozen=True)
class Dumped:
    spec: ServerSpec
    path: str
    tools: int
    pages: int
    transport: str


def specs_from_args(
    stdio: Sequence[str],
    urls: Sequence[str],
    headers: Sequence[str],
    header_envs: Sequence[str],
    envs: Sequence[str],
    snapshot: str | None,
    configured: Sequence[ServerSpec],
    environ: Mapping[str, str] = os.environ,
) -> list[ServerSpec]:
    """The servers of this run: ``--mcp-stdio`` and ``--mcp-url`` in that order, then the
    config's (``configured``). Names are unique: a second ``server`` becomes ``server-2``."""
    if (headers or header_envs) and not urls:
        raise ServerSpecError("--mcp-header and --mcp-header-env apply to --mcp-url servers; no --mcp-url was given")
    if envs and not stdio:
        raise ServerSpecError("--mcp-env applies to --mcp-stdio servers; no --mcp-stdio was given")
    env = dict(parse_env(e, environ) for e in envs)
    literal = dict(parse_header(h) for h in headers)
    from_env = dict(parse_header_env(h) for h in header_envs)
    specs: list[ServerSpec] = []
    for text in stdio:
        argv = parse_command(text)
        specs.append(ServerSpec(name_from_command(argv), command=argv, env=env))
    for url in urls:
        if not url.startswith(("http://", "https://")):
            raise ServerSpecError(f"--mcp-url takes an http:// or https:// URL, got {url.split('?')[0]!r}")
        specs.append(ServerSpec(name_from_url(url), url=url, headers=literal, headers_from_env=from_env))
    if snapshot is not None:
        if len(specs) != 1 or configured:
            raise ServerSpecError("--mcp-snapshot names the file of one server: give one --mcp-stdio or --mcp-url")
        specs[0] = replace(specs[0], snapshot=snapshot)
    specs.extend(configured)
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        n = seen.get(spec.name, 0) + 1
        seen[spec.name] = n
        out.append(spec if n == 1 else replace(spec, name=f"{spec.name}-{n}"))
    paths = [os.path.abspath(s.snapshot_path()) for s in out]
    for i, p in enumerate(paths):
        if p in paths[:i]:
            raise ServerSpecError(f"two servers would write the same snapshot {out[i].snapshot_path()}")
    return out


def with_timeout(limits: McpLimits, seconds: str | None) -> McpLimits:
    if seconds is None:
        return limits
    try:
        value = float(seconds)
    except ValueError:
        value = -1.0
    if not value > 0 or value != value or value == float("inf"):
        raise ServerSpecError(f"--mcp-timeout takes a number of seconds above 0, got {seconds!r}")
    return replace(limits, start_timeout=value, call_timeout=value)
