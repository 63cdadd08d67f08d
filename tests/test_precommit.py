"""The pre-commit hooks, run by pre-commit itself: from the README's ``.pre-commit-config.yaml``
(``repo:`` + a commit ``rev:``) and with ``pre-commit try-repo``.

pre-commit installs from a commit, so the files it needs (the package, the catalog,
pyproject.toml, README.md, .pre-commit-hooks.yaml — as they are in the working tree, committed or
not) are copied into a temporary git repository and committed there (``checkout.fresh_clone``).
pre-commit then builds its own virtualenv and pip-installs that repository (from PyPI for the
dependencies), once per module: the hook environment is cached in a shared PRE_COMMIT_HOME.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from checkout import fresh_clone
from clirun import run_cli

HERE = Path(__file__).parent
REPO = HERE.parent
HOOKS = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
NEEDED = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "linter/", "rules/")

BAD_SPEC = """openapi: 3.0.3
info: {title: People, version: "1"}
paths:
  /people:
    get:
      parameters:
        - name: level
          in: query
          description: "Seniority level. One of: vp, director, manager."
          schema: {type: string}
      responses:
        "200": {description: ok}
        "400": {description: bad request}
"""
GOOD_SPEC = BAD_SPEC.replace("schema: {type: string}", "schema: {type: string, enum: [vp, director, manager]}")
# what pre-commit passes besides the spec: YAML and JSON that are not API files, one of them
# not even valid YAML (a Helm template) and one with several documents (Kubernetes)
OTHER_FILES = {
    # the project's own config (pins the rules, so new rules elsewhere don't change this test)
    ".silentlint.yaml": "select: [prose-enum]\n",
    "package.json": '{"name": "web", "version": "1.0.0", "scripts": {"test": "jest"}}\n',
    ".github/workflows/ci.yml": "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n",
    "chart/templates/deployment.yaml": "{{- if .Values.enabled }}\napiVersion: apps/v1\nkind: Deployment\n{{- end }}\n",
    "k8s/all.yaml": "apiVersion: v1\nkind: Service\n---\napiVersion: v1\nkind: ConfigMap\n",
}


def _git_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "PRE_COMMIT", "GIT_"))}
    env.update(
        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.com", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
        PRE_COMMIT_HOME=str(home), NO_COLOR="1",
    )
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    if shutil.which("pre-commit", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")) is None:
        pytest.skip("pre-commit is not installed (it is in the test extras: pip install -e '.[test]')")
    base = tmp_path_factory.mktemp("precommit")
    env = _git_env(base / "home")
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    repo = base / "hook-repo"
    fresh_clone(repo, *NEEDED)
    return repo, env


def _project(root: Path, env: dict[str, str], spec: str) -> Path:
    root.mkdir()
    (root / "api").mkdir()
    (root / "api" / "people.yaml").write_text(spec, encoding="utf-8")
    for rel, text in OTHER_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"]):
        subprocess.run(cmd, cwd=root, env=env, check=True, capture_output=True)
    return root


def test_manifest() -> None:
    by_id = {h["id"]: h for h in HOOKS}
    assert set(by_id) == {"silentlint", "silentlint-fix", "silentlint-attest", "silentlint-cards"}
    assert by_id["silentlint"]["entry"] == "silentlint check --skip-non-api"
    assert by_id["silentlint-fix"]["entry"] == "silentlint fix --skip-non-api"
    for hook in HOOKS:
        assert hook["language"] == "python"
        assert hook["types_or"] == ["yaml", "json"]
        assert hook["require_serial"] is True


def test_manifest_validates() -> None:
    exe = shutil.which("pre-commit", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if exe is None:
        pytest.skip("pre-commit is not installed (it is in the test extras: pip install -e '.[test]')")
    r = subprocess.run([exe, "validate-manifest", str(REPO / ".pre-commit-hooks.yaml")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def readme_config(repo: Path, env: dict[str, str]) -> str:
    """The README's ``.pre-commit-config.yaml``, its repository and commit filled in."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## pre-commit\n") :]
    text = section[section.index("```yaml\n") + 8 : section.index("```\n", section.index("```yaml\n"))]
    (entry,) = yaml.safe_load(text)["repos"]
    assert entry == {"repo": "https://github.com/OWNER/REPO", "rev": "COMMIT_SHA", "hooks": [{"id": "silentlint"}]}
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout.strip()
    return text.replace("https://github.com/OWNER/REPO", str(repo)).replace("COMMIT_SHA", sha)


def test_check_hook_from_the_readme_config_fails_on_a_bad_spec_then_passes(hook_repo: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    repo, env = hook_repo
    project = _project(tmp_path / "project", env, BAD_SPEC)
    (project / ".pre-commit-config.yaml").write_text(readme_config(repo, env), encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=project, env=env, check=True)
    r = _run(["pre-commit", "run", "--all-files"], project, env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "api/people.yaml:9:" in r.stdout and "warning[prose-enum] GET /people › level" in r.stdout
    # the other YAML and JSON files were passed too, and skipped without a word
    for rel in OTHER_FILES:
        assert rel not in r.stdout, r.stdout

    (project / "api" / "people.yaml").write_text(GOOD_SPEC, encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=project, env=env, check=True)
    r = _run(["pre-commit", "run", "--all-files"], project, env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "silentlint" in r.stdout and "Passed" in r.stdout


def test_fix_hook_lifts_the_enum(hook_repo: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    repo, env = hook_repo
    project = _project(tmp_path / "project", env, BAD_SPEC)
    r = _run(["pre-commit", "try-repo", str(repo), "silentlint-fix", "--all-files"], project, env)
    # pre-commit fails a hook that modified files
    assert r.returncode == 1, r.stdout + r.stderr
    assert "files were modified by this hook" in r.stdout
    assert "enum:" in (project / "api" / "people.yaml").read_text(encoding="utf-8")
    for rel, text in OTHER_FILES.items():
        assert (project / rel).read_text(encoding="utf-8") == text


# --- --skip-non-api, the flag the hooks use ----------------------------------------------------


def _cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd, env={"HOME": str(cwd)})


def test_skip_non_api_skips_named_files_silently(tmp_path: Path) -> None:
    for rel, text in OTHER_FILES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    (tmp_path / "people.yaml").write_text(GOOD_SPEC, encoding="utf-8")
    files = ["people.yaml", *OTHER_FILES]
    # without the flag a named non-API file is an input error
    assert _cli(["check", *files], tmp_path).returncode == 3
    r = _cli(["check", "--skip-non-api", *files], tmp_path)
    assert (r.returncode, r.stderr) == (0, ""), r.stdout + r.stderr
    assert r.stdout == "No findings in 1 file.\n"
    r = _cli(["check", "--skip-non-api", "--verbose", "--format", "json", *files], tmp_path)
    assert sorted(json.loads(r.stdout)["skipped"]) == sorted(OTHER_FILES)


def test_skip_non_api_still_reports_a_broken_api_file(tmp_path: Path) -> None:
    (tmp_path / "openapi.yaml").write_text("openapi: 3.0.3\npaths: [\n", encoding="utf-8")
    (tmp_path / "tools.json").write_text('{"tools": [{"name": "x", "inputSchema": {', encoding="utf-8")
    r = _cli(["check", "--skip-non-api", "openapi.yaml", "tools.json", "missing.yaml"], tmp_path)
    assert r.returncode == 3
    assert "openapi.yaml: error: invalid YAML" in r.stdout
    assert "tools.json: error: invalid JSON" in r.stdout
    assert "missing.yaml" in r.stdout
