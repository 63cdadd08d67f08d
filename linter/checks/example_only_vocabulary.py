"""example-only-vocabulary: a controlled vocabulary shown only by example, with no full list."""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import Facts, Gap, hits, known_vocabulary, preview
from linter.model import Field, Fix, Hit
from linter.prose import Evidence

RULE = "example-only-vocabulary"
EVIDENCE = "example_vocab"


def gap(e: Evidence, facts: Facts) -> Gap | None:
    """Examples of what looks like a fixed set, where the description lists no closed set
    (prose-enum reports that one) and the value is not a date, an address, an id or a boolean."""
    if facts.formatted or facts.closed or facts.type == "boolean":
        return None
    n = len(e.values)
    return Gap(RULE, e, f"description shows {'only an example' if n == 1 else f'only {n} examples'} "
                        f"({preview(e.values)}) of what looks like a fixed set of values, with no full list or enum")


def fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """None from the prose (the rest of the set is unknown); ``fix --vocabulary FILE`` lifts a
    vocabulary the user knows into an ``enum``."""
    from linter.fixes.build import enum_fix

    known = known_vocabulary(field, ctx.options.get("vocabulary"))
    return (enum_fix(field, [str(v) for v in known])[0], "") if known is not None else (None, "")


@check("field")
def example_only_vocabulary(field: Field, ctx: Context) -> Iterable[Hit]:
    """A controlled vocabulary shown only by example: a model cannot infer the rest of the set."""
    return hits(field, RULE, ctx, fix)
