"""Vocabularies written in prose: closed sets ("one of: a, b, c") and sets shown only by example
("e.g. executive"). English and Chinese (Simplified and Traditional)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator

from linter import _recache
from linter.prose import formats, structure
from linter.prose.evidence import Evidence
from linter.prose.lists import (
    QTOK,
    STOP_WORDS,
    Item,
    Parsed,
    parse_bullets,
    parse_inline,
    parse_tables,
)
from linter.prose.text import LATIN_WORD, NON_SPACE, OR_WORD, Text, clean_token, gate_text, has_any, name_words, odd_case, other_bullet, same_name, scan

# -- cues ------------------------------------------------------------------------------------

_ADJ = (
    r"(?:possible|valid|allowed|accepted|acceptable|supported|permitted|permissible|available|legal"
    r"|allowable|applicable|recognized|recognised|admissible|returned|current)"
)
_NOUN = (
    r"(?:values?|options?|choices?|settings?|keywords?|strings?|entries|inputs?|types|modes|states"
    r"|statuses|levels|kinds|categories|roles|codes|formats|methods|actions|fields|units|orders)"
)
# after one more word ("available effect values"): nouns that name values, not forms or fields
_KIND_NOUN = (r"(?:values?|options?|choices?|settings?|types|modes|states|statuses|levels|kinds|categories|roles|codes"
              r"|extensions|protocols|algorithms|versions|units)")
# Patterns that open with ``(?=…)``: a lookahead on the first character a match can start with
# (each alternative's first letter, under the pattern's own flags) is a necessary condition, so
# it changes no match; it lets ``re`` reject most positions with one class test instead of
# trying every alternative of a long case-insensitive alternation there.
_VALUES_CUE = _recache.compile(
    r"(?=\b[toparvslcr])"
    rf"\b(?:(?:the|only|other|currently)\s+)*{_ADJ}\s+(?:{_NOUN}|(?:[a-z]+\s+){{1,2}}{_KIND_NOUN})\b(?P<qual>[^:.\n]{{0,60}}?)[ ]*"
    r"(?P<verb>\b(?:are|is)(?:[ ]+(?:as[ ]+follows|listed[ ]+below|the[ ]+following))?[ ]*:?|\bof[ ]+(?=[`\"'])"
    r"|\bincludes?[ ]*:?|\bincluding[ ]*:?|\b(?:can|may|must)[ ]+be[ ]*:?|:)",
    re.I,
)
# "Supported file kinds are …", "the valid uplinks for a site are …": any plural noun (a
# _NOUN is found by _VALUES_CUE); the caller keeps the field's own noun, or quoted values
_PLURAL_CUE = _recache.compile(
    rf"(?=\b[toparvslcr])\b(?:(?:the|only|other|currently)\s+)*{_ADJ}\s+(?:[a-z]+\s+)?(?P<noun>[a-z]{{3,}}s)"
    r"(?P<qual>\s+(?:for|of|in|on)\s+[^:.\n]{0,40}?)?\s+are(?![ ]+(?:listed|shown|described|given|documented|defined|not|as|in|at|here|below|above|available)\b)[ ]*:?",
    re.I,
)


_PART_NOUNS = frozenset("examples samples forms formats patterns operators operands keywords characters symbols prefixes suffixes units".split())
_FORM_AFTER = _recache.compile(r"[ ]*\([^()\n]*[<{:/][^()\n]*\)")


def _plural_of(noun: str, nw: list[str]) -> bool:
    """Whether ``noun`` is the plural of the field's last name word ("uplinks" for ``uplink``)."""
    if not nw:
        return False
    last = nw[-1]
    return noun in (last + "s", last + "es", last[:-1] + "ies" if last.endswith("y") else "")


_VALUES_LABEL = _recache.compile(
    r"(?:^|\n|[.;(][ ]?)[ ]*(?:enum|values?|options?|choices?|(?:allowed|accepted|supported|valid|possible|available)(?:[ ]+values?)?)[ ]*:", re.I
)
# … each match ends in one of its words, blanks and the colon: in the gate text, one of these
_VALUES_LABEL_KEYS = tuple(f"{w}{gap}:" for w in ("enum", "value", "values", "option", "options", "choice", "choices", "allowed",
                                                  "accepted", "supported", "valid", "possible", "available") for gap in ("", " "))
_ONE_OF = _recache.compile(
    r"(?P<pre>\b\w+\s+)?\bone\s*of(?:\s+the(?:se)?\s+following(?P<what>(?:\s+(?:valid|allowed|supported|possible|accepted))?"
    r"\s+(?:values?|options?|keywords?|strings?|choices?|statuses|categories|entries|[a-z]{2,}[^s\W]s))?"
    r"|\s+th(?:ese|e)(?P<noun>\s+(?:[a-z]+\s+)?[a-z]{2,}[^s\W]s)(?=[ ]*:))?[ ]*(?::|\b)",  # "one of these lids:"
    re.I,
)
# "There are two valid values, A and B": a set whose size the text states (kept when the list has that many)
_COUNTED = _recache.compile(
    r"(?=[tfsen1-9])"  # the count's first character (a lookahead, as above)
    r"\b(?P<n>two|three|four|five|six|seven|eight|nine|ten|[2-9]|1[0-9])\s+(?:(?:valid|possible|allowed|supported|accepted"
    r"|available|permitted)\s+)?(?:values|options|choices|modes|types|states|settings|levels)\b[ ]*"
    r"(?:[,:—]|are\b(?:[ ]+(?:supported|allowed|available|accepted|valid|possible|permitted))?[ ]*:?|-)[ ]*",
    re.I,
)
# "it may have values Tin/Jar", "can take the values a, b or c": a verb of having before the values
_HAVE_VALUES = _recache.compile(
    r"(?=[cmw])\b(?:can|may|will|could)\s+(?:only\s+)?(?:have|take)\s+(?:(?:one\s+of\s+)?the\s+)?(?:following\s+)?values?\b[ ]*:?",
    re.I,
)
_HAVE_SUBJECT = _recache.compile(r"(?:it|this(?:\s+(?:field|value|parameter|property|attribute))?|the\s+(?:field|value)|[^,]*,\s*which)", re.I)
# "Only JAR_LID and TIN_LID lids are supported", "Currently TinLid, JarLid and BoxLid are supported": quoted or
# code-like words (each with a code mark: capitals, a hump or "_") that a sentence says are the only ones taken
_ARE_CODE = r"(?:`[^`\n]{1,40}`|\"[^\"\n]{1,40}\"|“[^”\n]{1,40}”|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)"
_ARE_SUPPORTED = _recache.compile(
    r"(?:^|(?<=[.;:!?]\s)|(?<=\n))(?:(?:[Oo]nly|[Cc]urrently)[ ]*,?[ ]+)?(?P<list>" + _ARE_CODE + r"(?:[ ]*,[ ]*" + _ARE_CODE
    + r")*[ ]*,?[ ]+(?:and|or)[ ]+" + _ARE_CODE + r")(?![\w-])(?:[ ]+(?P<noun>[a-z]+))?[ ]+are[ ]+(?:currently[ ]+)?(?:the[ ]+only[ ]+"
    r"(?:ones[ ]+)?)?(?:supported|allowed|accepted|permitted)\b(?![ ]+(?:for|in|on|with|when|if|by|as|at)\b)"
)
_ARE_NOT_VALUES = frozenset("files images documents characters attachments uploads videos photos certificates keys fields parameters".split())
_COUNT_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_OTHER_FIELD_QUAL = _recache.compile(r"`[^`\s]+`|\b(?:field|parameter|param|property|attribute|argument|column|key)s?\b", re.I)
_PER_CASE = _recache.compile(r"\s*(?:for|with|when|in)\s+\S", re.I)  # the qualifier of a values cue that names one case
_COLON_LIST = _recache.compile(r"[:：][ \t]*(?=\n|[ \t]*[-*•][ \t])")
_ONE_OF_BAD_PRE = _recache.compile(r"(?:exactly|only|least|most|than|just|any)\s+$", re.I)
_FOLLOWING = _recache.compile(
    r"(?=[afrst])(?:\b(?:the\s+)?following\s+(?:[a-z]+\s+){0,2}?(?:values?|options?|keywords?|strings?|fields?|types|modes|codes|choices)"
    r"\s+(?:are|is|may\s+be|can\s+be|must\s+be)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:supported|allowed|valid|accepted|permitted|used|specified|available|recognized|possible)"
    r"(?P<qual>[^:\n]{0,60}?)[ ]*:"
    r"|\b(?:accepts?|supports?|takes?|allows?|recognizes?)\s+the\s+following(?:\s+[a-z]+){0,2}?\s*:)",
    re.I,
)
_EITHER = _recache.compile(r"\beither\b(?:[ ]+be\b)?[ ]*:?[ ]*", re.I)  # ("can either be A or B")
_EITHER_CODE = r"(?:`[^`\n]{1,40}`|\"[^\"\n]{1,40}\"|(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?<=[A-Z0-9]{2})))"
_EITHER_CLAUSES = _recache.compile(
    r"(?P<a>" + _EITHER_CODE + r")[ ]*,?[ ]+(?:so\s+that|where|which|when|meaning|if|to)\b[^.;:`\"\n]{1,160}?[ ,]+or[ ]+"
    r"(?P<b>" + _EITHER_CODE + r")(?=[ ]*,?[ ]+(?:so\s+that|where|which|when|meaning|if|to)\b|[ ]*[.;]|[ ]*$)", re.I)
_ASSIGNED = _recache.compile(r"\b(?:if|when)\s+(?:you\s+(?:set|use|pass|send|specify)\s+)?`(?P<n>[A-Za-z_][\w.-]{0,40})=(?P<v>[A-Za-z][\w-]{0,40})`", re.I)
_UNITS_WORD = _recache.compile(r"\bunits\b", re.I)
_MORE_BEFORE = _recache.compile(r"\b(?:additional|additionally|other|further|more|extra)\s+(?:\w+\s+)?values?\b", re.I)
_PLAIN_VALUE = _recache.compile(r"[A-Za-z0-9][\w.-]{0,60}")  # (a default such as `["a", "b"]`, `a b` or `id:asc` is a form, not one more value)
_EITHER_GROUPS = _recache.compile(r"[^()\n.;]{0,60}?\((?P<a>[ ]*[`\"'“][^()\n]{0,200}?)\)[ ]*,?[ ]+or[ ]+[^()\n.;]{0,60}?\((?P<b>[ ]*[`\"'“][^()\n]{0,200}?)\)")
_CAN_BE = _recache.compile(
    r"(?=\b[cmswia])"
    r"\b(?:(?:can|may|must|should|could|will|shall)(?:\s+only)?\s+be|(?:is|are)(?:\s+(?:either|always))?)"
    r"(?:\s+(?:set\s+to|equal\s+to|either))?(?:\s+an?)?[ ]*:?[ ]*(?=[`\"'“‘「])",  # ("can be an “owner,” or a “guest.”")
    re.I,
)
_ONLY = _recache.compile(r"\bonly\s+(?:(?:[a-z]+\s+){0,2}(?:by|to|with)\s+)?(?=[`\"'“‘「])", re.I)
_ONLY_TAIL = _recache.compile(
    r"[ ]+(?:is|are)[ ]+(?:currently[ ]+)?(?:the[ ]+only[ ]+)?(?:supported|allowed|accepted|permitted|valid|possible)",
    re.I,
)
_SINGLE = _recache.compile(
    r"(?=[\n.:;imstv])(?:(?:^|[.;:\n]\s*)(?:(?:the\s+)?(?:value|this\s+(?:value|field|parameter|property))\s+|it\s+)?"
    r"(?:must|should)\s+(?:always\s+)?be(?:\s+set\s+to)?\s+(?=[`\"'“‘「])"
    r"|\bthe\s+only\s+(?:valid|supported|allowed|accepted|possible|permitted)\s+value\s+is\s+)",
    re.I,
)
_PAREN_SLASH = _recache.compile(
    r"(?P<head>\b[A-Za-z]+)?[ ]*[(（][ ]*(?P<list>[A-Za-z][\w-]{0,24}(?:[ ]*[/|][ ]*[A-Za-z][\w-]{0,24})+)[ ]*[)）]"
)
_LABEL_LINE = _recache.compile(r"^[ ]*(?P<label>[^\n:：]{1,40}?)[ ]*[:：][ ]*(?=\S)", re.M)
_BARE_LIST = _recache.compile(r"^\s*(?=\S)")
_LEAD_BULLET = _recache.compile(r"\s*(?=[-*•][ \t])")
_ZH_CUE = _recache.compile(
    r"(?:可选值|可選值|可选项|可選項|可取值|取值范围|取值範圍|取值|枚举值|枚舉值|枚举|枚舉|有效值|合法值"
    r"|允许值|允許值|允许的值|允許的值|支持的值|支援的值|可选|可選|可为|可為|值为|值為|只能是|只能为"
    r"|只能為|必须是|必須是|必须为|必須為|可以是|可以为|可以為"
    r"|(?:为|為|是|取)以下(?:值|选项|選項|取值|几种|幾種|[一二两兩三四五六七八九十][种種])?(?:之一|其中之一|中的一[个個种種])?(?=[ ]*[:：]))"
    r"(?:[ ]*(?:为|為|是|有|包括|包含))?(?:[ ]*(?:以下|如下)(?:[^:：\n，。]{0,6}(?=[:：]))?)?[ ]*[:：]?[ ]*"
)
_ZH_ONE_OF = _recache.compile(r"(?:为|為|是|取|选择|選擇)[ ]*(?=\S)")
_ZH_ONE_OF_TAIL = _recache.compile(r"[ ]*(?:之一|其中之一|中的一个|中的一個|中的一种|中的一種)")
_PAIRS = _recache.compile(
    r"(?P<v>(?<![\w.])-?\d{1,4}|(?<![\w.])[A-Za-z][A-Za-z0-9_]{0,20})[ ]*(?:[:：=]|[-－—](?=[ ]*[\u4e00-\u9fff]))[ ]*"
    r"(?P<m>[\u4e00-\u9fff][^，,；;、\s)）]{0,15}|(?<=[=:])[ ]*[A-Za-z][A-Za-z ]{0,24}?(?=[ ]*(?:[,;，；)）\]}]|\.?$)))"  # (a mapping's closing bracket or brace ends its last meaning)
)
_PAIR_SEP = _recache.compile(r"[ ]*[，,；;、][ ]*|[ ]+")
# "e.g" is a whole word: "i.e. Gallery" and "i.e. GBP" hold "e. G" too
# "it will return ['jar1', 'jar2'] instead of …": what a call answers, not values to send
_OUTPUT_BEFORE = _recache.compile(r"\b(?:returns?|returned|responds?\s+with|gives?\s+back)\b[^.;\n]{0,60}$", re.I)
_EXAMPLE_CUE = _recache.compile(
    r"(?=\b[efsli])"
    r"(?:\be\.[ ]?g(?![a-z])\.?|\beg[.:]|\bfor[ ]+(?:example|instance)(?![a-z])|\bsuch[ ]+as|\bexamples?(?:[ ]+values?)?(?:[ ]+(?:are|is|include))?(?![a-z])"
    r"|\blike(?![a-z])|\bincluding(?![a-z])|\bincludes?(?![a-z]))[ ]*[,:：]?[ ]*",
    re.I,
)
# Scanned only when the text has CJK: a lookbehind alternative costs a test at every position.
_ZH_EXAMPLE_CUE = _recache.compile(
    r"(?:例如|比如|譬如|诸如|諸如|示例|范例|範例|举例|舉例|例(?=[ ]*[:：])|如(?=[ ]*[:：])|包括|包含|支持"
    r"|(?<![^\s，,、（(：:；;])如(?![果何下此今同若需有不为為未已要传傳是上前所实實期]))[ ]*[:：]?[ ]*"
)
_PAREN_CLOSE = _recache.compile(r"[ ]*(?:,?[ ]*(?:etc\.?|and\s+so\s+on|…|\.\.\.)[ ]*)?[)）]")
# what makes sample values forms of a value rather than members of a set
_SEE_AFTER = _recache.compile(r"[ ]*,?[ ]*(?:see|refer\s+to)\b", re.I)
_FORM_WORDS = _recache.compile(r"[ ,]*(?:optionally\s+)?(?:followed|preceded|prefixed|suffixed)\s+by\b", re.I)
_FORM_NOUN = _recache.compile(r"\b(?:formats?|forms|patterns?|layouts?|syntax|templates?)\s+(?:\w+\s+)?$", re.I)


