"""The signals of an output that passes its schema and says nothing.

Each signal is a finding at the JSON path of the node with the measured evidence; ``severe``
signals say the node carries nothing (weight 1 in the verdict), the others that it carries less
than it seems to. Thresholds are :class:`Thresholds` (README, "Attest recorded outputs").

- ``uniform_list``: more than ``uniform-share`` (half) of a list's items are identical (at least
  ``min-items`` objects, arrays or strings; numbers, booleans and values of an enum, const,
  format or pattern repeat legitimately); severe at ``uniform-severe`` (90%).
- ``stub_value``: a placeholder (TODO, TBD, placeholder, example, test, lorem ipsum, n/a, their
  Chinese equivalents, ``<name>`` or ``{{name}}`` templates): the whole value is severe, a marker
  inside real text (TODO/TBD/FIXME in capitals, lorem ipsum, 待定, ``[placeholder]``) minor.
- ``blank_string``, ``empty_list``, ``empty_object`` (severe): unless the output declares itself
  empty (``found: false``, a count of 0, a ``no_results`` status, in the object or above it), or
  the schema allows only that (``maxItems: 0``, an enum with ``""``). An empty object is flagged
  at the root or where its schema declares properties (``{}`` for a free-form map is normal).
- ``truncation`` (minor): the text ends with ``...``/``…`` after ``truncation-min-words`` words,
  or with ``[truncated]``, ``(continued)``, ``— continued``, ``to be continued``, 未完.
- ``repetitive_text`` (severe): ``repetitive-min-words`` (12) words or more of which fewer than
  ``repetitive-distinct`` (about a third) are distinct, measured in windows of
  ``repetitive-window`` (40) words so that long texts are not penalised for their length.
- ``schema_default`` (minor): a required field that holds its schema's ``default``.
- ``enum_first_value`` (minor): a classification (an enum field named category, class, label,
  sentiment, severity, priority, type, kind, level, intent, topic, risk, verdict, …; not a
  status) that holds the enum's first value in every item of a list (``min-items``), or, outside
  lists, in every one of ``min-outputs`` outputs (:func:`across_outputs`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from linter.evidence import schemas
from linter.evidence.common import json_path, shown
from linter.evidence.schemas import Scoped, Target
from linter.model import Pointer

SIGNALS = (
    "uniform_list", "stub_value", "blank_string", "empty_list", "empty_object", "truncation",
    "repetitive_text", "schema_default", "enum_first_value",
)


@dataclass(frozen=True)
class Thresholds:
    empty_at: float = 0.5
    thin_at: float = 0.0
    uniform_share: float = 0.5
    uniform_severe: float = 0.9
    min_items: int = 3
    min_outputs: int = 3
    repetitive_min_words: int = 12
    repetitive_distinct: float = 0.34
    repetitive_window: int = 40
    truncation_min_words: int = 3

    def as_dict(self) -> dict[str, float | int]:
        return {k.replace("_", "-"): v for k, v in self.__dict__.items()}


_SHARE = {"type": "number", "minimum": 0, "maximum": 1}
THRESHOLDS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "empty-at": {**_SHARE, "exclusiveMinimum": 0},
        "thin-at": _SHARE,
        "uniform-share": {"type": "number", "minimum": 0, "exclusiveMaximum": 1},
        "uniform-severe": {**_SHARE, "exclusiveMinimum": 0},
        "min-items": {"type": "integer", "minimum": 2},
        "min-outputs": {"type": "integer", "minimum": 2},
        "repetitive-min-words": {"type": "integer", "minimum": 2},
        "repetitive-distinct": {**_SHARE, "exclusiveMinimum": 0},
        "repetitive-window": {"type": "integer", "minimum": 2},
        "truncation-min-words": {"type": "integer", "minimum": 0},
    },
}


@dataclass
class Signal:
    rule: str
    severe: bool
    pointer: Pointer
    message: str
    evidence: dict[str, Any]
    covers: list[Pointer] = field(default_factory=list)  # subtrees it flags (default: its own node)


# --- words ----------------------------------------------------------------------------------

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+(?:['’-][^\W_{_CJK}]+)*")


def words(text: str) -> list[str]:
    """Words of any script (``scan-0412``, ``don't`` are one); each CJK character counts as one
    (those scripts put no spaces between words)."""
    return _WORD.findall(text.lower())


def units(node: Any) -> int:
    """Content units of a leaf: the words of a string (at least 1), else 1."""
    return max(1, len(words(node))) if isinstance(node, str) else 1


# --- lexicons -------------------------------------------------------------------------------

_STUB_WHOLE = frozenset(
    """todo tbd tba fixme placeholder example sample test testing n/a n.a. string null undefined
    待定 待补充 待補充 待填 待填写 待填寫 占位 占位符 佔位 佔位符 示例 範例 范例 样例 樣例 例子 测试 測試
    暂无 暫無 不适用 不適用 略""".split()
)
_LEGIT_TEST = frozenset({"env", "environment", "mode", "stage", "type", "kind", "tier", "channel", "sandbox"})
_TRIM = re.compile(r"^[\s<\[{(\"'`]+|[\s>\]})\"'`.:!。：！]+$")
_DOTS = re.compile(r"^[\s.…·_\-–—]+$")
_TEMPLATE = re.compile(r"^\s*(?:<[^<>\n]{1,40}>|\{\{[^{}\n]{1,40}\}\}|\$\{[^{}\n]{1,40}\})\s*$")
_FILL_HERE = re.compile(r"^(?:insert|enter|add|put|your)\b.{0,40}\bhere$")
_X_RUN = re.compile(r"^x{3,}$")
_IN_TEXT_CASED = re.compile(r"\b(?:TODO|TBD|FIXME)\b")
_IN_TEXT = re.compile(
    r"\blorem ipsum\b|待定|待补充|待補充|待填写|待填寫|占位符|佔位符|\[(?:placeholder|insert\b[^\]\n]{0,40})\]|<placeholder>",
    re.I,
)
_ELLIPSIS = re.compile(r"(\.\.\.|…)\s*$")
_MARKER = re.compile(
    r"([\[(<]\s*(?:truncated|cut off|continued|cont\.?|未完|待續|待续|截断|截斷)\s*[\])>]"
    r"|(?:[.…:—–-]\s*|\bto be )continued[.!]?"
    r"|未完待續|未完待续)\s*$",
    re.I,
)

_FOUND_KEYS = frozenset({"found", "exists", "has_results", "any_results", "matched", "match_found", "is_found", "has_data"})
_COUNT_KEYS = frozenset(
    {"count", "total", "total_count", "num_results", "result_count", "results_count", "total_results",
     "hits", "total_hits", "matches", "n_results", "size", "length", "num_found"}
)
_STATUS_KEYS = frozenset({"status", "result", "outcome", "state"})
_EMPTY_STATUS = frozenset({"not_found", "no_results", "no_result", "no_match", "no_matches", "empty", "none_found", "no_data"})
_SNAKE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# what a classification is called: the last word of the field's name. A status (completed, ok)
# is not one: a run of successes rightly holds its enum's first value every time.
_CLASSIFICATION = frozenset(
    """category categories class classification label sentiment severity priority type kind tier level
    intent topic genre grade rating risk urgency impact verdict decision bucket segment""".split()
)


def is_classification(key: str | int) -> bool:
    return isinstance(key, str) and _snake(key).split("_")[-1] in _CLASSIFICATION


def _snake(key: str) -> str:
    return _SNAKE.sub("_", key).replace("-", "_").lower()


def _declares_empty_here(node: dict[str, Any]) -> bool:
    for key, value in node.items():
        k = _snake(str(key))
        if k in _FOUND_KEYS and value is False:
            return True
        if (k in _COUNT_KEYS or k.endswith("_count")) and not isinstance(value, bool) and value == 0:
            return True
        if k in _STATUS_KEYS and isinstance(value, str) and _snake(value.strip()).replace(" ", "_") in _EMPTY_STATUS:
            return True
    return False


def declares_empty(node: dict[str, Any]) -> bool:
    """``found: false``, a count of 0 or a no-results status, in the object or one of its
    direct child objects (``meta``, ``pagination``)."""
    return _declares_empty_here(node) or any(isinstance(v, dict) and _declares_empty_here(v) for v in node.values())


def canonical(node: Any) -> str:
    return json.dumps(node, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


# --- the walk -------------------------------------------------------------------------------


@dataclass
class Walk:
    """The signals of one output, its content units, and its enum fields outside lists (for
    :func:`across_outputs`)."""

    thresholds: Thresholds
    signals: list[Signal] = field(default_factory=list)
    # (pointer, content units, structure): booleans, null and strings the schema pins down
    # (enum, const, format, pattern) are structure, not content
    leaves: list[tuple[Pointer, int, bool]] = field(default_factory=list)
    enum_fields: dict[Pointer, tuple[Any, tuple[Any, ...]]] = field(default_factory=dict)

    def emit(self, rule: str, severe: bool, ptr: Pointer, message: str, evidence: dict[str, Any], covers: list[Pointer] | None = None) -> None:
        self.signals.append(Signal(rule, severe, ptr, f"{json_path(ptr)}: {message}", evidence, covers if covers is not None else [ptr]))


def walk(target: Target | None, tree: Any, base: Pointer, thresholds: Thresholds) -> Walk:
    """Every signal in ``tree`` (the attested node; ``base`` is its pointer in the file)."""
    w = Walk(thresholds)
    scoped = schemas.root_scoped(target, tree) if target is not None else []
    _node(w, tree, base, scoped, False, False, False)
    return w


def _node(w: Walk, node: Any, ptr: Pointer, scoped: list[Scoped], required: bool, declared: bool, in_list: bool) -> None:
    scoped = schemas.expand(scoped, node)
    f = schemas.facts(scoped)
    if required and f.default and schemas.same(node, f.default[0]) and not (isinstance(node, (dict, list)) and not node):
        w.emit("schema_default", False, ptr, f"required field holds the schema's default {shown(node)}", {"default": node})
    if f.enum is not None and len(f.enum) >= 2 and not isinstance(node, (dict, list)) and not in_list and ptr and is_classification(ptr[-1]):
        w.enum_fields[ptr] = (node, f.enum)
    if isinstance(node, dict):
        if not node:
            w.leaves.append((ptr, 1, False))
            if not declared and not f.max_items_zero and (not ptr or f.declares_properties):
                w.emit("empty_object", True, ptr, "the object is empty and nothing declares the output empty", {})
            return
        declared = declared or declares_empty(node)
        for key, value in node.items():
            child, req = schemas.child_schemas(scoped, node, key)
            _node(w, value, ptr + (key,), child, req, declared, in_list)
        return
    if isinstance(node, list):
        if not node:
            w.leaves.append((ptr, 1, False))
            if not declared and not f.max_items_zero:
                w.emit("empty_list", True, ptr, "the list is empty and nothing declares the output empty (no found: false or count of 0)", {})
            return
        items = [schemas.expand(schemas.child_schemas(scoped, node, i)[0], item) for i, item in enumerate(node)]
        severe_uniform = _uniform(w, node, ptr, items)
        if not severe_uniform:
            _enum_first_in_list(w, node, ptr, items)
        first: dict[str, tuple[int, int, int]] = {}  # item text → (index, its leaves' span)
        for i, item in enumerate(node):
            key = canonical(item)
            if key in first:  # a copy: its signals are those of the first one, its leaves too
                _, start, end = first[key]
                cut = len(ptr) + 1
                w.leaves += [(ptr + (i,) + p[cut:], u, st) for p, u, st in w.leaves[start:end]]
                continue
            start = len(w.leaves)
            _node(w, item, ptr + (i,), items[i], False, declared, True)
            first[key] = (i, start, len(w.leaves))
        return
    structure = node is None or isinstance(node, bool) or (isinstance(node, str) and f.constrained)
    w.leaves.append((ptr, units(node), structure))
    if isinstance(node, str):
        _text(w, node, ptr, f, declared)


def _uniform(w: Walk, node: list[Any], ptr: Pointer, items: list[list[Scoped]]) -> bool:
    t = w.thresholds
    eligible = [
        canonical(item) for item, sc in zip(node, items)
        if isinstance(item, (dict, list)) or (isinstance(item, str) and item.strip() and not schemas.facts(sc).constrained)
    ]
    n = len(eligible)
    if n < t.min_items:
        return False
    value, top = Counter(eligible).most_common(1)[0]
    share = top / n
    if share <= t.uniform_share:
        return False
    severe = share >= t.uniform_severe
    w.emit(
        "uniform_list", severe, ptr, f"{top} of {n} items are identical",
        {"identical": top, "items": n, "share": round(share, 3), "item": shown(json.loads(value), 200)},
    )
    return severe


def _enum_first_in_list(w: Walk, node: list[Any], ptr: Pointer, items: list[list[Scoped]]) -> None:
    if len(node) < w.thresholds.min_items or not all(isinstance(item, dict) for item in node):
        return
    for key in node[0]:
        if not is_classification(key) or not all(key in item for item in node):
            continue
        per_item = [schemas.expand(schemas.child_schemas(sc, item, key)[0], item[key]) for item, sc in zip(node, items)]
        enum = schemas.facts(per_item[0]).enum
        if enum is None or len(enum) < 2 or isinstance(node[0][key], (dict, list)):
            continue
        if all(schemas.same(item[key], enum[0]) for item in node):
            where = json_path(ptr) + "[*]" + json_path((key,))[1:]
            w.signals.append(Signal(
                "enum_first_value", False, ptr,
                f"{where}: all {len(node)} items hold {shown(enum[0])}, the first of the enum's {len(enum)} values",
                {"field": key, "value": enum[0], "enum_size": len(enum), "items": len(node)},
                [ptr + (i, key) for i in range(len(node))],
            ))


def _text(w: Walk, value: str, ptr: Pointer, f: schemas.Facts, declared: bool) -> None:
    t = w.thresholds
    allowed = (f.enum is not None and value in f.enum) or (bool(f.const) and f.const[0] == value)
    if not value.strip():
        if not declared and not allowed:
            w.emit("blank_string", True, ptr, "the value is blank", {"value": value})
        return
    if allowed:
        return
    name = _snake(str(ptr[-1])) if ptr and isinstance(ptr[-1], str) else ""
    norm = re.sub(r"\s+", " ", _TRIM.sub("", value.strip())).lower()
    whole = (
        norm in _STUB_WHOLE or norm.startswith("lorem ipsum") or bool(_X_RUN.match(norm)) or bool(_DOTS.match(value))
        or bool(_TEMPLATE.match(value)) or bool(_FILL_HERE.match(norm))
    )
    if whole and norm in ("test", "testing", "测试", "測試") and set(name.split("_")) & _LEGIT_TEST:
        whole = False
    if whole:
        w.emit("stub_value", True, ptr, f"the whole value {shown(value.strip())} is a placeholder", {"value": value, "where": "whole"})
        return
    m = _IN_TEXT_CASED.search(value) or _IN_TEXT.search(value)
    if m:
        w.emit("stub_value", False, ptr, f"placeholder {shown(m.group(0))} inside the text", {"marker": m.group(0), "where": "inside"})
    found = words(value)
    marker = _MARKER.search(value)
    ell = _ELLIPSIS.search(value)
    if marker or (ell and len(found) >= t.truncation_min_words):
        end = (marker or ell).group(1)  # type: ignore[union-attr]  # one of the two matched
        w.emit(
            "truncation", False, ptr, f"the text ends with {shown(end.strip())} after {len(found)} words: cut off?",
            {"ending": end.strip(), "words": len(found)},
        )
    if len(found) >= t.repetitive_min_words:
        ratio, distinct = _distinct(found, t.repetitive_window)
        if ratio < t.repetitive_distinct:
            if len(found) <= t.repetitive_window:
                msg = f"{len(found)} words with {distinct} distinct ones"
            else:
                msg = f"{len(found)} words with on average {ratio * t.repetitive_window:.1f} distinct in every {t.repetitive_window}"
            w.emit("repetitive_text", True, ptr, msg, {"words": len(found), "distinct": distinct, "ratio": round(ratio, 3), "window": t.repetitive_window})


def _distinct(tokens: list[str], window: int) -> tuple[float, int]:
    """(share of distinct words, distinct words in the whole text): the plain share up to
    ``window`` words, else the moving average over every window of that many (MATTR), which
    does not fall with the length of a text."""
    distinct = len(set(tokens))
    if len(tokens) <= window:
        return distinct / len(tokens), distinct
    counts = Counter(tokens[:window])
    total = len(counts)
    for i in range(window, len(tokens)):
        out, new = tokens[i - window], tokens[i]
        counts[out] -= 1
        if not counts[out]:
            del counts[out]
        counts[new] += 1
        total += len(counts)
    return total / (len(tokens) - window + 1) / window, distinct


def across_outputs(walks: list[Walk], min_outputs: int) -> dict[int, list[Signal]]:
    """``enum_first_value`` across a set: a field outside any list that holds its enum's first
    value in every one of at least ``min_outputs`` outputs (each gets the finding)."""
    if len(walks) < min_outputs:
        return {}
    common = set(walks[0].enum_fields)
    for wk in walks[1:]:
        common &= set(wk.enum_fields)
    out: dict[int, list[Signal]] = {}
    for ptr in sorted(common, key=lambda p: [str(x) for x in p]):
        firsts = [wk.enum_fields[ptr] for wk in walks]
        if all(schemas.same(value, enum[0]) for value, enum in firsts):
            value, enum = firsts[0]
            for i, _ in enumerate(walks):
                out.setdefault(i, []).append(Signal(
                    "enum_first_value", False, ptr,
                    f"{json_path(ptr)}: holds {shown(value)}, the first of the enum's {len(enum)} values, in all {len(walks)} outputs",
                    {"value": value, "enum_size": len(enum), "outputs": len(walks)}, [ptr],
                ))
    return out
