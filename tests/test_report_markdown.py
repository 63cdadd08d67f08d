"""The markdown step summary: exact output, escaping of spec text, the 200-row cap."""

from __future__ import annotations

from test_report_common import (
    PARAM,
    RULES,
    Location,
    Region,
    RunResult,
    Source,
    clean_run,
    make_finding,
    sample_run,
    yaml_source,
)

from snapshots import matches_snapshot

from linter.report import ReportOptions, render
from linter.report.markdown import escape


def test_sample_exactly() -> None:
    matches_snapshot("sample.markdown.md", render("markdown", sample_run(), ReportOptions()))


def test_clean_run() -> None:
    assert render("markdown", clean_run(), ReportOptions()) == (
        "### silentlint\n\nNo findings. 2 files checked.\n"
    )


def test_spec_text_renders_literally() -> None:
    assert escape("a | b") == "a \\| b"
    assert escape("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)&gt;"
    assert escape("**bold** _it_ `code` [link](http://e) ![i](x) ~~s~~ $x$ \\") == (
        "\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\[link\\](http://e) \\!\\[i\\](x) "
        "\\~\\~s\\~\\~ \\$x\\$ \\\\"
    )
    assert escape("&lt;b&gt; &amp;") == "&amp;lt;b&amp;gt; &amp;amp;"
    assert escape("line1\n| --- |\r\nline2") == "line1 \\| --- \\| line2"


def test_hostile_message_and_path_stay_inside_their_cell() -> None:
    src = Source("/r/x", "a|b<i>.yaml", "a: 1\n", {"a": 1}, "yaml")
    message = "x</td><script>alert(1)</script>\n\n### Fake heading\n| injected | row |"
    finding = make_finding("prose-enum", "error", message, Location(src, ("a",), region=Region(1, 1, 1, 2)))
    out = render("markdown", RunResult(findings=[finding], rules=RULES, files=["a"]), ReportOptions())
    row = out.splitlines()[10]
    assert row == (
        "| a\\|b&lt;i&gt;.yaml:1 | prose-enum | x&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt; "
        "### Fake heading \\| injected \\| row \\| |"
    )
    assert "<" not in out and "\n### Fake" not in out


def test_findings_table_is_capped_at_200_rows() -> None:
    src = yaml_source()
    loc = Location(src, PARAM, region=Region(9, 11, 9, 15))
    findings = [make_finding("prose-enum", "warning", f"m{i}", loc) for i in range(205)]
    out = render("markdown", RunResult(findings=findings, rules=RULES, files=["api.yaml"]), ReportOptions())
    rows = [ln for ln in out.splitlines() if ln.startswith("| api.yaml:9 |")]
    assert len(rows) == 200 and rows[-1].endswith("| m199 |")
    assert "| prose-enum | warning | 205 |" in out
    assert out.endswith(
        "\n… and 5 more (see the SARIF report or `silentlint check --format text`).\n"
    )
