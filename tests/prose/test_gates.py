"""The cheap gates in front of the prose patterns: each must be a necessary condition, so a text
that passes no gate has no evidence, and one that does gets exactly what the patterns find."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from linter.prose import analyse, formats, may_state, standards, vocab


def _scan_keys(module) -> set[str]:  # type: ignore[no-untyped-def]
    """Every literal key of the ``scan(rx, s, low, keys)`` calls in a finder module's source."""
    src = Path(module.__file__).read_text(encoding="utf-8")
    keys: set[str] = set()
    for m in re.finditer(r"scan\(\w+, s, low, (\(.*?\))\)", src):
        keys |= set(ast.literal_eval(m.group(1)))
    assert keys, "no scan() call found: the source layout changed, update this test"
    return keys


@pytest.mark.parametrize("module", [formats, standards])
def test_union_gate_covers_every_scan_key(module) -> None:  # type: ignore[no-untyped-def]
    """``has_any(low, _KEYS)`` skips a finder's whole scan block: every key a scan is gated on must contain
    one of ``_KEYS`` (standards' "/" is gated by a continent's name instead, tested below)."""
    missing = {k for k in _scan_keys(module) if not any(u in k for u in module._KEYS)}
    assert missing == ({"/"} if module is standards else set())


def test_time_zone_example_after_slash_needs_no_other_key() -> None:
    """No "zone"/"tz" in the text: a continent before the "/" is what opens _TZ's gate."""
    ev = analyse("Where the meeting is held, e.g. America/New_York", name="tz", type="string")
    assert [(e.kind, e.data["standard"], e.text) for e in ev] == [
        ("standard", "IANA time zone", "e.g. America/New_York")
    ]
    ev = analyse('For example "Europe/Paris".', name="timezone", type="string")
    assert [(e.kind, e.data["standard"], e.text) for e in ev] == [("standard", "IANA time zone", '"Europe/Paris')]
    assert [e.kind for e in analyse("See https://example.com/docs for the list", name="venue", type="string")] == []


LABEL_TEXTS = [
    "Mode: fast or slow",
    "Intro.\nMode: fast or slow\n\nSize: big | small\n",
    "\n\n  Kind : a/b\nno label here\nx: y\n",
    "one line without a label",
    "a: b\n",
    "",
]


@pytest.mark.parametrize("text", LABEL_TEXTS)
def test_line_start_matching_equals_finditer(text: str) -> None:
    expected = [(m.span(), m.group("label")) for m in vocab._LABEL_LINE.finditer(text)]
    assert [(m.span(), m.group("label")) for m in vocab._at_line_starts(vocab._LABEL_LINE, text)] == expected


def test_line_start_matching_finds_each_label_line() -> None:
    text = "Intro.\nMode: fast or slow\n\nSize: big | small\n"
    assert [m.group("label") for m in vocab._at_line_starts(vocab._LABEL_LINE, text)] == ["Mode", "Size"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Name of the bucket.", False),
        ("The bucket's name", True),  # a quote character
        ("Maximum size", True),  # max\w*
        ("Use it up  to the end", True),  # up\s+to
        ("Set a host name", True),
        ("An e-mail", True),
        ("Xor the bytes", False),  # "or" only as a whole word
        ("ſuch a thing", True),  # re.I folds ſ to s, as the single pattern did
        ("Sort order, e. g. asc", True),  # _EXAMPLE_CUE's "e. g"
        ("Sort order, e.\u00a0g. asc", True),
        ("Set it to &quot;draft&quot; to hide it.", True),  # a quote once the entity is replaced
        ("Rows, one<br>of fast, slow", True),  # "one of" once the tag is a line break
        ("Bring it to &amp; fro", False),  # markup, but no cue in the prepared text either
        ("", False),
    ],
)
def test_may_state(text: str, expected: bool) -> None:
    assert may_state(text) is expected


