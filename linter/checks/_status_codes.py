"""Result-code fields of output schemas whose values have no stated meaning (neutral evidence
for ``undocumented-status-values``): one walk per definition, ``$ref``-aware and cycle-safe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from linter import _recache
from linter.model import Document, Location, Pointer, Source
from linter.prose.verbs import word_tuple, words
from linter.sources.refs import Workspace


MAX_DEPTH = 12

_STATUS_LAST = frozenset({"status", "state", "outcome", "code", "rc", "errno", "retcode", "result", "returncode", "resultcode"})

_CODE_QUALIFIERS = frozenset(
    {"status", "result", "error", "err", "return", "ret", "response", "resp", "reason", "exit", "state", "outcome",
     "http", "biz", "business", "api", "sub", "fail", "failure", "decline", "rejection", "completion", "rc"}
)

QUANTITY = frozenset(
    """size count limit page offset max min version year month day hour minute second seconds width height
    length dpi rating score port duration timeout interval radius zoom decimals precision bits quantity amount
    number num total index weight ttl age percent percentage ratio scale rank sequence seq id ids major minor
    build revision rev price cost""".split()
)

_MESSAGE_SIBLINGS = _recache.compile(
    r"message|msg|detail|description|desc$|title|text|reason|explanation|hint|error|^name$|label|formatted|display", re.I
)

_HTTP_STATUS = _recache.compile(r"[1-5]\d\d")

_HTTP_WORD = _recache.compile(r"\bhttp\b", re.I)

_INTEGER = _recache.compile(r"-?\d+")

_HTTP_NAMED = _recache.compile(r"HTTP[_-]?[1-5]\d\d", re.I)

_YES_NO = frozenset({"Y", "N", "T", "F"})

_CODE_NAMED = frozenset(
    """code codes type types kind category reason flag flags level class mode gender sex role source priority
    severity channel method status state result outcome error errors""".split()
)

_NUMERIC = _recache.compile(r"[+-]?\d+(?:\.\d+)?")

_LETTER = _recache.compile(r"[A-Za-z]")

_DIGIT = _recache.compile(r"\d")

_PROSE_CODE = _recache.compile(r"(?<![\w.-])(?:[A-Z][A-Z0-9]*[_-]\d+|[A-Z]{1,4}\d{2,})(?![\w-])")

_QUOTED = _recache.compile(r"[`'\"“‘]([^`'\"”’\s]{1,24})[`'\"”’]")

_INT_LIST = _recache.compile(r"(?<![\w.])-?\d{1,6}(?:\s*(?:,|/|\bor\b|\band\b|、|或|和)\s*-?\d{1,6})+(?![\w.])")

_COMBINERS = ("allOf", "oneOf", "anyOf")

_REFERENCE = _recache.compile(r"https?://|\b[Ss]ee\s+(?:the\s+)?(?:\[|`|[A-Z]|docs?\b|documentation|table|list|below|above)|参见|參見|详见|詳見")

_ANY_INT = _recache.compile(r"(?<![\w.])-?\d{1,6}(?![\w.])")


def _opaque(v: Any) -> bool:
    """A value whose name does not say what it means: a number, one letter, or a letter-digit
    code such as ``HOLD_7``/``E102``. Words (``pending``, ``failed``) explain themselves."""
    if isinstance(v, bool) or v is None:
        return False
    if isinstance(v, (int, float)):
        return True
    if not isinstance(v, str):
        return False
    s = v.strip()
    if not s:
        return False
    if _NUMERIC.fullmatch(s):
        return True
    if len(s) == 1 and s.isalpha():
        return True
    return len(s) <= 16 and bool(_DIGIT.search(s)) and bool(_LETTER.search(s))


def _code_like(v: Any) -> bool:
    """Stricter, for fields whose name does not say "status": integers and ``HOLD_7``-style codes."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, str) and (bool(_INTEGER.fullmatch(v)) or bool(_PROSE_CODE.fullmatch(v)))


