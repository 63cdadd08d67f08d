"""The probe's own report beside the findings: the table by constraint form (machine-checkable
vs prose-only: honest / normalised / silent / inert / excluded / not judged, counted per
perturbation, as the study's figure counts them), each parameter's verdicts, and what was not
probed and why."""

from __future__ import annotations

from typing import Any

from linter.live.probe.run import ProbeReport
from linter.live.probe.targets import MACHINE, PROSE
from linter.live.probe.verdicts import SILENT, Outcome, TargetResult

COLUMNS = ("honest", "normalised", "silent", "inert", "excluded", "not judged")
_COLUMN = {
    "honest": "honest", "normalised": "normalised",
    **{v: "silent" for v in SILENT},
    "inert": "inert", "excluded": "excluded",
    "unsuitable-base": "not judged", "drifting": "not judged", "failed": "not judged",
    "throttled": "not judged", "server-error": "not judged",
}


def _outcome(o: Outcome) -> str:
    if o.verdict == "honest":
        return "honest" if o.actionable else "honest, unactionable"
    return o.verdict


def verdict_line(t: TargetResult) -> str:
    c = t.constraint
    head = f"{t.label} [{t.form} {c.get('kind', '')}, A={t.valid!r}]"
    if t.control is not None:
        return f"{head}: {t.control}: {t.reason}"
    if not t.outcomes:
        return f"{head}: no perturbation to send"
    return f"{head}: " + ", ".join(f"{o.variant} {o.value!r} → {_outcome(o)}" for o in t.outcomes)


def table(report: ProbeReport) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for form in (MACHINE, PROSE):
        rows[form] = {"parameters": 0, "perturbations": 0, **{c: 0 for c in COLUMNS}, **{v: 0 for v in SILENT}}
    for t in report.results:
        row = rows.setdefault(t.form, {"parameters": 0, "perturbations": 0, **{c: 0 for c in COLUMNS}, **{v: 0 for v in SILENT}})
        row["parameters"] += 1
        for v in t.verdicts():
            row["perturbations"] += 1
            row[_COLUMN[v]] += 1
            if v in SILENT:
                row[v] += 1
    return rows


def as_json(report: ProbeReport) -> dict[str, Any]:
    return {
        "run": report.run_id,
        "spec": report.spec,
        "spec_sha256": report.spec_sha256,
        "base_url": report.base_url,
        "log": report.log,
        "replayed": report.replayed,
        "calls": report.calls,
        "stopped": report.stopped,
        "summary": table(report),
        "parameters": [
            {
                "operation": t.operation, "in": t.where, "name": t.name, "form": t.form,
                "constraint": dict(t.constraint), "valid": t.valid, "control": t.control, "reason": t.reason or None,
                "perturbations": [
                    {"variant": o.variant, "value": o.value, "verdict": o.verdict,
                     **({"actionable": o.actionable} if o.verdict == "honest" else {})}
                    for o in t.outcomes
                ],
            }
            for t in report.results
        ],
        "skipped": [{"what": w, "why": y} for w, y in report.skipped],
        "refused": [{"operation": w, "why": y} for w, y in report.refused],
    }


def _grid(header: list[str], body: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    fmt = lambda r: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    return [fmt(header), *(fmt(r) for r in body)]


def render_text(report: ProbeReport) -> str:
    rows = table(report)
    what = "replayed from " + report.log if report.replayed else f"{report.calls} calls to {report.base_url}"
    out = [f"probe run {report.run_id} ({what})"]
    header = ["constraint form", "parameters", "perturbations", *COLUMNS]
    body = [[form, str(r["parameters"]), str(r["perturbations"]), *(str(r[c]) for c in COLUMNS)] for form, r in rows.items()]
    out += _grid(header, body)
    for form, r in rows.items():
        if r["silent"]:
            out.append(f"silent, {form}: " + ", ".join(f"{r[v]} {v}" for v in SILENT))
    out += [verdict_line(t) for t in report.results]
    out += [f"not probed: {w}: {y}" for w, y in report.refused]
    out += [f"not probed: {w}: {y}" for w, y in report.skipped]
    if report.stopped:
        out.append(f"stopped: {report.stopped}")
    return "\n".join(out) + "\n"


def render_markdown(report: ProbeReport) -> str:
    from linter.report.markdown import escape

    rows = table(report)
    out = ["#### Probe", "", f"Run `{escape(report.run_id)}`: {report.calls} calls"
           + (f", replayed from {escape(report.log)}" if report.replayed else f" to {escape(report.base_url)}") + ".", ""]
    out.append("| Constraint form | Parameters | Perturbations | " + " | ".join(c.capitalize() for c in COLUMNS) + " |")
    out.append("| --- | ---: | ---: | " + " | ".join("---:" for _ in COLUMNS) + " |")
    for form, r in rows.items():
        out.append(f"| {form} | {r['parameters']} | {r['perturbations']} | " + " | ".join(str(r[c]) for c in COLUMNS) + " |")
    out.append("")
    if report.results:
        out += ["| Parameter | Form | Verdicts |", "| --- | --- | --- |"]
        for t in report.results:
            said = f"{t.control}: {t.reason}" if t.control else ", ".join(f"{o.variant} → {_outcome(o)}" for o in t.outcomes)
            out.append(f"| {escape(t.label)} | {t.form} | {escape(said)} |")
        out.append("")
    for w, y in [*report.refused, *report.skipped]:
        out.append(f"- not probed: {escape(w)}: {escape(y)}")
    if report.stopped:
        out.append(f"- stopped: {escape(report.stopped)}")
    return "\n".join(out) + "\n"
