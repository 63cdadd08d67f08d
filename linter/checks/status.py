"""Status family: can a client tell success, "no results" and failure apart?"""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.model import Hit, Location, Operation


def _is_error_status(status: str | None) -> bool:
    if status is None:
        return False
    s = status.strip().upper()
    return s == "DEFAULT" or (len(s) == 3 and s[0] in "45")


@check("operation")
def missing_error_response(op: Operation, ctx: Context) -> Iterator[Hit]:
    """An HTTP operation that documents no 4xx, 5xx or ``default`` response."""
    if op.kind != "http":
        return
    if any(_is_error_status(o.status) for o in op.outputs):
        return
    responses = op.node.get("responses")
    loc = op.location
    if responses is not None:
        loc = Location(loc.source, loc.pointer + ("responses",))
    documented = sorted(o.status for o in op.outputs if o.status)
    have = f" (only {', '.join(documented)})" if documented else ""
    yield Hit(
        f"{op.label}: no 4xx, 5xx or default response is documented{have}; "
        "a client cannot tell a rejected request from an empty success",
        loc,
        evidence={"documented_statuses": documented},
    )
