"""Command line: ``silentlint check | fix | audit | rules | explain | mcp-dump | attest | cards``.

Exit codes (documented in README.md and ``--help``):
  0  no finding at or above --fail-on
  1  findings at or above --fail-on
  2  usage or configuration error
  3  some input could not be linted (unreadable, invalid YAML/JSON, not an API file when named
     explicitly); the other files were still linted and reported. Takes precedence over 1.
  4  check linted no file at all (one line on stderr says why); 0 with --allow-empty or
     --skip-non-api
  5  an MCP server (--mcp-stdio, --mcp-url, --mcp-servers) could not be listed: one line per
     server on stderr; everything else was still linted. Takes precedence over 1, 3 and 4.
  7-12  attest (7 thin, 8 valid but empty, 9 invalid output) and cards check (10 a check
     failed, 11 a card is stale, 12 untested): see linter/evidence/cli.py and their --help.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NoReturn

from linter import __version__
from linter._gc import gc_paused, gc_resumed
from linter.atomic import write_atomic
from linter.catalog import CatalogError, load_catalog
from linter.config import Config, ConfigError, find_config, read_config_file, validate_rule_ids
from linter.engine import EngineError, baseline_json, default_jobs, exit_code, run
from linter.model import InputProblem, Rule, RunResult

if TYPE_CHECKING:
    from linter.changed import ChangedLines

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INPUT, EXIT_EMPTY, EXIT_SERVER = 0, 1, 2, 3, 4, 5
FORMATS = ("text", "json", "sarif", "github", "markdown", "diff", "junit", "gitlab", "codeclimate")
FAIL_ON = ("error", "warning", "note", "never")
FAIL_ON_ALIASES = {"warn": "warning", "info": "note"}  # the words other linters use

EPILOG = """exit codes:
  0  no finding at or above --fail-on
  1  findings at or above --fail-on
  2  usage or configuration error
  3  some input could not be linted (unreadable, not UTF-8/UTF-16, binary, invalid YAML/JSON,
     over a limit of the config's limits: section, or not an API/tool file although named
     explicitly); everything else was still linted and reported
  4  no file was linted (nothing found, everything excluded or not an API/tool file); one line
     on stderr says why. --allow-empty (or --skip-non-api) makes such a run exit 0
  5  an MCP server could not be listed (not found, exited, timed out, wrote garbage, invalid
     tools/list, HTTP error, connection refused): one line per server; the rest was linted
  7-12  attest and cards check verdicts (see silentlint attest --help, silentlint cards --help)
"""

MCP_EPILOG = """Lists the tools of MCP servers (initialize, notifications/initialized, every tools/list
page; no tool is ever called), writes each listing as pretty JSON (--mcp-snapshot FILE, else
.silentlint-cache/mcp/NAME.json; config servers: their snapshot key) and lints nothing. Commit
the snapshot to review tool changes in pull requests: check SNAPSHOT --changed-since REF then
reports only the findings on changed lines.

exit codes:
  0  every server listed and its snapshot written
  2  usage or configuration error (bad option, no server given, the mcp extra not installed)
  5  some server could not be listed (one line each); the other snapshots were written
"""


FIX_EPILOG = """Safe fixes (an enum from a complete prose list, a format for an explicit layout,
bounds stated as numbers) are applied by default; unsafe ones (anything inferred) need --unsafe.
Every file is re-parsed after the edit and must equal the intended tree, else the edit is
refused; files are replaced atomically, and a second run changes nothing.

Only files named on the command line, or under a directory named there, are written: a fix
whose definition lies in another file (reached through $ref) is not applied, with one line
saying so; --diff shows exactly what fix would write.

exit codes:
  0  fixes applied (or nothing to fix); with --diff: nothing would change
  1  with --diff: the diff is not empty; otherwise some fix was not applied (refused by the
     verification, a merge-conflict marker in the file, the file changed since it was read
     or could not be written, or it lies outside the paths given); the others were applied
  2  usage or configuration error
  3  some input could not be linted (the other files were still fixed)
"""


AUDIT_FORMATS = ("text", "markdown", "json", "html")

AUDIT_EPILOG = """The corpus view: how the input leaves of the documents are constrained, which documents
carry prose-only constraints, and what check reports, per rule (same config, --select, --ignore;
no baseline). Reports: text, markdown, json (versioned schema, see README) or html (one
self-contained page with charts; no script, no network).

