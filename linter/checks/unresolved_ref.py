"""unresolved-ref: a ``$ref`` that cannot be followed, so what stands behind it is not linted.

Built in: the model builder meets the broken reference while it builds the document
(``linter/formats/common.py``, ``linter/formats/openapi.py``) and records a notice, which the
engine reports under this rule. Two events: the resolver could not follow the reference (its
:class:`~linter.sources.refs.RefProblem` says why: remote, outside the project, missing target, a
cycle), or the target is not the object the place needs (:func:`not_an_object`).
"""

from __future__ import annotations

from typing import Any

from linter.sources.refs import RefProblem, shown

BUILTIN = True
RULE = "unresolved-ref"


def unfollowed(problem: RefProblem) -> str:
    """The message for a reference the resolver could not follow: its reason, as it words it."""
    return str(problem)


def not_an_object(ref: str, value: Any, what: str) -> str:
    """The message for a reference to a string, list, number… where a ``what`` object must be:
    reported, never a silent skip (what stands behind it is not linted)."""
    kind = (
        "a list" if isinstance(value, list) else "null" if value is None else "a boolean" if isinstance(value, bool)
        else "a number" if isinstance(value, (int, float)) else "a string" if isinstance(value, str)
        else f"a {type(value).__name__}"
    )
    return (f"$ref target is {kind}, not {'an' if what[0] in 'aeiou' else 'a'} {what} object, so the {what} is not "
            f"linted: {shown(ref)}")
