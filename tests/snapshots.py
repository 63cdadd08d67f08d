"""Exact output snapshots, kept as files under ``tests/data/snapshots/``.

``matches_snapshot(name, text)`` compares ``text`` with the file; after a deliberate change of an
output, ``SILENTLINT_UPDATE_SNAPSHOTS=1 PYTHONPATH=. python -m pytest tests/…`` rewrites the
files (review the diff before committing). One mechanism for every reporter's snapshot.
"""

from __future__ import annotations

import os
from pathlib import Path

SNAPSHOTS = Path(__file__).parent / "data" / "snapshots"
UPDATE = "SILENTLINT_UPDATE_SNAPSHOTS"


def matches_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get(UPDATE) == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {name} ({UPDATE}=1 writes it)"
    assert text == path.read_text(encoding="utf-8"), f"{name} changed ({UPDATE}=1 rewrites it)"


def snapshot(name: str) -> str:
    """A snapshot's text, for a test that compares a variant of the output with it."""
    return (SNAPSHOTS / name).read_text(encoding="utf-8")
