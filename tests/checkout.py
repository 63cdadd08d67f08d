"""A fresh clone of this repository, as a user gets it, for the tests that follow the README.

``git clone`` would take the last commit only; these tests must see the working tree, so the
files git would commit (tracked and new, not ignored — as they are now) are copied into a new
repository and committed there. The result is what cloning that commit gives.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def git_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "PRE_COMMIT", "GIT_"))}
    env.update(
        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
        GIT_COMMITTER_EMAIL="t@example.com", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
    )
    env.update(extra)
    return env


def working_tree_files(*under: str) -> list[str]:
    """Tracked and new (not ignored) files, optionally only under the given paths."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *under],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.decode()
    return sorted({p for p in out.split("\0") if p and (REPO / p).is_file()})


def fresh_clone(dest: Path, *under: str) -> str:
    """Make ``dest`` a repository holding the working tree's files in one commit; its SHA."""
    env = git_env()
    for rel in working_tree_files(*under):
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / rel, dest / rel)
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "silentlint"]):
        subprocess.run(cmd, cwd=dest, env=env, check=True, capture_output=True)
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=dest, env=env, check=True, capture_output=True, text=True).stdout.strip()
