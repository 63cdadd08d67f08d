"""Formats, bounds and public standards: exact ``data`` and spans, plus the phrasings that must
not count (defaults, conditions, encrypted "format", samples, expression fields)."""

from __future__ import annotations

from typing import Any

import pytest

from linter.checks._vocabulary import gaps
from linter.prose import Evidence, analyse


def only(description: str, kind: str, *, name: str = "", type: str | None = "string", where: str = "") -> list[Evidence]:
    """The evidence of one kind, so a test states exactly what it expects of that kind."""
    return [e for e in analyse(description, name=name, type=type, where=where) if e.kind == kind]


FORMATS: list[tuple[str, str, str, str, str, dict[str, Any]]] = [
    ("Start date (YYYY-MM-DD).", "start", "string", "", "YYYY-MM-DD", {"format": "date", "layout": "YYYY-MM-DD"}),
    ("The date, formatted as MM/DD/YYYY.", "d", "string", "", "MM/DD/YYYY",
     {"pattern": "^[0-9]{2}/[0-9]{2}/[0-9]{4}$", "layout": "MM/DD/YYYY"}),
    ("Timestamp in ISO 8601 format.", "ts", "string", "", "ISO 8601", {"format": "date-time", "inferred": True}),
    ("Retention period in ISO 8601 format.", "retention", "string", "", "ISO 8601", {"format": "duration"}),
    ("Birth date as an ISO 8601 date.", "birthDate", "string", "", "ISO 8601", {"format": "date", "inferred": True}),
    ("RFC 3339 timestamp", "ts", "string", "", "RFC 3339", {"format": "date-time"}),
    ("Unix timestamp in seconds", "since", "integer", "", "Unix timestamp", {"layout": "unix epoch seconds", "format": "unixtime"}),
    ("Milliseconds since the Unix epoch.", "ts", "string", "", "Milliseconds since the Unix epoch",
     {"layout": "unix epoch milliseconds", "pattern": "^[0-9]+$"}),
    ("Comma-separated list of tags", "tags", "string", "query", "Comma-separated",
     {"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"}),
    ("Comma-separated list of tags", "tags", "array", "query", "Comma-separated",
     {"style": "form", "explode": False, "layout": "comma-separated list"}),
    ("Price range as min,max", "price", "string", "", "min,max",
     {"pattern": r"^-?[0-9]+(\.[0-9]+)?,-?[0-9]+(\.[0-9]+)?$", "layout": "min,max"}),
    ("The request id, in UUID format.", "rid", "string", "", "in UUID", {"format": "uuid"}),
    ("Must be a valid URL.", "callback", "string", "", "Must be a valid URL", {"format": "uri"}),
    ("Base64-encoded image", "img", "string", "", "Base64", {"format": "byte"}),
    ("Must be a valid hostname", "h", "string", "", "valid hostname", {"format": "hostname"}),
    ("The IPv4 address of the host", "ip", "string", "", "IPv4", {"format": "ipv4"}),
    ("The customer's email address.", "contact", "string", "", "The customer's email address", {"format": "email"}),
    ("Phone number in E.164 format.", "phone", "string", "", "E.164",
     {"pattern": r"^\+?[1-9][0-9]{1,14}$", "layout": "E.164"}),
    ("Specified in the format `projects/{project}/locations/{location}`.", "parent", "string", "path",
     "in the format `projects/{project}/locations/{location}`",
     {"pattern": "^projects/[^/]+/locations/[^/]+$", "layout": "projects/{project}/locations/{location}"}),
    ('This must match the regexp "^[0-9a-zA-Z-]+$".', "name", "string", "", 'regexp "^[0-9a-zA-Z-]+$"',
     {"pattern": "^[0-9a-zA-Z-]+$"}),
    ("Only alphanumeric characters, '.', '_', or '-' are allowed.", "rid", "string", "",
     "alphanumeric characters, '.', '_', or '-'", {"pattern": "^[A-Za-z0-9._-]+$"}),
    ("The formula must start with an `=` character.", "formula", "string", "", "must start with an `=`", {"pattern": "^="}),
    ("A four-digit year.", "year", "string", "", "four-digit", {"pattern": "^[0-9]{4}$"}),
    ("A JSON string with the attributes.", "blob", "string", "", "JSON string",
     {"contentMediaType": "application/json", "layout": "JSON"}),
    ("开始日期，格式：yyyy-MM-dd", "start", "string", "", "yyyy-MM-dd", {"format": "date", "layout": "yyyy-MM-dd"}),
    ("创建时间，时间戳（毫秒）", "ct", "string", "", "时间戳", {"layout": "unix epoch milliseconds", "pattern": "^[0-9]+$"}),
    ("多个ID以逗号分隔", "ids", "string", "query", "以逗号分隔",
     {"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"}),
    ("開始時間，格式為 yyyy-MM-dd HH:mm:ss", "start", "string", "", "yyyy-MM-dd HH:mm:ss",
     {"pattern": r"^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$", "layout": "yyyy-MM-dd HH:mm:ss"}),
    # two words of case and script before "letters": both count
    ("The kiln id may hold only lower-case ASCII letters, numbers, and dashes.", "kilnId", "string", "",
     "lower-case ASCII letters, numbers, and dashes", {"pattern": "^[a-z0-9-]+$"}),
    ("Names hold only upper-case and lower-case ASCII letters, numbers and dashes.", "name", "string", "",
     "upper-case and lower-case ASCII letters, numbers and dashes", {"pattern": "^[A-Za-z0-9-]+$"}),
    # symbols set apart by slashes after the charset's words: each one is allowed
    ("150 characters or fewer. Letters, digits and @/./+/-/_ only.", "login", "string", "",
     "Letters, digits and @/./+/-/_", {"pattern": "^[A-Za-z0-9@.+_-]+$"}),
    # a time of day in ISO 8601, not a date-time
    ("The closing time in a time-only ISO-8601 extended offset format. For example: **08:00:00+02:00**.", "closeTime",
     "string", "", "ISO-8601", {"format": "time", "inferred": True}),
    # the character that separates the runs of a charset is one of the value's characters too
    ("It may only hold underscore (_) separated alphanumeric characters.", "lidCode", "string", "",
     "alphanumeric characters", {"pattern": "^[A-Za-z0-9_]+$"}),
    # a leading "//" is literal (a scheme-relative or full resource name), not an empty placeholder
    ("Values are of the form `//kilnmanager.kilnapis.com/depots/<id>`.", "parent", "string", "",
     "of the form `//kilnmanager.kilnapis.com/depots/<id>`",
     {"pattern": r"^//kilnmanager\.kilnapis\.com/depots/[^/]+$", "layout": "//kilnmanager.kilnapis.com/depots/<id>"}),
]


