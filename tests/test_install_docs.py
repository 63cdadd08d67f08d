"""What the README tells a user to run exists today: a clone, the Python it needs, the test
command CI runs, and a changelog entry for the version ``--version`` prints."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _quick_start() -> str:
    return README[README.index("## Quick start\n") : README.index("### Installing elsewhere\n")]


def _sh_blocks(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_quick_start_begins_with_a_clone_and_names_the_python_it_needs() -> None:
    quick = _quick_start()
    clone, install_and_run, test = _sh_blocks(quick)
    assert re.fullmatch(r"git clone https://github\.com/OWNER/REPO\.git silentlint && cd silentlint", clone)
    assert PROJECT["requires-python"] == ">=3.11"
    assert "Python 3.11 or newer" in quick
    assert install_and_run == "python3 -m venv .venv && . .venv/bin/activate && pip install . && silentlint check examples/"
    assert test == "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest"


def test_ci_runs_the_quick_start_test_command() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    test = _sh_blocks(_quick_start())[2]
    assert "pip install --quiet -e '.[test]'" in ci
    assert ci[-1] == test.rsplit("&& ", 1)[1] == "python -m pytest"


def test_nothing_points_at_a_release_that_does_not_exist() -> None:
    """No release tag and no package-index version is published yet: the README installs from a
    clone or a commit, never `@v0.1.0` or `silentlint==…`."""
    version = PROJECT["version"]
    assert f"@v{version}" not in README.replace(f"once there are, `@v{version}`", "")
    assert "pip install silentlint" not in README
    assert not re.search(r"rev: v\d", README)
    assert 'pip install "git+https://github.com/OWNER/REPO.git@COMMIT_SHA"' in README


def test_the_readme_shows_the_version_that_version_prints() -> None:
    assert f"silentlint --version              # silentlint {PROJECT['version']}\n" in README


def test_changelog_has_the_version_that_version_prints() -> None:
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", changelog, re.M)
    assert headings and headings[0] == PROJECT["version"]


def test_the_gitlab_ci_example_writes_formats_that_exist() -> None:
    import yaml

    from linter.cli import FORMATS

    section = README[README.index("## GitLab CI, Jenkins and other CI\n") : README.index("## pre-commit\n")]
    job = yaml.safe_load(re.search(r"```yaml\n(.*?)```", section, re.S).group(1))["silentlint"]
    install, check = job["script"]
    assert install == 'pip install "git+https://github.com/OWNER/REPO.git@COMMIT_SHA"'
    outputs = dict(o.split("=", 1) for o in re.findall(r"--output (\S+)", check))
    assert set(outputs) <= set(FORMATS) and outputs == {"gitlab": "gl-code-quality.json", "junit": "silentlint.xml"}
    assert job["artifacts"]["reports"] == {"codequality": outputs["gitlab"], "junit": outputs["junit"]}
