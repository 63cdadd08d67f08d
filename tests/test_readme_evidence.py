"""The README's attest and cards sections say what the code does: thresholds, anchors for every
finding's help link, the example output, the CI recipe (the Action's inputs and outputs) and the
pre-commit recipe, run by pre-commit itself."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import yaml

from clirun import run_cli
from linter.evidence import attest, cards
from linter.evidence.signals import Thresholds
from test_precommit import HOOKS, _run, hook_repo  # noqa: F401  (fixture)

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
SECTION = README[README.index("## Attest recorded outputs\n") : README.index("## GitHub\n")]
ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
DATA = REPO / "tests" / "data"


def _yaml_blocks() -> list[dict]:
    return [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", SECTION, re.S)]


def test_thresholds_are_documented_with_their_defaults() -> None:
    sentence = SECTION[SECTION.index("Thresholds, with their defaults:") :].split(". Set them")[0]
    documented = dict(re.findall(r"`([a-z-]+)` ([0-9.]+)", sentence))
    assert {k: float(v) for k, v in documented.items()} == {k: float(v) for k, v in Thresholds().as_dict().items()}


def test_every_finding_has_its_help_anchor() -> None:
    for rid, rule in {**attest.RULES, **cards.RULES}.items():
        assert f'<a id="rule-{rid}"></a>`{rid}`' in SECTION
        assert rule.help_uri.endswith(f"#rule-{rid}")


def test_the_example_output(tmp_path: Path) -> None:
    (tmp_path / "recorded").mkdir()
    (tmp_path / "schemas").mkdir()
    shutil.copy(DATA / "attest" / "bad" / "uniform-five-findings.json", tmp_path / "recorded" / "scan-0412.json")
    shutil.copy(DATA / "attest" / "report.schema.json", tmp_path / "schemas" / "review-output.json")
    example = re.search(r"```text\n\$ silentlint (attest .*?)\n(.*?)```", SECTION, re.S)
    assert example is not None
    r = run_cli(example.group(1).split(), tmp_path)
    assert (r.returncode, r.stdout) == (8, example.group(2))


def test_ci_recipe_uses_the_action_as_it_is() -> None:
    workflow = next(b for b in _yaml_blocks() if "jobs" in b)
    steps = workflow["jobs"]["evidence"]["steps"]
    ours = next(s for s in steps if s.get("id") == "silentlint")
    assert ours["uses"] == "OWNER/REPO@COMMIT_SHA"
    assert set(ours["with"]) <= set(ACTION["inputs"])
    text = yaml.safe_dump(workflow)
    assert set(re.findall(r"steps\.silentlint\.outputs\.([\w-]+)", text)) == {"attest-sarif-file", "cards-sarif-file"}
    assert [s["with"]["category"] for s in steps if "upload-sarif" in s.get("uses", "")] == ["silentlint-attest", "silentlint-cards"]


def _project(root: Path, config: str, env: dict[str, str]) -> Path:
    """A repository laid out as the README's recipes expect."""
    for d in ("recorded", "cards", "runs/latest"):
        (root / d).mkdir(parents=True)
    shutil.copy(DATA / "tcc" / "tools.json", root / "tools.json")
    shutil.copy(DATA / "attest" / "good" / "mcp-call-tool-result.json", root / "recorded" / "good.json")
    card = json.loads((DATA / "tcc" / "get-record.json").read_text(encoding="utf-8"))
    del card["context"]["tool_set_path"]
    card["evidence_gate"][0]["evidence_ref"] = "https://ci.example.com/db-roles.txt"
    (root / "cards" / "get-record.json").write_text(json.dumps(card, indent=2), encoding="utf-8")
    shutil.copy(DATA / "tcc" / "runs" / "pass.json", root / "runs" / "latest" / "get-record-timeout.json")
    (root / ".pre-commit-config.yaml").write_text(config, encoding="utf-8")
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"]):
        subprocess.run(cmd, cwd=root, env=env, check=True, capture_output=True)
    return root


def test_precommit_recipe(hook_repo: tuple[Path, dict[str, str]], tmp_path: Path) -> None:  # noqa: F811
    repo, env = hook_repo
    block = next(b for b in _yaml_blocks() if "repos" in b)
    (entry,) = block["repos"]
    assert {h["id"] for h in entry["hooks"]} <= {h["id"] for h in HOOKS}
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout.strip()
    entry.update(repo=str(repo), rev=sha)
    project = _project(tmp_path / "project", yaml.safe_dump(block), env)
    r = _run(["pre-commit", "run", "--all-files"], project, env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"silentlint attest\.+Passed", r.stdout) and re.search(r"silentlint cards\.+Passed", r.stdout)
    # a pull request changes a tool definition: the card is stale
    tools = json.loads((project / "tools.json").read_text(encoding="utf-8"))
    tools["tools"][2]["description"] = "Change the status of one record, or delete it."
    (project / "tools.json").write_text(json.dumps(tools, indent=2), encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=project, env=env, check=True)
    r = _run(["pre-commit", "run", "--all-files"], project, env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert re.search(r"silentlint cards\.+Failed", r.stdout)
    assert "- exit code: 11" in r.stdout
    assert "cards/get-record.json:9:5: error[card_stale] stale: the card pins sha256:cec574616e16…" in r.stdout
