"""unused-suppression: the run driver reports it (``linter/checks/unused_suppression.py``)."""

from linter.checks.unused_suppression import BUILTIN  # noqa: F401  # the engine's own rule, under its real id
