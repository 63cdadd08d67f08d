"""Public standards named in prose (ISO 639 / BCP 47 languages and locales, ISO 3166 countries,
ISO 4217 currencies, IANA time zones, MIME types, IATA airport and US state codes): low risk,
since models know them, but a ``pattern`` still lets a validator catch a wrong shape.

One evidence per domain (a description that says "two-letter ISO 639-1 language code" names one
standard, not two), the explicit name preferred over a generic phrase; a generic phrase
("country code") counts only in the first sentence or when the field's name is about it, since
later sentences often speak of other values.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from linter import _recache
from linter.prose import formats
from linter.prose.evidence import Evidence
from linter.prose.text import Text, gate_text, has_any, name_words, other_bullet, scan

_ISO639 = _recache.compile(r"\bISO[- ]?639(?:-(?P<p>[1-5]))?\b", re.I | re.A)
_BCP47 = _recache.compile(
    r"\b(?P<x>BCP[- ]?47|IETF\s+(?:BCP[- ]?47\s+)?language\s+tags?|RFC[- ]?(?:5646|4646))\b"
    r"|\blanguage\s+(?:code|tag)s?\b|语言代码|語言代碼|语言编码|語言編碼",
    re.I | re.A,
)
_LOCALE = _recache.compile(r"\blocale\s+(?:code|identifier|tag|string)s?\b|\bPOSIX\s+locale\b", re.I | re.A)
_ISO3166 = _recache.compile(
    r"\b(?P<x>ISO[- ]?3166)(?:-(?P<p>[123]))?(?:[- _]?(?:alpha|α)[- _]?(?P<a>[23])|\s+(?P<num>numeric))?"
    r"|\b(?P<w>two|2|three|3)[- ](?:letter|character)\s+(?:ISO\s+)?country\s+codes?"
    r"|\bcountry(?:/region)?\s+codes?\b(?!\s+(?:for|of)\s+(?:the\s+)?phone)|国家代码|國家代碼|国家/地区代码|國家/地區代碼",
    re.I | re.A,
)
_ISO4217 = _recache.compile(
    r"\b(?P<x>ISO[- ]?4217)\b|\b(?:(?:three|3)[- ](?:letter|character)\s+)?(?:ISO\s+)?currency\s+codes?\b"
    r"|货币代码|貨幣代碼|币种代码|幣種代碼|货币编码|貨幣編碼",
    re.I | re.A,
)
_TZ = _recache.compile(
    r"\b(?P<x>(?:IANA|Olson|tz(?:\s+database)?|tzdb|zoneinfo)\s+(?:time\s*zones?|tz|zone\s+(?:names?|ids?)))"
    r"|\btime\s*zone\s+(?:names?|identifiers?|ids?|database)\b"
    r"|(?:\be\.g\.,?|\bsuch\s+as|\blike|\bexample:?|[`\"'“])[ ]*(?:America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Antarctica)/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?"
    r"|时区名称|時區名稱|时区ID|時區ID|IANA时区|IANA時區",
    re.I | re.A,
)
_CONTINENTS = ("america", "europe", "asia", "africa", "australia", "pacific", "atlantic", "antarctica")
_MIME = _recache.compile(r"(?<![/\w])(?P<x>MIME)(?:[- ]types?)?\b|\b(?:media|content)[- ]types?\b|媒体类型|媒體類型", re.I | re.A)
_MIME_SHAPE = _recache.compile(r"\b(?:application|text|image|audio|video|multipart|font|model)/[\w.+*-]+", re.A)
_IATA = _recache.compile(
    r"\b(?P<x>IATA|ICAO)\s+(?:(?P<place>airport|city|location)(?:\s+or\s+city)?|(?P<carrier>airline|carrier))(?:\s+(?:designator|codes?))?"
    r"|\bairport\s+\(?(?P<x2>IATA|ICAO)\)?\s+codes?",
    re.A,
)
_STATE = _recache.compile(
    r"\b(?:two|2)[- ](?:letter|character|char)\s+(?:US\s+|U\.S\.\s+)?state(?:\s+(?:codes?|abbreviations?))?\b|\bUSPS\s+state\b",
    re.I | re.A,
)
_WITHOUT = _recache.compile(r"\b(?:without|excluding|except|not)\b[^,.;]*$", re.I)  # "the flight number without IATA carrier code"
_NUMERIC_CCY = _recache.compile(r"\bnumeric\b|\b(?:three|3)[- ]digit\b", re.I | re.A)
_NOT_HUMAN = frozenset("markup programming query script scripting template expression".split())
_THREE_ALPHA = _recache.compile(r"\b(?:three|3)[- ](?:letter|char(?:acter)?|digit\s+alpha|alpha)\b", re.I | re.A)
_ALPHA3_WORD = _recache.compile(r"\balpha[- _]?3\b", re.I | re.A)  # "give the alpha3 code of the kiln's land": the standard's part named apart from it
_THREE_DIGIT = _recache.compile(r"\b(?:three|3)[- ]digit\b(?!\s+alpha)|\bnumeric\b", re.I | re.A)
_REGIONAL = _recache.compile(r"\b[a-z]{2,3}[-_][A-Z]{2}\b", re.A)
# "a list of language codes" says what the value is only where the text opens with it (or it
# follows "is", "as", "accepts"): "for a list of supported locales, see …" points elsewhere
_LIST = _recache.compile(
    r"\b(?:comma|space|semicolon)[- ]?(?:separated|delimited)\b"
    r"|(?:^\W*|\b(?:is|as|accepts?|takes?|provide|specify|pass)\s+)(?:an?|the)\s+list\s+of\b",
    re.I | re.A,
)
# "two-letter language codes": ISO 639-1's shape, not any BCP 47 tag
_TWO_LETTER_LANGUAGE = _recache.compile(r"\b(?:two|2)[- ](?:letter|character|char)\s+(?:ISO(?:[- ][\d-]+)?\s+)?language\s+codes?\b", re.I | re.A)
# "… or empty, which defaults to UTC": the empty string is a value too
_OR_EMPTY = _recache.compile(r"\bor\s+(?:an?\s+)?(?:empty|blank)(?:\s+string)?\b", re.I | re.A)
# "the format of 'value' varies depending on the type": the standard is one case of several
_VARIES = _recache.compile(
    r"\b(?:format|value|shape|syntax)s?\b[^.;]{0,30}\b(?:varies|vary|differs?)\s+(?:depending\s+on|by|with|according\s+to)\b", re.I | re.A
)
_PHONE = _recache.compile(r"phone|calling|dial", re.I | re.A)
_QUOTED_CODE = _recache.compile(r"[`'\"“‘]([A-Za-z]{2,3})[`'\"”’]")
_LOWER = _recache.compile(r"\blower[- ]?case\b|\bin\s+lowercase\b|小写|小寫", re.I | re.A)

PATTERNS: dict[str, str] = {
    "ISO 639-1": "^[a-zA-Z]{2}$",
    "ISO 639": "^[a-zA-Z]{2,3}$",
    "BCP 47": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$",
    "locale": "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$",
    "ISO 3166-1 alpha-2": "^[A-Z]{2}$",
    "ISO 3166-1 alpha-3": "^[A-Z]{3}$",
    "ISO 3166-1 numeric": "^[0-9]{3}$",
    "ISO 3166-2": "^([A-Z]{2}-)?[A-Z0-9]{1,3}$",
    "ISO 4217": "^[A-Z]{3}$",
    "IANA time zone": "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$",  # EST5EDT, GMT+0, GB-Eire too
    "MIME type": "^[a-zA-Z0-9!#$&^_.+*-]+/[a-zA-Z0-9!#$&^_.+*-]+( *;.*)?$",
    "IATA code": "^[A-Z]{3}$",
    "IATA airline code": "^[A-Z0-9]{2}$",
    "ISO 4217 numeric": "^[0-9]{3}$",
    "ICAO code": "^[A-Z]{4}$",
    "US state code": "^[A-Z]{2}$",
}
_DOMAIN = {
    "ISO 639-1": "language", "ISO 639": "language", "BCP 47": "language", "locale": "language",
    "ISO 3166-1 alpha-2": "country", "ISO 3166-1 alpha-3": "country", "ISO 3166-1 numeric": "country",
    "ISO 3166-2": "country", "ISO 4217": "currency", "IANA time zone": "tz", "MIME type": "mime",
    "IATA code": "airport", "ICAO code": "airport", "US state code": "state", "IATA airline code": "airline",
    "ISO 4217 numeric": "currency",
}
_NAME_DOMAIN = {
    "language": {"lang", "language", "languages", "locale", "locales", "hl", "lc"},
    "country": {"country", "countries", "region", "nation", "nationality", "iso"},
    "currency": {"currency", "currencies", "ccy"},
    "tz": {"tz", "timezone", "zone", "zoneinfo", "time"},
    "mime": {"mime", "media", "content", "type", "format"},
    "airport": {"airport", "origin", "destination", "from", "to"},
    "state": {"state", "province", "region"},
    "airline": {"airline", "carrier"},
}


class _Hit(NamedTuple):
    start: int
    end: int
    std: str
    explicit: bool


_PLACEHOLDER_OPEN = _recache.compile(r"[{<][^{}<>\n]{0,40}$")
_COND_START = _recache.compile(r"\s*(?:(?i:if|when|unless)\b|For\s+(?!example\b|instance\b)[A-Z][a-z]+,)")
_PLACEHOLDER_CLOSE = _recache.compile(r"[^{}<>\n]{0,40}[}>]")


def _elsewhere(s: str, h: "_Hit") -> bool:
    """A standard named where it is not this field's: inside a placeholder of a layout
    ("{language code}.{project}"), in a table row (another attribute's), or in a sentence under
    a condition ("For India, use the ISO 3166-2 code")."""
    if _PLACEHOLDER_OPEN.search(s, max(0, h.start - 40), h.start) and _PLACEHOLDER_CLOSE.match(s[h.end :]):
        return True
    line_start = s.rfind("\n", 0, h.start) + 1
    line_end = s.find("\n", h.end)
    if "| " in s[line_start : line_end if line_end >= 0 else len(s)]:
        return True
    cut = max(s.rfind(". ", 0, h.start), s.rfind("\n", 0, h.start))
    return _COND_START.match(s, cut + 1 if cut >= 0 else 0) is not None


def find(t: Text, name: str, type_: str | None) -> list[Evidence]:
    """Standards named in the description (or, for currency/language, implied by the name)."""
    if type_ not in (None, "string", "array") or name_words(name)[-1:] in (["version"], ["versions"]):
        return []  # "IANA Time Zone Database version, e.g. 2019a": a version of the standard
    s = t.norm
    low = gate_text(s)  # for the key gates only (blanks collapsed: not the offsets of s)
    words = set(name_words(name))
    hits: list[_Hit] = []
    # Every pattern below is scanned only when one of its keys occurs; when no key of any of
    # them does (most descriptions), none can match, and the whole block is skipped at once.
    if has_any(low, _KEYS):
        first_end = _first_sentence_end(s)
        for m in scan(_ISO639, s, low, ('639',)):
            hits.append(_Hit(m.start(), m.end(), "ISO 639-1" if m.group("p") == "1" else "ISO 639", True))
        for m in scan(_BCP47, s, low, ('bcp', 'ietf', 'language', '5646', '4646', '语言', '語言')):
            two = not m.group("x") and _TWO_LETTER_LANGUAGE.search(s, max(0, m.start() - 40), m.end()) is not None
            hits.append(_Hit(m.start(), m.end(), "ISO 639-1" if two else "BCP 47", bool(m.group("x")) or two))
        for m in scan(_LOCALE, s, low, ('locale',)):
            hits.append(_Hit(m.start(), m.end(), "locale", False))
        for m in scan(_ISO3166, s, low, ('3166', 'country', '国家', '國家')):
            if _PHONE.search(s[max(0, m.start() - 40) : m.end() + 40]) or _PHONE.search(name):
                continue
            if m.group("p") == "2":
                std = "ISO 3166-2"
            elif m.group("num"):
                std = "ISO 3166-1 numeric"
            elif m.group("a") == "3" or (m.group("w") or "").lower() in ("three", "3") or (not m.group("a") and (_THREE_ALPHA.search(s) or _ALPHA3_WORD.search(s))):
                std = "ISO 3166-1 alpha-3"
            elif not m.group("a") and _THREE_DIGIT.search(s):
                std = "ISO 3166-1 numeric"
            else:
                std = "ISO 3166-1 alpha-2"
            hits.append(_Hit(m.start(), m.end(), std, bool(m.group("x"))))
        for m in scan(_ISO4217, s, low, ('4217', 'currency', '货币', '貨幣', '币种', '幣種')):
            numeric = _NUMERIC_CCY.search(s[max(0, m.start() - 40) : m.end() + 40])
            hits.append(_Hit(m.start(), m.end(), "ISO 4217 numeric" if numeric else "ISO 4217", bool(m.group("x"))))
        # Every alternative of _TZ needs "zone" or "tz" (IANA/Olson/tzdb … time zones, zone names),
        # a CJK name, or a continent before a "/": the "/" of a URL alone is no cue (re.A: ASCII
        # case folding only, so the lower-cased text holds each word a match would contain).
        tz_cue = "zone" in low or "tz" in low or "时区" in s or "時區" in s or "/" in s and any(c in low for c in _CONTINENTS)
        for m in scan(_TZ, s, low, ('zone', 'iana', 'olson', 'tz', '/', '时区', '時區')) if tz_cue else ():
            hits.append(_Hit(m.start(), m.end(), "IANA time zone", bool(m.group("x"))))
        if not (words & {"accept"}):  # Accept takes media ranges and lists, not one MIME type
            for m in scan(_MIME, s, low, ('mime', 'media', 'content', '媒体', '媒體')):
                if m.group("x") or words & {"mime", "mimetype"} or (words & {"media", "content"} and words & {"type", "types"}) \
                        or _MIME_SHAPE.search(s):
                    hits.append(_Hit(m.start(), m.end(), "MIME type", bool(m.group("x"))))
        for m in scan(_IATA, s, low, ('iata', 'icao')):
            org = m.group("x") or m.group("x2")
            std = "IATA airline code" if m.group("carrier") else "ICAO code" if org == "ICAO" else "IATA code"
            hits.append(_Hit(m.start(), m.end(), std, True))
        for m in scan(_STATE, s, low, ('state',)):
            hits.append(_Hit(m.start(), m.end(), "US state code", False))
        hits = [
            h for h in hits
            if (h.explicit or h.start < first_end or words & _NAME_DOMAIN[_DOMAIN[h.std]]) and not other_bullet(s, h.start, name)
            and not _WITHOUT.search(s, max(0, h.start - 30), h.start) and not _elsewhere(s, h)
        ]
    if hits and words & {"name", "names"} and name_words(name)[-1] in ("name", "names"):
        # "stateName: the region's name (the ISO 3166-2 level)": the value is a name, not a code
        hits = [h for h in hits if _DOMAIN[h.std] in ("tz", "mime")]
    if not hits or _VARIES.search(s):
        return []  # (no hits: what _one_per_domain and _evidence make of them, most descriptions)
    return _evidence(t, [h for h in _one_per_domain(hits, words, s) if h.explicit or _named_by_shape(s, h)], type_)


# A generic phrase ("country code", "currency", "content type") names no standard by itself: it
# counts when the text gives the code's shape ("two-letter country code") or an instance of it
# (a MIME type like "application/json", a zone like "Europe/Paris"). An example without the
# phrase is handled by ``implied`` (the examples show the standard).
_SHAPE = _recache.compile(r"\b(?:two|2|three|3|four|4)[- ](?:letter|character|char|digit|alpha)\b", re.I | re.A)


_INSTANCE = _recache.compile(
    r"[`\"'“](?P<q>[^`\"'”\s]{1,40})[`\"'”]"
    r"|\b(?:e\.\s?g\.?|eg|for\s+example|such\s+as|like|i\.\s?e\.?)[,:]?\s+(?P<b>[A-Za-z][\w/+.-]{0,39}?)(?=[\s,.;)]|$)",
    re.I,
)
_TZ_NAME = _recache.compile(r"\b(?:" + "|".join(_CONTINENTS) + r")/[A-Z][A-Za-z_]+", re.I)
_CJK_CHAR = _recache.compile(r"[\u3400-\u9fff]")


def _named_by_shape(s: str, h: _Hit) -> bool:
    around = s[max(0, h.start - 40) : h.end + 10]
    if _SHAPE.search(around):
        return True
    shape = re.compile(PATTERNS[h.std].replace("( *;.*)?", ""))
    for m in _INSTANCE.finditer(s):
        tok = m.group("q") or m.group("b")
        if tok and shape.fullmatch(tok) and not (tok.islower() and tok.isalpha() and h.std.startswith(("ISO 3166", "ISO 4217"))):
            return True  # "for example `de-AT`", "e.g. EUR": an instance shows the standard
    if h.std == "MIME type":
        return _MIME_SHAPE.search(s) is not None
    if h.std == "IANA time zone":
        return _TZ_NAME.search(s) is not None
    return bool(_CJK_CHAR.search(s[h.start : h.end]))  # 货币代码: the Chinese term is the standard's own


# Every key of the scan() calls in find(), in one tuple (a test checks it stays complete), except
# "/": _TZ is scanned on a "/" only with a continent's name (``tz_cue``), so those stand for it.
_KEYS = (
    "language", "country", "currency", "content", "zone", *_CONTINENTS, "state", "media", "locale", "mime", "tz", "bcp", "ietf",
    "iana", "olson", "iata", "icao", "639", "3166", "4217", "5646", "4646", "语言", "語言", "国家", "國家", "货币", "貨幣",
    "币种", "幣種", "时区", "時區", "媒体", "媒體",
)
_SENTENCE_END = _recache.compile(r"[.!?。](?:\s|$)|\n")


def _first_sentence_end(s: str) -> int:
    m = _SENTENCE_END.search(s)
    return m.end() if m else len(s)


def _one_per_domain(hits: list[_Hit], words: set[str], s: str) -> list[_Hit]:
    by_domain: dict[str, _Hit] = {}
    alternatives: set[str] = set()
    for h in sorted(hits, key=lambda h: (not h.explicit, h.start)):
        prev = by_domain.setdefault(_DOMAIN[h.std], h)
        if prev is not h and h.explicit and prev.std != h.std:
            alternatives.add(_DOMAIN[h.std])  # "the ICAO code or IATA code": either shape
    for d in alternatives:
        del by_domain[d]
    lang, country = by_domain.get("language"), by_domain.get("country")
    if country and words & {"locale", "locales"}:
        lang, country = lang or country, None  # "a combination of a language and country code"
        by_domain.pop("country")
        by_domain["language"] = lang._replace(std="locale")
    if lang and lang.std.startswith("ISO 639") and _REGIONAL.search(s):
        by_domain["language"] = lang._replace(std="locale")  # "ISO 639 … the default is en-US"
    if lang and country:
        # "ISO-639-1, ISO-3166-1 codes, i.e. en_US": one value made of both, a locale
        del by_domain["country"]
        a, b = min(lang.start, country.start), max(lang.end, country.end)
        by_domain["language"] = _Hit(a, b, "locale", True)
    elif lang and lang.std == "BCP 47" and not lang.explicit and words & {"locale", "locales"}:
        by_domain["language"] = lang._replace(std="locale")
    return sorted(by_domain.values(), key=lambda h: h.start)


_BOTH_ALPHAS = _recache.compile(r"alpha-?2\b.{0,80}?\balpha-?3|alpha-?3\b.{0,80}?\balpha-?2|\b2\s+(?:or|to)\s+3[- ](?:letter|char)", re.I | re.S)
_SET_TO_CODE = _recache.compile(r"\b(?:set\s+to|must\s+be)\s+([a-z]{2,3}|[A-Z]{2,3})(?=[ ]*(?:[.,;)]|$))")


def _evidence(t: Text, hits: list[_Hit], type_: str | None = None) -> list[Evidence]:
    if not hits:
        return []  # most descriptions: skip the two searches below
    lower = bool(_LOWER.search(t.norm))
    sep = formats.list_separator(t.norm)
    # an array holds its codes one per item (the pattern goes on ``items``): only a string that
    # carries the list in one value gets the joined pattern
    listed = type_ != "array" and (bool(_LIST.search(t.norm)) or sep in (",", ";", " "))
    # instances the text quotes: "'de'", "`us`" in lower case say the codes are written so
    quoted = {m.group(1) for m in _QUOTED_CODE.finditer(t.norm)}
    quoted |= {m.group(1) for m in _SET_TO_CODE.finditer(t.norm)}  # "it must be set to us": one, as written
    low_seen = any(q.islower() for q in quoted)
    up_seen = any(q.isupper() for q in quoted)
    out: list[Evidence] = []
    for h in hits:
        span = t.span(h.start, h.end)
        pattern = PATTERNS[h.std]
        if h.std in ("ISO 3166-1 alpha-2", "ISO 3166-1 alpha-3") and _BOTH_ALPHAS.search(t.norm):
            pattern = "^[A-Z]{2,3}$"  # "2 chars (Alpha-2) or 3 chars (Alpha-3)": either length
        if pattern.startswith("^[A-Z]{") and pattern.endswith("}$"):
            if lower or (low_seen and not up_seen):
                pattern = pattern.replace("A-Z", "a-z")
            elif low_seen:
                pattern = pattern.replace("A-Z", "A-Za-z")
        if listed:
            one = pattern[1:-1]  # "a comma-delimited list of languages": each item has the shape
            joint = {",": ",", ";": ";", " ": " "}.get(sep or ",", ",")
            pattern = f"^{one}( *{joint} *{one})*$" if joint != " " else f"^{one}( +{one})*$"
        if _OR_EMPTY.search(t.norm):
            pattern = f"^(?:{pattern[1:-1]})?$"
        data: dict[str, Any] = {"standard": h.std, "pattern": pattern}
        out.append(Evidence("standard", span, t.original[span[0] : span[1]], (), data))
    return out


_IMPLIED = (
    (_recache.compile(r"\bcurrenc(?:y|ies)\b|货币|貨幣|币种|幣種", re.I), _recache.compile(r"[A-Z]{3}"), "ISO 4217"),
    (_recache.compile(r"\blanguages?\b|\blocales?\b|语言|語言", re.I), _recache.compile(r"[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?"), "BCP 47"),
    (_recache.compile(r"\bcountry\b|\bcountries\b|国家|國家", re.I), _recache.compile(r"[A-Z]{2}"), "ISO 3166-1 alpha-2"),
    (_recache.compile(r"\bairports?\b", re.I), _recache.compile(r"[A-Z]{3}"), "IATA code"),
)


def named_by_field(name: str, values: tuple[str, ...]) -> bool:
    """``Accept-Language: e.g. en``: the field's name already says which standard the example
    comes from."""
    words = name_words(name)
    std = {"language": "BCP 47", "lang": "BCP 47", "locale": "locale", "culture": "locale", "hl": "BCP 47", "currency": "ISO 4217",
           "country": "ISO 3166-1 alpha-2"}.get(words[-1] if words else "")
    return bool(std and values and all(re.fullmatch(PATTERNS[std], v) for v in values))


def implied(t: Text, values: tuple[str, ...]) -> Evidence | None:
    """Examples that show a standard the description only hints at ("Currency you want to
    convert. For example, EUR"): the standard is the vocabulary, not a private set."""
    for word, shape, std in _IMPLIED:
        m = word.search(t.norm)
        if m and values and all(shape.fullmatch(v) for v in values):
            span = t.span(m.start(), m.end())
            return Evidence("standard", span, t.original[span[0] : span[1]], (), {"standard": std, "pattern": PATTERNS[std]})
    return None
