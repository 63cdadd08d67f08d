"""required-with-default: a required field whose schema gives a default."""

from __future__ import annotations

import datetime
from typing import Any, Iterator

from linter.checks import Context, check
from linter.checks._nodes import field_nodes
from linter.model import Field, Hit, Location


def _shown(value: Any) -> str:
    """A value in a message; a YAML date shows as its text, not ``datetime.date(…)``."""
    return repr(value.isoformat() if isinstance(value, datetime.date) else value)


@check("field")
def required_with_default(field: Field, ctx: Context) -> Iterator[Hit]:
    """A required field with a ``default``: either the default never applies, or the field is
    not really required; a model invents a value for every required field."""
    if not field.required or field.where == "path":
        return
    node_at, schema_node = field_nodes(field)
    for loc, node in ((field.schema_location, schema_node), (field.location, node_at)):
        if isinstance(node, dict) and "default" in node:
            yield Hit(
                f"{field.label}: required, but has default {_shown(node['default'])}; the default can never apply, "
                "so make the field optional or drop the default",
                Location(loc.source, loc.pointer + ("default",)),
                evidence={"default": node["default"]},
            )
            return
