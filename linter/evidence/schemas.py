"""Which schema an output is attested against, and the schema that applies at a node.

Three sources: a JSON Schema file (``--schema``); a tool's ``outputSchema`` (``--tool NAME
--tools FILE``: MCP, or Gemini's ``response``/``responseJsonSchema``); an OpenAPI response
(``--openapi SPEC --operation ID|'METHOD /path' [--status CODE]``). Validation is jsonschema's
(the dialect the schema declares, 2020-12 by default; openapi-schema-validator's OAS 3.0/3.1
validators for OpenAPI). ``$ref`` is followed inside the schema file, the tool's schema (JSON
Schema's embedded-resource rule) or the OpenAPI document, through ``referencing``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT4, DRAFT202012

from linter.evidence.common import EvidenceError, load
from linter.model import Pointer, pointer_str
from linter.sources.loader import LoadError

EXIT_USAGE = 2
URN = "urn:silentlint:schema"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclass
class Target:
    """The schema outputs are checked against."""

    describe: str  # how messages name it
    schema: Any  # the root schema (for OpenAPI: a $ref into the document)
    validator: Any  # a jsonschema validator instance
    resolver: Any  # referencing.Resolver for $ref while walking
    unwrap_tool_result: bool = False  # an MCP CallToolResult file: attest its structuredContent

    def errors(self, instance: Any) -> list[jsonschema.ValidationError]:
        try:
            return sorted(self.validator.iter_errors(instance), key=lambda e: (list(map(str, e.absolute_path)), e.message))
        except Unresolvable as exc:
            raise EvidenceError(f"{self.describe}: cannot resolve $ref {exc}", EXIT_USAGE) from None


def _load_tree(path: str, what: str) -> tuple[Any, str]:
    if not os.path.exists(path):
        raise EvidenceError(f"{what} {path}: no such file", EXIT_USAGE)
    try:
        src = load(path)
    except LoadError as exc:
        raise EvidenceError(f"{what} {src_name(path)}: {exc.message}", EXIT_USAGE) from None
    return src.tree, src.display_path


def src_name(path: str) -> str:
    return path.replace(os.sep, "/")


def _checked(cls: Any, schema: Any, describe: str) -> None:
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        where = pointer_str(tuple(exc.absolute_path)) or "/"
        raise EvidenceError(f"{describe}: not a valid JSON Schema: at {where}: {exc.message}", EXIT_USAGE) from None


def _standalone(schema: Any, describe: str, unwrap: bool = False) -> Target:
    if not isinstance(schema, (dict, bool)):
        raise EvidenceError(f"{describe}: not a JSON Schema (an object or a boolean)", EXIT_USAGE)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    _checked(cls, schema, describe)
    resource = Resource.from_contents(schema, default_specification=DRAFT202012)
    uri = resource.id() or URN
    registry: Registry[Any] = Registry().with_resource(uri, resource)
    validator = cls(schema, registry=registry, format_checker=cls.FORMAT_CHECKER)
    return Target(describe, schema, validator, registry.resolver(uri), unwrap)


def from_schema_file(path: str) -> Target:
    tree, name = _load_tree(path, "--schema")
    return _standalone(tree, name)


def from_tool(name: str, path: str) -> Target:
    from linter.formats.tools import find_tools

    tree, display = _load_tree(path, "--tools")
    found = find_tools(tree)
    if not found:
        raise EvidenceError(f"--tools {display}: no tool definitions found (MCP, OpenAI, Anthropic or Gemini)", EXIT_USAGE)
    names = []
    for t in found[1]:
        body: Any = t.node
        for part in t.body_ptr:
            body = body[part]
        names.append(str(body.get("name")))
        if str(body.get("name")) != name:
            continue
        schema = body.get(t.output_key) if t.output_key else None
        if schema is None:
            raise EvidenceError(f"{display}: tool {name!r} declares no output schema, so there is nothing to attest against", EXIT_USAGE)
        return _standalone(schema, f"{display}: tool {name} output schema", unwrap=True)
    raise EvidenceError(f"--tool {name!r}: no such tool in {display} (it has: {', '.join(names)})", EXIT_USAGE)


def _is_json_media(media: str) -> bool:
    m = media.split(";")[0].strip().lower()
    return m == "application/json" or m.endswith("+json") or m == "*/*"


def from_openapi(path: str, operation: str, status: str | None) -> Target:
    doc, display = _load_tree(path, "--openapi")
    if not isinstance(doc, dict) or not ("openapi" in doc or "swagger" in doc):
        raise EvidenceError(f"--openapi {display}: not an OpenAPI document", EXIT_USAGE)
    version = str(doc.get("openapi") or doc.get("swagger"))
    registry: Registry[Any] = Registry().with_resource(URN, (DRAFT202012 if version.startswith("3.1") else DRAFT4).create_resource(doc))
    resolver = registry.resolver(URN)

    def deref(node: Any, ptr: Pointer) -> tuple[Any, Pointer]:
        seen = 0
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and seen < 50:
            ref = node["$ref"]
            if not ref.startswith("#/"):
                raise EvidenceError(f"{display}: {pointer_str(ptr)}: only $refs inside the document are followed, not {ref!r}", EXIT_USAGE)
            try:
                node = resolver.lookup(ref).contents
            except Unresolvable:
                raise EvidenceError(f"{display}: {pointer_str(ptr)}: cannot resolve $ref {ref!r}", EXIT_USAGE) from None
            ptr = tuple(p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/"))
            seen += 1
        return node, ptr

    method_path = re.fullmatch(r"\s*([A-Za-z]+)\s+(/\S*)\s*", operation)
    found: tuple[Any, Pointer, str] | None = None
    for p, item in (doc.get("paths") or {}).items():
        item, item_ptr = deref(item, ("paths", str(p)))
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            label = f"{method.upper()} {p}"
            if op.get("operationId") == operation or (
                method_path and method_path.group(1).lower() == method and method_path.group(2) == p
            ):
                found = (op, item_ptr + (method,), label)
    if found is None:
        raise EvidenceError(f"--operation {operation!r}: no operation with that operationId or 'METHOD /path' in {display}", EXIT_USAGE)
    op, op_ptr, label = found
    responses = op.get("responses") if isinstance(op.get("responses"), dict) else {}
    codes = [str(c) for c in responses]
    if status is None:
        ok = sorted(c for c in codes if re.fullmatch(r"2\d\d", c))
        if not ok:
            raise EvidenceError(f"{display}: {label} has no 2xx response; name one with --status (it has: {', '.join(codes) or 'none'})", EXIT_USAGE)
        status = ok[0]
    key = next((k for k in responses if str(k) == status), None)
    if key is None:
        raise EvidenceError(f"--status {status}: {label} in {display} has no such response (it has: {', '.join(codes) or 'none'})", EXIT_USAGE)
    response, resp_ptr = deref(responses[key], op_ptr + ("responses", str(key)))
    schema_ptr: Pointer | None = None
    if version.startswith("2"):
        if isinstance(response, dict) and "schema" in response:
            schema_ptr = resp_ptr + ("schema",)
    elif isinstance(response, dict) and isinstance(response.get("content"), dict):
        media = next((m for m in response["content"] if _is_json_media(str(m))), None)
        if media is not None and isinstance(response["content"][media], dict) and "schema" in response["content"][media]:
            schema_ptr = resp_ptr + ("content", str(media), "schema")
    describe = f"{display}: {label} {status}"
    if schema_ptr is None:
        raise EvidenceError(f"{describe}: the response has no JSON schema, so there is nothing to attest against", EXIT_USAGE)
    from openapi_schema_validator import OAS30Validator, OAS31Validator

    cls: Any = OAS31Validator if version.startswith("3.1") else OAS30Validator
    root = {"$ref": URN + "#" + pointer_str(schema_ptr)}
    validator = cls(root, registry=registry, format_checker=cls.FORMAT_CHECKER)
    return Target(describe + " response", root, validator, resolver)


# --- the schema at a node ------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the schemas that apply to one node say about it."""

    enum: tuple[Any, ...] | None = None
    const: tuple[Any, ...] = ()  # (value,) when a const applies
    default: tuple[Any, ...] = ()  # (value,) when a default applies
    max_items_zero: bool = False
    declares_properties: bool = False
    constrained: bool = False  # enum, const, format or pattern: a short value may be legitimately repeated


