"""yaml-coerced-value: an unquoted YAML 1.1 scalar that became a boolean, number, date or null
in the enum, const or default of a string schema.
"""

from __future__ import annotations

from typing import Any, Iterator

from yaml.nodes import ScalarNode

from linter.checks import Context, check
from linter.coerced import became, coerced
from linter.model import Edit, Field, Fix, Hit, Location, Pointer, Source, schema_types

_STR_TAG = "tag:yaml.org,2002:str"


def _plain_text(source: Source, pointer: Pointer) -> str | None:
    """The source text of an unquoted, untagged scalar at ``pointer``; None for anything else."""
    node = source.locator.node(pointer)  # type: ignore[attr-defined]  # a YAML source's locator is a YamlLocator
    if not isinstance(node, ScalarNode) or node.style not in (None, "") or node.tag == _STR_TAG:
        return None
    start = node.start_mark.index
    if source.text[start : start + 1] == "!":  # an explicit tag: the author chose the type
        return None
    return node.value


@check("field")
def yaml_coerced_value(field: Field, ctx: Context) -> Iterator[Hit]:
    """An unquoted YAML 1.1 scalar (``NO``, ``on``, ``1.10``, ``0755``, ``2024-01-01``, ``~``)
    in the enum, const or default of a string schema: PyYAML, like most YAML 1.1 loaders, turns
    it into a boolean, number, date or null, so the schema lists a value no string equals."""
    loc = field.schema_location
    source = loc.source
    if source.syntax != "yaml":
        return
    places: list[tuple[Pointer, Any]] = [(loc.pointer, field.schema)]
    items = field.schema.get("items")
    if isinstance(items, dict):
        places.append((loc.pointer + ("items",), items))
    for ptr, schema in places:
        types = schema_types(schema)
        nullable = schema.get("nullable") is True or "null" in types
        enum = schema.get("enum")
        if isinstance(enum, list) and enum and ("string" in types or (not types and any(isinstance(v, str) for v in enum))):
            bad = []
            for i, value in enumerate(enum):
                if coerced(value) and not (value is None and nullable):
                    text = _plain_text(source, ptr + ("enum", i))
                    if text is not None and not (value is None and text.lower() == "null"):
                        bad.append((i, value, text))
            if bad:
                fixed = list(enum)
                for i, _, text in bad:
                    fixed[i] = text
                what = "; ".join(f"{text} became {became(value)}" for _, value, text in bad)
                them = "them" if len(bad) > 1 else "it"
                yield Hit(
                    f"{field.label}: unquoted enum value{'s' if len(bad) > 1 else ''} {what} (YAML 1.1), so no "
                    f"string a client sends equals {them}; quote {them}",
                    Location(source, ptr + ("enum", bad[0][0])),
                    evidence={"values": [t for _, _, t in bad]},
                    fix=Fix("quote the enum values", (Edit(source, ptr, "replace", "enum", fixed),)),
                    key="enum:" + ",".join(t for _, _, t in bad),
                )
        if "string" not in types:
            continue
        for keyword in ("const", "default"):
            if keyword not in schema or not coerced(schema[keyword]) or (schema[keyword] is None and nullable):
                continue
            value = schema[keyword]
            text = _plain_text(source, ptr + (keyword,))
            if text is None or (value is None and text.lower() == "null"):
                continue
            yield Hit(
                f"{field.label}: unquoted {keyword} {text} became {became(value)} (YAML 1.1), not the "
                f"string {text!r} the schema's type asks for; quote it",
                Location(source, ptr + (keyword,)),
                evidence={"value": text},
                fix=Fix(f"quote the {keyword}", (Edit(source, ptr, "replace", keyword, text),)),
                key=f"{keyword}:{text}",
            )
