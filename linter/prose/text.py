"""Description text prepared for matching: HTML and markdown noise removed, with a map back to
the original code-point offsets so evidence spans point into the description as written."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from linter import _recache

# One pass over the markup that real specs put in descriptions. Each alternative is replaced by
# a short plain-text equivalent (a newline for block tags, a backtick for <code>, the character
# for an entity); a markdown link keeps its text only.
_MARKUP = _recache.compile(
    r"""
    (?=[<&*\[\\])  # every alternative starts with one of these: most positions fail this one test
    (?:(?P<comment><!--(?s:.*?)-->)  # not rendered: nothing it holds is said to the reader
   |(?P<block><br\s*/?>|</?p(?:\s[^>]*)?>|</?(?:ul|ol|div|table|tbody|thead|dl|pre|blockquote|remarks)(?:\s[^>]*)?>|</li>|</d[td]>|\\n)
   |(?P<li><li(?:\s[^>]*)?>|<d[td](?:\s[^>]*)?>)
   |(?P<tr><tr(?:\s[^>]*)?>|</tr>)
   |(?P<cell><t[dh](?:\s[^>]*)?>)
   |(?P<code></?(?:code|tt|kbd|samp|var)(?:\s[^>]*)?>)
   |(?P<boldcode>(?:<(?:b|strong)>[ ]*|\*\*)(?P<btext>(?=[\w.+/-]*[A-Za-z])[A-Za-z0-9][\w.+/-]{0,39}(?<![.+/-]))(?P<bpunct>[.]?)(?:[ ]*</(?:b|strong)>|\*\*)(?![\w*]|[ ]*[:：]))
   |(?P<tag></?(?:a|b|i|em|strong|span|u|sup|sub|small|font|h[1-6]|caption|section|article|header|footer|nav|img)(?:\s[^>]*)?/?>|</t[dh]>)
   |(?P<ent>&(?:lt|gt|amp|quot|apos|nbsp|\#\d{1,6}|\#x[0-9a-fA-F]{1,6});)
   |(?P<bold>\*\*)
   |(?P<link>\[(?P<ltext>[^\]\n]{1,200})\]\([^)\s]{1,500}\)))
    """,
    re.X | re.I,
)
# bold words that label a part of the text rather than name a value
_BOLD_LABELS = frozenset("""note notes important warning caution tip deprecated example examples default defaults required
    optional conditional beta preview experimental new notice info see also caveat warnings limitations limits""".split())
_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'", "nbsp": " "}
_SPACES = str.maketrans({"\u00a0": " ", "\u2007": " ", "\u202f": " ", "\u3000": " ", "\t": " "})


@dataclass(frozen=True, slots=True)
class Text:
    """``norm`` is what the matchers see; ``pieces`` maps it back to ``original`` (``None`` when
    nothing was changed, i.e. the identity map).

    ``pieces`` is ``(norm_starts, spans)``: ``norm`` cut into consecutive non-empty pieces, piece
    ``k`` starting at ``norm_starts[k]`` and covering ``spans[k] = (orig_start, orig_end, copied)``
    of the original. A copied piece maps character by character; a replacement (``\\n`` for
    ``<br>``, ``<`` for ``&lt;``) maps each of its characters to the whole markup it replaced.
    Only the pieces are recorded, not a per-character map: most texts never yield evidence, so
    the offsets are looked up (by bisection) only for the few spans that are reported."""

    original: str
    norm: str
    pieces: tuple[list[int], list[tuple[int, int, bool]]] | None = None

    def _start(self, i: int) -> int:
        """Original offset where ``norm[i]`` starts (``starts[i]`` of a per-character map)."""
        keys, spans = self.pieces  # type: ignore[misc]  # only called when pieces is not None (span() checks)
        k = bisect_right(keys, i) - 1
        a, b, copied = spans[k]
        return a + (i - keys[k]) if copied else a

    def _end(self, i: int) -> int:
        """Original offset where ``norm[i]`` ends (``ends[i]`` of a per-character map)."""
        keys, spans = self.pieces  # type: ignore[misc]  # only called when pieces is not None (span() checks)
        k = bisect_right(keys, i) - 1
        a, b, copied = spans[k]
        return a + (i - keys[k]) + 1 if copied else b

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Original offsets of ``norm[start:end]``."""
        if self.pieces is None:
            return (start, end)
        if end <= start:
            pos = self._start(start) if start < len(self.norm) else len(self.original)
            return (pos, pos)
        return (self._start(start), self._end(end - 1))


def has_markup(s: str) -> bool:
    """Whether ``prepare`` may change more than blanks in ``s`` (a tag, an entity, bold, a link)."""
    # (substring tests: far cheaper than a scan for one class of characters, some 40 instructions
    # a character in ``re``)
    return "<" in s or "&" in s or "*" in s or "[" in s or "\\n" in s


def prepare(description: str) -> Text:
    """Strip markup (HTML tags, entities, ``**bold**``, markdown links, literal ``\\n``)."""
    # (_SPACES maps a tab and non-ASCII blanks only: most texts hold neither and are kept as they are)
    plain = description.translate(_SPACES) if "\t" in description or not description.isascii() else description
    if not has_markup(plain):
        return _masked(Text(description, plain), plain) if "```" in plain else Text(description, plain)
    out: list[str] = []
    keys: list[int] = []
    spans: list[tuple[int, int, bool]] = []
    n = 0  # length of norm so far
    pos = 0

    def piece(text: str, start: int, end: int, copied: bool) -> None:
        nonlocal n
        out.append(text)
        keys.append(n)
        spans.append((start, end, copied))
        n += len(text)

    for m in _MARKUP.finditer(plain):
        if m.start() > pos:
            piece(plain[pos : m.start()], pos, m.start(), True)
        kind = m.lastgroup
        if kind == "block":
            piece("\n", m.start(), m.end(), False)
        elif kind == "li":
            piece("\n- ", m.start(), m.end(), False)
        elif kind == "tr":
            piece("\n", m.start(), m.end(), False)
        elif kind == "cell":
            piece("| ", m.start(), m.end(), False)
        elif kind == "code":
            piece("`", m.start(), m.end(), False)
        elif kind == "ent":
            name = m.group()[1:-1]
            if name.startswith("#x") or name.startswith("#X"):
                char = chr(int(name[2:], 16))
            elif name.startswith("#"):
                char = chr(int(name[1:]))
            else:
                char = _ENTITIES[name.lower()]
            piece(char, m.start(), m.end(), False)
        elif kind == "boldcode":
            ts, te = m.span("btext")
            if plain[ts:te].lower() in _BOLD_LABELS or plain.count("`", 0, m.start()) % 2:
                piece(plain[ts:te], ts, te, True)  # "**Note**", "**Required**": a label, as plain words
            else:
                # "<strong>none</strong> indicates …": one bold token is set apart as a literal, the
                # way a code span is (a bold phrase stays plain words)
                piece("`", m.start(), ts, False)
                piece(plain[ts:te], ts, te, True)
                pe = m.end("bpunct")
                piece("`", te, pe if pe > te else m.end(), False)  # ("**fax.**": the stop ends the sentence)
                if pe > te:
                    piece(plain[te:pe], te, pe, True)
        elif kind == "link":
            if plain.count("`", 0, m.start()) % 2:
                continue  # inside a code span it is text ("`[a-z]([a-z0-9]{0,8})`"): a code span binds first
            ts, te = m.span("ltext")
            piece(plain[ts:te], ts, te, True)
        # "tag", "bold" and "comment" vanish
        pos = m.end()
    if pos == 0:
        return _masked(Text(description, plain), plain)
    if pos < len(plain):
        piece(plain[pos:], pos, len(plain), True)
    return _masked(Text(description, "".join(out), (keys, spans)), plain)


_SAMPLE = _recache.compile(r"<pre\b.*?</pre>|```.*?```", re.S | re.I)


def _masked(t: Text, plain: str) -> Text:
    """Blank out code samples (``<pre>``, fenced blocks): a sample request or response shows
    other fields' values, not constraints on this one."""
    regions = [m.span() for m in _SAMPLE.finditer(plain)]
    if not regions:
        return t
    inside = bytearray(len(plain))  # 1 at each original offset within a sample: one test per character
    for a, b in regions:
        inside[a:b] = b"\x01" * (b - a)
    chars = list(t.norm)
    for i, ch in enumerate(chars):
        o = t._start(i) if t.pieces is not None else i
        if ch != "\n" and inside[o]:
            chars[i] = " "
    return Text(t.original, "".join(chars), t.pieces)


_QUOTES = "`\"'“”‘’「」『』*"
_TRAIL = ".,;:!?。，；：、)）]"


_CODE_WORD = _recache.compile(r"[A-Za-z_][\w.-]*")


def clean_token(token: str) -> str:
    """The literal a client would send: quotes, backticks and trailing punctuation removed."""
    t = token.strip()
    if len(t) > 4 and t[:2] in ("__", "**") and t.rstrip(_TRAIL).endswith(t[:2]) and " " not in t:
        t = t.rstrip(_TRAIL)[2:-2]  # "* __last-lid__: …": Markdown bold around the literal, not part of it
    for _ in range(3):
        before = t
        t = t.strip()
        if len(t) >= 2 and t[0] in _QUOTES and t[-1] in _QUOTES:
            if t[0] == "`":  # code is literal: `a/[B]` keeps its bracket, `'x'` loses its quotes
                t = t[1:-1].strip()
                if len(t) >= 2 and ((t[0] in "\"'" and t[-1] == t[0]) or (t[0] in "“”‘’" and t[-1] in "“”‘’")):
                    return t[1:-1]  # `"x"`, `”x”` (a typographic quote typed inside code)
                if t.endswith((":", "：")) and _CODE_WORD.fullmatch(t[:-1]):
                    return t[:-1]  # "- `PAUSED:` the job waits": the definition's colon typed inside the code
                return t
            t = t[1:-1]
        t = t.rstrip(_TRAIL) if not (t and t[-1] in _QUOTES) else t
        if t == before:
            break
    return t.strip()


_WORD_SPLIT = _recache.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def name_words(name: str) -> list[str]:
    """``uploadType``/``upload_type``/``X-Upload-Type`` → ``["upload", "type"]`` (lower case)."""
    return list(_name_words(name or ""))


@lru_cache(maxsize=65536)
def _name_words(name: str) -> tuple[str, ...]:
    """Cached: every finder asks for the same field name's words, several times per description."""
    return tuple(w.lower() for w in _WORD_SPLIT.findall(name))


def same_name(a: str, b: str) -> bool:
    """Whether two identifiers name the same field (case, separators and dotted prefixes ignored)."""
    ka = _name_key(a)
    return bool(ka) and ka == _name_key(b)


_NOT_NAME_CHAR = _recache.compile(r"[\W_]")


@lru_cache(maxsize=4096)
def _name_key(s: str) -> str:
    """What :func:`same_name` compares (cached: a field's own name is compared with every token)."""
    return _NOT_NAME_CHAR.sub("", s.rsplit(".", 1)[-1].lower())


_BULLET_LABEL = _recache.compile(
    r"(?=[-*•`])"  # the first character of either form: one class test rejects most positions
    r"(?:(?:^|(?<=\s))[-*•][ \t]+(?:`(?P<q>[A-Za-z_$][\w.$-]*)`[ \t]*(?:[:：]|[-–—][ \t])"
    r"|(?P<b>[a-z]+(?:[A-Z][a-z0-9]+)+|[a-z0-9]+(?:_[a-z0-9]+)+)[ \t]*(?:[:：]|[-–—][ \t])"
    r"|(?P<w>[a-z][a-z0-9]+)[ \t]+[-–—][ \t])"
    r"|(?:^|(?<=[.\n][ ])|(?<=\n))`(?P<q2>[A-Za-z_$][\w.$-]*)`[ \t]+[-–—][ \t])"
)


def other_bullet(s: str, pos: int, name: str) -> bool:
    """Whether ``pos`` lies in a bullet item labelled with another field's name
    ("* countrycode - a two letter code …" in the description of ``provider``): what it says is
    about that field. Labels must look like identifiers, so "* Max length: 12" still counts."""
    labels = _bullet_labels(s)
    if not labels:
        return False
    para = max(s.rfind("\n\n", 0, pos), 0)
    last = None
    for start, end, label in labels:
        if start < para:
            continue
        if end > pos:
            break
        last = label
    return last is not None and not same_name(last, name)


@lru_cache(maxsize=8)
def _bullet_labels(s: str) -> tuple[tuple[int, int, str], ...]:
    """Every identifier-labelled bullet of a text, computed once for all the checks on it."""
    if "-" not in s and "*" not in s and "•" not in s and "—" not in s and "–" not in s:
        return ()
    return tuple(
        (m.start(), m.end(), m.group("q") or m.group("b") or m.group("w") or m.group("q2")) for m in _BULLET_LABEL.finditer(s)
    )


# Characters that ``re.IGNORECASE`` matches to an ASCII letter although their ``lower()`` is not
# that letter (İ ı ſ K). A gate that looks for a lower-case word in ``s.lower()`` is only a sound
# "no match possible" test when none of them occurs, so the finders' extra gates check this first.
_ODD_CASE = _recache.compile("[\u0130\u0131\u017f\u212a]")


def odd_case(s: str) -> bool:
    """Whether ``s`` holds a character that defeats substring gates on ``s.lower()`` (see above)."""
    return not s.isascii() and _ODD_CASE.search(s) is not None  # (all four are non-ASCII)


_ODD_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})


