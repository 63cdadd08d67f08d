"""Real MCP servers (tests/corpus/mcp, sources in tests/corpus/SOURCES.md) lint without problems,
and the status, boundary and hygiene rules report exactly what is pinned here.

Each entry is (file, rule, tool, message); ``*`` is a finding about the whole tool set. The list
was reviewed finding by finding (see benchmarks/boundary_report.py for the judgement of the
boundary and status-code rules); a change here is a change in what users see on real servers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from linter.config import Config
from linter.engine import run
from linter.model import RunResult

CORPUS = Path(__file__).parent / "corpus" / "mcp"
RULES = (
    "undocumented-status-values",
    "missing-error-response",
    "missing-output-schema",
    "ambiguous-read-write",
    "missing-tool-annotations",
    "overlapping-tools",
    "free-text-command",
    "placeholder-example",
    "required-with-default",
)
FILES = sorted(p.name for p in CORPUS.glob("*.json"))

EXPECTED = [
    ('chrome-devtools-mcp.json', 'missing-output-schema', '*',
     '3 of 32 tools (list_console_messages, list_network_requests, list_pages): the tool returns matches, but neither its outputSchema (a list, a count, "found", status or has-more field) nor its description says how "no results" or a partial answer looks; an empty answer reads alike whether nothing matched, a filter was dropped or the results were cut short'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'find_flaky_tests',
     "find_flaky_tests: no readOnlyHint; the name says 'find' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write; its destructiveHint: true says the opposite)"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'get_latest_pipeline_status',
     "get_latest_pipeline_status: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'get_job_test_results',
     "get_job_test_results: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'config_helper',
     "config_helper: no readOnlyHint; the description says 'analyze' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'list_followed_projects',
     "list_followed_projects: no readOnlyHint; the name says 'list' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'find_underused_resource_classes',
     "find_underused_resource_classes: no readOnlyHint; the name says 'find' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('circleci-mcp-server.json', 'missing-output-schema', 'find_underused_resource_classes',
     'find_underused_resource_classes: the tool returns matches, but neither its outputSchema (a list, a count, "found", status or has-more field) nor its description says how "no results" or a partial answer looks; an empty answer reads alike whether nothing matched, a filter was dropped or the results were cut short'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'list_component_versions',
     "list_component_versions: no readOnlyHint; the name says 'list' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'list_artifacts',
     "list_artifacts: no readOnlyHint; the name says 'list' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('mcp-server-duckdb.json', 'ambiguous-read-write', 'query',
     "query: the name and description do not say whether it only reads or also changes data ('Execute a query' may read or write); when the read/write boundary was not explicit, models proposed a write tool for 12 of 32 read-only tasks"),
    ('mcp-server-duckdb.json', 'missing-output-schema', 'query',
     'query: the tool returns matches, but neither its outputSchema (a list, a count, "found", status or has-more field) nor its description says how "no results" or a partial answer looks; an empty answer reads alike whether nothing matched, a filter was dropped or the results were cut short'),
    ('mongodb-mcp-server.json', 'missing-output-schema', '*',
     '2 of 27 tools (search-knowledge, list-knowledge-sources): the tool returns matches, but neither its outputSchema (a list, a count, "found", status or has-more field) nor its description says how "no results" or a partial answer looks; an empty answer reads alike whether nothing matched, a filter was dropped or the results were cut short'),
    ('server-github.json', 'missing-output-schema', '*',
     '7 of 26 tools (search_repositories, list_commits, list_issues, search_code, search_issues, search_users, list_pull_requests): the tool returns matches, but neither its outputSchema (a list, a count, "found", status or has-more field) nor its description says how "no results" or a partial answer looks; an empty answer reads alike whether nothing matched, a filter was dropped or the results were cut short'),
    ('server-github.json', 'missing-tool-annotations', 'search_repositories',
     "search_repositories: no readOnlyHint; the name says 'search' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'create_repository',
     "create_repository: no destructiveHint; the name says 'create', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'get_file_contents',
     "get_file_contents: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'create_issue',
     "create_issue: no destructiveHint; the name says 'create', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'create_pull_request',
     "create_pull_request: no destructiveHint; the name says 'create', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'fork_repository',
     "fork_repository: no destructiveHint; the name says 'fork', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'create_branch',
     "create_branch: no destructiveHint; the name says 'create', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'list_commits',
     "list_commits: no readOnlyHint; the name says 'list' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'list_issues',
     "list_issues: no readOnlyHint; the name says 'list' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'add_issue_comment',
     "add_issue_comment: no destructiveHint; the name says 'add', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'search_code',
     "search_code: no readOnlyHint; the name says 'search' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'search_issues',
     "search_issues: no readOnlyHint; the name says 'search' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'search_users',
     "search_users: no readOnlyHint; the name says 'search' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'get_issue',
     "get_issue: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request',
     "get_pull_request: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'list_pull_requests',
     "list_pull_requests: no readOnlyHint; the name says 'list' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'create_pull_request_review',
     "create_pull_request_review: no destructiveHint; the name says 'create', which only adds: add destructiveHint: false (the default, true, makes clients warn as before a delete)"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_files',
     "get_pull_request_files: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_status',
     "get_pull_request_status: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_comments',
     "get_pull_request_comments: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_reviews',
     "get_pull_request_reviews: no readOnlyHint; the name says 'get' and nothing says it writes: add readOnlyHint: true (the default, false, makes clients treat it as a write)"),
]


@pytest.fixture(scope="module")
def result() -> Iterator[RunResult]:
    mp = pytest.MonkeyPatch()
    mp.chdir(CORPUS)
    try:
        yield run(["."], Config(), select=RULES, jobs=1)
    finally:
        mp.undo()


def _tool(path: str, pointer: tuple[object, ...]) -> str:
    if len(pointer) >= 2 and pointer[0] == "tools" and isinstance(pointer[1], int):
        return str(json.loads((CORPUS / path).read_text(encoding="utf-8"))["tools"][pointer[1]]["name"])
    return "*"


def test_corpus_lints_without_problems(result: RunResult) -> None:
    assert result.problems == []
    assert sorted(result.files) == FILES


def test_corpus_findings_are_exactly_the_pinned_ones(result: RunResult) -> None:
    got = sorted((f.path, f.rule, _tool(f.path, f.location.pointer), f.message) for f in result.findings)
    assert got == sorted(EXPECTED)


def test_well_annotated_servers_have_no_boundary_findings(result: RunResult) -> None:
    """server-memory and mongodb declare every hint and describe outputs with words: nothing from
    the boundary family or the status-code rule, which must stay quiet on good real servers."""
    quiet = {"ambiguous-read-write", "overlapping-tools", "missing-tool-annotations", "undocumented-status-values"}
    noisy = [(f.path, f.rule) for f in result.findings if f.rule in quiet and f.path in ("server-memory.json", "mongodb-mcp-server.json")]
    assert noisy == []
