"""The ``attest`` and ``cards`` subcommands: their arguments and handlers (``linter/cli.py`` only
registers them and calls :func:`run`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from typing import Any

from linter.atomic import write_atomic
from linter.evidence import attest as attest_mod
from linter.evidence import cards as cards_mod
from linter.evidence.common import EvidenceError, expand, load
from linter.evidence.report import FORMATS, EvidenceRun, render_evidence
from linter.evidence.signals import SIGNALS, THRESHOLDS_SCHEMA, Thresholds
from linter.report import ReportOptions
from linter.report._common import one_line
from linter.sources.loader import LoadError

EXIT_USAGE, EXIT_NOTHING = 2, 4

ATTEST_EPILOG = """Checks recorded tool outputs: first against their schema (each error at its JSON path), then
for the signals of an output that validates and says nothing — uniform_list, stub_value,
blank_string, empty_list, empty_object, truncation, repetitive_text, schema_default,
enum_first_value — each a finding at its JSON path with the evidence. One verdict per output:

  VALID_BUT_EMPTY  severe signals flag at least empty-at (0.5) of its content units
  THIN_CONTENT     a signal fired and signals flag at least thin-at (0: any signal)
  CONTENT_PRESENT  otherwise
  INVALID          the output fails its schema (its signals are still reported)

A content unit is a word of a string (a CJK character is one) or any other leaf. Thresholds:
empty-at, thin-at, uniform-share (0.5), uniform-severe (0.9), min-items (3), min-outputs (3),
repetitive-min-words (12), repetitive-distinct (0.34), repetitive-window (40),
truncation-min-words (3); set them with --threshold NAME=VALUE or --thresholds FILE.
No signal is not proof of meaning: an output can be varied, complete and wrong.

exit codes:
  0  no output at or above --fail-on
  2  usage error (bad option; schema, tool or operation not found or not valid)
  3  some output could not be read or parsed (the others were attested); takes precedence
  4  no output to attest (a folder without .json/.yaml files)
  7  some output is THIN_CONTENT (only with --fail-on thin)
  8  some output is VALID_BUT_EMPTY
  9  some output fails its schema (INVALID)
  the worst output decides among 7, 8 and 9
"""

CARDS_EPILOG = """Task–call contract (TCC) cards: `cards check` compares each card with the observations of its
run, `cards hash` prints the tool-set hash a card pins, `cards init` drafts a card for a tool.

exit codes of `cards check`:
  0  every card at or below --fail-on passes
  2  usage error
  3  some card or observations file could not be read or is not valid (one line with its
     JSON path); the other cards were still checked; takes precedence
  10 some check failed, an evidence-gate claim is contradicted, or an observation names no
     check of its card
  11 some card is stale: the tool definitions changed since its hash was pinned
  12 some check is untested, a claim has no evidence, or staleness cannot be checked
     (with --fail-on untested, the default)
  the worst card decides among 10, 11 and 12
