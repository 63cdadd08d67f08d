"""flagged-field (stub): an input field whose description says FLAG."""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.model import Field, Hit


@check("field")
def flagged_field(field: Field, ctx: Context) -> Iterator[Hit]:
    if "FLAG" in field.description:
        yield Hit(f"{field.label}: says FLAG", field.description_location)
