"""The measured targets on the gold dev set hold (a regression in the analyser fails CI)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _gold() -> ModuleType:
    spec = importlib.util.spec_from_file_location("silentlint_benchmark_gold", ROOT / "benchmarks" / "gold.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_dev_set_meets_targets() -> None:
    gold = _gold()
    result = gold.score(gold.load(ROOT / "tests" / "data" / "gold" / "dev.jsonl"))
    assert gold.meets_targets(result) == [], result


def test_structured_dev_set_holds_the_prose_enum_targets() -> None:
    """The hard structured set (definition lists, tables, run-ins, hard negatives): prose-enum
    and prose-format meet their targets there too; prose-bounds is held at what it reaches
    today, so a regression fails (its targets are not met on this set yet)."""
    gold = _gold()
    result = gold.score(gold.load(ROOT / "tests" / "data" / "gold" / "dev-structured.jsonl"))
    assert not [m for m in gold.meets_targets(result) if m.startswith(("prose-enum", "prose-format"))], result
    assert result["prose-bounds"]["precision"] >= 0.95 and result["prose-bounds"]["recall"] >= 0.72, result["prose-bounds"]


def test_dev_copy_is_complete() -> None:
    gold = _gold()
    records = gold.load(ROOT / "tests" / "data" / "gold" / "dev.jsonl")
    assert len(records) == 268
    assert all("labels" in r and "description" in r for r in records)
    structured = gold.load(ROOT / "tests" / "data" / "gold" / "dev-structured.jsonl")
    assert len(structured) == 150
    assert all("labels" in r and "description" in r for r in structured)


def test_positives_follow_readme() -> None:
    gold = _gold()
    rec = {"labels": ["closed_vocab"], "schema_keywords": {"enum": ["a"], "format": None}}
    assert not gold.gold_positive(rec, "prose-enum")
    rec = {"labels": ["bounds"], "schema_keywords": {"maxLength": None, "format": "int32"}}
    assert gold.gold_positive(rec, "prose-bounds")
