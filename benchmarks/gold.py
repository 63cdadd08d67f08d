"""Score the vocabulary rules' decisions (``linter.checks._vocabulary.gaps``) against the
hand-labelled gold leaves.

    python benchmarks/gold.py [path-to-jsonl] [--show-errors RULE]

A rule's positives follow ``tests/data/gold/README.md``: prose-enum ← ``closed_vocab`` with no
enum/const in the schema; example-only-vocabulary ← ``example_vocab`` with no enum;
prose-format ← ``format`` with no format/pattern; prose-bounds ← ``bounds`` with no bound
keyword. ``score`` is importable so a test can hold the targets.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterable, Mapping

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from linter.checks._vocabulary import gaps  # noqa: E402

DEFAULT_PATH = ROOT / "tests" / "data" / "gold" / "dev.jsonl"
STRUCTURED_PATH = ROOT / "tests" / "data" / "gold" / "dev-structured.jsonl"
RULES = ("prose-enum", "example-only-vocabulary", "prose-format", "prose-bounds")
TARGETS: dict[str, dict[str, float]] = {
    "prose-enum": {"precision": 0.95, "recall": 0.85, "exact_values": 0.90},
    "example-only-vocabulary": {"precision": 0.85, "recall": 0.70},
    "prose-format": {"precision": 0.90, "recall": 0.75},
    "prose-bounds": {"precision": 0.95, "recall": 0.85},
}
_BOUND_KEYS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
               "minItems", "maxItems")


def load(path: str | Path = DEFAULT_PATH) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def schema_of(record: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in (record.get("schema_keywords") or {}).items() if v is not None}


def gold_positive(record: Mapping[str, Any], rule: str) -> bool:
    labels = set(record.get("labels") or ())
    sk = schema_of(record)
    enum = "enum" in sk or "const" in sk
    if rule == "prose-enum":
        return "closed_vocab" in labels and not enum
    if rule == "example-only-vocabulary":
        return "example_vocab" in labels and not enum
    if rule == "prose-format":
        return "format" in labels and "format" not in sk and "pattern" not in sk
    if rule == "prose-bounds":
        return "bounds" in labels and not any(k in sk for k in _BOUND_KEYS)
    raise ValueError(rule)


def predict(record: Mapping[str, Any]) -> list[Any]:
    return gaps(
        record.get("description") or "",
        name=record.get("name") or "",
        type=record.get("type"),
        where=record.get("in") or "",
        schema=schema_of(record),
    )


def score(records: Iterable[Mapping[str, Any]], *, errors: dict[str, list[dict[str, Any]]] | None = None) -> dict[str, dict[str, Any]]:
    """Per rule: tp, fp, fn, precision, recall (and exact_values for prose-enum)."""
    out: dict[str, dict[str, Any]] = {r: {"tp": 0, "fp": 0, "fn": 0, "exact": 0} for r in RULES}
    for rec in records:
        found = predict(rec)
        for rule in RULES:
            pred = [g for g in found if g.rule == rule]
            gold = gold_positive(rec, rule)
            row = out[rule]
            if pred and gold:
                row["tp"] += 1
                if rule == "prose-enum":
                    got = {v for g in pred for v in g.evidence.values}
                    if got == set(rec.get("values") or ()):
                        row["exact"] += 1
                    elif errors is not None:
                        errors.setdefault(rule, []).append({"kind": "VALUES", "rec": rec, "gaps": pred})
            elif pred:
                row["fp"] += 1
                if errors is not None:
                    errors.setdefault(rule, []).append({"kind": "FP", "rec": rec, "gaps": pred})
            elif gold:
                row["fn"] += 1
                if errors is not None:
                    errors.setdefault(rule, []).append({"kind": "FN", "rec": rec, "gaps": []})
    for rule, row in out.items():
        tp, fp, fn = row["tp"], row["fp"], row["fn"]
        row["precision"] = tp / (tp + fp) if tp + fp else 1.0
        row["recall"] = tp / (tp + fn) if tp + fn else 1.0
        if rule == "prose-enum":
            row["exact_values"] = row["exact"] / tp if tp else 1.0
        del row["exact"]
    return out


def meets_targets(result: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The targets missed (empty when all hold)."""
    missed = []
    for rule, targets in TARGETS.items():
        for metric, floor in targets.items():
            if result[rule][metric] < floor:
                missed.append(f"{rule} {metric} {result[rule][metric]:.3f} < {floor}")
    return missed


def _table(result: Mapping[str, Mapping[str, Any]]) -> str:
    lines = [f"{'rule':<26}{'TP':>4}{'FP':>4}{'FN':>4}{'precision':>11}{'recall':>8}{'exact':>7}  targets (P/R/exact)"]
    for rule in RULES:
        r = result[rule]
        t = TARGETS[rule]
        exact = f"{r['exact_values']:.3f}" if "exact_values" in r else "-"
        tgt = "/".join(f"{t[k]:.2f}" for k in ("precision", "recall", "exact_values") if k in t)
        lines.append(f"{rule:<26}{r['tp']:>4}{r['fp']:>4}{r['fn']:>4}{r['precision']:>11.3f}{r['recall']:>8.3f}{exact:>7}  {tgt}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="*", default=[str(DEFAULT_PATH), str(STRUCTURED_PATH)],
                    help="gold files (default: both dev sets, scored one after the other)")
    ap.add_argument("--show-errors", metavar="RULE", choices=RULES, help="list this rule's FPs, FNs and value mismatches")
    args = ap.parse_args(argv)
    for i, path in enumerate(args.path):
        if i:
            print()
        _report(path, args.show_errors)
    return 0


def _report(path: str, show_errors: str | None) -> None:
    records = load(path)
    errors: dict[str, list[dict[str, Any]]] = {}
    result = score(records, errors=errors)
    print(f"{len(records)} records from {path}")
    print(_table(result))
    missed = meets_targets(result)
    print("targets: all met" if not missed else "targets missed: " + "; ".join(missed))
    if show_errors:
        for e in errors.get(show_errors, []):
            rec = e["rec"]
            print(f"\n== {e['kind']} {rec['id']} {rec.get('name')} type={rec.get('type')} labels={rec.get('labels')} "
                  f"gold={rec.get('values')} schema={ {k: v for k, v in schema_of(rec).items() if k != 'enum'} }")
            for g in e["gaps"]:
                print(f"   -> {g.message}\n      data={dict(g.evidence.data)} text={g.evidence.text[:160]!r}")
            print("   " + (rec.get("description") or "")[:700].replace("\n", "\n   "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
