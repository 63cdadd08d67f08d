"""unresolved-ref: a ``$ref`` that cannot be followed, so what stands behind it is not linted.

Built in: the model builder meets the broken reference while it builds the document
(``linter/formats/``) and records a notice, which the engine reports under this rule.
"""

from __future__ import annotations

BUILTIN = True
