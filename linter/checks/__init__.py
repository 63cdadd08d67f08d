"""Check functions, one module per rule family.

A check is a plain function decorated with its scope; the catalog entry names it as
``<module>.<function>`` (``vocabulary.prose_enum``). The engine calls it once per field,
operation or document and turns what it yields (:class:`linter.model.Hit`) into findings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from linter.model import Document, Rule
from linter.options import Options

F = TypeVar("F", bound=Callable[..., Any])
SCOPES = ("field", "operation", "document")


@dataclass(frozen=True)
class Context:
    rule: Rule
    options: Options  # every option the catalog entry declares, with its default unless set
    document: Document


def check(scope: str) -> Callable[[F], F]:
    if scope not in SCOPES:
        raise ValueError(scope)

    def mark(fn: F) -> F:
        fn.scope = scope  # type: ignore[attr-defined]  # the scope travels on the function object
        return fn

    return mark
