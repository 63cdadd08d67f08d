"""duplicate-key: a mapping that repeats a key.

The parsers record the repeats while loading (``Source.facts.duplicates``); this rule places
and words them.
"""

from __future__ import annotations

from typing import Any, Iterator

from linter.checks import Context, check
from linter.model import Document, Hit, Location, Pointer, Region, Source


def _pointers_of(tree: Any, wanted: set[int]) -> dict[int, Pointer]:
    """Where the containers with these ids stand (the first place, for a shared one). One walk,
    each container visited once, run only for a file that has a duplicate key."""
    found: dict[int, Pointer] = {}
    seen: set[int] = set()
    stack: list[tuple[Pointer, Any]] = [((), tree)]
    while stack and len(found) < len(wanted):
        ptr, node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if id(node) in wanted:
            found.setdefault(id(node), ptr)
        if isinstance(node, dict):
            items: Any = ((str(k), v) for k, v in node.items())
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        stack.extend((ptr + (k,), v) for k, v in items if isinstance(v, (dict, list)))
    return found


def _repeats(source: Source) -> Iterator[tuple[Pointer, str, int, int, int]]:
    """``(mapping pointer, key, first offset, repeat start, repeat end)`` of one file."""
    facts = source.facts
    if facts is None or not facts.duplicates:
        return
    where = _pointers_of(source.tree, {id(d[0]) for d in facts.duplicates})
    if source.syntax == "json":
        done: set[int] = set()
        for obj, *_ in facts.duplicates:
            ptr = where.get(id(obj))
            if ptr is None or id(obj) in done:
                continue
            done.add(id(obj))
            for key, first, start, end in source.locator.repeated_keys(ptr):  # type: ignore[attr-defined]  # a YAML source's locator is a YamlLocator
                yield ptr, key, first, start, end
        return
    for obj, key, first, start, end in facts.duplicates:
        ptr = where.get(id(obj))
        if ptr is not None and first is not None and start is not None and end is not None:
            yield ptr, key, first, start, end


@check("document")
def duplicate_key(doc: Document, ctx: Context) -> Iterator[Hit]:
    """A mapping that repeats a key: parsers keep one value (PyYAML and ``json.loads`` the last)
    and drop the other without a word, so the spec says two things and tools see one."""
    sources = doc.workspace.sources.values() if doc.workspace is not None else (doc.source,)
    for source in sources:
        counts: dict[tuple[Pointer, str], int] = {}
        for ptr, key, first, start, end in _repeats(source):
            nth = counts[(ptr, key)] = counts.get((ptr, key), 1) + 1
            locator = source.locator
            first_line = locator.line_col(first)[0]
            (line, column), (end_line, end_column) = locator.line_col(start), locator.line_col(end)
            yield Hit(
                f"duplicate key {key!r} in this mapping (first at line {first_line}): the parser keeps "
                "only the last value and silently drops the other; remove or merge one of them",
                Location(source, ptr + (key,), region=Region(line, column, end_line, end_column, start, end - start)),
                evidence={"key": key, "first_line": first_line},
                key=f"{key}#{nth}",  # the 2nd, 3rd … occurrence: stable without line numbers
            )