Scoped = tuple[Any, Any]  # (schema, resolver)


def _expand(scoped: list[Scoped], instance: Any, depth: int = 0) -> list[Scoped]:
    """The schemas and every schema they pull in at the same node: $ref/$dynamicRef, allOf, and
    the anyOf/oneOf/if/then/else branches (those whose ``type`` fits the instance)."""
    out: list[Scoped] = []
    todo = list(scoped)
    seen: set[int] = set()
    while todo and len(out) < 200:
        schema, resolver = todo.pop(0)
        if not isinstance(schema, dict) or id(schema) in seen:
            continue
        seen.add(id(schema))
        out.append((schema, resolver))
        for key in ("$ref", "$dynamicRef"):
            ref = schema.get(key)
            if isinstance(ref, str):
                try:
                    got = resolver.lookup(ref)
                except Unresolvable:
                    continue
                todo.append((got.contents, got.resolver))
        for key in ("allOf", "anyOf", "oneOf"):
            members = schema.get(key)
            if isinstance(members, list):
                todo += [(m, resolver) for m in members if key == "allOf" or _fits(m, instance)]
        for key in ("then", "else"):
            if isinstance(schema.get(key), dict) and _fits(schema[key], instance):
                todo.append((schema[key], resolver))
    return out


_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def _fits(schema: Any, instance: Any) -> bool:
    if not isinstance(schema, dict) or "type" not in schema:
        return True
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    for t in types:
        if t in ("number", "integer"):
            if isinstance(instance, (int, float)) and not isinstance(instance, bool):
                return True
        elif t in _TYPES and isinstance(instance, _TYPES[t]) and not (t != "boolean" and isinstance(instance, bool)):
            return True
    return False


