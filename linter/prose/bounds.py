"""Numeric and length bounds stated in prose ("between 1 and 100", "max 50", "at most 255
characters", "up to 20 items", "must be positive", 不超过64个字符), with the JSON Schema keyword
that would enforce each (chosen from the unit word, then the field type)."""

from __future__ import annotations

import re
from typing import Any

from linter import _recache
from linter.prose.evidence import Evidence
from linter.prose.text import LATIN_WORD, LOWER_WORD, Text, gate_text, has_any, name_words, other_bullet, same_name, scan

_NUM = r"[-+−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)|[-+−]?\d+(?:\.\d+)?(?![\d.]*\d)"
_UNIT = (
    r"(?:(?:(?:unicode|utf-?8|ascii|alphanumeric|numeric|total|decimal|single-?byte|double-?byte|multi-?byte|printable)\s+){0,2}"
    r"(?P<unit>(?:characters?|chars?|letters?|bytes?|digits?|symbols?|code\s*points?|items?|elements?|entries|entry"
    r"|values?|objects?|records?|results?|tags?|ids?|strings?|members?|numbers?|keys?"
    r"|kb|mb|gb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?|percent|seconds?|minutes?|hours?|days?|weeks?|months?|years?|ms|milliseconds?)(?![a-z])(?![ \t]*:)"
    r"|字符|个字符|個字符|字元|個字元|字节|字節|个字|個字|字(?![段节節])|位|个|個|项|項|条|條|%"
    r"|毫秒|秒|分钟|分鐘|小时|小時|天|周|週|岁|歲))"
)
# Blanks between a number and the unit after it: one line break at most (a wrapped line), not a
# paragraph ("Character limit: 16\n\n\nValues: …" has no unit)
_SP = r"[ \t]*\n?[ \t]*"
_LEN_UNITS = _recache.compile(
    r"^(?:characters?|chars?|letters?|bytes?|digits?|symbols?|code\s*points?|字符|个字符|個字符|字元|個字元|字节|字節|个字|個字|字|位)$",
    re.I | re.A,
)
_ITEM_UNITS = _recache.compile(r"^(?:items?|elements?|entries|entry|objects?|tags?|ids?|strings?|members?|keys?|项|項|个|個|条|條)$", re.I | re.A)
_TIME_UNITS = _recache.compile(r"^(?:ms|milliseconds?|seconds?|minutes?|hours?|days?|weeks?|months?|years?|毫秒|秒|分钟|分鐘|小时|小時|天|周|週)$", re.I)
_NAMED_SIZE = _recache.compile(r"\b([a-z]+)\s+(?:size|sizes|length)\b|\b([a-z]+)s?\s+(?:(?:must|should|can|may)\s+(?:not\s+)?be|are|is)\b", re.I)
_BYTE_MULTIPLES = {"k": 1024, "m": 1024**2, "g": 1024**3}
_SKIP_UNITS = _recache.compile(r"^(?:kb|mb|gb|kib|mib|gib|kilobytes?|megabytes?|gigabytes?)$", re.I | re.A)

_NOTE = r"(?:\s*\([^()\n]{1,30}\))?"  # "300 (5 minutes)": what the number means, in passing
# "must not be", "cannot be": a comparison refused ("cannot be less than 4" is a lower bound)
_REFUSED = r"(?:(?:must|should|may|will|shall|can|does|do)\s+not|cannot|can't)\s+be\s+"
# "must be a number greater than 2", "should be an integer less than 9": what kind of number, in passing
_KIND_OF_NUMBER = r"(?:an?\s+(?:(?:positive|whole|real|decimal)\s+)?(?:integer|number|value|amount)\s+)?"
_FILL = r"(?:\s+(?:valid|allowed|possible|permitted|supported|accepted|total))?(?:\s+(?:value|length|size|number|count|amount|limit))?(?:\s+of\s+(?!\d)[a-z]+){0,1}(?:\s+(?:per\s+\w+|in\s+length))?(?:\s+that\s+(?:can|may|will)\s+be\s+[a-z]+)?\s*(?:is|of|:|=|are|to|can\s+be|would\s+be)?\s*"
# Patterns that open with ``(?=…)``: a lookahead on the first character a match can start with
# (each alternative's first letter, under the pattern's own flags) is a necessary condition, so
# it changes no match; it lets ``re`` reject most positions with one class test instead of
# trying every alternative of a long case-insensitive alternation there.
_MAX = _recache.compile(
    r"(?=\b[mauncsdwli]|\bthe\s+(?:limit|max)|[<≤])"  # ("the" only before the two words its alternatives go on with)
    r"(?P<cue>\bmax(?:imum)?\.?|\bat\s+most|\bup\s+to(?:\s+and\s+including)?|\bno\s+more\s+than|\bnot\s+more\s+than|\bno\s+(?:larger|greater|higher|longer|bigger)\s+than"
    r"|\bnot\s+(?:larger|greater|higher|longer)\s+than|\b(?:cannot|can't|must\s+not|may\s+not|should\s+not|does\s+not|will\s+not|not\s+to|can\s+not)\s+exceed"
    r"|\bnot\s+exceed(?:ing)?|\bless\s+than\s+or\s+equal\s+to|\blimited\s+to|\blimit\s+of|\blimitations?\s*:|\bcharacter\s+limit|\blength\s+limit|\bmax(?:imum)?[-_ ]?length"
    r"|\bas\s+many\s+as|\bthe\s+limit\s+is|\b(?:must|should|can|may|will)\s+not\s+be\s+(?:more|greater|larger|longer|higher|bigger)\s+than"
    r"|\b(?:cannot|can't|can\s+not)\s+be\s+(?:more|greater|larger|longer|higher|bigger)\s+than"
    r"|\bthe\s+max(?:imum)?\s+(?:value\s+|number\s+)?(?:that\s+)?you\s+can\s+(?:specify|set|request|use|enter)(?:\s+is)?"
    r"|\b(?:must|should)\s+be\s+" + _KIND_OF_NUMBER + r"(?:less|fewer|smaller|shorter|lower)\s+than|\b(?:is|are)\s+(?:less|fewer|smaller|shorter|lower)\s+than|<=|≤)"
    + _FILL + r"(?P<n>" + _NUM + r")" + _SP + _UNIT + r"?",
    re.I | re.A,
)
_MAX_POST = _recache.compile(
    r"(?=[-+−0-9])(?<![\w.,-])(?P<n>" + _NUM + r")\s*" + _UNIT + r"?\s*(?:in\s+length\s+)?"
    r"(?P<cue>or\s+(?:less|fewer|below|under|smaller|shorter)|\(?max(?:imum)?\)?(?!\s*[\w(]|[-:])|at\s+most|limit\b|以内|以內|以下)",
    re.I | re.A,
)
_MIN = _recache.compile(
    r"(?=\b[mangscdw]|[>≥])"
    r"(?P<cue>\bmin(?:imum)?[-_ ]?length|\bmin(?:imum)?\.?|\bat\s+least|\bno\s+(?:less|fewer|smaller|shorter|lower)\s+than|\bnot\s+(?:less|fewer|smaller|shorter|lower)\s+than"
    r"|\b" + _REFUSED + r"(?:less|fewer|smaller|shorter|lower)\s+than"  # "cannot be less than 4": at least 4
    r"|\bgreater\s+than\s+or\s+equal\s+to|\b(?:must|should)\s+be\s+" + _KIND_OF_NUMBER + r"(?:greater|more|larger|longer|higher)\s+than|>=|≥)"
    + _FILL + r"(?P<n>" + _NUM + r")" + _SP + _UNIT + r"?",
    re.I | re.A,
)
_MIN_POST = _recache.compile(
    r"(?=[-+−0-9])(?<![\w.,-])(?P<n>" + _NUM + r")\s*" + _UNIT + r"?\s*(?P<cue>or\s+(?:more|greater|higher|above|larger|longer)|\(?minimum\)?(?!\s*[\w(]|[-:])|以上)",
    re.I | re.A,
)
# "The maximum batch size is 250", "Maximum batch size: 250", "the max length for this key is 24 characters": the words
# between the cue and "is" say what is bounded, so they are read (``_np_family``), not skipped
_MAX_IS = _recache.compile(
    r"(?=[mM])\bmax(?:imum)?(?P<np>(?:\s+(?!(?:is|are|was|were|if|when|unless|and|or|but|not)\b)[A-Za-z$_`'’][\w$`'’-]*){0,7}?)"
    r"(?:\s+(?:is|are)\s+|\s*[:=]\s*)(?:currently\s+|set\s+to\s+)?`?(?P<n>" + _NUM + r")`?" + _SP + _UNIT + r"?",
    re.I | re.A,
)
# "400 days is the maximum", "48 characters is the maximum allowed"
_IS_MAX = _recache.compile(
    r"(?=[-+−0-9`])(?<![\w.,-])`?(?P<n>" + _NUM + r")`?\s*" + _UNIT + r"?\s+(?:is|are)\s+the\s+max(?:imum)?"
    r"(?:\s+(?:allowed|permitted|supported|accepted|possible|value|length|size|number))?\b",
    re.I | re.A,
)
_LOW_WORDS = r"less|fewer|smaller|shorter|lower"
_HIGH_WORDS = r"greater|more|larger|longer|higher|bigger"
# Both ends in one comparison: "must not be less than 2 or greater than 40" (refused, inclusive),
# "must be a number greater than 0 and less than 5" (kept, exclusive unless "or equal to")
_REFUSED_PAIR = _recache.compile(
    r"(?=\b[mscwd])\b" + _REFUSED + r"(?P<d1>" + _LOW_WORDS + "|" + _HIGH_WORDS + r")\s+than\s+(?P<a>" + _NUM + r")" + _SP
    + _UNIT.replace("unit", "u1") + r"?\s*,?\s*(?:or|nor)\s+(?:be\s+)?(?P<d2>" + _LOW_WORDS + "|" + _HIGH_WORDS
    + r")\s+than\s+(?P<b>" + _NUM + r")" + _SP + _UNIT + r"?",
    re.I | re.A,
)
# the second comparison of a refused pair ("… or greater than 40", "nor be less than 2"): each
# match holds one of these ("nor" ends in "or")
_PAIR_SECOND = ("or be ",) + tuple(f"or {w}" for w in _LOW_WORDS.split("|") + _HIGH_WORDS.split("|"))
_KEPT_PAIR = _recache.compile(
    r"(?=\b[msh])\b(?:must|should|shall|has\s+to|needs?\s+to)\s+be\s+" + _KIND_OF_NUMBER
    + r"(?P<d1>" + _LOW_WORDS + "|" + _HIGH_WORDS + r")\s+than\s+(?P<e1>or\s+equal\s+to\s+)?(?P<a>" + _NUM + r")" + _SP
    + _UNIT.replace("unit", "u1") + r"?\s*,?\s*and\s+(?P<d2>" + _LOW_WORDS + "|" + _HIGH_WORDS
    + r")\s+than\s+(?P<e2>or\s+equal\s+to\s+)?(?P<b>" + _NUM + r")" + _SP + _UNIT + r"?",
    re.I | re.A,
)
# "1 <= tilt <= 80", "0 < x ≤ 1": a chain with the value in the middle (``(?P<v>)``, checked
# to name this value: "0 <= `bay` <= 9" bounds another field)
_CHAIN = _recache.compile(
    r"(?=[-+−0-9])(?<![\w.])(?P<a>" + _NUM + r")\s*(?P<o1><=|=<|≤|<)\s*`?(?P<v>[A-Za-z_][\w.]*)`?\s*(?P<o2><=|=<|≤|<)\s*(?P<b>" + _NUM + r")",
    re.A,
)
_CHAIN_VARS = frozenset({"x", "n", "v", "i", "k", "value", "val"})
# A value past one end is brought back to it: "values above 500 are capped at 500", "less than
# -20m should be mapped to -20" (the same number both times: "above 500 are rounded to 50" is no
# clamp), or refused: "values larger than 90 are rejected"
_CLAMP = _recache.compile(
    r"(?=\b[ghlmaoebsfu])\b(?P<d>(?:" + _LOW_WORDS + "|" + _HIGH_WORDS + r")\s+than|above|over|exceeding|beyond|below|under)\s+`?(?P<n>" + _NUM
    + r")`?(?P<att>[A-Za-z]{1,3}\b)?(?:" + _SP + _UNIT + r")?"
    r"(?:\s+(?:will|would|are|is|should|shall|must|may|get|gets))?(?:\s+be)?\s+"
    r"(?:(?:mapped|clamped|capped|set|rounded(?:\s+(?:down|up))?|treated|coerced|reduced|truncated|limited|changed"
    r")\s+(?:to|at|as|down\s+to)\s+(?:the\s+value\s+)?`?(?P<m>" + _NUM
    + r")`?(?:[A-Za-z]{1,3}\b)?(?:" + _SP + _UNIT.replace("unit", "u2") + r")?"
    r"|(?P<rej>rejected|refused|invalid|not\s+(?:allowed|accepted|permitted)))",
    re.I | re.A,
)
# each match holds one of _CLAMP_SIDES and one of _CLAMP_KEYS
_CLAMP_SIDES = ("than", "above", "over", "exceeding", "beyond", "below", "under")
_CLAMP_KEYS = ("mapped", "clamped", "capped", "set ", "rounded", "treated", "coerced", "reduced", "truncated", "limited",
               "changed", "rejected", "refused", "invalid", "not allowed", "not accepted", "not permitted")
