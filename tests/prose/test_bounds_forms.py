"""Bound phrasings added for prose nobody tuned the analyser on: exact lengths, ranges whose
numbers carry a note, "as many as", "cannot be greater than", "[a..b]"; and the character
classes that only look like ranges. Descriptions are written for these tests."""

from __future__ import annotations

import pytest

from linter.prose import analyse


def bounds(d: str, name: str = "f", type_: str | None = "string") -> list[dict[str, object]]:
    return [dict(e.data) for e in analyse(d, name=name, type=type_) if e.kind == "bounds"]


@pytest.mark.parametrize(
    ("description", "type_", "data"),
    [
        ("A 24 character string that names the tray.", "string", [{"minLength": 24, "maxLength": 24}]),
        ("Tray code. Length: 6 characters.", "string", [{"minLength": 6, "maxLength": 6}]),
        ("The PIN; its length must be 6.", "string", [{"minLength": 6, "maxLength": 6}]),
        ("A note that can contain as many as 300 characters.", "string", [{"maxLength": 300}]),
        ("Shelf label. Must not be more than 40 characters.", "string", [{"maxLength": 40}]),
        ("Lid width, cannot be greater than 9000.", "integer", [{"maximum": 9000}]),
        ("Wait, between 30 (half a minute) and 600 (ten minutes).", "integer", [{"minimum": 30, "maximum": 600}]),
        ("How many trays to list, in the range of [1..40].", "integer", [{"minimum": 1, "maximum": 40}]),
        ("Trays per page (1 .. 40)", "integer", [{"minimum": 1, "maximum": 40}]),
        ("Must be between `2` and `8`.", "integer", [{"minimum": 2, "maximum": 8}]),
        ("The maximum number of trays that can be returned is 40.", "integer", [{"maximum": 40}]),
        ("Optional label with a 90 character limit.", "string", [{"maxLength": 90}]),
    ],
)
def test_bound_forms(description: str, type_: str, data: list[dict[str, object]]) -> None:
    assert bounds(description, type_=type_) == data


@pytest.mark.parametrize(
    "description",
    [
        "Letters (a-z), numbers (0-9) and dashes; between 1 and 12 characters.",
        "Must be 12 characters or less in length.",
    ],
)
def test_character_classes_and_open_lengths_are_not_exact(description: str) -> None:
    got = bounds(description)
    assert {"minLength": 0, "maxLength": 9} not in got
    assert all(d.get("minLength") != d.get("maxLength") for d in got)


@pytest.mark.parametrize(
    ("description", "type_", "data"),
    [
        ("**Character limit**: 16", "number", []),  # the length of a number's text: no keyword states it
        ("Character limit: 16", None, [{"maxLength": 16}]),
        ("Needs server version 8.3 or higher.", "array", []),
        ("Requires API version 2 or later.", "integer", []),
    ],
)
def test_versions_and_character_limits_are_read_as_what_they_bound(description: str, type_: str | None, data: list[dict[str, object]]) -> None:
    assert bounds(description, type_=type_) == data


def evidence(d: str, name: str, type_: str | None) -> list[tuple[str, str, dict[str, object], tuple[str, ...]]]:
    """Kind, text, data and values of the bounds evidence, each span checked against its text."""
    out = []
    for e in analyse(d, name=name, type=type_):
        if e.kind == "bounds":
            assert d[e.span[0] : e.span[1]] == e.text
            out.append((e.kind, e.text, dict(e.data), e.values))
    return out


# "The maximum <what> is N": the noun phrase between the cue and the number says what is bounded
COPULA = [
    ("Shelf note. Max length for the note is 48 characters.", "note", "string",
     "Max length for the note is 48 characters", {"maxLength": 48}),
    ("Crate code; the maximum count of characters accepted is 24.", "code", "string",
     "maximum count of characters accepted is 24", {"maxLength": 24}),
    ("Trays per request. Max page size is 250.", "take", "integer", "Max page size is 250", {"maximum": 250}),
    ("How many trays one page lists; maximum count of trays permitted on a page is 60.", "limit", "integer",
     "maximum count of trays permitted on a page is 60", {"maximum": 60}),
    ("Rows wanted. Max limit for $count is 25.", "$count", "integer", "Max limit for $count is 25", {"maximum": 25}),
    ("Longest token kept. Max token length you may set is 120 characters.", "maxTokenLength", "integer",
     "Max token length you may set is 120 characters", {"maximum": 120}),
    ("Rows per page; default and maximum are 80.", "rows", "integer", "default and maximum are 80", {"maximum": 80}),
    ("Retention in days. 400 days is the maximum.", "retention", "integer", "400 days is the maximum", {"maximum": 400}),
    ("Shelf note, 48 characters is the maximum permitted.", "note", "string", "48 characters is the maximum permitted",
     {"maxLength": 48}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), COPULA)
