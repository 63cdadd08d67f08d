"""The evidence log: one JSON object per line, appended as each call is answered, so a verdict
can be checked by someone else and re-derived without the network (``probe --replay LOG``).

Records (fields are only ever added):

- ``{"type": "run", "run": ID, "version", "spec", "spec_sha256", "base_url", "plan", "started", "limits"}``
- ``{"type": "target", "run": ID, "operation", "operation_id", "in", "parameter", "constraint",
  "valid", "variants": [[name, value], …]}`` before a parameter's calls: what was planned
- ``{"type": "call", "run": ID, "spec_sha256", "operation": "GET /people", "operation_id", "in",
  "parameter", "constraint": {kind, form, rule?, values?, format?, layout?, bounds?}, "valid": A,
  "role": "C" | "A" | "B", "seq": 1 | 2 (C), "variant": name (B), "value", "attempt": 1 | 2,
  "request": {method, url, headers: [names only]}, "status", "signature": {count, fingerprint},
  "content": content | empty | stub, "rejected", "bare", "error": {names_parameter, names_values,
  excerpt}, "failure", "elapsed_ms"}`` — a retried call has two records; the last one counts.
- ``{"type": "end", "run": ID, "calls": N, "stopped": why | null}``

Secrets never reach the log: requests list header names only, and every text from the server
passes :meth:`linter.live.probe.http.Caller.redact`. Each record is written with one ``write``
on a file opened for appending, so a crash leaves whole lines.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any


class LogError(Exception):
    """A log that cannot be replayed (exit code 2, one line)."""


class EvidenceLog:
    def __init__(self, path: str):
        self.path = path
        directory = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(directory, exist_ok=True)
            self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise LogError(f"{path}: cannot write the evidence log: {exc.strerror or exc}") from None

    def write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, sort_keys=False, default=str) + "\n"
        os.write(self._fd, line.encode("utf-8"))

    def close(self) -> None:
        os.close(self._fd)


@dataclass
class RecordedRun:
    run: str
    header: dict[str, Any]
    targets: list[dict[str, Any]] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None


def read_log(path: str, run_id: str | None = None) -> RecordedRun:
    """One run of a log: ``run_id``'s, else the last one."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        raise LogError(f"{path}: evidence log not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read the evidence log: {getattr(exc, 'strerror', None) or exc}") from None
    runs: dict[str, RecordedRun] = {}
    order: list[str] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            raise LogError(f"{path}:{n}: not a JSON record (is this a silentlint probe log?)") from None
        if not isinstance(rec, dict) or rec.get("type") not in ("run", "target", "call", "end") or not isinstance(rec.get("run"), str):
            raise LogError(f"{path}:{n}: not a probe record (each line has a type: run, target, call or end, and a run id)")
        rid = rec["run"]
        if rec["type"] == "run":
            runs[rid] = RecordedRun(rid, rec)
            order.append(rid)
            continue
        got = runs.get(rid)
        if got is None:
            raise LogError(f"{path}:{n}: a {rec['type']} record of run {rid}, whose run record is missing")
        if rec["type"] == "target":
            for key in ("operation", "in", "parameter", "constraint"):
                if key not in rec:
                    raise LogError(f"{path}:{n}: a target record without {key!r}")
            got.targets.append(rec)
        elif rec["type"] == "call":
            for key in ("operation", "in", "parameter", "role", "constraint"):
                if key not in rec:
                    raise LogError(f"{path}:{n}: a call record without {key!r}")
            got.calls.append(rec)
        else:
            got.end = rec
    if not order:
        raise LogError(f"{path}: no probe run recorded")
    if run_id is None:
        return runs[order[-1]]
    if run_id not in runs:
        raise LogError(f"{path}: no run {run_id!r} (runs: {', '.join(order)})")
    return runs[run_id]
