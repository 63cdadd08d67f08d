"""Configuration: ``.silentlint.yaml`` or ``[tool.silentlint]`` in ``pyproject.toml``.

The file is validated against ``config.schema.json`` (shipped in the package); an unknown key is
an error naming its path, so a typo never silently disables a setting.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Mapping

import yaml

from linter.limits import Limits
from linter.live.servers import McpLimits, ServerSpec, ServerSpecError
from linter.live.servers import from_config as _server_from_config
from linter.model import Rule
from linter.options import config_problem

if TYPE_CHECKING:
    import jsonschema

CONFIG_NAMES = (".silentlint.yaml", ".silentlint.yml")


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class RuleSetting:
    severity: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Override:
    files: tuple[str, ...]
    rules: Mapping[str, RuleSetting]


@dataclass(frozen=True)
class Config:
    path: str | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    tool_sets: tuple[str, ...] = ("**/*.snap",)
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: str = "warning"
    respect_gitignore: bool = True
    baseline: str | None = None
    rules: Mapping[str, RuleSetting] = field(default_factory=dict)
    overrides: tuple[Override, ...] = ()
    limits: Limits = field(default_factory=Limits)
    mcp_servers: tuple[ServerSpec, ...] = ()
    mcp_limits: McpLimits = field(default_factory=McpLimits)


def _mcp_limits(limits: Limits) -> McpLimits:
    return McpLimits(limits.mcp_start_timeout, limits.mcp_call_timeout, limits.mcp_max_tools)


def _mcp_servers(raw: list[Any], name: str) -> tuple[ServerSpec, ...]:
    out: list[ServerSpec] = []
    for i, entry in enumerate(raw):
        try:
            spec = _server_from_config(entry)
        except ServerSpecError as exc:
            raise ConfigError(f"{name}: mcp-servers[{i}].command: {exc}") from None
        if any(s.name == spec.name for s in out):
            raise ConfigError(f"{name}: mcp-servers[{i}].name: {spec.name!r} is used twice")
        out.append(spec)
    return tuple(out)


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    return json.loads((resources.files("linter") / "config.schema.json").read_text(encoding="utf-8"))


def _path_of(error: "jsonschema.ValidationError") -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _message(error: "jsonschema.ValidationError") -> str:
    where = _path_of(error)
    if error.validator == "additionalProperties":
        instance: Any = error.instance  # an object: additionalProperties failed on it
        schema: Any = error.schema
        extra = sorted(set(instance) - set(schema.get("properties", {})))
        keys = ", ".join(f"{where}.{k}" if where else k for k in extra)
        return f"unknown key {keys}"
    if error.validator == "oneOf" and error.context:
        # report against the branch of the instance's own type (a mapping → the object form)
        ctx = [e for e in error.context if not (isinstance(error.instance, dict) and e.validator == "enum")]
        from jsonschema.exceptions import best_match

        best = best_match(ctx or error.context)
        if best.validator == "additionalProperties":
            extra = sorted(set(best.instance) - set(best.schema.get("properties", {})))
            return f"unknown key {', '.join(f'{where}.{k}' for k in extra)}"
        return f"{where}: {best.message}"
    return f"{where or 'config'}: {error.message}"


def _settings(raw: Mapping[str, Any]) -> dict[str, RuleSetting]:
    out = {}
    for rid, val in raw.items():
        if isinstance(val, str):
            out[rid] = RuleSetting(severity=val)
        else:
            out[rid] = RuleSetting(severity=val.get("severity"), options=dict(val.get("options") or {}))
    return out


def parse_config(data: Any, path: str | None) -> Config:
    if data is None:
        data = {}
    name = path or "config"
    errors = []
    if data != {}:  # jsonschema costs 80 ms to import; an empty config is valid
        from jsonschema import Draft202012Validator

        errors = sorted(Draft202012Validator(_schema()).iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        raise ConfigError(f"{name}: {_message(errors[0])}")
    return Config(
        path=path,
        include=tuple(data.get("include", ())),
        exclude=tuple(data.get("exclude", ())),
        tool_sets=tuple(data.get("tool-sets", ("**/*.snap",))),
        select=tuple(data.get("select", ())),
        ignore=tuple(data.get("ignore", ())),
        fail_on=data.get("fail-on", "warning"),
        respect_gitignore=data.get("respect-gitignore", True),
        baseline=data.get("baseline"),
        rules=_settings(data.get("rules", {})),
        overrides=tuple(
            Override(files=tuple(o["files"]), rules=_settings(o.get("rules", {})))
            for o in data.get("overrides", ())
        ),
        limits=Limits.from_config(data.get("limits", {})),
        mcp_servers=_mcp_servers(data.get("mcp-servers", []), name),
        mcp_limits=_mcp_limits(Limits.from_config(data.get("limits", {}))),
    )


def read_config_file(path: str) -> Config:
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read config: {exc.strerror or exc}") from None
    if path.endswith(".toml"):
        try:
            data = tomllib.loads(raw.decode("utf-8")).get("tool", {}).get("silentlint", {})
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    else:
        try:
            data = yaml.safe_load(raw)
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: invalid YAML: {str(exc).splitlines()[0]}") from None
    return parse_config(data, path)


def find_config(start: str) -> str | None:
    """The nearest ``.silentlint.yaml`` or ``pyproject.toml`` with ``[tool.silentlint]``,
    searching ``start`` and its parents."""
    d = os.path.abspath(start)
    while True:
        for name in CONFIG_NAMES:
            p = os.path.join(d, name)
            if os.path.isfile(p):
                return p
        pp = os.path.join(d, "pyproject.toml")
        if os.path.isfile(pp):
            try:
                with open(pp, "rb") as fh:
                    if "silentlint" in tomllib.load(fh).get("tool", {}):
                        return pp
            except (OSError, tomllib.TOMLDecodeError):
                pass
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def validate_rule_ids(config: Config, catalog: Mapping[str, Rule]) -> None:
    """Every rule id and family the config names exists, and every option it sets is one the
    rule's catalog entry declares, of the declared type and range."""
    families = {r.family for r in catalog.values()}
    for where, ids in (("select", config.select), ("ignore", config.ignore)):
        for rid in ids:
            if rid != "ALL" and rid not in catalog and rid not in families:
                raise ConfigError(f"{config.path or 'config'}: {where}: unknown rule or family {rid!r}")
    for where, settings in [("rules", config.rules)] + [
        (f"overrides[{i}].rules", o.rules) for i, o in enumerate(config.overrides)
    ]:
        for rid, setting in settings.items():
            if rid not in catalog:
                raise ConfigError(f"{config.path or 'config'}: {where}: unknown rule {rid!r}")
            bad = config_problem(catalog[rid].options, setting.options)
            if bad:
                name, why = bad
                raise ConfigError(f"{config.path or 'config'}: {where}.{rid}.options.{name}: {why}")


_GLOB_CACHE: dict[str, re.Pattern[str]] = {}


def glob_match(pattern: str, path: str) -> bool:
    """Gitignore-like globs on posix paths: ``*`` within a segment, ``**`` across segments;
    a pattern without ``/`` matches the file name at any depth."""
    rx = _GLOB_CACHE.get(pattern)
    if rx is None:
        pat = pattern[2:] if pattern.startswith("./") else pattern
        if "/" not in pat.rstrip("/"):
            pat = "**/" + pat
        out, i = "", 0
        while i < len(pat):
            c = pat[i]
            if pat.startswith("**/", i):
                out += "(?:.*/)?"
                i += 3
                continue
            if pat.startswith("**", i):
                out += ".*"
                i += 2
                continue
            out += "[^/]*" if c == "*" else "[^/]" if c == "?" else re.escape(c)
            i += 1
        if pat.endswith("/"):
            out += ".*"
        rx = _GLOB_CACHE[pattern] = re.compile(out + r"(?:/.*)?\Z")
    return rx.match(path) is not None
