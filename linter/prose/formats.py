"""Textual formats stated in prose (date layouts, ISO 8601, epoch, comma-separated lists, UUID,
email, URI, base64, IP, regexes, character sets, "in the format `x/{y}`"), each with the
``format`` or ``pattern`` that would say the same thing in the schema."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from typing import Any, Mapping

from linter import _recache
from linter.prose.evidence import Evidence
from linter.prose.lists import parse_bullets
from linter.prose.text import LOWER_WORD, NON_SPACE, OR_WORD, Text, clean_token, gate_text, has_any, name_words, other_bullet, same_name, scan

Data = dict[str, Any]

_LAYOUT = _recache.compile(
    r"(?<![A-Za-z0-9])(?:YYYY|yyyy)年MM月(?:DD|dd)日(?:[ ]?(?:HH|hh)(?:时|時|:)mm(?:分|:)?(?:ss秒?)?)?"
    r"|(?<![A-Za-z0-9])yyyy-mm-dd(?:[T ]hh:mm(?::ss)?)?(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])(?:YYYY|yyyy)(?:(?P<s1>[-/.]?)(?:MM)(?:(?P=s1)(?:DD|dd))?)?"
    r"(?:(?:T|[ ])(?:HH|hh)(?::?(?:mm|MM)(?::?(?:ss|SS)(?:[.,](?:S{1,9}|s{1,9}|f{1,9}))?)?)?)?"
    r"(?:Z|[+-±]hh:?mm|TZD|XXX|ZZ?)?(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])(?:DD|dd|MM)(?P<s2>[-/.])(?:MM|DD|dd)(?P=s2)(?:YYYY|yyyy|YY|yy)(?:[ T](?:HH|hh):mm(?::ss)?)?(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9:])(?:HH|hh):mm(?::ss)?(?![A-Za-z0-9:])",
    re.A,
)
_LAYOUT_TOKENS = _recache.compile(r"YYYY|yyyy|YY|yy|MM|DD|dd|HH|hh|mm|ss|S{1,9}|s{1,9}|f{1,9}|TZD|XXX|ZZ|Z|±hh:?mm|[+-]hh:?mm", re.A)
_TIME_ONLY = _recache.compile(r"\btime[- ]only\b|\btime[- ]of[- ]day\b")  # (in a lower-cased context)
# "with or without an offset": a local date-time is accepted too, which RFC 3339 (an offset required) is not
_OPTIONAL_OFFSET = _recache.compile(r"\bwith\s+or\s+without\s+(?:an?\s+|the\s+)?(?:(?:utc|time[- ]?zone)\s+)?(?:offset|time[- ]?zone|zone)", re.I)
_ISO = _recache.compile(r"(?=[IR])(?:\bISO[- ]?8601\b|\bRFC[- ]?3339(?:nano)?\b|ISO8601|\bRFC[- ]?(?:1123|2822|822|7231)\b)", re.I | re.A)
_EPOCH = _recache.compile(
    r"(?=[Uemnpsu时時毫秒])(?:\b(?:unix|posix)(?:[- ]epoch)?[- ](?:time(?:stamp)?s?|date(?:time)?|seconds?|milliseconds?|ms|format|epoch)\b"
    r"|\bepoch[- ](?:time(?:stamp)?s?|seconds?|milliseconds?|ms|format)\b|\b(?:unix|posix)\s+epoch\b"
    r"|\b(?:seconds|milliseconds|ms|microseconds|nanoseconds)\s+(?:elapsed\s+)?since\s+(?:the\s+)?(?:unix\s+)?epoch\b"
    r"|\b(?:seconds|milliseconds|ms)\s+(?:elapsed\s+)?since\s+(?:midnight\s+)?(?:(?:on\s+)?jan(?:uary|\.)?\s+1(?:st)?,?\s+1970"
    r"|1970-01-01(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?|0?1/0?1/1970)(?![\w-])"
    r"|(?:秒级|毫秒级|秒級|毫秒級|Unix|unix|UNIX)?(?:时间戳|時間戳))",
    re.I | re.A,
)
_SEPARATED = _recache.compile(
    r"(?=[cdpsuw以使分用空竖英豎逗])(?:\b(?:comma|space|semicolon|pipe|whitespace|colon)[- ]?(?:separated?|delimited|seperated)\b"
    r"(?![ ]+(?:files?|downloads?|exports?|spreadsheets?|documents?)\b)"  # ("results as a comma delimited file to fetch": a file's format)
    r"|\bCSV(?:[- ]formatted)?\s+(?:list|(?:[\w-]+\s+){0,2}values)\b"  # "CSV part-of-lid values", "a CSV-formatted list": comma-separated values
    r"|\b(?:separat(?:e|ed|ing)|seperated?|delimited)\s+(?:(?:them|each\s+one|the\s+\w+)\s+)?(?:by|with)\s+(?:an?\s+)?(?:comm?as?|semicolons?|spaces?|pipes?)\b"
    r"|\buse\s+(?:an?\s+)?(?:comm?as?|semicolons?|pipes?)\s+to\s+(?:separate|delimit)\b"  # "Use a comma to separate sortable fields"
    r"|(?:以|用|使用)?(?:英文)?(?:逗号|逗號|分号|分號|空格|竖线|豎線)(?:分隔|隔开|隔開|分割))",
    re.I | re.A,
)
# Patterns that open with ``(?=…)``: a lookahead on the first character a match can start with
# (each alternative's first letter, under the pattern's own flags) is a necessary condition, so
# it changes no match; it lets ``re`` reject most positions with one class test instead of
# trying every alternative of a long case-insensitive alternation there.
_MINMAX = _recache.compile(r"(?=\b[mlsf])\b(?:min|minimum|lower|start|from)\s*,\s*(?:max|maximum|upper|end|to)\b", re.I | re.A)
_UUID = _recache.compile(
    r"\b(?:in|as)\s+(?:an?\s+)?(?:valid\s+)?(?:UUID|GUID)\b|\b(?:UUID|GUID)\s+(?:v?\d\s+)?(?:format|string|value)\b"
    r"|\b(?:must|should)\s+be\s+an?\s+(?:valid\s+)?(?:UUID|GUID)(?:v?\d)?\b|\bvalid\s+(?:UUID|GUID)(?:v?\d)?\b"
    r"|^\W*(?:the\s+|an?\s+)?(?:UUID|GUID)\b|UUID格式|GUID格式",
    re.I | re.A,
)
_EMAIL = _recache.compile(
    r"^\W*(?:(?:the|an?|your|their|his|her|its)\s+)?(?:[\w'’-]+\s+){0,2}e-?mail\s+address(?:es)?\b"
    r"|\b(?:must|should)\s+be\s+an?\s+(?:valid\s+)?e-?mail(?:\s+address)?\b|\bvalid\s+e-?mail\s+address"
    r"|(?:邮箱地址|郵箱地址|电子邮件地址|電子郵件地址|邮箱格式|郵箱格式)",
    re.I | re.A,
)
_URI = _recache.compile(
    r"(?=[Uafimsv])(?:\b(?:must|should)\s+be\s+an?\s+(?:(?:valid|full|fully[- ]qualified|absolute|well[- ]formed|complete)\s+)*(?:URL|URI)\b"
    r"|\b(?:URL|URI)\s+(?:form|format)\b|\bvalid\s+(?:URL|URI)\b|\babsolute\s+(?:URL|URI)\b"
    r"|\bfully[- ]qualified\s+(?:URL|URI)\b|\bin\s+(?:the\s+)?(?:standard\s+)?(?:URL|URI)\s+form)",
    re.I | re.A,
)
_URI_ZH = _recache.compile(r"(?:合法|有效|完整)的?(?:URL|URI|网址|網址)|(?:URL|URI|网址|網址)格式", re.I)
# What a description opens with, before the noun of what the value is: a tag ("[Output Only]",
# "(Optional)") and the usual run-in words ("Required.").
_LEAD = (r"^\W*(?:(?:\[[^\]\n]{1,30}\]|\([^)\n]{1,30}\))\s*)?"
         r"(?:(?:required|optional|output\s+only|input\s+only|immutable|identifier)\s*[.:]\s*)*")
# "The URL of the status page": the value is a URL. Not a part of one ("URL path", "URL-encoded"),
# nor a relative one.
_URI_NOUN = _recache.compile(
    _LEAD + r"(?P<v>(?:(?:the|an?|its|their|your)\s+)?(?:(?!(?:relative|partial|short|base|if|when|whether|unless|for|to|of|in|on|at|with|by|from|and|or|not|no"
    r"|is|are|be|can|may|must|this|that|these|use|using|enter|provide|specify|returns?|list|array|set|one|any|each)\b)"
    r"(?![\w'’-]*(?:encoded|escaped)\b)[\w'’-]+\s+){0,2}?"
    r"(?:URL|URI)s?\b"
    r"(?![-/_.]\w|\s+(?:path|paths|slug|segments?|parameters?|params?|query|fragment|prefix|suffix|template|pattern|scheme"
    r"|components?|encod\w*|safe|host|domain|id|ids|identifier|name|key|type|kind|count|length|hash|rewrites?|mapping|map"
    r"|filters?|format|style|label|title|text|field)\b))",
    re.I | re.A,
)
# a URI that cannot be absolute: said relative, or shown as a path ("`/img/a.png`", "projects/{id}")
_RELATIVE = _recache.compile(r"\b(?:relative|partial)\b|[`\"'“]/[\w{.]|(?<![/\w.:-])[a-z][A-Za-z]*/\{", re.I | re.A)
_GIT_REMOTE = _recache.compile(r"\bgit\b[^.\n]{0,40}\b(?:remote|clone|repo(?:sitory)?)\b|\b(?:remote|clone)\s+URLs?\b|git@", re.I | re.A)
_DT_NOUN = _recache.compile(r"\bdate-?time\s+(?:string|value)s?\b", re.I | re.A)
# the layout after "in the format": quoted, or one token (a "…/ " wrapped onto the next word joined)
_LAYOUT_TOKEN = _recache.compile(
    r"`[^`\n]+`|\"[^\"\n]+\"|'[^'\n]+'|(?:[^\s]*(?:/[ ](?=[A-Za-z{<\[])|[^\s/][ ](?=/[A-Za-z{<\[])))*[^\s]+", re.A
)
_SHAPED = _recache.compile(r"\b(?:structured|formatted|shaped|laid\s+out)\s+(?:like|as)\b\s*[:：]?\s*", re.I | re.A)
# a resource-name template in code: ``shops/{shop}/notes/{note}``
_TEMPLATE_CODE = _recache.compile(
    r"`(?P<t>[a-z][A-Za-z0-9]*(?:/(?:[a-z][A-Za-z0-9]*|\{[^}`\s]+\}))*/\{[^}`\s]+\}(?:/[a-zA-Z][A-Za-z0-9]*(?:/\{[^}`\s]+\})?)*)`",
    re.A,
)
_TEMPLATE_GAP = _recache.compile(r"(?:\s|[-+*•,;]|\bor\b|\band\b)*", re.A)
_BASE64 = _recache.compile(r"\bbase[- ]?64(?P<url>[- ]?url)?\b", re.I | re.A)
_HEX = _recache.compile(
    r"(?=[abhi十])(?:\bbase[- ]?16\b|\bhex(?:adecimal)?[- ]encoded\b|\b(?:as|in)\s+(?:a\s+)?hex(?:adecimal)?\b"
    r"|\bhex(?:adecimal)?\s+(?:string|digits|characters|encoding|format)\b|十六进制|十六進制)",
    re.I | re.A,
)
_HOST = _recache.compile(
    r"\b(?:valid|must\s+be\s+an?)\s+(?:host\s?name|FQDN)\b|\bfully[- ]qualified\s+domain\s+name\b|\bFQDN\b", re.I | re.A
)
_IPV = _recache.compile(r"\bIPv(?P<v>[46])\b", re.I | re.A)
_CIDR = _recache.compile(r"\bCIDR\b", re.A)
_E164 = _recache.compile(r"\bE\.?164\b", re.A)
_CRON = _recache.compile(r"\bcron(?:tab)?\s+(?:expression|syntax|format|schedule|string|notation)\b|\bin\s+cron\b", re.I | re.A)
_REGEX_NAMED = _recache.compile(
    r"\b(?:regexp?|regular\s+expression|pattern)\b[^\"'`\n]{0,30}?(?P<q>[\"'`])(?P<re>[^\"'`\n]{2,300})(?P=q)", re.I | re.A
)
_REGEX_META = _recache.compile(r"[\\^$\[\]()*+?{}|.]")
_REGEX_ANCHORED = _recache.compile(r"(?P<q>[\"'`])(?P<re>\^[^\"'`\n]{1,300}\$)(?P=q)", re.A)
_QUANT = r"(?:[+*]|\{\d+(?:,\d*)?\})"
# a character class, or a run of classes with quantifiers ("[A-Z]{2}[0-9]{4}"), quoted or not
_CHAR_CLASS = _recache.compile(
    r"(?<![\w/.-])\[(?=[^\]\n]{0,5}(?:a-z|A-Z|0-9))[^\n]{3,120}?\](?P<q>" + _QUANT + r")?(?:\[[^\]\n]{1,40}\]" + _QUANT + r"?)*"
    r"(?=[\s,.;)'\"`]|$)",
    re.A,
)
# what names a regex just before it: "with pattern ''[a-z]+''", "must match the regex: [a-z]{2}", "format : [0-9]{3}"
_REGEX_CUE = _recache.compile(r"(?:regexp?|regular\s+expression|pattern|match(?:es|ing)?|format|form|syntax)\W{0,5}(?:\w+\W{1,3}){0,2}$", re.I | re.A)
_LABEL = _recache.compile(
    r"(?:^|\n|[.;]\s|[，。；])[ ]*(?:[-*•][ ]+)?(?P<k>Format|Encoding|格式)[ ]*[:：][ ]*(?P<v>(?:[^\n<;.]|\.(?!\s|$)){1,80})", re.I | re.A
)
_LENGTH_SPEC = _recache.compile(r"(?P<f>fixed|variable)[- ]length,?\s*(?:(?:up\s+to|max(?:imum)?)\s+)?(?P<n>\d{1,4})\s*(?P<k>an|n|a)\b")
_SPEC_CLASS = {"an": "[A-Za-z0-9]", "n": "[0-9]", "a": "[A-Za-z]"}
# a label's value that is a standard's or a known format's name: that name's own finder reads it
_NAMED_STANDARD = _recache.compile(r"\W*(?:ISO|RFC|IANA|BCP|E\.?164|UUID|GUID|JSON|base[- ]?64|unix|epoch|hex)", re.I | re.A)
_TYPE_LABEL = _recache.compile(r"(?:^|\n)[ ]*(?:[-*•][ ]+)?(?:Type|Encoding)[ ]*:[ ]*(?P<v>(?:alpha-?)?numeric\b|alphabetic\b)(?=[ ]*(?:$|[\n,.;(]))", re.I | re.A)
_IN_FORMAT = _recache.compile(
    r"(?=\b[iowufm])"
    r"\b(?:in|of|with|using|follows?|following|match(?:es|ing)?)\s+(?:the\s+|this\s+)?(?:following\s+)?"
    r"(?P<w>format|form|pattern|syntax|layout|structure)(?:\s+of)?\s*[:：]?\s*",
    re.I | re.A,
)
_FORMS_LIST = _recache.compile(r"\bin\s+one\s+of\s+the\s+following\s+(?:forms|formats|patterns)\s*:", re.I | re.A)
_STARTS = _recache.compile(
    r"\b(?:must|should|has\s+to|needs?\s+to|shall)\s+(?:always\s+)?(?P<w>start|begin|end)\s+with\s+(?:an?\s+|the\s+)?"
    r"(?P<x>`[^`\n]+`|\"[^\"\n]+\"|'[^'\n]+'|(?:lower-?case\s+|upper-?case\s+)?(?:letter|digit|number|alphanumeric\s+character)\b"
    r"(?:\s+or\s+(?:an?\s+)?(?:letter|digit|number|underscore)\b)?|[^\s,.;]+)"
    r"|\bfirst\s+character\s+must\s+be\s+an?\s+(?P<x2>(?:lower-?case\s+|upper-?case\s+)?(?:letter|digit|number))",
    re.I | re.A,
)
_CHARSET = _recache.compile(
    r"(?=[Aalu字数數])(?:\balpha-?numeric(?:al)?\b(?!\s+(?:order|sort|ordering|sorting)\b)"
    r"(?![^.;\n]{0,40}\b(?:special|symbols?|punctuation|any\s+(?:other\s+)?characters?|unicode)\b)(?:\s+characters?)?"
    r"|\b(?:(?:(?:lower|upper)-?case\s+(?:and|or)\s+)?(?:lower-?case|upper-?case|ASCII|latin)\s+){0,2}letters\s*(?:,\s*|\s+(?:and|or)\s+|\s*/\s*)(?:\w+\s+)?(?:numbers|digits|numerals)\b"
    r"|(?:字母|数字|數字)(?:、|和|或|及|与|與)(?:字母|数字|數字))",
    re.I | re.A,
)
_CHARSET_EXTRA = _recache.compile(
    r"(?:\s*,\s*|\s+(?:and|or|with|plus)\s+|\s*,\s*(?:and|or)\s+|\s*\(\s*|\s*[、，]\s*(?:以及|和|及|与|與|或)?\s*|\s*(?:以及|和|及|与|與|或)\s*)"
    r"(?:(?P<w>hyphens?|dashes?|underscores?|periods?|dots?|spaces?|commas?|slashes?|colons?|plus\s+signs?|at\s+signs?|下划线|下劃線|中划线|中劃線|点|點)"
    r"|(?P<q>'[^'\s]'|\"[^\"\s]\"|`[^`\s]`|‘[^’\s]’)"
    r"|(?P<syms>[^\sA-Za-z0-9/](?:/[^\sA-Za-z0-9/])+)(?=[ ]|$|[,;]))",  # "letters, digits and @/./+/-/_": symbols set apart by slashes
    re.I | re.A,
)
_BANNED = _recache.compile(
    r"\b(?:can(?:not|'t)|must\s+not|may\s+not|should\s+not|does\s+not|do\s+not)\s+(?:contain|include|have)\s+"
    r"(?:any\s+)?(?:[\w-]+\s+){0,2}?(?:characters?|spaces|whitespace|wildcards?)\b"
    r"|\b(?:invalid|disallowed|forbidden|illegal|prohibited)\s+characters?\b",
    re.I | re.A,
)
# the characters a ban lists after its words: "(… following characters in tag value) , | { } : < >"
_BANNED_SET = _recache.compile(r"[ ]*(?:\([^)\n]{0,80}\))?[ ]*:?[ ]*(?P<set>(?:[^\w\s][ ]*){3,20})(?=$|\n|[ ]*\w)", re.A)
_NW = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_DIGITS = _recache.compile(
    rf"\b(?P<lo>{_NW})[ ]*[-–][ ]*(?P<hi2>{_NW})[- ]digits?\b"
    rf"|\b(?P<n>{_NW})-(?:[ ]*to[ ]+(?P<hi>{_NW})-)?digits?\b|\b(?P<n2>{_NW})\s+digit\b|\b(?:exactly|must\s+be|be)\s+(?P<n3>{_NW})\s+digits\b",
    re.I | re.A,
)
_DIGITS_ZH = _recache.compile(r"(?<![0-9])(?P<n4>\d{1,2})[ ]?位(?:纯|純)?(?:数字|數字)")
_IP_PROTOCOL_AFTER = _recache.compile(r"\s+(?:and\s+(?:the\s+)?IPv[46]\s+)?(?:protocols?|stack|networking|traffic)\b", re.I)
_MIX_BEFORE = _recache.compile(r"\b(?:mix|mixture|combination)\s+of\s+(?:both\s+)?$", re.I)
_AT_LEAST_BEFORE = _recache.compile(r"\b(?:at\s+least|contain|contains|including|include)\s+$", re.I)
_LETTER_CODE = _recache.compile(
    r"\b(?P<n>\d|two|three|four|five)[- ](?P<k>letter|character|char)\s+(?:code|string|abbreviation|identifier|symbol)\b", re.I | re.A
)
_JSON = _recache.compile(
    r"(?=[Jais])(?:\bJSON(?:[- ](?:encoded|formatted|serialized))?\s+(?:string|array|document|text|blob)\b|\bJSON[- ]encoded\b"
    r"|\bstringified\s+JSON\b|\b(?:as|in)\s+(?:a\s+)?JSON(?:\s+format)?\b(?!\s+(?:object|response|body))"
    r"|JSON(?:格式|字符串|字串))",
    re.I | re.A,
)
# a strftime layout ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%SZ") and the layout tokens it stands for
_STRFTIME = _recache.compile(
    r"(?<![\w%])%[Yy](?:[-/.]?%[md](?:[-/.]?%[dm])?)?(?:[T ]%H(?::?%M(?::?%S(?:\.%f)?)?)?)?(?:%z|Z)?(?![\w%])", re.A
)
_STRFTIME_TOKENS = {"%Y": "YYYY", "%y": "YY", "%m": "MM", "%d": "DD", "%H": "HH", "%M": "mm", "%S": "ss", "%f": "SSSSSS",
                    "%z": "XXX"}
# the words right after a standard's name ("ISO 8601 date format", "RFC 3339 duration"), or a
# duration named just before it in the same sentence ("a time duration, in RFC 3339 format")
_AFTER_DATE = _recache.compile(r"[\s(),:-]*(?:(?:full|calendar)[- ])?date\b(?![- ]?(?:and[- ]time|time|/time|stamp))", re.I | re.A)
_AFTER_DURATION = _recache.compile(r"[\s(),:-]*(?:durations?|periods?|intervals?)\b", re.I | re.A)
_AFTER_INSTANT = _recache.compile(r"[\s(),:-]*(?:date[- ]?time|timestamp|date\s+and\s+time|time\s*stamp|instant)", re.I | re.A)
_BEFORE_DURATION = _recache.compile(r"\b(?:durations?|periods?\s+of\s+time|intervals?)\b[^.;\n]{0,40}$", re.I | re.A)
_RANGE_SEPS = frozenset(("..", "/", ",", "_", "~", "--"))
_DATE_EXAMPLE = _recache.compile(
    r"(?:\be\.[ ]?g(?![a-z])\.?|\bfor\s+example|\bsuch\s+as|\bexamples?|\blike|例如|比如)[ ,:：]*[`\"'“]?"
    r"(?P<d>\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)"
    r"(?P<range>[,/]\d{4}-\d{2}-\d{2})?",
    re.I | re.A,
)
_DURATION_EXAMPLE = _recache.compile(
    r"(?:\be\.[ ]?g(?![a-z])\.?|\bfor\s+example|\bsuch\s+as|\bexamples?|\blike)[ ,:：]*[`\"'“]?"
    r"(?P<d>P(?=\d|T\d)(?:\d+(?:[.,]\d+)?[YMWD])*(?:T(?:\d+(?:[.,]\d+)?[HMS])+)?)(?![\w-])",
    re.I,
)
# A pattern that starts with a character class is scanned by ``re`` in a tight C loop.
_DATE_SHAPE = _recache.compile(r"[0-9]\d{3}-\d{2}-\d{2}", re.A)
_ZH_DATE = _recache.compile(r"日期|生日|出生")
_ZH_TIME = _recache.compile(r"时间|時間|时刻|時刻")
_ZH_DURATION = _recache.compile(r"时长|時長|期限|周期|週期|间隔|間隔|有效期")
_EDGE = _recache.compile(r"\b(?:start|begin|end)s?\s+(?:and\s+end\s+)?with\s+(?:an?\s+)?$", re.I)
_ID_OF = _recache.compile(r"\b(?:ID|Id|id|identifier|ARN)\s+of\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,3}$")
_NAMED_LAYOUT = _recache.compile(r"[A-Za-z][\w .+-]*")
_OTHER_FORM = _recache.compile(
    r"[^.;\n]{0,80}?;?\s*[`'\"]?\w+[`'\"]?\s+(?:shorthand|alias)\s+is\s+(?:also\s+)?(?:available|supported|accepted)|[^.;\n]{0,80}?,\s+or\s+[`'\"‘“](?:\w+|[*?%])[`'\"’”](?:\s+to\s+[^.;\n]{0,60})?\s*(?:[.;)(]|$)|[^;\n]{0,160}?\b(?:can|may)\s+also\s+be\s+(?:provided|given|passed|sent|specified)\b", re.I
)
_ARMOURED = _recache.compile(r"\bOpenSSH\b|\bssh-(?:rsa|ed25519|dss)\b|\bPEM\b|-----BEGIN", re.I)
_GLUED_AFTER = _recache.compile(r"_[A-Za-z0-9]|\.[A-Za-z]{2,4}\b")  # (not "__", the close of bold or italics)
_PART_BEFORE = _recache.compile(
    r"(?:\bdefault(?:s|\s+value)?\s+(?:is|to|of)|\bwhere\s+(?:the\s+)?[`\w.-]+\s+is"
    r"|\bthe\s+(?:[\w-]+\s+){0,2}(?:part|portion|segment|component|section)\s+(?:can|may|must|should|is)(?:\s+be)?(?:\s+any)?"
    r"|\b(?:starts?|starting|begins?|beginning|ends?|ending)\s+with|\b(?:prefixed|suffixed|preceded|followed)\s+by)"
    r"\s+(?:(?:the|a|an)\s+)?(?:[\w-]+\s+){0,2}$",
    re.I,
)
_PART_BEFORE_KEYS = ("default", "where", "part", "portion", "segment", "component", "section", " with", "prefixed", "suffixed", "preceded", "followed")
_NO_SCHEME = _recache.compile(r"[^.;\n]{0,20}?\bwithout\s+(?:the\s+|a\s+)?(?:scheme|protocol|https?(?::/*)?)\b", re.I)
_NEGATED = _recache.compile(r"\b(?:do\s+not|don't|never|must\s+not|should\s+not|cannot|can't)\b[^.;\n]*$", re.I)
_RANGE_NAMES = frozenset("cidr cidrs subnet subnets range ranges block blocks prefix prefixes".split())
_SEP_NAMES = {",": "comma", ";": "semicolon", " ": "space", "|": "pipe", ":": "colon"}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_DURATION_WORDS = frozenset("duration period interval retention timeout ttl delay age expiry lifetime".split())
# a description of a flag: "Determines whether …", "If true, …"
_FLAG = _recache.compile(
    r"\W*(?:(?:determines|indicates|specifies|controls|sets|selects?|chooses?|decides?)\s+)?whether\b"
    r"|\W*(?:if|when)\s+(?:set\s+to\s+|this\s+is\s+|it\s+is\s+)?(?:true|enabled)\b",
    re.I | re.A,
)
_GUESS = "\0guess"  # a format read from the standard's name and its context words, not from a layout or an instance
# a point in time ("the start of the window"), not a length of time
_POINT = _recache.compile(r"\b(?:start|end|beginning|begin)\s+(?:of|time|date)\b|\b(?:before|after|since|until)\b", re.I)
# the style that sends an array separated by sep, per parameter location ("default": simple, the
# location's default, already sends it comma-separated); None: no style does
_STYLE = {
    ("query", ","): "form", ("query", " "): "spaceDelimited", ("query", "|"): "pipeDelimited",
    ("path", ","): "default", ("header", ","): "default", ("cookie", ","): "form", ("", ","): "form",
}
_DAY_WORDS = frozenset("day birthday birth dob".split())
_DATE_ONLY = _recache.compile(r"\b(?:date\s+only|only\s+the\s+date|without\s+(?:a\s+)?time|not\s+a\s+specific\s+time|calendar\s+date"
                        r"|yyyy-mm-dd(?!\s*t)|date\s+of\s+birth)\b")
_DATE_WORDS = frozenset("date day birthday dob".split())
_TIME_WORDS = frozenset("time timestamp datetime at instant".split())
_PLACEHOLDER = _recache.compile(r"\{[^}]+\}|<[^>]+>|\b[A-Z]{2,}(?:_[A-Z]+)*\b|\[[a-z_-]+\]", re.A)

CHAR_WORDS = {
    "hyphen": "-", "dash": "-", "underscore": "_", "period": ".", "dot": ".", "space": " ", "comma": ",",
    "slash": "/", "colon": ":", "plus sign": "+", "at sign": "@", "下划线": "_", "下劃線": "_", "中划线": "-",
    "中劃線": "-", "点": ".", "點": ".",
}


def _num(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _separator(phrase: str) -> str:
    """The character a "…-separated" phrase (a match of ``_SEPARATED``) names."""
    txt = phrase.lower()
    return ";" if ("semicolon" in txt or "分号" in txt or "分號" in txt) else " " if ("space" in txt or "空格" in txt) \
        else "|" if ("pipe" in txt or "竖线" in txt or "豎線" in txt) else ":" if "colon" in txt else ","


_MILLI = _recache.compile(r"milli|\bms\b|毫秒")
_MICRO = _recache.compile(r"micro|\b[uµ]s\b|微秒")
_NANO = _recache.compile(r"nano|\bns\b|纳秒")


def _epoch_unit(txt: str) -> str:
    """The unit a lower-cased epoch phrase counts in ("milliseconds since …", "unix time (ms)")."""
    if _MILLI.search(txt):
        return "milliseconds"
    if _MICRO.search(txt):
        return "microseconds"
    if _NANO.search(txt):
        return "nanoseconds"
    return "seconds"


def _near_kind(s: str, a: int, b: int) -> str:
    """What the words next to a standard's name at ``s[a:b]`` say it covers: ``"date"``,
    ``"duration"`` or ``""`` (the wider context decides)."""
    if _AFTER_INSTANT.match(s, b):
        return ""
    if _AFTER_DATE.match(s, b):
        return "date"
    sent = max(s.rfind(". ", 0, a), s.rfind("\n", 0, a), s.rfind("; ", 0, a)) + 1
    if _AFTER_DURATION.match(s, b) or _BEFORE_DURATION.search(s, max(sent, a - 60), a):
        return "duration"
    return ""


def is_list_layout(data: Mapping[str, Any]) -> bool:
    """Whether a format evidence's data is a separated list ("comma-separated list")."""
    return str(data.get("layout", "")).endswith("-separated list")