@pytest.mark.parametrize(("description", "name", "type_", "where", "text", "data"), FORMATS)
def test_format(description: str, name: str, type_: str, where: str, text: str, data: dict[str, Any]) -> None:
    ev = only(description, "format", name=name, type=type_, where=where)
    assert [(e.text, dict(e.data)) for e in ev] == [(text, data)]
    assert description[ev[0].span[0] : ev[0].span[1]] == text


NO_FORMAT = [
    ("Stored in encrypted format.", "secret", "string"),
    ("A date, or null", "before", "string"),
    ("Sorted in alphanumerical order.", "sort", "string"),
    ("Pagination in the form of `page=2`.", "page", "string"),
    ("A common way is to use a Universally unique identifier (UUID).", "key", "string"),
    ("Send a confirmation email to registrants.", "notify", "boolean"),
    ("JSONP", "callback", "string"),
    ("Filter by creation date in YYYY-MM-DD.", "filter", "string"),
    ("Number of training epochs.", "epochs", "integer"),
    # the value names a thing of that format; a URL said to come without its scheme
    ("The ID of the subnet CIDR block.", "blockId", "string"),
    ("The schema URL, without the scheme, of the message type.", "schemaUrl", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), NO_FORMAT)
def test_no_format(description: str, name: str, type_: str) -> None:
    assert only(description, "format", name=name, type=type_) == []


def test_a_body_array_said_to_be_comma_separated_is_a_list_already() -> None:
    assert only("Comma-separated list of tags", "format", name="tags", type="array", where="body") == []
    assert only("Comma-separated list of tags", "format", name="tags", type="array", where="query") != []


BOUNDS: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("Number of results, between 1 and 100.", "limit", "integer", "between 1 and 100", {"minimum": 1, "maximum": 100}),
    ("max 50", "limit", "integer", "max 50", {"maximum": 50}),
    ("A maximum of 50 results.", "limit", "integer", "maximum of 50 results", {"maximum": 50}),
    ("Title, at most 255 characters.", "title", "string", "at most 255 characters", {"maxLength": 255}),
    ("Tags, up to 20 items.", "tags", "array", "up to 20 items", {"maxItems": 20}),
    ("Must be positive.", "amount", "number", "Must be positive", {"exclusiveMinimum": 0}),
    ("Must be positive.", "count", "integer", "Must be positive", {"minimum": 1}),
    ("Page size 1-100", "page_size", "integer", "size 1-100", {"minimum": 1, "maximum": 100}),
    ("No more than 5 per request", "ids", "array", "No more than 5", {"maxItems": 5}),
    ("Cannot exceed 1000.", "n", "integer", "Cannot exceed 1000", {"maximum": 1000}),
    ("Minimum 1.", "n", "integer", "Minimum 1", {"minimum": 1}),
    ("Must not exceed 40 characters.", "quotaUser", "string", "Must not exceed 40 characters", {"maxLength": 40}),
    ("Must be 50 characters or less in length.", "name", "string", "50 characters or less", {"maxLength": 50}),
    ("The number of results per page (max 100).", "per_page", "integer", "max 100", {"maximum": 100}),
    ("Number of days (in the range 1 to 540).", "days", "integer", "in the range 1 to 540", {"minimum": 1, "maximum": 540}),
    ("Must be from 1 to 9999.", "year", "integer", "from 1 to 9999", {"minimum": 1, "maximum": 9999}),
    ("The length must be less than 4096 bytes.", "value", "string", "must be less than 4096 bytes", {"maxLength": 4095}),
    ("Value must be greater than 0.", "x", "number", "must be greater than 0", {"exclusiveMinimum": 0}),
    ("Optional: How many rows to fetch, Default 20, maximum 100.", "rowCount", "integer", "maximum 100", {"maximum": 100}),
    ("每页数量，最大100", "size", "integer", "最大100", {"maximum": 100}),
    ("名称，最多64个字符", "name", "string", "最多64个字符", {"maxLength": 64}),
    ("名称，长度不超过64", "name", "string", "长度不超过64", {"maxLength": 64}),
    ("取值介于1到100之间", "n", "integer", "介于1到100之间", {"minimum": 1, "maximum": 100}),
    ("取值範圍：1~100", "n", "integer", "取值範圍：1~100", {"minimum": 1, "maximum": 100}),
    ("數量，不能超過50", "n", "integer", "不能超過50", {"maximum": 50}),
]


@pytest.mark.parametrize(("description", "name", "type_", "text", "data"), BOUNDS)
def test_bounds(description: str, name: str, type_: str, text: str, data: dict[str, Any]) -> None:
    ev = only(description, "bounds", name=name, type=type_)
    assert [(e.text, dict(e.data), e.values) for e in ev] == [(text, data, ())]
    assert description[ev[0].span[0] : ev[0].span[1]] == text


NO_BOUNDS = [
    ("Defaults to 10.", "limit", "integer"),
    ("The default page limit is 10.", "limit", "integer"),
    ("If unspecified, at most 50 items are returned.", "pageSize", "integer"),
    ("If you specify a number greater than 25, the call returns 25.", "count", "integer"),
    ("Rounded to up to 2 decimal places.", "amount", "number"),
    ("The export may take up to 5 minutes.", "export", "string"),
    ("Hours of day in 24 hour format.", "hours", "integer"),
    ("默认值为10", "size", "integer"),
    ("Up to 100.", "note", "string"),
    ("`queues` must be no larger than 128.", "handSize", "integer"),
    ("Data from the 2019-2020 season values.", "season", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), NO_BOUNDS)
def test_no_bounds(description: str, name: str, type_: str) -> None:
    assert only(description, "bounds", name=name, type=type_) == []