def _in_open_paren(s: str, i: int) -> bool:
    """Whether ``i`` lies inside a parenthesis opened earlier in its sentence."""
    head = s[max(0, i - 200) : i]
    return head.rfind("(") > max(head.rfind(")"), head.rfind(". "))


_QUOTE_ENDS = frozenset("`\"'”’*")
_NEGATED_BEFORE = _recache.compile(r"\b(?:without|excluding|except|other\s+than)\b[^.;,()]{0,30}$", re.I)
# after a parenthesis of samples, a word that goes on with the noun phrase ("media (such as paper) colour")
_PHRASE_GOES_ON = _recache.compile(r"[ ]*[)）][ ]+(?!(?:to|for|of|in|on|at|and|or|is|are|was|that|which|with|by|from|as|if|when|will|can|may|must)\b)[a-z]")
_PAREN_ETC = _recache.compile(r"[(（](?=[^()（）\n]{1,200}?(?:\betc\b|等))")
_SET_THIS = _recache.compile(
    r"(?=[isuw])(?:\b(?:set|use)\s+(?:this\s+(?:field|parameter|property|value|option)|it)\s+(?:to|as)\s+(?=[`\"'“‘])"
    r"|\b(?:if|when)\s+(?:this\s+(?:parameter|field|property|value|option)|it|the\s+value)\s+is\s+(?:set\s+to\s+)?"
    r"(?:one\s+of\s+the\s+)?(?=[`\"'“‘]))",
    re.I,
)
# "Names to show, separated by commas: a,b": the list syntax shown by a sample written in it (the
# sample's items glued by the separator, no blank: a demonstration, not a list of the choices)
_SYNTAX_SAMPLE = _recache.compile(
    r"\b(?:separated|separate|delimited|split)\s+(?:by|with)\s+(?:an?\s+)?(?:comm?as?|semi-?colons?|pipes?)\s*[:：]\s*"
    r"(?P<v>[A-Za-z_][\w.-]*(?:[,;|][A-Za-z_][\w.-]*)+)(?=\s*(?:$|[\n.;)]))",
    re.I,
)
_CURRENT_VERSION = _recache.compile(
    r"(?=[clt])(?:\b(?:the\s+)?(?:current|latest)\s+(?:api\s+)?version\s+is\s+(?P<v>`[^`\s]{1,40}`|\"[^\"\s]{1,40}\"|(?=[\w.\-]{0,39}\d)[\w.\-]{1,40}\w))",
    re.I,
)
_SENT_START = _recache.compile(r"(?:^|[.!?;。；]\s+|\n)")
_IDENT = _recache.compile(r"`[A-Za-z_$][\w.$-]*`|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
_FIELDISH = _recache.compile(r"\b(?:header|field|parameter|param|property|attribute|argument|column|query)\b", re.I)
# the same, for a sentence leading into a list: "your query" there is a search, not a query parameter
_FIELDISH_NOUNS = _recache.compile(r"\b(?:header|field|parameter|param|property|attribute|argument|column)\b", re.I)
_THIS = _recache.compile(r"\bthis\b|本字段|该字段|該欄位|此字段", re.I)
_EXCLUSIVE_TAIL = _recache.compile(
    r"[ ]*(?:,[ ]*)?(?:but[ ]+not[ ]+both|(?:must|should|can|may|has[ ]+to|needs[ ]+to)[ ]+(?:also[ ]+)?be[ ]+"
    r"(?:specified|set|provided|populated|given|present|supplied|used|included))",
    re.I,
)
_FORMS = _recache.compile(
    r"\b(?:forms?|formats?|syntax|examples?|operations|steps|requirements|conditions|cases|scenarios|rules"
    r"|properties|attributes|parameters|validations|characters|placeholders|variables|fields? of|e\.g|scopes"
    r"|permissions|notes?|returns|responses?|errors|headers|endpoints|links|references|prerequisites|see)\b",
    re.I,
)
_PARTIAL_WORDS = _recache.compile(
    r"\b(?:(?<!to )include|includes|including|among|such as|e\.g|for example|for instance|examples?(?=\s*[:：])|(?<!would )(?<!you'd )like(?!\s+to\b))\b"
    r"|包括但不限于|包括但不限於", re.I)
_OR_OTHER_KIND = _recache.compile(
    r"[ ]*,?[ ]*or\s+(?P<kind>(?:an?|any|the)\s+(?!(?:combination|list|comma|mix|array|default|same|empty|null|none|other\s+values?)\b|[\w-]*(?:separated|delimited))[a-z])",
    re.I)
_NAMED_SLOT = _recache.compile(r"^[a-z]+(?:-[a-z]+)*-(?:name|id|arn|key)(?::[a-z-]+)?$")  # "lid-name", "lid-name:rev"


# one more item of a quoted list written in plain words ("`A`, `B`, and web-safe base64 encoding")
# (not "or a combination of these", "or null", "and more": a list, no value, or more of the same; "or a/the …"
# is _OR_OTHER_KIND's)
_AND_OTHER_WORDS = _recache.compile(
    r"[ ]*,?[ ]*(?:and|or)[ ]+(?!(?:an?|any|the|combination|combinations|list|lists|comma|mix|array|arrays|default|same|empty"
    r"|null|none|nil|other|others|more|both|all|so|etc)\b)(?P<kind>[a-z][\w-]*(?:[ ]+[a-z][\w-]*){1,5})[ ]*(?:[.;)]|$)")
_KINDS_LEAD = _recache.compile(r"\bvalue\s+(?:types|kinds)\b|\b(?:data|value)\s+types?\b", re.I)
_FOLLOWED_BY = _recache.compile(r"\b(?:followed|suffixed)\s+by\b|\bappend", re.I)
_WORDS_UP_TO_STOP = _recache.compile(r"(?:(?!\b(?:such\s+as|e\.g|for\s+example|like|which|that|to)\b)[^.;,\n(\"'`]){1,60}")


def _words_after_or(s: str, i: int) -> str:
    """The few words that name the other kind of value ("a span of days"), up to a stop."""
    m = _WORDS_UP_TO_STOP.match(s[i:])
    words = (m.group() if m else "").split()
    return " ".join(words[:6]).rstrip(" :")


_ID_NAME = _recache.compile(r"(?:[a-z0-9]Id|[a-z0-9]ID|_id|Ids)$")
_CLOSED_PAREN = _recache.compile(r"\([^()\n]*\)")
# (a list that depends on another field's value; "based on" only when a field or its value follows:
# "filter based on available meals:" lists the field's own kinds)
_DEPEND_ON = r"depend(?:s|ing)?\s+on"  # (the phrase both tests below read)
_BY_DEPENDS = _recache.compile(r"\b(?:" + _DEPEND_ON + r"|according to)\b"
                         r"|\bbased on\b(?=[^.;:]{0,40}(?:`|\b(?:field|parameter|property|attribute|setting|value|type|kind)s?\b))", re.I)

# … and, in a sentence of its own before a list of definitions, what says the list gives the cases of
# something else ("based on `created_at`." says what the order follows, not whose values come next)
_DEPENDS = _recache.compile(r"\b(?:" + _DEPEND_ON + r"|var(?:y|ies)\s+(?:by|with))\b", re.I)

_EXPRESSION_TEXT = _recache.compile(
    r"\b(?i:expressions?|syntax|operators?|clauses?|predicates?|lucene|sql|odata|query\s+language|boolean\s+logic|field\s+filters?)\b"
    r"|\b(?:AND|OR|NOT)\b|[<>~]|(?<!\bdefault )(?<!\bdefault)=",  # ("default = x" states a default, no operator)
)
EXPRESSION_NAMES = frozenset("filter filters query q search expression expr where".split())
_SELECTORS = frozenset("columns sort order orderby sortby fields field mask select expand include exclude by".split())
_VOCAB_WORDS = frozenset(
    """type types status state mode category categories kind level role protocol method scope class
    priority stage phase policy strategy action reason unit units channel direction order sort visibility
    severity gender variant flavor style format encoding algorithm""".split()
)
_FREE_NAME_WORDS = frozenset(
    """id ids uuid guid name names username title email mail address addresses url uri urls link href suffix prefix topic
    path file filename dir directory query q search keyword keywords term terms text body content message
    comment comments note notes description summary token key secret password hash signature phone number
    amount price count date time timestamp ip host hostname domain filter expression reference ref label
    labels tag tags value slug handle city street version versions addr interface data namespace branch barcode
    args arguments command cmd cell postcode zipcode zip uris paths files filenames links hrefs""".split()
)
_FREE_DESC = _recache.compile(
    r"\b(?:free[- ]?(?:text|form)|search\s+(?:terms?|query|string)|keywords?|identifier|\bids?\b|names?\s+(?:of|for)|^(?:the\s+)?names?|"
    r"e-?mail\s+address|url|uri|file\s*name|path\s+to|(?:branch|user|display|host|domain|repo(?:sitory)?|bucket|project|account|company|table|key"
    r"|package|library|module|model|image|function|person|product|team|brand|vendor|device|machine|server|service)\s+names?)\b",
    re.I,
)
_CJK_ANY = _recache.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_WORD = _recache.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{1,8}$")
# What a Chinese description calls its field: a kind of thing (a vocabulary) or a free value.
_ZH_VOCAB = _recache.compile(
    r"类型|類型|类别|類別|分类|分類|种类|種類|状态|狀態|模式|方式|等级|等級|级别|級別|渠道|来源|來源|性别|性別|角色"
    r"|场景|場景|阶段|階段|优先级|優先級|方向|单位|單位|策略|动作|動作|操作类型|用途|权限|權限"
)
_ZH_FREE = _recache.compile(
    r"名称|名稱|姓名|用户名|用戶名|昵称|暱稱|标题|標題|地址|关键词|關鍵詞|关键字|關鍵字|描述|备注|備註|内容|內容|说明|說明"
    r"|搜索|搜尋|查询词|查詢詞|文本|文字|编号|編號|号码|號碼|邮箱|郵箱|网址|網址|链接|連結|路径|路徑|文件名|檔名|作者|标签|標籤"
)
_ZH_CONTENT = _recache.compile(
    r"时间|時間|日期|名称|名稱|用户名|用戶名|邮箱|郵箱|手机|手機|电话|電話|号码|號碼|编号|編號|地址|账号|帳號|密码|密碼"
    r"|金额|金額|数量|數量|内容|內容|标题|標題|文本|链接|連結|路径|路徑|文件|檔案|名字|姓名|昵称|暱稱|描述|备注|備註"
    r"|关键词|關鍵詞|标识|標識|代码|代碼"
)
# E2QWRUHAPOMQZL, TCGA-GF-A4EO: an id, not a code
_OPAQUE = _recache.compile(r"(?=[\w-]{10,}$)(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$")
# a sentence opening on the case of a noun that has something ("For glazes with tints (…)"): the
# list names those of the noun, a subset said in passing
_SUBSET_HEAD = _recache.compile(
    r"(?:^|[.;:!?]\s+|\n)For\s+[^.;:()\n]{1,40}?\b(?:with|that|which|having|whose)\s+\w[^.;:()\n]{0,30}\([ ]*$")
# Said outright, anywhere: the value is not from a fixed set, whatever the field is called.
_STRONG_FREE = _recache.compile(
    r"\bfree[- ]?(?:form|text)\b|\buser[- ]defin(?:ed|able)\b|\bunique\s+(?:name|identifier)\b"
    # "a brand key given by user", "categories a user has associated with it": labels the user makes
    r"|\b(?:given|chosen|defined|created|set)\s+by\s+(?:the\s+)?(?:user|customer|caller)\b"
    r"|\b(?:a|the)\s+user\s+(?:has\s+)?(?:associated|chosen|defined|created|added)\b"
    r"|\barbitrary\s+(?:string|text|value|name)\b|\bany\s+(?:string|text)\b",
    re.I,
)
_PLACEHOLDER = _recache.compile(
    r"\{[^}]*\}|<[^>]*>|\[[A-Za-z_ ]+\]|^[A-Z]+\d+-[A-Z]+\d+$|^[A-Z]{1,4}(?:XX+|NN+|##+)$|^%[A-Za-z]$"  # ("%H": a placeholder)
    r"|^[NAX9#]{2,}(?:[-. ][NAX9#]{2,})+$"  # "NNN-AAAA": a layout of digits and letters
    r"|^(?:YYYY|YY|MM|DD|HH|hh|mm|ss)(?:[-/:._ T]?(?:YYYY|YY|MM|DD|HH|hh|mm|ss|SSS))+$"  # "YYYYMM": a date layout
)
_ALT_INTRO = _recache.compile(
    r"\balternatively\b|\bspecial\s+(?:keywords?|values?|identifiers?|ids?|names?)\b|\baliases\b|\bin\s+addition\s+to\b"
    r"|\balso\s+(?:accepts?|supports?|allows?)\b|\bas\s+well\s+as\b",
    re.I,
)
# "Required for the following countries:", "set this parameter if you use the following fields:"
_WHEN_INTRO = _recache.compile(
    r"\b(?:if|unless)\b|(?<!by )(?<!of )\bwhen\b|\b(?:required|mandatory|only|applies|applicable|needed)\s+(?:for|in|to|with|when)\b", re.I
)
_SAMPLE_VALUE = _recache.compile(r"^[A-Za-z_][\w.]*=|[()]")  # "fields=items(a,b)": a sample request, not a value
# "when the attribute type is `a` or `b`": the values of whatever the condition is about
# ("sorted by when it was `created`": the moment is the value, not a condition on another field)
# ("Defines if the lid is `snap` or `screw`": "if" after a verb of telling asks whether, it sets no condition)
_COND_INTRO = _recache.compile(r"(?:\b(?:if(?<!defines if)(?<!define if)(?<!determines if)(?<!determine if)(?<!indicates if)(?<!indicate if)"
                         r"(?<!specifies if)(?<!specify if)(?<!indicating if)(?<!specifying if)(?<!decides if)(?<!tells if)(?<!shows if)"
                         r"|whenever|unless)|(?<!by )(?<!of )\bwhen)\b[^,.;:]*$", re.I)
# A field that holds a URL, an address or free text does not take words from a list.
_NOT_A_SET = frozenset("url uri urls href email mail phone description summary comment message note notes body text title".split())
_JSON_TYPES = frozenset("integer string number boolean object array null int float double long".split())
_TYPE_NAMES = frozenset({"type", "types", "kind", "datatype"})  # a field whose values are kinds of value
_NOTE_WORDS = frozenset({"case-sensitive", "case-insensitive", "case sensitive", "case insensitive"})
_PHRASE_ITEMS_AFTER = _recache.compile(r"[ ]*,[ ]*[a-z]+[ ]+[a-z]+(?:[ ]*,|[ ]+(?:or|and)\b)")
_NOT_A_VALUE = _recache.compile(r"[\[\]{},#!'\"<>^~=?]|^[A-Z0-9]{1,3}:[A-Z0-9]{1,3}$|/\*|\*/")


def _syntax_token(v: str, values: tuple[str, ...]) -> bool:
    """A lone punctuation character, a character range, or a token with brackets or a comma inside:
    a piece of a syntax, not a value. A range runs from low to high ("a-z", "0-9"; "R-A" is a code);
    a lone mark that every other value opens with is the root of a family ("/" beside "/docs")."""
    if _NOT_A_VALUE.search(v):
        return True
    if len(v) == 3 and v[1] == "-" and _is_word_char(v[0]) and _is_word_char(v[2]):
        return v[0] < v[2]
    if len(v) == 1 and not v.isalnum() and not v.isspace():
        return not (len(values) > 1 and all(o == v or (o.startswith(v) and o[1:2].isalnum()) for o in values))
    return False


def _placeholder(v: str, values: tuple[str, ...]) -> bool:
    """A pattern or layout rather than a value ("user:{email}", "EXT000-EXT350", "Major.Minor.Build");
    dotted names that share their first part and differ after it are names in one namespace
    ("Kiln.Gas", "Kiln.Wood"), not a layout."""
    if _PLACEHOLDER.search(v):
        return True
    parts = v.split(".")
    if not (2 <= len(parts) <= 4 and all(p.isascii() and p.isalpha() and p[:1].isupper() and p[1:].islower() for p in parts)):
        return False  # (a layout of named parts: "Major.Minor.Build")
    head = parts[0] + "."
    return not (len(values) > 1 and len({o.rsplit(".", 1)[-1] for o in values}) == len(values)
                and all(o.startswith(head) and not any(p != o and p.startswith(o + ".") for p in values) for o in values))
_OPEN_SET = _recache.compile(
    r"\b(?:custom\s+or\s+one\s+of|(?:custom|other|any)\s+(?:values?|strings?)\s+or|or\s+(?:any\s+)?(?:other|custom)\s+(?:values?|strings?)"
    r"|(?:common|typical|popular|well[- ]known|known|standard|some|sample)\s+values?|not\s+limited\s+to|among\s+others"
    r"|\b(?:you|user)\s+(?:created|defined|define|create)\b[^.;:]{0,40}\bor\b|\bor\s+(?:use\s+)?one\s+of\s+the\s+(?:predefined|built-in|standard)"
    r"|(?:predefined|pre-defined|built-in)\s+values?\s+(?:include|are)\b"
    r"|\bfollowing\s+(?:\w+\s+)?(?:are|is)\s+(?:the\s+)?(?:most\s+)?(?:common|typical|popular|frequent)\b)",
    re.I,
)
_UPPER_CODE = _recache.compile(r"^[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)*$")
_LOWER_ID = _recache.compile(r"^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*$")
_PASCAL = _recache.compile(r"^[A-Z][a-z]+(?:[A-Z][a-z0-9]+)*$")
_FREE_SHAPE = _recache.compile(r"[\s@/\\:]|://|^\d+$|^\d{4}-\d{2}|^[+-]?\d+(?:\.\d+)?$|\.\w")
_INT = _recache.compile(r"^[-+]?\d+$")
_DIGIT = _recache.compile(r"\d")  # what _INT and _NUM need
# a release line ("4.2", "11", "2203"): what a server offers; a patch level ("4.2.17") is rather a
# threshold or the caller's own version
_BOUND_WORDS = frozenset({"min", "max", "minimum", "maximum", "lowest", "highest", "from", "to", "since", "until"})
_YEAR = _recache.compile(r"^(?:19|20)\d\d$")
_VERSION_NUMBER = _recache.compile(r"^\d{1,4}(?:\.\d{1,3})?$")
_NUM = _recache.compile(r"^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$")


# The characters a QTOK (or the quote lookahead of _ONLY, _SINGLE, _SET_THIS) starts with.
_QTOK_FIRST = _recache.compile("[`\"'“‘「『*]")
_QTOK_FIRSTS = tuple("`\"'“‘「『*")  # the same, for a substring test (far cheaper than a one-class scan)
# scan()'s keys for _VALUES_CUE (its adjectives).
_ADJ_KEYS = (
    "possible", "valid", "allowed", "accept", "support", "permi", "available", "legal", "allowable", "applicable",
    "recogni", "admissible", "returned", "current",
)
# Lower-case forms of every _NOUN and _KIND_NOUN alternative: _VALUES_CUE cannot match without one.
_NOUN_WORDS = (
    "value", "option", "choice", "setting", "keyword", "string", "entries", "input", "types", "modes", "states",
    "statuses", "levels", "kinds", "categories", "roles", "codes", "formats", "methods", "actions", "fields",
    "units", "orders", "extensions", "protocols", "algorithms", "versions",  # _KIND_NOUN's own
)


@dataclass(slots=True)
class _Found:
    start: int
    parsed: Parsed
    closed: bool
    trigger: str
    named: bool = False  # the text names the field by its identifier as it gives these values


def _clause_before(t: str, i: int) -> str:
    """The clause that ends at ``i`` (back to the previous sentence break), for subject checks. A
    line break inside a sentence (a word or comma before it, a lower-case word after it: "it
    depends\non the lid") is no break."""
    lo = max(0, i - 160)
    chunk = t[lo:i]
    cut = max(chunk.rfind(". "), chunk.rfind("; "), chunk.rfind("。"), chunk.rfind(": "))
    nl = chunk.rfind("\n")
    while nl > cut and _soft_break(chunk, nl):
        nl = chunk.rfind("\n", 0, nl)
    cut = max(cut, nl)
    return chunk[cut + 1 :] if cut >= 0 else chunk


def _soft_break(chunk: str, nl: int) -> bool:
    """Whether the line break at ``nl`` wraps a sentence: a word or a comma before it, a
    lower-case word after it."""
    before = chunk[:nl].rstrip(" \t")[-1:]
    after = chunk[nl + 1 :].lstrip(" \t")[:1]
    return (before.isalnum() or before == ",") and "a" <= after <= "z"


# "Behaviour when a jar breaks:", "Action to take when …:": the field says what happens then (its values
# are the choices), not a list that applies only then
_POLICY_WHEN = _recache.compile(r"\s*(?:the\s+)?(?:behaviou?r|action|what\s+to\s+do|how\s+to\s+(?:behave|react|respond)|policy|strategy)"
                          r"(?:\s+to\s+take)?\s+(?:when|if)\b", re.I)
_SAMPLES_LEAD = _recache.compile(r"(?:\be\.g|\bfor\s+example|\bsuch\s+as)[.,:]?\s*$", re.I)  # "E.g.\n- VIC for …": samples
# a sentence that opens with a sample cue and is itself a value sentence, right before a run of them
_SAMPLE_SENTENCE = _recache.compile(
    r"(?:^|(?<=[.!?]\s))(?:for\s+(?:example|instance)|e\.\s?g\.?|examples?)\s*[:：,]\s*[`\"'“][^.!?\n]{0,200}[.!?]\s*$", re.I)
_INCLUDE_FOLLOWING = _recache.compile(r"\binclud(?:e|es|ing)\s+the\s+following\b", re.I)
_INTRO_CUT = _recache.compile(r"(?<![eE]\.[gG])(?<![iI]\.[eE])[.!?。](?:\s|$)|\n[ \t]*\n")  # ("E.g.\n- …" leads into its list)


_BULLET_START = _recache.compile(r"[ \t]*[-*•][ \t]+\S")


def _intro(t: str, i: int) -> str:
    """The sentence that leads into a list starting at ``i`` (bullet marks and blanks before
    ``i`` skipped; a colon does not end it, unlike :func:`_clause_before`)."""
    return _sentence_to(t, _list_start(t, i))


# a line that opens with a code (or two: "`A` and `B`:") and a colon: an item of a definition list
_DEF_CODE = r"(?:`[^`\n]{1,40}`|\*\*[^*\n]{1,40}\*\*)"
_DEF_ITEM_LINE = _recache.compile(r"[ \t]*(?:[-*•][ \t]+)?" + _DEF_CODE + r"(?:[ \t]*(?:,|and|or|/)[ \t]*" + _DEF_CODE + r")*[ \t]*[:：]")


def _lead_sentence(t: str, i: int) -> str:
    """The sentence before a list at ``i`` when ``_intro`` finds none there: the sentence that
    ends with its own full stop right before it ("The longest reference depends on the `kind`.\n- a:
    …"), or the lead-in before items of the same list that were not taken from it ("… depends on
    the kind:\n\n`A` and `B`: … .\n\n`C`: …", a first item naming two codes); "" when the text
    before the list ends otherwise."""
    before = t[: _list_start(t, i)].rstrip()
    for _ in range(50):
        line = before.rfind("\n") + 1
        if line == 0 or not _DEF_ITEM_LINE.match(before, line):
            break
        before = before[:line].rstrip()
    if before.endswith((":", "：")):
        return _sentence_to(t, len(before))
    return _sentence_to(t, len(before) - 1) if before.endswith((".", "!", "?", "。")) else ""


def _sentence_to(t: str, j: int) -> str:
    chunk = t[max(0, j - 200) : j]
    cuts = list(_INTRO_CUT.finditer(chunk))
    return chunk[cuts[-1].end() :] if cuts else chunk


def _list_start(t: str, i: int) -> int:
    """Where the text before a list at ``i`` ends: bullet marks and blanks before ``i`` skipped,
    and the bullets of the same list that were not taken as values."""
    j = i
    while True:
        while j > 0 and t[j - 1] in " \t\n*-•·+\\":
            j -= 1
        # a bullet of the same list that was not taken as a value ("- Default" before "- Arial")
        k = t.rfind("\n", 0, j) + 1
        if k > 0 and j - k <= 40 and _BULLET_START.match(t, k, j) and "\n" in t[max(0, k - 1) : k]:
            j = k
            continue
        break
    return j


def _mentions_other(text: str, name: str) -> bool:
    """Whether ``text`` names an identifier other than the field itself (values of another field)."""
    for m in _IDENT.finditer(text):
        if not same_name(m.group().strip("`"), name):
            return True
    return False


_VERB_TAIL = frozenset("can may must should will shall could only is are was either also always".split())


_COND_SENTENCE = _recache.compile(r"\s*(?:(?:if|when|whenever|unless)\b|for\s+(?:`|$))", re.I)  # ("For `lidKind` …": a case of another field)


_SENTENCE_BREAK_CJK = _recache.compile(r"[.!?。](?:\s|$)|\n")


def _sentence_of(s: str, i: int) -> str:
    """The sentence that ``i`` lies in, up to ``i`` (a CJK full stop ends one too)."""
    return structure.sentence_before(s, i, _SENTENCE_BREAK_CJK)


_SELF_SUBJECT = _recache.compile(
    r"(?:(?:the|its)\s+)?value(?:\s+(?:of|for|in)\s+this\s+(?:field|parameter|property|attribute|setting|option))?|it"
    r"|this(?:\s+(?:field|parameter|property|attribute|setting|option|value))?", re.I)
_SUBJECT_WORD = _recache.compile(r"[A-Za-z][\w.$-]*")


def _names_field(subject: str, name: str) -> bool:
    """Whether a sentence's subject ("The fan speed", "A pump's state", "The `fanSpeed`
    property") is the field itself: its name, or its last name word at the end of a short noun
    phrase that names no other identifier."""
    words = _SUBJECT_WORD.findall(subject)
    if _SELF_SUBJECT.fullmatch(subject.strip()):
        return True  # "this property's value", "its value", "it": the field itself
    if any(same_name(m.group().strip("`"), name) for m in _IDENT.finditer(subject)) or same_name(subject.strip().strip("`'\""), name):
        return True  # "The `fanSpeed` property", "The fan_speed", "FanSpeed": the identifier itself
    nw = name_words(name)
    if not nw or not words or len(words) > 8 or _mentions_other(subject, name):
        return False
    while len(words) > 1 and words[-1].lower() in _VERB_TAIL:
        words.pop()  # "The fan speed can": the subject ends before the verb
    low = [w.lower().removesuffix("'s") for w in words]
    for i in range(len(low) - 1, max(-1, len(low) - 5), -1):
        if low[i] in (nw[-1], nw[-1] + "s"):
            # the noun the phrase is about, or one a kind noun does not follow: "database name" is
            # the database, "source type" is a type (of the source)
            return i == len(low) - 1 or low[i + 1] not in _VOCAB_WORDS
    return False


_NOUN_TWINS = {"status": "state", "state": "status", "statuses": "states", "states": "statuses"}


# nouns whose kinds a list before them gives ("in UPRIGHT or SIDEWAYS order", "yaml or toml format");
# not nouns of things that are kinds themselves ("a private group or IM channel" names a channel)
_KIND_NOUNS = frozenset("""order direction format mode type kind style level scope visibility status state statuses states
    category unit units method protocol policy priority strategy encoding orientation view layout""".split())


def _own_noun(noun: str, nw: list[str], values: tuple[str, ...]) -> bool:
    """Whether the noun that kinds are listed before ("ASCENDING or DESCENDING *order*") is the
    field's own kind noun: a kind word that is its last name word; never when a value is one of
    its name words ("deployment or provisioning state" of ``provisioningState``: which state)."""
    if not nw:
        return False
    noun = noun.lower()
    if noun not in _KIND_NOUNS or {v.lower() for v in values} & set(nw):
        return False
    if noun not in ("format", "encoding") and not all(structure.code_only(v) for v in values):
        return False  # "ascending or descending order": words that say what it does, not what to send
    return nw[-1] in (noun, noun.rstrip("s"), _NOUN_TWINS.get(noun, noun))


_QUAL_WORD = _recache.compile(r"[\w.$-]+")


def _qual_other(qual: str, name: str, fieldish: "re.Pattern[str] | None" = None) -> bool:
    if not qual.strip():
        return False
    if _THIS.search(qual):
        return False
    if _mentions_other(qual, name):
        return True
    if (fieldish or _FIELDISH).search(qual):
        return not any(same_name(w, name) for w in _QUAL_WORD.findall(qual))
    return False


_ARE_CODE_TOKEN = _recache.compile(_ARE_CODE)
_OR_SEP = _recache.compile(r"\bor\b|或")
_EITHER_WORD = _recache.compile(r"\beither\b", re.I)
_EXAMPLE_OR_DEFAULT = _recache.compile(r"example|default", re.I)
_LIST_GOES_ON = _recache.compile(r"[ ]*(?:(?:,[ ]*)?(?:or|and)\b|[,、][ ]*[`\"'“‘])")
_CONDITION_AFTER = _recache.compile(r"[ ]*,?[ ]*(?:if|when|unless|in[ ]+order|to|only)\b", re.I)
_SLASH_OR_BAR = _recache.compile(r"[ ]*[/|][ ]*")
_ASIDE_LABEL = _recache.compile(r"example|e\.g|\beg\b|default|note|see|deprecated|format|示例|例|默认|默認|注意", re.I)
_OR_SLASH_SEP = _recache.compile(r"\bor\b|[|/]|或")
_OR_BAR_SEP = _recache.compile(r"\bor\b|\||或")
_ITS_END = _recache.compile(r"\b(?:its|their)\s*(?:either\s*)?$", re.I)
_EXAMPLE_INTRO = _recache.compile(r"example|e\.g|such as|like|default|with|and/or", re.I)
_EXAMPLE_LIKE = _recache.compile(r"example|e\.g|such as|like", re.I)
_LIST_CLOSED = _recache.compile(r"[ ]*(?:$|[\n.,;:)）。，；]|\s*(?:etc|等))")
_QUOTED_LIST_CLOSED = _recache.compile(r"[ ]*(?:$|[\n.,;:)）。，；]|or\b|and\b|etc|等)")
_EXAMPLE_ITEM = _recache.compile(r"[^,;|]+")


def find(t: Text, name: str, type_: str | None) -> list[Evidence]:
    """Closed and example vocabularies in the prepared description."""
    s = t.norm
    if type_ == "boolean" or (type_ in ("integer", "number") and _DIGIT.search(s) is None) or _expression(t, name_words(name)):
        # _decide keeps no list of these: a boolean's values are known, a number's are written with
        # digits (every value is a piece of the text), an expression's tokens are operands
        return []
    low = gate_text(s)  # for the key gates only (blanks collapsed: not the offsets of s)
    cjk = not s.isascii() and _CJK_ANY.search(s) is not None
    found: list[_Found] = []
    # Extra gates (each a condition without which the scan it guards finds nothing that is kept),
    # so the costly case-insensitive patterns run on fewer texts. The word gates look in ``low``,
    # where blanks are collapsed and odd case-folding characters folded (see ``gate_text``).
    # (``valued`` below is ``scan``'s key test for _VALUES_CUE followed by a noun gate.)
    quoted = has_any(s, _QTOK_FIRSTS)
    nw = name_words(name)
    nw_free = bool(nw) and nw[-1] in _FREE_NAME_WORDS

    def add(start: int, parsed: Parsed | None, closed: bool, trigger: str, min_items: int = 2, named: bool = False) -> None:
        if parsed is None or len(parsed.items) < min_items:
            return
        parsed = _coded_names(s, _abbreviated(s, parsed))
        if parsed.partial:
            closed = False
        found.append(_Found(start, parsed, closed, trigger, named))

    def list_after(pos: int, *, quoted_only: bool = False) -> Parsed | None:
        b = parse_bullets(s, pos)
        if b is not None and len(b.items) >= 2 and not quoted_only:
            return _labelled_quotes(s, b)  # ("* HD = `1280x720`": the quoted value, not its label)
        p = parse_inline(s, pos, quoted_only=quoted_only)
        if p is None:
            p = _list_apart(s, pos, quoted_only)
        if p is not None and len(p.items) == 1 and not p.items[0].quoted:
            return _split_slashes(p)  # "supported values: a/b/c"
        return p

    odd = odd_case(s)
    adjective = has_any(low, _ADJ_KEYS)  # (_VALUES_CUE and _PLURAL_CUE open with one)
    valued = adjective and has_any(low, _NOUN_WORDS)
    # _CAN_BE, _ONLY, _SINGLE and _SET_THIS keep a match only right before a quote-like character
    # (their lookahead, or the QTOK that must follow), and each ends in one of a few words there
    # ("be", "to", "is" …): ``_quote_gates`` tells which of them can keep one (all of them when an
    # odd case-folding character makes ``s.lower()`` an unsafe stand-in, see ``odd_case``; it
    # needs the offsets of ``s``, which ``low`` does not keep).
    can_be, only, single, set_this = _quote_gates(s, s.lower()) if quoted and not odd else (True, True, True, True)
    cases: list[tuple[int, Parsed, bool]] = []
    for m in _VALUES_CUE.finditer(s) if valued else ():
        if _PER_CASE.match(m.group("qual")) and not _OTHER_FIELD_QUAL.search(m.group("qual")):
            p = list_after(m.end())
            if p is not None:
                verb = m.group("verb").lower()
                cases.append((m.start(), p, not verb.startswith("includ")))  # "valid values for jars are …; for tins …"
            continue
        if _qual_other(m.group("qual"), name) or _mentions_other(_clause_before(s, m.start()), name) and _BY_DEPENDS.search(_clause_before(s, m.start())):
            continue
        if _UNITS_WORD.search(m.group()) and not {"unit", "units"} & set(nw):
            continue  # "Supported units are k, M, G" of a memory size: suffixes of the value, not values
        verb = m.group("verb").lower()
        closed = not verb.startswith("includ") or s[m.end() : m.end() + 16].lstrip().lower().startswith("the following")
        if _MORE_BEFORE.search(s, max(0, m.start() - 20), m.start() + 12):
            closed = False  # "Additional valid values are …": more values beside others the text gives
        add(m.start(), list_after(m.end()), closed, "values")
    if len(cases) >= 2:
        # a list per case ("valid values for jars are …", "for tins are …"): the field takes their union
        union = list({i.value: i for _, p, _ in cases for i in p.items}.values())
        add(cases[0][0], Parsed(union, max(p.end for _, p, _ in cases)), all(c for _, _, c in cases), "values")
    elif cases and not _qual_other(s[cases[0][0] : cases[0][1].items[0].start], name):
        add(*cases[0], "values")
    for m in scan(_PLURAL_CUE, s, low, (" are",)) if adjective else ():
        # "Valid uplinks are wan1, wan2, cellular": the plural of the field's own noun (or any
        # noun before quoted values) after a values adjective
        p = list_after(m.end())
        noun = m.group("noun").lower()
        if p is None or not (_plural_of(noun, nw) or (all(i.quoted for i in p.items) and noun not in _PART_NOUNS)):
            continue  # "valid operators are *by*, *from*": parts of a syntax, not whole values
        if any(_FORM_AFTER.match(s, i.end) for i in p.items):
            continue  # "Valid principals are CertArn (arn:aws:…:cert/<id>)": kinds of value, each with its form
        if _qual_other(m.group("qual") or "", name) or _mentions_other(_clause_before(s, m.start()), name):
            continue
        add(m.start(), p, True, "values")
    for m in scan(_VALUES_LABEL, s, low, _VALUES_LABEL_KEYS) if ":" in s else ():
        add(m.end() - 1, list_after(m.end()), True, "label")
    for m in scan(_ONE_OF, s, low, ('one of', 'oneof')):
        pre = m.group("pre") or ""
        if _ONE_OF_BAD_PRE.search(pre):
            continue
        if (m.group("what") or m.group("noun")) and _FORMS.search(m.group(0)):
            continue
        p = list_after(m.end())
        if p and _EXCLUSIVE_TAIL.match(s, p.end):
            continue
        add(m.start(), p, True, "one-of")
    for m in scan(_COUNTED, s, low, (' values', ' options', ' choices', ' modes', ' types', ' states', ' settings', ' levels')):
        p = list_after(m.end())
        n = m.group("n").lower()
        if p is not None and len(p.items) == (int(n) if n.isdigit() else _COUNT_WORDS[n]):
            add(m.start(), p, True, "counted")
    for m in scan(_HAVE_VALUES, s, low, (' have ', ' take ')) if "value" in low else ():
        subject = _clause_before(s, m.start()).strip(" ,")
        if subject and not (_HAVE_SUBJECT.fullmatch(subject) or _names_field(subject, name)):
            continue  # "the burner's heat may take values …": another noun's
        add(m.start(), list_after(m.end()), True, "have-values")
    for m in scan(_ARE_SUPPORTED, s, low, ('supported', 'allowed', 'accepted', 'permitted')) if " are " in low else ():
        if (m.group("noun") or "") in _ARE_NOT_VALUES:
            continue  # "Only PNG and JPEG files are supported": kinds of content, not values
        st = m.start("list")
        items = [Item(clean_token(x.group()), st + x.start(), st + x.end(), x.group()[0] in "`\"“")
                 for x in _ARE_CODE_TOKEN.finditer(m.group("list")) if x.group() not in ("and", "or")]
        add(st, Parsed(items, m.end("list")), True, "are-supported")
    for m in scan(_FOLLOWING, s, low, ('following',)):
        qual = m.group("qual") or ""
        if _qual_other(qual, name):
            continue
        add(m.start(), list_after(m.end()), True, "following")
    for m in scan(_EITHER, s, low, ('either',)):
        two = _EITHER_GROUPS.match(s, m.end())
        if two is not None:
            # "either given by the maker (`a`, `b`) or set by the depot (`c`)": both groups are values
            a = parse_inline(s, two.start("a"), quoted_only=True)
            b = parse_inline(s, two.start("b"), quoted_only=True)
            if a is not None and b is not None and a.end <= two.end("a") and b.end <= two.end("b") \
                    and (max(len(a.items), len(b.items)) >= 2 or all(_PLAIN_VALUE.fullmatch(i.value) for i in (*a.items, *b.items))) \
                    and not _mentions_other(_clause_before(s, m.start()), name):
                add(m.start(), Parsed([*a.items, *b.items], b.end), True, "either")
                continue
        clauses = _EITHER_CLAUSES.match(s, m.end())
        if clauses is not None and not _mentions_other(_clause_before(s, m.start()), name):
            # "either SEALED, where the lid stays on, or OPEN, where …": two codes, each with what it does
            items = [Item(clean_token(clauses.group(g)), clauses.start(g), clauses.end(g), clauses.group(g)[0] in "`\"'“")
                     for g in ("a", "b")]
            if items[0].value != items[1].value:
                add(m.start(), Parsed(items, clauses.end("b")), True, "either")
                continue
        p = parse_inline(s, m.end())
        if p is None or len(p.items) < 2 or _EXCLUSIVE_TAIL.match(s, p.end):
            continue
        last = s[p.items[-2].end : p.items[-1].start]
        if not _OR_SEP.search(last):
            continue
        before = _clause_before(s, m.start())
        if _mentions_other(before, name) or _COND_INTRO.search(before):
            continue
        if _in_open_paren(s, m.start()):
            opening = s.rfind("(", 0, m.start())
            noun = " ".join(s[:opening].split()[-4:])
            head = " ".join(_sentence_of(s, opening).split()[:2])  # "The status of the jars you want (either …)"
            if not (_names_field(noun, name) or _names_field(head, name)):
                continue  # "before the second step (either DRY or WET)": the kinds of another noun
        add(m.start(), p, True, "either")
    for m in scan(_CAN_BE, s, low, ('`', '"', "'", '“', '‘', '「')) if can_be else ():
        p = parse_inline(s, m.end(), quoted_only=True)
        if p is None or len(p.items) < 2 or _EXCLUSIVE_TAIL.match(s, p.end):
            continue
        last_sep = s[p.items[-2].end : p.items[-1].start]
        if not (_OR_SEP.search(last_sep) or (len(p.items) >= 3 and _EITHER_WORD.search(m.group()))):
            continue
        before = _clause_before(s, m.start())
        if _mentions_other(before, name) or _PARTIAL_WORDS.search(before) or _EXAMPLE_OR_DEFAULT.search(before) \
                or _COND_INTRO.search(before):
            continue
        add(m.start(), p, True, "can-be")
    for m in scan(_ONLY, s, low, ('only',)) if quoted and only else ():  # needs a quote after it
        p = parse_inline(s, m.end(), quoted_only=True)
        if p is None or not _ONLY_TAIL.match(s, p.end):
            continue
        add(m.start(), p, True, "only", 1)
    for m in scan(_SINGLE, s, low, ('must', 'should', 'only')) if quoted and single else ():  # kept only before a QTOK
        q = QTOK.match(s, m.end())
        if q is None or _mentions_other(_clause_before(s, m.end()), name):
            continue
        nxt = s[q.end() : q.end() + 12]
        if _LIST_GOES_ON.match(nxt):
            continue  # a list ("must be `a`, `b` or `c`", "should be "x", "y", etc."): handled by the list cues
        if _CONDITION_AFTER.match(nxt):
            continue  # a conditional use of one value, not the whole set
        it = Item(clean_token(q.group()), q.start(), q.end(), True)
        if it.value:
            add(m.start() + (len(m.group()) - len(m.group().lstrip(".;:\n \t"))), Parsed([it], q.end()), True, "single", 1)
    for m in scan(_ONLY_VALUE_BARE, s, low, ('only',)):
        st = m.start("v")
        add(m.start(), Parsed([Item(m.group("v"), st, m.end("v"), False)], m.end("v")), True, "single", 1)
    for m in scan(_COLON_LIST, s, low, (':', '：')):
        intro = _clause_before(s, m.start() + 1)
        if _FORMS.search(intro) or _BY_DEPENDS.search(intro) or _qual_other(intro, name) or _WHEN_INTRO.search(intro) \
                or structure.other_context(intro):
            continue
        p = parse_bullets(s, m.end())
        if p is None or len(p.items) < 2:
            continue
        p = _labelled_quotes(s, p)
        st = m.start() + 1 - len(intro)
        while st < m.start() and s[st].isspace():
            st += 1
        add(st, p, not _PARTIAL_WORDS.search(intro), "colon")
    lead = _LEAD_BULLET.match(s)
    if lead:
        p = parse_bullets(s, lead.end())
        if p is not None and len(p.items) >= 2:
            add(lead.end(), p, True, "leading-bullets")
    for m in scan(_PAREN_ETC, s, low, ('etc', '等')):
        p = parse_inline(s, m.end())
        before = " ".join(_clause_before(s, m.start()).split()[-4:])
        if p is not None and p.partial and (cjk or _names_field(before, name) or structure.kind_head(before)):
            add(m.start(), p, False, "paren-etc", 1)  # "non-Latin alphabets (a, b, etc)": another noun's
    if "\n" in s and ("(`" in s or '("' in s or "('" in s or _PAREN_CAPS.search(s) is not None):
        # "- Arabic (`ar`)\n- Chinese Simplified (`zh_CN`)": a name, then its code: the codes
        coded = _coded_bullets(s)
        if coded is not None:
            lead_in = _intro(s, coded.items[0].start)
            add(coded.items[0].start, coded, not (_PARTIAL_WORDS.search(lead_in) and not _INCLUDE_FOLLOWING.search(lead_in)),
                "coded-bullets")
    for p in parse_tables(s, name):
        add(p.items[0].start, p, True, "table")
    # only a short text's "(a/b/c)" is a vocabulary, and the list needs a "/" or "|"
    short = len(s.strip()) <= 120 and ("/" in s or "|" in s)
    for m in scan(_PAREN_SLASH, s, low, ('(', '（')) if short else ():
        if s[: m.start("list")].rstrip(" (（")[-1:] in _QUOTE_ENDS:
            continue  # "*CR* (clay/resin)": the gloss of the code before it, not values
        head = (m.group("head") or "").lower()
        words = set(name_words(name)) | {head}
        if not (words & _VOCAB_WORDS):
            continue
        parts = _SLASH_OR_BAR.split(m.group("list"))
        if any(len(x) < 2 for x in parts):
            continue
        off = m.start("list")
        items = []
        for part in parts:
            i = s.index(part, off)
            items.append(Item(part, i, i + len(part), False))
            off = i + len(part)
        add(m.start("list") - 1, Parsed(items, m.end()), True, "paren")
    # A label line and a whole-text list are kept only when the separators between their items
    # hold "or", "|", "/" or 或; separators are pieces of ``s`` that neither start nor end with a
    # letter, so such a word in them is one in ``s`` (with the same word boundaries).
    or_sep = "|" in s or "/" in s or "或" in s or OR_WORD.search(s) is not None
    for m in _at_line_starts(_LABEL_LINE, s) if or_sep and (":" in s or "：" in s) else ():
        label = m.group("label")
        if _ASIDE_LABEL.search(label):
            continue
        if _mentions_other(label, name) or len(label.split()) > 6:
            continue
        p = parse_inline(s, m.end())
        if p is None or len(p.items) < 2:
            continue
        rest = s[p.end : s.find("\n", p.end) if "\n" in s[p.end :] else len(s)]
        if rest.strip(" .。"):
            continue
        seps = "".join(s[a.end : b.start] for a, b in zip(p.items, p.items[1:]))
        if not _OR_SLASH_SEP.search(seps) or _content_nouns(p):
            continue
        add(m.start("label"), p, True, "label-line")
    whole = parse_inline(s, _BARE_LIST.match(s).end()) if or_sep and s.strip() and not (cjk and _ZH_CUE.search(s)) else None  # type: ignore[union-attr]  # _BARE_LIST matches any text with a non-blank (s.strip() holds)
    whole_start = whole.items[0].start if whole else 0
    if whole and len(whole.items) >= 2 and "，" in s[whole.items[0].end : whole.items[1].start] \
            and _CJK_ANY.match(whole.items[0].value[-1]):
        whole = parse_inline(s, whole.items[1].start)  # "可见性，公开或私有": the first word names the field
    if whole and len(whole.items) >= 2 and not s[whole.end :].strip(" .。\n"):
        seps = "".join(s[a.end : b.start] for a, b in zip(whole.items, whole.items[1:]))
        if _OR_BAR_SEP.search(seps) and not _content_nouns(whole):
            add(whole_start, whole, True, "whole")
    for c in structure.candidates(s, low):
        if c.trigger == "noun-alternatives":
            if not _own_noun(c.subject or "", nw, c.parsed.values):
                continue  # "the lid or jar code", "Reads or writes the shelf": not kinds of the field
        elif c.subject is not None and not _names_field(c.subject, name):
            continue  # "The sender's status can be …" said in the description of another field
        if c.trigger == "paren-list" and _SUBSET_HEAD.search(s, max(0, c.start - 60), c.start):
            continue  # "For glazes with tints (Ash, Salt) …": the ones of a noun that have something, a subset
        if c.trigger == "paren-list" and nw_free and s[: c.start].rstrip(" (").lower().endswith(nw[-1]):
            continue  # "The DNS name (wildcard or exact)": kinds of name, not names
        intro = lead_in = _intro(s, c.start) if c.trigger != "value-sentences" else ""
        by_depends = (_BY_DEPENDS.search(intro) and not (c.trigger == "paren-list" and _names_field(intro[-40:], name))) or (
            # "The longest reference depends on the `kind`.\n- a: 64 …\n- b: 20 …": a lead sentence of its own
            c.trigger == "definitions" and not intro.strip() and _DEPENDS.search(_lead_sentence(s, c.start)))
        named = c.trigger == "conditional-values" and c.subject is not None and (
            _IDENT.fullmatch(c.subject.strip()) is not None or (" " not in c.subject.strip() and same_name(c.subject.strip(" `'\""), name)))
        # ("If `otherLid` is given, set `lid` to `a` …": the field named as it is set, whatever the condition names)
        if (not named and (_mentions_other(intro, name) or _qual_other(intro, name, _FIELDISH_NOUNS))) or by_depends \
                or structure.lists_other(intro) or (c.trigger == "definitions" and _WHEN_INTRO.search(intro)
                                                    and not _POLICY_WHEN.match(intro)):
            continue  # "depending on the kind of widget (`WidgetKind`):": another field's values
        fh = _FORM_HEAD.search(s, max(0, c.parsed.items[0].start - 40), c.parsed.items[0].start) if c.trigger == "paren-list" else None
        if fh is not None and fh.group(1).lower() not in nw and not (set(nw) & _VOCAB_WORDS):
            continue  # "a label in Lidmark format (HTML or Text)": the syntaxes of the text, not values
        if c.trigger in ("bare-alternatives", "paren-list", "appositive", "default-marked") and (_content_nouns(c.parsed)
                                                                 or (c.trigger != "paren-list" and _FORMS.search(intro))
                                                 or any(i.value.lower() in STOP_WORDS for i in c.parsed.items)):
            continue  # "username or email": what the value is, not values it takes
        if c.trigger in ("quoted-alternatives", "bare-alternatives", "glossed-alternatives", "appositive"):
            if _COND_SENTENCE.match(_sentence_of(s, c.start)):
                continue  # "If the field is a checkbox, the value should be `on` or `off`": one case of it
            intro = _clause_before(s, c.start)
            if _mentions_other(intro, name) or _COND_INTRO.search(intro) or _EXCLUSIVE_TAIL.match(s, c.parsed.end) \
                    or _BY_DEPENDS.search(intro) or _ITS_END.search(intro) \
                    or _EXAMPLE_INTRO.search(intro) or _FORMS.search(intro):
                continue
        if c.trigger == "default-marked":  # (its own mark says "default": the intro may say "with")
            intro = _clause_before(s, c.start)
            if _COND_SENTENCE.match(_sentence_of(s, c.start)) or _mentions_other(intro, name) or _COND_INTRO.search(intro) \
                    or _BY_DEPENDS.search(intro) or _EXAMPLE_LIKE.search(intro) or _FORMS.search(intro):
                continue
        handover = lead_in if c.trigger != "value-sentences" else _intro(s, c.start)  # (the whole lead-in, not the clause)
        if c.trigger == "value-sentences" and not handover.rstrip().endswith((":", "：")) and not _SAMPLES_LEAD.search(handover):
            # only a lead that hands over to the sentences ("The possible values include:") qualifies
            # them, or a first value sentence opened by a sample cue ('For example: "a1" for … "b2" for …')
            prev = _SAMPLE_SENTENCE.search(s, max(0, c.start - 300), c.start)
            handover = prev.group() if prev is not None else ""
        # (a parenthesis the lead-in closes is about something else: "regulated parameters
        # (including lids and jars) at the depot: - A = …")
        handover = _CLOSED_PAREN.sub(" ", handover) if "(" in handover else handover
        pm = _PARTIAL_WORDS.search(handover)
        partial = pm and not _INCLUDE_FOLLOWING.search(handover) and not (
            # "for example, tin 1 is written T1:" then every code: the sample shows how a member
            # is written (it is one of the list), not that the list is a sample
            pm.group().lower() in ("e.g", "for example") and c.trigger in structure.STRUCTURAL
            and handover.rstrip().endswith((":", "："))
            and any(re.search(r"(?<!\w)" + re.escape(v) + r"(?!\w)", handover[pm.end() :]) for v in c.parsed.values))
        if partial and c.trigger == "bracket-list" and _OUTPUT_BEFORE.search(s, max(0, c.start - 80), c.start):
            continue  # "For example, it will return ['jar1', 'jar2', 'jar10'] instead of …": a sample answer
        add(c.start, c.parsed, c.closed and not partial, c.trigger, c.min_items, named)
    if "=" in s and "`" in s and name:
        # "If `lid=snap` …. If `lid=screw` …": a condition on each value of the field, written as a request would
        assigned = [m for m in _ASSIGNED.finditer(s) if same_name(m.group("n"), name) and m.group("v").lower() not in ("true", "false")]
        items = list({m.group("v"): Item(m.group("v"), m.start("v"), m.end("v"), True) for m in assigned}.values())
        if len(items) >= 2:
            add(items[0].start, Parsed(items, items[-1].end), True, "assignments")
    if cjk:
        _zh(s, name, add)
    _pairs(s, add, cjk)
    # "eg" only before its "." or ":" (as _EXAMPLE_CUE has it): "integer", "begin", "segment" hold no cue
    examples = scan(_EXAMPLE_CUE, s, low, ('e.g', 'e. g', 'eg.', 'eg:', 'example', 'instance', 'such as', 'like', 'includ'))
    for m in itertools.chain(examples, _ZH_EXAMPLE_CUE.finditer(s) if cjk else ()):
        cue = m.group().strip().lower()
        if same_name(cue.rstrip(":： ,"), name):
            continue  # "include a,b" describing the `include` field: its own name, not a cue
        if _NEGATED_BEFORE.search(s, max(0, m.start() - 40), m.start()):
            continue  # "a host without a protocol such as `http`": what the value must not hold
        quoted_only = cue == "like"
        p = parse_bullets(s, m.end()) if cue.startswith(("includ", "包")) else None
        if p is None or len(p.items) < 2:
            p = parse_inline(s, m.end(), quoted_only=quoted_only)
        if p is None and cue.startswith("example"):
            p = _per_case_samples(s, m.end())
        if p is None or (cue.startswith("支持") and not p.partial):
            continue
        if cue.startswith(("includ", "包")) and len(p.items) < 2:
            continue  # "the maximum length, including whitespace, is": a parenthetical, not a sample
        nxt = s[p.end : p.end + 3]
        if not p.items[-1].quoted and nxt[:1] in (":", "："):
            continue
        if not p.items[-1].quoted and not _LIST_CLOSED.match(s[p.end :]):
            continue
        if p.items[-1].quoted and not _QUOTED_LIST_CLOSED.match(s[p.end :]) and not nxt.startswith(" ("):
            continue
        if _in_open_paren(s, m.start()) and not _PAREN_CLOSE.match(s, p.end):
            continue  # "(e.g., location, platform, auction type, …)": the samples go on past what was read
        if _in_open_paren(s, m.start()) and _PHRASE_GOES_ON.match(s, p.end) \
                and not _names_field(" ".join(s[: s.rfind("(", 0, m.start())].split()[-3:]), name):
            continue  # "the default media (such as paper) colour": samples of another noun in the phrase
        if _SEE_AFTER.match(s, p.end):
            continue  # "For example usage, see the guide": a pointer to examples, not one

        if not p.items[-1].quoted and _PHRASE_ITEMS_AFTER.match(s, p.end):
            continue  # "such as cash, credit card, bank transfer, or check": samples in phrases, read only in part
        if not p.items[-1].quoted and s[p.items[-1].end : p.items[-1].end + 1] == "(":
            continue  # "e.g. pow(edges, 0.3)": the name of a call in a sample expression, not a value
        if _FORM_WORDS.match(s, p.end) or _FORM_NOUN.search(s, max(0, m.start() - 30), m.start()):
            continue  # "like "CEDEX", optionally followed by a number", "Common formats include …": forms
        add(m.start(), p, False, "example", 1)
    for m in scan(_SET_THIS, s, low, ('set ', 'use ', 'if ', 'when ')) if quoted and set_this else ():  # needs a quote after it
        p = parse_inline(s, m.end(), quoted_only=True)
        if p is not None:
            dflt = _DEFAULT_QUOTED.search(s)
            if dflt is not None and clean_token(dflt.group("q")) not in p.values:
                # "The default value is `Plain`, but … set this field as `Sealed`": both are values
                dq = dflt.group("q")
                p = Parsed([Item(clean_token(dq), dflt.start("q"), dflt.end("q"), True), *p.items], p.end, p.partial)
            add(m.start(), p, False, "set-this", 1)
    for m in scan(_SYNTAX_SAMPLE, s, low, ('separat', 'delimit', 'split')) if has_any(s, (",", ";", "|")) else ():
        st = m.start("v")
        items = [Item(x.group(), st + x.start(), st + x.end(), False) for x in _EXAMPLE_ITEM.finditer(m.group("v"))]
        add(m.start(), Parsed(items, m.end("v"), partial=True), False, "example")
    for m in scan(_CURRENT_VERSION, s, low, ('version',)):
        v = m.group("v")
        st = m.start("v")
        add(m.start(), Parsed([Item(clean_token(v), st, st + len(v), v[0] in "`\"")], m.end()), False, "version", 1)
    return _decide(t, found, name, type_)


# The last word of a kept match of each pattern (lower case; ``endswith`` also accepts longer
# words, which only lets a scan run): _CAN_BE ends "be|is|are|either|always|to[ ]*:?[ ]*";
# _ONLY "only|by|to|with\s+"; _SINGLE "be|to\s+" or "value\s+is\s+" (then a QTOK);
# _SET_THIS "to|as\s+" or "is\s+(set\s+to\s+)?(one\s+of\s+the\s+)?".
_CAN_BE_WORDS = ("be", "is", "are", "either", "always", "to", " a", " an")
_ONLY_WORDS = ("only", "by", "to", "with")
_SINGLE_WORDS = ("be", "to", "is")
_SET_THIS_WORDS = ("to", "as", "is", "the")
_TAIL = 40  # characters looked at before each quote


def _quote_gates(s: str, low: str) -> tuple[bool, bool, bool, bool]:
    """Whether _CAN_BE, _ONLY, _SINGLE, _SET_THIS (in this order) can keep a match in ``s``: one
    of the pattern's last words ends the text before some quote-like character, whitespace and
    colons skipped. ``low`` is ``s.lower()``, with the same offsets when no odd case-folding
    character occurs (only "İ" lengthens under ``lower``), which the caller ensures. A tail
    where blanks fill so much of the window that the longest word ("either", "always") might
    be cut off by its start opens every gate."""
    can_be = only = single = set_this = False
    for q in _QTOK_FIRST.finditer(s):
        p = q.start()
        t = low[max(0, p - _TAIL) : p].rstrip()
        while t.endswith(":"):
            t = t[:-1].rstrip()
        if len(t) < 6 and p > _TAIL:
            return (True, True, True, True)
        can_be = can_be or t.endswith(_CAN_BE_WORDS)
        only = only or t.endswith(_ONLY_WORDS)
        single = single or t.endswith(_SINGLE_WORDS)
        set_this = set_this or t.endswith(_SET_THIS_WORDS)
        if can_be and only and single and set_this:
            break  # every gate is open: no later quote can change the answer
    return (can_be, only, single, set_this)


_BRACKET_OPEN = _recache.compile(r"[ \t]*\[")
_BRACKET_CLOSE = _recache.compile(r"[ \t]*\]")
_PAREN_OPEN = _recache.compile(r"[ \t]*[(（]")
_PAREN_SHUT = _recache.compile(r"[ \t]*[)）]")
_LIST_END = _recache.compile(r"[ \t]*(?:$|\n|[.;,](?:\s|$))")  # "one of (q, r) standing for (…)": parts of a form, not the list
_PHRASE_WORDS = frozenset("a an and or but nor".split())  # words of a phrase, not of a list of values
_SPACED = _recache.compile(r"[ \t]*(?P<list>[A-Za-z][\w-]{0,30}(?<!-)(?:[ \t]+[A-Za-z][\w-]{0,30}(?<!-)){1,19})[ \t]*[.;]?[ \t]*(?=\n|$)")
_NEXT_BLOCK = _recache.compile(r"[ \t]*\n[ \t\n]*(?=\S)")
_WHOLE_LINE = _recache.compile(r"[ \t]*[.;]?[ \t]*(?:\n|$)")


def _list_apart(s: str, pos: int, quoted_only: bool) -> Parsed | None:
    """A cue's list set apart from it: in brackets ("one of [A, B, C]"), or on the next line or
    paragraph after a colon, where it is the whole line ("Possible values:\n`a`, `b`.")."""
    m = _BRACKET_OPEN.match(s, pos)
    if m is not None:
        p = parse_inline(s, m.end(), quoted_only=quoted_only)
        c = _BRACKET_CLOSE.match(s, p.end) if p is not None else None
        if p is None or c is None or len(p.items) < 2 or (len(p.items) == 2 and all(_NUM.match(i.value) for i in p.items)):
            return None  # "the valid range is [0, 10]": an interval, not two values
        return Parsed(p.items, c.end(), p.partial, p.style, p.gaps)
    m = _PAREN_OPEN.match(s, pos)
    if m is not None:  # "Valid values: (Gas, Wood)": the same list in parentheses
        p = parse_inline(s, m.end(), quoted_only=quoted_only)
        c = _PAREN_SHUT.match(s, p.end) if p is not None else None
        if p is not None and c is not None and len(p.items) >= 2 and not p.partial and _LIST_END.match(s, c.end()) \
                and not (len(p.items) == 2 and all(_NUM.match(i.value) for i in p.items)):
            return Parsed(p.items, c.end(), p.partial, p.style, p.gaps)
    if not s[:pos].rstrip(" \t").endswith((":", "：")):
        return None
    sp = _SPACED.match(s, pos) if not quoted_only else None
    if sp is not None and sum(1 for _ in _at_line_starts(_LABEL_LINE, s)) < 2:
        # "Accepted values: tin jar box": words set apart by blanks alone, the rest of the line (not
        # in a sheet of "Label: value" lines, whose values are prose: "Values: made by the server")
        words = list(NON_SPACE.finditer(sp.group("list")))
        vals = [w.group() for w in words]
        shapes = {"upper" if v.isupper() else "title" if v[0].isupper() else "lower" for v in vals}
        if not any(v.lower() in STOP_WORDS or v.lower() in _PHRASE_WORDS for v in vals) and len(shapes) == 1 \
                and not (shapes == {"title"} and not all(any(c.isupper() for c in v[1:]) for v in vals)):  # "Plain Text": a phrase
            st = sp.start("list")
            return Parsed([Item(w.group(), st + w.start(), st + w.end(), False) for w in words], sp.end("list"), style="spaced")
    m = _NEXT_BLOCK.match(s, pos)
    p = parse_inline(s, m.end(), quoted_only=quoted_only) if m is not None else None
    return p if p is not None and len(p.items) >= 2 and _WHOLE_LINE.match(s, p.end) else None


_ABBR = _recache.compile(r"[ ]*\([ ]*(?P<a>[A-Za-z]{1,6})[ ]*\)")
_NAME_PART = _recache.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _abbreviates(a: str, name: str) -> bool:
    """Whether ``a`` shortens ``name``: its first letters ("Read" → r) or its words' initials
    ("Lid Seal Kit" → LSK, "OpenShut" → os)."""
    a, words = a.lower(), _NAME_PART.findall(name)
    return name.lower().startswith(a) or (len(words) > 1 and "".join(w[0] for w in words).lower() == a)


def _abbreviated(s: str, p: Parsed) -> Parsed:
    """``Open (o), Shut (s) and Lock (l)``: when every value is glossed by its own short form,
    the short forms are what the field takes."""
    if len(p.items) < 2 or "(" not in s:
        return p
    out = []
    for it in p.items:
        m = _ABBR.match(s, it.end)
        if m is None or it.quoted or len(m.group("a")) >= len(it.value) or not _abbreviates(m.group("a"), it.value):
            return p
        out.append(Item(m.group("a"), m.start("a"), m.end("a"), False))
    return Parsed(out, max(p.end, out[-1].end + 1), p.partial, p.style, p.gaps)


# a quoted "code - name" item ("`4 - North Quay`", '"GK = Gas Kiln"'): a short code (digits or
# capitals), a dash, "=" or ":", then the name of what it stands for (a word with lower case)
_CODE_NAME = _recache.compile(r"(?P<c>\d{1,6}|[A-Z][A-Z0-9_]{0,11})[ ]+[-–—=:][ ]+[A-Z][a-z][^\n]{0,80}")


def _coded_names(s: str, p: Parsed) -> Parsed:
    """Quoted items that each pair a code with its name: the field takes the codes."""
    if len(p.items) < 2 or not all(it.quoted for it in p.items):
        return p
    out = []
    for it in p.items:
        m = _CODE_NAME.fullmatch(it.value)
        if m is None:
            return p
        at = s.find(m.group("c"), it.start, it.end)
        if at < 0:
            return p
        out.append(Item(m.group("c"), at, at + len(m.group("c")), True))
    if len({i.value for i in out}) < len(out):
        return p
    return Parsed(out, p.end, p.partial, p.style, p.gaps)


_SLASH_PART = _recache.compile(r"[A-Za-z0-9][\w.-]{0,30}")


def _split_slashes(p: Parsed) -> Parsed:
    """One bare token ``a/b/c`` after a values cue is three values (a path has no cue)."""
    it = p.items[0]
    parts = it.value.split("/")
    if len(parts) < 2 or not all(_SLASH_PART.fullmatch(x) for x in parts):
        return p
    items, off = [], it.start
    for x in parts:
        items.append(Item(x, off, off + len(x), False))
        off += len(x) + 1
    return Parsed(items, p.end, p.partial, p.style)


_ONLY_VALUE_BARE = _recache.compile(
    r"(?=t)(?:\bthe\s+only\s+(?:valid|supported|allowed|accepted|possible|permitted)\s+value(?:\s+for\s+(?:this|it)(?:\s+\w+)?)?"
    r"\s+(?:is|is\s+currently)\s+(?P<v>[A-Za-z0-9][\w.-]{0,40}?)[ ]*(?:$|[.;](?:\s|$)))",
    re.I,
)


def _at_line_starts(rx: "re.Pattern[str]", s: str) -> "Iterator[re.Match[str]]":
    """``rx.finditer(s)`` for a pattern that can only match at a line start (``^`` under
    ``re.M``) and never across a newline: ``rx.match`` at each line start in turn finds the same
    matches, without the match attempt ``finditer`` makes at every other position."""
    pos = 0
    while True:
        m = rx.match(s, pos)
        if m is not None:
            yield m
            pos = m.end()
        nl = s.find("\n", pos)
        if nl < 0:
            return
        pos = nl + 1


def _content_nouns(p: Parsed) -> bool:
    """"Username or email" describes what the value is, it does not list values."""
    content = sum(
        not i.quoted and not (len(i.value) > 1 and i.value.isupper())  # "by NAME or DATE": codes
        and (i.value.lower().rstrip("s") in _FREE_NAME_WORDS or _ZH_CONTENT.search(i.value)) is not None for i in p.items
    )
    return 2 * content >= len(p.items)  # ("Image, Text or Video": kinds of media, one of which is text)


_ZH_ETC = _recache.compile(r"[ ]*等")


def _zh(s: str, name: str, add: Callable[..., None]) -> None:
    for m in _ZH_CUE.finditer(s):
        b = parse_bullets(s, m.end())
        p = b if b is not None and len(b.items) >= 2 else parse_inline(s, m.end())
        if p is None:
            continue
        tail = s[p.end : p.end + 6]
        closed = not _ZH_ETC.match(tail) and "但不限" not in s[m.start() : m.end() + 4]
        add(m.start(), p, closed, "zh")
    for m in _ZH_ONE_OF.finditer(s):
        p = parse_inline(s, m.end())
        if p is None or len(p.items) < 2 or not _ZH_ONE_OF_TAIL.match(s, p.end):
            continue
        add(m.end(), p, True, "zh-one-of")


# A numeric pair with an English meaning ("0 = off"): _PAIRS's value, separator and the
# meaning's (?<=[=:]) lookbehind, which leaves no room for a space or a dash before the meaning.
_NUMERIC_PAIR = _recache.compile(r"\d[ ]*[=:][ ]*[A-Za-z]")
_PAIR_CUE = _recache.compile(r"\d[ ]*[:：=\-－—]|[A-Za-z0-9][ ]*[:：\-－—][ ]*[\u4e00-\u9fff]")
_NUMBER_START = _recache.compile(r"-?\d")
_CJK_CHAR = _recache.compile(r"[\u4e00-\u9fff]")
_PAIRS_ETC = _recache.compile(r"[ ]*[,，、]?[ ]*(?:等|etc)")


def _pairs(s: str, add: Callable[..., None], cjk: bool) -> None:
    """``（0：正常，1：停用）`` / ``0 = off, 1 = on``: value–meaning pairs, a closed set."""
    if not cjk:
        # Without CJK meanings a run is kept only when numeric, and its first pair then has this
        # shape (which also satisfies the general test below, so that one can be skipped).
        if ("=" not in s and ":" not in s) or _NUMERIC_PAIR.search(s) is None:
            return
    elif not _PAIR_CUE.search(s):
        return
    i = 0
    while True:
        m = _PAIRS.search(s, i)
        if m is None:
            return
        run = [m]
        j = m.end()
        while True:
            sep = _PAIR_SEP.match(s, j)
            k = sep.end() if sep else j
            n = _PAIRS.match(s, k)
            if n is None:
                break
            run.append(n)
            j = n.end()
        i = j if j > m.start() else m.end()
        numeric = all(_NUMBER_START.match(r.group("v")) for r in run)
        cjk = all(_CJK_CHAR.match(r.group("m")) for r in run)
        if len(run) < 2 or not (numeric or cjk):
            continue
        values = [r.group("v") for r in run]
        if len(set(values)) != len(values):
            continue
        items = [Item(r.group("v"), r.start("v"), r.end("v"), False) for r in run]
        tail = s[j : j + 10]
        parsed = Parsed(items, j, bool(_PAIRS_ETC.match(tail)), "pairs")
        add(items[0].start, parsed, True, "pairs")


def _typed(values: tuple[str, ...], type_: str | None) -> bool:
    """Whether every value can be sent as the schema type (``n`` is not an integer)."""
    if type_ == "integer":
        return all(_INT.match(v) for v in values)
    if type_ == "number":
        return all(_NUM.match(v) for v in values)
    return True


_NAME_OF = _recache.compile(r"\bthe\s+(?:full\s+)?names?\s+of\b", re.I)
_PUBLIC_CODE = _recache.compile(r"^(?:[A-Z]{2,3}|[a-z]{2})$")  # ("ME", "GBR", or "uk" when the text says a country code)
_PUBLIC_SET = _recache.compile(
    r"\b(?:state|region|province|city|dns\s+record)\s+(?:codes?|abbreviations?|types?)\b|\b(?:address|postal|mailing)\s+state\b"
    r"|\b(?:country|countries|airports?|airlines?|carriers?|currency|currencies|language|iata|icao|origin|destination)\b"
    r"|^(?:the\s+)?(?:state|province)\b[^\n]{0,60}?\babbreviations?\b"
    r"|\b(?:state|province)\s+of\s+(?:the\s+|an?\s+)?(?:postal\s+|mailing\s+|billing\s+|shipping\s+)?address\b", re.I)
_HTTP_STATUS = _recache.compile(r"^[1-5][0-9]{2}$")
_HTTP_STATUS_TEXT = _recache.compile(r"\bHTTP\b[^.;\n]{0,30}?\b(?:status|code)|\bstatus[ _-]?codes?\b|\bHTTP\s+(?:error|response)\b", re.I)
_CLOUD_REGION = _recache.compile(r"^[a-z]{2,12}(?:-gov)?-(?:north|south|east|west|central|northeast|northwest|southeast|southwest)-?\d[a-z]?$")


# public sets a model knows whole, told by their members: HTTP methods, DNS record types, IP
# protocols, file systems, film and TV ratings, and the currencies most often shown
_KNOWN_SETS = tuple(frozenset(x.split()) for x in (
    "get post put patch delete head options trace connect",
    "a aaaa cname mx txt ns srv soa ptr caa ds dnskey naptr spf alias tlsa sshfp hinfo loc https svcb",
    "tcp udp icmp icmpv6 sctp gre esp ah igmp",
    "ext2 ext3 ext4 xfs btrfs zfs ntfs vfat fat fat32 exfat hfs apfs nfs cifs smb tmpfs",
    "g pg pg-13 r nc-17 nr tv-y tv-y7 tv-g tv-pg tv-14 tv-ma",
    "usd eur gbp jpy cny aud cad chf hkd sgd sek nok dkk nzd inr brl mxn zar krw rub pln try",
    "monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun",
))


def public_codes(values: tuple[str, ...], text: str) -> bool:
    """"State code, e.g. NJ", "city or country code (e.g. 'MAD' or 'ES')", "record type, e.g. A,
    MX": codes of a public set (states, countries, airports, DNS record types, HTTP methods …)
    that a model knows; shown by example, they are not a hidden vocabulary (the standards rule
    reports them when the text names the standard)."""
    vals = [v for v in values if v.lower() not in ("null", "none")]  # ("GET, PUT, or null": the set, and no value)
    if vals and any(all(v.lower() in known for v in vals) for known in _KNOWN_SETS):
        return True
    if vals and all(_CLOUD_REGION.match(v) for v in vals):
        return True  # "us-east-1", "eu-west-3b": a cloud's regions and zones, a public list
    if vals and all(_HTTP_STATUS.match(v) for v in vals) and _HTTP_STATUS_TEXT.search(text) is not None:
        return True  # "The HTTP status code, e.g. 418": RFC 9110's codes
    return bool(vals) and all(_PUBLIC_CODE.match(v) for v in vals) and _PUBLIC_SET.search(text) is not None


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"  # what ``\w`` matches in a str pattern


def blank_words(text: str, values: tuple[str, ...]) -> str:
    r"""``text`` with each whole-word occurrence of one of ``values`` (not touching a word
    character on either side) replaced by one blank, scanning left to right with the earlier
    value first on a tie: what ``re.sub`` of the alternation ``(?<!\w)v1(?!\w)|…`` gives,
    without compiling a pattern for every field's values (one compile cost more than the rest of
    the decision)."""
    if not values or not all(values):
        return text if not values else re.sub("|".join(r"(?<!\w)" + re.escape(v) + r"(?!\w)" for v in values), " ", text)
    out: list[str] = []
    i, n = 0, len(text)
    while i <= n:
        best, best_len = -1, 0
        for v in values:
            p = text.find(v, i)
            while p >= 0 and (best < 0 or p < best):
                end = p + len(v)
                if (p == 0 or not _is_word_char(text[p - 1])) and (end == n or not _is_word_char(text[end])):
                    best, best_len = p, len(v)
                    break
                p = text.find(v, p + 1)
        if best < 0:
            break
        out.append(text[i:best])
        out.append(" ")
        i = best + best_len
    out.append(text[i:])
    return "".join(out)


_SENTENCE_SPACE = _recache.compile(r"(?<=[.!?。])\s")
_ZH_BREAK = _recache.compile(r"[。\n]")
_THREE_DIGITS = _recache.compile(r"\d{3,}")


def _looks_vocab(values: tuple[str, ...], name: str, t: Text, type_: str | None, trigger: str, first_sentence: bool) -> bool:
    """Examples of a controlled vocabulary rather than of a free-form value: decided from the
    field name, the description's first sentence and the examples' shape."""
    words = set(name_words(name))
    head = _SENTENCE_SPACE.split(t.norm.strip(), maxsplit=1)[0][:200]
    head_words = {w.lower() for w in LATIN_WORD.findall(head)}
    zh_head = _ZH_BREAK.split(head, maxsplit=1)[0] if _CJK_ANY.search(head) else ""
    nw = name_words(name)
    if trigger == "version":
        return True
    if words & {"version", "versions"} and not words & _BOUND_WORDS and len(values) >= 2 and all(_VERSION_NUMBER.match(v) for v in values) \
            and _ANY_NUMBER.search(t.norm) is None:
        return True  # the versions a server runs or accepts: a set it knows, shown by samples (a
        # version the caller makes up is "any" number)
    if nw and nw[-1] in _FREE_NAME_WORDS and not (words & {"type", "status", "mode", "kind", "category", "state"}):
        return False
    if name.lower().endswith(("id", "ids")) and not _UPPER_CODE.match(name):
        return False
    cue = bool((words | head_words) & _VOCAB_WORDS) or bool(zh_head and _ZH_VOCAB.search(zh_head))
    # (the values themselves are no description of the field: "separated by commas: size,colour")
    bare_head = blank_words(head, values)
    if (_FREE_DESC.search(bare_head) or zh_head and _ZH_FREE.search(zh_head)) and not cue:
        return False
    if _strongly_free(t.norm) or _NAME_OF.search(head):
        return False  # "the name of the state …, for example, Ohio": a free name
    if all(_CJK_WORD.match(v) for v in values):
        return cue
    if all(v.lower() in ("true", "false") for v in values):
        return False  # a boolean written as a string: the two values are known
    if any(len(v) > 32 for v in values):
        return False
    if not words & _SELECTORS and any(not v.isupper() and v.lower() in _FREE_NAME_WORDS for v in values):
        return False  # "including name, email": what the value contains, not values it takes
    if all(_YEAR.match(v) for v in values):
        return False  # "like 2010, 2015": years, any of them
    for v in values:
        if _INT.match(v):
            if not (type_ == "integer" and cue):
                return False
            continue
        if _FREE_SHAPE.search(v) or _THREE_DIGITS.search(v) or _OPAQUE.match(v):
            return False
    if all(_UPPER_CODE.match(v) and len(v) >= 2 for v in values):
        return True
    if all(_LOWER_ID.match(v) for v in values):
        return cue or first_sentence
    if all(_PASCAL.match(v) or _UPPER_CODE.match(v) or _LOWER_ID.match(v) or _INT.match(v) for v in values):
        return cue and bool(words & _VOCAB_WORDS or head_words & {"type", "status", "mode", "kind", "category", "state", "role", "level"})
    return False


_WEAK = frozenset({"paren-list"})
_FORM_HEAD = _recache.compile(r"\b(format|syntax|notation|encoding|language)\s*[(（]\s*$", re.I)
# a list of factors of the value ("times one of the terms (2 or 4)") or of a template's placeholders
_FACTOR_OR_SLOT_LEAD = _recache.compile(
    r"\b(?:times|multiplied\s+by|divided\s+by)\b[^.;:]{0,60}$|\bplaceholders?\b[^.;]{0,80}$", re.I)
_CUED_FIRST_OVER = frozenset({"value-sentences", "conditional-values"})
# what a sentence says the subject is ("whether it is hidden or public"): the values only when the
# text states no other closed set (which then gives them as they are written)
_FALLBACK = frozenset({"whether-alternatives", "code-led"})
_ANY_NUMBER = _recache.compile(r"\bany\s+(?:[\w-]+\s+){0,2}?(?:numbers?|integers?|values?)\b", re.I)  # "pick any whole number"
_ANY_VALUE = _recache.compile(
    # what the field may be or take: "can be any string", "or `k` (any whole number)", "Any text
    # is accepted" (not "the kiln skips any numbers it is sent", "past any older lids")
    r"(?:(?:\b(?:be|is|are|accepts?|takes?|allows?|permits?|supports?|or|to|also|additionally|otherwise),?\s+(?:also\s+|just\s+|simply\s+)?"
    r"|[(:]\s*|(?:^|[.;!?]\s+|\n\s*[-*•]\s+|\s[-–—]\s+))"  # (a wrapped line that starts with "any" is no new sentence)
    r"(?:any\s+(?:[\w-]+\s+){0,2}?(?:numbers?|integers?|strings?|values?|ids?|identifiers?|names?|text)\b"
    r"|any\s+user[- ]defined\b)"
    r"|\bany\s+combination\s+of\s+(?:[\w-]+\s+){0,2}?(?:ids?|names?)\b)", re.I)
_STRONG_FREE_KEYS = ("free", "user", "unique", "customer", "caller", "arbitrary", "any")  # (a word each match holds)


@lru_cache(maxsize=1)
def _strongly_free(s: str) -> bool:
    """Whether _STRONG_FREE finds its words in ``s``: asked for each list a text holds, worked out
    once per text, and only where one of its keys is in the gate text."""
    return has_any(gate_text(s), _STRONG_FREE_KEYS) and _STRONG_FREE.search(s) is not None


_FUTURE_VALUES = _recache.compile(
    r"\b(?:handle|expect|tolerate|ignore)\s+(?:any\s+)?(?:additional|new|unknown|unrecognized|future)\s+values\b"
    r"|\b(?:additional|new|more)\s+values\s+(?:may|might|can|could|will)\s+be\s+(?:added|introduced)\b"
    r"|\b(?:may|might|can|will)\s+(?:add|introduce)\s+(?:new|more|additional)\s+values\b", re.I)
# "Any other value will be rejected": the set is closed, not open
_REFUSED = _recache.compile(
    r"[^.;\n]{0,40}?\b(?:rejected|refused|ignored|invalid|disallowed|not\s+(?:allowed|accepted|supported|valid)|an?\s+error|fails?)\b",
    re.I,
)


# "For tins, it may be `a` …": a case, then a few words up to its first quoted sample
_CASE_SAMPLES = _recache.compile(r"[ ]*For\s+(?!example\b|instance\b)[A-Za-z][\w .-]{0,40},[^\"'`“‘\n.:;]{0,30}?(?=[\"'`“‘])")
_CASE_GAP = _recache.compile(r"[ ]*(?:,?[ ]*(?:etc\b|and\s+so\s+on\b))?[ ]*[.;…]*[ ]*")


def _per_case_samples(s: str, pos: int) -> Parsed | None:
    """Samples given case by case after an example cue ("Examples: For tins, it may be `a`, `b`
    etc. For jars, `c`"): every case's samples, one list (at least two cases, quoted samples)."""
    items: list[Item] = []
    cases = 0
    end = pos
    i = pos
    while (m := _CASE_SAMPLES.match(s, i)) is not None:
        p = parse_inline(s, m.end(), quoted_only=True)
        if p is None:
            break
        seen = {x.value for x in items}
        items += [x for x in p.items if x.value not in seen]
        cases += 1
        end = p.end
        i = _CASE_GAP.match(s, p.end).end()  # type: ignore[union-attr]  # (it matches the empty string)
    return Parsed(items, end, partial=True) if cases >= 2 and len(items) >= 2 else None


_PAREN_CAPS = _recache.compile(r"\([A-Z][A-Z0-9_]+\)")
_CODED_LINE = _recache.compile(r"^[ \t]*[-*•+][ \t]+[^\n()`\"']{1,60}?[ \t]*\((?P<q>`[^`\n]{1,40}`|\"[^\"\n]{1,40}\"|'[^'\n]{1,40}'"
                         r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?<=..))\)[ \t]*[.,;]?[ \t]*$",  # (or a code in capitals: "- Dry Kiln (DK)")
                         re.M)