def list_separator(text: str) -> str | None:
    """The separator a description says its field's values are joined by ("comma-separated" →
    ``","``), or ``None``."""
    m = _SEPARATED.search(text)
    return _separator(m.group()) if m is not None else None


_ECMA_META = "\\^$.*+?()[]{}|"
_ECMA_ESCAPES = str.maketrans({c: "\\" + c for c in _ECMA_META})


def ecma_escape(text: str) -> str:
    """``re.escape`` for a JSON Schema ``pattern``: only the characters that are special in an
    ECMA-262 regex are escaped (each gets a backslash before it, by one ``str.translate``).
    ``re.escape`` also escapes ``-``, and ``\\-`` outside a class is an error in Unicode-mode
    ECMA regexes (Ajv compiles patterns that way)."""
    return text.translate(_ECMA_ESCAPES)


_ISO_DATE_LAYOUT = _recache.compile(r"YYYY-MM-DD")
_ISO_DATE_TIME_LAYOUT = _recache.compile(r"YYYY-MM-DDT(?:HH|hh):mm(?::ss(?:[.,](?:S+|s+|f+))?)?(?:Z|[+-±]hh:?mm|TZD|XXX)?")


def layout_data(layout: str) -> Data:
    """``YYYY-MM-DD`` → ``{"format": "date"}``; other layouts → an anchored ``pattern``."""
    if "T" in layout[8:]:
        date, _, time = layout.partition("T")
        layout_n = date + "T" + time.replace("MM", "mm").replace("SS", "ss")
    else:
        layout_n = layout
    up = layout_n.replace("yyyy", "YYYY").replace("dd", "DD")
    if _ISO_DATE_LAYOUT.fullmatch(up) or layout == "yyyy-mm-dd":
        return {"format": "date", "layout": layout}
    if _ISO_DATE_TIME_LAYOUT.fullmatch(up):
        return {"format": "date-time", "layout": layout}
    return {"pattern": "^" + _layout_regex(layout) + "$", "layout": layout}


