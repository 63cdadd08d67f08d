"""``silentlint cards``: task–call contract (TCC) cards against the observations of a run.

A card (the study's template, ``tcc-card.schema.json``) fixes before the run the task, the tool
set (``context.tool_set_ref``, the hash of :mod:`linter.evidence.toolhash`) and what each check
expects. After the run, observations keyed by check id are compared check by check:

- **pass**: every field the check expects is observed with an equal value (JSON equality: top
  level fields the check does not name are ignored, nested objects and lists compare exactly);
- **fail**: some observed field differs (each difference named);
- **untested**: no observation, a null one, an expected field not observed, or nothing expected
  (a drafted card) — never a pass.

Evidence-gate claims are **verified** or **contradicted** only as the card says *and* with an
``evidence_ref`` that exists (a file relative to the card, or a URL); otherwise **unknown**. A
card whose pinned hash differs from the tool files' hash now is **stale**; one whose
``tool_set_ref`` is not a SHA-256, or whose tool files are not given, cannot be checked for that.
"""

from __future__ import annotations

from linter.evidence.names import CARDS_FAIL_ON

import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from linter import __version__
from linter.evidence.common import EvidenceError, finding, json_path, load_or_none, root_dir, rule, shown
from linter.evidence.report import EvidenceRun, Subject
from linter.evidence.schemas import same
from linter.evidence.toolhash import parse_ref, tool_set_hash
from linter.model import Finding, InputProblem, Rule, RunResult, Severity, Source

PASS, UNTESTED, STALE, FAIL = "PASS", "UNTESTED", "STALE", "FAIL"
RANK = {PASS: 0, UNTESTED: 1, STALE: 2, FAIL: 3}
FAIL_ON = CARDS_FAIL_ON
EXIT_OK, EXIT_USAGE, EXIT_INPUT = 0, 2, 3
EXIT_CHECK_FAILED, EXIT_STALE, EXIT_UNTESTED = 10, 11, 12
EXIT_BY_STATUS = {FAIL: EXIT_CHECK_FAILED, STALE: EXIT_STALE, UNTESTED: EXIT_UNTESTED}

RULES: dict[str, Rule] = {
    r.id: r
    for r in (
        rule("check_fail", "cards", "error", "A card's check: the observation differs from what the card expects.",
             "The card fixed the expected tool choice, arguments, result reading or state change before the run; the run did otherwise.",
             "Fix the tool definition (or the card, if the expectation was wrong) and run the case again."),
        rule("check_untested", "cards", "warning", "A card's check has no evidence: no observation, or a field it expects was not observed.",
             "A check without evidence is untested, never passed: whether the tool ran and whether the state changed each need their own evidence.",
             "Record the observation for the check (keyed by its id), or fill in what a drafted check expects."),
        rule("card_stale", "cards", "error", "The tool set changed since the card was pinned.",
             "A card is written for one tool set: after the definitions change its expectations and results no longer speak for the tools.",
             "Review the card against the new tool definitions, run its cases again, and pin the new hash (silentlint cards hash)."),
        rule("tool_set_unchecked", "cards", "warning", "Whether the card is stale cannot be told.",
             "A tool_set_ref that is not a SHA-256, or a card whose tool files are not given, cannot notice a change of the tools.",
             "Pin `silentlint cards hash TOOLS` in context.tool_set_ref and give the tool files (--tools or context.tool_set_path)."),
        rule("gate_contradicted", "cards", "error", "An evidence-gate claim is contradicted by its evidence.",
             "The card's premise (e.g. 'the lookup tool only reads records') does not hold, so its checks do not test what they claim.",
             "Fix the tool or the claim."),
        rule("gate_unknown", "cards", "warning", "An evidence-gate claim has no evidence.",
             "A claim without evidence (evidence_ref) stays unknown, whatever status the card gives it.",
             "Attach the evidence (a file next to the card, or a URL) and set the status from it."),
        rule("observation_unknown_check", "cards", "error", "An observation names a check the card does not have.",
             "An observation under a wrong id (a typo, a renamed check) leaves the real check untested and looks like evidence.",
             "Key the observation by one of the card's check ids."),
    )
}


