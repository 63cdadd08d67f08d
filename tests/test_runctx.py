"""One run's state lives in its RunContext: nothing carries over from one run to the next."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

from linter.config import Config, parse_config
from linter.engine import run
from linter.limits import Limits
from linter.runctx import Reader, RunContext
from linter.sources.loader import LoadError, load_source

HERE = Path(__file__).parent

SPEC = """openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /people:
    get:
      parameters:
        - name: role
          in: query
          description: "One of: vp, director, manager."
          schema: {type: string}
      responses:
        '200': {description: ok}
"""


def test_a_detached_source_reads_again_through_its_runs_reader(tmp_path: Path) -> None:
    path = str(tmp_path / "given.yaml")  # no such file: its text was given (standard input)
    reader = Reader(Limits(), {path: SPEC.encode()})
    src = load_source(path, "given.yaml", reader=reader)
    twin = pickle.loads(pickle.dumps(src.detached()))  # as findings leave a worker
    assert not twin.has_text
    assert twin.reader.given == {path: SPEC.encode()} and twin.reader.limits == Limits()
    assert twin.text == SPEC
    assert twin.tree["paths"]["/people"]["get"]["parameters"][0]["name"] == "role"
    with pytest.raises(LoadError, match="no such file"):
        load_source(path, "given.yaml")  # the default reader was given nothing


def test_the_reader_limits_a_source_read_again(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(SPEC)
    src = load_source(str(tmp_path / "api.yaml"), "api.yaml", text=SPEC, reader=Reader(Limits(max_file_bytes=64)))
    with pytest.raises(LoadError) as err:
        src.detached().text
    assert (err.value.kind, err.value.message) == (
        "too-large", "file is 271 bytes, over the limit of 64 bytes (limits.max-file-bytes)"
    )


def test_texts_given_to_one_run_are_not_seen_by_the_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    given = {str(tmp_path / "stdin.yaml"): SPEC.encode()}
    first = run(["stdin.yaml"], Config(), select=["prose-enum"], given=given)
    assert [(f.rule, f.path) for f in first.findings] == [("prose-enum", "stdin.yaml")]
    assert first.run.reader.given == given
    second = run(["stdin.yaml"], Config(), select=["prose-enum"])
    assert (second.findings, [(p.path, p.message) for p in second.problems]) == ([], [("stdin.yaml", "no such file or directory")])


def test_limits_of_one_run_are_not_those_of_the_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "api.yaml").write_text(SPEC)
    monkeypatch.chdir(tmp_path)
    small = parse_config({"limits": {"max-file-bytes": 64}}, None)
    refused = run(["api.yaml"], small, select=["prose-enum"])
    assert [(p.path, p.kind) for p in refused.problems] == [("api.yaml", "too-large")]
    assert refused.run.limits.max_file_bytes == 64
    again = run(["api.yaml"], Config(), select=["prose-enum"])
    assert (again.problems, [f.rule for f in again.findings]) == ([], ["prose-enum"])


def test_each_run_has_its_own_context() -> None:
    a, b = RunContext(), RunContext()
    assert a.remote is not b.remote and a.fixes is not b.fixes
    assert a.limits == b.limits == Limits()


def test_the_diff_report_and_its_notices_plan_the_fixes_once_per_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from linter.fixes import collect
    from linter.report import ReportOptions
    from linter.report.diff import diff_notices, render_diff

    shutil.copytree(HERE / "rules" / "prose-enum", tmp_path / "prose-enum")
    monkeypatch.chdir(tmp_path)
    calls: list[int] = []
    real = collect.plan_fixes

    def counted(fixes: list) -> collect.Planned:  # type: ignore[type-arg]
        calls.append(len(fixes))
        return real(fixes)

    monkeypatch.setattr(collect, "plan_fixes", counted)
    first = run(["prose-enum"], Config(), select=["prose-enum"])
    assert diff_notices(first) == []
    patch = render_diff(first, ReportOptions())
    assert patch.startswith("diff --git a/prose-enum/") and len(calls) == 1
    assert first.run.planned.changed  # kept by the run, not by the module
    second = run(["prose-enum"], Config(), select=["prose-enum"])
    assert render_diff(second, ReportOptions()) == patch and len(calls) == 2
