"""GitHub workflow commands: exact lines, escaping against command injection, annotation caps."""

from __future__ import annotations

from test_report_common import (
    GET,
    PARAM,
    RULES,
    InputProblem,
    Location,
    Region,
    RunResult,
    Source,
    make_finding,
    sample_run,
    unlocated,
    yaml_source,
)

from snapshots import matches_snapshot

from linter.model import Finding
from linter.report import ReportOptions, render
from linter.report.github import escape_data, escape_property


def test_sample_lines_exactly() -> None:
    # multi-line regions carry no columns: check-run annotations only take them on one line
    matches_snapshot("sample.github.txt", render("github", sample_run(), ReportOptions()))


def test_escaping_matches_the_actions_toolkit() -> None:
    assert escape_data("100%\r\n::x,y:z") == "100%25%0D%0A::x,y:z"
    assert escape_property("100%\r\n::x,y:z") == "100%25%0D%0A%3A%3Ax%2Cy%3Az"
    assert escape_data("%0A") == "%250A"  # an escape in the input stays literal text


def test_spec_text_cannot_inject_workflow_commands() -> None:
    text = "a: 1\n"
    src = Source("/r/x", "evil,dir:x/a%0A.yaml", text, {"a": 1}, "yaml")
    message = "bad\n::error::pwned %0A\r\n::add-mask::secret,done: yes"
    finding = make_finding("prose-enum", "warning", message, Location(src, ("a",), region=Region(1, 1, 1, 2)))
    problem = InputProblem("p\n::error::x,y:z.yaml", "cannot read\n::warning::injected", "unreadable")
    out = render("github", RunResult(findings=[finding], rules=RULES, problems=[problem]), ReportOptions())
    assert out == (
        "::error file=p%0A%3A%3Aerror%3A%3Ax%2Cy%3Az.yaml::cannot read%0A::warning::injected\n"
        "::warning file=evil%2Cdir%3Ax/a%250A.yaml,line=1,col=1,endLine=1,endColumn=2,"
        "title=prose-enum::bad%0A::error::pwned %250A%0D%0A::add-mask::secret,done: yes\n"
    )
    assert len(out.splitlines()) == 2 and "\r" not in out


def _many(counts: dict[str, int]) -> list[Finding]:
    src = yaml_source()
    loc = Location(src, PARAM, region=Region(9, 11, 9, 15))
    return [
        make_finding("prose-enum", sev, f"{sev} {i}", loc)
        for sev, n in counts.items()
        for i in range(n)
    ]


def _levels(out: str) -> dict[str, int]:
    lines = out.splitlines()
    return {lvl: sum(1 for ln in lines if ln.startswith(f"::{lvl} file=")) for lvl in ("error", "warning", "notice")}


def test_at_most_ten_per_level_then_one_notice_with_the_rest() -> None:
    findings = _many({"error": 12, "warning": 3, "note": 11})
    out = render("github", RunResult(findings=findings, rules=RULES), ReportOptions())
    # one notice slot is kept for the summary line, or GitHub would drop that line too
    assert _levels(out) == {"error": 10, "warning": 3, "notice": 9}
    lines = out.splitlines()
    assert len(lines) == 23
    assert lines[-1] == (
        "::notice::silentlint: 4 more findings not shown as annotations (GitHub shows at most "
        "10 error, 10 warning and 10 notice annotations per step). The full list is in the "
        "SARIF report and in `silentlint check --format text`."
    )
    # the first ones of each level are kept, in the run's order
    assert lines[0].endswith("::error 0") and lines[9].endswith("::error 9")
    assert lines[10].endswith("::warning 0") and lines[13].endswith("::note 0")


def test_exactly_ten_of_a_level_needs_no_summary() -> None:
    out = render("github", RunResult(findings=_many({"note": 10}), rules=RULES), ReportOptions())
    assert _levels(out)["notice"] == 10 and "more finding" not in out


def test_problems_use_up_the_error_budget_first() -> None:
    problems = [InputProblem(f"bad{i}.yaml", "unreadable", "unreadable") for i in range(3)]
    run = RunResult(findings=_many({"error": 9}), rules=RULES, problems=problems)
    out = render("github", run, ReportOptions(github_max_annotations=5))
    assert _levels(out) == {"error": 5, "warning": 0, "notice": 0}
    assert out.splitlines()[:3] == [f"::error file=bad{i}.yaml::unreadable" for i in range(3)]
    assert out.splitlines()[-1].startswith(
        "::notice::silentlint: 7 more findings not shown as annotations (GitHub shows at most 5 error,"
    )


def test_zero_means_no_cap_and_unknown_position_means_file_only() -> None:
    out = render("github", RunResult(findings=_many({"warning": 25}), rules=RULES),
                 ReportOptions(github_max_annotations=0))
    assert _levels(out)["warning"] == 25 and "more finding" not in out
    src = unlocated(yaml_source())
    finding = make_finding("prose-enum", "note", "m", Location(src, GET))
    assert render("github", RunResult(findings=[finding], rules=RULES), ReportOptions()) == (
        "::notice file=api.yaml,title=prose-enum::m\n"
    )


def test_clean_run_prints_nothing() -> None:
    assert render("github", RunResult(findings=[], rules=RULES), ReportOptions()) == ""


def test_a_group_is_annotated_at_its_first_line() -> None:
    src = yaml_source()
    members = tuple(Location(src, GET, region=Region(7 + i, 5, 7 + i, 9), label=f"t{i}") for i in range(2))
    group = make_finding("missing-error-response", "warning", "2 of 2 tools", Location(src, GET, region=Region(6, 3, 13, 25)), related=members)
    elsewhere = make_finding(
        "prose-enum", "warning", "m", Location(src, PARAM, region=Region(9, 11, 13, 25)),
        related=(Location(src, GET, region=Region(7, 5, 7, 9), label="used by GET /people"),),
    )
    assert render("github", RunResult(findings=[group, elsewhere], rules=RULES), ReportOptions()).splitlines() == [
        "::warning file=api.yaml,line=6,endLine=6,title=missing-error-response::2 of 2 tools",
        "::warning file=api.yaml,line=9,endLine=13,title=prose-enum::m",
    ]
