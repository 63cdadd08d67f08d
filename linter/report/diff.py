"""``--format diff``: the safe fixes of a run as one patch that ``git apply`` accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linter.model import RunResult

if TYPE_CHECKING:
    from linter.fixes.collect import Planned
    from linter.report import ReportOptions


# The last run's plan: ``diff_notices`` (in the CLI, before the reports) and ``render_diff``
# (perhaps in a writer forked after it, which inherits this) plan the same fixes once.
_planned: tuple[RunResult, "Planned"] | None = None


def _plan(result: RunResult) -> "Planned":
    """``result``'s safe fixes planned (see :func:`linter.fixes.collect.plan_fixes`)."""
    global _planned
    if _planned is None or _planned[0] is not result:
        from linter.fixes.collect import fixes_of, plan_fixes

        _planned = (result, plan_fixes(fixes_of(result.findings, unsafe=False)))
    return _planned[1]


def render_diff(result: RunResult, options: "ReportOptions") -> str:
    from linter.fixes import unified_diff

    return unified_diff(_plan(result).changed, result.root)


def diff_notices(result: RunResult) -> list[str]:
    """The stderr lines that go with a ``--format diff`` report, the lines ``silentlint fix``
    prints for what the patch leaves out: one per UTF-16 file, and one per refused edit (a
    merge-conflict marker, a file changed since it was linted, a result that would not re-parse
    as intended), so a partial or empty patch never looks like "nothing else to fix". A
    reporter returns only its text, hence this apart."""
    from linter.fixes.collect import fix_refusal, utf16_refusal

    _, _, utf16, errors = _plan(result)
    return [utf16_refusal(display) for display in sorted(utf16.values())] + [fix_refusal(err) for err in errors]
