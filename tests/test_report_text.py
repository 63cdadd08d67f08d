"""The compact text reporter: exact lines, code frames, colour and hostile spec text."""

from __future__ import annotations

from test_report_common import (
    ANSI,
    GET,
    RULES,
    Location,
    Region,
    RunResult,
    Source,
    clean_run,
    make_finding,
    sample_run,
    unlocated,
    yaml_source,
)

from snapshots import matches_snapshot, snapshot

from linter.report import ReportOptions, render


def test_one_line_per_finding_then_problems_then_summary() -> None:
    matches_snapshot("sample.text.txt", render("text", sample_run(), ReportOptions()))


def test_code_frame_is_capped_at_five_lines_with_carets_under_the_start() -> None:
    matches_snapshot("sample-source.text.txt", render("text", sample_run(), ReportOptions(show_source=True)))


def test_colour_only_adds_ansi_codes() -> None:
    out = render("text", sample_run(), ReportOptions(show_source=True, color=True))
    assert ANSI.sub("", out) == snapshot("sample-source.text.txt")
    lines = out.splitlines()
    assert lines[0].startswith("api.yaml:7:5: \x1b[1;31merror\x1b[0m[\x1b[2mmissing-error-response\x1b[0m] ")
    assert "\x1b[1;33mwarning\x1b[0m[\x1b[2mprose-enum\x1b[0m]" in lines[7]
    assert "\x1b[1;36mnote\x1b[0m" in lines[11]
    # the source lines are highlighted by Pygments (key names coloured), caret rows are not
    assert ANSI.search(lines[1]) and ANSI.search(lines[12])
    assert not ANSI.search(lines[2])
    assert "\x1b" not in render("text", sample_run(), ReportOptions(show_source=True))


def test_clean_run_summary() -> None:
    assert render("text", clean_run(), ReportOptions()) == "No findings in 2 files.\n"
    with_baseline = RunResult(findings=[], rules=RULES, files=["a.yaml"], baseline_suppressed=4)
    assert render("text", with_baseline, ReportOptions()) == (
        "No findings in 1 file, 4 suppressed by baseline.\n"
    )


def test_unknown_position_is_line_1_column_1_without_frame() -> None:
    src = unlocated(yaml_source())
    finding = make_finding("prose-enum", "warning", "msg", Location(src, GET))
    result = RunResult(findings=[finding], rules=RULES, files=["api.yaml"])
    assert render("text", result, ReportOptions(show_source=True)) == (
        "api.yaml:1:1: warning[prose-enum] msg\n"
        "1 finding (0 errors, 1 warning, 0 notes) in 1 file\n"
    )


def test_control_characters_from_the_spec_cannot_reach_the_terminal() -> None:
    text = "a:\n  b: \x1b[2Jx\n"  # not even valid YAML: the frame shows the text as it is
    src = Source("/p/evil", "evil\nname.yaml", text, {}, "yaml")
    finding = make_finding(
        "prose-enum",
        "warning",
        "value \x1b[31mred\x1b[0m\nfake.yaml:1:1: error[x] injected\r\x9b",
        Location(src, ("a", "b"), region=Region(2, 6, 2, 11)),
    )
    out = render("text", RunResult(findings=[finding], rules=RULES, files=["x"]), ReportOptions(show_source=True))
    assert out.splitlines() == [
        "evil\\nname.yaml:2:6: warning[prose-enum] value \\x1b[31mred\\x1b[0m"
        "\\nfake.yaml:1:1: error[x] injected\\r\\x9b",
        "  2 |   b: \ufffd[2Jx",
        "    |      ^^^^^",
        "1 finding (0 errors, 1 warning, 0 notes) in 1 file",
    ]


