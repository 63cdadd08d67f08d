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

from linter.coerced import became, coerced, plain_text
from linter.model import Rule
from linter.options import OptionSchemaError, parse_specs

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


_TEXT_KEYS = _REQUIRED + ("precision",)
"""Keys whose value is text: an unquoted ``off``, ``no`` or ``1.0`` there is YAML 1.1 coercion."""


def _coerced(text: str, data: dict[str, Any], name: str) -> None:
    """Refuse a text key that YAML turned into a boolean, number, date or null, in the words of
    the ``yaml-coerced-value`` rule: what the value became, and that quoting it keeps the text."""
    for key in _TEXT_KEYS:
        if key not in data or not coerced(data[key]):
            continue
        value = data[key]
        source = plain_text(text, key)
        if value is None and (source is None or source.lower() in ("", "null")):
            continue  # no value: reported as missing below
        if source is None:
            source = str(value)
        raise CatalogError(
            f"{name}: {key} is {became(value)} (YAML reads an unquoted {source} as {became(value, short=True)}); "
            f"write {source!r} in quotes"
        )


def _rule_from(data: Any, name: str, text: str = "") -> Rule:
    if not isinstance(data, dict):
        raise CatalogError(f"{name}: not a mapping")
    _coerced(text, data, name)
    missing = [k for k in _REQUIRED if not data.get(k)]
    if missing:
        raise CatalogError(f"{name}: missing {', '.join(missing)}")
    if data["default_severity"] not in _SEVERITIES:
        raise CatalogError(f"{name}: default_severity must be one of {', '.join(_SEVERITIES)}")
    if data["fix"] not in ("safe", "unsafe", "none"):
        raise CatalogError(f"{name}: fix must be safe, unsafe or none")
    if name != f"rules/{data['id']}.yaml":
        raise CatalogError(f"{name}: file name does not match id {data['id']!r}")
    try:
        options = parse_specs(data.get("options"))
    except OptionSchemaError as exc:
        raise CatalogError(f"{name}: {exc}") from None
    return Rule(
        id=data["id"],
        family=data["family"],
        default_severity=data["default_severity"],
        summary=str(data["summary"]).strip(),
        rationale=str(data["rationale"]).strip(),
        how_to_fix=str(data["how_to_fix"]).strip(),
        check=data["check"],
        options=options,
        examples=tuple(data.get("examples") or ()),
        fix=data["fix"],
        tags=tuple(data.get("tags") or ()),
        precision=data.get("precision", "high"),
    )


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # read on every run: the C loader is 10× faster


@lru_cache(maxsize=1)
def load_catalog() -> dict[str, Rule]:
    """Every rule by id, in id order."""
    return read_catalog(catalog_dir())


def read_catalog(directory: Path | Any) -> dict[str, Rule]:
    """The rules of one catalog folder, each entry checked (``CatalogError`` names the file)."""
    rules: dict[str, Rule] = {}
    for entry in sorted(directory.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        text = entry.read_text(encoding="utf-8")
        try:
            data = yaml.load(text, Loader=_LOADER)
        except yaml.YAMLError as exc:
            raise CatalogError(f"rules/{entry.name}: invalid YAML: {str(exc).splitlines()[0]}") from None
        rule = _rule_from(data, f"rules/{entry.name}", text)
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
