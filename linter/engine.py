"""Catalog + checks + config → findings.

Each root file is linted on its own (in a worker process when ``jobs > 1``): load, detect the
format, build the model, run every enabled check, apply severities and suppressions, resolve the
positions of what is left, and detach the findings from the parsed tree so a run over thousands
of specs holds findings, not trees. The parent merges duplicate findings (a shared definition
reached from several documents), applies the baseline and reports unused suppressions.
"""

from __future__ import annotations

import json
import os
import pickle
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from multiprocessing import get_context
from typing import Any, Callable, Iterable, Iterator, Mapping, TypeVar

from linter import __version__, _recache, limits as _limits
from linter.runctx import DEFAULT_READER, Reader, RunContext
from linter._gc import freeze_alive, frozen, gc_paused, settle
from linter.catalog import check_function, load_catalog
from linter.checks import Context, unused_suppression
from linter.config import Config, glob_match
from linter.formats import build, detect, may_be_api
from linter.model import (
    SEVERITY_RANK,
    Document,
    Edit,
    Finding,
    Fix,
    Hit,
    InputProblem,
    Location,
    Pointer,
    Region,
    Rule,
    RunResult,
    Source,
    fingerprint,
)
from linter.options import Options
from linter.sources.discover import Candidate, discover, group_tool_sets
from linter.sources.loader import LoadError, load_source, read_text
from linter.sources.refs import Workspace

T = TypeVar("T")

IGNORE_KEY = "x-silentlint-ignore"
_COMMENT_RX = re.compile(r"(?:^|\s)#\s*silentlint-ignore:\s*([A-Za-z0-9_, -]+)")
MAX_RELATED = 50
# Families whose evidence comes from a live run (``silentlint probe``), never from the files:
# check, fix and audit leave them out, so their output does not change.
LIVE_FAMILIES = ("probe",)


class EngineError(Exception):
    """A problem with the run's setup (usage/config), exit code 2."""


class RuleSet:
    """Which rules run, at which severity and with which options, for a given file."""

    def __init__(
        self,
        catalog: Mapping[str, Rule],
        config: Config,
        select: Iterable[str] = (),
        ignore: Iterable[str] = (),
        extra_options: Mapping[str, Mapping[str, Any]] | None = None,
        live: bool = False,
    ):
        self.catalog = catalog
        self.extra_options = dict(extra_options or {})
        self.config = config
        select = tuple(select) or config.select
        ignore = tuple(ignore) + config.ignore
        self.explicit = bool(select)
        enabled: dict[str, Rule] = {}
        for rid, rule in catalog.items():
            if rule.family in LIVE_FAMILIES and not live:
                continue
            if select:
                on = "ALL" in select or rid in select or rule.family in select
            else:
                on = self._base_severity(rule) != "off"
            if rid in ignore or rule.family in ignore:
                on = False
            if on:
                enabled[rid] = rule
        self.enabled = enabled
        self.functions: dict[str, Callable[..., Any] | None] = {
            rid: check_function(rule) for rid, rule in enabled.items()
        }

    def _base_severity(self, rule: Rule) -> str:
        setting = self.config.rules.get(rule.id)
        if setting and setting.severity:
            return setting.severity
        if any(o.rules.get(rule.id) and o.rules[rule.id].severity not in (None, "off") for o in self.config.overrides):
            return "on"  # off by default but turned on for some paths
        return rule.default_severity

    def severity(self, rule_id: str, path: str, graded: str | None = None) -> str:
        """The severity at ``path``: config, then the last matching override, then the grade the
        rule gave this finding (``graded``), then the rule's default; ``off`` drops it."""
        rule = self.catalog[rule_id]
        sev: str | None = None
        s = self.config.rules.get(rule_id)
        if s and s.severity:
            sev = s.severity
        for ov in self.config.overrides:
            o = ov.rules.get(rule_id)
            if o and o.severity and any(glob_match(g, path) for g in ov.files):
                sev = o.severity
        if sev is None and graded:
            return graded
        if sev is None:
            sev = rule.default_severity
            if sev == "off" and self.explicit:
                sev = "warning"
        return sev

    def options(self, rule_id: str, path: str) -> Options:
        """The catalog's defaults, then the config, the matching overrides and command-line
        options (all validated against the catalog before the run)."""
        layers: list[Mapping[str, Any]] = []
        s = self.config.rules.get(rule_id)
        if s:
            layers.append(s.options)
        for ov in self.config.overrides:
            o = ov.rules.get(rule_id)
            if o and any(glob_match(g, path) for g in ov.files):
                layers.append(o.options)
        layers.append(self.extra_options.get(rule_id, {}))
        return Options(self.catalog[rule_id].options, *layers)


