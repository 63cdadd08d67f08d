"""Vocabularies carried by the *structure* of a description rather than by a cue phrase.

Real descriptions define their values the way reference documentation does: a list whose items
open with the value and then say what it means (``- `pending`: the transfer …``,
``<li><code>FAILED</code> – …</li>``, ``main = the full catalogue …``), run-in definitions on one line
(``ACTIVE - ready, CLOSED - gone``), or one sentence per value (``When set to `LOCAL`, …``,
``<code>EVERY</code> marks …``). Each finder here is a small detector in :data:`DETECTORS`:
a name, the literal keys without which it cannot match (its gate, checked on the lower-cased
text) and a function that yields candidate lists. They return neutral candidates; ``vocab``
decides what is kept, the rules decide what is reported.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Iterator

from linter import _recache
from linter.prose.lists import QTOK, STOP_WORDS, Item, Parsed, bare_pair_possible, parse_inline, quoted_pair_possible
from linter.prose.text import LATIN_WORD, OR_WORD, clean_token, has_any, odd_case

# Patterns that open with ``(?=[…])``: a lookahead on the first character a match can start with
# (each alternative's first character, under the pattern's own flags) is a necessary condition, so
# it changes no match; ``re`` then rejects most positions with one class test, instead of trying
# each alternative (or a ``\b``, two Unicode look-ups) there.

# what may open a definition line: a quoted/backticked literal, or one bare value-like token
_BARE_VALUE = r"[A-Za-z0-9][A-Za-z0-9_.+/#@$-]{0,47}(?<![.+/-])"
_BARE = _recache.compile(_BARE_VALUE)
_LINE_HEAD = _recache.compile(r"[ \t]*(?:\\?(?P<m>[-*•·+])[ \t]+|(?P<n>\d{1,2})[.)][ \t]+)?[ \t]*")
_DEF_SEP = _recache.compile(
    r"(?P<sep>[ \t]*(?::|=>?|->)[ \t]+(?=\S)|[ \t]+[-–—]{1,2}(?:[ \t]+(?=\S)|(?=[A-Za-z]))|[ \t]*[–—][ \t]*(?=\S)|\t+(?=\S)"
    r"|[ ]{2,}(?=[A-Z]))"
)
# a quoted value followed by what it does ("`ALL` indicates …")
_DEF_VERB = _recache.compile(
    r"[ \t]+(?:(?:value\s+)?(?:means|indicates|specifies|signifies|represents|denotes|implies|enables|disables"
    r"|returns|causes|sets|makes|tells|shows|selects|is\s+(?:the\s+default|used|for|when|a|an|the)"
    r"|should\s+be\s+used|will|can\s+be\s+used))\b",
    re.I,
)
# a quoted value, then what it does as a sentence of its own ("`keep` Keeps …", "'Flat'  Where …")
_QUOTED_THEN_SENTENCE = _recache.compile(r"[ \t]+(?:[A-Z][a-z]|\([^()\n]{1,20}\)[ \t]+[A-Z])")  # ("`paf` (GB) Postcode file", "… (US) USPS file")
# labels that open a line without being a value ("Note: …", "Default: …")
_LABELS = frozenset(
    """note notes important warning caution tip todo deprecated example examples default defaults required optional
    returns return type types format see usage request response description summary values value options encoding
    maxlength minlength length pattern size charset range min max minimum maximum unit units
    constraints id name e.g i.e eg ie for and or the a an if when this that these it in on of by to with from
    warning info information remarks remark details detail more also http https url uri""".split()
)
_CONTEXT_OTHER = _recache.compile(
    r"\b(?:keys?|fields?|properties|property|attributes?|parameters?|params?|arguments?|columns?|headers?|object"
    r"|json|(?:object|struct|array|enum|its|their)\s+members?|elements?|sub-?fields?|placeholders?|variables?|macros?|tokens?|syntax|operators?|functions?"
    r"|events?\s+(?:payload|object)|examples?|e\.g|steps?|errors?|forms?|formats?|patterns?|templates?|layouts?)\b",
    re.I,
)
# a code in capitals ("LID_2", "TIN"): _UPPER, and the code a "set … to" sentence gives (_COND_VALUE, _TO_CODE)
_CAPS_CODE = r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*"
_UPPER = _recache.compile(_CAPS_CODE)
_RUNIN = _recache.compile(
    r"(?=[`\"'A-Z])"  # the token's first character (see the note at the top)
    r"(?<![\w`'\"\-])(?P<tok>`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|'[^'\n]{1,60}'|"
    r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*|[A-Z](?=[ ]+=))(?P<sep>[ ]+[-–—=][ ]+|[ ]*:[ ]+)(?=[A-Za-z(])"
)
_LEAD_LINE_END = _recache.compile(r"[:：][ \t]*\n")
_RUNIN_STOP = frozenset("NOTE NOTES IMPORTANT WARNING CAUTION TIP TODO DEPRECATED EXAMPLE DEFAULT REQUIRED OPTIONAL".split())
# one sentence per value: the field (never another one) set to, used as, or meaning a value
_VTOK = (r"(`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|'[^'\n]{1,60}'(?!\w)|“[^”\n]{1,60}”|\*[^*\s][^*\n]{0,40}\*"
         r"|(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)(?![\w-]))")
_QVTOK_QUOTES = "`\"“'"  # what a _QVTOK opens with
_QVTOK = r"(`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|“[^”\n]{1,60}”|(?<!\w)'[^'\n]{1,60}'(?!\w))"
# a quoted value or a code in capitals: what may open "X for …" without a cue before it
_CODETOK = r"(`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|“[^”\n]{1,60}”|(?<!\w)'[^'\n]{1,60}'(?!\w)|(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,}[0-9]*)(?![\w-]))"
# Its branches, each marked True when it opens with a cue word ("when", "use", "or" …, after a word
# boundary). The others open at a value token, at a sentence position, or after "`x` or " (their
# own word-led openings, "and `x` means", "or CODE for", are cue words too). A match at a place that
# is no cue word's start can only be one of those: ``_value_sentence_matches`` tries them alone
# there (fewer branches entered at most places) and the whole pattern elsewhere.
_VS_BRANCHES: tuple[tuple[bool, str], ...] = (
    (True, r"\b(?:when|if|once)\s+(?:(?:it|this|the\s+value|this\s+(?:field|parameter|property|value|option|setting))\s+is\s+)?"
           r"(?:(?:left\s+)?unset\s+or\s+)?(?:set|equal|equals)\s+(?:to\s+)?" + _VTOK),
    (True, r"\b(?:if|when)\s+you\s+(?:select|choose|pick)\s+" + _VTOK),
    (True, r"\b(?:use|choose|select|specify|set(?:\s+it)?\s+to|or\s+to)\s+" + _VTOK + r"\s+(?=(?:if|for|when|to|in)\b)"),
    (True, r"\bset\s+" + _QVTOK + r"\s+(?=(?:if|when)\b)"),
    (True, r"\b(?:use|choose|select)\s+" + _CODETOK + r"(?=\s*[.;](?:\s|$))"),
    (True, r"\b(?:or|and)\s+" + _QVTOK + r"\s+(?=(?:for|to|if|when)\b)"),
    (True, r"\bspecify\s+" + _VTOK + r"(?=\s*[.;](?:\s|$))"),
    (True, r"\b(?:choosing|selecting|setting(?:\s+it)?\s+to|using)\s+" + _VTOK + r"\s+(?=(?:means|will|results|causes|makes)\b)"),
    (False, r"(?<![\w`'\"])(?<!\bof\s)" + _QVTOK + r"\s*,?\s+(?=(?:if|when|where|for)\s)"),  # not "the value of `x`, if …"
    (True, r"\b(?:if|when)\s+" + _VTOK + r"(?:\s*,|\s+then\b|\s+is\s+(?:selected|chosen|specified)\b)"),
    (False, r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?<=\.\s\s)|(?<=,\s)|(?<=[a-z]\.)(?=`)|\b(?:while|whereas|and)\s+|(?<=[`\"'”]\sor\s))"
            r"(?:the\s+(?:value\s+(?:of\s+)?)?)?" + _VTOK
            + r"(?:\s*\((?:the\s+)?default\))?(?:\s*,\s*(?:the|which\s+is\s+the)\s+default\s*,)?"
            r"\s+(?:(?:value|level|mode|option|setting|status|state|type)\s+(?:[a-z]+\s+)?)?"  # ("`tight` mode seal keeps")
            r"(?:means|indicates|specifies|signifies|represents|denotes|allows|enables|disables|returns|shows|permits|prohibits"
            r"|uses|sends|keeps|applies|ignores|creates|removes|adds|instructs|lets|forces|turns)\b"),
    (False, r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?<=,\s)|\bor\s+)" + _CODETOK + r"\s+for\s+(?!example\b|instance\b)"),
    (True, r"\bvalue\s+(?:will|would)\s+be\s+" + _QVTOK + r"(?=\s*(?:(?:if|when|for|where|once)\b|[.;,](?:\s|$)))"),
    # "The type 'Shared' will use …, and 'None' will not": a quoted value, then what it will do
    # (a sentence's own subject: not "and null, `Lid` will return", a list's end; after a comma only when a
    # will-clause of the same sentence came before: "`a` will seal the jar, `b` will vent it, and `c` will …")
    (False, r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?P<wc>(?<=,\s)|(?<=,\sand\s)))"
            r"(?:the\s+(?:type|value|mode|option|status|state|level|kind)\s+|(?-i:Type|Value|Mode|Option|Status|State|Level|Kind)\s+)?"
            + _QVTOK + r"\s+(?:(?:will|would)\s+(?!be\b)(?=[a-z])|(?:should|must)\s+(?:never|not)\s+be\s+(?:sent|used|set|passed|given)\b)"),
)
_VALUE_SENTENCE = _recache.compile("|".join(b for _led, b in _VS_BRANCHES), re.I)
_VALUE_SENTENCE_UNLED = _recache.compile("|".join(b for led, b in _VS_BRANCHES if not led), re.I)
_DEFAULT_VALUE = _recache.compile(
    r"\b(?:default(?:\s+value)?(?:\s+is|:)|defaults\s+to|is\s+the\s+default|by\s+default(?:\s+is)?|the\s+default,)\s*:?\s*" + _VTOK,
    re.I,
)


def stated_default(s: str) -> "tuple[str, int, int, bool] | None":
    """The default the text states as a literal (``defaults to `Any```, ``The default, `pull`,``):
    its value, span and whether it was quoted; None when none is stated."""
    m = _DEFAULT_VALUE.search(s)
    if m is None:
        return None
    tok = next(g for g in m.groups() if g)
    st = s.find(tok, m.start())
    return clean_token(tok), st, st + len(tok), tok[0] in "`\"'“"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A list a detector found: where its evidence starts, the list, whether the text presents
    it as the whole set, and which detector found it (kept in the evidence)."""

    start: int
    parsed: Parsed
    closed: bool
    trigger: str
    min_items: int = 2
    # the words before the lead ("The fan speed" of "The fan speed can be LOW or HIGH") when the
    # list is kept only if they name this field (the caller knows the field, a detector does not)
    subject: str | None = None


@dataclass(frozen=True, slots=True)
class _Def:
    line_start: int
    item: Item
    key: tuple[str, bool, str, bool]  # marker, quoted, separator kind, indented (a nested list)


_DEFAULT_NOTE = _recache.compile(r"[ \t]*\((?:the[ ]+)?default\)", re.I)
# words of prose that also serve as values ("on", "A"): a value only where the line cannot be prose
_HARD_LABELS = frozenset("note notes important warning caution tip todo deprecated example examples e.g i.e eg ie see".split())
_FUNCTION = frozenset("a an the if when this that these it in on of by to with from and or for".split())


def _may_open(value: str, quoted: bool, kind: str) -> bool:
    """Whether a line-opening token can be a defined value: not a label ("Note:", "Default:"),
    and a word of prose ("On", "A") only when quoted, in capitals before "=" or ":", or alone
    on its bullet."""
    low = value.lower()
    if low not in _LABELS or kind == "t" or (quoted and low not in _HARD_LABELS):
        return True  # alone on its bullet ("- Default" among fonts) or quoted (`TYPE`): a value
    if low not in _FUNCTION:
        return value.isupper() and len(value) > 1 and low not in _HARD_LABELS and kind in ("=", ":", "-")  # "DEFAULT - …"
    return quoted or kind == "t" or (value.isupper() and kind in ("=", ":", "-"))


_SENTENCE_AFTER = _recache.compile(r"[.][ \t]+[A-Z]")


