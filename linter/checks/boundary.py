"""Boundary family: can a model tell which tool or operation only reads and which one writes?

Measured: when a read tool and a write tool were both described as "handles invoice-related
requests", models proposed the write tool for 12 of 32 read-only tasks (0 once the boundary was
explicit). These checks read the leading verbs of names and descriptions (``linter.prose.verbs``),
the HTTP method and the MCP annotations, and report where they are silent or disagree.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Iterator, TypeGuard

from linter.checks import Context, check
from linter.checks.status import at
from linter.model import Document, Edit, Field, Fix, Hit, Location, Operation
from linter.prose.verbs import (
    LEXICON,
    STRONG_WRITES,
    Verb,
    code_cue,
    content_tokens,
    first_sentence,
    generic_cue,
    lead_word,
    name_verb,
    says_read_only,
    side_effects,
    singular,
    text_verb,
    word_tuple,
)

_SAFE_METHODS = ("get", "head", "options")
_READS_A_THING = re.compile(
    r"\b(?:status|details|info|information|summary|count|results?|history|report|progress|state|statistics|stats)\W*$", re.I
)
"""A summary that names a thing to read: "Import Contacts Status", "Cancel fees summary"."""
_NOUN_SEGMENTS = frozenset("register import upload transfer charge refund edit merge grant copy archive".split())
"""Path segments that name a resource as often as an action (``/LordsInterests/Register``)."""
_SPECIFIC = ("read", "write", "delete")
_WRITES = ("write", "delete")
_DELETE_LIKE = frozenset(
    "delete remove drop destroy purge erase wipe truncate void clear overwrite 删除 刪除 作废 作廢 清空 移除 销毁 銷毀".split()
)
_ADDITIVE = frozenset("create add insert comment reply post attach append star follow invite 创建 創建 新建 新增 添加".split())
"""Verbs that add and never overwrite: enough to call an explicit destructiveHint: true a contradiction
(``copy``, ``upload``, ``import``, ``send`` may replace a target or run whatever they carry)."""
_OVERWRITES = re.compile(r"\b(?:overwrit\w*|replac\w*|existing|updat\w*|mov(?:e|es|ing)|remov\w*|delet\w*)\b|覆盖|覆蓋|替换|替換|更新|删除|刪除", re.I)
_ADDITIVE = frozenset(
    """create add insert post send submit publish comment reply invite register star follow
    subscribe fork book reserve pay charge generate record append attach commit schedule
    创建 創建 新建 新增 添加 提交 发送 發送 上传 上傳 导入 導入 发布 發佈 注册 註冊 支付 付款 下单 下單 预订 預訂""".split()
)


@dataclass(frozen=True, slots=True)
class Said:
    """A verb and where it was read (``name``, ``title``, ``summary``, ``description``, ``path``)."""

    verb: Verb
    where: str


def _operation_id(op: Operation) -> str:
    v = op.node.get("operationId") if op.kind == "http" else op.name
    return v if isinstance(v, str) else ""


_METHOD_AFFIX = {
    m: (re.compile(rf"^{m}[_.\-]?", re.I), re.compile(rf"[_.\-]?{m}$", re.I)) for m in ("post", "put", "patch")
}


_SEPARATED_METHOD = {m: re.compile(rf"^{m}[_.\-](?=.)", re.I) for m in ("get", "head", "options", "delete")}


def _operation_name(op: Operation) -> str:
    """The operationId without a copy of its own HTTP method (``PostPaymentIntentsIntentCancel``,
    ``Categorize_Post``, ``GET_DeleteRoute``): the method there is not what the operation does.
    ``getPets`` keeps its verb: only a separated prefix is dropped for GET/HEAD/OPTIONS/DELETE."""
    if op.kind == "tool":
        return op.memo.get("name", op.name)
    name = _operation_id(op)
    m = op.method or ""
    if m in _SEPARATED_METHOD and name:
        return _SEPARATED_METHOD[m].sub("", name)
    if m not in ("post", "put", "patch") or not name:
        return name
    ws = word_tuple(name)
    lead, trail = _METHOD_AFFIX[m]
    rest = name
    if ws and ws[0] == m:
        rest = lead.sub("", rest)
    if ws and ws[-1] == m:
        rest = trail.sub("", rest)
    return rest


def verbs_of(op: Operation) -> list[Said]:
    """The leading verbs an operation's name, title/summary, description and (HTTP) last path
    segment state (worked out once per operation: three rules ask)."""
    got = op.memo.get("verbs")
    if got is None:
        got = op.memo["verbs"] = _verbs_of(op)
    return got


def _verbs_of(op: Operation) -> list[Said]:
    out: list[Said] = []
    nv = name_verb(_operation_name(op))
    if nv is not None:
        out.append(Said(nv, "operationId" if op.kind == "http" else "name"))
    if op.kind == "http":
        pv = _path_verb(op.path or "")
        if pv is not None:
            out.append(Said(pv, "path"))
    if op.summary:
        sv = text_verb(op.summary)
        if sv is not None:
            out.append(Said(sv, "summary" if op.kind == "http" else "title"))
    desc = description(op)
    if desc:
        dv = text_verb(desc)
        if dv is not None:
            out.append(Said(dv, "description"))
    return out


# --- what a tool set says in every description ------------------------------------------------

_HEAD = re.compile(r"^\s*(?:\[[^\]\n]{1,40}\]|[^\s\[][^|:\n—–]{0,40}?(?:\s*[|:—–]|\s+-))\s+(?=\S)")
_SEGMENT = re.compile(r"\n+|(?<=[.!?])\s+")


def description(op: Operation) -> str:
    """The description without what most tools of its set repeat (a shared ``"Acme | "`` lead,
    a repeated error section, the same closing sentence): see :func:`prepare`. HTTP operations and
    tools of a set not prepared keep their own text."""
    return op.memo.get("text", op.description)


def prepare(doc: Document) -> None:
    """Work out once per tool set the text most of its tools share, and keep each tool's
    description without it (``op.memo["text"]``). Shared: a lead up to a separator (``Acme |``,
    ``[Acme]``) or a line or sentence found in at least half the tools (and at least 3). A tool
    whose whole description is shared keeps it."""
    tools = [op for op in doc.operations if op.kind == "tool"]
    if not tools or "text" in tools[0].memo:
        return
    texts = [op.description or "" for op in tools]
    need = max(3, (len(tools) + 1) // 2)
    if len(tools) >= 3:
        heads = Counter(m.group(0).strip() for t in texts if (m := _HEAD.match(t)))
        head, count = heads.most_common(1)[0] if heads else ("", 0)
        if count >= need and not head[:1].isdigit():
            texts = [t.lstrip()[len(head):].lstrip() if t.lstrip().startswith(head) else t for t in texts]
        parts = [[p for p in _SEGMENT.split(t) if p.strip()] for t in texts]
        df: Counter[str] = Counter()
        for ps in parts:
            df.update({" ".join(p.lower().split()) for p in ps})
        shared = {k for k, c in df.items() if c >= need}
        if shared:
            out = []
            for ps, t in zip(parts, texts):
                kept = [p for p in ps if " ".join(p.lower().split()) not in shared]
                out.append("\n".join(kept) if kept and len(kept) < len(ps) else t)
            texts = out
    for op, t in zip(tools, texts):
        op.memo["text"] = t
    if len(tools) >= 3:
        firsts = {ns.group(0) if (ns := _NAMESPACE.match(op.name or "")) else None for op in tools}
        if len(firsts) == 1 and (prefix := firsts.pop()):
            for op in tools:
                op.memo["name"] = op.name[len(prefix):]


_NAMESPACE = re.compile(r"^[A-Za-z][A-Za-z0-9]*[_.\-](?=[A-Za-z])")
"""The first word of a tool name and its separator (``tavily_``, ``map_``): when every tool of a set
has the same one it is the server's namespace, not what the tool does."""