@dataclass
class Suppression:
    key: tuple[str, str, str]  # (display path, place, rule)
    rule: str
    location: Location


@dataclass
class FileOutcome:
    findings: list[Finding] = field(default_factory=list)
    problem: InputProblem | None = None
    linted: str | None = None
    skipped: str | None = None
    suppressed: int = 0
    declared: list[Suppression] = field(default_factory=list)
    used: set[tuple[str, str, str]] = field(default_factory=set)
    extra: Any = None  # what lint_candidate's ``hook`` returned (e.g. audit's per-document counts)
    # the other files of a tool set linted as one document (Candidate.members)
    also_linted: list[str] = field(default_factory=list)
    also_skipped: list[str] = field(default_factory=list)
    also_problems: list[InputProblem] = field(default_factory=list)


def _within(inner: Location, outer: Location) -> bool:
    return inner.source.abspath == outer.source.abspath and inner.pointer[: len(outer.pointer)] == outer.pointer


def _run_checks(doc: Document, rules: RuleSet, debug: bool) -> list[Finding]:
    out: list[Finding] = []
    for rid, fn in rules.functions.items():
        if fn is None:
            continue
        rule = rules.enabled[rid]
        ctx = Context(rule, rules.options(rid, doc.path), doc)
        scope = fn.scope  # type: ignore[attr-defined]  # set by @check on the function object
        if scope == "field":
            subjects: Iterable[Any] = doc.fields
        elif scope == "operation":
            subjects = doc.operations
        else:
            subjects = (doc,)
        # One try per rule, not per subject, and the hits iterated straight from the generator:
        # field rules run ~190k times on SMALL and a list + handler per call cost ~0.15 s there.
        subject: Any = None
        try:
            for subject in subjects:
                for hit in fn(subject, ctx):
                    related = hit.related
                    if scope == "field" and not related:
                        related = tuple(
                            Location(op.location.source, op.location.pointer, label=op.label)
                            for op in subject.used_by
                            if not _within(hit.location, op.location)
                        )[:MAX_RELATED]
                    out.append(_finding(rid, hit, related))
        except Exception as exc:
            if debug:
                raise
            what = getattr(subject, "label", None) or getattr(subject, "path", "")
            raise CheckCrash(f"internal error in rule {rid} on {what}: {type(exc).__name__}: {exc}") from exc
    for notice in doc.notices:
        if notice.rule in rules.enabled:
            out.append(_finding(notice.rule, Hit(notice.message, notice.location, key=notice.key), ()))
    return out


class CheckCrash(Exception):
    pass


def _finding(rid: str, hit: Hit, related: tuple[Location, ...]) -> Finding:
    return Finding(
        rule=rid,
        severity=hit.severity or "",  # type: ignore[arg-type]  # set per path later ("" when ungraded)
        message=hit.message,
        location=hit.location,
        related=related,
        evidence=hit.evidence,
        fix=hit.fix,
        fingerprint=fingerprint(rid, hit.location, hit.key),
    )


def _ignore_entries(value: Any) -> list[tuple[int | None, str]]:
    if isinstance(value, str):
        return [(None, value)]
    if isinstance(value, list):
        return [(i, v) for i, v in enumerate(value) if isinstance(v, str)]
    return []


