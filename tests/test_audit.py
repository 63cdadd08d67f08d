"""``silentlint audit``: exact figures in every format, de-duplication, depth, jobs, CLI errors.

The fixtures under tests/audit/ were counted by hand (see the comments in each test). The
per-rule counts are the findings ``silentlint check`` reports on the same files.
"""

from __future__ import annotations

import json
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from clirun import run_cli
from linter import __version__
from linter.audit.count import count_document
from linter.catalog import load_catalog
from linter.engine import load_document

HERE = Path(__file__).parent
REPO = HERE.parent
AUDIT = HERE / "audit"


def cli(args: list[str], cwd: Path = AUDIT) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd)


def audit_json(*args: str) -> dict[str, Any]:
    r = cli(["audit", *args, "--format", "json"])
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    return json.loads(r.stdout)


# --- the hand count of tests/audit/estate, depth 1 -------------------------------------------
#
# pets-v2.yaml (Swagger 2.0), 3 operations, 11 leaves
#   GET /pets    limit (path-level $ref, described)  status (prose list)  tags (array, items enum)
#   POST /pets   limit (own, overrides: minimum, no description)  + body NewPet: name, born,
#                weight, nickname (no description)
#   POST /pets/{id}/photo  id (pattern)  file (formData)  caption (formData, maxLength, no description)
#   enum 1 (tags) · pattern/format 1 (id) · numeric 1 (limit) · length 1 (caption) ·
#   machine-checkable 4 · no description 3 (limit, nickname, caption)
# shop-v3.yaml (OpenAPI 3.0, x-providerName shop.example), 5 operations, 14 leaves
#   GET /orders        page (minimum)  region (own, overrides the path-level one: enum)  placed (format)
#   POST /orders       page (minimum)  Region (path-level, "for example eu")  + allOf body: sku,
#                      currency (from the $ref'd OrderBase), quantity, shipping (an object: 1 leaf)
#   GET /orders/{id}   id (schema $ref Id: pattern; described by the schema)
#   PUT /orders/{id}   id + JSON body (XML ignored): note (maxLength)
#   POST /uploads      dryRun (no description) + text/csv body: rows
#   enum 1 · pattern/format 3 · numeric 2 · length 1 · machine-checkable 7 · no description 1
# events-v31.json (OpenAPI 3.1), 3 operations, 7 leaves
#   GET /events     kind (oneOf of consts: enum)  level (exclusiveMinimum, no description)
#                   X-Trace (content schema const, no description)  since (described by its schema)
#   POST /events    title (description beside $ref, maxLength)  at (format, no description)
#   DELETE /events/{id}  id
#   enum 2 · pattern/format 1 · numeric 1 · length 1 · machine-checkable 5 · no description 3
# tools.json (MCP), 2 tools, 4 leaves
#   search_tickets  status  limit (minimum/maximum)  filter ($ref to $defs, an object: 1 leaf)
#   close_ticket    id (pattern, no description)
#   pattern/format 1 · numeric 1 · machine-checkable 2 · no description 1
# total: 4 documents, 13 operations, 36 leaves: enum 4, pattern/format 6, numeric 5, length 3,
# machine-checkable 18, no description 8.
#
# findings (what `check estate` reports): prose-enum 3 (pets status, shop currency, tools status),
# example-only-vocabulary 1 (shop Region), prose-format 2 (pets born, events since),
# prose-bounds 2 (pets weight, shop quantity), public-standard-vocabulary 1 (shop country),
# missing-output-schema 1 (tools: search_tickets says nothing of no results), unused-suppression 1
# (tools); no missing-error-response (MCP tools report failure through isError).
# Gap documents: vocabulary 3 (pets, shop, tools), format 2 (pets, events), bounds 2 (pets,
# shop), any 4. Worst first: pets and shop have 3 gap findings (pets 7/11 unconstrained before
# shop 7/14), then tools and events 1 each (tools 2/4 before events 2/7).

