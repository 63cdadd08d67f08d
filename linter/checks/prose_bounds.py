"""prose-bounds: numeric, length or size bounds stated in prose, with no keyword to enforce them."""

from __future__ import annotations

import re
from typing import Iterable

from linter import _recache
from linter.checks import Context, check
from linter.checks._vocabulary import Facts, Gap, has, hits, keyword_fix, short
from linter.model import Field, Fix, Hit
from linter.prose import Evidence

RULE = "prose-bounds"
EVIDENCE = "bounds"
_FAMILIES = {
    "minimum": ("minimum", "exclusiveMinimum"),
    "exclusiveMinimum": ("minimum", "exclusiveMinimum"),
    "maximum": ("maximum", "exclusiveMaximum"),
    "exclusiveMaximum": ("maximum", "exclusiveMaximum"),
    "minLength": ("minLength",),
    "maxLength": ("maxLength",),
    "minItems": ("minItems",),
    "maxItems": ("maxItems",),
}


def gap(e: Evidence, facts: Facts) -> Gap | None:
    """The stated bounds the schema lacks (an array's value and length bounds belong on its
    items, where the fix puts them); none on a boolean, whose numbers are about something else."""
    schema, ty = facts.schema, facts.type
    if ty == "boolean":
        return None
    if "maxBytes" in e.data:
        return _size_gap(e, facts)
    widths = _pattern_widths(schema.get("pattern"))
    stated_keys = [k for k in e.data if k != "more"]  # ("more": the text allows values beyond the bound too)
    missing = [
        k for k in stated_keys
        if not has(schema, *_FAMILIES.get(k, (k,)))
        and not (ty == "array" and k not in ("minItems", "maxItems") and has(facts.items, *_FAMILIES.get(k, (k,))))
        and not (widths and ((k == "minLength" and widths[0] >= e.data[k]) or (k == "maxLength" and widths[1] <= e.data[k])))
    ]
    missing = [k for k in missing if not _format_holds(schema.get("format"), k, e.data[k])]
    if not missing:
        return None
    stated = ", ".join(f"{k} {e.data[k]}" for k in stated_keys)
    if ty == "array" and not set(e.data) <= {"minItems", "maxItems"}:
        stated += " for each item"  # (the fix puts a value or length bound on `items`)
    return Gap(RULE, e, f"description states {stated} (\"{short(e.text)}\") but the "
                        f"schema has no {' or '.join(missing)}", {k: e.data[k] for k in missing})


_BASE64_SAID = _recache.compile(r"\bbase-?64(?:url)?\b", re.I)


def _size_gap(e: Evidence, facts: Facts) -> Gap | None:
    """A size in bytes ("at most 48 KiB"). On a string it bounds the length: a base64 text
    (``format: byte``, ``contentEncoding: base64``) of N bytes has at most 4·⌈N/3⌉ characters, any
    other text at most N (a character is at least one byte in UTF-8), so that maxLength rejects
    nothing the size allows. No keyword bounds the size of any other value: the gap is said, with
    no fix."""
    size = int(e.data["maxBytes"])
    schema = facts.schema
    stated = f"description limits its size to {size} bytes (\"{short(e.text)}\")"
    if schema.get("format") in ("uri", "url", "uri-reference", "iri"):
        return None  # an address: the size is its target's
    if facts.type == "string" and schema.get("format") != "binary" and not e.data.get("file"):
        base64 = schema.get("format") == "byte" or schema.get("contentEncoding") == "base64" \
            or _BASE64_SAID.search(facts.description) is not None  # ("A base64-encoded copy of …": the wider bound)
        longest = 4 * -(-size // 3) if base64 else size
        if has(schema, "maxLength"):
            return None  # a length already stated (bytes and characters differ)
        how = f"base64 of {size} bytes is at most {longest} characters" if base64 else \
            f"a text of {size} bytes has at most {size} characters"
        return Gap(RULE, e, f"{stated} but the schema has no maxLength ({how})", {"maxLength": longest})
    if facts.type in ("integer", "number"):
        return None  # a number's size is its encoding's, not a bound a caller can break
    return Gap(RULE, e, f"{stated} but nothing in the schema bounds it (JSON Schema has no keyword for a size in bytes)")


_FORMAT_RANGES = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1), "uint32": (0, 2**32 - 1),
                  "uint64": (0, 2**64 - 1), "int8": (-128, 127), "uint8": (0, 255), "int16": (-(2**15), 2**15 - 1)}


# formats whose every value has one length: "full-date" (RFC 3339) and the canonical UUID
_FORMAT_LENGTHS = {"date": 10, "uuid": 36}


def _format_holds(fmt: object, keyword: str, value: object) -> bool:
    """``format: int32`` already holds "at most 2147483647": a bound at the format's own edge;
    ``format: date`` (always 10 characters) already holds "at most 29 characters"."""
    length = _FORMAT_LENGTHS.get(fmt) if isinstance(fmt, str) else None
    if length is not None and isinstance(value, int):
        return (keyword == "maxLength" and value >= length) or (keyword == "minLength" and value <= length)
    lo_hi = _FORMAT_RANGES.get(fmt) if isinstance(fmt, str) else None
    if lo_hi is None or not isinstance(value, (int, float)):
        return False
    if keyword == "maximum":
        return value >= lo_hi[1]
    if keyword == "minimum":
        return value <= lo_hi[0]
    return False


def _pattern_widths(pattern: object) -> tuple[int, int] | None:
    """The shortest and longest text an anchored ``pattern`` (``^\\d{12}$``) matches: a length it
    already holds needs no minLength/maxLength. None when it is not anchored at both ends or is
    not a pattern Python reads."""
    if not isinstance(pattern, str) or not pattern.startswith("^") or not pattern.endswith("$") or pattern.endswith("\\$"):
        return None
    try:
        lo, hi = re._parser.parse(pattern).getwidth()  # type: ignore[attr-defined]  # the stdlib's own regex parser: widths it computes for every pattern
    except (re.error, OverflowError, RecursionError):
        return None
    return int(lo), int(hi)


def fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """The missing keywords, beside an enum too (bounds and values do not compete)."""
    return keyword_fix(field, gap, ctx, after_enum=False)


@check("field")
def prose_bounds(field: Field, ctx: Context) -> Iterable[Hit]:
    """Numeric, length or size bounds stated in prose, with no keyword to enforce them."""
    return hits(field, RULE, ctx, fix)
