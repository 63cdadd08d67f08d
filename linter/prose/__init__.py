"""Text analysis shared by the checks: constraints that a description states in prose.

``analyse`` finds them, as neutral evidence; which of it the schema lacks, and the message, are
the rules' to decide (``linter/checks/_vocabulary.py``). Pure Python (stdlib ``re`` only, patterns
compiled at import) because it runs on every described field.
"""

from linter.prose.analyse import analyse, may_state, normal_type, stated
from linter.prose.evidence import KINDS, Evidence

__all__ = ["Evidence", "KINDS", "analyse", "may_state", "normal_type", "stated"]