def _coded_bullets(s: str) -> Parsed | None:
    """Bullets that each name a thing and give its quoted code in parentheses, in one run of
    consecutive lines: the codes."""
    run: list[re.Match[str]] = []
    best: list[re.Match[str]] = []
    for m in _CODED_LINE.finditer(s):
        if run and s.count("\n", run[-1].end(), m.start()) > 1:
            run = []  # (a blank line or another line between: a new run)
        run.append(m)
        if len(run) > len(best):
            best = list(run)
    if len(best) < 2:
        return None
    items = [Item(clean_token(m.group("q")), m.start("q"), m.end("q"), m.group("q")[0] in "`\"'") for m in best]
    if len({i.value for i in items}) != len(items):
        return None
    return Parsed(items, best[-1].end(), style="bullets")


_LABELLED_QUOTE = _recache.compile(r"[ \t]*[:=][ \t]*(?P<q>`[^`\n]{1,60}`|\"[^\"\n]{1,60}\")[ \t]*[.,;]?[ \t]*(?:\n|$)")
_DEFAULT_QUOTED = _recache.compile(r"\bdefault(?:\s+value)?\s+is\s+(?P<q>`'?[^`\n]{1,40}'?`|\"[^\"\n]{1,40}\")", re.I)


def _labelled_quotes(s: str, p: Parsed) -> Parsed:
    """Bullets that each give a label and then only a quoted value ("* HD = `1280x720`"): the
    quoted values."""
    got = [_LABELLED_QUOTE.match(s, i.end) for i in p.items]
    if not all(got):
        return p
    return Parsed([Item(clean_token(m.group("q")), m.start("q"), m.end("q"), True) for m in got if m], p.end, p.partial, p.style)


