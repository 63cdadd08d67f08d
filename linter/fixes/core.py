"""Edits (data) → verified text splices for one file.

An :class:`~linter.model.Edit` says *what* changes in a tree; a writer (``yaml_writer``,
``json_writer``) says *where* in the text and *how it looks* in the file's own style. This
module ties them together:

1. the edits are applied as data to a copy of the tree (the *target*), refusing what cannot be
   meant (a pointer that is not a mapping, an ``add`` over a different existing value, a
   ``replace`` of a missing key) and skipping what is already there (idempotence);
2. every touched mapping is handed to the writer once, with its final keys and values, which
   returns text splices at the recorded spans — the document is never re-dumped;
3. splices are ordered (an edit nested inside another mapping's insertion point goes first),
   refused when they overlap, merged when they touch, and applied in one pass;
4. the result is verified: each touched mapping's new text is re-parsed on its own (cheap, and
   it names the pointer that went wrong), and :func:`plan_source` re-parses the whole file and
   compares it with the target before anything can be written.
"""

from __future__ import annotations

import copy
import math
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence, cast

from linter import _recache
from linter.model import Edit, Pointer, Region, Source, pointer_str
from linter.runctx import FixMemo

if TYPE_CHECKING:
    from linter.fixes.json_writer import JsonWriter
    from linter.fixes.yaml_writer import YamlWriter

__all__ = [
    "Change",
    "FixError",
    "Fragment",
    "Replacement",
    "SplicedFile",
    "first_difference",
    "same_value",
    "splice",
    "verify_whole",
]

_MISSING = object()


class FixError(Exception):
    """An edit the writers refuse; ``str()`` is a one-line reason naming file and pointer.

    ``edits`` are the edits the refusal is about (empty when it concerns the whole file)."""

    def __init__(self, message: str, edits: Sequence[Edit] = ()):
        super().__init__(message)
        self.message = message
        self.edits = tuple(edits)


@dataclass(frozen=True)
class Replacement:
    """A text splice: ``text`` replaces ``source.text[start:end]`` (``start == end`` inserts).

    Offsets are code points into ``source.text`` (which carries no BOM); ``region`` is the same
    range as 1-based lines and columns, what SARIF's ``deletedRegion`` wants."""

    start: int
    end: int
    text: str
    region: Region


@dataclass(frozen=True)
class Change:
    """One key of one mapping as the writer must leave it."""

    key: str  # the key as the edit names it
    value: Any  # the final value (nested edits already folded in)
    new: bool  # not in the file yet: insert a member; else replace the member's value
    old: Any = None  # the value it replaces


@dataclass(frozen=True)
class Splice:
    """A writer's output: replace ``[start, end)`` by ``text``. ``owner`` is the pointer of the
    mapping it edits; ``depth`` orders insertions that meet at one offset (inner first)."""

    start: int
    end: int
    text: str
    owner: Pointer = ()
    depth: int = 0
    seq: int = 0


@dataclass(frozen=True)
class Fragment:
    """The text of one touched mapping, re-parsed on its own to verify it: ``[start, end)``
    of the old text; characters in ``[start, blank_to)`` become spaces first (a ``- `` before a
    block mapping's first key)."""

    start: int
    end: int
    blank_to: int


@dataclass
class SplicedFile:
    """What :func:`splice` made of one source's edits."""

    source: Source
    splices: list[tuple[int, int, str, Any]]  # sorted, merged, non-overlapping
    replacements: list[Replacement]
    applied: list[Edit]
    skipped: list[Edit]
    target: Any  # the tree the new text must parse to
    locally_verified: bool  # every touched mapping re-parsed to its target on its own
    groups: list[Pointer] = field(default_factory=list)
    _text: str | None = None

    @property
    def text(self) -> str:
        """The new ``source.text`` (built on first use: SARIF replacements never need it)."""
        if self._text is None:
            self._text = _apply_splices(self.source.text, self.splices)
        return self._text


# --------------------------------------------------------------------------------- the data


def indent_before(text: str, offset: int) -> str | None:
    """The whitespace between the line start and ``offset`` when nothing else precedes
    ``offset`` on its line, else None. Reads back only over that whitespace (a minified
    line can be megabytes long)."""
    i = offset
    while i > 0 and text[i - 1] in " \t":
        i -= 1
    if i == 0 or text[i - 1] in "\r\n" or (i == 1 and text[0] == "\ufeff"):
        return text[i:offset]
    return None


