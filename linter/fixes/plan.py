"""Plans: the edits of a run, grouped per file, spliced and verified before anything is written."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from linter.fixes.core import FixError, Replacement, splice, verify_whole
from linter.model import Edit, Fix, Region, Source
from linter.runctx import FixMemo

__all__ = ["FilePlan", "plan", "replacements"]

_BOM = "\ufeff"
# git's conflict markers: `<<<<<<< ours`, a bare `=======`, `>>>>>>> theirs` at a line start.
_CONFLICT = re.compile(r"^(?:<<<<<<< |=======\r?$|>>>>>>> )", re.M)


@dataclass(frozen=True)
class FilePlan:
    """One file's verified change.

    ``old_text``/``new_text`` are the whole file as on disk (a BOM included), what the diff
    compares and :func:`~linter.fixes.apply` writes; ``replacements`` index ``source.text``
    (BOM-less), as SARIF regions do. ``original`` are the bytes read, to refuse writing over a
    file that changed since."""

    path: str
    display_path: str
    syntax: str
    old_text: str
    new_text: str
    replacements: tuple[Replacement, ...]
    applied: tuple[Edit, ...]
    skipped: tuple[Edit, ...]
    original: bytes = field(repr=False, compare=False)

    @property
    def changed(self) -> bool:
        return self.new_text != self.old_text

    @property
    def bom(self) -> bool:
        return self.old_text.startswith(_BOM)

    def new_bytes(self) -> bytes:
        return self.new_text.encode("utf-8")


def _read(source: Source) -> tuple[bytes, str]:
    """The file's bytes and text (BOM kept); refuses a file that is not ``source.text``."""
    try:
        with open(source.abspath, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise FixError(f"{source.display_path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FixError(f"{source.display_path}: not UTF-8 text") from None
    bare = text.removeprefix(_BOM)
    if bare != source.text or source.linted_text_is(bare) is False:
        raise FixError(
            f"{source.display_path}: changed on disk since it was linted; lint it again"
        )
    _refuse_conflicts(source.display_path, text)
    return data, text


def _refuse_conflicts(display: str, text: str) -> None:
    """A file in the middle of a merge is the user's to resolve: an edit spliced between the
    two sides would be applied to one of them at random. Plain substring tests first, so a
    clean 40 MB file costs three C-speed scans, not a regex pass."""
    if "<<<<<<< " not in text and "=======" not in text and ">>>>>>> " not in text:
        return
    found = _CONFLICT.search(text)
    if found is None:
        return
    line = text.count("\n", 0, found.start()) + 1
    marker = found.group().rstrip("\r ")
    raise FixError(
        f"{display}:{line}: merge-conflict marker `{marker}`; resolve the conflict first, "
        "nothing fixed in this file"
    )


def _plan_file(source: Source, edits: Sequence[Edit], memo: FixMemo) -> FilePlan:
    original, old_text = _read(source)
    # splicing and re-parsing allocate millions of objects beside a tree of millions more: the
    # collector rescanning them doubled the time of a 2,000-edit plan on an 8 MB spec, so the
    # CLI plans with it paused (linter/_gc.py)
    spliced = splice(source, edits, memo=memo)
    if spliced.replacements:
        verify_whole(spliced)
    bom = _BOM if old_text.startswith(_BOM) else ""
    return FilePlan(
        path=source.abspath,
        display_path=source.display_path,
        syntax=source.syntax,
        old_text=old_text,
        new_text=bom + spliced.text,
        replacements=tuple(spliced.replacements),
        applied=tuple(spliced.applied),
        skipped=tuple(spliced.skipped),
        original=original,
    )


def plan(
    edits: Sequence[Edit], *, errors: list[FixError] | None = None
) -> dict[str, FilePlan]:
    """Splice ``edits`` into their files' text and verify each file: the new text re-parsed
    must equal the old tree with the edits applied as data. Keys are absolute paths.

    Without ``errors`` the first refusal raises :class:`FixError`. With a list, refused edits
    are appended there as FixErrors and left out; the rest of their file is planned again
    without them (a file whose whole text cannot be verified is left out entirely)."""
    memo = FixMemo()  # a writer is made once per file, whatever edits are refused meanwhile
    by_file: dict[str, tuple[Source, list[Edit]]] = {}
    for edit in edits:
        entry = by_file.setdefault(edit.source.abspath, (edit.source, []))
        entry[1].append(edit)
    plans: dict[str, FilePlan] = {}
    for path, (source, file_edits) in by_file.items():
        if errors is None:
            plans[path] = _plan_file(source, file_edits, memo)
            continue
        remaining = list(file_edits)
        while True:
            try:
                plans[path] = _plan_file(source, remaining, memo)
                break
            except FixError as exc:
                if not exc.edits:  # about the whole file: every edit of it is refused
                    exc = FixError(exc.message, remaining)
                errors.append(exc)
                refused = {id(e) for e in exc.edits}
                left = [e for e in remaining if id(e) not in refused]
                if len(left) == len(remaining) or not left:
                    break
                remaining = left
    return plans


def replacements(fix: Fix, memo: FixMemo | None = None) -> list[tuple[Source, Region, str]]:
    """A fix as text replacements for SARIF ``fixes``: ``(source, region, inserted text)``.
    ``memo`` keeps each file's writer for the next fix of it (the engine passes its run's).

    Works on ``source.text`` alone (no disk access). Each touched mapping's new text is
    re-parsed on its own; only when that cannot decide (a YAML alias to an anchor outside
    it) is the whole file re-parsed. Raises :class:`FixError` when the fix is refused; an
    empty list when it is already applied."""
    if memo is None:
        memo = FixMemo()
    by_source: dict[int, tuple[Source, list[Edit]]] = {}
    for edit in fix.edits:
        by_source.setdefault(id(edit.source), (edit.source, []))[1].append(edit)
    out: list[tuple[Source, Region, str]] = []
    for source, edits in by_source.values():
        spliced = splice(source, edits, whole=False, memo=memo)
        if spliced.replacements and not spliced.locally_verified:
            spliced = splice(source, edits, memo=memo)
            verify_whole(spliced)
        out.extend((source, r.region, r.text) for r in spliced.replacements)
    return out

