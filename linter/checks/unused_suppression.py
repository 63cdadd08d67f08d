"""unused-suppression: an ``x-silentlint-ignore`` entry or ``# silentlint-ignore:`` comment that
suppresses nothing.

Built in: only the whole run knows which suppressions were used (one may cover findings in
several files), so the run driver collects them (``engine.run``, ``audit``) and asks
:func:`findings` about them at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Callable, Iterable, Iterator

from linter.model import Finding, fingerprint

if TYPE_CHECKING:
    from linter.engine import Suppression

BUILTIN = True
RULE = "unused-suppression"

Key = tuple[str, str, str]  # (file, node pointer or "line N", suppressed rule)


def findings(
    declared: Iterable[tuple[Key, "Suppression"]], used: AbstractSet[Key], severity: Callable[[str], str]
) -> Iterator[tuple[Key, Finding]]:
    """A finding for each declared suppression that suppressed nothing, where the rule is not
    ``off`` (``severity`` gives its severity at a path)."""
    from linter.engine import IGNORE_KEY

    for key, s in declared:
        if key in used:
            continue
        sev = severity(s.location.path)
        if sev == "off":
            continue
        what = "comment" if key[1].startswith("line ") else IGNORE_KEY
        yield key, Finding(
            RULE,
            sev,  # type: ignore[arg-type]  # RuleSet.severity() gives a severity name; "off" was dropped above
            f"{what} suppresses {s.rule}, but no {s.rule} finding is there",
            s.location,
            fingerprint=fingerprint(RULE, s.location, "|".join(key)),
        )
