"""The ``probe`` subcommand: its arguments and its handler (``linter/cli.py`` registers it)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_PROBE, EXIT_PLAN = 0, 1, 2, 6, 13
FORMATS = ("text", "json", "sarif", "markdown", "github")

EPILOG = """Sends, for each parameter the lint flags (prose-only vocabulary, format, bounds) and each
one whose schema states the constraint (the machine-checkable control group): the base call
twice (C, C), the base with a valid value (A) and with perturbations (B_i), then reports what
the server did with each wrong value: honest error, normalised, silent-empty, silent-drop or
silent-coercion, and the controls (inert, excluded, unsuitable base, drifting).

safety: only GET, unless the plan allows an operation by name; never an operation the lint reads
as a write; a call budget, a request rate, one request at a time, timeouts, no redirect to
another host, a cap on response size; auth header values come from environment variables and
are never written anywhere. --dry-run prints every request and sends nothing.

Every call is appended to the evidence log (--log, the plan's log:, else
.silentlint-cache/probe/calls.jsonl); --replay LOG derives the verdicts again without the network.

exit codes:
  0  no finding at or above --fail-on (also: --init, --dry-run)
  1  findings at or above --fail-on
  2  usage error, a bad spec, vocabulary or log (one line)
  6  the server could not be probed: unreachable, or it stopped answering (one line)
  13 the plan is invalid or missing, or names an auth variable that is not set (one line)
"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "probe",
        help="prove on a staging server which prose constraints fail silently",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("spec", nargs="?", metavar="SPEC", help="the OpenAPI document (default: the plan's spec:, or the replayed run's)")
    p.add_argument("--plan", metavar="FILE", help="the probe plan (YAML); with --init: where the draft is written")
    p.add_argument("--init", action="store_true", help="draft a plan from SPEC (to --plan FILE, else standard output)")
    p.add_argument("--force", action="store_true", help="with --init: replace an existing plan file")
    p.add_argument("--dry-run", action="store_true", help="print every request the probe would send; send nothing")
    p.add_argument("--replay", metavar="LOG", help="derive the verdicts of a recorded run again, without the network")
    p.add_argument("--run", metavar="ID", help="with --replay: which run of the log (default: the last)")
    p.add_argument("--log", metavar="FILE", help="append every call to this JSONL evidence log")
    p.add_argument("--vocabulary", metavar="FILE", help="YAML/JSON mapping of field selector → full list of values (as fix --vocabulary)")
    p.add_argument("--budget", metavar="N", help="most HTTP requests in this run (overrides limits.budget)")
    p.add_argument("--rate", metavar="PER_SECOND", help="most requests per second (overrides limits.rate)")
    p.add_argument("--format", "-f", choices=FORMATS, default="text", help="report on standard output (default: text)")
    p.add_argument("--output", "-o", action="append", default=[], metavar="FORMAT=FILE", help="also write FORMAT to FILE (repeatable)")
    p.add_argument("--fail-on", choices=("error", "warning", "note", "never"), default=None, help="lowest severity that makes the exit code 1 (default: warning)")
    p.add_argument("--config", metavar="FILE", help="config file (default: nearest .silentlint.yaml or pyproject.toml [tool.silentlint])")
    p.add_argument("--no-config", action="store_true", help="ignore config files")
    p.add_argument("--quiet", "-q", action="store_true", help="no report on standard output")
    p.add_argument("--debug", action="store_true", help="show internal tracebacks")


class _Usage(Exception):
    pass


def _number(flag: str, raw: str | None, integer: bool, low: float, high: float) -> float | None:
    if raw is None:
        return None
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise _Usage(f"{flag} takes {'a whole number' if integer else 'a number'} from {low:g} to {high:g}, got {raw!r}")
    return value


def _outputs(specs: list[str]) -> list[tuple[str, str]]:
    from linter.report._common import output_specs

    try:
        return output_specs(specs, FORMATS)
    except ValueError as exc:
        raise _Usage(str(exc)) from None


def render(fmt: str, result: Any, report: Any) -> str:
    from linter.live.probe import summary
    from linter.report import ReportOptions, encodable, render as render_report
    from linter.report._common import dumps_outline

    if fmt == "text":
        return render_report("text", result) + summary.render_text(report)
    if fmt == "markdown":
        return render_report("markdown", result) + "\n" + summary.render_markdown(report)
    if fmt == "json":
        from linter.report.json_report import _jsonable, build_json

        data = build_json(result)
        data["probe"] = summary.as_json(report)
        return encodable(dumps_outline(data, 2, default=_jsonable) + "\n")
    if fmt == "sarif":
        from linter.report.sarif import build_sarif

        doc = build_sarif(result)
        run = doc["runs"][0]
        run["automationDetails"] = {"id": "silentlint/probe/"}  # its own code-scanning category: never replaces check's alerts
        run["properties"] = {"probe": summary.as_json(report)}
        return encodable(dumps_outline(doc, 4, default=str) + "\n")
    return render_report(fmt, result, ReportOptions())