RULES = {
    "ambiguous-read-write": 0,
    "duplicate-key": 0,
    "example-only-vocabulary": 1,
    "free-text-command": 0,
    "missing-error-response": 0,
    "missing-output-schema": 1,
    "missing-tool-annotations": 0,
    "overlapping-tools": 0,
    "placeholder-example": 0,
    "prose-bounds": 2,
    "prose-enum": 3,
    "prose-format": 2,
    "public-standard-vocabulary": 1,
    "required-with-default": 0,
    "undocumented-status-values": 0,
    "unresolved-ref": 0,
    "unused-suppression": 1,
    "yaml-coerced-value": 0,
}

EXPECTED_JSON: dict[str, Any] = {
    "schema_version": 1,
    "tool": "silentlint",
    "version": __version__,
    "depth": 1,
    "totals": {
        "documents": 4,
        "operations": 13,
        "leaves": 36,
        "operations_before_dedup": 13,
        "leaves_before_dedup": 36,
        "leaf_constraints": {
            "enum": {"leaves": 4, "share": 0.1111},
            "pattern_or_format": {"leaves": 6, "share": 0.1667},
            "numeric_bounds": {"leaves": 5, "share": 0.1389},
            "length_bounds": {"leaves": 3, "share": 0.0833},
            "machine_checkable": {"leaves": 18, "share": 0.5},
            "no_description": {"leaves": 8, "share": 0.2222},
        },
        "document_gaps": {
            "vocabulary": {"documents": 3, "share": 0.75},
            "format": {"documents": 2, "share": 0.5},
            "bounds": {"documents": 2, "share": 0.5},
            "any": {"documents": 4, "share": 1.0},
        },
        "findings": RULES,
        "findings_total": 11,
    },
    "documents": [
        {
            "path": "estate/pets-v2.yaml",
            "format": "openapi-2.0",
            "provider": None,
            "operations": 3,
            "leaves": 11,
            "leaf_constraints": {"enum": 1, "pattern_or_format": 1, "numeric_bounds": 1, "length_bounds": 1, "machine_checkable": 4, "no_description": 3},
            "unconstrained_share": 0.6364,
            "gap_findings": {"vocabulary": 1, "format": 1, "bounds": 1, "total": 3},
            "findings": {"prose-bounds": 1, "prose-enum": 1, "prose-format": 1},
        },
        {
            "path": "estate/shop-v3.yaml",
            "format": "openapi-3.0",
            "provider": "shop.example",
            "operations": 5,
            "leaves": 14,
            "leaf_constraints": {"enum": 1, "pattern_or_format": 3, "numeric_bounds": 2, "length_bounds": 1, "machine_checkable": 7, "no_description": 1},
            "unconstrained_share": 0.5,
            "gap_findings": {"vocabulary": 2, "format": 0, "bounds": 1, "total": 3},
            "findings": {"example-only-vocabulary": 1, "prose-bounds": 1, "prose-enum": 1, "public-standard-vocabulary": 1},
        },
        {
            "path": "estate/tools.json",
            "format": "mcp",
            "provider": None,
            "operations": 2,
            "leaves": 4,
            "leaf_constraints": {"enum": 0, "pattern_or_format": 1, "numeric_bounds": 1, "length_bounds": 0, "machine_checkable": 2, "no_description": 1},
            "unconstrained_share": 0.5,
            "gap_findings": {"vocabulary": 1, "format": 0, "bounds": 0, "total": 1},
            "findings": {"missing-output-schema": 1, "prose-enum": 1, "unused-suppression": 1},
        },
        {
            "path": "estate/events-v31.json",
            "format": "openapi-3.1",
            "provider": None,
            "operations": 3,
            "leaves": 7,
            "leaf_constraints": {"enum": 2, "pattern_or_format": 1, "numeric_bounds": 1, "length_bounds": 1, "machine_checkable": 5, "no_description": 3},
            "unconstrained_share": 0.2857,
            "gap_findings": {"vocabulary": 0, "format": 1, "bounds": 0, "total": 1},
            "findings": {"prose-format": 1},
        },
    ],
    "problems": [],
}