def test_gate_text_collapses_blanks_and_folds_odd_case() -> None:
    from linter.prose.text import gate_text

    assert gate_text("Up\nTo  5\u00a0\u017fuch\tas \u2028 x") == "up to 5 such as x"
    assert gate_text("\u0130nclud\u0131ng") == "including"
    assert gate_text("  When \n") == " when "  # the edge blanks stay: keys such as "when " end in one
    assert gate_text("Plain text.") == "plain text."
    assert gate_text("") == ""


def test_noun_gate_is_off_for_odd_case_folding() -> None:
    """``ſtrings`` matches the pattern's ``strings?`` under re.IGNORECASE although the lower-case
    text does not contain "string": the noun gate must not skip the scan."""
    ev = analyse("Allowed ſtrings are `a` or `b`.", name="mode", type="string")
    assert [(e.kind, e.values) for e in ev] == [("closed_vocab", ("a", "b"))]


def test_pairs_without_cjk_need_a_numeric_pair() -> None:
    ev = analyse("Status code. 0 = off, 1 = on", name="state", type="integer")
    assert [(e.kind, e.values) for e in ev] == [("closed_vocab", ("0", "1"))]
    assert [e.kind for e in analyse("Released 2020-01-02 - see notes", name="state", type="string")] == []


def test_quote_gates_keep_every_quoted_cue() -> None:
    """_CAN_BE, _ONLY, _SINGLE and _SET_THIS run only when a quote follows their last word
    (past blanks, a colon or a line break): each of their last words still opens the gate."""
    cases = [
        ("The mode can be `fast` or `slow`.", "mode", "closed_vocab", ("fast", "slow")),
        ("The mode is either: `fast` or `slow`.", "mode", "closed_vocab", ("fast", "slow")),
        ("Sort order. Only `asc` is supported.", "order", "closed_vocab", ("asc",)),
        ("The value must be set to\n'v2'.", "version", "closed_vocab", ("v2",)),
        ("The only valid value is `v1`.", "version", "closed_vocab", ("v1",)),
        ('Set this field to "draft" to hide it.', "state", "example_vocab", ("draft",)),
        ("If the value is `all`, every row is returned.", "scope", "example_vocab", ("all",)),
    ]
    for text, name, kind, values in cases:
        assert [(e.kind, e.values) for e in analyse(text, name=name, type="string")] == [(kind, values)], text


def test_quote_gates() -> None:
    """Which of _CAN_BE, _ONLY, _SINGLE, _SET_THIS may match: by the word before each quote
    (blanks and a colon skipped); all of them when blanks may hide a cut-off word."""
    def gates(s: str) -> tuple[bool, bool, bool, bool]:
        return vocab._quote_gates(s, s.lower())

    assert gates('Can Be: `a` or "b"') == (True, False, True, False)
    assert gates("Sorted by `a`") == (False, True, False, False)
    assert gates("Use it as 'a'") == (False, False, False, True)
    assert gates("No cue here `a` `b`") == (False, False, False, False)
    assert gates("x" + " " * 50 + "`a`") == (True, True, True, True)
    assert gates("It is always" + " " * 36 + "`a`") == (True, True, True, True)  # "always" cut to "ways"
    assert gates("It is always" + " " * 20 + "`a`") == (True, False, False, False)
    assert gates(" " * 10 + "`a`") == (False, False, False, False)


def test_prepared_spans_point_into_the_original() -> None:
    """Spans of the prepared text map back through removed tags, replaced entities and links:
    a copied character to itself, a replacement to the whole markup it stands for."""
    from linter.prose.text import prepare

    d = "<p>A &amp; [link](http://x.y) <b>bold</b> <b>two words</b></p>"
    t = prepare(d)
    assert t.norm == "\nA & link `bold` two words\n"
    assert t.span(1, 2) == (3, 4)  # "A"
    assert t.span(3, 4) == (5, 10)  # "&" from "&amp;"
    assert t.span(5, 9) == (12, 16)  # "link", the link's text only
    assert t.span(10, 11) == (30, 33)  # the backtick that stands for <b> before one bold token
    assert t.span(11, 15) == (33, 37)  # "bold" inside <b>
    assert t.span(15, 16) == (37, 41)  # … and for </b>
    assert t.span(17, 26) == (45, 54)  # a bold phrase: its words, as plain text
    assert t.span(0, len(t.norm)) == (0, len(d))
    assert t.span(len(t.norm), len(t.norm)) == (len(d), len(d))
    assert t.span(3, 3) == (5, 5)
    empty = prepare("<b></b>")
    assert empty.norm == "" and empty.span(0, 0) == (7, 7)


