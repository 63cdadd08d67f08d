"""benchmarks/bench.py: ``--baseline`` times another build's ``check`` beside this one's, the two
taking turns, and reports the median of the per-repeat ratios; an overriding command
(``$SILENTLINT_BENCH_CMD``) runs without this checkout on its path."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import statistics
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("silentlint_benchmark_bench", ROOT / "benchmarks" / "bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


bench = _bench()


def _runs(*walls: float) -> list:
    return [bench.Run(w, 10.0, 0) for w in walls]


def test_the_ratio_is_the_median_of_the_per_repeat_ratios() -> None:
    row = bench.Row("w", 1, 1.0)
    row.lint = _runs(1.0, 2.0, 3.0)
    row.baseline.runs = _runs(1.0, 1.0, 2.0)
    # per repeat 1.0, 2.0, 1.5: the median 1.5 (the ratio of the medians would say 2.0)
    assert bench.paired_ratio(row) == 1.5
    values = bench.row_values(row)
    assert values["baseline s"] == 1.0
    assert values["check/baseline"] == 1.5


def test_no_ratio_when_either_check_failed() -> None:
    row = bench.Row("w", 1, 1.0)
    row.lint = _runs(1.0)
    row.baseline.runs = _runs(1.0)
    row.baseline.error = "exit 2: other check"
    assert bench.paired_ratio(row) is None
    assert bench.blank(row, "check/baseline") == "failed"
    assert bench.blank(row, "baseline s") == "failed"
    assert row.failed
    row.baseline.error = ""
    row.error = "exit 2: check"
    assert bench.paired_ratio(row) is None
    assert bench.blank(row, "check/baseline") == "failed"
    assert bench.blank(row, "baseline s") == "-"


def test_an_overriding_command_does_not_import_this_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", "/elsewhere")
    monkeypatch.delenv("SILENTLINT_BENCH_CMD", raising=False)
    assert bench.lint_env()["PYTHONPATH"] == os.pathsep.join([str(ROOT), "/elsewhere"])
    monkeypatch.setenv("SILENTLINT_BENCH_CMD", "/opt/other-venv/bin/silentlint")
    assert bench.lint_env()["PYTHONPATH"] == "/elsewhere"


def _checkout_cmd() -> str:
    """This checkout's CLI as another build would be named: with its own PYTHONPATH."""
    return shlex.join(["env", f"PYTHONPATH={ROOT}", sys.executable, "-m", "linter"])


@pytest.fixture
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if not Path("/usr/bin/time").exists() or shutil.which("env") is None:
        pytest.skip("bench.py needs GNU time (/usr/bin/time) and env")
    out = tmp_path / "results"
    monkeypatch.setattr(bench, "RESULTS", out)
    monkeypatch.delenv("SILENTLINT_BENCH_CMD", raising=False)
    return out


def _written(results: Path) -> dict:
    (path,) = results.glob("*.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_baseline_run_takes_turns_and_reports_the_paired_ratio(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    specs = str(ROOT / "examples")
    assert bench.main(["run", specs, "--repeat", "3", "--no-audit", "--baseline", _checkout_cmd()]) == 0
    doc = _written(results)
    assert doc["baseline"] == {"command": shlex.split(_checkout_cmd())}
    (row,) = doc["rows"]
    assert row["first"] == ["check", "baseline", "check"]
    assert len(row["lint"]) == len(row["baseline"]["runs"]) == 3
    assert row["baseline"]["error"] == ""
    ratios = [a["wall_s"] / b["wall_s"] for a, b in zip(row["lint"], row["baseline"]["runs"])]
    (table,) = doc["table"]
    assert table["check/baseline"] == round(statistics.median(ratios), 3)
    assert table["baseline s"] == round(statistics.median(b["wall_s"] for b in row["baseline"]["runs"]), 3)
    out = capsys.readouterr().out
    assert f"baseline: {_checkout_cmd()}" in out
    assert "check/baseline per repeat: " in out and "(first: check, baseline, check)" in out
    header = next(line for line in out.splitlines() if line.startswith("workload"))
    assert header.split()[-3:] == ["baseline", "s", "check/baseline"]


def test_a_failing_baseline_is_reported_and_not_run_again(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    specs = str(ROOT / "examples")
    assert bench.main(["run", specs, "--repeat", "2", "--no-audit", "--baseline", "false"]) == 1
    (row,) = _written(results)["rows"]
    assert row["baseline"]["runs"] == []
    assert row["baseline"]["error"].startswith("exit 1, no JSON report: false check ")
    assert row["first"] == ["check", "baseline"]
    assert len(row["lint"]) == 2  # this build's check went on
    out = capsys.readouterr().out
    assert "baseline check FAILED (exit 1, no JSON report: false check" in out
    assert out.count(", baseline") == 1  # (the progress line of each run it was timed in)


@pytest.mark.parametrize(("given", "message"), [
    ("", "bench.py: --baseline needs a command"),
    ("python 'unclosed", "bench.py: --baseline: No closing quotation"),
])
def test_a_bad_baseline_is_a_usage_error(given: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["run", str(ROOT / "examples"), "--baseline", given]) == 2
    assert capsys.readouterr().err.strip() == message


def test_baseline_and_floor_only_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["run", str(ROOT / "examples"), "--floor-only", "--baseline", "silentlint"]) == 2
    assert capsys.readouterr().err.strip() == "bench.py: --baseline and --floor-only exclude each other"
