"""Fuzzing the whole pipeline with generated OpenAPI documents and tool sets.

Every example (see ``fuzz_strategies``) is written to a temporary directory and must come
through lint → every reporter → fix → re-lint with these properties:

- the engine raises nothing and reports no ``internal`` input problem (a crash in a rule or
  the model is reported that way rather than raised);
- every finding's region, and every SARIF region, lies inside its file;
- the SARIF log validates against the official SARIF 2.1.0 schema;
- the fix plans re-parse to exactly the old tree with the applied edits set (computed here, by
  hand), keep the BOM and line ends, are written, a second fix changes nothing, and the fixed
  findings are gone when the files are linted again;
- the command line prints no traceback (a few examples through a real subprocess).

Bounded by the Hypothesis profile ``ci`` (tests/conftest.py); ``benchmarks/fuzz.py`` runs the
same properties for longer.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import unquote

import pytest

from fuzz_strategies import Case, SpecFile, case
from hypothesis import event as _event
from hypothesis import example, given, settings
from hypothesis.control import currently_in_test_context
from jsonschema import validators

from linter.config import Config
from linter.engine import run
from linter.fixes import FixError, apply, plan
from linter.fixes.collect import edits_of, fixes_of
from linter.fixes.core import first_difference
from linter.model import Finding, Region, RunResult, get_at
from linter.report import ReportOptions, render
from linter.sources.loader import parse_text

REPO = Path(__file__).parent.parent
_SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text("utf-8"))
SARIF_VALIDATOR = validators.validator_for(_SARIF_SCHEMA)(_SARIF_SCHEMA)
REPORT_FORMATS = ("text", "json", "github", "markdown", "diff")
_LINE_END = re.compile(r"\r\n|\r|\n")


# ------------------------------------------------------------------------------ helpers


def event(what: str) -> None:
    """Statistics for ``--hypothesis-show-statistics``; a no-op when a regression test calls
    the checks directly."""
    if currently_in_test_context():
        _event(what)


def write_case(c: Case, directory: Path) -> list[str]:
    for f in c.files:
        (directory / f.name).write_bytes(f.data)
    return [f.name for f in c.files]


def lint(paths: list[str], root: Path) -> RunResult:
    return run([str(root / p) for p in paths], Config(), root=str(root), select=["ALL"], jobs=1)


def file_lines(abspath: str) -> list[str]:
    """The file as SARIF consumers count it: lines end at LF, CRLF or a lone CR; no BOM."""
    text = Path(abspath).read_bytes().decode("utf-8").removeprefix("\ufeff")
    return _LINE_END.split(text)


def assert_region_inside(region: Region, lines: list[str], what: str) -> None:
    sl, sc, el, ec = region.start_line, region.start_column, region.end_line, region.end_column
    assert 1 <= sl <= el <= len(lines), f"{what}: lines {sl}-{el} of {len(lines)}"
    assert 1 <= sc <= len(lines[sl - 1]) + 1, f"{what}: start column {sc}, line {sl} has {len(lines[sl - 1])}"
    assert 1 <= ec <= len(lines[el - 1]) + 1, f"{what}: end column {ec}, line {el} has {len(lines[el - 1])}"
    assert (el, ec) >= (sl, sc), f"{what}: ends before it starts"


def check_findings(result: RunResult) -> None:
    internal = [p for p in result.problems if p.kind == "internal"]
    assert not internal, internal
    for p in result.problems:
        assert "\n" not in p.message and "\r" not in p.message, p
    lines: dict[str, list[str]] = {}
    for f in result.findings:
        for loc in (f.location, *f.related):
            region = loc.resolve_region()
            if region is None:
                assert loc is not f.location, f"{f.rule} at {loc!r} has no region"
                continue
            path = loc.source.abspath
            if path not in lines:
                lines[path] = file_lines(path)
            assert_region_inside(region, lines[path], f"{f.rule} at {loc!r}")


def check_sarif(result: RunResult, root: Path) -> None:
    doc = json.loads(render("sarif", result, ReportOptions()))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in SARIF_VALIDATOR.iter_errors(doc)]
    assert not errors, errors[:5]
    lines: dict[str, list[str]] = {}

    def inside(artifact: dict[str, Any], region: dict[str, Any] | None, what: str) -> None:
        if region is None:
            return
        uri = unquote(artifact["uri"])
        path = str(root / uri) if artifact.get("uriBaseId") else uri.removeprefix("file://")
        if path not in lines:
            lines[path] = file_lines(path)
        # SARIF defaults: no endLine = the start line, no endColumn = the end of that line
        end_line = region.get("endLine", region["startLine"])
        end_column = region.get("endColumn", len(lines[path][end_line - 1]) + 1)
        r = Region(region["startLine"], region.get("startColumn", 1), end_line, end_column)
        assert_region_inside(r, lines[path], what)

    for res in doc["runs"][0]["results"]:
        for loc in res.get("locations", []) + res.get("relatedLocations", []):
            phys = loc.get("physicalLocation")
            if phys:
                inside(phys["artifactLocation"], phys.get("region"), res["ruleId"])
        for fx in res.get("fixes", []):
            for change in fx["artifactChanges"]:
                for rep in change["replacements"]:
                    inside(change["artifactLocation"], rep["deletedRegion"], f"{res['ruleId']} fix")


def intended_tree(text: str, syntax: str, edits: Iterable[Any]) -> Any:
    """The old text's tree with the edits set by hand, independently of the writers."""
    tree = parse_text(text, syntax)
    for e in edits:
        node = get_at(tree, e.pointer)
        key = next((k for k in node if str(k) == e.key), e.key)
        node[key] = json.loads(json.dumps(e.value))
    return tree


