"""``silentlint fix`` end to end: exact patches, files re-lint clean, idempotent, git-apply-able."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import yaml
from openapi_spec_validator import validate

from clirun import run_cli

HERE = Path(__file__).parent
REPO = HERE.parent
CLI_FIXTURES = HERE / "fixes" / "cli"
FILES = ("store.yaml", "tools-crlf.json", "functions.min.json")
FIXED_RULES = "prose-enum,prose-bounds,example-only-vocabulary"  # the rules whose fixes expected.patch holds


def cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd)


def project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    root.mkdir()
    for name in FILES + ("vocabulary.yaml",):
        shutil.copy(CLI_FIXTURES / name, root / name)
    return root


def test_diff_is_exactly_the_inserted_keywords(tmp_path: Path) -> None:
    root = project(tmp_path)
    before = {n: (root / n).read_bytes() for n in FILES}
    r = cli(["fix", "--diff", "--vocabulary", "vocabulary.yaml", "--select", FIXED_RULES, *FILES], root)
    assert r.returncode == 1, r.stderr  # a non-empty diff
    assert r.stdout == (CLI_FIXTURES / "expected.patch").read_text(encoding="utf-8", errors="surrogateescape")
    assert {n: (root / n).read_bytes() for n in FILES} == before  # --diff changes nothing


def test_fix_in_place_relints_clean_and_is_idempotent(tmp_path: Path) -> None:
    root = project(tmp_path)
    validate(yaml.safe_load((root / "store.yaml").read_text()))
    r = cli(["fix", "--vocabulary", "vocabulary.yaml", "--select", FIXED_RULES, *FILES], root)
    assert r.returncode == 0, r.stderr
    assert "fixed 6 findings in 3 files" in r.stderr
    # the patch applied == the patch shown: compare with git apply of the expected patch
    ref = tmp_path / "ref"
    ref.mkdir()
    for n in FILES:
        shutil.copy(CLI_FIXTURES / n, ref / n)
    subprocess.run(["git", "init", "-q", str(ref)], check=True)
    subprocess.run(["git", "apply", str(CLI_FIXTURES / "expected.patch")], cwd=ref, check=True)
    for n in FILES:
        assert (root / n).read_bytes() == (ref / n).read_bytes(), n
    # CRLF kept, spec still valid, findings gone
    assert (root / "tools-crlf.json").read_bytes().count(b"\r\n") == (root / "tools-crlf.json").read_bytes().count(b"\n")
    validate(yaml.safe_load((root / "store.yaml").read_text()))
    after = cli(["check", "--select", FIXED_RULES, "--format", "json", *FILES], root)
    assert json.loads(after.stdout)["findings"] == []
    # a second run changes nothing
    snapshot = {n: (root / n).read_bytes() for n in FILES}
    again = cli(["fix", "--vocabulary", "vocabulary.yaml", "--select", FIXED_RULES, *FILES], root)
    assert again.returncode == 0 and "fixed 0 findings in 0 files" in again.stderr
    assert {n: (root / n).read_bytes() for n in FILES} == snapshot
    assert cli(["fix", "--diff", "--select", FIXED_RULES, *FILES], root).stdout == ""


def test_examples_patch_applies_with_git(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "examples", repo / "examples")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    r = cli(["check", "examples", "--format", "diff", "--output", "diff=fixes.patch"], repo)
    assert r.stdout and r.stdout == (repo / "fixes.patch").read_text()
    subprocess.run(["git", "apply", "--check", "fixes.patch"], cwd=repo, check=True)
    subprocess.run(["git", "apply", "fixes.patch"], cwd=repo, check=True)
    # the applied patch removed the findings it fixed
    left = json.loads(cli(["check", "examples", "--format", "json"], repo).stdout)["findings"]
    assert not [f for f in left if f["fix"] and f["fix"]["applicability"] == "safe"]


def test_examples_sarif_with_fixes_validates(tmp_path: Path) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    sarif = json.loads(cli(["check", "examples", "--format", "sarif"], tmp_path).stdout)
    schema = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    fixes = [r["fixes"] for r in sarif["runs"][0]["results"] if "fixes" in r]
    assert len(fixes) >= 5
    change = fixes[0][0]["artifactChanges"][0]
    assert change["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    assert change["replacements"][0]["deletedRegion"]["startLine"] >= 1


def test_bad_vocabulary_file(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "v.yaml").write_text("team: ops\n")
    r = cli(["fix", "--vocabulary", "v.yaml", "store.yaml"], root)
    assert (r.returncode, r.stderr) == (2, "silentlint: error: v.yaml: team: expected a non-empty list of strings or numbers\n")


NORWAY = """\
openapi: 3.0.3
info: {title: Shipping, version: "1"}
paths:
  /rates:
    get:
      parameters:
        - name: answer
          in: query
          description: The answer.
          schema:
            type: string
            enum:  # the answers we take
              - YES   # the affirmative
              # Norway's code, too
              - NO    # Norway, not false
            # end of the answers
      responses:
        "200": {description: The rates, content: {application/json: {schema: {type: array, items: {type: object}}}}}
        default: {description: Error}