counting:
  operation  a (path, method) pair of an OpenAPI document, or a tool of a tool set; in the totals
             de-duplicated across documents by (info.x-providerName, else the file, method, path),
             tools by (file, tool name); the first document in path order wins
  leaf       each parameter after $ref resolution (path-item parameters count for every operation
             that does not override them by (name, in)) plus each first-level property of the
             request body (OpenAPI 3: the JSON media type, else the first one; Swagger 2.0: the
             in: body parameter's schema; formData parameters are leaves); properties through
             allOf are first-level too, a name repeated across allOf members counts once. Tools:
             each first-level property of the input schema. --depth N replaces an object property
             (or an array of objects) by its own properties, N levels deep. Leaves are counted
             per operation: a $ref'd parameter used by 10 operations counts 10 times.
  enum                enum or const (or a oneOf/anyOf whose members are all const)
  pattern or format   pattern or format
  numeric bounds      minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf
  length bounds       minLength, maxLength, minItems, maxItems
  machine-checkable   any of the four, on the resolved schema (Swagger 2.0 non-body parameters:
                      the parameter), its allOf members, or its array items
  no description      neither the parameter (or property as written) nor its schema has one
  gaps       documents with a finding of prose-enum or example-only-vocabulary (vocabulary),
             prose-format (format), prose-bounds (bounds); public-standard-vocabulary is not a gap
  worst first: most gap findings, then the highest share of leaves without a machine-checkable
             constraint, then most leaves, then path

exit codes:
  0  audited (findings do not change the exit code)
  2  usage or configuration error (bad option, --format, --depth, unknown rule, invalid config)
  3  some input could not be read or linted (reported per file on stderr and in every report);
     everything else was still audited
"""


class UsageError(Exception):
    pass


class _Reported(Exception):
    """A usage error whose message was already printed (by a forked report writer)."""


def _split(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or ():
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


class _Parser(argparse.ArgumentParser):
    """A usage error is one line and a pointer to ``--help``, not the whole usage block."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {one_line(message)}\nTry '{self.prog} --help' for more information.\n")
        raise SystemExit(EXIT_USAGE)


