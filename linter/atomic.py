"""Replacing a file atomically: reports, baselines and fixed specs are written the same way."""

from __future__ import annotations

import os
import tempfile
from typing import Callable


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(
    target: str,
    data: bytes,
    *,
    mode: int | None = None,
    owner: tuple[int, int] | None = None,
    before_replace: Callable[[], None] | None = None,
) -> None:
    """Write ``data`` to a temp file beside ``target`` (same file system), then ``os.replace``:
    a reader sees the old file or the new one, never half of it, and nothing is left behind on
    failure. ``mode`` defaults to what a new file gets under the umask (``mkstemp`` makes 0600);
    ``owner`` is kept where permitted; ``before_replace`` may raise to abandon the write at the
    last moment (a fix re-checks that the file did not change meanwhile)."""
    directory, name = os.path.split(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".silentlint", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, (0o666 & ~umask()) if mode is None else mode)
        if owner is not None and hasattr(os, "chown"):
            try:
                os.chown(tmp, *owner)
            except OSError:
                pass
        if before_replace is not None:
            before_replace()
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
