"""The command line end to end: exit codes, messages, outputs, hostile basics.

Exit codes, selection, baselines and statistics run on the stub catalog (``tests/stub_catalog``),
so adding a rule to the real catalog changes none of them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from clirun import run_cli
from linter.cli import main

HERE = Path(__file__).parent
REPO = HERE.parent


def cli(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd, env=env)


FLAGGED = """\
swagger: "2.0"
info: {title: Items, version: "1"}
paths:
  /items:
    get:
      summary: FLAG
      parameters:
        - {name: q, in: query, type: string, description: FLAG}
      responses:
        "200": {description: OK}
"""


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(HERE / "hostile", root)
    shutil.copy(HERE / "formats" / "not-an-api.json", root / "package.json")
    return root


def test_yaml_syntax_error(hostile: Path) -> None:
    r = cli(["check", "syntax-error.yaml"], hostile)
    assert r.returncode == 3
    assert r.stderr == ""
    assert "syntax-error.yaml: error: invalid YAML: " in r.stdout
    assert "did not find expected ',' or '}' at line 8 column 1" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_not_an_api_named_explicitly(hostile: Path) -> None:
    r = cli(["check", "package.json", "--format", "json"], hostile)
    assert r.returncode == 3
    assert r.stderr == "silentlint: package.json: not an OpenAPI document or tool definition (nothing to lint)\n"
    assert json.loads(r.stdout)["problems"] == [
        {"path": "package.json", "message": "not an OpenAPI document or tool definition (nothing to lint)", "kind": "not-api"}
    ]


def test_not_an_api_in_a_directory_is_skipped(hostile: Path) -> None:
    (hostile / "syntax-error.yaml").unlink()
    r = cli(["check", ".", "--select", "missing-error-response", "--verbose"], hostile)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "silentlint: skipped package.json: not an OpenAPI document or tool definition" in r.stderr


@pytest.mark.parametrize(
    ("name", "line", "message"),
    [
        ("remote-ref.yaml", 7, "remote $ref not fetched: https://evil.example.com/params.yaml#/Limit (remote references are fetched only with --allow-remote-refs)"),
        ("escape-ref.yaml", 7, "$ref escapes the project root, not read: ../../etc/passwd"),
        # a cycle is reported at the member that sorts first, whichever reference led into it
        ("cycle-ref.json", 5, "$ref cycle: #/parameters/A → #/parameters/B → #/parameters/A"),
    ],
)
def test_bad_refs(hostile: Path, name: str, line: int, message: str, stub_catalog: dict[str, str]) -> None:
    r = cli(["check", name, "--format", "json"], hostile, stub_catalog)
    assert r.returncode == 1
    (f,) = json.loads(r.stdout)["findings"]
    assert (f["rule"], f["severity"], f["line"], f["message"]) == ("unresolved-ref", "error", line, message)


def test_one_bad_file_does_not_stop_the_others(hostile: Path, stub_catalog: dict[str, str]) -> None:
    r = cli(["check", "syntax-error.yaml", "remote-ref.yaml", "missing.yaml", "--format", "json"], hostile, stub_catalog)
    assert r.returncode == 3
    data = json.loads(r.stdout)
    assert [p["path"] for p in data["problems"]] == ["missing.yaml", "syntax-error.yaml"]
    assert data["files"] == ["remote-ref.yaml"]
    assert [f["rule"] for f in data["findings"]] == ["unresolved-ref"]
    assert r.stderr.splitlines() == [
        "silentlint: missing.yaml: no such file or directory",
        "silentlint: syntax-error.yaml: " + data["problems"][1]["message"],
    ]


def test_usage_errors(tmp_path: Path) -> None:
    assert cli(["check", "--select", "nope"], tmp_path).returncode == 2
    assert cli(["check", "--output", "sarif"], tmp_path).stderr == "silentlint: error: --output takes FORMAT=FILE, got 'sarif'\n"
    (tmp_path / ".silentlint.yaml").write_text("fail-on: error\nfoo: 1\n")
    r = cli(["check"], tmp_path)
    assert (r.returncode, r.stderr) == (2, "silentlint: config error: " + str(tmp_path / ".silentlint.yaml") + ": unknown key foo\n")
    assert cli(["explain", "nope"], tmp_path).returncode == 2
    assert cli(["check", "--baseline", "missing.json"], tmp_path).returncode == 2


def test_examples_sarif_validates(tmp_path: Path) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    r = cli(["check", "examples", "--format", "sarif", "--output", "json=out.json"], tmp_path)
    assert r.returncode == 1, r.stderr
    sarif = json.loads(r.stdout)
    schema = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    run = sarif["runs"][0]
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == (tmp_path.as_uri() + "/")
    assert run["automationDetails"]["id"] == "silentlint/"
    rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    assert run["results"]
    for res in run["results"]:
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert loc["artifactLocation"]["uri"].startswith("examples/")
        assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
        assert res["partialFingerprints"]["silentlint/v1"]
        assert res["ruleId"] in rule_ids
    assert json.loads((tmp_path / "out.json").read_text())["summary"]["findings"] == len(run["results"])


def test_text_output_and_exit_codes(tmp_path: Path, stub_catalog: dict[str, str]) -> None:
    (tmp_path / "api.yaml").write_text(FLAGGED)
    r = cli(["check", "api.yaml"], tmp_path, stub_catalog)
    assert r.returncode == 1
    assert r.stdout.splitlines()[:2] == [
        "api.yaml:5:5: warning[flagged-operation] GET /items: says FLAG",
        "api.yaml:8:46: error[flagged-field] GET /items › q: says FLAG",
    ]
    assert cli(["check", "api.yaml", "--fail-on", "error"], tmp_path, stub_catalog).returncode == 1
    assert cli(["check", "api.yaml", "--fail-on", "error", "--ignore", "beta"], tmp_path, stub_catalog).returncode == 0
    assert cli(["check", "api.yaml", "--ignore", "alpha,flagged-field"], tmp_path, stub_catalog).returncode == 0


def test_write_baseline_then_clean(tmp_path: Path, stub_catalog: dict[str, str]) -> None:
    (tmp_path / "api.yaml").write_text(FLAGGED)
    r = cli(["check", "--write-baseline", "base.json"], tmp_path, stub_catalog)
    assert r.returncode == 0 and "wrote 2 findings" in r.stderr
    r = cli(["check", "--baseline", "base.json"], tmp_path, stub_catalog)
    assert r.returncode == 0, r.stdout


def test_rules_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["RULE", "FAMILY", "DEFAULT", "FIX", "SUMMARY"]
    assert main(["explain", "prose-enum"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("prose-enum (vocabulary, default warning, fix: safe)")
    assert "44 of 61" in text and "How to fix" in text and "Values listed in prose — bad:" in text


def test_reports_are_written_with_the_umask_not_0600(tmp_path: Path) -> None:
    import stat

    out = tmp_path / "report.json"
    r = cli(["check", str(REPO / "examples"), "--output", f"json={out}", "--quiet"], cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~_current_umask()


def _current_umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--output", "json=missing/dir/out.json"], "--output missing/dir/out.json: cannot write: no such directory {root}/missing/dir"),
        (["--output", "sarif=sub"], "--output sub: cannot write: is a directory"),
        (["--write-baseline", "missing/b.json"], "--write-baseline missing/b.json: cannot write: no such directory {root}/missing"),
    ],
)
def test_unwritable_report_refused_before_linting(tmp_path: Path, args: list[str], message: str) -> None:
    shutil.copy(REPO / "examples" / "people-api.yaml", tmp_path)
    (tmp_path / "sub").mkdir()
    r = cli(["check", ".", "--quiet", *args], tmp_path)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == f"silentlint: error: {message.format(root=tmp_path)}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["people-api.yaml", "sub"]


def test_several_reports_rendered_in_parallel_equal_serial_ones(tmp_path: Path) -> None:
    """With --jobs 2 all but the last --output are rendered in forked children; the files are
    the ones --jobs 1 writes, byte for byte."""
    (tmp_path / "specs").mkdir()
    shutil.copy(REPO / "examples" / "people-api.yaml", tmp_path / "specs")
    shutil.copy(REPO / "examples" / "shipping-api.yaml", tmp_path / "specs")
    outs = lambda tag: [a for f in ("json", "sarif", "markdown") for a in ("--output", f"{f}={tag}.{f}")]  # noqa: E731
    one = cli(["check", "specs", "--quiet", "--jobs", "1", *outs("one")], tmp_path)
    two = cli(["check", "specs", "--quiet", "--jobs", "2", *outs("two")], tmp_path)
    assert (one.returncode, one.stderr, two.returncode, two.stderr) == (1, "", 1, "")
    for f in ("json", "sarif", "markdown"):
        assert (tmp_path / f"two.{f}").read_bytes() == (tmp_path / f"one.{f}").read_bytes(), f
    assert json.loads((tmp_path / "two.json").read_text())["findings"]


def test_a_report_failing_in_a_forked_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    """A write that fails after the up-front check (disk full) in a forked writer: its one-line
    message on stderr, exit 2, and the other report still written whole."""
    import linter.cli as cli_module

    shutil.copy(REPO / "examples" / "people-api.yaml", tmp_path)
    monkeypatch.chdir(tmp_path)
    real = cli_module.write_atomic

    def full_disk(target: str, data: bytes, **kw: object) -> None:
        if target.endswith(".json"):
            raise OSError(28, "No space left on device")
        real(target, data, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cli_module, "write_atomic", full_disk)
    code = main(["check", ".", "--quiet", "--jobs", "2", "--output", "json=r.json", "--output", "sarif=r.sarif"])
    err = capfd.readouterr().err
    assert code == 2
    assert err == "silentlint: error: --output r.json: cannot write: No space left on device\n"
    assert not (tmp_path / "r.json").exists()
    assert json.loads((tmp_path / "r.sarif").read_text())["runs"][0]["results"]


@pytest.mark.parametrize(("alias", "same"), [("warn", "warning"), ("info", "note")])
def test_fail_on_accepts_warn_and_info(
    alias: str, same: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    stub_catalog: dict[str, str],
) -> None:
    (tmp_path / "api.yaml").write_text(FLAGGED.replace("description: FLAG", "description: q"))
    monkeypatch.chdir(tmp_path)
    codes = []
    for value in (alias, same):
        codes.append(main(["check", "--no-config", "-j", "1", "--fail-on", value, "api.yaml"]))
    out = capsys.readouterr()
    assert codes == [1, 1] and out.err == ""
    assert main(["check", "--no-config", "-j", "1", "--fail-on", "error", "api.yaml"]) == 0


@pytest.mark.parametrize(
    ("args", "prog", "message"),
    [
        (["check", "--fail-on", "warnings"], "silentlint check",
         "argument --fail-on: invalid choice: 'warnings' (choose from 'error', 'warning', 'note', 'never')"),
        (["check", "--format", "xml"], "silentlint check",
         "argument --format/-f: invalid choice: 'xml' (choose from 'text', 'json', 'sarif', 'github', "
         "'markdown', 'diff', 'junit', 'gitlab', 'codeclimate')"),
        (["chek"], "silentlint",
         "argument COMMAND: invalid choice: 'chek' (choose from 'check', 'fix', 'audit', 'rules', 'explain', 'mcp-dump', 'probe', 'attest', 'cards')"),
        (["check", "--nope"], "silentlint", "unrecognized arguments: --nope"),
        ([], "silentlint", "the following arguments are required: COMMAND"),
    ],
)
def test_a_usage_error_is_one_line_and_a_help_hint(
    args: list[str], prog: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == f"{prog}: error: {message}\nTry '{prog} --help' for more information.\n"


def test_version_prints_the_project_version(capsys: pytest.CaptureFixture[str]) -> None:
    import linter

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"silentlint {linter.__version__}\n"


def test_statistics_replace_the_report_and_keep_the_exit_code(tmp_path: Path, stub_catalog: dict[str, str]) -> None:
    (tmp_path / "api.yaml").write_text(FLAGGED)
    (tmp_path / "tools.json").write_text(json.dumps({"tools": [{"name": "invoice_service", "description": "FLAG", "inputSchema": {"type": "object"}}]}))
    r = cli(["check", "--no-config", "-j", "1", "--statistics", "--format", "json", "--output", "sarif=out.sarif", "."], tmp_path, stub_catalog)
    assert r.returncode == 1, r.stderr
    assert r.stdout == (
        "Findings per rule:\n"
        "  2  flagged-operation  (2 warnings)\n"
        "  1  flagged-field      (1 error)\n"
        "3 findings (1 error, 2 warnings, 0 notes) in 2 files\n"
    )
    assert len(json.loads((tmp_path / "out.sarif").read_text())["runs"][0]["results"]) == 3
