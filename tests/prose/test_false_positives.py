"""Kinds of false positive found by spot-checking corpus findings, each pinned by a paraphrase
(not the corpus text): the rule that keeps it quiet must hold for the whole kind."""

from __future__ import annotations

from typing import Any

import pytest

from linter.checks._vocabulary import gaps
from linter.prose import analyse


def kinds(description: str, *, name: str = "f", type: str | None = "string") -> list[str]:
    return [e.kind for e in analyse(description, name=name, type=type)]


def rules(description: str, schema: dict[str, Any] | None = None, *, name: str = "f", type: str | None = "string") -> list[str]:
    return [g.rule for g in gaps(description, name=name, type=type, where="query", schema=schema or {})]


# -- example-only-vocabulary ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("Only runs finished after this time are returned.", "finishedAfter"),  # "included" is not "include"
        ("The version to use. If unset, the latest version is used.", "version"),  # "is used" is not a version
        ("Patch level of the firmware (e.g.: R07)", "patchVersion"),  # versions are open
        ("Name for the deployment target (e.g., `production`, `qa`).", "target"),  # a name for something
        ("Limit the fields returned. E.g. fields: id, title", "fields"),  # "fields:" is a label in a sample
        ("The entity tag you got back, for example: <code>X7TQ2LLPQRS4AB</code>.", "If-Match"),  # an opaque id
        ("Network interface to bind, like `wlan0`.", "bindAddr"),
        ("The size limit of the document, including whitespace, is 10 KB.", "policyDocument"),
        ("Details of the attendee, including name, email and phone.", "attendees"),
        # examples of another noun, in a parenthesis after it
        ("Messages may use a non-Latin alphabet (greek, cyrillic, etc) on some routes.", "unicodeMode"),
        # codes of a public set, shown by example
        ("Province, for Canada - province code - e.g. QC.", "province"),
        ("Give the city or country code (e.g. 'LIS' or 'PT').", "destination"),
        ("The operating carrier, an airline code such as XQ.", "carrier"),
        # a free name, whatever the field is called
        ("If known, the name of the state the office is in, for example, Bavaria.", "state"),
        # the field's own name, not a cue
        ("include owners,labels", "include"),
        # a spreadsheet cell reference is a position, not a code
        ("The cell to select, e.g. 'C7'.", "cell"),
    ],
)
def test_not_example_vocabulary(description: str, name: str) -> None:
    assert "example_vocab" not in kinds(description, name=name)


@pytest.mark.parametrize(
    ("description", "name", "standard"),
    [
        ("Amount currency. For example, GBP", "to", "ISO 4217"),
        ("Arrival airport, 3-letter IATA code (e.g. 'LIS')", "destination", "IATA code"),
        ("Two-letter state code, for example NY or TX.", "region", "US state code"),
        ("The country/region code of the store, such as \"DE\".", "storeRegions", "ISO 3166-1 alpha-2"),
    ],
)
def test_examples_of_a_standard_are_the_standard(description: str, name: str, standard: str) -> None:
    ev = analyse(description, name=name, type="string")
    assert [e.kind for e in ev] == ["standard"]
    assert ev[0].data["standard"] == standard


# -- prose-enum -------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("description", "name", "schema"),
    [
        ("If set to either yes, y or 1, archived rows are included.", "archived", {}),  # truthy spellings, a condition
        ("The view angle. The following angles exist:\n* A000-A350: every 10 degrees\n* B1-B4: inside", "angles", {}),
        ("Principals. `who` can have the following values: * `everyone` * `user:{id}` * `group:{id}`", "who", {}),
        ("The ID of the file. Alternatively, use one of the following special keywords: `latest`, `first`.", "fileId", {}),
        ("Where to move the item. Can be one of: `start`, `end`.", "position", {"pattern": "^(?:start|end|after:\\d+)$"}),
    ],
)
def test_not_prose_enum(description: str, name: str, schema: dict[str, Any]) -> None:
    assert "prose-enum" not in rules(description, schema, name=name)


# -- prose-format -----------------------------------------------------------------------------

def test_item_format_of_a_separated_list_is_not_the_fields_format() -> None:
    (g,) = gaps("Comma-separated email addresses of the reviewers.", name="reviewers", type="string", where="body", schema={})
    assert g.evidence.data.get("layout") == "comma-separated list" and "format" not in g.evidence.data


