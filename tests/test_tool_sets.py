"""Per-tool files linted as one tool set (``tool-sets`` globs; default ``**/*.snap``):
github-mcp-server keeps each of its 117 tools in ``__toolsnaps__/NAME.snap``, and the rules
about a set (overlaps between a read and a write tool, a convention the set's tools share) must
see all of them together, while each finding, suppression and fix stays in its own file."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from clirun import run_cli
from linter.config import Config
from linter.engine import lint_candidate, prepare_run, run

HERE = Path(__file__).parent
GITHUB = HERE / "corpus" / "real-specs" / "github-mcp-server"
SNAPS = sorted(p.name for p in (GITHUB / "__toolsnaps__").glob("*.snap"))
CONFIG = Config(include=("**/*.snap",))


def test_the_corpus_copy_is_complete() -> None:
    assert len(SNAPS) == 117
    assert SNAPS[:2] == ["actions_get.snap", "actions_list.snap"]


def test_github_mcp_server_snapshots_are_one_tool_set_of_117_tools() -> None:
    ctx, rules, cands, problems = prepare_run([str(GITHUB)], CONFIG, str(HERE.parent))
    assert problems == []
    assert len(cands) == 1 and len(cands[0].members) == 116
    out = lint_candidate(cands[0], rules, ctx, hook=lambda doc: (doc.format, sorted(op.name for op in doc.operations)))
    fmt, names = out.extra
    assert fmt == "mcp"
    assert names == sorted(json.loads((GITHUB / "__toolsnaps__" / s).read_text())["name"] for s in SNAPS)
    assert len(set(names)) == 117
    assert [out.linted, *out.also_linted] == [f"tests/corpus/real-specs/github-mcp-server/__toolsnaps__/{s}" for s in SNAPS]
    assert out.problem is None and out.also_problems == []


def _outputs(config: Config) -> list[tuple[str, int, int, str]]:
    result = run([str(GITHUB)], config, root=str(HERE.parent), select=["missing-output-schema"])
    assert len(result.files) == 117
    return [(Path(f.path).name, f.region.start_line, f.region.start_column, f.message) for f in result.findings if f.region]


def test_a_set_level_rule_sees_the_whole_set() -> None:
    """missing-output-schema speaks once for a set whose search tools all lack the shape of "no
    results"; file by file it said the same 29 times, each time about a set of one."""
    tail = (
        'the tool returns matches, but neither its outputSchema (a list, a count, "found", status or has-more field) '
        'nor its description says how "no results" or a partial answer looks; an empty answer reads alike whether '
        "nothing matched, a filter was dropped or the results were cut short"
    )
    assert _outputs(CONFIG) == [(
        "actions_list.snap", 1, 1,
        "29 of 117 tools (actions_list, find_duplicate, list_branches, list_code_scanning_alerts, list_commits, "
        "list_dependabot_alerts, list_discussion_categories, list_discussions, list_gists, "
        f"list_global_security_advisories and 19 more): {tail}",
    )]
    alone = _outputs(replace(CONFIG, tool_sets=()))
    assert len(alone) == 29
    assert alone[:2] == [
        ("actions_list.snap", 7, 3, f"actions_list: {tail}"),
        ("find_duplicate_ff_duplicate_detection.snap", 7, 3, f"find_duplicate: {tail}"),
    ]


# --- per-tool JSON files of one's own -------------------------------------------------------

READ = {
    "name": "customer_invoices",
    "description": "Handles invoice-related requests for a customer.",
    "inputSchema": {"type": "object", "properties": {"customer_id": {"type": "string"}}},
    "annotations": {"readOnlyHint": True},
}
WRITE = {
    "name": "customer_invoices_v2",
    "description": "Handles invoice-related requests for a customer.",
    "inputSchema": {"type": "object", "properties": {"customer_id": {"type": "string"}}},
    "annotations": {"readOnlyHint": False, "destructiveHint": True},
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "a_read.json").write_text(json.dumps(READ, indent=2) + "\n")
    (tmp_path / "tools" / "b_write.json").write_text(json.dumps(WRITE, indent=2) + "\n")
    return tmp_path


