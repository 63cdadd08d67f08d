"""The engine: rule selection, severities, per-path overrides, baselines, suppressions, jobs.

Selection, severities, overrides and baselines run on the stub catalog (``tests/stub_catalog``):
its rules fire where a spec says FLAG, so adding a rule to the real catalog changes nothing here.
"""

from __future__ import annotations

import json
import pickle
import shutil
from pathlib import Path

import pytest

from linter.config import Config, parse_config
from linter.engine import baseline_json, exit_code, run
from linter.model import pointer_str

HERE = Path(__file__).parent
NO_ERRORS = """openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /x:
    get:
      responses: {"200": {description: OK}}
"""
FLAGGED = NO_ERRORS.replace("    get:\n", "    get:\n      summary: FLAG\n")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stub_catalog: dict[str, str]) -> Path:
    """Two specs, each with one operation the stub catalog's ``flagged-operation`` reports."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "api").mkdir()
    (tmp_path / "legacy").mkdir()
    (tmp_path / "api" / "a.yaml").write_text(FLAGGED)
    (tmp_path / "legacy" / "old.yaml").write_text(FLAGGED)
    (tmp_path / "notes.yaml").write_text("just: some\nother: yaml\n")
    return tmp_path


def rules_of(result) -> list[tuple[str, str, str]]:
    return [(f.path, f.rule, f.severity) for f in result.findings]


def test_directory_discovery_and_skips(project: Path) -> None:
    result = run(["."], Config(), jobs=1)
    assert result.files == ["api/a.yaml", "legacy/old.yaml"]
    assert result.skipped == ["notes.yaml"] and result.problems == []
    assert rules_of(result) == [
        ("api/a.yaml", "flagged-operation", "warning"),
        ("legacy/old.yaml", "flagged-operation", "warning"),
    ]
    assert exit_code(result, "warning") == 1
    assert exit_code(result, "error") == 0
    assert exit_code(result, "never") == 0


def test_severity_and_overrides(project: Path) -> None:
    cfg = parse_config(
        {"rules": {"flagged-operation": "error"}, "overrides": [{"files": ["legacy/**"], "rules": {"flagged-operation": "off"}}]},
        "c",
    )
    assert rules_of(run(["."], cfg, jobs=1)) == [("api/a.yaml", "flagged-operation", "error")]
    cfg = parse_config({"overrides": [{"files": ["legacy/**"], "rules": {"flagged-operation": "note"}}]}, "c")
    assert rules_of(run(["."], cfg, jobs=1))[1] == ("legacy/old.yaml", "flagged-operation", "note")


def test_select_ignore(project: Path) -> None:
    assert run(["."], Config(), ignore=["alpha"], jobs=1).findings == []
    assert run(["."], Config(), select=["flagged-field"], jobs=1).findings == []
    assert len(run(["."], parse_config({"select": ["alpha"]}, "c"), jobs=1).findings) == 2
    assert run(["."], parse_config({"ignore": ["flagged-operation"]}, "c"), jobs=1).findings == []
    assert set(run(["."], Config(), jobs=1).rules) == {"flagged-field", "flagged-operation", "unresolved-ref", "unused-suppression"}
    result = run(["."], Config(), select=["ALL"], jobs=1)
    assert set(result.rules) == {"flagged-field", "flagged-operation", "quiet-field", "unresolved-ref", "unused-suppression"}


def test_an_off_rule_runs_when_selected_at_warning(project: Path) -> None:
    (project / "api" / "a.yaml").write_text(
        FLAGGED.replace("      responses:", "      parameters:\n        - {name: q, in: query, description: QUIET, schema: {type: string}}\n"
                        "      responses:")
    )
    assert [f.rule for f in run(["api"], Config(), jobs=1).findings] == ["flagged-operation"]
    assert rules_of(run(["api"], Config(), select=["quiet-field"], jobs=1)) == [("api/a.yaml", "quiet-field", "warning")]
    assert rules_of(run(["api"], parse_config({"rules": {"quiet-field": "note"}}, "c"), jobs=1)) == [
        ("api/a.yaml", "flagged-operation", "warning"), ("api/a.yaml", "quiet-field", "note")
    ]


def test_include_exclude(project: Path) -> None:
    assert run(["."], parse_config({"exclude": ["legacy/**"]}, "c"), jobs=1).files == ["api/a.yaml"]
    assert run(["."], parse_config({"include": ["legacy/*.yaml"]}, "c"), jobs=1).files == ["legacy/old.yaml"]


def test_gitignore_respected(project: Path) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q", str(project)], check=True)
    (project / ".gitignore").write_text("legacy/\n")
    assert run(["."], Config(), jobs=1).files == ["api/a.yaml"]
    assert run(["."], parse_config({"respect-gitignore": False}, "c"), jobs=1).files == ["api/a.yaml", "legacy/old.yaml"]
    # naming an ignored directory lints it
    assert run(["legacy"], Config(), jobs=1).files == ["legacy/old.yaml"]


def test_baseline_round_trip(project: Path) -> None:
    first = run(["."], Config(), jobs=1)
    (project / "baseline.json").write_text(baseline_json(first.findings[:1]))
    data = json.loads((project / "baseline.json").read_text())
    assert data["findings"][0]["pointer"] == "/paths/~1x/get"
    # unrelated edit: lines move, the fingerprint stays
    (project / "api" / "a.yaml").write_text("# a new comment line\n\n" + FLAGGED)
    second = run(["."], Config(), baseline="baseline.json", jobs=1)
    assert second.baseline_suppressed == 1
    assert rules_of(second) == [("legacy/old.yaml", "flagged-operation", "warning")]


def test_shared_definition_reported_once_with_related(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(HERE / "engine" / "shared-params.yaml", tmp_path / "s.yaml")
    monkeypatch.chdir(tmp_path)
    result = run(["s.yaml"], Config(), select=["prose-enum"], jobs=1)
    (f,) = result.findings
    assert pointer_str(f.location.pointer) == "/components/parameters/Kind/description"
    assert [(r.label, pointer_str(r.pointer)) for r in f.related] == [
        ("GET /a", "/paths/~1a/get"),
        ("GET /b", "/paths/~1b/get"),
    ]
    assert f.message.startswith("GET /a › kind: ")


def test_same_shared_file_from_two_roots_merged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "common.yaml").write_text("Kind:\n  name: kind\n  in: query\n  description: 'One of: a, b, c.'\n  type: string\n")
    for name in ("one", "two"):
        (tmp_path / f"{name}.yaml").write_text(
            f'swagger: "2.0"\ninfo: {{title: {name}, version: "1"}}\npaths:\n  /{name}:\n    get:\n'
            f'      parameters: [{{$ref: "common.yaml#/Kind"}}]\n      responses: {{"200": {{description: OK}}, default: {{description: E}}}}\n'
        )
    for jobs in (1, 2):
        result = run(["one.yaml", "two.yaml", "common.yaml"], Config(), select=["prose-enum"], jobs=jobs)
        assert result.problems == [("common.yaml", "not an OpenAPI document or tool definition (nothing to lint)")] or [
            (p.path, p.message) for p in result.problems
        ] == [("common.yaml", "not an OpenAPI document or tool definition (nothing to lint)")]
        (f,) = result.findings
        assert f.path == "common.yaml"
        assert [r.label for r in f.related] == ["GET /one", "GET /two"]


def test_jobs_give_the_same_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(HERE / "rules", tmp_path / "rules")
    monkeypatch.chdir(tmp_path)
    one = run(["rules"], Config(), select=["ALL"], jobs=1)
    two = run(["rules"], Config(), select=["ALL"], jobs=2)
    key = lambda r: [(f.path, f.rule, f.message, f.region, f.fingerprint) for f in r.findings]  # noqa: E731
    assert key(one) == key(two)
    assert len(one.findings) > 10
    full = lambda r: [(f.path, f.rule, f.severity, f.message, f.region, f.evidence, f.fingerprint,  # noqa: E731
                       [(x.path, x.pointer, x.label) for x in f.related],
                       f.fix and (f.fix.description, f.fix.applicability,
                                  [(e.source.display_path, e.pointer, e.op, e.key, e.value) for e in f.fix.edits]))
                      for f in r.findings]
    assert full(one) == full(two)
    assert any(f.fix for f in two.findings) and any(f.related for f in two.findings)


def test_findings_pickle_field_for_field() -> None:
    """Worker outcomes cross processes by pickle; the compact form (constructor arguments)
    must carry every field of every model class, a fix's precomputed replacements included."""
    from linter.model import Edit, Finding, Fix, InputProblem, Location, Region, Source

    src = Source("/abs/a.yaml", "a.yaml", "text", {"t": 1}, "yaml")
    twin = src.detached()
    region = Region(3, 5, 3, 9, char_offset=40, char_length=4)
    loc = Location(twin, ("paths", "/a", "get", 0), region=region, label="GET /a")
    fix = Fix("add enum", (Edit(twin, ("components",), "add", "enum", ["a", "b"]),), "unsafe", ((twin, region, "x"),))
    f = Finding("prose-enum", "error", "msg", loc, (Location(twin, ("x",), label="op"),), {"values": [1]}, fix, "fp")
    back = pickle.loads(pickle.dumps([f, InputProblem("p", "m", "internal")], protocol=pickle.HIGHEST_PROTOCOL))
    g, problem = back
    assert [getattr(g, n) for n in ("rule", "severity", "message", "evidence", "fingerprint")] == [
        "prose-enum", "error", "msg", {"values": [1]}, "fp"
    ]
    assert g.location.region == region and g.location.label == "GET /a" and g.location.pointer == loc.pointer
    assert [(r.pointer, r.label) for r in g.related] == [(("x",), "op")]
    assert (g.fix.description, g.fix.applicability, g.fix.edits[0].value, g.fix.edits[0].op) == ("add enum", "unsafe", ["a", "b"], "add")
    assert g.fix.replacements[0][1:] == (region, "x")
    # one twin per file survives the trip: every location of the finding shares it
    assert g.location.source is g.related[0].source is g.fix.edits[0].source is g.fix.replacements[0][0]
    assert (g.location.source.abspath, g.location.source.display_path, g.location.source.syntax) == ("/abs/a.yaml", "a.yaml", "yaml")
    assert g.location.source.linted_text_is("text") is True
    assert problem == InputProblem("p", "m", "internal")