def _line_ends(text: str) -> set[str]:
    return set(_LINE_END.findall(text))


def check_fix_round_trip(result: RunResult, paths: list[str], root: Path) -> None:
    fixes = fixes_of(result.findings, unsafe=True)
    errors: list[FixError] = []
    plans = plan(edits_of(fixes), errors=errors)
    for err in errors:
        assert "\n" not in str(err), err
        event(f"fix refused: {re.sub(r'^[^:]*:[^ ]* ', '', str(err))[:60]}")
    for p in plans.values():
        bare_old, bare_new = p.old_text.removeprefix("\ufeff"), p.new_text.removeprefix("\ufeff")
        assert p.new_text.startswith("\ufeff") == p.old_text.startswith("\ufeff"), p.path
        if p.changed:
            event(f"fixed a {p.syntax} file")
            new_tree = parse_text(bare_new, p.syntax)
            want = intended_tree(bare_old, p.syntax, p.applied)
            diff = first_difference(new_tree, want, ordered=False)
            assert diff is None, f"{p.display_path}: differs at {diff}\n{p.new_text}"
            old_ends = _line_ends(bare_old)
            if len(old_ends) == 1:
                assert _line_ends(bare_new) <= old_ends, f"{p.display_path}: line ends mixed"
    refused = {id(e) for err in errors for e in err.edits}
    fixed: list[Finding] = [
        f for f in result.findings
        if f.fix is not None and f.fix.edits and not any(id(e) in refused for e in f.fix.edits)
        and all(e.source.abspath in plans for e in f.fix.edits)
    ]
    written = apply(plans)
    assert sorted(written) == sorted(k for k, p in plans.items() if p.changed)
    for k, p in plans.items():
        assert Path(k).read_bytes() == p.new_bytes()
    again = lint(paths, root)
    check_findings(again)
    still = {f.fingerprint for f in again.findings}
    back = [f"{f.rule} {f.location!r}: {f.message}" for f in fixed if f.fingerprint in still]
    assert not back, back
    if errors:
        return  # a refused fix may apply next time, once the edits it collided with are in
    second = plan(edits_of(fixes_of(again.findings, unsafe=True)), errors=[])
    changed = [p.display_path for p in second.values() if p.changed]
    assert not changed, f"a second fix changed {changed}"


def check_case(c: Case) -> None:
    event(c.flavor + (" mutated" if c.mutated else ""))
    with tempfile.TemporaryDirectory(prefix="silentlint-fuzz-") as tmp:
        root = Path(tmp)
        paths = write_case(c, root)
        result = lint(paths, root)
        check_findings(result)
        event(f"{len(result.findings)} findings" if len(result.findings) < 3 else "3+ findings")
        check_sarif(result, root)
        for fmt in REPORT_FORMATS:
            assert isinstance(render(fmt, result, ReportOptions(show_source=True)), str)
        check_fix_round_trip(result, paths, root)