# A range that is a part of the description on its own, on a number: "Tilt in degrees, -40 to
# 40.", "Share (0-100)", "[2-60]": what is before it is a delimiter, what is after it a
# delimiter or a unit in parentheses. Words after it make it part of a phrase
# ("9-17 on weekdays", "1 - 3 days").
_ALONE = _recache.compile(
    r"[,;(\[][ \t]*(?P<a>" + _NUM + r")" + _NOTE + r"\s*(?:to|through|-|–|~)\s*(?P<b>" + _NUM + r")"
    r"(?!,\d)(?:\s*\([A-Za-z°%][\w°%/ ]{0,15}\))?(?=\s*(?:[,;)\]]|\.(?!\d)|$))",
    re.I | re.A,
)
# (it opens with its delimiter, a class of four characters ``re`` can look for fast; not ":":
# "steel: 1-16" names a case, and "Values: 1-16" is _RANGE's)
# "-10, 10-20, 20-30": a list of numbers or ranges, of which the range is one item
_IN_A_LIST = _recache.compile(r"\s*,\s*[-+−]?\d", re.A)
_LIST_BEFORE = _recache.compile(r"\d\s*,\s*$", re.A)
# "Numeric [0-9]", "letters, digits (0-9)": a class of characters
_CHAR_CLASS_BEFORE = _recache.compile(r"(?:numbers?|digits?|numerals?|numeric|a-z|A-Z)[\s,(\[]*$", re.I | re.A)
# "on a 1-7 scale", "rated on a 0-10 basis"
_SCALE = _recache.compile(
    r"(?=[oO])\bon\s+an?\s+(?P<a>" + _NUM + r")\s*(?:-|–|to)\s*(?P<b>" + _NUM + r")(?:[\s-]+point)?\s+(?:scale|basis)\b",
    re.I | re.A,
)
# "urgent (1) to idle (6)": a scale whose ends are named, each with its number. The match opens
# at the first "(" (a literal ``re`` finds fast); the name before it is read by _NAME_BEFORE.
_NAMED_ENDS = _recache.compile(
    r"\(\s*(?P<a>" + _NUM + r")\s*\)\s*(?:to|through|-|–)\s*[A-Za-z][\w-]*\s*\(\s*(?P<b>" + _NUM + r")\s*\)",
    re.I | re.A,
)
_NAME_BEFORE = _recache.compile(r"\b[A-Za-z][\w-]*\s*$", re.A)
# "the largest value allowed is 40", "the smallest permitted number is 2": a superlative of the
# value, with a word that says it is the allowed one ("the highest priority is 1" is a meaning)
_ALLOWED = r"(?:allowed|permitted|accepted|supported|possible|valid)"
_SUPERLATIVE = _recache.compile(
    r"(?=[lhgbsLHGBS])\b(?P<w>largest|highest|greatest|biggest|smallest|lowest)\s+(?P<p1>" + _ALLOWED + r"\s+)?(?:value|number)\s+"
    r"(?P<p2>" + _ALLOWED + r"\s+)?(?:is|are)\s+`?(?P<n>" + _NUM + r")`?" + _SP + _UNIT + r"?",
    re.I | re.A,
)
# "Upper limit: 40", "the lower bound is 2"
_LIMIT = _recache.compile(
    r"(?=[uUlL])\b(?P<w>upper|lower)\s+(?:bound|limit)\s*(?::|=|is\b|of\b)\s*`?(?P<n>" + _NUM + r")`?" + _SP + _UNIT + r"?",
    re.I | re.A,
)
# What follows a bound and makes it hold only sometimes ("… is 100 for trial accounts")
_COND_AFTER = _recache.compile(
    r"\s*,?\s*(?:if|when|whenever|unless|except|for\s+(?!this\b|each\b|every\b|a\s+single\b|one\b|the\s+(?:field|parameter|value)\b)"
    r"|or\s+(?:an?\s+)?equivalent)",
    re.I | re.A,
)
# A sentence that opens with a case ("For a daily meeting, the maximum …", "When `x` is set, …")
_COND_HEAD = _recache.compile(r"\s*(?:if|when|whenever|unless|for|with)\b[^,.\n]{0,80},", re.I | re.A)
# The time unit a bound is in, and the one the field's value is counted in (from its name, or
# "in seconds", "(ms)", "number of days"): "from 1 hour to 12 hours" does not bound a
# DurationSeconds by 12
_TIME_CANON = {
    "ms": "ms", "msec": "ms", "msecs": "ms", "millis": "ms", "millisecond": "ms", "milliseconds": "ms", "毫秒": "ms",
    "sec": "s", "secs": "s", "second": "s", "seconds": "s", "秒": "s", "mins": "min", "minute": "min", "minutes": "min",
    "分钟": "min", "分鐘": "min", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "小时": "h", "小時": "h",
    "day": "d", "days": "d", "天": "d", "week": "w", "weeks": "w", "周": "w", "週": "w",
    "month": "mo", "months": "mo", "year": "y", "years": "y",
}
_DECLARED_UNIT = _recache.compile(
    r"\bin\s+(?:whole\s+|integer\s+)?(?P<a>milliseconds|seconds|minutes|hours|days|weeks|months|years|ms|secs?|mins)\b"
    r"|\((?P<b>milliseconds|seconds|minutes|hours|days|weeks|months|years|ms|secs?|mins?)\)"
    r"|\bnumber\s+of\s+(?P<c>milliseconds|seconds|minutes|hours|days|weeks|months|years)\b"
    r"|\bin\s+(?:multiples|units)\s+of\b",
    re.I | re.A,
)


def _value_units(s: str, name: str) -> set[str]:
    """The time units the field's value is said to be counted in; ``{"?"}`` for a unit of its own
    ("in multiples of the granularity", a name ending in Unit)."""
    words = name_words(name)
    out = {_TIME_CANON[w] for w in words if w in _TIME_CANON}
    if "unit" in words or "units" in words:
        out.add("?")
    for m in _DECLARED_UNIT.finditer(s):
        u = (m.group("a") or m.group("b") or m.group("c") or "").lower()
        out.add(_TIME_CANON.get(u, "min" if u.startswith("min") else "?") if u else "?")
    return out


