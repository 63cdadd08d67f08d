"""Fixes as data for the checks: which keywords to add to which schema node.

A fix lands where the schema is defined (``Field.schema_location``, through ``$ref``), so a
definition shared by many operations is edited once. Values are typed to the schema: an
integer field gets integers; a value that cannot be typed means no fix, and the finding says why.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

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


def enum_fix(field: Field, values: Sequence[str]) -> Fix:
    if field.type == "boolean":
        raise NoFix("the field is a boolean")
    typed = typed_values(values, _item_type(field))
    if len(set(map(repr, typed))) != len(typed):
        raise NoFix("the listed values repeat")
    target = _target(field, array_items=True)
    edits = _edits(target, {"enum": typed})
    shown = ", ".join(map(str, typed))
    return Fix(f"Add enum [{shown}]", edits, "safe")


def keyword_fix(field: Field, keywords: Mapping[str, Any], applicability: str, *, on_items: bool) -> Fix:
    target = _target(field, array_items=on_items)
    edits = _edits(target, keywords)
    if not edits:
        raise NoFix("the keywords are already there")
    what = ", ".join(f"{k}: {v}" for k, v in keywords.items())
    return Fix(f"Add {what}", edits, applicability)  # type: ignore[arg-type]
