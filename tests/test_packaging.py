"""The rule catalog ships inside the wheel and is found from a wheel and an editable install."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from linter.catalog import catalog_dir, load_catalog

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(REPO)],
        check=True,
        capture_output=True,
    )
    (whl,) = out.glob("silentlint-*.whl")
    return whl


def test_wheel_carries_catalog_and_config_schema(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for rid in load_catalog():
        assert f"linter/_catalog/{rid}.yaml" in names
    assert "linter/config.schema.json" in names
    assert not any(n.startswith("rules/") for n in names)  # no top-level `rules` package
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    ).decode()
    assert "silentlint = linter.cli:main" in entry_points


def test_catalog_found_from_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = (
        "import linter, linter.catalog as c; "
        "print(linter.__file__); print(c.catalog_dir()); print(','.join(c.load_catalog()))"
    )
    env = dict(os.environ, PYTHONPATH=str(target))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    assert out[0].startswith(str(target))
    assert out[1] == str(target / "linter" / "_catalog")
    assert out[2].split(",") == list(load_catalog())


def test_catalog_found_from_source_tree() -> None:
    # the test suite runs from an editable install / checkout: the repository's rules/
    assert Path(str(catalog_dir())) == REPO / "rules"


def _pyproject() -> dict:
    import tomllib

    return tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]


def test_python_dash_m() -> None:
    out = subprocess.run([sys.executable, "-m", "linter", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout == f"silentlint {_pyproject()['version']}\n"


def test_version_and_project_url_come_from_the_installed_metadata(wheel: Path, tmp_path: Path) -> None:
    """Installed, there is no pyproject.toml beside the package: both come from the wheel's
    METADATA (Version, Project-URL: Homepage), which pyproject.toml wrote."""
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    env = dict(os.environ, PYTHONPATH=str(target))
    out = subprocess.run(
        [sys.executable, "-c", "import linter; print(linter.__file__); print(linter.__version__); print(linter.PROJECT_URL)"],
        cwd=tmp_path, env=env, check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert out[0].startswith(str(target))
    assert out[1:] == [_pyproject()["version"], _pyproject()["urls"]["Homepage"]]
    assert not (target / "pyproject.toml").exists()


def test_readme_rule_table_is_current() -> None:
    from linter.cli import rule_table_markdown

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start, end = "<!-- rules:start -->\n", "<!-- rules:end -->"
    table = readme[readme.index(start) + len(start) : readme.index(end)]
    assert table == rule_table_markdown(load_catalog()), "README rule table is stale: run `silentlint rules --format markdown`"
