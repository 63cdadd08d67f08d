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
from typing import Any, Iterator

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
_ADDITIVE = frozenset(
    """create add insert post send submit publish upload import comment reply invite register star follow
    subscribe fork book reserve pay charge generate record append attach upsert commit stage copy schedule
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
    name = _operation_id(op)
    m = (op.method or "") if op.kind == "http" else ""
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
    if op.description:
        dv = text_verb(op.description)
        if dv is not None:
            out.append(Said(dv, "description"))
    return out


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
    n = nature(op)
    if op.kind == "http":
        if m in _SAFE_METHODS:
            return "read" if n not in _WRITES else None
        if m == "post":
            return "read" if n == "read" else "write" if n in _WRITES else None
        return None
    ro = op.annotations.get("readOnlyHint")
    if ro is True:
        return "read" if n not in _WRITES else None
    if n in _WRITES:
        return "write"
    if n == "read":
        return "read" if ro is not False else None
    return "write" if ro is False else None


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


def _strong(v: Verb | None) -> bool:
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
        evidence.append(("operationId", nv.word, at(op, "operationId")))  # type: ignore[union-attr]
    pv = _path_verb(op.path or "") if op.method != "options" else None
    if _strong(pv) and pv.word not in _NOUN_SEGMENTS:  # type: ignore[union-attr]
        evidence.append(("path", pv.word, op.location))  # type: ignore[union-attr]
    sv = text_verb(op.summary) if op.summary and not _READS_A_THING.search(op.summary) else None
    if _strong(sv) and not (pv is not None and pv.nature == "read"):
        evidence.append(("summary", sv.word, at(op, "summary")))  # type: ignore[union-attr]
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
    ann = op.annotations
    said = verbs_of(op)
    ro, de = ann.get("readOnlyHint"), ann.get("destructiveHint")
    writes = [s for s in said if s.verb.nature in _WRITES]
    if ro is True and writes:
        s = writes[0]
        yield Hit(
            f"{op.label}: readOnlyHint is true, but the {s.where} says '{s.verb.word}'; a client will run it "
            "without asking, and a model will pick it for read-only tasks",
            at(op, "annotations", "readOnlyHint"),
            evidence={"verb": s.verb.word, "where": s.where},
            key="readOnlyHint",
        )
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
    if ro is None:
        hit = _undeterminable(op)
        if hit is not None:
            yield hit


# --- missing-tool-annotations ----------------------------------------------------------------


def _suggestion(op: Operation) -> tuple[str, dict[str, Any] | None]:
    cue = code_cue(_operation_id(op), op.description or op.summary)
    if cue is not None:
        return f"{cue}: declare both hints (readOnlyHint: true only if the server enforces read-only)", None
    if "destructiveHint" in op.annotations:
        return "destructiveHint only applies to tools that write: readOnlyHint: false", {"readOnlyHint": False}
    said = verbs_of(op)
    n = nature(op)
    if n == "read":
        word = next((s.verb.word for s in said if s.verb.nature == "read"), "read-only")
        return f"its verbs read ('{word}'): readOnlyHint: true", {"readOnlyHint": True}
    if n in _WRITES:
        s = next(s for s in said if s.verb.nature in _WRITES)
        destructive = s.verb.nature == "delete" or s.verb.word not in _ADDITIVE
        return (
            f"its verbs write ('{s.verb.word}'): readOnlyHint: false, destructiveHint: {str(destructive).lower()}",
            {"readOnlyHint": False, "destructiveHint": destructive},
        )
    if n == "action":
        s = next(s for s in said if s.verb.nature == "action")
        return f"'{s.verb.word}' does not say whether it changes anything: declare both hints", None
    return "its name and description do not say whether it changes anything: declare both hints", None


@check("operation")
def missing_tool_annotations(op: Operation, ctx: Context) -> Iterator[Hit]:
    """An MCP tool that declares no ``readOnlyHint``: clients cannot gate its writes."""
    if op.kind != "tool" or ctx.document.format != "mcp" or "readOnlyHint" in op.annotations:
        return
    why, value = _suggestion(op)
    fix = None
    if value is not None:
        if isinstance(op.node.get("annotations"), dict):
            target = at(op, "annotations")
            edits = tuple(Edit(target.source, target.pointer, "add", k, v) for k, v in value.items() if k not in op.annotations)
        else:
            edits = (Edit(op.location.source, op.location.pointer, "add", "annotations", value),)
        fix = Fix(f"add {', '.join(f'{k}: {str(v).lower()}' for k, v in value.items())}", edits, "unsafe")
    have = " (only destructiveHint)" if "destructiveHint" in op.annotations else ""
    yield Hit(
        f"{op.label}: no readOnlyHint{have}; {why}",
        at(op, "annotations") if isinstance(op.node.get("annotations"), dict) else at(op, "name"),
        evidence={"suggested": value},
        fix=fix,
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
    return op.description or op.summary


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
    threshold = float(ctx.options.get("threshold", 0.75))
    max_share = int(ctx.options.get("max_token_share", 50))
    max_pairs = int(ctx.options.get("max_candidates", 200))
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
        toks = sorted([t for t in r.tokens if df[t] <= max_share])
        toks.sort(key=df.__getitem__)
        for t in toks:
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
            if r.op.kind == "http" and (
                _opposed(r.name_verb, w.name_verb)
                or not (_operation_id(r.op) and _operation_id(w.op))
                or _name_verbs_differ(r.op, w.op)
            ):
                continue
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
    m = _STRUCTURED_ARGS.search(text)
    if m and not ({singular(w.lower()) for w in _WORDS.findall(m.group(0))} & names):
        return f"the description implies structured arguments ('{m.group(0).strip()}')"
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
