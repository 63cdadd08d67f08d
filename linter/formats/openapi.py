"""OpenAPI 2.0 (Swagger), 3.0 and 3.1 → model."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Iterator, Mapping, Optional

from linter.checks import unresolved_ref
from linter.formats.common import Builder, text
from linter.model import Document, Location, Operation, Output, Pointer, Source
from linter.sources.refs import Workspace

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def sniff(tree: Any) -> str | None:
    if not isinstance(tree, dict):
        return None
    swagger = tree.get("swagger")
    if swagger is not None and str(swagger).startswith("2"):
        return "openapi-2.0"
    version = tree.get("openapi")
    if isinstance(version, str):
        if version.startswith("3.0"):
            return "openapi-3.0"
        if version.startswith("3."):
            return "openapi-3.1"
    return None


def json_media(content: Any) -> tuple[str, Any] | None:
    """The JSON media type of a ``content`` map, else the first one."""
    if not isinstance(content, dict) or not content:
        return None
    first = next(iter(content))
    if first == "application/json":  # what the loop below would return first (the usual case)
        return first, content[first]
    for mt, media in content.items():
        m = str(mt).lower()
        if m == "application/json" or (m.startswith("application/") and m.endswith("+json")):
            return str(mt), media
    for mt, media in content.items():
        if "json" in str(mt).lower():
            return str(mt), media
    mt, media = next(iter(content.items()))
    return str(mt), media


# ``deref(source, pointer, node, what)``: ``node`` (perhaps a ``$ref``) as ``(source, pointer,
# mapping, …)``, or None when it does not resolve to an object (``what`` names it for a message).
Deref = Callable[[Source, Pointer, Any, str], Optional[tuple[Any, ...]]]


@dataclass(frozen=True, slots=True)
class Site:
    """One operation of an OpenAPI document: its path item and its operation object, each
    resolved (either may come from another file through ``$ref``)."""

    path: str
    method: str
    item_source: Source
    item_pointer: Pointer
    item: Mapping[str, Any]
    source: Source
    pointer: Pointer
    node: Mapping[str, Any]


def operation_sites(source: Source, deref: Deref) -> Iterator[Site]:
    """Every (path, method) operation of the document, in order: the one walk over ``paths``
    that the model builder and ``silentlint audit``'s counter share. Path items and operations
    are resolved through ``deref`` (the builder's reports what does not resolve)."""
    paths = source.tree.get("paths")
    if not isinstance(paths, dict):
        return
    for path, item in paths.items():
        path = str(path)
        if path.startswith("x-"):
            continue
        got = deref(source, ("paths", path), item, "path item")
        if got is None:
            continue
        isrc, iptr, item_node = got[0], got[1], got[2]
        for method in METHODS:
            op_node = item_node.get(method)
            if not isinstance(op_node, dict):
                continue
            osrc, op_ptr = isrc, iptr + (method,)
            if "$ref" in op_node:  # `get: {$ref: resources/x/list.yml}` (DigitalOcean's layout)
                got = deref(isrc, op_ptr, op_node, "operation")
                if got is None:
                    continue
                osrc, op_ptr, op_node = got[0], got[1], got[2]
            yield Site(path, method, isrc, iptr, item_node, osrc, op_ptr, op_node)


def build(source: Source, fmt: str, ws: Workspace) -> Document:
    doc = Document(source=source, format=fmt, workspace=ws)
    b = Builder(ws, doc)
    v2 = fmt == "openapi-2.0"
    item_seen: tuple[Source, Pointer] | None = None
    shared: _Resolved | None = None  # the path-level parameters, looked up at the first operation
    for site in operation_sites(source, partial(_mapping, b)):
        osrc, op_ptr, op_node = site.source, site.pointer, site.node
        if item_seen is None or item_seen[0] is not site.item_source or item_seen[1] != site.item_pointer:
            item_seen, shared = (site.item_source, site.item_pointer), None
        op = Operation(
            kind="http",
            name=text(op_node, "operationId") or f"{site.method.upper()} {site.path}",
            method=site.method,
            path=site.path,
            summary=text(op_node, "summary"),
            description=text(op_node, "description"),
            annotations={k: v for k, v in op_node.items() if isinstance(k, str) and k.startswith("x-")},
            location=Location(osrc, op_ptr),
            node=op_node,
            operation_id=op_node.get("operationId") if isinstance(op_node.get("operationId"), str) else None,
            body_pointer=op_ptr,
        )
        if shared is None:
            shared = _resolve_parameters(b, site.item_source, site.item_pointer, site.item.get("parameters"))
        _parameters(b, op, osrc, shared, op_ptr, op_node.get("parameters"), v2)
        if not v2:
            _request_body(b, op, osrc, op_ptr, op_node.get("requestBody"))
        _responses(b, op, osrc, op_ptr, op_node.get("responses"), v2)
        doc.operations.append(op)
    return doc


def _mapping(b: Builder, src: Source, ptr: Pointer, node: Any, what: str) -> Any:
    """``node`` (perhaps a ``$ref``) as ``(source, pointer, mapping, chain)``, or ``None`` when it
    does not resolve or is not an object (the latter reported through :func:`_not_a_mapping`)."""
    got = b.deref(src, ptr, node)
    if got is None:
        return None
    if not isinstance(got[2], dict):
        _not_a_mapping(b, src, ptr, node, got[2], what)
        return None
    return got


def _not_a_mapping(b: Builder, src: Source, ptr: Pointer, node: Any, value: Any, what: str) -> None:
    """A ``$ref`` that leads to a string or a list where an object must be: reported, never a
    silent skip (what stands behind it is not linted). A node written inline is left alone:
    that is the spec's shape, not a reference."""
    if isinstance(node, dict) and "$ref" in node:
        ref = str(node["$ref"])
        b.notice(unresolved_ref.RULE, unresolved_ref.not_an_object(ref, value, what), src, ptr + ("$ref",), key=ref)


_Param = tuple[Source, Pointer, Mapping[str, Any], tuple[str, ...]]
# OpenAPI 3.x, Parameter Object: a header parameter named one of these is ignored (the media
# types and the security schemes state them), so nothing is linted on it
_IGNORED_HEADERS = frozenset({"accept", "content-type", "authorization"})
_Resolved = list[tuple[tuple[str, str], _Param]]


def _resolve_parameters(b: Builder, src: Source, base_ptr: Pointer, plist: Any) -> _Resolved:
    """The parameter objects of a ``parameters`` list, by (name, in), in order. The path-level
    list is looked up once for all the operations of its path item: the same lookups again
    would give the same answers (their notices are kept once per place anyway)."""
    out: _Resolved = []
    if isinstance(plist, list):
        for i, p in enumerate(plist):
            got = _mapping(b, src, base_ptr + ("parameters", i), p, "parameter")
            if got is None:
                continue
            node = got[2]
            _other_refs(b, got[0], got[1], node, False, bool(got[3]))
            out.append(((str(node.get("name")), str(node.get("in"))), got))
    return out


def _parameters(
    b: Builder,
    op: Operation,
    src: Source,
    shared: _Resolved,
    op_ptr: Pointer,
    own: Any,
    v2: bool,
) -> None:
    resolved: dict[tuple[str, str], _Param] = dict(shared)
    resolved.update(_resolve_parameters(b, src, op_ptr, own))  # operation level wins
    for (name, where), (psrc, pptr, param, chain) in resolved.items():
        if where == "header" and not v2 and name.lower() in _IGNORED_HEADERS:
            continue  # OpenAPI 3: such a header parameter "SHALL be ignored" (media types and security say it)
        if where == "body" and v2:
            schema = param.get("schema")
            if schema is not None:
                b.walk_schema(psrc, pptr + ("schema",), schema, where="body", prefix="", operation=op)
            continue
        # A parameter shared through $ref already has its Field. Working it out again would
        # repeat the schema lookup, whose notices and loads happened the first time.
        if b.use_known_field(psrc, pptr, op):
            continue
        loc = Location(psrc, pptr)
        schema_src, schema_ptr, schema = psrc, pptr, param
        schema_node: Any = param  # the node at schema_ptr
        if not v2:
            sch = param.get("schema")
            sch_ptr = pptr + ("schema",)
            if sch is None:
                media = json_media(param.get("content"))
                if media and isinstance(media[1], dict):
                    sch, sch_ptr = media[1].get("schema"), pptr + ("content", media[0], "schema")
            got = b.deref(psrc, sch_ptr, sch) if sch is not None else None
            if got is not None and isinstance(got[2], dict):
                schema_src, schema_ptr, schema = got[0], got[1], got[2]
                schema_node = schema
            else:
                schema = {}  # (the schema location stays the parameter)
        b.field(
            name=name,
            path=name,
            where=where,
            required=param.get("required") is True,
            schema=schema,
            description=text(param, "description") or text(schema, "description"),
            location=loc,
            schema_location=Location(schema_src, schema_ptr),
            ref_chain=chain,
            operation=op,
            nodes=(param, schema_node),
        )


def _request_body(b: Builder, op: Operation, src: Source, op_ptr: Pointer, body: Any) -> None:
    if body is None:
        return
    got = _mapping(b, src, op_ptr + ("requestBody",), body, "request body")
    if got is None:
        return
    bsrc, bptr, bnode, _ = got
    _other_refs(b, bsrc, bptr, bnode, False, bool(got[3]))
    media = json_media(bnode.get("content"))
    if not media or not isinstance(media[1], dict) or "schema" not in media[1]:
        return
    b.walk_schema(
        bsrc, bptr + ("content", media[0], "schema"), media[1]["schema"], where="body", prefix="", operation=op
    )


def _responses(b: Builder, op: Operation, src: Source, op_ptr: Pointer, responses: Any, v2: bool) -> None:
    if not isinstance(responses, dict):
        return
    for status, resp in responses.items():
        status = str(status)
        if status.startswith("x-"):
            continue
        got = _mapping(b, src, op_ptr + ("responses", status), resp, "response")
        if got is None:
            continue
        rsrc, rptr, rnode, _ = got
        schema = schema_ptr = media_type = None
        if v2:
            if "schema" in rnode:
                schema, schema_ptr = rnode["schema"], rptr + ("schema",)
        else:
            media = json_media(rnode.get("content"))
            if media and isinstance(media[1], dict) and "schema" in media[1]:
                media_type = media[0]
                schema, schema_ptr = media[1]["schema"], rptr + ("content", media[0], "schema")
        _other_refs(b, rsrc, rptr, rnode, v2, bool(got[3]), media_type)
        schema_loc = None
        if schema is not None and schema_ptr is not None:
            sgot = b.deref(rsrc, schema_ptr, schema)
            if sgot is not None:
                schema, schema_loc = sgot[2], Location(sgot[0], sgot[1])
            else:
                schema = None
        op.outputs.append(
            Output(
                status=status,
                description=text(rnode, "description"),
                schema=schema if isinstance(schema, dict) else None,
                media_type=media_type,
                location=Location(rsrc, rptr),
                schema_location=schema_loc,
            )
        )


def _other_refs(
    b: Builder, src: Source, ptr: Pointer, node: Mapping[str, Any], v2: bool, shared: bool, read: Any = None
) -> None:
    """Follow the ``$ref`` s of a parameter, request body, response or header that the model
    does not read (response headers, named examples, the schemas of other media types), so one
    that cannot be followed is reported, not passed over in silence. Each object is looked at
    once per document (a shared response is used by hundreds of operations). ``read``: the media
    type whose schema the model already followed."""
    if "headers" not in node and "content" not in node and "examples" not in node:
        return
    if shared:  # reached through $ref (an object written inline is met once); the trees live
        # while the document is built, so an id is not reused meanwhile
        if id(node) in b.visited:
            return
        b.visited.add(id(node))
    headers = node.get("headers")
    if isinstance(headers, dict):
        for name, header in headers.items():
            if not isinstance(header, dict):
                continue
            if "$ref" in header:
                got = _mapping(b, src, ptr + ("headers", str(name)), header, "header")
                if got is None:
                    continue
                hsrc, hp, hnode, _ = got
            else:
                hsrc, hp, hnode = src, None, header
            schema = hnode.get("schema")
            if isinstance(schema, dict) and "$ref" in schema:
                hp = hp or ptr + ("headers", str(name))
                b.deref(hsrc, hp + ("schema",), schema)
            if "content" in hnode or "examples" in hnode:
                _other_refs(b, hsrc, hp or ptr + ("headers", str(name)), hnode, v2, hp is not None)
    content = node.get("content")
    if isinstance(content, dict):
        for mt, media in content.items():
            if not isinstance(media, dict):
                continue
            schema, example, examples = media.get("schema"), media.get("example"), media.get("examples")
            if isinstance(schema, dict) and "$ref" in schema and mt != read:
                b.deref(src, ptr + ("content", str(mt), "schema"), schema)
            if isinstance(example, dict) and len(example) == 1 and "$ref" in example:
                # not an Example object, but bundlers follow it
                b.deref(src, ptr + ("content", str(mt), "example"), example)
            if examples:
                _examples(b, src, ptr + ("content", str(mt)), examples)
    if not v2:  # Swagger 2.0 response examples are literal values by media type, not objects
        _examples(b, src, ptr, node.get("examples"))


def _examples(b: Builder, src: Source, ptr: Pointer, examples: Any) -> None:
    """Named Example objects (OpenAPI 3), each perhaps a ``$ref``; ``example`` is a literal."""
    if isinstance(examples, dict):
        for name, ex in examples.items():
            if isinstance(ex, dict) and "$ref" in ex:
                _mapping(b, src, ptr + ("examples", str(name)), ex, "example")
