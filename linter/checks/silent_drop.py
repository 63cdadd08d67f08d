"""silent-drop: a wrong value ignored, answered as if the parameter were left out (measured by
``silentlint probe``; the entries come through :mod:`linter.checks._probe`)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from linter.checks import Context, check
from linter.checks._probe import hits, sig, value, variants
from linter.model import Field, Hit

RULE = "silent-drop"


@check("field")
def silent_drop(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value ignored: the answer is the one without the parameter."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        return (f"a wrong value is ignored without an error: {variants(name, bs)} returned the same {sig(c)} as "
                f"leaving {name} out (where {name}={value(a.get('value'))} returned {sig(a)})")
    return hits(field, ctx, says)
