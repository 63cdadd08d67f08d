"""The whole probe: targets from the lint, the calls (logged as they are answered), verdicts
from the log's records, and findings from the ``probe`` rules run by the ordinary engine. The
replay starts from a recorded log and shares everything after the calls."""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import secrets as _secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import quote, urlencode

from linter import __version__
from linter.checks import silent_coercion, silent_drop, silent_empty, unactionable_error
from linter.config import Config
from linter.live.probe import signature as sig
from linter.live.probe.http import BudgetExhausted, Caller, Request, Response
from linter.live.probe.log import EvidenceLog, read_log
from linter.live.probe.plan import Plan, PlanError
from linter.live.probe.targets import OperationInfo, Selection, Target, select_targets
from linter.live.probe.variants import Variant, perturbations
from linter.live.probe.verdicts import SILENT, TargetResult, group, judge
from linter.model import RunResult

PROBE_RULES = (silent_coercion.RULE, silent_drop.RULE, silent_empty.RULE, unactionable_error.RULE)
MAX_FAILURES_IN_A_ROW = 3


class ProbeFailure(Exception):
    """The server could not be probed (unreachable, stopped answering): exit code 6, one line."""


@dataclass(frozen=True)
class Call:
    role: str  # C | A | B
    request: Request
    seq: int | None = None
    variant: Variant | None = None


@dataclass
class ProbeReport:
    run_id: str
    spec: str
    spec_sha256: str
    base_url: str
    results: list[TargetResult] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    stopped: str | None = None
    calls: int = 0
    log: str = ""
    replayed: bool = False
    notices: list[str] = field(default_factory=list)


def spec_hash(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError as exc:
        raise PlanError(f"{path}: cannot read the spec: {exc.strerror or exc}") from None


def new_run_id() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + _secrets.token_hex(3)


def load_spec(path: str, config: Config) -> Any:
    """The spec's model; a file that is not an OpenAPI document is a :class:`PlanError`."""
    from linter.engine import load_document
    from linter.runctx import Reader
    from linter.sources.loader import LoadError

    if not os.path.isfile(path):
        raise PlanError(f"{path}: spec not found")
    try:
        doc = load_document(path, os.getcwd(), Reader(config.limits))
    except LoadError as exc:
        raise PlanError(f"{path}: {exc.message}") from None
    if doc is None or not doc.format.startswith("openapi"):
        raise PlanError(f"{path}: the probe needs an OpenAPI document (HTTP operations to call)")
    return doc


# --- requests ---------------------------------------------------------------------------------


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def build_request(base_url: str, op: OperationInfo, args: Mapping[tuple[str, str], Any]) -> Request:
    path = op.path
    query: list[tuple[str, str]] = []
    headers: list[tuple[str, str]] = []
    body: dict[str, Any] = {}
    for (where, name), value in args.items():
        if where == "path":
            path = path.replace("{" + name + "}", quote(_text(value), safe=""))
        elif where == "query":
            for v in value if isinstance(value, list) else [value]:
                query.append((name, _text(v)))
        elif where == "header":
            headers.append((name, _text(value)))
        elif where == "body":
            body[name] = value
    url = base_url + path + (("?" + urlencode(query)) if query else "")
    data = json.dumps(body).encode() if body or op.method not in ("GET", "HEAD") else None
    return Request(op.method, url, tuple(headers), data)


def calls_of(base_url: str, t: Target) -> list[Call]:
    base = dict(t.op.base)
    key = (t.where, t.name)

    def with_value(v: Any) -> Request:
        args = dict(base)
        args[key] = v
        return build_request(base_url, t.op, args)

    c = build_request(base_url, t.op, base)
    out = [Call("C", c, seq=1), Call("C", c, seq=2), Call("A", with_value(t.valid))]
    out += [Call("B", with_value(v.value), variant=v) for v in perturbations(t)]
    return out


# --- answers ----------------------------------------------------------------------------------


def _legal_words(t: Target) -> list[str]:
    c = t.constraint
    if c.kind == "vocabulary":
        return [_text(v) for v in c.values]
    if c.kind == "format":
        return [w for w in (c.layout, c.format, _text(t.valid)) if w]
    return [_text(int(v) if isinstance(v, float) and v.is_integer() else v) for v in c.bounds.values()]


def _record(run_id: str, spec_sha: str, t: Target, call: Call, resp: Response, attempt: int, caller: Caller) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "type": "call", "run": run_id, "spec_sha256": spec_sha,
        "operation": t.op.label, "operation_id": t.op.op_id, "in": t.where, "parameter": t.name,
        "constraint": t.constraint.as_dict(), "valid": t.valid, "role": call.role,
    }
    if call.seq is not None:
        rec["seq"] = call.seq
    if call.variant is not None:
        rec["variant"] = call.variant.name
    rec["value"] = t.valid if call.role == "A" else call.variant.value if call.variant else None
    shown = call.request.shown(caller.secret_names)
    shown["url"] = caller.redact(str(shown["url"]))
    rec["attempt"] = attempt
    rec["request"] = shown
    rec["status"] = resp.status
    rec["failure"] = caller.redact(resp.failure) if resp.failure else None
    if resp.failure is None and resp.status is not None:
        ok, doc = sig.parse_json(resp.body)
        rows = sig.rows_of(doc, t.op.plan.results) if ok else []
        rec["signature"] = sig.signature(rows, t.op.plan.id, sig.total_of(doc, t.op.plan.count) if ok else None).as_dict()
        rec["content"] = sig.content_of(rows, ok)
        four = 400 <= resp.status < 500
        rec["rejected"] = four or (200 <= resp.status < 300 and ok and sig.error_body(doc))
        rec["bare"] = four and sig.bare(resp.status, resp.body)
        if rec["rejected"]:
            text = caller.redact(resp.body.decode("utf-8", "replace"))
            rec["error"] = {
                "names_parameter": sig.names_word(text, t.name),
                "names_values": any(sig.names_word(text, w) for w in _legal_words(t)),
                "excerpt": caller.redact(sig.excerpt(resp.body)),
            }
    rec["elapsed_ms"] = resp.elapsed_ms
    return rec


