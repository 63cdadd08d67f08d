"""``silentlint audit``: lint and count every document, aggregate into one report dict.

The run is driven as ``check``'s (:func:`linter.engine.drive`): each worker lints one file
exactly as ``check`` does (:func:`linter.engine.lint_candidate`) and, through the engine's
``hook``, counts the same parsed document; it hands back only a small :class:`DocStats`
(counters, per-rule finding counts and 64-bit fingerprint prefixes), never the findings, so
memory stays flat over thousands of specs. The parent merges findings across documents by
fingerprint, as ``check`` does, and de-duplicates operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Iterable

from linter import __version__
from linter.audit.count import COUNTERS, ZERO, Counts, DocCount, add, count_document
from linter.checks import example_only_vocabulary, prose_bounds, prose_enum, prose_format
from linter.config import Config
from linter.engine import FileOutcome, RuleSet, Tally, drive, lint_candidate, prepare_run, unused_suppressions
from linter.model import Document, InputProblem
from linter.runctx import RunContext
from linter.sources.discover import Candidate

SCHEMA_VERSION = 1

# Gap families: documents with at least one finding of these rules. public-standard-vocabulary
# is left out on purpose: naming ISO 639/4217 or RFC 3339 is a constraint models already know.
GAP_FAMILIES: dict[str, tuple[str, ...]] = {
    "vocabulary": (prose_enum.RULE, example_only_vocabulary.RULE),
    "format": (prose_format.RULE,),
    "bounds": (prose_bounds.RULE,),
}
GAP_RULES = frozenset(r for rules in GAP_FAMILIES.values() for r in rules)
SHARES = COUNTERS[1:]


@dataclass(frozen=True, slots=True)
class DocStats:
    path: str
    format: str
    count: DocCount
    findings: dict[str, int]  # rule → findings of this document (merged within it)
    fingerprints: dict[str, frozenset[int]]  # rule → fingerprint prefixes, to merge across documents


def _hook(doc: Document, depth: int) -> tuple[str, DocCount]:
    return doc.format, count_document(doc, depth)


def audit_candidate(cand: Candidate, rules: RuleSet, run: RunContext, depth: int) -> FileOutcome:
    """Lint and count one root file; only counters (``extra``: a :class:`DocStats`, or None)
    leave the worker, not the findings."""
    out = lint_candidate(cand, rules, run, hook=partial(_hook, depth=depth))
    stats = None
    if out.linted and out.extra is not None:
        fmt, count = out.extra
        fps: dict[str, set[int]] = {}
        for f in out.findings:
            fps.setdefault(f.rule, set()).add(int(f.fingerprint[:16], 16))
        stats = DocStats(
            out.linted, fmt, count, {r: len(v) for r, v in fps.items()}, {r: frozenset(v) for r, v in fps.items()}
        )
    out.extra = stats
    out.findings = []
    return out


def _share(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def _constraints(c: Counts) -> dict[str, int]:
    return {name: c[i + 1] for i, name in enumerate(SHARES)}


def _doc_row(s: DocStats, enabled: list[str]) -> dict[str, Any]:
    total = ZERO
    for op in s.count.operations:
        total = add(total, op.counts)
    gaps = {fam: sum(s.findings.get(r, 0) for r in rules) for fam, rules in GAP_FAMILIES.items()}
    gaps["total"] = sum(gaps.values())
    leaves = total[0]
    return {
        "path": s.path,
        "format": s.format,
        "provider": s.count.provider,
        "operations": len(s.count.operations),
        "leaves": leaves,
        "leaf_constraints": _constraints(total),
        "unconstrained_share": _share(leaves - total[5], leaves),
        "gap_findings": gaps,
        "findings": {r: s.findings[r] for r in enabled if s.findings.get(r)},
    }


def worst_first_key(row: dict[str, Any]) -> tuple[Any, ...]:
    """Most gap findings first, then the highest share of leaves without any machine-checkable
    constraint, then more leaves, then the path."""
    return (-row["gap_findings"]["total"], -(row["unconstrained_share"] or 0.0), -row["leaves"], row["path"])


def audit(
    paths: list[str],
    config: Config,
    *,
    root: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    jobs: int = 1,
    depth: int = 1,
    debug: bool = False,
) -> tuple[dict[str, Any], list[InputProblem], list[str]]:
    """The audit report (the JSON document, schema version 1), the input problems and the
    files skipped as not API/tool files."""
    run, rules, cands, problems = prepare_run(paths, config, root, select, ignore, jobs=jobs, debug=debug)
    enabled = list(rules.enabled)
    tally = Tally(problems)
    row_of: dict[int, int] = {}  # outcome index → its document's row
    rows: list[dict[str, Any]] = []
    ops: dict[tuple[str, str, str], Counts] = {}
    before = ZERO
    n_ops_before = 0
    fps: dict[str, set[int]] = {r: set() for r in enabled}
    work = partial(audit_candidate, depth=depth)
    for n, outcome in drive(run, rules, cands, tally, work):  # in candidate order: the first document wins de-duplication
        s: DocStats | None = outcome.extra
        if s is None:
            continue
        row_of[n] = len(rows)
        for op in s.count.operations:
            n_ops_before += 1
            before = add(before, op.counts)
            ops.setdefault(op.key, op.counts)
        for r, v in s.fingerprints.items():
            fps.setdefault(r, set()).update(v)
        rows.append(_doc_row(s, enabled))
    for unused, n in unused_suppressions(tally, rules):
        fps[unused.rule].add(int(unused.fingerprint[:16], 16))
        i = row_of[n]
        f = rows[i]["findings"]
        f[unused.rule] = f.get(unused.rule, 0) + 1
        rows[i]["findings"] = {r: f[r] for r in enabled if f.get(r)}
    total = ZERO
    for c in ops.values():
        total = add(total, c)
    n_docs = len(rows)
    gaps: dict[str, Any] = {}
    any_docs = 0
    for row in rows:
        if row["gap_findings"]["total"]:
            any_docs += 1
    for fam, fam_rules in GAP_FAMILIES.items():
        if not any(r in rules.enabled for r in fam_rules):
            gaps[fam] = None
            continue
        n = sum(1 for row in rows if row["gap_findings"][fam])
        gaps[fam] = {"documents": n, "share": _share(n, n_docs)}
    gaps["any"] = (
        None if all(gaps[f] is None for f in GAP_FAMILIES) else {"documents": any_docs, "share": _share(any_docs, n_docs)}
    )
    findings = {r: len(fps.get(r, ())) for r in enabled}
    rows.sort(key=worst_first_key)
    report = {
        "schema_version": SCHEMA_VERSION,
        "tool": "silentlint",
        "version": __version__,
        "depth": depth,
        "totals": {
            "documents": n_docs,
            "operations": len(ops),
            "leaves": total[0],
            "operations_before_dedup": n_ops_before,
            "leaves_before_dedup": before[0],
            "leaf_constraints": {
                name: {"leaves": total[i + 1], "share": _share(total[i + 1], total[0])} for i, name in enumerate(SHARES)
            },
            "document_gaps": gaps,
            "findings": findings,
            "findings_total": sum(findings.values()),
        },
        "documents": rows,
        "problems": [{"path": p.path, "message": p.message, "kind": p.kind} for p in problems],
    }
    return report, problems, tally.skipped