def status_like(name: str) -> bool:
    ws = word_tuple(name)  # (read only: the cached tuple, no list copy)
    if not ws:
        return False
    last = ws[-1]
    if last not in _STATUS_LAST:
        return "".join(ws[-2:]) in _STATUS_LAST
    if last == "code" and len(ws) > 1:
        return ws[-2] in _CODE_QUALIFIERS
    return True


# A text gives a value a meaning as ``17: timeout`` / ``17 means …`` (after the value), as
# ``timeout (17)`` or as ``TIMEOUT = 17`` (around it), the value standing alone (no word
# character or dot beside it where stated). These fixed patterns are tested around each place
# the value occurs: a pattern per value would cost a compile for every distinct value (~8 ms,
# the CJK character classes). The parts before the value are matched on the reversed text: a
# suffix of ``text[:i]`` matches a pattern when the reversed text from ``n - i`` starts with a
# match of the reversed pattern.
_DEF_AFTER = _recache.compile(
    r"[`'\"”’]?\s*(?:[:=：→>|)\]—–-]|\(|means?\b|indicates?\b|signal(?:s|ifies)?\b"
    r"|denotes?\b|stands?\s+for\b|represents?\b|is\s+(?:returned|used|set)\b|if\b|when\b|for\b|on\b|表示|代表|为|為|即)"
)

_DEF_PAREN_BEFORE_REVERSED = _recache.compile(r"[`'\"]?\s*[(（]\s*[A-Za-z\u4e00-\u9fff]{3,}")  # "timeout (" + quote

_DEF_PAREN_AFTER = _recache.compile(r"[`'\"]?\s*[)）]")

_DEF_ASSIGN_BEFORE_REVERSED = _recache.compile(r"[`'\"]?\s*[=:：]\s*\S*[A-Za-z\u4e00-\u9fff]")  # "TIMEOUT = " + quote

_WORD_OR_DOT = _recache.compile(r"[\w.]")


def _text_defines(text: str, value: str) -> bool:
    """Whether ``text`` gives ``value`` a meaning: ``17: timeout``, ``17 means …``,
    ``timeout (17)``, ``TIMEOUT = 17``, ``17 表示超时``."""
    if not text or value not in text:
        return False
    n, k = len(text), len(value)
    reversed_text: str | None = None
    i = text.find(value)
    while i != -1:
        j = i + k
        free_after = not _WORD_OR_DOT.match(text, j)
        if free_after and (i == 0 or not _WORD_OR_DOT.match(text, i - 1)) and _DEF_AFTER.match(text, j):
            return True
        if reversed_text is None:
            reversed_text = text[::-1]
        if _DEF_PAREN_AFTER.match(text, j) and _DEF_PAREN_BEFORE_REVERSED.match(reversed_text, n - i):
            return True
        if free_after and _DEF_ASSIGN_BEFORE_REVERSED.match(reversed_text, n - i):
            return True
        i = text.find(value, i + 1)
    return False


def _varname_ok(name: Any) -> bool:
    return isinstance(name, str) and len(name) >= 3 and not _opaque(name)


