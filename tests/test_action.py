"""The GitHub Action, run the way the runner runs a composite action.

action.yml is parsed and its ``run:`` steps are executed with ``bash --noprofile --norc -eo
pipefail`` (the runner's command line for ``shell: bash``), in a temporary workspace, with each
step's ``env:`` evaluated like GitHub evaluates expressions — into plain strings, never through
a shell — and a fresh ``GITHUB_OUTPUT``/``GITHUB_STEP_SUMMARY`` file per step. ``uses:`` steps
(actions/setup-python) are not run: their outputs are supplied (this interpreter). The install
step really runs once per module (a venv + ``pip install`` of the action's checkout), so the
lint step exercises the installed package, not the source tree.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from checkout import fresh_clone
from clirun import run_cli
from linter.action import set_output, split_paths
from test_discovery import SNAP_RULES

HERE = Path(__file__).parent
REPO = HERE.parent
ACTION: dict[str, Any] = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
_EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
# what our reporters print as workflow commands; anything else starting with `::` is injected
_OURS = re.compile(r"^::(?:error|warning|notice) (?:file=|title=)|^::notice::silentlint: |^::error::silentlint: ")


@dataclass
class ActionRun:
    code: int
    stdout: str = ""
    stderr: str = ""
    summary: str = ""
    outputs: dict[str, str] = field(default_factory=dict)
    steps: dict[str, dict[str, str]] = field(default_factory=dict)


def read_file_command(path: Path) -> dict[str, str]:
    """Parse a GITHUB_OUTPUT file: ``name=value`` lines and ``name<<DELIMITER`` blocks."""
    out: dict[str, str] = {}
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            while lines[i] != delimiter:
                value.append(lines[i])
                i += 1
            i += 1
            out[name] = "\n".join(value)
        else:
            name, _, value = line.partition("=")
            out[name] = value
    return out


def evaluate(text: str, ctx: dict[str, Any]) -> str:
    """``${{ … }}`` for the few contexts action.yml uses; anything else fails the test."""

    def one(m: re.Match[str]) -> str:
        expr = m.group(1)
        parts = expr.split(".")
        if parts[0] == "inputs" and len(parts) == 2:
            return ctx["inputs"][parts[1]]
        if expr == "github.action_path":
            return str(ctx["action_path"])
        if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
            return ctx["steps"].get(parts[1], {}).get(parts[3], "")
        raise AssertionError(f"action.yml uses an expression this harness does not know: {expr}")

    return _EXPR.sub(one, text)


def run_action(
    inputs: dict[str, str],
    workspace: Path,
    runner_temp: Path,
    *,
    done: dict[str, dict[str, str]] | None = None,
    stop_after: str | None = None,
    event: tuple[str, dict[str, Any]] | None = None,
    action_path: Path = REPO,
    extra_env: dict[str, str] | None = None,
) -> ActionRun:
    declared = ACTION["inputs"]
    assert set(inputs) <= set(declared), f"undeclared inputs {set(inputs) - set(declared)}"
    values = {name: str(spec.get("default", "")) for name, spec in declared.items()}
    values.update(inputs)
    ctx: dict[str, Any] = {"inputs": values, "steps": dict(done or {}), "action_path": action_path}
    result = ActionRun(0, steps=ctx["steps"])
    base_env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(runner_temp)),
        "LANG": "C.UTF-8",
        "GITHUB_ACTIONS": "true",
        "CI": "true",
        "GITHUB_WORKSPACE": str(workspace),
        "RUNNER_TEMP": str(runner_temp),
        **(extra_env or {}),
    }
    if event is not None:
        event_path = runner_temp / "event.json"
        event_path.write_text(json.dumps(event[1]), encoding="utf-8")
        base_env.update(GITHUB_EVENT_NAME=event[0], GITHUB_EVENT_PATH=str(event_path))
    for step in ACTION["runs"]["steps"]:
        sid = step["id"]
        if sid in (done or {}):
            continue
        if "uses" in step:
            assert step["uses"].startswith("actions/setup-python@"), step["uses"]
            ctx["steps"][sid] = {"python-path": sys.executable, "python-version": f"{sys.version_info[0]}.{sys.version_info[1]}"}
        else:
            assert step["shell"] == "bash"
            out_file, summary_file = runner_temp / f"output-{sid}", runner_temp / f"summary-{sid}"
            out_file.write_text("")
            summary_file.write_text("")
            env = dict(base_env, GITHUB_OUTPUT=str(out_file), GITHUB_STEP_SUMMARY=str(summary_file))
            env.update({k: evaluate(str(v), ctx) for k, v in (step.get("env") or {}).items()})
            script = runner_temp / f"step-{sid}.sh"
            script.write_text(step["run"], encoding="utf-8")
            proc = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                cwd=workspace, env=env, capture_output=True, text=True, timeout=900,
            )
            result.stdout += proc.stdout
            result.stderr += proc.stderr
            result.summary += summary_file.read_text(encoding="utf-8")
            ctx["steps"][sid] = read_file_command(out_file)
            if proc.returncode != 0:  # a failed step ends the composite action
                result.code = proc.returncode
                break
        if sid == stop_after:
            break
    result.outputs = {name: evaluate(spec["value"], ctx) for name, spec in ACTION["outputs"].items()}
    return result


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh clone of the repository: what `uses: ./` or `uses: OWNER/REPO@SHA` checks out."""
    path = tmp_path_factory.mktemp("clone") / "silentlint"
    fresh_clone(path)
    return path


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, clone: Path) -> dict[str, dict[str, str]]:
    """The action's setup and install steps, run once from a fresh clone: the outputs of both."""
    temp = tmp_path_factory.mktemp("runner-temp")
    ws = tmp_path_factory.mktemp("install-workspace")
    r = run_action({}, ws, temp, stop_after="install", action_path=clone)
    assert (r.code, r.stdout) == (0, ""), r.stdout + r.stderr
    python = r.steps["install"]["python"]
    assert python.startswith(str(temp)) and os.access(python, os.X_OK)
    return {k: r.steps[k] for k in ("python", "install")}


