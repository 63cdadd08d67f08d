"""missing-description: a leaf with neither description nor constraint (off by default)."""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.model import Field, Hit


_CONSTRAINTS = (
    "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "minLength", "maxLength", "multipleOf", "minItems", "maxItems", "oneOf", "anyOf", "allOf",
)


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