def _instances_of_templates(s: str, values: tuple[str, ...]) -> bool:
    """Samples that fill in a template the text lists ("GTXX … e.g. GT12"): how to write one of
    the listed forms, not values of a hidden set."""
    templates = [m.group() for m in _TEMPLATE_CODE_TOKEN.finditer(s)]
    return bool(templates) and all(any(re.fullmatch(re.escape(t.rstrip("XN#")) + r"\d+", v) for t in templates) for v in values)


_TEMPLATE_CODE_TOKEN = _recache.compile(r"\b[A-Z]{1,4}(?:XX+|NN+|##+)(?![\w#])")
_SENTENCE_BREAK_BEFORE = _recache.compile(r"[.!?。]\s|\n")


def _in_first_sentence(s: str, i: int) -> bool:
    """Whether position ``i`` of ``s`` is in its first sentence (no sentence end or line break before it)."""
    return not _SENTENCE_BREAK_BEFORE.search(s[:i].strip())


def _holds_sample(found: list[_Found], f: _Found, values: tuple[str, ...], name: str, t: Text, type_: str | None) -> bool:
    """Whether an open list holds every value of a shorter sample list of the same text that
    reads as a vocabulary on its own (it is the same vocabulary, given at more length)."""
    vs = set(values)
    for g in found:
        if g is f or g.closed:
            continue
        gv = tuple(dict.fromkeys(i.value for i in g.parsed.items))
        if gv and set(gv) < vs:
            if _looks_vocab(gv, name, t, type_, g.trigger, _in_first_sentence(t.norm, g.start)):
                return True
    return False


