"""GitHub Actions workflow commands (``::error file=…::message``) that become annotations.

Escaping follows the runner's own toolkit — actions/toolkit ``packages/core/src/command.ts``
(commit a944251692e50709e44d95e64d43c80236b9f6af), ``escapeData`` and ``escapeProperty``:
data ``%``→``%25``, CR→``%0D``, LF→``%0A``; properties additionally ``:``→``%3A``, ``,``→``%2C``.
Spec text (messages, file names) is untrusted: with line breaks escaped it can never start a
second command such as ``::add-mask::`` or ``::stop-commands::``.

GitHub shows at most 10 error, 10 warning and 10 notice annotations per step (and 50 per job):
actions/toolkit ``docs/problem-matchers.md`` § Limitations (commit
b145fa2c10aa3f1d74290abfc33e54800b28b940); the REST docs for check runs
(docs.github.com/en/rest/checks/runs) say the same for errors and warnings. The rest would be
dropped silently, so this reporter stops at the limit and says how many findings were left out.
Columns are sent only for single-line regions: check-run annotations support
``start_column``/``end_column`` only when start and end line are equal (same REST docs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from linter.model import Finding, RunResult
from linter.report._common import is_group, plural, region_of

if TYPE_CHECKING:
    from linter.report import ReportOptions

COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def escape_data(text: str) -> str:
    """toolkit ``escapeData``: the message part of a command."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """toolkit ``escapeProperty``: a ``key=value`` property (``,`` and ``:`` delimit them)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, properties: dict[str, str | int], message: str) -> str:
    props = ",".join(f"{k}={escape_property(str(v))}" for k, v in properties.items())
    return f"::{name}{' ' + props if props else ''}::{escape_data(message)}"


def render_github(result: RunResult, options: "ReportOptions") -> str:
    limit = options.github_max_annotations
    lines = [command("error", {"file": p.path}, p.message) for p in result.problems]

    annotated = _choose(result, limit)
    lines += [_annotation(f) for i, f in enumerate(result.findings) if i in annotated]
    hidden = len(result.findings) - len(annotated)
    if hidden:
        lines.append(
            command(
                "notice",
                {},
                f"silentlint: {plural(hidden, 'more finding')} not shown as annotations "
                f"(GitHub shows at most {limit} error, {limit} warning and {limit} notice "
                "annotations per step). The full list is in the SARIF report and in "
                "`silentlint check --format text`.",
            )
        )
    return "".join(line + "\n" for line in lines)


def _choose(result: RunResult, limit: int) -> set[int]:
    """Indexes of the findings to annotate: the first ``limit`` of each level, in run order.

    Input problems are always annotated and use up the error budget first (an unlinted file
    matters more than one more finding). When anything is left out, one notice slot is kept
    for the "N more" line, or GitHub would drop that line too. ``limit <= 0`` means no cap.
    """
    if limit <= 0:
        return set(range(len(result.findings)))
    wanted = {"error": len(result.problems), "warning": 0, "notice": 0}
    for f in result.findings:
        wanted[COMMAND[f.severity]] += 1
    budget = {
        "error": max(limit - len(result.problems), 0),
        "warning": limit,
        "notice": limit - 1 if any(n > limit for n in wanted.values()) else limit,
    }
    chosen: set[int] = set()
    for i, f in enumerate(result.findings):
        level = COMMAND[f.severity]
        if budget[level] > 0:
            budget[level] -= 1
            chosen.add(i)
    return chosen


def _annotation(finding: Finding) -> str:
    props: dict[str, str | int] = {"file": finding.path}
    region = region_of(finding.location)
    if region is not None and is_group(region, finding.related):
        # a group (the tools of a set): its first line, not thousands of lines of the list
        props["line"] = props["endLine"] = region.start_line
    elif region is not None:
        one_line = region.end_line == region.start_line
        props["line"] = region.start_line
        if one_line:
            props["col"] = region.start_column
        props["endLine"] = region.end_line
        if one_line:
            props["endColumn"] = region.end_column
    props["title"] = finding.rule
    return command(COMMAND[finding.severity], props, finding.message)
