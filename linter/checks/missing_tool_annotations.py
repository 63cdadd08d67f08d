"""missing-tool-annotations: an MCP tool whose hints are left at a default that misdescribes it."""

from __future__ import annotations

from typing import Any, Iterator

from linter.checks import Context, check
from linter.checks._readwrite import prepare, reading, said
from linter.model import Edit, Fix, Hit, Operation
from linter.prose.verbs import code_cue


def _ask(op: Operation) -> tuple[str, dict[str, Any]] | None:
    """The hint whose default (MCP: readOnlyHint false, destructiveHint true) misdescribes the
    tool, and why; None when the defaults already say what the evidence says, or it cannot tell."""
    ann = op.annotations
    ro, de = ann.get("readOnlyHint"), ann.get("destructiveHint")
    if ro is True:
        return None
    r = reading(op)
    if r.won is None:
        return None
    if r.side == "read" and ro is None:
        if code_cue(op.id, op.description or op.summary) is not None:
            return None  # runs whatever it is given: reading or not is the server's to say
        note = "; its destructiveHint: true says the opposite" if de is True else ""
        return (
            f"{said(r.won)} and nothing says it writes: add readOnlyHint: true (the default, false, makes "
            f"clients treat it as a write{note})",
            {"readOnlyHint": True},
        )
    if r.side == "write" and r.destructive is False and de is None:
        return (
            f"{said(r.won)}, which only adds: add destructiveHint: false (the default, true, makes clients "
            "warn as before a delete)",
            {"destructiveHint": False},
        )
    return None


@check("operation")
def missing_tool_annotations(op: Operation, ctx: Context) -> Iterator[Hit]:
    """An MCP tool that leaves a hint at a default that misdescribes it: a read without
    ``readOnlyHint: true``, an additive write without ``destructiveHint: false``. A value equal to
    the default is never asked for: it would change nothing."""
    if op.kind != "tool" or ctx.document.format != "mcp":
        return
    prepare(ctx.document)
    asked = _ask(op)
    if asked is None:
        return
    why, value = asked
    if isinstance(op.node.get("annotations"), dict):  # not op.annotations: that is {} also when there is none
        target = op.at("annotations")
        edits = tuple(Edit(target.source, target.pointer, "add", k, v) for k, v in value.items())
        where = target
    else:
        edits = (Edit(op.location.source, op.location.pointer, "add", "annotations", value),)
        where = op.at("name")
    (hint, v), = value.items()
    yield Hit(
        f"{op.label}: no {hint}; {why}",
        where,
        evidence={"suggested": value, "won": said(reading(op).won)},  # type: ignore[arg-type]  # evidence is JSON data; mypy infers dict[str, dict[str, bool]] from the first entry
        fix=Fix(f"add {hint}: {str(v).lower()}", edits, "unsafe"),
        key=hint,
    )