def _layout_regex(layout: str) -> str:
    """The unanchored regex of a date/time layout (``DD/MM/YYYY`` → ``[0-9]{2}/[0-9]{2}/[0-9]{4}``)."""
    parts: list[str] = []
    pos = 0
    for m in _LAYOUT_TOKENS.finditer(layout):
        parts.append(ecma_escape(layout[pos : m.start()]))
        tok = m.group()
        if tok in ("Z",):
            parts.append("Z")
        elif tok in ("TZD", "XXX", "ZZ") or tok.endswith("mm") and tok[0] in "+-±":
            parts.append(r"(?:Z|[+-][0-9]{2}:?[0-9]{2})")
        else:
            width = {"YYYY": 4, "yyyy": 4}.get(tok, len(tok))
            parts.append(f"[0-9]{{{width}}}")
        pos = m.end()
    parts.append(ecma_escape(layout[pos:]))
    return "".join(parts)


_CLASS_ESCAPE = _recache.compile(r"\\(?![-\]\[\\^dws])|(?<!\\)[\[\]]")


def _class_body(inner: str) -> str:
    """A listed character set as the body of one ECMA class: brackets inside it are characters
    ("[a-z!@[]_]"), and so is a backslash that escapes nothing a class knows ("\\:")."""
    return _CLASS_ESCAPE.sub(lambda c: "\\" + c.group(), inner)


