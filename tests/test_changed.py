"""``--changed-since``: only findings on lines changed since a git ref (the pull-request view)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from clirun import run_cli
from linter.changed import ChangedLines, GitError, changed_lines, parse_patch, unquote_path
from linter.model import Region

HERE = Path(__file__).parent
REPO = HERE.parent
# several findings on separate lines (prose-enum on each description, missing-error-response)
SPEC_RULES = ["--select", "prose-enum,missing-error-response"]
SPEC = """openapi: 3.0.3
info: {title: People, version: "1"}
paths:
  /people:
    get:
      operationId: listPeople
      parameters:
        - name: level
          in: query
          description: "Seniority level. One of: vp, director, manager, ic."
          schema: {type: string}
        - name: sort
          in: query
          description: Sort direction by hire date, either `asc` or `desc`.
          schema: {type: string}
        - name: status
          in: query
          description: "Employment status. One of: active, on_leave, terminated."
          schema: {type: string}
      responses:
        "200": {description: ok}
"""
TOOLS = {
    "tools": [
        {
            "name": "search_invoices",
            "description": "Search invoices.",
            "inputSchema": {
                "type": "object",
                "properties": {"status": {"type": "string", "description": "One of: draft, open, paid, void."}},
            },
        }
    ]
}


def git(cwd: Path, *args: str) -> str:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com",
        GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
    )
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout.strip()


def cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd, env={"HOME": str(cwd)})  # HOME: git reads no user config


def findings(r: subprocess.CompletedProcess[str]) -> list[tuple[str, int, str]]:
    return [(f["path"], f["line"], f["rule"]) for f in json.loads(r.stdout)["findings"]]


def edit_line(path: Path, contains: str, old: str, new: str) -> int:
    """Replace ``old`` by ``new`` on the one line holding ``contains``; its 1-based number."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    (i,) = [i for i, ln in enumerate(lines) if contains in ln]
    assert old in lines[i]
    lines[i] = lines[i].replace(old, new)
    path.write_text("".join(lines), encoding="utf-8")
    return i + 1


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "people-api.yaml").write_text(SPEC, encoding="utf-8")
    (root / "mcp-tools.json").write_text(json.dumps(TOOLS, indent=2), encoding="utf-8")
    (root / "openai-tools.json").write_text(json.dumps(TOOLS), encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    return root


def test_only_findings_on_the_two_changed_lines(repo: Path) -> None:
    spec = repo / "people-api.yaml"
    first = edit_line(spec, "One of: vp, director, manager, ic.", "ic.", "ic, intern.")
    second = edit_line(spec, "either `asc` or `desc`", "Sort direction", "Sorting direction")
    everything = cli(["check", "--format", "json", *SPEC_RULES], repo)
    assert everything.returncode == 1
    all_findings = findings(everything)
    on_changed = [f for f in all_findings if f[0] == "people-api.yaml" and f[1] in (first, second)]
    assert ("people-api.yaml", first, "prose-enum") in on_changed
    assert ("people-api.yaml", second, "prose-enum") in on_changed
    assert len(all_findings) > len(on_changed)

    r = cli(["check", "--changed-since", "HEAD", "--format", "json", *SPEC_RULES], repo)
    assert r.returncode == 1, r.stderr
    assert findings(r) == on_changed
    hidden = len(all_findings) - len(on_changed)
    assert r.stderr == f"silentlint: {hidden} findings on lines not changed since HEAD not reported\n"
    # the exit code follows the reported findings
    assert cli(["check", "--changed-since", "HEAD", "--fail-on", "error", *SPEC_RULES], repo).returncode == 0
    assert cli(["check", "--changed-since", "HEAD", "--select", "missing-error-response"], repo).returncode == 0


def test_committed_changes_count_against_an_older_ref(repo: Path) -> None:
    line = edit_line(repo / "people-api.yaml", "One of: vp, director, manager, ic.", "ic.", "ic, intern.")
    git(repo, "commit", "-qam", "change")
    assert findings(cli(["check", "--changed-since", "HEAD", "--select", "prose-enum", "--format", "json"], repo)) == []
    assert findings(cli(["check", "--changed-since", "HEAD~1", "--select", "prose-enum", "--format", "json"], repo)) == [
        ("people-api.yaml", line, "prose-enum")
    ]


def test_merge_base_not_the_moving_branch(repo: Path) -> None:
    """Changes made on the base branch after the fork point are not the pull request's."""
    git(repo, "checkout", "-qb", "feature")
    git(repo, "checkout", "-q", "-")
    main = git(repo, "rev-parse", "--abbrev-ref", "HEAD")
    edit_line(repo / "people-api.yaml", "either `asc` or `desc`", "Sort direction", "Sorting direction")
    git(repo, "commit", "-qam", "base moves on")
    git(repo, "checkout", "-q", "feature")
    line = edit_line(repo / "people-api.yaml", "One of: vp, director, manager, ic.", "ic.", "ic, intern.")
    r = cli(["check", "--changed-since", main, "--select", "prose-enum", "--format", "json"], repo)
    assert findings(r) == [("people-api.yaml", line, "prose-enum")]


def test_new_untracked_renamed_and_odd_names(repo: Path) -> None:
    odd = repo / "my specs" / "ünïcode \"quoted\".yaml"
    odd.parent.mkdir()
    odd.write_text(SPEC, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "odd names")
    # renamed and changed on one line: only that line counts, under the new name
    git(repo, "mv", "my specs", "renamed specs")
    moved = repo / "renamed specs" / odd.name
    text = moved.read_text(encoding="utf-8")
    assert "One of: vp, director, manager, ic." in text
    line = edit_line(moved, "One of: vp, director, manager, ic.", "ic.", "ic, intern.")
    # an untracked new file counts as changed everywhere
    shutil.copy(repo / "mcp-tools.json", repo / "new-tools.json")
    # a deleted file is simply gone
    (repo / "openai-tools.json").unlink()

    r = cli(["check", "--changed-since", "HEAD", "--format", "json"], repo)
    got = findings(r)
    assert ("renamed specs/ünïcode \"quoted\".yaml", line, "prose-enum") in got
    assert {p for p, _, _ in got} == {"renamed specs/ünïcode \"quoted\".yaml", "new-tools.json"}
    everything = findings(cli(["check", "new-tools.json", "--format", "json"], repo))
    assert [f for f in got if f[0] == "new-tools.json"] == everything


def test_from_a_subdirectory(repo: Path) -> None:
    sub = repo / "api"
    sub.mkdir()
    shutil.move(repo / "people-api.yaml", sub / "people-api.yaml")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "move")
    line = edit_line(sub / "people-api.yaml", "One of: vp, director, manager, ic.", "ic.", "ic, intern.")
    r = cli(["check", ".", "--changed-since", "HEAD", "--select", "prose-enum", "--format", "json"], sub)
    assert findings(r) == [("people-api.yaml", line, "prose-enum")]


