"""Code Climate issues, in two shapes: ``gitlab`` and ``codeclimate``.

``gitlab`` is GitLab's Code Quality report (docs.gitlab.com, "Code Quality", "Code Quality
report format"): a JSON array whose issues carry the fields GitLab requires — ``description``,
``check_name``, ``fingerprint`` (unique: GitLab keys issues on it), ``severity`` (``info``,
``minor``, ``major``, ``critical``, ``blocker``), ``location.path`` (relative to the
repository) and ``location.lines.begin`` — and nothing else it would ignore.

``codeclimate`` is the full issue of the Code Climate engine specification
(codeclimate/platform ``spec/analyzers/SPEC.md``, "Issues"): also ``type: "issue"``,
``categories``, ``content.body`` (Markdown), ``remediation_points`` and a ``trace`` of the
related locations, with line-and-column positions. The spec has engines stream issues
separated by NUL characters; this writes them as one JSON array, the form ``codeclimate
analyze -f json`` prints and GitLab also reads.

Descriptions are single lines (the spec forbids newlines); spec text is passed through
``one_line_text`` so control characters cannot reach a log and the file is valid UTF-8.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from linter.model import Finding, Location, RunResult
from linter.report._common import is_group, line_span, one_line_text, region_of, unique_fingerprints

if TYPE_CHECKING:
    from linter.report import ReportOptions

SEVERITY = {"error": "major", "warning": "minor", "note": "info"}
PROBLEM_SEVERITY = "major"  # an input that could not be linted
# Findings are gaps in an API contract that make calls fail silently (Bug Risk) and prose that
# a reader or model must interpret (Clarity); hygiene findings are style unless they are errors
# (a duplicate key, a coerced YAML value, an unresolved $ref change what the document means).
CATEGORIES = {
    "vocabulary": ["Bug Risk", "Clarity"],
    "status": ["Bug Risk", "Clarity"],
    "boundary": ["Bug Risk", "Clarity"],
}
REMEDIATION_POINTS = 50_000  # the spec's baseline: a trivial one-place edit


def render_gitlab(result: RunResult, options: "ReportOptions") -> str:
    issues: list[dict[str, Any]] = []
    for f, fingerprint in zip(result.findings, unique_fingerprints(result.findings)):
        begin, end = line_span(f)
        issues.append(
            {
                "description": one_line_text(f.message),
                "check_name": f.rule,
                "fingerprint": fingerprint,
                "severity": SEVERITY.get(f.severity, "info"),
                "location": {"path": f.path, "lines": {"begin": begin, "end": end}},
            }
        )
    for p in result.problems:
        issues.append(
            {
                "description": one_line_text(p.message),
                "check_name": f"input-{p.kind}",
                "fingerprint": _problem_fingerprint(p.path, p.kind),
                "severity": PROBLEM_SEVERITY,
                "location": {"path": p.path, "lines": {"begin": 1}},
            }
        )
    return _dump(issues)


def render_codeclimate(result: RunResult, options: "ReportOptions") -> str:
    issues: list[dict[str, Any]] = []
    for f, fingerprint in zip(result.findings, unique_fingerprints(result.findings)):
        rule = result.rules.get(f.rule)
        family = rule.family if rule is not None else ""
        issue: dict[str, Any] = {
            "type": "issue",
            "check_name": f.rule,
            "description": one_line_text(f.message),
            "categories": _categories(family, f.severity),
            "location": _positions(f),
            "remediation_points": REMEDIATION_POINTS,
            "severity": SEVERITY.get(f.severity, "info"),
            "fingerprint": fingerprint,
        }
        if rule is not None:
            issue["content"] = {"body": f"{rule.summary}\n\n{rule.how_to_fix.strip()}\n\n[{rule.id}]({rule.help_uri})".strip()}
        if f.related:
            issue["trace"] = {"locations": [_lines(loc) for loc in f.related]}
        issues.append(issue)
    for p in result.problems:
        issues.append(
            {
                "type": "issue",
                "check_name": f"input-{p.kind}",
                "description": one_line_text(p.message),
                "categories": ["Bug Risk"],
                "location": {"path": p.path, "lines": {"begin": 1, "end": 1}},
                "severity": PROBLEM_SEVERITY,
                "fingerprint": _problem_fingerprint(p.path, p.kind),
            }
        )
    return _dump(issues)


def _categories(family: str, severity: str) -> list[str]:
    if family in CATEGORIES:
        return list(CATEGORIES[family])
    return ["Bug Risk"] if severity == "error" else ["Style"]


def _positions(f: Finding) -> dict[str, Any]:
    region = region_of(f.location)
    if region is None:
        return {"path": f.path, "lines": {"begin": 1, "end": 1}}
    if is_group(region, f.related):  # the first line of the list, not the whole list
        return {"path": f.path, "lines": {"begin": region.start_line, "end": region.start_line}}
    return {
        "path": f.path,
        "positions": {
            "begin": {"line": region.start_line, "column": region.start_column},
            "end": {"line": region.end_line, "column": region.end_column},
        },
    }


def _lines(loc: Location) -> dict[str, Any]:
    region = region_of(loc)
    line = region.start_line if region is not None else 1
    return {"path": loc.path, "lines": {"begin": line, "end": line}}


def _problem_fingerprint(path: str, kind: str) -> str:
    import hashlib

    return hashlib.sha256(f"input\x1f{path}\x1f{kind}".encode()).hexdigest()[:32]


def _dump(issues: list[dict[str, Any]]) -> str:
    """One issue per line inside the array: readable, diffable, and the C encoder's speed."""
    if not issues:
        return "[]\n"
    lines = [json.dumps(issue, ensure_ascii=False, separators=(", ", ": ")) for issue in issues]
    return "[\n  " + ",\n  ".join(lines) + "\n]\n"
