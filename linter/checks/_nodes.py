"""Where a location's node is in its source tree, looked up once per field.

Shared by the checks that read the raw node at a field's or an output's location (what the
model does not carry: ``example``, ``default``, a response's ``content``).
"""

from __future__ import annotations

from typing import Any

from linter.model import Field, Location, get_at


def tree_node(loc: Location) -> Any:
    try:
        return get_at(loc.source.tree, loc.pointer)
    except KeyError:
        return None


def field_nodes(field: Field) -> tuple[Any, Any]:
    """The nodes at the field's location and schema location, looked up once per field:
    placeholder-example and required-with-default both read them (often one node)."""
    got = field.nodes or field.memo.get("hygiene.nodes")
    if got is None:
        loc, sloc = field.location, field.schema_location
        node = tree_node(loc)
        same = sloc.source is loc.source and sloc.pointer == loc.pointer
        got = field.memo["hygiene.nodes"] = (node, node if same else tree_node(sloc))
    return got
