"""Vocabulary family: constraints that exist only in a field's description."""

from __future__ import annotations

from typing import Any, Iterator

from linter.checks import Context, check
from linter.model import Field, Hit
from linter.prose import Gap, gaps


def field_gaps(field: Field) -> list[Gap]:
    """The prose analysis of a field, computed once and shared by every vocabulary rule."""
    got = field.memo.get("gaps")
    if got is None:
        got = field.memo["gaps"] = (
            gaps(field.description, name=field.name, type=field.type, where=field.where, schema=field.schema)
            if field.description
            else []
        )
    return got


def _evidence(gap: Gap) -> dict[str, Any]:
    ev = gap.evidence
    out: dict[str, Any] = {"kind": ev.kind, "text": ev.text, "span": list(ev.span)}
    if ev.values:
        out["values"] = list(ev.values)
    if ev.data:
        out["data"] = dict(ev.data)
    return out


def _hits(field: Field, rule: str) -> Iterator[Hit]:
    for gap in field_gaps(field):
        if gap.rule == rule:
            yield Hit(
                f"{field.label}: {gap.message}",
                field.description_location,
                evidence=_evidence(gap),
                key=gap.evidence.text,
            )


@check("field")
def prose_enum(field: Field, ctx: Context) -> Iterator[Hit]:
    """A closed set of values written in the description, with no enum in the schema."""
    yield from _hits(field, "prose-enum")
