"""``silentlint fix`` never writes where it should not, never half a file, never over a file
that changed meanwhile or is in the middle of a merge — and says so in one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from clirun import run_cli
from linter import cli, fixes
from linter.fixes import FixError
from linter.fixes.scope import FixScope
from linter.model import Edit
from linter.sources.loader import load_source

REPO = Path(__file__).parent.parent

API = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - $ref: 'common.yaml#/components/parameters/Status'
        - name: size
          in: query
          description: "Size class, either 'S' or 'L'."
          schema: {type: string}
      responses:
        '200': {description: ok}
        default: {description: err}
"""
COMMON = """\
components:
  parameters:
    Status:
      name: status
      in: query
      description: 'Pet status. One of: available, pending, sold.'
      schema:
        type: string
"""
API_FIXED = API.replace("schema: {type: string}", "schema: {type: string, enum: [S, L]}")
COMMON_FIXED = COMMON + "        enum: [available, pending, sold]\n"
NOT_GIVEN = (
    "silentlint: fix not applied: common.yaml: not among the paths given (a $ref leads there); "
    "name it on the command line to fix it\n"
)


# Every spec here is fixed by prose-enum (an enum from its description). The tests are about
# where and how fix writes, so every run lints with that rule alone: a rule added to the catalog,
# with a fix of its own, leaves the counts and the bytes they compare as they are.
RULE = "prose-enum"


def cli_run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli([*args, "--select", RULE], cwd)


def spec(name: str, description: str) -> str:
    """A small OpenAPI file whose one parameter carries ``description`` (a prose enum)."""
    return textwrap.dedent(
        f"""\
        openapi: 3.0.3
        info: {{title: {name}, version: "1"}}
        paths:
          /{name}:
            get:
              parameters:
                - name: kind
                  in: query
                  description: "{description}"
                  schema: {{type: string}}
              responses:
                '200': {{description: ok}}
                default: {{description: err}}
        """
    )


def spec_fixed(name: str, description: str, values: str) -> str:
    return spec(name, description).replace("schema: {type: string}", f"schema: {{type: string, enum: [{values}]}}")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    root.mkdir()
    (root / "api.yaml").write_text(API)
    (root / "common.yaml").write_text(COMMON)
    return root


# ------------------------------------------------------------------ only the paths given


def test_a_ref_target_not_named_is_not_fixed(project: Path) -> None:
    r = cli_run(["fix", "api.yaml"], project)
    assert r.returncode == 1
    assert r.stderr == NOT_GIVEN + "silentlint: fixed 1 finding in 1 file\n"
    assert (project / "api.yaml").read_text() == API_FIXED
    assert (project / "common.yaml").read_text() == COMMON


def test_diff_shows_what_fix_would_write_and_says_what_it_leaves_out(project: Path) -> None:
    r = cli_run(["fix", "--diff", "api.yaml"], project)
    assert (r.returncode, r.stderr) == (1, NOT_GIVEN)  # 1: the diff is not empty
    assert "+++ b/api.yaml" in r.stdout and "common.yaml" not in r.stdout
    # only the out-of-scope fix left: an empty diff, exit 0, the line still printed
    (project / "api.yaml").write_text(API_FIXED)
    r = cli_run(["fix", "--diff", "api.yaml"], project)
    assert (r.returncode, r.stdout, r.stderr) == (0, "", NOT_GIVEN)
    assert (project / "api.yaml").read_text() == API_FIXED


@pytest.mark.parametrize("paths", [["--skip-non-api", "api.yaml", "common.yaml"], ["."], []])
def test_a_ref_target_named_or_under_a_named_directory_is_fixed(project: Path, paths: list[str]) -> None:
    r = cli_run(["fix", *paths], project)
    assert (r.returncode, r.stderr) == (0, "silentlint: fixed 2 findings in 2 files\n")
    assert (project / "api.yaml").read_text() == API_FIXED
    assert (project / "common.yaml").read_text() == COMMON_FIXED


