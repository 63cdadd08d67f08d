"""Config files: validated against the shipped schema, unknown keys rejected with their path."""

from __future__ import annotations

from pathlib import Path

import pytest

from linter.catalog import load_catalog
from linter.config import ConfigError, find_config, glob_match, parse_config, read_config_file, validate_rule_ids


def test_full_config(tmp_path: Path) -> None:
    p = tmp_path / ".silentlint.yaml"
    p.write_text(
        "include: ['api/**']\nexclude: [vendor/]\nselect: [vocabulary]\nignore: [unused-suppression]\n"
        "fail-on: error\nrespect-gitignore: false\nbaseline: b.json\n"
        "rules:\n  prose-enum: error\n  missing-error-response: {severity: note, options: {tools: false}}\n"
        "overrides:\n  - files: ['legacy/**']\n    rules: {prose-enum: 'off'}\n"
    )
    c = read_config_file(str(p))
    assert c.include == ("api/**",) and c.exclude == ("vendor/",)
    assert c.select == ("vocabulary",) and c.ignore == ("unused-suppression",)
    assert c.fail_on == "error" and c.respect_gitignore is False and c.baseline == "b.json"
    assert c.rules["prose-enum"].severity == "error"
    assert c.rules["missing-error-response"].options == {"tools": False}
    assert c.overrides[0].files == ("legacy/**",) and c.overrides[0].rules["prose-enum"].severity == "off"
    validate_rule_ids(c, load_catalog())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"fial-on": "error"}, "c.yaml: unknown key fial-on"),
        ({"overrides": [{"files": ["a"], "rulez": {}}]}, "c.yaml: unknown key overrides[0].rulez"),
        ({"rules": {"prose-enum": {"severity": "error", "opts": {}}}}, "c.yaml: unknown key rules.prose-enum.opts"),
        ({"fail-on": "sometimes"}, "c.yaml: fail-on: 'sometimes' is not one of ['error', 'warning', 'note', 'never']"),
        ({"include": "api"}, "c.yaml: include: 'api' is not of type 'array'"),
        ({"overrides": [{"rules": {}}]}, "c.yaml: overrides[0]: 'files' is a required property"),
    ],
)
def test_invalid_config(data: dict, message: str) -> None:
    with pytest.raises(ConfigError) as exc:
        parse_config(data, "c.yaml")
    assert str(exc.value) == message


def test_unknown_rule_ids() -> None:
    with pytest.raises(ConfigError, match=r"c.yaml: rules: unknown rule 'prose-enums'"):
        validate_rule_ids(parse_config({"rules": {"prose-enums": "off"}}, "c.yaml"), load_catalog())
    with pytest.raises(ConfigError, match=r"c.yaml: select: unknown rule or family 'vocab'"):
        validate_rule_ids(parse_config({"select": ["vocab"]}, "c.yaml"), load_catalog())


def test_pyproject_and_discovery(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.silentlint]\nfail-on = "note"\n')
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    found = find_config(str(sub))
    assert found == str(tmp_path / "pyproject.toml")
    assert read_config_file(found).fail_on == "note"
    (tmp_path / "a" / ".silentlint.yaml").write_text("fail-on: error\n")
    assert find_config(str(sub)) == str(tmp_path / "a" / ".silentlint.yaml")


def test_pyproject_unknown_key(tmp_path: Path) -> None:
    p = tmp_path / "pyproject.toml"
    p.write_text('[tool.silentlint]\nselct = ["x"]\n')
    with pytest.raises(ConfigError, match="unknown key selct"):
        read_config_file(str(p))


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("api/**", "api/v1/x.yaml", True),
        ("api/**", "apix/x.yaml", False),
        ("*.json", "deep/dir/x.json", True),
        ("api/*.yaml", "api/v1/x.yaml", False),
        ("**/vendor/**", "a/vendor/b/c.yaml", True),
        ("vendor/", "vendor/x.yaml", True),
        ("legacy/**", "legacy/old.yaml", True),
    ],
)
def test_globs(pattern: str, path: str, hit: bool) -> None:
    assert glob_match(pattern, path) is hit
