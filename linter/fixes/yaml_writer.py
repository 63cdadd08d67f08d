"""Splice new members into YAML text in the file's own style.

Spans come from the composed nodes of :class:`~linter.sources.positions.YamlLocator`; nothing
is re-dumped. A block mapping gets a new line after its last member (after that member's
whole value and any comment on its last line, before blank lines and comments that follow),
indented with a sibling's exact indentation string; a flow mapping gets ``, key: value``
before its ``}``. A list that replaces a list is edited item by item (changed items
rewritten, new ones spliced in, removed ones cut out), so the comments around the items, the
``-``/``,`` layout and the untouched items' quoting stay as they were.

Values are rendered in flow style (``enum: [vp, director, manager]``) on one line; a list
that would push the line past :data:`MAX_COLUMNS` becomes a block sequence in the file's
sequence indentation. Scalars are plain when PyYAML — YAML 1.1, what silentlint and most
OpenAPI tooling load with — reads them back as the same string, else quoted with the quote
character the file uses most (``yes``, ``on``, ``null``, ``1.0``, ``012``, ``a: b``,
``*x``, ``#x`` …). Double-quoted scalars are emitted by ruamel.yaml (its escaping is
complete). ruamel.yaml does not render whole values: it resolves YAML 1.2 and would leave
``yes``/``on``/``012`` plain, and its flow output reorders keys and writes ``[a: 1]``.
"""

from __future__ import annotations

import io
import math
import re
from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from linter.fixes.core import Change, FixError, Fragment, first_difference, indent_before
from linter.model import Pointer
from linter.sources.positions import YamlLocator

__all__ = ["YamlWriter", "render_flow", "render_scalar", "MAX_COLUMNS"]

MAX_COLUMNS = 100
_STR_TAG = "tag:yaml.org,2002:str"
_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()
_PLAIN_FAST = re.compile(r"[A-Za-z_$][A-Za-z0-9_$./()@+ -]*")
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
_BREAKS = re.compile("[\r\n\x85\u2028\u2029]")
_LINE_BREAK = re.compile(r"[\r\n]")
_QUOTE_OPEN = re.compile(r"""(?:^|[:,\[{-])[ \t]*(['"])""", re.M)
_SEQ_UNDER_KEY = re.compile(
    r"^([ ]*)[^\s#\-][^\n]*:[ \t]*(?:#[^\n]*)?\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*([ ]*)- ", re.M
)
_COMMENT_AFTER_ITEM = re.compile(r"[ \t]*(,)?[ \t]*#")
_STYLE_SAMPLE = 1 << 20  # style detection reads at most the first MiB


