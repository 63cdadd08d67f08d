"""overlapping-tools gives the same findings whatever ``PYTHONHASHSEED``: past ``max_candidates``
which write tools a read tool is compared with must not follow a set's iteration order."""

from __future__ import annotations

import json
from pathlib import Path

from clirun import run_cli

# One read tool whose description holds ten nouns; ten write tools, each holding one of them (names
# without verbs, which would tell the two sides apart by themselves). Every
# noun is then shared by exactly two tools (the same document frequency): the order of the read
# tool's nouns among equals decides which writers are its first ``max_candidates`` candidates.
NOUNS = ["voucher", "ledger", "receipt", "invoice", "refund", "balance", "statement", "payment", "account", "customer"]
CONFIG = "rules:\n  overlapping-tools:\n    options: {max_candidates: 2, threshold: 0.05}\n"


def _document() -> dict:  # type: ignore[type-arg]
    def tool(name: str, description: str, read_only: bool) -> dict:  # type: ignore[type-arg]
        return {
            "name": name,
            "description": description,
            "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
            "annotations": {"readOnlyHint": read_only},
        }

    tools = [tool("records_desk", "Handles " + " ".join(NOUNS) + ".", True)]
    tools += [tool(f"{n}_desk", f"Handles {n}.", False) for n in NOUNS]
    return {"tools": tools}


def _lint(root: Path, seed: str) -> str:
    r = run_cli(
        ["check", "tools.json", "--select", "overlapping-tools", "--format", "json", "--fail-on", "never"],
        root, env={"PYTHONHASHSEED": seed},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_findings_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    (tmp_path / "tools.json").write_text(json.dumps(_document(), indent=1), encoding="utf-8")
    (tmp_path / ".silentlint.yaml").write_text(CONFIG, encoding="utf-8")
    outputs = {seed: _lint(tmp_path, seed) for seed in ("0", "1", "2", "3", "4", "5")}
    assert len(set(outputs.values())) == 1, {k: v[:2000] for k, v in outputs.items()}
    findings = json.loads(outputs["0"])["findings"]
    # the read tool's nouns in a total order (document frequency, then the noun): "account" and
    # "balance" come first, so their writers are the two candidates compared (reported in
    # document order)
    assert [(f["rule"], f["evidence"]["write"], f["evidence"]["read"], f["evidence"]["shared"], f["pointer"]) for f in findings] == [
        ("overlapping-tools", "balance_desk", "records_desk", ["balance"], "/tools/6/description"),
        ("overlapping-tools", "account_desk", "records_desk", ["account"], "/tools/9/description"),
    ]
