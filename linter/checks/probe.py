"""Probe family: what a staging server does with a wrong value, measured by ``silentlint probe``.

These checks never see the network. The probe (``linter/live/probe/``) calls the server, derives
verdicts from its evidence log and hands each rule its entries through the ``results`` option
(set by ``silentlint probe`` only); each check places them at the parameter and words the
message. ``check``, ``fix`` and ``audit`` never run this family (``engine.LIVE_FAMILIES``).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping

from linter.checks import Context, check
from linter.model import Field, Hit


def _mine(field: Field, ctx: Context) -> list[Mapping[str, Any]]:
    entries = ctx.options["results"] or ()
    if not entries:
        return []
    labels = {op.label for op in field.used_by}
    return [e for e in entries if e.get("operation") in labels and e.get("in") == field.where and e.get("name") == field.path]


def _sig(call: Mapping[str, Any]) -> str:
    s = call.get("signature") or {}
    n = s.get("count", 0)
    return f"{n} row{'s' if n != 1 else ''}"


def _value(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _variants(name: str, calls: list[Mapping[str, Any]]) -> str:
    said = [f"{name}={_value(c.get('value'))} ({c.get('variant')})" for c in calls]
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


def _hits(field: Field, ctx: Context, says: Any) -> Iterator[Hit]:
    for e in _mine(field, ctx):
        c, a, bs = _parts(e)
        yield Hit(f"{field.label}: {says(field.name, c, a, bs)} ({_constraint(e)}; run {e.get('run')})",
                  field.location, evidence=_evidence(e), key=str(e.get("operation")))


@check("field")
def silent_empty(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value answered with 200 and no rows, as if nothing matched."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        stubs = any(b.get("content") == "stub" for b in bs)
        what = "only identical rows without values (valid but empty)" if stubs else "no rows"
        return (f"a wrong value is answered as 'nothing matches': {_variants(name, bs)} returned {what} and no error, "
                f"where {name}={_value(a.get('value'))} returned {_sig(a)}")
    return _hits(field, ctx, says)


@check("field")
def silent_drop(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value ignored: the answer is the one without the parameter."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        return (f"a wrong value is ignored without an error: {_variants(name, bs)} returned the same {_sig(c)} as "
                f"leaving {name} out (where {name}={_value(a.get('value'))} returned {_sig(a)})")
    return _hits(field, ctx, says)


@check("field")
def silent_coercion(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value answered as some other value, without an error."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        got = ", ".join(sorted({_sig(b) for b in bs}))
        return (f"a wrong value is answered as some other value, without an error: {_variants(name, bs)} returned {got}, "
                f"neither the {_sig(a)} of {name}={_value(a.get('value'))} nor the {_sig(c)} without {name}")
    return _hits(field, ctx, says)


@check("field")
def unactionable_error(field: Field, ctx: Context) -> Iterable[Hit]:
    """A wrong value rejected with an error that does not say which parameter or which values."""
    def says(name: str, c: Mapping[str, Any], a: Mapping[str, Any], bs: list[Mapping[str, Any]]) -> str:
        errs = [b.get("error") or {} for b in bs]
        missing = []
        if not all(e.get("names_parameter") for e in errs):
            missing.append("the parameter")
        if not all(e.get("names_values") for e in errs):
            missing.append("its legal values")
        statuses = "/".join(sorted({str(b.get("status")) for b in bs}))
        body = next((e.get("excerpt") for e in errs if e.get("excerpt")), "")
        shown = f"body: {body!r}" if body else "an empty body"
        return (f"the {statuses} for {_variants(name, bs)} names neither {' nor '.join(missing)}"
                if len(missing) == 2 else
                f"the {statuses} for {_variants(name, bs)} does not name {missing[0]}") + f" ({shown})"
    return _hits(field, ctx, says)