def test_refs_of_a_spec_outside_the_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spec named by absolute path elsewhere may use refs inside its own directory."""
    spec_dir = tmp_path / "elsewhere"
    shutil.copytree(HERE / "formats" / "multi", spec_dir)
    cwd = tmp_path / "work"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    result = run([str(spec_dir / "api.yaml")], Config(), select=["ALL"], jobs=1)
    assert result.problems == []
    assert [f.rule for f in result.findings if f.rule == "unresolved-ref"] == []
    state = [f for f in result.findings if f.rule == "prose-enum" and "state" in f.message]
    assert state and state[0].path == str(spec_dir / "schemas" / "common.yaml")


def test_a_crashing_rule_is_one_problem_naming_rule_and_subject(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A check that raises midway (after yielding a hit for an earlier field) makes the file an
    ``internal`` problem naming the rule and the field it was on; nothing of the file is
    reported, and the other files are linted."""
    import stub_catalog.flagged_field as flagged_field
    from linter.checks import check

    seen: list[str] = []

    @check("field")
    def boom(field, ctx):  # type: ignore[no-untyped-def]
        seen.append(field.label)
        if len(seen) == 2:
            raise ValueError("kaboom")
        yield from ()

    monkeypatch.setattr(flagged_field, "flagged_field", boom)
    (project / "api" / "a.yaml").write_text(
        NO_ERRORS.replace("      responses:", "      parameters:\n"
                          "        - {name: p, in: query, schema: {type: string}}\n"
                          "        - {name: q, in: query, schema: {type: string}}\n"
                          "      responses:")
    )
    result = run(["."], Config(), select=["flagged-field"], jobs=1)
    assert [(p.path, p.kind, p.message) for p in result.problems] == [
        ("api/a.yaml", "internal", f"internal error in rule flagged-field on {seen[1]}: ValueError: kaboom")
    ]
    assert result.files == ["legacy/old.yaml"] and result.findings == []
    assert seen[1].endswith("q")


