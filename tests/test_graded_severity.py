"""A rule may grade its findings (``Hit.severity``): missing-output-schema reports a tool set's
"no results" gap as a note and an HTTP response without a schema at the rule's severity; a
severity set in the config wins over the grade."""

from __future__ import annotations

import json
from pathlib import Path

from linter.config import Config, read_config_file
from linter.engine import run

TOOLS = {"tools": [{"name": "search_notes", "description": "Search the notes.",
                    "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "description": "Words."}}}}]}
API = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /users:
    get:
      responses:
        "200": {description: Returns the list of users.}
        "400": {description: bad}
"""


def _severities(tmp_path: Path, config: Config) -> list[tuple[str, str]]:
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS))
    (tmp_path / "api.yaml").write_text(API)
    result = run([str(tmp_path / "tools.json"), str(tmp_path / "api.yaml")], config, select=["missing-output-schema"], jobs=1)
    return sorted((Path(f.path).name, f.severity) for f in result.findings)


def test_tool_set_gap_is_a_note_and_http_keeps_the_rule_severity(tmp_path: Path) -> None:
    assert _severities(tmp_path, Config()) == [("api.yaml", "warning"), ("tools.json", "note")]


def test_config_severity_wins_over_the_grade(tmp_path: Path) -> None:
    cfg = tmp_path / ".silentlint.yaml"
    cfg.write_text("rules:\n  missing-output-schema: error\n")
    assert _severities(tmp_path, read_config_file(str(cfg))) == [("api.yaml", "error"), ("tools.json", "error")]