def _def_lines(s: str) -> Iterator[_Def]:
    pos = 0
    n = len(s)
    while pos <= n:
        eol = s.find("\n", pos)
        if eol < 0:
            eol = n
        head = _LINE_HEAD.match(s, pos, eol)
        assert head is not None
        i = head.end()
        marker = head.group("m") or ("1" if head.group("n") else "")
        if i < eol:
            q = QTOK.match(s, i, eol)
            if q is not None:
                tok_end, quoted = q.end(), True
            else:
                b = _BARE.match(s, i, eol)
                tok_end, quoted = (b.end(), False) if b is not None else (-1, False)
            if tok_end > 0:
                raw = s[i:tok_end]
                dflt = _DEFAULT_NOTE.match(s, tok_end, eol)  # "* `on` (default): …"
                sep = _DEF_SEP.match(s, dflt.end() if dflt else tok_end, eol)
                kind = ""
                rest = s[tok_end:eol]
                if _ONLY_DEFAULT.match(rest):
                    rest = ""  # "GasKiln -- default": a note on the value, no meaning of it: the value alone
                if marker and not rest.strip(" \t.,;"):
                    kind = "t"  # a bullet that holds the value alone (<dt>, a plain list of values)
                elif not marker and not rest.strip(" \t.,;") and (quoted or _BARE_CODE_LINE.fullmatch(s, i, tok_end)):
                    kind = "t0"  # a line that holds one code alone: a list only after "values are:"
                elif marker and _SENTENCE_AFTER.match(rest):
                    kind = "."
                elif sep is not None:
                    g = sep.group("sep").strip(" \t")
                    kind = {":": ":", "=": "=", "=>": "=", "->": "-"}.get(g, "-" if g else ("v" if quoted else "\t"))
                elif not quoted and "(" in rest and (_CODE_ONLY.fullmatch(raw) or _LOWER_WORD.fullmatch(raw)) \
                        and _PAREN_GLOSS_LINE.match(rest):
                    kind = "("  # "in_house (made by staff)," on a line of its own: a code, then what it means
                elif marker and (quoted or _UPPER.fullmatch(raw)) and _CLAUSE_GLOSS.match(rest):
                    kind = "-"  # "- `SNAP`, which seals the jar", "- SNAP for a sealed jar": the code, then its meaning
                elif quoted and raw[-2:-1] == ":" and rest[:1] in " \t" and rest.strip():
                    kind = ":"  # "`kiln:` pieces fired in a kiln": the colon inside the quotes is the separator
                elif quoted and (_DEF_VERB.match(s, tok_end, eol) or _QUOTED_THEN_SENTENCE.match(s, tok_end, eol)):
                    kind = "v"  # "`keep` Keeps the old entries.": the quotes set the value apart
                elif marker and _CODE_TOKEN.fullmatch(s, i, tok_end) and _ONE_BLANK_GLOSS.match(s, tok_end, eol):
                    kind = "\t1"  # "- M10 Tenth month" beside "- M9  Ninth month": a code, one blank, its meaning
                value = clean_token(raw).rstrip(":")  # "`optional:` …": the colon is the separator
                if quoted and kind and kind != "t0":
                    kind = "q"  # a quoted value opening a line: whatever follows it says what it means
                if kind and value and _may_open(value, quoted, kind) and not (value.isdigit() and len(value) > 4):
                    nested = len(s[pos:eol]) - len(s[pos:eol].lstrip(" \t")) >= 2
                    yield _Def(pos, Item(value, i, tok_end, quoted), (marker, quoted, kind, nested))
        pos = eol + 1


_LOWER_WORD = _recache.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*")
_PAREN_GLOSS_LINE = _recache.compile(r"[ \t]*\((?=[^()\n]*[a-z]{2,}[ ]+[a-z])[^()\n]{2,120}\)[ \t]*[,.;]?[ \t]*$")  # (words, not "(12AN)")
# what a code on a bullet may be followed by when a clause says what it means
_CLAUSE_GLOSS = _recache.compile(r"[ \t]*,[ \t]+(?:(?i:which|when|where|that|if|for|meaning|used)\b|[a-z])|[ \t]+for[ \t]+(?!example\b|instance\b)\w"
                           r"|[ \t]+is[ \t]+(?:an?|the)?[ \t]*[a-z]")  # ("- SPARE is a jar kept back")
_CODE_TOKEN = _recache.compile(r"(?=[A-Z0-9]*[A-Z])[A-Z0-9]{1,6}|\d{1,3}")
_ONE_BLANK_GLOSS = _recache.compile(r"[ ]+(?=[A-Z0-9][^\n]*\S)")
_ONLY_DEFAULT = _recache.compile(r"[ \t]*(?:\((?:the[ \t]+)?default\)|(?:-{1,2}|[–—:])[ \t]*(?:the[ \t]+)?default)[ \t.,;]*$", re.I)
_BARE_CODE_LINE = _recache.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,40}")
_COLON_BEFORE = _recache.compile(r"[:：][ \t]*\n\s*\Z")


_QUOTED_LINE = _recache.compile(r"[ \t]*(?::|=)[ \t]*(?P<body>[^\n]+?)[ \t]*[.,;]?[ \t]*(?:\n|$)")


def _grouped_values(s: str, run: list[_Def]) -> list[Item] | None:
    """When every line of a definition list gives only quoted values after its label, the
    values those lines list (each once), else None."""
    out: dict[str, Item] = {}
    for d in run:
        m = _QUOTED_LINE.match(s, d.item.end)
        if m is None:
            return None
        body = m.group("body")
        p = parse_inline(body, 0, quoted_only=True)
        if p is None or p.end < len(body.rstrip(" .,;")):
            return None
        base = m.start("body")
        for it in p.items:
            out.setdefault(it.value, Item(it.value, base + it.start, base + it.end, True))
    return list(out.values())


# words that label a part of a text ("OPTIONAL:", "Note:", "Deprecated:") when a line opens with one, bare
_TEXT_LABELS = frozenset("""optional required note notes important warning caution tip deprecated beta preview
    experimental example examples""".split())


def definition_lists(s: str, low: str) -> Iterator[Candidate]:
    """Lines (bullets, ``<li>`` items, paragraphs) that open with a value and then say what it
    means. Lines of one shape (same marker, quoting and separator) form one list; a bullet of
    the same marker that is not such a line ends it. (Gated on a line break in ``s`` itself:
    ``low`` has its blanks collapsed.)"""
    if "\n" not in s.strip():
        return
    defs = list(_def_lines(s))
    if len(defs) < 2:
        return
    groups: dict[tuple[str, bool, str, bool], list[_Def]] = {}
    for d in defs:
        groups.setdefault(d.key, []).append(d)
    for key in [k for k in groups if k[2] == "\t1"]:
        # a code set apart by one blank joins the codes set apart by two of the same list (one
        # blank alone sets no code apart from prose: "- API keys expire")
        ones = groups.pop(key)
        wide = groups.get((key[0], key[1], "\t", key[3]))
        if wide is not None and all(_CODE_TOKEN.fullmatch(d.item.value) for d in wide):
            wide += ones
            wide.sort(key=lambda d: d.line_start)
    for key, members in groups.items():
        if len(members) < 2:
            continue
        runs: list[list[_Def]] = [[members[0]]]
        for prev, cur in zip(members, members[1:]):
            between = s[prev.item.end : cur.line_start]
            # a bullet of the same marker between two items that is not one of them ends the list
            # (an empty bullet, "<li><p>" split over two lines, does not)
            broken = key[0] != "" and re.search(
                r"\n[ \t]*\\?" + re.escape(key[0]) + r"[ \t]+(?!\S*[ \t]*\n)", between
            ) is not None
            if broken or "\n\n\n\n" in between:
                runs.append([cur])
            else:
                runs[-1].append(cur)
        if sum(len(r) >= 2 for r in runs) > 1:
            continue  # lists of one shape broken up by other items: sub-fields, not one set
        for run in runs:
            # "OPTIONAL: Which …" / "Note: …" opening a line of its own (no bullet): a label of the
            # text, not a value it defines ("* OPTIONAL" in a list of bullets is one)
            run = [d for d in run if key[0] or d.item.quoted or d.item.value.lower() not in _TEXT_LABELS]
            if len(run) < 2:
                continue
            values = [d.item.value for d in run]
            if len(set(values)) != len(values):
                continue
            bare = not key[1]
            if key[2] == "t0" and not _COLON_BEFORE.search(s, 0, run[0].line_start):
                continue  # lines of one word each, not led in as a list
            if key[2] == "(" and not all(_CODE_ONLY.fullmatch(d.item.value) for d in run) \
                    and not _COLON_BEFORE.search(s, 0, run[0].line_start):
                continue  # "shelf (a wooden one)" lines: words glossed in prose, a list only after a lead-in's colon
            if bare and key[0] == "" and key[2] == ":" and not all(_valueish(i.value) for i in _split_paired([d.item for d in run])) \
                    and not _COLON_BEFORE.search(s, 0, run[0].line_start):
                continue  # "Name: …" / "Region: …" lines of prose (not led in by "Possible values are:")
            last = run[-1]
            eol = s.find("\n", last.item.end)
            end = eol if eol >= 0 else len(s)
            grouped = _grouped_values(s, run)
            if grouped is not None:
                # "NORTH: "n-1", "n-2"\nSOUTH: "s-1"": the labels group the values the lines list
                yield Candidate(run[0].line_start, Parsed(grouped, end), True, "definitions")
                continue
            yield Candidate(run[0].line_start, Parsed(_split_paired([d.item for d in run]), end), True, "definitions")


_PAIRED_KEY = _recache.compile(r"(?-i:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)")


def _split_paired(items: list[Item]) -> list[Item]:
    """``OnlineKiln/OfflineKiln: creates …`` among definitions of codes: one line that defines two
    codes (each one code in its own right, not a path or a ratio)."""
    out: list[Item] = []
    for i in items:
        parts = i.value.split("/")
        if len(parts) == 2 and not i.quoted and all(_PAIRED_KEY.fullmatch(p) for p in parts):
            cut = i.start + len(parts[0])
            out += [Item(parts[0], i.start, cut, False), Item(parts[1], cut + 1, i.end, False)]
        else:
            out.append(i)
    return out


def other_context(intro: str) -> bool:
    """Whether the sentence leading into a list says it lists keys, fields, headers, steps …
    (what the items name is something else than this field's values)."""
    return _CONTEXT_OTHER.search(intro) is not None


# a sentence that leads into what follows: it ends with a colon or points ahead
_LEADS_IN = _recache.compile(r"[:：][ \t]*$|\b(?:following|these|below|as\s+follows)\b", re.I)
_PLURAL_END = _recache.compile(r"s\b\W*$")
_POINTS_AHEAD = _recache.compile(r"\b(?:following|these|those|below)\s+(?:\S+\s+){0,2}$", re.I)
_THIS_BEFORE = _recache.compile(r"(?:\bthis|\bthe\s+`[^`\s]+`|\bthe\s+[a-z]+(?:[A-Z]|_[a-z])\w*)\s+$")


def lists_other(intro: str) -> bool:
    """:func:`other_context` for the text before a list that needs no cue: the noun counts
    when that text leads into the list (a colon, "the following") or ends with the plural noun
    ("Object keys"); "the end state of a background function" before a list of states says
    what the field describes, not what the list holds."""
    ms = [m for m in _CONTEXT_OTHER.finditer(intro) if not _THIS_BEFORE.search(intro, 0, m.start())]
    if not ms:
        return False  # "the value of this field can be one of:": the field itself
    tail = intro[ms[-1].start():]
    if _LEADS_IN.search(intro):
        # the noun heads the lead-in: it ends it ("… with these keys:") or follows "the following"
        return any(len(intro[m.end():].split()) <= 4 or _POINTS_AHEAD.search(intro, 0, m.start()) for m in ms)
    # (the list follows the plural noun itself: "Object keys", not "a template as")
    return _PLURAL_END.search(tail) is not None and _PLURAL_END.search(ms[-1].group()) is not None and len(tail.split()) <= 2


_VALUE_WORD = _recache.compile(r"[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)*|[a-z]+(?:[A-Z][a-z0-9]+)+|\d+")
_PASCAL_WORD = _recache.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+")


def _valueish(v: str) -> bool:
    """A bare token that reads as a code, not as a capitalised word of prose."""
    return bool(_UPPER.fullmatch(v) or _VALUE_WORD.fullmatch(v) or _PASCAL_WORD.fullmatch(v))


def run_in(s: str, low: str) -> Iterator[Candidate]:
    """``ACTIVE - ready, CLOSED - gone`` / ``S = SMALL, XL = EXTRA_LARGE``: definitions run
    into one paragraph. Two or more with the same separator, the values codes or quoted."""
    for para_start, para in _paragraphs(s):
        runs: list[list[re.Match[str]]] = []  # in the order each run starts
        open_runs: dict[str, list[re.Match[str]]] = {}  # the run each separator style goes on with
        for m in _RUNIN.finditer(para):
            tok = m.group("tok")
            if tok.upper() in _RUNIN_STOP:
                continue
            key = (m.group("sep").strip() or ":") + ("q" if tok[0] in "`\"'" else "")
            run = open_runs.get(key)
            # "`JAR`: … Sizes depend on the lid:\n * `twist`: …": a line that ends in a colon opens
            # a list of its own; what follows it is not one more item of this run
            if run is None or _LEAD_LINE_END.search(para, run[-1].end(), m.start()):
                run = open_runs[key] = []
                runs.append(run)
            run.append(m)
        for ms in runs:
            values = [clean_token(m.group("tok")) for m in ms]
            if len(ms) < 2 or len(set(values)) != len(values):
                continue
            items = [Item(v, para_start + m.start("tok"), para_start + m.end("tok"), m.group("tok")[0] in "`\"'")
                     for v, m in zip(values, ms)]
            yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "run-in")
    if ". - " in s or ": - " in s:
        yield from _dash_run_in(s)


# "… are: - SEALED, which keeps air out. - VENTED means …": bullets run into one line (their line breaks
# lost), each a code after " - " at a sentence start, then what it is or does
_DASH_RUNIN = _recache.compile(
    r"- (?P<tok>`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*)"
    r"(?=[ ]*,[ ]*(?:which|where|meaning|when|if|for|used|the|an?)\b|[ ]+(?:is|are|means|indicates|specifies|denotes|which|for)\b"
    r"|[ ]*:[ ]+\S|[ ]+[-–—][ ]+\S)"
)


def _dash_run_in(s: str) -> Iterator[Candidate]:
    """(Every run-in bullet before the last value is one of the values: "depends on the kind: - A
    and B: … - TIN: … - JAR: …" lists the values of that other kind, not this field's.)"""
    items: dict[str, Item] = {}
    for m in _DASH_RUNIN.finditer(s):
        if s[max(0, m.start() - 2) : m.start()] not in (". ", ": ") or m.group("tok").upper() in _RUNIN_STOP:
            continue
        v = clean_token(m.group("tok"))
        if v and v not in items:
            items[v] = Item(v, m.start("tok"), m.end("tok"), m.group("tok")[0] in "`\"")
    if len(items) >= 2:
        starts = {i.start for i in items.values()}
        last = max(starts)
        for lead in (". - ", ": - "):
            i = s.find(lead)
            while 0 <= i < last:
                if i + 4 not in starts:
                    return
                i = s.find(lead, i + 1)
        got = list(items.values())
        yield Candidate(got[0].start, Parsed(got, got[-1].end), True, "run-in")