def child_schemas(scoped: list[Scoped], parent: Any, part: str | int) -> tuple[list[Scoped], bool]:
    """The schemas of ``parent[part]`` and whether ``part`` is a required property."""
    out: list[Scoped] = []
    required = False
    for schema, resolver in scoped:
        if isinstance(part, int):
            prefix = schema.get("prefixItems")
            items = schema.get("items")
            if isinstance(prefix, list) and part < len(prefix):
                out.append((prefix[part], resolver))
            elif isinstance(items, list):  # draft 4-7 tuple form
                if part < len(items):
                    out.append((items[part], resolver))
                elif isinstance(schema.get("additionalItems"), dict):
                    out.append((schema["additionalItems"], resolver))
            elif isinstance(items, dict):
                out.append((items, resolver))
            continue
        props = schema.get("properties")
        matched = False
        if isinstance(props, dict) and part in props:
            out.append((props[part], resolver))
            matched = True
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            for pattern, sub in patterns.items():
                try:
                    if re.search(pattern, part):
                        out.append((sub, resolver))
                        matched = True
                except re.error:
                    continue
        if not matched and isinstance(schema.get("additionalProperties"), dict):
            out.append((schema["additionalProperties"], resolver))
        req = schema.get("required")
        if isinstance(req, list) and part in req:
            required = True
    return out, required


def facts(scoped: list[Scoped]) -> Facts:
    enum: tuple[Any, ...] | None = None
    const: tuple[Any, ...] = ()
    default: tuple[Any, ...] = ()
    max_zero = declares = constrained = False
    for schema, _ in scoped:
        if enum is None and isinstance(schema.get("enum"), list) and schema["enum"]:
            enum = tuple(schema["enum"])
        if not const and "const" in schema:
            const = (schema["const"],)
        if not default and "default" in schema:
            default = (schema["default"],)
        max_zero = max_zero or schema.get("maxItems") == 0 or schema.get("maxProperties") == 0
        declares = declares or isinstance(schema.get("properties"), dict) and bool(schema["properties"])
        constrained = constrained or any(k in schema for k in ("enum", "const", "format", "pattern"))
    return Facts(enum, const, default, max_zero, declares, constrained)


def root_scoped(target: Target, instance: Any) -> list[Scoped]:
    return _expand([(target.schema, target.resolver)], instance)


def expand(scoped: list[Scoped], instance: Any) -> list[Scoped]:
    return _expand(scoped, instance)


def same(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``; ``1`` is ``1.0``; objects by keys and values."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and bool(a == b)