_COMBINER = _recache.compile(r"[,+|]")


def _combination(v: str, values: tuple[str, ...]) -> bool:
    """``ONECLICK,RECURRING`` beside ``ONECLICK`` and ``RECURRING``: a value that combines two of
    the others is a value too (its comma is no syntax)."""
    parts = [p.strip() for p in _COMBINER.split(v)]
    return len(parts) > 1 and all(p in values and p != v for p in parts)


_FOR_CASE = _recache.compile(r"\s*For\s+(?!example\b|instance\b)[A-Za-z][\w -]{0,40},")
_COND_LEAD = _recache.compile(
    r"\s*(?:(?i:if|when|unless)\b"
    # "If given, one of …": a condition on the field itself being there, not a case of it
    r"(?!(?i:\s+(?:(?:it|this(?:\s+(?:field|value|parameter|property))?)\s+is\s+)?(?:present|set|provided|specified|given"
    r"|supplied|used|included|passed|sent)\s*,))"
    # "If you need to sort by kiln, pick one of …": the field's own use, not a case of it
    r"(?!(?i:\s+you\s+(?:want|wish|need|would\s+like)\s+to\s+(?:filter|sort|order|group|limit|restrict)\b[^,.;:]{0,60},))"
    r"|For\s+(?!example\b|instance\b)[A-Za-z][\w -]{0,40},)"
)
# "For `lidSize` and `jarSize`, valid values are …": one case of another field ("For `tin`, … For
# `jar`, …": a list per case, which together are the field's)
_FOR_CODE_LEAD = _recache.compile(r"\s*For\s+`")
_FOR_CODE_SENTENCE = _recache.compile(r"(?:^|[.;]\s+)For\s+`")