# A recommendation or a default is not a bound ("recommended minimum of 50")
_ADVICE_BEFORE = _recache.compile(r"\b(?:recommended|suggested|ideal|optimal|typical|preferred|default)\s+$", re.I | re.A)
# A field that says where to start (a page number, an offset) is not bounded by the page's size
_ADVICE_SENTENCE = _recache.compile(r"\b(?:we|i)\s+(?:strongly\s+)?recommend|\bit\s+is\s+(?:strongly\s+)?recommended\b|\bideally\b", re.I | re.A)
_ALT_PAREN_BEFORE = _recache.compile(r"(?:,|\bor)\s+[\w-]+\s*\(\s*$", re.I | re.A)
_OR_WORD_BEFORE = _recache.compile(r"\bor\b", re.I | re.A)
_DISTINCT_AFTER = _recache.compile(r"\s*(?:unique|distinct|different)\s+(?:characters?|chars?|letters?|digits?|values?|items?)\b", re.I | re.A)
_POSITION_WORDS = frozenset({"page", "offset", "skip", "start", "index", "cursor", "position", "from"})
_PAGE_SIZE = _recache.compile(r"\bper\s+(?:page|call|request|response)\b|\bpage\s+(?:size|limit)\b|\bpaging\s+limit\b"
                        r"|\bin\s+(?:a\s+single|one|each)\s+(?:api\s+)?(?:call|request|response|page)\b", re.I | re.A)
_OR_VALUE = _recache.compile(r"\s*,?\s*or\s+`?(" + _NUM + r")`?(?=\s*(?:to|for|in|if|when|which|means?|meaning|disables?|\(|,|\.|;|$))", re.A | re.I)
_OR_ANOTHER = _recache.compile(r"[^.;\n]{0,40}?\bor\s+\d", re.A)
# "defaults to the maximum, 40": the default is the maximum, and the maximum is stated
_DEFAULTS_TO = _recache.compile(r"\bdefaults?\s+to\s+(?:the\s+)?$", re.I | re.A)
# "from 900 seconds (15 minutes) up to the maximum set for the role": a lower bound, the upper one elsewhere
_FROM_TO_MAX = _recache.compile(
    r"\bfrom\s+`?(?P<n>" + _NUM + r")`?\s*" + _UNIT + r"?" + _NOTE + r"\s+(?:up\s+)?to\s+the\s+max(?:imum)?\b",
    re.I | re.A,
)
_BETWEEN = _recache.compile(
    r"\bbetwe?en\s+`?(?P<a>" + _NUM + r")`?\s*(?:" + _UNIT.replace("unit", "u1") + r")?" + _NOTE + r"\s*(?:and|to|-|–)\s*`?(?P<b>" + _NUM + r")`?" + _SP
    + _UNIT + r"?(?:\s*\(?(?P<incl>inclusive(?:ly)?|exclusive(?:ly)?)\)?)?",
    re.I | re.A,
)
_RANGE = _recache.compile(
    r"(?=\b[frbiaowvls]|[:：])"
    r"(?P<ctx>\b(?:from|ranges?(?:\s+(?:of|is|from))?|range\s+of|be|is|are|of|within|in\s+the\s+range(?:\s+of)?|values?|length|size)\s*:?\s+|(?<=[A-Za-z\u4e00-\u9fff*])[:：]\s*)"
    r"(?P<qa>`)?(?P<a>" + _NUM + r")(?(qa)`)\s*(?:" + _UNIT.replace("unit", "u1") + r")?" + _NOTE
    + r"\s*(?:to|up\s+to|through|thru|-|–|~|～|\.\.)\s*(?P<qb>`)?(?P<b>" + _NUM + r")(?(qb)`)(?![\d:])" + _SP + _UNIT + r"?",
    re.I | re.A,
)
# "with 6 to 18 characters", "(4-19 characters)", "1 to 100 percent": the unit says what the range bounds
_RANGE_UNIT = _recache.compile(
    r"(?=[-+−0-9`])(?=`?[-+−]?[\d,.]+`?\s*(?:to|-|–))(?<![\w.,\-/:#$`])(?P<qa>`)?(?P<a>" + _NUM + r")(?(qa)`)\s*(?:to|-|–)\s*(?P<qb>`)?(?P<b>" + _NUM + r")(?(qb)`)\s*"
    r"(?:(?:unicode|utf-?8|ascii|alphanumeric|numeric|printable|single-byte|hexadecimal|hex)\s+)?"
    r"(?P<unit>characters?|chars|letters?|digits?|bytes?|items|elements|entries|percent|%)(?![\w%])",
    re.I | re.A,
)
_RANGE_ANY = _recache.compile(r"(?=[0-9])(?<![\w.\-/:#])(?P<a>\d+(?:\.\d+)?)\s*(?:-|–|~|～)\s*(?P<b>\d+(?:\.\d+)?)(?![\w.\-/:%])", re.A)
_RANGE_CTX = _recache.compile(r"\b(?:values?|range|number|length|between|limit|size|digits?|characters?)\b|取值|范围|範圍|长度|長度", re.I | re.A)
_INTERVAL = _recache.compile(
    r"(?=\b[ribw]|[取范範区區])"
    r"(?P<ctx>\b(?:range|interval|between|in|within)\b|取值|范围|範圍|区间|區間)[^\n\[(（]{0,12}?(?P<l>[\[(（])\s*(?P<a>" + _NUM + r")" + _NOTE
    + r"\s*[,，]\s*(?P<b>" + _NUM + r")" + _NOTE + r"\s*(?P<r>[\])）])",
    re.I | re.A,
)
_SIGN = _recache.compile(
    # a refused or rejected negative: at least 0 ("cannot be negative", "negative values are rejected")
    r"(?=[achmnpsz不大正非])(?:\b(?:(?:must|should|may|shall|can)\s+not|cannot|can't)\s+be\s+(?:a\s+)?(?P<nn>negative)\b"
    r"|\b(?P<rej>negative\s+(?:values?|numbers?|integers?|amounts?)\s+(?:are|is|will\s+be|get|return|returns|result\s+in|causes?)\s+"
    r"(?:not\s+(?:allowed|accepted|permitted|supported|valid)|rejected|refused|invalid|disallowed|forbidden"
    r"|(?:treated\s+as|set\s+to|clamped\s+to|mapped\s+to|changed\s+to)\s+(?:0|zero)\b|an?\s+(?:`?[\w.]+`?\s+)?error))"
    r"|\b(?:must|should|has\s+to|needs?\s+to|shall)\s+be\s+(?:a\s+)?(?:strictly\s+)?(?P<s>positive|negative|non-?negative|non-?positive)(?P<z>\s+or\s+zero)?"
    r"|(?<![-\w])(?P<art>a\s+|an\s+|any\s+|small\s+)?(?P<s2>positive|negative|non-?negative)\s+(?:integer|number|value|whole\s+number|amount|int)s?\b"
    r"|\bzero\s+or\s+(?:a\s+)?positive"
    r"|\b(?:must|should|has\s+to|needs?\s+to|shall)\s+be\s+(?:(?:greater|larger|more|higher)\s+than\s+zero"  # as "positive"
    r"|(?P<nz>zero\s+or\s+(?:greater|more|higher|larger|above)|(?:greater|larger|more|higher)\s+than\s+or\s+equal\s+to\s+zero))\b"
    r"|(?P<zh>正整数|正整數|非负整数|非負整數|非负数|非負數|正数|正數|大于0|大於0|大于零|大於零|不能为负|不能為負))",
    re.I | re.A,
)
# A negative value given a meaning of its own ("-1 means no limit", "If -1, …", "-1 for unlimited",
# "set to -1 to disable"): the lowest value the field takes, when it is the only negative named
_SENTINEL = _recache.compile(
    r"(?P<lead>\b(?:if|when)\s+(?:(?:it\s+is|the\s+value\s+is|set)\s+(?:to\s+)?)?)?"
    r"(?<![\w.+−-])(?P<q>[`\"']?)(?P<n>-[1-9]\d{0,2})(?P=q)"
    r"(?(lead)\s*[,:]|\s*(?:=|:(?=\s)|means?\b|indicates?\b|disables?\b|denotes?\b|signifies\b|represents?\b|stands\s+for\b"
    r"|(?:is|will\s+be)\s+(?:treated|interpreted|read)\s+as\b|if\b|when\b"
    r"|for\s+(?:unlimited|no\b|none\b|infinite|infinity|all\b|any\b|disabled?\b|off\b|never\b|unknown\b)"
    r"|to\s+(?:disable|indicate|mean|signal|turn\s+off|remove|allow\s+(?:unlimited|any|all))\b))",
    re.I | re.A,
)
_EXAMPLE_BEFORE = _recache.compile(r"(?:\be\.\s?g\.?|\bfor\s+(?:example|instance)|\bsuch\s+as|\bexample)\W{0,3}$", re.I | re.A)
_NEGATIVE_NUMBER = _recache.compile(r"(?<![\w.+−-])-\d", re.A)
# values signed by nature: a negative value is one more of the kind, not a sentinel
_SIGNED_NAMES = frozenset({"offset", "delta", "shift", "diff", "difference", "change", "adjustment", "latitude", "lat",
                           "longitude", "lng", "lon", "long", "x", "y", "z", "temperature", "temp", "balance", "tilt",
                           "angle", "bias", "gain", "skew", "utc", "timezone", "tz", "position", "index", "priority"})
