"""placeholder-example: stub examples and defaults a model would copy into real calls."""

from __future__ import annotations

import re
from typing import Any, Iterator

from linter import _recache
from linter.checks import Context, check
from linter.checks._nodes import field_nodes
from linter.model import Field, Hit, Location
from linter.prose.verbs import words


_STUB = frozenset(
    """string str todo tbd tba fixme placeholder lorem ipsum lorem-ipsum loremipsum n/a example examples
    sample test testing foo baz foobar asdf qwerty dummy changeme change-me change_me value
    your-value your_value 示例 示例值 例子 样例 樣例 测试 測試 待定 待补充 待補充 占位 占位符 字符串 暂无 暫無""".split()
)

_STUB_DEFAULT = frozenset(
    "string str todo tbd fixme placeholder lorem ipsum loremipsum changeme change-me change_me 示例 待定 占位符 字符串".split()
)

_NORMALIZE = _recache.compile(r"^[\s<\[{(\"'`]+|[\s>\]})\"'`.:]+$")

_SPACES = _recache.compile(r"\s+")

_X_RUN = _recache.compile(r"^x{3,}$", re.I)

_IN_TEXT = _recache.compile(r"\b(?:TODO|TBD|FIXME|XXX)\b|\blorem\s+ipsum\b|待定|待补充|待補充|占位符", re.I)

_IN_TEXT_CASE = _recache.compile(r"\b(?:TODO|TBD|FIXME|XXX)\b")

_SECRETS = frozenset({"token", "secret", "password", "passwd", "key", "credential", "credentials", "apikey", "pwd"})

_LEGIT_TEST = frozenset({"env", "environment", "mode", "stage", "type", "kind", "tier", "sandbox", "level", "channel"})


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
    for loc, node in zip((field.location, field.schema_location), field_nodes(field)):
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
