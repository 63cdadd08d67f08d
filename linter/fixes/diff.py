"""Plans as a unified diff that ``git apply`` (and ``patch -p1``) accept.

The hunks are built from the replacements themselves rather than by diffing whole files: a
20 MB spec with 2,000 insertions costs 2,000 small hunks, not a line-matching pass over a
million lines, and the diff can only show what the writers changed. Lines whose text did not
change (the line an insertion follows) are trimmed into context, so the diff shows nothing but
the inserted keywords.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from itertools import accumulate
from typing import Mapping

from linter.fixes.plan import FilePlan

__all__ = ["unified_diff"]

CONTEXT = 3
_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def _lines(text: str) -> list[str]:
    return _LINE.findall(text)


def _path(plan: FilePlan, root: str) -> str:
    rel = os.path.relpath(plan.path, root).replace(os.sep, "/")
    if rel.startswith("../") or rel == "..":
        return plan.path.replace(os.sep, "/").lstrip("/")
    return rel


def _chunks(plan: FilePlan, starts: list[int]) -> list[tuple[int, list[str], list[str]]]:
    """``(first old line index, old lines, new lines)`` per changed place, trimmed."""
    old = plan.old_text
    shift = 1 if plan.bom else 0
    n = len(starts)

    def line_of(offset: int) -> int:
        return bisect_right(starts, offset) - 1

    def line_end(index: int) -> int:
        return starts[index + 1] if index + 1 < n else len(old)

    # group replacements that share lines
    groups: list[list[tuple[int, int, str]]] = []
    spans: list[tuple[int, int]] = []
    for r in plan.replacements:
        start, end = r.start + shift, r.end + shift
        first = line_of(start)
        last = line_of(end - 1) if end > start else first
        last = max(first, last)
        if groups and first <= spans[-1][1]:
            groups[-1].append((start, end, r.text))
            spans[-1] = (spans[-1][0], max(spans[-1][1], last))
        else:
            groups.append([(start, end, r.text)])
            spans.append((first, last))
    out: list[tuple[int, list[str], list[str]]] = []
    for group, (first, last) in zip(groups, spans):
        begin = starts[first] if first < n else len(old)
        finish = line_end(last) if last < n else len(old)
        pieces, at = [], begin
        for start, end, text in group:
            pieces += [old[at:start], text]
            at = end
        pieces.append(old[at:finish])
        old_lines, new_lines = _lines(old[begin:finish]), _lines("".join(pieces))
        while old_lines and new_lines and old_lines[0] == new_lines[0]:
            old_lines.pop(0), new_lines.pop(0)
            first += 1
        while old_lines and new_lines and old_lines[-1] == new_lines[-1]:
            old_lines.pop(), new_lines.pop()
        if not (old_lines or new_lines):
            continue
        if out and old_lines and out[-1][1] and out[-1][0] + len(out[-1][1]) == first:
            # changed lines that follow each other read as one change (all `-`, then all
            # `+`), as git shows them: an enum whose items are quoted one by one
            prev_first, prev_old, prev_new = out[-1]
            out[-1] = (prev_first, prev_old + old_lines, prev_new + new_lines)
        else:
            out.append((first, old_lines, new_lines))
    return out


def _emit(prefix: str, line: str) -> str:
    if line.endswith("\n"):
        return prefix + line
    return prefix + line + "\n\\ No newline at end of file\n"


def _file_diff(plan: FilePlan, path: str) -> str:
    old = plan.old_text
    starts = list(accumulate(map((1).__add__, map(len, old.split("\n"))), initial=0))
    starts.pop()  # past the end
    if starts and starts[-1] == len(old):
        starts.pop()  # a final line break starts no line
    chunks = _chunks(plan, starts)
    if not chunks:
        return ""
    n = len(starts)

    def old_line(i: int) -> str:
        return old[starts[i] : starts[i + 1] if i + 1 < n else len(old)]

    out = [f"diff --git a/{path} b/{path}\n", f"--- a/{path}\n", f"+++ b/{path}\n"]
    delta = 0  # new line number minus old line number before the current hunk
    i = 0
    while i < len(chunks):
        j = i
        while j + 1 < len(chunks):
            end_j = chunks[j][0] + len(chunks[j][1])
            if chunks[j + 1][0] - end_j > 2 * CONTEXT:
                break
            j += 1
        begin = max(0, chunks[i][0] - CONTEXT)
        finish = min(n, chunks[j][0] + len(chunks[j][1]) + CONTEXT)
        body: list[str] = []
        at = begin
        hunk_delta = 0
        for first, old_lines, new_lines in chunks[i : j + 1]:
            body += [_emit(" ", old_line(k)) for k in range(at, first)]
            body += [_emit("-", line) for line in old_lines]
            body += [_emit("+", line) for line in new_lines]
            at = first + len(old_lines)
            hunk_delta += len(new_lines) - len(old_lines)
        body += [_emit(" ", old_line(k)) for k in range(at, finish)]
        old_count = finish - begin
        new_count = old_count + hunk_delta
        old_start = begin + 1 if old_count else begin
        new_start = begin + delta + 1 if new_count else begin + delta
        out.append(f"@@ -{old_start},{old_count} +{new_start},{new_count} @@\n")
        out += body
        delta += hunk_delta
        i = j + 1
    return "".join(out)


def unified_diff(plans: Mapping[str, FilePlan], root: str) -> str:
    """A ``git apply``-compatible patch of every changed plan, paths relative to ``root``
    with ``a/`` and ``b/`` prefixes, files in path order."""
    parts = []
    for plan in sorted(plans.values(), key=lambda p: p.path):
        if plan.changed:
            parts.append(_file_diff(plan, _path(plan, root)))
    return "".join(parts)