EXPECTED_TEXT = """\
silentlint audit: 4 documents, 13 operations, 36 input leaves (depth 1)

Input leaves with                 leaves  share
enum or const                          4  11.1%
pattern or format                      6  16.7%
numeric bounds                         5  13.9%
length bounds                          3   8.3%
any machine-checkable constraint      18  50.0%
no description                         8  22.2%

Documents with a prose-only constraint                documents   share
vocabulary gap (prose-enum, example-only-vocabulary)          3   75.0%
format gap (prose-format)                                     2   50.0%
bounds gap (prose-bounds)                                     2   50.0%
any of the three                                              4  100.0%

Findings per rule           findings
ambiguous-read-write               0
duplicate-key                      0
example-only-vocabulary            1
free-text-command                  0
missing-error-response             0
missing-output-schema              1
missing-tool-annotations           0
overlapping-tools                  0
placeholder-example                0
prose-bounds                       2
prose-enum                         3
prose-format                       2
public-standard-vocabulary         1
required-with-default              0
undocumented-status-values         0
unresolved-ref                     0
unused-suppression                 1
yaml-coerced-value                 0
total                             11

Documents, worst first: most gap findings first, then the highest share of leaves without a machine-checkable constraint, then most leaves, then path
  gap findings  operations  leaves  no constraint   enum  pattern/format  numeric  length  no description  path
             3           3      11          63.6%   9.1%            9.1%     9.1%    9.1%           27.3%  estate/pets-v2.yaml
             3           5      14          50.0%   7.1%           21.4%    14.3%    7.1%            7.1%  estate/shop-v3.yaml
             1           2       4          50.0%   0.0%           25.0%    25.0%    0.0%           25.0%  estate/tools.json
             1           3       7          28.6%  28.6%           14.3%    14.3%   14.3%           42.9%  estate/events-v31.json
"""

EXPECTED_MARKDOWN = """\
# silentlint audit

**4 documents, 13 operations, 36 input leaves** (depth 1)

## Input leaves

| constraint | leaves | share |
|---|---:|---:|
| enum or const | 4 | 11.1% |
| pattern or format | 6 | 16.7% |
| numeric bounds | 5 | 13.9% |
| length bounds | 3 | 8.3% |
| any machine-checkable constraint | 18 | 50.0% |
| no description | 8 | 22.2% |

## Documents with a prose-only constraint

| gap | documents | share |
|---|---:|---:|
| vocabulary gap (prose-enum, example-only-vocabulary) | 3 | 75.0% |
| format gap (prose-format) | 2 | 50.0% |
| bounds gap (prose-bounds) | 2 | 50.0% |
| any of the three | 4 | 100.0% |

## Findings per rule

| rule | findings |
|---|---:|
| `ambiguous-read-write` | 0 |
| `duplicate-key` | 0 |
| `example-only-vocabulary` | 1 |
| `free-text-command` | 0 |
| `missing-error-response` | 0 |
| `missing-output-schema` | 1 |
| `missing-tool-annotations` | 0 |
| `overlapping-tools` | 0 |
| `placeholder-example` | 0 |
| `prose-bounds` | 2 |
| `prose-enum` | 3 |
| `prose-format` | 2 |
| `public-standard-vocabulary` | 1 |
| `required-with-default` | 0 |
| `undocumented-status-values` | 0 |
| `unresolved-ref` | 0 |
| `unused-suppression` | 1 |
| `yaml-coerced-value` | 0 |
| **total** | **11** |

## Documents, worst first (top 3 of 4)

Order: most gap findings first, then the highest share of leaves without a machine-checkable constraint, then most leaves, then path.

| document | gap findings | operations | leaves | no constraint | enum | pattern/format | numeric | length | no description |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
| estate/pets-v2.yaml | 3 | 3 | 11 | 63.6% | 9.1% | 9.1% | 9.1% | 9.1% | 27.3% |
| estate/shop-v3.yaml | 3 | 5 | 14 | 50.0% | 7.1% | 21.4% | 14.3% | 7.1% | 7.1% |
| estate/tools.json | 1 | 2 | 4 | 50.0% | 0.0% | 25.0% | 25.0% | 0.0% | 25.0% |
"""