def _declared_suppressions(source: Source) -> list[Suppression]:
    """Every ``x-silentlint-ignore`` node and ``# silentlint-ignore:`` comment of a file."""
    text = source.text
    if "silentlint-ignore" not in text:
        return []
    out: list[Suppression] = []
    if IGNORE_KEY in text:
        stack: list[tuple[Pointer, Any]] = [((), source.tree)]
        while stack:
            ptr, node = stack.pop()
            if isinstance(node, dict):
                for k, v in node.items():
                    if k == IGNORE_KEY:
                        for idx, rule in _ignore_entries(v):
                            place = ptr + (IGNORE_KEY,) + ((idx,) if idx is not None else ())
                            out.append(
                                Suppression(
                                    (source.display_path, "/".join(map(str, ptr)), rule),
                                    rule,
                                    Location(source, place),
                                )
                            )
                    elif isinstance(v, (Mapping, list)):
                        stack.append((ptr + (str(k),), v))
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    if isinstance(v, (Mapping, list)):
                        stack.append((ptr + (i,), v))
    if source.syntax == "yaml":
        for lineno, line in enumerate(text.splitlines(), start=1):
            if "silentlint-ignore" not in line:
                continue
            m = _COMMENT_RX.search(line)
            if not m:
                continue
            col = m.start(0) + (1 if line[m.start(0)].isspace() else 0) + 1
            for rule in (r.strip() for r in m.group(1).split(",")):
                if rule:
                    region = Region(lineno, col, lineno, len(line) + 1)
                    out.append(Suppression((source.display_path, f"line {lineno}", rule), rule, Location(source, (), region=region)))
    return out


def _is_suppressed(f: Finding, region: Region | None, by_source: dict[str, list[Suppression]]) -> Suppression | None:
    sups = by_source.get(f.location.source.abspath)
    if not sups:
        return None
    ptr_text = "/".join(map(str, f.location.pointer))
    for s in sups:
        if s.rule not in (f.rule, "all"):
            continue
        place = s.key[1]
        if place.startswith("line "):
            line = int(place[5:])
            if region is not None and region.start_line in (line, line + 1):
                return s
        elif ptr_text == place or ptr_text.startswith(place + "/") or place == "":
            return s
    return None


def lint_candidate(
    cand: Candidate, rules: RuleSet, run: RunContext, hook: Callable[[Document], Any] | None = None
) -> FileOutcome:
    """Lint one root file; everything returned is detached from the parsed trees.

    ``hook`` (if given) is called with the built document while its tree is still in memory;
    its return value, which must not hold on to the tree, lands in ``FileOutcome.extra``.

    The cyclic GC is paused while one file is linted: the tree and the model are long-lived
    until the file is done, and re-scanning their millions of containers on every collection
    cost ~40% of the run on 20 MB specs. Cycles made meanwhile are collected afterwards.
    """
    with gc_paused():
        return _lint_candidate(cand, rules, run, hook)


def _load_candidate(cand: Candidate, ws: Workspace) -> tuple[Source, str] | InputProblem | None:
    """The parsed file and its format, the problem that stops it, or None to skip it."""
    reader = ws.run.reader
    try:
        text = read_text(cand.abspath, reader)
        if not cand.explicit and not may_be_api(text):
            return None
        source = load_source(cand.abspath, cand.display, text, reader)
    except LoadError as exc:
        return InputProblem(cand.display, exc.message, exc.kind)  # type: ignore[arg-type]  # LoadError is raised with InputProblem's kinds only
    fmt = detect(source.tree)
    if fmt is None:
        if cand.explicit:
            return InputProblem(cand.display, "not an OpenAPI document or tool definition (nothing to lint)", "not-api")
        return None
    ws.add(source)
    return source, fmt


def _build_tool_set(first: Document, members: list[tuple[Source, str]], ws: Workspace) -> None:
    """Add the tools of the other files of a tool set to ``first`` (each keeps its own file,
    so positions, suppressions and fixes stay in that file)."""
    for source, fmt in members:
        other = build(source, fmt, ws)
        first.operations.extend(other.operations)
        first.fields.extend(other.fields)
        first.notices.extend(other.notices)


