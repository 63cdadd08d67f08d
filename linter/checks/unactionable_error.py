"""unactionable-error: a wrong value rejected with an error that names neither the parameter nor its
legal values (measured by ``silentlint probe``; the entries come through :mod:`linter.checks._probe`)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from linter.checks import Context, check
from linter.checks._probe import hits, variants
from linter.model import Field, Hit

RULE = "unactionable-error"


@check("field")
def unactionable_error(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value rejected with an error that does not say which parameter or which values."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        errs = [b.get("error") or {} for b in bs]
        missing = []
        if not all(e.get("names_parameter") for e in errs):
            missing.append("the parameter")
        if not all(e.get("names_values") for e in errs):
            missing.append("its legal values")
        statuses = "/".join(sorted({str(b.get("status")) for b in bs}))
        body = next((e.get("excerpt") for e in errs if e.get("excerpt")), "")
        shown = f"body: {body!r}" if body else "an empty body"
        return (f"the {statuses} for {variants(name, bs)} names neither {' nor '.join(missing)}"
                if len(missing) == 2 else
                f"the {statuses} for {variants(name, bs)} does not name {missing[0]}") + f" ({shown})"
    return hits(field, ctx, says)
