"""Which side of the read/write boundary a tool or operation is on, from its verbs, method,
annotations, stated side effects and arguments: shared by the boundary rules (and
``missing-output-schema``, the probe's targets), each of which decides and words its own findings.

Measured: when a read tool and a write tool were both described as "handles invoice-related
requests", models proposed the write tool for 12 of 32 read-only tasks (0 once the boundary was
explicit).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from linter import _recache
from linter.model import Document, Operation
from linter.prose.verbs import LEXICON, Verb, name_verb, says_read_only, side_effects, text_verb, word_tuple


SAFE_METHODS = ("get", "head", "options")

WRITES = ("write", "delete")

DELETE_LIKE = frozenset(
    "delete remove drop destroy purge erase wipe truncate void clear overwrite 删除 刪除 作废 作廢 清空 移除 销毁 銷毀".split()
)

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


_METHOD_AFFIX = {
    m: (re.compile(rf"^{m}[_.\-]?", re.I), re.compile(rf"[_.\-]?{m}$", re.I)) for m in ("post", "put", "patch")
}

_SEPARATED_METHOD = {m: re.compile(rf"^{m}[_.\-](?=.)", re.I) for m in ("get", "head", "options", "delete")}


def operation_name(op: Operation) -> str:
    """The operationId without a copy of its own HTTP method (``PostPaymentIntentsIntentCancel``,
    ``Categorize_Post``, ``GET_DeleteRoute``): the method there is not what the operation does.
    ``getPets`` keeps its verb: only a separated prefix is dropped for GET/HEAD/OPTIONS/DELETE."""
    if op.kind == "tool":
        return op.memo.get("name", op.name)
    name = op.id
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
    nv = name_verb(operation_name(op))
    if nv is not None:
        out.append(Said(nv, "operationId" if op.kind == "http" else "name"))
    if op.kind == "http":
        pv = path_verb(op.path or "")
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


def path_verb(path: str) -> Verb | None:
    """``/orders/{id}/cancel`` → cancel; ``/v1/{name}:cancel`` → cancel (a custom method).
    Only the last segment: ``/change/{id}`` names a resource, not an action."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if ":" in last:
        return name_verb(last.rsplit(":", 1)[-1])
    if last.startswith("{"):
        return None
    ws = word_tuple(last)
    return name_verb(ws[0]) if len(ws) == 1 else None


_HEAD = _recache.compile(r"^\s*(?:\[[^\]\n]{1,40}\]|[^\s\[][^|:\n—–]{0,40}?(?:\s*[|:—–]|\s+-))\s+(?=\S)")

_SEGMENT = _recache.compile(r"\n+|(?<=[.!?])\s+")


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


_NAMESPACE = _recache.compile(r"^[A-Za-z][A-Za-z0-9]*[_.\-](?=[A-Za-z])")
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
        if m in SAFE_METHODS:
            return "read" if n not in WRITES else None
        if m == "post":
            return "read" if n == "read" else "write" if n in WRITES else None
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

_SAVES_TO = _recache.compile(r"\b(?:save[sd]?|write|writes|written|store[sd]?|download(?:s|ed)?)\b[^.\n]{0,40}?\b(?:to|into|in|at)\b|保存到|写入|寫入", re.I)


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
        elif is_bool and len(ws) == 1 and ws[0] in DELETE_LIKE and ws[0].isascii():
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
        if v.nature in WRITES:
            destroys = _destroys(v)
            if said.where == "name" and not destroys:
                # "create_or_update_file": any word of the name that overwrites decides
                destroys = any(
                    LEXICON.get(w) in WRITES and _destroys(Verb(w, LEXICON[w])) for w in word_tuple(operation_name(op))
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


def said(e: Evidence) -> str:
    if e.where.startswith("parameter "):
        return f"{e.where} ({e.says})"
    return f"the {e.where} says '{e.says}'"