def _documented(schema: Mapping[str, Any], values: list[Any], text: str, referenced: Mapping[str, Any] | None = None) -> set[str]:
    """The values whose meaning the schema or its description states."""
    done: set[str] = set()
    for comb in ("oneOf", "anyOf"):
        parts = schema.get(comb)
        if isinstance(parts, list):
            for p in parts:
                if not isinstance(p, dict) or not (p.get("description") or p.get("title")):
                    continue
                if "const" in p:
                    done.add(str(p["const"]))
                elif isinstance(p.get("enum"), list) and len(p["enum"]) == 1:
                    done.add(str(p["enum"][0]))
    enum = schema.get("enum")
    enum = enum if isinstance(enum, list) else []
    for key in ("x-enum-descriptions", "x-enumDescriptions", "x-enum-description"):
        d = schema.get(key)
        if isinstance(d, list):
            done.update(str(v) for v, t in zip(enum, d) if isinstance(t, str) and t.strip())
        elif isinstance(d, dict):
            done.update(str(k) for k, t in d.items() if isinstance(t, str) and t.strip())
    for key in ("x-enum-varnames", "x-enumNames", "x-enum-names"):
        d = schema.get(key)
        if isinstance(d, list):
            done.update(str(v) for v, n in zip(enum, d) if _varname_ok(n))
    ms = schema.get("x-ms-enum")
    if isinstance(ms, dict) and isinstance(ms.get("values"), list):
        for item in ms["values"]:
            if isinstance(item, dict) and (item.get("description") or _varname_ok(item.get("name"))):
                done.add(str(item.get("value")))
    for ev in (schema.get("x-enum-values"), (referenced or {}).get("x-enum-values")):
        if isinstance(ev, list):
            for item in ev:
                if isinstance(item, dict) and (item.get("description") or _varname_ok(item.get("identifier") or item.get("name"))):
                    done.add(str(item.get("numericValue", item.get("value"))))
    for v in values:
        if str(v) not in done and _text_defines(text, str(v)):
            done.add(str(v))
    return done


def _values(schema: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    enum = schema.get("enum")
    if isinstance(enum, list):
        out.extend(v for v in enum if v is not None)
    if "const" in schema:
        out.append(schema["const"])
    for comb in ("oneOf", "anyOf"):
        parts = schema.get(comb)
        if isinstance(parts, list):
            for p in parts:
                if isinstance(p, dict):
                    if "const" in p:
                        out.append(p["const"])
                    elif isinstance(p.get("enum"), list):
                        out.extend(v for v in p["enum"] if v is not None)
    seen: set[str] = set()
    uniq = []
    for v in out:
        if str(v) not in seen:
            seen.add(str(v))
            uniq.append(v)
    return uniq


def _type(schema: Mapping[str, Any]) -> str | None:
    # not model.schema_type: the first non-null type of a list counts (``[integer, string]`` is integer)
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), None)
    return t.lower() if isinstance(t, str) else None


@dataclass(frozen=True, slots=True)
class Code:
    """A field whose values are codes without a stated meaning (reported at its definition)."""

    location: Location
    name: str
    values: tuple[str, ...]
    kind: str  # enum | numeric | prose


def _http_status(v: Any) -> bool:
    return bool(_HTTP_STATUS.fullmatch(str(v)))


def _http_or_exit(name: str, text: str, values: list[Any]) -> bool:
    """HTTP status codes and process exit codes mean what they conventionally mean."""
    ws = words(name)
    joined = "".join(ws)
    if "exit" in ws or "win32" in joined or "substatus" in joined:
        return True
    if values and all(_HTTP_NAMED.fullmatch(str(v)) for v in values if _opaque(v)):
        return True
    if values and all(_http_status(v) for v in values) and ws[-1] in ("status", "code", "statuscode"):
        return True
    conventional = "http" in ws or ws[-2:] == ["status", "code"] or ("response" in ws and "status" in ws) or _HTTP_WORD.search(text)
    if not conventional:
        return False
    return all(_http_status(v) for v in values) if values else True


