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


def test_dev_copy_is_complete() -> None:
    gold = _gold()
    records = gold.load(ROOT / "tests" / "data" / "gold" / "dev.jsonl")
    assert len(records) == 268
    assert all("labels" in r and "description" in r for r in records)


def test_positives_follow_readme() -> None:
    gold = _gold()
    rec = {"labels": ["closed_vocab"], "schema_keywords": {"enum": ["a"], "format": None}}
    assert not gold.gold_positive(rec, "prose-enum")
    rec = {"labels": ["bounds"], "schema_keywords": {"maxLength": None, "format": "int32"}}
    assert gold.gold_positive(rec, "prose-bounds")
