"""Finding the files to lint: paths and globs from the command line and config, ``.gitignore``
respected (asked of git itself, so every gitignore rule works), hidden and vendored folders skipped."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

from linter.config import glob_match
from linter.model import InputProblem
from linter.runctx import DEFAULT_READER, Reader
from linter.sources.loader import API_SUFFIXES, display_path

_SKIP_DIRS = {"node_modules", "__pycache__", "venv", ".venv", "site-packages"}


@dataclass(frozen=True, slots=True)
class Candidate:
    abspath: str
    display: str
    explicit: bool  # named on the command line (a non-API file is then an error, not a skip)
    root: str = ""  # what its file $refs may not leave: the working directory, or the named
    # directory (a named file's directory) when that lies outside it
    # further files linted with this one as one tool set (per-tool files, ``tool-sets`` globs)
    members: tuple["Candidate", ...] = ()


def names_files(pattern: str) -> bool:
    """Whether an include glob names files by their name or suffix (``**/*.snap``, ``tools.txt``)
    rather than only a folder (``specs/**``): only such a glob makes a file that does not end in
    .yaml, .yml or .json a candidate."""
    last = pattern.rstrip("/").rsplit("/", 1)[-1]
    return bool(last) and pattern[-1:] != "/" and last.strip("*") != ""


def _walk(top: str, root: str = "", named: tuple[str, ...] = ()) -> list[str]:
    """The candidate files below ``top``: the API suffixes, and the files an include glob in
    ``named`` names (paths matched as displayed, relative to ``root``)."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in _SKIP_DIRS)
        for name in sorted(filenames):
            if name.lower().endswith(API_SUFFIXES):
                found.append(os.path.join(dirpath, name))
            elif named:
                path = os.path.join(dirpath, name)
                disp = display_path(path, root)
                if any(glob_match(g, disp) for g in named):
                    found.append(path)
    return found


def group_tool_sets(cands: list[Candidate], tool_sets: tuple[str, ...]) -> list[Candidate]:
    """Files that match a ``tool-sets`` glob and lie in one directory become one candidate, the
    first file carrying the others as ``members``: a server that keeps one tool per file
    (github-mcp-server's ``__toolsnaps__/*.snap``) is linted as the one tool set it serves, so
    the rules about a set (overlaps, annotations shared by its tools) see every tool."""
    if not tool_sets:
        return cands
    groups: dict[str, list[Candidate]] = {}
    order: list[Candidate | str] = []
    for c in cands:
        if any(glob_match(g, c.display) for g in tool_sets):
            key = os.path.dirname(c.abspath)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(c)
        else:
            order.append(c)
    out: list[Candidate] = []
    for item in order:
        if isinstance(item, str):
            first, *rest = groups[item]
            out.append(Candidate(first.abspath, first.display, first.explicit, first.root, tuple(rest)) if rest else first)
        else:
            out.append(item)
    return out


def _git_ignored(paths: list[str], cwd: str) -> set[str]:
    """The subset of ``paths`` git ignores; empty when not in a git work tree or no git."""
    if not paths:
        return set()
    try:
        proc = subprocess.run(
            ["git", "check-ignore", "--stdin", "-z"],
            cwd=cwd,
            input="\0".join(paths).encode(),
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return set()
    if proc.returncode not in (0, 1):
        return set()
    return {os.path.abspath(os.path.join(cwd, p)) for p in proc.stdout.decode().split("\0") if p}


def discover(
    paths: list[str],
    root: str,
    include: tuple[str, ...] = (),
    exclude: tuple[str, ...] = (),
    respect_gitignore: bool = True,
    reader: Reader = DEFAULT_READER,
) -> tuple[list[Candidate], list[InputProblem]]:
    out: list[Candidate] = []
    problems: list[InputProblem] = []
    seen: set[str] = set()
    real_root = os.path.realpath(root)
    named = tuple(g for g in include if names_files(g))
    for arg in paths:
        ab = os.path.abspath(arg)
        real = os.path.realpath(ab)
        inside = real == real_root or real.startswith(real_root + os.sep)
        ref_root = root if inside else (ab if os.path.isdir(ab) else os.path.dirname(ab))
        if os.path.isdir(ab):
            found = _walk(ab, root, named)
            # a directory named explicitly is linted even if git ignores it; gitignore
            # rules then only filter what lies below it that it does not ignore as a whole
            if respect_gitignore and not _git_ignored([ab], ab):
                ignored = _git_ignored(found, ab)
                found = [f for f in found if f not in ignored]
            for f in found:
                disp = display_path(f, root)
                if include and not any(glob_match(g, disp) for g in include):
                    continue
                if any(glob_match(g, disp) for g in exclude):
                    continue
                if f not in seen:
                    seen.add(f)
                    out.append(Candidate(f, disp, explicit=False, root=ref_root))
        elif os.path.exists(ab) or reader.is_given(ab):  # (standard input, linted as this path)
            disp = display_path(ab, root)
            if any(glob_match(g, disp) for g in exclude):
                continue
            if ab not in seen:
                seen.add(ab)
                out.append(Candidate(ab, disp, explicit=True, root=ref_root))
        else:
            problems.append(InputProblem(arg, "no such file or directory", "unreadable"))
    return out, problems


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def why_empty(
    paths: list[str],
    root: str,
    include: tuple[str, ...] = (),
    exclude: tuple[str, ...] = (),
    respect_gitignore: bool = True,
    skipped: int = 0,
) -> str:
    """One line saying why a run linted no file (asked only then: it walks the paths again)."""
    where = " ".join(paths) if len(paths) <= 3 else f"the {len(paths)} paths given"
    if skipped:
        return (
            f"{_plural(skipped, 'file')} found under {where}, none an OpenAPI document or tool definition "
            "(--verbose lists them)"
        )
    api = 0
    others: dict[str, int] = {}
    for arg in paths:
        ab = os.path.abspath(arg)
        if not os.path.isdir(ab):
            if os.path.exists(ab):
                api += 1
            continue
        for dirpath, dirnames, filenames in os.walk(ab):
            dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in _SKIP_DIRS]
            for name in filenames:
                if name.lower().endswith(API_SUFFIXES):
                    api += 1
                else:
                    suffix = os.path.splitext(name)[1]
                    others[suffix] = others.get(suffix, 0) + 1
    if api:
        filters = [f"the include globs ({', '.join(include)})"] if include else []
        if exclude:
            filters.append(f"the exclude globs ({', '.join(exclude)})")
        if respect_gitignore:
            filters.append(".gitignore")
        what = "the YAML/JSON file" if api == 1 else f"all {api:,} YAML/JSON files"
        return f"{what} under {where} {'is' if api == 1 else 'are'} left out by {' or '.join(filters)}"
    if not others:
        return f"{where} holds no files (hidden folders and {', '.join(sorted(_SKIP_DIRS))} are not searched)"
    suffix, count = max(others.items(), key=lambda kv: (kv[1], kv[0]))
    total = sum(others.values())
    if suffix:
        hint = f"; most are *{suffix} ({count:,}): lint them with --include '**/*{suffix}' or include: ['**/*{suffix}'] in the config"
    else:
        hint = ""
    matched = f", and none matches the include globs ({', '.join(include)})" if include else ""
    return f"no .yaml, .yml or .json file among the {_plural(total, 'file')} under {where}{matched}{hint}"
