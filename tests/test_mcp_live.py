"""``check --mcp-stdio`` / ``--mcp-url`` and ``mcp-dump`` against real servers started here: the
SDK-built toolbox (tests/mcp_servers/toolbox.py) over stdio, Streamable HTTP and SSE on a
loopback port the system picks, the published ``mcp-server-time``, and the broken servers of
tests/mcp_servers/bad.py. No mocks: every test talks to a live process.

What is asserted exactly: the findings and their positions in the snapshot, the snapshot's
bytes, the SARIF results, and for each broken server the one line on stderr, exit code 5, no
traceback, no snapshot written, and no process of the server's left running.
"""

from __future__ import annotations

import json
import os
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from clirun import REPO, run_cli

SERVERS = Path(__file__).parent / "mcp_servers"
TOOLBOX = SERVERS / "toolbox.py"
BAD = SERVERS / "bad.py"
PY = sys.executable
SNAP = ".silentlint-cache/mcp/toolbox.json"
FAST = ["--mcp-timeout", "2"]


def toolbox_cmd(*extra: str) -> str:
    return shlex.join([PY, str(TOOLBOX), *extra])


def where(cmd: str, name: str = "toolbox") -> str:
    return f"mcp server {name} (`{cmd}`)"


# search_people: the department's values only in prose; delete_record: readOnlyHint on a delete
TOOLBOX_FINDINGS = [
    ("missing-output-schema", "note", 8, 7, "/tools/0/description"),
    ("prose-enum", "warning", 12, 13, "/tools/0/inputSchema/properties/department/description"),
    ("ambiguous-read-write", "warning", 40, 9, "/tools/1/annotations/readOnlyHint"),
]
TOOLBOX_MESSAGES = {
    "missing-output-schema": (
        'search_people: the tool returns matches, but neither its outputSchema (a list, a count, "found", status or '
        'has-more field) nor its description says how "no results" or a partial answer looks; an empty answer reads '
        "alike whether nothing matched, a filter was dropped or the results were cut short"
    ),
    "prose-enum": "search_people › department: description lists 3 values (engineering, sales, support) but the schema has no enum",
    "ambiguous-read-write": (
        "delete_record: readOnlyHint is true, but the name says 'delete': the tool changes something; a client will "
        "run it without asking, and a model will pick it for read-only tasks"
    ),
}
TOOLBOX_SNAPSHOT = (SERVERS / "toolbox.snapshot.json").read_text(encoding="utf-8")
# The rules the toolbox is built to show (the last two on its --extra-tool), and the one
# mcp-server-time shows: the runs here select them, so a rule added to the catalog leaves the
# findings these tests compare as they are.
TOOLBOX_RULES = (
    "missing-output-schema", "prose-enum", "ambiguous-read-write", "example-only-vocabulary", "missing-tool-annotations"
)
SELECT = ["--select", ",".join(TOOLBOX_RULES)]
TIME_SELECT = ["--select", "public-standard-vocabulary"]


def findings(stdout: str) -> list[tuple[str, str, int, int, str]]:
    return [(f["rule"], f["severity"], f["line"], f["column"], f["pointer"]) for f in json.loads(stdout)["findings"]]


