"""Verdicts, derived from call records alone (the live run and ``--replay`` share this code).

Per parameter, the controls first (each reported, never counted as a pass):

1. a call without an answer (timeout, refused, too large, budget spent) → **failed**
2. the base call rejected, or answered with no rows → **unsuitable base**
3. the two C calls differ beyond ``limits.drift-tolerance`` → **drifting**
4. A rejected (or still throttled after its retry) → **excluded**; A without rows → **excluded**
   too (an empty B could not be told from a normalised one)
5. sig(A) = sig(C) → **inert**: the valid value does not discriminate on this base

then each B_i, in this order:

- 429 after its retry → **throttled** (throttling is not an honest error); 5xx → **server error**
- rejected (4xx, or an error body) → **honest**, noting whether the error names the parameter
  and its legal values
- sig(B) = sig(A) → **normalised**
- B empty (or stub rows) while A is not → **silent-empty**
- sig(B) = sig(C) → **silent-drop**
- anything else → **silent-coercion**

Two signatures are the same when the fingerprints are equal and the counts differ by at most
the tolerance (relative to the larger count; 0 by default: equal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from linter.checks import silent_coercion, silent_drop, silent_empty

# a silent verdict is named after the probe rule that reports it
SILENT = (silent_empty.RULE, silent_drop.RULE, silent_coercion.RULE)
CONTROLS = ("failed", "unsuitable-base", "drifting", "excluded", "inert")
VERDICTS = ("honest", "normalised", *SILENT, "throttled", "server-error")


@dataclass
class Outcome:
    variant: str
    value: Any
    verdict: str
    call: Mapping[str, Any]
    names_parameter: bool = False
    names_values: bool = False

    @property
    def actionable(self) -> bool:
        return self.names_parameter and self.names_values


@dataclass
class TargetResult:
    operation: str
    where: str
    name: str
    operation_id: str
    constraint: Mapping[str, Any]
    valid: Any
    calls: list[Mapping[str, Any]] = field(default_factory=list)  # the last attempt of each call
    control: str | None = None
    reason: str = ""
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.operation, self.where, self.name)

    @property
    def form(self) -> str:
        return str(self.constraint.get("form", ""))

    @property
    def label(self) -> str:
        return f"{self.operation} › {self.name}"

    def verdicts(self) -> list[str]:
        """Each planned perturbation's verdict: its own, or the parameter's control."""
        if self.control is not None:
            return [self.control] * max(1, len(self.outcomes))
        return [o.verdict for o in self.outcomes]


def same(a: Mapping[str, Any] | None, b: Mapping[str, Any] | None, tolerance: float = 0.0) -> bool:
    if not a or not b or a.get("fingerprint") != b.get("fingerprint"):
        return False
    ca, cb = int(a.get("count", 0)), int(b.get("count", 0))
    return abs(ca - cb) <= tolerance * max(ca, cb)


def _empty(call: Mapping[str, Any]) -> bool:
    return call.get("content") in ("empty", "stub")


def _answered(call: Mapping[str, Any]) -> bool:
    return call.get("failure") is None and call.get("status") is not None


def _throttled(call: Mapping[str, Any]) -> bool:
    return call.get("status") == 429


def _rejected(call: Mapping[str, Any]) -> bool:
    return bool(call.get("rejected"))


def _call_key(rec: Mapping[str, Any]) -> tuple[Any, ...]:
    return (rec["operation"], rec["in"], rec["parameter"], rec["role"], rec.get("seq"), rec.get("variant"))


def group(records: Iterable[Mapping[str, Any]]) -> list[TargetResult]:
    """The targets of a run in the order they were probed, each with the last attempt of every call."""
    targets: dict[tuple[str, str, str], TargetResult] = {}
    last: dict[tuple[Any, ...], Mapping[str, Any]] = {}
    order: list[tuple[Any, ...]] = []
    for rec in records:
        key = (rec["operation"], rec["in"], rec["parameter"])
        if key not in targets:
            targets[key] = TargetResult(
                rec["operation"], rec["in"], rec["parameter"], str(rec.get("operation_id") or ""),
                rec.get("constraint") or {}, rec.get("valid"),
            )
        ck = _call_key(rec)
        if ck not in last:
            order.append(ck)
        last[ck] = rec
    for ck in order:
        targets[(ck[0], ck[1], ck[2])].calls.append(last[ck])
    return list(targets.values())


def judge(t: TargetResult, planned: Mapping[tuple[str, str, str], list[tuple[str, Any]]] | None = None, tolerance: float = 0.0) -> TargetResult:
    """Fill in ``t.control``/``t.reason`` or ``t.outcomes`` from ``t.calls``. ``planned`` gives
    the variants that should have been sent (a call missing from the log fails the target)."""
    cs = [c for c in t.calls if c["role"] == "C"]
    a = next((c for c in t.calls if c["role"] == "A"), None)
    bs = [c for c in t.calls if c["role"] == "B"]
    wanted = (planned or {}).get(t.key)
    for c in t.calls:
        if not _answered(c):
            t.control, t.reason = "failed", f"{_role(c)}: {c.get('failure') or 'no answer'}"
            return _placeholders(t, wanted)
    if len(cs) < 2 or a is None or (wanted is not None and len(bs) < len(wanted)):
        t.control, t.reason = "failed", "not every call of the parameter was made (budget spent or the run stopped)"
        return _placeholders(t, wanted)
    c1, c2 = cs[0], cs[1]
    for c in (c1, c2):
        if _rejected(c) or _throttled(c):
            t.control, t.reason = "unsuitable-base", f"the base call was rejected ({c.get('status')})"
            return _placeholders(t, wanted)
    if _empty(c1) or _empty(c2):
        t.control, t.reason = "unsuitable-base", "the base call returned no rows, so a silent empty could not be seen"
        return _placeholders(t, wanted)
    if not same(c1.get("signature"), c2.get("signature"), tolerance):
        t.control, t.reason = "drifting", f"the two base calls differ ({_sig(c1)} then {_sig(c2)})"
        return _placeholders(t, wanted)
    if _rejected(a) or _throttled(a):
        t.control, t.reason = "excluded", f"the valid value {t.valid!r} was rejected ({a.get('status')})"
        return _placeholders(t, wanted)
    if _empty(a):
        t.control, t.reason = "excluded", f"the valid value {t.valid!r} returned no rows, so an empty answer could not be told apart"
        return _placeholders(t, wanted)
    if same(a.get("signature"), c2.get("signature"), tolerance):
        t.control, t.reason = "inert", f"the valid value {t.valid!r} returns the same rows as the base call: it does not discriminate here"
        return _placeholders(t, wanted)
    t.control, t.reason = None, ""
    t.outcomes = []
    for b in bs:
        err = b.get("error") or {}
        status = b.get("status") or 0
        if _throttled(b):
            verdict = "throttled"
        elif status >= 500:
            verdict = "server-error"
        elif _rejected(b):
            verdict = "honest"
        elif same(b.get("signature"), a.get("signature"), tolerance):
            verdict = "normalised"
        elif _empty(b) and not _empty(a):
            verdict = silent_empty.RULE
        elif same(b.get("signature"), c2.get("signature"), tolerance):
            verdict = silent_drop.RULE
        else:
            verdict = silent_coercion.RULE
        t.outcomes.append(
            Outcome(str(b.get("variant")), b.get("value"), verdict, b, bool(err.get("names_parameter")), bool(err.get("names_values")))
        )
    return t


def _placeholders(t: TargetResult, wanted: list[tuple[str, Any]] | None) -> TargetResult:
    """Under a control every planned perturbation counts once, with the control as its verdict."""
    bs = [c for c in t.calls if c["role"] == "B"]
    variants = wanted if wanted is not None else [(str(b.get("variant")), b.get("value")) for b in bs]
    t.outcomes = [Outcome(name, value, t.control or "failed", {}) for name, value in variants]
    return t


def _role(c: Mapping[str, Any]) -> str:
    if c["role"] == "C":
        return f"C{c.get('seq', '')}"
    if c["role"] == "B":
        return f"B {c.get('variant')}"
    return "A"


def _sig(c: Mapping[str, Any]) -> str:
    s = c.get("signature") or {}
    return f"{s.get('count')} rows, {s.get('fingerprint')}"
