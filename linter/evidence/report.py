"""attest and cards reports: the ordinary reporters for the findings, plus one line per subject
(an output's verdict, a card's outcome).

- text: the findings as ``check`` prints them, then one line per subject;
- json: ``check``'s schema-1 report with one more key (``attest`` or ``cards``) holding the
  subjects and the settings of the run (schema 1 only ever gains keys);
- sarif: ``check``'s SARIF with its own ``automationDetails.id`` (``silentlint-attest/``,
  ``silentlint-cards/``) so code scanning keeps it apart from the lint upload, and the
  subjects under ``runs[0].properties``;
- github: an annotation per subject that is not good (at its file), then the findings;
- markdown: a table of the subjects, then the findings.
"""

from __future__ import annotations

from linter.evidence.names import FORMATS as _FORMATS

from dataclasses import dataclass, field
from typing import Any

from linter.model import RunResult, Severity
from linter.report import ReportOptions, encodable
from linter.report._common import dumps_outline, one_line
from linter.report.github import COMMAND, command
from linter.report.json_report import _jsonable, build_json
from linter.report.markdown import escape, render_markdown
from linter.report.sarif import build_sarif
from linter.report.github import render_github
from linter.report.text import render_text

FORMATS = _FORMATS


@dataclass
class Subject:
    """One output's verdict or one card's outcome."""

    path: str
    name: str  # the case id of a card; "" for an output
    status: str  # CONTENT_PRESENT | THIN_CONTENT | VALID_BUT_EMPTY | INVALID | PASS | FAIL | STALE | UNTESTED
    detail: str  # one line: why
    severity: Severity | None  # how a non-good subject is annotated; None when it is good
    data: dict[str, Any] = field(default_factory=dict)  # more for the JSON and SARIF reports


@dataclass
class EvidenceRun:
    command: str  # "attest" | "cards"
    result: RunResult
    subjects: list[Subject]
    settings: dict[str, Any] = field(default_factory=dict)

    def subject_dicts(self) -> list[dict[str, Any]]:
        out = []
        for s in self.subjects:
            d: dict[str, Any] = {"path": s.path}
            if s.name:
                d["case_id"] = s.name
            d.update(status=s.status, detail=s.detail, **s.data)
            out.append(d)
        return out


def _label(s: Subject) -> str:
    return f"{s.path} ({s.name})" if s.name else s.path


def render_evidence(fmt: str, run: EvidenceRun, options: ReportOptions | None = None) -> str:
    opts = options or ReportOptions()
    result = run.result
    if fmt == "text":
        body = render_text(result, opts)
        title = "Verdicts:" if run.command == "attest" else "Cards:"
        lines = [title] + [f"  {one_line(_label(s))}: {s.status} — {one_line(s.detail)}" for s in run.subjects]
        return encodable(body + "\n".join(lines) + "\n")
    if fmt == "json":
        data = build_json(result)
        data[run.command] = {**run.settings, ("outputs" if run.command == "attest" else "cards"): run.subject_dicts()}
        return encodable(dumps_outline(data, 2, default=_jsonable) + "\n")
    if fmt == "sarif":
        sarif = build_sarif(result)
        run_obj = sarif["runs"][0]
        run_obj["automationDetails"] = {"id": f"silentlint-{run.command}/"}
        run_obj["properties"] = {**run.settings, ("outputs" if run.command == "attest" else "cards"): run.subject_dicts()}
        return encodable(dumps_outline(sarif, 4, default=str) + "\n")
    if fmt == "github":
        lines = [
            command(COMMAND[s.severity], {"file": s.path, "title": f"silentlint {run.command}"}, f"{_label(s)}: {s.status} — {s.detail}")
            for s in run.subjects if s.severity is not None
        ]
        return encodable("".join(line + "\n" for line in lines) + render_github(result, opts))
    if fmt == "markdown":
        md = render_markdown(result, opts)
        head, _, rest = md.partition("\n")
        assert head == "### silentlint", head
        what = "Output" if run.command == "attest" else "Card"
        table = [f"| {what} | Outcome | Why |", "| --- | --- | --- |"]
        table += [f"| {escape(_label(s))} | {s.status} | {escape(s.detail)} |" for s in run.subjects]
        return encodable("\n".join([f"### silentlint {run.command}", "", *table, rest]))
    raise ValueError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
