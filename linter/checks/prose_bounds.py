"""prose-bounds: numeric, length or size bounds stated in prose, with no keyword.
"""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import hits
from linter.model import Field, Hit


@check("field")
def prose_bounds(field: Field, ctx: Context) -> Iterable[Hit]:
    """Numeric, length or size bounds stated in prose, with no keyword to enforce them."""
    return hits(field, "prose-bounds", ctx)
