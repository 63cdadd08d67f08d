"""``silentlint probe`` against a real HTTP server on loopback (tests/probe_server.py, whose
behaviours tests/data/probe/api.yaml describes): exact verdicts, findings, the summary table,
SARIF, the replay, the dry run, the budget, the rate, the write endpoints, secrets, and the one
line and exit code of each failure. The server logs every request it receives, so what the probe
did *not* send is proved by the server, not by the probe."""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from clirun import run_cli
from probe_server import ProbeAPI, Served

HERE = Path(__file__).parent
SPEC = HERE / "data" / "probe" / "api.yaml"
TOKEN = "s3cr3t-probe-token-7f3a9c"
ENV = {"PROBE_TOKEN": f"Bearer {TOKEN}"}
RATE = 25.0


def write_plan(directory: Path, url: str, **limits: Any) -> Path:
    plan = {
        "spec": "api.yaml",
        "base-url": url,
        "auth": {"headers": {"Authorization": "PROBE_TOKEN"}},
        "limits": {"budget": 300, "rate": RATE, "timeout": 5, **limits},
        "allow": ["createOrder", "purgeCache"],  # allowed by name, and still never called: both read as writes
        "operations": {"listPeople": {"parameters": {"department": {"valid": "vice_president"}}}},
    }
    path = directory / "probe.yaml"
    path.write_text(yaml.safe_dump(plan, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    work = tmp_path_factory.mktemp("probe")
    shutil.copy(SPEC, work / "api.yaml")
    api = ProbeAPI(TOKEN)
    with Served(api) as served:
        write_plan(work, served.url)
        r = run_cli(
            ["probe", "--plan", "probe.yaml", "--log", "calls.jsonl", "--format", "json",
             "--output", "sarif=probe.sarif", "--output", "markdown=probe.md", "--output", "text=probe.txt"],
            work, env=ENV,
        )
    return {"work": work, "api": api, "run": r, "report": json.loads(r.stdout) if r.stdout else None, "url": served.url}


EXPECTED_VERDICTS = {
    "GET /orders › status": ["honest", "honest", "honest"],
    "GET /tickets › priority": ["honest", "honest", "honest"],
    "GET /people › department": ["normalised", "normalised", "honest", "honest"],
    "GET /products › category": ["silent-empty", "silent-empty", "silent-empty"],
    "GET /events › since": ["silent-drop", "silent-drop"],
    "GET /articles › lang": ["silent-coercion", "silent-coercion", "silent-coercion"],
    "GET /shipments › region": "inert",
    "GET /feed › topic": "drifting",
    "GET /quotes › currency": ["honest", "honest", "honest"],
    "GET /reports › kind": "excluded",
    "GET /history › year": "unsuitable-base",
    "GET /search › limit": ["silent-coercion", "silent-empty"],
    "GET /logs › day": ["honest", "honest"],
    "GET /items › page_size": ["honest", "honest"],
    "GET /cities › country": ["silent-empty", "silent-empty", "silent-empty"],
}


def verdicts(report: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in report["probe"]["parameters"]:
        label = f"{p['operation']} › {p['name']}"
        out[label] = p["control"] or [v["verdict"] for v in p["perturbations"]]
    return out


def test_every_parameter_gets_its_verdict(probed: dict[str, Any]) -> None:
    r = probed["run"]
    assert r.returncode == 1, r.stderr
    report = probed["report"]
    assert verdicts(report) == EXPECTED_VERDICTS
    people = next(p for p in report["probe"]["parameters"] if p["name"] == "department")
    assert [(v["variant"], v["value"]) for v in people["perturbations"]] == [
        ("case", "VICE_PRESIDENT"), ("separator", "vice-president"), ("near-miss", "vice_presidents"), ("unknown", "silentlint_oov"),
    ]
    honest = {p["name"]: [v.get("actionable") for v in p["perturbations"]] for p in report["probe"]["parameters"] if not p["control"]}
    assert honest["priority"] == [False, False, False]  # the bare 400
    assert honest["status"] == honest["currency"] == [True, True, True]  # names status and open, closed, pending
    assert honest["day"] == honest["page_size"] == [True, True]
    assert honest["department"][2:] == [True, True]
    assert {p["name"]: p["form"] for p in report["probe"]["parameters"] if p["form"] == "machine-checkable"} == {
        "status": "machine-checkable", "currency": "machine-checkable", "day": "machine-checkable", "page_size": "machine-checkable",
    }


def test_the_summary_compares_the_two_constraint_forms(probed: dict[str, Any]) -> None:
    summary = probed["report"]["probe"]["summary"]
    assert summary == {
        "machine-checkable": {"parameters": 4, "perturbations": 10, "honest": 10, "normalised": 0, "silent": 0, "inert": 0,
                              "excluded": 0, "not judged": 0, "silent-empty": 0, "silent-drop": 0, "silent-coercion": 0},
        "prose-only": {"parameters": 11, "perturbations": 31, "honest": 5, "normalised": 2, "silent": 13, "inert": 3,
                       "excluded": 3, "not judged": 5, "silent-empty": 7, "silent-drop": 2, "silent-coercion": 4},
    }
    text = (probed["work"] / "probe.txt").read_text()
    assert "constraint form    parameters  perturbations  honest  normalised  silent  inert  excluded  not judged\n" in text
    assert "machine-checkable           4             10      10           0       0      0         0           0\n" in text
    assert "prose-only                 11             31       5           2      13      3         3           5\n" in text
    assert "GET /shipments › region [prose-only vocabulary, A='north']: inert: the valid value 'north' returns the same rows" in text
    assert "not probed: POST /orders: the lint reads it as a write" in text
    md = (probed["work"] / "probe.md").read_text()
    assert "| machine-checkable | 4 | 10 | 10 | 0 | 0 | 0 | 0 | 0 |" in md
    assert "| prose-only | 11 | 31 | 5 | 2 | 13 | 3 | 3 | 5 |" in md


EXPECTED_FINDINGS = [
    ("unactionable-error", "warning", "/paths/~1tickets/get/parameters/0", 39),
    ("silent-empty", "error", "/paths/~1products/get/parameters/0", 63),
    ("silent-drop", "error", "/paths/~1events/get/parameters/0", 75),
    ("silent-coercion", "error", "/paths/~1articles/get/parameters/0", 87),
    ("silent-coercion", "error", "/paths/~1search/get/parameters/0", 173),
    ("silent-empty", "error", "/paths/~1search/get/parameters/0", 173),
    ("silent-empty", "error", "/paths/~1cities/get/parameters/0", 209),
]


def test_findings_are_placed_at_the_parameter_with_the_calls_as_evidence(probed: dict[str, Any]) -> None:
    report = probed["report"]
    got = [(f["rule"], f["severity"], f["pointer"], f["line"]) for f in report["findings"]]
    assert got == EXPECTED_FINDINGS
    run_id = report["probe"]["run"]
    by_rule = {(f["rule"], f["pointer"]): f for f in report["findings"]}
    drop = by_rule[("silent-drop", "/paths/~1events/get/parameters/0")]
    assert drop["message"] == (
        "GET /events › since: a wrong value is ignored without an error: since=2024/01/15 (slash) and since=15-01-2024 "
        "(day-first) returned the same 5 rows as leaving since out (where since=2024-01-15 returned 3 rows) "
        f"(prose-only format: YYYY-MM-DD; run {run_id})"
    )
    calls = drop["evidence"]["calls"]
    assert [(c["role"], c.get("seq"), c.get("variant"), c["status"], c["signature"]["count"]) for c in calls] == [
        ("C", 1, None, 200, 5), ("C", 2, None, 200, 5), ("A", None, None, 200, 3), ("B", None, "slash", 200, 5), ("B", None, "day-first", 200, 5),
    ]
    assert calls[3]["request"] == f"GET {probed['url']}/events?since=2024%2F01%2F15"
    bare = by_rule[("unactionable-error", "/paths/~1tickets/get/parameters/0")]
    assert bare["message"].startswith(
        "GET /tickets › priority: the 400 for priority=LOW (case), priority=lows (near-miss) and priority=silentlint_oov (unknown) "
        "names neither the parameter nor its legal values (an empty body)"
    )
    stub = by_rule[("silent-empty", "/paths/~1cities/get/parameters/0")]
    assert "returned only identical rows without values (valid but empty) and no error" in stub["message"]


def test_sarif_is_valid_and_has_its_own_category(probed: dict[str, Any]) -> None:
    sarif = json.loads((probed["work"] / "probe.sarif").read_text())
    schema = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    run = sarif["runs"][0]
    assert run["automationDetails"] == {"id": "silentlint/probe/"}
    assert [d["id"] for d in run["tool"]["driver"]["rules"]] == ["silent-coercion", "silent-drop", "silent-empty", "unactionable-error"]
    assert [(r["ruleId"], r["level"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in run["results"]] == [
        (rule, sev, line) for rule, sev, _ptr, line in EXPECTED_FINDINGS
    ]
    assert run["properties"]["probe"]["summary"]["prose-only"]["silent"] == 13


def test_the_server_log_proves_what_was_and_was_not_sent(probed: dict[str, Any]) -> None:
    api: ProbeAPI = probed["api"]
    log = api.log
    assert log, "the server saw no request"
    assert not [e for e in log if e["method"] != "GET"]  # POST /orders (createOrder) never sent, though allowed by name
    assert not [e for e in log if e["path"] == "/cache/purge"]  # a GET that deletes: never sent, though allowed by name
    assert all(e["authorized"] for e in log)
    assert api.max_in_flight == 1
    starts = sorted(e["start"] for e in log)
    # the pacing is by request start, seen here at arrival: one late arrival shortens the next gap
    # on a loaded machine, so the rate is checked over the whole run and each gap only loosely
    span = starts[-1] - starts[0]
    assert span >= (len(starts) - 1) / RATE - 0.03, (span, len(starts))
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert sum(g < 0.5 / RATE for g in gaps) <= 1, gaps
    records = [json.loads(line) for line in (probed["work"] / "calls.jsonl").read_text().splitlines()]
    calls = [r for r in records if r["type"] == "call"]
    end = records[-1]
    assert end["type"] == "end" and end["calls"] == len(log) == len(calls) <= 300
    # 429 then 200: every /quotes call was throttled once and retried after pacing
    quotes = [e for e in log if e["path"] == "/quotes"]
    assert [e["status"] for e in quotes] == [429, 200] * 3 + [429, 400] * 3  # C, C, A; then the three wrong values
    # a bare 400 is retried once before it counts; an informative one is not
    assert [e["status"] for e in log if e["path"] == "/tickets"] == [200, 200, 200, 400, 400, 400, 400, 400, 400]
    assert [e["status"] for e in log if e["path"] == "/orders"] == [200, 200, 200, 400, 400, 400]
    retried = [r for r in calls if r["attempt"] == 2]
    assert len(retried) == 6 + 3
    for r in calls:
        assert set(r) >= {"run", "spec_sha256", "operation", "parameter", "role", "request", "status", "signature", "elapsed_ms"}
        assert r["request"]["headers"] == ["Authorization"]


def test_secrets_never_appear(probed: dict[str, Any]) -> None:
    work: Path = probed["work"]
    r = probed["run"]
    texts = {"stdout": r.stdout, "stderr": r.stderr}
    for name in ("calls.jsonl", "probe.sarif", "probe.md", "probe.txt", "probe.yaml"):
        texts[name] = (work / name).read_text()
    for name, text in texts.items():
        assert TOKEN not in text, name
    # the /reports error echoes the Authorization header: the log keeps the excerpt, redacted
    reports = [json.loads(line) for line in texts["calls.jsonl"].splitlines() if "/reports?" in line and '"role": "A"' in line]
    assert reports and reports[0]["error"]["excerpt"] == "{\"error\": \"kind 'daily' is not available for ***\"}"


def test_replay_gives_the_same_verdicts_without_the_network(probed: dict[str, Any]) -> None:
    work: Path = probed["work"]
    r = run_cli(["probe", "--replay", "calls.jsonl", "--format", "json"], work)
    assert r.returncode == 1, r.stderr
    again = json.loads(r.stdout)
    first = probed["report"]
    assert verdicts(again) == verdicts(first) == EXPECTED_VERDICTS
    assert again["probe"]["summary"] == first["probe"]["summary"]
    assert [(f["rule"], f["pointer"], f["message"], f["evidence"]) for f in again["findings"]] == [
        (f["rule"], f["pointer"], f["message"], f["evidence"]) for f in first["findings"]
    ]
    assert again["probe"]["replayed"] is True and again["probe"]["run"] == first["probe"]["run"]
    assert r.stderr == ""


def test_dry_run_sends_nothing(tmp_path: Path) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    api = ProbeAPI(TOKEN)
    with Served(api) as served:
        write_plan(tmp_path, served.url)
        r = run_cli(["probe", "--plan", "probe.yaml", "--dry-run"], tmp_path)  # no token needed: nothing is sent
    assert r.returncode == 0, r.stderr
    assert api.log == []
    lines = r.stdout.splitlines()
    assert len(lines) == 3 * 15 + 41  # C, C and A for 15 parameters, and their 41 perturbations
    assert lines[0] == f"GET {served.url}/orders  [GET /orders › status: C1]  headers: Authorization (from $PROBE_TOKEN)"
    assert f"GET {served.url}/people?department=vice-president  [GET /people › department: B separator]" in r.stdout
    assert "/cache/purge" not in r.stdout and "POST" not in r.stdout
    assert r.stderr.splitlines()[-1] == f"silentlint: dry run: 86 requests to {served.url} planned, none sent"
    assert not (tmp_path / ".silentlint-cache").exists()


def test_the_budget_is_never_exceeded(tmp_path: Path) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    api = ProbeAPI(TOKEN)
    with Served(api) as served:
        write_plan(tmp_path, served.url)
        r = run_cli(["probe", "--plan", "probe.yaml", "--budget", "20", "--format", "json", "--log", "b.jsonl"], tmp_path, env=ENV)
    assert r.returncode == 1, r.stderr
    assert len(api.log) == 15 <= 20  # orders (6), tickets (6 + 3 retries); people needs 7 and 5 are left
    report = json.loads(r.stdout)["probe"]
    assert verdicts({"probe": report}) == {k: EXPECTED_VERDICTS[k] for k in ("GET /orders › status", "GET /tickets › priority")}
    assert report["stopped"] == "the call budget (20, limits.budget) is spent: 13 of 15 parameters not probed"
    assert "silentlint: probe stopped: the call budget (20, limits.budget) is spent: 13 of 15 parameters not probed" in r.stderr.splitlines()


def _one_line(r: Any, code: int, text: str) -> None:
    assert (r.returncode, r.stdout) == (code, ""), r.stderr
    assert r.stderr == text + "\n"


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        ("base-url: http://x\nlimits: {rate: fast}\n", "silentlint: error: probe.yaml: limits.rate: expected a number from 0.001 to 1000, got 'fast'"),
        ("spec: api.yaml\n", "silentlint: error: probe.yaml: base-url is missing (the staging server's URL, e.g. http://localhost:8080)"),
        ("base-url: http://x\nbudget: 3\n", "silentlint: error: probe.yaml: unknown key 'budget' (known: allow, auth, base-url, limits, log, operations, spec)"),
        ("base-url: http://user:pw@x\n", "silentlint: error: probe.yaml: base-url: credentials in the URL are refused (they would be logged); use auth.headers"),
        ("base-url: [\n", "silentlint: error: probe.yaml: invalid YAML: while parsing a flow node"),
        ("base-url: http://x\nauth: {headers: {Authorization: 'Bearer abc'}}\n",
         "silentlint: error: probe.yaml: auth.headers.Authorization: expected the name of the environment variable holding the value "
         "(the value itself never goes into a plan)"),
        ("base-url: http://x\noperations: {listPeople: {results: data}}\n",
         "silentlint: error: probe.yaml: operations.listPeople.results: 'data' is not a JSON pointer (it starts with /, or is \"\" for the whole response)"),
    ],
)
def test_a_bad_plan_is_one_line_and_its_own_exit_code(tmp_path: Path, plan: str, message: str) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    (tmp_path / "probe.yaml").write_text(plan, encoding="utf-8")
    r = run_cli(["probe", "api.yaml", "--plan", "probe.yaml"], tmp_path)
    _one_line(r, 13, message)


def test_usage_errors_are_one_line(tmp_path: Path) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    _one_line(run_cli(["probe", "api.yaml"], tmp_path), 2,
              "silentlint: error: give --plan FILE (silentlint probe SPEC --init drafts one), or --replay LOG")
    _one_line(run_cli(["probe", "api.yaml", "--plan", "nope.yaml"], tmp_path), 13,
              "silentlint: error: nope.yaml: plan file not found (silentlint probe SPEC --init drafts one)")
    _one_line(run_cli(["probe", "--replay", "nope.jsonl"], tmp_path), 2, "silentlint: error: nope.jsonl: evidence log not found")
    (tmp_path / "bad.jsonl").write_text("{\"type\": \"call\"}\n")
    _one_line(run_cli(["probe", "--replay", "bad.jsonl"], tmp_path), 2,
              "silentlint: error: bad.jsonl:1: not a probe record (each line has a type: run, target, call or end, and a run id)")
    write_plan(tmp_path, "http://127.0.0.1:9")
    _one_line(run_cli(["probe", "--plan", "probe.yaml"], tmp_path), 13,
              "silentlint: error: probe.yaml: auth header Authorization comes from $PROBE_TOKEN, which is not set")
    _one_line(run_cli(["probe", "--plan", "probe.yaml", "--dry-run", "--replay", "x"], tmp_path), 2,
              "silentlint: error: --replay and --dry-run cannot be combined")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_server_is_one_line_and_exit_6(tmp_path: Path) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    port = _closed_port()
    write_plan(tmp_path, f"http://127.0.0.1:{port}")
    r = run_cli(["probe", "--plan", "probe.yaml", "--quiet"], tmp_path, env=ENV)
    _one_line(r, 6, f"silentlint: probe failed: cannot reach http://127.0.0.1:{port}: connection refused")
    log = (tmp_path / ".silentlint-cache" / "probe" / "calls.jsonl").read_text()
    assert TOKEN not in log and '"type": "end"' in log


REDIRECT_SPEC = """openapi: 3.0.3
info: {title: Moved, version: "1"}
paths:
  /moved:
    get:
      operationId: moved
      parameters:
        - name: code
          in: query
          description: "A code. One of: a, b."
          schema: {type: string}
      responses:
        "200": {description: OK}
"""


def test_a_redirect_to_another_host_is_not_followed(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(REDIRECT_SPEC, encoding="utf-8")
    other = ProbeAPI(TOKEN)
    with Served(other) as elsewhere:
        api = ProbeAPI(TOKEN, elsewhere=elsewhere.url + "/orders")
        with Served(api) as served:
            write_plan(tmp_path, served.url)
            r = run_cli(["probe", "--plan", "probe.yaml", "--format", "json", "--log", "m.jsonl"], tmp_path, env=ENV)
    assert r.returncode == 0, r.stderr
    assert other.log == []
    assert [e["path"] for e in api.log] == ["/moved"]  # the first call failed: the rest of that parameter is not sent
    (p,) = json.loads(r.stdout)["probe"]["parameters"]
    assert (p["control"], p["reason"]) == ("failed", f"C1: a redirect to another origin (http://127.0.0.1:{elsewhere.port}) was not followed")


def test_init_drafts_a_plan_the_probe_accepts(tmp_path: Path) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    r = run_cli(["probe", "api.yaml", "--init", "--plan", "probe.yaml"], tmp_path)
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "probe.yaml").read_text()
    plan = yaml.safe_load(text)
    assert plan["spec"] == "api.yaml" and plan["base-url"] == "http://127.0.0.1:8080"
    assert plan["auth"] == {"headers": {"Authorization": "PROBE_BEARER"}}
    assert plan["operations"]["listPeople"] == {"results": "/data", "id": "/id", "parameters": {"department": {"valid": "sales"}}}
    assert plan["operations"]["listArticles"] == {"results": "", "id": "/id", "parameters": {"lang": {"valid": "en"}}}  # a bare array
    assert "# not probed: POST /orders: the lint reads it as a write" in text
    _one_line(run_cli(["probe", "api.yaml", "--init", "--plan", "probe.yaml"], tmp_path), 2,
              "silentlint: error: probe.yaml exists already (--force replaces it)")
    api = ProbeAPI(TOKEN)
    with Served(api) as served:
        (tmp_path / "probe.yaml").write_text(text.replace("http://127.0.0.1:8080", served.url))
        r = run_cli(["probe", "--plan", "probe.yaml", "--dry-run"], tmp_path)
    assert r.returncode == 0 and api.log == [], r.stderr
    assert len(r.stdout.splitlines()) == 3 * 15 + 40  # the draft's department value (sales) has no separator variant


def test_check_does_not_run_the_probe_rules(tmp_path: Path) -> None:
    shutil.copy(SPEC, tmp_path / "api.yaml")
    r = run_cli(["check", "api.yaml", "--select", "ALL", "--format", "sarif"], tmp_path)
    ids = {d["id"] for d in json.loads(r.stdout)["runs"][0]["tool"]["driver"]["rules"]}
    assert ids and not ids & {"silent-empty", "silent-drop", "silent-coercion", "unactionable-error"}
    r = run_cli(["check", "api.yaml", "--select", "probe", "--format", "json"], tmp_path)
    assert (r.returncode, json.loads(r.stdout)["findings"]) == (0, [])


def test_the_readme_plan_and_workflow_are_what_the_code_accepts() -> None:
    import re

    from linter.live.probe.plan import parse_plan

    readme = (HERE.parent / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Probe a staging server\n") : readme.index("## Configuration\n")]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    plan = parse_plan(yaml.safe_load(blocks[0]), "README")
    assert plan.auth_headers == {"Authorization": "PROBE_TOKEN"} and plan.limits.rate == 2 and plan.allow == ("searchOrders",)
    assert plan.operations["listPeople"].parameters["department"].valid == "sales"
    steps = yaml.safe_load(blocks[1])["jobs"]["probe"]["steps"]
    action = yaml.safe_load((HERE.parent / "action.yml").read_text(encoding="utf-8"))
    assert set(re.findall(r"steps\.silentlint\.outputs\.([\w-]+)", section)) <= set(action["outputs"])
    lint = steps[1]
    assert set(lint["with"]) <= set(action["inputs"])
    assert "linter probe --plan probe.yaml" in steps[2]["run"]