# "Refund, a negative number." ends there: the value is described, not a use of it
_SIGN_END = _recache.compile(r"\s*(?:[.,;)]|$)", re.A)
_SINGLE_ITEM = _recache.compile(
    r"\bonly\s+(?:one|a\s+single|1)\s+\w+(?:\s+\w+)?\s+(?:is|can\s+be|may\s+be)\s+(?:supported|allowed|specified|permitted|accepted|provided)"
    r"|\b(?:you\s+)?(?:can|may)\s+only\s+(?:specify|provide|pass|include|supply|send|set|use|add|select|choose|enter|give)"
    r"\s+(?:one|a\s+single|1)\s+(?!of\b)[a-z]\w*",
    re.I | re.A,
)
_ZH_MAX = _recache.compile(
    r"(?P<cue>最大(?:值|长度|長度|数量|數量|条数|條數|个数|個數)?|最多|不超过|不超過|不能超过|不能超過|不大于|不大於|小于等于|小於等於|上限|至多"
    r"|不得超过|不得超過|长度不超过|長度不超過|最长|最長|长度为|長度為)[ ]*(?:为|為|是|:|：)?[ ]*(?P<n>" + _NUM + r")[ ]*" + _UNIT + r"?",
    re.A,
)
_ZH_MIN = _recache.compile(
    r"(?P<cue>最小(?:值|长度|長度)?|最少|至少|不少于|不少於|不小于|不小於|大于等于|大於等於|下限|最短)[ ]*(?:为|為|是|:|：)?[ ]*(?P<n>" + _NUM + r")[ ]*" + _UNIT + r"?",
    re.A,
)
_ZH_RANGE = _recache.compile(
    r"(?:介于|介於|在|从|從|为|為)?[ ]*(?P<a>" + _NUM + r")[ ]*(?:" + _UNIT.replace("unit", "u1") + r")?[ ]*(?:到|至|~|～|-|－|—|和)[ ]*(?P<b>" + _NUM + r")[ ]*" + _UNIT
    + r"?[ ]*(?:之间|之間|以内|以內|范围内|範圍內)"
    r"|(?:取值范围|取值範圍|范围|範圍|长度|長度)[ ]*(?:为|為|是|:|：)?[ ]*(?P<a2>" + _NUM + r")[ ]*(?:到|至|~|～|-|－|—)[ ]*(?P<b2>" + _NUM + r")[ ]*"
    + _UNIT.replace("unit", "u2") + r"?",
    re.A,
)
_EXACT_LEN = _recache.compile(
    r"(?=[0-9lems])(?:"  # each alternative's first character (see the note above _MAX)
    r"(?<![\w.,-])(?P<n>\d{1,4})[- ](?:character|char)s?\s+(?:long\s+)?(?:(?:alpha-?numeric|hexadecimal|hex|unique|random)\s+)?"
    r"(?:string|identifier|id|sid|token|hash|key|value)\b"
    r"|\b(?:length\s*:\s*|exactly\s+|(?:must|should)\s+be\s+(?:exactly\s+)?)(?P<n2>\d{1,4})\s+(?:characters?|chars)\b(?:\s+long\b)?(?!\s*(?:or|and|to|-|max|min|at|in\s+length\s+or)\b)"
    r"|\blength\s+(?:must|should)\s+be\s+(?:exactly\s+)?(?P<n3>\d{1,4})\b(?!\s*(?:to|-|or|and)\b))",
    re.I | re.A,
)
# "5-digit zip code", "ISO 4217 3 letter currency code", "Last 4 digits", "Format: 14 digits": a
# value of that many characters, when the phrase opens the description (``_opens``) and so names
# the field, not something it mentions ("the phone to which the 6-digit code is sent")
_EXACT_CODE = _recache.compile(
    r"(?=[0-9])(?<![\w.,-])(?P<n>\d{1,3})[- ]?(?P<u>digit|character|char|letter)s?\s+"
    r"(?:(?!(?:or|and|to|of|for|number)\b)[A-Za-z0-9][\w-]*\s+){0,3}?"
    r"(?:codes?|ids?|identifiers?|pins?|zip(?:\s+code)?|postcode|tokens?|keys?|strings?|hash|reference|abbreviation|symbol)\b",
    re.I | re.A,
)
_EXACT_LAST = _recache.compile(r"\b(?=[lL])last\s+(?P<n>\d{1,2})\s+(?P<u>digit|character|char|letter)s\b", re.I | re.A)
_EXACT_FORMAT = _recache.compile(
    r"\b(?=[fF])format\s*:\s*(?P<n>\d{1,3})\s+(?P<u>digit|character|char|letter)s(?=\s*(?:[.;)\n]|$))", re.I | re.A
)
_OPENING = _recache.compile(r"\s*(?:(?:required|optional)\.\s*)?(?:[A-Za-z0-9][\w'’-]*\s+){0,4}", re.A)
_OPENING_STOP = _recache.compile(r"\b(?:to|of|for|from|with|by|via|in|on|at|is|are|was|be|sent|send|enter|or|and|if|when|than)\b", re.I | re.A)
# "a 6-character colour code, beginning with #": the characters counted are not all of the value
_AFFIX = _recache.compile(r"(?<!without\s)\b(?:beginning|starting|prefixed|preceded|followed|suffixed)\s+(?:with|by)\b"
                    r"|(?<!without\s)\bthe\s+leading\b|\bplus\b", re.I | re.A)
# "the code of an ISO standard, three letters long": a public standard's code, whose pattern (public-standard-vocabulary)
# states its length already
_STANDARD_CODE = _recache.compile(r"\b(?:iso|country|language|currency|locale|iata|icao|bcp|rfc|state)\b", re.I | re.A)
# "a 64 character string that is a human readable text": a name or free text has no fixed length
_FREE_TEXT = _recache.compile(r"human[- ]readable|\bfriendly\b|\bdescri(?:be|ption|ptive)|\bfree[- ]?(?:form|text)\b", re.I | re.A)
_SEVERAL = _recache.compile(r"comma[- ]separated|\bone\s+or\s+more\b|\bmultiple\b|\blist\s+of\b", re.I | re.A)


def _opens(s: str, a: int) -> bool:
    """Whether ``s[a:]`` starts the description's subject: only a few plain words before it in its
    first sentence ("The", "Valid ISO 4217", "Unique")."""
    return _OPENING.fullmatch(s, 0, a) is not None and _OPENING_STOP.search(s, 0, a) is None


# "[1..100]", "(1 .. 100)": _NUM will not end a number before "..", so dotted ranges have their own
_DOTS = _recache.compile(r"(?<![\w.])(?P<a>-?\d+)\s*\.\.\.?\s*(?P<b>-?\d+)(?![\w.])", re.A)
_DIGITS = tuple("0123456789")
_TWO_NUMBERS = _recache.compile(r"[0-9][^0-9]+[0-9]")  # (a range's two numbers, each with a digit, and what is between)  # (substring tests: far cheaper than a one-class ``re`` scan)
_NOT_BOUND = _recache.compile(
    r"\s*(?:decimal|significant|times\b|retries|attempts|requests?\s+per|calls?\s+per|(?:\w+\s+)?ago\b|levels?\s+deep"
    r"|(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+(?:from|after|before|since|prior\s+to|in\s+the\s+(?:past|future))\b"
    r"|\^|\*\*\s*\d"  # "2^30", "10**6": a power
    r"|次(?![数數])|位小数|位小數|层|層)",
    re.I | re.A,
)
_DEFAULT = _recache.compile(r"default|默认|默認|缺省|預設|e\.\s?g\b|for example|such as|example", re.I | re.A)
_COND_SENT = _recache.compile(
    r"\bif\s+(?:it\s+is\s+|this\s+is\s+|the\s+\w+\s+is\s+)?(?:unspecified|omitted|not\s+(?:specified|set|provided|given|supplied))"
    r"|\bby\s+default\b|\bwhen\s+(?:omitted|not\s+(?:specified|set))|\b(?:take|takes|taking|last|lasts|wait|waits)\s+up\s+to",
    re.I | re.A,
)
_EXAMPLE_HEAD = _recache.compile(r"\s*(?:for\s+(?:example|instance)\b|e\.\s?g\.|example\s*:)", re.I | re.A)
# a condition clause right before the bound's clause, in the same sentence ("…, when X, at least 1")
_COND_BEFORE = _recache.compile(r"(?:^|[.:;]\s+|,\s+)(?:if|when|whenever|unless|once)\b[^,.;:\n]{1,100},\s*[^,.;:\n]*$", re.I | re.A)
_COND_BEFORE_KEYS = ("if", "when", "unless", "once")  # (a word each of its matches holds, for the gate text)
# ...unless the condition is only that the field is there ("If set, at most 40 characters")
_SELF_COND = _recache.compile(r"\b(?:if|when|once)\s+(?:it\s+is\s+|this\s+(?:field\s+|value\s+)?is\s+)?(?:specified|set|provided|present|given|supplied|used|included|entered|passed|sent|non-?empty|non-?nil|non-?null|enabled)\s*,\s*[^,.;:\n]*$",
                        re.I | re.A)
_ADVICE_AFTER = _recache.compile(r"[^.;\n]{0,12}?\b(?:is|are)\s+(?:recommended|suggested|advised|preferred)\b", re.I)
# "if this value is less than or equal to 0": the bound is the case's (words of one clause: no
# sentence's full stop between, "when not set. Range is from 1 to 100" is a bound)
_IF_IS_BEFORE = _recache.compile(r"\b(?:if|when|whenever|unless)\s+(?:[\w`]+(?:\.\w+)*\s+){0,3}(?:is|are)\s+(?:set\s+to\s+)?$", re.I | re.A)
_IF_OTHER = _recache.compile(r"\s*(?:if|when|whenever|unless)\b[^,]{0,80},", re.I)
_COND_CLAUSE = _recache.compile(r"^\s*(?:if|when|whenever|unless|once|values?\s+(?:above|below|over|greater|less))\b", re.I | re.A)
_OTHER_SUBJECT = _recache.compile(r"`([A-Za-z_][\w.]*)`\s+(?:must|should|is|can|may)\b", re.A)


