"""What to probe: from the lint, the parameters whose constraint lives only in prose (the
vocabulary rules' gaps: values, format, bounds), and the ones whose schema states it (``enum``,
``format``/``pattern``, bounds) as the machine-checkable control group; and which operations may
be called at all.

Safe by construction: an operation is called only when its method is GET (HEAD has no rows to
compare), or when the plan allows it by name; never when the lint reads it as a write (the
``ambiguous-read-write`` reading of its method, name, path and description), whatever the plan
says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from linter.checks import example_only_vocabulary, prose_bounds, prose_enum, prose_format
from linter.model import Document, Field, Operation
from linter.live.probe.plan import OperationPlan, Plan

_KIND_OF_RULE = {prose_enum.RULE: "vocabulary", example_only_vocabulary.RULE: "vocabulary", prose_format.RULE: "format",
                 prose_bounds.RULE: "bounds"}
PROSE_RULES = tuple(_KIND_OF_RULE)  # in this order of preference when one field has several gaps
MACHINE = "machine-checkable"
PROSE = "prose-only"
_BOUND_KEYS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength")
_PLACES = ("query", "path", "header", "body")


@dataclass(frozen=True)
class Constraint:
    """What the probe perturbs: a vocabulary, a format or bounds, stated in the schema
    (machine-checkable) or only in the description (prose-only, found by ``rule``)."""

    kind: str  # vocabulary | format | bounds
    form: str  # machine-checkable | prose-only
    rule: str = ""  # the lint rule that found a prose-only constraint
    text: str = ""  # the words (or keyword) that state it
    values: tuple[Any, ...] = ()  # legal values of a vocabulary
    complete: bool = True  # False for a vocabulary shown by example only
    format: str = ""  # date, date-time, uuid, …
    layout: str = ""  # YYYY-MM-DD, …
    bounds: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "form": self.form}
        if self.rule:
            out["rule"] = self.rule
        if self.text:
            out["text"] = self.text
        if self.values:
            out["values"] = list(self.values)
            if not self.complete:
                out["complete"] = False
        if self.format:
            out["format"] = self.format
        if self.layout:
            out["layout"] = self.layout
        if self.bounds:
            out["bounds"] = dict(self.bounds)
        return out


@dataclass(frozen=True)
class OperationInfo:
    label: str  # GET /people
    op_id: str
    method: str
    path: str
    plan: OperationPlan
    base: Mapping[tuple[str, str], Any]  # (in, name) → value of every base argument


@dataclass(frozen=True)
class Target:
    op: OperationInfo
    where: str  # query | path | header | body
    name: str
    type: str | None
    constraint: Constraint
    valid: Any = None  # the A value (None: none could be worked out)
    plan_valid: bool = False

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.op.label, self.where, self.name)

    @property
    def label(self) -> str:
        return f"{self.op.label} › {self.name}"


@dataclass
class Selection:
    targets: list[Target] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (what, why), in spec order
    refused: list[tuple[str, str]] = field(default_factory=list)  # operations never called, and why


def param_node(f: Field) -> Mapping[str, Any]:
    node = f.location.node
    return node if isinstance(node, dict) else {}


def examples_of(f: Field) -> list[Any]:
    """The field's own example values, most specific first (parameter, then schema); the
    default last."""
    out: list[Any] = []
    for node in (param_node(f), f.schema):
        if "example" in node:
            out.append(node["example"])
        ex = node.get("examples")
        if isinstance(ex, list):
            out.extend(ex)
        elif isinstance(ex, dict):
            out.extend(v["value"] for v in ex.values() if isinstance(v, dict) and "value" in v)
    return [v for v in out if isinstance(v, (str, int, float, bool))]


def default_of(f: Field) -> Any:
    for node in (f.schema, param_node(f)):
        if "default" in node:
            return node["default"]
    return None


def why_not_called(op: Operation, plan: Plan) -> str | None:
    """Why an operation may not be called (None: it may). GET is read by definition, other
    methods only by name in ``allow``; a write reading from the lint refuses it whatever the plan says."""
    from linter.checks._readwrite import nature, side

    method = (op.method or "").lower()
    if op.kind != "http":
        return "not an HTTP operation"
    reads = side(op)
    verbs = nature(op)
    if reads == "write" or verbs in ("write", "delete"):
        said = {"write": "writes", "delete": "deletes"}.get(verbs or "", "writes")
        return f"the lint reads it as a write ({method.upper()}, its name or description says it {said}); never called"
    if method == "head":
        return "HEAD answers carry no rows to compare"
    if method != "get" and not plan.allows(op.name, op.label):
        return f"{method.upper()} is called only when the plan allows the operation by name (allow: [{op.name or op.label}])"
    return None


def _machine(f: Field, schema: Mapping[str, Any]) -> Constraint | None:
    items = schema.get("items") if isinstance(schema.get("items"), dict) else None
    for s in (schema, items or {}):
        if isinstance(s.get("enum"), list) and s["enum"]:
            return Constraint("vocabulary", MACHINE, text="enum", values=tuple(v for v in s["enum"] if v is not None))
        if "const" in s:
            return None  # one legal value: nothing to choose between
    if isinstance(schema.get("format"), str) or isinstance(schema.get("pattern"), str):
        fmt = schema.get("format") if isinstance(schema.get("format"), str) else ""
        return Constraint("format", MACHINE, text="format" if fmt else "pattern", format=str(fmt), layout=str(schema.get("pattern") or ""))
    bounds = {k: schema[k] for k in _BOUND_KEYS if isinstance(schema.get(k), (int, float)) and not isinstance(schema.get(k), bool)}
    if bounds:
        return Constraint("bounds", MACHINE, text=", ".join(bounds), bounds=bounds)
    return None


def _prose(f: Field, doc: Document, vocabulary: Mapping[str, Any] | None) -> Constraint | None:
    from linter.checks._vocabulary import field_gaps, known_vocabulary  # reading the lint's own analysis

    gaps = [g for g in field_gaps(f, _Ctx(doc)) if g.rule in PROSE_RULES]  # type: ignore[arg-type]  # field_gaps reads ctx.document only
    if not gaps:
        return None
    gaps.sort(key=lambda g: PROSE_RULES.index(g.rule))
    gap = gaps[0]
    ev = gap.evidence
    kind = _KIND_OF_RULE[gap.rule]
    if kind == "vocabulary":
        known = known_vocabulary(f, vocabulary) if vocabulary else None
        values = tuple(known) if known is not None else tuple(gap.keywords.get("enum") or ev.values)
        complete = gap.rule == prose_enum.RULE or known is not None
        return Constraint(kind, PROSE, gap.rule, ev.text, values, complete)
    if kind == "format":
        data = dict(ev.data)
        return Constraint(kind, PROSE, gap.rule, ev.text, format=str(data.get("format") or ""), layout=str(data.get("layout") or ""))
    bounds = {k: v for k, v in dict(ev.data).items() if k in _BOUND_KEYS}
    if not bounds:
        return None
    return Constraint(kind, PROSE, gap.rule, ev.text, bounds=bounds)


@dataclass(frozen=True)
class _Ctx:
    document: Document


def _base(op: Operation, oplan: OperationPlan) -> tuple[dict[tuple[str, str], Any], str | None]:
    """Every argument of the base call: the plan's ``base``, else the spec's example or default
    of each required field; the reason the operation cannot be called when a required one has
    neither."""
    base: dict[tuple[str, str], Any] = {}
    names = {f.name for f in op.fields}
    for name in oplan.base:
        if name not in names:
            return {}, f"the plan's base names {name!r}, which is not a parameter of {op.label}"
    for f in op.fields:
        if f.where not in _PLACES or f.path != f.name:
            continue
        if f.name in oplan.base:
            base[(f.where, f.name)] = oplan.base[f.name]
            continue
        if not f.required:
            continue
        ex = examples_of(f)
        value = ex[0] if ex else default_of(f)
        if value is None:
            return {}, f"required {f.where} parameter {f.name!r} has no example or default: give it under operations.{op.name or op.label}.base"
        base[(f.where, f.name)] = value
    return base, None


def select_targets(doc: Document, plan: Plan, vocabulary: Mapping[str, Any] | None = None) -> Selection:
    from linter.checks._vocabulary import effective_schema
    from linter.live.probe.variants import valid_value

    sel = Selection()
    for op in doc.operations:
        if op.kind != "http":
            continue
        oplan = plan.operation(op.name, op.label)
        candidates: list[tuple[Field, Constraint]] = []
        for f in op.fields:
            if f.where not in _PLACES or f.path != f.name:
                continue
            c = _prose(f, doc, vocabulary) or _machine(f, effective_schema(f, doc.format))
            if c is not None:
                candidates.append((f, c))
        if not candidates:
            continue
        why = why_not_called(op, plan)
        if why is not None:
            sel.refused.append((op.label, why))
            continue
        if oplan.skip:
            sel.skipped.append((op.label, "skip: true in the plan"))
            continue
        base, why = _base(op, oplan)
        if why is not None:
            sel.skipped.append((op.label, why))
            continue
        info = OperationInfo(op.label, op.name, (op.method or "get").upper(), op.path or "/", oplan, base)
        for f, c in candidates:
            pplan = oplan.parameters.get(f.name)
            if pplan is not None and pplan.skip:
                sel.skipped.append((f"{op.label} › {f.name}", "skip: true in the plan"))
                continue
            if f.where == "body" and info.method == "GET":
                sel.skipped.append((f"{op.label} › {f.name}", "a body field of a GET operation"))
                continue
            target = Target(info, f.where, f.name, f.type, c)
            given = pplan.valid if pplan is not None else None
            valid = given if given is not None else valid_value(target, examples_of(f), default_of(f), base.get((f.where, f.name)))
            if valid is None:
                sel.skipped.append((target.label, f"no valid value to compare with: give one under operations.{op.name or op.label}.parameters.{f.name}.valid"))
                continue
            sel.targets.append(Target(info, f.where, f.name, f.type, c, valid, given is not None))
    return sel