@lru_cache(maxsize=2)
def schema(name: str = "tcc-card.schema.json") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((resources.files("linter.evidence") / name).read_text(encoding="utf-8"))
    return data


def schema_error(tree: Any, name: str) -> str | None:
    """The most relevant error (jsonschema's ``best_match``) as ``$.path: message``."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    best = best_match(Draft202012Validator(schema(name)).iter_errors(tree))
    if best is None:
        return None
    return f"{json_path(tuple(best.absolute_path))}: {best.message}"


@dataclass
class Card:
    source: Source
    tree: dict[str, Any]

    @property
    def case_id(self) -> str:
        return str(self.tree["case_id"])

    @property
    def folder(self) -> str:
        return os.path.dirname(self.source.abspath)


def read_card(path: str) -> Card | InputProblem:
    source, why = load_or_none(path)
    if source is None:
        return InputProblem(path.replace(os.sep, "/"), why, "unreadable" if "no such file" in why or "directory" in why else "parse")
    err = schema_error(source.tree, "tcc-card.schema.json")
    if err is None:
        ids: dict[str, int] = {}
        for i, check in enumerate(source.tree["checks"]):
            if check["id"] in ids:
                err = f"$.checks[{i}].id: {check['id']!r} is also the id of $.checks[{ids[check['id']]}]"
                break
            ids[check["id"]] = i
    if err is not None:
        return InputProblem(source.display_path, f"not a valid TCC 0.1 card: {err}", "parse")
    return Card(source, source.tree)


# --- comparing ------------------------------------------------------------------------------


def _name(path: tuple[str | int, ...]) -> str:
    return json_path(path)[1:].lstrip(".")


def differences(expected: Any, observed: Any, path: tuple[str | int, ...]) -> list[str]:
    if isinstance(expected, dict) and isinstance(observed, dict):
        out = []
        for k, v in expected.items():
            if k not in observed:
                out.append(f"{_name(path + (k,))}: expected {shown(v)}, not observed")
            else:
                out += differences(v, observed[k], path + (k,))
        out += [f"{_name(path + (k,))}: observed {shown(observed[k])}, not expected" for k in observed if k not in expected]
        return out
    if isinstance(expected, list) and isinstance(observed, list) and len(expected) == len(observed):
        return [d for i, (e, o) in enumerate(zip(expected, observed)) for d in differences(e, o, path + (i,))]
    if same(expected, observed):
        return []
    return [f"{_name(path)}: expected {shown(expected)}, observed {shown(observed)}"]


@dataclass
class Outcome:
    status: str  # pass | fail | untested
    why: str
    differing: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def compare(expected: dict[str, Any], observation: Any, has_observation: bool) -> Outcome:
    if not expected:
        return Outcome("untested", "expected is empty: fill in what this check expects")
    if not has_observation:
        return Outcome("untested", "no observation")
    if observation is None:
        return Outcome("untested", "the observation is null (nothing was observed)")
    differing: list[str] = []
    missing: list[str] = []
    for key, value in expected.items():
        if key not in observation:
            missing.append(_name((key,)))
        else:
            differing += differences(value, observation[key], (key,))
    if differing:
        more = f"; not observed: {', '.join(missing)}" if missing else ""
        return Outcome("fail", "; ".join(differing) + more, differing, missing)
    if missing:
        return Outcome("untested", f"not observed: {', '.join(missing)}", [], missing)
    return Outcome("pass", "as expected")


# --- one card -------------------------------------------------------------------------------


@dataclass
class Observations:
    source: Source | None
    tree: dict[str, Any] | None
    note: str = ""  # why there are none


def observations_for(card: Card, obs: str | None, problems: list[InputProblem]) -> Observations:
    if obs is None:
        return Observations(None, None, "no --observations given")
    path = obs
    if os.path.isdir(obs):
        candidates = [os.path.join(obs, card.case_id + ext) for ext in (".json", ".yaml", ".yml")]
        found = [c for c in candidates if os.path.isfile(c)]
        if not found:
            return Observations(None, None, f"no observations file {candidates[0].replace(os.sep, '/')}")
        path = found[0]
    source, why = load_or_none(path)
    if source is None:
        problems.append(InputProblem(path.replace(os.sep, "/"), why, "unreadable" if "no such file" in why else "parse"))
        return Observations(None, None, "the observations could not be read")
    err = schema_error(source.tree, "tcc-observations.schema.json")
    if err is not None:
        problems.append(InputProblem(source.display_path, f"not valid observations (an object keyed by check id, each an object or null): {err}", "parse"))
        return Observations(None, None, "the observations are not valid")
    return Observations(source, source.tree)


def _gate(card: Card, i: int, claim: dict[str, Any]) -> tuple[str, str]:
    ref, declared = claim.get("evidence_ref"), claim["status"]
    if not isinstance(ref, str) or not ref.strip():
        return "unknown", "no evidence_ref" + (f" (the card says {declared}, without evidence)" if declared != "unknown" else "")
    if not ref.startswith(("http://", "https://")) and not os.path.exists(os.path.join(card.folder, ref)):
        return "unknown", f"evidence_ref {ref!r} not found next to the card" + (f" (the card says {declared})" if declared != "unknown" else "")
    if declared == "unknown":
        return "unknown", "the card leaves it unknown"
    return declared, f"{declared} (evidence: {ref})"


def _tool_paths(card: Card, tools: list[str]) -> list[str]:
    given = card.tree["context"].get("tool_set_path")
    if given is None:
        return tools
    return [os.path.join(card.folder, p) for p in ([given] if isinstance(given, str) else given)]


def check_card(card: Card, obs: Observations, tools: list[str], findings: list[Finding], problems: list[InputProblem]) -> Subject:
    src, tree = card.source, card.tree
    counts = {"pass": 0, "fail": 0, "untested": 0}
    checks_out: list[dict[str, Any]] = []
    observed = obs.tree or {}
    for i, check in enumerate(tree["checks"]):
        cid = check["id"]
        outcome = compare(check["expected"], observed.get(cid), cid in observed)
        if not observed and outcome.why == "no observation":
            outcome.why = f"no observation ({obs.note})" if obs.note else "no observation"
        counts[outcome.status] += 1
        checks_out.append({"id": cid, "axis": check["axis"], "status": outcome.status, "why": outcome.why})
        head = f"check {cid} ({check['axis']})"
        if outcome.status == "fail":
            findings.append(finding(RULES, "check_fail", "error", f"{head}: fail: {outcome.why}", src, ("checks", i),
                                    {"differing": outcome.differing, "not_observed": outcome.missing}, key=cid))
        elif outcome.status == "untested":
            findings.append(finding(RULES, "check_untested", "warning", f"{head}: untested: {outcome.why}", src, ("checks", i),
                                    {"not_observed": outcome.missing}, key=cid))
    unknown_ids = [k for k in observed if k not in {c["id"] for c in tree["checks"]}]
    for key in unknown_ids:
        assert obs.source is not None
        ids = ", ".join(c["id"] for c in tree["checks"])
        findings.append(finding(RULES, "observation_unknown_check", "error",
                                f"observation {key!r} names no check of card {card.case_id} (its checks: {ids})", obs.source, (key,), key=key))
    gates: dict[str, int] = {"verified": 0, "unknown": 0, "contradicted": 0}
    gate_out = []
    for i, claim in enumerate(tree["evidence_gate"]):
        status, why = _gate(card, i, claim)
        gates[status] += 1
        gate_out.append({"claim": claim["claim"], "status": status, "why": why})
        if status == "contradicted":
            findings.append(finding(RULES, "gate_contradicted", "error", f"claim {shown(claim['claim'])}: contradicted: {why}", src, ("evidence_gate", i), key=str(i)))
        elif status == "unknown":
            findings.append(finding(RULES, "gate_unknown", "warning", f"claim {shown(claim['claim'])}: unknown: {why}", src, ("evidence_gate", i), key=str(i)))
    tool_state, tool_data = _staleness(card, tools, findings, problems)
    if counts["fail"] or gates["contradicted"] or unknown_ids:
        status = FAIL
    elif tool_state == "stale":
        status = STALE
    elif counts["untested"] or gates["unknown"] or tool_state == "unchecked":
        status = UNTESTED
    else:
        status = PASS
    parts = [f"{counts['pass']} pass, {counts['fail']} fail, {counts['untested']} untested"]
    if unknown_ids:
        parts.append(f"{len(unknown_ids)} observation{'s' if len(unknown_ids) != 1 else ''} for no check")
    if tree["evidence_gate"]:
        parts.append("gate: " + ", ".join(f"{n} {k}" for k, n in gates.items() if n))
    parts.append(f"tool set: {tool_state}")
    severity: Severity | None = None if status == PASS else "warning" if status == UNTESTED else "error"
    data = {"checks": checks_out, "evidence_gate": gate_out, "tool_set": tool_data, "unknown_observations": unknown_ids}
    return Subject(src.display_path, card.case_id, status, "; ".join(parts), severity, data)


def _staleness(card: Card, tools: list[str], findings: list[Finding], problems: list[InputProblem]) -> tuple[str, dict[str, Any]]:
    src = card.source
    ref = card.tree["context"]["tool_set_ref"]
    ptr = ("context", "tool_set_ref")
    pinned = parse_ref(ref)
    paths = _tool_paths(card, tools)
    shown_paths = [os.path.relpath(p).replace(os.sep, "/") if not os.path.isabs(p) or p.startswith(os.getcwd()) else p for p in paths]
    data: dict[str, Any] = {"pinned": f"sha256:{pinned}" if pinned else ref, "files": shown_paths}
    if pinned is None:
        findings.append(finding(RULES, "tool_set_unchecked", "warning",
                                f"tool_set_ref {shown(ref)} is not a SHA-256, so a change of the tools cannot be noticed; "
                                "pin the hash `silentlint cards hash TOOLS` prints", src, ptr, key="unpinned"))
        return "unchecked", data
    if not paths:
        findings.append(finding(RULES, "tool_set_unchecked", "warning",
                                f"tool_set_ref pins sha256:{pinned[:12]}…, but no tool file is given (--tools, or context.tool_set_path): "
                                "staleness not checked", src, ptr, key="no-tools"))
        return "unchecked", data
    missing = [p for p, s in zip(paths, shown_paths) if not os.path.isfile(p)]
    if missing:
        gone = ", ".join(os.path.relpath(p).replace(os.sep, "/") for p in missing)
        findings.append(finding(RULES, "card_stale", "error", f"stale: the tool file {gone} no longer exists", src, ptr,
                                {"pinned": f"sha256:{pinned}", "missing": gone}, key="missing"))
        return "stale", data
    try:
        current, names = tool_set_hash(paths)
    except EvidenceError as exc:
        problems.append(InputProblem(src.display_path, f"tool set: {exc}", "parse"))
        return "unchecked", data
    data["current"] = current
    if current[len("sha256:"):] != pinned:
        findings.append(finding(RULES, "card_stale", "error",
                                f"stale: the card pins sha256:{pinned[:12]}…, but {', '.join(shown_paths)} now hash to {current[:19]}…; "
                                "review the card, run its cases again and pin the new hash", src, ptr,
                                {"pinned": f"sha256:{pinned}", "current": current, "tools": names}, key="changed"))
        return "stale", data
    return "current", data


def check_cards(card_paths: list[str], obs: str | None, tools: list[str]) -> EvidenceRun:
    findings: list[Finding] = []
    problems: list[InputProblem] = []
    subjects: list[Subject] = []
    files: list[str] = []
    cards: list[Card] = []
    for path in card_paths:
        got = read_card(path)
        if isinstance(got, InputProblem):
            problems.append(got)
        else:
            cards.append(got)
    seen: dict[str, str] = {}
    for card in cards:
        if obs is not None and os.path.isfile(obs) and len(cards) > 1:
            raise EvidenceError(
                f"--observations {obs}: one file holds the observations of one card; for {len(cards)} cards give a folder "
                "with CASE_ID.json for each", EXIT_USAGE)
        if card.case_id in seen and obs is not None and os.path.isdir(obs):
            problems.append(InputProblem(card.source.display_path, f"case_id {card.case_id!r} is also the case_id of {seen[card.case_id]}: their observations would be mixed up", "parse"))
            continue
        seen[card.case_id] = card.source.display_path
        files.append(card.source.display_path)
        mine: list[Finding] = []
        subjects.append(check_card(card, observations_for(card, obs, problems), tools, mine, problems))
        findings += sorted(mine, key=_order)
    result = RunResult(findings=findings, rules=RULES, problems=problems, files=files, root=root_dir(), version=__version__)
    return EvidenceRun("cards", result, subjects, {"observations": obs, "tools": tools})


def _order(f: Finding) -> tuple[bool, str, int, int]:
    """A card's findings in file order, those in its observations file after them."""
    region = f.location.resolve_region()
    line, col = (region.start_line, region.start_column) if region else (0, 0)
    return (f.rule == "observation_unknown_check", f.path, line, col)


