"""The cyclic garbage collector's policy for a run over files, in one place.

A run makes millions of containers that hold no reference cycles — parsed trees, YAML nodes,
models, findings, report dicts — and each automatic collection traverses every container
still alive, again and again: on large specs that cost more than the work itself (a third of
a SARIF report, ~5x on composing a 3 MB YAML file for positions, ~40% of linting a 20 MB
spec). So no library module pauses the collector itself; the run's boundaries do, with these
helpers:

- :func:`gc_paused` — the command over files (``check``, ``fix``, ``audit``: reports and fix
  plans included; ``linter.cli``) and each file linted (``linter.engine.lint_candidate``).
  :func:`gc_resumed` undoes it around live I/O (listing MCP servers) inside such a command.
- :func:`settle` — after each file (in a pool worker or in process): one young collection frees
  the cycles the file made, and what is left alive is frozen, so no later collection scans it.
- :func:`frozen` — around a run's files, so what was there before (modules, the catalog, earlier
  files' findings) is never traversed again, and is thawed for a long-lived caller after.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """No automatic cyclic collection inside the block (restored after, even on error)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def settle() -> None:
    """Free the cycles made since the last call (the youngest generation only: everything
    older is frozen) and freeze the survivors."""
    gc.collect(0)
    gc.freeze()


def freeze_alive() -> None:
    """Freeze what is alive (e.g. outcomes just unpickled: they live until the run ends and
    hold no cycles), so later collections need not scan it again."""
    gc.freeze()


@contextmanager
def gc_resumed() -> Iterator[None]:
    """Automatic collection as usual inside the block, whatever the caller paused: for live
    I/O inside a paused command (listing MCP servers), which makes cycles of its own."""
    enabled = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if not enabled:
            gc.disable()


@contextmanager
def frozen() -> Iterator[None]:
    """Freeze what is alive now; thaw everything frozen meanwhile at the end."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