def test_alphanumeric_with_specials_is_not_alphanumeric() -> None:
    assert "format" not in kinds("Type: Alphanumeric Special characters allowed. Length: 1-22", name="label")


def test_lowercase_layout_is_a_date() -> None:
    (e,) = [e for e in analyse("The day, as yyyy-mm-dd.", name="day") if e.kind == "format"]
    assert dict(e.data) == {"format": "date", "layout": "yyyy-mm-dd"}


def test_ip_version_on_a_cidr_field_is_a_range() -> None:
    (e,) = [e for e in analyse("Pod addresses come from these IPv4 ranges.", name="podCidrBlocks", type="array") if e.kind == "format"]
    assert e.data["layout"] == "CIDR"


def test_enum_makes_format_and_bounds_moot() -> None:
    assert rules("IP version (IPv4/IPv6)", {"enum": ["IPv4", "IPv6"]}, name="ipVersion") == []
    assert rules("Level, between 1 and 3.", {"enum": [1, 2, 3]}, name="level", type="integer") == []


def test_number_format_advice_names_numeric_keywords() -> None:
    (g,) = gaps("A four-digit year.", name="year", type="integer", where="query", schema={})
    assert g.message.endswith("for a number, minimum: 1000, maximum: 9999 would express it")


# -- prose-bounds -----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("description", "name", "type_"),
    [
        ("Look up by ticket number 40-2000 to see it.", "ticketQuery", "string"),
        ("Must be at least 2 hours and at most 30 days from the start time.", "endTime", "string"),
        ("Limits: at most 10 entries; at most 40 characters per key.", "labels", "object"),
        ("Rows per page (max 5,000; 500 or less is recommended).", "rows", "integer"),
    ],
)
def test_not_bounds_or_not_these(description: str, name: str, type_: str) -> None:
    got = [dict(e.data) for e in analyse(description, name=name, type=type_) if e.kind == "bounds"]
    assert got in ([], [{"maximum": 5000}])


def test_bytes_on_a_number_bound_its_value() -> None:
    (e,) = [e for e in analyse("Payload size in bytes, at most 2048 bytes.", name="size", type="integer") if e.kind == "bounds"]
    assert dict(e.data) == {"maximum": 2048}


# -- public-standard-vocabulary -----------------------------------------------------------------

def test_one_standard_per_domain_and_the_explicit_one() -> None:
    ev = [e for e in analyse("The two-letter ISO 639-1 language code of the text.", name="lang") if e.kind == "standard"]
    assert [e.data["standard"] for e in ev] == ["ISO 639-1"]


def test_language_and_country_make_a_locale() -> None:
    (e,) = [e for e in analyse("ISO 639-1 and ISO 3166-1 codes, e.g. pt_BR.", name="hl") if e.kind == "standard"]
    assert e.data["standard"] == "locale" and "_" in e.data["pattern"]


def test_lowercase_currency_pattern() -> None:
    (e,) = [e for e in analyse("Three-letter ISO currency code, in lowercase.", name="currency") if e.kind == "standard"]
    assert e.data["pattern"] == "^[a-z]{3}$"


@pytest.mark.parametrize(
    ("description", "name", "type_"),
    [
        ("Accepted media types for the response, default application/json.", "Accept", "string"),
        ("Kinds of media the client plays, e.g. the media types it lists.", "playable", "array"),
        ("Allowed usages: signing, s/mime, server auth.", "usages", "array"),
        ("Brands to offer. If absent, we use the account's and, if given, the country code.", "brands", "array"),
    ],
)
def test_no_standard(description: str, name: str, type_: str) -> None:
    assert "standard" not in kinds(description, name=name, type=type_)


def test_closed_list_makes_the_standard_finding_redundant() -> None:
    assert rules("Language of the result. Supported values: de, en-GB, fr.", name="Accept-Language") == ["prose-enum"]


def test_length_word_on_a_number_is_its_value() -> None:
    (e,) = [e for e in analyse("Length of the call in seconds, between 5 and 600.", name="duration", type="integer") if e.kind == "bounds"]
    assert dict(e.data) == {"minimum": 5, "maximum": 600}


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("Whether the card was checked; a Boolean value. Example: false", "checked"),
        ("Set this parameter to `true` to list archived items too.", "archived"),
        ("Extra bytes bound to the ciphertext (for example, with AES-GCM).", "extraData"),
        ("e.g. de", "Accept-Language"),
    ],
)
def test_not_example_vocabulary_either(description: str, name: str) -> None:
    assert "example_vocab" not in kinds(description, name=name)


