"""CONTRIBUTING.md names real files: every repository path it cites exists."""

from __future__ import annotations

import re

from clirun import REPO

ROOTS = ("linter/", "rules/", "tests/", "benchmarks/", "scripts/", ".ci/")


def test_every_path_named_exists() -> None:
    text = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    named = {m for m in re.findall(r"[`(]([.\w/-]+(?:\.\w+|/))[`)]", text) if m.startswith(ROOTS)}
    named = {p for p in named if "my-rule" not in p and "my_rule" not in p and "<" not in p}
    assert len(named) > 30, sorted(named)
    missing = sorted(p for p in named if not (REPO / p).exists())
    assert missing == []
    for cmd in re.findall(r"python (benchmarks/\w+\.py|scripts/\w+\.py)", text):
        assert (REPO / cmd).is_file(), cmd
