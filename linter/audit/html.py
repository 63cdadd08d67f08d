"""The audit report as one self-contained HTML page.

Inline CSS and inline SVG only: no script, no font, no image, no network. The Content-Security-
Policy meta forbids every load, so the page can be opened from a CI artifact or an e-mail without
it reaching out anywhere. Every text from the documents is HTML-escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from linter.audit.report import (
    DOC_COLUMNS,
    GAP_LABELS,
    LEAF_LABELS,
    ORDER_NOTE,
    dedup_note,
    doc_cells,
    headline,
    pct,
    shown_documents,
)
from linter.audit.run import GAP_RULES

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

# The published APIs.guru figures (721,320 parameter leaves), drawn as reference ticks.
PAPER_LEAVES = {"enum": 0.075, "pattern_or_format": 0.066, "numeric_bounds": 0.011, "machine_checkable": 0.152, "no_description": 0.294}
PAPER_GAPS = {"any": 0.401}

_CSS = """
:root{--ink:#0f172a;--muted:#64748b;--line:#e2e8f0;--track:#f1f5f9;--blue:#2563eb;--amber:#d97706;--red:#dc2626;--slate:#94a3b8}
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1120px;margin:0 auto;padding:32px 28px 48px}
h1{font-size:28px;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:18px;margin:0 0 4px}
.sub{color:var(--muted);margin:0 0 24px}
.cards{display:grid;grid-template-columns:repeat(5,1fr);gap:14px;margin-bottom:24px}
.card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:14px 16px}
.card .num{font-size:30px;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.card .lbl{color:var(--muted);font-size:13px;margin-top:4px}
.card.warn .num{color:var(--red)}
.card.good .num{color:var(--blue)}
section{background:#fff;border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin-bottom:20px}
.note{color:var(--muted);font-size:13px;margin:0 0 10px}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:20px}
svg.chart{display:block;width:100%;height:auto}
svg text{font:13px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;fill:var(--ink)}
svg text.val{font-weight:600;font-variant-numeric:tabular-nums}
svg text.axis{fill:var(--muted);font-size:11px}
svg .track{fill:var(--track)}
svg .grid{stroke:var(--line);stroke-width:1}
svg .bar{fill:var(--blue)}
svg .bar.neg{fill:var(--amber)}
svg .bar.gap{fill:var(--red)}
svg .bar.other{fill:var(--slate)}
svg .ref{stroke:var(--ink);stroke-width:2}
.legend{font-size:12px;color:var(--muted);margin-top:6px}
.legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 12px;vertical-align:-1px}
.legend i.tick{width:2px;height:12px;background:var(--ink);border-radius:0}
table{border-collapse:collapse;width:100%;font-size:13px;font-variant-numeric:tabular-nums}
th,td{padding:6px 8px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
th{color:var(--muted);font-weight:600;white-space:normal;vertical-align:bottom}
.tablewrap{overflow-x:auto}
td.path,th.path{text-align:left;white-space:normal;min-width:220px}
td.hot{color:var(--red);font-weight:700}
.meter{display:inline-block;width:60px;height:8px;background:var(--track);border-radius:4px;margin-left:6px;vertical-align:0;overflow:hidden}
.meter b{display:block;height:100%;background:var(--amber)}
footer{color:var(--muted);font-size:13px}
footer li{margin-bottom:4px}
"""


def _num(n: int) -> str:
    return f"{n:,}"


def _headline(t: dict[str, Any]) -> str:
    """:func:`headline` with thousands separators."""
    def n(k: str, one: str, many: str) -> str:
        return f"{_num(t[k])} {one if t[k] == 1 else many}"

    return f"{n('documents', 'document', 'documents')}, {n('operations', 'operation', 'operations')}, {n('leaves', 'input leaf', 'input leaves')}"


def _bars(
    chart_id: str,
    title: str,
    rows: list[tuple[str, float, str, str]],
    refs: dict[int, float] | None = None,
    percent_axis: bool = True,
) -> str:
    """A horizontal bar chart: rows of (label, fraction of the axis 0..1, value text, bar class)."""
    label_w, bar_w, row_h = 300, 520, 34
    top = 22 if percent_axis else 4
    width = label_w + bar_w + 90
    height = top + row_h * len(rows) + 6
    out = [
        f'<svg class="chart" id="{chart_id}" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    if percent_axis:
        for q in (0, 0.25, 0.5, 0.75, 1):
            x = label_w + q * bar_w
            out.append(f'<line class="grid" x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 4}"/>')
            out.append(f'<text class="axis" x="{x:.1f}" y="12" text-anchor="middle">{int(q * 100)}%</text>')
    for i, (label, frac, value, cls) in enumerate(rows):
        y = top + i * row_h
        w = max(0.0, min(1.0, frac)) * bar_w
        out.append(f'<text x="{label_w - 12}" y="{y + 19}" text-anchor="end">{escape(label)}</text>')
        out.append(f'<rect class="track" x="{label_w}" y="{y + 6}" width="{bar_w}" height="18" rx="3"/>')
        out.append(
            f'<rect class="bar {cls}" x="{label_w}" y="{y + 6}" width="{w:.1f}" height="18" rx="3">'
            f"<title>{escape(label)}: {escape(value)}</title></rect>"
        )
        end = w
        if refs and i in refs:
            x = label_w + refs[i] * bar_w
            end = max(w, refs[i] * bar_w + 2)
            out.append(f'<line class="ref" x1="{x:.1f}" y1="{y + 2}" x2="{x:.1f}" y2="{y + 28}"><title>published APIs.guru figure: {refs[i] * 100:.1f}%</title></line>')
        out.append(f'<text class="val" x="{label_w + end + 8:.1f}" y="{y + 20}">{escape(value)}</text>')
    out.append("</svg>")
    return "".join(out)


def render_html(report: dict[str, Any], top: int = 0) -> str:
    t = report["totals"]
    leaves, docs_n = t["leaves"], t["documents"]
    lc = t["leaf_constraints"]
    gaps = t["document_gaps"]

    cards = [
        ("good", pct(lc["machine_checkable"]["leaves"], leaves), "of input leaves have a machine-checkable constraint"),
        ("good", pct(lc["enum"]["leaves"], leaves), "of input leaves declare enum or const"),
        ("", pct(lc["no_description"]["leaves"], leaves), "of input leaves have no description"),
        ("warn", pct(gaps["any"]["documents"], docs_n) if gaps["any"] else "n/a", "of documents carry a prose-only constraint"),
        ("", _num(t["findings_total"]), "findings (same rules as check)"),
    ]
    card_html = "".join(
        f'<div class="card {cls}"><div class="num">{escape(num)}</div><div class="lbl">{escape(lbl)}</div></div>'
        for cls, num, lbl in cards
    )

    leaf_rows, leaf_refs = [], {}
    for i, (key, v) in enumerate(lc.items()):
        frac = v["leaves"] / leaves if leaves else 0.0
        leaf_rows.append((LEAF_LABELS[key], frac, f"{pct(v['leaves'], leaves)} ({_num(v['leaves'])})", "neg" if key == "no_description" else ""))
        if key in PAPER_LEAVES:
            leaf_refs[i] = PAPER_LEAVES[key]
    gap_rows: list[tuple[str, float, str, str]] = []
    gap_refs: dict[int, Any] = {}
    for key, v in gaps.items():
        if v is None:
            continue
        if key in PAPER_GAPS:
            gap_refs[len(gap_rows)] = PAPER_GAPS[key]
        gap_rows.append((GAP_LABELS[key].split(" (")[0], v["documents"] / docs_n if docs_n else 0.0, f"{pct(v['documents'], docs_n)} ({_num(v['documents'])})", "gap"))
    most = max(t["findings"].values(), default=0)
    by_count = sorted(t["findings"].items(), key=lambda rn: (-rn[1], rn[0]))
    rule_rows = [(r, n / most if most else 0.0, _num(n), "gap" if r in GAP_RULES else "other") for r, n in by_count]

    docs = shown_documents(report, top)
    head = '<th class="path">document</th>' + "".join(f"<th>{escape(c)}</th>" for c in DOC_COLUMNS)
    body = []
    for d in docs:
        cells = doc_cells(d)
        share = (d["leaves"] - d["leaf_constraints"]["machine_checkable"]) / d["leaves"] if d["leaves"] else 0.0
        path = "/<wbr>".join(escape(part) for part in d["path"].split("/"))
        tds = [f'<td class="path">{path}</td>']
        tds.append(f'<td class="{"hot" if d["gap_findings"]["total"] else ""}">{_num(d["gap_findings"]["total"])}</td>')
        tds += [f"<td>{_num(d[k])}</td>" for k in ("operations", "leaves")]
        tds.append(f'<td>{cells[3]}<span class="meter"><b style="width:{share * 100:.1f}%"></b></span></td>')
        tds += [f"<td>{c}</td>" for c in cells[4:]]
        body.append("<tr>" + "".join(tds) + "</tr>")
    shown = f"top {len(docs)} of {len(report['documents'])}" if len(docs) < len(report["documents"]) else f"all {len(docs)}"
    note = dedup_note(report) and (
        f"de-duplicated from {_num(t['operations_before_dedup'])} operations and {_num(t['leaves_before_dedup'])} leaves"
    )
    problems = "".join(f"<li>{escape(p['path'])}: {escape(p['message'])}</li>" for p in report["problems"])

    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>silentlint audit — {escape(headline(report))}</title>
<style>{_CSS}</style>
</head>
<body>
<main>
<h1>API constraint audit</h1>
<p class="sub" id="headline">silentlint {escape(report['version'])} · <b>{escape(_headline(t))}</b> · depth {report['depth']}{escape(' · ' + note) if note else ''}</p>
<div class="cards">{card_html}</div>
<section>
<h2>Constraint forms per input leaf</h2>
<p class="note">Share of the {_num(leaves)} input leaves (parameters and first-level body properties, counted per operation) whose schema declares each form.</p>
{_bars("chart-constraints", "Constraint forms per input leaf", leaf_rows, leaf_refs)}
<div class="legend"><i class="tick"></i>published APIs.guru figure (721,320 leaves)</div>
</section>
<section>
<h2>Documents with a prose-only constraint</h2>
<p class="note">Share of the {_num(docs_n)} documents with at least one finding of the gap's rules.</p>
{_bars("chart-gaps", "Documents with a prose-only constraint", gap_rows, gap_refs)}
<div class="legend"><i class="tick"></i>published APIs.guru figure (40.1% of documents)</div>
</section>
<section>
<h2>Findings per rule</h2>
<p class="note">What <code>silentlint check</code> reports with the same configuration: {_num(t['findings_total'])} findings. Red: the gap rules.</p>
{_bars("chart-rules", "Findings per rule", rule_rows, percent_axis=False)}
</section>
<section>
<h2>Documents, worst first</h2>
<p class="note">{escape(shown)}; order: {escape(ORDER_NOTE)}. Shares are of each document's leaves.</p>
<div class="tablewrap"><table id="documents"><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>
</section>
{f'<section><h2>Not audited</h2><ul id="problems">{problems}</ul></section>' if problems else ''}
<footer>
<ul>
<li>Operation: a (path, method) pair of an OpenAPI document, or a tool; de-duplicated across documents by (info.x-providerName or file, method, path).</li>
<li>Leaf: each parameter (path-item parameters count for every operation that does not override them) and each first-level request-body property (through allOf), counted per operation.</li>
<li>Machine-checkable: enum/const, pattern/format, numeric bounds or length bounds on the resolved schema, its allOf members or its array items.</li>
</ul>
</footer>
</main>
</body>
</html>
"""