@lru_cache(maxsize=1)
def gate_text(s: str) -> str:
    """The text the finders' literal key gates look in: ``s`` lower-cased, with each run of
    whitespace (``\\s``: newlines, tabs, NBSP, every ``str.isspace`` character) collapsed to one
    space and the odd case-folding characters (``odd_case``) folded to the ASCII letter
    ``re.IGNORECASE`` matches them to. The patterns allow ``\\s+`` (or ``[ ]+``) between the
    words of a key such as "up to" or "such as", and fold ``ſ`` to ``s``: only in this text does
    every match contain its key. For gating only: its offsets are not those of ``s``.
    The four finders ask for the same text in turn: the last answer is kept, so it is worked
    out once per description."""
    if s.isascii():
        # Most texts: no odd character, and ASCII whitespace other than " " is a control
        # character, so two C-speed tests tell whether there is anything to collapse.
        low = s.lower()
        if "  " in low or not low.isprintable():
            low = _collapse(low)
    else:
        low = _collapse((s.translate(_ODD_FOLD) if _ODD_CASE.search(s) is not None else s).lower())
    return low


def _collapse(low: str) -> str:
    """Each run of whitespace in ``low`` as one space (a blank at either edge kept: "when ")."""
    flat = " ".join(low.split())
    if len(flat) != len(low):
        if low[:1].isspace():
            flat = " " + flat
        if low[-1:].isspace() and flat[-1:] != " ":
            flat += " "
    return flat


