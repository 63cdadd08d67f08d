"""Text analysis shared by the checks: constraints that a description states in prose.

``analyse`` finds them, as neutral evidence; which of it the schema lacks, and the message, are
the rules' to decide (``linter/checks/_vocabulary.py``). Pure Python (stdlib ``re`` only, patterns
compiled at import, their code cached between runs by ``linter._recache``) because it runs on every
described field.
"""

from linter import _recache
from linter.prose import verbs  # noqa: F401 - imported here so its patterns join the cache written below
from linter.prose.analyse import analyse, bounds_stated, may_state, normal_type, stated
from linter.prose.evidence import KINDS, Evidence

_recache.save()  # the patterns compiled above, for the next start (see linter/_recache.py)

__all__ = ["Evidence", "KINDS", "analyse", "bounds_stated", "may_state", "normal_type", "stated"]
