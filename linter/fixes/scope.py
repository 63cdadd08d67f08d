"""Which files a ``fix`` run may write: only the paths named on the command line.

A fix lands where a schema is defined, and through ``$ref`` that can be a file nobody named
(a shared ``common.yaml``, a vendored spec). Writing it would surprise whoever ran
``silentlint fix api.yaml`` — and a pre-commit hook would rewrite files that are not staged.
So an edit is applied only to a file named on the command line or lying under a directory named
there, compared by real path: a symlink inside a named directory that points elsewhere does not
let a fix out. The named paths lie inside the project root (the working directory) unless one
was named outside it, so a fix never writes outside the root either.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence

from linter.model import Fix

__all__ = ["FixScope", "split_fixes"]


def _under(path: str, directory: str) -> bool:
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


@dataclass(frozen=True)
class FixScope:
    """The real paths a fix may write: named files exactly, named directories' subtrees."""

    root: str
    files: frozenset[str]
    dirs: tuple[str, ...]

    @classmethod
    def of(cls, paths: Sequence[str], root: str) -> "FixScope":
        files: set[str] = set()
        dirs: list[str] = []
        for p in paths:
            real = os.path.realpath(os.path.join(root, p))
            if os.path.isdir(real):
                dirs.append(real)
            else:
                files.add(real)
        return cls(os.path.realpath(root), frozenset(files), tuple(dirs))

    def refusal(self, abspath: str, display: str) -> str | None:
        """None when ``abspath`` may be written, else the one-line reason it may not."""
        real = os.path.realpath(abspath)
        if real in self.files or any(_under(real, d) for d in self.dirs):
            return None
        if not _under(real, self.root):
            return f"{display}: resolves to {real}, outside the project root and the paths given"
        return (
            f"{display}: not among the paths given (a $ref leads there); "
            "name it on the command line to fix it"
        )


def split_fixes(fixes: Sequence[Fix], scope: FixScope) -> tuple[list[Fix], dict[str, str]]:
    """The fixes whose every edit lies in ``scope``, and the refused files (display → reason).
    A fix touching any file out of scope is dropped whole: half a fix is not a fix."""
    reasons: dict[str, str] = {}
    verdict: dict[str, str | None] = {}
    kept: list[Fix] = []
    for fix in fixes:
        ok = True
        for edit in fix.edits:
            src = edit.source
            if src.abspath not in verdict:
                verdict[src.abspath] = scope.refusal(src.abspath, src.display_path)
            reason = verdict[src.abspath]
            if reason is not None:
                reasons.setdefault(src.display_path, reason)
                ok = False
        if ok:
            kept.append(fix)
    return kept, reasons
