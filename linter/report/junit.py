"""JUnit XML, the test report every CI reads (Jenkins, GitLab ``artifacts:reports:junit``,
Azure Pipelines, CircleCI, Buildkite).

The shape is the Ant/Surefire one that the Jenkins xUnit plugin's ``junit-10.xsd`` describes:
``<testsuites>`` holding one ``<testsuite>`` per file (``name``, ``tests``, ``failures``,
``errors`` required), one ``<testcase>`` per finding with a ``<failure>`` whose ``type`` is the
rule, and an ``<error>`` for a file that could not be linted. A linted file without findings
has one passing test case, so the report shows it was checked. No ``time``: the report must be
the same bytes for the same run.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

from linter.model import Finding, RunResult
from linter.report._common import one_line_text, region_of, start_of

if TYPE_CHECKING:
    from linter.report import ReportOptions

CLEAN_CASE = "silentlint"
_text = one_line_text  # XML 1.0 cannot carry control characters or lone surrogates at all


def render_junit(result: RunResult, options: "ReportOptions") -> str:
    by_file: dict[str, list[Finding]] = {path: [] for path in result.files}
    for f in result.findings:
        by_file.setdefault(f.path, []).append(f)
    problems = {p.path: p for p in result.problems}
    for path in problems:
        by_file.setdefault(path, [])
    root = ET.Element("testsuites", name="silentlint")
    total_tests = total_failures = total_errors = 0
    for path, findings in by_file.items():
        suite = ET.SubElement(root, "testsuite", name=_text(path))
        for f in findings:
            line, col = start_of(region_of(f.location))
            case = ET.SubElement(suite, "testcase", name=_text(f"{f.rule} {path}:{line}:{col}"), classname=_text(path))
            failure = ET.SubElement(case, "failure", type=f.rule, message=_text(f.message))
            failure.text = _details(f, path, line, col, result)
        problem = problems.get(path)
        if problem is not None:
            case = ET.SubElement(suite, "testcase", name=f"input-{problem.kind}", classname=_text(path))
            error = ET.SubElement(case, "error", type=problem.kind, message=_text(problem.message))
            error.text = _text(f"{path}: {problem.message}")
        if not findings and problem is None:
            ET.SubElement(suite, "testcase", name=CLEAN_CASE, classname=_text(path))
        tests = len(findings) + (problem is not None) + (not findings and problem is None)
        errors = int(problem is not None)
        suite.set("tests", str(tests))
        suite.set("failures", str(len(findings)))
        suite.set("errors", str(errors))
        total_tests += tests
        total_failures += len(findings)
        total_errors += errors
    root.set("tests", str(total_tests))
    root.set("failures", str(total_failures))
    root.set("errors", str(total_errors))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _details(f: Finding, path: str, line: int, col: int, result: RunResult) -> str:
    lines = [_text(f"{path}:{line}:{col}: {f.severity}[{f.rule}] {f.message}")]
    for rel in f.related:
        rline, rcol = start_of(region_of(rel))
        lines.append(_text(f"related: {rel.path}:{rline}:{rcol} {rel.label}".rstrip()))
    rule = result.rules.get(f.rule)
    if rule is not None:
        lines.append(_text(f"{rule.summary} {rule.help_uri}"))
    return "\n".join(lines)
