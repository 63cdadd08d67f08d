"""prose-format: a textual format stated in prose, with no format or pattern.
"""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import hits
from linter.model import Field, Hit


@check("field")
def prose_format(field: Field, ctx: Context) -> Iterable[Hit]:
    """A textual format stated in prose, with no ``format`` or ``pattern`` to enforce it."""
    return hits(field, "prose-format", ctx)
