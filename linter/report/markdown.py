"""A GitHub-flavoured markdown summary for ``$GITHUB_STEP_SUMMARY`` (or a PR comment).

Messages and paths quote the linted spec, which may come from a fork: everything that is not
our own text is escaped so it renders literally — no raw HTML, no links or images, no table
breakage. The findings table is capped: a step summary is limited to 1 MiB.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from linter.model import SEVERITY_RANK, RunResult
from linter.report._common import plural, region_of, severity_counts, start_of

if TYPE_CHECKING:
    from linter.report import ReportOptions

MAX_ROWS = 200

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
# CommonMark lets any ASCII punctuation be backslash-escaped; these are the ones that act
# inside a line: emphasis, code, links/images, strikethrough, math and table cell boundaries
# (line-start markup such as ``#`` or ``-`` cannot occur: every escaped text follows a prefix).
_PUNCT = re.compile(r"([\\`*_\[\]!|~$])")
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def escape(text: str) -> str:
    """``text`` as literal inline markdown: one line, no HTML, no markup."""
    text = _BREAKS.sub(" ", text)
    text = _PUNCT.sub(r"\\\1", text)
    return "".join(_HTML.get(ch, ch) for ch in text)


def render_markdown(result: RunResult, options: "ReportOptions") -> str:
    out = ["### silentlint", "", _summary(result), ""]
    if result.findings:
        out += _rule_table(result)
        out.append("")
        out += _finding_table(result)
        out.append("")
    if result.problems:
        out.append(f"**Could not lint {plural(len(result.problems), 'file')}:**")
        out.append("")
        out += [f"- {escape(p.path)}: {escape(p.message)}" for p in result.problems]
        out.append("")
    return "\n".join(out)


def _summary(result: RunResult) -> str:
    files = plural(len(result.files), "file")
    baseline = (
        f", {plural(result.baseline_suppressed, 'finding')} suppressed by baseline"
        if result.baseline_suppressed
        else ""
    )
    if not result.findings:
        return f"No findings. {files.capitalize()} checked{baseline}."
    c = severity_counts(result.findings)
    return (
        f"**{plural(len(result.findings), 'finding')}** ({plural(c['error'], 'error')}, "
        f"{plural(c['warning'], 'warning')}, {plural(c['note'], 'note')}) in {files}{baseline}."
    )


def _rule_table(result: RunResult) -> list[str]:
    counts = Counter((f.rule, f.severity) for f in result.findings)
    rows = sorted(counts.items(), key=lambda kv: (-SEVERITY_RANK[kv[0][1]], -kv[1], kv[0][0]))
    out = ["| Rule | Severity | Count |", "| --- | --- | ---: |"]
    out += [f"| {escape(rule)} | {sev} | {n} |" for (rule, sev), n in rows]
    return out


def _finding_table(result: RunResult) -> list[str]:
    out = ["| Location | Rule | Message |", "| --- | --- | --- |"]
    for f in result.findings[:MAX_ROWS]:
        line, _ = start_of(region_of(f.location))
        out.append(f"| {escape(f.path)}:{line} | {escape(f.rule)} | {escape(f.message)} |")
    more = len(result.findings) - MAX_ROWS
    if more > 0:
        out += ["", f"… and {more} more (see the SARIF report or `silentlint check --format text`)."]
    return out
