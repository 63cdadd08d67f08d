"""``silentlint attest``: recorded outputs → schema errors and signals → one verdict per output.

Verdict (README, "Attest recorded outputs"): the content of an output is its leaves — a string
counts its words (each CJK character one word), a number or an empty list or object 1 — except
structure: booleans, null and strings the schema pins down (enum, const, format, pattern).
An output with nothing but structure counts every leaf as 1. A signal flags the units of the
node it is about (a whole list for ``uniform_list``; the field in every item for
``enum_first_value``).

- ``VALID_BUT_EMPTY``: severe signals flag at least ``empty-at`` (50%) of the units;
- ``THIN_CONTENT``: not that, but a signal fired and signals flag at least ``thin-at`` of the
  units (0: any signal, even one about structure alone);
- ``CONTENT_PRESENT``: otherwise;
- ``INVALID`` (not one of the study's three): the output fails its schema; its signals are still
  reported.

No signal is not proof of meaning: an output can be fluent, varied, complete and wrong.
"""

from __future__ import annotations

from linter.evidence.names import ATTEST_FAIL_ON

import os
from dataclasses import dataclass
from typing import Any

from linter import __version__
from linter.evidence import signals as sig
from linter.evidence.common import finding, json_path, load_or_none, root_dir, rule
from linter.evidence.report import EvidenceRun, Subject
from linter.evidence.schemas import Target
from linter.model import Finding, InputProblem, Pointer, Rule, RunResult, Severity, Source

CONTENT_PRESENT, THIN_CONTENT, VALID_BUT_EMPTY, INVALID = "CONTENT_PRESENT", "THIN_CONTENT", "VALID_BUT_EMPTY", "INVALID"
RANK = {CONTENT_PRESENT: 0, THIN_CONTENT: 1, VALID_BUT_EMPTY: 2, INVALID: 3}
FAIL_ON = ATTEST_FAIL_ON
EXIT_OK, EXIT_INPUT = 0, 3
EXIT_THIN, EXIT_EMPTY_OUTPUT, EXIT_INVALID_OUTPUT = 7, 8, 9
EXIT_BY_STATUS = {THIN_CONTENT: EXIT_THIN, VALID_BUT_EMPTY: EXIT_EMPTY_OUTPUT, INVALID: EXIT_INVALID_OUTPUT}

_FIX = "Fix the tool or the prompt that produced it; attest a fresh recording."
RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        rule("schema_invalid", "attest", "error", "The recorded output does not match its schema.",
             "An output that fails its own schema is broken before anyone reads it: a client that validates rejects it, one that does not guesses.",
             "Fix the tool (or the schema, if it is the schema that is wrong), then record the output again."),
        rule("uniform_list", "attest", "error", "More than half of a list's items are identical.",
             "Five identical findings are one finding repeated: the list looks full and says one thing. Severe at 90% of the items.",
             _FIX),
        rule("stub_value", "attest", "error", "A placeholder (TODO, TBD, example, test, lorem ipsum, n/a, 待定) in an output.",
             "A placeholder passes every type check and says nothing. A whole value that is a placeholder is severe; a marker inside real text is minor.",
             _FIX),
        rule("blank_string", "attest", "error", "A blank string where the output should say something.",
             "An empty or whitespace-only string validates as a string and carries nothing.", _FIX),
        rule("empty_list", "attest", "error", "An empty list that the output does not declare empty.",
             "An empty recommendations array validates and says nothing; an honest empty result says so (found: false, a count of 0).",
             "Return the content, or declare the empty result (found: false, count: 0) so a reader can tell it from a failure."),
        rule("empty_object", "attest", "error", "An empty object where the schema declares properties.",
             "An object with none of its optional properties validates and says nothing.", _FIX),
        rule("truncation", "attest", "warning", "Text that ends as if cut off (..., …, [truncated], continued).",
             "A summary cut off by a token limit reads as complete to a schema and is not.",
             "Raise the limit or shorten the content before it is cut; say so when it is truncated on purpose."),
        rule("repetitive_text", "attest", "error", "Text of 12+ words of which fewer than about a third are distinct.",
             "A paragraph of 40 words with 9 distinct ones is a loop, not an answer.", _FIX),
        rule("schema_default", "attest", "warning", "A required field that holds its schema's default value.",
             "A required field left at its default may never have been filled in: the producer had nothing to say and the schema could not tell.",
             "Check that the value was decided, not defaulted; a required field should not need a default."),
        rule("enum_first_value", "attest", "warning", "A classification that is always the enum's first value.",
             "When every item of a list, or every output of a set, holds the enum's first value, the classification was likely never made.",
             "Check the classifier; record outputs whose classes differ."),
    )
}


@dataclass
class Attested:
    source: Source
    base: Pointer
    walk: sig.Walk
    errors: list[Finding]


def _base(source: Source, target: Target) -> tuple[Pointer, str]:
    """An MCP ``CallToolResult`` recording is attested at its ``structuredContent``."""
    tree = source.tree
    if target.unwrap_tool_result and isinstance(tree, dict) and isinstance(tree.get("content"), list) and "structuredContent" not in _props(target):
        if "structuredContent" in tree:
            return ("structuredContent",), ""
        return (), "an MCP tool result without structuredContent" + (" (isError: true)" if tree.get("isError") is True else "") + ": no structured output to attest"
    return (), ""


