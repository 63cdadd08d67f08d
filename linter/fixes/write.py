"""Writing plans in place: atomically, and never over a file that changed since it was read."""

from __future__ import annotations

import os
import stat
import tempfile
from typing import Mapping

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
    """Temp file in the same directory (same file system), then ``os.replace``: a reader sees
    the old file or the new one, never half of it. The target of a symlink is replaced, not
    the link; mode (and, where permitted, owner) are kept."""
    target = os.path.realpath(plan.path)
    info = os.stat(target)
    directory, name = os.path.split(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".silentlint", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(plan.new_bytes())
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, stat.S_IMODE(info.st_mode))
        if hasattr(os, "chown"):
            try:
                os.chown(tmp, info.st_uid, info.st_gid)
            except OSError:
                pass
        # narrow the window: check again right before the rename
        _refuse_if_changed(plan, "this file was left as it is")
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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