def scalar_codes(
    name: str,
    schema: Mapping[str, Any],
    text: str,
    siblings: frozenset[str],
    loc: Location,
    referenced: Mapping[str, Any] | None = None,
) -> Code | None:
    """The undocumented code values of one scalar output field, or None. ``referenced`` is the
    enum definition an ``x-enum-reference`` points at (Bungie-style specs)."""
    values = _values(schema)
    status = status_like(name)
    ws = words(name)
    if values:
        if status:
            opaque = [v for v in values if _opaque(v)]
        elif (
            len(values) >= 2
            and all(_code_like(v) for v in values)
            and not (set(ws) & QUANTITY)
            and {str(v) for v in values} != {"0", "1"}
            and set(ws) & _CODE_NAMED
        ):
            opaque = values
        else:
            return None
        if not opaque or _http_or_exit(name, text, values) or {str(v).upper() for v in values} <= _YES_NO:
            return None
        if len(values) == 1 and any(_MESSAGE_SIBLINGS.search(s) and s != name for s in siblings):
            return None  # a constant marker next to a human-readable message
        done = _documented(schema, values, text, referenced)
        missing = tuple(str(v) for v in opaque if str(v) not in done)
        return Code(loc, name, missing, "enum") if missing else None
    if not status or _http_or_exit(name, text, []):
        return None
    listed: list[str] = []
    for rx in (_PROSE_CODE, _QUOTED):
        listed.extend(m.group(m.lastindex or 0) for m in rx.finditer(text) if _opaque(m.group(m.lastindex or 0)))
    if _type(schema) in ("integer", "number"):
        listed.extend(n for m in _INT_LIST.finditer(text) for n in _ANY_INT.findall(m.group(0)))
    listed = list(dict.fromkeys(listed))
    if listed:
        missing = tuple(v for v in listed if not _text_defines(text, v))
        return Code(loc, name, missing, "prose") if missing else None
    numeric = _type(schema) == "integer" and not (set(ws) & QUANTITY)
    if referenced is not None:
        return None
    if _REFERENCE.search(text) or any(_text_defines(text, n) for n in _ANY_INT.findall(text)):
        return None
    if numeric and ws[-1] != "result" and not any(_MESSAGE_SIBLINGS.search(s) and s != name for s in siblings):
        return Code(loc, name, (), "numeric")
    return None


@lru_cache(maxsize=16384)
def _may_be_code(name: str) -> bool:
    """Whether :func:`scalar_codes` can report a field of this name at all: it needs a
    status-like name, or (enum values) a code-naming word and no quantity word. Most output
    properties (``id``, ``created_at``, ``url``) have neither, so the walker skips their text,
    siblings and Location; the answer depends on the name alone, hence the cache."""
    if status_like(name):
        return True
    ws = set(word_tuple(name))
    return bool(ws & _CODE_NAMED) and not (ws & QUANTITY)