STANDARDS = [
    ("ISO 4217 currency code", "currency", "ISO 4217", "ISO 4217", "^[A-Z]{3}$"),
    ("Two-letter ISO 3166-1 alpha-2 country code", "country", "ISO 3166-1 alpha-2", "ISO 3166-1 alpha-2", "^[A-Z]{2}$"),
    ("ISO 3166-1 alpha-3 country code", "country", "ISO 3166-1 alpha-3", "ISO 3166-1 alpha-3", "^[A-Z]{3}$"),
    # the part named apart from the standard, without its hyphen
    ("ISO 3166-1 code of the kiln's land. Give the alpha3 code.", "country", "ISO 3166-1", "ISO 3166-1 alpha-3",
     "^[A-Z]{3}$"),
    ("Language, ISO 639-1 code", "lang", "ISO 639-1", "ISO 639-1", "^[a-zA-Z]{2}$"),
    ("A BCP 47 language tag.", "locale", "BCP 47", "BCP 47", "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"),
    ("IANA time zone name, e.g. Europe/Paris", "tz", "IANA time zone", "IANA time zone",
     "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$"),
    ("MIME type of the file", "mime", "MIME type", "MIME type", "^[a-zA-Z0-9!#$&^_.+*-]+/[a-zA-Z0-9!#$&^_.+*-]+( *;.*)?$"),
    ("The three-letter currency code of the payment.", "currency", "three-letter currency code", "ISO 4217", "^[A-Z]{3}$"),
    ("货币代码，例如 CNY", "currency", "货币代码", "ISO 4217", "^[A-Z]{3}$"),
]


@pytest.mark.parametrize(("description", "name", "text", "standard", "pattern"), STANDARDS)
def test_standard(description: str, name: str, text: str, standard: str, pattern: str) -> None:
    ev = only(description, "standard", name=name)
    assert [(e.text, dict(e.data)) for e in ev] == [(text, {"standard": standard, "pattern": pattern})]


def test_phone_country_code_is_not_iso_3166() -> None:
    assert only("The country calling code for phone numbers.", "standard", name="dial") == []


def test_cheap_skip_without_cues() -> None:
    assert analyse("The name of the bucket", name="bucket", type="string") == []


def test_uppercase_time_layout() -> None:
    d = "This is a timestamp in ISO 8601 format: `YYYY-MM-DDTHH:MM:SSZ`."
    ev = only(d, "format", name="since")
    assert [(e.text, dict(e.data)) for e in ev] == [
        ("YYYY-MM-DDTHH:MM:SSZ", {"format": "date-time", "layout": "YYYY-MM-DDTHH:MM:SSZ"}),
    ]


def test_layout_patterns_compile_as_unicode_ecma_regexes() -> None:
    """JSON Schema patterns are ECMA-262 regexes, and validators such as Ajv compile them in
    Unicode mode, where ``\\-`` and ``\\ `` outside a class are errors: a layout's literal
    characters are escaped only where ECMA needs it."""
    from linter.prose.formats import ecma_escape, layout_data

    assert ecma_escape("a-b c.d/e") == r"a-b c\.d/e"
    # each ECMA special character gets one backslash, everything else stays (printable ASCII, all of it)
    ascii_text = "".join(map(chr, range(32, 127)))
    assert ecma_escape(ascii_text) == "".join("\\" + c if c in "\\^$.*+?()[]{}|" else c for c in ascii_text)
    assert ecma_escape(r"^(a|b)*$") == r"\^\(a\|b\)\*\$" and ecma_escape("é—") == "é—"
    pattern = layout_data("DD-MM-YYYY HH:mm")["pattern"]
    assert pattern == "^[0-9]{2}-[0-9]{2}-[0-9]{4} [0-9]{2}:[0-9]{2}$"
    assert "\\-" not in pattern and "\\ " not in pattern


def test_two_encodings_are_no_one_format() -> None:
    """"A JSON array or a comma-separated list": the same field is not both JSON and
    comma-separated (one claim per field, and no contradictory pair)."""
    from linter.prose import analyse

    assert [e for e in analyse("The ids, as a JSON array or a comma-separated list.", name="ids", type="string",
                               where="query") if e.kind == "format"] == []


# -- forms that name what the value is, or state a layout without "in the format" -------------------------

NAMED_FORMATS: list[tuple[str, str, str | None, str, str, dict[str, Any]]] = [
    # the description opens with the noun the value is
    ("The URL of the status page.", "statusPage", "string", "", "The URL", {"format": "uri"}),
    ("(Optional) Public URI where the invoice can be downloaded.", "invoiceLink", "string", "", "Public URI",
     {"format": "uri"}),
    ("[Read Only] Server-assigned URL for this shelf.", "selfLink", "string", "", "Server-assigned URL", {"format": "uri"}),
    ("URL (Uniform Resource Locator) of the logo image", "logo", "string", "", "URL", {"format": "uri"}),
    ("Required. The URI of the callback endpoint.", "callback", None, "", "The URI", {"format": "uri"}),
    ("Only orders placed after this date-time string.", "after", "string", "query", "date-time string",
     {"format": "date-time"}),
    # a bare regex: a character class with a quantifier, in whatever quotes
    ("Shelf label, at most 40 characters, with pattern ''[a-z0-9_-]+''.", "label", None, "", "[a-z0-9_-]+",
     {"pattern": "^[a-z0-9_-]+$"}),
    ("Matches the regular expression [A-Z]{2}[0-9]{4} exactly.", "code", "string", "", "[A-Z]{2}[0-9]{4}",
     {"pattern": "^[A-Z]{2}[0-9]{4}$"}),
    # seconds since a stated instant of the epoch
    ("The whole number of seconds since 1970-01-01T00:00:00Z when the batch closed.", "closedAt", None, "",
     "seconds since 1970-01-01T00:00:00Z", {"layout": "unix epoch seconds", "pattern": "^[0-9]+$"}),
    ("Milliseconds elapsed since January 1, 1970 UTC.", "ts", "string", "", "Milliseconds elapsed since January 1, 1970",
     {"layout": "unix epoch milliseconds", "pattern": "^[0-9]+$"}),
    # a separator written as a verb, or misspelt
    ("Colours to include, separate by comas: red,blue", "colours", "string", "query", "separate by comas",
     {"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"}),
    ("Labels to apply, delimited with semicolons.", "labels", "string", "", "delimited with semicolons",
     {"layout": "semicolon-separated list"}),
    ("Comma-seperated list of shelf ids", "shelves", "string", "", "Comma-seperated",
     {"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"}),
    # a resource-name template after another verb of shape
    ("The shelf's name. Structured like: shops/{shop}/shelves/{shelf}", "name", "string", "",
     "Structured like: shops/{shop}/shelves/{shelf}",
     {"pattern": "^shops/[^/]+/shelves/[^/]+$", "layout": "shops/{shop}/shelves/{shelf}"}),
]


