"""``analyse`` (what the description states) and ``gaps`` (what of it the schema does not say).

The rule checks are thin wrappers over :func:`gaps`; the benchmark (``benchmarks/gold.py``)
scores the same function, so what is measured is what ships.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from linter.limits import current as current_limits
from linter.prose import bounds, formats, standards, vocab
from linter.prose.evidence import Evidence, Gap
from linter.prose.text import has_markup, name_words, prepare

# Nothing below can fire without one of these; most descriptions ("Name of the bucket.") stop here.
# The cue is a character or a word. The characters are searched first, on their own: a pattern that
# is a single character class is scanned by ``re`` in a tight C loop, while the case-insensitive
# word alternation costs a full match attempt at every position. ``_CUE_CHAR.search(d) or
# _CUE_WORD.search(d)`` finds a match exactly when the one alternation of both would.
_CUE_CHAR = re.compile(r"[\d`\"“'|:：、(（「=–—/\n\u4e00-\u9fff]")
# The words, grouped by their first letter: under re.I every alternative of a flat list is
# entered at each word start, while here one letter test rules out a whole group. The set of
# words is the same (may_state only asks whether one occurs, so their order does not matter).
_CUE_WORD = re.compile(
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


def _has_cue(s: str) -> bool:
    return _CUE_CHAR.search(s) is not None or _CUE_WORD.search(s) is not None


def analyse(description: str, *, name: str = "", type: str | None = None, where: str = "") -> list[Evidence]:
    """Every constraint the description states, in order of position (of its first
    ``limits.max-description-chars`` characters: a 5 MB description must not stall a run)."""
    description = description[: current_limits().max_description_chars]
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
        if any("format" in e.data or "pattern" in e.data for e in fmt):
            out = [e for e in out if e.kind != "example_vocab"]  # "RFC 3339 duration, e.g. P1W3D": an instance
        out += fmt
    layouts = [e for e in out if e.kind == "format" and "layout" in e.data and "style" not in e.data
               and not formats.is_list_layout(e.data) and not e.data.get("alternatives")]
    if layouts and any(e.kind == "closed_vocab" for e in out):
        # "Format: ddd:hh-ddd:hh. Valid days: Mon, Tue, …": values that do not fit the
        # field's own stated layout are values of one of its parts ("…, all, or a date range":
        # alternatives to the layout, not parts of it)
        out = [e for e in out if not (e.kind == "closed_vocab" and all(
            _part_of(e.values, f.data) and not _joined_by_or(description, e.span, f.span) for f in layouts))]
    out += bounds.find(t, name, ty)
    out += std
    out.sort(key=lambda e: (e.span[0], e.kind))
    return out


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
    return re.search(r"\bor\b", text[first[1] : second[0]]) is not None


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


def _has(schema: Mapping[str, Any], *keys: str) -> bool:
    return any(schema.get(k) is not None for k in keys)


def _items(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    it = schema.get("items")
    return it if isinstance(it, dict) else {}


def _consts(schema: Mapping[str, Any]) -> bool:
    """``oneOf``/``anyOf`` branches that list values: a closed set, or an open vocabulary (known
    values beside any string) that already names the values the prose lists."""
    for key in ("oneOf", "anyOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and any(isinstance(b, dict) and ("const" in b or "enum" in b) for b in branches):
            return True
    return False


def _enumerated(schema: Mapping[str, Any]) -> bool:
    items = _items(schema)
    return _has(schema, "enum", "const") or _consts(schema) or _has(items, "enum", "const") or _consts(items)


# A value with one of these formats is a date, an address, an id: words in its description
# ("either successful or failure") are not its values.
_VALUE_FORMATS = frozenset(
    "date date-time time duration uri url email uuid ipv4 ipv6 hostname byte binary".split()
)
_FAMILIES = {
    "minimum": ("minimum", "exclusiveMinimum"),
    "exclusiveMinimum": ("minimum", "exclusiveMinimum"),
    "maximum": ("maximum", "exclusiveMaximum"),
    "exclusiveMaximum": ("maximum", "exclusiveMaximum"),
    "minLength": ("minLength",),
    "maxLength": ("maxLength",),
    "minItems": ("minItems",),
    "maxItems": ("maxItems",),
}


def _preview(values: tuple[str, ...], limit: int = 6) -> str:
    shown = ", ".join(values[:limit])
    return shown + (f", … ({len(values) - limit} more)" if len(values) > limit else "")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pattern_lists(schema: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    """``pattern: ^(?:top|bottom)$`` already closes the set the prose lists."""
    pattern = schema.get("pattern")
    if not isinstance(pattern, str) or "|" not in pattern:
        return False
    try:
        rx = re.compile(pattern)
    except re.error:
        return False
    return all(rx.search(v) for v in values)


# examples that show no value ("string", "{{until}}", "<email>"): they contradict nothing
_PLACEHOLDER_EXAMPLE = re.compile(
    r"^(?:string|text|example|sample|value|test|none|null|n/?a|todo|tbd|x+|a string value)$|\{\{|<[^>]*>|^\$\{", re.I
)
_FORMAT_SHAPES = {
    "uri": re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:"),
    "email": re.compile(r"[^@\s]+@[^@\s]+$"),
    "date": re.compile(r"\d{4}-\d{2}-\d{2}$"),
    "date-time": re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}"),
    "uuid": re.compile(r"[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$"),
    "ipv4": re.compile(r"\d{1,3}(?:\.\d{1,3}){3}$"),
}


def _contradicted(data: Mapping[str, Any], schema: Mapping[str, Any]) -> bool:
    """Whether every real example or default the schema gives (not a placeholder) fails a
    format read from a name or a word ("The URI of the user", example "/users/42"; "letters
    and numbers", example "Apartment 9"): then the prose was read wrong for this field, or
    says less than it seems. A layout the prose spells out (YYYY-MM-DD, a template, E.164) is
    trusted over the examples, which are often generated."""
    if "layout" in data:
        return False
    given = [schema.get("example"), schema.get("default")]
    if isinstance(schema.get("examples"), list):
        given += schema["examples"]
    vals = [v for v in given if isinstance(v, str) and v.strip() and not _PLACEHOLDER_EXAMPLE.search(v.strip())]
    if not vals:
        return False
    shape = _FORMAT_SHAPES.get(str(data.get("format")))
    if shape is None and isinstance(data.get("pattern"), str):
        try:
            shape = re.compile(data["pattern"])
        except re.error:
            return False
        return not any(shape.search(v) for v in vals)
    if data.get("format") == "date-time":
        return shape is not None and not any(shape.search(v) for v in vals)  # ">2015-09-01T12:00:00Z": an operator first
    return shape is not None and not any(shape.match(v) for v in vals)


def _format_keywords(data: Mapping[str, Any], ty: str | None) -> dict[str, Any]:
    """The one keyword a fix would add (none for numbers, parameter styles and bare layouts)."""
    if ty in ("integer", "number") and data.get("format") == "unixtime":
        return {"format": "unixtime"}  # the registry format for seconds since the epoch (number or string)
    if ty in ("integer", "number") or "style" in data:
        return {}
    for k in ("format", "pattern", "contentMediaType"):
        if k in data:
            return {k: data[k]}
    return {}


def _format_advice(data: Mapping[str, Any], ty: str | None = None) -> str:
    """What would state the format in the schema (the message must name it, not just complain)."""
    if ty in ("integer", "number") and data.get("format") == "unixtime":
        return "format: unixtime would express it"
    if ty in ("integer", "number"):
        digits = re.fullmatch(r"\^\[0-9\]\{(\d+)\}\$", str(data.get("pattern", "")))
        if digits:
            n = int(digits.group(1))
            return f"for a number, minimum: {10 ** (n - 1) if n > 1 else 0}, maximum: {10 ** n - 1} would express it"
        return "a number cannot carry a pattern: state the unit in format (e.g. int64) and the range with minimum/maximum"
    if "style" in data:
        return f"declare style: {data['style']}, explode: false on the parameter"
    if "format" in data:
        return f"format: {data['format']} would express it"
    if "pattern" in data:
        alt = f" ({data['advice']})" if data.get("advice") else ""
        return f"pattern: {data['pattern']} would express it{alt}"
    if data.get("advice"):
        return str(data["advice"])
    if "contentMediaType" in data:
        return f"contentMediaType: {data['contentMediaType']} would express it"
    return "only a pattern written for this layout can express it"


def gaps(
    description: str,
    *,
    name: str,
    type: str | None,
    where: str,
    schema: Mapping[str, Any],
) -> list[Gap]:
    """The evidence the schema does not already express, one :class:`Gap` per piece.

    ``schema`` may also carry the parameter's serialization keys (``style``, ``explode``,
    ``collectionFormat``): a "comma-separated" array is stated by them, not by ``format``."""
    enumerated = _enumerated(schema)
    if enumerated:
        return []  # every kind of evidence below is already expressed by the enum
    ev = _analyse_cached(description, name, type, where)
    if not ev:
        return []
    ty = _norm_type(type)
    out: list[Gap] = []
    has_closed = any(e.kind == "closed_vocab" for e in ev)
    has_vocab = has_closed or any(e.kind == "example_vocab" for e in ev)
    formatted = isinstance(schema.get("format"), str) and schema["format"] in _VALUE_FORMATS
    items = _items(schema)
    for e in ev:
        if e.kind == "closed_vocab":
            if enumerated or formatted or ty == "boolean" or _pattern_lists(schema, e.values):
                continue
            n = len(e.values)
            out.append(Gap("prose-enum", e, f"description lists {n} value{'s' if n != 1 else ''} "
                                           f"({_preview(e.values)}) but the schema has no enum", {"enum": list(e.values)}))
        elif e.kind == "example_vocab":
            if enumerated or formatted or has_closed or ty == "boolean":
                continue
            n = len(e.values)
            out.append(Gap("example-only-vocabulary", e,
                           f"description shows {'only an example' if n == 1 else f'only {n} examples'} "
                           f"({_preview(e.values)}) of what looks like a fixed set of values, with no full list or enum"))
        elif e.kind == "format":
            if ty == "boolean" or enumerated or _has(schema, "format", "pattern", "contentMediaType", "contentEncoding") \
                    or _has(items, "format", "pattern"):
                continue
            if "style" in e.data and (schema.get("explode") is False or schema.get("collectionFormat") not in (None, "multi")):
                continue
            if _contradicted(e.data, schema):
                continue  # "The URI of the user", example "/users/42": the reading is wrong for this field
            what = e.data.get("format") or e.data.get("layout") or "a fixed format"
            if e.data.get("alternatives") or e.data.get("condition"):
                how = "as one of several accepted forms" if e.data.get("alternatives") else "under a condition"
                out.append(Gap("prose-format", e, f"description names {what} {how} (\"{_short(e.text)}\") and the "
                                                  f"schema states none of them; only a pattern or oneOf covering every "
                                                  f"accepted form would express it"))
                continue
            out.append(Gap("prose-format", e, f"description prescribes {what} (\"{_short(e.text)}\") but the "
                                              f"schema has no format or pattern; {_format_advice(e.data, ty)}",
                           _format_keywords(e.data, ty)))
        elif e.kind == "bounds":
            if enumerated or ty == "boolean":
                continue  # a boolean has no bounds: the numbers are about something else
            # an array's value and length bounds belong on its items (where the fix puts them)
            missing = [
                k for k in e.data
                if not _has(schema, *_FAMILIES.get(k, (k,)))
                and not (ty == "array" and k not in ("minItems", "maxItems") and _has(items, *_FAMILIES.get(k, (k,))))
            ]
            if not missing:
                continue
            stated = ", ".join(f"{k} {e.data[k]}" for k in e.data)
            out.append(Gap("prose-bounds", e, f"description states {stated} (\"{_short(e.text)}\") but the "
                                              f"schema has no {' or '.join(missing)}", {k: e.data[k] for k in missing}))
        elif e.kind == "standard":
            if _has(schema, "pattern", "format") or enumerated or has_vocab or _has(items, "pattern", "format"):
                continue
            said = "" if e.text.replace(" ", "").lower() == e.data["standard"].replace(" ", "").lower() else f" (\"{_short(e.text)}\")"
            out.append(Gap("public-standard-vocabulary", e, f"description names {e.data['standard']} values{said} "
                                                            f"but the schema has no pattern or enum; "
                                                            f"pattern: {e.data['pattern']} would check their shape",
                           {"pattern": e.data["pattern"]}))
    return out