def nature(op: Operation) -> str | None:
    """``read``, ``write``, ``delete``, ``action``, ``generic`` or None, from the verbs alone:
    any write verb wins (the safe reading), then read, then an explicit "read-only"."""
    said = verbs_of(op)
    kinds = {s.verb.nature for s in said}
    if "delete" in kinds:
        return "delete"
    if "write" in kinds:
        return "write"
    if "read" in kinds or says_read_only(op.description):
        return "read"
    if "action" in kinds:
        return "action"
    if "generic" in kinds:
        return "generic"
    return None


def side(op: Operation) -> str | None:
    """Which side of the read/write boundary an operation is on, from every signal; None when
    the signals are missing or disagree (other rules report those)."""
    m = (op.method or "").lower() if op.kind == "http" else ""
    if m in ("put", "patch", "delete"):
        return "write"  # whatever the verbs say (checked before them: nature() costs a verb analysis)
    if op.kind == "http":
        n = nature(op)
        if m in _SAFE_METHODS:
            return "read" if n not in _WRITES else None
        if m == "post":
            return "read" if n == "read" else "write" if n in _WRITES else None
        return None
    r = reading(op)
    ro = op.annotations.get("readOnlyHint")
    if ro is True:
        return "read" if r.side != "write" else None
    if r.side == "write":
        return "write"
    if r.side == "read":
        return "read" if ro is not False else None
    return "write" if ro is False else None


