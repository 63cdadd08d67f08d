"""The rule catalog: ``rules/<id>.yaml`` files, shipped inside the wheel as ``linter/_catalog``.

An installed wheel carries the catalog as package data; an editable install or a source checkout
reads the repository's ``rules/`` folder.

A rule is one unit: its entry ``rules/<id>.yaml`` and its module ``linter/checks/<id with - → _>.py``
(``prose-enum`` → ``linter/checks/prose_enum.py``), which defines the check function of the same
name. Nothing in the entry names the code, so there is nothing to keep in step. A built-in rule
(its raw event comes from the engine or the model builder) has the module too, holding its message,
with ``BUILTIN = True`` instead of a check function.

``SILENTLINT_CATALOG=<package>`` replaces the whole catalog by a package that holds both the YAML
entries and their modules: the engine and CLI tests run against a small stub catalog
(``tests/stub_catalog``) so that adding a rule changes none of them.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from linter.coerced import became, coerced, plain_text
from linter.model import Rule
from linter.options import OptionSchemaError, parse_specs

_REQUIRED = ("id", "family", "default_severity", "summary", "rationale", "how_to_fix", "fix")
CHECKS = "linter.checks"  # the package of the default catalog's rule modules
CATALOG_VARIABLE = "SILENTLINT_CATALOG"
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


def module_name(rule_id: str) -> str:
    """The module (and check function) of a rule: its id with ``-`` → ``_``."""
    return rule_id.replace("-", "_")


def _rule_from(data: Any, name: str, text: str = "", package: str = CHECKS) -> Rule:
    if not isinstance(data, dict):
        raise CatalogError(f"{name}: not a mapping")
    _coerced(text, data, name)
    if "check" in data:
        rid = module_name(str(data.get("id", "")))
        raise CatalogError(
            f"{name}: 'check' is not a catalog key: a rule's check is the function {rid}() in "
            f"{package.replace('.', '/')}/{rid}.py, found by its id; remove the key"
        )
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
        check=f"{package}.{module_name(data['id'])}",
        options=options,
        examples=tuple(data.get("examples") or ()),
        fix=data["fix"],
        tags=tuple(data.get("tags") or ()),
        precision=data.get("precision", "high"),
    )


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # read on every run: the C loader is 10× faster


def load_catalog() -> dict[str, Rule]:
    """Every rule by id, in id order (of the package ``SILENTLINT_CATALOG`` names, if set)."""
    return _load(os.environ.get(CATALOG_VARIABLE) or "")


@lru_cache(maxsize=4)
def _load(package: str) -> dict[str, Rule]:
    if not package:
        return read_catalog(catalog_dir())
    try:
        directory = resources.files(package)
    except ModuleNotFoundError:
        raise CatalogError(f"{CATALOG_VARIABLE}={package}: no such package") from None
    return read_catalog(directory, package)


def read_catalog(directory: Path | Any, package: str = CHECKS) -> dict[str, Rule]:
    """The rules of one catalog folder, each entry checked (``CatalogError`` names the file),
    their modules looked for in ``package``."""
    rules: dict[str, Rule] = {}
    for entry in sorted(directory.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        text = entry.read_text(encoding="utf-8")
        try:
            data = yaml.load(text, Loader=_LOADER)
        except yaml.YAMLError as exc:
            raise CatalogError(f"rules/{entry.name}: invalid YAML: {str(exc).splitlines()[0]}") from None
        rule = _rule_from(data, f"rules/{entry.name}", text, package)
        if importlib.util.find_spec(rule.check) is None:
            raise CatalogError(
                f"rules/{entry.name}: no module {_path(rule)}: a rule's check lives in the module named after its id"
            )
        rules[rule.id] = rule
    return rules


def families(rules: Iterable[Rule]) -> set[str]:
    return {r.family for r in rules}


def _path(rule: Rule) -> str:
    return rule.check.replace(".", "/") + ".py"


def check_function(rule: Rule) -> Callable[..., Any] | None:
    """The check function of a rule's module (``None`` for a built-in rule, whose findings the
    engine or the model builder produce)."""
    module = importlib.import_module(rule.check)
    if getattr(module, "BUILTIN", False):
        return None
    func = module_name(rule.id)
    fn = getattr(module, func, None)
    if fn is None or getattr(fn, "scope", None) is None:
        raise CatalogError(
            f"{_path(rule)}: no check function {func}() decorated with @check(\"field\" | \"operation\" | \"document\")"
            + (" (or BUILTIN = True for a rule the engine produces)" if fn is None else "")
        )
    return fn
