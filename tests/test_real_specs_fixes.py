"""Every *safe* fix silentlint offers on three real inputs keeps them valid.

The inputs (``tests/corpus/real-specs/``, sources and licences in ``tests/corpus/SOURCES.md``):
OpenAI's OpenAPI 3.1 spec (one 2.9 MB YAML file), DigitalOcean's spec (~2,900 YAML files, every
operation a ``$ref``) and github-mcp-server's tool snapshots (one MCP Tool per ``.snap`` file).

For each, ``silentlint fix`` applies the safe fixes to a copy; then
1. every edited schema node is still a valid schema (the OpenAPI 3.0/3.1 or JSON Schema meta-schema);
2. every value the spec gives for the field — the schema's ``default``/``example``/``examples`` and
   the parameter's ``example``/``examples`` — validates against the edited schema;
3. the OpenAI document has no openapi-spec-validator error it did not have before;
4. a second ``fix`` changes nothing, and the fixed findings are gone.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from clirun import run_cli

REAL = Path(__file__).parent / "corpus" / "real-specs"
CASES = {
    "openai": (["openai/openapi.yaml"], []),
    "digitalocean": (["digitalocean/specification/DigitalOcean-public.v2.yaml"], []),
    "github-mcp-server": (["github-mcp-server/__toolsnaps__"], ["--include", "**/*.snap"]),
}


def _load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix in (".json", ".snap") else yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _at(tree: Any, pointer: str) -> Any:
    node = tree
    for raw in pointer.split("/")[1:]:
        tok = raw.replace("~1", "/").replace("~0", "~")
        node = node[int(tok)] if isinstance(node, list) else node[tok]
    return node


def _own_values(node: dict[str, Any], owner: Any) -> list[Any]:
    out = [node[k] for k in ("default", "example") if k in node]
    if isinstance(node.get("examples"), list):
        out += node["examples"]
    if isinstance(owner, dict) and owner is not node:
        if "example" in owner:
            out.append(owner["example"])
        if isinstance(owner.get("examples"), dict):
            out += [e["value"] for e in owner["examples"].values() if isinstance(e, dict) and "value" in e]
    return out


def _validator(kind: str, schema: dict[str, Any]) -> Any:
    from jsonschema import Draft202012Validator
    from openapi_schema_validator import OAS30Validator, OAS31Validator

    cls = {"3.0": OAS30Validator, "3.1": OAS31Validator}.get(kind, Draft202012Validator)
    cls.check_schema(schema)
    return cls(schema)


_FIXED: dict[str, tuple[str, Path, list[dict[str, Any]]]] = {}


def _fix(name: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, list[dict[str, Any]]]:
    """A copy of the input with ``silentlint fix`` applied (once per input and session), and the
    safe findings checked before the fix."""
    if name in _FIXED:
        return _FIXED[name]
    work = tmp_path_factory.mktemp(name)
    top = CASES[name][0][0].split("/")[0]
    shutil.copytree(REAL / top, work / top)
    args, extra = CASES[name]
    before = run_cli(["check", "--no-config", "--format", "json", "--fail-on", "never", *extra, *args], work, timeout=600)
    assert before.returncode == 0, before.stderr
    safe = [f for f in json.loads(before.stdout)["findings"] if (f.get("fix") or {}).get("applicability") == "safe"]
    assert safe, f"{name}: no safe fix to check"
    # the whole tree is named, so fixes may land in the files a $ref leads to
    p = run_cli(["fix", "--no-config", *extra, top], work, timeout=600)
    assert p.returncode == 0, p.stderr
    _FIXED[name] = (name, work, safe)
    return _FIXED[name]


@pytest.fixture(params=sorted(CASES))
def fixed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, list[dict[str, Any]]]:
    return _fix(request.param, tmp_path_factory)


def test_every_edited_schema_is_valid_and_accepts_the_spec_s_own_values(fixed: tuple[str, Path, list[dict[str, Any]]]) -> None:
    name, work, safe = fixed
    trees: dict[Path, Any] = {}

    def get(p: Path) -> Any:
        if p not in trees:
            trees[p] = _load(p)
        return trees[p]

    checked = 0
    for f in safe:
        for e in f["fix"]["edits"]:
            path = Path(e["path"]) if Path(e["path"]).is_absolute() else work / e["path"]
            tree = get(path)
            node = _at(tree, e["pointer"])
            assert e["key"] in node, (f["message"], e)
            kind = "3.1" if name == "openai" else "3.0" if name == "digitalocean" else "json-schema"
            schema = {k: v for k, v in node.items() if k not in ("example", "examples", "default", "description")}
            v = _validator(kind, schema)
            # a value the original schema already rejected is the spec's own problem, not the fix's
            src = REAL / path.relative_to(work)
            original = _at(get(src), e["pointer"])
            v0 = _validator(kind, {k: x for k, x in original.items() if k not in ("example", "examples", "default", "description")})
            owner_ptr = f["pointer"].rsplit("/description", 1)[0]
            owner_tree = get(work / f["path"]) if f["path"] else tree
            try:
                owner = _at(owner_tree, owner_ptr)
            except (KeyError, IndexError):
                owner = None
            items = e["pointer"].endswith("/items")  # the owner's values are lists of what node holds
            for value in _own_values(node, owner if not items else None):
                assert v.is_valid(value) or not v0.is_valid(value), f"{name}: {f['message']}: own value {value!r} rejected by {schema}"
            if items and isinstance(owner, dict):
                for value in _own_values(owner, owner):
                    for item in value if isinstance(value, list) else [value]:
                        assert v.is_valid(item) or not v0.is_valid(item), f"{name}: {f['message']}: own item {item!r} rejected by {schema}"
            checked += 1
    assert checked >= len(safe)


def test_openai_document_gains_no_validator_error(tmp_path_factory: pytest.TempPathFactory) -> None:
    """openapi-spec-validator on the single-file document (the multi-file and tool inputs are
    checked node by node above)."""
    _name, work, _safe = _fix("openai", tmp_path_factory)
    from openapi_spec_validator import OpenAPIV31SpecValidator

    def errors(path: Path) -> set[str]:
        return {f"{list(e.absolute_path)}: {e.message}" for e in OpenAPIV31SpecValidator(_load(path)).iter_errors()}

    assert errors(work / "openai" / "openapi.yaml") <= errors(REAL / "openai" / "openapi.yaml")


def test_a_second_fix_changes_nothing_and_the_fixed_findings_are_gone(fixed: tuple[str, Path, list[dict[str, Any]]]) -> None:
    name, work, safe = fixed
    args, extra = CASES[name]
    again = run_cli(["fix", "--no-config", "--diff", *extra, args[0].split("/")[0]], work, timeout=600)
    assert again.stdout == "", again.stdout[:2000]
    after = run_cli(["check", "--no-config", "--format", "json", "--fail-on", "never", *extra, *args], work, timeout=600)
    left = {(f["path"], f["pointer"], f["rule"]) for f in json.loads(after.stdout)["findings"]}
    assert not left & {(f["path"], f["pointer"], f["rule"]) for f in safe}