_SORT_NAMES = frozenset({"sort", "order", "orderby", "sortby", "ordering", "sorting"})
_DIRECTIONS = frozenset({"asc", "desc", "ascending", "descending", "+", "-"})
_DIRECTION_SUFFIX = _recache.compile(
    r"\w[\w.]*\s+(?:desc|asc)\b(?!\w)"  # "name desc"
    r"|[`'\"]\s?(?:asc|desc)[`'\"]\s+(?:postfix|suffix|modifier|after)"  # "`desc` postfix"
    r"|\b(?:postfix|suffix|append\w*|add|followed\s+by)\s+(?:an?\s+|the\s+)?[`'\"]?\s?(?:asc|desc)\b",  # "add \" desc\""
    re.I)
_DIRECTION_PREFIX = _recache.compile(
    r"\b(?:precede[ds]?|prefix(?:ed)?|prepend(?:ed)?|start)\s+(?:\w+\s+){0,4}?(?:with|by)\s+(?:an?\s+|the\s+)?(?:['\"`]?-['\"`]?|(?:dash|hyphen|minus)\b)"
    r"|['\"`]-['\"`]\s+(?:prefix|before|in\s+front)|\bminus\s+sign\b",
    re.I)
# right after a list, in its own sentence: other values beside it
_MORE_VALUES = _recache.compile(
    r"[^.;\n]{0,80}?\b(?:may|can|could|might)\s+also\s+(?:be|specify|use|accept|take|hold|contain|send|set|have|give|pass|return)\b"
    r"|[ ]*[(,;]?[ ]*(?:and\s+|but\s+)?other\s+values\s+(?:are|may\s+be)\s+(?:also\s+)?(?:possible|allowed|accepted|valid)",
    re.I,
)
_TOKEN_PREFIX = _recache.compile(r"[A-Za-z][A-Za-z0-9]*[._-]")