_COLON_LEAD = _recache.compile(
    r"(?=[abcfiklmostv])"  # each word's first letter (see the note at the top)
    r"\b(?:values?|options?|choices?|settings?|types|modes|levels|statuses|states|kinds|categories|are|be|include|includes"
    r"|following)[ ]*[:：][ ]*", re.I)
_WORD_DEF = _recache.compile(r"(?P<tok>[A-Za-z][\w.+]{0,30}(?<![.+]))(?:[ ]*\((?:the[ ]+)?default\))?"  # "tin (default) - …"
                       r"(?P<sep>[ ]+[-–—][ ]+|[ ]*[—–][ ]*|[ ]*[-=]>[ ]*|[ ]*→[ ]*|[ ]*=[ ]*)(?=[A-Za-z(])")  # ("User -> when …")
_ITEM_BREAK = _recache.compile(r"[^;\n]{1,300}?(?:;|[.!?](?=[ ]))[ ]*(?:and[ ]+|\d[.)][ ]*)?")


def colon_run_in(s: str, low: str) -> Iterator[Candidate]:
    """``Valid values are: Quiet - no output; Loud - all output.``: after a values lead-in and
    its colon, items that each open with a word and a dash (or "=") and say what it means,
    set apart by semicolons or sentence ends."""
    if " - " not in s and "–" not in s and "—" not in s and "=" not in s and "->" not in s and "→" not in s:
        return  # every item opens with a word and its separator (_WORD_DEF): a spaced "-", "–", "—", "=" or an arrow
    for m in _COLON_LEAD.finditer(s):
        pos = m.end()
        first = _WORD_DEF.match(s, pos)
        if first is None:
            continue
        sep = first.group("sep").strip()[:1]
        items = [Item(first.group("tok"), first.start("tok"), first.end("tok"), False)]
        pos = first.end()
        while True:
            n = None
            at = pos
            for _ in range(4):  # the meaning may run over a few sentences before the next item
                b = _ITEM_BREAK.match(s, at)
                if b is None:
                    break
                n = _WORD_DEF.match(s, b.end())
                if n is not None and n.group("sep").strip()[:1] == sep:
                    break
                n = None
                at = b.end()
            if n is None:
                break
            items.append(Item(n.group("tok"), n.start("tok"), n.end("tok"), False))
            pos = n.end()
        values = [i.value for i in items]
        if len(items) >= 2 and len(set(values)) == len(values) and not {v.lower() for v in values} & _LABELS:
            eol = s.find("\n", pos)
            yield Candidate(items[0].start, Parsed(items, eol if eol >= 0 else len(s)), True, "colon-run-in")


_LIST_BEFORE_OR = _recache.compile(r"[\w`'\"]\s*,\s*$")
_QUOTED_BEFORE_AND = _recache.compile(r"[`'\"”]\s*,\s*$")  # ("`a`, `b`, and `c` uses …": a list's last item)
_LIST_AFTER = _recache.compile(r"[ ]*,[ ]*(?:(?:and|or)[ ]+)?[`\"'“]")
# capitalised words of prose that open sentences ("API returns …") and are not values
_ACRONYMS = frozenset("API APIS URL URI HTTP HTTPS JSON XML HTML CSV SDK CLI UI ID IDS IP DNS SQL REST SSL TLS AWS GCP".split())
# what a value named by a sentence of its own looks like: a word or code, or a small number
_SENTENCE_VALUE = _recache.compile(r"[A-Za-z][A-Za-z0-9_-]{0,47}(?:\.[A-Za-z0-9_-]{1,20})?|[A-Za-z][a-z]+(?: [A-Za-z][a-z]+){1,2}|-?\d{1,3}")


# Where a match of _VALUE_SENTENCE can start. Each of its branches starts (1) at a quote that opens
# a _QVTOK, (2) right after a non-word character, at one of its words ("when", "use", "or" …,
# each followed by whitespace in the pattern), or (3) at a sentence position (the text's start,
# or after "[.;:!?,]" and up to two blanks, or a newline) where a value token, "the" or a kind word
# begins (see _VS_AFTER_BREAK). Together these are every position the pattern can
# match at, and far fewer than all: ``re`` otherwise enters all of its branches at each one.
# (2) looks in ``s.lower()``: it has the offsets and word characters of ``s`` when ``odd_case``
# does not hold (only "İ" changes length under ``lower``), and each case-insensitive word of the
# pattern matches there as its lower-case self
_VS_AFTER_WORD_START = _recache.compile(
    r"\W(?=(?:wh(?:en|ile|ereas)|if|once|us(?:e|ing)|choos(?:e|ing)|select(?:ing)?|specify|set(?:ting)?|or|and|value)\s)"
)
_VS_AFTER_OR = _recache.compile(r"[`\"'”]\sor\s")  # (the second value of "`x` or `y` means")
# (3): what may follow there is a token's first characters (a quote, two capitals, a capital and a
# "_" or a hump, a camelCase hump), "the", or a capitalised kind word before a quoted value
# ("Mode 'x' will …"): a capitalised word of prose ("Returns …") opens no branch not led by a cue word
_VS_AFTER_BREAK = _recache.compile(
    r"[.;:!?,\n]\s{0,2}(?=[`\"'“*]|[A-Z](?:[A-Z]|[A-Z0-9]*_|[a-z0-9]+[A-Z])|(?i:the)\s|[a-z]+[A-Z]"
    r"|(?:Type|Value|Mode|Option|Status|State|Level|Kind)\s)"
)


def _matches_at(match: Callable[[int], "re.Match[str] | None"], starts: Iterable[int]) -> list[re.Match[str]]:
    """What ``finditer`` finds, when ``starts`` (ascending) holds every place a match can start
    at and ``match(p)`` tries the pattern there: the first match at or after the end of the last
    one (the patterns it serves never match empty). A pattern that ``re`` would otherwise enter at
    every position is tried only at the few places its detector works out."""
    out = []
    end = 0
    for p in starts:
        if p >= end:
            m = match(p)
            if m is not None:
                out.append(m)
                end = m.end()
    return out


def _value_sentence_matches(s: str) -> list[re.Match[str]]:
    """``list(_VALUE_SENTENCE.finditer(s))``, the pattern tried only where it can start (see
    above): the first match at or after the end of the last one, as ``finditer`` finds it (its
    matches are never empty)."""
    if odd_case(s):
        return list(_VALUE_SENTENCE.finditer(s))  # "ſet", "İf": the lower-cased text cannot stand in
    at = {0}
    for q in _QVTOK_QUOTES:  # (1), by str.find: far cheaper than a one-class ``re`` scan
        i = s.find(q)
        while i >= 0:
            at.add(i)
            i = s.find(q, i + 1)
    led = {0}  # (2) and the text's start: where a branch that opens with a cue word can match
    led.update(m.end() for m in _VS_AFTER_WORD_START.finditer(s.lower()))
    at |= led
    at.update(m.end() for m in _VS_AFTER_BREAK.finditer(s))
    at.update(m.end() for m in _VS_AFTER_OR.finditer(s)) if " or " in s else None
    whole, unled = _VALUE_SENTENCE.match, _VALUE_SENTENCE_UNLED.match
    return _matches_at(lambda p: whole(s, p) if p in led else unled(s, p), sorted(at))


_ALT_BEFORE = _recache.compile(r"(?:^|(?<=[.;:!?]\s)|(?<=\n))" + _QVTOK + r"\s+or\s+$")
_FOR_CODE = _recache.compile(r"(?:for\s+)?`[^`\n]{1,60}`")


def value_sentences(s: str, low: str) -> Iterator[Candidate]:
    """One sentence per value: ``When set to `LOCAL`, …``, ``Use 'Banded' for …``,
    ``<code>EVERY</code> marks …``. Two or more distinct values make the set; the stated
    default joins it ("The default is `plain`. Use `sealed` if …": one sentence and the
    default are two, when they are words, not numbers)."""
    dflt = "default" in low
    if not _twice(low, _VALUE_SENTENCE_COUNTED) and not (dflt and has_any(low, _VALUE_SENTENCE_COUNTED)):
        return  # each match holds its own occurrence of one of these; two are needed, or one and a default
    ms = _value_sentence_matches(s)
    if len(ms) < 2 and not (ms and dflt):
        return
    items: list[Item] = []
    seen: set[str] = set()
    will_end = -1  # where the last will-clause that opened a sentence or followed one ended
    for m in ms:
        tok = next(g for g in m.groups() if g)
        st = s.find(tok, m.start())
        if m.group("wc") is not None:
            if will_end < 0 or _SENTENCE_BREAK.search(s, will_end, m.start()):
                continue  # "…, `Lid` will return": the end of a list, not a clause of its own
            will_end = m.end()
        elif m.group().split(None, 2)[1:2] in (["will"], ["would"]):
            will_end = m.end()  # (a quoted value, then what it will do)
        if m.group().startswith(("or ", "Or ")) and _LIST_BEFORE_OR.search(s, max(0, m.start() - 40), m.start()) \
                or m.group().startswith(("and ", "And ")) and _QUOTED_BEFORE_AND.search(s, max(0, m.start() - 40), m.start()):
            continue  # "CSV, PARQUET, or AVRO for tables": the end of a longer list, not a value sentence
        if _FOR_CODE.match(s, m.end()) and (s.startswith("for", m.end()) or s[m.end() - 4 : m.end()].rstrip().endswith("for")):
            continue  # "`HTTP` for `Kind`": a value another field is set to
        if _LIST_AFTER.match(s, st + len(tok)):
            continue  # "when `A`, `B`, and `C` …": the start of a list in one clause, not a value of its own
        v = clean_token(tok)
        if tok[0] not in "`\"'“*" and v in _ACRONYMS or _EXAMPLE_LEAD.search(sentence_before(s, st)):
            continue  # "API returns …": a word of prose in capitals; "for example, `x` for …"
        if not _SENTENCE_VALUE.fullmatch(v):
            return  # "`42/foo` for a key …", "127.0.0.1 for one address": sample inputs, not a set
        if v and v not in seen:
            seen.add(v)
            items.append(Item(v, st, st + len(tok), tok[0] in "`\"'“"))
            alt = _ALT_BEFORE.search(s, max(0, st - 64), st) if tok[0] in "`\"'“" else None
            if alt is not None and clean_token(alt.group(1)) not in seen:
                # "`green` or `grey` means …": both values mean it
                seen.add(clean_token(alt.group(1)))
                items.append(Item(clean_token(alt.group(1)), alt.start(1), alt.end(1), True))
    if not items or (len(items) < 2 and not dflt):
        return
    sentences = len(items)
    for m in _DEFAULT_VALUE.finditer(s):
        tok = next(g for g in m.groups() if g)
        v = clean_token(tok)
        if v and v not in seen and (tok[0] in "`\"'“" or _UPPER.fullmatch(v)):
            seen.add(v)
            st = s.find(tok, m.start())
            items.append(Item(v, st, st + len(tok), tok[0] in "`\"'“"))
    if len(items) < 2 or (sentences < 2 and (any(i.value.lstrip("-").isdigit() or i.value.lower() in ("true", "false") for i in items)
                                             or len({value_case(i.value) for i in items}) > 1)):
        return  # ("The default is `10`. Use `0` to turn it off": numbers of a range; "`GetLids` returns
        # an error … Default: `CREATED_AT`": two kinds of name, not one set)
    items.sort(key=lambda i: i.start)
    yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "value-sentences")


# "If the queue state is `ENABLED`, …", "set `Scope` to `AWS`": a value of whatever the words
# before "is" name (kept when they name the field)
_COND_VALUE = _recache.compile(
    r"\b(?=[iwost])"  # each alternative's first letter (see the note at the top)
    r"(?:\b(?:if|when|once|while)\s+(?P<subj>[A-Za-z`'\"][\w`'\" .-]{0,40}?)\s+(?:is|was|are)\s+(?:set\s+to\s+|equal\s+to\s+)?"
    + _QVTOK.replace("(", "(?P<v>", 1)
    + r"|\bset\s+(?:(?:your|the|this)\s+)?(?P<subj2>`[^`\n]{1,40}`|[A-Za-z][\w.-]{0,40})\s+to\s+(?:be\s+)?" + _QVTOK.replace("(", "(?P<v2>", 1)
    # "The kiln type for clay jars is `wood`. The kiln type for glass jars is `gas`.": the field's value per case
    + r"|\bthe\s+(?P<subj3>[a-z][\w ]{1,30}?)\s+for\s+[^.;:`\"\n]{1,60}?\s+is\s+" + _QVTOK.replace("(", "(?P<v3>", 1) + r"(?=[ ]*[.;])"
    # "On screens the unit is 'px'. On paper the unit is 'in'.", "the jar state will be `Full`; else … is `Open`"
    + r"|\bthe\s+(?P<subj4>[a-z][\w ]{1,30}?)\s+(?:will\s+be|is)\s+" + _QVTOK.replace("(", "(?P<v4>", 1) + r"(?=[ ]*[.;,])"
    # "Set Lid seal to TIGHT to keep air out. … set it to LOOSE.": a setting named as the UI writes it, set to a code
    + r"|\bset\s+(?P<subj5>(?-i:[A-Z][a-z]+)(?:\s+(?-i:[a-z][a-z0-9-]*)){0,2}|it)\s+to\s+"
    r"(?P<v5>(?-i:" + _CAPS_CODE + r"))(?![\w-]))",
    re.I,
)