def test_errors_are_one_line_and_exit_2(repo: Path, tmp_path: Path) -> None:
    r = cli(["check", "--changed-since", "no-such-ref"], repo)
    assert (r.returncode, r.stderr) == (2, "silentlint: error: --changed-since: unknown git ref 'no-such-ref'\n")
    r = cli(["check", "--changed-since=--output=x"], repo)
    assert (r.returncode, r.stderr) == (2, "silentlint: error: --changed-since: unknown git ref '--output=x'\n")
    outside = tmp_path / "not-a-repo"
    outside.mkdir()
    r = cli(["check", "--changed-since", "HEAD"], outside)
    assert r.returncode == 2
    assert r.stderr == f"silentlint: error: --changed-since needs a git repository, and {outside} is not in one\n"
    r = cli(["check", "--changed-since", "HEAD", "--write-baseline", "b.json"], repo)
    assert r.returncode == 2 and "cannot be combined with --write-baseline" in r.stderr


def test_no_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(GitError, match="needs git"):
        changed_lines("HEAD", str(tmp_path))


# --- the parts --------------------------------------------------------------------------------


def test_unquote_path() -> None:
    assert unquote_path(b"plain name.yaml") == b"plain name.yaml"
    assert unquote_path(b'"b/q\\"t\\\\x\\ty.yaml"') == b'b/q"t\\x\ty.yaml'
    assert unquote_path(b'"b/\\303\\274.yaml"') == "b/ü".encode() + b".yaml"


def test_parse_patch_counts_hunk_bodies() -> None:
    patch = (
        b"diff --git a/x.yaml b/x.yaml\n"
        b"--- a/x.yaml\n"
        b"+++ b/x.yaml\n"
        b"@@ -3 +3,2 @@ ctx\n"
        b"-old\n"
        b"++++ b/not-a-header.yaml\n"  # an added line that reads "+++ b/…"
        b"+new\n"
        b"@@ -9,2 +10,0 @@\n"  # a pure deletion changes no line of the new file
        b"-a\n"
        b"-b\n"
        b"diff --git a/sp ace.yaml b/sp ace.yaml\n"
        b"--- a/sp ace.yaml\t\n"
        b"+++ b/sp ace.yaml\t\n"
        b"@@ -1 +1 @@\n"
        b"-x\n"
        b"+y\n"
        b"\\ No newline at end of file\n"
        b"diff --git a/gone.yaml b/gone.yaml\n"
        b"deleted file mode 100644\n"
        b"--- a/gone.yaml\n"
        b"+++ /dev/null\n"
        b"@@ -1 +0,0 @@\n"
        b"-x\n"
        b"diff --git a/new.yaml b/new.yaml\n"
        b"new file mode 100644\n"
        b"--- /dev/null\n"
        b"+++ b/new.yaml\n"
        b"@@ -0,0 +1 @@\n"
        b"+x\n"
    )
    assert parse_patch(patch) == {b"x.yaml": {3, 4}, b"sp ace.yaml": {1}, b"new.yaml": None}


def test_overlaps(tmp_path: Path) -> None:
    f = str(tmp_path / "a.yaml")
    changed = ChangedLines("base", {os.path.realpath(f): (5, 9)})
    assert changed.overlaps(f, Region(5, 1, 5, 10))
    assert changed.overlaps(f, Region(3, 1, 6, 2))
    assert not changed.overlaps(f, Region(6, 1, 8, 40))
    assert not changed.overlaps(f, Region(7, 3, 9, 1))  # ends at the very start of line 9
    assert changed.overlaps(f, None)
    assert not changed.overlaps(str(tmp_path / "b.yaml"), Region(5, 1, 5, 2))
