"""YAML 1.1 coercion: an unquoted ``NO``, ``off``, ``1.10``, ``0755``, ``2024-01-01`` or ``~`` is
loaded as a boolean, number, date or null. The ``yaml-coerced-value`` rule reports it in API files;
the catalog loader refuses it in ``rules/*.yaml``; both say it in the same words."""

from __future__ import annotations

import datetime
import json
from typing import Any

import yaml


def coerced(value: Any) -> bool:
    """A value that plain YAML text can turn into when a string was meant."""
    return value is None or isinstance(value, (bool, int, float, datetime.date))


def became(value: Any, short: bool = False) -> str:
    """What YAML made of the text, in JSON terms a reader knows (``the boolean false``;
    ``short``: ``false``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return json.dumps(value) if short else f"the boolean {json.dumps(value)}"
    if isinstance(value, (int, float)):
        return repr(value) if short else f"the number {value!r}"
    return "a date" if short else f"the date {value.isoformat()}"


def plain_text(text: str, key: str) -> str | None:
    """The source text of the unquoted scalar under top-level ``key`` of a YAML mapping; None
    when the value is quoted, tagged, not a scalar, or the text does not parse."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    for k, v in root.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            if isinstance(v, yaml.ScalarNode) and v.style in (None, "") and v.tag != "tag:yaml.org,2002:str":
                return str(v.value)
            return None
    return None
