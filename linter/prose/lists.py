"""Parsing the value lists that follow a cue in prose: inline (``a, b or c``), bullet blocks,
inline bullets (``- `a`: meaning - `b`: meaning``), definition lines and markdown tables.

The parser is deliberately strict about what counts as a token: a quoted/backticked literal, or
one bare word-like token followed by a separator or the end of the clause. A bare word followed
by more words is prose ("can be the name of a user"), and stops the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from linter import _recache
from linter.prose.text import clean_token, same_name

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
QTOK = _recache.compile(
    r"`[^`\n]{1,80}`|\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”|'[^'\n]{1,60}'(?!\w)|‘[^’\n]{1,60}’"
    r"|「[^」\n]{1,60}」|『[^』\n]{1,60}』|\*[^*\s][^*\n]{0,40}\*"
)
_BC = r"A-Za-z0-9_$.+\-/*#@%~\u00c0-\u024f"
_BE = r"A-Za-z0-9_$#@%*+\u00c0-\u024f"
BARE = _recache.compile(rf"[{_BC}]*[{_BE}](?:\.\.\.|…)?")
_CJK_CHAR = _recache.compile(rf"[{_CJK}]")
_CJK_RUN = _recache.compile(rf"[{_CJK}]+")
# Chinese writes no spaces between words, so a run of CJK characters may hold several values
# joined by a conjunction ("公开或私有") or end in a particle ("已取消之一", "服装等").
_CJK_OR = _recache.compile(r"或者|或是|或")
_CJK_AND = _recache.compile(r"以及|和|及|与|與")
CJK_TAIL = _recache.compile(
    r"其中之一|之一|中的一[个個种種项項]|中任[一意]|[一二两兩三四五六七八九十几幾][种種个個类類项項]|之间|之間"
)
_CJK_ETC = _recache.compile(r"等等?$")
MAX_CJK_TOKEN = 10
# a soft line break (one newline inside a paragraph, not before a bullet or a numbered item) is a
# space to CommonMark: "values are `a`\nor `b`" is one list. (The conjunctions are written in
# lower case, or capitalised; in upper case only before another token: "NOR (Norwegian)" and
# "AND, ORI" are codes of a list, not its joints.)
_WS = r"(?:[ ]*\n(?![ ]*(?:\n|[-*•+][ ]|\d+[.)][ ]))[ ]*|[ ]+)"
_CONJ = r"(?:(?-i:and/or|and|or|nor|And|Or)|(?-i:AND|OR|NOR)(?=[ ]+[A-Za-z0-9`\"']))"
_SEP = _recache.compile(
    rf"""
    [ ]*(?P<p>\|\||[,，、;；|｜])(?:{_WS}|[ ]*)(?:{_CONJ}{_WS})?
   |{_WS}(?:{_CONJ}|as[ ]well[ ]as){_WS}
   |[ ]*(?:或者|或是|或|和|及|与|與|以及)[ ]*
   |[ ]*／[ ]*|[ ]+/[ ]+|(?<=[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[ ]*/[ ]*(?=[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])
   |[ ]*(?P<ell>\.{{2,3}}|…)[ ]*,?[ ]*
    """,
    re.X | re.I,
)
_CONJ_BEFORE = _recache.compile(r"\b(?:or|and|nor)\b[ \n]*$", re.I)
_OPEN_WORD = _recache.compile(r"(?:any|other|others|another|custom|some|more)\b", re.I)
_CONJ_IN = _recache.compile(r"\b(?:or|and|nor)\b", re.I)
_COMBINATION = _recache.compile(
    r"(?:any|all)\s+(?:(?:comma|space)[- ]separated\s+)?combinations?\b|an?\s+(?:comma|space)[- ]separated\s+(?:list|combination)\b", re.I
)
_NEXT_BULLET = _recache.compile(r"(?:[ \t]*\n)+[ \t]*\\?[-*•·+](?:[ \t]+\S|[`\"'])")
_SOFT_BREAK = _recache.compile(r"\n(?![ ]*(?:\n|\\?[-*•+](?:[ ]|[`\"'])|\d+[.)][ ]))[ ]*")
_SPACE_SEP = _recache.compile(r"(?P<p>)(?P<ell>)[ ]+")
_GLUED = _recache.compile(r"[:/=][^\s]")
_PAREN = _recache.compile(r"[ ]*[(（](?:[^()（）\n]|\n(?![ ]*\n)){0,160}[)）]")  # (a gloss may wrap onto the next line)
_MEANING = _recache.compile(r"[ ]*(?:[:：=]|[-–—]+(?=[ ]|[A-Z]))")
_TERM = _recache.compile(r"[ ]*(?:$|\n|[.。!！?？](?=\s|$)|[.。](?=[A-Z,])|[)）\]},，;；:：。]|[-–—](?=[ ]))")
_PARTIAL_AFTER = _recache.compile(
    r"[ ]*,?[ ]*(?:etc\b\.?|and[ ]so[ ]on|and[ ]more|among[ ]others|or[ ]others|and[ ]others|…|\.\.\.|等)",
    re.I,
)
_ETC = {"etc", "etc.", "等", "等等"}
STOP_WORDS = frozenset(
    """the any some this that these those following each every its their your our which what
    who whom set to be is are was of in on for with by from as at if when where more other such
    it they there here than then only also not no-op see use using e.g i.e eg ie same both* one
    two three all* none* values value""".split()
)
_STOP = frozenset(w for w in STOP_WORDS if not w.endswith("*"))

# a bullet as authors write one: "- a", "* a", and also "\\* a" (escaped) and "*`a`" (no blank before code)
BULLET_LINE = _recache.compile(r"^(?P<ind>[ \t]*)(?P<m>\\?[-*•·+])(?:[ \t]+|(?=[`\"']))", re.M)
_INLINE_MARK = _recache.compile(r"(?:(?<=\s)|^)[-*•](?=[ ]+\S)")
_TABLE_SEP = _recache.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(slots=True)
class Item:
    value: str
    start: int
    end: int
    quoted: bool


@dataclass(slots=True)
class Parsed:
    items: list[Item]
    end: int
    partial: bool = False
    style: str = "inline"  # inline | block | bullets | table
    gaps: list[int] = field(default_factory=list)  # indexes after which an ellipsis stood

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(i.value for i in self.items)


def _token_at(t: str, i: int) -> tuple[re.Match[str] | None, bool]:
    m = QTOK.match(t, i)
    if m:
        return m, True
    m = BARE.match(t, i)
    if m is None and i < len(t) and _CJK_CHAR.match(t, i):
        m = cjk_token(t, i)
    return m, False


def cjk_token(t: str, i: int) -> re.Match[str] | None:
    """The first value of the CJK run at ``i``: cut before a conjunction that joins two words
    (one character each side for 或 "or", two for 和/及/与 "and", which also occur inside words),
    before a trailing particle (之一, 两种) and before a trailing 等 "etc." that leaves a word of
    two or more characters (中等 "medium" stays whole). ``None`` when the run is too long to be a
    value."""
    run = _CJK_RUN.match(t, i)
    if run is None:
        return None
    end = run.end()
    for p in range(i + 1, end - 1):
        for rx, need in ((_CJK_OR, 1), (_CJK_AND, 2)):
            c = rx.match(t, p, end)
            if c and p - i >= need and end - c.end() >= need:
                end = p
                break
        else:
            continue
        break
    word = t[i:end]
    for k in range(1, len(word)):
        if CJK_TAIL.fullmatch(word, k):
            end = i + k
            break
    else:
        e = _CJK_ETC.search(word)
        if e and e.start() >= 2:
            end = i + e.start()
    if end - i > MAX_CJK_TOKEN:
        return None
    return _CJK_RUN.match(t, i, end)


def _bare_ok(value: str, first: bool) -> bool:
    low = value.lower()
    if not value or len(value) > 40:
        return False
    if first and low in _STOP:
        return False
    if low in ("e.g", "i.e", "eg", "ie"):
        return False
    return True


_COMMA_GAP = _recache.compile(r"[ ]*,?[ ]*")


# The lists of the text read last, by where they start: several finders ask for the list at one place
# (on the APIs.guru corpus one call in seven asks again, most of them the appositive finder reading
# where the bare-alternatives finder read already). The text is held, so ``is`` cannot match a new
# string at a freed one's address; the pair is replaced in one assignment; what is returned is never
# changed in place by a caller (its items are read, or copied into a new Parsed).
_LAST: list[tuple[str | None, dict[tuple[int, bool, int], "Parsed | None"]]] = [(None, {})]


def parse_inline(t: str, pos: int, *, quoted_only: bool = False, max_items: int = 200) -> Parsed | None:
    """A separator-delimited list starting at ``pos`` (``a, b, and c`` / ``a | b`` / ``a、b 或 c``)."""
    last, memo = _LAST[0]
    if last is not t:
        memo = {}
        _LAST[0] = (t, memo)
    key = (pos, quoted_only, max_items)
    if key in memo:
        return memo[key]
    got = memo[key] = _parse_inline(t, pos, quoted_only, max_items)
    return got


def _first_token(t: str, pos: int) -> int:
    """Where the first token of the inline list at ``pos`` starts (as ``_parse_inline`` skips to it)."""
    i = pos
    while i < len(t) and t[i] in " \t:：":
        i += 1
    soft = _SOFT_BREAK.match(t, i)  # "supported values are\ndaily and monthly": a soft break is a space
    if soft is not None and ":" not in t[max(0, pos - 2) : i] and "：" not in t[max(0, pos - 2) : i]:
        i = soft.end()
    return i


def bare_pair_possible(t: str, pos: int) -> bool:
    """False when ``parse_inline(t, pos)`` cannot give two items or more with an unquoted first
    one: its first token is quoted, missing or a word of prose (``_bare_ok``), or no separator
    follows it. The first steps of ``_parse_inline``, without the rest of its reading: most places
    a finder asks at ("of the jar, or …", "by default, …") fail here."""
    i = _first_token(t, pos)
    m, quoted = _token_at(t, i)
    if m is None or quoted:
        return False
    raw = m.group()
    if raw.endswith(("..", "…")):
        return True  # (an ellipsis may go on without a separator: left to the parse)
    # (the separator first: it is missing at six places in seven, and costs less than the token's cleaning)
    return _separator(t, m.end(), False)[1] is not None and _bare_ok(clean_token(raw), True)


def quoted_pair_possible(t: str, end: int) -> bool:
    """False when ``parse_inline(t, start, quoted_only=True)``, where a quoted token spans
    ``start`` to ``end``, cannot give two items: no separator (after its gloss, if any) or no
    other quoted token follows it. The second step of ``_parse_inline``, without the rest."""
    s = _separator(t, end, True)[1]
    return s is not None and QTOK.match(t, s.end()) is not None


def _separator(t: str, j: int, spaced: bool) -> tuple[re.Match[str] | None, re.Match[str] | None]:
    """What follows a list's token that ends at ``j``: its gloss (``_PAREN``) if any, and the
    separator after that (None when none follows). ``spaced``: blanks alone separate it from a
    quoted token that follows them ("'A' 'B' or 'C'": quoted values set apart by spaces only)."""
    p = _PAREN.match(t, j)
    s = _SEP.match(t, p.end() if p else j)
    if s is None and spaced and p is None:
        sp = _SPACE_SEP.match(t, j)
        if sp is not None and QTOK.match(t, sp.end()) is not None:
            s = sp
    return p, s


def _parse_inline(t: str, pos: int, quoted_only: bool, max_items: int) -> Parsed | None:
    i = _first_token(t, pos)
    items: list[Item] = []
    cut = False  # the list broke off at an item after "and"/"or" ("a, b or c must be set")
    conj = 0  # separators with "and"/"or" passed
    style: bool | None = None  # True when the list is written with quoted tokens
    sep_class: str | None = None
    ells: list[int] = []
    partial = False
    end = pos
    while len(items) < max_items:
        m, quoted = _token_at(t, i)
        if m is None:
            break
        raw = m.group()
        if not quoted and quoted_only:
            break
        if style is True and not quoted:
            break
        value = clean_token(raw)
        if value.lower() in _ETC:
            partial = True
            break
        ellipsis = (not quoted) and (raw.endswith("..") or raw.endswith("…"))
        if not quoted and not _bare_ok(value, not items):
            cut = bool(items)
            break
        j = m.end()
        p, s = _separator(t, j, quoted and style is not False)
        after_paren = p.end() if p else j
        k = j
        while k < len(t) and t[k] == " ":
            k += 1
        cjk_switch = (
            not quoted
            and s is None
            and k < len(t)
            and bool(_CJK_CHAR.match(t, k)) != bool(_CJK_CHAR.match(value[-1]))
            and not p
        )
        # (what ends the list is looked for only when no separator follows)
        follows_ok = bool(s) or cjk_switch or ellipsis or bool(
            _TERM.match(t, after_paren) or _PARTIAL_AFTER.match(t, after_paren) or CJK_TAIL.match(t, after_paren))
        if not quoted and not p and _GLUED.match(t, j) and not _CJK_CHAR.match(value[-1]):
            follows_ok = False  # "arn:aws:…", "a/b": part of a longer token
        if not quoted and not follows_ok:
            cut = bool(items)
            break  # a bare word followed by more words is prose, not a token
        items.append(Item(value, m.start(), m.end(), quoted))
        end = after_paren if p else m.end()
        if style is None:
            style = quoted
        if cjk_switch:
            break
        if ellipsis:
            ells.append(len(items) - 1)
            s2 = _COMMA_GAP.match(t, j)
            i = s2.end() if s2 else j
            continue
        if s is None:
            break
        if _CONJ_IN.search(s.group()):
            conj += 1
        if s.group("ell"):
            ells.append(len(items) - 1)
        elif s.group("p"):
            cls = {"，": ",", "；": ";", "｜": "|"}.get(s.group("p"), s.group("p"))
            if sep_class is None:
                sep_class = cls
            elif cls != sep_class and not (cls == ";" and p is not None and quoted):
                break  # (but "`a`, `b` (gas kilns); `c` (electric kilns)": groups, each glossed)
        nxt, nq = _token_at(t, s.end())
        if nxt is None:
            break
        i = s.end()
    if not items:
        return None
    if cut and conj == 1 and _CONJ_BEFORE.search(t, end, i):
        # (after "a, b, and c", a further ", and more words" is a clause of its own)
        # "one of a, b or c must be set": the last item runs on into prose, so the list is not
        # what the text lists ("a, b, or any other name": an open one)
        if _COMBINATION.match(t, i):
            pass  # "a, b, and c, or any combination of them": the set, several at a time
        elif _OPEN_WORD.match(t, i):
            partial = True
        else:
            return None
    pm = _PARTIAL_AFTER.match(t, end)
    if pm:
        partial = True
        end = pm.end()
    if ells:
        expanded = _expand_ellipsis(items, ells)
        if expanded is None:
            partial = True
        else:
            items = expanded
    return Parsed(items, end, partial, "inline")


def _expand_ellipsis(items: list[Item], ells: list[int]) -> list[Item] | None:
    """``1, 2, 4, 6, 8... 64`` → every value; ``None`` when the gap cannot be filled exactly."""
    out: list[Item] = []
    for idx, it in enumerate(items):
        out.append(it)
        if idx not in ells:
            continue
        if idx == len(items) - 1 or idx < 1:
            return None
        try:
            a, b, nxt = int(items[idx - 1].value), int(it.value), int(items[idx + 1].value)
        except ValueError:
            return None
        step = b - a
        if step <= 0 or (nxt - b) % step or not 0 < (nxt - b) // step <= 1000:
            return None
        for v in range(b + step, nxt, step):
            out.append(Item(str(v), it.end, it.end, False))
    return out


_ITEM_END = _recache.compile(r"[ ]*(?:$|[:：=,.;，。；)]|[-–—]+[ ]|\(|（|or[ ]+[`\"'])")
_INLINE_BULLET = _recache.compile(r"[ ]+[-*•][ ]")
_PAREN_NEXT = _recache.compile(r"[ ]*[(（]")
_LINE_END = _recache.compile(r"[ ]*[,.;。，；]?[ ]*$")


def _item_in_body(t: str, i: int, line_end: int, *, inline: bool) -> Item | None:
    """The token that opens a bullet item's body, if the body is ``token [sep meaning]``."""
    m, quoted = _token_at(t, i)
    if m is None:
        return None
    value = clean_token(m.group())
    if not value:
        return None
    j = m.end()
    rest = t[j:line_end]
    if quoted:
        if _ITEM_END.match(rest) or (inline and _INLINE_BULLET.match(rest)):
            return Item(value, m.start(), j, True)
        return None
    rest = t[j:line_end]
    if not _bare_ok(value, True) and not (not inline and value[:1].isupper() and not rest.strip() and len(value) <= 40) \
            and not (not inline and value.isalpha() and _MEANING.match(rest)):
        return None  # "- On" alone on its bullet is a value, so is "- it - Italian"; "- the …" opens prose
    if (
        not rest.strip()
        or _MEANING.match(rest)
        or _PAREN.match(rest)
        or (not inline and _PAREN_NEXT.match(rest))  # "- Moved (If this value is chosen, … [a long note])"
        or _LINE_END.match(rest)
        or (inline and _INLINE_BULLET.match(rest))
    ):
        return Item(value, m.start(), j, False)
    return None


def _line_end(t: str, i: int) -> int:
    e = t.find("\n", i)
    return len(t) if e < 0 else e


def parse_bullets(t: str, pos: int) -> Parsed | None:
    """A bullet list (or definition lines of quoted tokens) right after ``pos``; inline bullets
    when the list continues on the cue's own line."""
    i = pos
    while i < len(t) and t[i] in " \t:：":
        i += 1
    eol = _line_end(t, i)
    if t[i:eol].strip():
        line_start = t.rfind("\n", 0, i) + 1
        if not t[line_start:i].strip() and BULLET_LINE.match(t, line_start) and _NEXT_BULLET.match(t, eol):
            # the list opens the text ("* `LID` - Lid\n* `JAR` - Jar of clay"): bullet lines,
            # each "value - meaning", not one run of inline bullets across the lines
            block = _parse_block(t, line_start)
            if block is not None and len(block.items) >= 2:
                return block
        return _parse_inline_bullets(t, i)
    # block: skip up to two blank lines
    k = eol
    blanks = 0
    while k < len(t) and blanks <= 2:
        nxt_end = _line_end(t, k + 1)
        line = t[k + 1 : nxt_end]
        if line.strip():
            break
        blanks += 1
        k = nxt_end
    start = k + 1
    if start >= len(t):
        return None
    first = BULLET_LINE.match(t, start)
    if first and _INLINE_MARK.search(t, first.end(), _line_end(t, start)):
        # "- a - b - c" on one line; but "- de - German" followed by more bullet lines is a block
        # of "value - meaning" items
        block = _parse_block(t, start) if _NEXT_BULLET.match(t, _line_end(t, start)) else None
        if block is not None and len(block.items) >= 2:
            return block
        inline = _parse_inline_bullets(t, first.start("m"))
        if inline is not None and len(inline.items) >= 2:
            return inline
    return _parse_block(t, start)


# keys of a note on the field itself, written as one more bullet after its values
_META_KEYS = frozenset("encoding charset format pattern type length minlength maxlength min max minimum maximum "
                       "default example examples note notes required optional size".split())


_MORE_QUOTED = _recache.compile(r"[ ]*,[ ]*[`\"'“]")


def _parse_block(t: str, start: int) -> Parsed | None:
    items: list[Item] = []
    indent: int | None = None
    defn = False
    pos = start
    end = start
    prev_blank = False
    while pos < len(t):
        eol = _line_end(t, pos)
        line = t[pos:eol]
        if not line.strip():
            prev_blank = True
            pos = eol + 1
            continue
        ind = len(line) - len(line.lstrip(" \t"))
        bm = BULLET_LINE.match(t, pos)
        item: Item | None = None
        if bm and bm.end() <= eol:
            if indent is not None and ind > indent + 1:
                pos = eol + 1  # nested bullet: part of the previous item's meaning
                continue
            item = _item_in_body(t, bm.end(), eol, inline=False)
            if item is None:
                break
            if items and not item.quoted and item.value.lower() in _META_KEYS:
                break  # "* Encoding: ASCII", "* maxLength: 1": notes on the field after its values, not values
            if item.quoted and _MORE_QUOTED.match(t, item.end):
                # "- `mc`, `mcdebit`, `mcprepaid`": a bullet that groups several values holds them all
                run = parse_inline(t, item.start, quoted_only=True)
                if run is not None and len(run.items) >= 2 and run.end <= eol:
                    items.extend(run.items[:-1])
                    item = run.items[-1]
            if indent is None:
                indent = ind
        elif (indent is None or defn) and QTOK.match(t, pos + ind):
            q = QTOK.match(t, pos + ind)
            assert q is not None
            if _MEANING.match(t, q.end()) or q.end() == eol:
                item = Item(clean_token(q.group()), q.start(), q.end(), True)
                defn = True
                if indent is None:
                    indent = ind
        if item is None:
            if items and (ind > (indent or 0) or not prev_blank):
                pos = eol + 1  # wrapped meaning of the previous item
                prev_blank = False
                continue
            break
        items.append(item)
        end = eol
        prev_blank = False
        pos = eol + 1
    if not items:
        return None
    return Parsed(items, end, False, "block")


def _parse_inline_bullets(t: str, i: int) -> Parsed | None:
    m = _INLINE_MARK.match(t, i)
    if not m:
        return None
    para_end = t.find("\n\n", i)
    para_end = len(t) if para_end < 0 else para_end
    items: list[Item] = []
    end = i
    marks = list(_INLINE_MARK.finditer(t, i, para_end))
    for n, mk in enumerate(marks):
        body = mk.end()
        while body < para_end and t[body] == " ":
            body += 1
        item = _item_in_body(t, body, _line_end(t, body), inline=True)
        if item is None and n == len(marks) - 1 and len(items) >= 2:
            item = _last_inline_item(t, body, items)
        if item is None:
            if not items:
                return None
            continue
        items.append(item)
        end = item.end
    if not items:
        return None
    return Parsed(items, end, False, "bullets")


_CODE_SHAPE = _recache.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")


def _last_inline_item(t: str, body: int, items: list[Item]) -> Item | None:
    """``* BYTES * STRING * JSON Default is BYTES.``: the last bullet runs on into the prose that
    follows the list; its first token is an item when it has the shape of every item before it
    (all quoted, or all codes in capitals)."""
    m, quoted = _token_at(t, body)
    if m is None:
        return None
    value = clean_token(m.group())
    if quoted and all(i.quoted for i in items) or (
            not quoted and _CODE_SHAPE.fullmatch(value) and all(not i.quoted and _CODE_SHAPE.fullmatch(i.value) for i in items)):
        return Item(value, m.start(), m.end(), quoted)
    return None


VALUE_HEADERS = frozenset(
    "value values code codes option options enum type types status mode state 值 取值 枚举值 枚舉值 可选值 可選值 参数值 參數值 代码 代碼 编码 編碼".split()
)


_CELL_ROW = _recache.compile(r"^\|[ ]?(?P<cell>[^|\n]*)\|", re.M)
_WORD = _recache.compile(r"\w+")


def _value_header(cell: str, name: str, others: list[str]) -> bool:
    """Whether a first column's header names a column of values: "Value", "Code" …, or the field
    itself ("| Lid Kind | Meaning |" in the description of ``lid_kind``) when no other column is
    headed as the values ("| Glaze | Glaze Code |": the first column names what the codes stand for)."""
    head = clean_token(cell)
    if head.lower() in VALUE_HEADERS:
        return True
    return bool(name) and same_name(head, name) and not any(
        w in VALUE_HEADERS for o in others for w in _WORD.findall(o.lower()))


def _html_tables(t: str, name: str) -> list[Parsed]:
    """Tables written in HTML: ``prepare`` turns each ``<tr>`` into a line and each cell into a
    ``| `` mark, with no separator row. A header row whose first cell names a value column opens
    the table; the rows after it (blank lines between them allowed) give the first column."""
    out: list[Parsed] = []
    rows = list(_CELL_ROW.finditer(t))
    i = 0
    while i < len(rows):
        head = rows[i]
        i += 1
        if not _value_header(head.group("cell"), name, t[head.end() : _line_end(t, head.start())].split("|")):
            continue
        if i > 1 and not t[_line_end(t, rows[i - 2].start()) : head.start()].strip():
            continue  # a row in the middle of a table ("| State | ST |"), not its header
        items: list[Item] = []
        end = _line_end(t, head.start())
        while i < len(rows) and not t[end : rows[i].start()].strip():
            cell = rows[i].group("cell")
            value = clean_token(cell)
            if not value or (" " in value and not QTOK.match(cell.strip())):
                break
            st = rows[i].start("cell") + (len(cell) - len(cell.lstrip()))
            items.append(Item(value, st, st + len(cell.strip()), bool(QTOK.match(cell.strip()))))
            end = _line_end(t, rows[i].start())
            i += 1
        if len(items) >= 2:
            out.append(Parsed(items, end, False, "table"))
    return out


_TABLE_RULE = _recache.compile(r"^[^\n]*-{3,}[^\n]*$", re.M)


def parse_tables(t: str, name: str = "") -> list[Parsed]:
    """Markdown tables whose first column is headed like a value column (``| Value | Meaning |``,
    or the field's own name), and HTML tables that ``prepare`` turned into cell lines."""
    out: list[Parsed] = []
    if "---" not in t:
        return _html_tables(t, name) if "\n| " in t else out  # no separator row: most descriptions stop here
    for sep in _TABLE_RULE.finditer(t):
        if not _TABLE_SEP.match(sep.group()):
            continue
        head_end = sep.start() - 1
        if head_end <= 0:
            continue
        head_start = t.rfind("\n", 0, head_end) + 1
        header = t[head_start:head_end]
        cells = [c.strip() for c in header.strip().strip("|").split("|")]
        if not cells or not _value_header(cells[0], name, cells[1:]):
            continue
        items: list[Item] = []
        pos = sep.end() + 1
        end = pos
        while pos < len(t):
            eol = _line_end(t, pos)
            row = t[pos:eol]
            if "|" not in row or not row.strip():
                break
            lead = len(row) - len(row.lstrip(" |"))
            cell_end = row.find("|", lead)
            cell = row[lead : cell_end if cell_end >= 0 else len(row)]
            value = clean_token(cell)
            if not value or (" " in value and not QTOK.match(cell.strip())):
                break
            s = pos + lead + (len(cell) - len(cell.lstrip()))
            items.append(Item(value, s, s + len(cell.strip()), bool(QTOK.match(cell.strip()))))
            end = eol
            pos = eol + 1
        if len(items) >= 2:
            out.append(Parsed(items, end, False, "table"))
    return out
