"""What attest and cards share: reading inputs with one-line errors, JSON paths in messages,
findings built from hand-made rule descriptors."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

from linter.model import Finding, Location, Pointer, Rule, Severity, Source, fingerprint
from linter.sources.loader import LoadError, display_path, load_source

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class EvidenceError(Exception):
    """A problem that stops the command: one line on stderr and ``code``."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def json_path(pointer: Pointer) -> str:
    """``("findings", 0, "message")`` → ``$.findings[0].message`` (keys that are not
    identifiers in brackets: ``$["a b"]``)."""
    out = "$"
    for part in pointer:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENT.fullmatch(part):
            out += "." + part
        else:
            out += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return out


def root_dir() -> str:
    return os.getcwd().replace(os.sep, "/")


def load(path: str) -> Source:
    """Read and parse a JSON or YAML file (limits, encodings and positions as ``check`` has
    them); :class:`LoadError` carries the one-line reason."""
    abspath = os.path.abspath(path)
    return load_source(abspath, display_path(abspath, os.getcwd()))


def load_or_none(path: str) -> tuple[Source | None, str]:
    try:
        return load(path), ""
    except LoadError as exc:
        return None, exc.message
    except RecursionError:
        return None, "nested too deeply"


def expand(paths: Iterable[str], suffixes: tuple[str, ...] = (".json", ".yaml", ".yml")) -> list[str]:
    """Files as given; a directory stands for its files with these suffixes, sorted, searched
    recursively (hidden directories skipped)."""
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found = []
            for top, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found += [os.path.join(top, f) for f in files if f.lower().endswith(suffixes)]
            out += sorted(found)
        else:
            out.append(path)
    return out


def rule(rule_id: str, family: str, severity: str, summary: str, rationale: str, how_to_fix: str) -> Rule:
    """A descriptor for the reporters (SARIF ``rules[]``, help text); these are not catalog
    rules: they judge recorded evidence, not a specification."""
    return Rule(
        id=rule_id, family=family, default_severity=severity, summary=summary, rationale=rationale,
        how_to_fix=how_to_fix, check="", options={}, examples=(), fix="none", tags=(family,), precision="medium",
    )


def finding(
    rules: Mapping[str, Rule], rule_id: str, severity: Severity, message: str, source: Source, pointer: Pointer,
    evidence: Mapping[str, Any] | None = None, key: str = "", related: tuple[Location, ...] = (),
) -> Finding:
    assert rule_id in rules, rule_id
    loc = Location(source, pointer)
    return Finding(
        rule=rule_id, severity=severity, message=message, location=loc, related=related,
        evidence=dict(evidence) if evidence is not None else None, fingerprint=fingerprint(rule_id, loc, key),
    )


def shown(value: Any, limit: int = 60) -> str:
    """A value in a message: JSON, cut at ``limit`` characters."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"