def _fragment(s: str, values: tuple[str, ...]) -> bool:
    """Whether the values share a dotted or underscored prefix ("cache.r4.") that more tokens of
    the text carry too: the list is one family of a longer one, not the set."""
    if len(values) < 2:
        return False
    m = _TOKEN_PREFIX.match(values[0])
    if m is None or not all(v.startswith(m.group()) for v in values):
        return False
    others = set(re.findall(re.escape(m.group()) + r"(?:[\w.-]*\w)?", s)) - set(values)  # a sentence's "." is not the token's
    return len(others) >= 2
_ID_WORDS = frozenset({"id", "ids", "uuid", "guid", "identifier", "arn", "arns", "urn"})  # (an ARN, a URN: an identifier too)
# lists that are alternatives in a sentence (not a definition list or a values cue)
_ALTERNATIVES = frozenset({"quoted-alternatives", "bare-alternatives", "paren-list", "slash-list", "appositive",
                           "default-marked"})
# lists read from sentences rather than from a list or a cue
_SENTENCE_FORMS = _ALTERNATIVES | {"value-sentences", "conditional-values", "glossed", "paren-glosses", "glossed-alternatives",
                                   "whether-alternatives", "code-led", "word-definitions"}


def _expression(t: Text, nw: list[str]) -> bool:
    """A filter/query field whose text speaks of expressions, syntax or operators: its quoted
    tokens are operands, not whole values (the name alone decides nothing). Not when the text
    names the field's own possible values before it speaks of any, or of another field ("The
    possible sieve values are: … To narrow it further, use the `x:` operator"): those are its values."""
    if not (nw and nw[-1] in EXPRESSION_NAMES):
        return False
    m = _EXPRESSION_TEXT.search(t.norm)
    if m is None:
        return False
    own = _OWN_VALUES.search(t.norm, 0, m.start())
    return own is None or _IDENT.search(t.norm, 0, own.start()) is not None


_OWN_VALUES = _recache.compile(r"\b(?:possible|valid|allowed|accepted|supported)\s+(?:[a-z]+\s+)?values\b", re.I)


# lists whose items the layout sets apart (a line, a definition, a cell each): read further, the same list
_LAID_OUT = frozenset({"definitions", "table", "leading-bullets", "coded-bullets", "run-in", "sentence-run-in"})


