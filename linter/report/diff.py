"""``--format diff``: the safe fixes of a run as one patch that ``git apply`` accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from linter.model import RunResult

if TYPE_CHECKING:
    from linter.fixes.collect import Planned
    from linter.report import ReportOptions


def _plan(result: RunResult) -> "Planned":
    """``result``'s safe fixes planned (see :func:`linter.fixes.collect.plan_fixes`), once per
    run: ``diff_notices`` (in the CLI, before the reports) and ``render_diff`` (perhaps in a
    report writer forked after it) share the plan through the run's context."""
    run = result.run
    if run is not None and run.planned is not None:
        return cast("Planned", run.planned)
    from linter.fixes.collect import fixes_of, plan_fixes

    planned = plan_fixes(fixes_of(result.findings, unsafe=False))
    if run is not None:
        run.planned = planned
    return planned


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