"""
NORWAY_PATCH = """\
diff --git a/norway.yaml b/norway.yaml
--- a/norway.yaml
+++ b/norway.yaml
@@ -10,9 +10,9 @@
           schema:
             type: string
             enum:  # the answers we take
-              - YES   # the affirmative
+              - "YES"   # the affirmative
               # Norway's code, too
-              - NO    # Norway, not false
+              - "NO"    # Norway, not false
             # end of the answers
       responses:
         "200": {description: The rates, content: {application/json: {schema: {type: array, items: {type: object}}}}}
"""


def test_quoting_an_enum_keeps_its_comments(tmp_path: Path) -> None:
    """yaml-coerced-value's fix rewrites the enum: every comment stays on its item, the patch
    shows only the two quoted items, CRLF stays CRLF, and the fixed file lints clean."""
    for newline in ("\n", "\r\n"):
        text = NORWAY.replace("\n", newline)
        path = tmp_path / "norway.yaml"
        path.write_bytes(text.encode())
        args = [sys.executable, "-m", "linter", "check", "--format", "diff", "--select", "yaml-coerced-value", "norway.yaml"]
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        raw = subprocess.run(args, cwd=tmp_path, capture_output=True, env=env)  # bytes: CRs kept
        assert (raw.returncode, raw.stderr) == (1, b"")
        head = NORWAY_PATCH.splitlines(keepends=True)[:4]  # diff --git, ---, +++, @@
        body = NORWAY_PATCH.splitlines(keepends=True)[4:]  # file lines: with their own CR
        assert raw.stdout == ("".join(head) + "".join(body).replace("\n", newline)).encode()
        r = cli(["fix", "--select", "yaml-coerced-value", "norway.yaml"], tmp_path)
        assert (r.returncode, r.stderr) == (0, "silentlint: fixed 1 finding in 1 file\n")
        fixed = text.replace("- YES ", '- "YES" ').replace("- NO ", '- "NO" ')
        assert path.read_bytes() == fixed.encode()
        assert yaml.safe_load(fixed)["paths"]["/rates"]["get"]["parameters"][0]["schema"]["enum"] == ["YES", "NO"]
        r = cli(["check", "--select", "yaml-coerced-value", "--format", "json", "norway.yaml"], tmp_path)
        assert (r.returncode, json.loads(r.stdout)["findings"]) == (0, [])


def test_refusals_name_file_line_and_column_and_a_collision_is_called_one(tmp_path: Path) -> None:
    """Two planned fixes that add one key with different values: the second is refused as a
    collision (not as "already exists", which is about the file), at the mapping's line."""
    from test_fixes_common import source, write

    from linter import fixes
    from linter.fixes import FixError
    from linter.fixes.collect import fix_refusal
    from linter.model import Edit

    path = write(tmp_path, "api.yaml", "a: 1\ns:\n  type: string\n")
    src = source(path)
    first = Edit(src, ("s",), "add", "enum", ["a", "b"])
    second = Edit(src, ("s",), "add", "enum", ["c"])
    existing = Edit(src, ("s",), "add", "type", "integer")
    errors: list[FixError] = []
    plans = fixes.plan([first, second, existing], errors=errors)
    assert [fix_refusal(e) for e in errors] == [
        'silentlint: fix refused: api.yaml:2:1: two planned fixes add `enum` here with different values (["a", "b"] and ["c"]); only the first is applied',
        "silentlint: fix refused: api.yaml:2:1: `type` already exists with a different value; not adding it",
    ]
    assert [e.edits for e in errors] == [(second,), (existing,)]
    assert plans[str(path)].new_text == "a: 1\ns:\n  type: string\n  enum: [a, b]\n"
