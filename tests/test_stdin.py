"""``silentlint check -`` reads standard input; ``--stdin-filename PATH`` lints it as the file PATH:
the same findings, positions, reports, config matching and relative ``$ref`` s as linting PATH."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import REPO

HERE = Path(__file__).parent
DO = HERE / "corpus" / "digitalocean"
SPEC = "specification/DigitalOcean-public.v2.yaml"
# The rules of DigitalOcean's excerpt that show its relative $refs followed: the vocabulary rules
# on the parameters and bodies in the operation files, missing-error-response (silent when the
# operation files' 4xx responses count) and unresolved-ref (silent when every reference is read).
DO_RULES = ("prose-format", "prose-enum", "missing-error-response", "unresolved-ref")


def cli(args: list[str], cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "linter", *args], cwd=cwd, input=stdin if stdin is not None else b"",
        capture_output=True, env=env, timeout=120,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(DO, tmp_path / "do")
    return tmp_path / "do"


@pytest.mark.parametrize("fmt", ["json", "sarif", "text", "github"])
def test_stdin_gives_the_same_report_as_the_file(tree: Path, fmt: str) -> None:
    """Relative $refs are followed from --stdin-filename's folder, so the operation files count."""
    text = (tree / SPEC).read_bytes()
    direct = cli(["check", SPEC, "--format", fmt, "--show-source"], tree)
    piped = cli(["check", "-", "--stdin-filename", SPEC, "--format", fmt, "--show-source"], tree, text)
    assert (piped.returncode, piped.stderr) == (direct.returncode, direct.stderr) == (1, b"")
    assert piped.stdout == direct.stdout
    if fmt == "json":
        report = json.loads(piped.stdout)
        assert report["files"] == [SPEC]
        # every rule is compared above, piped and direct; these are the ones the excerpt is about
        assert [f["rule"] for f in report["findings"] if f["rule"] in DO_RULES] == [
            "prose-format", "prose-enum", "prose-enum", "prose-enum"
        ]


def test_stdin_text_wins_over_the_file_on_disk(tree: Path) -> None:
    """An editor lints its unsaved buffer: the text given, not the file, with positions in it."""
    edited = (tree / SPEC).read_text().replace("paths:\n", "paths:\n  /v2/extra:\n    get:\n      $ref: missing.yml\n", 1)
    r = cli(["check", "-", "--stdin-filename", SPEC, "--format", "json"], tree, edited.encode())
    report = json.loads(r.stdout)
    ref = [f for f in report["findings"] if f["rule"] == "unresolved-ref"]
    assert [(f["path"], f["line"], f["column"], f["message"]) for f in ref] == [
        (SPEC, 23, 7, "$ref target specification/missing.yml cannot be read: no such file")
    ]
    assert (tree / SPEC).read_text() != edited


def test_stdin_filename_matches_config_overrides_and_exclude(tree: Path) -> None:
    (tree / ".silentlint.yaml").write_text(
        "overrides:\n  - files: ['specification/resources/spaces/**']\n    rules: {prose-enum: error}\n"
    )
    text = (tree / SPEC).read_bytes()
    r = cli(["check", "-", "--stdin-filename", SPEC, "--format", "json", "--select", ",".join(DO_RULES)], tree, text)
    sev = [(f["rule"], f["severity"]) for f in json.loads(r.stdout)["findings"]]
    assert sev == [("prose-format", "warning"), ("prose-enum", "error"), ("prose-enum", "error"), ("prose-enum", "error")]
    (tree / ".silentlint.yaml").write_text("exclude: ['specification/']\n")
    r = cli(["check", "-", "--stdin-filename", SPEC], tree, text)
    assert r.returncode == 4
    assert r.stderr.decode().startswith("silentlint: no file linted: ")


def test_stdin_without_a_name_is_linted_as_stdin(tmp_path: Path) -> None:
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "S", "version": "1"},
        "paths": {"/a": {"get": {"responses": {"200": {"description": "OK"}}}}},
    }
    r = cli(["check", "-", "--format", "json", "--select", "missing-error-response"], tmp_path, json.dumps(spec, indent=1).encode())
    assert r.returncode == 1
    report = json.loads(r.stdout)
    assert report["files"] == ["<stdin>"]
    assert [(f["rule"], f["path"], f["line"]) for f in report["findings"]] == [
        ("missing-error-response", "<stdin>", 10)  # at "responses"
    ]


@pytest.mark.parametrize(
    ("args", "stdin", "code", "stderr"),
    [
        (["check", "-"], b"openapi: [\n", 3, ""),
        (["check", "-", "-"], b"", 2, "silentlint: error: - (standard input) is given more than once\n"),
        (
            ["check", "x.yaml", "--stdin-filename", "y.yaml"], b"", 2,
            "silentlint: error: --stdin-filename says what standard input is linted as: give - among the paths\n",
        ),
        (["check", "-", "--stdin-filename", "sub/"], b"", 2, "silentlint: error: --stdin-filename 'sub/': not a file name\n"),
        (["fix", "-"], b"", 2, "silentlint: error: - (standard input) can be linted by check only, not by fix\n"),
        (["audit", "-"], b"", 2, "silentlint: error: - (standard input) can be linted by check only, not by audit\n"),
    ],
)
def test_bad_stdin_use_is_one_line(tmp_path: Path, args: list[str], stdin: bytes, code: int, stderr: str) -> None:
    (tmp_path / "x.yaml").write_text("openapi: 3.0.3\n")
    r = cli(args, tmp_path, stdin)
    assert r.returncode == code
    assert r.stderr.decode() == stderr
    assert b"Traceback" not in r.stdout + r.stderr


def test_stdin_parse_error_and_binary_are_input_problems(tmp_path: Path) -> None:
    r = cli(["check", "-", "--stdin-filename", "api.yaml"], tmp_path, b"openapi: [\n")
    assert r.returncode == 3
    assert r.stdout.decode().startswith("api.yaml: error: invalid YAML: ")
    r = cli(["check", "-", "--format", "json"], tmp_path, b"openapi: 3\x00\n")
    assert r.returncode == 3
    assert json.loads(r.stdout)["problems"] == [
        {"path": "<stdin>", "message": "contains a NUL byte at line 1 column 11; binary file?", "kind": "unreadable"}
    ]
