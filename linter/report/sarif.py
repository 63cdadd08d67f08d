"""SARIF 2.1.0 shaped for GitHub code scanning (DESIGN.md §6).

GitHub matches alerts across runs by ``partialFingerprints`` and repo-relative URIs, sorts and
filters by ``level``/``precision``/``problem.severity``, and rejects uploads over its limits —
so this module caps what it emits and says so in a notification instead of being rejected.

Limits are GitHub's "SARIF support for code scanning" documentation (upload limits table:
25,000 results per run, 1,000 locations per result, 20 tags per rule, 10 MB gzipped per file;
reportingDescriptor table: ``fullDescription.text`` at most 1,024 characters).

Code scanning keys an alert on ``partialFingerprints.primaryLocationLineHash``; upload-sarif
computes it from the line's text when a result has none, so two findings on one line became one
alert. Each result carries the value upload-sarif would compute (``linehash``), made distinct
when several results share a line. Related locations are shown only when the message links them
(``[label](id)``, SARIF §3.11.6), so every one is linked from the message text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import linter
from linter.model import Finding, Fix, Location, Region, Rule, RunResult, pointer_str
from linter.report._common import by_severity_first, dumps_outline, is_group, region_of, start_of

if TYPE_CHECKING:
    from linter.model import Source
    from linter.report import ReportOptions

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "silentlint/v1"
MAX_RESULTS = 25_000
MAX_RELATED = 1_000
MAX_TAGS = 20
MAX_FULL_DESCRIPTION = 1_024
LINE_HASH_KEY = "primaryLocationLineHash"
LEVEL = {"error": "error", "warning": "warning", "note": "note"}
# GitHub's non-security severity vocabulary (rule property ``problem.severity``).
PROBLEM_SEVERITY = {"error": "error", "warning": "warning", "note": "recommendation"}

Replacement = tuple["Source", Region, str]


def render_sarif(result: RunResult, options: "ReportOptions") -> str:
    return dumps_outline(build_sarif(result), 4, default=str) + "\n"


def build_sarif(result: RunResult) -> dict[str, Any]:
    version = result.version or linter.__version__
    descriptors, index = _rules(result.rules, result.findings)
    kept, dropped = _cap(result.findings)
    replacements = _fix_writer()
    line_hashes = primary_line_hashes(kept)  # before _results releases the files' text
    results = list(_results(kept, index, replacements))
    for res, value in zip(results, line_hashes):
        if value is not None:
            res.setdefault("partialFingerprints", {})[LINE_HASH_KEY] = value

    notifications = [_problem_notification(p.path, p.message, p.kind) for p in result.problems]
    if dropped:
        notifications.append(
            {
                "level": "warning",
                "message": {
                    "text": (
                        f"GitHub code scanning accepts at most {MAX_RESULTS:,} results per run: "
                        f"{dropped:,} lower-severity findings were left out of this SARIF file. "
                        "Run `silentlint check --format json` for the full list."
                    )
                },
                "descriptor": {"id": "results-truncated"},
            }
        )
    invocation: dict[str, Any] = {"executionSuccessful": not result.problems}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications

    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "silentlint",
                "informationUri": linter.PROJECT_URL,
                "version": version,
                "semanticVersion": version,
                "rules": descriptors,
            }
        },
        "automationDetails": {"id": "silentlint/"},
        "invocations": [invocation],
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if result.root:
        run["originalUriBaseIds"] = {SRCROOT: {"uri": _file_uri(result.root.rstrip("/") + "/")}}
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


# --- rules -----------------------------------------------------------------------------------


def _rules(
    rules: Mapping[str, Rule], findings: Iterable[Finding]
) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Descriptors sorted by id (catalog first, then ids only seen in findings)."""
    descriptors = [_descriptor(rules[rid]) for rid in sorted(rules)]
    seen: dict[str, str] = {}
    for f in findings:
        if f.rule not in rules:
            seen.setdefault(f.rule, f.severity)
    # A built-in rule (e.g. unused-suppression) with no catalog entry still needs an index.
    descriptors += [_bare_descriptor(rid, seen[rid]) for rid in sorted(seen)]
    return descriptors, {d["id"]: i for i, d in enumerate(descriptors)}


