"""Splice new members into JSON text in the file's own style.

Spans come from :class:`~linter.sources.positions.JsonLocator`'s member index; nothing is
re-dumped. A new member goes after the object's last member with the separator the object
already uses between members (``,\\n    `` pretty, ``,`` minified, ``, `` inline), so key
order is kept and the new key comes last. Values are ``json.dumps(..., ensure_ascii=False)``
scalars; containers are laid out like the file: multi-line at the member's indentation plus
the file's indent unit in a pretty object (arrays of scalars inline when the file writes them
so), on one line with the file's separators otherwise. Line breaks are the file's (CRLF kept).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from linter import _recache
from linter.fixes.core import Change, FixError, Fragment, first_difference, indent_before
from linter.model import Pointer
from linter.sources.positions import JsonLocator

__all__ = ["JsonWriter"]

_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.S)
_ARRAY_OPEN = re.compile(r':[ \t]*\[([ \t\r\n]*)(?=["\d\-tfn])')
_STYLE_SAMPLE = 1 << 20


# ``json.dumps(value, ensure_ascii=False[, separators=…])`` builds a JSONEncoder with exactly
# these arguments on every call (only all-default calls share one); the writers render a few
# values per fix, so the encoders are made once. An encoder keeps no state between calls.
_ENCODER = json.JSONEncoder(ensure_ascii=False)
_dumps = _ENCODER.encode
_FLAT_ENCODERS: dict[tuple[str, str], json.JSONEncoder] = {}


def _dumps_flat(value: Any, item_sep: str, key_sep: str) -> str:
    """``json.dumps(value, ensure_ascii=False, separators=(item_sep, key_sep))``."""
    encoder = _FLAT_ENCODERS.get((item_sep, key_sep))
    if encoder is None:
        encoder = _FLAT_ENCODERS[item_sep, key_sep] = json.JSONEncoder(
            ensure_ascii=False, separators=(item_sep, key_sep)
        )
    return encoder.encode(value)


_MULTILINE = _recache.compile(r"\n[ \t]*\S")
_COMMA_ONLY = _recache.compile(r"[ \t\r\n]*,[ \t\r\n]*")


class JsonWriter:
    """Splices for one JSON text (the BOM-less ``source.text``) and its locator."""

    def __init__(self, text: str, locator: JsonLocator) -> None:
        self.text = text
        self.locator = locator
        self._style: tuple[bool, str, str] | None = None
        self._newline: str | None = None
        self._inline_arrays: bool | None = None

    # ---- the file's style, detected once

    @property
    def style(self) -> tuple[bool, str, str]:
        """``(pretty, indent unit, key separator)`` of the whole file, read from the root
        object's first member (for objects that have no members to copy from)."""
        if self._style is None:
            text = self.text
            unit, key_sep = "  ", ": "
            root = self.locator.object_members(())
            if root is not None and root[2]:
                key, key_start, value_start, _ = root[2][0]
                key_sep = self._key_separator(key_start, value_start)
                prefix = indent_before(self.text, key_start)
                if prefix:
                    unit = prefix
                pretty = "\n" in text[root[0] : key_start]
            else:  # searched only here: on minified text the search reads the whole file
                pretty = _MULTILINE.search(text) is not None
                if not pretty:
                    key_sep = ":"
            self._style = (pretty, unit, key_sep)
        return self._style

    @property
    def newline(self) -> str:
        """The file's line break, for an empty object only: an object with members takes its
        own separator's, so most files never pay for counting up to a MiB of text."""
        if self._newline is None:
            text = self.text
            crlf = text.count("\r\n", 0, _STYLE_SAMPLE)
            crlf_wins = crlf and crlf * 2 >= text.count("\n", 0, _STYLE_SAMPLE)
            self._newline = "\r\n" if crlf_wins else "\n"
        return self._newline

    @property
    def inline_arrays(self) -> bool:
        """Whether a pretty file writes arrays of scalars on one line (``["a", "b"]``)."""
        if self._inline_arrays is None:
            counts = Counter(
                "\n" in m.group(1) for m in _ARRAY_OPEN.finditer(self.text, 0, _STYLE_SAMPLE)
            )
            self._inline_arrays = counts[False] > counts[True]
        return self._inline_arrays

    # ---- helpers

    def _leading_whitespace(self, offset: int) -> str:
        """The indentation of the line holding ``offset``."""
        text = self.text
        start = end = self._line_start(offset)
        while end < offset and text[end] in " \t":
            end += 1
        return text[start:end]

    def _line_start(self, offset: int) -> int:
        """Where the line holding ``offset`` starts (the locator's line index: no scan back)."""
        line, column = self.locator.line_col(offset)
        if line == 1 and self.text.startswith("\ufeff") and offset > 0:
            column += 1
        return offset - column + 1

    def _key_separator(self, key_start: int, value_start: int) -> str:
        m = _STRING.match(self.text, key_start)
        if m is None:
            raise FixError("cannot read a member's key")
        return self.text[m.end() : value_start]

    def _render(
        self, value: Any, indent: str, pretty: bool, unit: str, key_sep: str, nl: str
    ) -> str:
        if not pretty:
            item_sep = ", " if key_sep.endswith(" ") else ","
            return _dumps_flat(value, item_sep, key_sep)
        inner = indent + unit
        if isinstance(value, dict):
            if not value:
                return "{}"
            items = [
                f"{inner}{_dumps(k)}{key_sep}{self._render(v, inner, True, unit, key_sep, nl)}"
                for k, v in value.items()
            ]
            return "{" + nl + ("," + nl).join(items) + nl + indent + "}"
        if isinstance(value, list):
            if not value:
                return "[]"
            if self.inline_arrays and not any(isinstance(v, (dict, list)) for v in value):
                return "[" + ", ".join(_dumps(v) for v in value) + "]"
            items = [inner + self._render(v, inner, True, unit, key_sep, nl) for v in value]
            return "[" + nl + ("," + nl).join(items) + nl + indent + "]"
        return _dumps(value)

    # ---- splices

    def splices(
        self, pointer: Pointer, changes: list[Change]
    ) -> tuple[list[tuple[int, int, str]], Fragment]:
        found = self.locator.object_members(pointer)
        if found is None:
            raise FixError("not an object in the text")
        start, end, members = found
        text = self.text
        fragment = Fragment(start, end, start)
        file_pretty, file_unit, file_key_sep = self.style
        by_key = {m[0]: m for m in members}

        if members:
            first_key = members[0][1]
            last_key, last_key_start, last_value_start, last_value_end = members[-1]
            key_sep = self._key_separator(last_key_start, last_value_start)
            # the text between the last two members, or after `{` for a single member (a
            # duplicated key hides the member before it: then the file's plain separator)
            between = text[members[-2][3] : last_key_start] if len(members) > 1 else None
            lead = text[start + 1 : first_key]
            if between is not None and _COMMA_ONLY.fullmatch(between):
                separator = between
            elif between is None and not lead.strip(" \t\r\n") and lead:
                separator = "," + lead
            else:
                separator = "," + (" " if key_sep.endswith(" ") else "")
            pretty = "\n" in separator
            # read by _render only when pretty, i.e. when the separator holds the line break
            nl = "\r\n" if "\r\n" in separator else "\n"
            indent = indent_before(self.text, last_key_start) or ""
            closing = text[last_value_end : end - 1]
            closing_indent = closing[closing.rfind("\n") + 1 :] if "\n" in closing else None
            unit = file_unit
            if closing_indent is not None and indent.startswith(closing_indent):
                unit = indent[len(closing_indent) :] or file_unit
        else:  # {} or { }: the file's style, one level below the line holding the `{`
            key_sep, pretty, nl, unit = file_key_sep, file_pretty, self.newline, file_unit
            parent = self._leading_whitespace(start)
            indent = parent + unit
            separator = ""

        out: list[tuple[int, int, str]] = []
        for change in changes:
            if change.new:
                continue
            member = by_key.get(change.key)
            if member is None:
                raise FixError(f"cannot find `{change.key}` in the text")
            _, key_start, value_start, value_end = member
            own_indent = indent_before(self.text, key_start)
            own_indent = indent if own_indent is None else own_indent
            rendered = self._render(change.value, own_indent, pretty, unit, key_sep, nl)
            out.append((value_start, value_end, rendered))
        new = [c for c in changes if c.new]
        if not new:
            return out, fragment
        members_text = [
            f"{_dumps(c.key)}{key_sep}{self._render(c.value, indent, pretty, unit, key_sep, nl)}"
            for c in new
        ]
        if members:
            at = members[-1][3]
            out.append((at, at, "".join(separator + m for m in members_text)))
        elif pretty:
            body = ("," + nl + indent).join(members_text)
            out.append((start + 1, end - 1, nl + indent + body + nl + parent))
        else:
            out.append((start + 1, end - 1, ("," if key_sep == ":" else ", ").join(members_text)))
        return out, fragment

    # ---- verification

    def check_fragment(self, snippet: str, intended: Any) -> bool | None:
        """Whether the object's new text parses to the intended value. JSON has no context:
        an object that parses right on its own parses right in its file."""
        try:
            parsed = json.loads(snippet)
        except (ValueError, RecursionError):
            return False
        return first_difference(parsed, intended) is None
