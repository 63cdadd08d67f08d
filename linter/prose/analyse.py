"""``analyse``: what a description states, as neutral evidence (kind, values, span, data).

What of it the schema does not say, and the message, are the vocabulary rules' decisions
(``linter/checks/_vocabulary.py`` and one module per rule); the benchmark (``benchmarks/gold.py``)
scores those same decisions, so what is measured is what ships.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from linter import _recache
from linter.prose import bounds, formats, standards, structure, vocab
from linter.prose.evidence import Evidence
from linter.prose.text import OR_WORD, has_markup, name_words, prepare

# Nothing below can fire without one of these; most descriptions ("Name of the bucket.") stop here.
# The cue is a character or a word. The characters are searched first, on their own: a pattern that
# is a single character class is scanned by ``re`` in a tight C loop, while the case-insensitive
# word alternation costs a full match attempt at every position. ``_CUE_CHAR.search(d) or
# _CUE_WORD.search(d)`` finds a match exactly when the one alternation of both would.
_CUE_CHAR = _recache.compile(r"[\d`\"“'|:：、(（「=–—/\n\u4e00-\u9fff]")
# The words, grouped by their first letter: under re.I every alternative of a flat list is
# entered at each word start, while here one letter test rules out a whole group. The set of
# words is the same (may_state only asks whether one occurs, so their order does not matter).
_CUE_WORD = _recache.compile(
    r"\b(?:a(?:lpha\w*|llowed)|b(?:ase|egin|etween)"
    r"|c(?:an|ron|idr|haracters?|ode|urrency|ountry|ontent|hoices?|hoos\w+)|d(?:ate|igits?|elimited|enot\w*)"
    r"|e(?:ither|\.?\s?g|xample|num|poch|-?mail|\.?164|xceed|nter)|f(?:ormat|ewer|qdn)|g(?:uid)|h(?:ex|ost\s?name)"
    r"|i(?:nstance|nclud\w*|so|pv[46]|f|ndicat\w*)|j(?:son)|l(?:ike|etters?|east|ess|imit\w*|anguage|ocale)"
    r"|m(?:ust|ay|ax\w*|in\w*|ost|ore|ime|edia|eans?)|n(?:egative)|o(?:r|ptions?|ne\s*of|nly)"
    r"|p(?:osix|attern|ositive|ossible|ass)|r(?:fc|egexp?|egular|ange|epresent\w*|eturn\w*)"
    r"|s(?:hould|uch|tart|eparated?|eperated|upported|pecify|elect|et|ignif\w*)"
    r"|t(?:ime)|u(?:nix|uid|r[il]|p\s+to|se)|v(?:alues?|alid)|w(?:hen)|y(?:yyy)|z(?:one))\b",
    re.I,
)
_SCALAR = {"string", "integer", "number", "boolean", "array", "object"}


def _norm_type(type_: str | None) -> str | None:
    if not type_:
        return None
    t = type_.strip().lower()
    if t.startswith("array"):
        return "array"
    return t if t in _SCALAR else None


@lru_cache(maxsize=16384)
def may_state(description: str) -> bool:
    """The cheap gate: without one of the cue words or characters no matcher can fire, so a
    caller can skip its own per-field work too ("Name of the bucket." stops here). Cached: big
    specs repeat the same descriptions on thousands of fields."""
    if not description:
        return False
    if _has_cue(description):
        return True
    # The matchers see the prepared text: markup may hide a cue there ("&quot;draft&quot;" is a
    # quote, "up&nbsp;to" and "one<br>of" are the words): ask that text (rare: most markup-bearing
    # texts hold a cue character already).
    return has_markup(description) and _has_cue(prepare(description).norm)


# … or a code in capitals said to be or stand for something ("INBOUND for a jar that comes in",
# "JR is Jar"): the one cue of a value sentence without a quote or a cue word
_CUE_CODE = _recache.compile(r"[A-Z][A-Z0-9_]+[ \t]+(?:for|is)[ \t]")


def _has_cue(s: str) -> bool:
    return _CUE_CHAR.search(s) is not None or _CUE_WORD.search(s) is not None or _CUE_CODE.search(s) is not None


def analyse(description: str, *, name: str = "", type: str | None = None, where: str = "") -> list[Evidence]:
    """Every constraint the description states, in order of position. The caller caps the text
    at the run's ``limits.max-description-chars`` (a 5 MB description must not stall a run)."""
    if not may_state(description):
        return []
    t = prepare(description)
    ty = _norm_type(type)
    std = standards.find(t, name, ty)
    out = vocab.find(t, name, ty)
    for e in out:
        if e.kind == "example_vocab" and not std and standards.named_by_field(name, e.values):
            hint = standards.implied(t, e.values)  # "language (e.g. 'en', 'fr')": the standard, shown by instances
            if hint is not None:
                std.append(hint)
    out = [
        e for e in out
        if not (e.kind == "example_vocab" and (_instances_of(e.values, std) or standards.named_by_field(name, e.values)))
    ]
    for e in [e for e in out if e.kind == "example_vocab"]:
        hint = standards.implied(t, e.values)
        if hint is not None:
            out.remove(e)
            if not std:
                std.append(hint)
        elif vocab.public_codes(e.values, t.norm):
            out.remove(e)
    nw = name_words(name)
    if not (nw and nw[-1] in vocab.EXPRESSION_NAMES):
        fmt = formats.find(t, name, ty, where, bool(std))
        if (nw and nw[-1] in ("id", "ids")) or _ID_OF_LEAD.match(description):
            # "The ID of the pool you want the CIDR for", "Secret Id of a base-64 encoded pfx": an
            # identifier names the thing; the address or the bytes are that thing's, not the id's form
            fmt = [e for e in fmt if not _address_or_bytes(e.data)]
        if any("format" in e.data or "pattern" in e.data for e in fmt):
            out = [e for e in out if e.kind != "example_vocab"]  # "RFC 3339 duration, e.g. P1W3D": an instance
        out += fmt
    layouts = [e for e in out if e.kind == "format" and "layout" in e.data and "style" not in e.data
               and not formats.is_list_layout(e.data) and not e.data.get("alternatives")
               and not e.data.get("condition")]  # "If set to A, … IPv4 …": one case's layout, not the field's
    if layouts and any(e.kind == "closed_vocab" for e in out):
        named = [f for f in layouts if "pattern" not in f.data and "contentMediaType" not in f.data]
        if named and len(named) == len(layouts) and any(
                e.kind == "closed_vocab" and len(e.values) >= 2 and all(structure.code_only(v) for v in e.values) for e in out):
            # "To give it only IPv4 lids, use V4_ONLY …": a kind of value named in passing
            # beside a closed set of codes; the codes are the field's values, not parts of an address
            out = [e for e in out if e not in named]
            layouts = []
        # "Format: ddd:hh-ddd:hh. Valid days: Mon, Tue, …": values that do not fit the
        # field's own stated layout are values of one of its parts ("…, all, or a date range":
        # alternatives to the layout, not parts of it)
        out = [e for e in out if not (e.kind == "closed_vocab" and layouts and all(
            _part_of(e.values, f.data) and not _joined_by_or(description, e.span, f.span) for f in layouts))]
    closed = [v for e in out if e.kind == "closed_vocab" for v in e.values]
    if closed:
        # "alphanumeric. Valid values are: memcached1.4 | redis6.x": a charset the listed values break is no format of them
        out = [e for e in out if not (e.kind == "format" and "pattern" in e.data and _CHARSET_WORDS.search(e.text)
                                      and not _admits(str(e.data["pattern"]), closed))]
    out += bounds.find(t, name, ty)
    out += std
    out.sort(key=_text_order)
    return out


