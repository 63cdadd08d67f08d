"""A field's nodes (:attr:`linter.model.Location.node` of its location and schema location),
looked up once per field.

Shared by the checks that read the raw node at a field's location (what the model does not
carry: ``example``, ``default``).
"""

from __future__ import annotations

from typing import Any

from linter.model import Field


def field_nodes(field: Field) -> tuple[Any, Any]:
    """The nodes at the field's location and schema location, looked up once per field:
    placeholder-example and required-with-default both read them (often one node)."""
    got = field.nodes or field.memo.get("hygiene.nodes")
    if got is None:
        loc, sloc = field.location, field.schema_location
        node = loc.node
        same = sloc.source is loc.source and sloc.pointer == loc.pointer
        got = field.memo["hygiene.nodes"] = (node, node if same else sloc.node)
    return got
