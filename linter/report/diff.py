"""``--format diff``: the safe fixes of a run as one patch that ``git apply`` accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from linter.model import RunResult

if TYPE_CHECKING:
    from linter.fixes import FixError
    from linter.report import ReportOptions


# The last run's plan: ``diff_notices`` (in the CLI, before the reports) and ``render_diff``
# (perhaps in a writer forked after it, which inherits this) plan the same fixes once.
_planned: tuple[RunResult, dict[str, Any], dict[str, str], list["FixError"]] | None = None


def _plan(result: RunResult) -> tuple[dict[str, Any], dict[str, str], list["FixError"]]:
    """The changed file plans of ``result``'s safe fixes, the UTF-16 files left out (abspath →
    display path) and the refused edits."""
    global _planned
    if _planned is None or _planned[0] is not result:
        from linter.fixes import FixError, plan
        from linter.fixes.collect import edits_of, fixes_of, utf16_sources, without_utf16

        fixes = fixes_of(result.findings, unsafe=False)
        utf16 = utf16_sources(fixes)  # a UTF-16 file gets no fix (see diff_notices)
        errors: list[FixError] = []
        plans = plan(edits_of(without_utf16(fixes, utf16)), errors=errors)
        _planned = (result, {k: p for k, p in plans.items() if p.changed}, utf16, errors)
    return _planned[1], _planned[2], _planned[3]


def render_diff(result: RunResult, options: "ReportOptions") -> str:
    from linter.fixes import unified_diff

    changed, _, _ = _plan(result)
    return unified_diff(changed, result.root)


def diff_notices(result: RunResult) -> list[str]:
    """The stderr lines that go with a ``--format diff`` report, the lines ``silentlint fix``
    prints for what the patch leaves out: one per UTF-16 file, and one per refused edit (a
    merge-conflict marker, a file changed since it was linted, a result that would not re-parse
    as intended), so a partial or empty patch never looks like "nothing else to fix". A
    reporter returns only its text, hence this apart."""
    from linter.fixes.collect import fix_refusal, utf16_refusal

    _, utf16, errors = _plan(result)
    return [utf16_refusal(display) for display in sorted(utf16.values())] + [fix_refusal(err) for err in errors]