def _norm(pointer: Sequence[str | int]) -> Pointer:
    return tuple(str(p) for p in pointer)


def _find_key(mapping: dict[Any, Any], key: str | int) -> Any:
    """The tree's own key for ``key`` (YAML keys may be ints or booleans: ``200:``)."""
    if key in mapping:
        return key
    for k in mapping:
        if str(k) == key:
            return k
    return _MISSING


def plain_data(value: Any, where: str) -> Any:
    """A deep copy of an edit's value as JSON-like data (tuples become lists); refuses types
    neither writer can render."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [plain_data(v, where) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise FixError(f"{where}: mapping key {k!r} in the value is not a string")
            out[k] = plain_data(v, where)
        return out
    raise FixError(f"{where}: cannot write a value of type {type(value).__name__}")


def same_value(a: Any, b: Any) -> bool:
    """Equal as data, types included (``1`` ≠ ``1.0`` ≠ ``True``); mapping order ignored."""
    return first_difference(a, b, ordered=False) is None


def first_difference(a: Any, b: Any, *, ordered: bool = True) -> Pointer | None:
    """The first pointer where two trees differ (types and, when ``ordered``, key order
    included; NaN equals NaN), None when they are the same. Iterative: trees can be deep."""
    stack: list[tuple[Any, Any, Pointer]] = [(a, b, ())]
    while stack:
        x, y, at = stack.pop()
        if x is y:
            continue
        if type(x) is not type(y):
            return at
        if isinstance(x, dict):
            if len(x) != len(y):
                return at
            if ordered:
                if list(x) != list(y):
                    return at
            elif x.keys() != y.keys():
                return at
            stack.extend((x[k], y[k], at + (str(k),)) for k in reversed(list(x)))
        elif isinstance(x, list):
            if len(x) != len(y):
                return at
            stack.extend((x[i], y[i], at + (str(i),)) for i in range(len(x) - 1, -1, -1))
        elif isinstance(x, float):
            if not (x == y or (math.isnan(x) and math.isnan(y))):
                return at
        elif x != y:
            return at
    return None


def trees_match(new: Any, target: Any, touched: Sequence[Pointer]) -> Pointer | None:
    """None when ``new`` is ``target``; else the first differing pointer.

    Python's ``==`` runs at C speed on a 20 MB tree; it cannot see ``1`` vs ``True`` or key
    order, so the touched mappings are then compared strictly as well. When ``==`` fails the
    slow strict walk finds where (or finds only NaNs, which ``==`` never equates)."""
    from linter.model import get_at

    if new == target:
        for pointer in touched:
            try:
                diff = first_difference(get_at(new, pointer), get_at(target, pointer))
            except KeyError:
                return pointer
            if diff is not None:
                return pointer + diff
        return None
    return first_difference(new, target)


class _Target:
    """The tree with the edits applied, without copying a 20 MB tree per file: containers on
    the edited paths are copied on first write. A YAML text with anchors shares objects
    between places, and an edit at one place is an edit at all of them: that tree is deep
    copied whole (the copy keeps the sharing)."""

    def __init__(self, tree: Any, shared: bool) -> None:
        self.cow = not shared
        self.root = copy.copy(tree) if self.cow else copy.deepcopy(tree)
        self._copied = {id(self.root)}

    def node(self, pointer: Pointer) -> Any:
        node = self.root
        for part in pointer:
            if isinstance(node, dict):
                key = _find_key(node, part)
                if key is _MISSING:
                    raise KeyError(part)
            elif isinstance(node, list):
                if not str(part).lstrip("-").isdigit():
                    raise KeyError(part)
                key = int(part)
                if not 0 <= key < len(node):
                    raise KeyError(part)
            else:
                raise KeyError(part)
            child = node[key]
            if self.cow and isinstance(child, (dict, list)) and id(child) not in self._copied:
                # what copy.copy does for these two types, without its dispatch
                child = child.copy() if type(child) in (dict, list) else copy.copy(child)
                node[key] = child
                self._copied.add(id(child))
            node = child
        return node


_ALIAS_HINT = re.compile(r"[&*][^\s\[\]{},]")


def _shares(source: Source, memo: FixMemo) -> bool:
    """Whether the YAML tree holds one container at two places (an alias): an edit there is
    an edit everywhere, so the target must keep the sharing. Text without ``&``/``*`` cannot
    alias; otherwise the containers are walked once per source (regex guesses are fooled by
    URLs like ``{&page}`` and markdown ``**bold**``)."""
    cached = memo.aliases.get(source)
    if cached is not None:
        return bool(cached[1])
    shared = False
    if source.syntax == "yaml" and _ALIAS_HINT.search(source.text):
        seen: set[int] = set()
        stack = [source.tree]
        while stack and not shared:
            node = stack.pop()
            if id(node) in seen:
                shared = True
            seen.add(id(node))
            if isinstance(node, dict):
                stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
            elif isinstance(node, list):
                stack.extend(v for v in node if isinstance(v, (dict, list)))
    return bool(memo.aliases.put(source, shared))


def _describe(node: Any) -> str:
    if node is None:
        return "null"
    if isinstance(node, list):
        return "a sequence"
    if isinstance(node, str):
        return "a string"
    return f"a {type(node).__name__}"


def _at(source: Source, pointer: Pointer) -> str:
    """The place a refusal names, ``file:line:col`` as editors and terminals link it (the
    deepest node of ``pointer`` that the file has; ``file#pointer`` when it has no position);
    made only for a refusal (most fixes have none)."""
    return place(source, pointer)


def place(source: Source, pointer: Pointer) -> str:
    for end in range(len(pointer), -1, -1):
        try:
            region = source.locator.region(pointer[:end])
        except (KeyError, IndexError, TypeError, ValueError):
            region = None
        if region is not None:
            return f"{source.display_path}:{region.start_line}:{region.start_column}"
    return f"{source.display_path}#{pointer_str(pointer)}"


def _short(value: Any) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:39] + "…"


def _original(tree: Any, pointer: Pointer) -> Any:
    """The node at ``pointer`` in the file as it is ({} where an edit made it)."""
    from linter.model import get_at

    try:
        node = get_at(tree, pointer)
    except (KeyError, IndexError, TypeError, ValueError):
        return {}
    return node if isinstance(node, dict) else {}


def _resolve(
    source: Source, edits: Sequence[Edit], whole: bool, memo: FixMemo
) -> tuple[_Target, dict[Pointer, list[str]], dict[Pointer, list[Edit]], list[Edit], list[Edit]]:
    """Apply ``edits`` as data. Returns the target, the touched mappings (pointer → keys in
    edit order) with the edits behind each, and the applied and skipped edits. Unless
    ``whole``, only the touched mappings of the target are faithful (an alias elsewhere may
    not show the edit): enough for the local checks, and no deep copy.

    An edit whose pointer lies inside a value that an earlier edit adds or replaces is folded
    into that value (it changes what the earlier edit writes, not the file)."""
    tree = source.tree
    target = _Target(tree, whole and _shares(source, memo))
    groups: dict[Pointer, list[str]] = {}
    behind: dict[Pointer, list[Edit]] = {}
    owned: dict[Pointer, Pointer] = {}  # mapping pointer + (key,) → the group that writes it
    inside: set[Pointer] = set()  # every prefix of a touched mapping's pointer
    applied: list[Edit] = []
    skipped: list[Edit] = []
    for edit in edits:
        pointer = _norm(edit.pointer)
        if edit.op not in ("add", "replace"):
            raise FixError(f"{_at(source, pointer)}: unknown edit op {edit.op!r}", [edit])
        if not isinstance(edit.key, str) or not edit.key:
            raise FixError(
                f"{_at(source, pointer)}: the key must be a non-empty string", [edit]
            )
        try:
            value = plain_data(edit.value, "")
        except FixError as exc:  # its message starts with the place, left blank until needed
            raise FixError(_at(source, pointer) + exc.message, [edit]) from None
        try:
            node = target.node(pointer)
        except KeyError:
            raise FixError(f"{_at(source, pointer)}: no such node {pointer_str(pointer)}", [edit]) from None
        if not isinstance(node, dict):
            raise FixError(
                f"{_at(source, pointer)}: not a mapping (it is {_describe(node)})", [edit]
            )
        actual = _find_key(node, edit.key)
        if edit.op == "add" and actual is not _MISSING:
            if same_value(node[actual], value):
                skipped.append(edit)
                continue
            if _find_key(_original(tree, pointer), edit.key) is _MISSING:
                raise FixError(
                    f"{_at(source, pointer)}: two planned fixes add `{edit.key}` here with different "
                    f"values ({_short(node[actual])} and {_short(value)}); only the first is applied",
                    [edit],
                )
            raise FixError(
                f"{_at(source, pointer)}: `{edit.key}` already exists with a different value; "
                "not adding it",
                [edit],
            )
        if edit.op == "replace":
            if actual is _MISSING:
                raise FixError(f"{_at(source, pointer)}: has no `{edit.key}` to replace", [edit])
            if same_value(node[actual], value):
                skipped.append(edit)
                continue
        owner = None
        if owned:  # no edit of this fix writes a mapping yet (always so for the first edit)
            owner = next(
                (owned[pointer[:k]] for k in range(1, len(pointer) + 1) if pointer[:k] in owned),
                None,
            )
        if owner is None and pointer + (edit.key,) in inside:
            raise FixError(
                f"{_at(source, pointer)}: `{edit.key}` holds a mapping that an earlier edit "
                "changes; the two edits overlap",
                [edit],
            )
        node[edit.key if actual is _MISSING else actual] = value
        applied.append(edit)
        if owner is None:
            inside.update(pointer[:k] for k in range(len(pointer) + 1))
            keys = groups.setdefault(pointer, [])
            if edit.key not in keys:
                keys.append(edit.key)
            owned[pointer + (edit.key,)] = pointer
            owner = pointer
        behind.setdefault(owner, []).append(edit)
    return target, groups, behind, applied, skipped


# ------------------------------------------------------------------------------- splicing


def writer_for(source: Source, memo: FixMemo) -> "YamlWriter | JsonWriter":
    """The source's writer; kept in ``memo`` for the next fix of the same source (its style is
    detected once, not per SARIF result)."""
    cached = memo.writers.get(source)
    if cached is not None:
        return cached[1]
    if source.syntax == "json":
        from linter.fixes.json_writer import JsonWriter
        from linter.sources.positions import JsonLocator

        writer: Any = JsonWriter(source.text, cast(JsonLocator, source.locator))  # a JSON source's locator
    else:
        from linter.fixes.yaml_writer import YamlWriter
        from linter.sources.positions import YamlLocator

        writer = YamlWriter(source.text, cast(YamlLocator, source.locator))  # a YAML source's locator
    return cast("YamlWriter | JsonWriter", memo.writers.put(source, writer))


def _combine(
    splices: list[Splice], display: str, behind: dict[Pointer, list[Edit]]
) -> list[tuple[int, int, str, frozenset[Pointer]]]:
    """Sort, refuse overlaps, merge touching splices (one text per place, as SARIF wants)."""
    splices.sort(key=lambda s: (s.start, s.end, -s.depth, s.seq))
    out: list[tuple[int, int, str, frozenset[Pointer]]] = []
    for s in splices:
        if out:
            start, end, text, owners = out[-1]
            if s.start < end:
                theirs = ", ".join(sorted(pointer_str(o) or "/" for o in owners))
                raise FixError(
                    f"{display}: the edits at {pointer_str(s.owner) or '/'} and {theirs} "
                    "overlap in the text",
                    behind.get(s.owner, ()),
                )
            if s.start == end and (s.start == s.end or start == end):
                out[-1] = (start, s.end, text + s.text, owners | {s.owner})
                continue
        out.append((s.start, s.end, s.text, frozenset({s.owner})))
    return out


def _apply_splices(text: str, spans: Sequence[tuple[int, int, str, Any]], base: int = 0) -> str:
    pieces: list[str] = []
    at = base
    for start, end, new, *_ in spans:
        pieces.append(text[at - base : start - base])
        pieces.append(new)
        at = end
    pieces.append(text[at - base :])
    return "".join(pieces)


def _under(pointer: Pointer, group: Pointer) -> bool:
    return pointer[: len(group)] == group


_NON_TAB = _recache.compile(r"[^\t]")


def splice(source: Source, edits: Sequence[Edit], *, whole: bool = True, memo: FixMemo | None = None) -> SplicedFile:
    """The new text of ``source`` with ``edits`` applied, each touched mapping verified on its
    own. Raises :class:`FixError` on refusal (``.edits`` says which edits). ``whole=False``
    skips what only :func:`verify_whole` needs (a deep copy of a tree with aliases). ``memo``
    keeps the source's writer for the next splice of it (a fresh one when not given)."""
    if memo is None:
        memo = FixMemo()
    from linter.model import get_at

    display = source.display_path
    target, groups, behind, applied, skipped = _resolve(source, edits, whole, memo)
    if not groups:
        return SplicedFile(source, [], [], applied, skipped, target.root, True)
    writer = writer_for(source, memo)
    original = source.tree
    splices: list[Splice] = []
    fragments: dict[Pointer, Fragment] = {}
    seq = 0
    for pointer, keys in groups.items():
        old = get_at(original, pointer)
        new = get_at(target.root, pointer)
        changes = []
        for key in keys:
            actual, before = _find_key(new, key), _find_key(old, key)
            if before is _MISSING:
                changes.append(Change(key, new[actual], True))
            else:
                changes.append(Change(key, new[actual], False, old[before]))
        try:
            made, fragment = writer.splices(pointer, changes)
        except FixError as exc:
            raise FixError(f"{place(source, pointer)}: {exc.message}", behind.get(pointer, ())) from None
        fragments[pointer] = fragment
        for start, end, text in made:
            splices.append(Splice(start, end, text, pointer, len(pointer), seq))
            seq += 1
    combined = _combine(splices, display, behind)
    old_text = source.text

    starts = [c[0] for c in combined]
    # Each touched mapping, deepest first, re-parsed alone: names the pointer that went wrong.
    local = True
    for pointer in sorted(fragments, key=len, reverse=True):
        fragment = fragments[pointer]
        own = []
        for c in combined[bisect_left(starts, fragment.start) :]:
            if c[0] > fragment.end:
                break
            if c[1] <= fragment.end and any(_under(o, pointer) for o in c[3]):
                own.append(c)
        snippet = old_text[fragment.start : fragment.end]
        if fragment.blank_to > fragment.start:
            cut = fragment.blank_to - fragment.start
            snippet = _NON_TAB.sub(" ", snippet[:cut]) + snippet[cut:]
        snippet = _apply_splices(snippet, own, fragment.start)
        try:
            intended = get_at(target.root, pointer)
        except KeyError:
            intended = _MISSING
        verdict = writer.check_fragment(snippet, intended) if intended is not _MISSING else False
        if verdict is False:
            raise FixError(
                f"{place(source, pointer)}: the spliced text does not parse to the "
                "intended value; refusing the edit",
                behind.get(pointer, ()),
            )
        if verdict is None:
            local = False

    locator = source.locator
    replacements = []
    for start, end, text, _ in combined:
        sl, sc = locator.line_col(start)
        el, ec = locator.line_col(end)
        region = Region(sl, sc, el, ec, start, end - start)
        replacements.append(Replacement(start, end, text, region))
    return SplicedFile(
        source, combined, replacements, applied, skipped, target.root, local, list(groups)
    )


def verify_whole(spliced: SplicedFile) -> None:
    """Re-parse the whole new text and compare it with the target tree; FixError if not."""
    from linter.sources.loader import LoadError, parse_text

    source = spliced.source
    try:
        new_tree = parse_text(spliced.text, source.syntax, source.reader.limits)
    except LoadError as exc:
        raise FixError(
            f"{source.display_path}: the edited text would not parse ({exc.message}); "
            "refusing its edits",
            spliced.applied,
        ) from None
    diff = trees_match(new_tree, spliced.target, spliced.groups)
    if diff is not None:
        culprits = [
            e
            for e in spliced.applied
            if _under(diff, _norm(e.pointer)) or _under(_norm(e.pointer), diff)
        ]
        raise FixError(
            f"{place(source, diff)}: the edited text parses differently "
            "from the intended tree; refusing the edits",
            culprits or spliced.applied,
        )