# -- soundness of every gate, by property: gated analysis == ungated analysis -----------------------

import importlib  # noqa: E402
import json  # noqa: E402
from typing import Callable, Iterator  # noqa: E402

from linter.prose import bounds, text  # noqa: E402

_ANALYSE = importlib.import_module("linter.prose.analyse")
_FINDERS = (vocab, formats, bounds, standards)
_GOLD = Path(__file__).resolve().parents[1] / "data" / "gold" / "dev.jsonl"

# Texts a gate once let through only by luck (another key happening to occur): a key that is a
# multi-word or punctuated literal where the pattern allows other blanks or spellings.
GATE_TEXTS: list[tuple[str, str, str | None]] = [
    ("Sort order, e. g. asc.", "order", "string"),
    ("Sort order, e. g. `asc`.", "order", "string"),
    ("Kind of report, e.g `daily`.", "kind", "string"),
    ("Kind of report, such as `daily`.", "kind", "string"),
    ("Number of rows, up to 100.", "rows", "integer"),
    ("Number of rows, no more than 100.", "rows", "integer"),
    ("Number of rows, must be less than 100.", "rows", "integer"),
    ("Rows to skip, no less than 2.", "skip", "integer"),
    ("Rows to skip, must be greater than 2.", "skip", "integer"),
    ("Name of the tag; the first character must be a letter.", "tag", "string"),
    ("A name in one of the following forms:\n- `a/{b}`\n- `c/{d}`", "name", "string"),
    ("Mode. One of `fast`, `slow`.", "mode", "string"),
    ("The mode, one of: fast, slow", "mode", "string"),
    ("The date, e.g. 2020-01-02.", "since", "string"),
    ("Set this field to `draft` to hide it.", "state", "string"),
    ("If the value is `all`, every row is returned.", "scope", "string"),
    ("A two letter code of the state.", "region", "string"),
    ("Value, a regular expression.", "filter_rx", "string"),
    ("Allowed values are `a` and `b`.", "mode", "string"),
    ("Set it to &quot;draft&quot; to hide it.", "state", "string"),  # no cue but in the prepared text
    # each word a check around a found format needs (formats' _HEDGE_KEYS, _FREE_ALTERNATIVE_KEYS, _PART_BEFORE_KEYS)
    ("The day; it can also be written as YYYY-MM-DD.", "day", "string"),
    ("The time in the format HH:MM or any other text.", "time", "string"),
    ("The key, which starts with the time in the format HH:MM.", "key", "string"),
    ("The time; its default is in the format HH:MM.", "time", "string"),
    ("Once the lid is sealed, the count must be at most 5.", "count", "integer"),  # bounds' _COND_BEFORE_KEYS
    ("Tier of the plan, any string. Examples: `gold`, `silver`.", "tier", "string"),  # vocab's _STRONG_FREE_KEYS
    ("Mode of the lid (options : fast, slow)", "mode", "string"),  # vocab's _VALUES_LABEL_KEYS (a blank before the colon)
]