_SHOWN_CHAR = _recache.compile(r"[ ]*\([^A-Za-z0-9\s()]{1,3}\)")
# the text lets spaces in, though not everywhere: "must not start with a space or be all spaces"
_SPACES_ALLOWED = _recache.compile(
    r"\bnot\s+(?:start|begin|end)\s+with\s+(?:a\s+)?(?:space|blank)|\ball\s+spaces\b|\bspaces?\s+(?:are|is)\s+allowed", re.I | re.A
)


_MORE_CHARS = _recache.compile(
    r"(?<!no )(?<!without )\b(?:hyphens?|dash(?:es)?|periods?|dots?|underscores?|commas?|colons?|slashes|plus\s+signs?|at\s+signs?"
    r"|symbols|special\s+characters|following\s+characters|also\s+(?:include|contain|use))\b", re.I)


# the character a charset's runs are joined by, named right before it ("underscore (_) separated")
_SEPARATED_BEFORE = _recache.compile(
    r"\b(?P<w>hyphens?|dash(?:es)?|underscores?|periods?|dots?|commas?|colons?|slashes?)[ ]*(?:\([^()\n]{1,3}\)[ ]*)?[- ]?"
    r"(?:separated|delimited)[ ]+$",
    re.I,
)
_SPACES = _recache.compile(r"\s+")


def _charset_pattern(t: str, m: re.Match[str]) -> tuple[int, Data]:
    words = m.group().lower()
    cls = ""
    if "alpha" in words or ("letter" in words and ("number" in words or "digit" in words or "numeral" in words)) \
            or ("字母" in words and ("数字" in words or "數字" in words)):
        if "lower" in words and "upper" not in words:
            cls = "a-z0-9"
        elif "upper" in words and "lower" not in words:
            cls = "A-Z0-9"
        else:
            cls = "A-Za-z0-9"
    end = m.end()
    extras: list[str] = []
    while True:
        shown = _SHOWN_CHAR.match(t, end)  # "underscores (_)": the character shown after its name
        if shown is not None and extras:
            end = shown.end()
        e = _CHARSET_EXTRA.match(t, end)
        if not e:
            break
        if e.group("w"):
            w = _SPACES.sub(" ", e.group("w").lower())
            ch = CHAR_WORDS.get(w) or CHAR_WORDS.get(w[:-1]) or CHAR_WORDS.get(w[:-2], "")  # dash(es), hyphen(s)
        elif e.group("syms"):
            extras.extend(e.group("syms").split("/"))
            ch = ""
        else:
            ch = e.group("q")[1]
        if ch:
            extras.append(ch)
        end = e.end()
        if t[end : end + 1] == ")":
            end += 1
    if _SPACES_ALLOWED.search(t):
        extras.append(" ")
    sep = _SEPARATED_BEFORE.search(t, max(0, m.start() - 40), m.start())
    if sep is not None:  # "dash (-) separated alphanumeric characters": runs of the set, joined by that character
        w = sep.group("w").lower()
        ch = CHAR_WORDS.get(w) or CHAR_WORDS.get(w[:-1]) or CHAR_WORDS.get(w[:-2], "")
        if ch:
            extras.append(ch)
    if _MORE_CHARS.search(t, end, end + 200) and not extras:
        # "alphanumeric (A-Z, a-z, 0-9), hyphen (-), period (.)", "… You can also include any of the following
        # characters: _+=,.@-": more characters than were read; a pattern of the letters alone would reject them
        return end, {}
    extra = "".join(dict.fromkeys(c for c in extras if c != "-"))
    extra = "".join("\\" + c if c in "\\]^[" else c for c in extra)
    return end, {"pattern": f"^[{cls}{extra}{'-' if '-' in extras else ''}]+$"}


_STRFTIME_TOKEN = _recache.compile(r"%[YymdHMSfz]")
_NOT_A_REGEX_GAP = _recache.compile(r"[.;]\s|\bform\b|\bof\s+(?:`|\"|')?$")
_ONE_CLASS = _recache.compile(r"\[[^\]]*\]")
_GLOB_CHARS = _recache.compile(r"[\w{}*/.:-]+")
_GLOB_SLOT = _recache.compile(r"\*|\{")
_QUANTIFIED_CLASS = _recache.compile(r"\]" + _QUANT)
_SOME_BLANKS = _recache.compile(r"leading|trailing|consecutive|double|two|multiple|special")
_ALL_BLANKS = _recache.compile(r"\b(?:spaces|whitespace)\b")
_CHARACTERS_AFTER = _recache.compile(r"\s+characters?\b")
_BACKTICKS = _recache.compile(r"`+")
_NO_LAYOUT = _recache.compile(r"(?:variable|fixed|free)[- ](?:length|text|form)|text|string|any|free text|varies")
_ALNUM_WORD = _recache.compile(r"alpha-?numeric(?: characters?)?")
_ASCII_WORD = _recache.compile(r"(?:us-)?ascii(?: characters?| text| only)?")
_NUMERIC_WORD = _recache.compile(r"numeric|digits?|numbers? only|digits only")
_LAYOUT_PUNCT = _recache.compile(r"[/:{}<>\[\]_.=-]")
_SHAPED_TOKEN = _recache.compile(r"`[^`\n]+`|\"[^\"\n]+\"|'[^'\n]+'|[^\s]+")
_DATE_TIME_WORD = _recache.compile(r"\b(?:date|time)\b|日期|时间|時間", re.I | re.A)


