"""Splice new members into YAML text in the file's own style.

Spans come from the composed nodes of :class:`~linter.sources.positions.YamlLocator`; nothing
is re-dumped. A block mapping gets a new line after its last member (after that member's
whole value and any comment on its last line, before blank lines and comments that follow),
indented with a sibling's exact indentation string; a flow mapping gets ``, key: value``
before its ``}``.

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
_STYLE_SAMPLE = 1 << 20  # style detection reads at most the first MiB


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
            out.append(self._replace(member, change.value, change.old))
        if node.flow_style or not members:
            fragment, insertion = self._flow_insert(node, members, new)
        else:
            fragment, insertion = self._block_insert(members, new)
        if insertion is not None:
            out.append(insertion)
        return out, fragment

    def _replace(
        self, member: tuple[Node, Node, int, int, int, int], value: Any, before: Any
    ) -> tuple[int, int, str]:
        key, old, _, key_end, start, end = member
        text = self.text
        aliased = start < key_end or text[start : start + 1] == "*"
        block = not aliased and (
            (isinstance(old, (SequenceNode, MappingNode)) and not old.flow_style and old.value)
            or (isinstance(old, ScalarNode) and old.style in ("|", ">"))
        )
        if block:
            prefix = indent_before(self.text, start)
            seq_to_seq = isinstance(old, SequenceNode) and isinstance(value, list) and value
            if seq_to_seq and prefix is not None:
                at, nl = self._line_end(end)
                nl = nl or self.newline
                items = [f"- {render_flow(v, self.quote)}" for v in value]
                kept = isinstance(before, list) and len(before) < len(value)
                if kept and first_difference(value[: len(before)], before) is None:
                    # the old items stay as they are (comments included); new ones follow
                    return at, at, "".join(nl + prefix + item for item in items[len(before) :])
                return start, end, (nl + prefix).join(items)
            colon = text.find(":", key_end, start)
            if colon < 0:
                raise FixError(f"cannot find the `:` after `{key.value}`")
            return colon + 1, end, " " + render_flow(value, self.quote)
        rendered = render_flow(value, self.quote)
        if start == end and text[start - 1 : start] == ":":
            rendered = " " + rendered
        return start, end, rendered

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
