"""Places inside an operation or tool, which statuses count as failures, and the one finding
for a set of tools that share a gap (shared by the status and boundary rules).
"""

from __future__ import annotations

from typing import Any

from linter.model import Hit, Location, Operation, Pointer, Severity, get_at


def body_pointer(op: Operation) -> Pointer:
    """The pointer of the object holding a tool's name and description (``function`` in the
    OpenAI Chat Completions form) or of an HTTP operation object."""
    ptr = op.location.pointer
    if op.kind == "tool":
        try:
            node = get_at(op.location.source.tree, ptr)
        except KeyError:
            return ptr
        if node is not op.node and isinstance(node, dict) and node.get("function") is op.node:
            return ptr + ("function",)
    return ptr


def at(op: Operation, *keys: str | int) -> Location:
    """A location inside the operation (``at(op, "description")``), or the operation itself
    when the key is absent."""
    node: Any = op.node
    for k in keys:
        if not isinstance(node, dict) or k not in node:
            return op.location
        node = node[k]
    return Location(op.location.source, body_pointer(op) + tuple(keys))


def is_error_status(status: str | None) -> bool:
    if status is None:
        return False
    s = status.strip().upper()
    return s == "DEFAULT" or (len(s) == 3 and s[0] in "45")


def tool_set_hit(ops: list[Operation], total: int, what: str, why: str, key: str, severity: Severity | None = None) -> Hit:
    """One finding for the tools of a set that share a gap: servers follow one convention, so
    the gap is fixed once, and 26 copies of the same warning would bury everything else."""
    first = ops[0]
    if len(ops) == 1:
        return Hit(f"{first.label}: {what}; {why}", at(first, "description"), evidence={"tools": [first.name]}, key=key,
                   severity=severity)
    names = [o.name for o in ops]
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    ptr = first.location.pointer
    container = ptr[:-1] if ptr and isinstance(ptr[-1], int) else ptr
    return Hit(
        f"{len(ops)} of {total} tools ({shown}): {what}; {why}",
        Location(first.location.source, container),
        related=tuple(Location(o.location.source, o.location.pointer, label=o.label) for o in ops[:50]),
        evidence={"tools": names},
        key=key,
        severity=severity,
    )
