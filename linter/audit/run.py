"""``silentlint audit``: lint and count every document, aggregate into one report dict.

Each worker lints one file exactly as ``check`` does (:func:`linter.engine.lint_candidate`) and,
through the engine's ``hook``, counts the same parsed document; it hands back only a small
:class:`DocStats` (counters, per-rule finding counts and 64-bit fingerprint prefixes), never the
findings, so memory stays flat over thousands of specs. The parent merges findings across
documents by fingerprint, as ``check`` does, and de-duplicates operations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Iterable

from linter import __version__
from linter.audit.count import COUNTERS, ZERO, Counts, DocCount, add, count_document
from linter.checks import unused_suppression
from linter.config import Config
from linter.engine import RuleSet, Suppression, lint_candidate, map_candidates, prepare_run
from linter.model import Document, InputProblem
from linter.sources.discover import Candidate

SCHEMA_VERSION = 1

# Gap families: documents with at least one finding of these rules. public-standard-vocabulary
# is left out on purpose: naming ISO 639/4217 or RFC 3339 is a constraint models already know.
GAP_FAMILIES: dict[str, tuple[str, ...]] = {
    "vocabulary": ("prose-enum", "example-only-vocabulary"),
    "format": ("prose-format",),
    "bounds": ("prose-bounds",),
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


@dataclass
class AuditOutcome:
    problem: InputProblem | None = None
    skipped: str | None = None
    stats: DocStats | None = None
    declared: list[Suppression] = field(default_factory=list)
    used: set[tuple[str, str, str]] = field(default_factory=set)


def _hook(doc: Document, depth: int) -> tuple[str, DocCount]:
    return doc.format, count_document(doc, depth)


def audit_candidate(cand: Candidate, rules: RuleSet, root: str, debug: bool, depth: int) -> AuditOutcome:
    """Lint and count one root file; only counters leave the worker."""
    out = lint_candidate(cand, rules, root, debug, hook=partial(_hook, depth=depth))
    stats = None
    if out.linted and out.extra is not None:
        fmt, count = out.extra
        fps: dict[str, set[int]] = {}
        for f in out.findings:
            fps.setdefault(f.rule, set()).add(int(f.fingerprint[:16], 16))
        stats = DocStats(
            out.linted, fmt, count, {r: len(v) for r, v in fps.items()}, {r: frozenset(v) for r, v in fps.items()}
        )
    return AuditOutcome(out.problem, out.skipped, stats, out.declared, out.used)


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
    root, rules, cands, problems = prepare_run(paths, config, root, select, ignore)
    enabled = list(rules.enabled)
    skipped: list[str] = []
    rows: list[dict[str, Any]] = []
    ops: dict[tuple[str, str, str], Counts] = {}
    before = ZERO
    n_ops_before = 0
    fps: dict[str, set[int]] = {r: set() for r in enabled}
    declared: dict[tuple[str, str, str], tuple[Suppression, int]] = {}
    used: set[tuple[str, str, str]] = set()
    work = partial(audit_candidate, rules=rules, root=root, debug=debug, depth=depth)
    for outcome in map_candidates(cands, work, jobs):  # in candidate order: the first document wins de-duplication
        if outcome.problem:
            problems.append(outcome.problem)
        if outcome.skipped:
            skipped.append(outcome.skipped)
        s = outcome.stats
        if s is None:
            continue
        for sup in outcome.declared:
            declared.setdefault(sup.key, (sup, len(rows)))
        used |= outcome.used
        for op in s.count.operations:
            n_ops_before += 1
            before = add(before, op.counts)
            ops.setdefault(op.key, op.counts)
        for r, v in s.fingerprints.items():
            fps.setdefault(r, set()).update(v)
        rows.append(_doc_row(s, enabled))
    if unused_suppression.RULE in rules.enabled:
        severity = partial(rules.severity, unused_suppression.RULE)
        for key, finding in unused_suppression.findings(((k, s) for k, (s, _) in declared.items()), used, severity):
            fps[finding.rule].add(int(finding.fingerprint[:16], 16))
            i = declared[key][1]
            f = rows[i]["findings"]
            f[finding.rule] = f.get(finding.rule, 0) + 1
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
    return report, problems, skipped

