"""public-standard-vocabulary: values of a public standard named only in prose (low risk: models
know the standards)."""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import Facts, Gap, has, hits, keyword_fix, short
from linter.model import Field, Fix, Hit
from linter.prose import Evidence

RULE = "public-standard-vocabulary"
EVIDENCE = "standard"


def gap(e: Evidence, facts: Facts) -> Gap | None:
    """A standard the schema does not check (no pattern or format, on the field or its items),
    where the description lists no values of its own (the vocabulary rules report those)."""
    schema = facts.schema
    if facts.type == "boolean":
        return None  # no pattern fits a boolean ("true if the ISO 3166 code is known" speaks of another value)
    if has(schema, "pattern", "format") or facts.vocabulary or has(facts.items, "pattern", "format"):
        return None
    said = "" if e.text.replace(" ", "").lower() == e.data["standard"].replace(" ", "").lower() else f" (\"{short(e.text)}\")"
    return Gap(RULE, e, f"description names {e.data['standard']} values{said} but the schema has no pattern or enum; "
                        f"pattern: {e.data['pattern']} would check their shape", {"pattern": e.data["pattern"]})


def fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """The standard's ``pattern``; left to an enum listed in the same description."""
    return keyword_fix(field, gap, ctx, after_enum=True)


@check("field")
def public_standard_vocabulary(field: Field, ctx: Context) -> Iterable[Hit]:
    """Values from a public standard named only in prose (low risk: models know the standards)."""
    return hits(field, RULE, ctx, fix)
