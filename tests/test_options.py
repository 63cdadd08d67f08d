"""Rule options: declared with a schema in the catalog entry, validated in the config, read by the
check with the catalog's default (one place)."""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import run_cli
from linter.catalog import CatalogError, load_catalog, read_catalog
from linter.config import ConfigError, parse_config, validate_rule_ids
from linter.engine import RuleSet
from linter.options import OptionSchemaError, Options, parse_specs

OVERLAP = "rules.overlapping-tools.options"


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"overlapping-tools": {"options": {"tool": False}}},
         f"c.yaml: {OVERLAP}.tool: unknown option (known: threshold, max_token_share, max_candidates)"),
        ({"overlapping-tools": {"options": {"threshold": "0.8"}}}, f"c.yaml: {OVERLAP}.threshold: expected a number, got the string '0.8'"),
        ({"overlapping-tools": {"options": {"threshold": True}}}, f"c.yaml: {OVERLAP}.threshold: expected a number, got the boolean true"),
        ({"overlapping-tools": {"options": {"threshold": 1.5}}}, f"c.yaml: {OVERLAP}.threshold: 1.5 is above the maximum 1"),
        ({"overlapping-tools": {"options": {"max_candidates": 0}}}, f"c.yaml: {OVERLAP}.max_candidates: 0 is below the minimum 1"),
        ({"overlapping-tools": {"options": {"max_candidates": 2.5}}}, f"c.yaml: {OVERLAP}.max_candidates: expected an integer, got the number 2.5"),
        ({"missing-error-response": {"options": {"tools": "no"}}},
         "c.yaml: rules.missing-error-response.options.tools: expected a boolean, got the string 'no'"),
        ({"prose-enum": {"options": {"strict": True}}}, "c.yaml: rules.prose-enum.options.strict: unknown option (known: none)"),
        ({"example-only-vocabulary": {"options": {"vocabulary": {"team": ["a"]}}}},
         "c.yaml: rules.example-only-vocabulary.options.vocabulary: set by fix --vocabulary FILE, not in the config"),
    ],
)
def test_config_options_validated_against_the_catalog(rules: dict, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        validate_rule_ids(parse_config({"rules": rules}, "c.yaml"), load_catalog())
    assert str(exc.value) == message


def test_override_options_validated_with_their_path() -> None:
    data = {"overrides": [{"files": ["a/**"], "rules": {"overlapping-tools": {"options": {"treshold": 0.5}}}}]}
    with pytest.raises(ConfigError) as exc:
        validate_rule_ids(parse_config(data, "c.yaml"), load_catalog())
    assert str(exc.value) == (
        "c.yaml: overrides[0].rules.overlapping-tools.options.treshold: unknown option (known: threshold, max_token_share, max_candidates)"
    )


def test_valid_options_accepted_and_integers_are_numbers() -> None:
    validate_rule_ids(parse_config({"rules": {"overlapping-tools": {"options": {"threshold": 1, "max_candidates": 3}}}}, "c.yaml"), load_catalog())


def test_cli_unknown_option_is_one_line_exit_2(tmp_path: Path) -> None:
    (tmp_path / ".silentlint.yaml").write_text("rules:\n  overlapping-tools:\n    options: {tool: false}\n")
    (tmp_path / "pyproject.toml").write_text('[tool.silentlint.rules.overlapping-tools.options]\nthreshold = "high"\n')
    r = run_cli(["check", "."], tmp_path)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        f"silentlint: config error: {tmp_path / '.silentlint.yaml'}: rules.overlapping-tools.options.tool: "
        "unknown option (known: threshold, max_token_share, max_candidates)\n"
    )
    r = run_cli(["check", ".", "--config", "pyproject.toml"], tmp_path)
    assert (r.returncode, r.stderr) == (
        2, "silentlint: config error: pyproject.toml: rules.overlapping-tools.options.threshold: expected a number, got the string 'high'\n"
    )


def test_checks_get_every_declared_option_with_the_catalog_default() -> None:
    catalog = load_catalog()
    config = parse_config({"rules": {"overlapping-tools": {"options": {"threshold": 0.5}}},
                           "overrides": [{"files": ["legacy/**"], "rules": {"overlapping-tools": {"options": {"max_candidates": 7}}}}]}, "c.yaml")
    rules = RuleSet(catalog, config)
    assert dict(rules.options("overlapping-tools", "api.yaml")) == {"threshold": 0.5, "max_token_share": 50, "max_candidates": 200}
    assert dict(rules.options("overlapping-tools", "legacy/api.yaml")) == {"threshold": 0.5, "max_token_share": 50, "max_candidates": 7}
    assert dict(rules.options("missing-error-response", "api.yaml")) == {"tools": True}
    # the default is the catalog's, not a literal in the check
    assert rules.options("missing-error-response", "api.yaml").flag("tools") is catalog["missing-error-response"].options["tools"].default


