"""Whether an enum lifted from prose is safe for the clients of a field.

A fix is *safe* only when the edited schema still accepts everything the spec itself says the
field holds: its ``default``, its ``example``/``examples`` (on the schema, on the parameter and in
the request body's media examples), ``null`` where the field is nullable, and several values at
once where the field takes a separated list. Otherwise the fix is offered as *unsafe* or not at
all, and the reason names the conflicting value. Pure data in, data out: the caller builds edits.
"""

from __future__ import annotations

import ipaddress
import numbers
import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping, Sequence

from linter.model import Field, get_at, parse_pointer

_PLACEHOLDER = re.compile(r"^<[^<>]+>$|^\{[^{}]+\}$|^\[[^\[\]]+\]$|%[A-Za-z]|^\$\{|^:[a-z_]+$|^\.\.\.$|…|^[A-Z]{1,4}(?:XX+|NN+|##+)$")
_MAX_HOPS = 8
_SEP_NAMES = {",": "comma", ";": "semicolon", " ": "space", "|": "pipe", "+": "plus"}


@dataclass(frozen=True, slots=True)
class OwnValue:
    """A value the spec gives for the field, and where (``default``, ``example`` …)."""

    where: str
    value: Any


def placeholder(value: str) -> bool:
    """``<name>``, ``{id}``, ``%H``, ``${VAR}``: a slot to fill, not a value of a vocabulary."""
    return bool(_PLACEHOLDER.search(value))


def nullable(schema: Mapping[str, Any]) -> bool:
    """OpenAPI 3.0 ``nullable: true``, Swagger's ``x-nullable``, 3.1's ``type: [x, "null"]``."""
    t = schema.get("type")
    return schema.get("nullable") is True or schema.get("x-nullable") is True or (isinstance(t, list) and "null" in t)


def _deref(tree: Any, node: Any) -> Any:
    for _ in range(_MAX_HOPS):
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#"):
            return node
        try:
            node = get_at(tree, parse_pointer(ref))
        except (KeyError, ValueError):
            return {}
    return node


def _node_examples(node: Mapping[str, Any], where: str, tree: Any) -> Iterator[OwnValue]:
    for key in ("default", "example", "x-example"):
        if key in node:
            yield OwnValue(f"{where}{key}", node[key])
    ex = node.get("examples")
    if isinstance(ex, list):  # JSON Schema / OpenAPI 3.1
        for v in ex:
            yield OwnValue(f"{where}examples", v)
    elif isinstance(ex, dict):  # parameter / media type: name → Example Object
        for name, obj in ex.items():
            obj = _deref(tree, obj)
            if isinstance(obj, dict) and "value" in obj:
                yield OwnValue(f"{where}examples.{name}", obj["value"])


def _at_path(value: Any, parts: Sequence[str]) -> Iterator[Any]:
    """The values at a body field's dotted path (``a.b[].c``) inside one media example."""
    if not parts:
        yield value
        return
    head, rest = parts[0], parts[1:]
    arrays = 0
    while head.endswith("[]"):
        head, arrays = head[:-2], arrays + 1
    if head:
        if not isinstance(value, dict) or head not in value:
            return
        value = value[head]
    values = [value]
    for _ in range(arrays):
        values = [x for v in values if isinstance(v, list) for x in v]
    for v in values:
        yield from _at_path(v, rest)


def own_values(field: Field) -> list[OwnValue]:
    """Everything the spec says this field may hold, gathered from the schema, the parameter
    object and the media examples of the request bodies that use it."""
    out: list[OwnValue] = list(_node_examples(field.schema, "", None))
    tree = field.location.source.tree
    if field.where != "body":
        try:
            param = get_at(tree, field.location.pointer)
        except KeyError:
            param = None
        if isinstance(param, dict) and param is not field.schema:
            out += [v for v in _node_examples(param, "parameter ", tree) if v.where != "parameter default"]
        return out
    parts = [p for p in field.path.split(".") if p]
    for op in field.used_by:
        node = op.node if isinstance(op.node, dict) else {}
        optree = op.location.source.tree
        body = _deref(optree, node.get("requestBody"))
        content = body.get("content") if isinstance(body, dict) else None
        if not isinstance(content, dict):
            continue
        for mt, media in content.items():
            media = _deref(optree, media)
            if not isinstance(media, dict):
                continue
            for ov in _node_examples(media, f"{op.label} {mt} ", optree):
                for v in _at_path(ov.value, parts):
                    out.append(OwnValue(ov.where, v))
    return out