# ------------------------------------------------------------- inputs the fuzzer found
#
# Each failed a property before its fix; they run as explicit examples of both properties and,
# with exact expectations, as the regression tests below.

REQUIRED_HOLDS_A_MAPPING = Case("mcp", True, (SpecFile("spec.json", (
    b'{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":'
    b'{"a":{"type":"string","description":"One of `x`, `y`."}},"required":[{},"a"]}}]}'
), "json-compact"),))
PARAMETER_SCHEMA_DOES_NOT_RESOLVE = Case("openapi-3.0", True, (SpecFile("spec.yaml", b"""\
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /a:
    get:
      parameters:
      - name: kind
        in: query
        description: Page size, between 1 and 50.
        schema: {$ref: 'C:\\s.yaml#/X'}
      - name: loop
        in: query
        description: "One of `x`, `y`."
        schema: {$ref: '#/components/schemas/Loop'}
      responses:
        default: {description: x}
components:
  schemas:
    Loop: {$ref: '#/components/schemas/Loop'}
""", "yaml-flow"),))
STRING_ARRAY_LENGTH = Case("openapi-3.0", False, (SpecFile("spec.yaml", """\
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /items:
    get:
      parameters:
      - name: team
        in: query
        schema:
          type: array
          items:
            type: string
          description: 名称，最多64个字符
      responses:
        default: {description: x}
""".encode(), "yaml-block"),))
FORMAT_IS_A_MAPPING = Case("mcp", True, (SpecFile("spec.json", (
    b'{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":'
    b'{"limit":{"type":"number","description":"max 0","format":{}}}}}]}'
), "json-compact"),))
PARAMETER_IN_IS_NULL = Case("openapi-3.0", True, (SpecFile("spec.yaml", b"""\
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /a:
    put:
      parameters:
      - name: status
        in: null
        description: One of `active`, `idle`.
        schema: {$ref: '#/components/schemas/Nope'}
      - name: bare
        description: One of `on`, `off`.
      responses:
        default: {description: x}
""", "yaml-block"),))
FOUND = (
    REQUIRED_HOLDS_A_MAPPING,
    PARAMETER_SCHEMA_DOES_NOT_RESOLVE,
    STRING_ARRAY_LENGTH,
    FORMAT_IS_A_MAPPING,
    PARAMETER_IN_IS_NULL,
)


# The rules the regressions below were found in (every rule still runs: ``lint`` selects ALL)
PROSE_RULES = ("prose-enum", "prose-bounds", "prose-format")


def _findings(c: Case, tmp_path: Path) -> list[tuple[str, str, str]]:
    result = lint(write_case(c, tmp_path), tmp_path)
    assert result.problems == []
    return [(f.rule, f.message, f.fix.description if f.fix else "") for f in result.findings if f.rule in PROSE_RULES]


def test_a_required_list_holding_a_mapping_is_no_internal_error(tmp_path: Path) -> None:
    """formats/common.py ``_object_leaves``: ``set(required)`` raised TypeError (unhashable
    dict), so the whole file was an ``internal`` input problem."""
    assert _findings(REQUIRED_HOLDS_A_MAPPING, tmp_path) == [
        ("prose-enum", "t › a: description lists 2 values (x, y) but the schema has no enum", "Add enum [x, y]"),
    ]


def test_no_fix_lands_on_a_parameter_whose_schema_does_not_resolve(tmp_path: Path) -> None:
    """fixes/build.py: the model falls back to the OpenAPI 3 parameter object when its schema
    $ref dangles or loops, and the fix wrote ``minimum``/``enum`` there — meaningless, so the
    finding came back after every fix."""
    assert _findings(PARAMETER_SCHEMA_DOES_NOT_RESOLVE, tmp_path) == [
        (
            "prose-bounds",
            'GET /a › kind: description states minimum 1, maximum 50 ("between 1 and 50") but the schema '
            "has no minimum or maximum (no automatic fix: the parameter has no schema that resolves)",
            "",
        ),
        (
            "prose-enum",
            "GET /a › loop: description lists 2 values (x, y) but the schema has no enum "
            "(no automatic fix: the parameter has no schema that resolves)",
            "",
        ),
    ]


