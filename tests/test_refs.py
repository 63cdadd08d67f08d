"""Hostile ``$ref``s: escapes from the project root are refused unread, chains and cycles are
walked once and reported once, and a document cannot pull in unbounded files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clirun import run_cli
from linter.config import Config, parse_config
from linter.engine import run
from linter.model import pointer_str
from linter.sources.refs import Workspace

REPO = Path(__file__).parent.parent
SENTINEL = "SENTINEL-7f3a"
SECRET = f"""Limit:
  name: limit
  in: query
  description: "{SENTINEL} One of: a, b, c."
  schema: {{type: string}}
"""

# A wrapper that runs the CLI with an audit hook recording every file opened under the given
# directory (and /etc/passwd): proof that a refused reference is not read, not just not shown.
AUDITED_CLI = """
import os, sys
watched = sys.argv[1]
opened = []
def hook(event, args):
    if event == "open" and args and isinstance(args[0], (str, bytes)):
        path = os.fsdecode(args[0])
        if path.startswith(watched) or path.startswith("/etc/passwd"):
            opened.append(path)
sys.addaudithook(hook)
from linter.cli import main
code = main(sys.argv[2:])
sys.stdout.flush()
sys.stderr.write("OPENED " + repr(opened) + "\\n")
sys.exit(code)
"""


def audited_cli(args: list[str], cwd: Path, watched: Path) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    r = subprocess.run(
        [sys.executable, "-c", AUDITED_CLI, str(watched), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    last = r.stderr.splitlines()[-1]
    assert last.startswith("OPENED "), r.stderr
    return r, eval(last[len("OPENED "):])  # noqa: S307 - our own repr of a list of str


# The rules these tests are about: unresolved-ref reports a reference refused, broken or cyclic;
# prose-enum fires on what a followed one reaches (SECRET and the chains' last parameter hold a
# prose enum), so a finding of it where none is expected means something was read. Runs with
# every rule (ALL) compare only these rules' findings: every rule still walks the hostile model,
# and a rule that crashes on it loses the file's findings.
REF_RULES = ("unresolved-ref", "prose-enum")


def spec_with_refs(refs_: list[str]) -> str:
    """One operation per reference; the ``$ref`` of operation ``i`` is on line ``6 + 4 * i``."""
    out = ["openapi: 3.0.3", 'info: {title: Hostile, version: "1"}', "paths:"]
    for i, ref in enumerate(refs_):
        out += [
            f"  /p{i}:",
            "    get:",
            f"      parameters: [{{$ref: {json.dumps(ref)}}}]",
            '      responses: {"200": {description: OK}, default: {description: Error}}',
        ]
    return "\n".join(out) + "\n"


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    """``project/`` (the root) next to ``outside/secret.yaml``, which holds a sentinel and a
    prose enum: if anything read it, a finding would quote it."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (outside / "secret.yaml").write_text(SECRET)
    (project / "link.yaml").symlink_to("../outside/secret.yaml")
    (project / "linkdir").symlink_to("../outside", target_is_directory=True)
    (project / "inside.yaml").write_text(SECRET.replace(SENTINEL, "INSIDE"))
    os.mkfifo(project / "fifo.yaml")
    return project, outside