def find(t: Text, name: str, type_: str | None, where: str, has_standard: bool) -> list[Evidence]:
    """Every format statement in the prepared description (overlaps resolved, longest first)."""
    s = t.norm
    low = gate_text(s)  # for the key gates only (blanks collapsed: not the offsets of s)
    if not has_any(low, _KEYS):
        return []  # every pattern below is scanned only on one of its keys: none occurs, none can match
    if ("whether" in low or "true" in low or "enabled" in low) and _FLAG.match(s):
        return []  # "Whether the reply is sent as JSON": a flag that switches a format has none of its own
    hits: list[tuple[int, int, Data]] = []
    words = set(name_words(name))
    holds_layout = bool(name_words(name)) and name_words(name)[-1] in ("format", "formats")
    stringish = type_ in (None, "string", "array")

    part_words = has_any(low, _PART_BEFORE_KEYS)  # (see _HEDGE_KEYS)
    free_words = has_any(low, _FREE_ALTERNATIVE_KEYS)

    def add(a: int, b: int, data: Data) -> None:
        if not data:
            return  # an empty reading (a garbled layout) is no evidence
        if holds_layout and not is_list_layout(data) and "style" not in data:
            return  # "signDateFormat: `d/M/yyyy`, `MM/dd/yyyy` …", "- lidcode: a 12-digit hex string": the field
            # names a format; the layouts and formats its text describes are its values', not its own
        if "layout" in data and words & {"prefix", "suffix"} and any(same_name(m.group()[1:-1], name) for m in _SLOT.finditer(str(data["layout"]))):
            return  # "The host will be <lidPrefix>.kiln.example" on lidPrefix: a larger value built from this part
        named = "layout" not in data or _NAMED_LAYOUT.fullmatch(str(data["layout"])) is not None  # "CIDR", not a template
        if named and s[a:b].strip().count(" ") <= 2 and _ID_OF.search(s, max(0, a - 60), a):
            return  # "The ID of the subnet CIDR reservation": the value names the thing, it is not one
        if data.get("format") in ("uri", "url") and _NO_SCHEME.match(s, b):
            return  # "The type URL, without the scheme": not a URI
        if not named and ((a > 0 and s[a - 1].isalnum()) or (a > 1 and s[a - 1] == "_" and s[a - 2].isalnum())
                          or _GLUED_AFTER.match(s, b)):
            return  # "a file named lids_YYYYMMDD.txt": the layout of a part of another name
        if "layout" in data and "pattern" in data and _glued_elsewhere(s, s[a:b]):
            return  # "stored as lids_YYYYMMDD.csv, where YYYYMMDD is the day": the same part, named again
        if part_words and _PART_BEFORE.search(s, max(0, a - 60), a):
            return  # "The default is the Unix epoch", "where the lidId is the hex ID", "Starts with the
            # 4-digit maker code": what a default, a part or a prefix is, not the value's own format
        hits.append((a, b, data))

    prev: re.Match[str] | None = None
    for m in scan(_LAYOUT, s, low, ('yyyy', 'hh:mm')):
        sep = s[prev.end() : m.start()] if prev is not None else ""
        if prev is not None and sep in _RANGE_SEPS and hits and hits[-1][0] == prev.start():
            # "yyyy-MM-dd..yyyy-MM-dd": one value made of two instants, not one of them
            lay = prev.group() + sep + m.group()
            hits[-1] = (prev.start(), m.end(), {
                "pattern": "^" + _layout_regex(prev.group()) + ecma_escape(sep) + _layout_regex(m.group()) + "$", "layout": lay})
        else:
            add(m.start(), m.end(), layout_data(m.group()))
        prev = m
    for m in scan(_STRFTIME, s, low, ('%y',)):
        lay = _STRFTIME_TOKEN.sub(lambda t: _STRFTIME_TOKENS[t.group()], m.group())
        add(m.start(), m.end(), {**layout_data(lay), "layout": m.group()})
    for m in scan(_ISO, s, low, ('iso', 'rfc')):
        tok = m.group().upper().replace(" ", "").replace("-", "")
        ctx = s[max(0, m.start() - 200) : m.end() + 60].lower()
        ctx_words = set(LOWER_WORD.findall(ctx)) | words
        iso = tok.startswith("ISO")
        near = _near_kind(s, m.start(), m.end())
        if tok.startswith("RFC") and tok not in ("RFC3339", "RFC3339NANO"):
            add(m.start(), m.end(), {"layout": m.group()})
        elif near == "date":
            add(m.start(), m.end(), {"format": "date", _GUESS: True, **({"inferred": True} if iso else {})})
        elif _TIME_ONLY.search(ctx) and not ctx_words & _DAY_WORDS:
            add(m.start(), m.end(), {"format": "time", _GUESS: True, **({"inferred": True} if iso else {})})  # "a time-only ISO 8601 format"
        elif near == "duration":
            add(m.start(), m.end(), {"format": "duration", _GUESS: True})
        elif (ctx_words & _DURATION_WORDS or _ZH_DURATION.search(ctx)) and not (
                ctx_words & {"timestamp", "datetime"} or _POINT.search(ctx)):
            add(m.start(), m.end(), {"format": "duration", _GUESS: True})
        elif (ctx_words & _DAY_WORDS or "full-date" in ctx or _DATE_ONLY.search(ctx) or _ZH_DATE.search(ctx)) and not (
                ctx_words & (_TIME_WORDS - {"at"}) or _ZH_TIME.search(ctx)):
            add(m.start(), m.end(), {"format": "date", _GUESS: True, **({"inferred": True} if iso else {})})
        else:
            # "the date, in ISO 8601": APIs mostly mean a date-time, but ISO 8601 also has dates,
            # times and intervals: a guess, so its fix is unsafe (RFC 3339 is date-time itself)
            add(m.start(), m.end(), {"format": "date-time", _GUESS: True, **({"inferred": True} if iso else {})})
    for m in scan(_EPOCH, s, low, ('unix', 'posix', 'epoch', '1970', '时间戳', '時間戳')):
        unit = _epoch_unit(s[m.start() : m.end() + 16].lower())
        d: Data = {"layout": f"unix epoch {unit}"}
        if type_ in (None, "string"):
            d["pattern"] = "^[0-9]+$"
        elif type_ in ("integer", "number"):
            # a count, not a textual format: the OpenAPI format registry's unixtime states seconds
            # since the epoch; another unit has no format, and a number no pattern
            if unit != "seconds" or _epoch_unit(s.lower()) != "seconds":
                continue
            d["format"] = "unixtime"
        add(m.start(), m.end(), d)
    for m in scan(_SEPARATED, s, low, ('separat', 'seperat', 'delimit', 'csv', '逗号', '逗號', '分号', '分號', '空格', '竖线', '豎線')):
        sep = _separator(m.group())
        style = _STYLE.get((where if where in ("query", "path", "header", "cookie") else "", sep))
        if type_ == "array" and style == "default":
            continue  # a path or header array is sent comma-separated by default (style: simple)
        if type_ == "array" and where not in ("query", "path", "header", "cookie"):
            continue  # a body array is a list already: "comma-separated" only says it holds several
        if type_ == "array" and style:
            d = {"style": style, "explode": False}
        else:
            # no pattern: "^[^,]+(,[^,]+)*$" accepts nearly anything, and checks nothing
            d = {}
            if where in ("body", "argument"):
                # a property of a body or a tool's arguments: no parameter style applies, JSON has arrays
                d["advice"] = ("only a pattern of the values states it on the string; an array of the values would be "
                               "clearer, but it changes what clients send (a form body would need its encoding's style: "
                               "form, explode: false)")
            elif style == "default":
                d["advice"] = f"declare an array: a {where} parameter's default style (simple) sends it comma-separated"
            elif style:
                d["advice"] = f"declare an array with style: {style}, explode: false"
            elif where in ("query", "path", "header", "cookie"):
                d["advice"] = f"no OpenAPI parameter style sends {_SEP_NAMES[sep]}-separated values; only a pattern can state it"
        if _OTHER_FORM.match(s, m.end()):
            continue  # "a comma-separated list of ports, or 'any'", "… can also be provided as an
            # ampersand-separated list": one of the forms the value takes
        d["layout"] = _SEP_NAMES[sep] + "-separated list"
        add(m.start(), m.end(), d)
    for m in scan(_MINMAX, s, low, ('min', 'lower', 'start', 'from')) if "," in s else ():  # "min,max" needs its comma
        add(m.start(), m.end(), {"pattern": r"^-?[0-9]+(\.[0-9]+)?,-?[0-9]+(\.[0-9]+)?$", "layout": "min,max"})
    if stringish:
        for m in scan(_UUID, s, low, ('uuid', 'guid')):
            add(m.start() + len(m.group()) - len(m.group().lstrip(" \t\n\"'`(")), m.end(), {"format": "uuid"})
        for m in scan(_EMAIL, s, low, ('mail', '邮箱', '郵箱', '邮件', '郵件')):
            st = m.start() + len(m.group()) - len(m.group().lstrip(" \t\n\"'`(*"))
            add(st, m.end(), {"format": "email"})
        # "relative", "`/img/a.png`", "projects/{id}": no absolute URI; a git remote or clone URL
        # may be the scp-like `git@host:org/repo.git`, which is no URI either (both looked for
        # only when the scan or the noun below finds one: most texts with "url" or "uri", as in
        # "security", have neither)
        if has_any(low, ('url', 'uri')):
            uris = list(_URI.finditer(s))  # (its gate: the test just above)
            noun = _URI_NOUN.match(s)
            if (uris or noun is not None) and _RELATIVE.search(s) is None and _GIT_REMOTE.search(s) is None:
                for m in uris:
                    add(m.start(), m.end(), {"format": "uri"})
                if noun is not None:
                    add(noun.start("v"), noun.end("v"), {"format": "uri"})
        for m in scan(_URI_ZH, s, low, ('网址', '網址', '格式', '合法', '有效', '完整')):
            add(m.start(), m.end(), {"format": "uri"})
        for m in scan(_DT_NOUN, s, low, ('date-time', 'datetime')):
            add(m.start(), m.end(), {"format": "date-time"})
        for m in scan(_BASE64, s, low, ('64',)) if "64" in low and not _ARMOURED.search(s) else ():
            # (an OpenSSH key or a PEM block holds base64 inside a framing of its own: "ssh-ed25519 AAAA… name";
            # the framing is looked for only where the scan's own key occurs: without it there is no match to drop)
            add(m.start(), m.end(), {"format": "base64url"} if m.group("url") else {"format": "byte"})
        for m in scan(_HEX, s, low, ('hex', '16', '十六进制', '十六進制')):
            add(m.start(), m.end(), {"pattern": "^[0-9a-fA-F]+$"})
        for m in scan(_HOST, s, low, ('host', 'fqdn', 'domain')):
            add(m.start(), m.end(), {"format": "hostname"})
        ipv = list(scan(_IPV, s, low, ('ipv',)))
        vs = {m.group("v") for m in ipv}
        if any(_quoted(s, m.start(), m.end()) for m in ipv) or any(_IP_PROTOCOL_AFTER.match(s, m.end()) for m in ipv):
            ipv = []  # "Valid values: `IPV4`, `DUAL`", "supports only the IPv4 protocol": the protocol, not an address
        for m in ipv:
            if words & _RANGE_NAMES:
                add(m.start(), m.end(), {"pattern": r"^[0-9a-fA-F.:]+/[0-9]{1,3}$", "layout": "CIDR"})
            elif len(vs) == 1 and not _CIDR.search(s):
                add(m.start(), m.end(), {"format": f"ipv{m.group('v')}"})
            else:
                add(m.start(), m.end(), {"layout": "IP address or range (IPv4/IPv6/CIDR)"})
            break
        for m in scan(_CIDR, s, low, ('cidr',)):
            add(m.start(), m.end(), {"pattern": r"^[0-9a-fA-F.:]+/[0-9]{1,3}$", "layout": "CIDR"})
        for m in scan(_E164, s, low, ('164',)):
            add(m.start(), m.end(), {"pattern": r"^\+?[1-9][0-9]{1,14}$", "layout": "E.164"})
        for m in scan(_CRON, s, low, ('cron',)):
            add(m.start(), m.end(), {"pattern": r"^\S+(\s+\S+){4,6}$", "layout": "cron"})
        for m in scan(_JSON, s, low, ('json',)):
            if type_ != "array":
                add(m.start(), m.end(), {"contentMediaType": "application/json", "layout": "JSON"})
        for m in scan(_REGEX_NAMED, s, low, ('regex', 'regular expression', 'pattern')):
            gap = m.group(0)[: m.start("re") - m.start()]
            if _NOT_A_REGEX_GAP.search(gap) or not _REGEX_META.search(m.group("re")):
                continue  # "regex match. Set one of `full`", "pattern of the form `abc*`": no regex given
            if _ONE_CLASS.fullmatch(m.group("re")):
                continue  # "(matches regex `[A-Za-z]`)": one character (the first, the rest), not the value
            if "/" in m.group("re") and _GLOB_CHARS.fullmatch(m.group("re")) and _GLOB_SLOT.search(m.group("re")):
                add(m.start(), m.end(), _layout_pattern(m.group("re")))  # "matches pattern `a/*/b/`": a glob template
                continue
            add(m.start(), m.end(), _pattern_data(_as_written(t, m.start("re"), m.end("re"))))
        for m in scan(_REGEX_ANCHORED, s, low, ('^',)):
            add(m.start("re"), m.end("re"), _pattern_data(_as_written(t, m.start("re"), m.end("re"))))
        for m in scan(_CHAR_CLASS, s, low, ('a-z', '0-9')):
            body = m.group()
            if _in_code_with_more(s, m.start(), m.end()):
                continue  # "e.g. `self.name.matches('[a-z]+')`": a part of an example, not the value's regex
            if _QUANTIFIED_CLASS.search(body) is None:
                if s[m.end() : m.end() + 1] in ("'", '"', "`", ")"):
                    continue  # a quoted regex of one class, "letters ([A-Za-z])": one character, not the value
                d = _pattern_data("^[" + _class_body(body[1:-1]) + "]*$")  # "characters [a-z0-9!@[]_]": the set
            elif _REGEX_CUE.search(s, max(0, m.start() - 40), m.start()):
                d = _pattern_data("^" + body + "$")  # "pattern [a-z0-9_-]+", "regex [A-Z]{2}[0-9]{4}": the whole value
            else:
                continue  # a regex nothing names as this value's (an example, a part of a longer rule)
            if "pattern" in d:
                add(m.start(), m.end(), d)
        for m in scan(_STARTS, s, low, ('start', 'begin', 'end with', 'first character')):
            x = m.group("x") or m.group("x2") or ""
            xl = x.lower()
            anchor = "$" if (m.group("w") or "").lower() == "end" else ""
            kinds = ("A-Za-z0-9" if "alphanumeric" in xl else "") + (
                ("a-z" if "lower" in xl else "A-Z" if "upper" in xl else "A-Za-z") if "letter" in xl and "alphanumeric" not in xl else "")
            kinds += "0-9" if ("digit" in xl or "number" in xl) and "0-9" not in kinds else ""
            kinds += "_" if "underscore" in xl else ""
            if kinds:
                cls = f"[{kinds}]"  # "a lower-case letter or number": [a-z0-9]
            else:
                lit = clean_token(x)
                if not lit or (x[0] not in "`\"'" and lit.isalpha() and len(lit) > 1):
                    continue
                cls = re.escape(lit)
            add(m.start(), m.end(), {"pattern": f"{cls}$" if anchor else f"^{cls}"})  # "end with a digit": [0-9]$
        for m in scan(_CHARSET, s, low, ('alpha', 'letter', '字母')):
            if _EDGE.search(s, max(0, m.start() - 40), m.start()):
                continue  # "start and end with alphanumeric characters": the ends, not the whole value
            if _MIX_BEFORE.search(s, max(0, m.start() - 24), m.start()):
                continue  # "must be a mix of letters and digits": both must occur, others may too
            end, d = _charset_pattern(s, m)
            add(m.start(), end, d)
        # both alternatives of _BANNED end in characters/spaces/whitespace/wildcards (re.A: ASCII folding)
        banned_cue = "character" in low or "space" in low or "wildcard" in low
        for m in scan(_BANNED, s, low, ('not', "n't", 'invalid', 'disallowed', 'forbidden', 'illegal', 'prohibited')) if banned_cue else ():
            banned = m.group().lower()
            if _SOME_BLANKS.search(banned):
                continue  # only some blanks, or a set the text does not spell out
            if _ALL_BLANKS.search(banned):
                add(m.start(), m.end(), {"pattern": "^[^\\s]*$"})  # "can't contain spaces": no blank anywhere
            elif "wildcard" in banned:
                tail = _CHARACTERS_AFTER.match(s[m.end() :])
                # the glob wildcards, or MQTT's (+ and #) when the text names MQTT
                chars = "+#" if "mqtt" in low else "*?"
                add(m.start(), m.end() + (tail.end() if tail else 0), {"pattern": f"^[^{chars}]*$"})
            else:
                # "Invalid characters (we don't accept these …) , | { } :": the set, when it follows
                shown = _BANNED_SET.match(s, m.end())
                if shown is not None:
                    toks = shown.group("set").split()
                    # ", | { }": each a character; "<, >, |": the commas separate them
                    chars = "".join(dict.fromkeys(toks if all(len(x) == 1 for x in toks) else "".join(x.rstrip(",") for x in toks)))
                    add(m.start(), shown.end(), {"pattern": "^[^" + _class_body(chars) + "]*$"})
        for m in scan(_LETTER_CODE, s, low, ('letter', 'character', 'char ')):
            if has_standard:
                continue
            n = _num(m.group("n"))
            cls = "[A-Za-z]" if m.group("k").lower() == "letter" else "."
            add(m.start(), m.end(), {"pattern": f"^{cls}{{{n}}}$"})
        for m in scan(_LABEL, s, low, ('format', 'encoding', '格式')):
            v = m.group("v").strip()
            if not v:
                continue  # "Format: ```…```": the value is a code sample, blanked out
            v_end = m.end("v")
            v0 = m.start("v") + len(m.group("v")) - len(m.group("v").lstrip())
            st = m.start("k")
            if s[v0] in "`\"":
                # "Format: `a/{b}` where `{b}` is …": the quoted layout only, however long
                q = _BACKTICKS.match(s[v0 : v0 + 3]) if s[v0] == "`" else None
                q_ = q.group() if q is not None else s[v0]  # ```a/{b}```: the whole run of backticks
                close = s.find(q_, v0 + len(q_), v0 + 400)
                if close == -1 or "\n" in s[v0:close]:
                    continue  # no end to the quote: no layout to read
                v, v_end = s[v0 + len(q_) : close].strip("\"'` ").rstrip(".,;"), close + len(q_)
                if not v:
                    continue
            elif v and "/" in v and _ANY_SLOT.search(v.split(None, 1)[0].replace("://", "").replace("//", "/*/")):
                # "Format: a/{b}/c/{d} The next sentence…", "Format: a/{b} c/{b}": the templates only
                forms = []
                for tk in NON_SPACE.finditer(s[v0 : v0 + 1000]):
                    t_ = tk.group().rstrip(".,;")
                    if "/" not in t_ or not _ANY_SLOT.search(t_.replace("://", "").replace("//", "/*/")):
                        break
                    forms.append(t_)
                    v_end = v0 + tk.start() + len(t_)
                if len(forms) > 1:
                    add(st, v_end, {"layout": " | ".join(forms), "alternatives": True})
                    continue
                v = forms[0]
                if len(forms) == 1 and "/" not in v:
                    continue
            vl = v.lower().rstrip(" .。")
            spec = _LENGTH_SPEC.fullmatch(vl)
            if spec is not None:
                # "Fixed length, 32 AN", "Variable length, up to 12 N": a card-industry field spec
                ln = spec.group("n")
                add(st, v_end, {"pattern": f"^{_SPEC_CLASS[spec.group('k')]}{{{ln if spec.group('f') == 'fixed' else '1,' + ln}}}$"})
                continue
            if _NO_LAYOUT.fullmatch(vl):
                continue  # "Format: Variable length": no layout
            if _NAMED_STANDARD.match(v):
                continue  # "Format: ISO 8601", "Format: [ISO 3166-1 alpha-3](…)": the standard's own evidence says it
            if _ALNUM_WORD.fullmatch(vl):
                d = {"pattern": "^[A-Za-z0-9 ]*$" if _SPACES_ALLOWED.search(s) else "^[A-Za-z0-9]*$"}
            elif _ASCII_WORD.fullmatch(vl):
                d = {"pattern": "^[\\x00-\\x7F]*$"}  # "Encoding: ASCII": every character in U+0000–U+007F
            elif _LAYOUT.fullmatch(v.rstrip("。.")):
                continue  # the layout itself is the evidence (and says which format)
            elif _NUMERIC_WORD.fullmatch(vl):
                d = {"pattern": "^[0-9]*$"}
            else:
                d = _layout_pattern(v)
            add(st, v_end, d)
        for m in scan(_TYPE_LABEL, s, low, ('numeric', 'alphabetic')):
            vl = m.group("v").lower()
            d = {"pattern": "^[A-Za-z0-9]*$"} if "alpha" in vl and "num" in vl else \
                {"pattern": "^[0-9]*$"} if vl.startswith("num") else {"pattern": "^[A-Za-z]*$"}
            add(m.start("v"), m.end("v"), d)
        for m in scan(_IN_FORMAT, s, low, ('format', 'form', 'pattern', 'syntax', 'layout', 'structure')):
            if _NEGATED.search(s, max(0, m.start() - 60), m.start()):
                continue  # "do not provide credentials in the format …"
            x = _LAYOUT_TOKEN.match(s, m.end())
            if not x:
                continue
            raw = x.group()
            lay = clean_token(raw).replace("/ ", "/").replace(" /", "/")  # "projects/ PROJECT_ID/apps/APP_ID": wrapped
            quoted = raw[0] in "`\"'"
            if not lay or len(lay) < 2:
                continue
            if m.group("w").lower() == "format":
                if not quoted and not _LAYOUT_PUNCT.search(lay):
                    continue
            elif not _PLACEHOLDER.search(lay):
                continue
            add(m.start(), x.end(), _layout_pattern(lay))
        for m in scan(_SHAPED, s, low, ('structured', 'formatted', 'shaped', 'laid out')):
            x = _SHAPED_TOKEN.match(s[m.end() :])
            lay = clean_token(x.group()) if x is not None else ""
            if x is not None and len(lay) > 1 and _SLOT.search(lay):
                add(m.start(), m.end() + x.end(), _layout_pattern(lay))  # "structured like: a/{b}"
        if "`" in s:
            _listed_templates(s, low, add)
        for m in scan(_FORMS_LIST, s, low, ('following form',)):
            p = parse_bullets(s, m.end())
            if p is None or len(p.items) < 2:
                continue
            add(m.start(), p.end, {"layout": " | ".join(i.value for i in p.items)})
        dated = "-" in s and _DATE_SHAPE.search(s) is not None  # what _DATE_EXAMPLE captures, found by a fast scan first
        for m in scan(_DATE_EXAMPLE, s, low, ('e.g', 'e. g', 'example', 'such as', 'like', '例如', '比如')) if dated else ():
            if not (words & (_DATE_WORDS | _TIME_WORDS | {"since", "until", "from", "to", "before", "after", "start", "end"})
                    or _DATE_TIME_WORD.search(s)):
                continue
            inst = m.group("d")
            if m.group("range"):
                sep = ecma_escape(m.group("range")[0])
                d = {"pattern": rf"^[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}}({sep}[0-9]{{4}}-[0-9]{{2}}-[0-9]{{2}})?$",
                     "layout": "YYYY-MM-DD" + m.group("range")[0] + "YYYY-MM-DD"}
            elif len(inst) == 10:
                d = {"format": "date", "layout": "YYYY-MM-DD"}
            else:
                d = {"format": "date-time"}
            add(m.start("d"), m.end(), d)
    for m in itertools.chain(scan(_DIGITS, s, low, ('digit',)), scan(_DIGITS_ZH, s, low, ('位',))):
        if has_standard:
            continue  # "three digit country codes as defined in ISO 3166": the standard says the shape
        groups = m.groupdict()
        if _AT_LEAST_BEFORE.search(s, max(0, m.start() - 24), m.start()):
            continue  # "needs at least one digit in it": a character the value must hold, not its shape
        if groups.get("lo") and groups.get("hi2"):
            lo_n, hi_n = _num(groups["lo"]), _num(groups["hi2"])
            if lo_n < hi_n:
                add(m.start(), m.end(), {"pattern": f"^[0-9]{{{lo_n},{hi_n}}}$"})
            continue
        if groups.get("hi"):
            add(m.start(), m.end(), {"pattern": f"^[0-9]{{{_num(groups['n'])},{_num(groups['hi'])}}}$"})
            continue
        n = _num(groups.get("n") or groups.get("n2") or groups.get("n3") or groups.get("n4") or "")
        hexed = _HEX_AFTER.match(s, m.end())
        if hexed is not None:
            # "a 6-digit hex colour", "with a leading '#'": hexadecimal digits, and the mark before them
            mark = "#" if _HASH_LEAD.search(s, m.start(), min(len(s), m.end() + 60)) else ""
            add(m.start(), hexed.end(), {"pattern": f"^{mark}[0-9a-fA-F]{{{n}}}$"})
            continue
        add(m.start(), m.end(), {"pattern": f"^[0-9]{{{n}}}$"})
    # "RFC 3339 format (for example, "P1W3D")": the instance is a duration, whatever the name said
    # (each match opens with one of these cues: "for example", "e.g", "such as", "like")
    for m in _DURATION_EXAMPLE.finditer(s) if "P" in s and has_any(low, ('e.g', 'e. g', 'example', 'such as', 'like')) else ():
        add(m.start("d"), m.end("d"), {"format": "duration"})
    if not hits:
        return []  # most texts: what follows only drops hits
    if any(_GUESS not in h[2] for h in hits if "format" in h[2]):
        # "ISO 8601 date …, e.g. 2030-01-02T03:04:05Z": the layout or the instance shows what the
        # standard's name left open (date, date-time or duration), and one claim is one finding
        hits = [h for h in hits if _GUESS not in h[2]]
    hits = [(a, b, {k: v for k, v in d.items() if k != _GUESS}) for a, b, d in hits]
    if len({h[2]["format"] for h in hits if "format" in h[2]}) > 1:
        # "an IPv4 address, FQDN or user FQDN": alternatives, no one format holds
        hits = [h for h in hits if "format" not in h[2]]
    listed = any(is_list_layout(h[2]) for h in hits)
    if listed and any("contentMediaType" in h[2] for h in hits):
        # "a JSON array or a comma-separated list": two encodings, neither the field's one
        hits = [h for h in hits if not (is_list_layout(h[2]) or "contentMediaType" in h[2])]
        listed = False
    if listed:
        # "comma-separated email addresses", "5-digit codes, comma-separated": the format is the
        # list's; each item's format or pattern would reject the list itself
        hits = [h for h in hits if is_list_layout(h[2]) or not ("format" in h[2] or "pattern" in h[2])]
    kept = []
    objects = '":' in s or "':" in s
    # the words of _qualified's hedge and condition tests, looked for once per text (not per format)
    hedge_words = bool(hits) and has_any(low, _HEDGE_KEYS)
    if_words = bool(hits) and has_any(low, _IF_LEAD_KEYS)
    for a, b, d in hits:
        if _ABSENT.search(s, max(0, a - 40), a) or _NOT_SO.search(s, max(0, a - 50), a):
            continue  # "when there is no corresponding 4 character code", "Never written as a GUID": a format the value does not have
        if other_bullet(s, a, name) or objects and _in_object(s, a) or _named_value(s, a, b) or _in_value_definition(s, a):
            continue  # another field's, another key's, or a value ("`UUID`", "'JSON'"): not this field's format
        how = _qualified(s, a, b, hedge_words, if_words)
        if how == "hedged":
            continue  # "usually lang-country": not prescribed
        if "pattern" in d and "layout" not in d and _TYPE_NOTATION.match(s, b):
            continue  # "alphanumeric(256)": a data dictionary's type and size, not a charset the text holds to
        if not how and "pattern" in d and "layout" not in d and _BRACKET_CLASS.fullmatch(s, a, b) \
                and _ANOTHER_CLASS.match(s, b):
            how = "alternatives"  # "[A-Za-z0-9], and punctuation [/_-.]": more characters than the class
        if free_words and _FREE_ALTERNATIVE.search(s, max(0, a - 80), min(len(s), b + 80)):
            continue  # "a YYYY-MM-DD date or natural language": one form beside free text constrains nothing
        if not how and ("pars" in low or "read" in low or "underst" in low) and _PARSEABLE.search(s, max(0, a - 80), min(len(s), b + 80)):
            how = "alternatives"
        if not how and d.get("format") == "date-time" and "without" in low and _OPTIONAL_OFFSET.search(s):
            how = "alternatives"
        if not how and "fail" in low and _FAILS.search(s, b):
            how = "alternatives"  # "… read as an ISO 8601 duration; if that fails, as a count of seconds": a second form
        if how == "alternatives" and is_list_layout(d) and _SINGLE_OR.search(s, max(0, a - 60), a):
            how = ""  # "a single lid or a comma-separated list of lids": one item is a list of one
        if _ONE_OF_QUOTED.match(s, b) and _ONE_OF_QUOTED_BEFORE.search(s, max(0, a - 40), a):
            continue  # "Lid code: '#,##0', '0%', 'yyyy-mm-dd', '@'": one listed sample, not the field's format
        kept.append((a, b, {**d, how: True} if how else d))
    if kept and type_ != "array" and ("empty" in low or "blank" in low) and _EMPTY_OK.search(s):
        # "If the path is empty, the root is used": an empty string is accepted too, and a format or
        # pattern of the non-empty value would reject it (the fix says so: it is not safe); an empty
        # list is no item that breaks its items' format
        kept = [(a, b, {**d, "empty": True} if "format" in d or "pattern" in d else d) for a, b, d in kept]
    return _resolve(t, kept)


