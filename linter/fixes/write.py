"""Writing plans in place: atomically, and never over a file that changed since it was read."""

from __future__ import annotations

import os
import stat
from typing import Mapping

from linter.atomic import write_atomic
from linter.fixes.core import FixError
from linter.fixes.plan import FilePlan

__all__ = ["apply"]


def _current(plan: FilePlan) -> bytes | None:
    try:
        with open(plan.path, "rb") as fh:
            return fh.read()
    except OSError:
        return None


def _refuse_if_changed(plan: FilePlan, outcome: str) -> None:
    if _current(plan) != plan.original:
        raise FixError(f"{plan.display_path}: changed since it was read; {outcome}", plan.applied)


def _write(plan: FilePlan) -> None:
    """Atomically; the target of a symlink is replaced, not the link; mode (and, where
    permitted, owner) are kept; the file is checked once more right before the rename."""
    target = os.path.realpath(plan.path)
    info = os.stat(target)
    write_atomic(
        target,
        plan.new_bytes(),
        mode=stat.S_IMODE(info.st_mode),
        owner=(info.st_uid, info.st_gid),
        before_replace=lambda: _refuse_if_changed(plan, "this file was left as it is"),
    )


def apply(plans: Mapping[str, FilePlan], *, errors: list[FixError] | None = None) -> list[str]:
    """Write every changed plan in place; returns the paths written.

    All files are checked first: if any changed on disk since it was planned (its bytes are
    compared), :class:`FixError` is raised and nothing is written. Each file is then replaced
    on its own, atomically: an interruption leaves every file either as it was or fully fixed,
    never half written. A file that cannot be written (permissions, a full disk, changed
    during the run) raises :class:`FixError`; with an ``errors`` list it is recorded there
    instead and the other files are still written."""
    todo = [p for p in plans.values() if p.changed]
    for plan in todo:
        _refuse_if_changed(plan, "nothing was written")
    written = []
    for plan in todo:
        try:
            _write(plan)
        except OSError as exc:
            failure = FixError(
                f"{plan.display_path}: cannot write: {exc.strerror or exc}; the file is unchanged",
                plan.applied,
            )
            if errors is None:
                raise failure from None
            errors.append(failure)
            continue
        except FixError as exc:
            if errors is None:
                raise
            errors.append(FixError(exc.message, plan.applied))
            continue
        written.append(plan.path)
    return written