def _retry_after(resp: Response, cap: float) -> float:
    raw = resp.headers.get("retry-after", "")
    try:
        return min(max(float(raw), 0.0), cap)
    except ValueError:
        return 0.0


def derive(records: Sequence[Mapping[str, Any]], targets: Sequence[Mapping[str, Any]], tolerance: float) -> list[TargetResult]:
    """Verdicts from a run's records: the same function for the live run and the replay."""
    planned = {(t["operation"], t["in"], t["parameter"]): [(v[0], v[1]) for v in t.get("variants", [])] for t in targets}
    grouped = {r.key: r for r in group(records)}
    out: list[TargetResult] = []
    for t in targets:
        key = (t["operation"], t["in"], t["parameter"])
        res = grouped.get(key) or TargetResult(t["operation"], t["in"], t["parameter"], str(t.get("operation_id") or ""), t.get("constraint") or {}, t.get("valid"))
        out.append(judge(res, planned, tolerance))
    return out


def _target_record(run_id: str, t: Target, calls: list[Call]) -> dict[str, Any]:
    return {
        "type": "target", "run": run_id, "operation": t.op.label, "operation_id": t.op.op_id, "in": t.where,
        "parameter": t.name, "constraint": t.constraint.as_dict(), "valid": t.valid,
        "variants": [[c.variant.name, c.variant.value] for c in calls if c.variant is not None],
    }


def dry_run_lines(plan: Plan, sel: Selection) -> list[str]:
    out = []
    names = tuple(plan.auth_headers)
    for t in sel.targets:
        for c in calls_of(plan.base_url, t):
            role = f"C{c.seq}" if c.role == "C" else "A" if c.role == "A" else f"B {c.variant.name if c.variant else ''}"
            hdrs = [n for n, _ in c.request.headers] + [f"{n} (from ${plan.auth_headers[n]})" for n in names]
            extra = f"  headers: {', '.join(hdrs)}" if hdrs else ""
            body = f"  body: {c.request.body.decode()}" if c.request.body is not None else ""
            out.append(f"{c.request.method} {c.request.url}  [{t.label}: {role}]{extra}{body}")
    return out