def escapes(outside: Path) -> list[tuple[str, str]]:
    secret = str(outside / "secret.yaml")
    relative = "(only paths relative to the referring file are followed)"
    return [
        ("/etc/passwd", f"$ref to an absolute path not read: /etc/passwd {relative}"),
        (secret + "#/Limit", f"$ref to an absolute path not read: {secret}#/Limit {relative}"),
        ("file:///etc/passwd", f"$ref to a file: URL not read: file:///etc/passwd {relative}"),
        (f"file://{secret}#/Limit", f"$ref to a file: URL not read: file://{secret}#/Limit {relative}"),
        # file: URLs are refused even inside the root: a spec's references are relative paths
        ("file:inside.yaml#/Limit", f"$ref to a file: URL not read: file:inside.yaml#/Limit {relative}"),
        ("../outside/secret.yaml#/Limit", "$ref escapes the project root, not read: ../outside/secret.yaml#/Limit"),
        ("%2e%2e/outside/secret.yaml#/Limit", "$ref escapes the project root, not read: %2e%2e/outside/secret.yaml#/Limit"),
        ("sub/../../outside/secret.yaml", "$ref escapes the project root, not read: sub/../../outside/secret.yaml"),
        ("link.yaml#/Limit", "$ref leads outside the project root through a symbolic link, not read: link.yaml#/Limit"),
        (
            "linkdir/secret.yaml#/Limit",
            "$ref leads outside the project root through a symbolic link, not read: linkdir/secret.yaml#/Limit",
        ),
        ("C:\\x.yaml", "$ref uses a Windows path, not read: C:\\x.yaml (use a relative path with forward slashes)"),
        ("C:/x.yaml", "$ref uses a Windows path, not read: C:/x.yaml (use a relative path with forward slashes)"),
        (
            "\\\\server\\share\\x.yaml",
            "$ref uses a Windows path, not read: \\\\server\\share\\x.yaml (use a relative path with forward slashes)",
        ),
        ("//evil.example.com/x.yaml", f"$ref to a network path not read: //evil.example.com/x.yaml {relative}"),
        (
            "https://evil.example.com/x.yaml#/Limit",
            "remote $ref not fetched: https://evil.example.com/x.yaml#/Limit "
            "(remote references are fetched only with --allow-remote-refs)",
        ),
        ("ftp://evil.example.com/x.yaml", "$ref scheme ftp: is not supported, not read: ftp://evil.example.com/x.yaml"),
        ("x.yaml%00.png", "$ref path contains a NUL byte, not read: x.yaml%00.png"),
        ("fifo.yaml#/Limit", "$ref target fifo.yaml is not a regular file, not read"),
    ]


def test_escapes_are_refused_unread(tree: tuple[Path, Path]) -> None:
    project, outside = tree
    cases = escapes(outside)
    (project / "hostile.yaml").write_text(spec_with_refs([ref for ref, _ in cases]))
    r, opened = audited_cli(["check", "hostile.yaml", "--select", "ALL", "--format", "json", "--output", "sarif=out.sarif"], project, outside)
    assert r.returncode == 1, r.stderr
    assert opened == []
    findings = [f for f in json.loads(r.stdout)["findings"] if f["rule"] in REF_RULES]
    assert [(f["rule"], f["path"], f["line"], f["column"], f["message"]) for f in findings] == [
        ("unresolved-ref", "hostile.yaml", 6 + 4 * i, 21, message) for i, (_, message) in enumerate(cases)
    ]
    assert SENTINEL not in (project / "out.sarif").read_text()
    text, opened = audited_cli(["check", "hostile.yaml", "--select", "ALL", "--show-source"], project, outside)
    assert opened == [] and text.returncode == 1
    assert SENTINEL not in text.stdout + text.stderr and "root:" not in text.stdout


def test_escape_from_a_referenced_file_is_reported_there(tree: tuple[Path, Path]) -> None:
    """A file inside the root that references outside it: the finding is on its own ``$ref``."""
    project, outside = tree
    (project / "sub").mkdir()
    (project / "sub" / "params.yaml").write_text('Limit:\n  $ref: "../../outside/secret.yaml#/Limit"\n')
    (project / "api.yaml").write_text(spec_with_refs(["sub/params.yaml#/Limit", "sub/params.yaml#/Limit"]))
    r, opened = audited_cli(["check", "api.yaml", "--format", "json", "--select", "ALL"], project, outside)
    assert opened == []
    assert r.returncode == 1
    assert [(f["path"], f["line"], f["message"]) for f in json.loads(r.stdout)["findings"] if f["rule"] in REF_RULES] == [
        ("sub/params.yaml", 2, "$ref escapes the project root, not read: ../../outside/secret.yaml#/Limit")
    ]


def test_a_relative_file_inside_the_root_is_still_followed(tree: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    project, _ = tree
    (project / "alias.yaml").symlink_to("inside.yaml")  # a link that stays inside is fine
    (project / "api.yaml").write_text(spec_with_refs(["inside.yaml#/Limit", "./inside.yaml#/Limit", "alias.yaml#/Limit"]))
    monkeypatch.chdir(project)
    result = run(["api.yaml"], Config(), select=["unresolved-ref", "prose-enum"], jobs=1)
    assert [(f.rule, f.path, f.region.start_line if f.region else 0) for f in result.findings] == [
        ("prose-enum", "inside.yaml", 4)
    ]


# --- chains and cycles -----------------------------------------------------------------------


def chain_spec(n: int, entries: tuple[int, ...]) -> dict[str, object]:
    """Parameters P0 → P1 → … → P(n-1), the last a real parameter; one operation per entry."""
    params: dict[str, object] = {f"P{i}": {"$ref": f"#/components/parameters/P{i + 1}"} for i in range(n - 1)}
    params[f"P{n - 1}"] = {"name": "kind", "in": "query", "description": "One of: a, b, c.", "schema": {"type": "string"}}
    ok = {"200": {"description": "OK"}, "default": {"description": "Error"}}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Chain", "version": "1"},
        "paths": {
            f"/e{e}": {"get": {"parameters": [{"$ref": f"#/components/parameters/P{e}"}], "responses": ok}} for e in entries
        },
        "components": {"parameters": params},
    }


