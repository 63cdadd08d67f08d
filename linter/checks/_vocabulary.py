"""What the vocabulary rules share: a field's prose evidence and the schema it is checked against.

The prose (``linter/prose/``) says what a description states, as neutral evidence. Each of the
five vocabulary rules decides, in its own module, which piece of evidence the schema does not
already express and words the message (a :class:`Gap`); this module runs those decisions once per
field, looks through the schema's wrappers first (:func:`effective_schema`), and turns gaps into
hits with the fix each rule offers.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field as dataclass_field
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Mapping

from linter import _recache
from linter.checks import Context
from linter.model import Field, Fix, Hit, get_at, parse_pointer, pointer_str
from linter.prose import Evidence, bounds_stated, may_state, normal_type, stated

PROSE_RULES = ("prose-enum", "example-only-vocabulary", "prose-format", "prose-bounds", "public-standard-vocabulary")
"""The rules decided on a field's prose evidence. Their modules (named after them) each declare the
kind of evidence they read (``EVIDENCE``) and their decision (``gap``). They are decided together,
once per field, whatever rules are enabled: the fix of one looks at the others' gaps (a format
beside an enum is left to the enum), and ``benchmarks/gold.py`` scores them at once."""


@dataclass(frozen=True, slots=True)
class Gap:
    """Evidence the schema does not already express, as a rule decided it: ``message`` names the
    evidence only (the hit prefixes the field label); ``keywords`` are the schema keywords that
    would express it (empty when none can: a parameter style, a layout with no pattern), for a fix
    to add."""

    rule: str
    evidence: Evidence
    message: str
    keywords: Mapping[str, Any] = dataclass_field(default_factory=dict)


# A value with one of these formats is a date, an address, an id: words in its description
# ("either successful or failure") are not its values.
_VALUE_FORMATS = frozenset(
    "date date-time time duration uri url email uuid ipv4 ipv6 hostname byte binary"
    # the same kinds under other registries' names (Google's discovery formats, RFC 1123, JSON Schema's IRIs)
    " google-datetime google-duration date-time-rfc1123 datetime timestamp unixtime uri-reference iri iri-reference"
    " idn-email idn-hostname uri-template json-pointer regex".split()
)


@dataclass(frozen=True, slots=True)
class Facts:
    """What every rule's decision reads besides its own piece of evidence."""

    schema: Mapping[str, Any]  # the effective schema (with the parameter's serialization keys)
    type: str | None  # as the detectors read it (``normal_type``)
    items: Mapping[str, Any]  # the array's items schema, or {}
    formatted: bool  # the schema's format makes the value a date, an address, an id
    closed: bool  # the description also lists a closed set of values
    vocabulary: bool  # the description also lists values, closed or by example
    description: str = ""  # the text the evidence was read from
    name: str = ""  # the field's name


Decision = Callable[[Evidence, Facts], "Gap | None"]


@lru_cache(maxsize=1)
def _decisions() -> dict[str, Decision]:
    """Evidence kind → the decision of the rule that reads it (imported here, not at the top:
    the rule modules import this one)."""
    out: dict[str, Decision] = {}
    for rule in PROSE_RULES:
        module = importlib.import_module(f"linter.checks.{rule.replace('-', '_')}")
        out[module.EVIDENCE] = module.gap
    return out


def gaps(
    description: str, *, name: str, type: str | None, where: str, schema: Mapping[str, Any], bounds_only: bool = False
) -> list[Gap]:
    """The evidence the schema does not already express, one :class:`Gap` per piece, in the
    order the description states them.

    ``schema`` may also carry the parameter's serialization keys (``style``, ``explode``,
    ``collectionFormat``): a "comma-separated" array is stated by them, not by ``format``.
    ``bounds_only``: the caller keeps bounds only (an array of objects), so only they are read."""
    if enumerated(schema):
        return []  # every kind of evidence is already expressed by the enum
    formatted = isinstance(schema.get("format"), str) and schema["format"] in _VALUE_FORMATS
    if formatted or bounds_only:
        # Beside a value format every other rule decides "no gap" (its values are dates or
        # addresses, and a format is already stated): its bounds are all there is to read
        ev = bounds_stated(description, name=name, type=type)
    else:
        ev = stated(description, name=name, type=type, where=where)
    if not ev:
        return []
    closed = any(e.kind == "closed_vocab" for e in ev)
    facts = Facts(
        schema=schema,
        type=normal_type(type),
        items=items_of(schema),
        formatted=formatted,
        closed=closed,
        vocabulary=closed or any(e.kind == "example_vocab" for e in ev),
        description=description,
        name=name,
    )
    decide = _decisions()
    out: list[Gap] = []
    for e in ev:
        rule = decide.get(e.kind)
        gap = rule(e, facts) if rule is not None else None
        if gap is not None:
            out.append(gap)
    return out


