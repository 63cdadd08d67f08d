"""Machine-readable output with a stable, versioned schema (``"schema": 1``).

Scripts and dashboards parse this, so fields are only ever added, never renamed or removed;
a breaking change bumps ``schema``. Output is deterministic: same run, same bytes.

Schema 1::

    {
      "version": str,            # silentlint version that produced the report
      "schema": 1,
      "root": str,               # absolute posix directory that paths are relative to ("" if none)
      "files": [str],            # display paths of the documents that were linted
      "skipped": [str],          # display paths that were looked at but are not API files
      "problems": [              # inputs that could not be linted (exit code 3)
        {"path": str, "message": str,
         "kind": "unreadable" | "parse" | "not-api" | "too-large"}
      ],
      "summary": {
        "findings": int,
        "by_severity": {"error": int, "warning": int, "note": int},   # always all three
        "by_rule": {rule_id: int},                                     # sorted by rule id
        "baseline_suppressed": int,  # findings hidden because the baseline lists them
        "suppressed": int            # findings hidden by x-silentlint-ignore / comments
      },
      "findings": [              # in the run's order: path, line, column, rule
        {
          "rule": str, "severity": "error" | "warning" | "note", "message": str,
          "path": str,
          "pointer": str,        # RFC 6901 JSON pointer into the file ("" = whole document)
          "line": int | null, "column": int | null,          # 1-based, code points
          "end_line": int | null, "end_column": int | null,  # end_column is exclusive
          "fingerprint": str,    # stable across unrelated edits (baseline key)
          "evidence": object | null,
          "related": [{"path": str, "pointer": str, "line": int | null,
                       "column": int | null, "label": str}],
          "fix": null | {
            "description": str, "applicability": "safe" | "unsafe",
            "edits": [{"path": str, "pointer": str, "op": "add" | "replace",
                       "key": str, "value": any}]
          }
        }
      ]
    }

Positions are ``null`` when the position of a node is unknown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Set
from typing import TYPE_CHECKING, Any

import linter
from linter.model import Finding, Fix, Location, RunResult, pointer_str
from linter.report._common import dumps_outline, region_of, severity_counts

if TYPE_CHECKING:
    from linter.report import ReportOptions

SCHEMA_VERSION = 1


def render_json(result: RunResult, options: "ReportOptions") -> str:
    return dumps_outline(build_json(result), 2, default=_jsonable) + "\n"


def build_json(result: RunResult) -> dict[str, Any]:
    by_rule = Counter(f.rule for f in result.findings)
    return {
        "version": result.version or linter.__version__,
        "schema": SCHEMA_VERSION,
        "root": result.root,
        "files": list(result.files),
        "skipped": list(result.skipped),
        "problems": [
            {"path": p.path, "message": p.message, "kind": p.kind} for p in result.problems
        ],
        "summary": {
            "findings": len(result.findings),
            "by_severity": severity_counts(result.findings),
            "by_rule": {rule: by_rule[rule] for rule in sorted(by_rule)},
            "baseline_suppressed": result.baseline_suppressed,
            "suppressed": result.suppressed,
        },
        "findings": [_finding(f) for f in result.findings],
    }


def _finding(finding: Finding) -> dict[str, Any]:
    region = region_of(finding.location)
    return {
        "rule": finding.rule,
        "severity": finding.severity,
        "message": finding.message,
        "path": finding.path,
        "pointer": pointer_str(finding.location.pointer),
        "line": region.start_line if region else None,
        "column": region.start_column if region else None,
        "end_line": region.end_line if region else None,
        "end_column": region.end_column if region else None,
        "fingerprint": finding.fingerprint,
        "evidence": dict(finding.evidence) if finding.evidence is not None else None,
        "related": [_related(loc) for loc in finding.related],
        "fix": _fix(finding.fix) if finding.fix is not None else None,
    }


def _related(location: Location) -> dict[str, Any]:
    region = region_of(location)
    return {
        "path": location.path,
        "pointer": pointer_str(location.pointer),
        "line": region.start_line if region else None,
        "column": region.start_column if region else None,
        "label": location.label,
    }


def _fix(fix: Fix) -> dict[str, Any]:
    return {
        "description": fix.description,
        "applicability": fix.applicability,
        "edits": [
            {
                "path": e.source.display_path,
                "pointer": pointer_str(e.pointer),
                "op": e.op,
                "key": e.key,
                "value": e.value,
            }
            for e in fix.edits
        ],
    }


def _jsonable(value: Any) -> Any:
    """Evidence and edit values are plain data, but tolerate mappings and sets deterministically."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, Set):
        return sorted(value, key=repr)
    return str(value)