@pytest.mark.parametrize(("description", "name", "type_", "where", "text", "data"), NAMED_FORMATS)
def test_named_format(description: str, name: str, type_: str | None, where: str, text: str, data: dict[str, Any]) -> None:
    ev = only(description, "format", name=name, type=type_, where=where)
    assert [(e.text, dict(e.data)) for e in ev] == [(text, data)]
    assert description[ev[0].span[0] : ev[0].span[1]] == text


def test_several_listed_templates_are_alternatives() -> None:
    """Examples of the name in several template forms: the value takes one of them, so the layout is
    reported as one of several accepted forms (no single pattern)."""
    d = ("Name of the note. Some examples: + `shops/{shop}/notes/{note}` + `stores/{store}/notes/{note}` "
         "The prefix is the owning resource.")
    ev = only(d, "format", name="noteName")
    assert [(e.text, dict(e.data)) for e in ev] == [
        ("`shops/{shop}/notes/{note}` + `stores/{store}/notes/{note}`",
         {"layout": "shops/{shop}/notes/{note} | stores/{store}/notes/{note}", "alternatives": True}),
    ]


def test_a_date_time_with_or_without_an_offset_is_more_than_rfc_3339() -> None:
    d = "The firing time. An ISO 8601 date/time, with or without an offset. For example: `2021-04-12T23:20:50Z`."
    (e,) = only(d, "format", name="firedAt")
    assert e.data.get("format") == "date-time" and e.data.get("alternatives") is True


def test_a_template_followed_by_more_quoted_templates_is_one_of_several_forms() -> None:
    d = "The jar ref, formatted as `jars/<jar name>`, `lids/<number>/top`, or `lids/<number>/base`."
    (e,) = only(d, "format", name="ref")
    assert e.data.get("alternatives") is True and e.data["layout"] == "jars/<jar name>"


NOT_NAMED_FORMATS = [
    ("The URL path of the page, relative to the site root.", "page", "string"),
    ("URL-encoded search terms.", "q", "string"),
    ("The URL slug of the post.", "slug", "string"),
    ("Relative URL of the avatar image.", "avatar", "string"),
    ("The URL of the avatar, e.g. `/img/a.png`.", "avatar", "string"),
    ("The name of the shelf. See the URL field for links.", "name", "string"),
    ("URL of the image", "image", "integer"),
    ('Filters on the created field.\n{"keys":[{"name":"after","type":"iso8601 string"}],"type":"object"}',
     "created_at", "string"),
    ("A shelf id or a full URL to the shelf.", "shelf", "string"),
    ("Valid ids are of the form `shelf-[a-z0-9]+` and are unique.", "shelfId", "string"),
    ("Letters ([A-Za-z]), digits ([0-9]) and dashes.", "slug", "string"),
    ("The rule, e.g. `self.name.matches('[a-z]+')`.", "check", "string"),
    ("If a URL is given, the page is fetched first.", "source", "string"),
    ("The URL of the network. Full or partial URLs are accepted.", "network", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), NOT_NAMED_FORMATS)
def test_not_named_format(description: str, name: str, type_: str) -> None:
    assert only(description, "format", name=name, type=type_) == []


def test_sample_shows_no_format_of_the_field() -> None:
    """"base64" in a sample body is another field's: only the noun that opens the description counts."""
    d = "Callback URL.\n\nSample:\n<pre><code>{\"payload\": \"base64 data\"}</code></pre>"
    assert [(e.text, dict(e.data)) for e in only(d, "format", name="callbackUrl")] == [("Callback URL", {"format": "uri"})]


def test_one_character_class_is_one_character() -> None:
    """A regex of one character class and no quantifier matches one character: here the first
    one, which the words say already; it is no pattern for the whole value."""
    ev = only("Must start with a letter (matches regex `[A-Za-z]`).", "format", name="slug")
    assert [(e.text, dict(e.data)) for e in ev] == [("Must start with a letter", {"pattern": "^[A-Za-z]"})]


# -- kinds of wrong findings seen on real specs: each must now read right ----------------------------------

def fmt(description: str, name: str = "x", type_: str | None = "string", where: str = "") -> list[tuple[str, dict[str, Any]]]:
    return [(e.text, dict(e.data)) for e in only(description, "format", name=name, type=type_, where=where)]


def test_epoch_seconds_on_a_number_is_the_unixtime_format() -> None:
    """An integer counted in seconds since the epoch is no textual format; the OpenAPI format
    registry's ``unixtime`` (number or string) says it. Milliseconds have no registered format,
    and a number carries no pattern: nothing to report."""
    assert fmt("Unix timestamp of the last login.", "lastLogin", "integer") == [
        ("Unix timestamp", {"format": "unixtime", "layout": "unix epoch seconds"})]
    assert fmt("Last login, in milliseconds since the epoch.", "lastLogin", "integer") == []
    (g,) = gaps("Unix timestamp of the last login.", name="lastLogin", type="integer", where="query", schema={})
    assert g.message.endswith("format: unixtime would express it") and dict(g.keywords) == {"format": "unixtime"}
    assert gaps("Unix timestamp of the last login.", name="lastLogin", type="integer", where="query",
                schema={"format": "int64"}) == []


def test_label_value_is_the_template_only() -> None:
    """"Format: a/{b} The next sentence …", a template longer than the label's reach, several
    templates in a row: the layout is the template (or the templates, as alternatives)."""
    assert fmt("Parent shop. Format: shops/{shop}/shelves/{shelf} The newest shelf is used.", "parent") == [
        ("Format: shops/{shop}/shelves/{shelf}",
         {"pattern": "^shops/[^/]+/shelves/[^/]+$", "layout": "shops/{shop}/shelves/{shelf}"})]
    long = "`shops/{shop}/departments/{department}/shelves/{shelf}/books/{book}`"
    assert fmt(f"The book. Format: {long}", "book") == [
        (f"Format: {long}", {"pattern": "^shops/[^/]+/departments/[^/]+/shelves/[^/]+/books/[^/]+$",
                             "layout": long.strip("`")})]
    assert fmt("The policy. Format: shops/{shop}/rules/{rule} malls/{mall}/rules/{rule}", "policy") == [
        ("Format: shops/{shop}/rules/{rule} malls/{mall}/rules/{rule}",
         {"layout": "shops/{shop}/rules/{rule} | malls/{mall}/rules/{rule}", "alternatives": True})]


def test_label_naming_a_standard_leaves_it_to_the_standard() -> None:
    assert fmt("Created at.\n* Format: ISO 8601", "createdAt") == [("ISO 8601", {"format": "date-time", "inferred": True})]
    assert fmt("Country of the shop.\n* Format: ISO 3166-1 alpha-3\n* Fixed length: 3 characters", "country") == []
    assert fmt("Destination code.\n* Encoding: ASCII", "code") == [("Encoding: ASCII", {"pattern": "^[\\x00-\\x7F]*$"})]


