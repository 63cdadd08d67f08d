"""Public standards named in prose (ISO 639 / BCP 47 languages, ISO 3166 countries, ISO 4217
currencies, IANA time zones, MIME types): low risk, since models know them, but a ``pattern``
still lets a validator catch a wrong shape."""

from __future__ import annotations

import re
from typing import Any

from linter.prose.evidence import Evidence
from linter.prose.text import Text, name_words, scan

_ISO639 = re.compile(r"\bISO[- ]?639(?:-(?P<p>[1-5]))?\b", re.I)
_BCP47 = re.compile(
    r"\b(?:BCP[- ]?47|IETF\s+(?:BCP[- ]?47\s+)?language\s+tags?|RFC[- ]?(?:5646|4646))\b"
    r"|\blanguage\s+(?:code|tag)s?\b|\blocale\s+(?:code|identifier|tag)s?\b|语言代码|語言代碼|语言编码|語言編碼",
    re.I,
)
_ISO3166 = re.compile(
    r"\bISO[- ]?3166(?:-(?P<p>[123]))?(?:[- ]?(?:alpha|α)[- ]?(?P<a>[23])|\s+(?P<num>numeric))?"
    r"|\b(?P<w>two|2|three|3)[- ](?:letter|character)\s+(?:ISO\s+)?country\s+codes?"
    r"|\bcountry\s+codes?\b(?!\s+(?:for|of)\s+(?:the\s+)?phone)|国家代码|國家代碼|国家/地区代码|國家/地區代碼",
    re.I,
)
_ISO4217 = re.compile(
    r"\bISO[- ]?4217\b|\b(?:(?:three|3)[- ](?:letter|character)\s+)?(?:ISO\s+)?currency\s+codes?\b"
    r"|货币代码|貨幣代碼|币种代码|幣種代碼|货币编码|貨幣編碼",
    re.I,
)
_TZ = re.compile(
    r"\b(?:IANA|Olson|tz(?:\s+database)?|tzdb|zoneinfo)\s+(?:time\s*zones?|tz|zone\s+(?:names?|ids?))"
    r"|\btime\s*zone\s+(?:names?|identifiers?|ids?|database)\b"
    r"|(?:\be\.g\.,?|\bsuch\s+as|\blike|\bexample:?|[`\"'“])[ ]*(?:America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Antarctica)/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?"
    r"|时区名称|時區名稱|时区ID|時區ID|IANA时区|IANA時區",
    re.I,
)
_MIME = re.compile(r"\b(?:MIME|media|content)[- ]types?\b|\bMIME\b|媒体类型|媒體類型", re.I)
_PHONE = re.compile(r"phone|calling|dial", re.I)

PATTERNS: dict[str, str] = {
    "ISO 639-1": "^[a-z]{2}$",
    "ISO 639": "^[a-z]{2,3}$",
    "BCP 47": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$",
    "ISO 3166-1 alpha-2": "^[A-Z]{2}$",
    "ISO 3166-1 alpha-3": "^[A-Z]{3}$",
    "ISO 3166-1 numeric": "^[0-9]{3}$",
    "ISO 3166-2": "^[A-Z]{2}-[A-Z0-9]{1,3}$",
    "ISO 4217": "^[A-Z]{3}$",
    "IANA time zone": "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
    "MIME type": "^[a-zA-Z0-9!#$&^_.+-]+/[a-zA-Z0-9!#$&^_.+-]+$",
}


def find(t: Text, name: str, type_: str | None) -> list[Evidence]:
    """Standards named in the description (or, for currency/language, implied by the name)."""
    if type_ not in (None, "string", "array"):
        return []
    s = t.norm
    low = s.lower()
    hits: list[tuple[int, int, str]] = []
    for m in scan(_ISO639, s, low, ('639',)):
        hits.append((m.start(), m.end(), "ISO 639-1" if m.group("p") == "1" else "ISO 639"))
    for m in scan(_BCP47, s, low, ('bcp', 'ietf', 'language', 'locale', '5646', '4646', '语言', '語言')):
        hits.append((m.start(), m.end(), "BCP 47"))
    for m in scan(_ISO3166, s, low, ('3166', 'country', '国家', '國家')):
        if _PHONE.search(s[max(0, m.start() - 40) : m.end() + 40]) or _PHONE.search(name):
            continue
        if m.group("p") == "2":
            std = "ISO 3166-2"
        elif m.group("num"):
            std = "ISO 3166-1 numeric"
        elif m.group("a") == "3" or (m.group("w") or "").lower() in ("three", "3"):
            std = "ISO 3166-1 alpha-3"
        else:
            std = "ISO 3166-1 alpha-2"
        hits.append((m.start(), m.end(), std))
    for m in scan(_ISO4217, s, low, ('4217', 'currency', '货币', '貨幣', '币种', '幣種')):
        hits.append((m.start(), m.end(), "ISO 4217"))
    for m in scan(_TZ, s, low, ('zone', 'iana', 'olson', 'tz', '/', '时区', '時區')):
        hits.append((m.start(), m.end(), "IANA time zone"))
    for m in scan(_MIME, s, low, ('mime', 'media', 'content', '媒体', '媒體')):
        hits.append((m.start(), m.end(), "MIME type"))
    words = name_words(name)
    if not hits and words and words[-1] in ("currency",) or words[-2:] == ["currency", "code"]:
        m2 = re.search(r"\bcurrency\b|货币|貨幣|币种|幣種", s, re.I)
        if m2 and not hits:
            hits.append((m2.start(), m2.end(), "ISO 4217"))
    if not hits and words and words[-1] in ("lang", "language", "locale", "hl"):
        m3 = re.search(r"\blanguages?\b|\blocales?\b|语言|語言", s, re.I)
        if m3:
            hits.append((m3.start(), m3.end(), "BCP 47"))
    hits.sort(key=lambda h: (h[0], -(h[1] - h[0])))
    out: list[Evidence] = []
    seen: set[str] = set()
    last_end = -1
    for a, b, std in hits:
        family = " ".join(std.split()[:2])
        if family in seen or a < last_end:
            continue
        seen.add(family)
        last_end = b
        span = t.span(a, b)
        data: dict[str, Any] = {"standard": std, "pattern": PATTERNS[std]}
        out.append(Evidence("standard", span, t.original[span[0] : span[1]], (), data))
    return out