def test_two_character_state() -> None:
    assert [e.data["standard"] for e in analyse("Two character state (e.g. 'NY')", name="st") if e.kind == "standard"] == [
        "US state code"
    ]


@pytest.mark.parametrize(
    ("description", "name", "data"),
    [
        ("Only letters, digits, spaces, dashes or underscores; must start and end with alphanumeric characters.",
         "label", [{"pattern": "^[A-Za-z0-9 _-]+$"}]),
        ("Name of the thing. Format: `shelves/{shelf}/books/{book}` where `{shelf}` is the shelf id.",
         "name", [{"pattern": "^shelves/[^/]+/books/[^/]+$", "layout": "shelves/{shelf}/books/{book}"}]),
        ("Never send credentials in the format `https://user:pw@host`.", "proxy", []),
        ("Either an IPv6 address or a fully qualified domain name.", "peer", []),
    ],
)
def test_format_kinds(description: str, name: str, data: list[dict[str, Any]]) -> None:
    assert [dict(e.data) for e in analyse(description, name=name) if e.kind == "format"] == data


def test_three_letter_country_code_by_iso_number() -> None:
    ev = [e for e in analyse("Three-character alpha codes as defined in ISO 3166-1.", name="country") if e.kind == "standard"]
    assert [e.data["standard"] for e in ev] == ["ISO 3166-1 alpha-3"]


def test_values_of_a_sub_field_bullet() -> None:
    d = "The signed token. Required headers: - `kid`: the key id. - `alg`: the algorithm. Must be `HS512` or `EdDSA`."
    assert "closed_vocab" not in kinds(d, name="token")
    assert "closed_vocab" in kinds("- `alg`: the algorithm. Must be `HS512` or `EdDSA`.", name="alg")


def test_a_formatted_value_has_no_vocabulary() -> None:
    d = "When processing ended, either successful or failure."
    assert rules(d, {"format": "date-time"}, name="endedAt") == []


@pytest.mark.parametrize(
    ("description", "name", "standard", "pattern"),
    [
        ("Message language, as ISO 639; the default is fr-CA.", "messageLanguage", "locale",
         "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"),
        ("A language and country code, for example `de-AT`.", "uiLocale", "locale", "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"),
        ("A comma-separated list of two-letter language codes, best first.", "languages", "ISO 639-1",
         "^[a-zA-Z]{2}( *, *[a-zA-Z]{2})*$"),
        ("A comma-separated list of IETF language tags, best first.", "languages", "BCP 47",
         "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*( *, *[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)*$"),
        # "for a list of supported locales, see …" points elsewhere: one value
        ("A language and country code, e.g. `en-US`. For a list of supported locales, see the docs.", "uiLocale", "locale",
         "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"),
        # "ISO 3166-1_alpha-3"; "or empty" admits the empty string
        ("The country code (ISO 3166-1_alpha-3).", "country", "ISO 3166-1 alpha-3", "^[A-Z]{3}$"),
        ('A valid IANA time zone name such as "Asia/Tokyo" or empty, which means UTC.', "zone", "IANA time zone",
         "^(?:[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2})?$"),
    ],
)
def test_standard_shapes(description: str, name: str, standard: str, pattern: str) -> None:
    (e,) = [e for e in analyse(description, name=name) if e.kind == "standard"]
    assert (e.data["standard"], e.data["pattern"]) == (standard, pattern)


def test_an_array_of_codes_gets_the_one_code_pattern() -> None:
    # the list lives in the array: each item is one code (the fix puts the pattern on ``items``)
    d = "A comma-separated list of IETF language tags, best first."
    (e,) = [e for e in analyse(d, name="languages", type="array") if e.kind == "standard"]
    assert e.data["pattern"] == "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"


def test_a_value_whose_format_varies_by_case_names_no_standard() -> None:
    d = "The rule's value. Its format varies depending on the rule type. Countries use ISO 3166-1 alpha-2 codes."
    assert "standard" not in kinds(d, name="value")


def test_alternative_standards_name_no_single_shape() -> None:
    assert "standard" not in kinds("The IATA code or ICAO code of the airport.", name="airport")


