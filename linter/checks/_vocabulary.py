"""Vocabulary family: constraints that exist only in a field's description."""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping

from linter.checks import Context
from linter.model import Field, Fix, Hit, get_at, parse_pointer, pointer_str
from linter.prose import Gap, gaps, may_state

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
_OUTPUT_ONLY = re.compile(
    r"\W*(?:\[\s*)?(?:output[- ]only|read[- ]only)\b|.*\bRead-only\.\s*$"
    r"|.*\bthis\s+(?:is\s+a\s+read-only\s+(?:field|property)|(?:property|field|value)\s+is\s+read-only)\b",
    re.I | re.S,
)


def field_gaps(field: Field, ctx: Context | None = None) -> list[Gap]:
    """The prose analysis of a field, computed once and shared by every vocabulary rule.

    A ``readOnly`` property ("Output only." in prose) is never sent, so nothing about it is an
    input constraint. An object (a map, ``additionalProperties``) and an array of objects are
    containers: their prose describes what they contain ("including name, email"), so only
    item counts apply."""
    got = field.memo.get("gaps")
    if got is None:
        got = []
        if field.description and may_state(field.description):
            doc_format = ctx.document.format if ctx else ""
            schema = effective_schema(field, doc_format)
            if schema.get("readOnly") is not True and not _output_only(field.description):
                ty = _type(schema)
                got = gaps(field.description, name=field.name, type=ty, where=field.where, schema=schema)
                if ty == "object" or (ty == "array" and _objectish(schema.get("items"), doc_format, field)):
                    got = [g for g in got if ty == "array" and g.rule == "prose-bounds" and set(g.evidence.data) <= _ITEM_BOUNDS]
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


def hits(field: Field, rule: str, ctx: Context) -> Iterable[Hit]:
    """The rule's hits on ``field``. Five rules ask this of every field, and almost every field
    has no gap: that answer is an empty tuple, without a generator."""
    gaps = field.memo.get("gaps")
    if gaps is None:
        gaps = field_gaps(field, ctx)
    return _gap_hits(field, rule, ctx, gaps) if gaps else ()


def _gap_hits(field: Field, rule: str, ctx: Context, gaps: list[Gap]) -> Iterator[Hit]:
    for gap in gaps:
        if gap.rule == rule:
            fix, why_not = _fix(field, gap, ctx)
            yield Hit(
                f"{field.label}: {gap.message}{why_not}",
                field.description_location,
                evidence=_evidence(gap),
                fix=fix,
                key=gap.evidence.text,
            )


def _fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """The fix the catalog promises (``fix: safe|unsafe``), or why there is none. A prose list
    whose values cannot be typed to the schema is reported without a fix, and says so."""
    from linter.fixes.build import NoFix, enum_fix, keyword_fix, own_value_conflict

    applicability = ctx.rule.fix
    try:
        if gap.rule == "example-only-vocabulary":
            known = known_vocabulary(field, ctx.options.get("vocabulary"))
            return (enum_fix(field, [str(v) for v in known])[0], "") if known is not None else (None, "")
        if applicability not in ("safe", "unsafe") or not gap.keywords:
            return None, ""
        if gap.rule == "prose-enum":
            data = gap.evidence.data
            fix, why = enum_fix(field, gap.keywords["enum"], multi=data.get("multi"), conditional=bool(data.get("condition")))
            return fix, f" (unsafe fix: {why})" if why else ""
        clash = _clash(field, gap)
        if clash:
            raise NoFix(clash)
        on_items = field.type == "array" and not set(gap.keywords) <= _ITEM_BOUNDS
        conflict = own_value_conflict(field, gap.keywords, on_items=on_items)
        if conflict:
            return keyword_fix(field, gap.keywords, "unsafe", on_items=on_items), f" (unsafe fix: {conflict})"
        if gap.evidence.data.get("inferred") and applicability == "safe":
            # read from a standard's name and the words around it, not from a stated layout
            return keyword_fix(field, gap.keywords, "unsafe", on_items=on_items), " (unsafe fix: the format is inferred from context)"
        return keyword_fix(field, gap.keywords, applicability, on_items=on_items), ""
    except NoFix as exc:
        return None, f" (no automatic fix: {exc})"


def _clash(field: Field, gap: Gap) -> str:
    """Two fixes planned for one field are one decision: a format or pattern beside an enum of
    the same field is left to the enum; two different values for one keyword leave both out."""
    gaps = field.memo.get("gaps") or ()
    if gap.rule != "prose-bounds" and any(g.rule == "prose-enum" and g is not gap for g in gaps):
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
