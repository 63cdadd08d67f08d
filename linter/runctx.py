"""The state of one run, in one object passed explicitly.

A run (``check``, ``fix``, ``audit``) used to keep its state in module globals that the engine
reset in the right order: the limits, the texts read from standard input, the remote ``$ref``
documents fetched, the fix writers' caches, the plan ``--format diff`` shares with its notices.
They now live here. :func:`linter.engine.prepare_run` makes one :class:`RunContext` per run and
hands it to the loader, the ``$ref`` workspace and the fix writers; a forked pool worker gets it
inside the work function it inherits.

:class:`Reader` is the part a parsed :class:`~linter.model.Source` keeps, so that reading its
text again later (code frames, SARIF regions, fixes: findings outlive their trees) goes through
the same limits and the same standard-input texts. It is small, immutable and picklable: it
travels with the findings from the workers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from linter.limits import Limits

if TYPE_CHECKING:
    from linter.model import RemoteSource, Source


@dataclass(frozen=True, eq=False)
class Reader:
    """How the files of a run are read: its limits, and the bytes given for a path (``check -``
    reads standard input as ``--stdin-filename``; every later read of that path sees them)."""

    limits: Limits = Limits()
    given: Mapping[str, bytes] = field(default_factory=dict)

    def is_given(self, abspath: str) -> bool:
        return abspath in self.given

    def __reduce__(self) -> tuple[Any, ...]:
        return (Reader, (self.limits, dict(self.given)))


DEFAULT_READER = Reader()  # default limits, nothing given (library use, tests, evidence files)


class SourceMemo:
    """A few values per source, the most recent ``size`` sources (e.g. the fix writers, whose
    style detection is paid once per file, not per SARIF result).

    Keyed by ``id(source)`` and checked by the identity of the source's locator, which a source
    keeps as long as its text (``release()`` drops both): an entry never holds the Source
    itself, whose tree — millions of objects — would otherwise outlive its file by ``size``
    files, be rescanned by every full collection meanwhile, and be freed in whichever fix
    evicts it."""

    __slots__ = ("size", "_entries")

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._entries: dict[int, tuple[Any, Any]] = {}

    def get(self, source: "Source") -> tuple[Any, Any] | None:
        """``(locator, value)`` of ``source``; None when there is none or it belongs to another
        source that had the same id, or to this one before ``release()``."""
        cached = self._entries.get(id(source))
        if cached is not None and cached[0] is source.locator:
            return cached
        return None

    def put(self, source: "Source", value: Any) -> Any:
        entries = self._entries
        if len(entries) >= self.size:
            del entries[next(iter(entries))]
        entries[id(source)] = (source.locator, value)
        return value

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def values(self) -> list[Any]:
        return [value for _locator, value in self._entries.values()]


class FixMemo:
    """What the fix writers keep between the fixes of one file: the writer (its detected style)
    and whether the YAML tree shares containers through aliases."""

    __slots__ = ("writers", "aliases")

    def __init__(self) -> None:
        self.writers = SourceMemo()
        self.aliases = SourceMemo()

    def clear(self) -> None:
        """Forget every file: the memo would otherwise keep the last files' texts and positions
        alive (a locator holds its text) for fixes of sources that no longer exist."""
        self.writers.clear()
        self.aliases.clear()


@dataclass(eq=False)
class RunContext:
    """One run's settings and mutable state."""

    root: str = ""  # absolute directory display paths are relative to
    reader: Reader = DEFAULT_READER
    # worker settings
    jobs: int = 1
    debug: bool = False  # raise a check's exception instead of reporting it as a problem
    fix_text: bool = False  # SARIF is wanted: work out fixes' text replacements and line hashes in the worker
    # state
    remote: dict[str, "RemoteSource | str"] = field(default_factory=dict)  # URL → fetched, or why not
    http_opener: Any = None  # urllib opener for remote ``$ref``s, built on first use
    fixes: FixMemo = field(default_factory=FixMemo)
    planned: Any = None  # the safe fixes planned for ``--format diff`` (linter.fixes.collect.Planned)

    @property
    def limits(self) -> Limits:
        return self.reader.limits