def test_what_a_bullet_says_about_another_parameter() -> None:
    d = "Extra parameters are passed through:\n\n* region - a two letter code, e.g. gb\n* limit - at most 50"
    assert kinds(d, name="provider") == []
    assert "bounds" in kinds("Max length: 12", name="code")
    assert "bounds" in kinds("* Format: numeric\n* Max length: 12 characters", name="code")


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("Filter by head branch name. Example: `release-2`.", "head"),
        ("The namespace of this filter. e.g.: region.", "namespace"),
        ("Hold time as an ISO 8601 duration, e.g., \"PT12H\".", "holdFor"),
    ],
)
def test_free_values_shown_by_example(description: str, name: str) -> None:
    assert "example_vocab" not in kinds(description, name=name)


def test_digit_range_and_bracket_slots() -> None:
    (e,) = [e for e in analyse("The 6- to 17-digit account number.", name="account") if e.kind == "format"]
    assert e.data["pattern"] == "^[0-9]{6,17}$"
    (e,) = [e for e in analyse("In the form of `shelves/[SHELF_ID]/books/[BOOK_ID]`.", name="name") if e.kind == "format"]
    assert e.data["pattern"] == "^shelves/[^/]+/books/[^/]+$"


def test_bound_under_a_condition_on_another_field() -> None:
    d = "Fraction of the amount. If `whole` is negative, `part` must be negative or zero."
    assert "bounds" not in kinds(d, name="part", type="integer")
    assert "bounds" in kinds("If set, must be between 1 and 10.", name="n", type="integer")


def test_characters_on_a_number_are_digits() -> None:
    assert "bounds" not in kinds("Term length. Character limit: 20. Any valid number.", name="term", type="integer")


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("The region code. Required for the following countries:\n - Chile\n- Peru\n- Japan", "region"),
        ("Set this header if you use the following fields:\n* dueDate\n* draftItems", "apiVersion"),
        ("A gate name. Eg: \"C12\" or \"12\"", "gate"),
        ("Fields to return, e.g. to get the total:\n`fields=total,limit`\n`fields=items(id,name)`", "fields"),
    ],
)
def test_not_prose_enum_either(description: str, name: str) -> None:
    assert "prose-enum" not in rules(description, name=name)


@pytest.mark.parametrize(
    ("description", "name", "standard", "pattern"),
    [
        ("Fee currency, as valid ISO 4217 numeric currency codes.", "currency", "ISO 4217 numeric", "^[0-9]{3}$"),
        ("ISO 4217 three-digit currency code of the card.", "cardCurrency", "ISO 4217 numeric", "^[0-9]{3}$"),
        ("Two-letter IATA carrier code of the flight.", "carrier", "IATA airline code", "^[A-Z0-9]{2}$"),
    ],
)
def test_standard_variants(description: str, name: str, standard: str, pattern: str) -> None:
    (e,) = [e for e in analyse(description, name=name) if e.kind == "standard"]
    assert (e.data["standard"], e.data["pattern"]) == (standard, pattern)


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("The IATA passenger type code (PTC).", "travellerType"),
        ("The markup language to use for the page.", "markupLanguage"),
        ("Key in the format `{country}:{lang}:{id}`. `lang` - the language, an ISO 639-1 code.", "key"),
    ],
)
def test_no_standard_here(description: str, name: str) -> None:
    assert "standard" not in kinds(description, name=name)


def test_example_values_outside_the_standard_win() -> None:
    assert rules("The media type used for payloads. Supported values include `json` and `form`.", name="content_type") == [
        "example-only-vocabulary"
    ]


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("Stage of the service. Format: free-form, but we expect single words, e.g., \"ALPHA\", \"GA\".", "stage"),
        ("The queue SID or unique name (e.g., `voice`) to route to.", "channel"),
        ("Arguments to pass to `top`. For example, `-b`", "top_args"),
        ("Sample barcodes (e.g. ABCD-EF-G5HI).", "sample_barcode"),
    ],
)
def test_free_values_even_with_a_vocabulary_word(description: str, name: str) -> None:
    assert "example_vocab" not in kinds(description, name=name)


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("Rule used to check the value when the field kind is `plain_text` or `rich_text`", "checkRule"),
        ("The URL we call when the status changes. Statuses are: queued, sent or failed.", "statusCallbackUrl"),
    ],
)
def test_not_prose_enum_conditions(description: str, name: str) -> None:
    assert "prose-enum" not in rules(description, name=name)


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("The flight number without IATA carrier code, digits only.", "flightNumber"),
        ("IANA Time Zone Database version, e.g. \"2021b\".", "version"),
    ],
)
def test_no_standard_negated_or_version(description: str, name: str) -> None:
    assert "standard" not in kinds(description, name=name)


