"""Lazy source positions: map a JSON pointer to a :class:`~linter.model.Region` on demand.

Positions matter only when a finding is reported, so :func:`make_locator` does no work: the
first :meth:`Locator.region` call scans (JSON) or composes (YAML) the text, and a clean file
never pays for it. The one exception: a JSON file's parse (:func:`parse_indexed`, used by the
loader) indexes the top levels of the text as it reads them, and the file's locator starts with
that index instead of scanning the text again (a clean file's parse costs about a fifth more
than ``json.loads`` alone; a file with findings saves the scan, which cost more).

Conventions (shared by both syntaxes):

- Lines and columns are 1-based and counted in Unicode code points (Python ``str`` indexes),
  what SARIF calls ``columnKind: unicodeCodePoints``; ``end_column`` is exclusive.
- A line ends at ``\\n``, at ``\\r\\n`` (one line end; the ``\\r`` belongs to the line it ends)
  or at a lone ``\\r``, as SARIF, GitHub and VS Code count lines. Other Unicode separators
  (``\\x85``, ``\\u2028``, ...) do not end a line, even though YAML itself treats them as breaks.
- A leading BOM (``\\ufeff``) is not a column: line 1 columns start after it. ``char_offset``
  still counts it, because it indexes the text a fix writer splices.
- A mapping member spans from its key to the end of its value (so the reported line is the
  key's line); an array element spans the element; the empty pointer spans the document value.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from array import array
from bisect import bisect_right
from itertools import accumulate, islice
from json.decoder import scanstring  # type: ignore[attr-defined]  # public at runtime (the C scanner), missing from typeshed
from typing import Any, Callable, Generator, cast

import yaml
from yaml.nodes import CollectionNode, MappingNode, Node, ScalarNode, SequenceNode

from linter import _recache
from linter.model import Pointer, Region

__all__ = ["Locator", "JsonLocator", "YamlLocator", "make_locator"]

_BOM = "\ufeff"
_LINE_END = _recache.compile(r"(\r\n?|\n)")


def make_locator(text: str, syntax: str) -> Locator:
    """A locator for ``text``; nothing is parsed until the first :meth:`Locator.region`."""
    if syntax == "json":
        return JsonLocator(text)
    if syntax == "yaml":
        return YamlLocator(text)
    raise ValueError(f"unknown syntax: {syntax!r} (expected 'json' or 'yaml')")


def _index(part: str | int) -> int | None:
    """An array index from a pointer part (``0`` or ``"0"``); None when it cannot be one."""
    if isinstance(part, int):
        return part if part >= 0 else None
    if part.isascii() and part.isdigit():
        return int(part)
    return None


class Locator(ABC):
    """Pointer → region for one file's text. Subclasses find spans; this class does lines."""

    __slots__ = ("text", "_line_starts")

    def __init__(self, text: str) -> None:
        self.text = text
        self._line_starts: array[int] | None = None

    @abstractmethod
    def _span(self, pointer: Pointer) -> tuple[int, int] | None:
        """``(start, end)`` code-point offsets of the pointer's node, None when it is absent."""

    def region(self, pointer: Pointer) -> Region | None:
        """Where ``pointer`` stands in the text, or None when it does not exist there."""
        span = self._span(tuple(pointer))
        if span is None:
            return None
        start, end = span
        start_line, start_column = self.line_col(start)
        end_line, end_column = self.line_col(end)
        return Region(start_line, start_column, end_line, end_column, start, end - start)

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column (code points) of a 0-based code-point offset."""
        starts = self._line_starts
        if starts is None:
            starts = self._line_starts = self._compute_line_starts()
        line = bisect_right(starts, offset)
        column = offset - starts[line - 1] + 1
        if line == 1 and column > 1 and self.text.startswith(_BOM):
            column -= 1
        return line, column

    def _compute_line_starts(self) -> array[int]:
        """Offsets where lines begin, computed once at C speed (no per-line Python loop: a
        20 MB file has about a million lines) and kept compact."""
        text = self.text
        if text.count("\r") == text.count("\r\n"):  # no lone CR: "\n" ends every line
            lengths = map((1).__add__, map(len, text.split("\n")))
            starts = array("q", accumulate(lengths, initial=0))
            starts.pop()  # past the end: there is no line after the last one
        else:
            pieces = _LINE_END.split(text)  # line, separator, line, separator, ..., line
            starts = array("q", [0])
            starts.extend(islice(accumulate(map(len, pieces)), 1, None, 2))
        return starts


# --------------------------------------------------------------------------------------- JSON

_WS = r"[ \t\n\r]*"
# a string, its loop unrolled (runs of plain characters, then one escape at a time): the
# same strings as ``"(?:[^"\\]++|\\.)*+"``, a quarter faster to skip in the regex engine
_STRING = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"'
_SCALAR = r'[^"\s,:{}\[\]]++'  # number, true, false, null (NaN, Infinity)
_SKIP_DEPTH = 48  # values nested deeper are skipped by the C decoder instead
_EAGER_SIZE = 65536  # a visited container this large indexes one more level ahead ...
_EAGER_GROWTH = 64  # ... and one more for each further 64x (see JsonLocator)

_JSON_WS = _recache.compile(_WS)
_JSON_NEXT = _recache.compile(_WS + r"([,}\]])")
_JSON_EMPTY = _recache.compile(_WS + r"[}\]]")
_KEY = _WS + '"([^"\\\\]*+(?:\\\\.[^"\\\\]*+)*+)"' + _WS + ":" + _WS
# an object member up to its value: key (group 1, unquoted), then either a string/scalar value
# (group 2) and its separator (group 3), or the opening bracket of a container value
_JSON_MEMBER = _recache.compile(
    _KEY + "(?:(" + _STRING + "|" + _SCALAR + ")" + _WS + "([,}])|[{\\[])", re.S
)
_JSON_KEY = _recache.compile(_STRING, re.S)
# an array element: a string/scalar (group 2) and its separator (group 3), or the opening
# bracket of a container; group 1 is empty where a member has its key, so the groups number as
# in _JSON_MEMBER and arrays share the object loop
_JSON_ITEM = _recache.compile(
    "()" + _WS + "(?:(" + _STRING + "|" + _SCALAR + ")" + _WS + r"([,\]])|[{\[])", re.S
)


def _container_pattern(depth: int) -> str:
    """A JSON container nested at most ``depth`` deep. It only finds where a container of
    already-parsed JSON ends (bracket kinds are not paired, nothing is validated), faster than
    the C decoder because it builds no objects (a fifth less time on SMALL's largest specs);
    possessive quantifiers keep it linear. Each body is written unrolled, a run of plain
    characters and then (string, run)*, and each nested container is followed by such a body:
    the same texts and ends as ``(?:[^"{}[\\]]++|string|container)*+`` (a test compares the
    two), with one pass of the repeat per string or container instead of one per run and per
    string, which took ``re`` 13 % more instructions on SMALL's position lookups."""
    body = r'[^"{}\[\]]*+(?:' + _STRING + r'[^"{}\[\]]*+)*+'
    container = r"[{\[]" + body + r"[}\]]"
    for _ in range(depth - 1):
        container = r"[{\[]" + body + r"(?:" + container + body + r")*+[}\]]"
    return container


# Compiled at import, from the compiled-pattern cache (linter/_recache.py): in the parent, before a
# pool forks, not once in every worker (each compile of the 48-deep skipper took ~4 ms).
_SKIPPED = _container_pattern(_SKIP_DEPTH)
# the end of a container value, found without building objects (nested at most _SKIP_DEPTH deep)
_SKIPPER = _recache.compile(_SKIPPED, re.S)
# A whole object member (key in group 1) and a whole array element, each with its value (group 2,
# a container value skipped by _SKIPPED inside the same match) and its separator (group 3): one
# match per member where the general loop makes three (member, skip, separator), with the same
# value end as _SKIPPER finds; a member they do not match (a value nested deeper than they reach,
# malformed text) is left to the general loop. Unlike JsonLocator._container they do not look up
# the memo of indexed containers first: they serve containers indexed for the first time, and a walk
# indexes a container before anything inside it, so none of their values is indexed yet.
_VALUE = "(" + _STRING + "|" + _SCALAR + "|" + _SKIPPED + ")"
_WHOLE_MEMBER = _recache.compile(_KEY + _VALUE + _WS + "([,}])", re.S)
_WHOLE_ITEM = _recache.compile("()" + _WS + _VALUE + _WS + r"([,\]])", re.S)


def _eager_levels(size: int) -> int:
    """How many levels below a visited container of ``size`` characters to index now."""
    levels = 1
    while size >= _EAGER_SIZE:
        levels += 1
        size //= _EAGER_GROWTH
    return levels


_ObjectIndex = dict[str, tuple[int, int, int]]  # key → (key start, value start, value end)
_ArrayIndex = list[tuple[int, int]]  # element → (start, end)


class JsonLocator(Locator):
    """Finds spans by scanning only the containers a pointer walks through.

    A visited container's members are scanned once — one regex match per member; values are
    skipped at C speed without building objects — and memoized by the container's start
    offset, so later lookups there are O(1). The containers nested in it are indexed the same
    way one level ahead (two or three for containers over 64 KB / 4 MB) instead of being
    skipped: skipping costs as much as indexing, and the next lookup would otherwise scan the
    same characters again (this cut the time of 5,000 lookups in a 20 MB spec by a quarter).
    Deeper levels stay unscanned: no position tree of the whole document is built.
    Duplicate keys resolve to the last one, as ``json.loads`` does. Malformed text yields None
    rather than an exception.
    """

    __slots__ = ("_objects", "_arrays", "_decode", "_root", "_repeats")

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._repeats: dict[int, list[tuple[str, int]]] = {}
        self._objects: dict[int, tuple[_ObjectIndex, int]] = {}
        self._arrays: dict[int, tuple[_ArrayIndex, int]] = {}
        self._decode: Callable[[str, int], tuple[Any, int]] | None = None
        self._root: int | None = None

    def _span(self, pointer: Pointer) -> tuple[int, int] | None:
        got = self._walk(pointer)
        return None if got is None else (got[0], got[2])

    def _walk(self, pointer: Pointer) -> tuple[int, int, int] | None:
        """``(span start, value start, end)`` at ``pointer``: the span starts at a member's key,
        the value after it. None when it is absent or the text is malformed."""
        text = self.text
        try:
            if self._root is None:
                self._root = _JSON_WS.match(text, 1 if text.startswith(_BOM) else 0).end()  # type: ignore[union-attr]  # a \s* pattern always matches
            start = self._root
            if not pointer:
                return start, start, self._skip(start)
            span_start, end = start, len(text)
            objects, arrays = self._objects, self._arrays
            for part in pointer:
                opener = text[start : start + 1]
                if opener == "{":
                    members = objects.get(start)
                    if members is None:
                        members = self._object(start, _eager_levels(end - start))
                    member = members[0].get(str(part))
                    if member is None:
                        return None
                    span_start, start, end = member
                elif opener == "[":
                    elements = arrays.get(start)
                    if elements is None:
                        elements = self._array(start, _eager_levels(end - start))
                    items = elements[0]
                    at = _index(part)
                    if at is None or at >= len(items):
                        return None
                    span_start, end = items[at]
                    start = span_start
                else:
                    return None
            return span_start, start, end
        except (ValueError, IndexError, StopIteration):
            return None

    def _skip(self, start: int) -> int:
        """End of the JSON value at ``start``."""
        if self.text[start : start + 1] in ("{", "["):
            return self._container(start, 0)
        return self._decoded_end(start)

    def _decoded_end(self, start: int) -> int:
        """End of the value at ``start`` by the C decoder: scalars at the root, and containers
        nested deeper than the skipping regex handles."""
        decode = self._decode
        if decode is None:
            decode = self._decode = json.JSONDecoder(strict=False).scan_once  # type: ignore[attr-defined]  # set by JSONDecoder.__init__, missing from typeshed
        return decode(self.text, start)[1]

    def _container(self, start: int, eager: int) -> int:
        """End of the container at ``start``: indexed while ``eager`` > 0, else skipped."""
        if eager > 0:
            if self.text[start] == "{":
                return self._object(start, eager - 1)[1]
            return self._array(start, eager - 1)[1]
        done = self._objects.get(start) or self._arrays.get(start)
        if done is not None:
            return done[1]
        match = _SKIPPER.match(self.text, start)
        return match.end() if match is not None else self._decoded_end(start)

    def _object(self, start: int, eager: int) -> tuple[_ObjectIndex, int]:
        cached = self._objects.get(start)
        if cached is None:
            cached = self._objects[start] = cast("tuple[_ObjectIndex, int]", self._members(start, eager, True))
        return cached

    def _array(self, start: int, eager: int) -> tuple[_ArrayIndex, int]:
        cached = self._arrays.get(start)
        if cached is None:
            cached = self._arrays[start] = cast("tuple[_ArrayIndex, int]", self._members(start, eager, False))
        return cached

    def _members(
        self, start: int, eager: int, is_object: bool
    ) -> tuple[_ObjectIndex | _ArrayIndex, int]:
        """Index the object or array at ``start``: one loop for both, as their grammar differs
        only in the key (the item patterns have an empty group 1 where a member has its key).
        With ``eager`` 0 each member is one match of the skipping pattern; a member it does not
        match (a value nested too deep for the regex, or malformed text) takes the general
        path: the member pattern, then the value indexed or skipped, then its separator."""
        text = self.text
        if is_object:
            general, close = _JSON_MEMBER, "}"
            members: _ObjectIndex = {}
        else:
            general, close = _JSON_ITEM, "]"
            items: _ArrayIndex = []
        whole = (_WHOLE_MEMBER if is_object else _WHOLE_ITEM) if eager <= 0 else None
        i = start + 1
        first = True
        while True:
            # ``regs`` holds every group's span at once: one attribute read instead of a
            # method call per group (this loop runs once per member of every visited container)
            m = whole.match(text, i) if whole is not None else None
            if m is not None:
                _, (key_start, key_end), (value_start, value_end), (sep_at, i) = m.regs
                separator = text[sep_at]
            else:
                m = general.match(text, i)
                if m is None:
                    if first:
                        empty = _JSON_EMPTY.match(text, i)
                        if empty is not None:
                            end = empty.end()
                            break
                    what = "an object member" if is_object else "an array element"
                    raise ValueError(f"expected {what} at {i}")
                (_, i), (key_start, key_end), (value_start, value_end), (sep_at, _) = m.regs
                if sep_at >= 0:  # a string or scalar value and its separator
                    separator = text[sep_at]
                else:
                    value_start = i - 1
                    value_end = self._container(value_start, eager)
                    sep = _JSON_NEXT.match(text, value_end)
                    if sep is None:
                        raise ValueError(f"expected ',' or '{close}' at {value_end}")
                    separator, i = sep.group(1), sep.end()
            first = False
            if is_object:
                key = text[key_start:key_end]
                if "\\" in key:
                    key = scanstring(text, key_start, False)[0]
                if key in members:
                    self._repeats.setdefault(start, []).append((key, key_start - 1))
                members[key] = (key_start - 1, value_start, value_end)
            else:
                items.append((value_start, value_end))
            if separator != ",":
                if separator != close:
                    raise ValueError(f"expected ',' or '{close}' before {i}")
                end = i
                break
        return (members if is_object else items), end

    def repeated_keys(self, pointer: Pointer) -> list[tuple[str, int, int, int]]:
        """The keys the object at ``pointer`` repeats, one entry per repeat, in text order:
        ``(key, start of its first occurrence, start and end of the repeat)`` (the quoted key
        token). Empty when the value there is not an object."""
        span = self.value_span(pointer)
        if span is None or self.text[span[0] : span[0] + 1] != "{":
            return []
        try:
            self._object(span[0], 0)  # indexing it records its repeats
        except (ValueError, IndexError, StopIteration):
            return []
        repeats = self._repeats.get(span[0], [])
        firsts: dict[str, int] = {}
        out = []
        for key, at in repeats:
            first = firsts.get(key)
            if first is None:  # the earliest place of the key is before its first repeat
                first = firsts[key] = self._first_key(span[0], key, at)
            end = _JSON_KEY.match(self.text, at)
            out.append((key, first, at, end.end() if end else at + 1))
        return out

    def _first_key(self, start: int, key: str, repeat: int) -> int:
        """Where ``key`` first occurs as a member of the object at ``start`` (before ``repeat``)."""
        text, i = self.text, start + 1
        while i < repeat:
            m = _JSON_MEMBER.match(text, i)
            if m is None:
                break
            name = m.group(1)
            if "\\" in name:
                name = scanstring(text, m.start(1), False)[0]
            if name == key:
                return m.start(1) - 1
            if m.group(3) is not None:
                i = m.end()
            else:
                sep = _JSON_NEXT.match(text, self._container(m.end() - 1, 0))
                if sep is None:
                    break
                i = sep.end()
        return repeat

    # ---- spans for the fix writers (linter/fixes), which splice text instead of re-dumping

    def value_span(self, pointer: Pointer) -> tuple[int, int] | None:
        """``(start, end)`` of the value at ``pointer`` itself (a member's value, without its
        key), or None when it is absent or the text is malformed."""
        got = self._walk(pointer)
        return None if got is None else (got[1], got[2])

    def object_members(
        self, pointer: Pointer
    ) -> tuple[int, int, list[tuple[str, int, int, int]]] | None:
        """The object at ``pointer`` as ``(start, end, members)``: ``start`` is its ``{``,
        ``end`` is just past its ``}``, ``members`` are ``(key, key start, value start, value
        end)`` in text order (a duplicated key once, at its last place, as ``json.loads``
        keeps it). None when the value there is not an object."""
        span = self.value_span(pointer)
        if span is None or self.text[span[0] : span[0] + 1] != "{":
            return None
        try:
            members, end = self._object(span[0], 0)
        except (ValueError, IndexError, StopIteration):
            return None
        ordered = sorted(((k, *v) for k, v in members.items()), key=lambda m: m[1])
        return span[0], end, ordered


# ------------------------------------------------------------- JSON parsed with its top levels indexed

# Containers down to this depth (the root is 0) are parsed member by member and indexed as they are
# parsed: the root, `paths` and `components`, and then each path item and `components/schemas`,
# whose members are the operations and the schemas most positions are looked up in. The first
# lookup would otherwise index the root, one level ahead or more, by scanning the whole text again
# (on SMALL that scan was half of the lookups' time; indexing as the parse goes took 8 % off the
# instructions of a whole check).
INDEX_DEPTH = 2
_BLANKS = " \t\n\r"  # JSON's whitespace (what _JSON_WS skips)


def parse_indexed(
    text: str, scan_once: Callable[[str, int], tuple[Any, int]], object_hook: Callable[[dict[str, Any]], Any],
    max_members: int,
) -> tuple[Any, JsonLocator]:
    """``json.loads(text, object_hook=object_hook)``, and a :class:`JsonLocator` of ``text``
    that already holds the index of every container down to :data:`INDEX_DEPTH`.

    Those containers are parsed here, one member at a time as the C scanner parses an object
    (``scanstring`` for a key, JSON's four blanks, ``:``, ``,``; a repeated key keeps its first
    place and takes the last value); every value below them is parsed by ``scan_once``, the C
    scanner of a decoder made with ``object_hook``, which calls it on every object here as
    the scanner does there. So the tree is the one ``json.loads`` makes. This parser only
    reads well-formed JSON: on anything else it raises (``ValueError``, ``IndexError``,
    ``StopIteration`` from the scanner) and the caller parses with ``json.loads``, which says
    what is wrong. More than ``max_members`` members and elements parsed here raise too: a
    text of many tiny members near the root (no spec) would cost more here than in C.

    Blanks are skipped by a pattern only where there are some (minified JSON has none): the
    pattern call cost more than the rest of a member."""
    loc = JsonLocator(text)
    objects, arrays, repeats = loc._objects, loc._arrays, loc._repeats
    blanks = _JSON_WS.match
    left = max_members

    def container(i: int, depth: int) -> tuple[Any, int]:
        # one loop for objects and arrays, as in JsonLocator._members: they differ in the key only
        nonlocal left
        deeper = depth < INDEX_DEPTH
        is_object = text[i] == "{"
        close = "}" if is_object else "]"
        obj: dict[str, Any] = {}
        members: _ObjectIndex = {}
        array_: list[Any] = []
        items: _ArrayIndex = []
        j = i + 1
        if text[j] in _BLANKS:
            j = blanks(text, j).end()  # type: ignore[union-attr]  # a blanks pattern always matches
        if text[j] == close:
            end = j + 1
        else:
            while True:
                left -= 1
                if left < 0:
                    raise ValueError("too many members to index while parsing")
                if is_object:
                    if text[j] != '"':
                        raise ValueError(f"expected a key at {j}")
                    key, v = scanstring(text, j + 1, True)
                    if text[v] != ":":
                        v = blanks(text, v).end()  # type: ignore[union-attr]
                        if text[v] != ":":
                            raise ValueError(f"expected ':' at {v}")
                    v += 1
                    if text[v] in _BLANKS:
                        v = blanks(text, v).end()  # type: ignore[union-attr]
                else:
                    v = j
                if deeper and text[v] in "{[":
                    value, value_end = container(v, depth + 1)
                else:
                    value, value_end = scan_once(text, v)
                if not is_object:
                    items.append((v, value_end))
                    array_.append(value)
                else:
                    if key in members:
                        repeats.setdefault(i, []).append((key, j))
                    members[key] = (j, v, value_end)
                    obj[key] = value
                j = value_end
                if text[j] in _BLANKS:
                    j = blanks(text, j).end()  # type: ignore[union-attr]
                if text[j] == ",":
                    j += 1
                    if text[j] in _BLANKS:
                        j = blanks(text, j).end()  # type: ignore[union-attr]
                    continue
                if text[j] != close:
                    raise ValueError(f"expected ',' or '{close}' at {j}")
                end = j + 1
                break
        if is_object:
            objects[i] = (members, end)
            return object_hook(obj), end
        arrays[i] = (items, end)
        return array_, end

    root = blanks(text, 0).end()  # type: ignore[union-attr]
    if text[root : root + 1] in ("{", "["):
        tree, end = container(root, 0)
    else:
        tree, end = scan_once(text, root)
    if blanks(text, end).end() != len(text):  # type: ignore[union-attr]
        raise ValueError(f"extra data at {end}")
    loc._root = root
    return tree, loc


# --------------------------------------------------------------------------------------- YAML

_MERGE_TAG = "tag:yaml.org,2002:merge"
_STR_TAG = "tag:yaml.org,2002:str"
# Where an alias stands after a key or a previous item: skip separators, comments and the
# collection's own anchor or tag, then `*name`.
_ALIAS = _recache.compile(r"(?:[\s,:\-\[{?]|#[^\r\n]*|[&!][^\s,\[\]{}]*)*(\*[^\s,\[\]{}]+)")

_Pair = tuple[Node, Node]


class _MapIndex:
    """One mapping's members (merged ones included) by key text."""

    __slots__ = ("by_value", "by_resolved")

    def __init__(self) -> None:
        self.by_value: dict[str, _Pair] = {}
        self.by_resolved: dict[str, _Pair] = {}


class YamlLocator(Locator):
    """Finds spans on PyYAML's composed node graph (C loader when available).

    The text is composed once, on the first lookup; only the first document of a stream is
    used. Aliases compose to the very node they name, so a pointer *through* an alias resolves
    into the anchored node and its region is the anchor's place; a pointer *to* an aliased
    member or item spans the ``*alias`` text itself. A member that comes from a merge key
    (``<<: *base``) is located in the mapping it was merged from, chosen with the precedence the
    loaded tree has (see :meth:`_merged_pairs`). Keys match by their scalar text first, then
    by ``str()`` of their resolved value (``200`` → ``"200"``, ``0x10`` → ``"16"``, ``yes`` →
    ``"True"``); duplicate keys resolve to the last, as in the loaded dict.
    """

    __slots__ = ("_body", "_shift", "_composed", "_doc", "_maps", "_items", "_constructor")

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._body = text
        self._shift = 0
        self._composed = False
        self._doc: Node | None = None
        self._maps: dict[int, _MapIndex] = {}
        self._items: dict[int, list[tuple[int, int]]] = {}
        self._constructor: yaml.constructor.SafeConstructor | None = None

    def _root(self) -> Node | None:
        if not self._composed:
            self._composed = True
            if self.text.startswith(_BOM):
                # libyaml does not count the BOM in mark indexes; strip it and shift instead
                self._body, self._shift = self.text[1:], 1
            loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            documents = cast(Generator[Node, None, None], yaml.compose_all(self._body, Loader=loader))  # a generator; typeshed says Iterator
            # composing allocates a node per scalar; the cyclic GC rescanning them all made it
            # ~5x slower on a 3 MB spec: callers compose with it paused (linter/_gc.py)
            try:
                self._doc = next(documents, None)
            except yaml.YAMLError:
                self._doc = None
            finally:
                documents.close()
        return self._doc

    def _span(self, pointer: Pointer) -> tuple[int, int] | None:
        node = self._root()
        if node is None:
            return None
        if not pointer:
            return node.start_mark.index + self._shift, self._end(node) + self._shift
        span = (0, 0)
        for part in pointer:
            if isinstance(node, MappingNode):
                pair = self._lookup(node, str(part))
                if pair is None:
                    return None
                key, node = pair
                span = (key.start_mark.index, self._member_end(key, node))
            elif isinstance(node, SequenceNode):
                index = _index(part)
                if index is None or index >= len(node.value):
                    return None
                span = self._item_spans(node)[index]
                node = node.value[index]
            else:
                return None
        return span[0] + self._shift, span[1] + self._shift

    def _lookup(self, node: MappingNode, key: str) -> _Pair | None:
        index = self._maps.get(id(node))
        if index is None:
            index = self._maps[id(node)] = _MapIndex()
            pairs = node.value
            if any(k.tag == _MERGE_TAG for k, _ in pairs):
                pairs = self._merged_pairs(node)
            for pair in pairs:  # in load order: a later pair overwrites, as in the dict
                key_node = pair[0]
                if isinstance(key_node, ScalarNode) and key_node.tag != _MERGE_TAG:
                    index.by_value[key_node.value] = pair
                    if key_node.tag != _STR_TAG:
                        resolved = self._resolved(key_node)
                        if resolved is not None:
                            index.by_resolved[resolved] = pair
        return index.by_value.get(key) or index.by_resolved.get(key)

    def _merged_pairs(self, node: MappingNode) -> list[_Pair]:
        """The pairs of a mapping with merge keys, in the order the loaded dict is built.

        PyYAML's own ``flatten_mapping`` runs on a copy of the merge graph (it rewrites the
        nodes it flattens), so the member found is the one the tree holds, whatever that
        PyYAML version's precedence (the YAML spec: explicit keys, then earlier mappings of
        ``<<: [*a, *b]``; PyYAML 6.0.4 lets a later one win for keys longer than one
        character). The pairs keep their original key and value nodes, so a merged member is
        located in the mapping it was merged from.
        """
        copies: dict[int, MappingNode] = {}

        def copy(n: Node) -> Node:
            if isinstance(n, MappingNode):
                done = copies.get(id(n))
                if done is None:
                    done = copies[id(n)] = MappingNode(n.tag, [], n.start_mark, n.end_mark)
                    done.value = [(k, copy(v) if k.tag == _MERGE_TAG else v) for k, v in n.value]
                return done
            if isinstance(n, SequenceNode):
                items = [copy(item) for item in n.value]
                return SequenceNode(n.tag, items, n.start_mark, n.end_mark)
            return n

        flat = copy(node)
        assert isinstance(flat, MappingNode)
        try:
            self._safe_constructor().flatten_mapping(flat)
        except (yaml.YAMLError, RecursionError):  # PyYAML cannot load it either
            return [pair for pair in node.value if pair[0].tag != _MERGE_TAG]
        return list(flat.value)

    def _safe_constructor(self) -> yaml.constructor.SafeConstructor:
        if self._constructor is None:
            self._constructor = yaml.constructor.SafeConstructor()
        return self._constructor

    def _resolved(self, key: ScalarNode) -> str | None:
        """``str()`` of the value a non-string scalar key loads as (the tree's key)."""
        try:
            return str(self._safe_constructor().construct_object(key))
        except (yaml.YAMLError, ValueError, TypeError):
            return None

    def _alias_end(self, after: int) -> int:
        return self._alias_span(after)[1]

    def _alias_span(self, after: int) -> tuple[int, int]:
        """The ``*name`` text that follows offset ``after`` (an aliased value or item)."""
        match = _ALIAS.match(self._body, after)
        return (match.start(1), match.end(1)) if match else (after, after)

    def _member_end(self, key: Node, value: Node) -> int:
        if value.start_mark.index < key.end_mark.index:  # composed earlier: an alias
            return self._alias_end(key.end_mark.index)
        return self._end(value)

    def _item_spans(self, seq: SequenceNode) -> list[tuple[int, int]]:
        """Spans of a sequence's items, computed once. An item that starts no later than the
        previous one ended was composed earlier: it is an alias, located by its ``*name``."""
        spans = self._items.get(id(seq))
        if spans is not None:
            return spans
        spans = []
        boundary = seq.start_mark.index
        for item in seq.value:
            start = item.start_mark.index
            span = self._alias_span(boundary) if start <= boundary else (start, self._end(item))
            spans.append(span)
            boundary = span[1]
        self._items[id(seq)] = spans
        return spans

    def _end(self, node: Node) -> int:
        """Where a node's text really ends: a block collection's end mark lies at the next
        token (after trailing comments and blank lines), so follow its last child instead; a
        block scalar's end mark is past its trailing line breaks, so trim them."""
        while True:
            if isinstance(node, ScalarNode):
                end = node.end_mark.index
                if node.style in ("|", ">"):
                    start, body = node.start_mark.index, self._body
                    while end > start and body[end - 1] in " \t\r\n":
                        end -= 1
                return end
            assert isinstance(node, CollectionNode)
            if node.flow_style or not node.value:
                return node.end_mark.index
            if isinstance(node, SequenceNode):
                return self._item_spans(node)[-1][1]
            key, value = node.value[-1]
            if value.start_mark.index < key.end_mark.index:
                return self._alias_end(key.end_mark.index)
            node = value

    # ---- spans for the fix writers (linter/fixes), which splice text instead of re-dumping

    def node(self, pointer: Pointer) -> Node | None:
        """The composed node at ``pointer`` (through an alias: the anchored node), None when
        absent. Its marks index the text without a BOM: use :meth:`node_span` for offsets."""
        node = self._root()
        for part in pointer:
            if isinstance(node, MappingNode):
                pair = self._lookup(node, str(part))
                node = None if pair is None else pair[1]
            elif isinstance(node, SequenceNode):
                index = _index(part)
                node = node.value[index] if index is not None and index < len(node.value) else None
            else:
                return None
        return node

    def item_spans(self, seq: SequenceNode) -> list[tuple[int, int]]:
        """``(start, end)`` in ``text`` of each item of a composed sequence (an aliased item:
        its ``*name``); the text between them holds only ``-``, ``,``, brackets, blanks and
        comments, which a writer that splices item by item leaves alone."""
        shift = self._shift
        return [(s + shift, e + shift) for s, e in self._item_spans(seq)]

    def node_span(self, node: Node) -> tuple[int, int]:
        """``(start, end)`` of a composed node in ``text``: a block collection ends where its
        last child's text ends, a block scalar before its trailing line breaks."""
        return node.start_mark.index + self._shift, self._end(node) + self._shift

    def value_span(self, pointer: Pointer) -> tuple[int, int] | None:
        """``(start, end)`` of the value text at ``pointer`` (without its key); for an aliased
        member or item, the ``*name`` text itself. None when absent."""
        node = self._root()
        if node is None:
            return None
        span = (node.start_mark.index, self._end(node))
        for part in pointer:
            if isinstance(node, MappingNode):
                pair = self._lookup(node, str(part))
                if pair is None:
                    return None
                key, node = pair
                span = self._pair_value_span(key, node)
            elif isinstance(node, SequenceNode):
                index = _index(part)
                if index is None or index >= len(node.value):
                    return None
                span = self._item_spans(node)[index]
                node = node.value[index]
            else:
                return None
        return span[0] + self._shift, span[1] + self._shift

    def members(
        self, pointer: Pointer
    ) -> tuple[MappingNode, list[tuple[Node, Node, int, int, int, int]]] | None:
        """The mapping at ``pointer`` and its own pairs in text order (merge keys included,
        merged members not) as ``(key node, value node, key start, key end, value start, value
        end)``; an aliased value spans its ``*name``. None when the node is not a mapping."""
        node = self.node(pointer)
        if not isinstance(node, MappingNode):
            return None
        shift = self._shift
        out = []
        for key, value in node.value:
            value_start, value_end = self._pair_value_span(key, value)
            out.append(
                (
                    key,
                    value,
                    key.start_mark.index + shift,
                    key.end_mark.index + shift,
                    value_start + shift,
                    value_end + shift,
                )
            )
        return node, out

    def _pair_value_span(self, key: Node, value: Node) -> tuple[int, int]:
        if value.start_mark.index < key.end_mark.index:  # composed earlier: an alias
            return self._alias_span(key.end_mark.index)
        return value.start_mark.index, self._end(value)
