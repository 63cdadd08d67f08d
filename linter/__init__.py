"""silentlint: finds API and tool-schema constraints that live only in prose."""

from linter._project import PROJECT_URL, __version__

__all__ = ["PROJECT_URL", "__version__"]