# --- what a tool does, weighed ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Evidence:
    """One sign of reading or writing: where it was read, what it says, and which way it leans."""

    where: str  # name, title, description, parameter <name>
    says: str
    leans: str  # read | write
    destructive: bool | None = None  # for a write: destroys or overwrites (True), only adds (False), unknown


@dataclass(frozen=True, slots=True)
class Reading:
    """A tool's side weighed from all its evidence, and the evidence that decided it."""

    side: str | None  # read | write | None (cannot tell)
    destructive: bool | None
    won: Evidence | None
    evidence: tuple[Evidence, ...]

    def against(self) -> list[Evidence]:
        return [e for e in self.evidence if self.side and e.leans != self.side]


_DRY_RUN = frozenset({"dry", "dryrun"})
_DRY_RUN_SAYS = "a dry-run switch"
_CONFIRM = frozenset({"confirm", "confirmed", "confirmation", "overwrite", "force"})
_WRITE_SWITCH = frozenset({"update", "save", "record", "mark", "persist", "write", "store", "track", "commit"})
_SAVE_TO = frozenset({"save", "output", "download", "destination", "dest", "write", "export"})
_PATHISH = frozenset({"path", "file", "filename", "filepath", "dir", "directory", "folder"})
_SAVES_TO = re.compile(r"\b(?:save[sd]?|write|writes|written|store[sd]?|download(?:s|ed)?)\b[^.\n]{0,40}?\b(?:to|into|in|at)\b|保存到|写入|寫入", re.I)


def _param_evidence(op: Operation) -> list[Evidence]:
    """Arguments that exist only on tools that change something: a dry-run or confirm/force/
    overwrite switch, a one-word switch that clears, deletes or resets (``clear``), a path to
    save to, an ``update_*``/``record_*`` switch on by default."""
    out: list[Evidence] = []
    for f in op.fields:
        if f.where != "argument" or f.path != f.name:
            continue
        ws = word_tuple(f.name)
        if not ws:
            continue
        is_bool = f.type == "boolean"
        if ws[0] in _DRY_RUN and (len(ws) == 1 or ws[1] == "run"):
            out.append(Evidence(f"parameter {f.name}", _DRY_RUN_SAYS, "write", None))
        elif len(ws) == 1 and ws[0] in _CONFIRM and f.type in ("boolean", None):
            out.append(Evidence(f"parameter {f.name}", f"a '{ws[0]}' switch", "write", True if ws[0] in ("overwrite", "force") else None))
        elif is_bool and len(ws) == 1 and ws[0] in _DELETE_LIKE and ws[0].isascii():
            out.append(Evidence(f"parameter {f.name}", f"a switch to {ws[0]}", "write", True))
        elif is_bool and ws[0] in _WRITE_SWITCH and len(ws) > 1 and f.schema.get("default") is True:
            out.append(Evidence(f"parameter {f.name}", "on by default", "write", False))
        elif ws[-1] in _PATHISH and len(ws) > 1 and f.type in ("string", None) and (
            ws[0] in _SAVE_TO or _SAVES_TO.search(f.description or "")
        ):
            out.append(Evidence(f"parameter {f.name}", "a path to save to", "write", None))
    return out


