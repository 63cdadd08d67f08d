"""The version and project URL, from one place: ``pyproject.toml``.

An installed silentlint reads them from its distribution's metadata (``importlib.metadata``:
``Version`` and the ``Project-URL: Homepage`` line that ``[project.urls]`` becomes). A source
checkout — ``python -m linter`` with the checkout on ``PYTHONPATH``, or an editable install,
whose metadata is frozen at install time and may belong to another checkout — reads the
``pyproject.toml`` beside the package instead. SARIF's ``helpUri``/``informationUri`` and
``silentlint --version`` both come from here, so publishing under another URL or releasing a
version is one line in ``pyproject.toml``.
"""

from __future__ import annotations

import os
from typing import Any

DISTRIBUTION = "silentlint"
URL_KEY = "Homepage"


def _from_source_tree() -> tuple[str, str] | None:
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyproject.toml")
    try:
        with open(path, "rb") as fh:
            import tomllib

            project: Any = tomllib.load(fh).get("project", {})
    except (OSError, ValueError):
        return None
    if project.get("name") != DISTRIBUTION:
        return None
    return str(project.get("version", "0")), str(project.get("urls", {}).get(URL_KEY, ""))


def _from_metadata() -> tuple[str, str]:
    from importlib import metadata

    try:
        meta = metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # pragma: no cover - neither installed nor a checkout
        return "0+unknown", ""
    url = ""
    for entry in meta.get_all("Project-URL") or ():
        label, _, value = entry.partition(",")
        if label.strip() == URL_KEY:
            url = value.strip()
    return str(meta["Version"]), url


def project_info() -> tuple[str, str]:
    """(version, project URL)."""
    return _from_source_tree() or _from_metadata()


__version__, PROJECT_URL = project_info()
