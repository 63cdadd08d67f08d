"""Which statuses count as failures, and the one finding for a set of tools that share a gap
(shared by the status and boundary rules). Places inside an operation or tool are the model's
:meth:`linter.model.Operation.at`.
"""

from __future__ import annotations

from linter.model import Hit, Location, Operation, Severity


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
        return Hit(f"{first.label}: {what}; {why}", first.at("description"), evidence={"tools": [first.name]}, key=key,
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
