"""The rules' code: one module per rule, named after its id (``prose-enum`` → ``prose_enum.py``).

A rule's module holds its check function, of the same name: a plain function decorated with its
scope, which the engine calls once per field, operation or document and whose hits
(:class:`linter.model.Hit`) it turns into findings. The module owns the rule's decision, message
and fix; analysis that several rules share lives in the ``_``-prefixed modules and returns
neutral evidence. :mod:`linter.catalog` finds the module by the id.
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