def alive(pid: int) -> bool:
    """Running, that is: a zombie (dead, not yet reaped by PID 1 in a container) is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def assert_gone(*pid_files: Path) -> None:
    for f in pid_files:
        pid = int(f.read_text())
        deadline = time.monotonic() + 3
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(pid), f"process {pid} from {f.name} survived"


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[callable]:  # type: ignore[valid-type]
    """Start the toolbox over HTTP (``http`` or ``sse``) on a port the system picks; the
    fixture stops every server it started."""
    procs: list[subprocess.Popen[bytes]] = []

    def start(transport: str, *extra: str) -> int:
        port_file = tmp_path / f"port-{len(procs)}"
        proc = subprocess.Popen(
            [PY, str(TOOLBOX), "--transport", transport, "--port-file", str(port_file), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        procs.append(proc)
        deadline = time.monotonic() + 20
        while not port_file.exists():
            assert proc.poll() is None and time.monotonic() < deadline, "the HTTP test server did not start"
            time.sleep(0.05)
        return int(port_file.read_text())

    yield start
    for proc in procs:
        proc.terminate()
        proc.wait(10)


# --- a good server, each transport ---------------------------------------------------------


def test_stdio_server_is_listed_snapshotted_and_linted(tmp_path: Path) -> None:
    pid = tmp_path / "pid"
    cmd = toolbox_cmd("--pid-file", str(pid))
    r = run_cli(["check", "--mcp-stdio", cmd, "--format", "json", *SELECT], tmp_path)
    assert r.returncode == 1, r.stderr
    assert r.stderr == f"silentlint: {where(cmd)}: 3 tools in 2 pages over stdio, written to {SNAP}\n"
    doc = json.loads(r.stdout)
    assert doc["files"] == [SNAP]
    assert findings(r.stdout) == TOOLBOX_FINDINGS
    messages = {f["rule"]: f["message"] for f in doc["findings"]}
    assert {k: messages[k] for k in TOOLBOX_MESSAGES} == TOOLBOX_MESSAGES
    assert (tmp_path / SNAP).read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT
    # the cache folder keeps itself out of git
    assert (tmp_path / ".silentlint-cache" / ".gitignore").read_text() == (
        "# written by silentlint: MCP snapshots cached for linting\n*\n"
    )
    # the positions are real: the lines the findings name hold what they are about
    lines = TOOLBOX_SNAPSHOT.splitlines()
    assert lines[11].strip().startswith('"description": "Department to search. One of:')
    assert lines[39].strip() == '"readOnlyHint": true'
    assert_gone(pid)


def test_text_report_points_into_the_snapshot(tmp_path: Path) -> None:
    r = run_cli(["check", "--mcp-stdio", toolbox_cmd(), "--fail-on", "error", *SELECT], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[:3] == [
        f"{SNAP}:8:7: note[missing-output-schema] {TOOLBOX_MESSAGES['missing-output-schema']}",
        f"{SNAP}:12:13: warning[prose-enum] {TOOLBOX_MESSAGES['prose-enum']}",
        f"{SNAP}:40:9: warning[ambiguous-read-write] {TOOLBOX_MESSAGES['ambiguous-read-write']}",
    ]


def test_sarif_results_locate_the_snapshot(tmp_path: Path) -> None:
    r = run_cli(["check", "--mcp-stdio", toolbox_cmd(), "--quiet", "--output", "sarif=out.sarif", *SELECT], tmp_path)
    assert r.returncode == 1, r.stderr
    sarif = json.loads((tmp_path / "out.sarif").read_text())
    run = sarif["runs"][0]
    got = [
        (
            res["ruleId"],
            res["level"],
            res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            res["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"],
            res["locations"][0]["physicalLocation"]["region"]["startLine"],
            res["locations"][0]["physicalLocation"]["region"]["startColumn"],
        )
        for res in run["results"]
    ]
    assert got == [
        ("missing-output-schema", "note", SNAP, "%SRCROOT%", 8, 7),
        ("prose-enum", "warning", SNAP, "%SRCROOT%", 12, 13),
        ("ambiguous-read-write", "warning", SNAP, "%SRCROOT%", 40, 9),
    ]
    # the enum fix travels with the finding, as an edit of the snapshot
    fixes = run["results"][1]["fixes"]
    assert fixes[0]["artifactChanges"][0]["artifactLocation"]["uri"] == SNAP
    inserted = "".join(rep["insertedContent"]["text"] for rep in fixes[0]["artifactChanges"][0]["replacements"])
    assert '"enum"' in inserted and '"engineering"' in inserted and '"support"' in inserted
    from jsonschema import Draft7Validator

    schema = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text("utf-8"))
    assert not list(Draft7Validator(schema).iter_errors(sarif))


def test_streamable_http_with_a_header_from_the_environment(tmp_path: Path, http_server) -> None:  # type: ignore[no-untyped-def]
    port = http_server("http", "--token", "s3cret-token")
    url = f"http://127.0.0.1:{port}/mcp"
    env = {"MCP_TOKEN": "Bearer s3cret-token"}
    r = run_cli(
        ["check", "--mcp-url", url, "--mcp-header-env", "Authorization=MCP_TOKEN", "--format", "json", *SELECT], tmp_path, env=env
    )
    assert r.returncode == 1, r.stderr
    snap = ".silentlint-cache/mcp/127.0.0.1-mcp.json"
    assert r.stderr == f"silentlint: mcp server 127.0.0.1-mcp ({url}): 3 tools in 2 pages over streamable-http, written to {snap}\n"
    assert findings(r.stdout) == TOOLBOX_FINDINGS
    assert (tmp_path / snap).read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT
    # without the header: one line, exit 5, and the token is never echoed
    r = run_cli(["check", "--mcp-url", url], tmp_path)
    assert r.returncode == 5
    assert r.stdout == ""
    assert r.stderr == (
        f"silentlint: error: mcp server 127.0.0.1-mcp ({url}): HTTP 401 Unauthorized during the initialize handshake: "
        "the server wants credentials (--mcp-header 'Name: value', --mcp-header-env Name=VARIABLE, or headers-from-env "
        "in the config)\n"
    )
    r = run_cli(["check", "--mcp-url", url + "?key=abc", "--mcp-header", "Authorization: Bearer wrong-secret"], tmp_path)
    assert r.returncode == 5
    assert "wrong-secret" not in r.stderr and "key=abc" not in r.stderr
    assert r.stderr.count("\n") == 1 and "HTTP 401 Unauthorized" in r.stderr


def test_sse_only_server_is_reached_at_the_same_url(tmp_path: Path, http_server) -> None:  # type: ignore[no-untyped-def]
    port = http_server("sse")
    url = f"http://127.0.0.1:{port}/sse"
    r = run_cli(["check", "--mcp-url", url, "--mcp-snapshot", "tools.json", "--format", "json", *SELECT], tmp_path)
    assert r.returncode == 1, r.stderr
    assert r.stderr == f"silentlint: mcp server 127.0.0.1-sse ({url}): 3 tools in 2 pages over sse, written to tools.json\n"
    assert findings(r.stdout) == TOOLBOX_FINDINGS
    assert (tmp_path / "tools.json").read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT


def test_published_reference_server_mcp_server_time(tmp_path: Path) -> None:
    cmd = shlex.join([PY, "-m", "mcp_server_time", "--local-timezone", "UTC"])
    r = run_cli(["check", "--mcp-stdio", cmd, "--format", "json", *TIME_SELECT], tmp_path)
    assert r.returncode == 0, r.stderr
    snap = ".silentlint-cache/mcp/mcp_server_time.json"
    assert r.stderr == f"silentlint: {where(cmd, 'mcp_server_time')}: 2 tools over stdio, written to {snap}\n"
    doc = json.loads(r.stdout)
    pattern = "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$"
    assert [(f["rule"], f["line"], f["column"], f["message"]) for f in doc["findings"]] == [
        (
            "public-standard-vocabulary", line, 13,
            f"{field}: description names IANA time zone values but the schema has no pattern or enum; "
            f"pattern: {pattern} would check their shape",
        )
        for line, field in (
            (14, "get_current_time › timezone"),
            (66, "convert_time › source_timezone"),
            (76, "convert_time › target_timezone"),
        )
    ]
    snapshot = json.loads((tmp_path / snap).read_text())
    assert [t["name"] for t in snapshot["tools"]] == ["get_current_time", "convert_time"]
    assert snapshot["_meta"]["io.github.silentlint/server"]["name"] == "mcp-time"


# --- snapshots in a repository: mcp-dump, --changed-since, fix --diff -----------------------


def _git(cwd: Path, *args: str) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def test_mcp_dump_then_changed_since_reports_only_the_new_tool(tmp_path: Path) -> None:
    cmd = toolbox_cmd()
    r = run_cli(["mcp-dump", "--mcp-stdio", cmd, "--mcp-snapshot", "tools.snapshot.json"], tmp_path)
    assert (r.returncode, r.stdout) == (0, "")
    assert r.stderr == f"silentlint: {where(cmd)}: 3 tools in 2 pages over stdio, written to tools.snapshot.json\n"
    assert (tmp_path / "tools.snapshot.json").read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "tools.snapshot.json")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "snapshot")
    # an unchanged server rewrites the same bytes
    r = run_cli(["mcp-dump", "--mcp-stdio", cmd, "--mcp-snapshot", "tools.snapshot.json", "--quiet"], tmp_path)
    assert (r.returncode, r.stderr) == (0, "")
    assert (tmp_path / "tools.snapshot.json").read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT
    # the server gains a tool: only its findings are on changed lines
    changed = toolbox_cmd("--extra-tool")
    r = run_cli(
        ["check", "--mcp-stdio", changed, "--mcp-snapshot", "tools.snapshot.json", "--changed-since", "HEAD", "--format", "json",
         *SELECT],
        tmp_path, env={"HOME": str(tmp_path)},
    )
    doc = json.loads(r.stdout)
    assert [(f["rule"], f["line"], f["column"], f["pointer"]) for f in doc["findings"]] == [
        ("example-only-vocabulary", 110, 13, "/tools/3/inputSchema/properties/fmt/description"),
        ("missing-tool-annotations", 121, 7, "/tools/3/name"),
    ]
    assert r.stderr.endswith("silentlint: 3 findings on lines not changed since HEAD not reported\n")


def test_fix_diff_edits_the_snapshot_and_says_the_server_is_edited_by_hand(tmp_path: Path) -> None:
    r = run_cli(["fix", "--diff", "--mcp-stdio", toolbox_cmd(), *SELECT], tmp_path)
    assert r.returncode == 1, r.stderr
    assert r.stdout == (
        f"diff --git a/{SNAP} b/{SNAP}\n--- a/{SNAP}\n+++ b/{SNAP}\n@@ -11,7 +11,12 @@\n"
        '           "department": {\n'
        '             "description": "Department to search. One of: engineering, sales, support.",\n'
        '             "title": "Department",\n'
        '-            "type": "string"\n'
        '+            "type": "string",\n'
        '+            "enum": [\n'
        '+              "engineering",\n'
        '+              "sales",\n'
        '+              "support"\n'
        '+            ]\n'
        "           }\n"
        "         },\n"
        '         "required": [\n'
    )
    assert (
        f"silentlint: {SNAP} is a snapshot of an MCP server: fixes edit the snapshot, not the server; make the same "
        "change in the server's tool definitions (its source code) by hand\n"
    ) in r.stderr
    assert (tmp_path / SNAP).read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT  # --diff changes nothing


# --- servers from the config ---------------------------------------------------------------


def test_config_servers_are_listed_and_linted_in_one_run(tmp_path: Path) -> None:
    (tmp_path / ".silentlint.yaml").write_text(
        "mcp-servers:\n"
        f"  - name: box\n    command: [{json.dumps(PY)}, {json.dumps(str(TOOLBOX))}]\n    snapshot: snaps/box.json\n"
        f"  - name: time\n    command: {json.dumps(shlex.join([PY, '-m', 'mcp_server_time']))}\n"
        "    env: {TZ: UTC}\n"
        "limits:\n  mcp-start-timeout: 20\n"
    )
    (tmp_path / "snaps").mkdir()
    r = run_cli(["check", "--mcp-servers", "--format", "json", "--fail-on", "never", *SELECT, *TIME_SELECT], tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["files"] == ["snaps/box.json", ".silentlint-cache/mcp/time.json"]
    doc = json.loads(r.stdout)
    box = [(f["rule"], f["severity"], f["line"], f["column"], f["pointer"]) for f in doc["findings"] if f["path"] == "snaps/box.json"]
    assert box == TOOLBOX_FINDINGS
    assert {f["path"] for f in doc["findings"]} == {"snaps/box.json", ".silentlint-cache/mcp/time.json"}
    assert (tmp_path / "snaps" / "box.json").read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT
    # mcp-dump without a server on the command line writes every configured one
    os.remove(tmp_path / "snaps" / "box.json")
    r = run_cli(["mcp-dump", "--quiet"], tmp_path)
    assert (r.returncode, r.stderr) == (0, "")
    assert (tmp_path / "snaps" / "box.json").read_text(encoding="utf-8") == TOOLBOX_SNAPSHOT


# --- servers that fail: one line, exit 5, no traceback, nothing left running -----------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("exit-in-handshake", "exited or closed its stdout during the initialize handshake; its last stderr line: "
                              "fatal: missing configuration file settings.toml"),
        ("silent", "did not answer the initialize request within 2 s (limits.mcp-start-timeout)"),
        ("garbage", "wrote something that is not JSON-RPC on stdout during the initialize handshake: "
                    "'Starting server v1.0 ... ready' (stdout is for MCP messages only; a server must log to stderr)"),
        ("invalid-list", "sent an invalid tools/list result: tools.0.name: Field required"),
        ("endless-cursor", "tools/list page 2 repeats the cursor 'again': the listing would never end"),
    ],
)
def test_broken_stdio_server(tmp_path: Path, mode: str, expected: str) -> None:
    pid = tmp_path / "pid"
    # the grandchild (a `sleep` the server starts) must not survive either; exit-in-handshake
    # runs without it, since a child holding the pipe open would hide the exit
    extra = () if mode == "exit-in-handshake" else ("--child",)
    cmd = shlex.join([PY, str(BAD), mode, "--pid-file", str(pid), *extra])
    started = time.monotonic()
    r = run_cli(["check", "--mcp-stdio", cmd, *FAST], tmp_path)
    assert r.returncode == 5
    assert r.stdout == ""
    assert r.stderr == f"silentlint: error: {where(cmd, 'bad')}: {expected}\n"
    assert not (tmp_path / ".silentlint-cache" / "mcp").exists() or not any((tmp_path / ".silentlint-cache" / "mcp").iterdir())
    assert time.monotonic() - started < 15
    assert_gone(pid, *([Path(f"{pid}.child")] if extra else []))


def test_exit_during_handshake_leaves_no_grandchild(tmp_path: Path) -> None:
    """A server that exits on its own escapes the SDK's tree kill (it only stops a running
    server): its children are killed with its process group."""
    pid = tmp_path / "pid"
    cmd = shlex.join([PY, str(BAD), "exit-in-handshake", "--pid-file", str(pid), "--child"])
    r = run_cli(["check", "--mcp-stdio", cmd, *FAST], tmp_path)
    assert r.returncode == 5
    assert r.stderr == (
        f"silentlint: error: {where(cmd, 'bad')}: did not answer the initialize request within 2 s "
        "(limits.mcp-start-timeout); its last stderr line: fatal: missing configuration file settings.toml\n"
    )
    assert_gone(pid, Path(f"{pid}.child"))


def test_command_not_found(tmp_path: Path) -> None:
    r = run_cli(["check", "--mcp-stdio", "no-such-mcp-server --flag"], tmp_path)
    assert (r.returncode, r.stdout) == (5, "")
    assert r.stderr == (
        "silentlint: error: mcp server no-such-mcp-server (`no-such-mcp-server --flag`): "
        "cannot start: command not found: no-such-mcp-server\n"
    )


def test_connection_refused(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{_free_port()}/mcp"
    r = run_cli(["check", "--mcp-url", url, *FAST], tmp_path)
    assert (r.returncode, r.stdout) == (5, "")
    assert r.stderr == (
        f"silentlint: error: mcp server 127.0.0.1-mcp ({url}): cannot connect: "
        "connection refused (is the server running, on this port?)\n"
    )


def test_a_failed_server_does_not_stop_the_files_or_the_other_servers(tmp_path: Path) -> None:
    (tmp_path / "api.json").write_text((REPO / "examples" / "mcp-tools.json").read_text())
    r = run_cli(
        ["check", "api.json", "--mcp-stdio", "no-such-mcp-server", "--mcp-stdio", toolbox_cmd(), "--format", "json"],
        tmp_path,
    )
    assert r.returncode == 5
    assert json.loads(r.stdout)["files"] == ["api.json", SNAP]
    assert r.stderr.splitlines()[0] == (
        "silentlint: error: mcp server no-such-mcp-server (`no-such-mcp-server`): cannot start: command not found: "
        "no-such-mcp-server"
    )


# --- usage -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mcp-header", "Authorization: x"], "--mcp-header and --mcp-header-env apply to --mcp-url servers; no --mcp-url was given"),
        (["--mcp-url", "http://127.0.0.1:9/mcp", "--mcp-header", "Bad Name: secret-value"],
         "--mcp-header takes 'Name: value', got a header named '…' (the value is not shown)"),
        (["--mcp-url", "http://127.0.0.1:9/mcp", "--mcp-header-env", "Authorization=UNSET_TOKEN_VAR"],
         "mcp server 127.0.0.1-mcp (http://127.0.0.1:9/mcp): header Authorization comes from $UNSET_TOKEN_VAR, which is not set"),
        (["--mcp-stdio", "a", "--mcp-stdio", "b", "--mcp-snapshot", "x.json"],
         "--mcp-snapshot names the file of one server: give one --mcp-stdio or --mcp-url"),
        (["--mcp-url", "ftp://host/x"], "--mcp-url takes an http:// or https:// URL, got 'ftp://host/x'"),
        (["--mcp-stdio", "x", "--mcp-timeout", "0"], "--mcp-timeout takes a number of seconds above 0, got '0'"),
        (["--mcp-stdio", "'unterminated"], "--mcp-stdio \"'unterminated\": No closing quotation"),
    ],
)
def test_usage_errors_start_no_server(tmp_path: Path, args: list[str], message: str) -> None:
    r = run_cli(["check", *args], tmp_path)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == f"silentlint: error: {message}\n"
    assert "secret-value" not in r.stderr


def test_mcp_dump_with_no_server_is_a_usage_error(tmp_path: Path) -> None:
    r = run_cli(["mcp-dump", "--no-config"], tmp_path)
    assert r.returncode == 2
    assert r.stderr == (
        "silentlint: error: no MCP server to list: give --mcp-stdio or --mcp-url, or list servers under mcp-servers "
        "in the config (no config file found)\n"
    )


def test_without_the_mcp_extra_the_flag_says_what_to_install(tmp_path: Path) -> None:
    shadow = tmp_path / "shadow"
    (shadow / "mcp").mkdir(parents=True)
    (shadow / "mcp" / "__init__.py").write_text("raise ImportError('No module named mcp')\n")
    env = {"PYTHONPATH": f"{REPO}{os.pathsep}{shadow}"}
    # the shadow comes after the checkout but before site-packages, so `import mcp` fails
    r = run_cli(["check", "--mcp-stdio", "uvx mcp-server-time"], tmp_path, env=env)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        "silentlint: error: --mcp-stdio: MCP support needs the mcp extra: pip install 'mcp>=2.3,<3' (from a clone of "
        "silentlint: pip install '.[mcp]')\n"
    )
    # the rest of silentlint does not need it
    (tmp_path / "api.json").write_text((REPO / "examples" / "mcp-tools.json").read_text())
    assert run_cli(["check", "api.json", "--fail-on", "never", "-q"], tmp_path, env=env).returncode == 0