def _text_order(e: Evidence) -> tuple[int, str]:
    """The order evidence is returned in: where it starts in the text, then its kind."""
    return e.span[0], e.kind


# "The ID of the kiln pool that hands out the CIDR block": the text says the value is an identifier
_ID_OF_LEAD = _recache.compile(r"\s*(?:the\s+|an?\s+)?(?:id|identifier|arn)\s+(?:of|for)\b", re.I)


def _address_or_bytes(data: Mapping[str, Any]) -> bool:
    return data.get("format") in ("byte", "ipv4", "ipv6") or str(data.get("layout", "")).startswith(("IP address", "CIDR"))


_CHARSET_WORDS = _recache.compile(r"alpha|numeric|letters?|digits?|characters?", re.I)  # a charset read from words, not a stated regex


def _admits(pattern: str, values: list[str]) -> bool:
    """Whether ``pattern`` matches every value (a pattern Python cannot read is given the benefit)."""
    try:
        rx = re.compile(pattern)
    except re.error:
        return True
    return all(rx.search(v) for v in values)


@lru_cache(maxsize=16384)
def _analyse_cached(description: str, name: str, type: str | None, where: str) -> tuple[Evidence, ...]:
    """Large specs repeat the same descriptions on many fields (paging, sorting, $select …)."""
    return tuple(analyse(description, name=name, type=type, where=where))


def _instances_of(values: tuple[str, ...], std: list[Evidence]) -> bool:
    """Examples that are instances of a named standard ("en-US" under BCP 47) are not a hidden
    vocabulary: the standard is the vocabulary."""
    return any(all(re.fullmatch(e.data["pattern"].strip("^$"), v) for v in values) for e in std)


def _joined_by_or(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    first, second = (a, b) if a[0] <= b[0] else (b, a)
    return OR_WORD.search(text[first[1] : second[0]]) is not None


def _part_of(values: tuple[str, ...], layout: Mapping[str, Any]) -> bool:
    """Whether ``values`` cannot be whole values of a field laid out as ``layout``: they fail its
    pattern, or the layout has separators (``:``, ``-``, ``/``) none of the values has."""
    pattern = layout.get("pattern")
    if isinstance(pattern, str):
        try:
            rx = re.compile(pattern)
        except re.error:
            rx = None
        if rx is not None:
            return not all(rx.fullmatch(v) for v in values)
    seps = set(str(layout.get("layout", ""))) & set(":-/T")
    return bool(seps) and not any(set(v) & seps for v in values)


normal_type = _norm_type
"""The type as the detectors read it (``array<string>`` → ``array``; None for an unknown one)."""


def bounds_stated(description: str, *, name: str, type: str | None) -> tuple[Evidence, ...]:
    """The ``bounds`` evidence of :func:`stated`, alone and in the same order, for a field on
    which no other kind can be decided (a value format's date or address, an array of objects):
    ``bounds.find`` reads the text on its own, so the other finders need not run."""
    return _bounds_cached(description, name, type)


@lru_cache(maxsize=16384)
def _bounds_cached(description: str, name: str, type: str | None) -> tuple[Evidence, ...]:
    if not may_state(description):
        return ()
    out = bounds.find(prepare(description), name, _norm_type(type))
    out.sort(key=_text_order)  # (analyse's own order: bounds_stated is its bounds, in place)
    return tuple(out)


def stated(description: str, *, name: str, type: str | None, where: str) -> tuple[Evidence, ...]:
    """What :func:`analyse` finds, cached: large specs repeat the same descriptions on many
    fields. Neutral evidence only; which of it the schema lacks, and what to say about that, is
    each rule's to decide (``linter/checks/_vocabulary.py`` and the rule modules)."""
    return _analyse_cached(description, name, type, where)