def test_words_next_to_the_standard_decide_what_it_covers() -> None:
    assert fmt("The due date of the task. The ISO 8601 date format.", "due") == [
        ("ISO 8601", {"format": "date", "inferred": True})]
    assert fmt("The hold time. This field is specified as a time duration, in RFC 3339 format.", "hold") == [
        ("RFC 3339", {"format": "duration"})]
    assert fmt("Due on (%Y-%m-%d).", "due") == [("%Y-%m-%d", {"format": "date", "layout": "%Y-%m-%d"})]
    assert fmt("Logged at %Y-%m-%dT%H:%M:%SZ.", "at") == [
        ("%Y-%m-%dT%H:%M:%SZ", {"format": "date-time", "layout": "%Y-%m-%dT%H:%M:%SZ"})]


def test_a_range_of_two_layouts_is_one_value() -> None:
    assert fmt("Created between. Valid Format: <code>yyyy-MM-dd..yyyy-MM-dd</code>", "createdRange") == [
        ("yyyy-MM-dd..yyyy-MM-dd",
         {"pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}\\.\\.[0-9]{4}-[0-9]{2}-[0-9]{2}$", "layout": "yyyy-MM-dd..yyyy-MM-dd"})]


def test_special_values_beside_a_format_are_alternatives() -> None:
    assert fmt('The member\'s email address. The special value "me" stands for the caller.', "member") == [
        ("The member's email address", {"format": "email", "alternatives": True})]
    assert fmt("Start of the window. The value may be a DateTime, a String, or numeric. "
               "A numeric is the number of seconds since January 1, 1970 UTC.", "start") == [
        ("seconds since January 1, 1970", {"layout": "unix epoch seconds", "pattern": "^[0-9]+$", "alternatives": True})]


def test_one_or_more_is_not_an_alternative() -> None:
    assert fmt("One or more comma-separated sort keys.", "sort", where="query") == [
        ("comma-separated", {"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"})]


def test_a_format_name_shown_as_a_value_is_a_value() -> None:
    d = "The network type.\nValid values:\n- `IPV4`\n- `DUAL`\nA group supports the IPv4 protocol or both."
    assert fmt(d, "networkType") == []


def test_illustrative_path_and_split_layout() -> None:
    assert fmt("It is of the form gs://{bucket}/path/to/app.conf, although the file may have any name.", "confUri") == [
        ("of the form gs://{bucket}/path/to/app.conf,", {"layout": "gs://{bucket}/path/to/app.conf"})]
    assert fmt("The app, in the format: shops/ SHOP_ID/apps/APP_ID", "app") == [
        ("in the format: shops/ SHOP_ID/apps/APP_ID", {"layout": "shops/SHOP_ID/apps/APP_ID"})]


def test_quoted_format_names_and_code_blocks() -> None:
    """A quoted format name is a value unless the text encodes in it; a label whose value is a
    code block (blanked as a sample) states no layout."""
    assert fmt("The file's bytes, encoded in `base64`.", "file") == [("base64", {"format": "byte"})]
    assert fmt('How `body` is encoded. Currently `"utf-8"` and `"base64"` are supported.', "encoding") == []
    assert fmt('The link. Format: ```"shops/{shop}"```', "link") == []
    assert fmt("The link. Format: `` `shops/{shop}` ``", "link") == [
        ("Format: `` `shops/{shop}` ``", {"pattern": "^shops/[^/]+$", "layout": "shops/{shop}"})]


def test_layout_segments_lost_to_markup_and_wildcards() -> None:
    """"Format: `shops//shelves/`" (the placeholders were tags, stripped at the source): each empty
    segment stands for one, a guess, so the fix is unsafe; "*" segments are wildcards."""
    assert fmt("The shelf. Format: `shops//shelves/`.", "shelf") == [
        ("Format: `shops//shelves/`", {"pattern": "^shops/[^/]+/shelves/[^/]+$", "layout": "shops/{…}/shelves/{…}",
                                       "inferred": True})]
    assert fmt("Must be in the format `shops/*/shelves/{shelf}/books/*`.", "book") == [
        ("in the format `shops/*/shelves/{shelf}/books/*`",
         {"pattern": "^shops/[^/]+/shelves/[^/]+/books/[^/]+$", "layout": "shops/*/shelves/{shelf}/books/*"})]
    assert fmt("The shelf, in the format of shops/{shop}/shelves/{shelf} /books/{book}", "book") == [
        ("in the format of shops/{shop}/shelves/{shelf} /books/{book}",
         {"pattern": "^shops/[^/]+/shelves/[^/]+/books/[^/]+$", "layout": "shops/{shop}/shelves/{shelf}/books/{book}"})]


def test_character_rules_read_whole() -> None:
    assert fmt("Must end with a number.", "name") == [("Must end with a number", {"pattern": "[0-9]$"})]
    assert fmt("Ids contain only alphanumeric characters with dashes and underscores.", "runId") == [
        ("alphanumeric characters with dashes and underscores", {"pattern": "^[A-Za-z0-9_-]+$"})]
    assert fmt("The model.\n* Format: Alphanumeric\n* Must not start with a space or be all spaces", "model") == [
        ("Format: Alphanumeric", {"pattern": "^[A-Za-z0-9 ]*$"})]
    d = "Type: Alphanumeric Special [a-z0-9!#@[]_~], Length: 1-20"
    assert fmt(d, "note") == [("[a-z0-9!#@[]_~]", {"pattern": "^[a-z0-9!#@\\[\\]_~]*$"})]


def test_a_regex_the_markdown_reading_mangled_is_read_from_the_source() -> None:
    """``[a-z]([a-z0-9-]{0,8})`` looks like a markdown link to the text preparation: the regex is
    read from the description as written."""
    d = "It must match the following regex: `^[a-z]([a-z0-9-]{0,8}[a-z0-9])?$`."
    assert fmt(d, "phase") == [("regex: `^[a-z]([a-z0-9-]{0,8}[a-z0-9])?$`", {"pattern": "^[a-z]([a-z0-9-]{0,8}[a-z0-9])?$"})]


def test_an_items_shape_is_not_the_lists() -> None:
    d = "5-digit zip code filter. May contain multiple comma-separated values."
    assert fmt(d, "zip", where="query") == [
        ("comma-separated", {"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"})]


