"""prose-enum: a closed set of values written in a description, with no enum in the schema."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from linter.checks import Context, check
from linter.checks._vocabulary import Facts, Gap, hits, preview
from linter.model import Field, Fix, Hit
from linter.prose import Evidence

RULE = "prose-enum"
EVIDENCE = "closed_vocab"


def gap(e: Evidence, facts: Facts) -> Gap | None:
    """A closed list the schema does not close: no pattern listing the same values, not a date,
    an address or an id (whose prose words are not its values), not a boolean."""
    if facts.formatted or facts.type == "boolean" or _pattern_lists(facts.schema, e.values):
        return None
    n = len(e.values)
    if e.data.get("beside"):
        return Gap(RULE, e, f"description lists {n} value{'s' if n != 1 else ''} ({preview(e.values)}) beside another kind "
                            f"of value (\"{e.data['beside']}\") but the schema has no enum; anyOf with an enum of them "
                            "and the other kind would", {"enum": list(e.values)})
    if e.data.get("prefix"):
        return Gap(RULE, e, f"description lists {n} sort key{'s' if n != 1 else ''} ({preview(e.values)}), each optionally "
                            f"preceded by {e.data['prefix']} for descending order, but the schema has no enum or pattern",
                   {"enum": list(e.values)})
    if e.data.get("suffix"):
        # sort keys that take a direction after them ("name desc"): the keys are the closed set
        return Gap(RULE, e, f"description lists {n} sort key{'s' if n != 1 else ''} ({preview(e.values)}), each optionally "
                            f"followed by {' or '.join(e.data['suffix'].split())}, but the schema has no enum or pattern",
                   {"enum": list(e.values)})
    return Gap(RULE, e, f"description lists {n} value{'s' if n != 1 else ''} ({preview(e.values)}) but the schema has no enum",
               {"enum": list(e.values)})


def _pattern_lists(schema: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    """``pattern: ^(?:top|bottom)$`` already closes the set the prose lists."""
    pattern = schema.get("pattern")
    if not isinstance(pattern, str) or "|" not in pattern:
        return False
    try:
        rx = re.compile(pattern)
    except re.error:
        return False
    return all(rx.search(v) for v in values)


def fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """An ``enum`` of the listed values; unsafe (and the message says why) when the field's own
    values, its type, a condition or a multi-value field make the list a guess."""
    from linter.fixes.build import NoFix, enum_fix

    if ctx.rule.fix not in ("safe", "unsafe"):
        return None, ""
    data = gap.evidence.data
    if data.get("suffix"):
        raise NoFix("each key may be followed by a direction, which an enum of the keys rejects")
    if data.get("beside"):
        raise NoFix("the field also takes another kind of value, which an enum of these values rejects")
    if data.get("prefix"):
        raise NoFix(f"each key may be preceded by {data['prefix']}, which an enum of the keys rejects")
    made, why = enum_fix(field, gap.keywords["enum"], multi=data.get("multi"), conditional=bool(data.get("condition")),
                         empty=bool(data.get("empty")))
    return made, f" (unsafe fix: {why})" if why else ""


@check("field")
def prose_enum(field: Field, ctx: Context) -> Iterable[Hit]:
    """A closed set of values written in the description, with no enum in the schema."""
    return hits(field, RULE, ctx, fix)