def direct(args: list[str], cwd: Path, installed: dict[str, dict[str, str]]) -> tuple[int, str]:
    """``silentlint check`` of the same installed package, from ``cwd`` (the expected output)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(cwd), "LANG": "C.UTF-8"}
    r = subprocess.run(
        [installed["install"]["python"], "-P", "-m", "linter", *args], cwd=cwd, env=env, capture_output=True, text=True
    )
    return r.returncode, r.stdout


def assert_no_injected_commands(text: str) -> None:
    for line in text.splitlines():
        if line.lstrip().startswith("::"):
            assert _OURS.match(line.lstrip()), f"unexpected workflow command: {line!r}"


# --- the action file itself -------------------------------------------------------------------


def test_action_metadata() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert set(ACTION["inputs"]) == {
        "paths", "config", "fail-on", "sarif-file", "annotations", "changed-only", "allow-empty", "mcp-command", "attest",
        "cards", "version",
    }
    assert ACTION["inputs"]["allow-empty"]["default"] == "false"
    assert ACTION["inputs"]["sarif-file"]["default"] == "silentlint.sarif"
    assert ACTION["inputs"]["annotations"]["default"] == "true"
    assert set(ACTION["outputs"]) == {"findings", "errors", "warnings", "sarif-file", "python", "attest-sarif-file",
                                      "cards-sarif-file"}
    steps = ACTION["runs"]["steps"]
    (setup,) = [s for s in steps if "uses" in s]
    # pinned by full commit, and the caller's Python is left alone
    assert re.fullmatch(r"actions/setup-python@[0-9a-f]{40}", setup["uses"])
    assert setup["with"]["update-environment"] is False
    for step in steps:
        if "run" in step:
            assert "${{" not in step["run"], f"expression inside run: of step {step['id']}"
            assert step["shell"] == "bash"


def test_split_paths() -> None:
    assert split_paths("api/ tools/x.json") == ["api/", "tools/x.json"]
    assert split_paths("my api/spec.yaml\n  tools dir/\n\n") == ["my api/spec.yaml", "tools dir/"]
    assert split_paths("$(touch x) `y`") == ["$(touch", "x)", "`y`"]
    assert split_paths("  ") == []


def test_set_output_cannot_add_lines(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.write_text("")
    set_output(str(out), "sarif-file", "a.sarif\nfindings=0")
    set_output(str(out), "findings", "3")
    assert read_file_command(out) == {"sarif-file": "a.sarif\nfindings=0", "findings": "3"}


# --- running it -------------------------------------------------------------------------------


def test_examples(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    shutil.copytree(REPO / "examples", ws / "examples")
    r = run_action({"paths": "examples"}, ws, temp, done=installed)

    expected_code, expected_json = direct(["check", "examples", "--format", "json"], ws, installed)
    summary = json.loads(expected_json)["summary"]
    assert r.code == expected_code == 1, r.stderr
    assert r.outputs == {
        "findings": str(summary["findings"]),
        "errors": str(summary["by_severity"]["error"]),
        "warnings": str(summary["by_severity"]["warning"]),
        "sarif-file": "silentlint.sarif",
        "python": installed["install"]["python"],
        "attest-sarif-file": "",
        "cards-sarif-file": "",
    }
    # annotations: exactly what `--format github` prints, capped per level
    _, annotations = direct(["check", "examples", "--format", "github"], ws, installed)
    assert r.stdout == annotations
    assert annotations.startswith("::")
    # the step summary is the markdown report
    _, markdown = direct(["check", "examples", "--format", "markdown"], ws, installed)
    assert r.summary == markdown
    assert "| Rule | Severity | Count |" in r.summary
    # the SARIF file is valid and complete
    sarif = json.loads((ws / "silentlint.sarif").read_text(encoding="utf-8"))
    schema = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    assert len(sarif["runs"][0]["results"]) == summary["findings"]


def test_text_instead_of_annotations_and_fail_on(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    shutil.copytree(REPO / "examples", ws / "examples")
    r = run_action(
        {"paths": "examples/mcp-tools.json", "annotations": "false", "fail-on": "never", "sarif-file": "out/lint.sarif"},
        ws, temp, done=installed,
    )
    assert r.code == 0, r.stderr
    assert not any(line.startswith("::") for line in r.stdout.splitlines())
    assert "examples/mcp-tools.json:" in r.stdout
    assert r.outputs["sarif-file"] == "out/lint.sarif"
    assert (ws / "out" / "lint.sarif").is_file()


def test_hostile_inputs_and_spec_text(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    evil_dir = ws / "$(touch pwned)"
    evil_dir.mkdir(parents=True)
    (evil_dir / "api.yaml").write_text(
        """openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /p:
    get:
      parameters:
        - name: "q%0A::error file=x::injected\\n::warning::second line"
          in: query
          description: "One of: `::error::owned`, `%0A::warning::x`, `plain`."
          schema: {type: string}
      responses:
        "200": {description: ok}