def _decide(t: Text, found: list[_Found], name: str, type_: str | None) -> list[Evidence]:
    if not found:
        return []  # most texts: nothing to decide (what follows would return an empty list)
    out: list[Evidence] = []
    fallback: list[Evidence] = []  # sets kept only when no other closed set is stated
    taken: list[tuple[int, int]] = []
    name_is_selector = bool(set(name_words(name)) & _SELECTORS)
    # a sort field whose keys take a direction after them ("name desc", "`asc` or `desc` postfix")
    sorting = bool(set(name_words(name)) & _SORT_NAMES)
    sort_keyed = sorting and _DIRECTION_SUFFIX.search(t.norm) is not None
    sort_signed = sorting and not sort_keyed and _DIRECTION_PREFIX.search(t.norm) is not None
    nw = name_words(name)
    expression = _expression(t, nw)
    # closed sets first, longest first, so an example cue inside a closed list is not re-reported
    # a value glossed in parentheses ("oldest (`old`)") is the value, not the word before it
    # and a list a cue or a definition gives before one read from a parenthesis alone
    # (a list after a cue before one read from sentences: "Valid values are: … When `x` is …")
    found.sort(key=lambda f: (not f.closed, f.trigger in _FALLBACK, f.trigger in _CUED_FIRST_OVER, f.trigger not in ("glossed", "coded-bullets"),
                              f.trigger in _WEAK, -(f.parsed.end - f.start)))
    # "… or `k` (any whole number)", "may be any user-defined text", "any combination of ids and kinds":
    # whatever else the text lists, the field also takes values outside it
    # (only a closed list asks: the scan is skipped for the many texts without one)
    held = {id(f): {i.value for i in f.parsed.items} for f in found}  # each reading's values, as a set
    closed_found = [f for f in found if f.closed]
    if len(closed_found) > 1:
        # "Role:<br>`A`<br>`B`<br>`C`<br>`Not involved`" read twice, once up to `C` and once to its
        # end: a closed list inside an overlapping one that holds more values is the same list cut short
        found = [f for f in found if not (f.closed and any(
            g is not f and g.trigger in _LAID_OUT and held[id(f)] < held[id(g)] and f.start < g.parsed.end and g.start < f.parsed.end
            and not any(_PLACEHOLDER.search(v) or _SAMPLE_VALUE.search(v) for v in held[id(g)] - held[id(f)])
            for g in closed_found))]  # (unless what it reads further is no value: "distance_from('x')")
    # (a values cue that says the set is open: "Possible values include …")
    opened_sets = [held[id(f)] for f in found if not f.closed and f.trigger == "values" and len(f.parsed.items) >= 2]
    if opened_sets:
        for f in found:
            if f.closed and any(held[id(f)] <= o for o in opened_sets):
                # "Possible values include `A` and `B`. If the value is `A`, …": the sentences about each
                # value do not close a set the text itself calls open
                f.closed = False
    any_value = any(f.closed for f in found) and any(not _REFUSED.match(t.norm, m.end()) for m in _ANY_VALUE.finditer(t.norm))
    # "Clients should expect to handle additional values": the set grows; its listed values are the known ones
    future = any(f.closed for f in found) and "values" in gate_text(t.norm) and _FUTURE_VALUES.search(t.norm) is not None  # (each match holds "values")
    for f in found:
        values = tuple(dict.fromkeys(i.value for i in f.parsed.items))
        if not values or not _typed(values, type_):
            continue
        if type_ == "boolean":
            continue
        if (not name_is_selector or f.trigger in _FALLBACK) and any(same_name(v, name) for v in values if not _INT.match(v)):
            continue  # the values are sibling field names ("exactly one of `url` or `service`")
        if len(nw) == 1 and nw[0] in _FREE_NAME_WORDS and all(len(w := name_words(v)) >= 2 and w[-1] == nw[0] and v != v.lower() for v in values):
            continue  # "date: either postDate or shipDate": which field of its kind it comes from, not values
        start, end = f.start, f.parsed.end
        if any(a < end and start < b for a, b in taken):
            continue
        if other_bullet(t.norm, f.start, name):
            continue  # "- `alg`: … Must be `RS256` or `ES256`": a sub-field's values
        if expression:
            continue  # operands of a filter/query expression, not whole values
        if set(nw) & _ID_WORDS and f.trigger in _ALTERNATIVES and not set(nw) & _VOCAB_WORDS \
                and not all(_INT.match(v) for v in values):
            continue  # "you can use 'me' or 'all'" for a user id: special values beside any id
        if f.parsed.style == "spaced" and set(nw) & (_ID_WORDS | _FREE_NAME_WORDS):
            continue  # "Values: made by hand" for an id or a name: words of prose, not a list
        free = bool(nw) and nw[-1] in _FREE_NAME_WORDS and not set(nw) & _VOCAB_WORDS
        if free and f.trigger in _SENTENCE_FORMS and (len(values) < 3 or f.trigger != "value-sentences") and not f.named:
            continue  # "`true` for checkboxes" in the text of a free value: a use, not the set (three
            # values or more, each with a sentence of its own, are the field's set)
        if free and f.trigger == "either" and not f.named and not any(i.quoted for i in f.parsed.items):
            continue  # "The end address. This can be either ipv4 or ipv6": the kinds of a free value, not values
        if free and f.closed and all(v.startswith(".") for v in values):
            continue  # "a path … Supported: .pdf, .docx": suffixes the path may end with, not its values
        if f.closed and all(v in _JSON_TYPES for v in values) and not set(nw) & _TYPE_NAMES:
            continue  # "key ids (`integer`) or names (`string`)": the kinds of the items, not values
        if f.closed and any(v.lower() in _NOTE_WORDS for v in values):
            continue  # "organization, user, case-sensitive": a note on the values among them, a list of kinds
        if f.closed and any(_syntax_token(v, values) and not _combination(v, values) for v in values):
            continue  # "`a-z`, `@`, `[`": characters of a syntax, not values
        lead_in = _clause_before(t.norm, f.start) + " " + _intro(t.norm, f.start) + " " + t.norm[f.start : f.parsed.items[0].start]
        if f.closed and _KINDS_LEAD.search(t.norm, f.start, f.parsed.items[0].start) and not set(nw) & _TYPE_NAMES:
            continue  # "The only possible value types are Long and Double": the kinds of the value, not values
        if f.closed and all(v.lower() in _DIRECTIONS for v in values) and _FOLLOWED_BY.search(lead_in):
            continue  # "… sort keys. Optionally, can be followed by either 'asc' or 'desc'": a suffix of each value
        if f.closed and any_value:
            continue  # "… or `k` (any whole number)", "any user-defined text": the field takes any value
        opened = False
        if f.closed and (_OPEN_SET.search(lead_in) or future):
            f.closed = False  # "can be custom or one of these predefined values": an open vocabulary
            opened = True  # (its listed values are the known ones, not samples)
        if f.closed and (
            (nw and (nw[-1] in _NOT_A_SET or nw[-1].rstrip("s") in _NOT_A_SET) and f.trigger not in structure.STRUCTURAL)
            or any(_placeholder(v, values) or _SAMPLE_VALUE.search(v) for v in values)
            or _ALT_INTRO.search(lead_in)
        ):
            continue  # patterns ("user:{email}"), ranges ("EXT000-EXT350") or extra values beside free ones
        if f.closed and f.trigger not in structure.STRUCTURAL and f.trigger != "assignments" and (
                _COND_LEAD.match(_sentence_of(t.norm, f.start)) or (f.trigger == "colon" and _COND_LEAD.match(t.norm, f.start))
                or (_FOR_CODE_LEAD.match(_sentence_of(t.norm, f.start)) and len(_FOR_CODE_SENTENCE.findall(t.norm)) < 2)):
            continue  # "For image jobs, valid values are 1, 3, 5", "For cards, it can be set to:\n* …": one case
        if f.closed and f.trigger in structure.STRUCTURAL and f.trigger not in _CUED_FIRST_OVER:
            lead = _intro(t.norm, f.start)
            if lead.rstrip().endswith((":", "：")) and _FOR_CASE.match(lead):
                continue  # "For tin lids, it can be set to:\n* `a` …": the values of one case
        if f.closed and _FACTOR_OR_SLOT_LEAD.search(lead_in):
            continue  # "a day's seconds times one of the terms (2 or 4)", "The placeholders are replaced as
            # follows: * JAR: …": factors of the value or parts of a template, not values
        if f.closed and _fragment(t.norm, values):
            continue  # six cache.r4.* types picked out of a list of every cache.* type
        beside = _OR_OTHER_KIND.match(t.norm, f.parsed.end) if f.closed else None
        if beside is None and f.closed and all(i.quoted for i in f.parsed.items):
            # "`JPEG`, `PNG`, and web-safe base64 encoding": quoted values, then one more item in plain words
            beside = _AND_OTHER_WORDS.match(t.norm, f.parsed.end)
        # ("`soon`, `every`, or a span of days", "… or the ARN of the lid": another kind of value too)
        if beside is not None and any(_NAMED_SLOT.search(v) for v in values):
            continue  # "`lid-name`, `lid-name:rev`, or the ARN": the forms of a name, not values
        if f.closed and not name_is_selector and all(_ID_NAME.search(v) for v in values):
            continue  # "one of the following IDs: `lidId`, `jarId`": which id to give, not values
        if f.closed and f.trigger not in structure.STRUCTURAL and _MORE_VALUES.match(t.norm, f.parsed.items[-1].end):
            continue  # "a, b (older trays may also hold c or d)": more values than the list
        first = _in_first_sentence(t.norm, f.start)
        if not f.closed and ("XX" in t.norm or "NN" in t.norm or "##" in t.norm) and _instances_of_templates(t.norm, values):
            continue  # "GTXX: more than XX months … e.g. GT12": a filled-in template, not a sample of a set
        if not f.closed and (
            _qual_other(_clause_before(t.norm, f.start), name)
            or not (_looks_vocab(values, name, t, type_, f.trigger, first) or _holds_sample(found, f, values, name, t, type_))
        ):
            continue
        dflt = structure.stated_default(t.norm) if f.closed and "efault" in t.norm else None
        if dflt is not None and dflt[0] not in values and dflt[3] and not beside and _PLAIN_VALUE.fullmatch(dflt[0]) \
                and not any(v.lower().startswith(dflt[0].lower()) for v in values) \
                and {structure.value_case(dflt[0])} == {structure.value_case(v) for v in values} \
                and not _mentions_other(_sentence_of(t.norm, dflt[1]), name):
            # "The status (`Unassigned` or `Assigned`) … defaults to `Any`": the default is a value too
            values = (*values, dflt[0])
            end = max(end, dflt[2])
        lead_value = _VALUE_OR_LIST.search(t.norm, max(0, f.parsed.items[0].start - 80), f.parsed.items[0].start) if f.closed else None
        if lead_value is not None and clean_token(lead_value.group("v")) not in values:
            # "`all` or a comma-separated list of: a, b": the word before the list is a value too
            values = (clean_token(lead_value.group("v")), *values)
            start = min(start, lead_value.start("v"))
        taken.append((start, end))
        span = t.span(start, end)
        data: dict[str, str] = {}
        if f.closed:
            # a list whose values carry glosses is read from what the text says outside it: "Pending: one
            # or more of the images has not been pulled" glosses a value, it does not make the field
            # take several (a bare list keeps its joints: "a, b and/or c")
            first_item = f.parsed.items[0].start
            glossed = f.parsed.end - first_item > sum(i.end - i.start + 6 for i in f.parsed.items)
            multi = multi_value(t.norm[:first_item] + " " + t.norm[f.parsed.end :] if glossed else t.norm)
            if multi is not None:
                data["multi"] = multi
            if type_ != "array" and accepts_empty(t.norm):
                data["empty"] = "accepted"  # an enum of the listed values would reject the empty value the text allows
            if sort_keyed and not any(v.lower() in _DIRECTIONS or v.lower().endswith((" asc", " desc")) for v in values):
                data["suffix"] = "asc desc"  # sort keys that each take a direction: "name desc" is a value too
            elif sort_signed and not any(v.startswith(("-", "+")) for v in values):
                data["prefix"] = "-"  # "precede a key with '-' for descending": "-name" is a value too
            if beside is not None:
                # the set's values, and another kind of value beside them: no enum alone holds both
                data["beside"] = "or " + _words_after_or(t.norm, beside.start("kind"))
        elif opened:
            data["open"] = "known"  # the known values of a set that also takes others
        ev = Evidence("closed_vocab" if f.closed else "example_vocab", span, t.original[span[0] : span[1]], values, data)
        out.append(ev)
        if f.trigger in _FALLBACK:
            fallback.append(ev)
    if fallback and any(e.kind == "closed_vocab" and e not in fallback for e in out):
        out = [e for e in out if e not in fallback]  # "… sealed or vented. Can be set to `Sealed` or `Vented`.": the values
    samples = [e for e in out if e.kind == "example_vocab"]
    if len(samples) > 1:
        # "(e.g. a, b) … names include: a – …, b – …, c – …": the longer list holds the samples
        out = [e for e in out if not (e.kind == "example_vocab" and any(
            o is not e and (set(e.values) < set(o.values) or (set(e.values) == set(o.values) and o.span < e.span))
            for o in samples))]  # (the same samples read twice: the first reading)
    closed = [e for e in out if e.kind == "closed_vocab"]
    if len(closed) > 1:
        # "clients typically ask for a, b … Valid values are: a, b, c, d": the lists inside the
        # whole set are samples of it; the whole set is the field's
        whole = min(closed, key=lambda e: (-len(e.values), e.span))  # (the first of the longest)
        if all(set(e.values) <= set(whole.values) for e in closed):
            out = [e for e in out if e.kind != "closed_vocab" or e is whole]
        elif len({frozenset(map(structure.value_case, e.values)) for e in closed}) == 1:
            # "Must be `a` or `b` for tins. Must be `c` for jars.": a list per case, written alike;
            # the field takes them all. One claim with their union, never two enums that contradict
            out = [e for e in out if e.kind != "closed_vocab"] + [_union(t, closed)]
        else:
            # lists written unlike ("EvryDay, QtrDay" beside "ENGLISH, SCOTTISH"): one is another
            # noun's; one claim still, the first of the longest
            out = [e for e in out if e.kind != "closed_vocab" or e is whole]
    out.sort(key=lambda e: e.span)
    return _one_closed_set(t, out, name)


# "`tier` can also be `gold`", "also accepted is `hourly`": more values of the set
_ALSO = _recache.compile(
    r"\b(?:can|may)\s+also\s+(?:be|take)\s+(?:the\s+values?\s+)?(?=[`\"'“])"
    r"|\balso\s+(?:supported|accepted|allowed|valid)\s+(?:is|are)\s+(?=[`\"'“])"
    # "You can also sort it by how recently items were `added` or `moved`.": a sentence that opens
    # with "you can also" and ends in quoted alternatives (checked by the caller)
    r"|(?:^|(?<=[.!?]\s))you\s+(?:can|may)\s+also\s+(?:[A-Za-z]+\s+){1,10}?(?=[`\"'“])",
    re.I,
)


_VALUE_OR_LIST = _recache.compile(
    r"(?:^|[\s(:])(?P<v>`[^`\n]{1,30}`|\"[^\"\n]{1,30}\"|'[^'\n]{1,30}'|[A-Za-z][\w-]{0,30})[ ]+or[ ]+(?:an?|one[ ]+or[ ]+more)[ ]+"
    r"(?:(?:comma|space|semicolon|pipe)[- ](?:separated|delimited)[ ]+)?(?:list|set|array)[ ]+of\b[^.\n]{0,40}?[:]?[ ]*$"
)


def _union(t: Text, closed: list[Evidence]) -> Evidence:
    """One closed set from several lists of one field (in text order, each value once; what
    any list's data says, such as a separator or another kind of value beside it, holds)."""
    closed = sorted(closed, key=lambda e: e.span)
    span = (closed[0].span[0], max(e.span[1] for e in closed))
    values = tuple(dict.fromkeys(v for e in closed for v in e.values))
    data: dict[str, str] = {}
    for e in reversed(closed):
        data.update(e.data)
    return Evidence("closed_vocab", span, t.original[span[0] : span[1]], values, data)


_CLAUSE_END = _recache.compile(r"[ ]*(?:[.;,]|$)")


def _one_closed_set(t: Text, out: list[Evidence], name: str) -> list[Evidence]:
    """Values added with "can also be" / "also supported is" join the one closed list the
    description gives (several closed lists are one set already, see ``_union``)."""
    closed = [e for e in out if e.kind == "closed_vocab"]
    s = t.norm
    if len(closed) != 1 or ("also" not in s and "Also" not in s):
        return out
    (one,) = closed
    extra: list[str] = []
    end = one.span[1]
    for m in _ALSO.finditer(s):
        p = parse_inline(s, m.end(), quoted_only=True)
        if p is not None and m.group().lower().startswith("you") and (len(p.items) < 2 or not _CLAUSE_END.match(s[p.end :])):
            continue  # "you can also …": only alternatives that end the sentence are more values
        if p is not None and not _mentions_other(_clause_before(s, m.start()), name):
            extra += [i.value for i in p.items]
            end = max(end, t.span(p.items[0].start, p.end)[1])
    if not extra:
        return out
    values = tuple(dict.fromkeys((*one.values, *extra)))
    grown = Evidence("closed_vocab", (one.span[0], end), t.original[one.span[0] : end], values, dict(one.data))
    return sorted([e for e in out if e is not one] + [grown], key=lambda e: e.span)


_MULTI_ANY = _recache.compile(
    r"(?=[acilmoprsz多])(?:\b(?:(?:one|zero)\s+or\s+more|any\s+combination|(?:a\s+)?(?:list|set|array)\s+of\s+(?:values|options)|multiple\s+values"
    r"|several\s+values|more\s+than\s+one\s+(?:value|option)|and/or"
    r"|(?:specify|pass|send|provide|select|choose|receive|include)\s+(?:one\s+or\s+)?(?:multiple|several)"
    r"|(?:multiple|several)\s+(?:\w+\s+)?(?:can|may)\s+be\s+(?:specified|provided|passed|given|selected|combined))\b"
    r"|多个值|多個值|多选|多選)",
    re.I,
)


# an empty string written among the values ('Acceptable values are: "", "M", "E"')
_EMPTY_LISTED = _recache.compile(r"(?:^|[\s,(:\[])(?:\"\"|''|``)(?=[ ]*(?:[,)\]]|or\b))|(?:,|\b(?:or|and))[ ]*(?:\"\"|''|``)(?![\w\"'`])")


def accepts_empty(text: str) -> bool:
    """Whether the text lists or accepts an empty value beside its values ("If left as an empty
    string, the default is used", "`a`, `b` or `""`")."""
    return (("\"\"" in text or "''" in text or "``" in text) and _EMPTY_LISTED.search(text) is not None) or (
        ("empty" in text or "blank" in text or "Empty" in text or "Blank" in text) and formats.accepts_empty(text))


def multi_value(text: str) -> str | None:
    """How a description says its field takes several values at once: the separator
    (``","`` for "comma-separated"), ``""`` for several values without a stated separator
    ("one or more of"), ``None`` when it takes one."""
    sep = formats.list_separator(text)
    if sep is not None:
        return sep
    return "" if _MULTI_ANY.search(text) or _plural_head(text) else None


# "Shelves on which …. Available shelves are: …": the text opens with a plural noun, and the
# values cue names that same noun, so each value is one of several the field holds
_PLURAL_HEAD = _recache.compile(r"\s*(?:the\s+)?(?P<n>[A-Za-z]{3,}(?<![su])s)\s+(?:for|of|on|in|to|that|which|whose|from|with|by)\b", re.I)
_NOUN_VALUES_CUE = r"\b(?:available|valid|supported|allowed|accepted|possible|permitted)\s+{}\s+(?:are|include)\b"


def _plural_head(text: str) -> bool:
    m = _PLURAL_HEAD.match(text)
    return m is not None and re.search(_NOUN_VALUES_CUE.format(re.escape(m.group("n"))), text, re.I) is not None
