"""overlapping-tools: a read and a write tool whose descriptions are near-duplicates."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Iterator

from linter import _recache
from linter.checks import Context, check
from linter.checks._readwrite import WRITES, prepare
from linter.checks._readwrite import description, side
from linter.model import Document, Hit, Location, Operation
from linter.prose.verbs import LEXICON, Verb, content_tokens, lead_word, name_verb, word_tuple


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
        e.name_verb = name_verb(op.id) if op.id else None
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
    return "read" in kinds and bool(kinds & set(WRITES))


def _distinct_leads(a: str, b: str) -> bool:
    """The two descriptions start with different words, neither of them a generic verb:
    "List lens reviews" vs "Upgrade lens review" tell themselves apart, "Handles …" twice does not."""
    return bool(a) and bool(b) and a != b and LEXICON.get(a) != "generic" and LEXICON.get(b) != "generic"


_WORDS = _recache.compile(r"[A-Za-z]+")


def _verbs_differ(r: _Entry, w: _Entry) -> bool:
    """Only the read side's text has a reading verb and only the write side's a verb that acts
    ("connect GET requests …" vs "connect DELETE requests …")."""
    only_r = {LEXICON[v] for v in r.verbs - w.verbs}
    only_w = {LEXICON[v] for v in w.verbs - r.verbs}
    return "read" in only_r and bool(only_w & {"write", "delete", "action"})


def _name_verbs_differ(r: Operation, w: Operation) -> bool:
    rv = {x for x in word_tuple(r.id) if x in LEXICON}
    wv = {x for x in word_tuple(w.id) if x in LEXICON}
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
            if r.op.kind == "http" and not (r.op.id and w.op.id):
                continue
            if _opposed(r.name_verb, w.name_verb) or _name_verbs_differ(r.op, w.op):
                continue  # the names already tell the read from the write
            shared = sorted(r.tokens & w.tokens)[:6]
            yield Hit(
                f"{w.op.label} (writes) and {r.op.label} (reads) have near-duplicate descriptions "
                f"(similarity {sim:.2f} ≥ {threshold:.2f}: {', '.join(shared)}) that do not start with different verbs, "
                "so nothing says which one only reads; models proposed the write tool for 12 of 32 read-only tasks "
                "in this situation",
                w.op.at("description") if w.op.description else w.op.location,
                related=(Location(r.op.location.source, r.op.location.pointer, label=r.op.label),),
                evidence={"similarity": round(sim, 3), "read": r.op.label, "write": w.op.label, "shared": shared},
                key=r.op.label,
            )
