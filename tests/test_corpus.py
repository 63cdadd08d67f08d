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
    ('chrome-devtools-mcp.json', 'missing-error-response', '*',
     '31 of 32 tools (click, close_page, drag, emulate, evaluate_script, fill, fill_form, get_console_message, get_css_styles, get_network_request and 21 more): neither the description nor the output schema says how a failure is reported (an isError result, an error field, "returns an error if …"); an agent may read a failure as an empty success'),
    ('chrome-devtools-mcp.json', 'missing-output-schema', '*',
     '24 of 32 tools (click, close_page, drag, emulate, fill, fill_form, handle_dialog, hover, navigate_page, new_page and 14 more): no outputSchema, and the description does not say what the tool returns; success, "nothing found" and failure look alike'),
    ('circleci-mcp-server.json', 'missing-error-response', '*',
     '6 of 13 tools (get_latest_pipeline_status, run_pipeline, list_followed_projects, find_underused_resource_classes, list_component_versions, list_artifacts): neither the description nor the output schema says how a failure is reported (an isError result, an error field, "returns an error if …"); an agent may read a failure as an empty success'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'get_build_failure_logs',
     "get_build_failure_logs: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'find_flaky_tests',
     'find_flaky_tests: no readOnlyHint (only destructiveHint); destructiveHint only applies to tools that write: readOnlyHint: false'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'get_latest_pipeline_status',
     "get_latest_pipeline_status: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'get_job_test_results',
     "get_job_test_results: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'config_helper',
     "config_helper: no readOnlyHint; its verbs read ('analyze'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'run_pipeline',
     'run_pipeline: no readOnlyHint (only destructiveHint); destructiveHint only applies to tools that write: readOnlyHint: false'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'list_followed_projects',
     "list_followed_projects: no readOnlyHint; its verbs read ('list'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-output-schema', 'rerun_workflow',
     'rerun_workflow: no outputSchema, and the description does not say what the tool returns; success, "nothing found" and failure look alike'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'rerun_workflow',
     'rerun_workflow: no readOnlyHint (only destructiveHint); destructiveHint only applies to tools that write: readOnlyHint: false'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'download_usage_api_data',
     'download_usage_api_data: no readOnlyHint (only destructiveHint); destructiveHint only applies to tools that write: readOnlyHint: false'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'find_underused_resource_classes',
     "find_underused_resource_classes: no readOnlyHint; its verbs read ('find'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'run_rollback_pipeline',
     'run_rollback_pipeline: no readOnlyHint (only destructiveHint); destructiveHint only applies to tools that write: readOnlyHint: false'),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'list_component_versions',
     "list_component_versions: no readOnlyHint; its verbs read ('list'): readOnlyHint: true"),
    ('circleci-mcp-server.json', 'missing-tool-annotations', 'list_artifacts',
     "list_artifacts: no readOnlyHint; its verbs read ('list'): readOnlyHint: true"),
    ('mcp-server-duckdb.json', 'ambiguous-read-write', 'query',
     "query: the name and description do not say whether it only reads or also changes data ('Execute a query' may read or write); when the read/write boundary was not explicit, models proposed a write tool for 12 of 32 read-only tasks"),
    ('mcp-server-duckdb.json', 'missing-error-response', 'query',
     'query: neither the description nor the output schema says how a failure is reported (an isError result, an error field, "returns an error if …"); an agent may read a failure as an empty success'),
    ('mcp-server-duckdb.json', 'missing-output-schema', 'query',
     'query: no outputSchema, and the description does not say what the tool returns; success, "nothing found" and failure look alike'),
    ('mcp-server-duckdb.json', 'missing-tool-annotations', 'query',
     "query: no readOnlyHint; 'Execute a query' may read or write: declare both hints (readOnlyHint: true only if the server enforces read-only)"),
    ('mongodb-mcp-server.json', 'missing-error-response', '*',
     '26 of 27 tools (aggregate-db, aggregate, collection-indexes, collection-schema, collection-storage-size, connect, count, create-index, db-stats, delete-many and 16 more): neither the description nor the output schema says how a failure is reported (an isError result, an error field, "returns an error if …"); an agent may read a failure as an empty success'),
    ('server-github.json', 'missing-error-response', '*',
     '26 of 26 tools (create_or_update_file, search_repositories, create_repository, get_file_contents, push_files, create_issue, create_pull_request, fork_repository, create_branch, list_commits and 16 more): neither the description nor the output schema says how a failure is reported (an isError result, an error field, "returns an error if …"); an agent may read a failure as an empty success'),
    ('server-github.json', 'missing-output-schema', '*',
     '12 of 26 tools (create_or_update_file, create_repository, push_files, create_issue, create_pull_request, fork_repository, create_branch, update_issue, add_issue_comment, create_pull_request_review and 2 more): no outputSchema, and the description does not say what the tool returns; success, "nothing found" and failure look alike'),
    ('server-github.json', 'missing-tool-annotations', 'create_or_update_file',
     "create_or_update_file: no readOnlyHint; its verbs write ('create'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'search_repositories',
     "search_repositories: no readOnlyHint; its verbs read ('search'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'create_repository',
     "create_repository: no readOnlyHint; its verbs write ('create'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'get_file_contents',
     "get_file_contents: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'push_files',
     "push_files: no readOnlyHint; its verbs write ('push'): readOnlyHint: false, destructiveHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'create_issue',
     "create_issue: no readOnlyHint; its verbs write ('create'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'create_pull_request',
     "create_pull_request: no readOnlyHint; its verbs write ('create'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'fork_repository',
     "fork_repository: no readOnlyHint; its verbs write ('fork'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'create_branch',
     "create_branch: no readOnlyHint; its verbs write ('create'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'list_commits',
     "list_commits: no readOnlyHint; its verbs read ('list'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'list_issues',
     "list_issues: no readOnlyHint; its verbs read ('list'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'update_issue',
     "update_issue: no readOnlyHint; its verbs write ('update'): readOnlyHint: false, destructiveHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'add_issue_comment',
     "add_issue_comment: no readOnlyHint; its verbs write ('add'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'search_code',
     "search_code: no readOnlyHint; its verbs read ('search'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'search_issues',
     "search_issues: no readOnlyHint; its verbs read ('search'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'search_users',
     "search_users: no readOnlyHint; its verbs read ('search'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'get_issue',
     "get_issue: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request',
     "get_pull_request: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'list_pull_requests',
     "list_pull_requests: no readOnlyHint; its verbs read ('list'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'create_pull_request_review',
     "create_pull_request_review: no readOnlyHint; its verbs write ('create'): readOnlyHint: false, destructiveHint: false"),
    ('server-github.json', 'missing-tool-annotations', 'merge_pull_request',
     "merge_pull_request: no readOnlyHint; its verbs write ('merge'): readOnlyHint: false, destructiveHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_files',
     "get_pull_request_files: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_status',
     "get_pull_request_status: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'update_pull_request_branch',
     "update_pull_request_branch: no readOnlyHint; its verbs write ('update'): readOnlyHint: false, destructiveHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_comments',
     "get_pull_request_comments: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-github.json', 'missing-tool-annotations', 'get_pull_request_reviews',
     "get_pull_request_reviews: no readOnlyHint; its verbs read ('get'): readOnlyHint: true"),
    ('server-memory.json', 'missing-error-response', '*',
     '6 of 9 tools (create_entities, create_relations, add_observations, read_graph, search_nodes, open_nodes): neither the description nor the output schema says how a failure is reported (an isError result, an error field, "returns an error if …"); an agent may read a failure as an empty success'),
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
