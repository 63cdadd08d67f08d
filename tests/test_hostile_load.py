"""Hostile and broken bytes, resource bombs: one clear line, a documented exit code, bounded cost.

Every refusal is asserted exactly (stderr line, exit code 3, the JSON report's problem kind) and
without a traceback. Sizes stay small here; benchmarks/bombs.py runs the full-size bombs.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from clirun import run_cli
from linter.limits import Limits

REPO = Path(__file__).parent.parent

SPEC = """openapi: 3.0.3
info: {title: Orders, version: "1"}
paths:
  /orders:
    get:
      parameters:
        - name: status
          in: query
          description: "One of: open, closed, void."
          schema: {type: string}
      responses:
        "200": {description: The orders, content: {application/json: {schema: {type: array, items: {type: object}}}}}
        default: {description: Error}
"""
# the one finding SPEC yields: (rule, line, column, end line, end column)
SPEC_FINDING = ("prose-enum", 9, 11, 9, 53)

SPEC_JSON = """{
  "openapi": "3.0.3",
  "info": {"title": "Orders", "version": "1"},
  "paths": {"/orders": {"get": {
    "parameters": [{"name": "status", "in": "query",
                    "description": "One of: open, closed, void.", "schema": {"type": "string"}}],
    "responses": {"default": {"description": "Error"},
                  "200": {"description": "The orders", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}
  }}}
}
"""
SPEC_JSON_FINDING = ("prose-enum", 6, 21, 6, 65)
# What these tests lint with, unless a test selects its own rules: the rule of SPEC's finding,
# and the rules that read the file's text and parse facts (bytes, line endings and limits must
# not make them fire). The tests are about loading, so a rule added to the catalog leaves them be.
LOAD_RULES = ["--select", "prose-enum,duplicate-key,yaml-coerced-value"]


def cli(args: list[str], cwd: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd, timeout=timeout)


def refused(tmp_path: Path, name: str, *extra: str) -> tuple[str, str, float]:
    """Lint one file that must be refused: (stderr line, problem kind, seconds)."""
    start = time.monotonic()
    r = cli(["check", name, "--format", "json", *extra], tmp_path)
    took = time.monotonic() - start
    assert r.returncode == 3, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    (problem,) = json.loads(r.stdout)["problems"]
    line = r.stderr.rstrip("\n")
    assert "\n" not in line
    assert line == f"silentlint: {name}: {problem['message']}"
    return problem["message"], problem["kind"], took


def findings(tmp_path: Path, name: str, *extra: str) -> list[tuple[str, int, int, int, int]]:
    """``check``'s findings, with LOAD_RULES unless ``extra`` selects the rules."""
    select = [] if "--select" in extra else LOAD_RULES
    r = cli(["check", name, "--format", "json", *select, *extra], tmp_path)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    assert r.stderr == ""
    return [(f["rule"], f["line"], f["column"], f["end_line"], f["end_column"]) for f in json.loads(r.stdout)["findings"]]


def limits_config(tmp_path: Path, **limits: object) -> None:
    body = "".join(f"  {k.replace('_', '-')}: {json.dumps(v)}\n" for k, v in limits.items())
    (tmp_path / ".silentlint.yaml").write_text("limits:\n" + body, encoding="utf-8")


# ------------------------------------------------------------------------------- size


def test_file_over_the_default_size_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:  # sparse: 200 MiB that cost no disk and are never read
        fh.truncate(200 * 1024 * 1024)
    message, kind, took = refused(tmp_path, "huge.json")
    assert message == "file is 200.0 MiB, over the limit of 128.0 MiB (limits.max-file-bytes)"
    assert kind == "too-large"
    assert took < 10


def test_file_size_limit_from_config(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_text(SPEC, encoding="utf-8")
    limits_config(tmp_path, max_file_bytes=300)
    message, kind, _ = refused(tmp_path, "spec.yaml")
    assert (message, kind) == (f"file is {len(SPEC)} bytes, over the limit of 300 bytes (limits.max-file-bytes)", "too-large")
    limits_config(tmp_path, max_file_bytes=len(SPEC))
    assert findings(tmp_path, "spec.yaml") == [SPEC_FINDING]


# ---------------------------------------------------------------------------- aliases

LOL = 'openapi: 3.0.3\ninfo: {title: lol, version: "1"}\npaths: {}\nlol1: &l1 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(2, 10)
)


def test_billion_laughs_is_refused_fast(tmp_path: Path) -> None:
    (tmp_path / "lol.yaml").write_text(LOL, encoding="utf-8")
    message, kind, took = refused(tmp_path, "lol.yaml")
    assert message == "YAML aliases expand to more than 1,000,000 nodes (limits.max-alias-nodes)"
    assert kind == "too-large"
    assert took < 10


def test_alias_limit_from_config(tmp_path: Path) -> None:
    text = LOL.split("lol4:")[0]  # 9**3 = 729 scalars once expanded
    (tmp_path / "lol.yaml").write_text(text, encoding="utf-8")
    limits_config(tmp_path, max_alias_nodes=500)
    message, _, _ = refused(tmp_path, "lol.yaml")
    assert message == "YAML aliases expand to more than 500 nodes (limits.max-alias-nodes)"
    limits_config(tmp_path, max_alias_nodes=2000)
    assert findings(tmp_path, "lol.yaml") == []


def test_recursive_alias_is_refused(tmp_path: Path) -> None:
    (tmp_path / "loop.yaml").write_text('openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: &p {a: *p}\n', encoding="utf-8")
    message, kind, _ = refused(tmp_path, "loop.yaml")
    assert (message, kind) == ("invalid YAML: an alias refers to a node that contains it (a recursive structure)", "parse")


def test_anchors_aliases_and_merge_keys_still_lint(tmp_path: Path) -> None:
    spec = """openapi: 3.0.3
info: {title: Orders, version: "1"}
x-parameters:
  status: &status
    name: status
    in: query
    description: "One of: open, closed, void."
    schema: {type: string}
paths:
  /orders:
    get:
      parameters:
        - *status
        - <<: *status
          name: state
          description: "Either draft or final."
      responses: &responses
        "200": {description: The orders, content: {application/json: {schema: {type: array, items: {type: object}}}}}
        default: {description: Error}
  /archive:
    get:
      parameters: [*status]
      responses: *responses
"""
    (tmp_path / "spec.yaml").write_text(spec, encoding="utf-8")
    assert findings(tmp_path, "spec.yaml", "--select", "prose-enum,duplicate-key") == [
        # the anchored parameter once, though two operations reach it through aliases (one
        # definition, as with $ref: the other operation is related)
        ("prose-enum", 7, 5, 7, 47),
        ("prose-enum", 16, 11, 16, 48),  # the merged copy overrides the description
    ]


# ------------------------------------------------------------------------------ depth


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("deep-objects.json", '{"openapi": "3.0.3", "x": ' + '{"a": ' * 10_000 + "1" + "}" * 10_001, "nested more than 1000 levels deep (limits.max-depth)"),
        ("deep-arrays.json", '{"openapi": "3.0.3", "x": ' + "[" * 10_000 + "]" * 10_000 + "}", "nested more than 1000 levels deep (limits.max-depth)"),
        ("deep-flow.yaml", "openapi: 3.0.3\nx: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n", "nested more than 1000 levels deep at line 2 column 4000 (limits.max-depth)"),
        ("deep-seq.yaml", "openapi: 3.0.3\nx:\n" + "- " * 10_000 + "1\n", "nested more than 1000 levels deep at line 3 column 1999 (limits.max-depth)"),
        ("deep-block.yaml", "openapi: 3.0.3\n" + "".join(" " * i + "a:\n" for i in range(1100)) + " " * 1100 + "b: 1\n", "nested more than 1000 levels deep at line 1001 column 1001 (limits.max-depth)"),
    ],
)
def test_deep_nesting_is_refused(tmp_path: Path, name: str, text: str, message: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    got, kind, took = refused(tmp_path, name)
    assert (got, kind) == (message, "too-large")
    assert took < 10


@pytest.mark.parametrize("syntax", ["json", "yaml"])
def test_depth_limit_from_config(tmp_path: Path, syntax: str) -> None:
    limits_config(tmp_path, max_depth=30)

    def nested(depth: int) -> str:  # the root mapping is level 1
        inner = '{"a": ' * (depth - 1) + "1" + "}" * (depth - 1)
        return f'{{"openapi": "3.0.3", "info": {{"title": "t", "version": "1"}}, "paths": {{}}, "x": {inner}}}'

    (tmp_path / f"ok.{syntax}").write_text(nested(30), encoding="utf-8")
    (tmp_path / f"deep.{syntax}").write_text(nested(31), encoding="utf-8")
    assert findings(tmp_path, f"ok.{syntax}") == []
    message, kind, _ = refused(tmp_path, f"deep.{syntax}")
    assert (message, kind) == ("nested more than 30 levels deep (limits.max-depth)", "too-large")


@pytest.mark.parametrize("max_depth", [1, 2, 3, 4, 5, 8, 11, 30, 200])
def test_json_depth_limit_is_json_loads_at_every_limit(max_depth: int) -> None:
    """A JSON file is parsed by the parser that indexes its top levels, with less recursion
    headroom than ``json.loads`` (linter/sources/loader.py): whatever it cannot take, deep or
    not, is left to ``json.loads``. So the texts refused, and the trees kept, are those of
    ``json.loads`` under the same limit, for nests of objects and of arrays; an object nest is
    refused from one level past the limit."""
    from linter.limits import Limits
    from linter.sources import loader

    sizes: list[int] = []
    add = sizes.append

    def count(obj: dict[str, Any]) -> dict[str, Any]:  # the loader's hook (its calls take recursion levels too)
        add(len(obj))
        return obj

    def outcome(parse: Any) -> Any:
        try:
            return json.dumps(parse())
        except loader.LoadError as exc:
            return exc.message

    for opening, closing in (('{"a": ', "}"), ("[", "]"), ('[{"a": ', "}]")):
        for depth in range(1, max_depth + 5):
            text = opening * depth + "1" + closing * depth
            got = outcome(lambda: loader.parse_source(text, "json", Limits(max_depth=max_depth))[0])
            want = outcome(lambda: loader._json_loads(text, max_depth, loader._JSON_HOOK_LEVELS, object_hook=count))
            assert got == want, (text, max_depth)
            if opening == '{"a": ':
                refused = f"nested more than {max_depth} levels deep (limits.max-depth)"
                assert (got == refused) == (depth > max_depth), (depth, got)


# ------------------------------------------------------------------------ long prose


def test_description_cap(tmp_path: Path) -> None:
    """Prose past limits.max-description-chars is not analysed; the file is still linted."""
    filler = "Lorem. " * 300  # 2,100 characters
    before = SPEC.replace('"One of: open, closed, void."', f'"One of: open, closed, void. {filler}"')
    after = SPEC.replace('"One of: open, closed, void."', f'"{filler} One of: open, closed, void."')
    (tmp_path / "before.yaml").write_text(before, encoding="utf-8")
    (tmp_path / "after.yaml").write_text(after, encoding="utf-8")
    limits_config(tmp_path, max_description_chars=1000)
    assert [f[:3] for f in findings(tmp_path, "before.yaml")] == [SPEC_FINDING[:3]]
    assert findings(tmp_path, "after.yaml") == []
    (tmp_path / ".silentlint.yaml").unlink()
    assert [f[:3] for f in findings(tmp_path, "after.yaml")] == [SPEC_FINDING[:3]]


def test_one_megabyte_line_is_linted_quickly(tmp_path: Path) -> None:
    long = "x" * 1_000_000
    text = SPEC_JSON.replace('"One of: open, closed, void."', f'"{long} One of: open, closed, void."').replace("\n", " ")
    text = text.replace('"name": "status"', '"name": "status", "x-note": "' + long + '"')
    (tmp_path / "long.json").write_text(text, encoding="utf-8")
    start = time.monotonic()
    got = findings(tmp_path, "long.json", "--select", "prose-enum,placeholder-example,missing-description")
    assert time.monotonic() - start < 30
    assert got == []  # the list stands past the default cap of 20,000 characters
    # a finding after a 1 MB stretch of the same line: its column is exact
    text = SPEC_JSON.replace("\n", " ").replace('"name": "status"', '"x-note": "' + long + '", "name": "status"')
    (tmp_path / "long.json").write_text(text, encoding="utf-8")
    column = text.index('"description": "One of') + 1
    assert findings(tmp_path, "long.json", "--select", "prose-enum") == [("prose-enum", 1, column, 1, column + 44)]


# ------------------------------------------------------------------------- bad bytes


def test_invalid_utf8(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_bytes(SPEC.encode().replace(b"Orders, version", b"Or\xffders, version"))
    message, kind, _ = refused(tmp_path, "spec.yaml")
    assert (message, kind) == ("not UTF-8 text (invalid byte 0xff at line 2 column 17)", "unreadable")


def test_nul_byte(tmp_path: Path) -> None:
    (tmp_path / "spec.json").write_bytes(b'{"openapi": "3.0.3",\n  "info"\x00: {}}')
    message, kind, _ = refused(tmp_path, "spec.json")
    assert (message, kind) == ("contains a NUL byte at line 2 column 9; binary file?", "unreadable")


def test_binary_file(tmp_path: Path) -> None:
    (tmp_path / "logo.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    message, _, _ = refused(tmp_path, "logo.yaml")
    assert message == "contains a NUL byte at line 3 column 1; binary file?"


@pytest.mark.parametrize(("encoding", "bom"), [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")])
@pytest.mark.parametrize(("name", "text", "want"), [("spec.yaml", SPEC, SPEC_FINDING), ("spec.json", SPEC_JSON, SPEC_JSON_FINDING)])
def test_utf16_is_linted_and_never_rewritten(
    tmp_path: Path, encoding: str, bom: bytes, name: str, text: str, want: tuple[str, int, int, int, int]
) -> None:
    data = bom + text.replace("open, closed", "open, clösed").encode(encoding)
    (tmp_path / name).write_bytes(data)
    assert findings(tmp_path, name) == [want]
    r = cli(["fix", name, *LOAD_RULES], tmp_path)
    assert r.returncode == 1
    assert r.stderr.splitlines() == [
        f"silentlint: fix refused: {name}: UTF-16 text; fixes are written to UTF-8 files only "
        "(convert it first, e.g. with iconv -f UTF-16 -t UTF-8); nothing was changed",
        "silentlint: fixed 0 findings in 0 files",
    ]
    assert (tmp_path / name).read_bytes() == data


UTF8_PATCH = """\
diff --git a/utf8.yaml b/utf8.yaml
--- a/utf8.yaml
+++ b/utf8.yaml
@@ -7,7 +7,7 @@
         - name: status
           in: query
           description: "One of: open, closed, void."
-          schema: {type: string}
+          schema: {type: string, enum: [open, closed, void]}
       responses:
         "200": {description: The orders, content: {application/json: {schema: {type: array, items: {type: object}}}}}
         default: {description: Error}
"""
UTF16_LINE = (
    "silentlint: fix refused: wide.yaml: UTF-16 text; fixes are written to UTF-8 files only "
    "(convert it first, e.g. with iconv -f UTF-16 -t UTF-8); nothing was changed\n"
)


def test_check_format_diff_names_a_utf16_file_it_leaves_out(tmp_path: Path) -> None:
    """The patch is the UTF-8 file's; the UTF-16 file's fix is left out with the line `fix`
    prints, so an empty or shorter patch never reads as "nothing to fix". The exit code is
    check's own: the findings decide it, the omission does not."""
    (tmp_path / "utf8.yaml").write_text(SPEC, encoding="utf-8")
    wide = b"\xff\xfe" + SPEC.encode("utf-16-le")
    (tmp_path / "wide.yaml").write_bytes(wide)
    r = cli(["check", "--format", "diff", "utf8.yaml", "wide.yaml", *LOAD_RULES], tmp_path)
    assert (r.returncode, r.stdout, r.stderr) == (1, UTF8_PATCH, UTF16_LINE)
    r = cli(["check", "--format", "diff", "--fail-on", "never", "wide.yaml", *LOAD_RULES], tmp_path)
    assert (r.returncode, r.stdout, r.stderr) == (0, "", UTF16_LINE)
    # written to a file (with a second report on stdout): the line once, the patch in the file
    r = cli(
        ["check", "--format", "json", "--output", "diff=fixes.patch", "--output", "sarif=out.sarif", "utf8.yaml", "wide.yaml",
         *LOAD_RULES],
        tmp_path,
    )
    assert (r.returncode, r.stderr) == (1, UTF16_LINE)
    assert (tmp_path / "fixes.patch").read_text(encoding="utf-8") == UTF8_PATCH
    assert len(json.loads(r.stdout)["findings"]) == 2
    # no diff asked for: no line; --quiet with the diff on stdout only: no patch, no line
    r = cli(["check", "--format", "json", "utf8.yaml", "wide.yaml", *LOAD_RULES], tmp_path)
    assert (r.returncode, r.stderr) == (1, "")
    r = cli(["check", "--format", "diff", "--quiet", "utf8.yaml", "wide.yaml", *LOAD_RULES], tmp_path)
    assert (r.returncode, r.stdout, r.stderr) == (1, "", "")
    # fix --diff: the same line, the same patch
    r = cli(["fix", "--diff", "utf8.yaml", "wide.yaml", *LOAD_RULES], tmp_path)
    assert (r.returncode, r.stdout, r.stderr) == (1, UTF8_PATCH, UTF16_LINE)
    assert (tmp_path / "wide.yaml").read_bytes() == wide


def test_tab_indentation(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_text(SPEC.replace("\n          in: query", "\n\t  in: query"), encoding="utf-8")
    message, kind, _ = refused(tmp_path, "spec.yaml")
    assert (message, kind) == ("invalid YAML: a tab indents line 8 (column 1); YAML indentation must be spaces", "parse")


@pytest.mark.parametrize(("name", "text", "want"), [("spec.yaml", SPEC, SPEC_FINDING), ("spec.json", SPEC_JSON, SPEC_JSON_FINDING)])
@pytest.mark.parametrize("endings", ["crlf", "cr", "mixed"])
def test_line_endings(tmp_path: Path, name: str, text: str, want: tuple[str, int, int, int, int], endings: str) -> None:
    lines = text.split("\n")
    if endings == "crlf":
        body = "\r\n".join(lines)
    elif endings == "cr":
        body = "\r".join(lines)
    else:  # CRLF, LF and CR in turn
        body = "".join(line + ("\r\n", "\n", "\r")[i % 3] for i, line in enumerate(lines[:-1])) + lines[-1]
    (tmp_path / name).write_bytes(body.encode())
    assert findings(tmp_path, name) == [want]


# --------------------------------------------------------------------- duplicate keys


def test_duplicate_key_messages(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_text(SPEC.replace("          schema: {type: string}\n", "          schema: {type: string}\n          in: path\n"), encoding="utf-8")
    (tmp_path / "spec.json").write_text(SPEC_JSON.replace('"in": "query",', '"in": "query", "in": "path",'), encoding="utf-8")
    for name, line, column, first in (("spec.yaml", 11, 11, 8), ("spec.json", 5, 54, 5)):
        r = cli(["check", name, "--format", "json", "--select", "duplicate-key"], tmp_path)
        assert r.returncode == 1, r.stderr
        (f,) = json.loads(r.stdout)["findings"]
        assert (f["rule"], f["severity"], f["line"], f["column"], f["pointer"]) == (
            "duplicate-key", "error", line, column, "/paths/~1orders/get/parameters/0/in"
        )
        assert f["message"] == (
            f"duplicate key 'in' in this mapping (first at line {first}): the parser keeps only the last value "
            "and silently drops the other; remove or merge one of them"
        )


def test_duplicate_key_precheck_is_exact() -> None:
    """The cheap proof of "no duplicate" never misses one, whatever the key layout."""
    from linter.sources.loader import _json_key_tokens, parse_source

    cases = {
        '{"a": 1, "a": 2}': 1,
        '{"a" : 1, "b": {"a"\n: 1, "a"\t:2}}': 1,
        '{"a\\\\": 1, "a\\\\": 2}': 1,  # a key ending in a backslash
        '{"x": "say \\": here", "x": 1}': 1,  # an escaped quote before a colon inside a string
        '{"x": ":30", "y": "\\":"}': 0,  # over-counted tokens take the slow path, find nothing
        '[{"a": 1}, {"a": 1}]': 0,
    }
    for text, dups in cases.items():
        tree, facts = parse_source(text, "json")
        assert tree == json.loads(text)
        assert len(facts.duplicates) == dups, text
        keys: list[int] = []
        json.loads(text, object_pairs_hook=lambda items: keys.append(len(items)) or dict(items))
        assert _json_key_tokens(text) >= sum(keys), text  # never fewer: "none dropped" is a proof


# ---------------------------------------------------------------------------- README


def test_readme_lists_every_limit_with_its_default() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Limits", 1)[1].split("\n### ", 1)[0]
    rows = re.findall(r"^\| `([a-z-]+)` \| `([^`]+)`", section, re.M)
    assert rows == [(f.name.replace("_", "-"), json.dumps(f.default)) for f in fields(Limits)]
    for f in fields(Limits):
        assert Limits.key(f.name) == "limits." + f.name.replace("_", "-")


def test_limits_config_keys_match_the_dataclass() -> None:
    schema = json.loads((REPO / "linter" / "config.schema.json").read_text(encoding="utf-8"))
    assert list(schema["properties"]["limits"]["properties"]) == [f.name.replace("_", "-") for f in fields(Limits)]


def test_no_traceback_without_debug_on_any_bomb(tmp_path: Path) -> None:
    """All refusals in one run: each file reported once, the good one still linted."""
    (tmp_path / "good.yaml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "lol.yaml").write_text(LOL, encoding="utf-8")
    (tmp_path / "nul.json").write_bytes(b'{"openapi": \x00}')
    (tmp_path / "deep.json").write_text('{"openapi": "3.0.3", "x": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    r = cli(["check", ".", "--format", "json"], tmp_path)
    assert r.returncode == 3
    assert "Traceback" not in r.stdout + r.stderr
    data = json.loads(r.stdout)
    assert data["files"] == ["good.yaml"]
    assert [(p["path"], p["kind"]) for p in data["problems"]] == [
        ("deep.json", "too-large"), ("lol.yaml", "too-large"), ("nul.json", "unreadable")
    ]
    assert os.path.exists(tmp_path / "good.yaml")
