"""Discovery that says what it did: ``include`` globs (config and ``--include``) reach files that
do not end in .yaml/.yml/.json (github-mcp-server's ``__toolsnaps__/*.snap``), and a run that
lints no file exits 4 with one line saying why, instead of passing with "No findings in 0 files"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from clirun import run_cli
from linter.config import Config
from linter.engine import run
from linter.sources.discover import discover, names_files

HERE = Path(__file__).parent
SNAPS = HERE / "corpus" / "github-mcp-server"
SNAP_FILES = [
    "snaps/__toolsnaps__/get_gist.snap",
    "snaps/__toolsnaps__/get_me.snap",
    "snaps/__toolsnaps__/unstar_repository.snap",
]
# MCP reports a failed call through isError (missing-error-response), none of these three tools
# returns matches (missing-output-schema), and their annotations fit their names: the tool rules
# have nothing to say about them, so the run shows only which files it linted
SNAP_RULES = ("missing-error-response", "missing-output-schema", "missing-tool-annotations", "ambiguous-read-write")
SELECT = ["--select", ",".join(SNAP_RULES)]
SNAP_FINDINGS: list[tuple[str, str, int]] = []
SNAP_HINT = (
    "silentlint: no file linted: no .yaml, .yml or .json file among the 4 files under snaps; most are *.snap (3): "
    "lint them with --include '**/*.snap' or include: ['**/*.snap'] in the config"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(SNAPS, tmp_path / "snaps")
    return tmp_path


def found(r_stdout: str) -> tuple[list[str], list[tuple[str, str, int]]]:
    report = json.loads(r_stdout)
    return report["files"], [(f["rule"], f["path"], f["line"]) for f in report["findings"]]


def test_snapshot_directory_alone_exits_4_with_the_reason(project: Path) -> None:
    r = run_cli(["check", "snaps"], project)
    assert r.returncode == 4
    assert r.stdout == "No findings in 0 files.\n"
    assert r.stderr == SNAP_HINT + "\n"


def test_allow_empty_keeps_the_line_and_exits_0(project: Path) -> None:
    r = run_cli(["check", "snaps", "--allow-empty", "--format", "json"], project)
    assert r.returncode == 0
    assert json.loads(r.stdout)["files"] == []
    assert r.stderr == SNAP_HINT + " (allowed)\n"


def test_include_option_lints_the_snapshots(project: Path) -> None:
    r = run_cli(["check", "snaps", "--include", "**/*.snap", "--format", "json", *SELECT], project)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    files, findings = found(r.stdout)
    assert files == SNAP_FILES
    assert findings == SNAP_FINDINGS


def test_config_include_lints_the_snapshots(project: Path) -> None:
    (project / ".silentlint.yaml").write_text("include: ['**/*.snap']\n")
    r = run_cli(["check", "--format", "json", *SELECT], project)
    assert r.returncode == 0, r.stderr
    files, findings = found(r.stdout)
    assert files == SNAP_FILES
    assert findings == SNAP_FINDINGS


def test_include_adds_to_the_config_and_filters_api_files(project: Path) -> None:
    """With include globs, only the files they match are linted; --include adds to the config's."""
    (project / "api.yaml").write_text(
        'openapi: 3.0.3\ninfo: {title: A, version: "1"}\npaths:\n  /a:\n    get:\n'
        '      responses: {"200": {description: OK}, "400": {description: Bad}}\n'
    )
    (project / ".silentlint.yaml").write_text("include: ['*.yaml']\n")
    r = run_cli(["check", "--format", "json"], project)
    assert json.loads(r.stdout)["files"] == ["api.yaml"]
    r = run_cli(["check", "--format", "json", "--include", "snaps/__toolsnaps__/get_me.snap"], project)
    assert json.loads(r.stdout)["files"] == ["api.yaml", "snaps/__toolsnaps__/get_me.snap"]


def test_folder_glob_does_not_take_other_suffixes(project: Path) -> None:
    """``snaps/**`` names a folder, not files: it keeps the usual suffixes (a README.md under an
    included folder is not read as a spec)."""
    assert not names_files("snaps/**") and not names_files("snaps/") and not names_files("**")
    assert names_files("**/*.snap") and names_files("tools.txt") and names_files("snaps/*.snap")
    r = run_cli(["check", "snaps", "--include", "snaps/**"], project)
    assert r.returncode == 4
    assert r.stderr == (
        "silentlint: no file linted: no .yaml, .yml or .json file among the 4 files under snaps, and none matches "
        "the include globs (snaps/**); most are *.snap (3): lint them with --include '**/*.snap' or "
        "include: ['**/*.snap'] in the config\n"
    )


def test_explicit_snap_file_is_linted_without_include(project: Path) -> None:
    r = run_cli(["check", "snaps/__toolsnaps__/get_me.snap", "--format", "json", *SELECT], project)
    assert r.returncode == 0, r.stderr
    assert found(r.stdout)[0] == ["snaps/__toolsnaps__/get_me.snap"]


@pytest.mark.parametrize(
    ("setup", "args", "line"),
    [
        (
            {"empty/.keep/x": ""},
            ["check", "empty"],
            "empty holds no files (hidden folders and .venv, __pycache__, node_modules, site-packages, venv are "
            "not searched)",
        ),
        (
            {"conf/ci.yaml": "jobs: {}\n", "conf/package.json": '{"name": "x"}\n'},
            ["check", "conf"],
            "2 files found under conf, none an OpenAPI document or tool definition (--verbose lists them)",
        ),
        (
            {"api/a.yaml": "openapi: 3.0.3\n", ".silentlint.yaml": "exclude: ['api/']\n"},
            ["check", "api"],
            "the YAML/JSON file under api is left out by the exclude globs (api/) or .gitignore",
        ),
        (
            {"api/a.yaml": "openapi: 3.0.3\n", "api/b.json": "{}"},
            ["check", "api", "--include", "other/**"],
            "all 2 YAML/JSON files under api are left out by the include globs (other/**) or .gitignore",
        ),
    ],
)
def test_every_empty_run_says_why(tmp_path: Path, setup: dict[str, str], args: list[str], line: str) -> None:
    for name, text in setup.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    r = run_cli(args, tmp_path)
    assert (r.returncode, r.stderr) == (4, f"silentlint: no file linted: {line}\n")


def test_input_problems_keep_exit_3_and_skip_non_api_allows_empty(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("openapi: [\n")
    r = run_cli(["check", "bad.yaml"], tmp_path)
    assert r.returncode == 3 and "no file linted" not in r.stderr
    (tmp_path / "ci.yaml").write_text("jobs: {}\n")
    r = run_cli(["check", "--skip-non-api", "ci.yaml"], tmp_path)
    assert r.returncode == 0
    assert r.stderr == "silentlint: no file linted: 1 file found under ci.yaml, none an OpenAPI document or tool definition (--verbose lists them) (allowed)\n"


def test_discover_takes_named_suffixes_only(project: Path) -> None:
    (project / "snaps" / "README.md").write_text("# parameters\n")
    cands, problems = discover([str(project / "snaps")], str(project), include=("**/*.snap",))
    assert problems == []
    assert [c.display for c in cands] == SNAP_FILES
    result = run([str(project / "snaps")], Config(include=("**/*.snap",)), root=str(project))
    assert result.files == SNAP_FILES
