"""``--format diff``: the safe fixes of a run as one patch that ``git apply`` accepts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linter.model import RunResult

if TYPE_CHECKING:
    from linter.report import ReportOptions


def render_diff(result: RunResult, options: "ReportOptions") -> str:
    from linter.fixes import FixError, plan, unified_diff
    from linter.fixes.collect import edits_of, fixes_of

    errors: list[FixError] = []  # a refused edit is left out; `silentlint fix` reports it
    plans = plan(edits_of(fixes_of(result.findings, unsafe=False)), errors=errors)
    return unified_diff({k: p for k, p in plans.items() if p.changed}, result.root)