_EFFECT_DESTROYS: dict[str, bool | None] = {"disk": None, "send": False, "enable": None, "history": False, "job": None}


def reading(op: Operation) -> Reading:
    """Whether a tool reads or writes, weighed (worked out once per tool): a leading write or
    delete verb of the name, title or description, a side effect the description states (saving
    to disk, sending, activating, recording a view, starting a job) or an argument that only a
    writing tool has, outweighs a reading verb; without any of them a reading verb (or "read-only")
    decides. The first piece of evidence of the winning side is the one named in messages."""
    got = op.memo.get("reading")
    if got is None:
        got = op.memo["reading"] = _reading(op)
    return got


def _destroys(v: Verb) -> bool:
    return v.nature == "delete" or v.word not in _ADDITIVE


def _reading(op: Operation) -> Reading:
    ev: list[Evidence] = []
    for said in verbs_of(op):
        v = said.verb
        if v.nature in _WRITES:
            destroys = _destroys(v)
            if said.where == "name" and not destroys:
                # "create_or_update_file": any word of the name that overwrites decides
                destroys = any(
                    LEXICON.get(w) in _WRITES and _destroys(Verb(w, LEXICON[w])) for w in word_tuple(_operation_name(op))
                )
            ev.append(Evidence(said.where, v.word, "write", destroys))
        elif v.nature == "read":
            ev.append(Evidence(said.where, v.word, "read"))
    if not says_read_only(op.description):
        for kind, phrase in side_effects(op.description):
            ev.append(Evidence("description", phrase, "write", _EFFECT_DESTROYS[kind]))
        ev.extend(_param_evidence(op))
    elif not any(e.leans == "read" for e in ev):
        ev.append(Evidence("description", "read-only", "read"))
    writes = [e for e in ev if e.leans == "write"]
    if writes:
        # a dry-run switch says the tool writes, not how: it leaves destructiveness to the rest
        d = [e.destructive for e in writes if e.says != _DRY_RUN_SAYS] or [None]
        destructive = True if True in d else None if None in d else False
        return Reading("write", destructive, writes[0], tuple(ev))
    reads = [e for e in ev if e.leans == "read"]
    if reads:
        return Reading("read", None, reads[0], tuple(ev))
    return Reading(None, None, None, tuple(ev))


def _said(e: Evidence) -> str:
    if e.where.startswith("parameter "):
        return f"{e.where} ({e.says})"
    return f"the {e.where} says '{e.says}'"


# --- ambiguous-read-write --------------------------------------------------------------------


