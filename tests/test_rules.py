"""Every fixture under tests/rules/<rule-id>/ yields exactly its expected findings.

YAML fixtures mark each expected finding with a trailing ``# expect: <rule-id>`` comment on the
line the finding points at; JSON fixtures have a sibling ``<name>.expected.json`` list of
``{"rule", "line", "column"}``. ``good-*`` files must yield nothing. The rules run are the
fixture's own rule, the rules it expects, and any named in a ``# select: a, b`` comment.

The probe family's findings come from a staging server, not from the file: a fixture of theirs
has a sibling ``<name>.probe.jsonl`` evidence log, replayed as ``silentlint probe --replay``
does (catalog examples carry theirs as ``bad_log``/``good_log``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from linter.config import Config
from linter.engine import run
from linter.model import RunResult

RULES_DIR = Path(__file__).parent / "rules"
EXPECT_RX = re.compile(r"#\s*expect:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)")
SELECT_RX = re.compile(r"^#\s*select:\s*(.+)$", re.M)

FIXTURES = sorted(
    p for p in RULES_DIR.glob("*/*") if p.suffix in (".yaml", ".yml", ".json") and not p.name.endswith(".expected.json")
)


def lint(name: str, rules: set[str], log: str | None = None) -> RunResult:
    """``check``'s run, or for a probe fixture the replay of its evidence log."""
    if log is None:
        return run([name], Config(), select=sorted(rules), jobs=1)
    from linter.live.probe.run import findings, replay

    return findings(replay(log, name, Config()), Config())


def expected(path: Path) -> tuple[set[str], list[tuple[str, int, int | None]]]:
    text = path.read_text(encoding="utf-8")
    rules = {path.parent.name}
    out: list[tuple[str, int, int | None]] = []
    if path.suffix == ".json":
        exp = path.with_name(path.stem + ".expected.json")
        if exp.exists():
            for item in json.loads(exp.read_text(encoding="utf-8")):
                out.append((item["rule"], item["line"], item.get("column")))
    else:
        for lineno, line in enumerate(text.splitlines(), start=1):
            m = EXPECT_RX.search(line)
            if m:
                out.extend((r.strip(), lineno, None) for r in m.group(1).split(","))
    for m in SELECT_RX.finditer(text):
        rules |= {r.strip() for r in m.group(1).split(",")}
    rules |= {r for r, _, _ in out}
    return rules, out


def test_fixtures_exist_for_every_rule() -> None:
    from linter.catalog import load_catalog

    for rid in load_catalog():
        assert any(p.name.startswith("bad-") for p in (RULES_DIR / rid).glob("*")), f"no bad fixture for {rid}"
        assert any(p.name.startswith("good-") for p in (RULES_DIR / rid).glob("*")), f"no good fixture for {rid}"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fixture(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)
    rules, want = expected(path)
    if path.name.startswith("good-"):
        assert not want, "good fixtures expect nothing"
    log = path.with_name(path.stem + ".probe.jsonl")
    result = lint(path.name, rules, log.name if log.exists() else None)
    assert result.problems == []
    got = []
    for f in result.findings:
        assert f.path == path.name
        r = f.region
        assert r is not None
        got.append((f.rule, r.start_line, r.start_column))
    want_cols = [w for w in want if w[2] is not None]
    got_lines = sorted((rule, line) for rule, line, _ in got)
    assert got_lines == sorted((rule, line) for rule, line, _ in want), [f.message for f in result.findings]
    for w in want_cols:
        assert w in got


def _catalog_examples() -> list[tuple[str, int, str, str]]:
    from linter.catalog import load_catalog

    out = []
    for rid, rule in load_catalog().items():
        for i, ex in enumerate(rule.examples):
            for kind in ("bad", "good"):
                if ex.get(kind):
                    out.append((rid, i, kind, ex[kind]))
    return out


@pytest.mark.parametrize(("rule", "index", "kind", "text"), _catalog_examples(), ids=lambda v: str(v)[:40])
def test_catalog_examples(rule: str, index: int, kind: str, text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``silentlint explain`` shows these: the bad one must trigger its rule, the good one not."""
    monkeypatch.chdir(tmp_path)
    name = "example.json" if text.lstrip().startswith(("{", "[")) else "example.yaml"
    (tmp_path / name).write_text(text, encoding="utf-8")
    from linter.catalog import load_catalog

    mentioned = set(re.findall(r"[a-z]+(?:-[a-z]+)+", text)) & set(load_catalog())  # e.g. a suppressed rule
    log = load_catalog()[rule].examples[index].get(f"{kind}_log")
    if log:
        (tmp_path / "example.probe.jsonl").write_text(log, encoding="utf-8")
    result = lint(name, {rule} | mentioned, "example.probe.jsonl" if log else None)
    assert result.problems == []
    fired = [f for f in result.findings if f.rule == rule]
    if kind == "bad":
        assert fired, f"{rule} example {index} (bad) does not trigger the rule"
    else:
        assert not fired, [f.message for f in fired]


def test_every_rule_has_examples() -> None:
    from linter.catalog import load_catalog

    for rid, rule in load_catalog().items():
        assert any(ex.get("bad") and ex.get("good") for ex in rule.examples), f"{rid} has no bad/good example"