# Mutations a description may carry and the patterns accept: other blanks between words (a
# line break of YAML folded text, a double space, a tab, NBSP, a Unicode line separator),
# spellings of "e.g.", the characters re.IGNORECASE folds to ASCII letters (ſ→s, ı→i), and
# markup the prepared text drops or replaces (``may_state`` looks at the text as written).
MUTATIONS: dict[str, Callable[[str], str]] = {
    "as-is": lambda s: s,
    "double-space": lambda s: s.replace(" ", "  "),
    "newline": lambda s: s.replace(" ", "\n"),
    "tab": lambda s: s.replace(" ", "\t"),
    "nbsp": lambda s: s.replace(" ", "\u00a0"),
    "line-separator": lambda s: s.replace(" ", "\u2028"),
    "space-newline": lambda s: s.replace(" ", " \n "),
    "e. g.": lambda s: re.sub(r"\be\.g\.", "e. g.", s, flags=re.I),
    "E.G.": lambda s: re.sub(r"\be\.g\.", "E.G.", s, flags=re.I),
    "e.g": lambda s: re.sub(r"\be\.g\.", "e.g", s, flags=re.I),
    "nbsp-entity": lambda s: s.replace(" ", "&nbsp;"),
    "br-tag": lambda s: s.replace(" ", "<br>"),
    "quote-entities": lambda s: s.replace('"', "&quot;").replace("'", "&apos;"),
    "bold": lambda s: re.sub(r"(\w+)", r"**\1**", s, count=3),
    "long-s": lambda s: s.replace("s", "\u017f"),
    "dotless-i": lambda s: s.replace("i", "\u0131"),
}


def _inputs() -> list[tuple[str, str, str | None]]:
    """The gold dev descriptions (real spec prose, every finder exercised) and GATE_TEXTS."""
    out = list(GATE_TEXTS)
    for line in _GOLD.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            out.append((rec["description"], rec.get("name") or "", rec.get("type")))
    return out


def _evidence(d: str, name: str, ty: str | None) -> list[tuple[str, tuple[int, int], str, tuple[str, ...], str]]:
    return [(e.kind, e.span, e.text, e.values, json.dumps(e.data, sort_keys=True)) for e in analyse(d, name=name, type=ty)]


def _ungated(cases: list[tuple[str, str, str | None]]) -> tuple[list[list], list[tuple[str, tuple[str, ...], str]]]:  # type: ignore[type-arg]
    """The analysis of ``cases`` with every gate off: ``may_state``, the finders' union gates
    (``has_any``), the quote gates of vocab, and each ``scan``, which also records where its
    keys would have skipped a pattern that matches (pattern, keys, text): the per-scan form of
    the property."""
    misses: list[tuple[str, tuple[str, ...], str]] = []

    def scan(rx: "re.Pattern[str]", s: str, low: str, keys: tuple[str, ...]) -> "Iterator[re.Match[str]]":
        if not text.has_any(low, keys) and rx.search(s) is not None:
            misses.append((rx.pattern[:60], keys, s))
        return rx.finditer(s)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_ANALYSE, "may_state", lambda d: bool(d))
        for mod in _FINDERS:
            mp.setattr(mod, "scan", scan)
            if hasattr(mod, "has_any"):
                mp.setattr(mod, "has_any", lambda low, keys: True)
        mp.setattr(vocab, "_quote_gates", lambda s, low: (True, True, True, True))
        return [_evidence(*c) for c in cases], misses


@pytest.mark.parametrize("mutation", list(MUTATIONS))
def test_gated_analysis_finds_exactly_what_the_patterns_find(mutation: str) -> None:
    """For every input and mutation: each gated scan is skipped only where its pattern finds
    nothing, and the whole analysis (every gate on) equals the one with every gate off."""
    cases = [(MUTATIONS[mutation](d), name, ty) for d, name, ty in _inputs()]
    gated = [_evidence(*c) for c in cases]
    free, misses = _ungated(cases)
    assert sorted(set(misses)) == []
    wrong = [(c, g, f) for c, g, f in zip(cases, gated, free) if g != f]
    assert wrong == []
    assert sum(map(len, free)) > 30  # the inputs do exercise the finders (under every mutation)


# the one pattern the three code-shape searches stand for (structure._code_shapes)
_ONE_CODE_PATTERN = re.compile(r"[`\"'“‘*]|[A-Za-z][A-Z]|[a-z0-9]_[a-z0-9]")


def _facts_by_one_pattern(text: str) -> set[str]:
    out = set()
    m = _ONE_CODE_PATTERN.search(text)
    if m:
        out.add("code")
        if _ONE_CODE_PATTERN.search(text, m.end() + 1):
            out.add("codes")
    return out


