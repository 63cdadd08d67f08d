"""Fixes as data for the checks: which keywords to add to which schema node.

A fix lands where the schema is defined (``Field.schema_location``, through ``$ref``), so a
definition shared by many operations is edited once. Values are typed to the schema: an
integer field gets integers; a value that cannot be typed means no fix, and the finding says why.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from linter.fixes import safety
from linter.model import Edit, Field, Fix, Location, get_at


class NoFix(Exception):
    """Why a finding carries no automatic fix (shown in its message)."""


def _target(field: Field, array_items: bool) -> Location:
    loc = field.schema_location
    if loc == field.location and not field.schema:
        # An OpenAPI 3 parameter whose schema is missing or does not resolve: the model falls
        # back to the parameter object with an empty schema, but `minimum` or `enum` there
        # means nothing (a Swagger 2.0 parameter is its own schema, and is not empty).
        raise NoFix("the parameter has no schema that resolves")
    if array_items and field.type == "array":
        items = field.schema.get("items")
        if not isinstance(items, dict):
            raise NoFix("the array has no items schema to constrain")
        if "$ref" in items:
            raise NoFix("the array's items are a $ref; add the keyword at its definition")
        return Location(loc.source, loc.pointer + ("items",))
    return loc


def _item_type(field: Field) -> str | None:
    if field.type == "array":
        items = field.schema.get("items")
        t = items.get("type") if isinstance(items, dict) else None
        return t.lower() if isinstance(t, str) else None
    return field.type


def typed_values(values: Sequence[str], type_: str | None) -> list[Any]:
    """Prose tokens as the JSON values a client sends: ``"10"`` stays a string unless the
    schema says integer or number."""
    if type_ in (None, "string"):
        return list(values)
    out: list[Any] = []
    for v in values:
        try:
            if type_ == "integer":
                out.append(int(v))
            elif type_ == "number":
                n = float(v)
                out.append(int(n) if n.is_integer() and "." not in v else n)
            else:
                raise ValueError
        except ValueError:
            raise NoFix(f"{v!r} is not a valid {type_}") from None
    return out


def _edits(target: Location, keywords: Mapping[str, Any]) -> tuple[Edit, ...]:
    try:
        node = get_at(target.source.tree, target.pointer)
    except KeyError:
        raise NoFix("the schema is missing") from None
    if not isinstance(node, dict):
        raise NoFix("the schema is not a mapping")
    if "$ref" in node:
        # A $ref that resolved would have led the target to its definition: this one dangles
        # or loops, and OpenAPI 3.0 ignores keywords beside a $ref anyway.
        raise NoFix("the schema is a $ref that does not resolve")
    return tuple(Edit(target.source, target.pointer, "add", k, v) for k, v in keywords.items() if k not in node)


EMPTY_ACCEPTED = "the description also accepts an empty value"
"""Why a fix that would reject the empty string the description allows is not safe."""


def enum_fix(
    field: Field, values: Sequence[str], *, multi: str | None = None, conditional: bool = False, empty: bool = False
) -> tuple[Fix, str]:
    """The enum a closed prose list asks for, *safe* only when the field's own data agrees; with
    the reason when it is not (empty for a safe fix).

    ``multi`` is the separator when the description says the field takes several values joined
    by it (``""`` when it says several but not how they are joined); ``empty`` when it also accepts
    the empty string, which the enum would reject. See :mod:`linter.fixes.safety`."""
    if field.type == "boolean":
        raise NoFix("the field is a boolean")
    if conditional:
        raise NoFix("the description states the values under a condition")
    held = [v for v in values if safety.placeholder(v)]
    if held:
        raise NoFix(f"{held[0]!r} is a placeholder, not a value")
    array = field.type == "array"
    item_schema = field.schema.get("items") if array else field.schema
    item_schema = item_schema if isinstance(item_schema, dict) else {}
    typed = typed_values(values, _item_type(field))
    if len(set(map(repr, typed))) != len(typed):
        raise NoFix("the listed values repeat")
    if field.type is None and isinstance(field.schema.get("type"), list):
        raise NoFix("the field has several types")
    target = _target(field, array_items=True)
    allow_null = safety.nullable(item_schema)
    own = safety.own_values(field)
    sep = None
    if not array:
        if multi == "":
            raise NoFix("the field takes several values and the description does not say how they are joined")
        sep = multi
        if sep is None:
            sep = _separator_from_examples(own, typed)
    if sep is not None:
        if field.type not in (None, "string") or not all(isinstance(v, str) for v in typed):
            raise NoFix(f"the field takes several {safety.sep_name(sep)}-separated values")
        bad = safety.conflicts(own, typed, array=False, sep=sep, allow_null=allow_null)
        if bad:
            raise NoFix(f"the field takes several {safety.sep_name(sep)}-separated values, and its {bad[0].where} "
                        f"{bad[0].value!r} is not among them")
        pattern = safety.list_pattern([str(v) for v in typed], sep)
        edits = _edits(target, {"pattern": pattern})
        return Fix(f"Add pattern {pattern}", edits, "unsafe"), (
            f"the field takes several {safety.sep_name(sep)}-separated values, so the fix is a pattern, not an enum "
            "that would reject a list")
    enum = typed + [None] if allow_null and None not in typed else typed
    edits = _edits(target, {"enum": enum})
    shown = ", ".join("null" if v is None else str(v) for v in enum)
    label = f"Add enum [{shown}]" + (" to the array's items" if array else "")  # (where the enum lands, said)
    bad = safety.conflicts(own, typed, array=array, sep=None, allow_null=allow_null)
    if bad:
        return Fix(label, edits, "unsafe"), (
            f"the spec's own {bad[0].where} {bad[0].value!r} is not among the listed values")
    if field.where == "header" and field.name.lower().startswith("accept"):
        # Accept, Accept-Language, Accept-Encoding: clients send lists with q-weights (RFC 9110)
        return Fix(label, edits, "unsafe"), (
            f"{field.name} is a negotiation header that clients send as a weighted list, which one enum value rejects")
    if empty:
        # 'Acceptable values are: "", "M", "E"', "If left as an empty string, …": the enum rejects ""
        return Fix(label, edits, "unsafe"), EMPTY_ACCEPTED
    return Fix(label, edits, "safe"), ""


def _separator_from_examples(own: Sequence[safety.OwnValue], typed: Sequence[Any]) -> str | None:
    """A field whose own example is ``"a,b"`` with ``a`` and ``b`` listed holds a separated list."""
    allowed = {str(v) for v in typed}
    for ov in own:
        v = ov.value
        if not isinstance(v, str) or v in allowed:
            continue
        for sep in (",", "|", ";", " "):
            parts = safety.split_list(v, sep)
            if len(parts) > 1 and all(p in allowed for p in parts):
                return sep
    return None


_KEYWORD_TYPES = {
    "minimum": ("integer", "number"), "maximum": ("integer", "number"),
    "exclusiveMinimum": ("integer", "number"), "exclusiveMaximum": ("integer", "number"),
    "minLength": ("string",), "maxLength": ("string",), "pattern": ("string",), "format": ("string", "integer", "number"),
    "contentMediaType": ("string",), "contentEncoding": ("string",),
    "minItems": ("array",), "maxItems": ("array",),
}


def keyword_fix(field: Field, keywords: Mapping[str, Any], applicability: str, *, on_items: bool) -> Fix:
    """A format, pattern or bound; the keyword must fit the type it lands on (no ``maximum`` on a
    boolean, no ``format`` on a field of several types, no bound on a schema without a type)."""
    target = _target(field, array_items=on_items)
    edits = _edits(target, keywords)
    if not edits:
        raise NoFix("the keywords are already there")
    if isinstance(field.schema.get("type"), list) and field.type is None:
        raise NoFix("the field has several types")
    ty = _item_type(field) if on_items else field.type
    if ty is None and set(keywords) & _BOUNDS:
        kinds = " (a oneOf/anyOf of kinds)" if any(k in field.schema for k in ("oneOf", "anyOf")) else ""
        raise NoFix(f"the schema states no type{kinds}, so the bound would not say what it bounds")
    for k in keywords:
        fits = _KEYWORD_TYPES.get(k)
        if fits is not None and ty is not None and ty not in fits:
            raise NoFix(f"{k} does not apply to a{'n' if ty[0] in 'aeiou' else ''} {ty}")
    what = ", ".join(f"{k}: {v}" for k, v in keywords.items())
    where = " to the array's items" if on_items and field.type == "array" else ""  # (where the keyword lands, said)
    return Fix(f"Add {what}{where}", edits, applicability)  # type: ignore[arg-type]  # the catalog's fix: safe|unsafe, checked at load


_BOUNDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
                     "minItems", "maxItems"})


def own_value_conflict(field: Field, keywords: Mapping[str, Any], *, on_items: bool) -> str:
    """Why a keyword fix is not safe for this field: one of its own values would be rejected."""
    bad = safety.keyword_conflicts(field, keywords, on_items=on_items)
    return f"the spec's own {bad[0].where} {bad[0].value!r} would be rejected" if bad else ""
