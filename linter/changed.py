"""Which lines changed since a git ref, for ``silentlint check --changed-since REF``.

A pull request should be judged on what it changes, not on the debt it inherits (reviewdog's
"diff" filter mode). The changed lines are read from ``git diff -U0`` against the merge base of
REF and HEAD — what a pull request page shows — and include uncommitted edits and untracked
files, so the same command works locally before a push and in CI.

The patch is parsed with every user setting that could change its shape switched off
(``diff.noprefix``/``diff.mnemonicPrefix`` via explicit prefixes, ``diff.relative``,
``diff.external``, textconv, colour, submodules). Paths come back C-quoted when they hold
``"``, ``\\``, or control characters (``core.quotepath=false`` keeps other non-ASCII bytes raw),
and git appends a TAB to ``---``/``+++`` names that contain a space (``diff.c``,
``builtin_diff``); both are undone here. Hunk bodies are skipped by count, never by prefix, so
an added line that reads ``++ x`` cannot pass for a ``+++`` header.
"""

from __future__ import annotations

import os
import re
import subprocess
from bisect import bisect_left
from dataclasses import dataclass

from linter.model import Region

_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_ESCAPES = {ord(k): v for k, v in {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, '"': 34, "\\": 92}.items()}
GIT_TIMEOUT = 120


class GitError(Exception):
    """The diff cannot be computed (no git, not a repository, unknown ref): a usage error."""


@dataclass(frozen=True)
class ChangedLines:
    """Changed line numbers (1-based, sorted) per real path; ``None`` = the whole file is new."""

    base: str  # the commit the working tree was compared with
    files: dict[str, tuple[int, ...] | None]

    def touches(self, path: str) -> bool:
        return os.path.realpath(path) in self.files

    def overlaps(self, path: str, region: Region | None) -> bool:
        """True when ``region`` of ``path`` covers a changed line.

        A finding without a position counts when its file changed at all. A region that ends at
        column 1 of a later line does not reach into that line.
        """
        key = os.path.realpath(path)
        if key not in self.files:
            return False
        lines = self.files[key]
        if lines is None or region is None:
            return True
        end = region.end_line
        if region.end_column <= 1 and end > region.start_line:
            end -= 1
        i = bisect_left(lines, region.start_line)
        return i < len(lines) and lines[i] <= end


def _git(args: list[str], cwd: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(
            ["git", "-c", "core.quotepath=false", *args],
            cwd=cwd,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=GIT_TIMEOUT,
        )
    except FileNotFoundError:
        raise GitError("--changed-since needs git, and git was not found on PATH") from None
    except subprocess.TimeoutExpired:
        raise GitError(f"--changed-since: git {args[0]} took longer than {GIT_TIMEOUT} s") from None


def _first_line(data: bytes) -> str:
    text = data.decode("utf-8", "replace").strip()
    return text.splitlines()[0] if text else ""


def unquote_path(raw: bytes) -> bytes:
    """Undo git's C-style quoting of a path (``quote_c_style``); unquoted names pass through."""
    if not raw.startswith(b'"'):
        return raw
    out = bytearray()
    i = 1
    while i < len(raw):
        c = raw[i]
        if c == 0x22:  # closing quote
            break
        if c == 0x5C and i + 1 < len(raw):
            n = raw[i + 1]
            if 0x30 <= n <= 0x37:
                out.append(int(raw[i + 1 : i + 4], 8) & 0xFF)
                i += 4
                continue
            out.append(_ESCAPES.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return bytes(out)


def _header_path(rest: bytes, prefix: bytes) -> bytes | None:
    """The path of a ``---``/``+++`` line (after the marker), or None for ``/dev/null``."""
    if rest.startswith(b'"'):
        name = unquote_path(rest)
    else:
        name = rest[:-1] if rest.endswith(b"\t") else rest
    if name == b"/dev/null":
        return None
    return name[len(prefix) :] if name.startswith(prefix) else name


def parse_patch(patch: bytes) -> dict[bytes, set[int] | None]:
    """New-side changed lines per path (relative to the repository root) of a ``-U0`` patch."""
    out: dict[bytes, set[int] | None] = {}
    path: bytes | None = None
    new_file = False
    old_left = new_left = 0
    for line in patch.split(b"\n"):
        if old_left > 0 or new_left > 0:
            if line.startswith(b"-"):
                old_left -= 1
            elif line.startswith(b"+"):
                new_left -= 1
            continue  # "\ No newline at end of file" and body lines
        if line.startswith(b"diff --git "):
            path, new_file = None, False
        elif line.startswith(b"--- "):
            new_file = _header_path(line[4:], b"a/") is None
        elif line.startswith(b"+++ "):
            path = _header_path(line[4:], b"b/")
            if path is not None:
                if new_file:
                    out[path] = None
                else:
                    out.setdefault(path, set())
        else:
            m = _HUNK.match(line)
            if m:
                old_left = int(m.group(2)) if m.group(2) is not None else 1
                start = int(m.group(3))
                count = int(m.group(4)) if m.group(4) is not None else 1
                new_left = count
                if path is not None:
                    lines = out.get(path)
                    if lines is not None:
                        lines.update(range(start, start + count))
    return out


def changed_lines(ref: str, cwd: str = ".") -> ChangedLines:
    """Lines changed between the merge base of ``ref`` and HEAD and the working tree."""
    if not ref or ref.startswith("-"):
        raise GitError(f"--changed-since: unknown git ref {ref!r}")
    top = _git(["rev-parse", "--show-toplevel"], cwd)
    if top.returncode != 0:
        raise GitError(f"--changed-since needs a git repository, and {os.path.abspath(cwd)} is not in one")
    root = os.fsdecode(top.stdout.rstrip(b"\n"))
    commit = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"], root)
    if commit.returncode != 0:
        raise GitError(f"--changed-since: unknown git ref {ref!r}")
    base = commit.stdout.decode().strip()
    # the merge base is what a pull request is compared with; a shallow clone may not have
    # the history to find it, and then the ref itself is the best base there is
    mb = _git(["merge-base", base, "HEAD"], root)
    if mb.returncode == 0 and mb.stdout.strip():
        base = mb.stdout.decode().strip()
    diff = _git(
        [
            "diff", "--no-color", "--no-ext-diff", "--no-textconv", "--no-relative",
            "--ignore-submodules=all", "-U0", "-M", "--src-prefix=a/", "--dst-prefix=b/",
            base, "--",
        ],
        root,
    )
    if diff.returncode != 0:
        raise GitError(f"--changed-since: git diff failed: {_first_line(diff.stderr)}")
    files: dict[str, tuple[int, ...] | None] = {}
    for rel, lines in parse_patch(diff.stdout).items():
        files[os.path.realpath(os.path.join(root, os.fsdecode(rel)))] = None if lines is None else tuple(sorted(lines))
    untracked = _git(["ls-files", "-z", "--others", "--exclude-standard"], root)
    if untracked.returncode == 0:
        for rel in untracked.stdout.split(b"\0"):
            if rel:
                files[os.path.realpath(os.path.join(root, os.fsdecode(rel)))] = None
    return ChangedLines(base, files)