def test_a_10000_hop_chain_is_walked_once_and_reported_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "chain.json").write_text(json.dumps(chain_spec(10_000, (0, 5, 9990))))
    monkeypatch.chdir(tmp_path)
    hops = 0
    original = Workspace._resolve

    def counting(self: Workspace, *args: object) -> object:
        nonlocal hops
        hops += 1
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Workspace, "_resolve", counting)
    start = time.perf_counter()
    result = run(["chain.json"], Config(), select=["unresolved-ref", "prose-enum"], jobs=1)
    elapsed = time.perf_counter() - start
    # every distinct reference resolved once: "#/components/parameters/P0" … "P9999"
    assert hops == 10_000
    assert elapsed < 2.0, f"{elapsed:.2f} s"
    assert [(f.rule, pointer_str(f.location.pointer), f.message) for f in result.findings] == [
        (
            "unresolved-ref",
            "/paths/~1e0/get/parameters/0/$ref",
            "$ref chain longer than 256 hops (limits.max-ref-hops): 10000 hops from #/components/parameters/P0 "
            "to #/components/parameters/P9999",
        ),
        # /e9990 is 10 hops from the end: it is followed, and only its operation uses the field
        ("prose-enum", "/components/parameters/P9999/description", result.findings[1].message),
    ]
    assert [r.label for r in result.findings[1].related] == ["GET /e9990"]


def test_max_ref_hops_is_read_from_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "chain.json").write_text(json.dumps(chain_spec(300, (0,))))
    monkeypatch.chdir(tmp_path)
    assert [f.rule for f in run(["chain.json"], Config(), select=["unresolved-ref", "prose-enum"], jobs=1).findings] == [
        "unresolved-ref"
    ]
    raised = parse_config({"limits": {"max-ref-hops": 300}}, None)
    assert [f.rule for f in run(["chain.json"], raised, select=["unresolved-ref", "prose-enum"], jobs=1).findings] == [
        "prose-enum"
    ]
    # the raised limit was that run's only: the next run has its own
    assert [f.rule for f in run(["chain.json"], Config(), select=["unresolved-ref", "prose-enum"], jobs=1).findings] == [
        "unresolved-ref"
    ]
    low = parse_config({"limits": {"max-ref-hops": 2}}, None)
    (f,) = run(["chain.json"], low, select=["unresolved-ref"], jobs=1).findings
    assert f.message == (
        "$ref chain longer than 2 hops (limits.max-ref-hops): 300 hops from #/components/parameters/P0 "
        "to #/components/parameters/P299"
    )


def _cycle_files(root: Path, files: int) -> None:
    """``c0.yaml#/X`` → ``c1.yaml#/X`` → … → back to ``c0.yaml#/X``; or in one file when 1."""
    if files == 1:
        (root / "c0.yaml").write_text(
            "A: {$ref: '#/B'}\nB: {$ref: '#/C'}\nC: {$ref: '#/A'}\n"
        )
        return
    for i in range(files):
        (root / f"c{i}.yaml").write_text(f"X:\n  $ref: 'c{(i + 1) % files}.yaml#/X'\n")


@pytest.mark.parametrize(
    ("files", "entries", "message", "line"),
    [
        (1, ["c0.yaml#/A", "c0.yaml#/B", "c0.yaml#/C"], "$ref cycle: #/A → #/B → #/C → #/A", 1),
        (2, ["c0.yaml#/X", "c1.yaml#/X"], "$ref cycle: c0.yaml#/X → c1.yaml#/X → c0.yaml#/X", 2),
        (3, ["c2.yaml#/X", "c1.yaml#/X", "c0.yaml#/X"], "$ref cycle: c0.yaml#/X → c1.yaml#/X → c2.yaml#/X → c0.yaml#/X", 2),
    ],
)
def test_cycles_are_reported_once_with_their_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: int, entries: list[str], message: str, line: int
) -> None:
    """Every operation enters the cycle somewhere else; the cycle is one finding, at the member
    that sorts first, whatever the entry."""
    _cycle_files(tmp_path, files)
    (tmp_path / "api.yaml").write_text(spec_with_refs(entries))
    monkeypatch.chdir(tmp_path)
    result = run(["api.yaml"], Config(), select=["ALL"], jobs=1)
    assert [(f.rule, f.path, f.region.start_line if f.region else 0, f.message) for f in result.findings if f.rule in REF_RULES] == [
        ("unresolved-ref", "c0.yaml", line, message)
    ]