# Every match of _COND_VALUE also ends in its value right after "is", "was", "are", "to" or "be"
# and blanks: a quote that opens a _QVTOK, or (the "set … to CODE" branch) a code in capitals
# after "to". In ``low`` (``gate_text``: lower-cased, blanks collapsed, odd case folded) those
# words and blanks are one of these strings right before the quote.
_COND_CLOSE_4 = frozenset((" is ", " to ", " be "))
_COND_CLOSE_5 = frozenset((" was ", " are "))
_TO_CODE = _recache.compile(r"\s(?i:to)\s+(?:" + _CAPS_CODE + r")(?![\w-])")


def _cond_values_possible(s: str, low: str, dflt: bool) -> bool:
    """False when _COND_VALUE cannot match twice in ``s`` (or once, when ``dflt``: the text says
    "default"), by the ends of its matches: each holds its own quote after one of the words
    above, unless it is a "set … to CODE" one. Most texts with a condition or a "the … for"
    have no such end (``low`` is ``gate_text(s)``)."""
    n = 0
    for q in _QVTOK_QUOTES:
        i = low.find(q)
        while i >= 0:
            if low[i - 4 : i] in _COND_CLOSE_4 or low[i - 5 : i] in _COND_CLOSE_5:
                n += 1
                if n >= 2:
                    return True
            i = low.find(q, i + 1)
    return bool(n and dflt) or ("set " in low and _TO_CODE.search(s) is not None)


_SELF_WORDS = _recache.compile(r"value|it|its value|this|this (?:field|parameter|property|value|setting|option)")
_SUBJECT_ARTICLE = _recache.compile(r"^(?:the|its|this)\s+", re.I)


def conditional_values(s: str, low: str) -> Iterator[Candidate]:
    """``If the queue state is `ENABLED`, … If the queue state is `DISABLED`, …`` / ``set
    `Scope` to `AWS` … set `Scope` to `Local```: two or more values, each under a condition (or a
    setting) on the same words; ``subject`` keeps them only when those words name the field."""
    says_default = "default" in low
    if not _cond_values_possible(s, low, says_default):
        return  # two matches are needed, or one and a default: not enough ends of a match
    if not says_default and not _twice(low, _COND_VALUE_KEYS):
        return  # every match opens with one of these words (the table's gate saw one): two are needed
    by: dict[str, list[re.Match[str]]] = {}
    said: dict[str, str] = {}
    for m in _COND_VALUE.finditer(s):
        subj = _SUBJECT_ARTICLE.sub("", (m.group("subj") or m.group("subj2") or m.group("subj3") or m.group("subj4")
                                         or m.group("subj5") or "").strip(" "))
        by.setdefault(subj.lower().strip("`'\""), []).append(m)
        said.setdefault(subj.lower().strip("`'\""), subj)
    selves = [k for k in by if _SELF_WORDS.fullmatch(k)]
    others = [k for k in by if k not in selves]
    if selves and len(others) == 1:
        # "set `lidMode` to `a` … set the value to `b`": the value is the field named beside it
        for k in selves:
            by[others[0]] = sorted([*by[others[0]], *by.pop(k)], key=lambda m: m.start())
    for key, ms in by.items():
        subj = said[key]
        items: list[Item] = []
        seen: set[str] = set()
        for m in ms:
            g = "v" if m.group("v") else "v2" if m.group("v2") else "v3" if m.group("v3") else "v4" if m.group("v4") else "v5"
            tok = m.group(g)
            v = clean_token(tok)
            if not _SENTENCE_VALUE.fullmatch(v):
                break
            if v not in seen:
                seen.add(v)
                items.append(Item(v, m.start(g), m.end(g), g != "v5"))
        else:
            if len(items) == 1 and len(ms) == 1 and ms[0].group("v"):  # (an "if … is set to" condition, not a "set it to" use)
                # "Its default is `ON`. When the lid state is set to `OFF`, …": the default is the other value
                dflt = stated_default(s)
                if dflt is not None and dflt[3] and dflt[0] != items[0].value \
                        and value_case(dflt[0]) == value_case(items[0].value) and not dflt[0].lower() in ("true", "false") \
                        and not dflt[0].lstrip("-").isdigit():
                    items = sorted([*items, Item(dflt[0], dflt[1], dflt[2], True)], key=lambda i: i.start)
            if len(items) >= 2:
                yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "conditional-values", subject=subj)


_LEAD = _recache.compile(r"(?=[:(abcefimost]|[ ][-–—])(?:[:(]|[ ][-–—]|\b(?:either|by|be|is|are|as|from|between|to|of|include)"
                   r"|\b(?:either|can|may)\s+(?:use|set|pass|send|specify|choose|select|pick)|\bstatus(?:es)?)[ ]*$", re.I)
_ALT_END = _recache.compile(
    r"[ ]*(?:$|[.;,)\n]|\((?:the\s+)?default\)|\bor\s+(?:leave|omit|empty|null|not)\b"
    # "by `created_at` or `updated_at` fields.": the kind of the values closes the sentence
    r"|(?:fields?|values?|options?|modes?|types?|formats?|levels?|states?|statuses)[ ]*(?:$|[.;,)\n]))",
    re.I,
)
# what may close the first sentence after its list: a phrase of where, when or what for, with no
# value of its own ("marked as `open` or `shut` in the depot.", "`graduated` or `volume` based.")
_PHRASE_TAIL = _recache.compile(
    r"(?:[ ]+(?:(?:in|for|after|before|within|on|at|from|with|across|per|during)\b[^.;:\n`\"'“]{1,50}"
    r"|if[ ]+(?:not|no|none|unknown|absent|missing|unavailable|it[ ]+cannot)\b[^.;:\n`\"'“]{0,40}"  # ("… or `null` if not known")
    r"|as[ ]+(?:the[ ]+)?(?:options?|values?|choices?)\b[^.;:\n]{0,50})|[ -]based|[ ]*\([^()\n`\"']{1,40}\))"  # ("(add-on needed)")
    r"[ ]*(?:[.;](?:\s|$)|$|\n)"
)
_AS_OPTIONS_END = _recache.compile(r"[ ]+as[ ]+(?:the[ ]+)?(?:options?|values?|choices?)\b[^.;:\n]{0,50}(?:[.;](?:\s|$)|$|\n)", re.I)
_NOTE_END = _recache.compile(r"[ ]*\([^()\n`\"']{1,40}\)[ ]*(?:[.;](?:\s|$)|$|\n)")  # "… or `tin` (add-on needed)."
# "Set to "a", "b", "c", or defaults to none": a list said with commas, closed by what happens without a value
_OR_DEFAULT_AFTER = _recache.compile(r"[ ]*,?[ ]*or[ ]+(?:defaults?|leave\b|omit\b)", re.I)
_DASH_CLOSE = _recache.compile(r"[ ]*(?:[—–]|--)[ ]")  # "The maker — `press` or `mould` — shapes …" (or "--", typed)


_OPEN_TAIL = _recache.compile(r"\b(?:any|anything|another|other|others|custom|every|everything|starts?|starting|begins?|beginning|prefix(?:ed)?)\b", re.I)
# (the value may be followed by a few words that end the sentence: "when the person `joined` the site.")
_TAIL_ALT = _recache.compile(r"[ ]*,?[ ]+or[ ]+(?:[A-Za-z]+[ ]+){1,8}?" + _QVTOK.replace("(", "(?P<v>", 1)
                       + r"(?=(?:[ ]+[A-Za-z]+){0,4}[ ]*(?:[.;]|$))")
_EXAMPLE_LEAD = _recache.compile(r"(?=[eisl])\b(?:e\.?\s?g|eg|i\.?e|examples?|instance|such\s+as|like|say|sample)\b", re.I)


_SENTENCE_BREAK = _recache.compile(r"[.!?](?:\s|$)|\n")


def sentence_before(s: str, i: int, breaks: "re.Pattern[str]" = _SENTENCE_BREAK) -> str:
    """From the last sentence break before ``i`` (within 200 characters) to ``i``; a colon
    does not break. ``breaks`` says what ends a sentence (the default knows no CJK full stop)."""
    chunk = s[max(0, i - 200) : i]
    cuts = list(breaks.finditer(chunk))
    return chunk[cuts[-1].end() :] if cuts else chunk


_OR_OR_BAR = _recache.compile(r"\bor\b|\|")


def quoted_alternatives(s: str, low: str) -> Iterator[Candidate]:
    """``…, either `a`, `b` or `c`.`` / ``status: `a`, `b`, `c`.``: two or more quoted values
    joined as alternatives ("or", or a list after a colon) that complete the sentence."""
    if not (OR_WORD.search(s) or "|" in s or ":" in s or s.lstrip()[:1] in "`\"“'‘「『*"):
        return  # what is kept has "or" or "|" before its last value, or follows a colon or opens the text (below)
    pos = 0
    first_end = -1
    while True:
        q = QTOK.search(s, pos)
        if q is None:
            return
        pos = q.end()
        if not quoted_pair_possible(s, pos):
            continue  # (first: no list of two follows most quotes, and this costs less than the tests below)
        lead = s[max(0, q.start() - 24) : q.start()]
        whole = not s[: q.start()].strip()
        if first_end < 0:
            first_end = _first_sentence_end(s)
        # any word may lead in the first sentence, which says what the field is ("who may join:
        # "all", "team" or "none""); later sentences need a lead that hands over to the list
        if not (whole or q.start() < first_end or _LEAD.search(lead)) or _EXAMPLE_LEAD.search(sentence_before(s, q.start())):
            continue
        p = parse_inline(s, q.start(), quoted_only=True)
        if p is None or len(p.items) < 2:
            continue
        pos = max(pos, p.end)
        seps = [s[a.end : b.start] for a, b in zip(p.items, p.items[1:])]
        colon = lead.rstrip().endswith(":")
        or_default = len(p.items) >= 3 and _OR_DEFAULT_AFTER.match(s, p.end) is not None
        if not (_OR_OR_BAR.search(seps[-1]) or ((colon or whole) and len(p.items) >= 3) or or_default):
            continue
        if whole and s[p.end :].strip(" .\n"):
            continue
        tail = _TAIL_ALT.match(s, p.end)
        if tail is not None and _OPEN_TAIL.search(tail.group()):
            continue  # "…, or anything that starts with 'x'": the field takes more than a list
        if tail is not None:
            # "by `likes` or `shares`, or when the post was `made`": one more value, said with a
            # few words of its own, ends the sentence
            v = tail.group("v")
            p = Parsed([*p.items, Item(clean_token(v), tail.start("v"), tail.end("v"), True)], tail.end("v"))
        elif not or_default and not _ALT_END.match(s, p.end) and not (lead.rstrip().endswith(("—", "–", "--")) and _DASH_CLOSE.match(s, p.end)) \
                and not (q.start() < first_end and _PHRASE_TAIL.match(s, p.end)) and not _NOTE_END.match(s, p.end) \
                and not _AS_OPTIONS_END.match(s, p.end):
            continue
        yield Candidate(q.start(), p, True, "quoted-alternatives")


_BARE_LEAD = _recache.compile(
    r"(?=[:：(]|[ ][-–—]|\b[abceimopsuvw])"  # how every alternative starts: a test or two rejects most positions
    r"(?:[:：(]|[ ][-–—][ ]|\b(?P<be>(?:can|may|must|should|will)(?:\s+only)?\s+be(?:\s+either|\s+set\s+to)?|\bis\s+either)|\beither"
    r"|\b(?:choices|options|values)\s+are|\bchoose\s+(?:from|between)|\b(?:one|a\s+value)\s+of"
    r"|\b(?P<verb>specify|enter|pass|use|select|choose)"
    r"|\b(?P<by>by|as))[ ]*$",
    re.I,
)
# where a lead can end: only the words _BARE_LEAD can end with ("of" only in "one of" or "a value of", "are" only
# after choices/options/values), and the start of a sentence of snake_case codes
_BARE_LEAD_AT = _recache.compile(
    r"[:：(]|[ ][-–—][ ]|(?=\b[beaosupctf])\b(?:be|either|by|as|are|of|from|between|specify|enter|pass|use|select|choose|(?<=set )to)\b"
    r"|[.!?] (?P<codes>)(?=[a-z][a-z0-9]*_)",
    re.I,
)
# _BARE_LEAD_AT for ``s.lower()`` (when ``odd_case(s)`` does not hold: then the two texts have the
# same offsets and word characters, and each word matches there as its lower-case self), written
# so that every alternative opens with a literal character: ``re`` then scans for those characters
# in C and tests the rest only where one stands, instead of entering the case-insensitive
# look-ahead at every position. A letter then ``(?<!\w\w)`` is that letter after a word
# boundary. No two alternatives can match at one place (each opens with its own character, and
# the words there differ), so the matches are _BARE_LEAD_AT's; a code sentence opens with [.!?].
_BARE_LEAD_LOW = _recache.compile(
    r":|：|\(|[ ][-–—][ ]|\.[ ](?=[a-z][a-z0-9]*_)|![ ](?=[a-z][a-z0-9]*_)|\?[ ](?=[a-z][a-z0-9]*_)"
    r"|b(?<!\w\w)(?:e|y|etween)\b|e(?<!\w\w)(?:ither|nter)\b|a(?<!\w\w)(?:s|re)\b|o(?<!\w\w)f\b|f(?<!\w\w)rom\b"
    r"|s(?<!\w\w)(?:pecify|elect)\b|p(?<!\w\w)ass\b|u(?<!\w\w)se\b|c(?<!\w\w)hoose\b|t(?<=set t)o\b"
)


def _bare_leads(s: str, stop: int) -> list[tuple[int, int, bool]]:
    """``(start, end, codes)`` of each match of _BARE_LEAD_AT in ``s`` that ends at ``stop`` or
    before, in order (``codes``: the start of a sentence of snake_case codes). ``stop`` is where
    a separator (a blank, "/", "|", ",") starts: the scan ends there, and no match that ends
    there or before tells that end apart (the test after a word, ``\b``, holds at a separator as at
    the end of a text; the look-ahead of a code sentence reads word characters only)."""
    if odd_case(s):
        return [(m.start(), m.end(), m.group("codes") is not None) for m in _BARE_LEAD_AT.finditer(s, 0, stop)]
    return [(m.start(), m.end(), m.group()[0] in ".!?") for m in _BARE_LEAD_LOW.finditer(s.lower(), 0, stop)]