def test_code_facts_equal_the_one_pattern() -> None:
    """Every string over the characters that make or break a shape, up to five long (each shape
    at every place, next to every other), and some prose: the same facts as the one pattern."""
    from itertools import product

    from linter.prose import structure

    alphabet = "aZ_1`'* "
    texts = ["".join(p) for n in range(6) for p in product(alphabet, repeat=n)]
    texts += ["The name of the bucket.", "Set `x` or 'y'", "ABC", "a_b c_d", "fooBar", "A_", "_a", "“x”", "x1_y2Z"]
    for text in texts:
        assert structure._facts(text, text.lower()) & {"code", "codes"} == _facts_by_one_pattern(text), text


def test_detectors_by_facts_keep_the_table() -> None:
    """``candidates`` looks up the detectors a text's facts allow: for every set of facts, those of
    the table whose facts it has, in table order; and every set ``_facts`` gives is one of them."""
    from linter.prose import structure

    assert all(needs <= set(structure._FACT_NAMES) for _n, _k, needs, _d in structure.DETECTORS)
    assert len(structure._BY_FACTS) == 2 ** len(structure._FACT_NAMES)
    for facts, entries in structure._BY_FACTS.items():
        assert entries == tuple((k, d) for _n, k, needs, d in structure.DETECTORS if needs <= facts)
    seen = {structure._facts(s, text.gate_text(s)) for s in _shortcut_inputs()}
    assert seen <= set(structure._BY_FACTS) and len(seen) > 10


# -- the detectors' own shortcuts: each equals the plain form it stands for ----------------------

_SHORTCUT_TEXTS = [
    "The size - small or large. Can be hourly or nightly. kind of report: day_r1, week_r1.",
    "Choose from Tin and Jar; options are TIN_LID, JAR_LID (default). set to fast or slow.",
    "When set to `LOCAL`, the jar is kept. Use 'Banded' for stripes. If `x`, then y. "
    "The value will be `a` if b. `green` or `grey` means go; and `c` for cold. SET TO X",
    "Sort by name or by date, as asc/desc. Either one of a|b; select between 1 and 9!  x_y z.",
    "Be-ware: usE, SELECT, OF, FROM. nothing_here. a.`b` specify `c`. ſet to `x`; İf `y`, use K.",
    "(a, b) - c — d – e: f? g_h_i.",
    "Foo. Type 'x' will go. JsonValue means y. A_B for c; ABC for d.\nThe value of `x` means y, Mode `z` will stop."
    " Returns `q`.  Status 'r' will end, Kind \"s\" will; xY means z. Ab1Cd uses w. The type `t` would do.",
]


def _shortcut_inputs() -> list[str]:
    texts = list(_SHORTCUT_TEXTS)
    for d, _name, _ty in _inputs():
        texts += [MUTATIONS[m](d) for m in ("as-is", "newline", "long-s", "dotless-i", "bold")]
    return texts


def test_bare_leads_equal_the_one_pattern() -> None:
    """``_bare_leads`` (found in the lower-cased text where it has the same offsets) lists exactly
    the matches of _BARE_LEAD_AT, and with a stop where a separator starts, exactly those that end
    there or before."""
    from linter.prose import structure

    for s in _shortcut_inputs():
        expected = [(m.start(), m.end(), m.group("codes") is not None) for m in structure._BARE_LEAD_AT.finditer(s)]
        assert structure._bare_leads(s, len(s)) == expected, s
        # up to where a separator starts: the matches that end there or before
        for stop in {max(s.rfind(" "), s.rfind("/"), s.rfind("|"), s.rfind(",")), s.find(" "), s.find(","), -1}:
            assert structure._bare_leads(s, stop) == [x for x in expected if x[1] <= stop], (s, stop)


