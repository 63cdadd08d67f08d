"""Counting operations and input leaves of one document for ``silentlint audit``.

The operations are found by the model builder's own walks (:func:`linter.formats.openapi.
operation_sites`, :func:`linter.formats.tools.find_tools` over the document's files); below an
operation it reads the raw tree with the run's :meth:`Workspace.deref` (cycle-safe, memoized,
never remote) instead of the lint model: the model's ``Field`` objects are the scalar leaves a
rule inspects once per definition, while the audit counts what a caller fills in, per
operation, as the published corpus study did. Every parameter and every body schema is evaluated once per
document (memoized by its resolved location), so a document costs one linear pass.

Definitions (also in ``silentlint audit --help`` and the README):

- operation: a (path, method) pair of an OpenAPI document, or a tool of a tool set.
- leaf: each parameter after ``$ref`` resolution (path-item parameters count for every operation
  that does not override them by (name, in)); plus each first-level property of the request body
  (OpenAPI 3: the JSON media type, else the first; Swagger 2.0: the ``in: body`` parameter's
  schema, while ``formData`` parameters are leaves), properties reached through ``allOf`` being
  first-level too; for tools each first-level property of the input schema. ``depth`` > 1 replaces
  an object property (or an array of objects) by its own properties, up to ``depth`` levels.
- constraint predicates look at the resolved schema (Swagger 2.0 non-body parameters: the
  parameter object), its ``allOf`` members and, for arrays, ``items`` (and its ``allOf``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from linter.formats.openapi import json_media, operation_sites
from linter.formats.tools import find_tools
from linter.model import Document, Pointer, Source
from linter.sources.refs import Workspace

# One counter vector per leaf, operation or document, in this order.
COUNTERS = ("leaves", "enum", "pattern_or_format", "numeric_bounds", "length_bounds", "machine_checkable", "no_description")
Counts = tuple[int, int, int, int, int, int, int]
ZERO: Counts = (0, 0, 0, 0, 0, 0, 0)

_NUMERIC = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
_LENGTH = ("minLength", "maxLength", "minItems", "maxItems")


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5], a[6] + b[6])


@dataclass(frozen=True, slots=True)
class OpCount:
    """One operation: its de-duplication key across documents and its leaf counts."""

    key: tuple[str, str, str]
    counts: Counts


@dataclass(frozen=True, slots=True)
class DocCount:
    provider: str | None
    operations: tuple[OpCount, ...]


def _described(node: Any) -> bool:
    if not isinstance(node, dict):
        return False
    d = node.get("description")
    return isinstance(d, str) and bool(d.strip())


class _Counter:
    """Per-document state: the workspace and the memo tables that keep the pass linear."""

    def __init__(self, ws: Workspace, depth: int):
        self.ws = ws
        self.depth = depth
        self._param: dict[tuple[str, Pointer], tuple[tuple[str, str], Counts] | None] = {}
        self._props: dict[tuple[str, Pointer, Pointer, int], Counts] = {}
        self._views: dict[tuple[str, Pointer, Pointer], tuple[Mapping[str, Any], ...]] = {}

    def deref(self, src: Source, ptr: Pointer, node: Any, base: Pointer) -> tuple[Source, Pointer, Any, Pointer] | None:
        return self.ws.follow(src, ptr, node, base)

    def mapping(self, src: Source, ptr: Pointer, node: Any, what: str) -> tuple[Source, Pointer, Any, Pointer] | None:
        """``node`` resolved when it is an object (the walk's ``deref``: nothing reported here)."""
        r = self.ws.follow(src, ptr, node, ())
        return r if r is not None and isinstance(r[2], dict) else None

    # --- constraint predicates ------------------------------------------------------------

    def views(self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer) -> tuple[Mapping[str, Any], ...]:
        """The schema, its ``allOf`` members and, for arrays, ``items`` with its ``allOf``."""
        key = (src.abspath, ptr, base)
        got = self._views.get(key)
        if got is None:
            out = self._with_all_of(src, ptr, schema, base)
            items = schema.get("items")
            if isinstance(items, dict):
                r = self.deref(src, ptr + ("items",), items, base)
                if r is not None and isinstance(r[2], dict):
                    out += self._with_all_of(r[0], r[1], r[2], r[3])
            got = self._views[key] = out
        return got

    def _with_all_of(self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer) -> tuple[Mapping[str, Any], ...]:
        out = [schema]
        parts = schema.get("allOf")
        if isinstance(parts, list):
            for i, part in enumerate(parts):
                r = self.deref(src, ptr + ("allOf", i), part, base)
                if r is not None and isinstance(r[2], dict):
                    out.append(r[2])
        return tuple(out)

    def _all_const(self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer) -> bool:
        for comb in ("oneOf", "anyOf"):
            parts = schema.get(comb)
            if isinstance(parts, list) and parts:
                resolved = [self.deref(src, ptr + (comb, i), p, base) for i, p in enumerate(parts)]
                if all(r is not None and isinstance(r[2], dict) and "const" in r[2] for r in resolved):
                    return True
        return False

    def leaf(
        self, owner: Any, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer
    ) -> Counts:
        """The counter vector of one leaf: ``owner`` is the parameter (or the property node as
        written, which may carry a description beside its ``$ref``), ``schema`` its resolved schema."""
        views = self.views(src, ptr, schema, base)
        enum = any("enum" in v or "const" in v for v in views) or self._all_const(src, ptr, schema, base)
        pat = any("pattern" in v or "format" in v for v in views)
        num = any(k in v for v in views for k in _NUMERIC)
        length = any(k in v for v in views for k in _LENGTH)
        checkable = enum or pat or num or length
        undescribed = not (_described(owner) or _described(schema))
        return (1, int(enum), int(pat), int(num), int(length), int(checkable), int(undescribed))

    # --- object properties ----------------------------------------------------------------

    def _properties(
        self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer, seen: set[tuple[str, Pointer]]
    ) -> dict[str, list[tuple[Source, Pointer, Any, Pointer]]]:
        """First-level properties of an object schema, ``allOf`` members' included, by name."""
        out: dict[str, list[tuple[Source, Pointer, Any, Pointer]]] = {}
        props = schema.get("properties")
        if isinstance(props, dict):
            for name, prop in props.items():
                out.setdefault(str(name), []).append((src, ptr + ("properties", name), prop, base))
        parts = schema.get("allOf")
        if isinstance(parts, list):
            for i, part in enumerate(parts):
                r = self.deref(src, ptr + ("allOf", i), part, base)
                if r is None or not isinstance(r[2], dict):
                    continue
                key = (r[0].abspath, r[1])
                if key in seen:
                    continue
                seen.add(key)
                for name, occ in self._properties(r[0], r[1], r[2], r[3], seen).items():
                    out.setdefault(name, []).extend(occ)
        return out

    def _object_of(self, src: Source, ptr: Pointer, schema: Mapping[str, Any], base: Pointer) -> tuple[Source, Pointer, Mapping[str, Any], Pointer] | None:
        """The object schema whose properties a nested property expands into (itself, or its
        array ``items``), or None when it has no properties."""
        if self._properties(src, ptr, schema, base, {(src.abspath, ptr)}):
            return src, ptr, schema, base
        items = schema.get("items")
        if isinstance(items, dict):
            r = self.deref(src, ptr + ("items",), items, base)
            if r is not None and isinstance(r[2], dict) and self._properties(r[0], r[1], r[2], r[3], {(r[0].abspath, r[1])}):
                return r[0], r[1], r[2], r[3]
        return None

    def body(self, src: Source, ptr: Pointer, node: Any, base: Pointer, levels: int) -> Counts:
        """The leaves of an object schema ``levels`` deep; a property seen under several
        ``allOf`` members counts once, with the union of its constraints. ``levels`` shrinks
        on every nesting, so a recursive schema ends too."""
        r = self.deref(src, ptr, node, base)
        if r is None or not isinstance(r[2], dict):
            return ZERO
        src, ptr, schema, base = r
        key = (src.abspath, ptr, base, levels)
        memo = self._props.get(key)
        if memo is not None:
            return memo
        here = (src.abspath, ptr)
        total = ZERO
        for occurrences in self._properties(src, ptr, schema, base, {here}).values():
            merged: Counts | None = None
            for psrc, pptr, prop, pbase in occurrences:
                pr = self.deref(psrc, pptr, prop, pbase)
                if pr is None or not isinstance(pr[2], dict):
                    continue
                if levels > 1 and merged is None:
                    obj = self._object_of(*pr)
                    if obj is not None:
                        merged = self.body(obj[0], obj[1], obj[2], obj[3], levels - 1)
                        break
                one = self.leaf(prop, pr[0], pr[1], pr[2], pr[3])
                merged = one if merged is None else _union(merged, one)
            if merged is not None:
                total = add(total, merged)
        self._props[key] = total
        return total

    # --- OpenAPI ----------------------------------------------------------------------------

    def parameter(self, src: Source, ptr: Pointer, node: Any, v2: bool) -> tuple[tuple[str, str], Counts] | None:
        """``((name, in), counts)`` of one parameter, or None when its ``$ref`` is broken."""
        r = self.deref(src, ptr, node, ())
        if r is None or not isinstance(r[2], dict):
            return None
        psrc, pptr, param, _ = r
        key = (psrc.abspath, pptr)
        if key in self._param:
            return self._param[key]
        ident = (str(param.get("name")), str(param.get("in")))
        if v2:
            if ident[1] == "body":
                schema = param.get("schema")
                counts = self.body(psrc, pptr + ("schema",), schema, (), self.depth) if schema is not None else ZERO
            else:
                counts = self.leaf(param, psrc, pptr, param, ())
        else:
            sch, sptr = param.get("schema"), pptr + ("schema",)
            if sch is None:
                media = json_media(param.get("content"))
                if media and isinstance(media[1], dict):
                    sch, sptr = media[1].get("schema"), pptr + ("content", media[0], "schema")
            sr = self.deref(psrc, sptr, sch, ()) if sch is not None else None
            if sr is not None and isinstance(sr[2], dict):
                counts = self.leaf(param, sr[0], sr[1], sr[2], ())
            else:
                counts = self.leaf(param, psrc, sptr, {}, ())
        got = self._param[key] = (ident, counts)
        return got

    def request_body(self, src: Source, ptr: Pointer, node: Any) -> Counts:
        r = self.deref(src, ptr, node, ())
        if r is None or not isinstance(r[2], dict):
            return ZERO
        bsrc, bptr, body, _ = r
        media = json_media(body.get("content"))
        if not media or not isinstance(media[1], dict) or "schema" not in media[1]:
            return ZERO
        return self.body(bsrc, bptr + ("content", media[0], "schema"), media[1]["schema"], (), self.depth)


def _union(a: Counts, b: Counts) -> Counts:
    """One leaf described in several places: a constraint anywhere counts, a description anywhere counts."""
    return (1, a[1] | b[1], a[2] | b[2], a[3] | b[3], a[4] | b[4], a[5] | b[5], a[6] & b[6])


def count_document(doc: Document, depth: int = 1) -> DocCount:
    """Operations and leaf counts of one document (OpenAPI or tool set)."""
    source, ws = doc.source, doc.workspace
    c = _Counter(ws, depth)
    tree = source.tree
    ops: list[OpCount] = []
    if doc.format.startswith("openapi"):
        info = tree.get("info") if isinstance(tree, dict) else None
        provider = info.get("x-providerName") if isinstance(info, dict) else None
        provider = provider if isinstance(provider, str) and provider else None
        owner = provider or source.display_path
        v2 = doc.format == "openapi-2.0"
        for site in operation_sites(source, c.mapping):
            op, osrc, optr = site.node, site.source, site.pointer
            params: dict[tuple[str, str], Counts] = {}
            sides = ((site.item_source, site.item_pointer, site.item), (osrc, optr, op))
            for psrc, base_ptr, owner_node in sides:
                plist = owner_node.get("parameters")
                if isinstance(plist, list):
                    for i, p in enumerate(plist):
                        got = c.parameter(psrc, base_ptr + ("parameters", i), p, v2)
                        if got is not None:
                            params[got[0]] = got[1]  # the operation's own wins
            counts = ZERO
            for v in params.values():
                counts = add(counts, v)
            if not v2 and "requestBody" in op:
                counts = add(counts, c.request_body(osrc, optr + ("requestBody",), op["requestBody"]))
            ops.append(OpCount((owner, site.method.upper(), site.path), counts))
        return DocCount(provider, tuple(ops))
    # a tool set may span several files (config tool-sets): the tools of each, in the model's order
    sources = list({id(op.location.source): op.location.source for op in doc.operations}.values()) or [source]
    for src in sources:
        found = find_tools(src.tree)
        for t in found[1] if found else ():
            body: Any = t.node  # walked down by the pointer's parts, names and indexes
            for part in t.body_ptr:
                body = body[part]
            counts = ZERO
            if t.input_key and isinstance(body.get(t.input_key), dict):
                sptr = t.pointer + t.body_ptr + (t.input_key,)
                counts = c.body(src, sptr, body[t.input_key], sptr, depth)
            ops.append(OpCount((src.display_path, "tool", str(body.get("name"))), counts))
    return DocCount(None, tuple(ops))