def test_self_cycle_inside_the_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "api.yaml").write_text(
        spec_with_refs(["#/components/parameters/Me"]) + "components:\n  parameters:\n    Me: {$ref: '#/components/parameters/Me'}\n"
    )
    monkeypatch.chdir(tmp_path)
    (f,) = [f for f in run(["api.yaml"], Config(), select=["ALL"], jobs=1).findings if f.rule in REF_RULES]
    assert (f.region.start_line if f.region else 0, f.message) == (
        10,
        "$ref cycle: #/components/parameters/Me → #/components/parameters/Me",
    )


def test_a_bad_reference_at_the_end_of_a_chain_is_reported_at_it_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "params.yaml").write_text("A: {$ref: '#/B'}\nB: {$ref: '#/Nope'}\n")
    (tmp_path / "api.yaml").write_text(spec_with_refs(["params.yaml#/A", "params.yaml#/B", "params.yaml#/A"]))
    monkeypatch.chdir(tmp_path)
    result = run(["api.yaml"], Config(), select=["ALL"], jobs=1)
    assert [(f.path, f.region.start_line if f.region else 0, f.message) for f in result.findings if f.rule in REF_RULES] == [
        ("params.yaml", 2, "$ref target not found: #/Nope (in this file)")
    ]


def test_max_ref_files_stops_loading_with_one_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(5):
        (tmp_path / f"f{i}.yaml").write_text(f"P:\n  name: p{i}\n  in: query\n  description: 'One of: a, b.'\n  schema: {{type: string}}\n")
    (tmp_path / "api.yaml").write_text(spec_with_refs([f"f{i}.yaml#/P" for i in (0, 1, 2, 3, 4, 0)]))
    (tmp_path / ".silentlint.yaml").write_text("limits:\n  max-ref-files: 3\n")
    monkeypatch.chdir(tmp_path)
    from linter.config import read_config_file

    result = run(["api.yaml"], read_config_file(".silentlint.yaml"), select=["unresolved-ref", "prose-enum"], jobs=1)
    got = [(f.rule, f.path, f.region.start_line if f.region else 0, f.message) for f in result.findings]
    assert got[0] == (
        "unresolved-ref",
        "api.yaml",
        6 + 4 * 3,
        "$ref not followed: this document already pulls in 3 files through $ref (limits.max-ref-files); "
        "no further file is loaded",
    )
    assert [(rule, path) for rule, path, _, _ in got[1:]] == [
        ("prose-enum", "f0.yaml"),
        ("prose-enum", "f1.yaml"),
        ("prose-enum", "f2.yaml"),
    ]


def test_cli_exit_code_and_position_of_a_cycle(tmp_path: Path) -> None:
    _cycle_files(tmp_path, 2)
    (tmp_path / "api.yaml").write_text(spec_with_refs(["c1.yaml#/X"]))
    r = run_cli(["check", "api.yaml", "--select", ",".join(REF_RULES)], tmp_path)
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == (
        "c0.yaml:2:3: error[unresolved-ref] $ref cycle: c0.yaml#/X → c1.yaml#/X → c0.yaml#/X"
    )


def test_messages_quote_references_on_one_line_and_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reference text is untrusted: control characters are escaped and long text is cut."""
    long = "/" + "x" * 500 + ".yaml"
    (tmp_path / "api.yaml").write_text(spec_with_refs(["sub\n::error::x.yaml#/P", long]))
    monkeypatch.chdir(tmp_path)
    result = run(["api.yaml"], Config(), select=["unresolved-ref"], jobs=1)
    assert [f.message for f in result.findings] == [
        "$ref scheme sub: is not supported, not read: sub\\x0a::error::x.yaml#/P",
        "$ref to an absolute path not read: " + long[:199] + "… (only paths relative to the referring file are followed)",
    ]
