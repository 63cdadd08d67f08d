"""Reporters: one run result rendered as text, json, sarif, github, markdown, diff, junit,
gitlab (Code Quality) or codeclimate.

Every reporter is a pure function ``(RunResult, ReportOptions) -> str`` so the CLI can write
several formats from one run (``--output FORMAT=FILE``) and tests can compare exact output.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from linter.model import RunResult


@dataclass(frozen=True)
class ReportOptions:
    color: bool = False  # ANSI colour (text only)
    show_source: bool = False  # text: code frame of the source around each finding
    github_max_annotations: int = 10  # per level and step, GitHub's display limit; <= 0: no cap
    statistics: bool = False  # text: the findings per rule and the summary, not each finding


Reporter = Callable[[RunResult, ReportOptions], str]

def _imported_when_used(module: str, name: str) -> Reporter:
    """``linter.report.<module>.<name>``, imported on its first call: a run writes one or two
    formats, and every run importing all nine (JUnit's XML, …) was start-up time for nothing."""

    def reporter(result: RunResult, options: ReportOptions) -> str:
        render_fn: Reporter = getattr(import_module(f"linter.report.{module}"), name)
        return render_fn(result, options)

    reporter.__name__ = reporter.__qualname__ = name
    return reporter


REPORTERS: dict[str, Reporter] = {
    "text": _imported_when_used("text", "render_text"),
    "json": _imported_when_used("json_report", "render_json"),
    "sarif": _imported_when_used("sarif", "render_sarif"),
    "github": _imported_when_used("github", "render_github"),
    "markdown": _imported_when_used("markdown", "render_markdown"),
    "diff": _imported_when_used("diff", "render_diff"),
    "junit": _imported_when_used("junit", "render_junit"),
    "gitlab": _imported_when_used("codequality", "render_gitlab"),
    "codeclimate": _imported_when_used("codequality", "render_codeclimate"),
}


def render(fmt: str, result: RunResult, options: ReportOptions | None = None) -> str:
    """Render ``result`` in format ``fmt``; ``ValueError`` names the known formats."""
    try:
        reporter = REPORTERS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r} (choose from {', '.join(REPORTERS)})") from None
    # reports make no reference cycles: the CLI renders them with the collector paused (_gc.py)
    text = reporter(result, options if options is not None else ReportOptions())
    return encodable(text)


# A JSON spec can hold a lone surrogate (the escape "\ud800"); no UTF-8 file, terminal or pipe
# can carry one, so writing the report would fail. Valid astral characters are one code point
# in a str and never match.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD, so it encodes as UTF-8."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")  # fails exactly on a surrogate, at 2-3x the speed of searching for one
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub("\ufffd", text)
    return text


__all__ = ["REPORTERS", "ReportOptions", "Reporter", "render"]
