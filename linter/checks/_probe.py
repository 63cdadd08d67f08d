"""What the probe measured, placed at a field: shared by the ``probe`` family's rules.

These checks never see the network. The probe (``linter/live/probe/``) calls the server, derives
verdicts from its evidence log and hands each rule its entries through the ``results`` option
(set by ``silentlint probe`` only); each rule module words the message. ``check``, ``fix`` and
``audit`` never run this family (``engine.LIVE_FAMILIES``).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from linter.checks import Context
from linter.model import Field, Hit


def _mine(field: Field, ctx: Context) -> list[Mapping[str, Any]]:
    entries = ctx.options["results"] or ()
    if not entries:
        return []
    labels = {op.label for op in field.used_by}
    return [e for e in entries if e.get("operation") in labels and e.get("in") == field.where and e.get("name") == field.path]


def sig(call: Mapping[str, Any]) -> str:
    s = call.get("signature") or {}
    n = s.get("count", 0)
    return f"{n} row{'s' if n != 1 else ''}"


def value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def variants(name: str, calls: list[Mapping[str, Any]]) -> str:
    said = [f"{name}={value(c.get('value'))} ({c.get('variant')})" for c in calls]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def _constraint(e: Mapping[str, Any]) -> str:
    c = e.get("constraint") or {}
    kind = c.get("kind", "constraint")
    said = c.get("text") or c.get("layout") or c.get("format") or ""
    return f"{e.get('form', '')} {kind}{': ' + said if said else ''}"


def _parts(e: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any], list[Mapping[str, Any]]]:
    calls = list(e.get("calls") or ())
    c = next((x for x in calls if x.get("role") == "C" and x.get("seq") == 2), None) or next(x for x in calls if x.get("role") == "C")
    a = next(x for x in calls if x.get("role") == "A")
    return c, a, [x for x in calls if x.get("role") == "B"]


def _evidence(e: Mapping[str, Any]) -> dict[str, Any]:
    return {k: e[k] for k in ("run", "operation", "form", "constraint", "valid", "calls") if k in e}


def hits(field: Field, ctx: Context, says: Any) -> Iterator[Hit]:
    for e in _mine(field, ctx):
        c, a, bs = _parts(e)
        yield Hit(f"{field.label}: {says(field.name, c, a, bs)} ({_constraint(e)}; run {e.get('run')})",
                  field.location, evidence=_evidence(e), key=str(e.get("operation")))
