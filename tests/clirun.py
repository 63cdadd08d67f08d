"""``python -m linter`` in a subprocess, the way every CLI test runs it.

One place for the environment: this checkout's code (``PYTHONPATH``, not whatever ``linter``
the interpreter has installed) and nothing else of the caller's environment except ``PATH`` —
no ``GITHUB_ACTIONS`` (it changes the default format), ``NO_COLOR`` or proxy variables — so a
test sees the same CLI on a laptop and in CI.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Mapping

REPO = Path(__file__).resolve().parent.parent


def run_cli(
    args: list[str], cwd: Path, *, env: Mapping[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``silentlint ARGS`` in ``cwd``; ``env`` adds variables (``HOME`` for git, say)."""
    full = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "linter", *args], cwd=cwd, capture_output=True, text=True, env=full, timeout=timeout
    )
