"""``--format diff``: the safe fixes of a run as one patch that ``git apply`` accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linter.model import RunResult

if TYPE_CHECKING:
    from linter.report import ReportOptions


def render_diff(result: RunResult, options: "ReportOptions") -> str:
    from linter.fixes import FixError, plan, unified_diff
    from linter.fixes.collect import edits_of, fixes_of, utf16_sources, without_utf16

    fixes = fixes_of(result.findings, unsafe=False)
    # a UTF-16 file gets no fix: the CLI says so on stderr (see diff_notices)
    fixes = without_utf16(fixes, utf16_sources(fixes))
    errors: list[FixError] = []  # a refused edit is left out; `silentlint fix` reports it
    plans = plan(edits_of(fixes), errors=errors)
    return unified_diff({k: p for k, p in plans.items() if p.changed}, result.root)


def diff_notices(result: RunResult) -> list[str]:
    """The stderr lines that go with a ``--format diff`` report: one per UTF-16 file whose
    fixes the patch leaves out (the same line ``silentlint fix`` prints), so an empty patch
    never looks like "nothing to fix". A reporter returns only its text, hence this apart."""
    from linter.fixes.collect import fixes_of, utf16_refusal, utf16_sources

    utf16 = utf16_sources(fixes_of(result.findings, unsafe=False))
    return [utf16_refusal(display) for display in sorted(utf16.values())]