def has(schema: Mapping[str, Any], *keys: str) -> bool:
    return any(schema.get(k) is not None for k in keys)


def items_of(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    it = schema.get("items")
    return it if isinstance(it, dict) else {}


def _consts(schema: Mapping[str, Any]) -> bool:
    """``oneOf``/``anyOf`` branches that list values: a closed set, or an open vocabulary (known
    values beside any string) that already names the values the prose lists."""
    for key in ("oneOf", "anyOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and any(isinstance(b, dict) and ("const" in b or "enum" in b) for b in branches):
            return True
    return False


def enumerated(schema: Mapping[str, Any]) -> bool:
    items = items_of(schema)
    return has(schema, "enum", "const") or _consts(schema) or has(items, "enum", "const") or _consts(items)


def preview(values: tuple[str, ...], limit: int = 6) -> str:
    shown = ", ".join(values[:limit])
    return shown + (f", … ({len(values) - limit} more)" if len(values) > limit else "")


def short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_MERGED = (
    "type", "enum", "const", "format", "pattern", "contentMediaType", "contentEncoding", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems",
)
_SERIALIZATION = ("style", "explode", "collectionFormat")
_WRAPPERS = ("allOf", "anyOf", "oneOf")
_ITEM_KEYS = frozenset({"$ref", "allOf", "anyOf", "oneOf"})
_MAX_HOPS = 8
_ITEM_BOUNDS = frozenset({"minItems", "maxItems"})
# Google's and others' way of writing readOnly in prose: "Output only. The time …"
_OUTPUT_ONLY = _recache.compile(
    r"\W*(?:\[\s*)?(?:output[- ]only|read[- ]only)\b|.*\bRead-only\.\s*$"
    r"|.*\bthis\s+(?:is\s+a\s+read-only\s+(?:field|property)|(?:property|field|value)\s+is\s+read-only)\b",
    re.I | re.S,
)


def field_gaps(field: Field, ctx: Context | None = None) -> list[Gap]:
    """The prose analysis of a field, computed once and shared by every vocabulary rule.

    A ``readOnly`` property ("Output only." in prose) is never sent, so its formats and bounds
    are no input constraints; its closed set of values still is its vocabulary (a client decodes
    it, an agent reads it: result values without defined meanings get misread), so only that is
    kept. An object (a map, ``additionalProperties``) and an array of objects are containers:
    their prose describes what they contain ("including name, email"), so only item counts apply."""
    got = field.memo.get("gaps")
    if got is None:
        got = []
        if field.description and may_state(field.description):
            doc_format = ctx.document.format if ctx else ""
            schema = effective_schema(field, doc_format)
            ty = _type(schema)
            if ty not in ("object", "boolean"):  # an object or a boolean keeps none of its gaps: its prose is not even analysed
                # only the run's first limits.max-description-chars characters are read
                text = field.description[: field.location.source.reader.limits.max_description_chars]
                objects = ty == "array" and _objectish(schema.get("items"), doc_format, field)
                got = gaps(text, name=field.name, type=ty, where=field.where, schema=schema, bounds_only=objects)
                if schema.get("readOnly") is True or _output_only(field.description):
                    got = [g for g in got if g.evidence.kind == "closed_vocab"]
                if objects:
                    got = [g for g in got if g.evidence.kind == "bounds" and set(g.evidence.data) <= _ITEM_BOUNDS]
        field.memo["gaps"] = got
    return got


def _output_only(description: str) -> bool:
    return ("nly" in description or "NLY" in description) and bool(_OUTPUT_ONLY.match(description))


def _objectish(items: Any, doc_format: str, field: Field) -> bool:
    if not isinstance(items, dict):
        return False
    if items.get("type") == "object" or isinstance(items.get("properties"), dict):
        return True
    tree = field.schema_location.source.tree if doc_format.startswith("openapi") else None
    for key in ("anyOf", "oneOf", "allOf"):
        for b in items.get(key) or ():
            if isinstance(b, dict):
                b = _deref(b, tree)
                if b.get("type") == "object" or isinstance(b.get("properties"), dict):
                    return True
    return False


def effective_schema(field: Field, doc_format: str = "") -> Mapping[str, Any]:
    """What the schema states once wrappers are looked through, so a constraint the schema does
    express is not reported as prose-only: ``allOf: [{$ref: Status}]`` (AWS, Azure) carries the
    enum of ``Status``; ``anyOf: [{$ref: Status}, {type: null}]`` (OpenAPI 3.1) too; array
    ``items`` may be a ``$ref``. A parameter's ``style``/``explode``/``collectionFormat`` are
    added because they, not ``format``, state how a "comma-separated" array is sent."""
    schema = field.schema
    items = schema.get("items")
    plain_items = not (isinstance(items, dict) and items.keys() & _ITEM_KEYS)
    if field.where == "body" and plain_items and not any(k in schema for k in _WRAPPERS):
        return schema  # nothing to look through: most fields
    local = doc_format.startswith("openapi")
    tree = field.schema_location.source.tree if local else None
    merged: dict[str, Any] = dict(schema)
    _merge_wrappers(merged, schema, tree, 0)
    if isinstance(items, dict):
        it = _deref(items, tree)
        it_merged = dict(it)
        _merge_wrappers(it_merged, it, tree, 0)
        merged["items"] = it_merged
    if field.where != "body":
        node = _param_node(field)
        for k in _SERIALIZATION:
            if k in node and k not in merged:
                merged[k] = node[k]
        if doc_format == "openapi-2.0" and _type(merged) == "array" and "collectionFormat" not in merged:
            merged["collectionFormat"] = "csv"  # Swagger 2.0's default: comma-separated already
    return merged


def _param_node(field: Field) -> Mapping[str, Any]:
    try:
        node = get_at(field.location.source.tree, field.location.pointer)
    except KeyError:
        return {}
    return node if isinstance(node, dict) else {}


def _deref(node: Mapping[str, Any], tree: Any) -> Mapping[str, Any]:
    """Follow local ``#/...`` refs of an OpenAPI document (others are left as they are)."""
    for _ in range(_MAX_HOPS):
        ref = node.get("$ref")
        if tree is None or not isinstance(ref, str) or not ref.startswith("#"):
            return node
        try:
            target = get_at(tree, parse_pointer(ref))
        except (KeyError, ValueError):
            return node
        if not isinstance(target, dict):
            return node
        node = target
    return node


def _merge_wrappers(into: dict[str, Any], schema: Mapping[str, Any], tree: Any, depth: int) -> None:
    if depth > _MAX_HOPS:
        return
    parts = schema.get("allOf")
    if isinstance(parts, list):
        for part in parts:
            if isinstance(part, dict):
                p = _deref(part, tree)
                for k in _MERGED:
                    if k in p and k not in into:
                        into[k] = p[k]
                _merge_wrappers(into, p, tree, depth + 1)
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if not isinstance(branches, list) or "enum" in into or "const" in into:
            continue
        values: list[Any] = []
        closed = False
        for b in branches:
            b = _deref(b, tree) if isinstance(b, dict) else {}
            if b.get("type") == "null" or b.get("nullable") is True and len(b) == 1:
                continue
            if "const" in b:
                values.append(b["const"])
            elif isinstance(b.get("enum"), list):
                values.extend(b["enum"])
            else:
                break
            closed = True
        else:
            if closed:
                into["enum"] = values


def _type(schema: Mapping[str, Any]) -> str | None:
    t = schema.get("type")
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        return str(non_null[0]).lower() if len(non_null) == 1 else None
    return t.lower() if isinstance(t, str) else None


def _evidence(gap: Gap) -> dict[str, Any]:
    ev = gap.evidence
    out: dict[str, Any] = {"kind": ev.kind, "text": ev.text, "span": list(ev.span)}
    if ev.values:
        out["values"] = list(ev.values)
    if ev.data:
        out["data"] = dict(ev.data)
    return out


FixOf = Callable[[Field, Gap, Context], "tuple[Fix | None, str]"]


def hits(field: Field, rule: str, ctx: Context, fix: FixOf) -> Iterable[Hit]:
    """The rule's hits on ``field``, each with the fix the rule's ``fix`` offers (or why there is
    none, after the message). Five rules ask this of every field, and almost every field has no
    gap: that answer is an empty tuple, without a generator."""
    gaps = field.memo.get("gaps")
    if gaps is None:
        gaps = field_gaps(field, ctx)
    return _gap_hits(field, rule, ctx, gaps, fix) if gaps else ()


def _gap_hits(field: Field, rule: str, ctx: Context, gaps: list[Gap], fix_of: FixOf) -> Iterator[Hit]:
    from linter.fixes.build import NoFix

    for gap in gaps:
        if gap.rule == rule:
            try:
                fix, why_not = fix_of(field, gap, ctx)
            except NoFix as exc:
                fix, why_not = None, f" (no automatic fix: {exc})"
            yield Hit(
                f"{field.label}: {gap.message}{why_not}",
                field.description_location,
                evidence=_evidence(gap),
                fix=fix,
                key=gap.evidence.text,
            )


def keyword_fix(field: Field, gap: Gap, ctx: Context, *, after_enum: bool) -> tuple[Fix | None, str]:
    """The fix that adds a gap's keywords (``format``, ``pattern``, bounds), as safe as the
    catalog allows (``fix: safe|unsafe``) and the field's own values permit. ``after_enum``: the
    rule leaves the field to an enum planned from the same description."""
    from linter.fixes.build import EMPTY_ACCEPTED, NoFix, keyword_fix as build, own_value_conflict

    applicability = ctx.rule.fix
    if applicability not in ("safe", "unsafe") or not gap.keywords:
        return None, ""
    clash = _clash(field, gap, after_enum)
    if clash:
        raise NoFix(clash)
    on_items = field.type == "array" and not set(gap.keywords) <= _ITEM_BOUNDS
    conflict = own_value_conflict(field, gap.keywords, on_items=on_items)
    written = _as_written_in(ctx.document.format, gap.keywords)
    if conflict:
        return build(field, written, "unsafe", on_items=on_items), f" (unsafe fix: {conflict})"
    if gap.evidence.data.get("empty") and applicability == "safe":
        # "If the path is empty, the root is used": the format or pattern would reject the empty value
        return build(field, written, "unsafe", on_items=on_items), f" (unsafe fix: {EMPTY_ACCEPTED})"
    if gap.evidence.data.get("more") and applicability == "safe":
        # "between 0 and 59. Some kilns can also accept the value 60": the bound would reject a value the text allows
        return build(field, written, "unsafe", on_items=on_items), " (unsafe fix: the description also allows a value outside it)"
    if gap.evidence.data.get("inferred") and applicability == "safe":
        # read from a standard's name and the words around it, not from a stated layout
        return build(field, written, "unsafe", on_items=on_items), " (unsafe fix: the format is inferred from context)"
    return build(field, written, applicability, on_items=on_items), ""


def _as_written_in(doc_format: str, keywords: Mapping[str, Any]) -> dict[str, Any]:
    """The keywords as the document's schema dialect writes them: an OpenAPI 2.0 or 3.0 schema
    object has JSON Schema draft 4's boolean ``exclusiveMinimum``/``exclusiveMaximum`` beside
    ``minimum``/``maximum`` (``exclusiveMinimum: 0`` there makes the document invalid)."""
    if doc_format not in ("openapi-2.0", "openapi-3.0") or not {"exclusiveMinimum", "exclusiveMaximum"} & set(keywords):
        return dict(keywords)
    out: dict[str, Any] = {}
    for k, v in keywords.items():
        if k in ("exclusiveMinimum", "exclusiveMaximum"):
            out["minimum" if k == "exclusiveMinimum" else "maximum"] = v
            out[k] = True
        else:
            out[k] = v
    return out


def _clash(field: Field, gap: Gap, after_enum: bool) -> str:
    """Two fixes planned for one field are one decision: two different values for one keyword
    leave both out, and (``after_enum``) a format or pattern beside an enum is left to the enum."""
    gaps = field.memo.get("gaps") or ()
    if after_enum and any("enum" in g.keywords and g is not gap for g in gaps):
        return "the enum listed in the same description states the values"
    for k, v in gap.keywords.items():
        for g in gaps:
            if g is not gap and k in g.keywords and g.keywords[k] != v:
                return f"the description states two different {k} values ({v!r} and {g.keywords[k]!r})"
    return ""


def known_vocabulary(field: Field, vocabulary: Any) -> list[Any] | None:
    """``fix --vocabulary FILE``: the values listed for this field, by ``FIELD``,
    ``OPERATION.FIELD`` (operationId, tool name or ``GET /path``) or the definition's JSON
    pointer (``#/components/parameters/Team``, optionally after its file name)."""
    if not isinstance(vocabulary, dict) or not vocabulary:
        return None
    names = {field.name, field.path}
    ops = {n for op in field.used_by for n in (op.name, op.label) if n}
    pointers = {pointer_str(loc.pointer) for loc in (field.location, field.schema_location)}
    files = {field.location.source.display_path, field.schema_location.source.display_path}
    for selector, values in vocabulary.items():
        sel = str(selector)
        if sel in names:
            return list(values)
        if "#" in sel:
            file, _, ptr = sel.partition("#")
            if ptr in pointers and (not file or file in files or any(f.endswith("/" + file) for f in files)):
                return list(values)
            continue
        for i, ch in enumerate(sel):
            if ch == "." and sel[:i] in ops and sel[i + 1 :] in names:
                return list(values)
    return None
