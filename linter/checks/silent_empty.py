"""silent-empty: a wrong value answered with 200 and no rows, as if nothing matched (measured by
``silentlint probe``; the entries come through :mod:`linter.checks._probe`)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from linter.checks import Context, check
from linter.checks._probe import hits, sig, value, variants
from linter.model import Field, Hit

RULE = "silent-empty"


@check("field")
def silent_empty(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value answered with 200 and no rows, as if nothing matched."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        stubs = any(b.get("content") == "stub" for b in bs)
        what = "only identical rows without values (valid but empty)" if stubs else "no rows"
        return (f"a wrong value is answered as 'nothing matches': {variants(name, bs)} returned {what} and no error, "
                f"where {name}={value(a.get('value'))} returned {sig(a)}")
    return hits(field, ctx, says)
