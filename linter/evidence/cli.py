"""The ``attest`` and ``cards`` subcommands' arguments (``linter/cli.py`` registers them on every
run, so nothing heavy is imported here) and :func:`run`, which imports the handlers of
:mod:`linter.evidence.commands` when one of the two commands is asked for."""

from __future__ import annotations

import argparse
from typing import Any

from linter.evidence.names import ATTEST_FAIL_ON, CARDS_FAIL_ON, FORMATS

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
    a.add_argument("--fail-on", choices=tuple(ATTEST_FAIL_ON), default="empty", help="lowest verdict that fails: thin, empty (default), invalid, never")
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
    ck.add_argument("--fail-on", choices=tuple(CARDS_FAIL_ON), default="untested", help="lowest outcome that fails: untested (default), stale, fail, never")
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
    from linter.evidence.commands import run as run_command

    return run_command(args)
