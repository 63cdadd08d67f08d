"""The ``attest`` and ``cards`` handlers (imported only when one of the two commands runs:
:mod:`linter.evidence.cli` registers their arguments with nothing heavy imported)."""
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
from linter.report._common import one_line, output_specs
from linter.sources.loader import LoadError

EXIT_USAGE, EXIT_NOTHING = 2, 4


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
    try:
        pairs = output_specs(specs, FORMATS)
    except ValueError as exc:
        raise EvidenceError(str(exc), EXIT_USAGE) from None
    out = []
    for fmt, path in pairs:
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