def _lint_candidate(
    cand: Candidate, rules: RuleSet, run: RunContext, hook: Callable[[Document], Any] | None = None
) -> FileOutcome:
    out = FileOutcome()
    debug = run.debug
    ws = Workspace(cand.root or run.root, display_root=run.root, run=run)
    loaded: list[tuple[Source, str]] = []
    for member in (cand, *cand.members):
        got = _load_candidate(member, ws)
        if cand.members and isinstance(got, tuple) and not _is_tools(got[1]):
            got = InputProblem(
                member.display,
                "an OpenAPI document among the per-tool files of a tool set (config tool-sets); lint it on its own",
                "not-api",
            )
        if isinstance(got, InputProblem):
            if out.problem is None:
                out.problem = got
            else:
                out.also_problems.append(got)
        elif got is None:
            if out.skipped is None:
                out.skipped = member.display
            else:
                out.also_skipped.append(member.display)
        else:
            loaded.append(got)
    if not loaded:
        return out
    source, fmt = loaded[0]
    doc: Document | None = None
    try:
        doc = build(source, fmt, ws)
        _build_tool_set(doc, loaded[1:], ws)
        raw = _run_checks(doc, rules, debug)
        if hook is not None:
            out.extra = hook(doc)
    except CheckCrash as exc:
        out.problem = InputProblem(cand.display, str(exc), "internal")
        return out
    except RecursionError:
        out.problem = InputProblem(
            cand.display, f"nested too deeply to lint ({_limits.Limits.key('max_depth')} is {run.limits.max_depth})", "too-large"
        )
        return out
    except Exception as exc:  # a model-building bug must not take the whole run down
        if debug:
            raise
        out.problem = InputProblem(
            cand.display, f"internal error while reading the document: {type(exc).__name__}: {exc}", "internal"
        )
        return out
    finally:
        if doc is not None:
            _teardown(doc)
    out.linted = source.display_path
    out.also_linted = [src.display_path for src, _fmt in loaded[1:]]
    by_source: dict[str, list[Suppression]] = {}
    for src in ws.sources.values():
        sups = _declared_suppressions(src)
        if sups:
            by_source[src.abspath] = sups
            if not src.remote:  # honoured, but a fetched document's unused ones are not ours to report
                out.declared.extend(
                    Suppression(s.key, s.rule, _detach_location(s.location)) for s in sups if s.rule in rules.enabled
                )
    kept: list[tuple[Finding, Region | None, str]] = []
    for f in raw:
        sev = rules.severity(f.rule, f.location.path, f.severity or None)
        if sev == "off":
            continue
        region = f.location.resolve_region()
        sup = _is_suppressed(f, region, by_source)
        if sup is not None:
            out.used.add(sup.key)
            out.suppressed += 1
            continue
        kept.append((f, region, sev))
    # SARIF's line hashes too, while the file's text is at hand, here (in parallel in a pool)
    # rather than in the parent after the run, which would read every file again
    hashes = _line_hashes(kept) if run.fix_text else [None] * len(kept)
    out.findings.extend(_detach(f, region, run, sev, h) for (f, region, sev), h in zip(kept, hashes))
    if run.fix_text and raw:
        run.fixes.clear()  # this file's sources are done with: no later fix text reuses them
    return out


def _is_tools(fmt: str) -> bool:
    return not fmt.startswith("openapi")


def _teardown(doc: Document) -> None:
    """Break the model's reference cycles (operation ↔ field) so reference counting frees the
    tree at once: otherwise it lives until a full collection traverses its millions of nodes
    (0.9 s on Microsoft Graph's spec)."""
    for op in doc.operations:
        op.fields.clear()
        op.memo.clear()
    for f in doc.fields:
        f.used_by.clear()
        f.memo.clear()
    doc.operations.clear()
    doc.fields.clear()


def _detach_location(loc: Location, region: Region | None = None) -> Location:
    if region is None:
        region = loc.resolve_region()
    return Location(loc.source.detached(), loc.pointer, region=region, label=loc.label)


def _line_hashes(kept: list[tuple[Finding, Region | None, str]]) -> list[str | None]:
    """upload-sarif's hash of each finding's first line (see ``Finding.line_hash``), worked out
    once per file; None for a fetched document."""
    from linter.report._common import start_of
    from linter.report.linehash import source_line_hashes

    placed = [(f.location.source, start_of(region)[0]) for f, region, _sev in kept]
    lines: dict[int, tuple[Source, set[int]]] = {}
    for src, line in placed:
        if not src.remote:
            lines.setdefault(id(src), (src, set()))[1].add(line)
    hashes = {key: source_line_hashes(src, wanted) for key, (src, wanted) in lines.items()}
    return [None if src.remote else hashes[id(src)][line] for src, line in placed]