def test_value_sentence_matches_equal_finditer() -> None:
    """``_value_sentence_matches`` (the pattern tried only where it can start, its word-led
    branches only at a cue word) finds what ``finditer`` of the whole pattern finds: the same
    spans, the same value token (the detector reads the first group that is set) and clause mark."""
    from linter.prose import structure

    def read(m: "re.Match[str]") -> tuple[tuple[int, int], str, str | None]:
        return m.span(), next(g for g in m.groups() if g), m.group("wc")

    found = 0
    for s in _shortcut_inputs():
        expected = [read(m) for m in structure._VALUE_SENTENCE.finditer(s)]
        assert [read(m) for m in structure._value_sentence_matches(s)] == expected, s
        found += len(expected)
    assert found > 50


def test_bare_pair_possible_is_necessary() -> None:
    """Wherever ``bare_pair_possible`` says no, ``parse_inline`` finds no list of two items or
    more that opens with an unquoted one (and it does say no at most places)."""
    from linter.prose.lists import bare_pair_possible, parse_inline

    said_no = 0
    for s in _shortcut_inputs()[::3]:
        for pos in range(len(s) + 1):
            if not bare_pair_possible(s, pos):
                said_no += 1
                p = parse_inline(s, pos)
                assert p is None or len(p.items) < 2 or p.items[0].quoted, (s, pos)
    assert said_no > 10_000


# (shortcut, the pattern it stands for, the group it reads, pieces put together in every order of
# four, texts of its own, how many matches the texts must hold at least)
_START_SHORTCUTS = [
    ("_code_led_matches", "_CODE_LED", "v", [". ", ".", " ", "\n", "- ", "•\t", "while ", "whereas ", "`a` is ", "'b' means "],
     ["`a` is on. `b` is off.", "- `x` means one\n- `y` means two", "\n `k` is ok", "awhile `x` is", "x;  `y` is z"], 1000),
    ("_paren_list_matches", "_PAREN_LIST", "body", ["(", ")", " ", "x", "a, b", "\n", "i.e. "],
     ["Type of zone (Public or Private).", "x  (a, b) (c, d)", " (a, b)", "(a or b)", "kind ((a, b))"], 300),
    ("_is_def_matches", "_IS_DEF", "tok", [",", ";", ".", " ", "\t", "AB is x", "C_D is y"],
     ["JR is Jar, LD is Lid; TN is Tin. AB is Ab", "X is y,Z is w;  Q is r.\tP is s"], 1000),
]


@pytest.mark.parametrize("shortcut, pattern, group, pieces, own, least", _START_SHORTCUTS)
def test_start_shortcut_equals_finditer(
    shortcut: str, pattern: str, group: str, pieces: list[str], own: list[str], least: int
) -> None:
    """Each detector that tries its pattern only where a match can open (after the characters
    its openings follow; once per "(") finds what ``finditer`` finds: on the gold texts, its
    own, and every arrangement of four of the pieces that make or break an opening."""
    from itertools import product

    from linter.prose import structure

    texts = _shortcut_inputs() + own + ["".join(p) for p in product(pieces, repeat=4)]
    rx, fast = getattr(structure, pattern), getattr(structure, shortcut)
    found = 0
    for s in texts:
        expected = [(m.span(), m.group(group)) for m in rx.finditer(s)]
        assert [(m.span(), m.group(group)) for m in fast(s)] == expected, s
        found += len(expected)
    assert found > least


def test_quoted_pair_possible_is_necessary() -> None:
    """At every place a quoted token starts: where ``quoted_pair_possible`` says no, the
    quoted-only list read from that token has fewer than two items (and it says no at most)."""
    from linter.prose.lists import QTOK, parse_inline, quoted_pair_possible

    said_no = tokens = 0
    texts = _shortcut_inputs() + ["'A' 'B' or 'C'", "`a` (x), `b`", "`a` (x) `b`", "`a`, etc", '"a" | "b"', "`a`,\n`b`"]
    for s in texts:
        for q in filter(None, (QTOK.match(s, i) for i in range(len(s)))):
            tokens += 1
            if not quoted_pair_possible(s, q.end()):
                said_no += 1
                p = parse_inline(s, q.start(), quoted_only=True)
                assert p is None or len(p.items) < 2, (s, q.start())
    assert said_no > tokens // 2