def _descriptor(rule: Rule) -> dict[str, Any]:
    severity = rule.default_severity if rule.default_severity in LEVEL else "note"
    tags = list(dict.fromkeys([rule.family, *rule.tags]))[:MAX_TAGS]
    return {
        "id": rule.id,
        "name": camel_case(rule.id),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": full_description(rule.rationale or rule.summary)},
        "help": {"text": help_text(rule), "markdown": help_markdown(rule)},
        "helpUri": rule.help_uri,
        "defaultConfiguration": {"level": LEVEL[severity]},
        "properties": {
            "tags": tags,
            "precision": rule.precision,
            "problem.severity": PROBLEM_SEVERITY[severity],
        },
    }


def _bare_descriptor(rule_id: str, severity: str) -> dict[str, Any]:
    severity = severity if severity in LEVEL else "note"
    return {
        "id": rule_id,
        "name": camel_case(rule_id),
        "shortDescription": {"text": rule_id},
        "defaultConfiguration": {"level": LEVEL[severity]},
        "properties": {"tags": ["silentlint"], "problem.severity": PROBLEM_SEVERITY[severity]},
    }


def camel_case(rule_id: str) -> str:
    """``prose-enum`` → ``ProseEnum`` (SARIF ``name`` is an identifier-like label)."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-_\s]+", rule_id) if part)


def full_description(text: str, limit: int = MAX_FULL_DESCRIPTION) -> str:
    """``text`` within code scanning's limit: whole paragraphs while they fit, else the first
    paragraph cut after its last sentence (or word, with an ellipsis) that fits. The whole text
    stays in ``help``."""
    text = text.strip()
    if len(text) <= limit:
        return text
    kept = ""
    for paragraph in text.split("\n\n"):
        joined = f"{kept}\n\n{paragraph}" if kept else paragraph
        if len(joined) > limit:
            break
        kept = joined
    if kept:
        return kept
    head = text[:limit]
    sentence = max(head.rfind(". "), head.rfind(".\n"))
    if sentence > 0:
        return head[: sentence + 1]
    word = head[: limit - 1].rstrip().rfind(" ")
    return (head[:word] if word > 0 else head[: limit - 1]).rstrip() + "…"


def help_text(rule: Rule) -> str:
    parts = [rule.rationale.strip(), _labelled("How to fix:", rule.how_to_fix)]
    for title, kind, snippet, _lang in _examples(rule):
        heading = f"{kind.capitalize()} example" + (f" ({title})" if title else "") + ":"
        parts.append(heading + "\n" + "\n".join("    " + ln for ln in snippet.splitlines()))
    return "\n\n".join(p for p in parts if p)


def help_markdown(rule: Rule) -> str:
    parts = [rule.rationale.strip(), _labelled("**How to fix:**", rule.how_to_fix)]
    for title, kind, snippet, lang in _examples(rule):
        heading = f"**{kind.capitalize()}**" + (f" — {title}" if title else "")
        fence = "`" * max(3, _longest_backtick_run(snippet) + 1)
        parts.append(f"{heading}\n\n{fence}{lang}\n{snippet}\n{fence}")
    return "\n\n".join(p for p in parts if p)


def _labelled(label: str, text: str) -> str:
    return f"{label} {text.strip()}" if text.strip() else ""


def _examples(rule: Rule) -> list[tuple[str, str, str, str]]:
    """(title, bad|good, snippet, fence language) for each catalog example."""
    out: list[tuple[str, str, str, str]] = []
    for example in rule.examples:
        if not isinstance(example, Mapping):
            continue
        title = str(example.get("title") or example.get("name") or "")
        lang = str(example.get("syntax") or example.get("format") or "yaml")
        for kind in ("bad", "good"):
            value = example.get(kind)
            if value is None:
                continue
            snippet = value if isinstance(value, str) else _dump(value, lang)
            out.append((title, kind, snippet.rstrip("\n"), lang))
    return out


def _dump(value: Any, lang: str) -> str:
    if lang == "json":
        return json.dumps(value, ensure_ascii=False, indent=2)
    import yaml

    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False)


def _longest_backtick_run(text: str) -> int:
    return max((len(m) for m in re.findall(r"`+", text)), default=0)


# --- results ---------------------------------------------------------------------------------


def _cap(findings: list[Finding]) -> tuple[list[Finding], int]:
    """At most ``MAX_RESULTS``, dropping notes before warnings before errors; order kept."""
    if len(findings) <= MAX_RESULTS:
        return findings, 0
    keep = set(by_severity_first(findings)[:MAX_RESULTS])
    return [f for i, f in enumerate(findings) if i in keep], len(findings) - MAX_RESULTS


def _results(
    findings: list[Finding], index: Mapping[str, int], replacements: Callable[[Fix], list[Replacement]] | None
) -> Iterable[dict[str, Any]]:
    """Results in finding order (sorted by file). Fix regions need the file's text and tree
    again: each file is reloaded once for its findings and released after them, so a run over
    thousands of specs never holds more than a few trees."""
    open_sources: dict[str, Source] = {}
    current = None
    for f in findings:
        if f.path != current:
            for src in open_sources.values():
                src.release()
            open_sources.clear()
            current = f.path
        if f.fix is not None:
            for e in f.fix.edits:
                open_sources[e.source.abspath] = e.source
        yield _result(f, index[f.rule], replacements)
    for src in open_sources.values():
        src.release()


def _result(
    finding: Finding, rule_index: int, replacements: Callable[[Fix], list[Replacement]] | None
) -> dict[str, Any]:
    related = finding.related[:MAX_RELATED]
    # a group (the tools of a set, reported once at their list) points at the list's first
    # line, not at a region over the whole list; its members are the related locations
    region = region_of(finding.location)
    grouped = is_group(region, related)
    out: dict[str, Any] = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": LEVEL.get(finding.severity, "note"),
        "message": {"text": linked_message(finding.message, [loc.label for loc in related])},
        "locations": [_location(finding.location, first_line_only=grouped)],
    }
    if related:
        out["relatedLocations"] = [
            {**_location(loc), "id": i, "message": {"text": loc.label or "related location"}}
            for i, loc in enumerate(related, start=1)
        ]
    if finding.fingerprint:
        out["partialFingerprints"] = {FINGERPRINT_KEY: finding.fingerprint}
    if finding.fix is not None and replacements is not None:
        from linter.fixes import FixError

        try:
            reps = finding.fix.replacements
            fix = _sarif_fix(finding.fix, list(reps) if reps is not None else replacements(finding.fix))
        except FixError:
            fix = None  # a refused edit is reported by `silentlint fix`; SARIF just omits it
        if fix is not None:
            out["fixes"] = [fix]
    properties: dict[str, Any] = {}
    if finding.evidence is not None:
        properties["evidence"] = dict(finding.evidence)
    if len(finding.related) > MAX_RELATED:
        properties["relatedLocationsOmitted"] = len(finding.related) - MAX_RELATED
    if properties:
        out["properties"] = properties
    return out


def escape_message(text: str) -> str:
    """Plain message text with its literal square brackets escaped (SARIF §3.11.6), so only
    the links added here are read as links."""
    return text.replace("[", "\\[").replace("]", "\\]")


def linked_message(message: str, labels: list[str]) -> str:
    """The message, then a link to every related location (``[label](id)``, ids from 1)."""
    text = escape_message(message)
    if not labels:
        return text
    links = ", ".join(
        f"[{escape_message(label or 'related location')}]({i})" for i, label in enumerate(labels, start=1)
    )
    return f"{text} (related: {links})"


def primary_line_hashes(findings: list[Finding]) -> list[str | None]:
    """Each finding's ``primaryLocationLineHash`` as upload-sarif computes it from its file
    (None for a remote document, or a file that cannot be read). Findings that share a line get
    their own value: the line's hash, ``/`` and the start of their stable fingerprint (their
    index on the line when even those are equal). A line's hash a worker already worked out
    (``Finding.line_hash``) is taken as it is; the file is read here only for the others."""
    from linter.report.linehash import source_line_hashes

    out: list[str | None] = [None] * len(findings)
    by_file: dict[str, tuple[Source, list[tuple[int, int]]]] = {}
    for i, f in enumerate(findings):
        source = f.location.source
        if not source.remote:
            line = start_of(region_of(f.location))[0]
            by_file.setdefault(source.abspath, (source, []))[1].append((i, line))
    for source, placed in by_file.values():
        missing = {line for i, line in placed if findings[i].line_hash is None}
        hashes = source_line_hashes(source, missing) if missing else {}
        on_line: dict[int, list[int]] = {}
        for i, line in placed:
            on_line.setdefault(line, []).append(i)
        for line, shared in on_line.items():
            given = findings[shared[0]].line_hash
            value = given if given is not None else hashes[line]
            if not value:  # a region past the end of the file, or a file that cannot be read: upload-sarif adds none
                continue
            if len(shared) == 1:
                values = [value]
            else:
                values = [f"{value}/{findings[i].fingerprint[:12]}" for i in shared]
                if len(set(values)) < len(values):
                    values = [f"{value}/{n}" for n in range(1, len(shared) + 1)]
            for i, v in zip(shared, values):
                out[i] = v
    return out


def _location(location: Location, first_line_only: bool = False) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": artifact_location(location.path)}
    # GitHub requires region.startLine; a node with no known position points at the file start.
    region = region_of(location)
    if first_line_only and region is not None:  # no endLine/endColumn: to the end of that line
        physical["region"] = {"startLine": region.start_line, "startColumn": region.start_column}
    else:
        physical["region"] = _region(region)
    out: dict[str, Any] = {"physicalLocation": physical}
    if location.pointer:
        out["logicalLocations"] = [
            {"fullyQualifiedName": pointer_str(location.pointer), "kind": "member"}
        ]
    return out


def _region(region: Region | None) -> dict[str, int]:
    if region is None:
        return {"startLine": 1}
    return {
        "startLine": region.start_line,
        "startColumn": region.start_column,
        "endLine": region.end_line,
        "endColumn": region.end_column,
    }


def artifact_location(path: str) -> dict[str, str]:
    """A repo-relative URI reference under ``%SRCROOT%``, a ``file:`` URI outside the root, or
    the URL of a remote ``$ref`` target (``--allow-remote-refs``)."""
    return dict(_artifact_location(path))  # a copy: callers may add keys


@lru_cache(maxsize=4096)
def _artifact_location(path: str) -> tuple[tuple[str, str], ...]:
    if re.match(r"https?://", path):
        return (("uri", path),)
    if _is_absolute(path):
        return (("uri", _file_uri(path)),)
    return (("uri", quote(path, safe="/")), ("uriBaseId", SRCROOT))


def _is_absolute(path: str) -> bool:
    return path.startswith("/") or re.match(r"[A-Za-z]:[/\\]", path) is not None


def _file_uri(path: str) -> str:
    path = path.replace("\\", "/")
    if path.startswith("/"):
        return "file://" + quote(path, safe="/")
    return "file:///" + quote(path, safe="/:")  # Windows drive path


def _problem_notification(path: str, message: str, kind: str) -> dict[str, Any]:
    return {
        "level": "error",
        "message": {"text": message},
        "locations": [{"physicalLocation": {"artifactLocation": artifact_location(path)}}],
        "descriptor": {"id": kind},
    }


# --- fixes -----------------------------------------------------------------------------------


def _fix_writer() -> Callable[[Fix], list[Replacement]]:
    """The text splicer of ``linter.fixes``: a fix is data (``Edit``), and only the writers know
    how to turn it into text in the file's own style. One memo for the whole report, so each
    file's writer is made once (the engine usually made the text in the worker already)."""
    from functools import partial

    from linter.fixes import replacements
    from linter.runctx import FixMemo

    return partial(replacements, memo=FixMemo())


def _sarif_fix(fix: Fix, replacements: list[Replacement]) -> dict[str, Any] | None:
    if not replacements:
        return None
    changes: dict[str, list[dict[str, Any]]] = {}
    for source, region, text in replacements:
        changes.setdefault(source.display_path, []).append(
            {"deletedRegion": _region(region), "insertedContent": {"text": text}}
        )
    return {
        "description": {"text": fix.description},
        "artifactChanges": [
            {"artifactLocation": artifact_location(path), "replacements": reps}
            for path, reps in changes.items()
        ],
    }
