"""prose-format: a textual format stated in prose, with no ``format`` or ``pattern``."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from linter import _recache
from linter.checks import Context, check
from linter.checks._vocabulary import Facts, Gap, has, hits, keyword_fix, short
from linter.model import Field, Fix, Hit
from linter.prose import Evidence

RULE = "prose-format"
EVIDENCE = "format"


def gap(e: Evidence, facts: Facts) -> Gap | None:
    """A format the schema states nowhere (no format, pattern or content keyword, on the field or
    its items), that its own examples do not contradict; a parameter style counts as stated when
    the parameter already declares a non-default serialization."""
    schema, ty = facts.schema, facts.type
    if ty == "boolean" or has(schema, "format", "pattern", "contentMediaType", "contentEncoding") \
            or has(facts.items, "format", "pattern"):
        return None
    if "style" in e.data and (schema.get("explode") is False or schema.get("collectionFormat") not in (None, "multi")):
        return None
    if _contradicted(e.data, schema):
        return None  # "The URI of the user", example "/users/42": the reading is wrong for this field
    what = e.data.get("format") or e.data.get("layout") or "a fixed format"
    if e.data.get("alternatives") or e.data.get("condition"):
        how = "as one of several accepted forms" if e.data.get("alternatives") else "under a condition"
        return Gap(RULE, e, f"description names {what} {how} (\"{short(e.text)}\") and the "
                            f"schema states none of them; only a pattern or oneOf covering every "
                            f"accepted form would express it")
    return Gap(RULE, e, f"description prescribes {what} (\"{short(e.text)}\") but the "
                        f"schema has no format or pattern; {_format_advice(e.data, ty)}",
               _format_keywords(e.data, ty))


# examples that show no value ("string", "{{until}}", "<email>"): they contradict nothing
_PLACEHOLDER_EXAMPLE = _recache.compile(
    r"^(?:string|text|example|sample|value|test|none|null|n/?a|todo|tbd|x+|a string value)$|\{\{|<[^>]*>|^\$\{", re.I
)
_FORMAT_SHAPES = {
    "uri": re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:"),
    "email": re.compile(r"[^@\s]+@[^@\s]+$"),
    "date": re.compile(r"\d{4}-\d{2}-\d{2}$"),
    "date-time": re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}"),
    "uuid": re.compile(r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$"),
    "ipv4": re.compile(r"\d{1,3}(?:\.\d{1,3}){3}$"),
}


def _contradicted(data: Mapping[str, Any], schema: Mapping[str, Any]) -> bool:
    """Whether every real example or default the schema gives (not a placeholder) fails a
    format read from a name or a word ("The URI of the user", example "/users/42"; "letters
    and numbers", example "Apartment 9"): then the prose was read wrong for this field, or
    says less than it seems. A layout the prose spells out (YYYY-MM-DD, a template, E.164) is
    trusted over the examples, which are often generated."""
    if "layout" in data:
        return False
    given = [schema.get("example"), schema.get("default")]
    if isinstance(schema.get("examples"), list):
        given += schema["examples"]
    vals = [v for v in given if isinstance(v, str) and v.strip() and not _PLACEHOLDER_EXAMPLE.search(v.strip())]
    if not vals:
        return False
    shape = _FORMAT_SHAPES.get(str(data.get("format")))
    if shape is None and isinstance(data.get("pattern"), str):
        try:
            shape = re.compile(data["pattern"])
        except re.error:
            return False
        return not any(shape.search(v) for v in vals)
    if data.get("format") == "date-time":
        return shape is not None and not any(shape.search(v) for v in vals)  # ">2015-09-01T12:00:00Z": an operator first
    return shape is not None and not any(shape.match(v) for v in vals)


def _format_keywords(data: Mapping[str, Any], ty: str | None) -> dict[str, Any]:
    """The one keyword a fix would add (none for numbers, parameter styles and bare layouts)."""
    if ty in ("integer", "number") and data.get("format") == "unixtime":
        return {"format": "unixtime"}  # the registry format for seconds since the epoch (number or string)
    if ty in ("integer", "number") or "style" in data:
        return {}
    for k in ("format", "pattern", "contentMediaType"):
        if k in data:
            return {k: data[k]}
    return {}


_DIGITS_PATTERN = _recache.compile(r"\^\[0-9\]\{(\d+)\}\$")


def _format_advice(data: Mapping[str, Any], ty: str | None = None) -> str:
    """What would state the format in the schema (the message must name it, not just complain)."""
    if ty in ("integer", "number") and data.get("format") == "unixtime":
        return "format: unixtime would express it"
    if ty in ("integer", "number"):
        digits = _DIGITS_PATTERN.fullmatch(str(data.get("pattern", "")))
        if digits:
            n = int(digits.group(1))
            return f"for a number, minimum: {10 ** (n - 1) if n > 1 else 0}, maximum: {10 ** n - 1} would express it"
        return "a number cannot carry a pattern: state the unit in format (e.g. int64) and the range with minimum/maximum"
    if "style" in data:
        return f"declare style: {data['style']}, explode: false on the parameter"
    if "format" in data:
        return f"format: {data['format']} would express it"
    if "pattern" in data:
        alt = f" ({data['advice']})" if data.get("advice") else ""
        return f"pattern: {data['pattern']} would express it{alt}"
    if data.get("advice"):
        return str(data["advice"])
    if "contentMediaType" in data:
        return f"contentMediaType: {data['contentMediaType']} would express it"
    return "only a pattern written for this layout can express it"


def fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """The one keyword the message names; left to an enum listed in the same description.
    ``contentMediaType``/``contentEncoding`` are JSON Schema 2019-09 keywords: OpenAPI 3.1 and
    tool schemas have them, an OpenAPI 2.0 or 3.0 schema object does not."""
    if ctx.document.format in ("openapi-2.0", "openapi-3.0") and set(gap.keywords) & _CONTENT_KEYWORDS:
        from linter.fixes.build import NoFix

        raise NoFix(f"{' and '.join(sorted(set(gap.keywords) & _CONTENT_KEYWORDS))} needs OpenAPI 3.1: it is no keyword of an "
                    f"OpenAPI {ctx.document.format.rsplit('-', 1)[1]} schema")
    return keyword_fix(field, gap, ctx, after_enum=True)


_CONTENT_KEYWORDS = frozenset({"contentMediaType", "contentEncoding"})


@check("field")
def prose_format(field: Field, ctx: Context) -> Iterable[Hit]:
    """A textual format stated in prose, with no ``format`` or ``pattern`` to enforce it."""
    return hits(field, RULE, ctx, fix)
