"""free-text-command: one free-text argument carrying what should be typed arguments."""

from __future__ import annotations

import re
from typing import Iterator

from linter import _recache
from linter.checks import Context, check
from linter.checks._readwrite import WRITES
from linter.model import Field, Hit, Operation
from linter.prose.verbs import LEXICON, Verb, first_sentence, singular, text_verb, word_tuple


_FREE_NAMES = frozenset({"query", "q", "input", "request", "prompt", "command", "cmd", "instruction", "instructions"})

_CODE_LANGUAGE = _recache.compile(
    r"\b(?:sql|graphql|cypher|sparql|jql|kql|lucene|regex|regular\s+expression|query\s+language|expression|javascript"
    r"|python|shell|bash|script|code|dsl|jmespath|jsonpath|xpath|mongo(?:db)?\s+query)\b|查询语言|表达式|脚本",
    re.I,
)

_FILTER_CUE = _recache.compile(
    r"\b(?:filter(?:s|ed|ing)?|sort(?:s|ed|ing)?|order(?:ed)?|group(?:ed)?|search(?:es)?)\s+(?:them\s+|results\s+)?by\s+"
    r"(?P<dim>[a-z][\w-]*(?:\s*(?:\s+or\s+|\s+and\s+|,|\s)\s*[a-z][\w-]*){0,3})"
    r"|\b(?:date\s+range|between\s+\S+\s+and\s+\S+|key\s*=\s*value|key:value|comma-separated\s+list\s+of\s+fields)\b"
    r"|按(?P<zh>[\u4e00-\u9fff]{1,6})(?:筛选|篩選|过滤|過濾|排序|查询|查詢)",
    re.I,
)

_STRUCTURED_ARGS = _recache.compile(
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

_RUN_TOKEN = _recache.compile(r"[A-Za-z]+|[,/&、]|[\u4e00-\u9fff]{2}")


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


_WORDS = _recache.compile(r"[A-Za-z]+")


def _structure_cue(op: Operation, fields: list[Field]) -> str | None:
    text = f"{op.summary}\n{op.description}".strip()
    if _CODE_LANGUAGE.search(text):
        return None
    names = {singular(w) for f in op.fields for w in word_tuple(f.path)}
    run = _verb_run(op.description or op.summary)
    if len({v.word for v in run}) >= 2 and any(v.nature in WRITES for v in run):
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
