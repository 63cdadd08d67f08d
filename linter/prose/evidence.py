"""The analyser's result type: what the prose says (:class:`Evidence`), neutral — no rule, no
message. Kept apart from the matchers so checks can import it without the regexes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

KINDS: tuple[str, ...] = ("closed_vocab", "example_vocab", "format", "bounds", "standard")


@dataclass(frozen=True, slots=True)
class Evidence:
    """One constraint found in a description.

    ``span`` is in code points of the original description (HTML and markdown included), so a
    reporter can underline exactly the words that state the constraint.
    """

    kind: str
    span: tuple[int, int]
    text: str
    values: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