def _fail_on(value: str) -> str:
    return FAIL_ON_ALIASES.get(value, value)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="silentlint",
        description="Find API and tool-schema constraints that live only in prose.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"silentlint {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    c = sub.add_parser(
        "check",
        help="lint OpenAPI documents and tool definitions",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _lint_args(c)
    c.add_argument(
        "--format", "-f", choices=FORMATS, default=None,
        help="report format on stdout (default: text; github when GITHUB_ACTIONS=true; diff = the safe fixes as a patch)",
    )
    c.add_argument(
        "--output", "-o", action="append", default=[], metavar="FORMAT=FILE",
        help="also write FORMAT to FILE (repeatable), e.g. --output sarif=silentlint.sarif",
    )
    c.add_argument("--fail-on", type=_fail_on, choices=FAIL_ON, default=None,
                   help="lowest severity that makes the exit code 1 (default: warning; warn and info mean warning and note)")
    c.add_argument("--baseline", metavar="FILE", help="do not report findings recorded in this baseline")
    c.add_argument("--write-baseline", metavar="FILE", help="record the current findings as accepted, then exit 0")
    c.add_argument(
        "--changed-since", metavar="GIT_REF",
        help="report only findings on lines changed since the merge base of GIT_REF and HEAD "
        "(uncommitted and untracked files included)",
    )
    c.add_argument("--quiet", "-q", action="store_true", help="print no report on stdout (use with --output)")
    c.add_argument(
        "--stdin-filename", metavar="PATH",
        help="with - among the paths: lint standard input as if it were the file PATH (positions, reports, "
        "config include/exclude/overrides and relative $refs follow PATH; the file need not exist)",
    )
    c.add_argument(
        "--allow-empty", action="store_true",
        help="exit 0, not 4, when no file is linted (the line saying why is still printed)",
    )
    c.add_argument("--statistics", action="store_true", help="print the findings per rule and the summary instead of the report on stdout")
    c.add_argument("--show-source", action="store_true", help="text format: show the source lines of each finding")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour in text output (default: auto = on a terminal)")
    _mcp_args(c, lint=True)

    f = sub.add_parser(
        "fix",
        help="apply the findings' fixes in place (format-preserving)",
        epilog=FIX_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _lint_args(f)
    f.add_argument("--diff", action="store_true", help="print a unified diff (git apply accepts it) and change nothing")
    f.add_argument("--unsafe", action="store_true", help="also apply unsafe fixes (inferred: patterns, annotations)")
    f.add_argument(
        "--vocabulary", metavar="FILE",
        help="YAML/JSON mapping of field selector → values: lifts example-only vocabularies into enums",
    )
    _mcp_args(f, lint=True)

    a = sub.add_parser(
        "audit",
        help="corpus statistics: constraint forms per leaf, gaps per document, findings per rule",
        epilog=AUDIT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _lint_args(a)
    a.add_argument("--format", "-f", default="text", metavar="FORMAT", help="report format: text (default), markdown, json or html")
    a.add_argument(
        "--output", "-o", action="append", default=[], metavar="[FORMAT=]FILE",
        help="write the --format report to FILE instead of stdout, or FORMAT to FILE (repeatable)",
    )
    a.add_argument("--depth", default="1", metavar="N", help="follow nested body properties N levels deep (1-10, default 1)")
    a.add_argument("--top", default="0", metavar="N", help="list only the N worst documents in text, markdown and html (default: all)")
    a.add_argument("--quiet", "-q", action="store_true", help="print no report on stdout")

    r = sub.add_parser("rules", help="list the rules")
    r.add_argument("--format", choices=("text", "json", "markdown"), default="text")

    e = sub.add_parser("explain", help="explain one rule")
    e.add_argument("rule", metavar="RULE")

    m = sub.add_parser(
        "mcp-dump",
        help="write MCP servers' tools/list as snapshot files (no lint)",
        epilog=MCP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    m.add_argument("--config", metavar="FILE", help="config file (default: nearest .silentlint.yaml or pyproject.toml [tool.silentlint])")
    m.add_argument("--no-config", action="store_true", help="ignore config files")
    m.add_argument("--quiet", "-q", action="store_true", help="no line per snapshot written")
    m.add_argument("--debug", action="store_true", help="show internal tracebacks and the SDK's logs")
    _mcp_args(m, lint=False)

    from linter.live.probe.cli import add_parser as add_probe_parser

    add_probe_parser(sub)
    from linter.evidence.cli import add_parsers

    add_parsers(sub)
    return p


def _mcp_args(p: argparse.ArgumentParser, lint: bool) -> None:
    """Where the tools come from when they come from a running MCP server."""
    g = p.add_argument_group("MCP servers (needs the mcp extra: pip install '.[mcp]' from a clone, or pip install mcp)")
    g.add_argument(
        "--mcp-stdio", action="append", default=[], metavar="COMMAND",
        help="start this command (split like a shell, never run by one) as an MCP server over stdio and lint its "
        "tools/list, e.g. --mcp-stdio 'uvx mcp-server-time' (repeatable)",
    )
    g.add_argument(
        "--mcp-url", action="append", default=[], metavar="URL",
        help="connect to this MCP server over Streamable HTTP (SSE when that is all it offers) and lint its tools/list (repeatable)",
    )
    g.add_argument("--mcp-header", action="append", default=[], metavar="'NAME: VALUE'", help="HTTP header for --mcp-url servers (never printed)")
    g.add_argument(
        "--mcp-header-env", action="append", default=[], metavar="NAME=VARIABLE",
        help="HTTP header for --mcp-url servers whose value is read from an environment variable, e.g. Authorization=MCP_TOKEN",
    )
    g.add_argument(
        "--mcp-env", action="append", default=[], metavar="NAME[=VALUE]",
        help="environment variable for --mcp-stdio servers (NAME alone passes silentlint's own value on); "
        "servers get PATH, HOME and a few more by default, not the whole environment",
    )
    g.add_argument("--mcp-snapshot", metavar="FILE", help="write the listing of the one server given here (default: .silentlint-cache/mcp/NAME.json)")
    g.add_argument("--mcp-timeout", metavar="SECONDS", help="start-up and per-call timeout (default: limits.mcp-start-timeout and limits.mcp-call-timeout, 30 s)")
    if lint:
        g.add_argument("--mcp-servers", action="store_true", help="also list and lint every server under mcp-servers in the config")


_NO_PATHS: list[str] = []  # the paths default, told apart by identity from an explicit list


def _lint_args(p: argparse.ArgumentParser) -> None:
    """Arguments shared by ``check`` and ``fix``: what to lint and with which rules."""
    p.add_argument("paths", nargs="*", default=_NO_PATHS, metavar="PATH", help="files or directories (default: ., or none when an MCP server is given)")
    p.add_argument("--select", action="append", metavar="RULES", help="only these rules or families (comma-separated; ALL for every rule)")
    p.add_argument("--ignore", action="append", metavar="RULES", help="skip these rules or families (comma-separated)")
    p.add_argument("--config", metavar="FILE", help="config file (default: nearest .silentlint.yaml or pyproject.toml [tool.silentlint])")
    p.add_argument("--no-config", action="store_true", help="ignore config files")
    p.add_argument(
        "--include", action="append", default=[], metavar="GLOB",
        help="lint the files under the directories given that match GLOB (repeatable; added to the config's include), "
        "e.g. --include '**/*.snap'; a glob that names a suffix also takes files that do not end in .yaml/.yml/.json",
    )
    p.add_argument(
        "--skip-non-api", action="store_true",
        help="skip files named explicitly that are not API/tool files instead of failing (for pre-commit)",
    )
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="N", help="worker processes (default: all cores)")
    p.add_argument(
        "--allow-remote-refs", action="store_true",
        help="fetch http(s) $ref targets (limits.remote-timeout, limits.remote-max-bytes); never by default",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="also list files skipped as not API/tool files")
    p.add_argument("--debug", action="store_true", help="show internal tracebacks")


def _write_atomic(path: str, text: str, what: str = "--output") -> None:
    """Write then rename, so a reader never sees half a report; a failure is a usage error."""
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"{what} {path}: cannot write: {exc.strerror or exc}") from None


def _check_writable(path: str, what: str = "--output") -> None:
    """Refuse a report path that cannot be written before linting, not after a long run."""
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{what} {path}: cannot write: is a directory")
    if not os.path.isdir(directory):
        raise UsageError(f"{what} {path}: cannot write: no such directory {directory}")
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UsageError(f"{what} {path}: cannot write: permission denied")


def _write_reports(outputs: list[tuple[str, str]], result: RunResult, show_source: bool, jobs: int) -> None:
    """Render and write every ``--output``. Rendering is serial Python (SARIF and JSON of the
    70,000 findings of APIs.guru take ~1.5 and ~2.4 s), so with ``--jobs`` above 1 all but the
    last report are rendered at the same time, each in a forked child that writes its file
    atomically and reports a failure on stderr; the parent renders the last one, then waits.
    The first failure, in output order, is the exit status (its message is already printed)."""
    from linter.report import ReportOptions, render

    def write(fmt: str, path: str) -> None:
        _write_atomic(path, render(fmt, result, ReportOptions(show_source=show_source)))

    forked: list[tuple[int, str]] = []
    if jobs > 1 and len(outputs) > 1 and hasattr(os, "fork"):
        sys.stdout.flush()
        sys.stderr.flush()
        for fmt, path in outputs[:-1]:
            pid = os.fork()
            if pid == 0:  # the child: write one report, never return into the CLI
                code = EXIT_OK
                try:
                    write(fmt, path)
                except UsageError as exc:
                    print(f"silentlint: error: {one_line(str(exc))}", file=sys.stderr)
                    code = EXIT_USAGE
                except BaseException as exc:  # noqa: BLE001 - a child must always exit here
                    print(f"silentlint: error: --output {one_line(path)}: {type(exc).__name__}: {one_line(str(exc))}", file=sys.stderr)
                    code = EXIT_USAGE
                finally:
                    sys.stderr.flush()
                    os._exit(code)
            forked.append((pid, path))
        outputs = outputs[-1:]
    failure: UsageError | None = None
    try:
        for fmt, path in outputs:
            write(fmt, path)
    except UsageError as exc:
        failure = exc
    failed_child = False
    for pid, _path in forked:
        _, status = os.waitpid(pid, 0)
        failed_child = failed_child or os.waitstatus_to_exitcode(status) != 0
    if failure is not None:
        raise failure
    if failed_child:
        raise _Reported()


def one_line(text: str) -> str:
    """Untrusted text (paths, parser messages) on stderr, on one line: inside GitHub Actions a
    line break followed by ``::`` would start a workflow command."""
    from linter.report._common import one_line as _one_line

    return _one_line(text)


def _outputs(specs: list[str]) -> list[tuple[str, str]]:
    from linter.report._common import output_specs

    try:
        return output_specs(specs, FORMATS)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _config(args: argparse.Namespace) -> Config:
    if args.no_config:
        return Config()
    path = args.config or find_config(os.getcwd())
    if args.config and not os.path.isfile(args.config):
        raise ConfigError(f"{args.config}: config file not found")
    return read_config_file(path) if path else Config()


def _prepare(args: argparse.Namespace) -> tuple[Config, list[str], list[str], int]:
    config = _config(args)
    catalog = load_catalog()
    validate_rule_ids(config, catalog)
    select, ignore = _split(args.select), _split(args.ignore)
    for rid in select + ignore:
        if rid != "ALL" and rid not in catalog and rid not in {r.family for r in catalog.values()}:
            raise UsageError(f"unknown rule or family {rid!r} (see `silentlint rules`)")
    if args.jobs < 0:
        raise UsageError("--jobs must be 0 (all cores) or more")
    if "-" in args.paths and args.command != "check":
        raise UsageError(f"- (standard input) can be linted by check only, not by {args.command}")
    if args.allow_remote_refs:
        config = replace(config, limits=replace(config.limits, allow_remote_refs=True))
    if args.include:
        config = replace(config, include=config.include + tuple(args.include))
    return config, select, ignore, args.jobs or default_jobs()


def _stdin_paths(args: argparse.Namespace, config: Config) -> tuple[list[str], dict[str, bytes]]:
    """The paths with ``-`` replaced by the path standard input is linted as (``--stdin-filename``,
    else ``<stdin>``), and its bytes by that absolute path (for the run to read instead of it)."""
    from linter.sources.loader import STDIN_NAME

    name = args.stdin_filename
    if "-" not in args.paths:
        if name is not None:
            raise UsageError("--stdin-filename says what standard input is linted as: give - among the paths")
        return list(args.paths), {}
    if args.paths.count("-") > 1:
        raise UsageError("- (standard input) is given more than once")
    if name is not None and (not name.strip() or name.endswith(("/", os.sep)) or os.path.isdir(name)):
        raise UsageError(f"--stdin-filename {name!r}: not a file name")
    path = name or STDIN_NAME
    stream = sys.stdin.buffer if sys.stdin is not None else None
    try:
        data = stream.read(config.limits.max_file_bytes + 1) if stream is not None else b""
    except OSError as exc:
        raise UsageError(f"cannot read standard input: {exc.strerror or exc}") from None
    return [path if p == "-" else p for p in args.paths], {os.path.abspath(path): data}


def _mcp_wanted(args: argparse.Namespace) -> bool:
    """Whether any MCP option was given (one without a server is then a usage error)."""
    return bool(
        args.mcp_stdio or args.mcp_url or getattr(args, "mcp_servers", False) or args.mcp_header
        or args.mcp_header_env or args.mcp_env or args.mcp_snapshot is not None or args.mcp_timeout is not None
    )


def _mcp_dump(args: argparse.Namespace, config: Config, every_configured: bool) -> tuple[list[str], int]:
    """List every server of this run into its snapshot: the snapshot paths written (servers
    that list tools) and how many servers failed, each failure one line on stderr. Usage
    problems (a header variable not set, the mcp extra missing, an unwritable --mcp-snapshot)
    stop the run before any server is started."""
    from linter.live.client import INSTALL_HINT, MissingExtra, ServerError, fetch, sdk_available
    from linter.live.run import specs_from_args, with_timeout
    from linter.live.servers import ServerSpecError
    from linter.live.snapshot import write_snapshot

    try:
        specs = specs_from_args(
            args.mcp_stdio, args.mcp_url, args.mcp_header, args.mcp_header_env, args.mcp_env, args.mcp_snapshot,
            config.mcp_servers if every_configured else (),
        )
        limits = with_timeout(config.mcp_limits, args.mcp_timeout)
        headers = [spec.resolved_headers() for spec in specs]
    except ServerSpecError as exc:
        raise UsageError(str(exc)) from None
    if every_configured and not config.mcp_servers and not (args.mcp_stdio or args.mcp_url):
        where = config.path or "no config file found"
        raise UsageError(f"no MCP server to list: give --mcp-stdio or --mcp-url, or list servers under mcp-servers in the config ({where})")
    if specs and not sdk_available():
        flag = "--mcp-stdio" if args.mcp_stdio else "--mcp-url" if args.mcp_url else "mcp-servers"
        raise UsageError(f"{flag}: {INSTALL_HINT}")
    for spec in specs:
        if spec.snapshot is not None:
            _check_writable(spec.snapshot, f"{spec.where}: snapshot")
    written: list[str] = []
    failed = 0
    quiet = getattr(args, "quiet", False)
    for spec, hdrs in zip(specs, headers):
        try:
            listing = fetch(spec, limits, hdrs, debug=args.debug)
        except ServerError as exc:
            print(f"silentlint: error: {one_line(str(exc))}", file=sys.stderr)
            failed += 1
            continue
        except MissingExtra as exc:  # pragma: no cover - checked above
            raise UsageError(str(exc)) from None
        try:
            path = write_snapshot(spec, listing)
        except OSError as exc:
            raise UsageError(f"{spec.where}: snapshot {spec.snapshot_path()}: cannot write: {exc.strerror or exc}") from None
        n = len(listing.tools)
        if not quiet:
            pages = f" in {listing.pages} pages" if listing.pages > 1 else ""
            print(
                f"silentlint: {one_line(spec.where)}: {n} tool{'s' if n != 1 else ''}{pages} over {listing.transport}, "
                f"written to {one_line(path)}",
                file=sys.stderr,
            )
        if n:
            written.append(path)
        else:
            print(f"silentlint: {one_line(spec.where)} lists no tools: nothing to lint", file=sys.stderr)
    return written, failed


def cmd_mcp_dump(args: argparse.Namespace) -> int:
    config = _config(args)
    _written, failed = _mcp_dump(args, config, every_configured=not (args.mcp_stdio or args.mcp_url))
    return EXIT_SERVER if failed else EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from linter.report import ReportOptions, render

    outputs = _outputs(args.output)
    config, select, ignore, jobs = _prepare(args)
    paths, given = _stdin_paths(args, config)
    for _fmt, path in outputs:
        _check_writable(path)
    if args.write_baseline:
        _check_writable(args.write_baseline, "--write-baseline")
    failed = 0
    if _mcp_wanted(args):
        with gc_resumed():  # live I/O, not the file pipeline
            snapshots, failed = _mcp_dump(args, config, every_configured=args.mcp_servers)
        paths += snapshots
        if not paths:
            if failed:
                return EXIT_SERVER
            allowed = args.allow_empty or args.skip_non_api
            print(f"silentlint: no file linted: no MCP server listed a tool{' (allowed)' if allowed else ''}", file=sys.stderr)
            return EXIT_OK if allowed else EXIT_EMPTY
    baseline = args.baseline or config.baseline
    changed = None
    if args.changed_since is not None:
        if args.write_baseline:
            raise UsageError("--changed-since cannot be combined with --write-baseline (a baseline records every finding)")
        from linter.changed import GitError, changed_lines  # git plumbing only when asked for

        try:
            changed = changed_lines(args.changed_since, os.getcwd())
        except GitError as exc:
            raise UsageError(str(exc)) from None
    fmt_out = "text" if args.statistics else args.format or default_format()
    sarif_wanted = not args.write_baseline and "sarif" in {fmt_out, *(fmt for fmt, _ in outputs)}
    result = run(
        paths, config, select=select, ignore=ignore,
        baseline=None if args.write_baseline else baseline, jobs=jobs, debug=args.debug,
        fix_text=sarif_wanted, given=given,
    )
    if args.skip_non_api:
        _skip_non_api(result)
    if changed is not None:
        hidden = _keep_changed(result, changed)
        if hidden and not args.quiet:
            print(
                f"silentlint: {hidden} finding{'s' if hidden != 1 else ''} on lines not changed since "
                f"{args.changed_since} not reported",
                file=sys.stderr,
            )
    if args.write_baseline:
        _write_atomic(args.write_baseline, baseline_json(result.findings), "--write-baseline")
        print(f"silentlint: wrote {len(result.findings)} findings to baseline {args.write_baseline}", file=sys.stderr)
        return EXIT_OK if not result.problems else EXIT_INPUT
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty() and "NO_COLOR" not in os.environ)
    opts = ReportOptions(color=color, show_source=args.show_source, statistics=args.statistics)
    if "diff" in {fmt for fmt, _ in outputs} or (fmt_out == "diff" and not args.quiet):
        from linter.report.diff import diff_notices

        for line in diff_notices(result):
            print(line, file=sys.stderr)
    _write_reports(outputs, result, args.show_source, jobs)
    stdout_text = fmt_out == "text" and not args.quiet
    for problem in result.problems:
        if not stdout_text:
            print(f"silentlint: {one_line(problem.path)}: {one_line(problem.message)}", file=sys.stderr)
    if args.verbose:
        for path in result.skipped:
            print(f"silentlint: skipped {one_line(path)}: not an OpenAPI document or tool definition", file=sys.stderr)
    if not args.quiet:
        sys.stdout.write(render(fmt_out, result, opts))
    code = exit_code(result, args.fail_on or config.fail_on)
    if not result.files and not result.problems:
        from linter.sources.discover import why_empty

        why = why_empty(
            paths, os.getcwd(), config.include, config.exclude, config.respect_gitignore, len(result.skipped)
        )
        allowed = args.allow_empty or args.skip_non_api
        print(f"silentlint: no file linted: {one_line(why)}{' (allowed)' if allowed else ''}", file=sys.stderr)
        code = code if allowed else EXIT_EMPTY
    return EXIT_SERVER if failed else code


def default_format(environ: Mapping[str, str] = os.environ) -> str:
    """``github`` inside GitHub Actions, as ruff does, so a bare ``silentlint check`` step
    annotates the pull request; ``text`` everywhere else.

    The runner sets ``GITHUB_ACTIONS=true`` in every step ("Store information in variables",
    default environment variables, docs.github.com). The github reporter caps annotations at
    GitHub's per-step display limit and says how many more are in the SARIF report.
    """
    return "github" if environ.get("GITHUB_ACTIONS") == "true" else "text"


# A file that fails to parse is still reported under --skip-non-api when it visibly tries to be
# an API or tool file; anything else (Helm templates, CloudFormation tags, multi-document
# manifests) is none of our business in a pre-commit run over every YAML/JSON file.
def _looks_like_api(path: str) -> bool:
    from linter.formats import looks_like_api

    try:
        with open(path, "rb") as fh:
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        return True
    return looks_like_api(text)


def _not_ours(p: InputProblem) -> bool:
    """An input problem ``--skip-non-api`` turns into a silent skip."""
    return p.kind == "not-api" or (p.kind in ("parse", "unreadable") and os.path.isfile(p.path) and not _looks_like_api(p.path))


def _skip_non_api(result: RunResult) -> None:
    """Move explicitly named non-API files from problems to skipped (``--skip-non-api``)."""
    kept = []
    for p in result.problems:
        if _not_ours(p):
            result.skipped.append(p.path)
        else:
            kept.append(p)
    result.problems = kept


def _keep_changed(result: RunResult, changed: ChangedLines) -> int:
    """Drop findings outside the changed lines (and input problems of unchanged files);
    return how many findings were dropped."""
    kept = [f for f in result.findings if changed.overlaps(f.location.source.abspath, f.location.region)]
    hidden = len(result.findings) - len(kept)
    result.findings = kept
    result.problems = [p for p in result.problems if not os.path.exists(p.path) or changed.touches(p.path)]
    return hidden


def cmd_fix(args: argparse.Namespace) -> int:
    from linter.fixes import FixError, apply, unified_diff
    from linter.fixes.collect import fixes_of, load_vocabulary, plan_fixes, utf16_refusal
    from linter.fixes.scope import FixScope, split_fixes

    config, select, ignore, jobs = _prepare(args)
    failed = 0
    if _mcp_wanted(args):
        with gc_resumed():  # live I/O, not the file pipeline
            snapshots, failed = _mcp_dump(args, config, every_configured=args.mcp_servers)
        for snap in snapshots:
            print(
                f"silentlint: {one_line(snap)} is a snapshot of an MCP server: fixes edit the snapshot, not the server; "
                "make the same change in the server's tool definitions (its source code) by hand",
                file=sys.stderr,
            )
        args.paths = list(args.paths) + snapshots
        if not args.paths:
            return EXIT_SERVER if failed else EXIT_OK
    extra: dict[str, dict[str, object]] = {}
    if args.vocabulary:
        try:
            from linter.checks.example_only_vocabulary import RULE as EXAMPLE_ONLY_VOCABULARY

            extra[EXAMPLE_ONLY_VOCABULARY] = {"vocabulary": load_vocabulary(args.vocabulary)}
        except ConfigError as exc:  # a vocabulary file is an input of the command, not the config
            raise UsageError(str(exc)) from None
    result = run(args.paths, config, select=select, ignore=ignore, jobs=jobs, debug=args.debug, extra_options=extra)
    if args.skip_non_api:
        _skip_non_api(result)
    for problem in result.problems:
        print(f"silentlint: {one_line(problem.path)}: {one_line(problem.message)}", file=sys.stderr)
    fixes, outside = split_fixes(fixes_of(result.findings, unsafe=args.unsafe), FixScope.of(args.paths, os.getcwd()))
    for reason in outside.values():
        print(f"silentlint: fix not applied: {one_line(reason)}", file=sys.stderr)
    fixes, changed, utf16, errors = plan_fixes(fixes)
    for display in sorted(utf16.values()):
        print(utf16_refusal(display), file=sys.stderr)
    if args.diff:
        _report_refusals(errors)
        sys.stdout.write(unified_diff(changed, result.root))
        code = EXIT_FINDINGS if changed else EXIT_OK
    else:
        try:
            written = apply(changed, errors=errors)
        except FixError as exc:  # a file changed since it was read: nothing was written
            errors.append(exc)
            written = []
        _report_refusals(errors)
        refused = {id(e) for err in errors for e in err.edits}
        fixed = sum(1 for fx in fixes if not any(id(e) in refused for e in fx.edits)) if written or not changed else 0
        unsafe_left = sum(1 for f in result.findings if f.fix and f.fix.applicability == "unsafe") if not args.unsafe else 0
        print(
            f"silentlint: fixed {fixed} finding{'s' if fixed != 1 else ''} in {len(written)} "
            f"file{'s' if len(written) != 1 else ''}"
            + (f"; {unsafe_left} more with --unsafe" if unsafe_left else ""),
            file=sys.stderr,
        )
        code = EXIT_FINDINGS if errors or outside or utf16 else EXIT_OK
    if failed:
        return EXIT_SERVER
    return EXIT_INPUT if result.problems else code


def _report_refusals(errors: Sequence[Exception]) -> None:
    from linter.fixes.collect import fix_refusal

    for err in errors:
        print(fix_refusal(err), file=sys.stderr)


def _int_option(name: str, value: str, low: int, high: int | None) -> int:
    try:
        n = int(value)
    except ValueError:
        n = low - 1
    if n < low or (high is not None and n > high):
        upper = f" to {high}" if high is not None else " or more"
        raise UsageError(f"{name} takes a whole number {low}{upper}, got {value!r}")
    return n


def _audit_outputs(specs: list[str], fmt: str) -> tuple[list[tuple[str, str]], bool]:
    """``FORMAT=FILE`` or a plain ``FILE`` (the --format report); the flag says whether a plain
    FILE took the place of stdout."""
    out, replaces_stdout = [], False
    for spec in specs:
        name, sep, path = spec.partition("=")
        if sep and name in AUDIT_FORMATS:
            if not path:
                raise UsageError(f"--output {spec!r}: no file name")
            out.append((name, path))
        elif sep and name in FORMATS:
            raise UsageError(f"--output: audit cannot write {name!r} (choose from {', '.join(AUDIT_FORMATS)})")
        else:
            out.append((fmt, spec))
            replaces_stdout = True
    return out, replaces_stdout


def cmd_audit(args: argparse.Namespace) -> int:
    from linter.audit.report import render
    from linter.audit.run import audit

    if args.format not in AUDIT_FORMATS:
        raise UsageError(f"--format: unknown format {args.format!r} (choose from {', '.join(AUDIT_FORMATS)})")
    depth = _int_option("--depth", args.depth, 1, 10)
    top = _int_option("--top", args.top, 0, None)
    outputs, replaces_stdout = _audit_outputs(args.output, args.format)
    for _fmt, path in outputs:
        _check_writable(path)
    config, select, ignore, jobs = _prepare(args)
    report, problems, skipped = audit(args.paths, config, select=select, ignore=ignore, jobs=jobs, depth=depth, debug=args.debug)
    if args.skip_non_api:
        skipped += [p.path for p in problems if _not_ours(p)]
        problems = [p for p in problems if not _not_ours(p)]
        report["problems"] = [{"path": p.path, "message": p.message, "kind": p.kind} for p in problems]
    for problem in problems:
        print(f"silentlint: {one_line(problem.path)}: {one_line(problem.message)}", file=sys.stderr)
    if args.verbose:
        for path in skipped:
            print(f"silentlint: skipped {one_line(path)}: not an OpenAPI document or tool definition", file=sys.stderr)
    rendered: dict[str, str] = {}
    for fmt, path in outputs:
        if fmt not in rendered:
            rendered[fmt] = render(fmt, report, top)
        _write_atomic(path, rendered[fmt])
    if not args.quiet and not replaces_stdout:
        sys.stdout.write(rendered.get(args.format) or render(args.format, report, top))
    return EXIT_INPUT if problems else EXIT_OK


def _rule_line(rule: Rule) -> str:
    return f"{rule.id:<28} {rule.family:<11} {rule.default_severity:<8} {rule.fix:<7} {rule.summary}"


def rule_table_markdown(catalog: dict[str, Rule]) -> str:
    """The README's rule table (a test keeps the README in step with the catalog)."""
    rows = ["| rule | family | default | fix | what it flags |", "|---|---|---|---|---|"]
    for r in catalog.values():
        rows.append(f'| <a id="rule-{r.id}"></a>`{r.id}` | {r.family} | {r.default_severity} | {r.fix} | {r.summary} |')
    return "\n".join(rows) + "\n"


def cmd_rules(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    if args.format == "json":
        data = [
            {"id": r.id, "family": r.family, "default_severity": r.default_severity, "fix": r.fix, "summary": r.summary}
            for r in catalog.values()
        ]
        print(json.dumps(data, indent=2))
        return EXIT_OK
    if args.format == "markdown":
        sys.stdout.write(rule_table_markdown(catalog))
        return EXIT_OK
    print(f"{'RULE':<28} {'FAMILY':<11} {'DEFAULT':<8} {'FIX':<7} SUMMARY")
    for rule in catalog.values():
        print(_rule_line(rule))
    return EXIT_OK


def explain_text(rule: Rule) -> str:
    lines = [
        f"{rule.id} ({rule.family}, default {rule.default_severity}, fix: {rule.fix})",
        "",
        rule.summary,
        "",
        "Why it matters",
        *("  " + ln if ln else "" for ln in rule.rationale.splitlines()),
        "",
        "How to fix",
        *("  " + ln if ln else "" for ln in rule.how_to_fix.splitlines()),
    ]
    if rule.options:
        lines += ["", f"Options (rules.{rule.id}.options in the config)"]
        for spec in rule.options.values():
            lines += [f"  {spec.signature()}", f"    {spec.description}"]
    for ex in rule.examples:
        title = ex.get("title", "Example")
        for kind in ("bad", "good"):
            if ex.get(kind):
                lines += ["", f"{title} — {kind}:", *("    " + ln for ln in str(ex[kind]).rstrip().splitlines())]
    return "\n".join(lines) + "\n"


def cmd_explain(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    rule = catalog.get(args.rule)
    if rule is None:
        raise UsageError(f"unknown rule {args.rule!r} (see `silentlint rules`)")
    sys.stdout.write(explain_text(rule))
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if getattr(args, "paths", None) is _NO_PATHS:  # no PATH given: ".", unless the tools come from a server
        args.paths = [] if hasattr(args, "mcp_stdio") and _mcp_wanted(args) else ["."]
    try:
        if args.command == "mcp-dump":
            return cmd_mcp_dump(args)
        if args.command in ("check", "fix", "audit"):
            # the whole command over files, reports and fix plans included, runs with the
            # cyclic collector paused; the engine collects each file's cycles (linter/_gc.py)
            with gc_paused():
                return {"check": cmd_check, "fix": cmd_fix, "audit": cmd_audit}[args.command](args)
        if args.command == "rules":
            return cmd_rules(args)
        if args.command == "probe":
            from linter.live.probe.cli import cmd_probe

            return cmd_probe(args)
        if args.command in ("attest", "cards"):
            from linter.evidence.cli import run as run_evidence

            return run_evidence(args)
        return cmd_explain(args)
    except ConfigError as exc:
        print(f"silentlint: config error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except (UsageError, EngineError) as exc:
        print(f"silentlint: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except _Reported:
        return EXIT_USAGE
    except CatalogError as exc:
        print(f"silentlint: catalog error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("silentlint: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
