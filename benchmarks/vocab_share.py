"""Per-rule finding counts and the share of documents with a prose-only constraint.

    silentlint check DIR --select vocabulary --quiet --fail-on never --output json=vocab.json
    python benchmarks/vocab_share.py vocab.json [--sample RULE --n 30 --seed 1]

Reads a silentlint JSON report (schema 1). The share counts documents with at least one
prose-enum, example-only-vocabulary, prose-format or prose-bounds finding, over the documents
that were linted, so it can be set against the published figure (40.1% of documents carry a
constraint that exists only in prose). ``--sample`` prints random findings of one rule for a
precision spot-check. Stdlib only.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from typing import Any

PROSE_ONLY = ("prose-enum", "example-only-vocabulary", "prose-format", "prose-bounds")
PUBLISHED_SHARE = 0.401


def load(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        report = json.load(fh)
    if not isinstance(report, dict) or report.get("schema") != 1:
        raise SystemExit(f"{path}: not a silentlint JSON report (schema 1)")
    return report


def is_parameter(finding: dict[str, Any]) -> bool:
    """A parameter's description (OpenAPI ``parameters``), as opposed to a body property."""
    return "/parameters/" in finding.get("pointer", "")


def summarize(report: dict[str, Any], *, parameters_only: bool = False) -> dict[str, Any]:
    """Counts by rule, documents by rule, and the prose-only share over linted documents."""
    files = report.get("files") or []
    by_rule: Counter[str] = Counter()
    docs_by_rule: dict[str, set[str]] = defaultdict(set)
    for f in report.get("findings") or []:
        if parameters_only and not is_parameter(f):
            continue
        by_rule[f["rule"]] += 1
        docs_by_rule[f["rule"]].add(f["path"])
    prose_docs = set().union(*(docs_by_rule[r] for r in PROSE_ONLY)) if docs_by_rule else set()
    n = len(files)
    return {
        "documents": n,
        "problems": len(report.get("problems") or []),
        "findings": dict(sorted(by_rule.items())),
        "documents_by_rule": {r: len(d) for r, d in sorted(docs_by_rule.items())},
        "prose_only_documents": len(prose_docs),
        "prose_only_share": len(prose_docs) / n if n else 0.0,
    }


def sample(report: dict[str, Any], rule: str, n: int, seed: int) -> list[dict[str, Any]]:
    found = [f for f in report.get("findings") or [] if f["rule"] == rule]
    return random.Random(seed).sample(found, min(n, len(found)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--parameters-only", action="store_true", help="count findings on parameters only, not body properties")
    ap.add_argument("--sample", metavar="RULE", help="print random findings of RULE")
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    report = load(args.report)
    if args.sample:
        for f in sample(report, args.sample, args.n, args.seed):
            ev = f.get("evidence") or {}
            print(f"{f['path']}:{f['line']}  {f['message']}\n    evidence: {ev.get('text', '')[:200]!r}")
        return 0
    s = summarize(report, parameters_only=args.parameters_only)
    if args.json:
        json.dump(s, sys.stdout, indent=2)
        print()
        return 0
    scope = " (findings on parameters only)" if args.parameters_only else ""
    print(f"{s['documents']} documents linted ({s['problems']} could not be linted){scope}")
    print(f"{'rule':<28}{'findings':>10}{'documents':>11}")
    for rule, count in s["findings"].items():
        print(f"{rule:<28}{count:>10}{s['documents_by_rule'][rule]:>11}")
    print(
        f"documents with a prose-only constraint ({', '.join(PROSE_ONLY)}): {s['prose_only_documents']} "
        f"= {s['prose_only_share']:.1%} (published: {PUBLISHED_SHARE:.1%})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