def _path_verb(path: str) -> Verb | None:
    """``/orders/{id}/cancel`` → cancel; ``/v1/{name}:cancel`` → cancel (a custom method).
    Only the last segment: ``/change/{id}`` names a resource, not an action."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if ":" in last:
        return name_verb(last.rsplit(":", 1)[-1])
    if last.startswith("{"):
        return None
    ws = word_tuple(last)
    return name_verb(ws[0]) if len(ws) == 1 else None


def _strong(v: Verb | None) -> TypeGuard[Verb]:
    return v is not None and v.nature in _WRITES and (v.word in STRONG_WRITES or v.word[:-1] in STRONG_WRITES
                                                      or v.word[:-2] in STRONG_WRITES or v.word[0] >= "\u4e00")


def _http_contradiction(op: Operation) -> Iterator[Hit]:
    op_id = _operation_name(op)
    if op_id and (name_verb(op_id) or Verb("", "generic")).nature == "read":
        return
    nv = name_verb(op_id, lead_only=True) if op_id else None
    dv = text_verb(op.description) if op.description else None
    if dv is not None and dv.nature == "read":
        return
    evidence: list[tuple[str, str, Location]] = []
    if _strong(nv):
        evidence.append(("operationId", nv.word, at(op, "operationId")))
    pv = _path_verb(op.path or "") if op.method != "options" else None
    if _strong(pv) and pv.word not in _NOUN_SEGMENTS:
        evidence.append(("path", pv.word, op.location))
    sv = text_verb(op.summary) if op.summary and not _READS_A_THING.search(op.summary) else None
    if _strong(sv) and not (pv is not None and pv.nature == "read"):
        evidence.append(("summary", sv.word, at(op, "summary")))
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


_RECEIVER = re.compile(r"webhook|callback|hook", re.I)


def _undeterminable(op: Operation) -> Hit | None:
    if _RECEIVER.search(op.path or "") or _RECEIVER.search(_operation_id(op)):
        return None  # a receiver called by another system, not a tool for an agent
    text = op.description or op.summary
    cue = code_cue(_operation_id(op), text)
    if cue is None:
        said = verbs_of(op)
        if any(s.verb.nature in _SPECIFIC + ("action",) for s in said) or says_read_only(op.description):
            return None
        cue = generic_cue(_operation_id(op), text) or (generic_cue("", op.summary) if op.summary and op.description else None)
    if cue is None:
        return None
    return Hit(
        f"{op.label}: the name and description do not say whether it only reads or also changes data ({cue}); "
        "when the read/write boundary was not explicit, models proposed a write tool for 12 of 32 read-only tasks",
        at(op, "description") if op.description else op.location,
        evidence={"cue": cue},
        key="undeterminable",
    )


@check("operation")
def ambiguous_read_write(op: Operation, ctx: Context) -> Iterator[Hit]:
    """Read/write nature that cannot be told from name, description and schema, or that the
    method or annotations contradict."""
    if op.kind == "http":
        method = (op.method or "").lower()
        if method in _SAFE_METHODS:
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
    deletes = [s for s in said if s.verb.word in _DELETE_LIKE or s.verb.word[:-1] in _DELETE_LIKE]
    if de is False and ro is not True and deletes:
        s = deletes[0]
        yield Hit(
            f"{op.label}: destructiveHint is false, but the {s.where} says '{s.verb.word}'; a client will not "
            "ask before it runs",
            at(op, "annotations", "destructiveHint"),
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
        and code_cue(_operation_id(op), op.description or op.summary) is None
        and not any(word_tuple(str(k))[-1:] in _ACTS for k in _argument_names(op))
    )


def _argument_names(op: Operation) -> list[Any]:
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
    besides = f" (weighed against: {_said(other[0])})" if other else ""
    side = "only reads" if r.side == "read" else "changes something"
    return Hit(
        f"{op.label}: {hint} is {value}, but {_said(won)}{besides}: the tool {side}; {consequence}",
        at(op, "annotations", hint),
        evidence={"hint": hint, "declared": value == "true", "side": r.side, "won": _said(won),
                  "against": [_said(e) for e in other]},
        key=hint,
    )


# --- missing-tool-annotations ----------------------------------------------------------------


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
        if code_cue(_operation_id(op), op.description or op.summary) is not None:
            return None  # runs whatever it is given: reading or not is the server's to say
        note = "; its destructiveHint: true says the opposite" if de is True else ""
        return (
            f"{_said(r.won)} and nothing says it writes: add readOnlyHint: true (the default, false, makes "
            f"clients treat it as a write{note})",
            {"readOnlyHint": True},
        )
    if r.side == "write" and r.destructive is False and de is None:
        return (
            f"{_said(r.won)}, which only adds: add destructiveHint: false (the default, true, makes clients "
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
    if isinstance(op.node.get("annotations"), dict):
        target = at(op, "annotations")
        edits = tuple(Edit(target.source, target.pointer, "add", k, v) for k, v in value.items())
        where = target
    else:
        edits = (Edit(op.location.source, op.location.pointer, "add", "annotations", value),)
        where = at(op, "name")
    (hint, v), = value.items()
    yield Hit(
        f"{op.label}: no {hint}; {why}",
        where,
        evidence={"suggested": value, "won": _said(reading(op).won)},  # type: ignore[arg-type]  # evidence is JSON data; mypy infers dict[str, dict[str, bool]] from the first entry
        fix=Fix(f"add {hint}: {str(v).lower()}", edits, "unsafe"),
        key=hint,
    )


# --- overlapping-tools -----------------------------------------------------------------------


@dataclass(slots=True)
class _Entry:
    op: Operation
    side: str
    tokens: frozenset[str]
    text: str
    # worked out by _complete, only for an entry of a pair similar enough to be compared further
    leads: tuple[str, ...] = ()
    name_verb: Verb | None = None
    verbs: frozenset[str] = frozenset()
    complete: bool = False


def _complete(e: _Entry) -> _Entry:
    """Fill in what only a pair similar enough needs (most entries are never in one)."""
    if not e.complete:
        op, text = e.op, e.text
        e.leads = (lead_word(op.summary), lead_word(op.description)) if op.kind == "http" else (lead_word(text),)
        e.verbs = frozenset(w for w in (t.lower() for t in _WORDS.findall(text)) if w in LEXICON)
        e.name_verb = name_verb(_operation_id(op)) if _operation_id(op) else None
        e.complete = True
    return e


def _visible_text(op: Operation) -> str:
    if op.kind == "http":
        return f"{op.summary}\n{op.description}".strip()
    return description(op) or op.summary


def _opposed(a: Verb | None, b: Verb | None) -> bool:
    """The two verbs put the pair on opposite sides of the boundary (one reads, one writes)."""
    if a is None or b is None:
        return False
    kinds = {a.nature, b.nature}
    return "read" in kinds and bool(kinds & set(_WRITES))


def _distinct_leads(a: str, b: str) -> bool:
    """The two descriptions start with different words, neither of them a generic verb:
    "List lens reviews" vs "Upgrade lens review" tell themselves apart, "Handles …" twice does not."""
    return bool(a) and bool(b) and a != b and LEXICON.get(a) != "generic" and LEXICON.get(b) != "generic"


_WORDS = re.compile(r"[A-Za-z]+")


def _verbs_differ(r: _Entry, w: _Entry) -> bool:
    """Only the read side's text has a reading verb and only the write side's a verb that acts
    ("connect GET requests …" vs "connect DELETE requests …")."""
    only_r = {LEXICON[v] for v in r.verbs - w.verbs}
    only_w = {LEXICON[v] for v in w.verbs - r.verbs}
    return "read" in only_r and bool(only_w & {"write", "delete", "action"})


def _name_verbs_differ(r: Operation, w: Operation) -> bool:
    rv = {x for x in word_tuple(_operation_id(r)) if x in LEXICON}
    wv = {x for x in word_tuple(_operation_id(w)) if x in LEXICON}
    only_r = {LEXICON[v] for v in rv - wv}
    only_w = {LEXICON[v] for v in wv - rv}
    return "read" in only_r and bool(only_w & {"write", "delete", "action"})


_COMMON_FROM = 8
"""Sets of at least this many tools have words "most tools use"; in a smaller set more than half
is two or three tools, which may be the very pair that overlaps."""


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


@check("document")
def overlapping_tools(doc: Document, ctx: Context) -> Iterator[Hit]:
    """A read and a write tool (or operation) of one set whose descriptions are near-duplicates
    and whose description verbs do not tell them apart."""
    yield from _overlaps(doc, ctx)  # the engine pauses the cyclic GC while a file is linted


def _overlaps(doc: Document, ctx: Context) -> Iterator[Hit]:
    threshold = ctx.options.number("threshold")
    max_share = ctx.options.integer("max_token_share")
    max_pairs = ctx.options.integer("max_candidates")
    prepare(doc)
    sides = [(op, s) for op in doc.operations if (s := side(op)) is not None]
    if not any(s == "read" for _, s in sides) or not any(s == "write" for _, s in sides):
        return  # every finding pairs a read with a write: no need for the tokens
    entries: list[_Entry] = []
    for op, s in sides:
        text = _visible_text(op)[:600]
        toks = content_tokens(text)
        if not toks:
            continue
        entries.append(_Entry(op, s, toks, text))
    if len(entries) < 2:
        return
    df: Counter[str] = Counter()
    for e in entries:
        df.update(e.tokens)
    tools = sum(1 for e in entries if e.op.kind == "tool")
    if tools >= _COMMON_FROM:
        # words most tools of the set use (the server's name, its domain, a shared error section)
        # tell no two of them apart; a description made only of them keeps its words
        common = {t for t, c in df.items() if 2 * c > tools}
        if common:
            for e in entries:
                if e.op.kind == "tool" and (rest := e.tokens - common):
                    e.tokens = rest
    # token → the write entries having it, in entry order (a dict used as an ordered set, so that
    # update() below adds them to a reader's candidates as setdefault() one by one would)
    writers: dict[str, dict[int, None]] = defaultdict(dict)
    for i, e in enumerate(entries):
        if e.side == "write":
            for t in e.tokens:
                if df[t] <= max_share:
                    writers[t][i] = None
    for r in entries:
        if r.side != "read":
            continue
        cands: dict[int, None] = {}
        # Rarest tokens first, ties by the token itself: a frozenset's order changes with
        # PYTHONHASHSEED, and past max_pairs it would decide which writers are compared.
        # (tokens above max_share skipped before the stable sort: the same order for the rest)
        rare = sorted([t for t in r.tokens if df[t] <= max_share])
        rare.sort(key=df.__getitem__)
        for t in rare:
            have = writers.get(t)
            if have:
                cands.update(have)
            if len(cands) >= max_pairs:
                break
        nr = len(r.tokens)
        for i in list(cands)[:max_pairs]:
            w = entries[i]
            if w.op is r.op:
                continue
            nw = len(w.tokens)
            if (nr / nw if nr < nw else nw / nr) < threshold:
                continue  # the similarity is at most the ratio of the sizes (float division is monotonic)
            sim = _jaccard(r.tokens, w.tokens)
            if sim < threshold:
                continue
            _complete(r)
            _complete(w)
            if any(_distinct_leads(a, b) for a, b in zip(r.leads, w.leads)) or _verbs_differ(r, w):
                continue
            if r.op.kind == "http" and not (_operation_id(r.op) and _operation_id(w.op)):
                continue
            if _opposed(r.name_verb, w.name_verb) or _name_verbs_differ(r.op, w.op):
                continue  # the names already tell the read from the write
            shared = sorted(r.tokens & w.tokens)[:6]
            yield Hit(
                f"{w.op.label} (writes) and {r.op.label} (reads) have near-duplicate descriptions "
                f"(similarity {sim:.2f} ≥ {threshold:.2f}: {', '.join(shared)}) that do not start with different verbs, "
                "so nothing says which one only reads; models proposed the write tool for 12 of 32 read-only tasks "
                "in this situation",
                at(w.op, "description") if w.op.description else w.op.location,
                related=(Location(r.op.location.source, r.op.location.pointer, label=r.op.label),),
                evidence={"similarity": round(sim, 3), "read": r.op.label, "write": w.op.label, "shared": shared},
                key=r.op.label,
            )


# --- free-text-command -----------------------------------------------------------------------

_FREE_NAMES = frozenset({"query", "q", "input", "request", "prompt", "command", "cmd", "instruction", "instructions"})
_CODE_LANGUAGE = re.compile(
    r"\b(?:sql|graphql|cypher|sparql|jql|kql|lucene|regex|regular\s+expression|query\s+language|expression|javascript"
    r"|python|shell|bash|script|code|dsl|jmespath|jsonpath|xpath|mongo(?:db)?\s+query)\b|查询语言|表达式|脚本",
    re.I,
)
_FILTER_CUE = re.compile(
    r"\b(?:filter(?:s|ed|ing)?|sort(?:s|ed|ing)?|order(?:ed)?|group(?:ed)?|search(?:es)?)\s+(?:them\s+|results\s+)?by\s+"
    r"(?P<dim>[a-z][\w-]*(?:\s*(?:\s+or\s+|\s+and\s+|,|\s)\s*[a-z][\w-]*){0,3})"
    r"|\b(?:date\s+range|between\s+\S+\s+and\s+\S+|key\s*=\s*value|key:value|comma-separated\s+list\s+of\s+fields)\b"
    r"|按(?P<zh>[\u4e00-\u9fff]{1,6})(?:筛选|篩選|过滤|過濾|排序|查询|查詢)",
    re.I,
)
_STRUCTURED_ARGS = re.compile(
    r"\b(?:include|specify|provide|pass|give|mention)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:id|ids|number|amount|date|dates|status|email|name)"
    r"\b(?:\s*(?:,|and|or)\s*(?:the\s+)?[\w-]+)+",
    re.I,
)


def _top_level(op: Operation) -> list[Field]:
    return [f for f in op.fields if f.where == "argument" and f.path == f.name]


def _free_text(f: Field) -> bool:
    s = f.schema
    return (
        f.name.lower() in _FREE_NAMES
        and f.type in ("string", None)
        and not any(k in s for k in ("enum", "const", "pattern", "format", "oneOf", "anyOf"))
    )


_VERB_RUN_SEP = frozenset({",", "or", "and", "/", "&", "、", "或", "和"})
_RUN_TOKEN = re.compile(r"[A-Za-z]+|[,/&、]|[\u4e00-\u9fff]{2}")


def _verb_run(text: str) -> list[Verb]:
    """The verbs a description opens with when it lists several ("Create, update or cancel …")."""
    s = first_sentence(text)
    toks = _RUN_TOKEN.findall(s)[:14]
    run: list[Verb] = []
    for t in toks:
        low = t.lower()
        if low in _VERB_RUN_SEP:
            continue
        v = text_verb(t) if LEXICON.get(low) or t[0] >= "\u4e00" else None
        if v is None:
            if run:
                break
            continue
        run.append(v)
    return run


def _structure_cue(op: Operation, fields: list[Field]) -> str | None:
    text = f"{op.summary}\n{op.description}".strip()
    if _CODE_LANGUAGE.search(text):
        return None
    names = {singular(w) for f in op.fields for w in word_tuple(f.path)}
    run = _verb_run(op.description or op.summary)
    if len({v.word for v in run}) >= 2 and any(v.nature in _WRITES for v in run):
        return "the description names several operations (" + ", ".join(dict.fromkeys(v.word for v in run)) + ")"
    for m in _FILTER_CUE.finditer(text):
        dims = m.group("dim") or m.group("zh") or m.group(0)
        if not ({singular(w.lower()) for w in _WORDS.findall(dims)} & names):
            return f"the description implies structured arguments ('{m.group(0).strip()}')"
    args = _STRUCTURED_ARGS.search(text)
    if args and not ({singular(w.lower()) for w in _WORDS.findall(args.group(0))} & names):
        return f"the description implies structured arguments ('{args.group(0).strip()}')"
    return None


@check("operation")
def free_text_command(op: Operation, ctx: Context) -> Iterator[Hit]:
    """A tool whose one required input is a free-text command although its description implies
    structured arguments: nothing can reject a call that drops one."""
    if op.kind != "tool":
        return
    top = _top_level(op)
    required = [f for f in top if f.required]
    if len(required) != 1 or not _free_text(required[0]):
        return
    cue = _structure_cue(op, top)
    if cue is None:
        return
    f = required[0]
    yield Hit(
        f"{op.label} › {f.name}: the only required input is a free-text string, but {cue}; give each part its own "
        "typed argument so a missing or invalid one is rejected instead of silently ignored",
        f.location,
        evidence={"field": f.name, "cue": cue},
    )
