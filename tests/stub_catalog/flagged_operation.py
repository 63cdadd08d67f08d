"""flagged-operation (stub): an operation or tool whose summary or description says FLAG."""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.model import Hit, Operation


@check("operation")
def flagged_operation(op: Operation, ctx: Context) -> Iterator[Hit]:
    if "FLAG" in op.summary or "FLAG" in op.description:
        yield Hit(f"{op.label}: says FLAG", op.location)
