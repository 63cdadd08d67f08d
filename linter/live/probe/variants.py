"""The values a probe sends: A, a valid value of the parameter (the plan's ``valid``, else an
example of the spec that is not the default, else a listed value, a value of the stated layout or
a bound), and the perturbations B_i derived from A, each named for the log and the report:

============== ============================================================================
case           A in upper case (lower case when A is all capitals)             vocabulary
separator      ``vice_president`` ↔ ``vice-president`` (a space becomes ``_``)  vocabulary
near-miss      A with a trailing ``s`` added (or removed), when that is not listed vocabulary
unknown        ``silentlint_oov`` (a number vocabulary: one above its largest) vocabulary
slash          ``2024/01/15`` for ``2024-01-15``                               date, date-time
day-first      ``15-01-2024`` for ``2024-01-15``                               date
space          ``2024-01-15 10:00:00Z`` for ``2024-01-15T10:00:00Z``           date-time
malformed      ``not-a-<format>``                                              other formats
above-maximum  maximum + 1 (the exclusive maximum itself)                      bounds
below-minimum  minimum - 1 (the exclusive minimum itself)                      bounds
too-long       maxLength + 1 characters                                        bounds
too-short      minLength - 1 characters (not the empty string)                 bounds
============== ============================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from linter.live.probe.targets import Target

OOV = "silentlint_oov"
_SYNTH = {
    "date": "2024-01-15",
    "date-time": "2024-01-15T10:00:00Z",
    "time": "10:00:00",
    "uuid": "123e4567-e89b-42d3-a456-426614174000",
    "email": "probe@example.com",
    "uri": "https://example.com/",
    "url": "https://example.com/",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
}
_LAYOUT_TOKENS = (("YYYY", "2024"), ("MM", "01"), ("DD", "15"), ("HH", "10"), ("hh", "10"), ("mm", "00"), ("ss", "00"))
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_DATETIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(.+)$")


@dataclass(frozen=True)
class Variant:
    name: str
    value: Any


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _fits_bounds(v: Any, bounds: dict[str, Any]) -> bool:
    if _number(v):
        if "minimum" in bounds and v < bounds["minimum"] or "maximum" in bounds and v > bounds["maximum"]:
            return False
        if "exclusiveMinimum" in bounds and v <= bounds["exclusiveMinimum"]:
            return False
        return not ("exclusiveMaximum" in bounds and v >= bounds["exclusiveMaximum"])
    if isinstance(v, str):
        return bounds.get("minLength", 0) <= len(v) <= bounds.get("maxLength", len(v))
    return False


def _layout_value(layout: str) -> str | None:
    if not any(tok in layout for tok, _ in _LAYOUT_TOKENS):
        return None
    out = layout
    for tok, val in _LAYOUT_TOKENS:
        out = out.replace(tok, val)
    return out


def valid_value(target: "Target", examples: list[Any], default: Any, base_value: Any) -> Any:
    """A, or None when nothing valid is known. A value equal to the default or to the base
    call's value would make A the same call as C (inert by construction), so those come last."""
    c = target.constraint
    avoid = [default, base_value]
    if c.kind == "vocabulary":
        listed = list(c.values)
        pool = [e for e in examples if e in listed] + listed
    elif c.kind == "format":
        pool = list(examples)
        synth = _SYNTH.get(c.format) or _layout_value(c.layout)
        if synth is not None:
            pool.append(synth)
    else:
        bounds = dict(c.bounds)
        pool = [e for e in examples if _fits_bounds(e, bounds)]
        if target.type in ("integer", "number", None) and any(k in bounds for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")):
            if "minimum" in bounds:
                pool.append(bounds["minimum"])
            if "exclusiveMinimum" in bounds:
                pool.append(bounds["exclusiveMinimum"] + 1)
            if "maximum" in bounds:
                pool.append(bounds["maximum"])
        elif "minLength" in bounds or "maxLength" in bounds:
            pool.append("a" * max(1, int(bounds.get("minLength", 1))))
    pool = [v for v in pool if v is not None]
    for v in pool:
        if v not in avoid:
            return v
    return pool[0] if pool else None


def _listed(value: Any, values: tuple[Any, ...]) -> bool:
    folded = {str(v).casefold() for v in values}
    return str(value).casefold() in folded


def perturbations(target: "Target") -> list[Variant]:
    """The B_i of a target, in a fixed order; none equals A or another one."""
    c = target.constraint
    a = target.valid
    out: list[Variant] = []
    if c.kind == "vocabulary":
        if isinstance(a, str):
            upper, lower = a.upper(), a.lower()
            if upper != a:
                out.append(Variant("case", upper))
            elif lower != a:
                out.append(Variant("case", lower))
            sep = a.replace("_", "-") if "_" in a else a.replace("-", "_") if "-" in a else a.replace(" ", "_") if " " in a else a
            if sep != a and not (sep in c.values):
                out.append(Variant("separator", sep))
            near = a[:-1] if a.endswith("s") and len(a) > 2 else a + "s"
            if not _listed(near, c.values):
                out.append(Variant("near-miss", near))
            out.append(Variant("unknown", OOV))
        elif _number(a):
            nums = [v for v in c.values if _number(v)]
            out.append(Variant("unknown", (max(nums) if nums else a) + 1))
    elif c.kind == "format":
        text = str(a)
        m = _DATE.match(text)
        dt = _DATETIME.match(text)
        if c.format == "date" or (m and c.format in ("", "date")):
            if m:
                out.append(Variant("slash", f"{m[1]}/{m[2]}/{m[3]}"))
                out.append(Variant("day-first", f"{m[3]}-{m[2]}-{m[1]}"))
        elif dt:
            out.append(Variant("slash", f"{dt[1]}/{dt[2]}/{dt[3]}T{dt[4]}"))
            out.append(Variant("space", f"{dt[1]}-{dt[2]}-{dt[3]} {dt[4]}"))
        if not out:
            out.append(Variant("malformed", f"not-a-{c.format or 'value'}"))
    else:
        b = dict(c.bounds)
        integer = target.type == "integer" or all(isinstance(v, int) for v in b.values())
        step = 1 if integer else 1.0
        if "maximum" in b:
            out.append(Variant("above-maximum", b["maximum"] + step))
        elif "exclusiveMaximum" in b:
            out.append(Variant("above-maximum", b["exclusiveMaximum"]))
        if "minimum" in b:
            out.append(Variant("below-minimum", b["minimum"] - step))
        elif "exclusiveMinimum" in b:
            out.append(Variant("below-minimum", b["exclusiveMinimum"]))
        if "maxLength" in b:
            out.append(Variant("too-long", "a" * (int(b["maxLength"]) + 1)))
        if int(b.get("minLength", 0)) > 1:
            out.append(Variant("too-short", "a" * (int(b["minLength"]) - 1)))
    seen: list[Any] = [a]
    kept = []
    for v in out:
        if v.value in seen:
            continue
        seen.append(v.value)
        kept.append(v)
    return kept
