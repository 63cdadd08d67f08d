"""The compiled-pattern cache (linter/_recache.py): a pattern built from cached code is the
pattern ``re.compile`` builds, and a missing, damaged or unwritable cache only costs time."""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from linter import _recache

pytestmark = pytest.mark.skipif(not _recache._USABLE, reason="the cache serves CPython only")

# Run in a fresh interpreter: import the prose analyser with the given cache directory, then say
# how many patterns came from the file, whether the run wrote it, and what sample patterns match.
PROBE = r"""
import json, sys
from linter import _recache
loaded = len(_recache._load())  # what the file held before this start
import linter.prose
from linter.prose import analyse, lists, vocab
ev = analyse("Sort order. Allowed values: `asc`, `desc` or `none`.", name="order", type="string")
print(json.dumps({
    "loaded": loaded,
    "pending": _recache._added,
    "sep": [m.span() for m in lists._SEP.finditer("a, b or c / d")],
    "cue": [m.group("verb") for m in vocab._VALUES_CUE.finditer("Valid values are: a, b. Supported options include c.")],
    "evidence": [[e.kind, list(e.values)] for e in ev],
}))
"""


def _probe(cache: str) -> dict:
    env = {**os.environ, "SILENTLINT_CACHE_DIR": cache}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _cache_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("re2-*.marshal")) if directory.is_dir() else []


def test_the_second_start_builds_every_pattern_from_the_file_and_finds_the_same(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = _probe(str(cache))
    (written,) = _cache_files(cache)
    assert first["loaded"] == 0 and first["pending"] is False  # compiled, then written at import
    second = _probe(str(cache))
    assert second["loaded"] > 400  # every module pattern of the prose analyser
    assert second["pending"] is False and _cache_files(cache) == [written]
    assert second == {**first, "loaded": second["loaded"]}
    assert first["evidence"] == [["closed_vocab", ["asc", "desc", "none"]]]


def test_patterns_of_an_older_code_go_once_they_outnumber_todays(tmp_path: Path) -> None:
    """A start that compiles what the file lacks writes the file again: patterns it did not ask
    for stay while they are few (another run's rules), and go when they outnumber its own."""
    cache = tmp_path / "cache"
    _probe(str(cache))
    (path,) = _cache_files(cache)
    today = marshal.loads(path.read_bytes()[32:])

    def rewrite(stale: int) -> set[str]:
        old = [(f"(?:pattern {i} of an older version)", 0, today[0][2]) for i in range(stale)]
        entries = old + today[1:]  # and one of today's missing: this start compiles and writes
        payload = marshal.dumps(entries)
        path.write_bytes(hashlib.sha256(payload).digest() + payload)
        _probe(str(cache))
        return {e[0] for e in marshal.loads(path.read_bytes()[32:])}

    few = rewrite(3)
    assert {p for p, _f, _a in today} <= few and "(?:pattern 2 of an older version)" in few
    many = rewrite(3 * len(today))
    assert many == {p for p, _f, _a in today}


def test_a_pattern_from_cached_code_is_the_one_re_compile_builds(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(_recache.ENV, str(tmp_path))
    monkeypatch.setattr(_recache, "_known", {})
    source = r"(?P<k>[A-Z][a-z]+)\s*(?:=|:)\s*(?P<v>\d+)(?i:\s+units?)?"
    built = _recache.compile(source, re.I)
    _recache.save()
    monkeypatch.setattr(_recache, "_known", None)  # a new start: read the file
    again = _recache.compile(source, re.I)
    reference = re.compile(source, re.I)
    assert _recache._known is not None and (source, int(re.I)) in _recache._known
    for p in (built, again):
        assert (p.pattern, p.flags, p.groups, dict(p.groupindex)) == (reference.pattern, reference.flags, reference.groups, dict(reference.groupindex))
        text = "Width = 40 UNITS, height: 7, depth=3 unit"
        assert [m.groupdict() for m in p.finditer(text)] == [m.groupdict() for m in reference.finditer(text)]


def test_a_damaged_file_is_not_read_and_the_next_start_writes_a_good_one(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    baseline = _probe(str(cache))
    (path,) = _cache_files(cache)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one flipped byte: the checksum no longer holds
    path.write_bytes(bytes(data))
    damaged = _probe(str(cache))
    assert damaged["loaded"] == 0 and damaged == {**baseline, "loaded": 0}
    assert _probe(str(cache))["loaded"] > 400  # rewritten by the start that found it damaged


def test_an_empty_setting_turns_the_cache_off_and_an_unwritable_place_is_no_error(tmp_path: Path) -> None:
    off = _probe("")
    assert off["evidence"] == [["closed_vocab", ["asc", "desc", "none"]]]
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    assert _probe(str(blocked / "cache")) == off  # cannot be made: compiled as usual, nothing written
    assert _cache_files(tmp_path) == []


def test_a_file_in_the_older_layout_is_not_read_and_goes_when_the_new_one_is_written(tmp_path: Path) -> None:
    """Before the codes were kept as bytes the file was ``re-<build>.marshal`` with lists of ints:
    never read (its name is not asked for), removed once this layout's file is written."""
    cache = tmp_path / "cache"
    cache.mkdir()
    old = cache / f"re-{_recache._BUILD}.marshal"
    payload = marshal.dumps([("x", 0, ("x", 0, [1, 2, 3], 0, {}, (None,)))])
    old.write_bytes(hashlib.sha256(payload).digest() + payload)
    first = _probe(str(cache))
    assert first["loaded"] == 0 and not old.exists()
    assert [p.name for p in _cache_files(cache)] == [f"re2-{_recache._BUILD}.marshal"]