def _label_after(s: str, m: re.Match[str]) -> bool:
    """Whether the "max"/"minimum" after the number opens the next line ("8 characters\n**Max-length
    (tin):** 60"): a label there, not a cue for the number before it."""
    return m.group("cue")[:1] in "mM(" and "\n" in s[m.end("n") : m.start("cue")]


# "100.000" on an integer: a thousands separator or three decimals, cannot tell which
_DOTTED_THOUSANDS = _recache.compile(r"[-+−]?\d{1,3}(?:\.\d{3})+", re.A)


def _n(text: str) -> int | float:
    v = float(text.replace(",", "").replace("−", "-").lstrip("+"))
    return int(v) if v.is_integer() else v


def _clause(s: str, i: int) -> str:
    lo = max(0, i - 120)
    chunk = s[lo:i]
    cut = max(chunk.rfind(". "), chunk.rfind("\n"), chunk.rfind(", "), chunk.rfind("; "), chunk.rfind("，"),
              chunk.rfind("。"), chunk.rfind("("), chunk.rfind("；"))
    return chunk[cut + 1 :] if cut >= 0 else chunk


def _sentence(s: str, i: int, j: int) -> str:
    """The sentence around ``s[i:j]`` (bounded window, so long descriptions stay linear)."""
    a, b = max(0, i - 300), min(len(s), j + 300)
    lo = max(s.rfind(". ", a, i), s.rfind("\n", a, i), s.rfind("。", a, i), a - 1)
    hi_candidates = [x for x in (s.find(". ", j, b), s.find("\n", j, b), s.find("。", j, b)) if x >= 0]
    hi = min(hi_candidates) if hi_candidates else b
    return s[lo + 1 : hi]


_CHAR_COUNT_WORDS = _recache.compile(r"\b(?:characters?|chars?)\b|\d\s+digits?\b|\bvariable\s+length\b|字符|字元", re.I)
_LENGTH_WORDS = _recache.compile(r"\b(?:length|long|characters?|chars)\b|长度|長度|字符|字元", re.I)
_CHARACTER_WORDS = _recache.compile(r"\bcharacters?\b|\bchars\b|字符|字元", re.I)
_VALUE_WORDS = _recache.compile(r"\b(?:value|number|count|amount|page|results?|seconds?|secs?|minutes?|days?)\b", re.I)


def _family(unit: str | None, ctx: str, type_: str | None, name: str = "") -> str | None:
    """``value`` (minimum/maximum), ``length`` (min/maxLength) or ``items`` (min/maxItems)."""
    u = (unit or "").strip().lower()
    if type_ == "object":
        return None  # a map: its bounds are maxProperties or its values', not min/max
    if type_ in ("integer", "number"):
        # a number has no length: "1000 bytes", "length in minutes, between 15 and 240" bound its value;
        # "20 characters" or "10 digits" on a number count its digits, which no keyword states
        if u and _LEN_UNITS.match(u) and not u.startswith("byte"):
            # "up to 300 characters" on maxTokenLength: the value is a length; elsewhere it
            # counts the number's digits, which no keyword states
            return "value" if _LENGTH_NAMES & set(name_words(name)) and not u.startswith("digit") else None
        # ("a two-digit number, 01 - 12" does not count digits: a number of digits is written with its count)
        # ("Variable length, up to 12 N": a count of digits too)
        return None if not u and _CHAR_COUNT_WORDS.search(ctx) else "value"
    if u and _LEN_UNITS.match(u):
        return "length"
    if u and _ITEM_UNITS.match(u) and (type_ in ("array", None) or u in ("items", "item", "elements", "element")):
        return "items" if type_ != "string" else None  # "up to 100 items" on a string: a count of what it lists
    if type_ == "array":
        # "each sample must be between 2 and 10 seconds": a bound on what each item holds
        return None if u and (_TIME_UNITS.match(u) or _LEN_UNITS.match(u)) else "items"
    if _LENGTH_WORDS.search(ctx):
        return "length"
    if type_ is None and _CHARACTER_WORDS.search(ctx):
        return "length"  # "Character limit: 16" on a field of no stated type: its text's length
    if type_ == "string" and not _VALUE_WORDS.search(ctx):
        return None  # a bare number on a string: a length or a numeric string, cannot tell
    if type_ == "string" and u and _TIME_UNITS.match(u):
        return None  # "at most 366 days from create_time" on a timestamp: a span, not the value
    return "value"


_NP_LENGTH = _recache.compile(r"(?:\b|(?<=[a-z]))(?:length|long)\b|\b(?:characters?|chars|letters|bytes)\b", re.I | re.A)
_NP_COUNT = _recache.compile(r"\bnumber\s+of\s+(?P<what>[a-z]+)|\b(?:count|size|items|elements|entries)\b", re.I | re.A)
_NP_OTHER = _recache.compile(r"\bversions?\b|\bdefault\b", re.I | re.A)
_LENGTH_NAMES = frozenset({"length", "len", "size", "chars", "characters", "bytes"})
_LIST_NAMES = frozenset({"ids", "codes", "keys", "names", "tags", "items", "types", "fields", "skus", "urls", "uris", "emails"})
_GENERIC_NOUNS = frozenset({"value", "length", "number", "size", "count", "limit", "page", "max", "maximum", "result"})


_SIZE_WORDS = frozenset("the a an this that its it field value property parameter total overall max maximum min minimum size "
                        "length allowed permitted supported data content combined of is are can be".split())


# a field whose value is a size, or the address of what has one: a size in the text is not its own
_NOT_OWN_SIZE = frozenset("size bytes length capacity quota url urls uri uris link links href".split())
_MEDIA_NAMES = frozenset("file files image images photo photos picture video videos audio sticker thumbnail thumb "
                         "attachment attachments document documents media avatar logo icon png jpg jpeg gif pdf".split())
_ATTRIBUTE_HEADS = frozenset("type types kind name names id ids format extension url uri path key code mode status count number".split())


def _own_size(words: str, name: str) -> bool:
    """Whether the words that name a size ("maximum file size", or "") name this field's: no
    noun but the field's own name words and size words, on a field that is no size or address."""
    nw = name_words(name)
    if _NOT_OWN_SIZE & set(nw):
        return False  # the value is a size, or the address of what has one
    # a file's type, name or address is not the file: "file size" is not the size of fileType
    own = set() if nw[-1:] and nw[-1] in _ATTRIBUTE_HEADS else {w.rstrip("s") for w in nw}
    return all(w in _SIZE_WORDS or w.rstrip("s") in own for w in LOWER_WORD.findall(words.lower()))


_NP_CODE_NAME = _recache.compile(r"`([A-Za-z_$][\w.$]*)`")


def _np_family(np: str, unit: str | None, name: str, type_: str | None) -> str | None:
    """The family of "the maximum <np> is N <unit>" from what the noun phrase names, or ``None``
    when it bounds something other than this value (another field, a count of things on a
    string, a version)."""
    if _NP_OTHER.search(np) or any(not same_name(x, name) for x in _NP_CODE_NAME.findall(np)):
        return None
    u = (unit or "").strip().lower()
    if u and _SKIP_UNITS.match(u):
        # "the maximum size of this value is 3 KB": its size, whatever its type ("the maximum
        # file size" on a file's type: another thing's)
        return "bytes" if _own_size(np, name) else None
    if type_ not in (None, "string", "integer", "number", "array"):
        return None
    if (u and _LEN_UNITS.match(u)) or _NP_LENGTH.search(np):
        if type_ in ("integer", "number"):
            # "the maximum token length is 300 characters" on maxTokenLength: its value is a length
            return "value" if _LENGTH_NAMES & set(name_words(name)) else None
        return "length" if not u or _LEN_UNITS.match(u) else None
    count = _NP_COUNT.search(np)
    if type_ == "array":
        return "items" if count and not (u and _TIME_UNITS.match(u)) else None
    if type_ == "string":
        return None  # "the maximum number of tags is 50" on a tag: a count, not this text
    if type_ is None:
        own = {w.rstrip("s") for w in name_words(name)} - _GENERIC_NOUNS
        if own & {w.lower().rstrip("s") for w in LATIN_WORD.findall(np)}:
            return "items"  # "max projects allowed is 1000" on projects: a count of its items
    return "value"


def _cue_family(cue: str, type_: str | None) -> str | None:
    """"maxLength 35", "min length: 2" on a text: the cue itself names its length (``None``: let
    the unit and the words around decide)."""
    return "length" if "length" in cue and type_ in (None, "string", "array") else None


# "Length: 1-11" right before the numbers: a data dictionary's length label
_LENGTH_LABEL = _recache.compile(r"\blength[ ]*[:=][ ]*$", re.I)
_LENGTH_LABEL_AT = _recache.compile(r"length[ ]*[:=]", re.I)

_KW = {
    ("value", "min"): "minimum", ("value", "max"): "maximum",
    ("length", "min"): "minLength", ("length", "max"): "maxLength",
    ("items", "min"): "minItems", ("items", "max"): "maxItems",
}


def _data(family: str, lo: int | float | None, hi: int | float | None, lo_ex: bool = False, hi_ex: bool = False) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if lo is not None:
        if lo_ex and family == "value":
            d["exclusiveMinimum"] = lo
        else:
            d[_KW[(family, "min")]] = lo + (1 if lo_ex else 0) if family != "value" else lo
    if hi is not None:
        if hi_ex and family == "value":
            d["exclusiveMaximum"] = hi
        else:
            d[_KW[(family, "max")]] = hi - (1 if hi_ex else 0) if family != "value" else hi
    if family != "value":
        if any(isinstance(v, float) and not float(v).is_integer() for v in d.values()):
            return {}  # "4.2 or higher": a version, not a count of characters or items
        d = {k: int(v) for k, v in d.items() if v >= 0}
    return d