@pytest.mark.parametrize(
    ("pointer", "text"),
    [
        ((), ""),
        (("paths", "/a/{b}", "get"), "/paths/~1a~1{b}/get"),
        (("a~b", "~1", 0, ""), "/a~0b/~01/0/"),
        (("x\0/y", "~"), "/x\0~1y/~0"),  # a NUL inside a part: escaped part by part
        (("",), "/"),
    ],
)
def test_pointer_str_escapes_each_part(pointer: tuple, text: str) -> None:
    assert pointer_str(pointer) == text


def test_fix_text_keeps_no_writer_of_a_finished_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fix writers cached while a file's SARIF fix text is made hold its text and positions;
    once the file is done nothing reuses them, so they must not outlive it (16 files' worth of a
    47 MB spec each otherwise stayed alive in every worker)."""
    shutil.copytree(HERE / "rules" / "prose-enum", tmp_path / "prose-enum")
    monkeypatch.chdir(tmp_path)
    result = run(["prose-enum"], Config(), jobs=1, fix_text=True)
    assert any(f.fix and f.fix.replacements for f in result.findings)
    assert (len(result.run.fixes.writers), len(result.run.fixes.aliases)) == (0, 0)


class _Cyclic:
    def __init__(self) -> None:
        self.me = self


def test_worker_collects_a_files_cycles_and_freezes_what_it_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """After each file a pool worker frees the cycles the file made (one young collection) and
    freezes what the file left alive, so no later collection scans it again."""
    import gc
    import weakref

    from linter import engine

    kept: list[object] = []
    refs: list[weakref.ref] = []

    def work(cand: object) -> str:
        cyclic = _Cyclic()
        refs.append(weakref.ref(cyclic))
        kept.append([cand])  # a survivor, as a cache entry is
        return "done"

    monkeypatch.setitem(engine._WORKER, "work", work)
    frozen = gc.get_freeze_count()
    try:
        assert pickle.loads(engine._work("a")) == "done"  # type: ignore[arg-type]
        assert refs[0]() is None  # the file's cycle was collected, not frozen
        assert gc.get_freeze_count() > frozen and gc.get_count()[0] == 0  # the survivors are frozen
    finally:
        gc.unfreeze()


def test_quick_frozen_init_behaves_as_the_dataclass_one() -> None:
    """Model classes get a faster ``__init__`` (slot descriptors instead of ``object.__setattr__``):
    same signature, defaults, equality, hashing and immutability as the generated one."""
    import dataclasses
    import inspect

    from linter.model import Finding, Location, Region, quick_frozen_init

    def make():
        @dataclasses.dataclass(frozen=True, slots=True)
        class P:
            a: int
            b: tuple = ()
            c: str = "x"
        return P

    plain, quick = make(), quick_frozen_init(make())
    assert inspect.signature(plain.__init__) == inspect.signature(quick.__init__)
    for args, kwargs in [((1,), {}), ((1, (2,)), {"c": "y"}), ((), {"a": 3, "c": "z"})]:
        p, q = plain(*args, **kwargs), quick(*args, **kwargs)
        assert (q.a, q.b, q.c) == (p.a, p.b, p.c) and repr(q).split("(", 1)[1] == repr(p).split("(", 1)[1]
    assert quick(1) == quick(1, (), "x") and hash(quick(1)) == hash(quick(1, (), "x")) and quick(1) != quick(2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick(1).a = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        quick()  # type: ignore[call-arg]
    assert Region(1, 2, 3, 4).char_length == 0 and Location("s", ("p",)).label == ""  # type: ignore[arg-type]
    assert Finding.__init__.__qualname__ == "Finding.__init__"
    with pytest.raises(AssertionError):
        @quick_frozen_init
        @dataclasses.dataclass(frozen=True, slots=True)
        class WithFactory:
            d: dict = dataclasses.field(default_factory=dict)


def test_a_yaml_alias_is_one_definition(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A field reused through YAML aliases is reported once, where the walk first reached it (the
    anchor), with the other operations related, as a field shared through ``$ref`` is."""
    shutil.copy(HERE / "rules" / "prose-enum" / "bad-yaml-alias.yaml", tmp_path / "api.yaml")
    monkeypatch.chdir(tmp_path)
    result = run(["api.yaml"], Config(), select=["prose-enum"])
    assert [(f.message.split(":")[0], f.location.pointer, f.region.start_line, [r.label for r in f.related])
            for f in result.findings] == [
        ("GET /orders › sort", ("paths", "/orders", "get", "parameters", 0, "description"), 12, ["GET /invoices"]),
        ("POST /orders › size", ("paths", "/orders", "post", "requestBody", "content", "application/json", "schema",
                                 "properties", "size", "description"), 26, ["POST /invoices"]),
    ]