""",
        encoding="utf-8",
    )
    # a file whose name starts a new line with a command, and that cannot be parsed
    (ws / "bad\n::error::injected.yaml").write_text("openapi: [\n", encoding="utf-8")
    # a `linter` package in the repository must not shadow silentlint's (python -P)
    (ws / "linter").mkdir()
    (ws / "linter" / "__init__.py").write_text("open('pwned-linter', 'w').close()\n")
    paths = "$(touch pwned)\n`touch pwned2`\n--output=json=hacked.json\n.\n"
    r = run_action({"paths": paths, "sarif-file": "$(touch pwned3).sarif"}, ws, temp, done=installed)

    everything = r.stdout + r.stderr
    assert r.code == 3, everything  # "`touch pwned2`" and "--output=…" are missing files
    for root in (ws, temp, Path.cwd()):
        for name in ("pwned", "pwned2", "pwned3", "pwned-linter", "hacked.json"):
            assert not list(root.rglob(name)), f"{name} was created: something was executed"
    assert (ws / "$(touch pwned3).sarif").is_file()
    assert r.outputs["sarif-file"] == "$(touch pwned3).sarif"
    assert_no_injected_commands(everything)
    (annotation,) = [ln for ln in r.stdout.splitlines() if "title=prose-enum" in ln]
    assert annotation.startswith("::warning file=$(touch pwned)/api.yaml,line=9,")
    message = annotation.split("::", 2)[2]
    assert "q%250A::error file=x::injected%0A::warning::second line" in message
    assert "(::error::owned, %250A::warning::x, plain)" in message
    assert "::error file=bad%0A%3A%3Aerror%3A%3Ainjected.yaml::invalid YAML" in r.stdout
    assert "silentlint: bad\\n::error::injected.yaml: invalid YAML" in r.stderr
    assert "::error file=--output=json=hacked.json::no such file or directory" in r.stdout


def test_a_run_that_lints_nothing_fails_unless_allowed(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    """github-mcp-server keeps its tools in ``*.snap`` files: without an include glob nothing is
    linted, and the step must not pass as if all were well."""
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    shutil.copytree(HERE / "corpus" / "github-mcp-server", ws / "snaps")
    why = (
        "silentlint: no file linted: no .yaml, .yml or .json file among the 4 files under snaps; most are *.snap (3): "
        "lint them with --include '**/*.snap' or include: ['**/*.snap'] in the config"
    )
    r = run_action({"paths": "snaps"}, ws, temp, done=installed)
    assert r.code == 4
    assert r.stderr == why + "\n"
    assert r.stdout.endswith(
        "::error::silentlint: no file was linted (see the line above); set allow-empty: true if that is expected\n"
    )
    assert_no_injected_commands(r.stdout)
    r = run_action({"paths": "snaps", "allow-empty": "true"}, ws, temp, done=installed)
    assert r.code == 0
    assert r.stderr == why + " (allowed)\n"
    assert r.outputs["findings"] == "0"
    (ws / ".silentlint.yaml").write_text(f"include: ['**/*.snap']\nselect: [{', '.join(SNAP_RULES)}]\n")
    r = run_action({"paths": "snaps", "fail-on": "never"}, ws, temp, done=installed)
    assert (r.code, r.stderr, r.outputs["findings"]) == (0, "", "0")
    assert r.summary == "### silentlint\n\nNo findings. 3 files checked.\n"  # linted this time (MCP tools report failure through isError)
    r = run_action({"allow-empty": "maybe"}, ws, temp, done=installed)
    assert (r.code, r.stdout) == (2, "::error::silentlint: input allow-empty must be true or false\n")


def test_bad_inputs_fail_cleanly(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    ws.mkdir()
    temp.mkdir()
    r = run_action({"annotations": "yes"}, ws, temp, done=installed)
    assert (r.code, r.stdout) == (2, "::error::silentlint: input annotations must be true or false\n")
    r = run_action({"config": "a.yaml\n::error::x"}, ws, temp, done=installed)
    assert (r.code, r.stdout) == (2, "::error::silentlint: input config must be one line without control characters\n")
    # the version is checked before it reaches pip
    r = run_action({"version": "1.0 --index-url=http://x; touch pwned"}, ws, temp)
    assert r.code == 2 and "input version must be a version number" in r.stdout
    assert not list(ws.rglob("pwned"))


def _git(cwd: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout.strip()


def test_changed_only_on_a_pull_request(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    shutil.copytree(REPO / "examples", ws / "examples")
    # the rule of the finding on the changed line (a rule whose region spans it counts there too)
    (ws / ".silentlint.yaml").write_text("select: [prose-enum]\n")
    _git(ws, "init", "-q")
    _git(ws, "add", "-A")
    _git(ws, "commit", "-qm", "base")
    base = _git(ws, "rev-parse", "HEAD")
    spec = ws / "examples" / "people-api.yaml"
    lines = spec.read_text(encoding="utf-8").splitlines(keepends=True)
    (lineno,) = [i for i, ln in enumerate(lines, 1) if "One of: vp, director, manager, ic." in ln]
    lines[lineno - 1] = lines[lineno - 1].replace("ic.", "ic, intern.")
    spec.write_text("".join(lines), encoding="utf-8")
    _git(ws, "commit", "-qam", "pr")
    event = ("pull_request", {"pull_request": {"base": {"sha": base}}})
    r = run_action({"paths": "examples", "changed-only": "true"}, ws, temp, done=installed, event=event)
    assert r.code == 1, r.stdout + r.stderr
    assert r.outputs["findings"] == "1"
    (annotation,) = r.stdout.splitlines()
    assert annotation.startswith(f"::warning file=examples/people-api.yaml,line={lineno},")
    assert "intern" in annotation
    assert f"Only findings on lines changed since `{base[:12]}` are reported." in r.summary
    # the SARIF file keeps every finding: code scanning does its own pull-request filtering
    sarif = json.loads((ws / "silentlint.sarif").read_text(encoding="utf-8"))
    _, everything = direct(["check", "examples", "--format", "json"], ws, installed)
    assert len(sarif["runs"][0]["results"]) == json.loads(everything)["summary"]["findings"] > 1


# --- `silentlint check` inside GitHub Actions picks the github format --------------------------


def _many_findings_spec(n: int) -> str:
    params = "".join(
        f"""        - name: p{i}
          in: query
          description: "One of: a{i}, b{i}, c{i}."
          schema: {{type: string}}
