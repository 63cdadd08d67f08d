"""The TCC card and observation schemas ship in the wheel and are found when installed."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = ("linter/evidence/tcc-card.schema.json", "linter/evidence/tcc-observations.schema.json")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(REPO)],
        check=True, capture_output=True,
    )
    (whl,) = out.glob("silentlint-*.whl")
    return whl


def test_wheel_carries_the_card_schemas_and_requires_rfc8785(wheel: Path) -> None:
    z = zipfile.ZipFile(wheel)
    names = set(z.namelist())
    for name in SCHEMAS:
        assert name in names
        assert z.read(name) == (REPO / name).read_bytes()
    metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Requires-Dist: rfc8785>=0.1.4" in metadata.splitlines()


def test_card_schema_found_from_the_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = "import linter.evidence.cards as c; print(c.__file__); print(c.schema()['title'])"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(target)),
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert out == [str(target / "linter" / "evidence" / "cards.py"), "Task–call contract (TCC) card, version 0.1"]
