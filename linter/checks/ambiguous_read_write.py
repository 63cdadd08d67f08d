"""ambiguous-read-write: read/write nature that name, description and schema do not tell, or that
the method or annotations contradict.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, TypeGuard

from linter import _recache
from linter.checks import Context, check
from linter.checks._readwrite import (
    DELETE_LIKE, SAFE_METHODS, WRITES, Reading, operation_name, path_verb, prepare, reading, said,
    verbs_of,
)
from linter.model import Hit, Location, Operation
from linter.prose.verbs import (
    STRONG_WRITES, Verb, code_cue, generic_cue, name_verb, says_read_only, text_verb, word_tuple,
)

_READS_A_THING = _recache.compile(
    r"\b(?:status|details|info|information|summary|count|results?|history|report|progress|state|statistics|stats)\W*$", re.I
)
"""A summary that names a thing to read: "Import Contacts Status", "Cancel fees summary"."""

_NOUN_SEGMENTS = frozenset("register import upload transfer charge refund edit merge grant copy archive".split())
"""Path segments that name a resource as often as an action (``/LordsInterests/Register``)."""

_SPECIFIC = ("read", "write", "delete")


def _strong(v: Verb | None) -> TypeGuard[Verb]:
    return v is not None and v.nature in WRITES and (v.word in STRONG_WRITES or v.word[:-1] in STRONG_WRITES
                                                      or v.word[:-2] in STRONG_WRITES or v.word[0] >= "\u4e00")


def _http_contradiction(op: Operation) -> Iterator[Hit]:
    op_id = operation_name(op)
    if op_id and (name_verb(op_id) or Verb("", "generic")).nature == "read":
        return
    nv = name_verb(op_id, lead_only=True) if op_id else None
    dv = text_verb(op.description) if op.description else None
    if dv is not None and dv.nature == "read":
        return
    evidence: list[tuple[str, str, Location]] = []
    if _strong(nv):
        evidence.append(("operationId", nv.word, op.at("operationId")))
    pv = path_verb(op.path or "") if op.method != "options" else None
    if _strong(pv) and pv.word not in _NOUN_SEGMENTS:
        evidence.append(("path", pv.word, op.location))
    sv = text_verb(op.summary) if op.summary and not _READS_A_THING.search(op.summary) else None
    if _strong(sv) and not (pv is not None and pv.nature == "read"):
        evidence.append(("summary", sv.word, op.at("summary")))
    if not evidence:
        return
    said = ", ".join(f"the {w} says '{v}'" for w, v, _ in evidence)
    yield Hit(
        f"{op.label}: {(op.method or '').upper()} must not change anything, but {said}; clients, caches, "
        "crawlers and agents treat it as a read (use POST/PUT/PATCH/DELETE, or rename it if it only reads)",
        op.location,
        evidence={"method": op.method, "said": [{"where": w, "verb": v} for w, v, _ in evidence]},
        key="contradiction",
    )


_RECEIVER = _recache.compile(r"webhook|callback|hook", re.I)


def _undeterminable(op: Operation) -> Hit | None:
    if _RECEIVER.search(op.path or "") or _RECEIVER.search(op.id):
        return None  # a receiver called by another system, not a tool for an agent
    text = op.description or op.summary
    cue = code_cue(op.id, text)
    if cue is None:
        said = verbs_of(op)
        if any(s.verb.nature in _SPECIFIC + ("action",) for s in said) or says_read_only(op.description):
            return None
        cue = generic_cue(op.id, text) or (generic_cue("", op.summary) if op.summary and op.description else None)
    if cue is None:
        return None
    return Hit(
        f"{op.label}: the name and description do not say whether it only reads or also changes data ({cue}); "
        "when the read/write boundary was not explicit, models proposed a write tool for 12 of 32 read-only tasks",
        op.at("description") if op.description else op.location,
        evidence={"cue": cue},
        key="undeterminable",
    )


@check("operation")
def ambiguous_read_write(op: Operation, ctx: Context) -> Iterator[Hit]:
    """Read/write nature that cannot be told from name, description and schema, or that the
    method or annotations contradict."""
    if op.kind == "http":
        method = (op.method or "").lower()
        if method in SAFE_METHODS:
            yield from _http_contradiction(op)
        elif method == "post":
            hit = _undeterminable(op)
            if hit is not None:
                yield hit
        return
    prepare(ctx.document)
    ann = op.annotations
    ro, de = ann.get("readOnlyHint"), ann.get("destructiveHint")
    r = reading(op)
    if ro is True and r.side == "write":
        yield _contradiction(op, r, "readOnlyHint", "true", "a client will run it without asking, and a model will "
                             "pick it for read-only tasks")
    said = verbs_of(op)
    deletes = [s for s in said if s.verb.word in DELETE_LIKE or s.verb.word[:-1] in DELETE_LIKE]
    if de is False and ro is not True and deletes:
        s = deletes[0]
        yield Hit(
            f"{op.label}: destructiveHint is false, but the {s.where} says '{s.verb.word}'; a client will not "
            "ask before it runs",
            op.at("annotations", "destructiveHint"),
            evidence={"verb": s.verb.word, "where": s.where},
            key="destructiveHint",
        )
    if ro is False and r.side == "read" and _only_reads(op, r):
        yield _contradiction(op, r, "readOnlyHint", "false", "a client will ask before every call, and a model "
                             "will avoid it for read-only tasks")
    if ro is None and de is None:  # a declared destructiveHint makes it a write by the MCP defaults
        hit = _undeterminable(op)
        if hit is not None:
            yield hit


def _only_reads(op: Operation, r: Reading) -> bool:
    """Both the name and the description read, and nothing else of the tool acts or writes: the
    strength needed to call a declared write a contradiction."""
    said = verbs_of(op)
    return (
        any(s.where == "name" and s.verb.nature == "read" for s in said)
        and any(s.where == "description" and s.verb.nature == "read" for s in said)
        and not any(s.verb.nature in ("action", "generic") for s in said)
        and code_cue(op.id, op.description or op.summary) is None
        and not any(word_tuple(str(k))[-1:] in _ACTS for k in _argument_names(op))
    )


def _argument_names(op: Operation) -> list[Any]:
    # the input schema's own property names, as written: op.fields holds leaves after $ref,
    # allOf and nesting (an ``actions`` array of objects is walked into, not named)
    schema = op.node.get("inputSchema") or op.node.get("parameters") or op.node.get("input_schema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    return list(props) if isinstance(props, dict) else []


_ACTS = frozenset({("actions",), ("steps",), ("commands",), ("script",), ("scripts",)})
"""An argument that carries things to do in the target (click, type, run): a tool that takes one
may act, whatever its verbs say."""


def _contradiction(op: Operation, r: Reading, hint: str, value: str, consequence: str) -> Hit:
    won = r.won
    assert won is not None
    other = r.against()
    besides = f" (weighed against: {said(other[0])})" if other else ""
    side = "only reads" if r.side == "read" else "changes something"
    return Hit(
        f"{op.label}: {hint} is {value}, but {said(won)}{besides}: the tool {side}; {consequence}",
        op.at("annotations", hint),
        evidence={"hint": hint, "declared": value == "true", "side": r.side, "won": said(won),
                  "against": [said(e) for e in other]},
        key=hint,
    )