def _props(target: Target) -> set[str]:
    props = target.schema.get("properties") if isinstance(target.schema, dict) else None
    return set(props) if isinstance(props, dict) else set()


def attest(paths: list[str], target: Target, thresholds: sig.Thresholds, ignore: set[str]) -> EvidenceRun:
    findings: list[Finding] = []
    problems: list[InputProblem] = []
    done: list[Attested] = []
    for path in paths:
        source, why = load_or_none(path)
        if source is None:
            problems.append(InputProblem(path.replace(os.sep, "/"), why, "unreadable" if "no such file" in why or "directory" in why else "parse"))
            continue
        base, why = _base(source, target)
        if why:
            problems.append(InputProblem(source.display_path, why, "not-api"))
            continue
        node: Any = source.tree
        for part in base:
            node = node[part]
        errors = [
            finding(RULES, "schema_invalid", "error", f"{json_path(base + tuple(e.absolute_path))}: {e.message}", source,
                    base + tuple(e.absolute_path), {"validator": str(e.validator), "schema_path": "/".join(map(str, e.absolute_schema_path))},
                    key=e.message)
            for e in target.errors(node)
        ]
        done.append(Attested(source, base, sig.walk(target, node, base, thresholds), errors))
    across = sig.across_outputs([a.walk for a in done], thresholds.min_outputs)
    subjects: list[Subject] = []
    for i, a in enumerate(done):
        signals = [s for s in a.walk.signals + across.get(i, []) if s.rule not in ignore]
        out = list(a.errors) + [
            finding(RULES, s.rule, "error" if s.severe else "warning", s.message, a.source, s.pointer,
                    {**s.evidence, "severe": s.severe}, key=s.message)
            for s in signals
        ]
        findings += sorted(out, key=_order)
        subjects.append(_verdict(a, signals, thresholds))
    result = RunResult(
        findings=findings, rules=RULES, problems=problems, files=[a.source.display_path for a in done],
        root=root_dir(), version=__version__,
    )
    settings = {"schema": target.describe, "thresholds": thresholds.as_dict(), "ignored": sorted(ignore)}
    return EvidenceRun("attest", result, subjects, settings)


def _order(f: Finding) -> tuple[int, int, str]:
    region = f.location.resolve_region()
    return (region.start_line, region.start_column, f.rule) if region else (0, 0, f.rule)


def _covered(ptr: Pointer, covers: list[Pointer]) -> bool:
    return any(ptr[: len(c)] == c for c in covers)


def _verdict(a: Attested, signals: list[sig.Signal], t: sig.Thresholds) -> Subject:
    leaves = [(p, u) for p, u, structure in a.walk.leaves if not structure] or [(p, 1) for p, _, _ in a.walk.leaves]
    total = sum(u for _, u in leaves) or 1
    severe_covers = [c for s in signals if s.severe for c in s.covers]
    all_covers = [c for s in signals for c in s.covers]
    severe = sum(u for p, u in leaves if _covered(p, severe_covers))
    flagged = sum(u for p, u in leaves if _covered(p, all_covers))
    emptiness, share = severe / total, flagged / total
    data: dict[str, Any] = {
        "content_units": total, "severe_units": severe, "flagged_units": flagged,
        "emptiness": round(emptiness, 3), "signals": len(signals), "schema_errors": len(a.errors),
    }
    n_sev = sum(1 for s in signals if s.severe)
    counted = f"{len(signals)} signal{'s' if len(signals) != 1 else ''} ({n_sev} severe)"
    if a.errors:
        status, detail = INVALID, f"fails its schema ({len(a.errors)} error{'s' if len(a.errors) != 1 else ''}); {counted}"
    elif signals and emptiness >= t.empty_at:
        status, detail = VALID_BUT_EMPTY, f"severe signals flag {severe} of {total} content units ({emptiness:.0%}, at least {t.empty_at:.0%}); {counted}"
    elif signals and share >= t.thin_at:
        status, detail = THIN_CONTENT, f"signals flag {flagged} of {total} content units ({share:.0%}), severe ones {severe} ({emptiness:.0%}, below {t.empty_at:.0%}); {counted}"
    else:
        status, detail = CONTENT_PRESENT, f"no signal in {total} content units" if not signals else f"signals flag {share:.0%} of {total} content units, below {t.thin_at:.0%}"
    severity: Severity | None = None if status == CONTENT_PRESENT else "warning" if status == THIN_CONTENT else "error"
    return Subject(a.source.display_path, "", status, detail, severity, data)


def exit_code(run: EvidenceRun, fail_on: str) -> int:
    if run.result.problems:
        return EXIT_INPUT
    worst = max((RANK[s.status] for s in run.subjects), default=0)
    if worst == 0 or worst < FAIL_ON[fail_on]:
        return EXIT_OK
    status = next(k for k, v in RANK.items() if v == worst)
    return EXIT_BY_STATUS[status]