"""


def add_parsers(sub: Any) -> None:
    """Register ``attest`` and ``cards`` on the main parser's subcommands."""
    a = sub.add_parser(
        "attest", help="check recorded tool outputs: schema, then the signals of valid but empty content",
        epilog=ATTEST_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    a.add_argument("outputs", nargs="+", metavar="OUTPUT", help="recorded outputs (JSON or YAML files, or folders of them)")
    g = a.add_argument_group("the schema the outputs must match (one of)")
    g.add_argument("--schema", metavar="FILE", help="a JSON Schema file")
    g.add_argument("--tool", metavar="NAME", help="the outputSchema of this tool (with --tools); MCP CallToolResult recordings are attested at structuredContent")
    g.add_argument("--tools", metavar="FILE", help="the tool definitions file of --tool")
    g.add_argument("--openapi", metavar="SPEC", help="an OpenAPI document (with --operation)")
    g.add_argument("--operation", metavar="ID", help="operationId, or 'METHOD /path'")
    g.add_argument("--status", metavar="CODE", help="the response status (default: the lowest 2xx)")
    a.add_argument("--fail-on", choices=tuple(attest_mod.FAIL_ON), default="empty", help="lowest verdict that fails: thin, empty (default), invalid, never")
    a.add_argument("--threshold", action="append", default=[], metavar="NAME=VALUE", help="set a threshold, e.g. --threshold empty-at=0.6 (repeatable)")
    a.add_argument("--thresholds", metavar="FILE", help="thresholds from a JSON/YAML mapping (--threshold wins)")
    a.add_argument("--ignore", action="append", default=[], metavar="SIGNALS", help="signals not to report (comma-separated)")
    _report_args(a)

    c = sub.add_parser("cards", help="task–call contract cards: check, hash, init", epilog=CARDS_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    csub = c.add_subparsers(dest="cards_command", metavar="SUBCOMMAND")
    csub.required = True
    ck = csub.add_parser("check", help="compare cards with the observations of their run", epilog=CARDS_EPILOG,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    ck.add_argument("cards", nargs="+", metavar="CARD", help="card files (JSON or YAML), or folders of them")
    ck.add_argument("--observations", metavar="PATH", help="observations keyed by check id: a file (one card) or a folder with CASE_ID.json per card")
    ck.add_argument("--tools", action="append", default=[], metavar="FILE", help="the tool files the cards pin (unless a card names its own in context.tool_set_path; repeatable)")
    ck.add_argument("--fail-on", choices=tuple(cards_mod.FAIL_ON), default="untested", help="lowest outcome that fails: untested (default), stale, fail, never")
    _report_args(ck)
    h = csub.add_parser("hash", help="print the tool-set hash to pin in context.tool_set_ref")
    h.add_argument("tools", nargs="+", metavar="TOOLS", help="tool definition files (every tool in them is one set)")
    i = csub.add_parser("init", help="draft a card for a tool (expectations left to fill in)")
    i.add_argument("tools", nargs="+", metavar="TOOLS", help="tool definition files (the whole set is pinned)")
    i.add_argument("--tool", required=True, metavar="NAME", help="the tool the card is about")
    i.add_argument("--output", "-o", metavar="FILE", help="write the card here (default: standard output)")
    i.add_argument("--force", action="store_true", help="replace --output if it exists")


def _report_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", "-f", choices=FORMATS, default=None, help="report on stdout (default: text; github when GITHUB_ACTIONS=true)")
    p.add_argument("--output", "-o", action="append", default=[], metavar="FORMAT=FILE", help="also write FORMAT to FILE (repeatable)")
    p.add_argument("--quiet", "-q", action="store_true", help="print no report on stdout")


def run(args: argparse.Namespace) -> int:
    try:
        if args.command == "attest":
            return _attest(args)
        if args.cards_command == "check":
            return _cards_check(args)
        if args.cards_command == "hash":
            return _cards_hash(args)
        return _cards_init(args)
    except EvidenceError as exc:
        print(f"silentlint: error: {one_line(str(exc))}", file=sys.stderr)
        return exc.code


# --- reports --------------------------------------------------------------------------------


def _outputs(specs: list[str]) -> list[tuple[str, str]]:
    out = []
    for spec in specs:
        fmt, sep, path = spec.partition("=")
        if not sep or not path:
            raise EvidenceError(f"--output takes FORMAT=FILE, got {spec!r}", EXIT_USAGE)
        if fmt not in FORMATS:
            raise EvidenceError(f"--output: unknown format {fmt!r} (choose from {', '.join(FORMATS)})", EXIT_USAGE)
        directory = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path) or not os.path.isdir(directory):
            raise EvidenceError(f"--output {path}: cannot write: {'is a directory' if os.path.isdir(path) else 'no such directory ' + directory}", EXIT_USAGE)
        out.append((fmt, path))
    return out


def _write(path: str, text: str, what: str) -> None:
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise EvidenceError(f"{what} {path}: cannot write: {exc.strerror or exc}", EXIT_USAGE) from None


def _report(args: argparse.Namespace, run: EvidenceRun, outputs: list[tuple[str, str]]) -> None:
    from linter.cli import default_format

    for fmt, path in outputs:
        _write(path, render_evidence(fmt, run), "--output")
    fmt_out = args.format or default_format()
    nothing = not run.subjects  # every input was refused: its line (on stderr) is the whole story
    if fmt_out != "text" or args.quiet or nothing:
        for p in run.result.problems:
            print(f"silentlint: {one_line(p.path)}: {one_line(p.message)}", file=sys.stderr)
    if not args.quiet and not nothing:
        sys.stdout.write(render_evidence(fmt_out, run, ReportOptions()))


# --- attest ---------------------------------------------------------------------------------


def _split(values: list[str]) -> list[str]:
    return [x.strip() for v in values for x in v.split(",") if x.strip()]


def thresholds(specs: list[str], path: str | None) -> Thresholds:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    data: dict[str, Any] = {}
    if path:
        try:
            tree = load(path).tree
        except LoadError as exc:
            raise EvidenceError(f"--thresholds {path}: {exc.message}", EXIT_USAGE) from None
        if not isinstance(tree, dict):
            raise EvidenceError(f"--thresholds {path}: not a mapping of threshold names to numbers", EXIT_USAGE)
        data.update(tree)
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep:
            raise EvidenceError(f"--threshold takes NAME=VALUE, got {spec!r}", EXIT_USAGE)
        try:
            data[name.strip()] = json.loads(value)
        except ValueError:
            raise EvidenceError(f"--threshold {name.strip()}: not a number: {value!r}", EXIT_USAGE) from None
    err = best_match(Draft202012Validator(THRESHOLDS_SCHEMA).iter_errors(data))
    if err is not None:
        where = ".".join(map(str, err.absolute_path))
        if err.validator == "additionalProperties":
            unknown = sorted(set(data) - set(THRESHOLDS_SCHEMA["properties"]))
            raise EvidenceError(f"unknown threshold {', '.join(map(repr, unknown))} (known: {', '.join(THRESHOLDS_SCHEMA['properties'])})", EXIT_USAGE)
        raise EvidenceError(f"threshold {where}: {err.message}", EXIT_USAGE)
    defaults = Thresholds()
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        attr = key.replace("-", "_")
        kwargs[attr] = int(value) if isinstance(getattr(defaults, attr), int) else float(value)
    return replace(defaults, **kwargs)


def _target(args: argparse.Namespace) -> Any:
    from linter.evidence import schemas

    given = [name for name, on in (("--schema", args.schema), ("--tool", args.tool), ("--openapi", args.openapi)) if on]
    if len(given) != 1:
        raise EvidenceError(
            ("give one schema, not " + " and ".join(given)) if given else
            "give the schema the outputs must match: --schema FILE, --tool NAME --tools FILE, or --openapi SPEC --operation ID",
            EXIT_USAGE,
        )
    if args.tools and not args.tool:
        raise EvidenceError("--tools names the file of --tool NAME", EXIT_USAGE)
    if (args.operation or args.status) and not args.openapi:
        raise EvidenceError("--operation and --status choose a response of --openapi SPEC", EXIT_USAGE)
    if args.schema:
        return schemas.from_schema_file(args.schema)
    if args.tool:
        if not args.tools:
            raise EvidenceError("--tool NAME needs --tools FILE (the tool definitions)", EXIT_USAGE)
        return schemas.from_tool(args.tool, args.tools)
    if not args.operation:
        raise EvidenceError("--openapi SPEC needs --operation ID (operationId or 'METHOD /path')", EXIT_USAGE)
    return schemas.from_openapi(args.openapi, args.operation, args.status)


def _attest(args: argparse.Namespace) -> int:
    outputs = _outputs(args.output)
    ignore = set(_split(args.ignore))
    unknown = sorted(ignore - set(SIGNALS))
    if unknown:
        raise EvidenceError(f"--ignore: unknown signal {', '.join(map(repr, unknown))} (signals: {', '.join(SIGNALS)})", EXIT_USAGE)
    limits = thresholds(args.threshold, args.thresholds)
    target = _target(args)
    paths = expand(args.outputs)
    if not paths:
        raise EvidenceError(f"no output to attest: {', '.join(args.outputs)} holds no .json, .yaml or .yml file", EXIT_NOTHING)
    run = attest_mod.attest(paths, target, limits, ignore)
    _report(args, run, outputs)
    return attest_mod.exit_code(run, args.fail_on)


# --- cards ----------------------------------------------------------------------------------


def _cards_check(args: argparse.Namespace) -> int:
    outputs = _outputs(args.output)
    paths = expand(args.cards)
    if not paths:
        raise EvidenceError(f"no card to check: {', '.join(args.cards)} holds no .json, .yaml or .yml file", EXIT_NOTHING)
    if args.observations is not None and not os.path.exists(args.observations):
        raise EvidenceError(f"--observations {args.observations}: no such file or folder", EXIT_USAGE)
    run = cards_mod.check_cards(paths, args.observations, list(args.tools))
    _report(args, run, outputs)
    return cards_mod.exit_code(run, args.fail_on)


def _cards_hash(args: argparse.Namespace) -> int:
    from linter.evidence.toolhash import tool_set_hash

    digest, names = tool_set_hash(list(args.tools))
    print(digest)
    print(f"silentlint: {len(names)} tool{'s' if len(names) != 1 else ''}: {one_line(', '.join(names))}", file=sys.stderr)
    return 0


def _cards_init(args: argparse.Namespace) -> int:
    if args.output and os.path.exists(args.output) and not args.force:
        raise EvidenceError(f"--output {args.output}: exists (add --force to replace it)", EXIT_USAGE)
    folder = os.path.dirname(os.path.abspath(args.output)) if args.output else os.getcwd()
    for path in args.tools:
        if not os.path.isfile(path):
            raise EvidenceError(f"{path}: no such file", EXIT_USAGE)
    try:
        card = cards_mod.draft(args.tool, list(args.tools), folder)
    except LoadError as exc:
        raise EvidenceError(f"tool file: {exc.message}", cards_mod.EXIT_INPUT) from None
    err = cards_mod.schema_error(card, "tcc-card.schema.json")
    assert err is None, err  # a draft is a valid card
    text = json.dumps(card, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        _write(args.output, text, "--output")
        print(f"silentlint: wrote a draft card for {one_line(args.tool)} to {one_line(args.output)}; fill in its task, context and expected fields", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
