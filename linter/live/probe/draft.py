"""``probe --init``: a plan drafted from the spec, to be read and edited before the first run.

The draft fills in what the spec knows: the server URL (``servers`` or Swagger's
``host``/``basePath``), the auth headers its security schemes send (each from an environment
variable named after the scheme; no value is ever written), and for each operation the probe would
call, the base arguments (the spec's examples and defaults of required parameters), where the
rows and their identity live (from the 2xx response schema), and the parameters it would probe.
Operations it would not call are listed in comments with the reason.
"""

from __future__ import annotations

import os
import re
from typing import Any

import yaml

from linter.live.probe.plan import Plan
from linter.live.probe.targets import select_targets
from linter.model import Document, Operation, get_at, parse_pointer


def _server(tree: Any) -> str:
    if isinstance(tree.get("servers"), list) and tree["servers"] and isinstance(tree["servers"][0], dict):
        url = str(tree["servers"][0].get("url") or "")
        if url.startswith(("http://", "https://")):
            return url.rstrip("/")
    host = tree.get("host")
    if isinstance(host, str):
        schemes = tree.get("schemes") or ["https"]
        return f"{schemes[0]}://{host}{tree.get('basePath') or ''}".rstrip("/")
    return "http://localhost:8080"


def _var(name: str) -> str:
    return "PROBE_" + (re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").upper() or "TOKEN")


def _auth(tree: Any) -> dict[str, str]:
    schemes = (tree.get("components") or {}).get("securitySchemes") or tree.get("securityDefinitions") or {}
    out: dict[str, str] = {}
    if not isinstance(schemes, dict):
        return out
    for name, s in schemes.items():
        if not isinstance(s, dict):
            continue
        if s.get("type") == "apiKey" and s.get("in") == "header" and isinstance(s.get("name"), str):
            out[s["name"]] = _var(str(name))
        elif s.get("type") in ("http", "oauth2", "openIdConnect") or s.get("type") == "basic":
            out.setdefault("Authorization", _var(str(name)))
    return out


def _deref(node: Any, tree: Any) -> Any:
    for _ in range(8):
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return node
        try:
            node = get_at(tree, parse_pointer(ref))
        except (KeyError, ValueError):
            return {}
    return node


def _rows(op: Operation, tree: Any) -> tuple[str | None, str | None]:
    """Where the rows and their identity are, from the first 2xx JSON response schema."""
    for out in op.outputs:
        schema = _deref(out.schema, tree)
        if not (out.status or "").startswith("2") or not isinstance(schema, dict):
            continue
        if schema.get("type") == "array" or "items" in schema:
            return "", _id(_deref(schema.get("items"), tree))
        raw = schema.get("properties")
        props: dict[str, Any] = raw if isinstance(raw, dict) else {}
        arrays = [k for k, v in props.items() if isinstance(_deref(v, tree), dict) and (_deref(v, tree).get("type") == "array" or "items" in _deref(v, tree))]
        if arrays:
            k = next((a for a in arrays if a in ("data", "items", "results", "records", "entries")), arrays[0])
            return "/" + str(k).replace("~", "~0").replace("/", "~1"), _id(_deref(_deref(props[k], tree).get("items"), tree))
    return None, None


def _id(items: Any) -> str | None:
    if not isinstance(items, dict) or not isinstance(items.get("properties"), dict):
        return None
    props = list(items["properties"])
    for k in props:
        if k == "id":
            return "/id"
    for k in props:
        if str(k).lower().endswith("id"):
            return "/" + str(k)
    return None


def draft_plan(doc: Document, spec: str, plan_dir: str) -> str:
    tree = doc.tree
    sel = select_targets(doc, Plan(base_url="http://localhost"))
    by_op: dict[str, list[str]] = {}
    for t in sel.targets:
        by_op.setdefault(t.op.label, []).append(t.name)
    ops: dict[str, Any] = {}
    for op in doc.operations:
        if op.label not in by_op:
            continue
        entry: dict[str, Any] = {}
        base = next(t.op.base for t in sel.targets if t.op.label == op.label)
        if base:
            entry["base"] = {name: value for (_where, name), value in base.items()}
        results, ident = _rows(op, tree)
        if results is not None:
            entry["results"] = results
        if ident is not None:
            entry["id"] = ident
        entry["parameters"] = {
            t.name: {"valid": t.valid} for t in sel.targets if t.op.label == op.label
        }
        ops[op.name or op.label] = entry
    data: dict[str, Any] = {
        "spec": os.path.relpath(os.path.abspath(spec), plan_dir),
        "base-url": _server(tree),
    }
    auth = _auth(tree)
    if auth:
        data["auth"] = {"headers": auth}
    data["limits"] = {"budget": 200, "rate": 2, "timeout": 10}
    data["allow"] = []
    data["operations"] = ops
    head = [
        "# silentlint probe plan, drafted from the spec: check every line before the first run.",
        "# base-url: point it at a staging server, never production.",
        "# auth.headers: header name -> the environment variable holding its value (never the value).",
        "# allow: operations beyond GET that may be called (by operationId); writes are never called.",
        "# operations.NAME: base (arguments of every call), results (JSON pointer of the rows),",
        "#   id (pointer of a row's identity inside a row), parameters.P.valid (the valid value A).",
        "# Preview with: silentlint probe --plan THIS_FILE --dry-run",
    ]
    tail = [f"# not probed: {w}: {y}" for w, y in [*sel.refused, *sel.skipped]]
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return "\n".join(head) + "\n" + body + ("\n".join(tail) + "\n" if tail else "")