_ALSO_ALLOWS = _recache.compile(r"\b(?:may|might|can|could)\s+(?:also\s+)?(?:choose\s+to\s+)?(?:allow|accept|permit)\s+(?:the\s+)?values?\b", re.I)
# a sentence about a part of the value, then one that opens with "Its": the part's bound
_PART_ITS = _recache.compile(r"\b(?:component|part|segment|portion|section|prefix|suffix)\b[^.\n]{0,160}\.\s+Its\b[^.\n]*$")
_QUOTE_THEN_CAPITAL = _recache.compile(r"[`\"”']\s+[A-Z]")
_COND_CODE_NAME = _recache.compile(r"`([A-Za-z_][\w.]*)`")
_ENCODED_WORDS = _recache.compile(r"\b(?:binary|decoded|raw)\b", re.I)
_LATIN_LETTER = _recache.compile(r"[A-Za-z]")
_VERSION_BEFORE = _recache.compile(r"\b(?:version|v|release|api)\s*$", re.I)
_VERSIONS_BEFORE = _recache.compile(r"\bversions?\s+$", re.I)
_NUMBER_OF = _recache.compile(r"\bnumber\s+of\s+([a-z]+)", re.I | re.A)
_LOW_WORD_AT = _recache.compile(_LOW_WORDS, re.I)
_PART_BEFORE = _recache.compile(r"\b(?:first|last|final|next|initial|leading|trailing|most\s+significant|least\s+significant)\s+$", re.I)
_CLASS_WORD_BEFORE = _recache.compile(r"(?:numbers?|digits?|numerals?|a-z|A-Z)[\s,(]*$")
_ID_BEFORE = _recache.compile(r"(?:ISO|RFC|version|v|sha|utf|\+|/|number|no\.?|#|id|code|case|ticket|issue|model|phone)\s*:?\s*$", re.I)
_UNIT_PAREN_BEFORE = _recache.compile(r"\d[^\W\d]*\s*\($")
_HIGH_WORD_AT = _recache.compile(_HIGH_WORDS + r"|above|over|exceeding|beyond", re.I)
_LESS_CUE = _recache.compile(r"less|fewer|smaller|shorter|lower")
_FOR_WORD = _recache.compile(r"\bfor\b", re.I)
_DEFAULT_AND_BEFORE = _recache.compile(r"\bdefault\s+and\s+$", re.I)
_MORE_CUE = _recache.compile(r"greater|more|larger|longer|higher")


