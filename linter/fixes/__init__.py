"""Fix writers: edits (data) → text splices in the file's own style (DESIGN.md §1).

A writer never re-dumps a document: it splices the new members at the spans the position
locator recorded, in the file's indentation, quoting, flow/block style and line breaks, then
re-parses and checks the tree is exactly the old one with the edits applied — or refuses.

- :func:`plan` — edits → verified new text per file (:class:`FilePlan`);
- :func:`unified_diff` — plans → a patch ``git apply`` accepts (``fix --diff``);
- :func:`apply` — plans → files written in place, atomically;
- :func:`replacements` — one fix → ``(source, region, text)`` for SARIF ``fixes``.
"""

from __future__ import annotations

from linter.fixes.core import FixError, Replacement
from linter.fixes.diff import unified_diff
from linter.fixes.plan import FilePlan, plan, replacements
from linter.fixes.write import apply

__all__ = [
    "FilePlan",
    "FixError",
    "Replacement",
    "apply",
    "plan",
    "replacements",
    "unified_diff",
]