def _check(project: Path, *extra: str) -> tuple[int, list[tuple[str, str, int, int]], dict[str, object]]:
    r = run_cli(["check", "tools", "--select", "overlapping-tools", "--format", "json", *extra], project)
    doc = json.loads(r.stdout)
    return r.returncode, [(f["rule"], f["path"], f["line"], f["column"]) for f in doc["findings"]], doc


def test_per_tool_json_files_are_one_set_when_configured(project: Path) -> None:
    code, found, doc = _check(project)
    assert (code, found) == (0, [])  # each file on its own: a set of one tool overlaps nothing
    (project / ".silentlint.yaml").write_text("tool-sets: ['tools/*.json']\n")
    code, found, doc = _check(project)
    assert code == 1
    assert found == [("overlapping-tools", "tools/b_write.json", 3, 3)]
    assert doc["files"] == ["tools/a_read.json", "tools/b_write.json"]
    finding = doc["findings"][0]  # type: ignore[index]
    assert [(r["path"], r["line"]) for r in finding["related"]] == [("tools/a_read.json", 1)]


def test_a_suppression_in_one_member_file_holds(project: Path) -> None:
    (project / ".silentlint.yaml").write_text("tool-sets: ['tools/*.json']\n")
    (project / "tools" / "b_write.json").write_text(
        json.dumps({**WRITE, "x-silentlint-ignore": ["overlapping-tools"]}, indent=2) + "\n"
    )
    code, found, doc = _check(project)
    assert (code, found) == (0, [])
    assert doc["summary"]["suppressed"] == 1  # type: ignore[index]


def test_a_broken_member_is_reported_and_the_rest_still_linted(project: Path) -> None:
    (project / ".silentlint.yaml").write_text("tool-sets: ['tools/*.json']\n")
    (project / "tools" / "c_broken.json").write_text('{"name": "x", "inputSchema": \n')
    code, found, doc = _check(project)
    assert code == 3
    assert found == [("overlapping-tools", "tools/b_write.json", 3, 3)]
    assert doc["files"] == ["tools/a_read.json", "tools/b_write.json"]
    assert [p["path"] for p in doc["problems"]] == ["tools/c_broken.json"]  # type: ignore[index, union-attr]


def test_snap_files_in_two_folders_are_two_sets(tmp_path: Path) -> None:
    for d in ("one/__toolsnaps__", "two/__toolsnaps__"):
        shutil.copytree(HERE / "corpus" / "github-mcp-server" / "__toolsnaps__", tmp_path / d)
    _ctx, _rules, cands, _problems = prepare_run([str(tmp_path)], CONFIG, str(tmp_path))
    assert [(Path(c.display).parent.parent.name, 1 + len(c.members)) for c in cands] == [("one", 3), ("two", 3)]


def test_audit_reports_a_broken_member_as_check_does(project: Path) -> None:
    """One run driver: audit tallies a tool set's member files as check does (it used to drop
    the problems and skips of members)."""
    (project / ".silentlint.yaml").write_text("tool-sets: ['tools/*.json']\n")
    (project / "tools" / "c_broken.json").write_text('{"name": "x", "inputSchema": \n')
    r = run_cli(["audit", "tools", "--select", "overlapping-tools", "--format", "json"], project)
    doc = json.loads(r.stdout)
    assert [(p["path"], p["kind"]) for p in doc["problems"]] == [("tools/c_broken.json", "parse")]
    # one document of two tools, one from each member file (the counter walks the model's files)
    assert [(d["path"], d["operations"], d["findings"]) for d in doc["documents"]] == [
        ("tools/a_read.json", 2, {"overlapping-tools": 1})
    ]
    code, _found, checked = _check(project)
    assert [p["path"] for p in checked["problems"]] == [p["path"] for p in doc["problems"]]  # type: ignore[union-attr]
    assert r.returncode == code == 3
