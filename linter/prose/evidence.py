"""The analyser's result types: what the prose says (:class:`Evidence`) and what the schema lacks
(:class:`Gap`). Kept apart from the matchers so checks can import them without the regexes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

KINDS: tuple[str, ...] = ("closed_vocab", "example_vocab", "format", "bounds", "standard")
RULES: tuple[str, ...] = (
    "prose-enum",
    "example-only-vocabulary",
    "prose-format",
    "prose-bounds",
    "public-standard-vocabulary",
)


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


@dataclass(frozen=True, slots=True)
class Gap:
    """Evidence the schema does not already express; ``message`` names the evidence only (the
    engine prefixes the field label). ``keywords`` are the schema keywords that would express it
    (empty when none can: a parameter style, a layout with no pattern), for a fix to add."""

    rule: str
    evidence: Evidence
    message: str
    keywords: Mapping[str, Any] = field(default_factory=dict)
