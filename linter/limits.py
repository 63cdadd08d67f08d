"""Resource limits: what a hostile or broken file may cost before it is refused.

A linter in CI reads files from pull requests, forks included. Every limit below bounds time or
memory, is set in the config's ``limits:`` section (kebab-case keys), and is named in the message
when it is hit, so a user who meets one knows which setting to raise.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

MiB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    max_file_bytes: int = 128 * MiB  # a file larger than this is refused before it is read
    max_depth: int = 1000  # nesting of mappings/sequences
    max_alias_nodes: int = 1_000_000  # nodes a YAML document may grow to through aliases
    max_description_chars: int = 20_000  # prose beyond this is not analysed (analysis is superlinear)
    max_ref_hops: int = 256  # one chain of $ref → $ref → …
    max_ref_files: int = 10_000  # files one document may pull in through $ref (DigitalOcean: ~2,900)
    allow_remote_refs: bool = False  # fetch http(s) $ref targets (never by default)
    remote_timeout: float = 10.0  # seconds per remote $ref fetch
    remote_max_bytes: int = 16 * MiB  # size cap of one remote $ref target
    mcp_start_timeout: float = 30.0  # seconds an MCP server may take to start and answer initialize
    mcp_call_timeout: float = 30.0  # seconds an MCP server may take to answer one tools/list page
    mcp_max_tools: int = 10_000  # a server listing more tools is refused

    @classmethod
    def from_config(cls, raw: dict[str, object]) -> "Limits":
        known = {f.name for f in fields(cls)}
        return cls(**{k.replace("-", "_"): v for k, v in raw.items() if k.replace("-", "_") in known})  # type: ignore[arg-type]  # config.schema.json has checked each limit's type

    @staticmethod
    def key(name: str) -> str:
        """The config spelling of a field: ``max_file_bytes`` → ``limits.max-file-bytes``."""
        return "limits." + name.replace("_", "-")
