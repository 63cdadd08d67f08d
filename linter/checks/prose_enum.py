"""prose-enum: a closed set of values written in a description, with no enum in the schema.
"""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import hits
from linter.model import Field, Hit


@check("field")
def prose_enum(field: Field, ctx: Context) -> Iterable[Hit]:
    """A closed set of values written in the description, with no enum in the schema."""
    return hits(field, "prose-enum", ctx)