def _listed_templates(s: str, low: str, add: Any) -> None:
    """Resource-name templates listed one after another ("+ `shops/{shop}/notes/{note}` + `stores/…`"):
    the value takes one of those forms."""
    run: list[re.Match[str]] = []
    for m in scan(_TEMPLATE_CODE, s, low, ('/{',)):
        if run and _TEMPLATE_GAP.fullmatch(s, run[-1].end(), m.start()) is None:
            _add_run(run, add)
            run = []
        run.append(m)
    _add_run(run, add)


def _add_run(run: list[re.Match[str]], add: Any) -> None:
    forms = list(dict.fromkeys(m.group("t") for m in run))
    if len(forms) > 1:
        add(run[0].start(), run[-1].end(), {"layout": " | ".join(forms), "alternatives": True})


_FORMAT_NAME = _recache.compile(r"uuid|guid|json|base-?64(?:url)?|hex|ipv[46]|cidr|e\.?164|ur[il]|fqdn|e-?mail|hostname", re.I | re.A)


# a line that defines one of the field's values: "- CSV = …", "* `tsv`: …"
_VALUE_DEFINITION = _recache.compile(r"[ ]*(?:[-*•+][ ]+)?(?:[A-Z][A-Z0-9_]*[ ]*=|[`\"'][^`\"'\n]{1,30}[`\"'][ ]*(?:=|:|[-–—][ ]))"
                               r"|[ ]*[-*•+][ ]+(?:__[^_\n]{1,60}__|\*\*[^*\n]{1,60}\*\*)[ ]*:", re.A)  # "* __as-shelved__: …"