# "are", "of", "from", "between" lead only after these words (the rest of _BARE_LEAD is one word)
_LEAD_BEFORE = {"are": ("choices", "options", "values"), "of": ("one", "a value"), "from": ("choose",), "between": ("choose",)}
_SENTENCE_LEAD = _recache.compile(r"(?P<by>)(?P<verb>)(?P<be>)")
_CODE_ONLY = _recache.compile(r"(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)")


def code_only(v: str) -> bool:
    """Whether ``v`` has the shape of a code and not of a word of prose (``ACTIVE``, ``lid_kind``, ``lidKind``)."""
    return _CODE_ONLY.fullmatch(v) is not None


_SENTENCE_START = _recache.compile(r"(?:^|[.!?](?:\s+|$)|\n)", re.M)
_BARE_CODE = _recache.compile(r"(?-i:[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)*|[A-Z][A-Z0-9]*(?:[_-][A-Z0-9]+)*|[a-z]+(?:[A-Z][a-z0-9]+)+"
                        r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*|\d+(?:[a-z][a-z0-9]*)?)")  # ("4m", "3d": a code led by a digit)


_MODAL_BE_END = _recache.compile(r"(?=[cmsw])\b(?:can|may|must|should|will)(?:\s+only)?\s+be(?:\s+either)?[ ]*$", re.I)
_RELATIVE_WORD = _recache.compile(r"\b(?:that|which|who|whose|whom|to)\b", re.I)
_ABOUT_FIELD = _recache.compile(r"[ ]*(?:it|this|the\s+value|can|may|must|possible|valid|allowed|supported|options?|values?"
                          r"|choices?|choose|the\s+(?:options|choices|values))\b", re.I)
_CHOICES_ARE = _recache.compile(r"\b(?:choices|options|values)\s+are[ ]*$|\bchoose\s+(?:from|between)[ ]*$", re.I)


_COMPARATIVES = frozenset("less more fewer greater higher lower above below larger smaller longer shorter".split())
_OR_OR_SLASH = _recache.compile(r"\bor\b|/|\|")
_AND = _recache.compile(r"\band\b")
_CLOSE_PAREN = _recache.compile(r"[ ]*\)")
_BARE_END = _recache.compile(r"[ ]*(?:$|\n|[.;](?:\s|$)|\((?:the\s+)?default\))")


def bare_alternatives(s: str, low: str) -> Iterator[Candidate]:
    """``The size of the cup - small or large.`` / ``Can be hourly or nightly.`` /
    ``kind of report: day_r1, week_r1, month_r1``: bare code-like words that complete a sentence of
    the field's own description, as alternatives ("or") or as a list of three or more after a
    colon. Only in a sentence about the field itself (the first, or one that opens with "It",
    "This", "Can", "May", "Must" …)."""
    if not (OR_WORD.search(s) or "/" in s or "|" in s or ":" in s or "：" in s or "(" in s
            or has_any(low, ("choices are", "options are", "values are", "choose from", "choose between"))):
        return  # what is kept ends in "or", "/" or "|", follows a colon or a "(", "choices are" or "choose from" (see the end)
    starts: list[int] | None = None  # sentence starts, worked out once (when a lead outside the first sentence asks)
    last_sep = max(s.rfind(" or "), s.rfind("/"), s.rfind("|"), s.rfind(","), s.rfind(" and "))
    # (a lead that ends after the last separator has none after it: it fails the ``ahead`` test below)
    for start, end, codes_sentence in _bare_leads(s, last_sep):
        word = s[start:end].lower()
        if word in _LEAD_BEFORE and not s[max(0, start - 9) : start].rstrip().lower().endswith(_LEAD_BEFORE[word]):
            continue
        ahead = s[end : end + 80]
        if " or " not in ahead and "/" not in ahead and "|" not in ahead and "," not in ahead and " and " not in ahead:
            continue  # no second item can follow: skip the lead and parse work (most "of", "by", "as")
        # The list first: it is what fails for nearly every lead, and reading it costs less than the
        # sentence tests below (every test only skips the lead, so their order changes nothing)
        if not bare_pair_possible(s, end):
            continue
        p = parse_inline(s, end)
        if p is None or len(p.items) < 2 or any(i.quoted for i in p.items):
            continue
        if not all(_BARE_CODE.fullmatch(i.value) for i in p.items) or p.items[-1].value.lower() in _COMPARATIVES:
            continue  # ("a value of zero or less": a bound, not two values)
        paren = s[start] == "("
        if paren:
            if not _CLOSE_PAREN.match(s[p.end :]):
                continue
        elif not _BARE_END.match(s[p.end :]):
            continue
        lead_text = s[max(0, start - 40) : end]
        seps = [s[a.end : b.start] for a, b in zip(p.items, p.items[1:])]
        colon = s[start] in ":："
        choices = bool(_CHOICES_ARE.search(lead_text))
        if not (_OR_OR_SLASH.search(seps[-1]) or ((colon or paren) and len(p.items) >= 3)
                or (choices and _AND.search(seps[-1]) and not any(i.value.isdigit() for i in p.items))
                or (choices and all(_CODE_ONLY.fullmatch(i.value) for i in p.items))):
            continue  # "Choices are solo and team", "Choose from Tin and Jar": the set, said with "and";
            # "Options are TIN_LID, JAR_LID": codes, said with commas (not "choose between 1 and 9": a range)
        lead = _SENTENCE_LEAD.match("") if codes_sentence else _BARE_LEAD.search(lead_text)
        if lead is None:
            continue
        if (lead.group("by") or lead.group("verb") or paren or codes_sentence) and not all(
                _CODE_ONLY.fullmatch(i.value) for i in p.items):
            continue  # "sorted by name or date": words; "by LAST_SEEN or NAME": codes
        # (the sentence tests in the order of their cost)
        first = start <= _first_sentence_end(s)
        subject = None
        if not first and not lead.group("verb") and not codes_sentence:
            if starts is None:
                starts = [x.end() for x in _SENTENCE_START.finditer(s)]
            k = bisect_right(starts, start) - 1
            sent = starts[k] if k >= 0 and starts[k] <= start else 0
            if not _ABOUT_FIELD.match(s, sent):
                if not lead.group("be"):
                    continue
                subject = s[sent : start]  # "The fan speed can be …": kept if it names the field
        before = sentence_before(s, start)
        if _EXAMPLE_LEAD.search(before):
            continue
        if _MODAL_BE_END.search(lead_text) and _RELATIVE_WORD.search(before):
            continue  # "the wallet that will be charged or refunded": said of another noun
        yield Candidate(p.items[0].start, p, True, "bare-alternatives", subject=subject)


_PAREN_LIST = _recache.compile(r"(?=[ (])(?<=\S)[ ]*\((?P<ie>[ ]*(?:i\.[ ]?e\.?|namely|viz\.?)[,:]?)?[ ]*(?P<body>[^()\n]{3,240})\)")
_PAREN_SPLIT = _recache.compile(r"[ ]*(?:,[ ]*(?:or[ ]+)?|[ ]+or[ ]+|[ ]*[/|][ ]*)")
# "(default: x)" is a note, "(Default, Custom or None)" a list that starts with the value Default
_PAREN_NOT = _recache.compile(r"^(?:e\.?[ ]?g|for\s+(?:example|instance)|such\s+as|like|including|incl|default(?![ ]*,)|see|as|in|at|if|when)\b", re.I)
# what the words before a parenthesised list name when the list gives its values
_KIND_HEAD = _recache.compile(
    r"\b(?:types?|kinds?|modes?|status(?:es)?|states?|levels?|categor(?:y|ies)|methods?|tiers?|classes|options?|values?"
    r"|settings?|formats?|styles?|sorts?|orders?|directions?|scopes?|roles?|policy|policies|strateg(?:y|ies)|priorit(?:y|ies)"
    r"|channels?|protocols?|versions?|units?|sources?|variants?|visibility|severity)\b[^.,;()]{0,40}$",
    re.I,
)
_PAREN_SEP = _recache.compile(r"\bor\b|[/|,]")
_OR_NEXT = _recache.compile(r"\s*,?\s*or\b")
_SET_END = _recache.compile(r"[ ]*(?:[.;]|$)")


def _paren_list_matches(s: str) -> list[re.Match[str]]:
    """``list(_PAREN_LIST.finditer(s))``, the pattern tried once per "(": a match opens with the
    spaces before its "(", right after a character that is no blank, so each "(" has one place it
    can start at (before all the spaces that precede it), found by ``str.find`` instead of ``re``
    entering the pattern at every position."""
    starts = []
    k = s.find("(")
    while k >= 0:
        p = k
        while p > 0 and s[p - 1] == " ":
            p -= 1
        starts.append(p)
        k = s.find("(", k + 1)
    match = _PAREN_LIST.match
    return _matches_at(lambda p: match(s, p), starts)


def paren_lists(s: str, low: str) -> Iterator[Candidate]:
    """``The type of zone (Public or Private).`` / ``Level of the alarm (i.e. Minor, Major,
    Critical)``: a parenthesised list of code-like values after the words it gives the values
    of. Kept when those words are a kind noun ("type", "status", "mode" …) in the first sentence,
    or (``subject``) when they name the field; "(e.g. …)" and "(default …)" are not lists."""
    first_end = _first_sentence_end(s)
    for m in _paren_list_matches(s):
        body = m.group("body")
        if _PAREN_NOT.match(body):
            continue
        items: list[Item] = []
        off = m.start("body")
        parts = _PAREN_SPLIT.split(body)
        seps = _PAREN_SPLIT.findall(body)
        if len(parts) < 2 or not seps:
            continue
        ok = True
        for part in parts:
            q = QTOK.fullmatch(part)
            value = clean_token(part) if q else part
            label = value.lower() in _LABELS and (len(parts) < 3 or value.lower() not in ("default", "none", "custom"))
            if not value or not (q or _BARE_CODE.fullmatch(value)) or label or value.lower() == "etc" \
                    or (len(value) < 2 and not q and "or" not in "".join(seps)):
                ok = False  # "(PG, R, etc)" is open; "(x,y)" is a pair of coordinates
                break
            i = s.index(part, off)
            items.append(Item(value, i, i + len(part), q is not None))
            off = i + len(part)
        values = [i.value for i in items]
        if not ok or len(set(values)) != len(values):
            continue
        if len(items) == 2 and not _PAREN_SEP.search(seps[0]):
            continue
        if any("/" in x for x in seps) and len(set(seps)) > 1:
            continue  # "(POST /profile/phone-number)": a path, not values set apart by slashes
        if _OR_NEXT.match(s[m.end() :]):
            continue  # "one of these names (a, b, c) or a number": one alternative of several
        before = sentence_before(s, m.start())
        # a kind noun before it, "i.e.", or (in the first sentence, which says what the field is) three
        # or more code-quoted values that end it: "Who put the phone down first (`caller`, `callee`, `unknown`)."
        quoted_set = len(items) >= 3 and all(i.quoted for i in items) and _SET_END.match(s[m.end() :]) is not None
        head_ok = m.start() <= first_end and (_KIND_HEAD.search(before) is not None or m.group("ie") is not None or quoted_set)
        yield Candidate(items[0].start, Parsed(items, m.end()), True, "paren-list",
                        subject=None if head_ok else " ".join(before.split()[-4:]))


def kind_head(words: str) -> bool:
    """Whether ``words`` end in a kind noun ("the event type", "a status") that a list gives the values of."""
    return _KIND_HEAD.search(words) is not None


_FIRST_SENTENCE_END = _recache.compile(r"[.!?](?:\s|$)|\n")


@lru_cache(maxsize=4)
def _first_sentence_end(s: str) -> int:
    """(Cached: several detectors ask it of the same text in turn.)"""
    fm = _FIRST_SENTENCE_END.search(s.strip())
    return (len(s) - len(s.lstrip())) + fm.start() if fm else len(s)


_BRACKET = _recache.compile(
    r"(?P<lead>[:=]|\b(?:are|is|of|in|from|one\s+of))[ ]*\[[ ]*(?P<body>(?:`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|'[^'\n]{1,60}')"
    r"(?:[ ]*,[ ]*(?:`[^`\n]{1,60}`|\"[^\"\n]{1,60}\"|'[^'\n]{1,60}'))+)[ ]*\]",
    re.I,
)


def bracket_lists(s: str, low: str) -> Iterator[Candidate]:
    """``Valid causes: ["lost", "found"]`` / ``one of ['a', 'b']``: a list written as code."""
    for m in _BRACKET.finditer(s):
        items = []
        for q in QTOK.finditer(s, m.start("body"), m.end("body")):
            items.append(Item(clean_token(q.group()), q.start(), q.end(), True))
        if len(items) >= 2:
            yield Candidate(m.start("body") - 1, Parsed(items, m.end()), True, "bracket-list")


_SENT_RUNIN = _recache.compile(r"(?=[A-Z])(?:^|(?<=[.!?:]\s)|(?<=[.!?]\s\s)|(?<=\n))(?P<tok>[A-Z][A-Za-z0-9]{1,30})(?:[ ]*:[ ]+|[ ]*[—–][ ]*)(?=[A-Z])")


def sentence_run_in(s: str, low: str) -> Iterator[Candidate]:
    """``Loose: few checks. Firm: more. Rigid: all.`` / ``Hour—within an hour. Month—…``: sentences
    that each open with a capitalised value and a colon or a dash. Three or more (two words
    with a colon open sentences of ordinary prose too: "Note: …", "Example: …")."""
    ms = [m for m in _SENT_RUNIN.finditer(s) if m.group("tok").lower() not in _LABELS]
    if len(ms) < 3:
        return
    values = [m.group("tok") for m in ms]
    if len(set(values)) != len(values):
        return
    items = [Item(m.group("tok"), m.start("tok"), m.end("tok"), False) for m in ms]
    yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "sentence-run-in")