def test_a_format_the_fields_own_example_contradicts_is_not_reported() -> None:
    """The spec's own example or default (not a placeholder) fails the format read from prose:
    the reading is wrong for this field ("The URI of the user", example "/users/42")."""
    def rules(schema: dict[str, Any]) -> list[str]:
        return [g.rule for g in gaps("The URI of the user.", name="user", type="string", where="body", schema=schema)]
    assert rules({"type": "string", "example": "/users/42"}) == []
    assert rules({"type": "string", "example": "https://example.com/users/42"}) == ["prose-format"]
    assert rules({"type": "string", "example": "string"}) == ["prose-format"]  # a placeholder says nothing
    assert rules({"type": "string", "default": ""}) == ["prose-format"]
    pat = gaps("Only letters and numbers.", name="label", type="string", where="body", schema={"example": "Apartment 9"})
    assert pat == []


def test_a_spelled_out_layout_is_trusted_over_the_examples() -> None:
    """Examples are often generated ("2025-10-15T13:50:18.777Z" on a YYYY-MM-DD field): a layout
    the prose spells out stands; an instant behind an operator still shows a date-time."""
    g = gaps("End date, in YYYY-MM-DD format.", name="to", type="string", where="query",
             schema={"default": "2025-10-15T13:50:18.777Z"})
    assert [x.rule for x in g] == ["prose-format"]
    g = gaps("Updated since, in ISO 8601 format, after an optional operator (<, >).", name="updated", type="string",
             where="query", schema={"default": ">2015-09-01T12:00:00Z"})
    assert [x.rule for x in g] == ["prose-format"]


def test_a_flag_field_states_no_format_of_its_own() -> None:
    """"Whether the content is returned as base64": the field switches a format, it has none."""
    assert fmt("Determines whether the body is returned as base64. Defaults to false.", "raw") == []
    assert fmt("Whether the reply is sent in JSON format.", "json") == []
    assert fmt("If true, dates are sent as ISO 8601 strings.", "isoDates") == []


def test_banned_characters_state_a_pattern_only_for_blanks() -> None:
    assert fmt("The title can't contain spaces.", "title") == [("can't contain spaces", {"pattern": "^[^\\s]*$"})]
    assert fmt("The name of the shelf. Cannot contain wildcard characters.", "shelf") == [
        ("Cannot contain wildcard characters", {"pattern": "^[^*?]*$"})]
    assert fmt("Labels: 1. Invalid characters (these are refused) , | { } < >", "label") == [
        ("Invalid characters (these are refused) , | { } < >", {"pattern": "^[^,|{}<>]*$"})]
    assert fmt("Invalid characters: <, >, &", "label") == [("Invalid characters: <, >, &", {"pattern": "^[^<>&]*$"})]
    assert fmt("Must not contain special characters.", "label") == []
    assert fmt("Must not contain leading or trailing spaces.", "label") == []


def test_a_glob_named_as_a_pattern_is_a_template() -> None:
    assert fmt("Name of the route. It matches pattern `shops/*/routes/`", "route") == [
        ("pattern `shops/*/routes/`",
         {"pattern": "^shops/[^/]+/routes/[^/]+$", "layout": "shops/*/routes/{…}", "inferred": True})]
    assert fmt("A folder, in the format gs:///.", "folder") == [
        ("in the format gs:///.", {"pattern": "^gs://[^/]+/.+$", "layout": "gs://{…}/{…}", "inferred": True})]


def test_character_lists_with_the_characters_shown() -> None:
    assert fmt("The characters can be alphanumeric characters, underscores (_), or hyphens (-).", "tpl") == [
        ("alphanumeric characters, underscores (_), or hyphens (-)", {"pattern": "^[A-Za-z0-9_-]+$"})]
    assert fmt("It must start with a lower-case letter or number.", "pid") == [
        ("must start with a lower-case letter or number", {"pattern": "^[a-z0-9]"})]


def test_an_encoded_url_is_no_uri() -> None:
    assert fmt("URL-encoded URL of the page.", "url") == []


def test_a_format_in_a_values_definition_is_that_values() -> None:
    """"- CSV = results formatted as a comma delimited file": the value's meaning, not the field's format."""
    d = "Output flag. Enter one of the following keywords:\n- CSV = results as a comma delimited file."
    assert fmt(d, "output") == []
    assert fmt("Kind of export.\n* `tsv`: rows as tab and comma separated text", "kind") == []
    assert fmt("The shelf.\n* Format: numeric", "shelf") == [("Format: numeric", {"pattern": "^[0-9]*$"})]


def test_a_format_said_to_be_missing_is_not_the_fields() -> None:
    assert fmt("The purpose, when there is no corresponding 4 character code in the list.", "purpose") == []


def test_a_layout_with_its_placeholders_stripped_is_none() -> None:
    assert fmt("The table. Format: `bq://.monitoring_._`", "table") == []


def test_fixed_length_field_specs() -> None:
    assert fmt("Format: Fixed length, 32 AN", "cardId") == [("Format: Fixed length, 32 AN", {"pattern": "^[A-Za-z0-9]{32}$"})]
    assert fmt("Format: Variable length, up to 12 N", "amount") == [
        ("Format: Variable length, up to 12 N", {"pattern": "^[0-9]{1,12}$"})]


def test_a_parenthesised_format_of_one_alternative() -> None:
    """"The chat's id or the channel's username (in the format `@name`)": the layout is the
    second alternative's."""
    assert fmt("Id of the target chat or username of the channel (in the format `@channelname`)", "chat") == [
        ("in the format `@channelname`", {"layout": "@channelname", "alternatives": True})]


def test_a_layout_of_one_slot_or_with_a_closing_dot() -> None:
    assert fmt("The parent. Format: `{parent}`", "parent") == []
    assert fmt('The name. Format: "shops/{shop}/notes/{note}."', "name") == [
        ('Format: "shops/{shop}/notes/{note}."', {"pattern": "^shops/[^/]+/notes/[^/]+$", "layout": "shops/{shop}/notes/{note}"})]


