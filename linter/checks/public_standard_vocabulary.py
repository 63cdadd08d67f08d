"""public-standard-vocabulary: values of a public standard named only in prose.
"""

from __future__ import annotations

from typing import Iterable

from linter.checks import Context, check
from linter.checks._vocabulary import hits
from linter.model import Field, Hit


@check("field")
def public_standard_vocabulary(field: Field, ctx: Context) -> Iterable[Hit]:
    """Values from a public standard named only in prose (low risk: models know the standards)."""
    return hits(field, "public-standard-vocabulary", ctx)