def find(t: Text, name: str, type_: str | None) -> list[Evidence]:
    """Bounds in the prepared description; defaults and conditions about other values excluded."""
    s = t.norm
    digits = has_any(s, _DIGITS)
    if not digits and type_ in ("string", "boolean", "object"):
        return []  # such a value's bounds are all read from a number (the digit block below)
    low = gate_text(s)  # for the key gates only (blanks collapsed: not the offsets of s)
    hits: list[tuple[int, int, dict[str, Any]]] = []
    blocked: list[tuple[int, int]] = []  # spans that bound something else: no hit inside them
    cond_words = has_any(low, _COND_BEFORE_KEYS)  # (_COND_BEFORE is tried around each hit: its words once per text)

    def ok(a: int, b: int) -> bool:
        cl = _clause(s, a)
        if _DEFAULT.search(cl) or _COND_CLAUSE.search(cl):
            return False
        if any(not same_name(o.group(1), name) for o in _OTHER_SUBJECT.finditer(cl)):
            return False
        if _ADVICE_AFTER.match(s, b):
            return False
        if _IF_IS_BEFORE.search(s, max(0, a - 60), a):
            return False  # "no cap is set if this value is less than or equal to 0": a case, not a bound
        if cond_words and _COND_BEFORE.search(s, max(0, a - 160), a) and not _SELF_COND.search(s, max(0, a - 160), a):
            return False  # "when `x` is above 10, you must set this to at least 1": only then
        if "Its " in s and _PART_ITS.search(s, max(0, a - 240), a):
            return False  # "The `lid` part starts with a letter. Its length is at most 40": the part's
        sent = _sentence(s, a, b)
        if _EXAMPLE_HEAD.match(sent):
            pre = sent[: max(0, sent.find(s[a:b]))]
            if not _QUOTE_THEN_CAPITAL.search(pre):
                return False  # "For example, `Enter a number from 0 to 100`": an example, of anything
        cond = _IF_OTHER.match(sent)
        if cond and any(not same_name(x, name) for x in _COND_CODE_NAME.findall(cond.group())):
            return False  # "If `whole` is above zero, `part` must be …": a bound that holds only sometimes
        return not _COND_SENT.search(sent)

    def unit_of(m: re.Match[str], *groups: str) -> str | None:
        for g in groups:
            try:
                u = m.group(g)
            except IndexError:
                continue
            if u:
                return u
        return None

    units: list[set[str] | None] = [None]  # the value's own time units, worked out on first need

    def add(m: re.Match[str], lo: Any, hi: Any, lo_ex: bool = False, hi_ex: bool = False, unit: str | None = None,
            family: str | None = None, start: int | None = None, strict: bool = False, given: bool = False) -> None:
        """``family`` when the match itself says what it bounds; ``strict`` for the forms that
        also refuse a condition after the number ("… is 100 for trial accounts"); ``given`` for a
        bound stated whatever the sentence's condition ("when left out, it defaults to the maximum of 40")."""
        a, b = m.start() if start is None else start, m.end()
        if _ADVICE_BEFORE.search(s, max(0, a - 14), a):
            return
        if strict and (_COND_AFTER.match(s, b) or _COND_HEAD.match(_sentence(s, a, b))):
            return
        other = _OR_VALUE.match(s, b)
        if other:
            # "from 1 to 9999, or 0 to specify no year": the bound takes in the other value stated
            v = _n(other.group(1))
            b = other.end()
            lo = v if lo is not None and v < lo else lo
            hi = v if hi is not None and v > hi else hi
            lo_ex = lo_ex and v != lo
            hi_ex = hi_ex and v != hi
        if _PAGE_SIZE.search(s, a, b + 60) and _POSITION_WORDS & set(name_words(name)[-1:]):
            return  # "Page number. At most 100 rows per page.": the page's size, not its number
        num_group = "n" if "n" in m.re.groupindex and m.group("n") else "b" if "b" in m.re.groupindex and m.group("b") else 0
        if type_ == "integer" and any(g in m.re.groupindex and _DOTTED_THOUSANDS.fullmatch(m.group(g) or "") for g in ("n", "a", "b")):
            return
        if unit and _SKIP_UNITS.match(unit.strip()):
            # "at most 48 KiB": a size in bytes, no length of characters or items; kept as
            # an upper bound only, a kilobyte read as 1024 bytes (the larger reading: a keyword
            # derived from it rejects nothing the other reading allows)
            if hi is None or lo is not None or not ok(a, b):
                return
            sent = _sentence(s, a, b)
            named = [x.group(1) or x.group(2) for x in _NAMED_SIZE.finditer(sent[: max(0, sent.find(s[a:b])) + b - a])]
            named = [w for w in named if w.lower() not in _SIZE_WORDS]  # ("the maximum is …": no name)
            if not _own_size(named[-1] if named else "", name):
                return  # "photos stay under 3 MB" on the image's caption: another thing's size
            size = hi * _BYTE_MULTIPLES[unit.strip().lower()[:1]]
            if float(size).is_integer() and size > 0:
                data: dict[str, Any] = {"maxBytes": int(size)}
                if _MEDIA_NAMES & set(name_words(name)):
                    data["file"] = True  # "sticker, up to 512 kilobytes": a file's size, sent as a file, an id or a URL
                hits.append((a, b, data))
            return
        e = m.end(num_group)
        if not unit and e < len(s) and s[e].isascii() and s[e].isalpha():
            return  # "5km", "1st": a number in a unit no keyword knows
        if unit and _TIME_UNITS.match(unit.strip()):
            if units[0] is None:
                units[0] = _value_units(s, name)
            if units[0] and _TIME_CANON.get(unit.strip().lower()) not in units[0]:
                return  # "from 1 hour to 12 hours" on a value in seconds
        if unit and unit.lower().startswith("byte") and _ENCODED_WORDS.search(s[a:b]):
            return  # "the maximum length of the binary array is 65535 bytes": the data, not the text sent
        if not given and not ok(a, b):
            return
        sent = _sentence(s, a, b)
        if _ADVICE_SENTENCE.search(sent, 0, max(0, sent.find(s[a:b]))):
            return  # "We recommend names of 18 characters or less": advice, not a bound the server holds
        if not _LATIN_LETTER.search(s[a:b]) and _ALT_PAREN_BEFORE.search(s, max(0, a - 30), a) \
                and _OR_WORD_BEFORE.search(s, max(0, a - 80), a):
            return  # "items, or percent (1-100)": the range of one alternative
        if _DISTINCT_AFTER.match(s, m.end(num_group)):
            return  # "at least 4 unique characters": how many differ, not the length
        if _NOT_BOUND.match(s, m.end(num_group)):
            return
        if _VERSION_BEFORE.search(s[max(0, a - 12) : a]) or _VERSIONS_BEFORE.search(
                s[max(0, m.start(num_group) - 10) : m.start(num_group)]):
            return  # "server 4.2 or higher", "version 2 or later": a version, not a bound on this value
        fam = family or _family(unit, _sentence(s, a, b), type_, name)
        if fam is None:
            return
        if fam == "value" and type_ in ("integer", "number") and (
                _LENGTH_LABEL.search(s, max(0, a - 12), a) or _LENGTH_LABEL_AT.match(s, a)):
            return  # "Type: Numeric, Length: 1-11" on a number: how many digits it has, not its value
        if fam == "value" and type_ in ("string", None):
            counted = _NUMBER_OF.search(m.group(0))
            if counted and counted.group(1).lower().rstrip("s") in name_words(name):
                return  # "Tag name. At most 50 tags per tray": a count of tags, not this text
            if type_ == "string" and name_words(name)[-1:] and name_words(name)[-1] in _LIST_NAMES:
                return  # "category_ids … Maximum value: 1" on a string: how many ids it lists
        d = _data(fam, lo, hi, lo_ex, hi_ex)
        if d:
            hits.append((a, b, d))

    def _pair(m: re.Match[str], refused: bool) -> None:
        """A comparison on each side: one low word and one high word, in either order; refused
        ("must not be less than 2") ends are inclusive, kept ones ("greater than 0") exclusive
        unless "or equal to" says otherwise."""
        low1 = _LOW_WORD_AT.match(m.group("d1")) is not None
        if low1 == (_LOW_WORD_AT.match(m.group("d2")) is not None):
            return  # "less than 2 or fewer than 4": the same side twice
        ends = [(_n(m.group("a")), refused or bool(m.group("e1") if "e1" in m.re.groupindex else False)),
                (_n(m.group("b")), refused or bool(m.group("e2") if "e2" in m.re.groupindex else False))]
        (lo, lo_in), (hi, hi_in) = ends if low1 == refused else ends[::-1]
        if lo < hi:
            add(m, lo, hi, not lo_in, not hi_in, unit=unit_of(m, "unit", "u1"))

    # Every pattern in this block needs a number (_NUM, \d; re.A so ASCII digits only): a text
    # without a digit skips them all. Only _SIGN and _SINGLE_ITEM below can match without one.
    if digits:
        two_numbers = _TWO_NUMBERS.search(s) is not None  # each range below needs two, apart
        for m in scan(_BETWEEN, s, low, ('between', 'betwen')):
            lo, hi = _n(m.group("a")), _n(m.group("b"))
            if lo < hi:
                ex = (m.group("incl") or "").lower().startswith("exclusive")
                add(m, lo, hi, ex, ex, unit_of(m, "unit", "u1"))
        for m in scan(_RANGE, s, low, ('0', '1', '2', '3', '4', '5', '6', '7', '8', '9')) if two_numbers else ():
            a, b = m.group("a"), m.group("b")
            lo, hi = _n(a), _n(b)
            if lo < hi and not (len(a) == 4 and len(b) == 2):
                add(m, lo, hi, unit=unit_of(m, "unit", "u1"))
        for m in scan(_RANGE_UNIT, s, low, ('char', 'letter', 'digit', 'byte', 'item', 'element', 'entr', 'percent', '%')) if two_numbers else ():
            a, b, u = m.group("a"), m.group("b"), m.group("unit").lower()
            lo, hi = _n(a), _n(b)
            if not lo < hi or (len(a) == 4 and a[:2] in ("19", "20")):
                continue
            if (u in ("percent", "%") and type_ not in ("integer", "number", None)) or (
                    _ITEM_UNITS.match(u) and type_ not in ("array", None)):
                continue  # "1-5 items" on a string is neither its length nor its value
            if _PART_BEFORE.search(s[max(0, m.start() - 20) : m.start()]):
                continue  # "the final 2-3 digits are the suffix": a part of the value
            add(m, lo, hi, unit=u)
        for m in scan(_RANGE_ANY, s, low, ('-', '–', '~', '～')) if two_numbers else ():
            a, b = m.group("a"), m.group("b")
            lo, hi = _n(a), _n(b)
            if not lo < hi or (len(a) == 4 and len(b) <= 2) or (len(a) == 4 and a[:2] in ("19", "20")):
                continue
            if (a, b) == ("0", "9") or (len(a) == len(b) == 1 and _CLASS_WORD_BEFORE.search(
                    s[max(0, m.start() - 16) : m.start()])):
                continue  # "letters, numbers (0-9)": a character class, not a range ("a number, 01 - 12" is one)
            before = s[max(0, m.start() - 16) : m.start()]
            if _ID_BEFORE.search(before):
                continue  # "case number 12-1234", "v1-2": an identifier, not a range
            if not _RANGE_CTX.search(_sentence(s, m.start(), m.end())):
                continue
            if _UNIT_PAREN_BEFORE.search(s[max(0, m.start() - 12) : m.start()]):
                continue  # "between 0 and 500 (0 - 5 stars)": the same range in other units
            add(m, lo, hi)
        for m in scan(_INTERVAL, s, low, ('[', '(', '（')) if two_numbers and ("," in s or "，" in s) else ():  # "[a, b]" needs its comma (_DOTS reads "[a..b]")
            lo, hi = _n(m.group("a")), _n(m.group("b"))
            if lo < hi:
                add(m, lo, hi, m.group("l") in "(（", m.group("r") in ")）")
        for m in scan(_EXACT_LEN, s, low, ('char', 'length')):
            if type_ in (None, "string") and not (m.group("n") and _FREE_TEXT.search(_sentence(s, m.start(), m.end()))):
                n = _n(m.group("n") or m.group("n2") or m.group("n3"))
                add(m, n, n, unit="characters")
        codes = type_ in (None, "string") and ("char" in low or "digit" in low or "letter" in low)
        for m in (*scan(_EXACT_CODE, s, low, ('digit', 'char', 'letter')), *scan(_EXACT_FORMAT, s, low, ('format:', 'format :')),
                  *(_EXACT_LAST.finditer(s, 0, 200) if "last" in low else ())) if codes else ():
            # "Last 4 digits" only where the description opens (``_opens``: its first 200 characters)
            if _SEVERAL.search(s) or (m.re is not _EXACT_FORMAT and not _opens(s, m.start())) \
                    or _AFFIX.search(_sentence(s, m.start(), m.end())) or _STANDARD_CODE.search(s, 0, m.end()) \
                    or _FREE_TEXT.search(_sentence(s, m.start(), m.end())):
                continue
            n = _n(m.group("n"))
            add(m, n, n, unit=m.group("u") + "s")
        compares = "than" in low  # both pairs hold it twice
        for m in scan(_REFUSED_PAIR, s, low, ('not be', 'cannot be', "can't be")) if compares and has_any(low, _PAIR_SECOND) else ():
            _pair(m, refused=True)
        for m in scan(_KEPT_PAIR, s, low, (' and less', ' and fewer', ' and smaller', ' and shorter', ' and lower', ' and greater',
                                           ' and more', ' and larger', ' and longer', ' and higher', ' and bigger')) if compares else ():
            _pair(m, refused=False)
        for m in _CHAIN.finditer(s) if low.count("<") + low.count("≤") >= 2 else ():  # a chain holds two
            v = m.group("v")
            lo, hi = _n(m.group("a")), _n(m.group("b"))
            if not (same_name(v, name) or v.lower() in _CHAIN_VARS or len(v) == 1):  # "0 ≤ r ≤ 1": a letter for the value
                blocked.append((m.start(), m.end()))  # "0 <= `bay` <= 9": its "<= 9" is not this value's either
            elif lo < hi:  # the value itself compared: on an array, each item's (where the fix puts it)
                add(m, lo, hi, m.group("o1") == "<", m.group("o2") == "<", family=None if type_ == "object" else "value")
        for m in scan(_SUPERLATIVE, s, low, ('largest', 'highest', 'greatest', 'biggest', 'smallest', 'lowest')) if "est " in low else ():
            if m.group("p1") or m.group("p2"):
                high = m.group("w").lower() not in ("smallest", "lowest")
                n = _n(m.group("n"))
                add(m, None if high else n, n if high else None, unit=unit_of(m, "unit"), strict=True)
        for m in scan(_LIMIT, s, low, ('upper limit', 'lower limit', 'upper bound', 'lower bound')):
            n = _n(m.group("n"))
            high = m.group("w").lower() == "upper"
            add(m, None if high else n, n if high else None, unit=unit_of(m, "unit"), strict=True)
        for m in scan(_CLAMP, s, low, _CLAMP_KEYS) if has_any(low, _CLAMP_SIDES) else ():
            high = _HIGH_WORD_AT.match(m.group("d")) is not None
            n = _n(m.group("n"))
            if not m.group("rej") and _n(m.group("m")) != n:
                continue  # "above 500 are rounded to 50": not brought back to the end
            unit = unit_of(m, "unit", "att")
            add(m, None if high else n, n if high else None, unit=unit)
        if type_ in ("integer", "number"):
            for m in scan(_ALONE, s, low, ('-', '–', '~', ' to ', 'through')):
                a, b = m.group("a"), m.group("b")
                lo, hi = _n(a), _n(b)
                before = s[max(0, m.start() - 20) : m.start("a")]
                if not lo < hi or (len(a) == 4 and a[:2] in ("19", "20")):
                    continue
                if _IN_A_LIST.match(s, m.end()) or _LIST_BEFORE.search(before) or _DEFAULT.search(before) or (
                        len(a) == len(b) == 1 and _CHAR_CLASS_BEFORE.search(before)):
                    continue
                close = s.find(")", m.end(), m.end() + 80) if before.rstrip().endswith("(") else -1
                other = _OR_VALUE.match(s, close + 1) if close > 0 and "(" not in s[m.end() : close] else None
                if other:  # "(1-31, where 31 is the last), or 0 for any": the bound takes in the other value
                    lo, hi = min(lo, _n(other.group(1))), max(hi, _n(other.group(1)))
                add(m, lo, hi, family="value", start=m.start("a"))
            for m in scan(_SCALE, s, low, ('scale', 'basis')):
                lo, hi = sorted((_n(m.group("a")), _n(m.group("b"))))
                if lo < hi:
                    add(m, lo, hi, family="value")
            for m in scan(_NAMED_ENDS, s, low, (') to', ')-', ') -', ')–', ') –', ') through')):
                name_a = _NAME_BEFORE.search(s, max(0, m.start() - 40), m.start())
                lo, hi = sorted((_n(m.group("a")), _n(m.group("b"))))
                if name_a and lo < hi:
                    add(m, lo, hi, family="value", start=name_a.start())
        for m in scan(_DOTS, s, low, ('..',)):
            lo, hi = _n(m.group("a")), _n(m.group("b"))
            before = s[max(0, m.start() - 1) : m.start()]
            if lo < hi and (before in "[(" or _RANGE_CTX.search(_sentence(s, m.start(), m.end()))):
                add(m, lo, hi)
        for m in scan(_MAX, s, low, ('max', 'most', 'up to', 'as many', 'than', 'you can', 'more than', 'larger', 'greater', 'higher', 'longer', 'bigger', 'exceed', 'less than', 'limit', '<=', '≤', 'fewer', 'smaller', 'shorter', 'lower')):
            cue = m.group("cue").lower()
            if cue.startswith("limitation") and (not m.group("unit") or _OR_ANOTHER.match(s, m.end())):
                continue  # "limitations: 16 alphanumeric characters or 20 numeric characters": per kind
            ex = bool(_LESS_CUE.search(cue)) and "equal" not in cue
            given = cue.startswith("max") and _DEFAULTS_TO.search(s, max(0, m.start() - 24), m.start()) is not None
            add(m, None, _n(m.group("n")), hi_ex=ex, unit=unit_of(m, "unit"), family=_cue_family(cue, type_), given=given)
        # _MAX_IS, _IS_MAX and _FROM_TO_MAX all need "max"; _MAX_IS also "is"/"are" between blanks
        # (single spaces in ``low``)
        maxed = "max" in low
        copula = [m for m in scan(_MAX_IS, s, low, ('max',))] if maxed and has_any(low, (" is ", " are ", ":", "=")) else []
        if len({m.group("n") for m in copula}) > 1:
            # "Maximum value for startup probes is 240 … for liveness probes is 3600": per case
            copula = [m for m in copula if not _FOR_WORD.search(m.group("np"))]
        for m in copula:
            fam = _np_family(m.group("np"), m.group("unit"), name, type_)
            if fam is not None:
                da = _DEFAULT_AND_BEFORE.search(s[max(0, m.start() - 14) : m.start()])
                start = m.start() - len(da.group()) if da else None  # "the default and the maximum is 50": both
                add(m, None, _n(m.group("n")), unit=unit_of(m, "unit"), family=fam, start=start, strict=True)
        for m in scan(_IS_MAX, s, low, ('is the max', 'are the max')) if maxed else ():
            add(m, None, _n(m.group("n")), unit=unit_of(m, "unit"), strict=True)
        for m in scan(_MAX_POST, s, low, ('less', 'fewer', 'below', 'under', 'smaller', 'shorter', 'max', 'most', 'limit', '以内', '以內', '以下')):
            if not _label_after(s, m):
                add(m, None, _n(m.group("n")), unit=unit_of(m, "unit"))
        for m in scan(_MIN, s, low, ('min', 'least', 'less than', 'fewer than', 'smaller than', 'shorter than', 'lower than', 'greater than', 'more than', 'larger than', 'longer than', 'higher than', '>=', '≥')):
            cue = m.group("cue").lower()
            ex = bool(_MORE_CUE.search(cue)) and "equal" not in cue
            add(m, _n(m.group("n")), None, lo_ex=ex, unit=unit_of(m, "unit"), family=_cue_family(cue, type_))
        for m in scan(_FROM_TO_MAX, s, low, ('to the max',)) if maxed else ():
            add(m, _n(m.group("n")), None, unit=unit_of(m, "unit"))
        for m in scan(_MIN_POST, s, low, ('more', 'greater', 'higher', 'above', 'larger', 'longer', 'minimum', '以上')):
            if not _label_after(s, m):
                add(m, _n(m.group("n")), None, unit=unit_of(m, "unit"))
        for m in scan(_ZH_MAX, s, low, ('最', '不超', '不能超', '不大', '小于', '小於', '上限', '至多', '不得', '长度', '長度')):
            add(m, None, _n(m.group("n")), unit=unit_of(m, "unit"))
        for m in scan(_ZH_MIN, s, low, ('最', '至少', '不少', '不小', '大于等于', '大於等於', '下限')):
            add(m, _n(m.group("n")), None, unit=unit_of(m, "unit"))
        for m in scan(_ZH_RANGE, s, low, ('之间', '之間', '以内', '以內', '范围', '範圍', '长度', '長度')):
            a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("a2"), m.group("b2"))
            lo, hi = _n(a), _n(b)
            if lo < hi:
                add(m, lo, hi, unit=unit_of(m, "unit", "u1", "u2"))
    signs = list(scan(_SIGN, s, low, ('positive', 'negative', 'than zero', 'zero or', 'to zero', '正', '非负', '非負', '大于0', '大於0', '大于零', '大於零', '不能为负', '不能為負'))) \
        if type_ not in ("string", "array", "boolean", "object") else []  # (a sign bounds no such value: see below)
    both = {(m.group("s2") or "").lower() for m in signs} >= {"positive", "negative"}
    for m in signs:
        if both and (m.group("s2") or "").lower() in ("positive", "negative"):
            continue  # "negative values lower it, positive values raise it": what each sign means
        if (m.group("s2") or "").lower() == "negative" and not (m.group("art") and _SIGN_END.match(s, m.end())):
            continue  # "negative values mean no limit", "use a negative value for refunds": a use, not the only one
        if _COND_AFTER.match(s, m.end()):
            continue  # "should be negative for refunds": only then
        word = (m.group("s") or m.group("s2") or "").lower().replace("-", "")
        zh = m.group("zh") or ""
        if m.group("nn") or m.group("rej") or m.group("z") or m.group("nz") or m.group(0).lower().startswith("zero") \
                or word == "nonnegative" or "非负" in zh or "非負" in zh or "不能" in zh:
            d: dict[str, Any] = {"minimum": 0}
        elif word == "negative":
            d = {"exclusiveMaximum": 0}
        elif word == "nonpositive":
            d = {"maximum": 0}
        elif type_ == "integer" or "整" in zh:
            d = {"minimum": 1}
        else:
            d = {"exclusiveMinimum": 0}
        if type_ in ("string", "array", "boolean", "object"):
            continue
        if ok(m.start(), m.end()):
            hits.append((m.start(), m.end(), d))
    if type_ in ("integer", "number") and "-" in s and "negative" not in low:
        sentinels = [m for m in _SENTINEL.finditer(s)]
        if sentinels and not _SIGNED_NAMES & set(name_words(name)) \
                and len({m.group("n") for m in sentinels}) == 1 and len(_NEGATIVE_NUMBER.findall(s)) == len(sentinels):
            m = sentinels[0]  # the one negative the text names, each time with a meaning of its own
            if not _EXAMPLE_BEFORE.search(s, max(0, m.start() - 24), m.start()):  # "For example, -5 means 5 back"
                hits.append((m.start(), m.end(), {"minimum": _n(m.group("n"))}))
    if type_ == "array" or (type_ is None and "only" in low and _plural(name)):
        # a list, or a field of no stated type named as one ("Values")
        for m in scan(_SINGLE_ITEM, s, low, ('only',)):
            if ok(m.start(), m.end()):
                hits.append((m.start(), m.end(), {"maxItems": 1}))
    if not hits:
        return []  # most texts (what follows only drops hits)
    hits = [h for h in hits if not other_bullet(s, h[0], name) and not any(a < h[1] and h[0] < b for a, b in blocked)]
    return _resolve(t, hits)