# "Never written as a GUID", "must not be a valid URL", "Do not base64-encode it": the value is not in that format
_NOT_SO = _recache.compile(r"(?<![\w-])(?:not|never)\s+(?:(?:be|formatted|given|written|encoded|expressed|in|as|an?|the|valid)\s+){0,4}$", re.I)
# an empty value the text accepts beside the format's ("If blank, one is picked", "Set it to an empty string to …")
_EMPTY_OK = _recache.compile(
    r"\b(?:if|when)\s+(?:(?:it|this|the(?:\s+(?!(?:is|are|not)\b)[\w-]+){1,4}?)\s+)?(?:is\s+|are\s+)?(?:left\s+(?:as\s+)?(?:an?\s+)?)?(?:empty|blank)\b"
    r"|\bset\s+(?:it\s+|this\s+)?to\s+(?:an?\s+)?(?:empty|blank)\b|\bleave\s+(?:it\s+|this\s+)?(?:empty|blank)\b|\b(?:can|may)\s+(?:also\s+)?be\s+(?:left\s+)?(?:empty|blank)\b"
    r"|\bor\s+(?:an?\s+)?empty\s+string\b",
    re.I,
)


def accepts_empty(text: str) -> bool:
    """Whether the text accepts an empty value beside its stated one (see ``_EMPTY_OK``)."""
    return _EMPTY_OK.search(text) is not None


_ABSENT = _recache.compile(r"\b(?:there\s+(?:is|are)|has|have)\s+no\s+(?:[\w-]+\s+)?$", re.I | re.A)


def _in_value_definition(s: str, pos: int) -> bool:
    """Whether ``pos`` lies in a line that defines one of the field's values ("- CSV = results
    as a comma delimited file"): the format said there is that value's meaning."""
    line = s.rfind("\n", 0, pos) + 1
    m = _VALUE_DEFINITION.match(s, line)
    return m is not None and m.end() <= pos


_ENCODING_BEFORE = _recache.compile(r"\b(?:in|as|using|with)\s*[`\"'“‘]*$", re.I)


def _named_value(s: str, a: int, b: int) -> bool:
    """A format's name held by quotes and not introduced as an encoding ("Currently `"utf-8"` and
    `"base64"` are supported", not "encoded in `base64`"): a value of the field."""
    return _quoted(s, a, b) and _FORMAT_NAME.fullmatch(s, a, b) is not None \
        and _ENCODING_BEFORE.search(s[max(0, a - 12) : a]) is None


def _quoted(s: str, a: int, b: int) -> bool:
    """Whether ``s[a:b]`` is exactly what a pair of quotes or backticks holds."""
    return 0 < a and b < len(s) and s[a - 1] in "`\"'“‘" and s[b] in "`\"'”’"


def _in_code_with_more(s: str, a: int, b: int) -> bool:
    """Whether ``s[a:b]`` lies in an inline code span that holds more than it (and its quotes)."""
    line = s.rfind("\n", 0, a) + 1
    if s.count("`", line, a) % 2 == 0:
        return False
    close = s.find("`", b)
    return close != -1 and s[s.rfind("`", line, a) + 1 : close].strip("'\" ") != s[a:b]


_OBJECT_KEY = _recache.compile(r"[\"'][\w$@.-]+[\"']\s*:")


