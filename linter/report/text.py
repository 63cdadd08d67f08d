"""Compact human output: one ``path:line:col: severity[rule] message`` line per finding, at most
five related locations each, then the findings per rule and a summary sentence.

The shape is the one ruff/eslint users already grep and that editors' problem matchers parse;
the optional code frame shows the spec text a finding is about without opening the file.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import TYPE_CHECKING

from linter.model import SEVERITIES, Finding, Location, Region, RunResult
from linter.report._common import one_line, plural, region_of, start_of, summary_sentence

if TYPE_CHECKING:
    from linter.report import ReportOptions

RESET = "\x1b[0m"
SEVERITY_STYLE = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "note": "\x1b[1;36m"}
RULE_STYLE = "\x1b[2m"
FRAME_MAX_LINES = 5
RELATED_SHOWN = 5  # a group of 50 tools would otherwise bury the next finding

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Same set as _common.one_line, but replaced by one code point so caret columns stay aligned.
_FRAME_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")


def render_text(result: RunResult, options: "ReportOptions") -> str:
    """Each finding (unless ``options.statistics``), the input problems, the findings per rule
    when there are two or more, and the summary sentence."""
    out: list[str] = []
    if not options.statistics:
        for finding in result.findings:
            region = region_of(finding.location)
            out.append(_headline(finding, region, options.color))
            if options.show_source:
                out.extend(code_frame(finding.location, region, options.color))
            out.extend(related_lines(finding))
    for problem in result.problems:
        out.append(f"{one_line(problem.path)}: error: {one_line(problem.message)}")
    if len(result.findings) > 1 or (options.statistics and result.findings):
        out.extend(rule_table(result))
    out.append(summary_sentence(result))
    return "\n".join(out) + "\n"


def related_lines(finding: Finding) -> list[str]:
    """The first ``RELATED_SHOWN`` related locations, then how many more there are."""
    out = []
    for rel in finding.related[:RELATED_SHOWN]:
        line, col = start_of(region_of(rel))
        label = f" {one_line(rel.label)}" if rel.label else ""
        out.append(f"  related: {one_line(rel.path)}:{line}:{col}{label}")
    more = len(finding.related) - RELATED_SHOWN
    if more > 0:
        out.append(f"  related: … and {more} more (see --format json or sarif)")
    return out


def rule_table(result: RunResult) -> list[str]:
    """Findings per rule, most first (then by rule id), with their severities."""
    counts: dict[str, Counter[str]] = {}
    for f in result.findings:
        counts.setdefault(f.rule, Counter())[f.severity] += 1
    rows = sorted(counts.items(), key=lambda item: (-sum(item[1].values()), item[0]))
    width = len(str(sum(rows[0][1].values()))) if rows else 1
    rule_width = max((len(rule) for rule, _ in rows), default=0)
    out = ["Findings per rule:"]
    for rule, by_severity in rows:
        severities = ", ".join(plural(by_severity[sev], sev) for sev in SEVERITIES if by_severity.get(sev))
        out.append(f"  {sum(by_severity.values()):>{width}}  {rule:<{rule_width}}  ({severities})")
    return out


def _headline(finding: Finding, region: Region | None, color: bool) -> str:
    line, col = start_of(region)
    sev, rule = finding.severity, finding.rule
    if color:
        tag = f"{SEVERITY_STYLE.get(sev, '')}{sev}{RESET}[{RULE_STYLE}{rule}{RESET}]"
    else:
        tag = f"{sev}[{rule}]"
    return f"{one_line(finding.path)}:{line}:{col}: {tag} {one_line(finding.message)}"


def code_frame(location: Location, region: Region | None, color: bool) -> list[str]:
    """Up to five source lines of ``region`` with a caret row under the start column."""
    if region is None:
        return []
    lines = _LINE_BREAK.split(location.source.text)
    first = region.start_line
    last = region.end_line
    if last > first and region.end_column <= 1:
        last -= 1  # the region ends at a line break: the next line is not part of it
    last = min(max(last, first), first + FRAME_MAX_LINES - 1, len(lines))
    if first < 1 or first > len(lines):
        return []
    shown = [_FRAME_CONTROL.sub("\ufffd", lines[n - 1]) for n in range(first, last + 1)]
    painted = _highlight(shown, location.source.syntax) if color else shown
    width = len(str(last))
    gutter = " " * width
    out: list[str] = []
    for offset, text in enumerate(painted):
        number = first + offset
        out.append(f"  {number:>{width}} | {text}".rstrip())
        if number == first:
            out.append(f"  {gutter} | {_carets(shown[0], region)}")
    return out


def _carets(line: str, region: Region) -> str:
    """Carets from the start column to the region's end on that line (at least one)."""
    start = max(region.start_column, 1)
    end = region.end_column if region.end_line == region.start_line else len(line) + 1
    marked = line[start - 1 : end - 1]
    count = len(_pad(marked).replace("\t", "    ")) + max(end - start - len(marked), 0)
    return _pad(line[: start - 1]) + "^" * max(count, 1)


def _pad(prefix: str) -> str:
    """Blank space as wide on screen as ``prefix`` (tabs kept, wide CJK characters doubled)."""
    out = []
    for ch in prefix:
        if ch == "\t":
            out.append("\t")
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            out.append("  ")
        elif not unicodedata.combining(ch):
            out.append(" ")
    return "".join(out)


def _highlight(lines: list[str], syntax: str) -> list[str]:
    """ANSI-highlight the frame as one block so multi-line tokens keep their colour."""
    from pygments import highlight
    from pygments.formatters import TerminalFormatter
    from pygments.lexers import JsonLexer, YamlLexer

    lexer_class = JsonLexer if syntax == "json" else YamlLexer
    lexer = lexer_class(stripnl=False, stripall=False, ensurenl=True)
    painted = highlight("\n".join(lines) + "\n", lexer, TerminalFormatter())
    if painted.endswith("\n"):
        painted = painted[:-1]
    split = painted.split("\n")
    return split if len(split) == len(lines) else lines