def _plural(name: str) -> bool:
    nw = name_words(name)
    return bool(nw) and nw[-1].endswith("s") and not nw[-1].endswith("ss")


def _restates(d: dict[str, Any], i: int, other: dict[str, Any], j: int) -> bool:
    """Whether hit ``i`` (data ``d``) says only what hit ``j`` says: each of its keywords with the
    same value there, and ``j`` says more, or the same and earlier."""
    return d.items() <= other.items() and (d != other or j < i)


def _resolve(t: Text, hits: list[tuple[int, int, dict[str, Any]]]) -> list[Evidence]:
    hits.sort(key=lambda h: (-(h[1] - h[0]), h[0]))
    kept: list[tuple[int, int, dict[str, Any]]] = []
    for a, b, d in hits:
        if any(a < kb and ka < b for ka, kb, _ in kept):
            continue
        kept.append((a, b, d))
    kept.sort(key=lambda h: h[0])
    out: list[Evidence] = []
    for i, (a, b, d) in enumerate(kept):
        if any(_restates(d, i, o, j) for j, (_, _, o) in enumerate(kept) if j != i):
            continue  # "The maximum is 90; values above 90 are capped at 90": one bound, said twice
        while b > a and t.norm[b - 1] in " \t\n":
            b -= 1
        if ("allow" in t.norm or "accept" in t.norm or "permit" in t.norm) and _ALSO_ALLOWS.search(t.norm, b, b + 200):
            d = {**d, "more": True}  # "between 0 and 59. Some kilns can also accept the value 60": the range, and more
        span = t.span(a, b)
        out.append(Evidence("bounds", span, t.original[span[0] : span[1]], (), d))
    return out