def test_for_examples_see_is_not_an_example() -> None:
    assert "example_vocab" not in kinds("The kinds to clear.\nFor examples, see [the guide](https://x.test).", name="kinds")


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("The currency of the payment.", "currency"),
        ("A comma-separated list of language codes, best first.", "languages"),
        ("The content type of the upload.", "contentType"),
        ("Country code of the shop.", "country"),
    ],
)
def test_a_generic_noun_names_no_standard(description: str, name: str) -> None:
    """The rule reports a public standard named in prose: a bare "currency" or "country code",
    with neither the standard's name, the code's shape nor an instance, names none."""
    assert "public-standard-vocabulary" not in rules(description, name=name)


@pytest.mark.parametrize(
    ("description", "name"),
    [
        # a standard named inside a placeholder of a layout, in a table row, under a condition
        ("A wiki formatted like {language code}.{wiki name}, for example en.wiki.", "wiki"),
        ("The request data.\n| Name | Code | Format |\n| Country | C | ISO 3166-1 alpha-2 code |", "csr"),
        ("The district to use. For Ruritania, use the ISO 3166-2 code of the district.", "district"),
    ],
)
def test_standard_named_for_something_else(description: str, name: str) -> None:
    assert "standard" not in kinds(description, name=name)


@pytest.mark.parametrize(
    "description",
    [
        # forms of a value, not members of a set
        'The box code, a string like "BOX", optionally followed by a number (e.g. "BOX 4").',
        "Common forms include *MMDDYY*, *YYMMDD*.",
        # samples that go on past what could be read as values
        "The kind of context (e.g., place, device, sale kind, TLS-ness).",
    ],
)
def test_samples_that_are_forms_or_run_on_are_no_vocabulary(description: str) -> None:
    assert "example_vocab" not in kinds(description, name="kind")


def test_a_name_field_takes_names_not_the_codes_of_the_standard_it_mentions() -> None:
    d = "The name of the region (the first-level ISO 3166-2 subdivision), such as Bavaria."
    assert "standard" not in kinds(d, name="regionName")
    assert "standard" in kinds("The IANA time zone name, such as Asia/Tokyo.", name="zoneName")


# -- prose-format: the layout of a part, a default or a prefix, one of several forms (review vocab-20261205)

@pytest.mark.parametrize(
    ("description", "name", "type_"),
    [
        ("Lid ports, a comma-separated list of numbers, or 'any'.", "ports", "string"),  # one of two forms
        ("Lid ids. Takes a comma-separated list; several ids can also be provided as repeated parameters.", "ids", "array"),
        ("An optional prefix. The lid log is stored as a file named lid_log_YYYYMMDD.txt where YYYYMMDD is the day.",
         "prefix", "string"),  # the layout of a part of another name
        ("The lid serial, starting with the 4-digit hex maker code.", "serial", "string"),  # a prefix of the value
        ("The lid key, in OpenSSH encoding, base64 encoded.", "key", "string"),  # base64 inside a framing of its own
        ("Lid family (alphanumeric). Valid values are: `lid1.4` | `lid2.x`.", "family", "string"),  # the values break it
    ],
)
def test_not_the_values_own_format(description: str, name: str, type_: str) -> None:
    assert "format" not in kinds(description, name=name, type=type_)


def test_a_format_named_for_the_default_is_not_the_values() -> None:
    got = [e.data for e in analyse("The time, as an RFC 3339 timestamp. The default value is the UNIX epoch.", name="before",
                                   type="string") if e.kind == "format"]
    assert got == [{"format": "date-time"}]


@pytest.mark.parametrize(
    ("description", "name", "type_", "kind"),
    [
        ('The lid date, in YYYY-MM-DD format or natural language, e.g. "yesterday".', "lidDate", "string", "format"),
        ("Lid code: '#,##0', '0%', 'yyyy-mm-dd', '@' (text).", "lid_code", "string", "format"),  # one listed sample
        ("top, bottom: lids, or percent (1-100).", "count", "integer", "bounds"),  # one alternative's range
    ],
)
def test_one_form_among_others_is_no_constraint(description: str, name: str, type_: str, kind: str) -> None:
    assert kind not in kinds(description, name=name, type=type_)
