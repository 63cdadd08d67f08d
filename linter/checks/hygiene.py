"""Hygiene family: schema details that mislead a model which copies what it is shown."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any, Iterator

from yaml.nodes import ScalarNode

from linter.checks import Context, check
from linter.coerced import became, coerced
from linter.model import Document, Edit, Field, Fix, Hit, Location, Pointer, Region, Source, get_at
from linter.prose.verbs import words

_STUB = frozenset(
    """string str todo tbd tba fixme placeholder lorem ipsum lorem-ipsum loremipsum n/a example examples
    sample test testing foo baz foobar asdf qwerty dummy changeme change-me change_me value
    your-value your_value 示例 示例值 例子 样例 樣例 测试 測試 待定 待补充 待補充 占位 占位符 字符串 暂无 暫無""".split()
)
_STUB_DEFAULT = frozenset(
    "string str todo tbd fixme placeholder lorem ipsum loremipsum changeme change-me change_me 示例 待定 占位符 字符串".split()
)
_NORMALIZE = re.compile(r"^[\s<\[{(\"'`]+|[\s>\]})\"'`.:]+$")
_SPACES = re.compile(r"\s+")
_X_RUN = re.compile(r"^x{3,}$", re.I)
_IN_TEXT = re.compile(r"\b(?:TODO|TBD|FIXME|XXX)\b|\blorem\s+ipsum\b|待定|待补充|待補充|占位符", re.I)
_IN_TEXT_CASE = re.compile(r"\b(?:TODO|TBD|FIXME|XXX)\b")
_SECRETS = frozenset({"token", "secret", "password", "passwd", "key", "credential", "credentials", "apikey", "pwd"})
_LEGIT_TEST = frozenset({"env", "environment", "mode", "stage", "type", "kind", "tier", "sandbox", "level", "channel"})
_CONSTRAINTS = (
    "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "minLength", "maxLength", "multipleOf", "minItems", "maxItems", "oneOf", "anyOf", "allOf",
)


def _node(loc: Location) -> Any:
    try:
        return get_at(loc.source.tree, loc.pointer)
    except KeyError:
        return None


def _nodes(field: Field) -> tuple[Any, Any]:
    """The nodes at the field's location and schema location, looked up once per field:
    placeholder-example and required-with-default both read them (often one node)."""
    got = field.nodes or field.memo.get("hygiene.nodes")
    if got is None:
        loc, sloc = field.location, field.schema_location
        node = _node(loc)
        same = sloc.source is loc.source and sloc.pointer == loc.pointer
        got = field.memo["hygiene.nodes"] = (node, node if same else _node(sloc))
    return got


def _shown(value: Any) -> str:
    """A value in a message; a YAML date shows as its text, not ``datetime.date(…)``."""
    return repr(value.isoformat() if isinstance(value, datetime.date) else value)


def _norm(value: str) -> str:
    return _SPACES.sub(" ", _NORMALIZE.sub("", value.strip())).lower()


def _allowed(field: Field) -> set[str]:
    out: set[str] = set()
    enum = field.schema.get("enum")
    if isinstance(enum, list):
        out.update(str(v).lower() for v in enum)
    if "const" in field.schema:
        out.add(str(field.schema["const"]).lower())
    return out


def _classify(field: Field, value: Any, default: bool) -> tuple[str, str] | None:
    """``("whole", stub)`` for a stub value, ``("inside", marker)`` for a marker inside real
    text, None for a real value. Secrets are exempt: a placeholder is the right example there."""
    if not isinstance(value, str) or not value.strip() or set(words(field.name)) & _SECRETS:
        return None
    if value.strip().lower() in _allowed(field):
        return None
    n = _norm(value)
    stubs = _STUB_DEFAULT if default else _STUB
    whole = n in stubs or bool(_X_RUN.match(n)) or n.startswith("lorem ipsum") or (field.type is not None and n == field.type and not default)
    if whole:
        if n in ("test", "testing", "测试", "測試") and set(words(field.name)) & _LEGIT_TEST:
            return None
        return ("whole", value.strip())
    m = _IN_TEXT.search(value)
    if m and (m.group(0).lower().startswith("lorem") or not m.group(0).isascii() or _IN_TEXT_CASE.search(value)):
        return ("inside", m.group(0))
    return None


def _example_places(field: Field) -> Iterator[tuple[Location, Any, str]]:
    """Every example/default value of a field: (location of the value, value, key)."""
    seen: set[tuple[str, tuple[Any, ...]]] = set()
    for loc, node in zip((field.location, field.schema_location), _nodes(field)):
        if not isinstance(node, dict):
            continue
        for key in ("example", "x-example", "default"):
            if key in node:
                ptr = loc.pointer + (key,)
                if (loc.source.abspath, ptr) not in seen:
                    seen.add((loc.source.abspath, ptr))
                    yield Location(loc.source, ptr), node[key], key
        ex = node.get("examples")
        if isinstance(ex, list):
            for i, v in enumerate(ex):
                ptr = loc.pointer + ("examples", i)
                if (loc.source.abspath, ptr) not in seen:
                    seen.add((loc.source.abspath, ptr))
                    yield Location(loc.source, ptr), v, "examples"
        elif isinstance(ex, dict):
            for name, item in ex.items():
                if isinstance(item, dict) and "value" in item:
                    ptr = loc.pointer + ("examples", str(name), "value")
                    if (loc.source.abspath, ptr) not in seen:
                        seen.add((loc.source.abspath, ptr))
                        yield Location(loc.source, ptr), item["value"], "examples"


@check("field")
def placeholder_example(field: Field, ctx: Context) -> Iterator[Hit]:
    """Stub examples and defaults (``string``, ``TODO``, ``lorem ipsum``, ``示例``): a model copies
    examples into real calls."""
    for loc, value, key in _example_places(field):
        got = _classify(field, value, key == "default")
        if got is None:
            continue
        kind, what = got
        noun = "default" if key == "default" else "example"
        if kind == "whole":
            msg = (
                f"{field.label}: the {noun} {what!r} is a placeholder, not a real value; a model copies "
                f"{noun}s into calls, so show a value the server accepts (or remove it)"
            )
        else:
            msg = (
                f"{field.label}: the {noun} contains placeholder text ({what!r}) inside real text (minor: the rest "
                "of the value may be fine); finish or remove it"
            )
        yield Hit(msg, loc, evidence={"kind": kind, "value": value if isinstance(value, str) else None, "key": key}, key=f"{kind}:{what}")


@check("field")
def required_with_default(field: Field, ctx: Context) -> Iterator[Hit]:
    """A required field with a ``default``: either the default never applies, or the field is
    not really required; a model invents a value for every required field."""
    if not field.required or field.where == "path":
        return
    node_at, schema_node = _nodes(field)
    for loc, node in ((field.schema_location, schema_node), (field.location, node_at)):
        if isinstance(node, dict) and "default" in node:
            yield Hit(
                f"{field.label}: required, but has default {_shown(node['default'])}; the default can never apply, "
                "so make the field optional or drop the default",
                Location(loc.source, loc.pointer + ("default",)),
                evidence={"default": node["default"]},
            )
            return


@check("field")
def missing_description(field: Field, ctx: Context) -> Iterator[Hit]:
    """A leaf with neither description nor constraint: only its name tells a model what to send."""
    s = field.schema
    if field.description.strip() or (isinstance(s.get("title"), str) and s["title"].strip()):
        return
    if field.type == "boolean" or any(k in s for k in _CONSTRAINTS):
        return
    items = s.get("items")
    if isinstance(items, dict) and any(k in items for k in _CONSTRAINTS):
        return
    yield Hit(
        f"{field.label}: no description and no constraint (enum, format, pattern, bounds); a model can only guess "
        f"from the name {field.name!r}",
        field.location,
    )


def _pointers_of(tree: Any, wanted: set[int]) -> dict[int, Pointer]:
    """Where the containers with these ids stand (the first place, for a shared one). One walk,
    each container visited once, run only for a file that has a duplicate key."""
    found: dict[int, Pointer] = {}
    seen: set[int] = set()
    stack: list[tuple[Pointer, Any]] = [((), tree)]
    while stack and len(found) < len(wanted):
        ptr, node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in wanted:
            found.setdefault(id(node), ptr)
        if isinstance(node, dict):
            items: Any = ((str(k), v) for k, v in node.items())
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        stack.extend((ptr + (k,), v) for k, v in items if isinstance(v, (dict, list)))
    return found


def _repeats(source: Source) -> Iterator[tuple[Pointer, str, int, int, int]]:
    """``(mapping pointer, key, first offset, repeat start, repeat end)`` of one file."""
    facts = source.facts
    if facts is None or not facts.duplicates:
        return
    where = _pointers_of(source.tree, {id(d[0]) for d in facts.duplicates})
    if source.syntax == "json":
        done: set[int] = set()
        for obj, *_ in facts.duplicates:
            ptr = where.get(id(obj))
            if ptr is None or id(obj) in done:
                continue
            done.add(id(obj))
            for key, first, start, end in source.locator.repeated_keys(ptr):  # type: ignore[attr-defined]  # a YAML source's locator is a YamlLocator
                yield ptr, key, first, start, end
        return
    for obj, key, first, start, end in facts.duplicates:
        ptr = where.get(id(obj))
        if ptr is not None and first is not None and start is not None and end is not None:
            yield ptr, key, first, start, end


@check("document")
def duplicate_key(doc: Document, ctx: Context) -> Iterator[Hit]:
    """A mapping that repeats a key: parsers keep one value (PyYAML and ``json.loads`` the last)
    and drop the other without a word, so the spec says two things and tools see one."""
    sources = doc.workspace.sources.values() if doc.workspace is not None else (doc.source,)
    for source in sources:
        counts: dict[tuple[Pointer, str], int] = {}
        for ptr, key, first, start, end in _repeats(source):
            nth = counts[(ptr, key)] = counts.get((ptr, key), 1) + 1
            locator = source.locator
            first_line = locator.line_col(first)[0]
            (line, column), (end_line, end_column) = locator.line_col(start), locator.line_col(end)
            yield Hit(
                f"duplicate key {key!r} in this mapping (first at line {first_line}): the parser keeps "
                "only the last value and silently drops the other; remove or merge one of them",
                Location(source, ptr + (key,), region=Region(line, column, end_line, end_column, start, end - start)),
                evidence={"key": key, "first_line": first_line},
                key=f"{key}#{nth}",  # the 2nd, 3rd … occurrence: stable without line numbers
            )


_STR_TAG = "tag:yaml.org,2002:str"


def _types(schema: Any) -> set[str]:
    t = schema.get("type")
    if isinstance(t, str):
        return {t.lower()}
    if isinstance(t, list):
        return {str(x).lower() for x in t}
    return set()


def _plain_text(source: Source, pointer: Pointer) -> str | None:
    """The source text of an unquoted, untagged scalar at ``pointer``; None for anything else."""
    node = source.locator.node(pointer)  # type: ignore[attr-defined]  # a YAML source's locator is a YamlLocator
    if not isinstance(node, ScalarNode) or node.style not in (None, "") or node.tag == _STR_TAG:
        return None
    start = node.start_mark.index
    if source.text[start : start + 1] == "!":  # an explicit tag: the author chose the type
        return None
    return node.value


@check("field")
def yaml_coerced_value(field: Field, ctx: Context) -> Iterator[Hit]:
    """An unquoted YAML 1.1 scalar (``NO``, ``on``, ``1.10``, ``0755``, ``2024-01-01``, ``~``)
    in the enum, const or default of a string schema: PyYAML, like most YAML 1.1 loaders, turns
    it into a boolean, number, date or null, so the schema lists a value no string equals."""
    loc = field.schema_location
    source = loc.source
    if source.syntax != "yaml":
        return
    places: list[tuple[Pointer, Any]] = [(loc.pointer, field.schema)]
    items = field.schema.get("items")
    if isinstance(items, dict):
        places.append((loc.pointer + ("items",), items))
    for ptr, schema in places:
        types = _types(schema)
        nullable = schema.get("nullable") is True or "null" in types
        enum = schema.get("enum")
        if isinstance(enum, list) and enum and ("string" in types or (not types and any(isinstance(v, str) for v in enum))):
            bad = []
            for i, value in enumerate(enum):
                if coerced(value) and not (value is None and nullable):
                    text = _plain_text(source, ptr + ("enum", i))
                    if text is not None and not (value is None and text.lower() == "null"):
                        bad.append((i, value, text))
            if bad:
                fixed = list(enum)
                for i, _, text in bad:
                    fixed[i] = text
                what = "; ".join(f"{text} became {became(value)}" for _, value, text in bad)
                them = "them" if len(bad) > 1 else "it"
                yield Hit(
                    f"{field.label}: unquoted enum value{'s' if len(bad) > 1 else ''} {what} (YAML 1.1), so no "
                    f"string a client sends equals {them}; quote {them}",
                    Location(source, ptr + ("enum", bad[0][0])),
                    evidence={"values": [t for _, _, t in bad]},
                    fix=Fix("quote the enum values", (Edit(source, ptr, "replace", "enum", fixed),)),
                    key="enum:" + ",".join(t for _, _, t in bad),
                )
        if "string" not in types:
            continue
        for keyword in ("const", "default"):
            if keyword not in schema or not coerced(schema[keyword]) or (schema[keyword] is None and nullable):
                continue
            value = schema[keyword]
            text = _plain_text(source, ptr + (keyword,))
            if text is None or (value is None and text.lower() == "null"):
                continue
            yield Hit(
                f"{field.label}: unquoted {keyword} {text} became {became(value)} (YAML 1.1), not the "
                f"string {text!r} the schema's type asks for; quote it",
                Location(source, ptr + (keyword,)),
                evidence={"value": text},
                fix=Fix(f"quote the {keyword}", (Edit(source, ptr, "replace", keyword, text),)),
                key=f"{keyword}:{text}",
            )