def exit_code(run: EvidenceRun, fail_on: str) -> int:
    if run.result.problems:
        return EXIT_INPUT
    worst = max((RANK[s.status] for s in run.subjects), default=0)
    if worst == 0 or worst < FAIL_ON[fail_on]:
        return EXIT_OK
    return EXIT_BY_STATUS[next(k for k, v in RANK.items() if v == worst)]


# --- drafting -------------------------------------------------------------------------------


def draft(name: str, tool_paths: list[str], card_folder: str) -> dict[str, Any]:
    """A card for tool ``name``: task, context and expectations left for a person to fill in
    (a check with nothing expected is untested), the tool set pinned."""
    from linter.evidence.common import load
    from linter.formats.tools import find_tools

    body: dict[str, Any] | None = None
    input_key: str | None = None
    names: list[str] = []
    for path in tool_paths:
        found = find_tools(load(path).tree)
        for t in (found[1] if found else []):
            node: Any = t.node
            for part in t.body_ptr:
                node = node[part]
            names.append(str(node.get("name")))
            if str(node.get("name")) == name and body is None:
                body, input_key = node, t.input_key
    if body is None:
        raise EvidenceError(f"--tool {name!r}: no such tool in {', '.join(tool_paths)} (it has: {', '.join(names) or 'none'})", EXIT_USAGE)
    digest, _ = tool_set_hash(tool_paths)
    params = body.get(input_key) if input_key else None
    props: dict[str, Any] = params["properties"] if isinstance(params, dict) and isinstance(params.get("properties"), dict) else {}
    required = set(params.get("required") or []) if isinstance(params, dict) and isinstance(params.get("required"), list) else set()
    takes = ", ".join(f"{p} (required)" if p in required else str(p) for p in props) or "no arguments"
    annotations: dict[str, Any] = body["annotations"] if isinstance(body.get("annotations"), dict) else {}
    if annotations.get("readOnlyHint") is True:
        claim = f"{name} only reads (readOnlyHint: true)."
    elif annotations.get("destructiveHint") is True:
        claim = f"{name} may delete or overwrite data (destructiveHint: true)."
    else:
        claim = f"fill in: what {name} may change."
    rel = [os.path.relpath(os.path.abspath(p), card_folder).replace(os.sep, "/") for p in tool_paths]
    case_id = "".join(ch if ch.isalnum() or ch in "._-" else "-" for ch in name).lstrip("._-") or "case"
    return {
        "tcc_version": "0.1",
        "case_id": case_id,
        "task": f"fill in: the request given to the model (one that {name} should, or should not, serve).",
        "context": {
            "client": "fill in: client and version",
            "model": "fill in: model and settings",
            "tool_set_ref": digest,
            "tool_set_path": rel[0] if len(rel) == 1 else rel,
            "fixture_ref": "fill in: the frozen test data, authorisation, responses and state before and after",
            "mode": "fixture",
        },
        "evidence_gate": [{"claim": claim, "evidence_ref": None, "status": "unknown"}],
        "checks": [
            {"id": "tool-choice", "axis": "task_fit", "condition": f"fill in: whether the model should call {name} for this task, and how often", "expected": {}},
            {"id": "arguments", "axis": "call_result", "condition": f"fill in: the arguments {name} should get (it takes: {takes})", "expected": {}},
            {"id": "result", "axis": "call_result", "condition": "fill in: how the model should read the result (success, no data and failure separately)", "expected": {}},
            {"id": "state", "axis": "call_result", "condition": "fill in: the state change to compare before and after (none for a read)", "expected": {}},
        ],
    }
