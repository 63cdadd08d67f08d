"""example-only-vocabulary: a controlled vocabulary shown only by example, with no full list."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from linter import _recache
from linter.checks import Context, check
from linter.checks._vocabulary import Facts, Gap, hits, known_vocabulary, preview
from linter.model import Field, Fix, Hit
from linter.prose import Evidence
from linter.prose.text import name_words

RULE = "example-only-vocabulary"
# a pointer to where the whole set is listed ("For a complete list, see …", "the full list of codes is at …")
_LISTED_ELSEWHERE = _recache.compile(
    r"\b(?:for\s+(?:a|the)\s+(?:complete|full)\s+(?:list(?:ing)?|set)\b|see\s+(?:the\s+)?(?:complete|full)\s+list"
    r"|(?:complete|full)\s+list(?:ing)?\s+of\s+[\w\s-]{1,40}?\s+(?:is|are|can\s+be)\s+(?:found|available|listed|given)\b"
    # "Valid values can be obtained from the Codes endpoint": where the whole set is served
    r"|(?:valid|possible|allowed|available|supported)\s+values\s+(?:can|may)\s+be\s+(?:obtained|retrieved|fetched|found|listed)\s+(?:from|with|by|via|at)\b"
    # "(Acceptable values are: …)": the text gives the whole set after its samples
    r"|(?:valid|possible|allowed|acceptable|accepted|supported)\s+values\s+are\s*:"
    # "See [guide](…) for all supported kinds": a pointer to every value
    r"|\bfor\s+(?:all|every)\s+(?:the\s+)?(?:supported|available|valid|possible|allowed)\b"
    # "the same value as in the object's metadata": the value is taken from elsewhere, not from a set
    r"|\bsame\s+value\s+as\b)",
    re.I,
)
EVIDENCE = "example_vocab"


_HEX_CODE = _recache.compile(r"#?[0-9A-Fa-f]{3,8}")
_HEX_WORD = _recache.compile(r"\bhex(?:adecimal)?\b", re.I)


def gap(e: Evidence, facts: Facts) -> Gap | None:
    """Examples of what looks like a fixed set, where the description lists no closed set
    (prose-enum reports that one) and the value is not a date, an address, an id or a boolean."""
    if facts.formatted or facts.closed or facts.type == "boolean":
        return None
    if _LISTED_ELSEWHERE.search(facts.description) or _links_to_set(facts.description, facts.name):
        return None  # "For a complete list, see …", "see [Kinds of lids](…)": the text points to the whole set, as the fix asks
    if all(_HEX_CODE.fullmatch(v) for v in e.values) and _HEX_WORD.search(facts.description):
        return None  # "hexadecimal code of the colour (e.g F45B9A)": a shape any such code has, not a set of values
    n = len(e.values)
    if e.data.get("open"):
        # "custom or one of these predefined values": the known values of an open set, in full
        if _names_known(facts.schema, e.values):
            return None
        return Gap(RULE, e, f"description lists {n} known value{'s' if n != 1 else ''} ({preview(e.values)}) of an open set "
                            "(other values are allowed) and the schema names none of them; `examples`, or `anyOf` with "
                            "those values beside an open string, would")
    return Gap(RULE, e, f"description shows {'only an example' if n == 1 else f'only {n} examples'} "
                        f"({preview(e.values)}) of what looks like a fixed set of values, with no full list or enum")


_LINK = _recache.compile(r"\[(?P<t>[^\]\n]{1,120})\]\((?P<u>[^)\s]{1,300})\)|<a\s[^>]*href=['\"](?P<u2>[^'\"]{1,300})['\"][^>]*>(?P<t2>[^<]{0,120})|(?P<u3>https?://\S{1,300})")
_SET_WORDS = _recache.compile(r"enum|types|values|codes|events|kinds|categories|options|list|table", re.I)


def _links_to_set(text: str, name: str = "") -> bool:
    """Whether the description links to a page whose name or address names a set of values
    ("[Events that trigger workflows](…)", "…/types/ReportTypeEnum", "…/place-types", or the
    plural of the field's own noun: "…/docs/kilns" for a ``kiln``): where the values come from,
    which is what the fix asks the text to say."""
    if "http" not in text and "](" not in text:
        return False
    nw = name_words(name)
    plural = re.compile(r"(?<![a-z])" + re.escape(nw[-1]) + r"(?:s|es)(?![a-z])", re.I) if nw and len(nw[-1]) > 2 else None
    for m in _LINK.finditer(text):
        words = " ".join(g for g in (m.group("t"), m.group("u"), m.group("u2"), m.group("t2"), m.group("u3")) if g)
        if _SET_WORDS.search(words) or (plural is not None and plural.search(words)):
            return True
    return False


def _names_known(schema: Mapping[str, Any], values: tuple[str, ...]) -> bool:
    """Whether the schema already names the known values: in ``examples``, or as ``const``/``enum``
    branches of an ``anyOf``/``oneOf`` (beside an open string)."""
    named: set[str] = set()
    examples = schema.get("examples")
    if isinstance(examples, list):
        named |= {str(v) for v in examples}
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key) or ():
            if isinstance(branch, dict):
                if "const" in branch:
                    named.add(str(branch["const"]))
                if isinstance(branch.get("enum"), list):
                    named |= {str(v) for v in branch["enum"]}
    return set(values) <= named


def fix(field: Field, gap: Gap, ctx: Context) -> tuple[Fix | None, str]:
    """None from the prose (the rest of the set is unknown); ``fix --vocabulary FILE`` lifts a
    vocabulary the user knows into an ``enum``."""
    from linter.fixes.build import enum_fix

    known = known_vocabulary(field, ctx.options.get("vocabulary"))
    return (enum_fix(field, [str(v) for v in known])[0], "") if known is not None else (None, "")


@check("field")
def example_only_vocabulary(field: Field, ctx: Context) -> Iterable[Hit]:
    """A controlled vocabulary shown only by example: a model cannot infer the rest of the set."""
    return hits(field, RULE, ctx, fix)
