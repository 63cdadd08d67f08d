"""silent-coercion: a wrong value answered as some other value, without an error (measured by
``silentlint probe``; the entries come through :mod:`linter.checks._probe`)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from linter.checks import Context, check
from linter.checks._probe import hits, sig, value, variants
from linter.model import Field, Hit

RULE = "silent-coercion"


@check("field")
def silent_coercion(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value answered as some other value, without an error."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        got = ", ".join(sorted({sig(b) for b in bs}))
        return (f"a wrong value is answered as some other value, without an error: {variants(name, bs)} returned {got}, "
                f"neither the {sig(a)} of {name}={value(a.get('value'))} nor the {sig(c)} without {name}")
    return hits(field, ctx, says)