def test_a_format_that_is_a_mapping_is_no_internal_error(tmp_path: Path) -> None:
    """prose/analyse.py ``gaps``: ``schema.get("format") in _VALUE_FORMATS`` hashed the value,
    and a mapping there raised TypeError inside example-only-vocabulary."""
    assert _findings(FORMAT_IS_A_MAPPING, tmp_path) == [
        ("prose-bounds", 't › limit: description states maximum 0 ("max 0") but the schema has no maximum', "Add maximum: 0"),
    ]


def test_a_parameter_with_a_broken_in_is_still_not_a_schema(tmp_path: Path) -> None:
    """fixes/build.py: the parameter was first recognized by its ``in`` string; ``in: null``
    (or no ``in`` at all) let the enum land on the parameter object again."""
    assert _findings(PARAMETER_IN_IS_NULL, tmp_path) == [
        (
            "prose-enum",
            f"PUT /a › {name}: description lists 2 values ({values}) but the schema has no enum "
            "(no automatic fix: the parameter has no schema that resolves)",
            "",
        )
        for name, values in (("status", "active, idle"), ("bare", "on, off"))
    ]


def test_no_fix_is_written_beside_a_ref(tmp_path: Path) -> None:
    from linter.fixes.build import NoFix, keyword_fix
    from linter.model import Field, Location
    from linter.sources.loader import load_source

    (tmp_path / "s.yaml").write_text("s: {$ref: '#/nope', description: between 1 and 5}\n")
    src = load_source(str(tmp_path / "s.yaml"), "s.yaml")
    loc = Location(src, ("s",))
    field = Field("s", "s", "body", False, {"$ref": "#/nope"}, "between 1 and 5", loc, loc)
    with pytest.raises(NoFix, match=r"^the schema is a \$ref that does not resolve$"):
        keyword_fix(field, {"minimum": 1}, "safe", on_items=False)


def test_a_string_array_length_fix_is_not_reported_again(tmp_path: Path) -> None:
    """prose/analyse.py: the fix puts ``maxLength`` on an array's items (where it means the
    string length), but the check looked only at the array, so the finding stayed."""
    assert _findings(STRING_ARRAY_LENGTH, tmp_path) == [
        (
            "prose-bounds",
            'GET /items › team: description states maxLength 64 for each item ("最多64个字符") but the schema has no maxLength',
            "Add maxLength: 64 to the array's items",
        ),
    ]
    check_case(STRING_ARRAY_LENGTH)
    fixed = STRING_ARRAY_LENGTH.files[0].data.decode().replace(
        "            type: string\n", "            type: string\n            maxLength: 64\n"
    )
    (tmp_path / "spec.yaml").write_text(fixed)
    assert [f for f in lint(["spec.yaml"], tmp_path).findings if f.rule in PROSE_RULES] == []


# ------------------------------------------------------------------------------ properties


def _found(test):  # type: ignore[no-untyped-def]
    for c in FOUND:
        test = example(c)(test)
    return test


@_found
@given(case(mutate=False))
def test_generated_documents_lint_report_and_fix_cleanly(c: Case) -> None:
    check_case(c)


@_found
@given(case(mutate=True))
def test_mutated_documents_lint_report_and_fix_cleanly(c: Case) -> None:
    check_case(c)


@settings(max_examples=max(5, settings.default.max_examples // 12))
@given(case())
def test_the_cli_never_prints_a_traceback(c: Case) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    with tempfile.TemporaryDirectory(prefix="silentlint-fuzz-cli-") as tmp:
        paths = write_case(c, Path(tmp))
        for args in (
            ["check", "--select", "ALL", "--format", "json", "--output", "sarif=out.sarif", *paths],
            ["fix", "--unsafe", *paths],
        ):
            r = subprocess.run(
                [sys.executable, "-m", "linter", args[0], "--no-config", *args[1:]],
                cwd=tmp, capture_output=True, text=True, env=env, timeout=120,
            )
            assert "Traceback" not in r.stderr, r.stderr
            assert r.returncode in (0, 1, 3), (args, r.returncode, r.stderr)
            assert all(line.startswith("silentlint: ") for line in r.stderr.splitlines()), r.stderr
        SARIF_VALIDATOR.validate(json.loads((Path(tmp) / "out.sarif").read_text("utf-8")))
