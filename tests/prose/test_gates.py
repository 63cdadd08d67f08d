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
        ("", False),
    ],
)
def test_may_state(text: str, expected: bool) -> None:
    assert may_state(text) is expected


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

    d = "<p>A &amp; [link](http://x.y) <b>bold</b></p>"
    t = prepare(d)
    assert t.norm == "\nA & link bold\n"
    assert t.span(1, 2) == (3, 4)  # "A"
    assert t.span(3, 4) == (5, 10)  # "&" from "&amp;"
    assert t.span(5, 9) == (12, 16)  # "link", the link's text only
    assert t.span(10, 14) == (33, 37)  # "bold" inside <b>
    assert t.span(0, len(t.norm)) == (0, len(d))
    assert t.span(len(t.norm), len(t.norm)) == (len(d), len(d))
    assert t.span(3, 3) == (5, 5)
    empty = prepare("<b></b>")
    assert empty.norm == "" and empty.span(0, 0) == (7, 7)