# "1) Tin—kept dry 2) Jar—kept cold", "1. Tin: kept dry. 2. Jar: …": run-in definitions numbered in one line
_NUM_RUNIN = _recache.compile(
    r"(?<![^\s(])(?P<n>[1-9])(?P<mark>[.)])[ ]+(?P<tok>[A-Za-z][\w.-]{0,40}?)(?:[ ]*[—–][ ]*|[ ]+-[ ]+|:[ ]+)(?=[A-Za-z(])"
)


_NUM_LEAD = _recache.compile(r"\b(?:values?|options?|choices?|one\s+of|types?|modes?|kinds?|states?|status(?:es)?|levels?)\b", re.I)


def numbered_run_in(s: str, low: str) -> Iterator[Candidate]:
    """``1) Tin—kept dry 2) Jar—kept cold``: values that each follow the next number of one
    numbering (1, 2, …) and a dash or colon, then say what they mean. Two or more."""
    items: list[Item] = []
    mark = ""
    for m in _NUM_RUNIN.finditer(s):
        n, tok = int(m.group("n")), m.group("tok")
        if n == 1:
            if len(items) >= 2:
                break
            items, mark = [], m.group("mark")
        elif n != len(items) + 1 or m.group("mark") != mark:
            continue
        if tok.lower() in _LABELS or not _BARE_CODE.fullmatch(tok) or tok in {i.value for i in items}:
            items = []
            continue
        items.append(Item(tok, m.start("tok"), m.end("tok"), False))
    # (numbered steps are written the same way: the text before them must say it lists values)
    if len(items) >= 2 and _NUM_LEAD.search(s, max(0, items[0].start - 200), items[0].start):
        yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "numbered-run-in")


_SLASH_TOK = r"[A-Za-z0-9][\w.+-]{0,30}(?:[ ]*\((?:the[ ]+)?default\))?"
_SLASH_LIST = _recache.compile(
    r"(?:^|(?<=[,:(])[ ]*|(?<=\s))(?P<list>" + _SLASH_TOK + r"(?:(?:[ ]+/[ ]*|[ ]*/[ ]+|(?<=\))[ ]*/[ ]*)" + _SLASH_TOK + r")+)"
    r"[ ]*\)?[ ]*(?:$|[.;\n])"
)
# the word right before a slash list, a blank apart ("postal code / zip": "postal"), and the words
# that may stand there before values ("set to on / off", "either gzip / brotli", "values: a / b")
_WORD_BEFORE = _recache.compile(r"(?<![\w.-])([A-Za-z][a-z]{2,})[ ]+$")
_LEAD_WORDS = frozenset("""to as be is are was were either use uses set sets from with by via of for and or the
    values value options option modes mode choices choice types type kinds kind states state levels level one
    only can may must should will accepts accept takes take supports support choose pick select specify enter pass
    give send""".split())
_GLOSS_OPEN = _recache.compile(r"\([ ]*[`\"']")  # how every match of _GLOSSED holds its "(" (a fast literal scan)
_GLOSSED = _recache.compile(r"\b[a-z][\w-]*[ ]+\([ ]*(?P<q>`[^`\n]{1,40}`|\"[^\"\n]{1,40}\"|'[^'\n]{1,40}')[ ]*\)")


_OR_OR = _recache.compile(
    r"(?<![\w|])(?P<list>[A-Za-z0-9](?:[\w.+-]{0,29}[\w+])?(?:[ ]*\|\|[ ]*[A-Za-z0-9](?:[\w.+-]{0,29}[\w+])?)+)(?![\w|])"
)
_DOUBLE_BAR = _recache.compile(r"[ ]*\|\|[ ]*")


def or_or_lists(s: str, low: str) -> Iterator[Candidate]:
    """``ANY||SENT||HELD``: values joined by a code-style "or"."""
    for m in _OR_OR.finditer(s):
        items, off = [], m.start("list")
        for part in _DOUBLE_BAR.split(m.group("list")):
            i = s.index(part, off)
            items.append(Item(part, i, i + len(part), False))
            off = i + len(part)
        if len({i.value for i in items}) == len(items):
            yield Candidate(items[0].start, Parsed(items, m.end("list")), True, "or-or")


_SLASH = _recache.compile(r"[ ]*/[ ]*")
_DEFAULT_MARK = _recache.compile(r"[ ]*\((?:the[ ]+)?default\)$")


def slash_lists(s: str, low: str) -> Iterator[Candidate]:
    """``steady (default) / preview / nightly``, ``lan (default) /wan``: values set apart by slashes
    with a space on one side at least (``TCP/IP`` and ``and/or`` have none), completing the text
    or its sentence."""
    if " /" not in s and "/ " not in s and ")/" not in s:
        return  # every match has a slash with a space before or after it, or right after "(default)"
    for m in _SLASH_LIST.finditer(s):
        parts = _SLASH.split(m.group("list"))
        items, off = [], m.start("list")
        for part in parts:
            value = _DEFAULT_MARK.sub("", part)
            i = s.index(value, off)
            items.append(Item(value, i, i + len(value), False))
            off = i + len(part)
        values = [i.value for i in items]
        if any(v.isdigit() for v in values) and not all(v.isdigit() for v in values):
            continue  # "Mozilla / 5.0": a product and its version
        before = _WORD_BEFORE.search(s, 0, m.start("list"))
        if before is not None and before.group(1).lower() not in _LEAD_WORDS:
            continue  # "by postal code / zip code": the last word of a noun phrase and its synonym, not values
        if len(items) >= 2 and len(set(values)) == len(values) and all(_BARE_CODE.fullmatch(v) for v in values):
            yield Candidate(items[0].start, Parsed(items, m.end("list")), True, "slash-list")


_DM_WORD = r"[A-Za-z][\w.-]{0,30}(?<![.-])"
# "in gzip (default) or brotli", "straw (default), foam or paper": bare words, the first marked as
# the default, then more joined by "or" (the mark says the words are the field's values); the last
# one ends the sentence or is followed by one word (the kind: "… or brotli encoding")
_DEFAULT_MARKED = _recache.compile(
    r"(?<![\w`'\"/.-])(?P<list>" + _DM_WORD + r"[ ]*\((?:the[ ]+)?default\)(?:[ ]*,[ ]*" + _DM_WORD + r")*[ ]*,?[ ]+or[ ]+"
    + _DM_WORD + r")(?=[ ]*(?:$|\n|[.;,)](?:\s|$))|[ ]+[a-z]+\b)",
    re.I,
)
_DM_BEFORE = _recache.compile(r"\b(?:an?|any|empty|blank)[ ]+$", re.I)
_DM_SPLIT = _recache.compile(r"[ ]*\((?:the[ ]+)?default\)[ ]*,?[ ]*(?:or[ ]+)?|[ ]*,[ ]*(?:or[ ]+)?|[ ]+or[ ]+", re.I)


def default_marked(s: str, low: str) -> Iterator[Candidate]:
    """``Reply in yaml (default) or toml.`` / ``straw (default), foam or paper``: bare code-like
    words joined as alternatives, the first marked "(default)"."""
    for m in _DEFAULT_MARKED.finditer(s):
        if _EXAMPLE_LEAD.search(sentence_before(s, m.start())) or _EXAMPLE_LEAD.search(s, max(0, m.start() - 8), m.start()):
            continue  # "e.g. north (default) or south": samples
        if _DM_BEFORE.search(s, max(0, m.start() - 12), m.start()):
            continue  # "any label (default) or …": a kind of value, not a value
        items, off = [], m.start("list")
        for part in _DM_SPLIT.split(m.group("list")):
            if not part:
                continue
            i = s.index(part, off)
            items.append(Item(part, i, i + len(part), False))
            off = i + len(part)
        values = [i.value for i in items]
        if len(items) >= 2 and len(set(values)) == len(values) and all(_BARE_CODE.fullmatch(v) for v in values):
            yield Candidate(items[0].start, Parsed(items, m.end("list")), True, "default-marked")


_GLOSS_JOIN = _recache.compile(r"[ ]*(?:,[ ]*)?(?:or|and/or|,)?[ ]*")


def glossed_values(s: str, low: str) -> Iterator[Candidate]:
    """``ascending (`asc`) or descending (`desc`)``: each value glossed by the word it stands
    for, joined as alternatives."""
    if len(_GLOSS_OPEN.findall(s)) < 2:
        return  # each match opens its own parenthesis before a quote, and two matches are needed
    ms: list[re.Match[str] | None] = [*_GLOSSED.finditer(s), None]
    run: list[re.Match[str]] = []
    for m in ms:
        if m is not None and run and _GLOSS_JOIN.fullmatch(s[run[-1].end() : m.start()]):
            run.append(m)
            continue
        if len(run) >= 2 and OR_WORD.search(s[run[0].end() : run[-1].start()]):
            items = [Item(clean_token(x.group("q")), x.start("q"), x.end("q"), True) for x in run]
            yield Candidate(run[0].start(), Parsed(items, run[-1].end()), True, "glossed")
        run = [m] if m is not None else []


_GLOSS = _recache.compile(
    r"\((?P<v>`[^`\n]{1,40}`|\"[^\"\n]{1,40}\"|'[^'\n]{1,40}'"
    r"|(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}[0-9]*|[a-z]+(?:[A-Z][a-z0-9]+)+|[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+))\)"
)


def _abbreviation(s: str, m: "re.Match[str]") -> bool:
    """``Amazon Resource Name (ARN)``: capitals in parentheses that spell the initials of the
    words before them abbreviate those words; they are not a value."""
    v = m.group("v")
    if not v.isupper() or "_" in v:
        return False
    words = LATIN_WORD.findall(s[max(0, m.start() - 80) : m.start()])[-(len(v) + 3) :]
    initials = "".join(w[0].upper() for w in words)
    it = iter(initials)
    return all(c in it for c in v.rstrip("0123456789"))


_CLAUSE_BREAK = _recache.compile(r"[.;:!?]\s")


def paren_glosses(s: str, low: str) -> Iterator[Candidate]:
    """``with a constant bitrate (CBR) or a variable bitrate (VBR)``: alternatives in one
    sentence, each followed by the code it stands for in parentheses. Two or more codes and an
    "or" between the first and the last; only in the field's first sentence (what it is)."""
    first_end = _first_sentence_end(s)
    ms = [m for m in _GLOSS.finditer(s, 0, first_end + 1) if not _abbreviation(s, m)]
    if len(ms) < 2 or not OR_WORD.search(s[ms[0].end() : ms[-1].start()]):
        return
    if any(_CLAUSE_BREAK.search(s[a.end() : b.start()]) for a, b in zip(ms, ms[1:])):
        return
    items = [Item(clean_token(m.group("v")), m.start("v"), m.end("v"), m.group("v")[0] in "`\"'") for m in ms]
    values = [i.value for i in items]
    if len(set(values)) == len(values):
        yield Candidate(items[0].start, Parsed(items, ms[-1].end()), True, "paren-glosses")


# a value's gloss: what choosing it does ("to add disks", "if nothing is owed", "in case …"); not
# "to true" (another field set to a value), and no sentence end inside
_GLOSS_LEAD = _recache.compile(r"[ ]+(?:to|for|if|when|in\s+case|where|meaning)\s+(?!(?:true|false|null|yes|no|on|off|\d)\b)", re.I)
_GLOSS_BODY = _recache.compile(r"[^.!?;\n`\"“]{0,160}?(?:[ ]*[,;][ ]*(?:or[ ]+)?|[ ]+or[ ]+)", re.I)
_PLAIN_SEP = _recache.compile(r"[ ]*,[ ]*(?:or[ ]+)?|[ ]+or[ ]+", re.I)
_OR_ANY_CASE = _recache.compile(r"\bor\b", re.I)
_SENTENCE_START_BEFORE = _recache.compile(r"(?:[.!?:]\s+|\n\s*)$")


def glossed_alternatives(s: str, low: str) -> Iterator[Candidate]:
    """``must be "grow" to add disks, "shrink" to take them out, or "swap" to replace one`` /
    ```self` if you run the name servers, `cloud` if we do, or `none` …``: quoted values, each
    followed by what it means, joined as alternatives (the last one by "or"). The first value
    opens a sentence or follows a lead ("be", "either", ":"); an example cue before it makes the
    values samples."""
    toks = list((_QVALUE_EM if "*" in s else _QVALUE).finditer(s))
    if len(toks) < 2:
        return
    i = 0
    while i < len(toks) - 1:
        run = [toks[i]]
        glossed = False
        last_sep = ""
        for nxt in toks[i + 1 :]:
            prev = run[-1]
            gap = s[prev.end() : nxt.start()]
            sep = _PLAIN_SEP.fullmatch(gap)
            if sep is None:
                g = _GLOSS_LEAD.match(gap)
                if g is None or not _GLOSS_BODY.fullmatch(gap, g.end()):
                    break
                glossed = True
            last_sep = gap
            run.append(nxt)
        i += len(run)
        if len(run) < 2 or not glossed or not _OR_ANY_CASE.search(last_sep[-8:]):
            continue
        first = run[0]
        lead = s[max(0, first.start() - 24) : first.start()]
        at_start = not s[: first.start()].strip() or _SENTENCE_START_BEFORE.search(s[: first.start()]) is not None
        if not (at_start or _LEAD.search(lead) or _GLOSS_VERB.search(lead) or first.start() < _first_sentence_end(s)) \
                or _EXAMPLE_LEAD.search(sentence_before(s, first.start())):
            continue
        items = [Item(clean_token(m.group()), m.start(), m.end(), True) for m in run]
        if not all(_SENTENCE_VALUE.fullmatch(it.value) for it in items) or len({it.value for it in items}) != len(items):
            continue
        yield Candidate(first.start(), Parsed(items, run[-1].end()), True, "glossed-alternatives")