class StatusWalker:
    """Walks output schemas once per definition (memoized by location, cycle-safe)."""

    def __init__(self, doc: Document):
        # $ref resolution with the builder's safety rules (remote only when allowed, never out of
        # the project root), reusing the document's parsed sources and followed references
        ws: Workspace = doc.workspace
        self.follow = ws.follow
        self.memo: dict[tuple[str, Pointer], list[tuple[str, Code]]] = {}
        # the definitions on the current walk path (pushed and popped around each object: it
        # holds what a frozenset passed down the recursion would, without a copy per level)
        self.stack: set[tuple[str, Pointer]] = set()

    def walk(self, src: Source, ptr: Pointer, node: Any, base: Pointer, depth: int = 0) -> list[tuple[str, Code]]:
        if isinstance(node, dict) and "$ref" in node:  # Workspace.follow returns anything else unchanged
            got = self.follow(src, ptr, node, base)
            if got is None:
                return []
            src, ptr, node, base = got
        key = (src.abspath, ptr)
        if key in self.stack or depth > MAX_DEPTH or not isinstance(node, dict):
            return []
        memo = self.memo.get(key)
        if memo is not None:
            return memo
        self.stack.add(key)
        try:
            out = self._object(src, ptr, node, base, depth)
        finally:
            self.stack.discard(key)
        self.memo[key] = out
        return out

    def _object(self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer, depth: int) -> list[tuple[str, Code]]:
        out: list[tuple[str, Code]] = []
        if "allOf" in schema or "oneOf" in schema or "anyOf" in schema:  # (most schemas have none)
            for comb in _COMBINERS:
                parts = schema.get(comb)
                if isinstance(parts, list):
                    for i, part in enumerate(parts):
                        if isinstance(part, dict) and ("const" in part or ("enum" in part and "properties" not in part)):
                            continue
                        out.extend(self.walk(src, ptr + (comb, i), part, base, depth + 1))
        if "items" in schema or "additionalProperties" in schema:
            for key, prefix in (("items", "[]"), ("additionalProperties", "{}")):
                sub = schema.get(key)
                if isinstance(sub, dict):
                    out.extend((prefix + p if p.startswith(("[", "{")) else f"{prefix}.{p}" if p else prefix, c)
                               for p, c in self.walk(src, ptr + (key,), sub, base, depth + 1))
        props = schema.get("properties")
        if not isinstance(props, dict):
            return out
        siblings: frozenset[str] | None = None  # built for the first candidate only
        follow = self.follow
        for name, prop in props.items():
            if not isinstance(prop, dict):
                continue  # (follow would return it unchanged, and it is skipped below)
            if type(name) is not str:
                name = str(name)
            pptr = ptr + ("properties", name)
            if "$ref" in prop:
                got = follow(src, pptr, prop, base)
                if got is None or not isinstance(got[2], dict):
                    continue
                psrc, dptr, pschema, pbase = got
            else:
                psrc, dptr, pschema, pbase = src, pptr, prop, base
            if _objectish(pschema):
                for p, c in self.walk(psrc, dptr, pschema, pbase, depth + 1):
                    out.append((f"{name}{p}" if p.startswith(("[", "{")) else f"{name}.{p}" if p else name, c))
                continue
            candidate = _may_be_code(name)
            if not candidate and "items" not in pschema and "x-enum-reference" not in pschema:
                continue  # scalar_codes would return None, and there is no $ref to follow below
            # Every $ref below is followed even when the name cannot be a code: following may load
            # a file (Workspace.sources: suppressions, duplicate keys), so the loads stay the same.
            target, tptr = pschema, dptr
            in_items = False
            items = pschema.get("items")
            if isinstance(items, dict) and _type(pschema) == "array":
                igot = follow(psrc, dptr + ("items",), items, pbase)
                if igot is None or not isinstance(igot[2], dict):
                    continue
                psrc, tptr, target = igot[0], igot[1], igot[2]
                in_items = True
            referenced = None
            ref = target.get("x-enum-reference")
            if isinstance(ref, dict):
                rgot = follow(psrc, tptr + ("x-enum-reference",), ref, pbase)
                referenced = rgot[2] if rgot is not None and isinstance(rgot[2], dict) else None
            if not candidate:
                continue  # scalar_codes would return None
            text = pschema.get("description") if isinstance(pschema.get("description"), str) else ""
            if isinstance(prop.get("description"), str) and prop is not pschema:
                text = f"{prop['description']}\n{text}"
            if in_items and isinstance(target.get("description"), str):
                text = f"{text}\n{target['description']}"
            if siblings is None:
                siblings = frozenset(
                    str(k) for k, v in props.items() if isinstance(v, dict) and (v.get("type") in ("string", None) or "$ref" in v)
                )
            code = scalar_codes(name, target, text, siblings, Location(psrc, tptr), referenced)
            if code is not None:
                out.append((name, code))
        return out


def _objectish(schema: Mapping[str, Any]) -> bool:
    if (
        "properties" not in schema and "additionalProperties" not in schema and "items" not in schema
        and "allOf" not in schema and "oneOf" not in schema and "anyOf" not in schema
    ):
        return False  # every test below needs one of these keys (most leaves have none)
    if isinstance(schema.get("properties"), dict) or isinstance(schema.get("additionalProperties"), dict):
        return True
    items = schema.get("items")
    if isinstance(items, dict) and (isinstance(items.get("properties"), dict) or "$ref" in items or any(c in items for c in _COMBINERS)):
        return not isinstance(items.get("enum"), list)
    return any(
        isinstance(schema.get(c), list) and any(isinstance(p, dict) and ("properties" in p or "$ref" in p) for p in schema[c])
        for c in _COMBINERS
    )
