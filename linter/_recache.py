"""Compiled regular expressions kept between runs: the module patterns of the prose analyser
(~500) and of the rules.

CPython's ``re`` compiles a pattern in Python (``re._parser`` parses it, ``re._compiler`` turns
the tree into the code of the C matcher) and then builds the pattern object from that code with
``_sre.compile``. For the prose analyser that is ~0.15 s at every start, before any file is read
and before the pool forks (so no worker shares the work): a third of a small run's set-up. This
module keeps the code of each pattern compiled through :func:`compile` in one cache file per
interpreter build and, on a later start, builds the pattern object straight from it (~10 ms for
all of them).

The cache changes speed, never behaviour: a pattern missing from it is compiled by the same
steps ``re._compiler.compile`` takes; a file from another interpreter build is never read (its
name carries the build and the C matcher's code version); a damaged or unreadable file, a cache
directory that cannot be written, another Python implementation, or internals that differ from
the ones this was written against (CPython 3.11-3.13) all mean the patterns are compiled as
usual. Only patterns written in the code go through here (module constants), never one read from
a spec. The file is written after the prose analyser is imported and again after the rules are
(:func:`save`, when either compiled something the file lacked). Its checksum catches damage; like
the ``.pyc`` files Python itself loads, it is trusted as the user's own files are (and the C
matcher still validates every code it is given).

``SILENTLINT_CACHE_DIR`` names the directory (default ``$XDG_CACHE_HOME/silentlint`` or
``~/.cache/silentlint``); set to an empty string, it turns the cache off.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
import sys
from array import array
from typing import Any

ENV = "SILENTLINT_CACHE_DIR"

# (pattern, flags) → the arguments of ``_sre.compile``: loaded at the first call, None until then
_known: dict[tuple[str, int], tuple[Any, ...]] | None = None
_used: set[tuple[str, int]] = set()  # what this start asked for
_added = False  # a pattern was compiled this run that the file does not hold yet

try:  # CPython's own compiler, as ``re._compiler.compile`` uses it
    import _sre  # type: ignore[import-not-found]  # CPython's C matcher: no stubs
    from re import _compiler, _parser  # type: ignore[attr-defined]  # private modules: not in typeshed

    _BUILD = f"{sys.implementation.cache_tag}-{_sre.MAGIC}-{_sre.CODESIZE}-{sys.hexversion:x}"
    # the code of a pattern is kept as the bytes of an array of C unsigned ints of the matcher's
    # code size: as lists of ints, marshal built ~35,000 int objects at every start (11 of the
    # 14 ms the file took to load) and the parent and every worker held 3 MB of them; as bytes
    # the file loads in ~5 ms and each list lives only while its pattern is built
    _CODE_TYPE = next((t for t in "IL" if array(t).itemsize == _sre.CODESIZE), "")
    _USABLE = sys.implementation.name == "cpython" and callable(getattr(_compiler, "_code", None)) and bool(_CODE_TYPE)
except (ImportError, AttributeError):  # pragma: no cover - another implementation
    _USABLE = False
    _BUILD = ""
    _CODE_TYPE = ""


def cache_dir() -> str | None:
    """Where the cache file lives; None when the cache is off."""
    given = os.environ.get(ENV)
    if given is not None:
        return given or None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "silentlint")


def cache_file() -> str | None:
    directory = cache_dir()
    # ("re2": the code as bytes; "re-" files held it as a list of ints)
    return os.path.join(directory, f"re2-{_BUILD}.marshal") if directory and _USABLE else None


def compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:  # noqa: A001 - re.compile's twin
    """``re.compile(pattern, flags)``, built from the cached code when the cache holds it."""
    global _known, _added
    if not _USABLE:
        return re.compile(pattern, flags)
    flags = int(flags)
    if _known is None:
        _known = _load()
    key = (pattern, flags)
    _used.add(key)
    args = _known.get(key)
    if args is not None:
        try:
            compiled = _sre.compile(*_with_code_list(args))
        except Exception:  # noqa: BLE001 - a damaged entry: compile it as usual
            compiled = None
        if compiled is not None and compiled.pattern == pattern and compiled.groups == args[3]:
            return compiled
    try:
        args = _arguments(pattern, flags)
        compiled = _sre.compile(*_with_code_list(args))
    except re.error:
        raise
    except Exception:  # noqa: BLE001 - internals unlike 3.11-3.13's: the public way
        return re.compile(pattern, flags)
    _known[key] = args
    _added = True
    return compiled


def _arguments(pattern: str, flags: int) -> tuple[Any, ...]:
    """What ``re._compiler.compile`` passes to ``_sre.compile``, as plain values, with the code
    as bytes (see ``_CODE_TYPE``; :func:`_with_code_list` gives the list back)."""
    p = _parser.parse(pattern, flags)
    code = array(_CODE_TYPE, _compiler._code(p, flags)).tobytes()
    groupindex = dict(p.state.groupdict)
    indexgroup: list[str | None] = [None] * p.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    return (pattern, int(flags | p.state.flags), code, p.state.groups - 1, groupindex, tuple(indexgroup))


def _with_code_list(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """``args`` as ``_sre.compile`` takes them: the code a list of ints again."""
    code = array(_CODE_TYPE)
    code.frombytes(args[2])
    return (*args[:2], code.tolist(), *args[3:])


def _load() -> dict[tuple[str, int], tuple[Any, ...]]:
    path = cache_file()
    if path is None:
        return {}
    try:
        with open(path, "rb") as fh:
            blob = fh.read()
        digest, payload = blob[:32], blob[32:]
        if hashlib.sha256(payload).digest() != digest:
            return {}
        entries = marshal.loads(payload)
        return {(pattern, flags): args for pattern, flags, args in entries}
    except (OSError, ValueError, EOFError, TypeError):
        return {}


def save() -> None:
    """Write the cache file when this run compiled patterns it did not hold (atomically; a
    directory that cannot be made or written leaves the cache as it was). Patterns this start
    did not ask for stay (a rule turned off today is on again tomorrow), unless they outnumber
    the ones it asked for: then they are those of an older version of the code, and go."""
    global _added
    path = cache_file()
    if not _added or _known is None or path is None:
        return
    from linter.atomic import write_atomic

    keep = _known.items() if len(_known) <= 2 * len(_used) + 256 else [(k, v) for k, v in _known.items() if k in _used]
    payload = marshal.dumps([(pattern, flags, args) for (pattern, flags), args in keep])
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, hashlib.sha256(payload).digest() + payload)
    except OSError:
        return
    _added = False
    try:  # the file of this build in the older layout ("re-", codes as lists of ints) is never read again
        os.remove(os.path.join(os.path.dirname(path), f"re-{_BUILD}.marshal"))
    except OSError:
        pass