def _detach(
    f: Finding, region: Region | None, run: RunContext, severity: str | None = None, line_hash: str | None = None
) -> Finding:
    """``f`` with its locations on detached sources (and ``severity``, when given)."""
    fix = f.fix
    if fix is not None and any(e.source.remote for e in fix.edits):
        fix = None  # a fetched document is no file of ours to edit
    if fix is not None:
        reps = None
        if run.fix_text:  # while the tree and positions are at hand, in the worker
            from linter.fixes import FixError, replacements

            try:
                reps = tuple((s.detached(), r, t) for s, r, t in replacements(fix, run.fixes))
            except FixError:
                reps = ()
        fix = Fix(
            fix.description,
            tuple(Edit(e.source.detached(), e.pointer, e.op, e.key, e.value) for e in fix.edits),
            fix.applicability,
            reps,
        )
    # built directly: dataclasses.replace re-reads every field by name (a tenth of this function)
    return Finding(
        f.rule,
        severity or f.severity,  # type: ignore[arg-type]  # RuleSet.severity() gives a severity name; "off" was dropped before
        f.message,
        _detach_location(f.location, region),
        tuple([_detach_location(r) for r in f.related]),
        f.evidence,
        fix,
        f.fingerprint,
        line_hash,
    )


# --- the run ---------------------------------------------------------------------------------

# The work function of a pool worker process, set by the pool's initializer in each forked worker
# (never in the parent): the one slot a worker can find it in without pickling it, and the run
# context inside it, for every task. Not run state of the parent: each run makes its own pool.
_WORKER: dict[str, Callable[[Candidate], Any]] = {}


def _init_worker(work: Callable[[Candidate], Any]) -> None:
    _WORKER["work"] = work


def _work(cand: Candidate) -> bytes:
    """One candidate in a pool worker, returned pickled: the executor would pickle the outcome
    anyway, but with the collector running; here both ends pickle with it paused.

    The collector stays paused for the whole file. Then one young collection frees the cycles
    the file made (a ``RefProblem`` raised from a cache keeps its traceback's frames, and so the
    file's whole model, alive in a cycle), and what is left alive (cache entries) is frozen, so
    no later collection scans it again: with the collector merely re-enabled after each file,
    the next young and middle collections scanned every file's survivors again and again (~4%
    of a worker's time). Reference counting still frees frozen objects."""
    with gc_paused():
        out = _WORKER["work"](cand)
        blob = pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)
        del out
        settle()
    return blob


def map_candidates(cands: list[Candidate], work: Callable[[Candidate], T], jobs: int) -> Iterable[T]:
    """``work(cand)`` for every candidate, yielded in candidate order whatever the pool did (so
    merging and reports do not depend on ``--jobs``). With ``jobs > 1``, in a fork pool that
    inherits ``work`` (it is not pickled) and takes the biggest files first, so one huge spec
    does not finish last on an idle pool."""
    if jobs <= 1 or len(cands) < 4:
        yield from _in_process(cands, work)
        return
    order = sorted(range(len(cands)), key=lambda i: -_size(cands[i].abspath))
    # Frozen while the workers are forked: a worker's collections never traverse what it
    # inherited (modules, compiled patterns, the catalog), and so never touch and copy the pages
    # it shares with this process. Thawed after, so a long-lived caller (tests) keeps
    # collecting its own garbage.
    with frozen(), ProcessPoolExecutor(
        max_workers=jobs, mp_context=get_context("fork"), initializer=_init_worker, initargs=(work,)
    ) as pool:
        # unpickled as each arrives (in submission order), while the workers go on with
        # the rest: on ALL, unpickling 70k findings after the last file was a 2.6 s tail
        results: dict[int, T] = {}
        # and frozen too: they live until the run ends and hold no cycles, so the
        # collections the pool's own bookkeeping triggers need not scan them again
        for i, blob in zip(order, pool.map(_work, [cands[i] for i in order], chunksize=1)):
            with gc_paused():
                results[i] = pickle.loads(blob)
                freeze_alive()
    for i in range(len(cands)):
        yield results.pop(i)


