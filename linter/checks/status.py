"""Status family: can a client tell success, "no results" and failure apart?"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Mapping

from linter.checks import Context, check
from linter.model import Severity, Document, Hit, Location, Operation, Output, Pointer, Source, get_at
from linter.prose.verbs import text_verb, word_tuple, words
from linter.sources.refs import Workspace

MAX_DEPTH = 12


# --- shared helpers ---------------------------------------------------------------------------


def body_pointer(op: Operation) -> Pointer:
    """The pointer of the object holding a tool's name and description (``function`` in the
    OpenAI Chat Completions form) or of an HTTP operation object."""
    ptr = op.location.pointer
    if op.kind == "tool":
        try:
            node = get_at(op.location.source.tree, ptr)
        except KeyError:
            return ptr
        if node is not op.node and isinstance(node, dict) and node.get("function") is op.node:
            return ptr + ("function",)
    return ptr


def at(op: Operation, *keys: str | int) -> Location:
    """A location inside the operation (``at(op, "description")``), or the operation itself
    when the key is absent."""
    node: Any = op.node
    for k in keys:
        if not isinstance(node, dict) or k not in node:
            return op.location
        node = node[k]
    return Location(op.location.source, body_pointer(op) + tuple(keys))


def _node(loc: Location) -> Any:
    try:
        return get_at(loc.source.tree, loc.pointer)
    except KeyError:
        return None


def _is_error_status(status: str | None) -> bool:
    if status is None:
        return False
    s = status.strip().upper()
    return s == "DEFAULT" or (len(s) == 3 and s[0] in "45")


def _is_success(status: str | None) -> bool:
    return status is not None and len(status) == 3 and status[0] == "2"


# --- missing-error-response ------------------------------------------------------------------

_FAILURE_TEXT = re.compile(
    r"\bis_?error\b|\berrors?\b|\bfail(?:s|ed|ure|ures|ing)?\b|\bexceptions?\b|\bthrows?\b|\braises?\b"
    r"|\binvalid\b|\bnot\s+found\b|\bdoes(?:\s+not|n't)\s+exist\b|\brefuse[sd]?\b|\breject(?:s|ed)?\b"
    r"|\bunsuccessful\b|失败|失敗|错误|錯誤|报错|報錯|异常|異常|无效|無效|不存在",
    re.I,
)
_ERROR_FIELD = re.compile(r"error|fail|success|succeeded|^ok$|^is_?ok$", re.I)
_FAILURE_VALUE = re.compile(r"^(?:fail(?:ed|ure)?|error(?:ed)?|rejected|timeout|timed_?out)$", re.I)


def _output_reports_failure(schema: Mapping[str, Any] | None, depth: int = 0) -> bool:
    """An error/success field, or a status enum with a failure value, near the top of a schema."""
    if not isinstance(schema, dict) or depth > 2:
        return False
    props = schema.get("properties")
    if isinstance(props, dict):
        for name, prop in props.items():
            if _ERROR_FIELD.search(str(name)):
                return True
            if isinstance(prop, dict):
                enum = prop.get("enum")
                if isinstance(enum, list) and any(_FAILURE_VALUE.match(str(v)) for v in enum):
                    return True
                if _output_reports_failure(prop, depth + 1):
                    return True
    for comb in ("oneOf", "anyOf", "allOf"):
        parts = schema.get(comb)
        if isinstance(parts, list) and any(_output_reports_failure(p, depth + 1) for p in parts):
            return True
    return False


def tool_set_hit(ops: list[Operation], total: int, what: str, why: str, key: str, severity: Severity | None = None) -> Hit:
    """One finding for the tools of a set that share a gap: servers follow one convention, so
    the gap is fixed once, and 26 copies of the same warning would bury everything else."""
    first = ops[0]
    if len(ops) == 1:
        return Hit(f"{first.label}: {what}; {why}", at(first, "description"), evidence={"tools": [first.name]}, key=key,
                   severity=severity)
    names = [o.name for o in ops]
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    ptr = first.location.pointer
    container = ptr[:-1] if ptr and isinstance(ptr[-1], int) else ptr
    return Hit(
        f"{len(ops)} of {total} tools ({shown}): {what}; {why}",
        Location(first.location.source, container),
        related=tuple(Location(o.location.source, o.location.pointer, label=o.label) for o in ops[:50]),
        evidence={"tools": names},
        key=key,
        severity=severity,
    )


def _says_failure(op: Operation) -> bool:
    return bool(_FAILURE_TEXT.search(op.description) or _FAILURE_TEXT.search(op.summary)) or any(
        _output_reports_failure(o.schema) for o in op.outputs
    )


_NO_FAILURE_CHANNEL = frozenset({"openai", "gemini"})
"""Tool formats whose call result has no failure flag: an OpenAI function output and a Gemini
function response are free text or a free object. MCP (``isError``) and Anthropic (``is_error``)
results say "this call failed" by themselves, so a tool there is not at fault for not saying it."""


@check("document")
def missing_error_response(doc: Document, ctx: Context) -> Iterator[Hit]:
    """An HTTP operation that documents no 4xx, 5xx or ``default`` response; OpenAI/Gemini tools
    whose description and output schema never say how a failure is reported (one finding per
    set). MCP and Anthropic tools have a failure flag in the protocol and are not reported."""
    tools = [op for op in doc.operations if op.kind == "tool"]
    if tools and doc.format in _NO_FAILURE_CHANNEL and ctx.options.flag("tools"):
        silent = [op for op in tools if not _says_failure(op)]
        if silent:
            yield tool_set_hit(
                silent, len(tools),
                "neither the description nor the output schema says how a failure is reported "
                "(an error or success field, \"returns an error if …\")",
                "an agent may read a failure as an empty success",
                "tools",
            )
    for op in doc.operations:
        if op.kind != "http" or any(_is_error_status(o.status) for o in op.outputs):
            continue
        responses = op.node.get("responses")
        loc = op.location
        if responses is not None:
            loc = Location(loc.source, loc.pointer + ("responses",))
        documented = sorted(o.status for o in op.outputs if o.status)
        have = f" (only {', '.join(documented)})" if documented else ""
        yield Hit(
            f"{op.label}: no 4xx, 5xx or default response is documented{have}; "
            "a client cannot tell a rejected request from an empty success",
            loc,
            evidence={"documented_statuses": documented},
        )


# --- missing-output-schema -------------------------------------------------------------------

_NO_BODY = {"204", "205", "304"}
_RESULT_TEXT = re.compile(
    r"\b(?:returns?|returned|returning|outputs?|responds?\s+with|yields?|gives\s+back|produces|prints?)\b"
    r"|\bresults?\s+(?:is|are|has|have|contains?|includes?|lists?)\b|返回|输出|輸出",
    re.I,
)
_CONTENT_HINT = re.compile(
    r"\b(?:returns?|returned|returning|list\s+of|array|collection|json|the\s+(?:created|updated|new|requested|resulting|matching)"
    r"|details\s+of|results?|information\s+(?:about|on|of)|representation|contents?\s+of|payload)\b|返回|结果|結果|列表|详情|詳情",
    re.I,
)
_EMPTY_BODY = re.compile(
    r"\bempty\s+(?:response|body|payload)|\bno\s+(?:content|body|response\s+body|payload)\b|\breturns?\s+nothing\b|空响应|无内容",
    re.I,
)
_JSONISH = re.compile(r"json|^\*/\*$", re.I)


def _states_result(op: Operation) -> bool:
    if _RESULT_TEXT.search(op.description) or _RESULT_TEXT.search(op.summary):
        return True
    for text in (op.summary, op.description):
        v = text_verb(text) if text else None
        if v is not None and v.nature == "read":
            return True
    return False


def _produces(op: Operation, doc_tree: Any) -> list[str] | None:
    p = op.node.get("produces")
    if p is None and isinstance(doc_tree, dict):
        p = doc_tree.get("produces")
    return [str(x) for x in p] if isinstance(p, list) else None


def _body_expected(out: Output, node: Mapping[str, Any], v2: bool) -> bool:
    """JSON content declared without a schema, or a response description that announces a
    result ("Returns the list of users"). A bare "OK" says nothing either way: not reported."""
    if out.status in _NO_BODY or out.status is None:
        return False
    content = node.get("content")
    if not v2 and isinstance(content, dict) and content:
        return any(_JSONISH.search(str(mt)) for mt in content)
    return bool(_CONTENT_HINT.search(out.description)) and not _EMPTY_BODY.search(out.description)


def _http_missing_output(op: Operation, doc: Document) -> Hit | None:
    if (op.method or "").lower() == "head":
        return None
    success = [o for o in op.outputs if _is_success(o.status) or (o.status or "").upper() == "2XX"]
    if not success or any(o.schema is not None for o in success):
        return None
    v2 = doc.format == "openapi-2.0"
    produces = _produces(op, doc.tree) if v2 else None
    if produces and not any(_JSONISH.search(m) for m in produces):
        return None
    for out in success:
        node = _node(out.location)
        if isinstance(node, dict) and _body_expected(out, node, v2):
            return Hit(
                f"{op.label}: the {out.status} response has no schema; a client cannot tell a result from an "
                "empty or ignored request",
                out.location,
                evidence={"status": out.status},
                key=str(out.status),
            )
    return None


_COLLECTION_VERBS = frozenset(
    "search searches list lists find finds query queries lookup look looks browse browses explore explores discover "
    "discovers 查询 查詢 搜索 搜尋 检索 檢索 查找 列出 浏览 瀏覽".split()
)
"""Reads whose answer is a set of matches: "nothing matched" is an ordinary outcome there."""
_TELLING_FIELD = re.compile(
    r"^(?:count|total|total_?count|totalcount|found|num_?(?:results|found|matches)|result_?count|matches|has_?more|hasmore"
    r"|more|next|next_?(?:cursor|page|token|page_?token)|cursor|truncated|is_?truncated|partial|complete|incomplete|status"
    r"|page_?info|pageinfo|empty|is_?empty)$",
    re.I,
)
_EMPTY_TEXT = re.compile(
    r"\bempty\s+(?:list|array|result|results|set|response|object|page)\b|\bno\s+(?:results?|matches|matching|items|records|entries|hits)\b"
    r"|\bnothing\s+(?:matched|matches|was\s+found|is\s+found|found)\b|\b(?:returns?|is|are)\s+(?:an?\s+)?empty\b|\bzero\s+(?:results|matches)\b"
    r"|\b(?:if|when)\s+(?:none|nothing)\b|\bnot\s+found\b|\bhas_?more\b|\bnext_?cursor\b|\bnext\s+page\b|\btruncat\w*|\bpaginat\w*"
    r"|\btotal\s+(?:count|number)\b|\bcount\s+of\s+(?:results|matches)\b"
    r"|无结果|無結果|没有结果|沒有結果|为空|為空|空列表|未找到|找不到|分页|分頁|总数|總數",
    re.I,
)


def _telling_schema(schema: Any, depth: int = 0) -> bool:
    """An output schema that tells "no results" apart: a list of matches (empty when nothing
    matched), a count, a "found"/status field, a has-more flag or next cursor (at the top, or one
    object down)."""
    if not isinstance(schema, dict) or depth > 1:
        return False
    props = schema.get("properties")
    if schema.get("type") == "array" or "items" in schema or isinstance(schema.get("additionalProperties"), dict):
        return True  # a list (or map) of matches: an empty one is "nothing matched"
    if isinstance(props, dict):
        if any(_TELLING_FIELD.match(str(k)) for k in props):
            return True
        if any(_telling_schema(v, depth + 1) for v in props.values()):
            return True
    return any(_telling_schema(p, depth + 1) for c in ("allOf", "oneOf", "anyOf") for p in (schema.get(c) or []) if isinstance(p, dict))


def _returns_matches(op: Operation) -> bool:
    from linter.checks.boundary import reading, verbs_of  # the boundary family weighs read/write

    if reading(op).side != "read":
        return False
    return any(s.verb.nature == "read" and s.verb.word in _COLLECTION_VERBS for s in verbs_of(op))


@check("document")
def missing_output_schema(doc: Document, ctx: Context) -> Iterator[Hit]:
    """A success response without a schema; a tool that returns matches (search, list, find,
    query) whose output schema and description give no way to tell "no results" from a failure
    or a partial answer (one finding per tool set: servers adopt a convention all at once)."""
    tools = [op for op in doc.operations if op.kind == "tool"]
    if tools and doc.format in ("mcp", "gemini"):
        from linter.checks.boundary import prepare

        prepare(doc)
        key = "outputSchema" if doc.format == "mcp" else "response"
        blind = [
            op for op in tools
            if _returns_matches(op)
            and not any(_telling_schema(o.schema) for o in op.outputs)
            and not (_EMPTY_TEXT.search(op.description) or _EMPTY_TEXT.search(op.summary))
        ]
        if blind:
            what = (f"the tool returns matches, but neither its {key} (a list, a count, \"found\", status or has-more field) "
                    "nor its description says how \"no results\" or a partial answer looks")
            # graded a note: right on review, but a convention to state rather than a fault (the
            # HTTP findings of this rule keep the rule's severity)
            yield tool_set_hit(blind, len(tools), what,
                               "an empty answer reads alike whether nothing matched, a filter was dropped or the results "
                               "were cut short", "tools", severity="note")
    for op in doc.operations:
        if op.kind == "http":
            hit = _http_missing_output(op, doc)
            if hit is not None:
                yield hit


# --- undocumented-status-values --------------------------------------------------------------

_STATUS_LAST = frozenset({"status", "state", "outcome", "code", "rc", "errno", "retcode", "result", "returncode", "resultcode"})
_CODE_QUALIFIERS = frozenset(
    {"status", "result", "error", "err", "return", "ret", "response", "resp", "reason", "exit", "state", "outcome",
     "http", "biz", "business", "api", "sub", "fail", "failure", "decline", "rejection", "completion", "rc"}
)
_QUANTITY = frozenset(
    """size count limit page offset max min version year month day hour minute second seconds width height
    length dpi rating score port duration timeout interval radius zoom decimals precision bits quantity amount
    number num total index weight ttl age percent percentage ratio scale rank sequence seq id ids major minor
    build revision rev price cost""".split()
)
_MESSAGE_SIBLINGS = re.compile(
    r"message|msg|detail|description|desc$|title|text|reason|explanation|hint|error|^name$|label|formatted|display", re.I
)
_HTTP_STATUS = re.compile(r"[1-5]\d\d")
_HTTP_WORD = re.compile(r"\bhttp\b", re.I)
_INTEGER = re.compile(r"-?\d+")
_HTTP_NAMED = re.compile(r"HTTP[_-]?[1-5]\d\d", re.I)
_YES_NO = frozenset({"Y", "N", "T", "F"})
_CODE_NAMED = frozenset(
    """code codes type types kind category reason flag flags level class mode gender sex role source priority
    severity channel method status state result outcome error errors""".split()
)
_NUMERIC = re.compile(r"[+-]?\d+(?:\.\d+)?")
_LETTER = re.compile(r"[A-Za-z]")
_DIGIT = re.compile(r"\d")
_PROSE_CODE = re.compile(r"(?<![\w.-])(?:[A-Z][A-Z0-9]*[_-]\d+|[A-Z]{1,4}\d{2,})(?![\w-])")
_QUOTED = re.compile(r"[`'\"“‘]([^`'\"”’\s]{1,24})[`'\"”’]")
_INT_LIST = re.compile(r"(?<![\w.])-?\d{1,6}(?:\s*(?:,|/|\bor\b|\band\b|、|或|和)\s*-?\d{1,6})+(?![\w.])")
_COMBINERS = ("allOf", "oneOf", "anyOf")
_REFERENCE = re.compile(r"https?://|\b[Ss]ee\s+(?:the\s+)?(?:\[|`|[A-Z]|docs?\b|documentation|table|list|below|above)|参见|參見|详见|詳見")
_ANY_INT = re.compile(r"(?<![\w.])-?\d{1,6}(?![\w.])")


def _opaque(v: Any) -> bool:
    """A value whose name does not say what it means: a number, one letter, or a letter-digit
    code such as ``HOLD_7``/``E102``. Words (``pending``, ``failed``) explain themselves."""
    if isinstance(v, bool) or v is None:
        return False
    if isinstance(v, (int, float)):
        return True
    if not isinstance(v, str):
        return False
    s = v.strip()
    if not s:
        return False
    if _NUMERIC.fullmatch(s):
        return True
    if len(s) == 1 and s.isalpha():
        return True
    return len(s) <= 16 and bool(_DIGIT.search(s)) and bool(_LETTER.search(s))


def _code_like(v: Any) -> bool:
    """Stricter, for fields whose name does not say "status": integers and ``HOLD_7``-style codes."""
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, str) and (bool(_INTEGER.fullmatch(v)) or bool(_PROSE_CODE.fullmatch(v)))


def _status_like(name: str) -> bool:
    ws = word_tuple(name)  # (read only: the cached tuple, no list copy)
    if not ws:
        return False
    last = ws[-1]
    if last not in _STATUS_LAST:
        return "".join(ws[-2:]) in _STATUS_LAST
    if last == "code" and len(ws) > 1:
        return ws[-2] in _CODE_QUALIFIERS
    return True


# A text gives a value a meaning as ``17: timeout`` / ``17 means …`` (after the value), as
# ``timeout (17)`` or as ``TIMEOUT = 17`` (around it), the value standing alone (no word
# character or dot beside it where stated). These fixed patterns are tested around each place
# the value occurs: a pattern per value would cost a compile for every distinct value (~8 ms,
# the CJK character classes). The parts before the value are matched on the reversed text: a
# suffix of ``text[:i]`` matches a pattern when the reversed text from ``n - i`` starts with a
# match of the reversed pattern.
_DEF_AFTER = re.compile(
    r"[`'\"”’]?\s*(?:[:=：→>|)\]—–-]|\(|means?\b|indicates?\b|signal(?:s|ifies)?\b"
    r"|denotes?\b|stands?\s+for\b|represents?\b|is\s+(?:returned|used|set)\b|if\b|when\b|for\b|on\b|表示|代表|为|為|即)"
)
_DEF_PAREN_BEFORE_REVERSED = re.compile(r"[`'\"]?\s*[(（]\s*[A-Za-z\u4e00-\u9fff]{3,}")  # "timeout (" + quote
_DEF_PAREN_AFTER = re.compile(r"[`'\"]?\s*[)）]")
_DEF_ASSIGN_BEFORE_REVERSED = re.compile(r"[`'\"]?\s*[=:：]\s*\S*[A-Za-z\u4e00-\u9fff]")  # "TIMEOUT = " + quote
_WORD_OR_DOT = re.compile(r"[\w.]")


def _text_defines(text: str, value: str) -> bool:
    """Whether ``text`` gives ``value`` a meaning: ``17: timeout``, ``17 means …``,
    ``timeout (17)``, ``TIMEOUT = 17``, ``17 表示超时``."""
    if not text or value not in text:
        return False
    n, k = len(text), len(value)
    reversed_text: str | None = None
    i = text.find(value)
    while i != -1:
        j = i + k
        free_after = not _WORD_OR_DOT.match(text, j)
        if free_after and (i == 0 or not _WORD_OR_DOT.match(text, i - 1)) and _DEF_AFTER.match(text, j):
            return True
        if reversed_text is None:
            reversed_text = text[::-1]
        if _DEF_PAREN_AFTER.match(text, j) and _DEF_PAREN_BEFORE_REVERSED.match(reversed_text, n - i):
            return True
        if free_after and _DEF_ASSIGN_BEFORE_REVERSED.match(reversed_text, n - i):
            return True
        i = text.find(value, i + 1)
    return False


def _varname_ok(name: Any) -> bool:
    return isinstance(name, str) and len(name) >= 3 and not _opaque(name)


def _documented(schema: Mapping[str, Any], values: list[Any], text: str, referenced: Mapping[str, Any] | None = None) -> set[str]:
    """The values whose meaning the schema or its description states."""
    done: set[str] = set()
    for comb in ("oneOf", "anyOf"):
        parts = schema.get(comb)
        if isinstance(parts, list):
            for p in parts:
                if not isinstance(p, dict) or not (p.get("description") or p.get("title")):
                    continue
                if "const" in p:
                    done.add(str(p["const"]))
                elif isinstance(p.get("enum"), list) and len(p["enum"]) == 1:
                    done.add(str(p["enum"][0]))
    enum = schema.get("enum")
    enum = enum if isinstance(enum, list) else []
    for key in ("x-enum-descriptions", "x-enumDescriptions", "x-enum-description"):
        d = schema.get(key)
        if isinstance(d, list):
            done.update(str(v) for v, t in zip(enum, d) if isinstance(t, str) and t.strip())
        elif isinstance(d, dict):
            done.update(str(k) for k, t in d.items() if isinstance(t, str) and t.strip())
    for key in ("x-enum-varnames", "x-enumNames", "x-enum-names"):
        d = schema.get(key)
        if isinstance(d, list):
            done.update(str(v) for v, n in zip(enum, d) if _varname_ok(n))
    ms = schema.get("x-ms-enum")
    if isinstance(ms, dict) and isinstance(ms.get("values"), list):
        for item in ms["values"]:
            if isinstance(item, dict) and (item.get("description") or _varname_ok(item.get("name"))):
                done.add(str(item.get("value")))
    for ev in (schema.get("x-enum-values"), (referenced or {}).get("x-enum-values")):
        if isinstance(ev, list):
            for item in ev:
                if isinstance(item, dict) and (item.get("description") or _varname_ok(item.get("identifier") or item.get("name"))):
                    done.add(str(item.get("numericValue", item.get("value"))))
    for v in values:
        if str(v) not in done and _text_defines(text, str(v)):
            done.add(str(v))
    return done


def _values(schema: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    enum = schema.get("enum")
    if isinstance(enum, list):
        out.extend(v for v in enum if v is not None)
    if "const" in schema:
        out.append(schema["const"])
    for comb in ("oneOf", "anyOf"):
        parts = schema.get(comb)
        if isinstance(parts, list):
            for p in parts:
                if isinstance(p, dict):
                    if "const" in p:
                        out.append(p["const"])
                    elif isinstance(p.get("enum"), list):
                        out.extend(v for v in p["enum"] if v is not None)
    seen: set[str] = set()
    uniq = []
    for v in out:
        if str(v) not in seen:
            seen.add(str(v))
            uniq.append(v)
    return uniq


def _type(schema: Mapping[str, Any]) -> str | None:
    t = schema.get("type")
    if isinstance(t, list):
        t = next((x for x in t if x != "null"), None)
    return t.lower() if isinstance(t, str) else None


@dataclass(frozen=True, slots=True)
class _Code:
    """A field whose values are codes without a stated meaning (reported at its definition)."""

    location: Location
    name: str
    values: tuple[str, ...]
    kind: str  # enum | numeric | prose


def _http_status(v: Any) -> bool:
    return bool(_HTTP_STATUS.fullmatch(str(v)))


def _http_or_exit(name: str, text: str, values: list[Any]) -> bool:
    """HTTP status codes and process exit codes mean what they conventionally mean."""
    ws = words(name)
    joined = "".join(ws)
    if "exit" in ws or "win32" in joined or "substatus" in joined:
        return True
    if values and all(_HTTP_NAMED.fullmatch(str(v)) for v in values if _opaque(v)):
        return True
    if values and all(_http_status(v) for v in values) and ws[-1] in ("status", "code", "statuscode"):
        return True
    conventional = "http" in ws or ws[-2:] == ["status", "code"] or ("response" in ws and "status" in ws) or _HTTP_WORD.search(text)
    if not conventional:
        return False
    return all(_http_status(v) for v in values) if values else True


def scalar_codes(
    name: str,
    schema: Mapping[str, Any],
    text: str,
    siblings: frozenset[str],
    loc: Location,
    referenced: Mapping[str, Any] | None = None,
) -> _Code | None:
    """The undocumented code values of one scalar output field, or None. ``referenced`` is the
    enum definition an ``x-enum-reference`` points at (Bungie-style specs)."""
    values = _values(schema)
    status = _status_like(name)
    ws = words(name)
    if values:
        if status:
            opaque = [v for v in values if _opaque(v)]
        elif (
            len(values) >= 2
            and all(_code_like(v) for v in values)
            and not (set(ws) & _QUANTITY)
            and {str(v) for v in values} != {"0", "1"}
            and set(ws) & _CODE_NAMED
        ):
            opaque = values
        else:
            return None
        if not opaque or _http_or_exit(name, text, values) or {str(v).upper() for v in values} <= _YES_NO:
            return None
        if len(values) == 1 and any(_MESSAGE_SIBLINGS.search(s) and s != name for s in siblings):
            return None  # a constant marker next to a human-readable message
        done = _documented(schema, values, text, referenced)
        missing = tuple(str(v) for v in opaque if str(v) not in done)
        return _Code(loc, name, missing, "enum") if missing else None
    if not status or _http_or_exit(name, text, []):
        return None
    listed: list[str] = []
    for rx in (_PROSE_CODE, _QUOTED):
        listed.extend(m.group(m.lastindex or 0) for m in rx.finditer(text) if _opaque(m.group(m.lastindex or 0)))
    if _type(schema) in ("integer", "number"):
        listed.extend(n for m in _INT_LIST.finditer(text) for n in _ANY_INT.findall(m.group(0)))
    listed = list(dict.fromkeys(listed))
    if listed:
        missing = tuple(v for v in listed if not _text_defines(text, v))
        return _Code(loc, name, missing, "prose") if missing else None
    numeric = _type(schema) == "integer" and not (set(ws) & _QUANTITY)
    if referenced is not None:
        return None
    if _REFERENCE.search(text) or any(_text_defines(text, n) for n in _ANY_INT.findall(text)):
        return None
    if numeric and ws[-1] != "result" and not any(_MESSAGE_SIBLINGS.search(s) and s != name for s in siblings):
        return _Code(loc, name, (), "numeric")
    return None


@lru_cache(maxsize=16384)
def _may_be_code(name: str) -> bool:
    """Whether :func:`scalar_codes` can report a field of this name at all: it needs a
    status-like name, or (enum values) a code-naming word and no quantity word. Most output
    properties (``id``, ``created_at``, ``url``) have neither, so the walker skips their text,
    siblings and Location; the answer depends on the name alone, hence the cache."""
    if _status_like(name):
        return True
    ws = set(word_tuple(name))
    return bool(ws & _CODE_NAMED) and not (ws & _QUANTITY)


class _StatusWalker:
    """Walks output schemas once per definition (memoized by location, cycle-safe)."""

    def __init__(self, doc: Document):
        # $ref resolution with the builder's safety rules (remote only when allowed, never out of
        # the project root), reusing the document's parsed sources and followed references
        ws: Workspace = doc.workspace
        self.follow = ws.follow
        self.memo: dict[tuple[str, Pointer], list[tuple[str, _Code]]] = {}
        # the definitions on the current walk path (pushed and popped around each object: it
        # holds what a frozenset passed down the recursion would, without a copy per level)
        self.stack: set[tuple[str, Pointer]] = set()

    def walk(self, src: Source, ptr: Pointer, node: Any, base: Pointer, depth: int = 0) -> list[tuple[str, _Code]]:
        if isinstance(node, dict) and "$ref" in node:  # Workspace.follow returns anything else unchanged
            got = self.follow(src, ptr, node, base)
            if got is None:
                return []
            src, ptr, node, base = got
        key = (src.abspath, ptr)
        if key in self.stack or depth > MAX_DEPTH or not isinstance(node, dict):
            return []
        memo = self.memo.get(key)
        if memo is not None:
            return memo
        self.stack.add(key)
        try:
            out = self._object(src, ptr, node, base, depth)
        finally:
            self.stack.discard(key)
        self.memo[key] = out
        return out

    def _object(self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer, depth: int) -> list[tuple[str, _Code]]:
        out: list[tuple[str, _Code]] = []
        if "allOf" in schema or "oneOf" in schema or "anyOf" in schema:  # (most schemas have none)
            for comb in _COMBINERS:
                parts = schema.get(comb)
                if isinstance(parts, list):
                    for i, part in enumerate(parts):
                        if isinstance(part, dict) and ("const" in part or ("enum" in part and "properties" not in part)):
                            continue
                        out.extend(self.walk(src, ptr + (comb, i), part, base, depth + 1))
        if "items" in schema or "additionalProperties" in schema:
            for key, prefix in (("items", "[]"), ("additionalProperties", "{}")):
                sub = schema.get(key)
                if isinstance(sub, dict):
                    out.extend((prefix + p if p.startswith(("[", "{")) else f"{prefix}.{p}" if p else prefix, c)
                               for p, c in self.walk(src, ptr + (key,), sub, base, depth + 1))
        props = schema.get("properties")
        if not isinstance(props, dict):
            return out
        siblings: frozenset[str] | None = None  # built for the first candidate only
        follow = self.follow
        for name, prop in props.items():
            if not isinstance(prop, dict):
                continue  # (follow would return it unchanged, and it is skipped below)
            if type(name) is not str:
                name = str(name)
            pptr = ptr + ("properties", name)
            if "$ref" in prop:
                got = follow(src, pptr, prop, base)
                if got is None or not isinstance(got[2], dict):
                    continue
                psrc, dptr, pschema, pbase = got
            else:
                psrc, dptr, pschema, pbase = src, pptr, prop, base
            if _objectish(pschema):
                for p, c in self.walk(psrc, dptr, pschema, pbase, depth + 1):
                    out.append((f"{name}{p}" if p.startswith(("[", "{")) else f"{name}.{p}" if p else name, c))
                continue
            candidate = _may_be_code(name)
            if not candidate and "items" not in pschema and "x-enum-reference" not in pschema:
                continue  # scalar_codes would return None, and there is no $ref to follow below
            # Every $ref below is followed even when the name cannot be a code: following may load
            # a file (Workspace.sources: suppressions, duplicate keys), so the loads stay the same.
            target, tptr = pschema, dptr
            in_items = False
            items = pschema.get("items")
            if isinstance(items, dict) and _type(pschema) == "array":
                igot = follow(psrc, dptr + ("items",), items, pbase)
                if igot is None or not isinstance(igot[2], dict):
                    continue
                psrc, tptr, target = igot[0], igot[1], igot[2]
                in_items = True
            referenced = None
            ref = target.get("x-enum-reference")
            if isinstance(ref, dict):
                rgot = follow(psrc, tptr + ("x-enum-reference",), ref, pbase)
                referenced = rgot[2] if rgot is not None and isinstance(rgot[2], dict) else None
            if not candidate:
                continue  # scalar_codes would return None
            text = pschema.get("description") if isinstance(pschema.get("description"), str) else ""
            if isinstance(prop.get("description"), str) and prop is not pschema:
                text = f"{prop['description']}\n{text}"
            if in_items and isinstance(target.get("description"), str):
                text = f"{text}\n{target['description']}"
            if siblings is None:
                siblings = frozenset(
                    str(k) for k, v in props.items() if isinstance(v, dict) and (v.get("type") in ("string", None) or "$ref" in v)
                )
            code = scalar_codes(name, target, text, siblings, Location(psrc, tptr), referenced)
            if code is not None:
                out.append((name, code))
        return out


def _objectish(schema: Mapping[str, Any]) -> bool:
    if (
        "properties" not in schema and "additionalProperties" not in schema and "items" not in schema
        and "allOf" not in schema and "oneOf" not in schema and "anyOf" not in schema
    ):
        return False  # every test below needs one of these keys (most leaves have none)
    if isinstance(schema.get("properties"), dict) or isinstance(schema.get("additionalProperties"), dict):
        return True
    items = schema.get("items")
    if isinstance(items, dict) and (isinstance(items.get("properties"), dict) or "$ref" in items or any(c in items for c in _COMBINERS)):
        return not isinstance(items.get("enum"), list)
    return any(
        isinstance(schema.get(c), list) and any(isinstance(p, dict) and ("properties" in p or "$ref" in p) for p in schema[c])
        for c in _COMBINERS
    )


def _output_base(op: Operation, out: Output) -> Pointer:
    return out.location.pointer if op.kind == "tool" else ()


@check("document")
def undocumented_status_values(doc: Document, ctx: Context) -> Iterator[Hit]:
    """Result codes (``HOLD_7``, ``17``) in responses and tool outputs with no stated meaning."""
    walker: _StatusWalker | None = None
    found: dict[tuple[str, Pointer], tuple[_Code, str, list[Operation]]] = {}
    for op in doc.operations:
        for out in op.outputs:
            if out.schema is None or out.schema_location is None:
                continue
            if walker is None:
                walker = _StatusWalker(doc)
            sl = out.schema_location
            codes = walker.walk(sl.source, sl.pointer, out.schema, _output_base(op, out))
            if not codes:
                continue
            error_body = _is_error_status(out.status)
            for path, code in codes:
                path_words = set(words(path))
                if code.kind == "numeric" and words(code.name)[-1] == "status" and (
                    error_body or path_words & {"error", "errors", "meta", "metadata", "response", "header"}
                ):
                    continue  # the HTTP status repeated in an error body
                if path_words & {"exit", "http"} or (code.kind == "enum" and not _status_like(code.name) and path_words & _QUANTITY):
                    continue
                k = (code.location.source.abspath, code.location.pointer)
                entry = found.get(k)
                if entry is None:
                    where = f"{out.status} › " if out.status else "output › "
                    found[k] = (code, f"{op.label} › {where}{path}", [op])
                elif entry[2][-1] is not op:
                    entry[2].append(op)
    for code, label, ops in found.values():
        if code.kind == "numeric":
            what = (
                f"{label}: an integer result code whose values and meanings are nowhere documented (no enum with "
                "descriptions, no message field beside it); an agent will guess what a code means"
            )
        else:
            vals = ", ".join(code.values[:8]) + (f" and {len(code.values) - 8} more" if len(code.values) > 8 else "")
            one = len(code.values) == 1
            what = (
                f"{label}: {'value' if one else 'values'} {vals} {'has' if one else 'have'} no documented meaning "
                "(no oneOf const+description, x-enum-descriptions or per-value text); an agent will guess what "
                f"{'it means' if one else 'they mean'}"
            )
        yield Hit(
            what,
            code.location,
            related=tuple(
                Location(op.location.source, op.location.pointer, label=op.label) for op in ops
                if not (op.location.source is code.location.source and code.location.pointer[: len(op.location.pointer)] == op.location.pointer)
            )[:50],
            evidence={"field": code.name, "values": list(code.values), "kind": code.kind},
            key=code.name + "|" + ",".join(code.values),
        )
