"""SARIF 2.1.0 shaped for GitHub code scanning (DESIGN.md §6).

GitHub matches alerts across runs by ``partialFingerprints`` and repo-relative URIs, sorts and
filters by ``level``/``precision``/``problem.severity``, and rejects uploads over its limits —
so this module caps what it emits and says so in a notification instead of being rejected.

Limits are GitHub's "SARIF support for code scanning" documentation (upload limits table:
25,000 results per run, 1,000 locations per result, 20 tags per rule, 10 MB gzipped per file).
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
from linter.report._common import by_severity_first, dumps_outline, region_of

if TYPE_CHECKING:
    from linter.model import Source
    from linter.report import ReportOptions

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "silentlint/v1"
MAX_RESULTS = 25_000
MAX_RELATED = 1_000
MAX_TAGS = 20
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
    results = list(_results(kept, index, replacements))

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
        "fullDescription": {"text": rule.rationale or rule.summary},
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
    out: dict[str, Any] = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": LEVEL.get(finding.severity, "note"),
        "message": {"text": finding.message},
        "locations": [_location(finding.location)],
    }
    related = finding.related[:MAX_RELATED]
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


def _location(location: Location) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": artifact_location(location.path)}
    # GitHub requires region.startLine; a node with no known position points at the file start.
    physical["region"] = _region(region_of(location))
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
    how to turn it into text in the file's own style."""
    from linter.fixes import replacements

    return replacements


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