def _in_process(cands: list[Candidate], work: Callable[[Candidate], T]) -> Iterable[T]:
    """``work(cand)`` for every candidate in this process, with the collector kept as a pool
    worker keeps it (see :func:`_work`): after each file one young collection frees the cycles
    the file made, and what is left alive (its findings, cache entries) is frozen with what was
    there before, so the collections that follow never scan the earlier files' survivors again
    (they cost ~3% of a ``--jobs 1`` run on SMALL). Thawed after, for a long-lived caller."""
    with frozen():
        for cand in cands:
            out = work(cand)
            settle()
            yield out


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def _merge(findings: list[Finding]) -> list[Finding]:
    """One finding per fingerprint; related locations of duplicates are united."""
    merged: dict[str, Finding] = {}
    for f in findings:
        prev = merged.get(f.fingerprint)
        if prev is None:
            merged[f.fingerprint] = f
            continue
        seen = {(r.path, r.pointer) for r in prev.related}
        extra = tuple(r for r in f.related if (r.path, r.pointer) not in seen)
        if extra:
            merged[f.fingerprint] = replace(prev, related=(prev.related + extra)[:MAX_RELATED])
    return list(merged.values())


def sort_key(f: Finding) -> tuple[Any, ...]:
    r = f.location.region
    return (f.path, r.start_line if r else 0, r.start_column if r else 0, f.rule, f.message)