def probe(
    spec: str,
    plan: Plan,
    config: Config,
    log_path: str,
    vocabulary: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] = os.environ,
    progress: Callable[[str], None] | None = None,
) -> ProbeReport:
    """Send every call of every target (budget permitting) and derive the verdicts."""
    doc = load_spec(spec, config)
    sel = select_targets(doc, plan, vocabulary)
    headers = plan.resolved_headers(environ)
    caller = Caller(plan.base_url, plan.limits, headers)
    run_id = new_run_id()
    sha = spec_hash(spec)
    report = ProbeReport(run_id, spec, sha, plan.base_url, skipped=sel.skipped, refused=sel.refused, log=log_path)
    log = EvidenceLog(log_path)
    records: list[dict[str, Any]] = []
    targets: list[dict[str, Any]] = []
    failures = 0
    ever_connected = False
    try:
        log.write({
            "type": "run", "run": run_id, "version": __version__, "spec": spec, "spec_sha256": sha,
            "base_url": plan.base_url, "plan": plan.path,
            "started": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "limits": {"budget": plan.limits.budget, "rate": plan.limits.rate, "timeout": plan.limits.timeout,
                       "max-response-bytes": plan.limits.max_response_bytes, "drift-tolerance": plan.limits.drift_tolerance},
        })
        for i, t in enumerate(sel.targets):
            calls = calls_of(plan.base_url, t)
            if caller.remaining < len(calls):
                report.stopped = (
                    f"the call budget ({plan.limits.budget}, limits.budget) is spent: "
                    f"{len(sel.targets) - i} of {len(sel.targets)} parameters not probed"
                )
                report.skipped += [(x.label, "not probed: the call budget is spent") for x in sel.targets[i:]]
                break
            trec = _target_record(run_id, t, calls)
            log.write(trec)
            targets.append(trec)
            if progress:
                progress(f"probing {t.label} ({len(calls)} calls)")
            for call in calls:
                if records and records[-1].get("failure") and records[-1]["operation"] == t.op.label and records[-1]["parameter"] == t.name:
                    break  # a call of this parameter failed: its verdict is "failed" whatever the rest would say
                for attempt in (1, 2):
                    resp = caller.send(call.request)
                    rec = _record(run_id, sha, t, call, resp, attempt, caller)
                    log.write(rec)
                    records.append(rec)
                    ever_connected = ever_connected or resp.connected
                    if resp.failure is not None:
                        if resp.status is None:  # no answer at all (refused, timed out), not a refused redirect
                            failures += 1
                            if not ever_connected:
                                raise ProbeFailure(f"cannot reach {plan.base_url}: {rec['failure']}")
                            if failures >= MAX_FAILURES_IN_A_ROW:
                                raise ProbeFailure(f"{plan.base_url} stopped answering: {rec['failure']} ({failures} calls in a row)")
                        break
                    failures = 0
                    status = resp.status or 0
                    retry = status == 429 or (400 <= status < 500 and bool(rec.get("bare")))
                    if attempt == 2 or not retry:
                        break
                    caller.pause(max(_retry_after(resp, plan.limits.max_retry_wait), 1.0 / plan.limits.rate))
    except BudgetExhausted:  # a retry or a redirect took the last call
        report.stopped = f"the call budget ({plan.limits.budget}, limits.budget) is spent"
    finally:
        report.calls = caller.sent
        log.write({"type": "end", "run": run_id, "calls": caller.sent, "stopped": report.stopped})
        log.close()
    report.results = derive(records, targets, plan.limits.drift_tolerance)
    return report


def replay(log_path: str, spec: str | None, config: Config, run_id: str | None = None) -> ProbeReport:
    """The verdicts of a recorded run, without the network."""
    from linter.live.probe.log import LogError

    recorded = read_log(log_path, run_id)
    head = recorded.header
    path = spec or head.get("spec")
    if not isinstance(path, str) or not path:
        raise LogError(f"{log_path}: the run names no spec: give it (silentlint probe SPEC --replay LOG)")
    load_spec(path, config)
    sha = spec_hash(path)
    report = ProbeReport(recorded.run, path, sha, str(head.get("base_url") or ""), log=log_path, replayed=True)
    if head.get("spec_sha256") and head["spec_sha256"] != sha:
        report.notices.append(
            f"{path} changed since run {recorded.run} was recorded: findings are placed by operation and parameter name"
        )
    targets = list(recorded.targets)
    report.calls = len(recorded.calls)
    report.stopped = (recorded.end or {}).get("stopped")
    limits = head.get("limits") or {}
    report.results = derive(recorded.calls, targets, float(limits.get("drift-tolerance", 0.0)))
    return report


# --- findings ---------------------------------------------------------------------------------


def _compact(call: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"role": call.get("role")}
    for k in ("seq", "variant", "value", "status", "signature", "content", "error", "elapsed_ms"):
        if call.get(k) is not None:
            out[k] = call[k]
    req = call.get("request") or {}
    out["request"] = f"{req.get('method')} {req.get('url')}"
    return out


def entries(report: ProbeReport) -> dict[str, list[dict[str, Any]]]:
    """The input of each probe rule: one entry per parameter and verdict, with its calls."""
    out: dict[str, list[dict[str, Any]]] = {r: [] for r in PROBE_RULES}
    for t in report.results:
        if t.control is not None:
            continue
        base = [_compact(c) for c in t.calls if c["role"] in ("C", "A")]
        by_rule: dict[str, list[Any]] = {}
        for o in t.outcomes:
            if o.verdict in SILENT:
                by_rule.setdefault(o.verdict, []).append(o)
            elif o.verdict == "honest" and not o.actionable:
                by_rule.setdefault(unactionable_error.RULE, []).append(o)
        for rule, outs in by_rule.items():
            out[rule].append({
                "run": report.run_id, "operation": t.operation, "in": t.where, "name": t.name,
                "form": t.form, "constraint": dict(t.constraint), "valid": t.valid,
                "calls": base + [_compact(o.call) for o in outs],
            })
    return out


def findings(report: ProbeReport, config: Config) -> RunResult:
    from linter.engine import run

    extra = {rule: {"results": items} for rule, items in entries(report).items()}
    return run([report.spec], config, select=PROBE_RULES, jobs=1, extra_options=extra, live=True)