def test_maximum_is_n(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_COPULA = [
    ("Page number. Max page size is 100.", "page", "integer"),  # bounds the page's size, not its number
    ("Offset of the first row. Max count of rows per page is 100.", "offset", "integer"),
    ("Tag name. Max number of tags per tray is 50.", "tag", "string"),  # a count, not this string's length
    ("Kind of file. The maximum file size is 10 MB.", "fileType", "string"),  # the file's size, not its kind's
    ("Lid width. The maximum value of `depth` is 5.", "width", "integer"),  # another field
    ("Trays per page. Max page size is 100 for trial accounts.", "limit", "integer"),  # a condition
    ("Trays per page. Max page size is 100 when sorting by date.", "limit", "integer"),
    ("Trays per page. The recommended maximum is 40.", "limit", "integer"),  # advice
    ("Trays per page. The default maximum is 40.", "limit", "integer"),  # a default
    ("Trays per page. 100 is the maximum for trial accounts.", "limit", "integer"),
    ("Lid depth. The maximum version is 3.", "depth", "integer"),  # a version
]


def test_a_size_in_bytes_is_kept_as_bytes() -> None:
    # no length in characters: the rule decides what keyword, if any, the size makes
    assert evidence("The file. The maximum file size is 10 MB.", "file", "string") == \
        [("bounds", "maximum file size is 10 MB", {"maxBytes": 10485760, "file": True}, ())]  # a file's: no length


@pytest.mark.parametrize(("description", "name", "type_"), NOT_COPULA)
def test_maximum_is_n_only_of_this_value(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


@pytest.mark.parametrize(
    ("description", "name", "type_", "expected"),
    [
        # a bound in another unit than the value's own
        ("Session length in seconds, from 2 hours to 9 hours.", "SessionSeconds", "integer", []),
        ("The lag, in seconds. The maximum lag is 2 days.", "lag", "integer", []),
        ("Span in multiples of the bucket width. The maximum span is 4 years.", "span", "integer", []),
        ("The length of time in the unit. The maximum duration is 30 days or an equivalent in other units.", "value",
         "integer", []),
        ("Radius. Default is 100m, max radius is 9km.", "radius", "integer", []),
        ("Timeout, from 1 to 300 seconds.", "timeoutSeconds", "integer",
         [("bounds", "from 1 to 300 seconds", {"minimum": 1, "maximum": 300}, ())]),
        # the size of decoded data is not the length of its base64 text
        ("Blob in base64; max length of the binary data is 4096 bytes.", "blob", "string", []),
        ("Up to 900 bytes of base64-encoded context.", "ctx", "string", [("bounds", "Up to 900 bytes", {"maxLength": 900}, ())]),
        # a condition at the head of the sentence; a bound per case
        ("Trays per page. When `full` is set, the maximum value allowed is 20.", "limit", "integer", []),
        ("Delay. Maximum value for slow probes is 30. Maximum value for fast probes is 5.", "delay", "integer", []),
        # a field of no stated type whose name the noun phrase counts
        ("The crate ids to match, max crates allowed is 300", "crates", None,
         [("bounds", "max crates allowed is 300", {"maxItems": 300}, ())]),
    ],
)
def test_maximum_is_n_in_the_value_unit(description: str, name: str, type_: str | None, expected: list[object]) -> None:
    assert evidence(description, name, type_) == expected


def test_maximum_is_n_per_case_is_no_bound() -> None:
    d = "How often it repeats. For a daily plan, the maximum interval you can set is 30 days. For a weekly plan, 8."
    assert evidence(d, "repeat_every", "integer") == []


# "a 5-digit depot code": a code of a stated number of characters, when the phrase names the field
EXACT = [
    ("5 digit depot code.", "depot", "string", "5 digit depot code", {"minLength": 5, "maxLength": 5}),
    ("The 7-digit regional crate ID", "crate", "string", "7-digit regional crate ID", {"minLength": 7, "maxLength": 7}),
    ("Unique 9 character pallet identifier. See the list.", "pallet", "string", "9 character pallet identifier",
     {"minLength": 9, "maxLength": 9}),
    ("2 letter ACME-7 bay code", "bay", "string", "2 letter ACME-7 bay code", {"minLength": 2, "maxLength": 2}),
    ("6-character hex code, without the leading #, of the lid colour", "lid", None, "6-character hex code",
     {"minLength": 6, "maxLength": 6}),
    ("Last 4 digits of the tray serial.", "serial_tail", "string", "Last 4 digits", {"minLength": 4, "maxLength": 4}),
    ("Depot tax number. Format: 11 digits.", "tax_no", "string", "Format: 11 digits", {"minLength": 11, "maxLength": 11}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), EXACT)
def test_code_of_n_characters(description: str, name: str, type_: str | None, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_EXACT = [
    ("Phone number to which the 6-digit code is sent.", "phone", "string"),  # another thing's length
    ("Card number. The last 4 digits are shown in responses.", "card", "string"),
    ("A 10 digit phone number.", "phone", "string"),  # numbers are often written with separators
    ("5 digit depot code", "depot", "integer"),  # the digits of a number: no keyword
    ("The 3- or 4-character code of the lane.", "lane", "string"),
    ("2-, 4- or 6-character route code.", "route", "string"),
    ("5-digit depot code filter. Give one or more 5-digit depot codes, comma-separated.", "depots", "string"),
    ("Depot tax number. Format: 2 letters followed by 9 digits.", "tax_no", "string"),
    ("A depot is a 6 digit numeric code used by the carrier.", "depot", "string"),  # a definition, not this text
    ("The 6-character colour code, beginning with #, of the lid.", "lid", "string"),  # 7 characters in all
    ("4-digit depot code plus a check letter.", "depot", "string"),
    # a public standard's code: its pattern (public-standard-vocabulary) states the length
    ("Valid ISO 4217 3 letter currency code.", "cur", "string"),
    ("Two-letter language code (ISO) for the tray label.", "lang", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_EXACT)
def test_code_of_n_characters_only_when_it_is_this_value(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


RANGES = [
    ("Tray label with 3 to 30 characters.", "label", "string", "3 to 30 characters", {"minLength": 3, "maxLength": 30}),
    ("A shelf code with 2-12 alphanumeric characters.", "code", "string", "2-12 alphanumeric characters",
     {"minLength": 2, "maxLength": 12}),
    ("The tray serial (4-19 characters). No separators.", "serial", "string", "4-19 characters", {"minLength": 4, "maxLength": 19}),
    ("Zoom level, 1 to 400 percent.", "zoom", "integer", "1 to 400 percent", {"minimum": 1, "maximum": 400}),
    ("Bay ids, 1-5 items.", "bays", "array", "1-5 items", {"minItems": 1, "maxItems": 5}),
    ("Listener port; use anything from `2` to `9000`.", "port", "integer", "from `2` to `9000`",
     {"minimum": 2, "maximum": 9000}),
    ("Listener port; use anything from <code>2</code> to <code>9000</code>.", "port", "integer",
     "from <code>2</code> to <code>9000</code>", {"minimum": 2, "maximum": 9000}),
    ("Memo text. maxLength 64", "memo", "string", "maxLength 64", {"maxLength": 64}),
    ("The 8-9 digit account number. The final 2-3 digits are the suffix.", "acct", "string", "8-9 digit",
     {"minLength": 8, "maxLength": 9}),
    ("Lane code. * minLength: 2 characters * maxLength: 4 characters", "lane", "string", "minLength: 2 characters",
     {"minLength": 2}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), RANGES)
def test_ranges_with_a_unit_or_code_numbers(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_)[:1] == [("bounds", text, data, ())]


NOT_RANGES = [
    ("Sends 2 to 3 reminders a day.", "reminders", "integer"),
    ("Retry 2 to 5 times.", "retries", "integer"),
    ("Bay ids, 1-5 items.", "bay", "string"),  # items on a string: not its length, not its value
    ("Zoom, 1 to 400 percent.", "zoom", "string"),
    ("Letters, numbers (0-9) and dashes.", "slug", "string"),
    ("Printed 2019-2024 labels.", "label", "string"),
    ("Staff count:<br>`1-20`<br>`21-50`<br>`51-200`", "staff", "string"),  # literal values that look like ranges
    ("The 8-9 digit account number. The first 2 digits are the bank, the final 2-3 digits the suffix.", "acct", "integer"),
    ("Prompt shown when empty. For example, `Enter a number from 0 to 100`.", "placeholder", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_RANGES)
def test_not_ranges(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


@pytest.mark.parametrize(
    ("description", "expected"),
    [
        ("Seconds a leg may last. For example, a limit of 60 seconds ends it after a minute. At most 900.",
         [("bounds", "At most 900", {"maximum": 900}, ())]),
        ('Lid heading. For example, "Blue lids." The heading must be no longer than 300 characters.',
         [("bounds", "no longer than 300 characters", {"maxLength": 300}, ())]),
    ],
)
def test_an_example_sentence_states_no_bound(description: str, expected: list[object]) -> None:
    type_ = "integer" if "Seconds" in description else "string"
    assert evidence(description, "f", type_) == expected


@pytest.mark.parametrize(
    ("description", "name", "type_", "expected"),
    [
        # a range in parentheses right after a number restates it in another unit
        ("Score, a whole number between 0 and 1000 (0 - 10 stars).", "score", "integer",
         [("bounds", "between 0 and 1000", {"minimum": 0, "maximum": 1000}, ())]),
        # "Character length and limitations: N …characters"
        ("Depot key; limitations: 17 single-byte characters.", "key", "string",
         [("bounds", "limitations: 17 single-byte characters", {"maxLength": 17}, ())]),
        ("Lane key; limitations: 12 ascii characters or 16 numeric characters.", "lane", "string", []),
        # a string that carries a number of seconds
        ("Wait (sec) before hanging up (min: 2, max: 90).", "wait_secs", "string",
         [("bounds", "min: 2", {"minimum": 2}, ()), ("bounds", "max: 90", {"maximum": 90}, ())]),
        # a common misspelling
        ("Which page to fetch; pick betwen 2 and 60.", "pg", "integer",
         [("bounds", "betwen 2 and 60", {"minimum": 2, "maximum": 60}, ())]),
        # a bound that holds only under the clause before it
        ("Related: when `batch` is above 10, you must set this to at least 2.", "window", "integer", []),
        ("If entered, it must be at most 40 characters.", "label", "string",
         [("bounds", "at most 40 characters", {"maxLength": 40}, ())]),
    ],
)
def test_notes_labels_and_clauses(description: str, name: str, type_: str, expected: list[object]) -> None:
    assert evidence(description, name, type_) == expected


@pytest.mark.parametrize(
    ("description", "name", "type_", "expected"),
    [
        ("Rows to send; when left out it defaults to the maximum of 80.", "rows", "integer",
         [("bounds", "maximum of 80", {"maximum": 80}, ())]),
        ("Rows to send. Defaults to the maximum, 80.", "rows", "integer", []),  # no number after the cue
        ("Lease in seconds; anything from 600 seconds (ten min) up to the maximum lease of the pool.",
         "leaseSeconds", "integer", [("bounds", "from 600 seconds (ten min) up to the maximum", {"minimum": 600}, ())]),
    ],
)
def test_defaults_to_the_maximum_and_open_ranges(description: str, name: str, type_: str, expected: list[object]) -> None:
    assert evidence(description, name, type_) == expected


@pytest.mark.parametrize(
    ("description", "name", "type_", "expected"),
    [
        ("Crate labels to match; you may only give one label per call.", "labels", "array",
         [("bounds", "you may only give one label", {"maxItems": 1}, ())]),
        ("Tray filter values; you can only pass one value per tray filter.", "Values", None,
         [("bounds", "you can only pass one value", {"maxItems": 1}, ())]),
        ("Only one region can be specified.", "regions", "array", [("bounds", "Only one region can be specified", {"maxItems": 1}, ())]),
        ("You may only pick one of `a` or `b`.", "modes", None, []),  # a choice, not a count
        ("Tray filter value; you can only pass one value per tray filter.", "value", "string", []),  # one string is one value
        ("Only one region can be specified.", "region", "integer", []),
    ],
)
def test_only_one(description: str, name: str, type_: str | None, expected: list[object]) -> None:
    assert evidence(description, name, type_) == expected


def test_only_one_under_a_condition_is_no_bound() -> None:
    assert evidence("Crate labels. When `mode` is strict, you may only give one label.", "labels", "array") == []


# -- the gates in front of the forms above: under the blanks, markup and case folding a description
# may carry, the gated analysis finds what the ungated one does ---------------------------------------

_MUTATIONS = {
    "newline": lambda s: s.replace(" ", "\n"),
    "double-space": lambda s: s.replace(" ", "  "),
    "nbsp": lambda s: s.replace(" ", "\u00a0"),
    "tab": lambda s: s.replace(" ", "\t"),
    "line-separator": lambda s: s.replace(" ", "\u2028"),
    "br-tag": lambda s: s.replace(" ", "<br>"),
    "long-s": lambda s: s.replace("s", "\u017f"),
    "dotless-i": lambda s: s.replace("i", "\u0131"),
}
_FORMS = [(d, n, t) for d, n, t, *_ in COPULA + EXACT + RANGES] + [
    ("Timeout, from 1 to 300 seconds.", "timeoutSeconds", "integer"),
    ("Depot key; limitations: 17 single-byte characters.", "key", "string"),
    ("Which page to fetch; pick betwen 2 and 60.", "pg", "integer"),
    ("Tray filter values; you can only pass one value per tray filter.", "Values", None),
    ("Rows to send; when left out it defaults to the maximum of 80.", "rows", "integer"),
    ("Lease in seconds; anything from 600 seconds (ten min) up to the maximum lease of the pool.", "leaseSeconds", "integer"),
]


@pytest.mark.parametrize("mutation", list(_MUTATIONS))
def test_gates_keep_every_form(mutation: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from linter.prose import bounds as finder

    cases = [(_MUTATIONS[mutation](d), n, t) for d, n, t in _FORMS]
    gated = [bounds(d, n, t) for d, n, t in cases]
    monkeypatch.setattr(finder, "scan", lambda rx, s, low, keys: rx.finditer(s))
    assert gated == [bounds(d, n, t) for d, n, t in cases]
    if mutation not in ("line-separator", "dotless-i"):  # the patterns are ASCII (re.A): neither is a blank or an i there
        assert sum(map(len, gated)) >= len(cases) // 2  # the mutated texts still exercise the forms


@pytest.mark.parametrize(
    ("description", "name", "type_", "expected"),
    [
        ("Lid revenue\n**Character limit** : 16\n\n\n**Values** : generated", "rev", "number", []),  # no unit across paragraphs
        ("Gain in dB. Negative values lower it, positive values raise it.", "gain", "number", []),
        ("Page size. Non-positive values are ignored.", "size", "integer", []),
        ("A 64 char label which is human readable text for the tray.", "label", "string", []),
        ("Lid year; must be from 1 to 9000, or 0 for none.", "year", "integer",
         [("bounds", "from 1 to 9000, or 0", {"minimum": 0, "maximum": 9000}, ())]),
        ("Bay. Values: a bay number, 10 - 40", "bay", "integer", [("bounds", "10 - 40", {"minimum": 10, "maximum": 40}, ())]),
        ("Lid month.\n**Char. limit**: 2\n**Values**: two-digit number; 01 - 12", "month", "integer",
         [("bounds", "01 - 12", {"minimum": 1, "maximum": 12}, ())]),
        ("An id of at most 10 digits.", "id", "integer", []),
        ("Tray URIs, comma-separated. A maximum of 100 items can be added.", "uris", "string", []),
        ("Must be positive.", "amount", "number", [("bounds", "Must be positive", {"exclusiveMinimum": 0}, ())]),
        ("Depot id. Variable length (at most 11 N).", "depot_id", "integer", []),  # digits, not the value
        ("Ids of the bays to search. Maximum value: 1", "bay_ids", "string", []),  # how many ids, not a value
        ("Wait in seconds (string). Maximum value: 90", "wait", "string", [("bounds", "Maximum value: 90", {"maximum": 90}, ())]),
    ],
)
def test_what_the_reviewed_findings_got_wrong(description: str, name: str, type_: str, expected: list[object]) -> None:
    assert evidence(description, name, type_) == expected


def test_a_label_after_a_number_is_not_its_unit() -> None:
    """"Character limit: 4 Values: …" on one line: "Values" labels what follows, it does not count the 4."""
    got = bounds("Retry window. **Character limit** : 4 **Values** : a whole number between 1 and 900", "window", "integer")
    assert {"maximum": 4} not in got


# -- comparisons stated as a refusal, in pairs or as a chain ----------------------------------------

COMPARISONS = [
    # a refused "less than" is a lower bound, inclusive
    ("Crate depth; it cannot be less than 4.", "depth", "integer", "cannot be less than 4", {"minimum": 4}),
    ("Lid count. Must not be lower than 2.", "lids", "integer", "Must not be lower than 2", {"minimum": 2}),
    ("Shelf note; may not be shorter than 3 characters.", "note", "string", "may not be shorter than 3 characters",
     {"minLength": 3}),
    # both ends refused in one sentence
    ("Tray weight. It must not be less than 2 or greater than 40.", "weight", "integer",
     "must not be less than 2 or greater than 40", {"minimum": 2, "maximum": 40}),
    ("Bay number; cannot be greater than 90 or lower than 10.", "bay", "integer",
     "cannot be greater than 90 or lower than 10", {"minimum": 10, "maximum": 90}),
    # a kept comparison on each side
    ("Lid ratio. Must be a number greater than 0 and less than 5.", "ratio", "number",
     "Must be a number greater than 0 and less than 5", {"exclusiveMinimum": 0, "exclusiveMaximum": 5}),
    ("Tray slot; should be an integer greater than or equal to 1 and less than or equal to 64.", "slot", "integer",
     "should be an integer greater than or equal to 1 and less than or equal to 64", {"minimum": 1, "maximum": 64}),
    # a chain with the value in the middle
    ("Lid tilt, 1 <= tilt <= 80.", "tilt", "integer", "1 <= tilt <= 80", {"minimum": 1, "maximum": 80}),
    ("Fill level where 0 < x ≤ 1.", "fill", "number", "0 < x ≤ 1", {"exclusiveMinimum": 0, "maximum": 1}),
    # one kept comparison, the kind of number named between
    ("Lid ratio. Must be a number greater than 2.", "ratio", "number", "Must be a number greater than 2", {"exclusiveMinimum": 2}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), COMPARISONS)
def test_refused_and_paired_comparisons(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_COMPARISONS = [
    ("Crate depth; it can be less than 4 when stacked.", "depth", "integer"),  # allowed, not refused
    ("Lid ratio. When `mode` is wide, it must be greater than 0 and less than 5.", "ratio", "number"),  # a condition
    ("Tray slot, where 0 <= `bay` <= 9.", "slot", "integer"),  # a chain on another field
    ("Returns lids whose weight is greater than 2 and less than 9.", "lid_filter", "string"),  # a filter on lids
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_COMPARISONS)
def test_comparisons_of_something_else(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


# -- a value outside the range is clamped: the clamp states the range -------------------------------

CLAMPS = [
    ("Lid height. Values above 500 are capped at 500.", "height", "integer", "above 500 are capped at 500", {"maximum": 500}),
    ("Tray speed; any speed greater than 30 will be treated as 30.", "speed", "integer",
     "greater than 30 will be treated as 30", {"maximum": 30}),
    ("Depth (m). Depth less than -20m should be mapped to -20. Depth greater than -2m should be mapped to -2.",
     "depth", "integer", None, None),
    ("Shelf note. Notes longer than 40 characters are truncated to 40 characters.", "note", "string",
     "longer than 40 characters are truncated to 40 characters", {"maxLength": 40}),
    ("Crate volume. Values larger than 90 are rejected.", "volume", "integer", "larger than 90 are rejected", {"maximum": 90}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), CLAMPS)
def test_clamps_state_the_range(description: str, name: str, type_: str, text: str | None, data: dict[str, object] | None) -> None:
    got = evidence(description, name, type_)
    if text is None:  # the two-sided case: one bound from each sentence
        assert got == [("bounds", "less than -20m should be mapped to -20", {"minimum": -20}, ()),
                       ("bounds", "greater than -2m should be mapped to -2", {"maximum": -2}, ())]
    else:
        assert got == [("bounds", text, data, ())]


NOT_CLAMPS = [
    ("Lid height. Values above 500 are rounded to 50.", "height", "integer"),  # another number: not a clamp
    ("Tray speed; a speed greater than 30 is set to 0.", "speed", "integer"),
    ("Lid height. By default, values above 500 are capped at 500.", "height", "integer"),  # only by default
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_CLAMPS)
def test_not_clamps(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


# -- a range that stands alone, on a number: "Lid tilt, -40 to 40." --------------------------------

ALONE = [
    ("Lid tilt in degrees, -40 to 40.", "tilt", "number", "-40 to 40", {"minimum": -40, "maximum": 40}),
    ("Lid tilt (-40 to 40)", "tilt", "integer", "-40 to 40", {"minimum": -40, "maximum": 40}),
    ("Trays per call [2-60]", "take", "integer", "2-60", {"minimum": 2, "maximum": 60}),
    ("Fill share (0-100)", "share", "integer", "0-100", {"minimum": 0, "maximum": 100}),
    ("Tray depth (1-16,384)", "depth", "integer", "1-16,384", {"minimum": 1, "maximum": 16384}),
    # another value allowed after the parentheses the range is in
    ("Day of the month (1-28, where 28 is the last), or 0 for any day.", "day", "integer", "1-28", {"minimum": 0, "maximum": 28}),
    ("Gain, required if `mode` is manual, -6 - 12, in dB.", "gain", "integer", "-6 - 12", {"minimum": -6, "maximum": 12}),
    ("Tray volume, 2 to 90 (litres), omit it for the usual volume", "volume", "integer", "2 to 90 (litres)",
     {"minimum": 2, "maximum": 90}),
    # a scale, and a scale whose ends are named
    ("Tray grade on a 1-7 scale.", "grade", "integer", "on a 1-7 scale", {"minimum": 1, "maximum": 7}),
    ("Tray grade, rated on a 0-50 basis.", "grade", "integer", "on a 0-50 basis", {"minimum": 0, "maximum": 50}),
    ("Urgency of the tray: urgent (1) to idle (6)", "urgency", "integer", "urgent (1) to idle (6)",
     {"minimum": 1, "maximum": 6}),
    ("Urgency: from idle (6) to urgent (2).", "urgency", "integer", "idle (6) to urgent (2)", {"minimum": 2, "maximum": 6}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), ALONE)
def test_a_range_standing_alone(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_ALONE = [
    ("Lid code (2-60)", "code", "string"),  # a string: a length, a code or a number, cannot tell
    ("Tray year (2019-2024)", "year", "integer"),  # years
    ("Tray hours, 9-17 on weekdays", "hours", "integer"),  # words after it: part of a phrase
    ("Tray lane. For example, 2 to 6.", "lane", "integer"),  # an example
    ("Tray shift (1 - 3 days)", "shift", "integer"),  # a unit the value is not said to be in
    ("Tray code. Type: digits [0-9].", "code", "integer"),  # a class of characters
    ("Bucket width; the buckets would be -10, 10-20, 20-30, 30+.", "width", "number"),  # a list of ranges
    ("Tray share, e.g (0 - 100)", "share", "number"),  # an example
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_ALONE)
def test_not_a_range_standing_alone(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


@pytest.mark.parametrize(
    ("description", "text", "data"),
    [
        ("Lid height. The maximum is 500; values above 500 are capped at 500.", "maximum is 500", {"maximum": 500}),
        ("Lid height, between 1 and 500. Values above 500 are capped at 500.", "between 1 and 500", {"minimum": 1, "maximum": 500}),
    ],
)
def test_a_bound_said_twice_is_one_finding(description: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, "height", "integer") == [("bounds", text, data, ())]


def test_a_chain_bounds_the_value_of_each_item() -> None:
    """On an array, "each n is 0 <= n < 90" bounds its items' values (where the fix puts them), not their count."""
    assert evidence("Lid angles; each angle n is 0 <= n < 90.", "angles", "array") == [
        ("bounds", "0 <= n < 90", {"minimum": 0, "exclusiveMaximum": 90}, ())]


# -- more ways to name an end: "from 2 up to 40", "the largest value allowed is 40", "upper limit:
# 40", "Maximum lid size: 40", "2 characters minimum", "greater than zero", "up to and including" --

ENDS = [
    ("Lids per crate; from 2 up to 40.", "lids", "integer", "from 2 up to 40", {"minimum": 2, "maximum": 40}),
    ("Lids per crate; the largest value allowed is 40.", "lids", "integer", "largest value allowed is 40", {"maximum": 40}),
    ("Lids per crate. The smallest permitted number is 2.", "lids", "integer", "smallest permitted number is 2", {"minimum": 2}),
    ("Lids per crate. Upper limit: 40.", "lids", "integer", "Upper limit: 40", {"maximum": 40}),
    ("Lids per crate. The lower limit is 2.", "lids", "integer", "lower limit is 2", {"minimum": 2}),
    ("Lids per call. Maximum crate size: 40", "take", "integer", "Maximum crate size: 40", {"maximum": 40}),
    ("Lid label, 2 characters minimum.", "label", "string", "2 characters minimum", {"minLength": 2}),
    ("Lid weight; must be greater than zero.", "weight", "number", "must be greater than zero", {"exclusiveMinimum": 0}),
    ("Lid count; must be greater than zero.", "count", "integer", "must be greater than zero", {"minimum": 1}),
    ("Lid weight. Must be zero or greater.", "weight", "number", "Must be zero or greater", {"minimum": 0}),
    ("Lids in the crate (up to and including 50).", "lids", "integer", "up to and including 50", {"maximum": 50}),
    ("Lid ratio: 0 ≤ r ≤ 1", "ratio", "number", "0 ≤ r ≤ 1", {"minimum": 0, "maximum": 1}),
    ("Lid grade, 1 (low) - 5 (high).", "grade", "integer", "1 (low) - 5 (high)", {"minimum": 1, "maximum": 5}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), ENDS)
def test_more_ways_to_name_an_end(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_ENDS = [
    ("Lid rank. The highest priority is 1.", "rank", "integer"),  # a meaning, not an allowed value
    ("Lids per crate. Rate limit: 40 calls per minute.", "lids", "integer"),  # a limit on calls
    ("Lid label. The upper limit of the crate is 40.", "label", "string"),  # of something else
    ("Lids per call. Maximum crate size: 40 for trial accounts", "take", "integer"),  # a condition
    ("Lid grade, 1 (low) - 5 (high) for steel lids, 1 - 3 for tin.", "grade", "integer"),  # one range per kind
    # a label on the next line is not a cue after the number
    ("Lid key.\n**Min-length (steel):** 8 characters\n**Minimum-length (tin):** 6 characters", "key", "string"),
    ("Lid key.\n**Min-length (steel):** 8 characters\n**Max-length (tin):** 60 characters", "key", "string"),
    ("Span in seconds; from 60 sec/min * 60 min/hr.", "span", "integer"),  # "min" is minutes here
    ("Lid code, with an upper limit of 2^30.", "code", "integer"),  # a power, not 2
    ("Lid offset. Maximum offset: 100.000", "offset", "integer"),  # a thousands separator, or decimals: cannot tell
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_ENDS)
def test_ends_of_something_else(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


# -- the sign: a refused or rejected negative is a lower bound of 0; "negative values" that mean
# something, or that the caller may use for a purpose, bound nothing ---------------------------------

SIGNS = [
    ("Lid count. Cannot be negative.", "count", "integer", "Cannot be negative", {"minimum": 0}),
    ("Lid count. The value must not be a negative number.", "count", "integer", "must not be a negative", {"minimum": 0}),
    ("Lid count. Negative values are rejected.", "count", "integer", "Negative values are rejected", {"minimum": 0}),
    ("Lid count. Negative values return an `OUT_OF_RANGE` error.", "count", "integer",
     "Negative values return an `OUT_OF_RANGE` error", {"minimum": 0}),
    ("Lid count; negative values are treated as 0.", "count", "integer", "negative values are treated as 0", {"minimum": 0}),
    ("Lid refund, a negative number.", "refund", "number", "a negative number", {"exclusiveMaximum": 0}),
    ("Lid refund; it must be negative.", "refund", "number", "must be negative", {"exclusiveMaximum": 0}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), SIGNS)
def test_signs(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_SIGNS = [
    ("Lid count. Negative values mean no limit.", "count", "integer"),
    ("Lid amount. Use a negative value for refunds.", "amount", "number"),
    ("Lid tilt; a negative value means the lid tilts up.", "tilt", "integer"),
    ("Lid credits are negative values, debits positive.", "amount", "number"),
    ("Lid shift; should be negative for refunds.", "shift", "number"),  # only then
    ("Lid cap. No cap is set if this value is less than or equal to 0.", "cap", "integer"),  # a condition
]


def test_a_condition_in_the_sentence_before_is_not_this_ones() -> None:
    d = "Lids per page; default is 10 when not set. Range is from 1 to 100."
    assert evidence(d, "lids", "integer") == [("bounds", "from 1 to 100", {"minimum": 1, "maximum": 100}, ())]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_SIGNS)
def test_signs_that_bound_nothing(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


# -- a negative value given a meaning of its own ("-1 means no limit") is the lowest the value goes:
# minimum -1. Where negatives mean something in general, or the value is signed by nature, it is not.

SENTINELS = [
    ("Lid retries. -1 means retry forever.", "retries", "integer", "-1 means", {"minimum": -1}),
    ("Lid timeout in ms. If -1, waits forever.", "timeout", "integer", "If -1,", {"minimum": -1}),
    ("Lid height. A value of `-1` means the tray's height.", "height", "integer", "`-1` means", {"minimum": -1}),
    ("Lid score, -1 = not scored yet.", "score", "number", "-1 =", {"minimum": -1}),
    ("Lids left in the box, -1 if the box is sealed.", "lids", "integer", "-1 if", {"minimum": -1}),
    ("Lid budget (-1 for unlimited).", "budget", "integer", "-1 for unlimited", {"minimum": -1}),
    ("Lid quota. Set to -1 to disable the quota.", "quota", "integer", "-1 to disable", {"minimum": -1}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), SENTINELS)
def test_negative_sentinels(description: str, name: str, type_: str, text: str, data: dict[str, object]) -> None:
    assert evidence(description, name, type_) == [("bounds", text, data, ())]


NOT_BOUNDS_OF_THE_VALUE = [
    ("The lid name. We recommend names of 18 characters or less.", "name", "string"),  # advice
    ("The lid code must contain at least 4 unique characters.", "code", "string"),  # how many differ
    ("e.g. page=2 – up to 100 lids are returned in a single call", "page", "integer"),  # the page's size
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_BOUNDS_OF_THE_VALUE)
def test_bounds_of_something_else_than_the_value(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


NOT_SENTINELS = [
    ("Lid retries. -1 means retry forever.", "retries", "string"),  # a string: its length is not bounded
    ("Lid offset. -1 means the last lid.", "offset", "integer"),  # signed by nature: -2 is the one before
    ("Lid tilt. -1 means tilted left; other negative values tilt further.", "tilt", "integer"),
    ("Lid shift. -1 means one step back, -2 two steps back.", "shift", "integer"),
    ("Lid count. Defaults to -1.", "count", "integer"),  # a default, with no meaning given
    ("Lid latitude; -1 means unknown.", "latitude", "number"),
    ("Lid drift in days. For example, -3 means three days back.", "drift", "integer"),  # an example of a signed value
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_SENTINELS)
def test_negatives_that_are_no_sentinel(description: str, name: str, type_: str) -> None:
    assert evidence(description, name, type_) == []


# the gate mutations above run over these forms too (read when the test runs)
_FORMS += [(d, n, t) for d, n, t, *_ in COMPARISONS + CLAMPS + ALONE + ENDS + SIGNS + SENTINELS]