def read_baseline(path: str) -> set[str]:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise EngineError(f"{path}: baseline file not found") from None
    except (OSError, ValueError) as exc:
        raise EngineError(f"{path}: cannot read baseline: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
        raise EngineError(f"{path}: not a silentlint baseline (no findings list)")
    return {str(item.get("fingerprint")) for item in data["findings"] if isinstance(item, dict)}


def baseline_json(findings: list[Finding]) -> str:
    from linter.model import pointer_str

    items = [
        {"fingerprint": f.fingerprint, "rule": f.rule, "path": f.path, "pointer": pointer_str(f.location.pointer), "message": f.message}
        for f in findings
    ]
    return json.dumps({"tool": "silentlint", "version": 1, "findings": items}, indent=2, ensure_ascii=False) + "\n"


@dataclass
class Tally:
    """What a run gathers from its files' outcomes, in candidate order (``check`` and ``audit``)."""

    problems: list[InputProblem]
    files: list[str] = field(default_factory=list)  # display paths linted
    skipped: list[str] = field(default_factory=list)  # display paths that are not API files
    suppressed: int = 0
    # each suppression's first declaration, and the index of the outcome that declared it
    declared: dict[tuple[str, str, str], tuple[Suppression, int]] = field(default_factory=dict)
    used: set[tuple[str, str, str]] = field(default_factory=set)

    def add(self, n: int, outcome: FileOutcome) -> None:
        if outcome.problem:
            self.problems.append(outcome.problem)
        if outcome.linted:
            self.files.append(outcome.linted)
        if outcome.skipped:
            self.skipped.append(outcome.skipped)
        self.files.extend(outcome.also_linted)
        self.skipped.extend(outcome.also_skipped)
        self.problems.extend(outcome.also_problems)
        self.suppressed += outcome.suppressed
        for s in outcome.declared:
            self.declared.setdefault(s.key, (s, n))
        self.used |= outcome.used


def drive(
    run: RunContext,
    rules: RuleSet,
    cands: list[Candidate],
    tally: Tally,
    work: Callable[..., FileOutcome] = lint_candidate,
) -> Iterator[tuple[int, FileOutcome]]:
    """The run driver of ``check``/``fix`` and ``audit``: ``work(cand, rules=, run=)`` for every
    candidate (in the run's workers), each outcome tallied, then yielded with its index, in
    candidate order."""
    for n, outcome in enumerate(map_candidates(cands, partial(work, rules=rules, run=run), run.jobs)):
        tally.add(n, outcome)
        yield n, outcome


def unused_suppressions(tally: Tally, rules: RuleSet) -> list[tuple[Finding, int]]:
    """``unused-suppression`` (worded in its rule module): each suppression declared in the run
    that suppressed nothing, with the index of the outcome that declared it."""
    if unused_suppression.RULE not in rules.enabled:
        return []
    severity = partial(rules.severity, unused_suppression.RULE)
    declared = [(key, s) for key, (s, _n) in tally.declared.items()]
    return [(f, tally.declared[key][1]) for key, f in unused_suppression.findings(declared, tally.used, severity)]


def prepare_run(
    paths: list[str],
    config: Config,
    root: str | None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    extra_options: Mapping[str, Mapping[str, Any]] | None = None,
    live: bool = False,
    *,
    jobs: int = 1,
    debug: bool = False,
    fix_text: bool = False,
    given: Mapping[str, bytes] | None = None,
) -> tuple[RunContext, RuleSet, list[Candidate], list[InputProblem]]:
    """What every run over files starts with (``check``/``fix`` and ``audit``): this run's
    context (absolute root, limits, texts ``given`` for paths — standard input —, worker
    settings, fresh ``$ref`` and fix state), the enabled rules, and the files to lint with the
    problems found while looking for them."""
    run = RunContext(
        root=os.path.abspath(root or os.getcwd()),
        reader=Reader(config.limits, dict(given or {})),
        jobs=jobs,
        debug=debug,
        fix_text=fix_text,
    )
    rules = RuleSet(load_catalog(), config, select, ignore, extra_options, live=live)
    # Every linted file needs positions (model.Source.locator imports them when first asked):
    # imported here, their patterns are compiled once before a pool forks, not in each worker,
    # and join the cache with the rules' (linter/_recache.py)
    import linter.sources.positions  # noqa: F401
    _recache.save()
    cands, problems = discover(
        paths, run.root, config.include, config.exclude, config.respect_gitignore, reader=run.reader
    )
    cands = group_tool_sets(cands, config.tool_sets)
    return run, rules, cands, list(problems)


def run(
    paths: list[str],
    config: Config,
    *,
    root: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    baseline: str | None = None,
    jobs: int = 1,
    debug: bool = False,
    extra_options: Mapping[str, Mapping[str, Any]] | None = None,
    fix_text: bool = False,
    live: bool = False,
    given: Mapping[str, bytes] | None = None,
) -> RunResult:
    ctx, rules, cands, problems = prepare_run(
        paths, config, root, select, ignore, extra_options, live, jobs=jobs, debug=debug, fix_text=fix_text, given=given
    )
    known = read_baseline(baseline) if baseline else set()
    result = RunResult(
        findings=[], rules=rules.enabled, problems=problems, root=ctx.root.replace(os.sep, "/"), version=__version__, run=ctx
    )
    tally = Tally(result.problems, result.files, result.skipped)
    found: list[Finding] = []
    for _n, outcome in drive(ctx, rules, cands, tally):
        found.extend(outcome.findings)
    result.suppressed = tally.suppressed
    found.extend(f for f, _n in unused_suppressions(tally, rules))
    found = _merge(found)
    if known:
        kept = [f for f in found if f.fingerprint not in known]
        result.baseline_suppressed = len(found) - len(kept)
        found = kept
    found.sort(key=sort_key)
    result.findings = found
    return result


def exit_code(result: RunResult, fail_on: str) -> int:
    if result.problems:
        return 3
    if fail_on == "never":
        return 0
    threshold = SEVERITY_RANK[fail_on]
    return 1 if any(SEVERITY_RANK[f.severity] >= threshold for f in result.findings) else 0




def load_document(path: str, root: str | None = None, reader: Reader = DEFAULT_READER) -> Document | None:
    """Parse one file into the model (None when it is not an API or tool file)."""
    root = os.path.abspath(root or os.path.dirname(os.path.abspath(path)))
    ws = Workspace(root, run=RunContext(root=root, reader=reader))
    ab = os.path.abspath(path)
    source = load_source(ab, ws.display(ab), reader=reader)
    fmt = detect(source.tree)
    if fmt is None:
        return None
    ws.add(source)
    return build(source, fmt, ws)