def split_list(value: str, sep: str) -> list[str]:
    """The items of a ``sep``-separated string (blanks around them dropped; runs of blanks are one
    separator when the separator is a space)."""
    return [p.strip() for p in value.split(sep)] if sep != " " else value.split()


def _members(value: Any, *, array: bool, sep: str | None) -> list[Any]:
    if array:
        return list(value) if isinstance(value, list) else [value]
    if sep is not None and isinstance(value, str):
        return split_list(value, sep)
    return [value]


def conflicts(
    values: Sequence[OwnValue], enum: Sequence[Any], *, array: bool, sep: str | None, allow_null: bool
) -> list[OwnValue]:
    """Of the spec's own ``values`` (see :func:`own_values`), those the new enum would reject
    (each member of a list or of a separated string is checked on its own)."""
    allowed = {repr(v) for v in enum}
    allowed_num = {float(v) for v in enum if isinstance(v, (int, float)) and not isinstance(v, bool)}
    bad: list[OwnValue] = []
    for ov in values:
        if ov.value is None and allow_null:
            continue
        for m in _members(ov.value, array=array, sep=sep):
            if m is None and allow_null:
                continue
            if repr(m) in allowed:
                continue
            if isinstance(m, (int, float)) and not isinstance(m, bool) and float(m) in allowed_num:
                continue
            bad.append(OwnValue(ov.where, m))
            break
    return bad


def list_pattern(values: Sequence[str], sep: str) -> str:
    """A pattern that accepts one or more of ``values`` joined by ``sep``: what a field holding a
    separated list of known values can declare without becoming an array."""
    from linter.prose.formats import ecma_escape

    alt = "|".join(ecma_escape(v) for v in values)
    s = ecma_escape(sep) if sep != " " else " "
    return f"^(?:{alt})(?:{s}(?:{alt}))*$"


def sep_name(sep: str) -> str:
    return _SEP_NAMES.get(sep, repr(sep))


_HOSTNAME = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$")
_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S*$")
_DURATION = re.compile(r"^P(?!$)(?:\d+(?:[.,]\d+)?Y)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?W)?(?:\d+(?:[.,]\d+)?D)?"
                       r"(?:T(?=\d)(?:\d+(?:[.,]\d+)?H)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?S)?)?$")


@lru_cache(maxsize=1)
def _format_checker() -> Any:
    """jsonschema's format checker, with the formats it checks only when optional packages are
    installed (hostname, date-time, uri, duration) checked here by their grammar's shape."""
    from jsonschema import FormatChecker

    fc = FormatChecker()
    for name, rx in (("hostname", _HOSTNAME), ("date-time", _DATE_TIME), ("uri", _URI), ("duration", _DURATION)):
        fc.checkers.pop(name, None)
        fc.checks(name)(lambda v, rx=rx: not isinstance(v, str) or rx.match(v) is not None)
    return fc


def keyword_conflicts(field: Field, keywords: Mapping[str, Any], *, on_items: bool) -> list[OwnValue]:
    """The spec's own values that a format, pattern or bound would reject (``format`` checked
    as far as jsonschema's format checker knows the format)."""
    values = own_values(field)
    if not values:
        return []  # most fields: nothing of the spec's own to check, and no validator to build
    schema = dict(keywords)
    if field.type in ("integer", "number", "string", "array") and not on_items:
        schema["type"] = field.type
    is_valid = _keyword_checker(schema)
    if is_valid is None:
        from jsonschema import Draft202012Validator

        try:
            is_valid = Draft202012Validator(schema, format_checker=_format_checker()).is_valid
        except Exception:  # noqa: BLE001 - a keyword jsonschema cannot compile is no evidence either way
            return []
    # a value the field's own type already rejects (an ``x-example: null`` of a string) is no
    # conflict of the keywords the fix adds: none of them is ``type``
    typed = _type_check(schema["type"]) if "type" in schema else None
    bad: list[OwnValue] = []
    for ov in values:
        if ov.value is None and nullable(field.schema):
            continue
        members = ov.value if on_items and isinstance(ov.value, list) else [ov.value]
        for v in members:
            if typed is not None and not typed(v):
                continue
            try:
                ok = is_valid(v)
            except Exception:  # noqa: BLE001 - e.g. a pattern Python's re cannot compile
                return []
            if not ok:
                bad.append(OwnValue(ov.where, v))
                break
    return bad


# --- the keywords a fix adds, checked without jsonschema ------------------------------------
#
# ``jsonschema`` costs ~60 ms to import, in every worker that reaches a value to check; the
# keywords a prose fix adds are a comparison, a length or a regex each. They are checked here
# as ``Draft202012Validator(schema, format_checker=_format_checker()).is_valid`` checks them:
# keyword by keyword in the schema's order, the first failure deciding, an error raised where
# jsonschema raises one. Anything else (another keyword, a format whose check needs a package
# jsonschema may or may not find) goes to jsonschema itself. ``tests/test_fix_safety.py``
# holds both to the same answers.


