"""Helpers shared by the reporters: positions, counts and safe rendering of untrusted text.

Messages and paths can carry text copied from the linted spec, so every reporter must
neutralise it for its own medium; the one-line form here is the baseline for terminals.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from linter.model import SEVERITIES, SEVERITY_RANK, Finding, Location, Region, RunResult

# C0 controls (but tab), DEL and C1 controls: they move the cursor, recolour the terminal or
# end the line, so spec text must never reach a terminal or log with them intact.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape_control(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in _NAMED:
        return _NAMED[ch]
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def output_specs(specs: Iterable[str], formats: Iterable[str]) -> list[tuple[str, str]]:
    """``--output FORMAT=FILE`` options as (format, path) pairs; ``ValueError`` with the one-line
    message for a malformed one or an unknown format (each command raises it as its usage error)."""
    known = tuple(formats)
    out = []
    for spec in specs:
        fmt, sep, path = spec.partition("=")
        if not sep or not path:
            raise ValueError(f"--output takes FORMAT=FILE, got {spec!r}")
        if fmt not in known:
            raise ValueError(f"--output: unknown format {fmt!r} (choose from {', '.join(known)})")
        out.append((fmt, path))
    return out


def one_line(text: str) -> str:
    """``text`` on one line with control characters shown as escapes (``\\n``, ``\\x1b``)."""
    return _CONTROL.sub(_escape_control, text)


_UNENCODABLE = re.compile("[\ud800-\udfff\ufffe\uffff]")


def one_line_text(text: str) -> str:
    """``one_line``, and U+FFFD for what no UTF-8 file or XML document can carry (a lone
    surrogate, which a JSON ``\\ud800`` escape in a spec produces; U+FFFE, U+FFFF)."""
    return _UNENCODABLE.sub("\ufffd", one_line(text))


def region_of(location: Location) -> Region | None:
    """The location's region (computed lazily by the source's locator when not explicit)."""
    return location.resolve_region()


def is_group(region: Region | None, related: Iterable[Location]) -> bool:
    """Whether a finding at ``region`` is a group (the tools of a set, reported once at their
    list): some related location starts on a later line inside it. Reporters then point at
    the group's first line, not at a region over the whole list."""
    if region is None:
        return False
    for loc in related:
        rel = region_of(loc)
        if rel is not None and region.start_line < rel.start_line <= region.end_line:
            return True
    return False


def line_span(finding: Finding) -> tuple[int, int]:
    """First and last line of a finding (a group: its first line only; unknown: line 1)."""
    region = region_of(finding.location)
    if region is None:
        return 1, 1
    if is_group(region, finding.related):
        return region.start_line, region.start_line
    end = region.end_line
    if end > region.start_line and region.end_column <= 1:
        end -= 1  # the region ends at a line break: the next line is not part of it
    return region.start_line, max(end, region.start_line)


def unique_fingerprints(findings: Iterable[Finding]) -> list[str]:
    """Each finding's stable fingerprint, made unique within the report (GitLab and Code
    Climate key issues on it): a repeat gets ``-2``, ``-3``… in report order."""
    seen: Counter[str] = Counter()
    out = []
    for f in findings:
        seen[f.fingerprint] += 1
        n = seen[f.fingerprint]
        out.append(f.fingerprint if n == 1 else f"{f.fingerprint}-{n}")
    return out


def start_of(region: Region | None) -> tuple[int, int]:
    """1-based (line, column); a finding with no known position points at the file's start."""
    if region is None:
        return 1, 1
    return region.start_line, region.start_column


def severity_counts(findings: Iterable[Finding]) -> dict[str, int]:
    """Findings per severity, every severity present (in ``SEVERITIES`` order)."""
    counts: Counter[str] = Counter(f.severity for f in findings)
    return {sev: counts.get(sev, 0) for sev in SEVERITIES}


def by_severity_first(findings: list[Finding]) -> list[int]:
    """Indexes of ``findings`` ordered errors first, keeping the given order within a level."""
    return sorted(range(len(findings)), key=lambda i: -SEVERITY_RANK.get(findings[i].severity, 0))


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def summary_sentence(result: RunResult) -> str:
    """``3 findings (1 error, 2 warnings, 0 notes) in 2 files`` / ``No findings in 2 files.``"""
    n = len(result.findings)
    files = plural(len(result.files), "file")
    baseline = (
        f", {result.baseline_suppressed} suppressed by baseline" if result.baseline_suppressed else ""
    )
    problems = (
        f"; {plural(len(result.problems), 'file')} could not be linted" if result.problems else ""
    )
    if not n:
        return f"No findings in {files}{baseline}{problems}."
    c = severity_counts(result.findings)
    return (
        f"{plural(n, 'finding')} ({plural(c['error'], 'error')}, {plural(c['warning'], 'warning')}, "
        f"{plural(c['note'], 'note')}) in {files}{baseline}{problems}"
    )


def dumps_outline(obj: object, depth: int, default: Callable[[Any], Any] | None = None) -> str:
    """JSON indented by two spaces down to ``depth`` levels, each deeper value on one line.

    ``json.dumps(indent=…)`` runs the pure-Python encoder (3-10× slower than the C one) over
    every value; a report of 100,000 results spent more time there than linting. The outline
    keeps reports readable and diffable (one result per line) while the C encoder renders
    each line. The pieces are joined once at the end: joining per level copied the whole
    report again at every level above the results."""
    pieces: list[str] = []
    _outline(obj, depth, _line_encoder(default), 0, pieces.append)
    return "".join(pieces)


def _line_encoder(default: Callable[[Any], Any] | None) -> Callable[[Any], str]:
    """``JSONEncoder(ensure_ascii=False, default=default).encode`` with its C encoder built
    once: ``encode`` builds a new one per call, and a report encodes one line per result.
    Same arguments as ``JSONEncoder.iterencode`` passes it, so the same text. The markers
    dict (circular-reference check) is emptied again as each container is left, so sharing
    it between the lines of one report is what ``encode`` does within one value; an error
    leaves entries behind, but it also ends the report this encoder was made for."""
    encoder = json.JSONEncoder(ensure_ascii=False, default=default)
    make = getattr(json.encoder, "c_make_encoder", None)  # private: the C accelerator, not in typeshed
    if make is None:  # pragma: no cover - the C accelerator is missing
        return encoder.encode
    c_encode = make(
        {},
        encoder.default,
        json.encoder.encode_basestring,
        None,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )
    encode_str = json.encoder.encode_basestring
    join = "".join

    def encode(obj: Any) -> str:
        if isinstance(obj, str):  # as JSONEncoder.encode does
            return encode_str(obj)
        return join(c_encode(obj, 0))

    return encode


def _outline(
    obj: object, depth: int, encode: Callable[[Any], str], level: int, emit: Callable[[str], None]
) -> None:
    if depth <= 0 or not isinstance(obj, (dict, list)) or not obj:
        emit(encode(obj))
        return
    pad = "  " * (level + 1)
    is_dict = isinstance(obj, dict)
    emit("{\n" if is_dict else "[\n")
    first = True
    for k, v in obj.items() if is_dict else enumerate(obj):  # type: ignore[union-attr]  # is_dict says which: a dict, else a list
        emit(pad if first else ",\n" + pad)
        first = False
        if is_dict:
            emit(encode(k if isinstance(k, str) else str(k)) + ": ")
        if depth == 1:  # a single line: no call per child
            emit(encode(v))
        else:
            _outline(v, depth - 1, encode, level + 1, emit)
    emit("\n" + "  " * level + ("}" if is_dict else "]"))