@pytest.mark.parametrize(
    ("description", "name", "pattern"),
    [
        # the codes the text quotes are lower case: so is the pattern
        ("The ISO 3166-1 country of the shop, e.g. 'de' or 'fr'.", "shopCountry", "^[a-z]{2}$"),
        # both cases quoted: either
        ("ISO 4217 currency of the price ('eur', also 'EUR').", "priceCurrency", "^[A-Za-z]{3}$"),
        # several codes separated by semicolons
        ("Languages as ISO 639-1 codes separated by semicolons.", "langs", "^[a-zA-Z]{2}( *; *[a-zA-Z]{2})*$"),
        # a MIME range with a wildcard fits
        ("The MIME type of the files to keep, e.g. image/*.", "keepType", "^[a-zA-Z0-9!#$&^_.+*-]+/[a-zA-Z0-9!#$&^_.+*-]+( *;.*)?$"),
    ],
)
def test_standard_pattern_follows_what_the_text_says(description: str, name: str, pattern: str) -> None:
    ev = only(description, "standard", name=name)
    assert [e.data["pattern"] for e in ev] == [pattern]


@pytest.mark.parametrize(
    "description",
    ["The git remote URL of the project to build.", "Clone URL of the repository (HTTPS or SSH)."],
)
def test_a_git_remote_url_is_no_uri(description: str) -> None:
    # the scp-like form (git@host:org/repo.git) is a valid remote and no URI
    assert [e for e in analyse(description, name="remote", type="string") if e.data.get("format") == "uri"] == []


def test_a_layout_named_again_after_the_name_it_is_part_of_is_that_part() -> None:
    d = "A prefix for the lid report. The report is stored as lids_prefix_YYYYMMDD.csv, where YYYYMMDD is the day."
    assert fmt(d, "reportPrefix") == []
    # named alone, it is the value's layout
    assert [data.get("pattern") for _, data in fmt("The day of the lid report, in YYYYMMDD format.", "reportDay")] == \
        ["^[0-9]{4}[0-9]{2}[0-9]{2}$"]


def test_a_value_said_to_take_several_forms_is_one_of_them() -> None:
    d = ("The lid ranges. This CIDR range must be free. This range may be a single address (such as 10.2.3.4), "
         "a netmask (such as /24) or a CIDR block (such as 10.1.2.0/24).")
    assert [data.get("alternatives") for _, data in fmt(d, "lidRange")] == [True]
    # "it may be a … or a …" about something else than the value's forms
    d = "The lid range, in CIDR format. The lid may be a tin or a jar."
    assert [data.get("alternatives") for _, data in fmt(d, "lidRange")] == [None]


def test_digits_in_hex_are_hexadecimal_digits() -> None:
    assert [d["pattern"] for _, d in fmt("The lid colour, a 6-digit hex with leading '#' (e.g. #FFAABB).", "colour")] == \
        ["^#[0-9a-fA-F]{6}$"]
    assert [d["pattern"] for _, d in fmt("The lid colour as a 6-digit hex code.", "colour")] == ["^[0-9a-fA-F]{6}$"]
    assert [d["pattern"] for _, d in fmt("A 6-digit lid code.", "lidCode")] == ["^[0-9]{6}$"]


def test_a_list_in_a_body_or_a_tool_argument_keeps_its_wire_format_in_the_advice() -> None:
    (_, d), = fmt("Lid symbols (comma-separated, max 20)", "symbols", where="body")
    assert d["advice"] == ("only a pattern of the values states it on the string; an array of the values would be clearer, "
                           "but it changes what clients send (a form body would need its encoding's style: form, explode: false)")
    (_, d), = fmt("Lid symbols (comma-separated, max 20)", "symbols", where="query")
    assert d["advice"] == "declare an array with style: form, explode: false"


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ('A comma-separated list of lid fields to return, or "*" to return all.', "select"),  # one of two forms
        ('The depot subdomain. Call it as "sip:@depot.example.com", where the user part can be any alphanumeric value.',
         "sip_subdomain"),  # the format of another part
        ("The depot note. alphanumeric(256)", "note"),  # a data dictionary's type and size
    ],
)
def test_formats_of_another_form_or_part_or_a_type_notation_are_not_the_fields(description: str, name: str) -> None:
    assert fmt(description, name) == []


def test_a_class_joined_by_another_is_one_of_several() -> None:
    d = "The lid name. It may hold alphanumeric characters [A-Za-z0-9], and punctuation including slash and dot [/.]."
    assert [data.get("alternatives") for _, data in fmt(d, "name")] == [True]


def test_a_list_beside_a_shorthand_is_one_of_two_forms() -> None:
    assert fmt("List of comma separated lid IDs to be affected; `all` shorthand is available too.", "lidIds") == []


def test_country_codes_of_either_length() -> None:
    (e,) = only("Lid origin country, an ISO 3166-1 code: either alpha-2 or alpha-3.", "standard", name="country")
    assert e.data["pattern"] == "^[A-Z]{2,3}$"
    (e,) = only("Lid origin country, an ISO 3166-1 alpha-2 code.", "standard", name="country")
    assert e.data["pattern"] == "^[A-Z]{2}$"


def test_review_kinds_of_format_readings() -> None:
    # a character the value must hold is no shape of it; a bar sets forms apart; MQTT's wildcards are + and #
    assert not fmt("The lid code. Rules:<br /><ul><li>Between 8-20 characters.</li><li>Needs at least one digit (0-9) in it.</li></ul>",
                   "lidCode", where="body")
    assert fmt("Required. The parent of the jar. Must be in the format `kilns|depots/*/shelves/{shelf}`.", "parent", where="path") == \
        [("in the format `kilns|depots/*/shelves/{shelf}`", {"layout": "kilns|depots/*/shelves/{shelf}", "alternatives": True})]
    assert [d for _, d in fmt("The lid subfolder. This field must not contain any MQTT wildcards.", "subfolder", where="body")] == \
        [{"pattern": "^[^+#]*$"}]
    assert [d for _, d in fmt("The lid name must not contain wildcard characters.", "lidName", where="body")] == \
        [{"pattern": "^[^*?]*$"}]


def test_a_protocol_version_and_a_field_that_holds_a_layout_give_no_format() -> None:
    d = "<p>The network type of the kiln.</p> <p>A kiln group can support only the IPv4 protocol or the IPv4 and the IPv6 protocols (<code>DUAL</code>).</p>"
    assert not fmt(d, "NetworkType", where="query")
    assert not fmt("The format for the jar date. Valid values are:  - `d/M/yyyy` - `dd-MM-yy` - `MM/dd/yyyy`", "jarDateFormat", where="body")
    # the field's own layout, and an address said "IPv4 only", still are
    assert [d for _, d in fmt("The date of the jar, as MM/dd/yyyy.", "jarDate", where="body")] == \
        [{"pattern": "^[0-9]{2}/[0-9]{2}/[0-9]{4}$", "layout": "MM/dd/yyyy"}]
    assert [d for _, d in fmt("A kiln address in dotted decimal notation, IPv4 only.", "KilnAddress", where="body")] == [{"format": "ipv4"}]