_CLAUSE_WORDS = _recache.compile(r"[ ](?:[-–—]|--)[ ]|\b(?:if|when|unless|is|are|was|will|can|may|this|that|which|where|whose)\b", re.I)
_CODE_MARK = _recache.compile(r"[\d_-]")


def _one_code_shape(p: Parsed) -> bool:
    """Whether every item is a bare code of one case, and lower-case ones carry a code mark
    (a digit, "_" or "-"): codes, not words of prose."""
    if any(i.quoted or not _BARE_CODE.fullmatch(i.value) for i in p.items):
        return False
    shapes = {value_case(i.value) for i in p.items}
    return len(shapes) == 1 and (shapes != {"lower"} or any(_CODE_MARK.search(i.value) for i in p.items))


def value_case(v: str) -> str:
    """A value's case: "upper" (``SELL``, ``IO_1``), "title" (``Fixed``, ``AllTrusted``) or "lower" (``gp2``)."""
    if v.isupper() or not any(c.isalpha() for c in v):
        return "upper"
    return "title" if v[:1].isupper() else "lower"


_APPOSITIVE = _recache.compile(r"[ ]*(?P<head>[^.,;:()\n`\"]{3,80}?),[ ]+(?=\S)")


def appositive_alternatives(s: str, low: str) -> Iterator[Candidate]:
    """``Type of interest rate, Fixed or Variable.`` / ``The billing tier, Standard or Premium``:
    the first sentence names the field (a kind noun, or the field's own name: ``subject``), then,
    after a comma, the code-like alternatives that end it."""
    m = _APPOSITIVE.match(s)
    if m is None:
        # the whole description is the alternatives: "Photo, Sketch or Diagram."
        start = len(s) - len(s.lstrip())
        p = parse_inline(s, start) if bare_pair_possible(s, start) else None  # (unquoted items, two or more)
        if p is not None and len(p.items) >= 2 and not p.partial and not s[p.end :].strip(" .;\n") \
                and OR_WORD.search(s[p.items[-2].end : p.items[-1].start]) and _one_code_shape(p):
            yield Candidate(p.items[0].start, p, True, "appositive")
        return
    if not bare_pair_possible(s, m.end()):
        return  # (the list below has unquoted items, two or more: most texts fail at its first steps)
    p = parse_inline(s, m.end())
    if p is None or len(p.items) < 2 or any(i.quoted for i in p.items) or p.partial:
        return
    if not all(_BARE_CODE.fullmatch(i.value) for i in p.items):
        return
    if not OR_WORD.search(s[p.items[-2].end : p.items[-1].start]):
        return
    if not _WHETHER_END.match(s[p.end :]):
        return  # the alternatives end the sentence
    head = m.group("head")
    if _CLAUSE_WORDS.search(head):
        return  # "… only present if the type is string, choice or hidden": a clause, not a name
    if not _one_code_shape(p):
        return  # "state, province or region", "class, GPA or score": what the value is, not codes
    yield Candidate(p.items[0].start, p, True, "appositive", subject=None if _KIND_HEAD.search(head) else head)


# "`draft` lids are hidden. `final` lids are shown.", "* `wax` seals best", "A `sealer`
# seals the lid …": sentences, lines or bullets that each open with a quoted value saying what it does
_CODE_LED = _recache.compile(
    r"(?=[`\"“'atw])"  # each match's first character: a quote, or "a"/"an"/"the", "while"/"whereas" (case-sensitive)
    r"(?:^|(?<=[.;!?]\s)|(?<=[.;!?]\s\s)|(?<=\n)|(?<=\n[ ])|(?<=[-*•]\s)|\b(?:while|whereas)\s+)(?:(?:an?|the)\s+)?"
    + _QVTOK.replace("(", "(?P<v>", 1)
    + r"\s+(?:(?:value|level|mode|option|setting|status|state|type|kind|files?)\s+)?"
    # (not "`limit` is required", "`x` is not supported": what a sentence says of a field or an input)
    r"(?P<verb>(?:is|are)(?!\s+(?:required|optional|deprecated|ignored|mandatory|needed|not|also|set|used|supported|allowed"
    r"|valid|invalid|empty|null|missing|present|given|specified|provided|true|false|a\s+(?:field|parameter|property)))|means|only"
    r"|(?!(?:values|fields|options|items|parameters|properties|keys|objects|records|results|entries|elements|arguments"
    r"|attributes|columns|headers|codes|names|ids)\b)[a-z]{3,}(?<![su])s)\b"
)


# What a place where _CODE_LED can match follows (all but the text's start and "while"/"whereas")
_CODE_LED_MARK = _recache.compile(r"[.;!?\n*•-]")


def _code_led_matches(s: str) -> list[re.Match[str]]:
    """``list(_CODE_LED.finditer(s))``, the pattern tried only where one of its openings holds:
    the text's start, after a sentence end and one or two blanks, after a line break (and a
    space), after a bullet mark and a blank, and at "while"/"whereas". Those places are found
    from the rare characters before them, in one scan for a character class, where ``re`` would
    otherwise enter the pattern at every position."""
    at = {0}
    n = len(s)
    for m in _CODE_LED_MARK.finditer(s):
        i = m.start()
        c = s[i]
        if c == "\n":
            at.add(i + 1)
            if s.startswith(" ", i + 1):
                at.add(i + 2)
        elif i + 1 < n and s[i + 1].isspace():
            at.add(i + 2)
            if c in ".;!?" and i + 2 < n and s[i + 2].isspace():
                at.add(i + 3)
    for word in ("while", "whereas"):
        i = s.find(word)
        while i >= 0:
            at.add(i)  # (the pattern itself asks for the word boundary before it)
            i = s.find(word, i + 1)
    match = _CODE_LED.match
    return _matches_at(lambda p: match(s, p), sorted(at))


def code_led(s: str, low: str) -> Iterator[Candidate]:
    """Two or more quoted values, each opening a sentence, line or bullet of its own and followed by
    what it is or does: the field's values, one statement each."""
    if s.count("`") + s.count('"') + s.count("'") + s.count("“") + s.count("”") < 4:
        return  # two matches are needed, and each holds a value between a pair of quotes of its own
    items: list[Item] = []
    seen: set[str] = set()
    for m in _code_led_matches(s):
        tok = m.group("v")
        v = clean_token(tok)
        if not v or not _SENTENCE_VALUE.fullmatch(v) or _EXAMPLE_LEAD.search(sentence_before(s, m.start("v"))):
            return  # "`42/foo` is …": a sample input, not a set; "for example, `x` is …"
        if v not in seen:
            seen.add(v)
            items.append(Item(v, m.start("v"), m.end("v"), True))
    if len(items) >= 2:
        yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "code-led")


# "Whether the link is public or private.", "Specifies if the disk is hot, cool, or archive.": what
# the value says about its subject, as single words joined by "or" that end the sentence
_WHETHER = _recache.compile(
    # "if" only after a verb of telling ("Specifies if …"): "required if the type is A or B" is a condition
    r"(?:\bwhether|\b(?:specif(?:y|ies)|indicat(?:e|es|ing)|determin(?:e|es|ing)|defin(?:e|es|ing)|show(?:s|ing)?|tell(?:s|ing)?|stat(?:e|es|ing)"
    r"|describ(?:e|es|ing)|denot(?:e|es|ing)|signal(?:s|ing)?)[ ]+if)"
    r"[ ]+(?:[\w'’-]+[ ]+){1,6}?(?:is|are|will[ ]+be|should[ ]+be|was)[ ]+(?:either[ ]+)?(?=[A-Za-z])", re.I
)
_WHETHER_WORD = _recache.compile(r"[A-Za-z][a-z]*(?:[-_][a-z]+)?|[A-Z][A-Z0-9_]+")
_WHETHER_END = _recache.compile(r"[ ]*(?:$|\n|[.;](?:\s|$))")
_WHETHER_ARTICLES = _recache.compile(r"(?:an?|the)[ ]+(?P<qx>`?)(?P<x>[a-z]+(?:[-_][a-z]+)?)(?P=qx)[ ]+or[ ]+(?:an?|the)[ ]+(?P<qy>`?)"
                               r"(?P<y>[a-z]+(?:[-_][a-z]+)?)(?P=qy)", re.I)
_NOT_WHETHER_VALUES = frozenset("not no yes true false null none set unset present absent".split())


def whether_alternatives(s: str, low: str) -> Iterator[Candidate]:
    """``Whether the link is public or private.``: two to four single words joined by "or" after
    "whether/if … is", ending the sentence, in the text's first sentence (which says what the
    value is). "Whether it is set or not" and "true or false" are a flag's, not a set."""
    first_end = _first_sentence_end(s)
    for m in _WHETHER.finditer(s, 0, first_end + 1):
        a = _WHETHER_ARTICLES.match(s, m.end())
        if a is not None:
            # "Whether the crate is a pallet or a drum": each word after its article
            if a.group("x").lower() != a.group("y").lower() and _WHETHER_END.match(s, a.end()) \
                    and not {a.group("x").lower(), a.group("y").lower()} & _NOT_WHETHER_VALUES:
                x = Item(a.group("x"), a.start("x"), a.end("x"), bool(a.group("qx")))
                y = Item(a.group("y"), a.start("y"), a.end("y"), bool(a.group("qy")))
                yield Candidate(x.start, Parsed([x, y], y.end), True, "whether-alternatives")
            continue
        p = parse_inline(s, m.end())
        if p is None or not 2 <= len(p.items) <= 4 or p.partial or any(i.quoted for i in p.items):
            continue
        if not OR_WORD.search(s[p.items[-2].end : p.items[-1].start]) or not _WHETHER_END.match(s, p.end):
            continue
        words = [i.value for i in p.items]
        if not all(_WHETHER_WORD.fullmatch(w) for w in words) or {w.lower() for w in words} & _NOT_WHETHER_VALUES:
            continue
        yield Candidate(p.items[0].start, p, True, "whether-alternatives")


_NOUN_ALT = _recache.compile(
    r"(?<![\w`'\"-])(?P<list>(?:[A-Za-z][\w-]{0,30}(?:[ ]*\((?:the[ ]+)?default\))?[ ]*,[ ]*){0,5}"
    r"[A-Za-z][\w-]{0,30}(?:[ ]*\((?:the[ ]+)?default\))?[ ]*,?[ ]+or[ ]+[A-Za-z][\w-]{0,30})[ ]+(?P<noun>[a-z]{3,20})\b(?![-'`\"])"
)
_NOUN_ALT_ITEM = _recache.compile(r"[A-Za-z][\w-]{0,30}")
# words that precede a noun without being values of it ("the old or new lid" is fine; "a or an" is not)
_NOT_NOUN_VALUES = frozenset(w.rstrip("*") for w in STOP_WORDS) | frozenset("a an and or but nor not either neither true false yes no".split())


_NOUN_THEN_ALT = _recache.compile(
    r"\b(?P<noun>[a-z]{3,20})[ ]+(?P<list>(?-i:[A-Z][A-Z0-9_]{1,30})(?:[ ]*,[ ]*(?-i:[A-Z][A-Z0-9_]{1,30})){0,5},?[ ]+or[ ]+"
    r"(?-i:[A-Z][A-Z0-9_]{1,30}))[ ]*(?:[.;]|$)"
)


def noun_alternatives(s: str, low: str) -> Iterator[Candidate]:
    """``Sends the lid in yaml or toml format.`` / ``packed in UPRIGHT or SIDEWAYS order``: single
    words joined by "or" right before a noun, in the text's first sentence; ``subject`` is that
    noun, and ``vocab`` keeps the list only when it is the field's own noun (these are the kinds
    of it)."""
    first_end = _first_sentence_end(s)
    if s.find(" or ", 0, first_end + 1) < 0:
        return  # both patterns join their words with "[ ]+or[ ]+" inside the first sentence
    for m in _NOUN_ALT.finditer(s, 0, first_end + 1):
        items = [Item(x.group(), m.start("list") + x.start(), m.start("list") + x.end(), False)
                 for x in _NOUN_ALT_ITEM.finditer(m.group("list")) if x.group().lower() not in ("or", "default", "the")]
        words = [i.value.lower() for i in items]
        if len(set(words)) != len(words) or set(words) & _NOT_NOUN_VALUES or m.group("noun") in _NOT_NOUN_VALUES:
            continue
        if not all(_BARE_CODE.fullmatch(i.value) for i in items):
            continue
        yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "noun-alternatives", subject=m.group("noun"))
    for m in _NOUN_THEN_ALT.finditer(s, 0, first_end + 1):
        # "The kiln protocol WOOD or GAS.": the noun, then codes that end the first sentence
        items = [Item(x.group(), m.start("list") + x.start(), m.start("list") + x.end(), False)
                 for x in _NOUN_ALT_ITEM.finditer(m.group("list")) if x.group() != "or"]
        if len({i.value for i in items}) == len(items) and not {i.value for i in items} & _ACRONYMS - {"HTTP", "HTTPS", "TLS", "SSL"}:
            yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "noun-alternatives", subject=m.group("noun"))


# "JR is Jar, LD is Lid, TN is Tin": a code in capitals, "is", what it stands for,
# each opening the text or following a comma, a semicolon or a sentence break
_IS_DEF = _recache.compile(r"(?:^|(?<=[,;.]\s)|(?<=[,;]))[ ]*(?P<tok>(?-i:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*))[ ]+is[ ]+(?!(?:not|also|only|the|a|an|required|optional|used|deprecated)\b)(?=\S)")


_IS_DEF_MARK = _recache.compile(r"[,;.]")


def _is_def_matches(s: str) -> list[re.Match[str]]:
    """``list(_IS_DEF.finditer(s))``, the pattern tried only where it can open: at the start,
    right after a comma or semicolon, and after one of them or a full stop and a blank."""
    at = {0}
    n = len(s)
    for m in _IS_DEF_MARK.finditer(s):
        i = m.start()
        if s[i] != ".":
            at.add(i + 1)
        if i + 1 < n and s[i + 1].isspace():
            at.add(i + 2)
    match = _IS_DEF.match
    return _matches_at(lambda p: match(s, p), sorted(at))


