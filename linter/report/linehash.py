"""``partialFingerprints.primaryLocationLineHash`` exactly as GitHub's upload-sarif computes it.

Code scanning keys alerts on this value. upload-sarif (github/codeql-action,
``src/fingerprints.ts``, function ``hash``) fills it in when a result has none, from the file on
disk: a rolling hash over the first 100 characters from the start of each line, spaces and tabs
left out, ``\\r\\n`` and ``\\r`` read as ``\\n``, an end-of-file mark (65535) and zeros after the
last character; characters are UTF-16 code units (JavaScript's ``charCodeAt``); the hash is
``h = 37·h + c − 37¹⁰⁰·c₋₁₀₀`` in 64-bit wrap-around arithmetic, written as unsigned hex
without leading zeros, followed by ``:N`` where N counts that hash value so far in the file.

Here the hash of the window starting at unit ``p`` is ``G(p + 100) − 37¹⁰⁰·G(p)`` with the prefix
hash ``G(n) = 37·G(n − 1) + uₙ₋₁`` (mod 2⁶⁴), so one pass over the file gives every line's hash.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable
from itertools import islice
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from linter.model import Source

BLOCK = 100
EOF_UNIT = 0xFFFF
_MOD = 1 << 64
_MASK = _MOD - 1
_FIRST = pow(37, BLOCK, _MOD)


def utf16_units(data: bytes | str) -> bytes:
    """The characters upload-sarif hashes, as UTF-16-LE bytes: the file read as UTF-8 (invalid
    bytes become U+FFFD, a BOM stays), every line end one ``\\n``, no spaces or tabs."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return _units(text)


def _units(text: str) -> bytes:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace(" ", "").replace("\t", "")
    return text.encode("utf-16-le", "surrogatepass")


def _line_starts(raw: bytes, last_line: int | None) -> list[int]:
    """The unit offsets where lines 1, 2, … start (up to ``last_line`` lines when given)."""
    starts = [0]
    find = raw.find
    i = find(b"\n\x00")
    while i != -1 and (last_line is None or len(starts) < last_line):
        if i % 2 == 0:  # a code unit, not the high byte of one and the low byte of the next
            starts.append(i // 2 + 1)
        i = find(b"\n\x00", i + 1)
    return starts


_FIRST_CUT = 4096


def _enough_units(text: str, last_line: int) -> tuple[bytes, list[int]] | None:
    """The units of a prefix of ``text`` that holds the starts of lines 1 … ``last_line`` and
    the 100 units after the last of them, with those starts; None when only the whole text
    does. A finding is usually near the top (on line 1 of a minified spec), and the hashes of
    lines 1 … L depend on nothing after line L's window: the rest of a 5 MB file need not be
    normalised, encoded and searched."""
    cut = _FIRST_CUT
    while cut < len(text):
        while cut < len(text) and text[cut - 1] == "\r":
            cut += 1  # a CR LF is one line end: never cut between the two
        raw = _units(text[:cut])
        starts = _line_starts(raw, last_line)
        if len(starts) >= last_line and len(raw) // 2 - starts[-1] >= BLOCK:
            return raw, starts
        cut *= 4
    return None


def line_hashes(data: bytes | str, last_line: int | None = None) -> list[str]:
    """``hash:N`` of lines 1, 2, … (index 0 is line 1), up to ``last_line`` when given.

    A file ending with a line break has one more line, the empty one after it, as in
    upload-sarif."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    part = _enough_units(text, last_line) if last_line is not None else None
    if part is None:
        raw = _units(text)
        starts = _line_starts(raw, last_line)
    else:
        raw, starts = part
    units = array("H")
    units.frombytes(raw)
    if sys.byteorder == "big":  # pragma: no cover - the test machines are little-endian
        units.byteswap()
    if part is None:  # the windows of the last lines run past the end of the file
        units.append(EOF_UNIT)
        units.extend([0] * BLOCK)  # upload-sarif's final flush
    prefix = _prefix_hashes(units, sorted({*starts, *(p + BLOCK for p in starts)}))
    out: list[str] = []
    seen: dict[str, int] = {}
    for p in starts:
        value = format((prefix[p + BLOCK] - prefix[p] * _FIRST) & _MASK, "x")
        n = seen[value] = seen.get(value, 0) + 1
        out.append(f"{value}:{n}")
    return out


def _prefix_hashes(units: array, marks: list[int]) -> dict[int, int]:
    """``G(m)`` for each of the sorted positions ``marks``, in one pass over ``units``."""
    out: dict[int, int] = {}
    it = iter(units)
    g = 0
    done = 0
    mask = _MASK
    for mark in marks:
        for c in islice(it, mark - done):
            g = (g * 37 + c) & mask
        out[mark] = g
        done = mark
    return out


def source_line_hashes(source: Source, lines: Iterable[int]) -> dict[int, str]:
    """upload-sarif's hash of each of ``lines`` (1-based) in ``source``'s file: "" for a line
    past the end of the file, or for every line of a file that cannot be read."""
    wanted = set(lines)
    if not wanted:
        return {}
    text = hashed_text(source)
    if text is None:
        return dict.fromkeys(wanted, "")
    hashes = line_hashes(text, max(wanted))
    return {line: hashes[line - 1] if line <= len(hashes) else "" for line in wanted}


def hashed_text(source: Source) -> bytes | str | None:
    """The file as upload-sarif reads it (its bytes: a BOM counts) when it still holds the
    text that was linted; else that text; None when neither can be had."""
    from linter.sources.loader import LoadError, decode, read_bytes

    if not source.has_text and not source.reader.is_given(source.abspath):
        # a detached source would read its text from this very file: read it once
        try:
            data = read_bytes(source.abspath, source.reader)
            text = decode(data)  # a file its text cannot be read from has no hash either
        except LoadError:
            return None
        # without a BOM the text is what upload-sarif reads, already decoded
        return data if data.startswith(_BOMS) else text
    try:
        text = source.text
    except LoadError:
        return None
    try:
        with open(source.abspath, "rb") as fh:
            head = fh.read(4)
            if not head.startswith(_BOMS):
                # UTF-8 without a BOM (what the loader reads): the units of the bytes are those of
                # the text, whether the file still holds it or not (then the text that was linted)
                return text
            data = head + fh.read()
        if decode(data) == text:
            return data
    except (OSError, LoadError, UnicodeError):
        pass
    return text


_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")
