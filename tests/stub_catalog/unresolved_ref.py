"""unresolved-ref: the model builder records it (``linter/checks/unresolved_ref.py``)."""

from linter.checks.unresolved_ref import BUILTIN  # noqa: F401  # the engine's own rule, under its real id
