"""Resource bombs and broken bytes: each is linted or refused with one clear line, in bounded
time and memory.

    python benchmarks/bombs.py [--keep DIR] [--skip-huge]

Generates every case in a temporary directory (``--keep DIR`` writes them there instead and keeps
them), runs ``python -m linter check FILE --format json`` on each under GNU ``/usr/bin/time -v``
and prints a table: case, exit code, wall seconds, peak RSS (MB), and the message (the refusal, or
the number of findings). Stdlib only, plus the project itself (run from the repository root).
The 200 MB cases need ~1 GB of disk and several GB of memory for the raised-limit run;
``--skip-huge`` leaves them out.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MiB = 1024 * 1024

HEAD = '{"openapi": "3.0.3", "info": {"title": "Bombs", "version": "1"}, "paths": {'
# one clean operation (no finding from any default rule), about 540 bytes
OPERATION = (
    '"/items/{n}": {"get": {"operationId": "getItem{n}", "summary": "Get item {n}", '
    '"description": "Returns the item with this number.", "parameters": [{"name": "limit", "in": "query", '
    '"description": "How many sub-items to return.", "schema": {"type": "integer", "minimum": 1, "maximum": 50}}], '
    '"responses": {"200": {"description": "The item", "content": {"application/json": {"schema": '
    '{"type": "object", "properties": {"id": {"type": "integer", "description": "The item number."}}}}}}, '
    '"default": {"description": "An error"}}}}'
)


@dataclass
class Case:
    name: str
    file: str
    config: str | None = None  # .silentlint.yaml text for this case


def spec_with_description(description: str, syntax: str) -> str:
    if syntax == "json":
        op = OPERATION.replace("{n}", "0").replace(
            '"How many sub-items to return."', json.dumps(description)
        )
        return HEAD + op + "}}"
    return (
        "openapi: 3.0.3\ninfo: {title: Bombs, version: '1'}\npaths:\n  /items:\n    get:\n      parameters:\n"
        "        - name: kind\n          in: query\n          description: " + json.dumps(description, ensure_ascii=False) + "\n"
        "          schema: {type: string}\n      responses:\n        '200': {description: The items, content: "
        "{application/json: {schema: {type: array, items: {type: object}}}}}\n        default: {description: Error}\n"
    )


def write_huge(path: Path, size: int) -> None:
    """A valid OpenAPI JSON document of ``size`` bytes or a little more: many clean operations."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEAD)
        written, n = len(HEAD), 0
        chunk: list[str] = []
        while written < size:
            op = ("," if n else "") + OPERATION.replace("{n}", str(n))
            chunk.append(op)
            written += len(op)
            n += 1
            if len(chunk) == 10_000:
                fh.write("".join(chunk))
                chunk.clear()
        fh.write("".join(chunk) + "}}")