def test_a_mix_of_kinds_and_a_format_fields_own_dates_give_no_format() -> None:
    assert not fmt("The lid code. It must be a mix of letters and digits.", "lidCode", where="body")
    assert not fmt("The format for the jar date. Valid values are: - `yyyy-MM-dd` - `dd.MM.yyyy`", "jarDateFormat", where="body")


def test_a_format_the_value_is_not_in_gives_nothing() -> None:
    # "Never written as a GUID" among a name's rules, "not a full web address": what the value is not
    d = "The lid name must meet these rules: * Only letters and digits * Begins with a letter * Never written as a GUID"
    assert [x for x in fmt(d, "lidName", where="body") if x[1].get("format") == "uuid"] == []
    assert fmt("Kiln host name, not a full URL.", "kilnHost", where="body") == []
    assert fmt("Do not base64-encode the jar label.", "jarLabel", where="body") == []


def test_a_field_that_names_a_format_describes_its_values_not_its_own() -> None:
    d = "The format of the lid code. Validated formats: - lidhex: a 12 characters hex string - lidurl: a URI as parsed by the kiln"
    assert fmt(d, "format", where="body") == []


def test_an_empty_value_the_text_accepts_is_marked_on_the_format() -> None:
    assert [d for _, d in fmt("The jar path. Must begin with \"/\". If the jar path is empty, the root \"/\" is used.", "jarPath",
                              where="body")] == [{"pattern": "^/", "empty": True}]
    assert [d for _, d in fmt("The kiln range, in CIDR notation. Leave blank to have one chosen.", "kilnRange", where="body")] == \
        [{"pattern": "^[0-9a-fA-F.:]+/[0-9]{1,3}$", "layout": "CIDR", "empty": True}]
    # "is not empty" is no empty value; an empty list holds no item that breaks the items' format
    assert [d for _, d in fmt("The lid checksum in hex. If the checksum is not empty, it is compared.", "lidChecksum",
                              where="body")] == [{"pattern": "^[0-9a-fA-F]+$"}]
    assert [d for _, d in fmt("Kiln ranges in CIDR notation. If empty, every address is let in.", "kilnRanges", type_="array",
                              where="body")] == [{"pattern": "^[0-9a-fA-F.:]+/[0-9]{1,3}$", "layout": "CIDR"}]


def test_the_last_part_of_a_url_layout_may_hold_slashes() -> None:
    assert [d for _, d in fmt("The jar object, in the format `gs://{bucket}/{object}`.", "jarObject", where="body")] == \
        [{"pattern": "^gs://[^/]+/.+$", "layout": "gs://{bucket}/{object}"}]
    assert [d for _, d in fmt("The shelf, in the format `kilns/{kiln}/shelves/{shelf}`.", "shelf", where="body")] == \
        [{"pattern": "^kilns/[^/]+/shelves/[^/]+$", "layout": "kilns/{kiln}/shelves/{shelf}"}]


def test_an_expression_fields_default_is_no_operator() -> None:
    (e,) = [x for x in analyse("The jar filter, LID||JAR||KILN. default = LID", name="jarFilter", type="string", where="query")
            if x.kind == "closed_vocab"]
    assert e.values == ("LID", "JAR", "KILN")
    assert [x for x in analyse("The jar filter, LID||JAR||KILN. Use kind=LID", name="jarFilter", type="string", where="query")
            if x.kind == "closed_vocab"] == []


def test_a_kind_of_value_and_an_identifier_of_a_thing_give_no_format() -> None:
    # "a UUID or something similar": any unique string; "anything X can parse": one form among those it takes
    assert fmt("The jar key: a UUID or something similar.", "id", where="body") == []
    assert [d for _, d in fmt("Lids filled before this date-time string (anything which the kiln clock can parse).",
                              "before", where="query")] == [{"format": "date-time", "alternatives": True}]
    # the text says the value is an identifier: the address is the thing's, not the id's
    assert fmt("The ID of the IPv6 kiln pool that hands out the CIDR block.", "KilnPool", where="query") == []
    assert [d for _, d in fmt("The IPv6 CIDR block of the kiln.", "KilnBlock", where="query")] == \
        [{"pattern": "^[0-9a-fA-F.:]+/[0-9]{1,3}$", "layout": "CIDR"}]


def test_review_kinds_of_forms_beside_the_stated_one() -> None:
    # a layout built from the field (a prefix of it) is a larger value's
    assert fmt("Prefix for the kiln host. The host name will be of format: &lt;kilnPrefix&gt;.kilns.example.", "kilnPrefix") == []
    assert [d for _, d in fmt("The kiln host, of format: &lt;kilnPrefix&gt;.kilns.example.", "kilnHost")] == \
        [{"layout": "<kilnPrefix>.kilns.example"}]
    # a second reading when the first fails is a second accepted form
    assert [d for _, d in fmt("The lid's wait, read as ISO 8601 duration text; if that fails, the kiln reads a count "
                              "of seconds.", "lidWait")] == [{"format": "duration", "alternatives": True}]
    # one item is a list of one
    assert [d for _, d in fmt("The lids to return. Can be a single lid or a comma-separated list of lids", "lids", where="query")] == \
        [{"advice": "declare an array with style: form, explode: false", "layout": "comma-separated list"}]
    # a date format said in the definition of one listed value is that value's
    assert fmt("How to cut.\n\n * __by-lid__: cut per lid.\n * __as-of-day__: cut on a day. The format of the day is yyyy-mm-dd.\n",
               "cut", where="query") == []


def test_a_parts_bound_is_none_of_the_fields_and_a_range_with_more_values_says_so() -> None:
    d = ("Name of the shelf. Format: `kilns/{kiln}/shelves/{shelf}`. The `shelf` part starts with a letter and holds "
         "letters or `_`. Its length is at most 40 characters.")
    assert only(d, "bounds", name="name") == []
    assert [e.data for e in only("Name of the shelf. Its length is at most 40 characters.", "bounds", name="name")] == \
        [{"maxLength": 40}]
    # the range is stated, and more: the evidence says so (its fix is not safe)
    assert [e.data for e in only("Minutes of the kiln hour, between 0 and 59. Some kilns can also accept the value 60.",
                                 "bounds", name="minutes", type="integer")] == \
        [{"minimum": 0, "maximum": 59, "more": True}]
