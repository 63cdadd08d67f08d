"""silentlint: finds API and tool-schema constraints that live only in prose."""

__version__ = "0.1.0"
PROJECT_URL = "https://github.com/silentlint/silentlint"
