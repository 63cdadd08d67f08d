"""The rule catalog: ``rules/<id>.yaml`` files, shipped inside the wheel as ``linter/_catalog``.

An installed wheel carries the catalog as package data; an editable install or a source checkout
reads the repository's ``rules/`` folder.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from linter.model import Rule

_REQUIRED = ("id", "family", "default_severity", "summary", "rationale", "how_to_fix", "check", "fix")
_SEVERITIES = ("error", "warning", "note", "off")


class CatalogError(Exception):
    pass


def catalog_dir() -> Path | Any:
    """The packaged catalog if present, else the source tree's ``rules/``."""
    packaged = resources.files("linter") / "_catalog"
    if packaged.is_dir():
        return packaged
    source_tree = Path(__file__).resolve().parent.parent / "rules"
    if source_tree.is_dir():
        return source_tree
    raise CatalogError("rule catalog not found (neither linter/_catalog nor rules/)")


def _rule_from(data: Any, name: str) -> Rule:
    if not isinstance(data, dict):
        raise CatalogError(f"{name}: not a mapping")
    missing = [k for k in _REQUIRED if not data.get(k)]
    if missing:
        raise CatalogError(f"{name}: missing {', '.join(missing)}")
    if data["default_severity"] not in _SEVERITIES:
        raise CatalogError(f"{name}: default_severity must be one of {', '.join(_SEVERITIES)}")
    if data["fix"] not in ("safe", "unsafe", "none"):
        raise CatalogError(f"{name}: fix must be safe, unsafe or none")
    if name != f"{data['id']}.yaml":
        raise CatalogError(f"{name}: file name does not match id {data['id']!r}")
    return Rule(
        id=data["id"],
        family=data["family"],
        default_severity=data["default_severity"],
        summary=str(data["summary"]).strip(),
        rationale=str(data["rationale"]).strip(),
        how_to_fix=str(data["how_to_fix"]).strip(),
        check=data["check"],
        options=dict(data.get("options") or {}),
        examples=tuple(data.get("examples") or ()),
        fix=data["fix"],
        tags=tuple(data.get("tags") or ()),
        precision=data.get("precision", "high"),
    )


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # read on every run: the C loader is 10× faster


@lru_cache(maxsize=1)
def load_catalog() -> dict[str, Rule]:
    """Every rule by id, in id order."""
    rules: dict[str, Rule] = {}
    for entry in sorted(catalog_dir().iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        rule = _rule_from(yaml.load(entry.read_text(encoding="utf-8"), Loader=_LOADER), entry.name)
        rules[rule.id] = rule
    return rules


def families(rules: Iterable[Rule]) -> set[str]:
    return {r.family for r in rules}


def check_function(rule: Rule) -> Callable[..., Any] | None:
    """The function a catalog entry names (``None`` for rules the engine itself produces)."""
    if rule.check == "builtin":
        return None
    module, _, func = rule.check.rpartition(".")
    try:
        fn = getattr(importlib.import_module(f"linter.checks.{module}"), func)
    except (ImportError, AttributeError) as exc:
        raise CatalogError(f"{rule.id}: check {rule.check!r} not found ({exc})") from None
    if getattr(fn, "scope", None) is None:
        raise CatalogError(f"{rule.id}: check {rule.check!r} has no scope")
    return fn