def test_vocabulary_option_still_reaches_its_check() -> None:
    rules = RuleSet(load_catalog(), parse_config({}, None), extra_options={"example-only-vocabulary": {"vocabulary": {"team": ["a", "b"]}}})
    assert rules.options("example-only-vocabulary", "x.yaml").get("vocabulary") == {"team": ["a", "b"]}
    assert RuleSet(load_catalog(), parse_config({}, None)).options("example-only-vocabulary", "x.yaml").get("vocabulary") is None


def test_reading_an_undeclared_option_fails() -> None:
    opts = Options(parse_specs({"n": {"type": "integer", "default": 3, "description": "A count."}}))
    assert opts.integer("n") == 3
    with pytest.raises(KeyError):
        opts.integer("m")
    with pytest.raises(KeyError):
        Options(parse_specs({}), {"m": 1})


def test_tools_false_turns_off_the_tool_finding(tmp_path: Path) -> None:
    (tmp_path / "tools.json").write_text(
        '{"tools": [{"type": "function", "function": {"name": "get_weather", "description": "Get the weather.",'
        ' "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}}}}]}'
    )
    on = run_cli(["check", "tools.json", "--select", "missing-error-response", "--format", "json", "--no-config"], tmp_path)
    (tmp_path / ".silentlint.yaml").write_text("rules:\n  missing-error-response:\n    options: {tools: false}\n")
    off = run_cli(["check", "tools.json", "--select", "missing-error-response", "--format", "json"], tmp_path)
    assert (on.returncode, off.returncode) == (1, 0), (on.stdout, on.stderr, off.stderr)


def test_explain_shows_options() -> None:
    r = run_cli(["explain", "overlapping-tools"], Path.cwd())
    assert r.returncode == 0
    assert (
        "Options (rules.overlapping-tools.options in the config)\n"
        "  threshold (number, 0 to 1, default 0.75)\n"
        "    Jaccard similarity of the two descriptions' content words at or above which a read and a write tool are near-duplicates.\n"
        "  max_token_share (integer, at least 1, default 50)\n"
    ) in r.stdout
    assert "Options" not in run_cli(["explain", "prose-enum"], Path.cwd()).stdout


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"threshold": 0.75}, "options.threshold is the number 0.75; declare its schema ({type: …, default: …, description: …})"),
        ({"t": {"type": "float", "default": 1, "description": "x"}}, "options.t.type: the string 'float' is not one of boolean, integer, number, string, array, object"),
        ({"t": {"type": "number", "default": 2, "maximum": 1, "description": "x"}}, "options.t.default: 2 is above the maximum 1"),
        ({"t": {"type": "integer", "description": "x"}}, "options.t: missing default"),
        ({"t": {"type": "string", "default": "a", "description": "x", "choices": ["a"]}},
         "options.t: unknown key choices (known: type, default, minimum, maximum, enum, description, set_by)"),
        ({"t": {"type": "string", "default": "c", "enum": ["a", "b"], "description": "x"}}, "options.t.default: 'c' is not one of a, b"),
        ({"t": {"type": "boolean", "default": True, "minimum": 0, "description": "x"}},
         "options.t.minimum: a bound needs a number option and a number, got the number 0"),
    ],
)
def test_option_schema_checked(options: dict, message: str) -> None:
    with pytest.raises(OptionSchemaError) as exc:
        parse_specs(options)
    assert str(exc.value) == message


