"""Rendering the audit report dict as text, Markdown or JSON (HTML lives in :mod:`.html`).

Every format renders the same dict (the JSON document), so the figures cannot disagree.
Percentages are computed from the counts, not from the rounded JSON shares.
"""

from __future__ import annotations

import json
from typing import Any

from linter.audit.run import GAP_FAMILIES

LEAF_LABELS = {
    "enum": "enum or const",
    "pattern_or_format": "pattern or format",
    "numeric_bounds": "numeric bounds",
    "length_bounds": "length bounds",
    "machine_checkable": "any machine-checkable constraint",
    "no_description": "no description",
}
GAP_LABELS = {  # "vocabulary gap (prose-enum, example-only-vocabulary)", …: the rules' ids, from their modules
    **{family: f"{family} gap ({', '.join(rules)})" for family, rules in GAP_FAMILIES.items()},
    "any": "any of the three",
}
DOC_COLUMNS = ("gap findings", "operations", "leaves", "no constraint", "enum", "pattern/format", "numeric", "length", "no description")
ORDER_NOTE = "most gap findings first, then the highest share of leaves without a machine-checkable constraint, then most leaves, then path"


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "n/a"


def headline(report: dict[str, Any]) -> str:
    t = report["totals"]
    return (
        f"{t['documents']} document{'s' if t['documents'] != 1 else ''}, {t['operations']} "
        f"operation{'s' if t['operations'] != 1 else ''}, {t['leaves']} input lea{'ves' if t['leaves'] != 1 else 'f'}"
    )


def dedup_note(report: dict[str, Any]) -> str:
    t = report["totals"]
    if (t["operations_before_dedup"], t["leaves_before_dedup"]) == (t["operations"], t["leaves"]):
        return ""
    return f"de-duplicated from {t['operations_before_dedup']} operations and {t['leaves_before_dedup']} leaves"


def doc_cells(row: dict[str, Any]) -> list[str]:
    """The per-document columns of :data:`DOC_COLUMNS`, shares of the document's leaves."""
    leaves, c = row["leaves"], row["leaf_constraints"]
    return [
        str(row["gap_findings"]["total"]),
        str(row["operations"]),
        str(leaves),
        pct(leaves - c["machine_checkable"], leaves),
        pct(c["enum"], leaves),
        pct(c["pattern_or_format"], leaves),
        pct(c["numeric_bounds"], leaves),
        pct(c["length_bounds"], leaves),
        pct(c["no_description"], leaves),
    ]


def leaf_rows(report: dict[str, Any]) -> list[tuple[str, int, str]]:
    t = report["totals"]
    return [(LEAF_LABELS[k], v["leaves"], pct(v["leaves"], t["leaves"])) for k, v in t["leaf_constraints"].items()]


def gap_rows(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    t = report["totals"]
    out = []
    for k, v in t["document_gaps"].items():
        if v is None:
            out.append((GAP_LABELS[k], "-", "n/a (rules not enabled)"))
        else:
            out.append((GAP_LABELS[k], str(v["documents"]), pct(v["documents"], t["documents"])))
    return out


def shown_documents(report: dict[str, Any], top: int) -> list[dict[str, Any]]:
    docs = report["documents"]
    return docs[:top] if top else docs


def _table(rows: list[list[str]], right: set[int], indent: str = "  ") -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)]
        out.append((indent + "  ".join(cells)).rstrip())
    return out


def render_text(report: dict[str, Any], top: int = 0) -> str:
    t = report["totals"]
    lines = [f"silentlint audit: {headline(report)} (depth {report['depth']})"]
    note = dedup_note(report)
    if note:
        lines.append(f"  {note}")
    lines += ["", *_table([["Input leaves with", "leaves", "share"]] + [list(map(str, r)) for r in leaf_rows(report)], {1, 2}, "")]
    lines += ["", *_table([["Documents with a prose-only constraint", "documents", "share"]] + [list(r) for r in gap_rows(report)], {1, 2}, "")]
    rule_rows = [["Findings per rule", "findings"]] + [[r, str(n)] for r, n in t["findings"].items()]
    rule_rows.append(["total", str(t["findings_total"])])
    lines += ["", *_table(rule_rows, {1}, "")]
    docs = shown_documents(report, top)
    if docs:
        title = "Documents, worst first" + (f" (top {len(docs)} of {len(report['documents'])})" if len(docs) < len(report["documents"]) else "")
        lines += ["", f"{title}: {ORDER_NOTE}"]
        lines += _table([[*DOC_COLUMNS, "path"]] + [[*doc_cells(d), d["path"]] for d in docs], set(range(len(DOC_COLUMNS))))
    if report["problems"]:
        lines += ["", "Not audited"] + [f"  {p['path']}: {p['message']}" for p in report["problems"]]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace("\n", " ")


def render_markdown(report: dict[str, Any], top: int = 0) -> str:
    t = report["totals"]
    note = dedup_note(report)
    lines = ["# silentlint audit", "", f"**{headline(report)}** (depth {report['depth']}{'; ' + note if note else ''})", ""]
    lines += ["## Input leaves", "", "| constraint | leaves | share |", "|---|---:|---:|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in leaf_rows(report)]
    lines += ["", "## Documents with a prose-only constraint", "", "| gap | documents | share |", "|---|---:|---:|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in gap_rows(report)]
    lines += ["", "## Findings per rule", "", "| rule | findings |", "|---|---:|"]
    lines += [f"| `{r}` | {n} |" for r, n in t["findings"].items()]
    lines += [f"| **total** | **{t['findings_total']}** |"]
    docs = shown_documents(report, top)
    if docs:
        extra = f" (top {len(docs)} of {len(report['documents'])})" if len(docs) < len(report["documents"]) else ""
        lines += ["", f"## Documents, worst first{extra}", "", f"Order: {ORDER_NOTE}.", ""]
        lines += ["| document | " + " | ".join(DOC_COLUMNS) + " |", "|---|" + "---:|" * len(DOC_COLUMNS)]
        lines += [f"| {_md(d['path'])} | " + " | ".join(doc_cells(d)) + " |" for d in docs]
    if report["problems"]:
        lines += ["", "## Not audited", ""] + [f"- {_md(p['path'])}: {_md(p['message'])}" for p in report["problems"]]
    return "\n".join(lines) + "\n"


def render_json(report: dict[str, Any], top: int = 0) -> str:
    """Always the whole report (``--top`` applies to the human formats only)."""
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def render(fmt: str, report: dict[str, Any], top: int = 0) -> str:
    if fmt == "html":
        from linter.audit.html import render_html

        return render_html(report, top)
    return {"text": render_text, "markdown": render_markdown, "json": render_json}[fmt](report, top)