def test_json_exact() -> None:
    assert audit_json("estate") == EXPECTED_JSON


def test_rule_counts_are_what_check_reports() -> None:
    r = cli(["check", "estate", "--format", "json"])
    assert r.returncode == 1
    counts = dict.fromkeys(RULES, 0)
    for f in json.loads(r.stdout)["findings"]:
        counts[f["rule"]] += 1
    assert counts == RULES


def test_text_exact() -> None:
    r = cli(["audit", "estate"])
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == EXPECTED_TEXT


def test_markdown_exact_with_top() -> None:
    r = cli(["audit", "estate", "--format", "markdown", "--top", "3"])
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == EXPECTED_MARKDOWN


class _Dom(HTMLParser):
    """Just enough of the page: text by element id, SVG bars per chart, table rows, metas."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.text: dict[str, str] = {}
        self.bars: dict[str, list[str]] = {}
        self.rows: list[list[str]] = []
        self.metas: list[dict[str, str]] = []
        self.tags: set[str] = set()
        self.cards: list[str] = []
        self._chart: str | None = None
        self._title: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.add(tag)
        if tag == "meta":
            self.metas.append(a)
            return
        if tag in ("link", "wbr"):
            return
        self.stack.append((tag, a))
        if tag == "td":
            self.rows[-1].append("")
        if tag == "svg":
            self._chart = a["id"]
            self.bars[self._chart] = []
        if tag == "rect" and "bar" in a.get("class", "").split():
            self._title = []
        if tag == "tr" and any(t == "tbody" for t, _ in self.stack):
            self.rows.append([])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.add(tag)
        if tag == "meta":
            self.metas.append(a)
        elif tag == "rect" and "bar" in a.get("class", "").split() and self._chart:
            self.bars[self._chart].append("")

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            t, a = self.stack.pop()
            if t == "rect" and self._title is not None and self._chart:
                self.bars[self._chart].append("".join(self._title))
                self._title = None
            if t == "svg":
                self._chart = None
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        for t, a in self.stack:
            if "id" in a:
                self.text[a["id"]] = self.text.get(a["id"], "") + data
        if self._title is not None and self.stack and self.stack[-1][0] == "title":
            self._title.append(data)
        if any(t == "td" for t, _ in self.stack):
            self.rows[-1][-1] += data
        if self.stack and self.stack[-1][0] == "div" and self.stack[-1][1].get("class") == "num":
            self.cards.append(data)


def _parse(html: str) -> _Dom:
    dom = _Dom()
    dom.feed(html)
    return dom


CONSTRAINT_BARS = [
    "enum or const: 11.1% (4)",
    "pattern or format: 16.7% (6)",
    "numeric bounds: 13.9% (5)",
    "length bounds: 8.3% (3)",
    "any machine-checkable constraint: 50.0% (18)",
    "no description: 22.2% (8)",
]
GAP_BARS = ["vocabulary gap: 75.0% (3)", "format gap: 50.0% (2)", "bounds gap: 50.0% (2)", "any of the three: 100.0% (4)"]
# most findings first, ties by rule id
RULE_BARS = [
    "prose-enum: 3", "prose-bounds: 2", "prose-format: 2", "example-only-vocabulary: 1",
    "missing-output-schema: 1", "public-standard-vocabulary: 1", "unused-suppression: 1", "ambiguous-read-write: 0",
    "duplicate-key: 0", "free-text-command: 0", "missing-error-response: 0", "missing-tool-annotations: 0",
    "overlapping-tools: 0", "placeholder-example: 0",
    "required-with-default: 0", "undocumented-status-values: 0", "unresolved-ref: 0", "yaml-coerced-value: 0",
]
DOC_ROWS = [
    ["estate/pets-v2.yaml", "3", "3", "11", "63.6%", "9.1%", "9.1%", "9.1%", "9.1%", "27.3%"],
    ["estate/shop-v3.yaml", "3", "5", "14", "50.0%", "7.1%", "21.4%", "14.3%", "7.1%", "7.1%"],
    ["estate/tools.json", "1", "2", "4", "50.0%", "0.0%", "25.0%", "25.0%", "0.0%", "25.0%"],
    ["estate/events-v31.json", "1", "3", "7", "28.6%", "28.6%", "14.3%", "14.3%", "14.3%", "42.9%"],
]


def _check_html(html: str) -> None:
    dom = _parse(html)
    csp = [m["content"] for m in dom.metas if m.get("http-equiv") == "Content-Security-Policy"]
    assert csp == ["default-src 'none'; style-src 'unsafe-inline'; img-src data:"]
    assert "script" not in dom.tags and "img" not in dom.tags and "iframe" not in dom.tags
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in html
    assert dom.text["headline"] == f"silentlint {__version__} · 4 documents, 13 operations, 36 input leaves · depth 1"
    assert dom.cards == ["50.0%", "11.1%", "22.2%", "100.0%", "11"]
    assert dom.bars == {"chart-constraints": CONSTRAINT_BARS, "chart-gaps": GAP_BARS, "chart-rules": RULE_BARS}
    assert dom.rows == DOC_ROWS


def test_html_figures_in_place(tmp_path: Path) -> None:
    out = tmp_path / "audit.html"
    r = cli(["audit", "estate", "--format", "html", "--output", str(out)])
    assert (r.returncode, r.stdout, r.stderr) == (0, "", "")
    _check_html(out.read_text(encoding="utf-8"))


def test_several_outputs_and_stdout(tmp_path: Path) -> None:
    r = cli(["audit", "estate", "--output", f"json={tmp_path / 'a.json'}", "--output", f"html={tmp_path / 'a.html'}", "--output", f"markdown={tmp_path / 'a.md'}"])
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == EXPECTED_TEXT  # FORMAT=FILE outputs come in addition to stdout
    assert json.loads((tmp_path / "a.json").read_text()) == EXPECTED_JSON
    _check_html((tmp_path / "a.html").read_text(encoding="utf-8"))
    assert (tmp_path / "a.md").read_text() == EXPECTED_MARKDOWN.replace(" (top 3 of 4)", "") + (
        "| estate/events-v31.json | 1 | 3 | 7 | 28.6% | 28.6% | 14.3% | 14.3% | 14.3% | 42.9% |\n"
    )


def test_jobs_do_not_change_the_report() -> None:
    assert audit_json("estate", "--jobs", "2") == audit_json("estate", "--jobs", "1") == EXPECTED_JSON


def test_depth_2_expands_nested_objects() -> None:
    # shop: shipping (1 leaf) becomes country (minLength/maxLength, described) + zip (no
    # description); tools: filter becomes team (enum, no description). Others have no nesting.
    d = audit_json("estate", "--depth", "2")
    t = d["totals"]
    assert d["depth"] == 2
    assert (t["operations"], t["leaves"]) == (13, 37)
    assert {k: v["leaves"] for k, v in t["leaf_constraints"].items()} == {
        "enum": 5, "pattern_or_format": 6, "numeric_bounds": 5, "length_bounds": 4, "machine_checkable": 20, "no_description": 10,
    }
    docs = {x["path"]: (x["leaves"], x["leaf_constraints"]) for x in d["documents"]}
    assert docs["estate/shop-v3.yaml"] == (
        15, {"enum": 1, "pattern_or_format": 3, "numeric_bounds": 2, "length_bounds": 2, "machine_checkable": 8, "no_description": 2}
    )
    assert docs["estate/tools.json"] == (
        4, {"enum": 1, "pattern_or_format": 1, "numeric_bounds": 1, "length_bounds": 0, "machine_checkable": 3, "no_description": 2}
    )
    assert docs["estate/pets-v2.yaml"] == (11, EXPECTED_JSON["documents"][0]["leaf_constraints"])


def test_dedup_by_provider_first_document_wins() -> None:
    # a-v1: GET /a (q: enum, described), GET /b (r: no description); b-v2 (same provider):
    # GET /a (q, s: counted with a-v1's GET /a instead), POST /c (no leaves).
    d = audit_json("dedup")
    t = d["totals"]
    assert (t["documents"], t["operations"], t["leaves"], t["operations_before_dedup"], t["leaves_before_dedup"]) == (2, 3, 2, 4, 4)
    assert {k: v for k, v in t["leaf_constraints"].items()} == {
        "enum": {"leaves": 1, "share": 0.5},
        "pattern_or_format": {"leaves": 0, "share": 0.0},
        "numeric_bounds": {"leaves": 0, "share": 0.0},
        "length_bounds": {"leaves": 0, "share": 0.0},
        "machine_checkable": {"leaves": 1, "share": 0.5},
        "no_description": {"leaves": 1, "share": 0.5},
    }
    assert [(x["path"], x["provider"], x["operations"], x["leaves"]) for x in d["documents"]] == [
        ("dedup/b-v2.yaml", "dup.example", 2, 2),  # 2/2 unconstrained
        ("dedup/a-v1.yaml", "dup.example", 2, 2),  # 1/2 unconstrained
    ]
    r = cli(["audit", "dedup"])
    assert r.stdout.splitlines()[:2] == [
        "silentlint audit: 2 documents, 3 operations, 2 input leaves (depth 1)",
        "  de-duplicated from 4 operations and 4 leaves",
    ]


def test_recursive_schema_broken_ref_and_partial_const() -> None:
    # mode (oneOf not all const: no enum) + Node's name (blank description), children, parent;
    # the broken parameter $ref is no leaf. Depth N: Node(1) = 3, Node(n) = 1 + 2·Node(n-1).
    path = AUDIT / "edge" / "recursive.yaml"
    for depth, leaves in ((1, 4), (3, 16), (10, 2048)):
        doc = load_document(str(path))
        assert doc is not None
        got = count_document(doc, depth)
        assert [(o.key, o.counts) for o in got.operations] == [
            ((doc.source.display_path, "POST", "/nodes"), (leaves, 0, 0, 0, 0, 0, leaves))
        ]


def test_select_and_ignore_shape_the_rule_counts_and_gaps() -> None:
    d = audit_json("estate", "--ignore", "prose-enum,hygiene")
    t = d["totals"]
    assert list(t["findings"]) == [r for r in RULES if r not in (
        "prose-enum", "placeholder-example", "required-with-default", "unresolved-ref", "unused-suppression",
        "duplicate-key", "yaml-coerced-value")]
    assert t["findings_total"] == 7  # 11 less 3 prose-enum, less 1 unused-suppression
    assert t["document_gaps"]["vocabulary"] == {"documents": 1, "share": 0.25}  # shop's example-only-vocabulary
    d = audit_json("estate", "--select", "status")
    # a family selects every rule of it (the catalog's), whatever the config's list
    findings = d["totals"]["findings"]
    assert set(findings) == {rid for rid, rule in load_catalog().items() if rule.family == "status"}
    status_rules = ("missing-error-response", "missing-output-schema", "undocumented-status-values")
    assert {rid: findings[rid] for rid in status_rules} == {
        "missing-error-response": 0, "missing-output-schema": 1, "undocumented-status-values": 0
    }
    assert d["totals"]["document_gaps"] == {"vocabulary": None, "format": None, "bounds": None, "any": None}
    assert d["totals"]["leaves"] == 36  # the counting does not depend on the rules
    r = cli(["audit", "estate", "--select", "status"])
    assert "vocabulary gap (prose-enum, example-only-vocabulary)          -  n/a (rules not enabled)" in r.stdout


def test_unreadable_input_exits_3_and_audits_the_rest(tmp_path: Path) -> None:
    r = cli(["audit", "estate/tools.json", "nowhere.yaml", "--format", "json"])
    assert r.returncode == 3
    assert r.stderr == "silentlint: nowhere.yaml: no such file or directory\n"
    d = json.loads(r.stdout)
    assert d["problems"] == [{"path": "nowhere.yaml", "message": "no such file or directory", "kind": "unreadable"}]
    assert (d["totals"]["documents"], d["totals"]["leaves"]) == (1, 4)
    r = cli(["audit", "nowhere.yaml"])
    assert r.returncode == 3
    assert r.stdout.endswith("Not audited\n  nowhere.yaml: no such file or directory\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "sarif"], "silentlint: error: --format: unknown format 'sarif' (choose from text, markdown, json, html)\n"),
        (["--depth", "0"], "silentlint: error: --depth takes a whole number 1 to 10, got '0'\n"),
        (["--depth", "two"], "silentlint: error: --depth takes a whole number 1 to 10, got 'two'\n"),
        (["--depth", "11"], "silentlint: error: --depth takes a whole number 1 to 10, got '11'\n"),
        (["--top", "-1"], "silentlint: error: --top takes a whole number 0 or more, got '-1'\n"),
        (["--output", "sarif=x.sarif"], "silentlint: error: --output: audit cannot write 'sarif' (choose from text, markdown, json, html)\n"),
        (["--select", "nope"], "silentlint: error: unknown rule or family 'nope' (see `silentlint rules`)\n"),
    ],
)
def test_usage_errors_one_line_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    r = cli(["audit", "estate", *args], cwd=AUDIT)
    assert (r.returncode, r.stdout, r.stderr) == (2, "", message)
    assert not (AUDIT / "x.sarif").exists()


def test_unwritable_output_exit_2_no_partial_file(tmp_path: Path) -> None:
    target = tmp_path / "missing-dir" / "a.json"
    r = cli(["audit", "estate", "--output", f"json={target}"])
    assert r.returncode == 2
    assert r.stderr.startswith(f"silentlint: error: --output {target}: cannot write: ")
    assert r.stderr == f"silentlint: error: --output {target}: cannot write: no such directory {target.parent}\n"
    assert not target.parent.exists()


def test_help_documents_the_counting() -> None:
    r = cli(["audit", "--help"])
    assert r.returncode == 0
    for phrase in (
        "de-duplicated across documents by (info.x-providerName",
        "Leaves are counted\n             per operation",
        "--depth N replaces an object property",
        "public-standard-vocabulary is not a gap",
        "3  some input could not be read or linted",
    ):
        assert phrase in r.stdout


def test_document_paths_are_escaped(tmp_path: Path) -> None:
    hostile = tmp_path / "<i>x|y&.json"
    hostile.write_text((AUDIT / "estate" / "tools.json").read_text(encoding="utf-8"), encoding="utf-8")
    r = cli(["audit", ".", "--format", "html"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "<i>x" not in r.stdout and "&lt;i&gt;x|y&amp;.json" in r.stdout
    assert _parse(r.stdout).rows[0][0] == "<i>x|y&.json"
    r = cli(["audit", ".", "--format", "markdown"], cwd=tmp_path)
    assert "| &lt;i>x\\|y&.json | 1 | 2 | 4 |" in r.stdout


def test_thousands_separators_and_dedup_note_in_html() -> None:
    r = cli(["audit", "dedup", "--format", "html"])
    assert _parse(r.stdout).text["headline"] == (
        f"silentlint {__version__} · 2 documents, 3 operations, 2 input leaves · depth 1 · "
        "de-duplicated from 4 operations and 4 leaves"
    )


def test_an_operation_written_in_another_file_is_counted_as_the_model_sees_it(tmp_path: Path) -> None:
    """The counter walks the operations as the model builder does (one walk): an operation
    object reached through ``$ref`` (DigitalOcean's layout) has its own parameters counted."""
    from linter.audit.count import OpCount, count_document

    (tmp_path / "ops.yaml").write_text(
        "list:\n  parameters:\n    - {name: q, in: query, schema: {type: string, enum: [a, b]}}\n"
        "  responses: {'200': {description: ok}}\n"
    )
    (tmp_path / "api.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      $ref: ops.yaml#/list\n"
    )
    doc = load_document(str(tmp_path / "api.yaml"), str(tmp_path))
    assert doc is not None and [op.label for op in doc.operations] == ["GET /x"]
    assert count_document(doc).operations == (OpCount(("api.yaml", "GET", "/x"), (1, 1, 0, 0, 0, 1, 1)),)