def test_cond_values_possible_is_necessary() -> None:
    """Where ``_cond_values_possible`` says no, _COND_VALUE matches fewer than two times, and
    none when the text says "default" (asked as if each text did: every single match has its
    end), on the gold texts, texts of its own and every arrangement of three of the pieces its
    ends are made of; and it says no to most gold texts."""
    from itertools import product

    from linter.prose import structure

    pieces = ["If the lid ", "set it to ", "Set Lid seal to ", "is ", "WAS ", "are\n", "to be ", "will be ", "`a`", "'b'",
              '"c"', "“d””", "TIGHT", "the mode for jars ", ". ", " default", "\u017fet ", "\u0131s "]
    own = ["If the state is `ON`, a. If the state is `OFF`, b.", "Set Lid seal to TIGHT. Set Lid seal to LOOSE.",
           "The default is `x`. When the lid is set to  'y', z.", "the kind for jars is `a`; the kind for tins is `b`.",
           "The unit will be `px`, else the unit will be\n'in'.", "Set the mode to be “warm”. Set the mode to be \"cold\".",
           "If the kind was `a`, x. If the kinds are `b`, y.", "Set it to TIGHT, or set it to LOOSE_FIT."]
    gold = _shortcut_inputs()
    texts = gold + own + ["".join(p) for p in product(pieces, repeat=3)]
    said_no = once = twice = 0
    for k, s in enumerate(texts):
        low = text.gate_text(s)
        n = len(structure._COND_VALUE.findall(s))
        once += n >= 1
        twice += n >= 2
        if n >= 1:
            assert structure._cond_values_possible(s, low, True), s
        if n >= 2:
            assert structure._cond_values_possible(s, low, False), s
        said_no += k < len(gold) and not structure._cond_values_possible(s, low, "default" in low)
    assert once > 300 and twice >= 12 and said_no > len(gold) * 3 // 4


# Patterns whose opening look-ahead is part of what they say, not a test of the first character
# ("an opaque id: ten characters or more, a letter and a digit"; "a code: capitals and digits with a capital")
_SEMANTIC_LOOKAHEADS = {("vocab", "_OPAQUE"), ("structure", "_CODE_TOKEN")}


def _without_first_lookahead(pattern: str) -> str:
    """``pattern`` without its opening ``(?=…)`` group (brackets and escapes inside it skipped)."""
    depth = i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            j = i + 1 + (pattern[i + 1 : i + 2] == "^")
            j += pattern[j : j + 1] == "]"
            while pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            i = j + 1
            continue
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return pattern[i + 1 :]
        i += 1
    raise ValueError(pattern)


def test_first_character_lookaheads_change_no_match() -> None:
    """The finders' patterns that open with a look-ahead on where a match can start (a class of
    first characters, a word's first letters: only to let ``re`` reject most places with one
    test) find what they find without it, on the gold texts under mutations and phrases of the
    alternatives a first character stands for."""
    from linter.prose import structure

    own = ["The limit is 40 characters.", "the maximum you can set is 9", "Exactly 12 characters.", "Its length must be exactly 3.",
           "A 12-character string.", "length: 8 characters", "Must be 4 characters long", "It can be at most 5; no more than 6.",
           "less than or equal to 7, limited to 8, as many as 9, cannot exceed 10 ≤ 11 <= 12"]
    texts = _shortcut_inputs() + own
    checked = 0
    for mod in (bounds, formats, structure, vocab, standards, text):
        for name, rx in vars(mod).items():
            if not isinstance(rx, re.Pattern) or not rx.pattern.startswith("(?=") or (mod.__name__.split(".")[-1], name) in _SEMANTIC_LOOKAHEADS:
                continue
            plain = re.compile(_without_first_lookahead(rx.pattern), rx.flags)
            checked += 1
            for s in texts:
                assert [m.span() for m in rx.finditer(s)] == [m.span() for m in plain.finditer(s)], (name, s)
    assert checked > 40