def generate(root: Path, huge: bool) -> list[Case]:
    cases: list[Case] = []

    def add(name: str, file: str, data: str | bytes, config: str | None = None) -> None:
        target = root / name
        target.mkdir()
        if isinstance(data, str):
            (target / file).write_text(data, encoding="utf-8")
        else:
            (target / file).write_bytes(data)
        if config is not None:
            (target / ".silentlint.yaml").write_text(config, encoding="utf-8")
        cases.append(Case(name, file, config))

    if huge:
        for name, config in (("200 MB JSON, default limit", None), ("200 MB JSON, limit raised", "limits:\n  max-file-bytes: 268435456\n")):
            target = root / name
            target.mkdir()
            write_huge(target / "huge.json", 200 * MiB)
            if config:
                (target / ".silentlint.yaml").write_text(config, encoding="utf-8")
            cases.append(Case(name, "huge.json", config))
    lol = 'openapi: 3.0.3\ninfo: {title: lol, version: "1"}\npaths: {}\nlol1: &l1 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    lol += "".join(f"lol{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(2, 10))
    add("billion laughs (9 x 9 aliases)", "lol.yaml", lol)
    add("recursive alias", "loop.yaml", 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: &p {a: *p}\n')
    deep = 10_000
    add("JSON 10,000 nested objects", "deep.json", '{"openapi": "3.0.3", "x": ' + '{"a": ' * deep + "1" + "}" * (deep + 1))
    add("JSON 10,000 nested arrays", "deep.json", '{"openapi": "3.0.3", "x": ' + "[" * deep + "]" * deep + "}")
    add("YAML 10,000 nested flow maps", "deep.yaml", "openapi: 3.0.3\nx: " + "{a: " * deep + "1" + "}" * deep + "\n")
    add("YAML 10,000 nested sequences", "deep.yaml", "openapi: 3.0.3\nx:\n" + "- " * deep + "1\n")
    add("YAML 1,100 nested block maps", "deep.yaml", "openapi: 3.0.3\n" + "".join(" " * i + "a:\n" for i in range(1100)) + " " * 1100 + "b: 1\n")
    five = 5 * MiB
    add("5 MB one-line description (JSON)", "long.json", spec_with_description("x" * five, "json"))
    add("5 MB one-line description (YAML)", "long.yaml", spec_with_description("x" * five, "yaml"))
    cues = ("One of: alpha, beta, gamma. Between 1 and 100, e.g. 2024-01-01 or `a`|`b`. " * (five // 80))[:five]
    add("5 MB description full of prose cues", "cues.yaml", spec_with_description(cues, "yaml"))
    add("invalid UTF-8", "bad.yaml", spec_with_description("caf\xe9", "yaml").encode("utf-8").replace(b"caf\xc3\xa9", b"caf\xe9"))
    add("NUL byte", "nul.json", spec_with_description("a\x00b", "json").replace("\\u0000", "\x00").encode())
    add("UTF-16 LE with BOM", "utf16.yaml", b"\xff\xfe" + spec_with_description("One of: a, b, c.", "yaml").encode("utf-16-le"))
    add("tab indentation", "tabs.yaml", spec_with_description("x", "yaml").replace("\n          in: query", "\n\t  in: query"))
    add("duplicate keys (JSON)", "dup.json", spec_with_description("x", "json").replace('"in": "query"', '"in": "query", "in": "path"'))
    return cases


_WALL = re.compile(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)")
_RSS = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")


def run(case: Case, root: Path) -> tuple[int, float, float, str]:
    cwd = root / case.name
    timing = cwd / ".time"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run(
        ["/usr/bin/time", "-v", "-o", str(timing), sys.executable, "-m", "linter", "check", case.file, "--format", "json", "--jobs", "1"],
        cwd=cwd, capture_output=True, text=True, env=env,
    )
    report = timing.read_text()
    m = _WALL.search(report)
    wall = (int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))) if m else float("nan")
    r = _RSS.search(report)
    rss = int(r.group(1)) / 1024 if r else float("nan")
    if "Traceback" in proc.stdout + proc.stderr:
        message = "TRACEBACK: " + proc.stderr.strip().splitlines()[-1]
    else:
        try:
            data = json.loads(proc.stdout)
            if data["problems"]:
                message = data["problems"][0]["message"]
            else:
                by_rule = data["summary"]["by_rule"]
                message = f"linted: {data['summary']['findings']} findings " + (json.dumps(by_rule) if by_rule else "")
        except (ValueError, KeyError):
            message = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
    return proc.returncode, wall, rss, message


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", metavar="DIR", help="generate the cases in DIR and keep them")
    parser.add_argument("--skip-huge", action="store_true", help="leave out the two 200 MB cases")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        print("bombs.py needs GNU /usr/bin/time (apt-get install time)", file=sys.stderr)
        return 2
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="silentlint-bombs-"))
    root.mkdir(parents=True, exist_ok=True)
    try:
        cases = generate(root, huge=not args.skip_huge)
        rows = []
        for case in cases:
            code, wall, rss, message = run(case, root)
            rows.append((case.name, code, wall, rss, message))
            print(f"  {case.name}: exit {code}, {wall:.2f} s, {rss:.0f} MB", file=sys.stderr)
        print("| case | exit | wall s | peak RSS MB | message |")
        print("|---|---|---|---|---|")
        for name, code, wall, rss, message in rows:
            print(f"| {name} | {code} | {wall:.2f} | {rss:.0f} | {message.replace('|', '/')} |")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