def test_a_named_directory_does_not_cover_a_ref_target_beside_it(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "api").mkdir(parents=True)
    (root / "shared").mkdir()
    (root / "api" / "api.yaml").write_text(API.replace("'common.yaml#", "'../shared/common.yaml#"))
    (root / "shared" / "common.yaml").write_text(COMMON)
    r = cli_run(["fix", "api"], root)
    assert r.returncode == 1
    assert r.stderr.splitlines()[0] == (
        "silentlint: fix not applied: shared/common.yaml: not among the paths given "
        "(a $ref leads there); name it on the command line to fix it"
    )
    assert (root / "shared" / "common.yaml").read_text() == COMMON
    assert cli_run(["fix", "api", "shared"], root).returncode == 0  # a directory: no not-api error
    assert (root / "shared" / "common.yaml").read_text() == COMMON_FIXED


def test_a_symlink_out_of_the_project_is_not_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(spec("out", "Kind, either 'a' or 'b'."))
    root = tmp_path / "p"
    (root / "specs").mkdir(parents=True)
    (root / "specs" / "link.yaml").symlink_to(outside)
    (root / "specs" / "own.yaml").write_text(spec("own", "Kind, either 'c' or 'd'."))
    r = cli_run(["fix", "specs"], root)
    assert r.returncode == 1
    assert r.stderr == (
        f"silentlint: fix not applied: specs/link.yaml: resolves to {outside.resolve()}, "
        "outside the project root and the paths given\n"
        "silentlint: fixed 1 finding in 1 file\n"
    )
    assert outside.read_text() == spec("out", "Kind, either 'a' or 'b'.")
    assert (root / "specs" / "own.yaml").read_text() == spec_fixed("own", "Kind, either 'c' or 'd'.", "c, d")


