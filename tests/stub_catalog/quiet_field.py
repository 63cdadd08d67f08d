"""quiet-field (stub, off by default): an input field whose description says QUIET."""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.model import Field, Hit


@check("field")
def quiet_field(field: Field, ctx: Context) -> Iterator[Hit]:
    if "QUIET" in field.description:
        yield Hit(f"{field.label}: says QUIET", field.description_location)