# ``\bor\b`` (the word "or"), written so that ``re`` can scan for the literal "or": a pattern that
# starts with a word boundary costs a match attempt at every position. One pattern for every finder.
OR_WORD = _recache.compile(r"or\b(?<=\bor)")
# the finders' plain tokens: words of Latin letters, of lower-case letters, runs without blanks
LATIN_WORD = _recache.compile(r"[A-Za-z]+")
LOWER_WORD = _recache.compile(r"[a-z]+")
NON_SPACE = _recache.compile(r"\S+")


def has_any(low: str, keys: tuple[str, ...]) -> bool:
    """Whether one of the literal ``keys`` occurs in ``low`` (the finders' cheap gates)."""
    for k in keys:
        if k in low:
            return True
    return False


def scan(rx: "re.Pattern[str]", s: str, low: str, keys: tuple[str, ...]) -> "Iterator[re.Match[str]]":
    """``rx.finditer(s)``, skipped outright when none of the literal ``keys`` occurs in ``low``:
    most descriptions contain no cue for most patterns, and ``in`` is far cheaper than a scan.
    (``has_any`` written out: the finders make some 800,000 of these calls on a benchmark run.)"""
    for k in keys:
        if k in low:
            return rx.finditer(s)
    return _NOTHING


_NOTHING: "Iterator[re.Match[str]]" = iter(())  # exhausted for good: one empty iterator serves every skipped scan