def test_scope_compares_real_paths(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.yaml").write_text("")
    (tmp_path / "b.yaml").write_text("")
    (tmp_path / "d" / "ln.yaml").symlink_to(tmp_path / "b.yaml")
    scope = FixScope.of(["d"], str(tmp_path))
    assert scope.refusal(str(tmp_path / "d" / "a.yaml"), "d/a.yaml") is None
    assert scope.refusal(str(tmp_path / "d" / "ln.yaml"), "d/ln.yaml") == (
        "d/ln.yaml: not among the paths given (a $ref leads there); name it on the command line to fix it"
    )
    assert FixScope.of(["d", "b.yaml"], str(tmp_path)).refusal(str(tmp_path / "d" / "ln.yaml"), "x") is None
    # a directory named "d" does not cover "dd"
    assert FixScope.of(["d"], str(tmp_path)).refusal(str(tmp_path / "dd" / "a.yaml"), "dd/a.yaml") is not None


# ------------------------------------------------------------------- merge-conflict markers

CONFLICTED = textwrap.dedent(
    """\
    openapi: 3.0.3
    info: {title: C, version: "1"}
    paths:
      /c:
        get:
          parameters:
            - name: kind
              in: query
              description: "Kind, either 'a' or 'b'. Long text
    <<<<<<< HEAD
     ours
    =======
     theirs
    >>>>>>> feature"
              schema: {type: string}
          responses:
            '200': {description: ok}
            default: {description: err}
    """
)


def test_check_format_diff_says_which_fixes_its_patch_leaves_out(tmp_path: Path) -> None:
    """A refused fix is left out of ``check --format diff`` with the line ``fix`` prints for it,
    so a partial patch never looks complete; the other files' patch is unchanged."""
    (tmp_path / "c.yaml").write_text(CONFLICTED)
    (tmp_path / "ok.yaml").write_text(spec("ok", "Kind, either 'c' or 'd'."))
    r = cli_run(["check", "c.yaml", "ok.yaml", "--format", "diff", "--fail-on", "never"], tmp_path)
    assert (r.returncode, r.stderr) == (
        0,
        "silentlint: fix refused: c.yaml:10: merge-conflict marker `<<<<<<<`; resolve the "
        "conflict first, nothing fixed in this file\n",
    )
    alone = cli_run(["check", "ok.yaml", "--format", "diff", "--fail-on", "never"], tmp_path)
    assert (alone.returncode, alone.stderr) == (0, "")
    assert r.stdout == alone.stdout and r.stdout.startswith("diff --git a/ok.yaml b/ok.yaml\n--- a/ok.yaml\n")
    assert "enum: [c, d]" in r.stdout


def test_a_file_with_conflict_markers_is_not_fixed_and_the_others_are(tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(CONFLICTED)
    (tmp_path / "ok.yaml").write_text(spec("ok", "Kind, either 'c' or 'd'."))
    r = cli_run(["fix", "c.yaml", "ok.yaml"], tmp_path)
    assert r.returncode == 1
    assert r.stderr == (
        "silentlint: fix refused: c.yaml:10: merge-conflict marker `<<<<<<<`; resolve the "
        "conflict first, nothing fixed in this file\n"
        "silentlint: fixed 1 finding in 1 file\n"
    )
    assert (tmp_path / "c.yaml").read_text() == CONFLICTED
    assert (tmp_path / "ok.yaml").read_text() == spec_fixed("ok", "Kind, either 'c' or 'd'.", "c, d")


@pytest.mark.parametrize(
    ("text", "line", "marker"),
    [
        ("a: 1\n=======\n", 2, "======="),
        ("a: 1\r\n=======\r\n", 2, "======="),
        ("a: 1\n\n\n>>>>>>> theirs\n", 4, ">>>>>>>"),
    ],
)
def test_each_conflict_marker_is_named_with_its_line(tmp_path: Path, text: str, line: int, marker: str) -> None:
    from linter.fixes.plan import _refuse_conflicts

    with pytest.raises(FixError) as info:
        _refuse_conflicts("x.yaml", text)
    assert str(info.value) == (
        f"x.yaml:{line}: merge-conflict marker `{marker}`; resolve the conflict first, nothing fixed in this file"
    )


@pytest.mark.parametrize(
    "text",
    [
        "a: '<<<<<<< not at a line start'\n",
        "a: 1\n========\n",  # eight: a markdown underline, not git's marker
        "a: 1\n  =======\n",
        "a: 1\n<<<<<<<\n",  # git always writes a label after <<<<<<<
    ],
)
def test_look_alikes_are_not_conflict_markers(text: str) -> None:
    from linter.fixes.plan import _refuse_conflicts

    _refuse_conflicts("x.yaml", text)


# ------------------------------------------------------------ changed between read and write


def test_cli_refuses_a_file_changed_after_planning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(spec("a", "Kind, either 'a' or 'b'."))
    b.write_text(spec("b", "Kind, either 'c' or 'd'."))
    real_plan = fixes.plan

    def plan_then_edit(*args, **kwargs):  # type: ignore[no-untyped-def]
        plans = real_plan(*args, **kwargs)
        b.write_text(b.read_text() + "# edited by hand meanwhile\n")
        return plans

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(fixes, "plan", plan_then_edit)
    assert cli.main(["fix", "--no-config", "-j", "1", "--select", RULE, "a.yaml", "b.yaml"]) == 1
    assert capsys.readouterr().err == (
        "silentlint: fix refused: b.yaml: changed since it was read; nothing was written\n"
        "silentlint: fixed 0 findings in 0 files\n"
    )
    assert a.read_text() == spec("a", "Kind, either 'a' or 'b'.")
    assert b.read_text().endswith("# edited by hand meanwhile\n")


def test_a_file_changed_on_disk_after_linting_is_refused_by_the_cli(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Changed between lint and plan: that file is refused, the other one still fixed."""
    from linter import engine

    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(spec("a", "Kind, either 'a' or 'b'."))
    b.write_text(spec("b", "Kind, either 'c' or 'd'."))
    real_run = engine.run

    def run_then_edit(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real_run(*args, **kwargs)
        b.write_text(spec("b", "Kind, either 'e' or 'f'."))
        return result

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "run", run_then_edit)
    assert cli.main(["fix", "--no-config", "-j", "1", "--select", RULE, "a.yaml", "b.yaml"]) == 1
    assert capsys.readouterr().err == (
        "silentlint: fix refused: b.yaml: changed on disk since it was linted; lint it again\n"
        "silentlint: fixed 1 finding in 1 file\n"
    )
    assert a.read_text() == spec_fixed("a", "Kind, either 'a' or 'b'.", "a, b")
    assert b.read_text() == spec("b", "Kind, either 'e' or 'f'.")


# ------------------------------------------------------------------- crash in the middle

THREE = {
    "a.yaml": ("Kind, either 'a' or 'b'.", "a, b"),
    "b.yaml": ("Kind, either 'c' or 'd'.", "c, d"),
    "c.yaml": ("Kind, either 'e' or 'f'.", "e, f"),
}


def _three(root: Path) -> dict[str, tuple[bytes, bytes]]:
    """Three fixable files; name → (old bytes, new bytes)."""
    out = {}
    for name, (desc, values) in THREE.items():
        stem = name.split(".")[0]
        (root / name).write_text(spec(stem, desc))
        out[name] = (spec(stem, desc).encode(), spec_fixed(stem, desc, values).encode())
    return out


def _plans(root: Path) -> dict[str, fixes.FilePlan]:
    edits = []
    for name in THREE:
        src = load_source(str(root / name), name)
        pointer = ("paths", f"/{name.split('.')[0]}", "get", "parameters", 0, "schema")
        values = THREE[name][1].split(", ")
        edits.append(Edit(src, pointer, "add", "enum", values))
    return fixes.plan(edits)


def _failing_replace(monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> list[str]:
    """``os.replace`` that works once, then raises ``exc``; returns the targets it was given."""
    real = os.replace
    calls: list[str] = []

    def replace(src, dst):  # type: ignore[no-untyped-def]
        calls.append(os.path.basename(dst))
        if len(calls) > 1:
            raise exc
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    return calls


@pytest.mark.parametrize("exc", [KeyboardInterrupt(), MemoryError(), OSError(28, "No space left on device")])
def test_a_crash_mid_run_leaves_whole_files_and_no_temp_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exc: BaseException
) -> None:
    files = _three(tmp_path)
    plans = _plans(tmp_path)
    calls = _failing_replace(monkeypatch, exc)
    with pytest.raises(FixError if isinstance(exc, OSError) else type(exc)) as info:
        fixes.apply(plans)
    if isinstance(exc, OSError):
        assert str(info.value) == "b.yaml: cannot write: No space left on device; the file is unchanged"
    assert calls == ["a.yaml", "b.yaml"]
    assert {n: (tmp_path / n).read_bytes() for n in files} == {
        "a.yaml": files["a.yaml"][1],
        "b.yaml": files["b.yaml"][0],
        "c.yaml": files["c.yaml"][0],
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)


def test_a_write_error_is_collected_and_the_other_files_are_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _three(tmp_path)
    plans = _plans(tmp_path)
    real = os.replace
    monkeypatch.setattr(
        os, "replace",
        lambda s, d: (_ for _ in ()).throw(PermissionError(13, "Permission denied")) if d.endswith("b.yaml") else real(s, d),
    )
    errors: list[FixError] = []
    assert fixes.apply(plans, errors=errors) == [str(tmp_path / "a.yaml"), str(tmp_path / "c.yaml")]
    assert [str(e) for e in errors] == ["b.yaml: cannot write: Permission denied; the file is unchanged"]
    assert errors[0].edits == plans[str(tmp_path / "b.yaml")].applied
    assert [(tmp_path / n).read_bytes() for n in files] == [files["a.yaml"][1], files["b.yaml"][0], files["c.yaml"][1]]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)


def test_cli_reports_a_write_error_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _three(tmp_path)
    monkeypatch.chdir(tmp_path)
    _failing_replace(monkeypatch, PermissionError(13, "Permission denied"))
    assert cli.main(["fix", "--no-config", "-j", "1", "--select", RULE, *files]) == 1
    assert capsys.readouterr().err == (
        "silentlint: fix refused: b.yaml: cannot write: Permission denied; the file is unchanged\n"
        "silentlint: fix refused: c.yaml: cannot write: Permission denied; the file is unchanged\n"
        "silentlint: fixed 1 finding in 1 file\n"
    )
    assert [(tmp_path / n).read_bytes() for n in files] == [files["a.yaml"][1], files["b.yaml"][0], files["c.yaml"][0]]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)


# The child sets Python's own SIGINT handler: a process started with SIGINT ignored (a test
# run in a background job, nohup) passes SIG_IGN on, and Python then installs no handler.
_KILLER = """\
import os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
real, calls = os.replace, []
def replace(src, dst):
    calls.append(dst)
    if len(calls) == int(os.environ["KILL_AT"]):
        os.kill(os.getpid(), getattr(signal, os.environ["KILL_SIG"]))
    return real(src, dst)
os.replace = replace
sys.argv = ["silentlint", *sys.argv[1:]]
from linter.cli import main
sys.exit(main())
"""


@pytest.mark.parametrize("sig", ["SIGINT", "SIGKILL"])
def test_a_killed_fix_process_leaves_old_or_new_bytes(tmp_path: Path, sig: str) -> None:
    """A real process killed as it renames the second file. SIGINT is handled (temp file
    removed, exit 130); SIGKILL cannot be, so that temp file (``.b.yaml.*.silentlint``, never
    the file itself) stays behind — the one thing an atomic rename cannot promise."""
    files = _three(tmp_path)
    (tmp_path / "kill.py").write_text(_KILLER)
    env = {**os.environ, "PYTHONPATH": str(REPO), "KILL_AT": "2", "KILL_SIG": sig}
    r = subprocess.run(
        [sys.executable, "kill.py", "fix", "--no-config", "-j", "1", "--select", RULE, *files],
        cwd=tmp_path, capture_output=True, text=True, env=env,
    )
    assert {n: (tmp_path / n).read_bytes() for n in files} == {
        "a.yaml": files["a.yaml"][1],
        "b.yaml": files["b.yaml"][0],
        "c.yaml": files["c.yaml"][0],
    }
    left = sorted(p.name for p in tmp_path.iterdir() if p.name not in files and p.name != "kill.py")
    if sig == "SIGINT":
        assert (r.returncode, r.stderr) == (130, "silentlint: interrupted\n")
        assert left == []
    else:
        assert r.returncode == -signal.SIGKILL
        assert len(left) == 1 and left[0].startswith(".b.yaml.") and left[0].endswith(".silentlint")
        assert (tmp_path / left[0]).read_bytes() == files["b.yaml"][1]  # complete, just not renamed


def test_a_change_after_a_parallel_lint_is_still_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Worker processes send findings back pickled: the linted text's hash travels with them."""
    import pickle

    from linter.config import Config
    from linter.engine import run
    from linter.fixes.collect import edits_of, fixes_of

    names = ["a.yaml", "b.yaml", "c.yaml", "d.yaml"]
    for i, name in enumerate(names):
        (tmp_path / name).write_text(spec(name[0], f"Kind, either 'x{i}' or 'y{i}'."))
    monkeypatch.chdir(tmp_path)
    result = run(names, Config(), select=[RULE], jobs=2)
    edits = edits_of(fixes_of(result.findings, unsafe=False))
    assert len(edits) == 4
    src = edits[1].source
    assert pickle.loads(pickle.dumps(src)).linted_text_is(src.text) is True
    (tmp_path / "b.yaml").write_text(spec("b", "Kind, either 'p' or 'q'."))
    errors: list[FixError] = []
    plans = fixes.plan(edits, errors=errors)
    assert [str(e) for e in errors] == ["b.yaml: changed on disk since it was linted; lint it again"]
    assert sorted(os.path.basename(p) for p in plans) == ["a.yaml", "c.yaml", "d.yaml"]


def test_readme_documents_these_messages_and_exit_codes() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert NOT_GIVEN.strip() in readme
    assert (
        "silentlint: fix refused: api.yaml:12: merge-conflict marker `<<<<<<<`; resolve the conflict "
        "first, nothing fixed in this file"
    ) in readme
    for message in ("changed on disk since it was linted; lint it again", "cannot write: Permission denied; the file is unchanged"):
        assert message in readme
    assert "changed since it was read;\n  nothing was written" in readme
    assert "| `fix` exit code | meaning |" in readme
    assert "some fix was not applied" in cli.FIX_EPILOG