"""
        for i in range(n)
    )
    return f"""openapi: 3.0.3
info: {{title: t, version: "1"}}
paths:
  /p:
    get:
      parameters:
{params}      responses:
        "200": {{description: ok}}
"""


def _check(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["check", *args], cwd, env={"HOME": str(cwd), **env})


def test_github_format_by_default_in_github_actions(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(_many_findings_spec(14), encoding="utf-8")
    args = ["api.yaml", "--select", "prose-enum"]
    r = _check(args, tmp_path, GITHUB_ACTIONS="true")
    assert r.returncode == 1
    lines = r.stdout.splitlines()
    # GitHub shows 10 warnings per step: 10 annotations, then one notice for the rest
    assert [ln.split(" ", 1)[0] for ln in lines] == ["::warning"] * 10 + ["::notice::silentlint:"]
    assert lines[-1].startswith("::notice::silentlint: 4 more findings not shown as annotations")
    assert "SARIF" in lines[-1]
    # an explicit --format wins, and outside GitHub Actions the default stays text
    assert _check([*args, "--format", "text"], tmp_path, GITHUB_ACTIONS="true").stdout.startswith("api.yaml:")
    assert _check(args, tmp_path).stdout.startswith("api.yaml:")
    assert _check(args, tmp_path, GITHUB_ACTIONS="false").stdout.startswith("api.yaml:")


def _readme_github() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme[readme.index("## GitHub\n") : readme.index("## pre-commit\n")]


def test_readme_workflow_matches_the_action() -> None:
    section = _readme_github()
    workflow = yaml.safe_load(re.search(r"```yaml\n(.*?)```", section, re.S).group(1))
    job = workflow["jobs"]["silentlint"]
    assert job["permissions"]["security-events"] == "write"
    checkout, lint, upload = job["steps"]
    assert checkout["uses"].startswith("actions/checkout@")
    # nothing is published yet: the repository at a full commit, never a tag that does not exist
    assert lint["uses"] == "OWNER/REPO@COMMIT_SHA"
    assert set(lint["with"]) <= set(ACTION["inputs"])
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["if"].startswith("always()")
    assert "head.repo.full_name == github.repository" in upload["if"]
    assert upload["with"]["category"] == "silentlint"
    assert upload["with"]["sarif_file"] == "${{ steps.silentlint.outputs.sarif-file }}"
    assert set(re.findall(r"steps\.silentlint\.outputs\.([\w-]+)", section)) <= set(ACTION["outputs"])


def test_readme_uses_dot_from_a_fresh_clone(installed: dict[str, dict[str, str]], clone: Path, tmp_path: Path) -> None:
    """The README's `uses: ./PATH` workflow, run as the runner would: silentlint's repository
    checked out at `path:`, the action run from that folder of the workspace."""
    blocks = [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", _readme_github(), re.S)]
    (steps,) = [b["steps"] for b in blocks if isinstance(b, dict) and "steps" in b]
    ours, silentlint_checkout, lint = steps
    assert ours == {"uses": "actions/checkout@v5"}
    assert silentlint_checkout["with"] == {"repository": "OWNER/REPO", "ref": "COMMIT_SHA", "path": ".silentlint"}
    assert lint["uses"] == "./" + silentlint_checkout["with"]["path"]
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    shutil.copytree(REPO / "examples", ws / "api")  # the user's specs, at the README's `paths:`
    shutil.copytree(clone, ws / ".silentlint")  # actions/checkout of OWNER/REPO@COMMIT_SHA
    r = run_action({k: str(v) for k, v in lint["with"].items()}, ws, temp, action_path=ws / ".silentlint")
    assert r.code == 1, r.stdout + r.stderr  # the examples have findings
    assert int(r.outputs["findings"]) > 0 and r.outputs["sarif-file"] == "silentlint.sarif"
    assert (ws / "silentlint.sarif").is_file()
    assert r.steps["install"]["python"].startswith(str(temp))


def test_version_input_installs_the_checkout_or_fails_in_one_line(clone: Path, tmp_path: Path) -> None:
    """`version` other than the action's own goes to the package index; no index (here: pip
    told to use none) gives one `::error::` line. The action's own version runs the checkout."""
    import tomllib

    own = tomllib.loads((clone / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    offline = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": ""}
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    ws.mkdir()
    temp.mkdir()
    r = run_action({"version": "9.9.9"}, ws, temp, action_path=clone, extra_env=offline)
    assert r.code == 1
    assert r.stdout == (
        "::error::silentlint: could not install silentlint 9.9.9 from the package index: "
        "No matching distribution found for silentlint==9.9.9; is 9.9.9 published? "
        f"Leave the version input empty to run the action's own version ({own})\n"
    )
    assert "silentlint==9.9.9" in r.stderr  # pip's own output, for the log
    # the action's own version is not looked up in the index: the checkout is built (and
    # without an index its build backend cannot be had, which names the checkout)
    r = run_action({"version": own}, ws, temp, action_path=clone, extra_env=offline)
    assert r.code == 1
    (line,) = r.stdout.splitlines()
    assert line.startswith(f"::error::silentlint: could not install silentlint {own} from the action's checkout: ")
    assert "hatchling" in line


def test_changed_only_without_a_base_reports_everything(installed: dict[str, dict[str, str]], tmp_path: Path) -> None:
    ws, temp = tmp_path / "ws", tmp_path / "temp"
    temp.mkdir()
    shutil.copytree(REPO / "examples", ws / "examples")
    r = run_action(
        {"paths": "examples", "changed-only": "true"}, ws, temp, done=installed, event=("workflow_dispatch", {"inputs": {}})
    )
    assert r.stdout.startswith("::notice::silentlint: changed-only found no base commit for this event")
    _, everything = direct(["check", "examples", "--format", "json"], ws, installed)
    assert r.outputs["findings"] == str(json.loads(everything)["summary"]["findings"])


def test_fail_on_input_takes_warn_and_info(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from linter import action

    shutil.copy(REPO / "examples" / "mcp-tools.json", tmp_path / "tools.json")
    monkeypatch.chdir(tmp_path)
    env = {"INPUT_PATHS": "tools.json", "INPUT_ANNOTATIONS": "false", "GITHUB_WORKSPACE": str(tmp_path)}
    codes = {value: action.run({**env, "INPUT_FAIL_ON": value}) for value in ("warn", "warning", "info", "note", "never")}
    assert codes == {"warn": 1, "warning": 1, "info": 1, "note": 1, "never": 0}
    with pytest.raises(action.ActionError, match="input fail-on must be one of error, warning, note, never"):
        action.run({**env, "INPUT_FAIL_ON": "warnings"})
    capsys.readouterr()