def is_definitions(s: str, low: str) -> Iterator[Candidate]:
    """``JR is Jar, LD is Lid, TN is Tin``: three or more codes in
    capitals, each defined by "is" in one paragraph (two could be any two sentences about
    acronyms)."""
    if low.count(" is ") < 3:
        return  # every match holds " is " (blanks collapsed in ``low``), and three are needed
    for para_start, para in _paragraphs(s):
        ms = [m for m in _is_def_matches(para) if m.group("tok") not in _ACRONYMS and len(m.group("tok")) >= 2]
        values = [m.group("tok") for m in ms]
        if len(ms) < 3 or len(set(values)) != len(values):
            continue
        items = [Item(m.group("tok"), para_start + m.start("tok"), para_start + m.end("tok"), False) for m in ms]
        yield Candidate(items[0].start, Parsed(items, items[-1].end), True, "is-definitions")


# "Gloss means a shiny coat. Matte indicates a dull one. Satin means …": a capitalised word, each
# opening a sentence (or a clause after a comma), then a verb that says what it means
_WORD_DEF_BEFORE = _recache.compile(
    r"(?:^|(?<=[.;:!?]\s)|(?<=\n)|(?<=,\s)|(?<=,\sand\s))(?P<v>[A-Z][A-Za-z0-9]{1,30})"
    r"(?:[ ]*\((?i:the[ ]+)?(?i:default)(?:[ ]+(?i:value))?\))?[ ]+$")
_WORD_DEF_KEYS = ("means", "indicates", "specifies", "denotes", "signifies")


def word_definitions(s: str, low: str) -> Iterator[Candidate]:
    """Three or more capitalised words, each opening a sentence or clause and defined by "means",
    "indicates" … (two could be any two sentences about names: "Azure indicates …"). Each verb is
    found by ``str.find`` and the word before it read back from there: the verbs are few, the
    positions a pattern would try are many."""
    at: list[int] = []
    for k in _WORD_DEF_KEYS:
        i = s.find(" " + k)
        while i >= 0:
            at.append(i)
            i = s.find(" " + k, i + 1)
    if len(at) < 3:
        return
    items: dict[str, Item] = {}
    for i in sorted(at):
        m = _WORD_DEF_BEFORE.search(s, max(0, i - 48), i + 1)
        if m is None:
            continue
        v = m.group("v")
        if v.lower() in _PROSE_WORDS or v.lower() in _LABELS or v in _ACRONYMS or v.endswith("ly"):
            continue  # ("Usually means …": an adverb opens the sentence)
        items.setdefault(v, Item(v, m.start("v"), m.end("v"), False))
    if len(items) >= 3 and len({value_case(v) for v in items}) == 1:  # (one shape: "Gloss", "Matte"; not "Kiln", "GAS")
        got = list(items.values())
        yield Candidate(got[0].start, Parsed(got, got[-1].end), True, "word-definitions")


# "Specify heavy to list big jars first. Specify light to list small jars first.": a bare word, each in a
# sentence of its own that says what asking for it returns
_ASK_VERBS = ("Specify", "Use", "Pass", "Enter", "Choose", "Select")
_ASK_SENTENCE = _recache.compile(
    r"(?:^|(?<=[.;:!?]\s)|(?<=\n))(?:" + "|".join(_ASK_VERBS) + r")\s+(?P<v>[a-z][a-z0-9_-]{1,15})\s+(?:to|for)\s+"
    r"(?:show|get|return|retrieve|list|include|see|sort|order|filter|display|fetch|receive|request)\b")


_PROSE_WORDS = frozenset(w for w in STOP_WORDS if not w.endswith("*")) | frozenset("a an it them this that".split())  # ("all", "none": values)


def ask_sentences(s: str, low: str) -> Iterator[Candidate]:
    """Two or more bare words, each asked for in a sentence of its own ("Specify asc to show …")."""
    if not _twice(s, _ASK_VERBS):
        return  # each match opens with its own capitalised verb (the pattern is case-sensitive): two are needed
    items: dict[str, Item] = {}
    for m in _ASK_SENTENCE.finditer(s):
        v = m.group("v")
        if v not in _PROSE_WORDS and v not in items:
            items[v] = Item(v, m.start("v"), m.end("v"), False)
    if len(items) >= 2:
        got = list(items.values())
        yield Candidate(got[0].start, Parsed(got, got[-1].end), True, "ask-sentences")


_QVALUE = _recache.compile(r"(?=[`\"“'])" + _QVTOK)
# … and a word set in emphasis ("Set to *fast* for …, or *slow* for …"): glossed values too
_QVALUE_EM = _recache.compile(r"(?=[`\"“'*])(?:" + _QVTOK + r"|(?<![\w*])\*[A-Za-z0-9][\w.-]{0,39}(?<![.-])\*(?![\w*]))")
_GLOSS_VERB = _recache.compile(r"\b(?:set|use|choose|select|specify|pass|enter)[ ]*$", re.I)
_PARAGRAPH_BREAK = _recache.compile(r"(\n\s*\n)")


def _paragraphs(s: str) -> Iterator[tuple[int, str]]:
    pos = 0
    for part in _PARAGRAPH_BREAK.split(s):
        if part and not part.isspace():
            yield pos, part
        pos += len(part)


# The gate keys of the two one-value-per-sentence detectors: every match of _VALUE_SENTENCE holds
# (or, for a lookahead branch, is followed by) its own occurrence of one of them, and every match
# of _COND_VALUE opens with one. The common words come first: a gate stops at its first (or, counted
# by _twice, its second) occurrence, so most texts that pass test only a few keys.
_VALUE_SENTENCE_KEYS = (" for ", "if ", "when ", "return", "use ", "set to", "equal", "select", "choos", "specify", "using",
                        "mean", "indicat", "signif", "represent", "denot", "allow", "enabl", "disabl",
                        "where", "show", "permit", "prohibit", "uses", "send", "keep", "appl", "ignor",
                        "creat", "remov", "adds", "once ", "set it to", "setting", "specifies", "instructs", "lets", "forces",
                        "turns", "value will be",
                        "value would be", "` will", "' will", '" will', "” will", "` would", "' would", '" would', "” would",
                        "` should", "' should", '" should', "” should", "` must", "' must", '" must', "” must")
_COND_VALUE_KEYS = (" for ", "if ", "when ", "set ", "once ", "while ", " is `", " is '", ' is "', " is “", " be `", " be '", ' be "', " be “")
# … and the "or"/"and" that opens its `or "x" to …` branch (whose lookahead word may be "to")
_VALUE_SENTENCE_COUNTED = (" or ", " and ", *_VALUE_SENTENCE_KEYS)


def _twice(text: str, keys: tuple[str, ...]) -> bool:
    """Whether the occurrences of ``keys`` in ``text`` number two or more (counted until two)."""
    n = 0
    for k in keys:
        n += text.count(k)
        if n >= 2:
            return True
    return False


Detector = Callable[[str, str], Iterator[Candidate]]
# (name, literal keys (one must occur in the lower-cased text; empty: always), facts the text must
# have (see ``_facts``), detector). Both gates are necessary conditions of a detector's match, so
# they change no result; they keep most descriptions from reaching the patterns at all.
DETECTORS: tuple[tuple[str, tuple[str, ...], frozenset[str], Detector], ...] = (
    ("definitions", (), frozenset({"lines"}), definition_lists),
    ("run-in", (" - ", " = ", ": ", " – ", " — "), frozenset({"code"}), run_in),
    ("colon-run-in", (":", "："), frozenset(), colon_run_in),
    ("quoted-alternatives", ("`", '"', "'", "“"), frozenset({"list"}), quoted_alternatives),
    ("bare-alternatives", (":", " or ", " - ", " – ", " — ", "either", "(", "by ", "as ", "are ", " be ", "choose", "specify",
                           "enter", "pass", "use", "select"), frozenset({"list"}), bare_alternatives),
    ("bracket-list", ("[",), frozenset({"code"}), bracket_lists),
    ("paren-list", ("(",), frozenset({"list"}), paren_lists),
    ("slash-list", ("/",), frozenset(), slash_lists),
    ("default-marked", ("default)",), frozenset({"list"}), default_marked),
    ("or-or", ("||",), frozenset(), or_or_lists),
    ("glossed", ("(",), frozenset({"code"}), glossed_values),
    ("paren-glosses", (" or ",), frozenset({"code"}), paren_glosses),
    ("glossed-alternatives", (" or ",), frozenset({"codes"}), glossed_alternatives),
    ("appositive", (" or ",), frozenset({"list"}), appositive_alternatives),
    ("whether-alternatives", ("whether", " if "), frozenset({"list"}), whether_alternatives),
    ("noun-alternatives", (" or ",), frozenset({"list"}), noun_alternatives),
    ("code-led", ("`", '"', "'", "“"), frozenset({"codes"}), code_led),
    ("sentence-run-in", (": ", "—", " – "), frozenset({"runs"}), sentence_run_in),
    ("numbered-run-in", ("2)", "2. "), frozenset(), numbered_run_in),
    ("is-definitions", (" is ",), frozenset({"codes"}), is_definitions),
    ("word-definitions", (), frozenset({"defs"}), word_definitions),
    ("ask-sentences", ("specify ", "use ", "pass ", "enter ", "choose ", "select "), frozenset(), ask_sentences),
    ("conditional-values", _COND_VALUE_KEYS, frozenset({"codes"}), conditional_values),
    ("value-sentences", _VALUE_SENTENCE_KEYS, frozenset({"codes"}), value_sentences),
)
# a quoted token, an UPPER_CODE, a camelCase or snake_case word: every value a run-in, a value
# sentence, a bracketed or glossed list can take has one of these shapes: a quote-like character,
# a letter followed by a capital (two capitals or a camelCase hump), or "_" between a lower-case
# letter or digit and another. Each shape is searched on its own, at the character ``re`` can
# scan for (the quote, the capital, the "_"; the character before it by a look-behind): one
# pattern of all three made ``re`` try every branch at every position of the text.
_CODE_QUOTE = _recache.compile(r"[`\"'“‘*]")
_CODE_HUMP = _recache.compile(r"[A-Z](?<=[A-Za-z][A-Z])")  # found at the capital: the shape starts one before
_CODE_SNAKE = _recache.compile(r"_(?<=[a-z0-9]_)[a-z0-9]")  # found at the "_": the shape starts one before


def _code_shapes(s: str) -> int:
    """How many code shapes (see above) ``s`` has, up to two: the first, and one more that starts
    after the character that follows it. Shapes cannot start at the same place (a quote is no
    letter; after the letter, a capital or a "_"), so the first of the three searches is the
    first of the one pattern that lists them; the second asks again only the searches whose
    first match starts too early (a match is the first at or after any place before it)."""
    q = _CODE_QUOTE.search(s)
    h = _CODE_HUMP.search(s, 1)  # (found at the capital: the shape starts one before)
    u = _CODE_SNAKE.search(s, 1)  # (found at the "_": the shape starts one before)
    best, end = -1, -1
    if q is not None:
        best, end = q.start(), q.end()
    if h is not None and (best < 0 or h.start() - 1 < best):
        best, end = h.start() - 1, h.end()
    if u is not None and (best < 0 or u.start() - 1 < best):
        best, end = u.start() - 1, u.end()
    if best < 0:
        return 0
    pos = end + 1  # a second shape starts here or after: at a quote from pos, at a capital or "_" from pos + 1
    if q is not None and (q.start() >= pos or _CODE_QUOTE.search(s, pos) is not None):
        return 2
    if h is not None and (h.start() >= pos + 1 or _CODE_HUMP.search(s, pos + 1) is not None):
        return 2
    if u is not None and (u.start() >= pos + 1 or _CODE_SNAKE.search(s, pos + 1) is not None):
        return 2
    return 1


def _facts(s: str, low: str) -> frozenset[str]:
    facts = []
    if "\n" in s and "\n" in s.strip():
        facts.append("lines")
    shapes = _code_shapes(s)
    if shapes:
        facts.append("code")
        # two values at least: every match of a one-value-per-sentence detector holds a code
        # token, and they keep only two distinct values or more
        if shapes == 2:
            facts.append("codes")
    # two items need a separator: "or", a slash, a bar, "and", or a comma
    if " or " in low or "/" in s or "|" in s or " and " in low or "," in s or "，" in s:
        facts.append("list")
    if low.count(": ") + s.count("—") + s.count(" – ") >= 3:
        facts.append("runs")
    if "means" in low or "indicates" in low or "specifies" in low or "denotes" in low or "signifies" in low:
        facts.append("defs")  # (word_definitions' verbs: in the facts, one test of a set serves the gate)
    return frozenset(facts)


_FACT_NAMES = ("lines", "code", "codes", "list", "runs", "defs")
# for each set of facts a text can have, the keys and function of each detector whose facts it
# has, in table order: looked up once per text, instead of testing every detector's facts
_BY_FACTS: dict[frozenset[str], tuple[tuple[tuple[str, ...], Detector], ...]] = {
    facts: tuple((keys, detect) for _name, keys, needs, detect in DETECTORS if needs <= facts)
    for facts in (frozenset(f for k, f in enumerate(_FACT_NAMES) if bits >> k & 1) for bits in range(1 << len(_FACT_NAMES)))
}


def candidates(s: str, low: str) -> Iterator[Candidate]:
    """Every detector whose gates open, in table order: the facts first (worked out once, they
    close most gates for less than a key search), then the keys."""
    for keys, detect in _BY_FACTS[_facts(s, low)]:
        if keys:
            for k in keys:  # (``has_any`` written out: ~1.5 million gates on a benchmark run, most of one key)
                if k in low:
                    break
            else:
                continue
        yield from detect(s, low)


STRUCTURAL = frozenset(name for name, _keys, _needs, _detect in DETECTORS)