def cmd_probe(args: argparse.Namespace) -> int:
    """A bad plan is one line and exit 13; usage, spec and log problems are one line and exit 2;
    a server that cannot be probed is one line and exit 6 (config errors go to the CLI's own handler)."""
    from linter.cli import one_line
    from linter.live.probe.log import LogError
    from linter.live.probe.plan import PlanError
    from linter.live.probe.run import ProbeFailure

    try:
        return _cmd_probe(args)
    except PlanError as exc:
        print(f"silentlint: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_PLAN
    except (_Usage, LogError) as exc:
        print(f"silentlint: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except ProbeFailure as exc:
        print(f"silentlint: probe failed: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_PROBE


def _cmd_probe(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from linter.cli import _check_writable, _config, _write_atomic, one_line
    from linter.config import ConfigError
    from linter.engine import exit_code
    from linter.live.probe.plan import DEFAULT_LOG, load_plan, spec_of
    from linter.live.probe.run import dry_run_lines, findings, probe, replay

    modes = [m for m, on in (("--init", args.init), ("--replay", args.replay), ("--dry-run", args.dry_run)) if on]
    if len(modes) > 1:
        raise _Usage(f"{' and '.join(modes)} cannot be combined")
    if args.run and not args.replay:
        raise _Usage("--run picks a run of a replayed log: give --replay LOG")
    if args.init:
        return _init(args)
    outputs = _outputs(args.output)
    for _fmt, path in outputs:
        _check_writable(path)
    config = _config(args)
    vocabulary = None
    if args.vocabulary:
        from linter.fixes.collect import load_vocabulary

        try:
            vocabulary = load_vocabulary(args.vocabulary)
        except ConfigError as exc:
            raise _Usage(str(exc)) from None
    if args.replay:
        if args.plan or args.budget or args.rate or args.log:
            raise _Usage("--replay sends nothing: --plan, --log, --budget and --rate do not apply")
        report = replay(args.replay, args.spec, config, args.run)
    else:
        if not args.plan:
            raise _Usage("give --plan FILE (silentlint probe SPEC --init drafts one), or --replay LOG")
        plan = load_plan(args.plan)
        budget = _number("--budget", args.budget, True, 1, 100_000)
        rate = _number("--rate", args.rate, False, 0.001, 1000)
        if budget is not None:
            plan = replace(plan, limits=replace(plan.limits, budget=int(budget)))
        if rate is not None:
            plan = replace(plan, limits=replace(plan.limits, rate=rate))
        spec = args.spec or spec_of(plan)
        if not spec:
            raise _Usage("which spec? give SPEC, or spec: in the plan")
        if args.dry_run:
            from linter.live.probe.run import load_spec
            from linter.live.probe.targets import select_targets

            sel = select_targets(load_spec(spec, config), plan, vocabulary)
            lines = dry_run_lines(plan, sel)
            if not args.quiet:
                sys.stdout.write("".join(one_line(line) + "\n" for line in lines))
            for what, why in [*sel.refused, *sel.skipped]:
                print(f"silentlint: not probed: {one_line(what)}: {one_line(why)}", file=sys.stderr)
            print(f"silentlint: dry run: {len(lines)} requests to {plan.base_url} planned, none sent", file=sys.stderr)
            return EXIT_OK
        log_path = args.log or plan.log or DEFAULT_LOG
        report = probe(spec, plan, config, log_path, vocabulary,
                       progress=None if args.quiet else (lambda m: print(f"silentlint: {one_line(m)}", file=sys.stderr)))
    for notice in report.notices:
        print(f"silentlint: {one_line(notice)}", file=sys.stderr)
    result = findings(report, config)
    for problem in result.problems:
        print(f"silentlint: {one_line(problem.path)}: {one_line(problem.message)}", file=sys.stderr)
    for fmt, path in outputs:
        _write_atomic(path, render(fmt, result, report))
    if not args.quiet:
        sys.stdout.write(render(args.format, result, report))
    if report.stopped:
        print(f"silentlint: probe stopped: {one_line(report.stopped)}", file=sys.stderr)
    if not report.replayed:
        print(f"silentlint: {report.calls} calls recorded in {one_line(report.log)} (run {report.run_id})", file=sys.stderr)
    return exit_code(result, args.fail_on or config.fail_on)


def _init(args: argparse.Namespace) -> int:
    from linter.cli import _config, _write_atomic
    from linter.live.probe.draft import draft_plan
    from linter.live.probe.run import load_spec

    if not args.spec:
        raise _Usage("--init drafts a plan from a spec: give SPEC")
    for flag, on in (("--replay", args.replay), ("--log", args.log), ("--budget", args.budget), ("--rate", args.rate), ("--output", args.output)):
        if on:
            raise _Usage(f"--init writes a plan only: {flag} does not apply")
    doc = load_spec(args.spec, _config(args))
    plan_path = args.plan
    text = draft_plan(doc, args.spec, os.path.dirname(os.path.abspath(plan_path)) if plan_path else os.getcwd())
    if plan_path is None:
        sys.stdout.write(text)
        return EXIT_OK
    if os.path.exists(plan_path) and not args.force:
        raise _Usage(f"{plan_path} exists already (--force replaces it)")
    _write_atomic(plan_path, text, "--plan")
    print(f"silentlint: drafted {plan_path}: set base-url and the auth variables, then run silentlint probe --plan {plan_path} --dry-run", file=sys.stderr)
    return EXIT_OK