def _is_number(v: Any) -> bool:
    return not isinstance(v, bool) and isinstance(v, numbers.Number)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "number": _is_number,
    "integer": lambda v: (not isinstance(v, bool) and isinstance(v, int)) or (isinstance(v, float) and v.is_integer()),
}


def _type_check(types: Any) -> Callable[[Any], bool] | None:
    names = [types] if isinstance(types, str) else types
    if not isinstance(names, list) or not all(isinstance(t, str) and t in _TYPES for t in names):
        return None
    checks = [_TYPES[t] for t in names]
    return lambda v: any(c(v) for c in checks)


def _ipv4(v: str) -> bool:
    try:
        return bool(ipaddress.IPv4Address(v))
    except ipaddress.AddressValueError:
        return False


def _ipv6(v: str) -> bool:
    try:
        return not getattr(ipaddress.IPv6Address(v), "scope_id", "")
    except ipaddress.AddressValueError:
        return False


_RE_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)


def _date(v: str) -> bool:
    try:
        return bool(_RE_DATE.fullmatch(v) and date.fromisoformat(v))
    except ValueError:
        return False


def _uuid(v: str) -> bool:
    from uuid import UUID  # (rare, and the module takes longer to import than most checks take)

    try:
        UUID(v)
    except ValueError:
        return False
    return all(v[at] == "-" for at in (8, 13, 18, 23))


# jsonschema's own checks of these formats (it has them whatever else is installed), and the
# four _format_checker() replaces by their grammar's shape
_FORMATS: dict[str, Callable[[str], bool]] = {
    "email": lambda v: "@" in v,
    "ipv4": _ipv4,
    "ipv6": _ipv6,
    "date": _date,
    "uuid": _uuid,
    "hostname": lambda v: _HOSTNAME.match(v) is not None,
    "date-time": lambda v: _DATE_TIME.match(v) is not None,
    "uri": lambda v: _URI.match(v) is not None,
    "duration": lambda v: _DURATION.match(v) is not None,
}
# every format jsonschema 4 may check (some only when a package is installed): the ones not
# in _FORMATS are left to it; any other format is one it does not check
JSONSCHEMA_FORMATS = frozenset(
    "color date date-time duration email host-name hostname idn-email idn-hostname ip-address ipv4 ipv6 iri "
    "iri-reference json-pointer regex relative-json-pointer time uri uri-reference uri-template uuid".split()
)


def _format_check(name: Any) -> Callable[[Any], bool] | None:
    if not isinstance(name, str):
        return None
    check = _FORMATS.get(name)
    if check is None:
        return None if name in JSONSCHEMA_FORMATS else (lambda v: True)
    return lambda v: not isinstance(v, str) or check(v)


_KEYWORD_CHECKS: dict[str, Callable[[Any], Callable[[Any], bool] | None]] = {
    "type": _type_check,
    "format": _format_check,
    "minimum": lambda k: lambda v: not _is_number(v) or not v < k,
    "maximum": lambda k: lambda v: not _is_number(v) or not v > k,
    "exclusiveMinimum": lambda k: lambda v: not _is_number(v) or not v <= k,
    "exclusiveMaximum": lambda k: lambda v: not _is_number(v) or not v >= k,
    "minLength": lambda k: lambda v: not (isinstance(v, str) and len(v) < k),
    "maxLength": lambda k: lambda v: not (isinstance(v, str) and len(v) > k),
    "minItems": lambda k: lambda v: not (isinstance(v, list) and len(v) < k),
    "maxItems": lambda k: lambda v: not (isinstance(v, list) and len(v) > k),
    "pattern": lambda k: lambda v: not isinstance(v, str) or re.search(k, v) is not None,
}
ANNOTATIONS = frozenset({"contentMediaType", "contentEncoding"})  # JSON Schema 2020-12 checks neither


def _keyword_checker(schema: Mapping[str, Any]) -> Callable[[Any], bool] | None:
    """``is_valid`` of ``schema`` when it holds only keywords checked here, else None."""
    checks: list[Callable[[Any], bool]] = []
    for key, value in schema.items():
        if key in ANNOTATIONS:
            continue
        make = _KEYWORD_CHECKS.get(key)
        check = make(value) if make is not None else None
        if check is None:
            return None
        checks.append(check)
    return lambda v: all(c(v) for c in checks)
