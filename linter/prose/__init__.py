"""Text analysis shared by the checks: constraints that a description states in prose.

``analyse`` finds them; ``gaps`` keeps those the schema does not already express. Pure Python
(stdlib ``re`` only, patterns compiled at import) because it runs on every described field.
"""

from linter.prose.analyse import analyse, gaps, may_state
from linter.prose.evidence import KINDS, RULES, Evidence, Gap

__all__ = ["Evidence", "Gap", "KINDS", "RULES", "analyse", "gaps", "may_state"]