def _identity(value: Any) -> Any:
    """A hashable stand-in for a loaded value that tells ``1``, ``1.0``, ``True`` and ``"1"``
    apart (what :func:`~linter.fixes.core.first_difference` compares), to match list items."""
    if isinstance(value, dict):
        return ("map", tuple((_identity(k), _identity(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("seq", tuple(_identity(v) for v in value))
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    return (type(value).__name__, value)


def _load(text: str) -> Any:
    return yaml.load(text, Loader=_LOADER)


@lru_cache(maxsize=65536)
def _plain_ok(s: str) -> bool:
    """Whether ``s`` can be written plain and be read back as this very string, in flow and
    block context, as a value and as a key."""
    if not s or s != s.strip() or _NOT_PRINTABLE.search(s) or _BREAKS.search(s) or "\t" in s:
        return False
    if _RESOLVER.resolve(ScalarNode, s, (True, False)) != _STR_TAG:
        return False
    if _PLAIN_FAST.fullmatch(s) and not s.endswith((" ", "-")):
        return True
    try:
        return (
            _load(f"[{s}]") == [s]
            and _load(f"- {s}\n") == [s]
            and _load(f"{s}: 0\n") == {s: 0}
            and _load(f"{{{s}: 0}}") == {s: 0}
        )
    except (yaml.YAMLError, TypeError):  # TypeError: an unhashable key
        return False


@lru_cache(maxsize=1)
def _double_quoter() -> Any:
    from ruamel.yaml import YAML

    dumper = YAML(typ="safe", pure=True)
    dumper.default_flow_style = True
    dumper.width = 1 << 30
    dumper.allow_unicode = True
    dumper.representer.add_representer(
        str, lambda rep, data: rep.represent_scalar(_STR_TAG, data, style='"')
    )
    return dumper


@lru_cache(maxsize=65536)
def _double(s: str) -> str:
    out = io.StringIO()
    _double_quoter().dump([s], out)
    text = out.getvalue().strip()
    if not (text.startswith('["') and text.endswith('"]')) or "\n" in text:
        raise FixError(f"cannot quote {s!r} on one line")
    return text[1:-1]


def render_scalar(value: Any, quote: str = "'") -> str:
    """One scalar as YAML flow text that PyYAML reads back as ``value``."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        text = repr(value).lower()
        if "." not in text and "e" in text:  # PyYAML's float needs a dot: 1e+20 → 1.0e+20
            text = text.replace("e", ".0e", 1)
        return text
    if isinstance(value, str):
        if _plain_ok(value):
            return value
        if quote == "'" and not _NOT_PRINTABLE.search(value) and not _BREAKS.search(value):
            return "'" + value.replace("'", "''") + "'"
        return _double(value)
    raise FixError(f"cannot write a value of type {type(value).__name__}")


def render_flow(value: Any, quote: str = "'") -> str:
    """A value in YAML flow style on one line: ``[vp, director]``, ``{type: string}``."""
    if isinstance(value, list):
        return "[" + ", ".join(render_flow(v, quote) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{render_scalar(k, quote)}: {render_flow(v, quote)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    return render_scalar(value, quote)


class YamlWriter:
    """Splices for one YAML text (the BOM-less ``source.text``) and its locator."""

    def __init__(self, text: str, locator: YamlLocator) -> None:
        self.text = text
        self.locator = locator
        self._quote: str | None = None
        self._seq_indent: str | None = None
        self._newline: str | None = None

    # ---- the file's style, detected once

    @property
    def quote(self) -> str:
        """The quote character the file uses most for scalars (``'`` when it quotes none)."""
        if self._quote is None:
            counts = Counter(_QUOTE_OPEN.findall(self.text, 0, _STYLE_SAMPLE))
            self._quote = '"' if counts['"'] > counts["'"] else "'"
        return self._quote

    @property
    def seq_indent(self) -> str:
        """How far the file indents ``- item`` under its key ("" for indentless)."""
        if self._seq_indent is None:
            counts: Counter[int] = Counter()
            for m in _SEQ_UNDER_KEY.finditer(self.text, 0, _STYLE_SAMPLE):
                offset = len(m.group(2)) - len(m.group(1))
                if offset >= 0:
                    counts[offset] += 1
                if sum(counts.values()) >= 200:
                    break
            self._seq_indent = " " * (counts.most_common(1)[0][0] if counts else 2)
        return self._seq_indent

    @property
    def newline(self) -> str:
        if self._newline is None:
            crlf = self.text.count("\r\n")
            self._newline = "\r\n" if crlf and crlf * 2 >= self.text.count("\n") else "\n"
        return self._newline

    # ---- helpers

    def _line_start(self, offset: int) -> int:
        """Where the line holding ``offset`` starts (the locator's line index: no scan back)."""
        line, column = self.locator.line_col(offset)
        if line == 1 and self.text.startswith("\ufeff") and offset > 0:
            column += 1
        return offset - column + 1

    def _line_end(self, offset: int) -> tuple[int, str]:
        """Where the line holding ``offset`` ends and its line break ('' at the end of text)."""
        m = _LINE_BREAK.search(self.text, offset)
        if m is None:
            return len(self.text), ""
        at = m.start()
        return at, "\r\n" if self.text.startswith("\r\n", at) else self.text[at]

    def _shift(self) -> int:
        return 1 if self.locator.text.startswith("\ufeff") else 0

    # ---- splices

    def splices(
        self, pointer: Pointer, changes: list[Change]
    ) -> tuple[list[tuple[int, int, str]], Fragment]:
        found = self.locator.members(pointer)
        if found is None:
            raise FixError("not a mapping in the text (an alias or merge key?)")
        node, members = found
        by_key: dict[str, tuple[Node, Node, int, int, int, int]] = {}
        for m in members:
            if isinstance(m[0], ScalarNode):
                by_key[m[0].value] = m
        out: list[tuple[int, int, str]] = []
        new = [c for c in changes if c.new]
        for change in changes:
            if change.new:
                continue
            member = by_key.get(change.key)
            if member is None:
                raise FixError(
                    f"`{change.key}` is not written in this mapping (merged from an anchor?); "
                    "edit the anchored mapping instead"
                )
            out.extend(self._replace(member, change.value, change.old))
        if node.flow_style or not members:
            fragment, insertion = self._flow_insert(node, members, new)
        else:
            fragment, insertion = self._block_insert(members, new)
        if insertion is not None:
            out.append(insertion)
        return out, fragment

    def _replace(
        self, member: tuple[Node, Node, int, int, int, int], value: Any, before: Any
    ) -> list[tuple[int, int, str]]:
        key, old, _, key_end, start, end = member
        text = self.text
        aliased = start < key_end or text[start : start + 1] == "*"
        if (
            not aliased
            and isinstance(old, SequenceNode)
            and old.value
            and isinstance(value, list)
            and value
            and isinstance(before, list)
            and len(before) == len(old.value)
        ):
            items = self._replace_items(old, value, before)
            if items is not None:
                return items
        # Below, the whole value is rewritten: comments between the old items are lost (a
        # comment after the value's last line stays where it was). For a list that happens
        # only when it cannot be edited item by item: it becomes empty, it replaces a scalar
        # or a mapping, or items are added or removed next to an item that does not start
        # on its own `-` line (`-⏎  x`, `- - x`). No fix of the catalog does any of these.
        block = not aliased and (
            (isinstance(old, (SequenceNode, MappingNode)) and not old.flow_style and old.value)
            or (isinstance(old, ScalarNode) and old.style in ("|", ">"))
        )
        if block:
            prefix = indent_before(self.text, start)
            if isinstance(old, SequenceNode) and isinstance(value, list) and value and prefix is not None:
                nl = self._line_end(end)[1] or self.newline
                lines = [f"- {render_flow(v, self.quote)}" for v in value]
                return [(start, end, (nl + prefix).join(lines))]
            colon = text.find(":", key_end, start)
            if colon < 0:
                raise FixError(f"cannot find the `:` after `{key.value}`")
            return [(colon + 1, end, " " + render_flow(value, self.quote))]
        rendered = render_flow(value, self.quote)
        if start == end and text[start - 1 : start] == ":":
            rendered = " " + rendered
        return [(start, end, rendered)]

    # ---- a list replaced item by item: comments and untouched items stay as they are

    def _replace_items(
        self, seq: SequenceNode, value: list[Any], before: list[Any]
    ) -> list[tuple[int, int, str]] | None:
        """Splices that turn the sequence's items into ``value`` one item at a time; None when
        that cannot be done (the caller rewrites the whole value).

        Only item texts change: comments, blank lines, ``-``/``,`` separators and indentation
        between items stay, so an inline comment stays after its item, a full-line comment
        before its item, a comment on the key's line or after the last item where it was,
        and untouched items keep their quoting. Old and new items are matched by value
        (difflib), so an inserted or removed item does not shift comments onto neighbours;
        an item changed in place keeps the comments around it."""
        spans = self.locator.item_spans(seq)
        try:
            old_ids = [_identity(v) for v in before]
            new_ids = [_identity(v) for v in value]
        except (RecursionError, TypeError):  # TypeError: an unhashable scalar
            return None
        flow = bool(seq.flow_style)
        out: list[tuple[int, int, str]] = []
        matcher = SequenceMatcher(None, old_ids, new_ids, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
            for k in range(paired):
                start, end = spans[i1 + k]
                out.append((start, end, render_flow(value[j1 + k], self.quote)))
            if j2 - j1 > paired:
                rendered = [render_flow(v, self.quote) for v in value[j1 + paired : j2]]
                made = self._insert_items(spans, i1 + paired, rendered, flow)
                if made is None:
                    return None
                out.extend(made)
            if i2 - i1 > paired:
                removed = self._delete_items(spans, i1 + paired, i2, flow)
                if removed is None:
                    return None
                out.extend(removed)
        return out

    def _dash(self, item_start: int) -> tuple[int, str] | None:
        """The ``-`` of a block sequence item and the indentation before it, None unless the
        item starts on the dash's line and the dash starts its line."""
        text = self.text
        i = item_start
        while i > 0 and text[i - 1] in " \t":
            i -= 1
        if i == 0 or text[i - 1] != "-":
            return None
        prefix = indent_before(text, i - 1)
        return None if prefix is None else (i - 1, prefix)

    def _break_before(self, line_start: int) -> int:
        """The length of the line break that ends at ``line_start``."""
        return 2 if self.text[line_start - 2 : line_start] == "\r\n" else 1

    def _insert_items(
        self, spans: list[tuple[int, int]], at: int, rendered: list[str], flow: bool
    ) -> list[tuple[int, int, str]] | None:
        """New items before old item ``at`` (``len(spans)``: after the last one)."""
        text = self.text
        if flow:
            if at < len(spans):
                start = spans[at][0]
                return [(start, start, "".join(r + ", " for r in rendered))]
            end = spans[-1][1]
            line_end, nl = self._line_end(end)
            after = _COMMENT_AFTER_ITEM.match(text, end, line_end)
            indent = indent_before(text, spans[-1][0])
            if after is None or indent is None:
                return [(end, end, "".join(", " + r for r in rendered))]
            # a list written one item per line, its last item commented: the new items go on
            # lines of their own, so the comment stays on its item
            nl = nl or self.newline
            if after.group(1):  # a trailing comma: the new items get one too
                return [(line_end, line_end, "".join(nl + indent + r + "," for r in rendered))]
            lines = ("," + nl + indent).join(rendered)
            return [(end, end, ","), (line_end, line_end, nl + indent + lines)]
        if at > 0:
            # after the previous item's line (and its inline comment): full-line comments
            # that follow belong to the next item and stay before it
            dash = self._dash(spans[at - 1][0])
            if dash is None:
                return None
            line_end, nl = self._line_end(spans[at - 1][1])
            nl = nl or self.newline
            return [(line_end, line_end, "".join(nl + dash[1] + "- " + r for r in rendered))]
        dash = self._dash(spans[0][0])
        if dash is None:
            return None
        nl = self._line_end(dash[0])[1] or self.newline
        at_offset = dash[0] - len(dash[1])
        # before the first item and the full-line comments right above it (they are its own)
        while at_offset > 0:
            prev_end = at_offset - self._break_before(at_offset)
            prev_start = max(text.rfind("\n", 0, prev_end), text.rfind("\r", 0, prev_end)) + 1
            if not text[prev_start:prev_end].lstrip(" \t").startswith("#"):
                break
            at_offset = prev_start
        return [(at_offset, at_offset, "".join(dash[1] + "- " + r + nl for r in rendered))]

    def _comma_after(self, offset: int) -> int | None:
        """The ``,`` that follows a flow item ending at ``offset`` (comments skipped)."""
        text, size = self.text, len(self.text)
        i = offset
        while i < size:
            ch = text[i]
            if ch in " \t\r\n":
                i += 1
            elif ch == "#":
                i = self._line_end(i)[0]
            else:
                return i if ch == "," else None
        return None

    def _delete_items(
        self, spans: list[tuple[int, int]], first: int, stop: int, flow: bool
    ) -> list[tuple[int, int, str]] | None:
        """Remove old items ``first``..``stop - 1``; their comments stay (no fix removes
        items today: this keeps the writer general without losing text)."""
        text = self.text
        out: list[tuple[int, int, str]] = []
        if not flow:
            for start, end in spans[first:stop]:
                dash = self._dash(start)
                if dash is None:
                    return None
                line_end = self._line_end(end)[0]
                if not text[end:line_end].strip(" \t"):
                    line_start = dash[0] - len(dash[1])
                    out.append((line_start - self._break_before(line_start), line_end, ""))
                else:  # an inline comment: it stays, alone on the line, at the item's indent
                    after = end
                    while text[after] in " \t":
                        after += 1
                    out.append((dash[0], after, ""))
            return out
        use_after = self._comma_after(spans[stop - 1][1]) is not None
        if not use_after and first == 0:
            return None
        for k in range(first, stop):
            start, end = spans[k]
            if use_after:
                comma = self._comma_after(end)
                if comma is None:
                    return None
                if "#" in text[end:comma]:
                    out += [(start, end, ""), (comma, comma + 1, "")]
                    continue
                cut = comma + 1
                while cut < len(text) and text[cut] in " \t":
                    cut += 1
                if cut < len(text) and text[cut] in "#\r\n":
                    cut = comma + 1
                out.append((start, cut, ""))
            else:
                comma = self._comma_after(spans[k - 1][1])
                if comma is None:
                    return None
                if "#" in text[comma:start]:
                    out += [(comma, comma + 1, ""), (start, end, "")]
                else:
                    out.append((comma, end, ""))
        return out

    def _member_lines(self, indent: str, change: Change, flow: bool) -> list[str]:
        key = render_scalar(change.key, self.quote)
        value = render_flow(change.value, self.quote)
        if (
            not flow
            and isinstance(change.value, list)
            and change.value
            and len(indent) + len(key) + 2 + len(value) > MAX_COLUMNS
        ):
            item = indent + self.seq_indent + "- "
            return [f"{indent}{key}:"] + [item + render_flow(v, self.quote) for v in change.value]
        return [f"{indent}{key}: {value}"]

    def _indent(self, members: list[tuple[Node, Node, int, int, int, int]]) -> str:
        """A sibling key's exact indentation (tabs and odd widths kept); when every key shares
        its line with a ``- ``, as many spaces as that key's column."""
        for m in reversed(members):
            prefix = indent_before(self.text, m[2])
            if prefix is not None:
                return prefix
        first = members[0][2]
        return " " * (first - self._line_start(first))

    def _block_insert(
        self, members: list[tuple[Node, Node, int, int, int, int]], new: list[Change]
    ) -> tuple[Fragment, tuple[int, int, str] | None]:
        text = self.text
        first_key = members[0][2]
        last_key, last_value, _, key_end, value_start, value_end = members[-1]
        keep = (
            isinstance(last_value, ScalarNode)
            and last_value.style in ("|", ">")
            and value_start >= key_end
            and "+" in text[value_start : self._line_end(value_start)[0]].split("#")[0]
        )
        if keep:
            # `|+` keeps its trailing blank lines: they are content, the new line goes after
            at = last_value.end_mark.index + self._shift()
            at_line_start = at > 0 and text[at - 1] in "\r\n"
            if text[max(0, at - 2) : at] == "\r\n":
                nl = "\r\n"
            else:
                nl = text[at - 1] if at_line_start else self.newline
        else:
            at, nl = self._line_end(value_end)
            nl = nl or self.newline
            at_line_start = False
        fragment = Fragment(self._line_start(first_key), at, first_key)
        if not new:
            return fragment, None
        indent = self._indent(members)
        lines = [line for change in new for line in self._member_lines(indent, change, False)]
        if at_line_start:
            return fragment, (at, at, "".join(line + nl for line in lines))
        return fragment, (at, at, "".join(nl + line for line in lines))

    def _flow_insert(
        self, node: Node, members: list[tuple[Node, Node, int, int, int, int]], new: list[Change]
    ) -> tuple[Fragment, tuple[int, int, str] | None]:
        text = self.text
        start, end = self.locator.node_span(node)
        brace = text.find("{", start, end)
        if brace < 0 or text[end - 1 : end] != "}":
            raise FixError("cannot find the braces of this flow mapping")
        fragment = Fragment(start, end, start)
        if not new:
            return fragment, None
        items = [line for change in new for line in self._member_lines("", change, True)]
        if not members:
            inner = text[brace + 1 : end - 1]
            if inner and not inner.strip(" ") and "\n" not in inner:
                return fragment, (brace + 1, end - 1, " " + ", ".join(items) + " ")
            return fragment, (brace + 1, brace + 1, ", ".join(items))
        separator = ", "
        if len(members) > 1:
            between = text[members[-2][5] : members[-1][2]]
            if re.fullmatch(r"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?", between):
                separator = between
        at = members[-1][5]
        return fragment, (at, at, "".join(separator + item for item in items))

    # ---- verification

    def check_fragment(self, snippet: str, intended: Any) -> bool | None:
        """True when the mapping's new text parses, on its own, to the intended value; None
        when that cannot be decided locally (an alias to an anchor elsewhere, a merge key,
        …): the caller then parses the whole file."""
        try:
            parsed = _load(snippet)
        except (yaml.YAMLError, RecursionError):
            return None
        return True if first_difference(parsed, intended) is None else None