ENTRY = """id: required-with-default
family: hygiene
default_severity: warning
summary: A summary.
rationale: Why.
how_to_fix: How.
fix: none
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("default_severity: warning", "default_severity: off"),
         "rules/required-with-default.yaml: default_severity is the boolean false (YAML reads an unquoted off as false); write 'off' in quotes"),
        (("fix: none", "fix: no"), "rules/required-with-default.yaml: fix is the boolean false (YAML reads an unquoted no as false); write 'no' in quotes"),
        (("fix: none", "fix: On"), "rules/required-with-default.yaml: fix is the boolean true (YAML reads an unquoted On as true); write 'On' in quotes"),
        (("summary: A summary.", "summary: 1.10"), "rules/required-with-default.yaml: summary is the number 1.1 (YAML reads an unquoted 1.10 as 1.1); write '1.10' in quotes"),
        (("family: hygiene", "family: 2024-01-01"),
         "rules/required-with-default.yaml: family is the date 2024-01-01 (YAML reads an unquoted 2024-01-01 as a date); write '2024-01-01' in quotes"),
        (("family: hygiene", "family: ~"), "rules/required-with-default.yaml: family is null (YAML reads an unquoted ~ as null); write '~' in quotes"),
        (("fix: none", "fix: none\noptions:\n  limit: 3\n"),
         "rules/required-with-default.yaml: options.limit is the number 3; declare its schema ({type: …, default: …, description: …})"),
        (("fix: none", "fix: none\noptions:\n  limit: {type: integer, default: '3', description: A limit.}\n"),
         "rules/required-with-default.yaml: options.limit.default: expected an integer, got the string '3'"),
    ],
)
def test_catalog_entry_errors(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    (tmp_path / "required-with-default.yaml").write_text(ENTRY.replace(*change))
    with pytest.raises(CatalogError) as exc:
        read_catalog(tmp_path)
    assert str(exc.value) == message


def test_quoted_off_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "required-with-default.yaml").write_text(ENTRY.replace("default_severity: warning", "default_severity: 'off'"))
    assert read_catalog(tmp_path)["required-with-default"].default_severity == "off"
    for empty in ("default_severity:", "default_severity: null"):
        (tmp_path / "required-with-default.yaml").write_text(ENTRY.replace("default_severity: warning", empty))
        with pytest.raises(CatalogError, match=r"^rules/required-with-default.yaml: missing default_severity$"):
            read_catalog(tmp_path)


def test_a_rule_is_found_by_its_id(tmp_path: Path) -> None:
    """The entry names no code: its module is ``linter/checks/<id with - → _>.py`` and the check
    function has the same name; each missing piece is one line naming what to write."""
    (tmp_path / "required-with-default.yaml").write_text(ENTRY)
    assert read_catalog(tmp_path)["required-with-default"].check == "linter.checks.required_with_default"
    (tmp_path / "required-with-default.yaml").write_text(ENTRY + "check: hygiene.required_with_default\n")
    with pytest.raises(CatalogError) as exc:
        read_catalog(tmp_path)
    assert str(exc.value) == (
        "rules/required-with-default.yaml: 'check' is not a catalog key: a rule's check is the function "
        "required_with_default() in linter/checks/required_with_default.py, found by its id; remove the key"
    )
    (tmp_path / "required-with-default.yaml").unlink()
    (tmp_path / "no-such-rule.yaml").write_text(ENTRY.replace("id: required-with-default", "id: no-such-rule"))
    with pytest.raises(CatalogError) as exc:
        read_catalog(tmp_path)
    assert str(exc.value) == (
        "rules/no-such-rule.yaml: no module linter/checks/no_such_rule.py: a rule's check lives in the module named after its id"
    )


def test_a_module_without_its_check_function_is_one_error(tmp_path: Path) -> None:
    from linter.catalog import check_function

    (tmp_path / "checks").mkdir()
    (tmp_path / "checks" / "lonely_rule.py").write_text("from linter.checks import check\n\n\ndef lonely(field, ctx):\n    return ()\n")
    (tmp_path / "checks" / "lonely-rule.yaml").write_text(ENTRY.replace("id: required-with-default", "id: lonely-rule"))
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        rule = read_catalog(tmp_path / "checks", "checks")["lonely-rule"]
        with pytest.raises(CatalogError) as exc:
            check_function(rule)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("checks.lonely_rule", None)
        sys.modules.pop("checks", None)
    assert str(exc.value) == (
        'checks/lonely_rule.py: no check function lonely_rule() decorated with @check("field" | "operation" | "document") '
        "(or BUILTIN = True for a rule the engine produces)"
    )


def test_cli_catalog_error_is_one_line_exit_2(tmp_path: Path) -> None:
    """The CLI on a copy of the code whose catalog has an unquoted off."""
    import shutil

    from clirun import REPO

    shutil.copytree(REPO / "linter", tmp_path / "linter", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "rules", tmp_path / "rules")
    entry = tmp_path / "rules" / "missing-description.yaml"
    entry.write_text(entry.read_text().replace("default_severity: \"off\"", "default_severity: off").replace("default_severity: 'off'", "default_severity: off"))
    assert "default_severity: off\n" in entry.read_text()
    r = run_cli(["rules"], tmp_path, env={"PYTHONPATH": str(tmp_path)})
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        "silentlint: catalog error: rules/missing-description.yaml: default_severity is the boolean false "
        "(YAML reads an unquoted off as false); write 'off' in quotes\n"
    )
