"""example-only-vocabulary: a controlled vocabulary shown only by example.
"""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import hits
from linter.model import Field, Hit


@check("field")
def example_only_vocabulary(field: Field, ctx: Context) -> Iterable[Hit]:
    """A controlled vocabulary shown only by example: a model cannot infer the rest of the set."""
    return hits(field, "example-only-vocabulary", ctx)
