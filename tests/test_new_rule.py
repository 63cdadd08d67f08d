"""scripts/new_rule.py on a copy of the repository: the scaffolded rule loads, its fixture test
fails while the stub reports nothing and passes once the check is implemented."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import REPO, run_cli

RULE = "lonely-flag"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    skip = shutil.ignore_patterns("__pycache__")
    for d in ("linter", "rules", "scripts", "tests/rules"):
        shutil.copytree(REPO / d, root / d, ignore=skip)
    for f in ("pyproject.toml", "README.md", "tests/test_rules.py", "tests/conftest.py"):
        shutil.copy(REPO / f, root / f)
    return root


def _run(args: list[str], root: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, *args], cwd=root, capture_output=True, text=True, env=env, timeout=600)


def _fixture_test(root: Path) -> subprocess.CompletedProcess[str]:
    return _run(["-m", "pytest", "tests/test_rules.py", "-k", RULE, "-q", "-p", "no:cacheprovider", "-o", "addopts="], root)


def test_scaffold_then_implement(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    r = _run(["scripts/new_rule.py", RULE, "--family", "status"], root)
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.splitlines() == [
        f"created rules/{RULE}.yaml (default_severity: 'off')",
        "created linter/checks/lonely_flag.py (check function lonely_flag, scope field)",
        f"created tests/rules/{RULE}/bad-openapi3.yaml and good-openapi3.yaml",
        "updated the README rule table",
        f"next: write the entry's summary, rationale and how_to_fix; implement lonely_flag until "
        f"`PYTHONPATH=. python -m pytest tests/test_rules.py -k {RULE}` passes (it fails until then)",
        "then run python scripts/rule_table.py (the README table shows the summary)",
    ]
    module = (root / "linter/checks/lonely_flag.py").read_text()
    assert '@check("field")\ndef lonely_flag(field: Field, ctx: Context) -> Iterator[Hit]:' in module
    assert "from linter.model import Field, Hit\n" in module
    assert "check" not in (root / f"rules/{RULE}.yaml").read_text().replace("checks", "")
    # the README row is there, and the table is what the generator prints
    assert f'| <a id="rule-{RULE}"></a>`{RULE}` | status | off | none |' in (root / "README.md").read_text()
    assert _run(["scripts/rule_table.py", "--check"], root).returncode == 0
    # the catalog loads it, off by default, and the printed command lists it
    explain = run_cli(["explain", RULE], root, env={"PYTHONPATH": str(root)})
    assert explain.returncode == 0 and explain.stdout.startswith(f"{RULE} (status, default off, fix: none)\n")
    table = run_cli(["rules", "--format", "markdown"], root, env={"PYTHONPATH": str(root)})
    assert f'| <a id="rule-{RULE}"></a>`{RULE}` | status | off | none |' in table.stdout

    stub = _fixture_test(root)
    assert stub.returncode == 1, stub.stdout
    failed = sorted(line.split(" - ")[0] for line in stub.stdout.splitlines() if line.startswith("FAILED"))
    assert len(failed) == 2, stub.stdout  # the bad fixture and the catalog's bad example
    assert any("bad-openapi3.yaml" in f for f in failed) and any("test_catalog_examples" in f for f in failed)

    impl = module.replace("from linter.model import Field, Hit", "from linter.model import Field, Hit, Location").replace(
        "    yield from ()\n",
        '    if field.name == "flagged":\n'
        '        yield Hit(f"{field.label}: flagged", Location(field.location.source, field.location.pointer + ("name",)))\n',
    )
    assert impl != module
    (root / "linter/checks/lonely_flag.py").write_text(impl)
    done = _fixture_test(root)
    assert done.returncode == 0, done.stdout
    assert "4 passed" in done.stdout.splitlines()[-1], done.stdout


def test_default_on_and_scope(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    r = _run(["scripts/new_rule.py", RULE, "--family", "hygiene", "--default-on", "--scope", "operation"], root)
    assert r.returncode == 0, r.stderr
    assert "default_severity: warning\n" in (root / f"rules/{RULE}.yaml").read_text()
    assert '@check("operation")\ndef lonely_flag(operation: Operation, ctx: Context) -> Iterator[Hit]:' in (
        root / "linter/checks/lonely_flag.py"
    ).read_text()
    assert r.stdout.splitlines()[-1] == (
        "then run python scripts/rule_table.py (the README table shows the summary), "
        "and make examples/ show the rule (a default-on rule must fire there)"
    )
    explain = run_cli(["explain", RULE], root, env={"PYTHONPATH": str(root)})
    assert explain.stdout.startswith(f"{RULE} (hygiene, default warning, fix: none)\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["prose-enum", "--family", "vocabulary"], "rules/prose-enum.yaml exists already"),
        (["_vocabulary", "--family", "vocabulary"], "'_vocabulary' is not a kebab-case rule id (lower-case words joined by '-')"),
        (["Bad_Id", "--family", "status"], "'Bad_Id' is not a kebab-case rule id (lower-case words joined by '-')"),
        ([RULE, "--family", "grammar"], "unknown family 'grammar' (choose from boundary, hygiene, probe, status, vocabulary)"),
    ],
)
def test_refusals(tmp_path: Path, args: list[str], message: str) -> None:
    root = _copy(tmp_path)
    r = _run(["scripts/new_rule.py", *args], root)
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"new_rule.py: error: {message}\n")
    assert not (root / f"rules/{RULE}.yaml").exists()