def _in_object(s: str, pos: int) -> bool:
    """Whether ``pos`` lies inside an object literal with keys (``{"name": "after", "type": "iso8601
    string"}``): what is said there is about a key of that object, not about this field."""
    depth = 0
    for i in range(pos - 1, max(-1, pos - 2000), -1):
        c = s[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                return _OBJECT_KEY.search(s, i, pos) is not None
            depth -= 1
    return False


_HEDGE = _recache.compile(r"\b(?:usually|typically|generally|often|normally|mostly|commonly|preferably|ideally|may\s+also|can\s+also)\b", re.I)
# Keys of the tests below that look around each format found: a word every match of the pattern
# holds, looked for once in the whole gate text (``gate_text``) before the pattern is tried at a
# place (a match in a window of ``s`` holds the word too, so a text without it has no match)
_HEDGE_KEYS = ("usually", "typically", "generally", "often", "normally", "mostly", "commonly", "preferably", "ideally", "also")
_OR_AFTER = _recache.compile(
    r"[^.;\n]{0,25}?\bor\s+(?!(?:later|earlier|more|less|fewer|greater|higher|lower|above|below|equal|null|nil|none|empty"
    r"|omitted|blank|not|zero)\b)(?:an?\s+|the\s+)?[A-Za-z\u4e00-\u9fff]",
    re.I,
)
_OR_BEFORE = _recache.compile(
    r"\bor\s+(?!(?:more|fewer|less|greater|higher|lower|later|earlier)\b)(?:an?\s+|the\s+|as\s+an?\s+)?[^\s.;]{0,12}\s*$", re.I
)
# values the field takes beside the format, anywhere in the text: "The special value "me" …",
# "can also be `all`", "The value may be a DateTime, a String, or numeric."
_OTHER_VALUES = _recache.compile(
    r"(?=[cms])(?:\bspecial\s+values?\b|\b(?:can|may)\s+also\s+be\s+(?:set\s+to\s+)?[`\"'“]"
    r"|\b(?:may|can|could)\s+be\s+(?:either\s+)?(?:an?\s+)?[\w-]+(?:\s*,\s*(?:an?\s+)?[\w-]+)+,?\s+or\s+)",
    re.I,
)
_FREE_ALTERNATIVE = _recache.compile(
    r"\bor\s+(?:in\s+)?(?:natural|plain|free|human)[- ](?:language|text|form|readable)\b|\bor\s+any\s+(?:other\s+)?text\b"
    r"|\bor\s+(?:something\s+)?similar\b",  # "a UUID or something similar": any string of the kind
    re.I,
)
_FREE_ALTERNATIVE_KEYS = ("natural", "plain", "free", "human", "any", "similar")
_FAILS = _recache.compile(r"\bif\s+(?:that|this|it)\s+fails\b|\bfailing\s+that\b", re.I)
_SINGLE_OR = _recache.compile(r"\b(?:a\s+)?(?:single|one)\s+[\w-]+,?\s+or\s+(?:an?\s+)?$", re.I)
# "a date-time (whatever the kiln's reader can parse)": that form among the others a parser takes
_PARSEABLE = _recache.compile(r"\b(?:anything|whatever)\s+(?:that\s+|which\s+)?[^;\n]{0,40}?\bcan\s+(?:parse|read|understand)\b", re.I)
_ONE_OF_QUOTED = _recache.compile(r"['\"`’”]\s*,\s*['\"`‘“]")  # closes one quoted item of a list that goes on
_ONE_OF_QUOTED_BEFORE = _recache.compile(r"['\"`’”]\s*,\s*['\"`‘“]$")  # a quoted item of the same list before
_IF_LEAD = _recache.compile(r"(?:^|[.;:]\s+|\n)\s*(?:if|when|unless|whenever)\b[^.;\n]*$", re.I)
_IF_LEAD_KEYS = ("if", "when", "unless")


_BRACKET_CLASS = _recache.compile(r"\[[^\]\n]{1,30}\]")
_TYPE_NOTATION = _recache.compile(r"[ ]?\(\d{1,5}\)")
# another class joined to the one read ("[A-Za-z0-9], and punctuation … [/_-.]")
_ANOTHER_CLASS = _recache.compile(r"[^.\n]{0,80}?\b(?:and|or|plus|including|as\s+well\s+as)\b[^.\n]{0,80}?\[[^\]\n]{1,30}\]", re.I)


def _glued_elsewhere(s: str, layout: str) -> bool:
    """Whether ``layout`` also stands in the text as a part of a longer name ("lids_YYYYMMDD.csv"; a
    CJK character before it is a word of the sentence, no part of a name)."""
    i = s.find(layout)
    while i != -1:
        j = i + len(layout)
        if (i > 0 and s[i - 1].isascii() and s[i - 1].isalnum()) or (i > 1 and s[i - 1] == "_" and s[i - 2].isalnum()):
            return True  # (glued after alone is no part: "hh:mm:ss.ms" is a form of its own)
        i = s.find(layout, j)
    return False


_HEX_AFTER = _recache.compile(r"[ ]*(?:hex(?:adecimal)?)\b", re.I)  # "6-digit hex": digits of base 16
_HASH_LEAD = _recache.compile(r"\b(?:leading|preceded\s+by|prefixed\s+(?:by|with)|starts?\s+with|starting\s+with)\s+(?:an?\s+|the\s+)?['\"`]?#", re.I)


def _qualified(s: str, a: int, b: int, hedge_words: bool, if_words: bool) -> str:
    """How the text qualifies the format at ``s[a:b]``: ``"hedged"`` ("usually lang-country"),
    ``"condition"`` ("If the file is archived, … in the format …"), ``"alternatives"``
    ("E.164 or a short code", "a name or a 2-character abbreviation"), or ``""``. Only a plain
    statement is the field's one format: the others are reported without a fix. ``hedge_words``
    and ``if_words``: whether the gate text holds one of _HEDGE_KEYS and _IF_LEAD_KEYS."""
    sent_start = max(s.rfind(". ", 0, a), s.rfind("\n", 0, a), s.rfind("; ", 0, a)) + 1
    if hedge_words and _HEDGE.search(s[sent_start:a]):
        return "hedged"
    if if_words and _IF_LEAD.search(s[max(0, a - 200) : a]):
        return "condition"
    if _OR_BEFORE.search(s[max(sent_start, a - 30) : a]) or _OR_AFTER.match(s, b) is not None \
            or (s[b - 1 : b] in _QUOTES and _MORE_FORMS.match(s, b)):
        return "alternatives"  # (", `b`, or `c`" after a quoted form: more forms of the value)
    paren = s.rfind("(", sent_start, a)
    if paren != -1 and ")" not in s[paren:a] and OR_WORD.search(s[sent_start:paren]):
        return "alternatives"  # "the chat's id or the channel's username (in the format `@name`)": the second one's
    if _other_forms(s):
        return "alternatives"
    return ""


@lru_cache(maxsize=1)
def _other_forms(s: str) -> bool:
    """The two tests of :func:`_qualified` that read the whole text, not the place of a format:
    worked out once per text, not again for each format found in it. The field takes other
    values beside the format ("The special value …", "can also be `all`"), or the sentence gives
    it several forms ("This range may be a single address, a netmask or a CIDR block")."""
    return bool(("pecial" in s or "be" in s) and _OTHER_VALUES.search(s)) or bool(" or a" in s and _MAY_BE_FORMS.search(s))


_QUOTES = ("`", '"', "'")
# more quoted forms after a quoted one: "formatted as `a/<x>`, `b/<y>`, or `c/<y>`"
_MORE_FORMS = _recache.compile(r"[ ]*(?:,[ ]*(?:or[ ]+)?|[ ]+or[ ]+)(?:`[^`\n]{2,80}`|\"[^\"\n]{2,80}\"|'[^'\n]{2,80}')")
# a sentence that gives the value several forms, each with its article ("this range may be a …, a …
# or an …")
_MAY_BE_FORMS = _recache.compile(r"\b(?:it|this\s+(?:value|field|parameter|property|range|string|address|id|name)|the\s+value)\s+(?:may|can|could)\s+(?:also\s+)?be\s+(?:either\s+)?an?\s+(?:[^.;\n]|\.(?=\S)){1,160}?\bor\s+an?\s", re.I)


# Every key of the scan() calls in find(), in one tuple (a test checks it stays complete); a key
# that contains another ("regular expression", "end with") is left out, the shorter one stands for it.
_KEYS = (
    "not", "e.g", "e. g", "example", "form", "from", "start", "like", "url", "uri", "min", "char", "pattern", "^", "16", "64",
    "n't", "such as", "lower", "mail", "host", "domain", "json", "iso", "rfc", "unix", "posix", "epoch", "separat", "csv",
    "delimit", "uuid", "guid", "hex", "fqdn", "ipv", "cidr", "cron", "regex", "regular expression", "a-z", "0-9",
    "begin", "end with", "alpha", "letter", "invalid", "disallowed", "forbidden", "illegal", "prohibited",
    "encoding", "numeric", "syntax", "layout", "structure", "digit", "yyyy", "hh:mm",
    "时间戳", "時間戳", "逗号", "逗號", "分号", "分號", "空格", "竖线", "豎線", "邮箱", "郵箱", "邮件", "郵件", "网址", "網址",
    "格式", "合法", "有效", "完整", "十六进制", "十六進制", "字母", "例如", "比如", "位",
    "1970", "%y", "seperat", "date-time", "datetime", "structured", "formatted", "shaped", "laid out", "/{",
)


def _as_written(t: Text, a: int, b: int) -> str:
    """The regex at ``t.norm[a:b]`` as the description wrote it: "[a-z]([a-z0-9]{0,8})" reads as
    a markdown link to the text preparation, which keeps only "a-z"."""
    rx = t.norm[a:b]
    oa, ob = t.span(a, b)
    raw = t.original[oa:ob]
    if raw != rx and "](" in raw and "\n" not in raw and _pattern_data(raw).get("pattern") == raw:
        return raw
    return rx


def _pattern_data(rx: str) -> Data:
    try:
        re.compile(rx, re.A)
    except re.error:
        return {"layout": rx}
    return {"pattern": rx}


_GARBLED = _recache.compile(r"^[._/]|(?<!\.)\._|_\.(?!\.)|/\.(?!\.)|[._]$")
_ILLUSTRATIVE = _recache.compile(r"\bpath/to\b|\bexample\b|\b(?:your|my)[-_]", re.I | re.A)
_STAR_SEGMENT = _recache.compile(r"(?:(?<=/)|^)\*(?=/|$)")  # "projects/*/locations/*": a wildcard segment
# (a segment that holds a character range, "_a-zA-Z0-9*", is a class whose brackets were lost: any name)
_RANGE_SEGMENT = _recache.compile(r"(?<=/)[^/\s\[\]]*(?:a-z|A-Z|0-9)[^/\s\[\]]*(?=/|$)")
_ANY_SLOT = _recache.compile(r"\{[^}]+\}|<[^>]+>|\[[A-Z][A-Z0-9_]*\]|(?:(?<=/)|^)\*(?=/|$)|" + _RANGE_SEGMENT.pattern)
_SLOT = _recache.compile(r"\{[^}]+\}|<[^>]+>|\[[A-Z][A-Z0-9_]*\]")  # {project}, <id>, [PROJECT_ID]
_OPEN_SLOT_END = _recache.compile(r"\[[A-Z][A-Z0-9_]*$")


def _layout_pattern(layout: str) -> Data:
    """``projects/{project}/locations/{location}`` → ``^projects/[^/]+/locations/[^/]+$``."""
    if "|" in layout and not _LAYOUT.fullmatch(layout):
        return {"layout": layout, "alternatives": True}  # "kilns|depots/*/jars/{jar}": a bar sets forms apart, no literal
    if _LAYOUT.fullmatch(layout):
        return layout_data(layout)
    if layout.count("[") == layout.count("]") + 1 and _OPEN_SLOT_END.search(layout):
        layout += "]"  # "…/cryptoKeys/[KEY_NAME]." read up to its full stop: the slot's close too
    layout, guessed = _restore_slots(layout)
    if _ANY_SLOT.fullmatch(layout):
        return {}  # "Format: `{parent}`": one placeholder says nothing of the value's shape
    if not (_SLOT.search(layout) or _STAR_SEGMENT.search(layout) or _RANGE_SEGMENT.search(layout)) or _ILLUSTRATIVE.search(layout):
        if _GARBLED.search(layout.split("://", 1)[-1]):
            return {}  # "bq://.monitoring_._": its placeholders were stripped, nothing is left to read
        return {"layout": layout}  # "gs://{bucket}/path/to/app.conf": the literal parts are only an illustration
    out: list[str] = []
    pos = 0
    for m in _ANY_SLOT.finditer(layout):
        out.append(ecma_escape(layout[pos : m.start()]))
        # the last part of a URL ("gs://{bucket}/{object}") is an object's path: it may hold slashes
        path_end = m.end() == len(layout) and "://" in layout and "/" in layout[layout.index("://") + 3 : m.start()]
        out.append(".+" if path_end else "[^/]+")
        pos = m.end()
    out.append(ecma_escape(layout[pos:]))
    return {"pattern": "^" + "".join(out) + "$", "layout": layout, **({"inferred": True} if guessed else {})}


def _restore_slots(layout: str) -> tuple[str, bool]:
    """``shops//shelves/`` (its placeholders were tags, stripped at the source) →
    ``shops/{…}/shelves/{…}``: each empty inner or final segment stands for one (a guess)."""
    head, sep, rest = layout.partition("://") if "://" in layout else ("", "", layout)
    if not sep and rest.startswith("//"):
        head, sep, rest = "", "//", rest[2:]  # "//kilns.example.com/…": a scheme-relative name, literal
    segs = rest.split("/")
    lost = "" in segs[1:-1] or bool(sep) and "" in segs or segs[-1] == "" and _ANY_SLOT.search(rest) is not None
    if len(segs) < 2 or not lost:
        return layout, False
    return head + sep + "/".join(x or ("{…}" if i or sep else "") for i, x in enumerate(segs)), True


_QUALIFIERS = ("alternatives", "condition")


def _core(d: Data) -> dict[str, Any]:
    """What a reading claims of the value (its format or pattern), without how it was said."""
    return {k: v for k, v in d.items() if k not in ("layout", *_QUALIFIERS)}


def _resolve(t: Text, hits: list[tuple[int, int, Data]]) -> list[Evidence]:
    hits.sort(key=lambda h: (-(h[1] - h[0]), h[0]))
    kept: list[tuple[int, int, Data]] = []
    for a, b, d in hits:
        if any(a < kb and ka < b for ka, kb, _ in kept):
            continue
        claim = _core(d)
        if claim and any(claim == _core(kd) for _, _, kd in kept):
            # "FQDN … a fully qualified domain name", "YYYY-MM-DD … for example 2010-10-20": one
            # claim, one finding (the longer or earlier statement, with how it qualifies it)
            continue
        kept.append((a, b, d))
    kept.sort(key=lambda h: h[0])
    out = []
    for a, b, d in kept:
        span = t.span(a, b)
        out.append(Evidence("format", span, t.original[span[0] : span[1]], (), d))
    return out

