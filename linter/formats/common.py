"""Shared model building: following ``$ref`` with notices, and walking JSON Schemas into fields.

Every schema definition is walked once per document (memoized by its location), so a spec in
which 5,000 operations share one large schema costs one walk, and a field reached through
``$ref`` is one :class:`Field` used by many operations.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from linter.checks import unresolved_ref
from linter.model import Document, Field, Location, Notice, Operation, Pointer, Source
from linter.sources.refs import RefProblem, Workspace

MAX_SCHEMA_DEPTH = 12
_COMBINERS = ("allOf", "oneOf", "anyOf")


class Builder:
    """Per-document state while turning a tree into the model."""

    def __init__(self, ws: Workspace, doc: Document):
        self.ws = ws
        self.doc = doc
        self._fields: dict[tuple[str, Pointer], Field] = {}
        self._walked: dict[tuple[str, Pointer], list[Field]] = {}
        self._noticed: set[tuple[str, Pointer]] = set()
        # ids of the shared objects whose other references were followed (openapi._other_refs)
        self.visited: set[int] = set()
        # YAML only: the Field of each node object, for a node reached at several places through
        # aliases (``- *sort``, ``<<: *base``): one definition, one Field, as with ``$ref``
        self._by_node: dict[int, Field] = {}

    def notice(self, rule: str, message: str, source: Source, pointer: Pointer, key: str = "") -> None:
        k = (source.abspath, pointer)
        if k in self._noticed:
            return
        self._noticed.add(k)
        self.doc.notices.append(Notice(rule, message, Location(source, pointer), key or message))

    def deref(
        self, source: Source, pointer: Pointer, node: Any, base: Pointer = ()
    ) -> tuple[Source, Pointer, Any, tuple[str, ...]] | None:
        """Follow ``$ref``; on failure record an ``unresolved-ref`` notice at the ``$ref`` to fix
        (once per place: a cycle or a bad reference reached from many operations) and return None."""
        if not (isinstance(node, dict) and "$ref" in node):
            return source, pointer, node, ()
        try:
            return self.ws.deref(source, pointer, node, base)
        except RefProblem as exc:
            if exc.source is None:  # pragma: no cover - Workspace.deref locates every problem
                exc = exc.at(source, pointer + ("$ref",), str(node.get("$ref")))
            self.notice(unresolved_ref.RULE, unresolved_ref.unfollowed(exc), exc.source, exc.pointer, key=exc.key)  # type: ignore[arg-type]  # exc.at() above gave it a source
            return None

    def use_known_field(self, source: Source, pointer: Pointer, operation: Operation) -> bool:
        """Add the Field already made for the definition at ``pointer`` to ``operation`` (as
        :meth:`field` would, which ignores everything else then); False if there is none yet.
        Lets callers skip working out what only a new Field needs (a shared parameter)."""
        f = self._fields.get((source.abspath, pointer))
        if f is None:
            return False
        _attach(f, operation)
        return True

    def field(
        self,
        *,
        name: str,
        path: str,
        where: str,
        required: bool,
        schema: Mapping[str, Any],
        description: str,
        location: Location,
        schema_location: Location,
        ref_chain: tuple[str, ...],
        operation: Operation | None,
        nodes: tuple[Any, Any] | None = None,
    ) -> Field:
        """The one Field of this definition, created on first use. ``nodes``: the nodes at
        ``location`` and ``schema_location`` as the builder reached them; kept for JSON files only
        (see :attr:`Field.nodes`)."""
        key = (location.source.abspath, location.pointer)
        f = self._fields.get(key)
        # PyYAML gives every alias of an anchored node the same object: the field is the one
        # already made where the walk first reached it (the trees are alive while the document
        # is built, so an id is never reused meanwhile)
        node_id = id(nodes[0]) if nodes is not None and location.source.syntax == "yaml" else None
        if f is None and node_id is not None:
            f = self._by_node.get(node_id)
            if f is not None:
                self._fields[key] = f
        if f is None:
            if nodes is not None and not (location.source.syntax == schema_location.source.syntax == "json"):
                nodes = None
            f = Field(
                name=name,
                path=path,
                where=where,  # type: ignore[arg-type]  # the formats pass Field's own "where" names
                required=required,
                schema=schema,
                description=description,
                location=location,
                schema_location=schema_location,
                ref_chain=ref_chain,
                nodes=nodes,
            )
            self._fields[key] = f
            if node_id is not None:
                self._by_node[node_id] = f
            self.doc.fields.append(f)
        if operation is not None:
            _attach(f, operation)
        return f

    def walk_schema(
        self,
        source: Source,
        pointer: Pointer,
        node: Any,
        *,
        where: str,
        prefix: str,
        operation: Operation | None,
        base: Pointer = (),
    ) -> None:
        """Add the leaf fields of an object schema (properties, through allOf/oneOf/anyOf,
        array items and ``$ref``) to ``operation``."""
        fields = self._schema_fields(source, pointer, node, where, prefix, base, (), 0)
        if operation is not None:
            for f in fields:
                _attach(f, operation)

    def _schema_fields(
        self,
        source: Source,
        pointer: Pointer,
        node: Any,
        where: str,
        prefix: str,
        base: Pointer,
        stack: tuple[tuple[str, Pointer], ...],
        depth: int,
    ) -> list[Field]:
        got = self.deref(source, pointer, node, base)
        if got is None:
            return []
        src, ptr, schema, _chain = got
        if src is not source:
            base = ()
        key = (src.abspath, ptr)
        if key in stack or depth > MAX_SCHEMA_DEPTH or not isinstance(schema, dict):
            return []
        memo = self._walked.get(key)
        if memo is not None:
            return memo
        result = list(self._object_leaves(src, ptr, schema, where, prefix, base, stack + (key,), depth))
        self._walked[key] = result
        return result

    def _object_leaves(
        self,
        src: Source,
        ptr: Pointer,
        schema: Mapping[str, Any],
        where: str,
        prefix: str,
        base: Pointer,
        stack: tuple[tuple[str, Pointer], ...],
        depth: int,
    ) -> Iterator[Field]:
        for comb in _COMBINERS:
            parts = schema.get(comb)
            if isinstance(parts, list):
                for i, part in enumerate(parts):
                    yield from self._schema_fields(src, ptr + (comb, i), part, where, prefix, base, stack, depth + 1)
        items = schema.get("items")
        if isinstance(items, dict) and "properties" not in schema:
            yield from self._schema_fields(src, ptr + ("items",), items, where, prefix + "[]", base, stack, depth + 1)
        props = schema.get("properties")
        if not isinstance(props, dict):
            return
        required = schema.get("required")
        # names are strings; anything else in the list (a mapping in a broken spec) names nothing
        required_set = {r for r in required if isinstance(r, str)} if isinstance(required, list) else set()
        for name, prop in props.items():
            name = str(name)
            prop_ptr = ptr + ("properties", name)
            path = f"{prefix}.{name}" if prefix else name
            if not isinstance(prop, dict):
                continue  # (deref would return it unchanged)
            if "$ref" in prop:
                got = self.deref(src, prop_ptr, prop, base)
                if got is None:
                    continue
                psrc, pptr, pschema, chain = got
                if not isinstance(pschema, dict):
                    continue
            else:  # what deref returns for a node that is not a reference, without the call
                psrc, pptr, pschema, chain = src, prop_ptr, prop, ()
            # _is_container is False without one of these keys (its own first test): most leaves
            # have none, so the call is skipped for them
            if (
                "properties" in pschema or "items" in pschema or "allOf" in pschema or "oneOf" in pschema
                or "anyOf" in pschema
            ) and _is_container(self, psrc, pptr, pschema, base if psrc is src else ()):
                yield from self._schema_fields(
                    psrc, pptr, pschema, where, path, base if psrc is src else (), stack, depth + 1
                )
                continue
            loc, node = Location(psrc, pptr), pschema
            desc = pschema.get("description")
            if not isinstance(desc, str) and isinstance(prop, dict) and isinstance(prop.get("description"), str):
                desc = prop["description"]  # OpenAPI 3.1 / JSON Schema: description beside $ref
                loc, node = Location(src, prop_ptr), prop
            yield self.field(
                name=name,
                path=path,
                where=where,
                required=name in required_set,
                schema=pschema,
                description=desc if isinstance(desc, str) else "",
                location=loc,
                schema_location=Location(psrc, pptr),
                ref_chain=chain,
                operation=None,
                nodes=(node, pschema),
            )


def _attach(f: Field, operation: Operation) -> None:
    """``f`` used by ``operation``, once (an operation adds its fields one after another, so a
    repeat can only be the last one added)."""
    if not f.used_by or f.used_by[-1] is not operation:
        f.used_by.append(operation)
        operation.fields.append(f)


def _is_container(b: Builder, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer) -> bool:
    """An object (or array of objects) whose own properties are the leaves."""
    if "properties" not in schema and "items" not in schema and "allOf" not in schema and "oneOf" not in schema and "anyOf" not in schema:
        return False  # every test below needs one of these keys (most leaves have none)
    if isinstance(schema.get("properties"), dict):
        return True
    for comb in _COMBINERS:
        parts = schema.get(comb)
        if isinstance(parts, list) and any(
            _objectish(b, src, ptr + (comb, i), p, base) for i, p in enumerate(parts)
        ):
            return True
    items = schema.get("items")
    return isinstance(items, dict) and _objectish(b, src, ptr + ("items",), items, base)


def _objectish(b: Builder, src: Source, ptr: Pointer, node: Any, base: Pointer) -> bool:
    got = b.deref(src, ptr, node, base)
    if got is None or not isinstance(got[2], dict):
        return False
    return isinstance(got[2].get("properties"), dict) or got[2].get("type") == "object"


def text(node: Mapping[str, Any], key: str) -> str:
    v = node.get(key)
    return v if isinstance(v, str) else ""