def test_carets_align_under_wide_characters_and_tabs() -> None:
    text = '名前: "\t値"\n'
    src = yaml_source(text)
    finding = make_finding("prose-enum", "note", "m", Location(src, ("名前",), region=Region(1, 7, 1, 8)))
    out = render("text", RunResult(findings=[finding], rules=RULES), ReportOptions(show_source=True))
    assert out.splitlines()[1:3] == [
        '  1 | 名前: "\t値"',
        "    |        \t^^",
    ]


def test_region_ending_at_a_line_break_does_not_show_the_next_line() -> None:
    src = yaml_source("a:\n  b: 1\nc: 2\n")
    finding = make_finding("prose-enum", "note", "m", Location(src, ("a",), region=Region(1, 1, 3, 1)))
    out = render("text", RunResult(findings=[finding], rules=RULES), ReportOptions(show_source=True))
    assert out.splitlines()[1:] == [
        "  1 | a:",
        "    | ^^",
        "  2 |   b: 1",
        "1 finding (0 errors, 0 warnings, 1 note) in 0 files",
    ]


def _group(n: int, severities: tuple[str, ...] = ("warning",)) -> RunResult:
    src = yaml_source()
    related = tuple(Location(src, GET, region=Region(7, 5, 7, 9), label=f"tool_{i}") for i in range(n))
    findings = [
        make_finding("missing-error-response", sev, f"{n} of {n} tools", Location(src, GET, region=Region(6, 3, 13, 25)), related=related)
        for sev in severities
    ]
    return RunResult(findings=findings, rules=RULES, files=["api.yaml"])


def test_related_locations_stop_at_five_and_say_how_many_more() -> None:
    assert render("text", _group(50), ReportOptions()).splitlines() == [
        "api.yaml:6:3: warning[missing-error-response] 50 of 50 tools",
        *(f"  related: api.yaml:7:5 tool_{i}" for i in range(5)),
        "  related: … and 45 more (see --format json or sarif)",
        "1 finding (0 errors, 1 warning, 0 notes) in 1 file",
    ]
    five = render("text", _group(5), ReportOptions()).splitlines()
    assert five[-2] == "  related: api.yaml:7:5 tool_4" and len(five) == 7


def test_findings_per_rule_most_first_with_their_severities() -> None:
    src = yaml_source()
    loc = Location(src, GET, region=Region(7, 5, 7, 9))
    findings = [
        make_finding("prose-enum", "warning", "a", loc),
        make_finding("missing-error-response", "error", "b", loc),
        make_finding("prose-enum", "note", "c", loc),
        make_finding("ambiguous-read-write", "note", "d", loc),
        *(make_finding("unused-suppression", "note", f"e{i}", loc) for i in range(10)),
    ]
    out = render("text", RunResult(findings=findings, rules=RULES, files=["api.yaml"]), ReportOptions())
    assert out.splitlines()[-6:] == [
        "Findings per rule:",
        "  10  unused-suppression      (10 notes)",
        "   2  prose-enum              (1 warning, 1 note)",
        "   1  ambiguous-read-write    (1 note)",
        "   1  missing-error-response  (1 error)",
        "14 findings (1 error, 1 warning, 12 notes) in 1 file",
    ]


def test_statistics_print_the_table_and_problems_instead_of_each_finding() -> None:
    assert render("text", sample_run(), ReportOptions(statistics=True)) == (
        "broken.yaml: error: could not parse: mapping values are not allowed here\n"
        + """Findings per rule:\n  1  ambiguous-read-write    (1 note)\n  1  missing-error-response  (1 error)\n  1  prose-enum              (1 warning)\n"""
        + "3 findings (1 error, 1 warning, 1 note) in 2 files, 2 suppressed by baseline; 1 file could not be linted\n"
    )
    assert render("text", _group(2), ReportOptions(statistics=True)).splitlines() == [
        "Findings per rule:",
        "  1  missing-error-response  (1 warning)",
        "1 finding (0 errors, 1 warning, 0 notes) in 1 file",
    ]
    assert render("text", clean_run(), ReportOptions(statistics=True)) == "No findings in 2 files.\n"
