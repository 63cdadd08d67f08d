"""Closed and example vocabularies: exact values, spans and the negatives that must stay quiet."""

from __future__ import annotations

import pytest

from linter.prose import Evidence, analyse


def only(description: str, kind: str, *, name: str = "", type: str | None = "string", where: str = "") -> list[Evidence]:
    """The evidence of one kind, so a test states exactly what it expects of that kind."""
    return [e for e in analyse(description, name=name, type=type, where=where) if e.kind == kind]

CLOSED = [
    # (description, name, type, values, text)
    ("One of: vp, director, manager", "seniority", "string", ("vp", "director", "manager"), "One of: vp, director, manager"),
    ("Possible values are `inbound`, `outbound` or `both`.", "track", "string", ("inbound", "outbound", "both"),
     "Possible values are `inbound`, `outbound` or `both`"),
    ("Valid values: contact, table, and text.", "task", "string", ("contact", "table", "text"),
     "Valid values: contact, table, and text"),
    ('Allowed values are "Exact" or "Equivalent".', "matchPolicy", "string", ("Exact", "Equivalent"),
     'Allowed values are "Exact" or "Equivalent"'),
    ("Supported values: json | xml | csv", "format", "string", ("json", "xml", "csv"), "Supported values: json | xml | csv"),
    ("State of the project; either 'open' or 'closed'", "state", "string", ("open", "closed"), "either 'open' or 'closed'"),
    ("The audio track. Can be: `inbound`, `outbound` or `both`. The default is `both`.", "track", "string",
     ("inbound", "outbound", "both"), "Can be: `inbound`, `outbound` or `both`"),
    ("json | xml | csv", "output", "string", ("json", "xml", "csv"), "json | xml | csv"),
    ("The font size. Possible values are:\n\n- Size7\n- Size8\n- Size9", "fontSize", "string", ("Size7", "Size8", "Size9"),
     "Possible values are:\n\n- Size7\n- Size8\n- Size9"),
    ("The order in which results are listed:\n- `ASC` - Oldest to newest.\n- `DESC` - Newest to oldest (default).",
     "sort_order", "string", ("ASC", "DESC"),
     "The order in which results are listed:\n- `ASC` - Oldest to newest.\n- `DESC` - Newest to oldest (default)."),
    ("Valid values are:\n* `real-time`: never ending * `one-shot`: once * `manual`: by hand", "pushMode", "string",
     ("real-time", "one-shot", "manual"), "Valid values are:\n* `real-time`: never ending * `one-shot`: once * `manual`"),
    ('Acceptable values are: - "cs" (Czech) - "de" (German)', "locale", "string", ("cs", "de"),
     'Acceptable values are: - "cs" (Czech) - "de"'),
    ("Status of the item:\n• active: in use\n• retired: gone", "status", "string", ("active", "retired"),
     "Status of the item:\n• active: in use\n• retired: gone"),
    ("| Value | Meaning |\n|---|---|\n| `A` | first |\n| `B` | second |", "grade", "string", ("A", "B"),
     "`A` | first |\n| `B` | second |"),
    ("Vehicle condition: used or new", "condition", "string", ("used", "new"), "Vehicle condition: used or new"),
    ("Sort order (asc/desc)", "order", "string", ("asc", "desc"), "(asc/desc)"),
    ("Valid values: 1, 2, 4, 6, 8... 16.", "channels", "integer", ("1", "2", "4", "6", "8", "10", "12", "14", "16"),
     "Valid values: 1, 2, 4, 6, 8... 16"),
    ("Must be 'H' for Hotel.", "market", "string", ("H",), "Must be 'H'"),
    ("Currently, only sorting by `name` or `createTime desc` is supported.", "orderBy", "string",
     ("name", "createTime desc"), "only sorting by `name` or `createTime desc`"),
    ("Whether to include it: true or false", "flag", "string", ("true", "false"), "Whether to include it: true or false"),
    ("<p>Valid Values: <code>text/plain</code> | <code>text/html</code></p>", "ContentType", "string",
     ("text/plain", "text/html"), "Valid Values: <code>text/plain</code> | <code>text/html</code>"),
    ("**Values**: one of the following:\n\n- `Flat Fee`\n- `Per Unit`", "model", "string", ("Flat Fee", "Per Unit"),
     "one of the following:\n\n- `Flat Fee`\n- `Per Unit`"),
    # a cue's list set apart from it: in brackets, or on the line after its colon
    ("How lids are packed. One of [LOOSE, STACKED, BOXED]. Default is BOXED.", "packing", "string",
     ("LOOSE", "STACKED", "BOXED"), "One of [LOOSE, STACKED, BOXED]"),
    # … or words set apart by blanks alone, up to the end of the line
    ("The kiln fuel. Accepted values: gas wood coal", "fuel", "string", ("gas", "wood", "coal"), "Accepted values: gas wood coal"),
    ("Kind of jar. Enumerable oneOf: tin glass clay", "kind", "string", ("tin", "glass", "clay"), "Enumerable oneOf: tin glass clay"),
    ("The jar to fill. Valid values: (Clay, Glass, Tin)", "jar", "string", ("Clay", "Glass", "Tin"),
     "Valid values: (Clay, Glass, Tin)"),
    ("One of (north, south, east). Max 5 characters.", "depot", "string", ("north", "south", "east"),
     "One of (north, south, east)"),
    ("Lid finish.\nPossible values: \n**Matte**, **Gloss**.\n", "finish", "string", ("Matte", "Gloss"),
     "Possible values: \n**Matte**, **Gloss**"),
    ("<p>The lid kind. It must be one of the following kinds: </p> <p> <code>FLAT</code>, <code>DOME</code>, or "
     "<code>VENTED</code>.</p>", "kind", "string", ("FLAT", "DOME", "VENTED"),
     "be one of the following kinds: </p> <p> <code>FLAT</code>, <code>DOME</code>, or <code>VENTED</code>"),
    # a set whose size the text states, with a list of that many
    ("The lid kind. There are two valid values, <code>Flat</code> and <code>Dome</code>.", "kind", "string",
     ("Flat", "Dome"), "two valid values, <code>Flat</code> and <code>Dome</code>"),
    ("Lid mode. Three modes are supported: open, shut and ajar.", "mode", "string", ("open", "shut", "ajar"),
     "Three modes are supported: open, shut and ajar"),
    # each value glossed by its own short form: the short forms are the values
    ("Lid rights. Possible values are: Read (r), Write (w), Delete (d) and List (l).", "rights", "string",
     ("r", "w", "d", "l"), "Possible values are: Read (r), Write (w), Delete (d) and List (l)"),
    ("Lid colour, one of: Red (warm), Blue (cold).", "colour", "string", ("Red", "Blue"), "one of: Red (warm), Blue (cold)"),
    # a value sentence after "left unset or"
    ("Lid grip. If left unset or set to SOFT_GRIP, a is used. If set to HARD_GRIP then b is.", "grip", "string",
     ("SOFT_GRIP", "HARD_GRIP"), "SOFT_GRIP, a is used. If set to HARD_GRIP"),
    # bullets as authors write them: escaped ("\\* a"), or with no blank before the code
    ("The lid owner:\n*`user`\n*`team`\n*`robot`", "owner", "string", ("user", "team", "robot"),
     "The lid owner:\n*`user`\n*`team`\n*`robot`"),
    ("Lid access:\n\\* `read` - can open.\n\\* `write` - can seal.", "access", "string", ("read", "write"),
     "Lid access:\n\\* `read` - can open.\n\\* `write` - can seal."),
    # a condition on the field being there is no case of it; the values' kind or a closing dash may end them
    ('If given, one of `"open"` or `"shut"`.', "lid", "string", ("open", "shut"), 'one of `"open"` or `"shut"`'),
    ("Return lids ordered by `made_at` or `sold_at` fields.", "order_by", "string", ("made_at", "sold_at"),
     "`made_at` or `sold_at`"),
    ("The maker — `\"press\"` or `\"mould\"` — used to shape the lid.", "maker", "string", ("press", "mould"),
     "`\"press\"` or `\"mould\"`"),
    # a list per case: the field takes their union; an inline bullet list whose last item runs on
    ('The lid size. Valid values for jars are "S", "M" and "L". Valid values for tins are "S" and "XL".', "size",
     "string", ("S", "M", "L", "XL"),
     'Valid values for jars are "S", "M" and "L". Valid values for tins are "S" and "XL"'),
    ("Lid kind. Following kinds are allowed: * FLAT * DOME * VENT Default kind is FLAT.", "kind", "string",
     ("FLAT", "DOME", "VENT"), "Following kinds are allowed: * FLAT * DOME * VENT"),
    # a wish to filter or sort by the field is its use, not a case of it; a gloss that wraps onto the next line
    ("If you need to sort by depot, pick one of north or south.", "depot", "string", ("north", "south"),
     "pick one of north or south"),
    ("To sort jars, use one of fill (the jars by how\nfull they are) or age (by date).", "jarSort", "string", ("fill", "age"),
     "use one of fill (the jars by how\nfull they are) or age (by date)"),
    # code-like words a sentence says are the only ones taken
    ("The kind of lid to make. Only JAR_LID and TIN_LID lids are supported. One lid per jar.", "type", "string",
     ("JAR_LID", "TIN_LID"), "JAR_LID and TIN_LID"),
    ("The source kind. Currently TinLid, JarLid and BoxLid are supported.", "type", "string", ("TinLid", "JarLid", "BoxLid"),
     "TinLid, JarLid and BoxLid"),
    ('If given, only jars of that kind are kept. "glass" and "clay" are currently supported.', "jar_kind", "string",
     ("glass", "clay"), '"glass" and "clay"'),
    # a verb of having before the values ("may have values", "can take the values")
    ("The kiln fuel. It may have values Gas/Wood.", "fuel", "string", ("Gas", "Wood"), "may have values Gas/Wood"),
    ("The depot, which may take the values north, south or east.", "depot", "string", ("north", "south", "east"),
     "may take the values north, south or east"),
    # Chinese, Simplified and Traditional
    ("状态，可选值：active、inactive、deleted", "status", "string", ("active", "inactive", "deleted"),
     "可选值：active、inactive、deleted"),
    ("排序方式：asc 或 desc", "order", "string", ("asc", "desc"), "排序方式：asc 或 desc"),
    ("狀態，可選值：active、inactive、deleted", "status", "string", ("active", "inactive", "deleted"),
     "可選值：active、inactive、deleted"),
    ("状态（0：正常，1：停用）", "status", "integer", ("0", "1"), "0：正常，1：停用"),
    ("类型，取值为 BUY、SELL 之一", "side", "string", ("BUY", "SELL"), "取值为 BUY、SELL"),
    ("訂單類型，可選值：「LIMIT」、「MARKET」", "type", "string", ("LIMIT", "MARKET"), "可選值：「LIMIT」、「MARKET」"),
]


def test_upper_case_codes_that_spell_a_conjunction_are_values() -> None:
    d = "Possible values are TIN (a tin), NOR (the north depot), JAR (a jar) or AND (a sealed box)."
    (e,) = only(d, "closed_vocab", name="kind")
    assert e.values == ("TIN", "NOR", "JAR", "AND")
    d = "Possible values are TIN_LID, JAR_LID, AND BOX_LID."  # in upper case before another value: a joint
    assert only(d, "closed_vocab", name="kind")[0].values == ("TIN_LID", "JAR_LID", "BOX_LID")


def test_a_list_that_says_other_values_exist_is_not_the_set() -> None:
    d = "Accepted values are: Lid, LidOnTop (trays made before 2020 may also give Loose or Bare). Trays need a lid."
    assert not only(d, "closed_vocab", name="cover")
    # in a definition list the text after the last value is its meaning, not a word on the list
    d = "The kinds are:\n* `lid` - a cover\n* `cap` - a cover that can also be screwed on"
    assert only(d, "closed_vocab", name="cover")[0].values == ("lid", "cap")


def test_codes_set_apart_by_one_blank_or_two_are_one_list() -> None:
    d = "Kind of depot report:\n    - 10D Pre-Winter\n    - M1  First Monthly\n    - M10 Tenth Monthly\n    - TER Final Report"
    assert only(d, "closed_vocab", name="report_kind")[0].values == ("10D", "M1", "M10", "TER")
    # one blank alone sets no code apart from prose
    assert not only("Notes:\n- API keys expire after a year\n- SDK clients retry", "closed_vocab", name="note_kind")


def test_labels_that_group_quoted_values_give_the_values() -> None:
    d = 'The depot area. The following values apply:\n\nNO: "tin-NO", "jar-NO", "lid-EA"\nSO: "tin-SO", "lid-EA"\nEA: "lid-EA".'
    assert only(d, "closed_vocab", name="area")[0].values == ("tin-NO", "jar-NO", "lid-EA", "tin-SO")


def test_a_sample_of_how_a_member_is_written_does_not_open_the_list() -> None:
    d = "The depot report filed, for example, report 1 is written R1:\n- R1  First report\n- R2  Second report\n- R3X  Third report"
    assert only(d, "closed_vocab", name="report_kind")[0].values == ("R1", "R2", "R3X")
    # without a sample of its own before the colon, the cue says the list is a sample
    d = "The depot report filed, for example:\n- R1  First report\n- R2  Second report"
    assert not only(d, "closed_vocab", name="report_kind")


@pytest.mark.parametrize(("description", "name", "type_", "values", "text"), CLOSED)
def test_closed_vocab(description: str, name: str, type_: str, values: tuple[str, ...], text: str) -> None:
    ev = only(description, "closed_vocab", name=name, type=type_)
    assert [e.values for e in ev] == [values]
    assert ev[0].text == text
    assert description[ev[0].span[0] : ev[0].span[1]] == text


def test_span_is_in_original_offsets_through_html() -> None:
    d = "<p>The kind.</p> <p>Possible values are: <code>a1</code>, <code>b2</code>.</p>"
    (e,) = only(d, "closed_vocab", name="kind")
    assert e.span == (20, 73)
    assert e.text == "Possible values are: <code>a1</code>, <code>b2</code>"


EXAMPLES = [
    ("The department, e.g. executive", "department", "string", ("executive",), "e.g. executive"),
    ("Type of account, such as billing", "account_type", "string", ("billing",), "such as billing"),
    ("Document state, for example DRAFT", "state", "string", ("DRAFT",), "for example DRAFT"),
    ("Category of the item (books, music, etc.)", "category", "string", ("books", "music"), "(books, music, etc."),
    ("Possible values include `pdf` and `docx`.", "kind", "string", ("pdf", "docx"), "Possible values include `pdf` and `docx`"),
    ('Upload protocol for media (e.g. "raw", "multipart").', "upload_protocol", "string", ("raw", "multipart"),
     'e.g. "raw", "multipart"'),
    ("The current version is 2019-10-01-preview.", "api-version", "string", ("2019-10-01-preview",),
     "The current version is 2019-10-01-preview"),
    ("Kind of shop, including:\n\n`1`: corner shop\n\n`2`: market stall", "shopKind", "integer", ("1", "2"),
     "Kind of shop, including:\n\n`1`: corner shop\n\n`2`: market stall"),
    # samples given case by case after one cue: the union
    ('Release of the kiln firmware. Examples: For gas kilns, it may be "3.1", "2.9" etc. For electric kilns, it may be '
     '"7", "8" etc.', "firmwareVersion", "string", ("3.1", "2.9", "7", "8"),
     'Examples: For gas kilns, it may be "3.1", "2.9" etc. For electric kilns, it may be "7", "8" etc.'),
    # the supported release lines of a product: a set the server knows, shown by samples
    ("The glaze engine version, for example 4.2 or 5.0.", "engineVersion", "string", ("4.2", "5.0"), "for example 4.2 or 5.0"),
    # the list syntax shown by a sample written in it
    ("Columns to show, separated by commas: title,size", "columns", "string", ("title", "size"),
     "separated by commas: title,size"),
    ("类型，例如：BUY", "type", "string", ("BUY",), "例如：BUY"),
    ("類型，如：BUY、SELL等", "type", "string", ("BUY", "SELL"), "如：BUY、SELL等"),
]


@pytest.mark.parametrize(("description", "name", "type_", "values", "text"), EXAMPLES)
def test_example_vocab(description: str, name: str, type_: str, values: tuple[str, ...], text: str) -> None:
    ev = only(description, "example_vocab", name=name, type=type_)
    assert [(e.values, e.text) for e in ev] == [(values, text)]
    assert not only(description, "closed_vocab", name=name, type=type_)


QUIET = [
    # one case's list, a partial lead before value sentences, the syntaxes of a text in parentheses
    ("Some lids need a value.\n\nFor the tin lid, it can be set to:\n* `snap` (default), to snap on, or\n* `screw`, to screw on.",
     "lidMode", "string"),
    ("The lid sealing. The possible values include:\n\n- `wax` where the lid is dipped\n\n- `tape` for a taped lid", "sealing",
     "string"),
    ("The lid label in Markdown format (HTML or Text).", "label", "string"),
    # lists for sub-fields named in code are theirs; samples of public sets a model knows; user-made labels
    ("A JSON string. Allowed values for `on` are `yes` and `no`. Allowed values for `at` are `now` or a date.",
     "lid", "string"),
    ("The HTTP request method e.g. GET", "method", "string"),
    ("Type of this lid record (e.g. “A”, “MX”)", "type", "string"),
    ("Lid brand key given by user (eg: LD5)", "brand", "string"),
    ("A custom lid hook. For example usage, see [the guide](https://lids.example/hooks).", "hook", "string"),
    # "the value of `x`, if …" names another thing, not a value of this one
    ("If `On`, the reply holds the value of `Expiry`, if it is set. If `Off` and unset, nothing.", "expiryMode", "string"),
    # a stated size the list does not have: not the set
    ("Lid mode. Three modes are supported: open, shut.", "mode", "string"),
    # an interval in brackets, and one value set apart on the next line, are no list of values
    ("Retries. The valid value range is [0, 10].", "retries", "integer"),
    ("The following media types are supported:\n** image/png", "media", "string"),
    # a cue's parenthesis that a form goes on from, a numeric pair in parentheses
    ("Firing time as <n><span>, where span is one of (q,r,t) standing for (quick, regular, thorough).", "firing", "string"),
    ("Jar size. Valid values are (1, 10).", "size", "string"),
    # free-form examples
    ('Free-text keywords, e.g. "machine learning"', "keywords", "string"),
    ("The user's id, e.g. 12345", "user_id", "string"),
    ("Link to the page, e.g. https://example.com/a", "link", "string"),
    ("The file path, e.g. /var/log/app", "path", "string"),
    ("The search query, e.g. pizza", "q", "string"),
    ("Contact, e.g. jane@example.com", "contact", "string"),
    ('The secondary rewards tier, such as "Gold" or "Platinum."', "tier", "string"),
    ("For example, <i>arn:aws:iam:::role/name</i>", "PrincipalARN", "string"),
    # values of another field
    ("The `mode` property must be set to `fast` or `slow`.", "speed", "string"),
    ("Exactly one of `url` or `service` must be specified.", "url", "string"),
    ("Either this or ack_ids must be populated, but not both.", "ackId", "string"),
    ("The possible values for `enabled` are `true` and `false`.", "maintenance", "string"),
    ("Specify the value based on the picker (`PickerType`):\n* `DATE`: a date\n* `TIME`: a time", "value", "string"),
    # kinds of content, one case, plain words
    ("The photo. Only PNG and JPEG files are supported.", "photo", "string"),
    ("The kind. Only JAR_LID and TIN_LID are supported for glass jars.", "type", "string"),
    ("Wildcards and Regex are supported.", "q", "string"),
    # a wish about another thing is a case of the field
    ("If you want to ship abroad, use one of north or south.", "depot", "string"),
    # words of prose after a cue's colon: a phrase, a sheet of "Label: value" lines, an id
    ("The jar tax. Values: a known jar code", "jarTax", "string"),
    ("Allowed values: Plain Text", "body", "string"),
    ("The jar maker.\n\n**Length**: 32\n\n**Values**: server supplied\n", "maker", "string"),
    ("The first jar id.\n\n**Values**: server supplied\n", "firstJarId", "string"),
    # values another noun can have, an open "values between"
    ("Built from the kiln state. The burner heat may take values: HOT and COLD.", "state", "string"),
    ("The weight may have values between 1 and 9.", "weight", "string"),
    # booleans, prose, partial, typed
    ("true or false", "flag", "boolean"),
    ("Possible values are described in the guide.", "mode", "string"),
    ("Can be the name of a user.", "assignee", "string"),
    ("Username or email", "login", "string"),
    ("Speed (km/h)", "speed", "number"),
    ("* `0` - top level only\n* `n` (any positive number) - n levels", "depth", "integer"),
    ("Defaults to 10.", "limit", "integer"),
    ("Must be `true` if you want the default.", "flag", "string"),
    ("Example values are \"en-US\" or \"de\". A BCP 47 language tag.", "language", "string"),
]


@pytest.mark.parametrize(("description", "name", "type_"), QUIET)
def test_no_vocabulary(description: str, name: str, type_: str) -> None:
    assert not only(description, "closed_vocab", name=name, type=type_)
    assert not only(description, "example_vocab", name=name, type=type_)


def test_partial_list_is_not_closed() -> None:
    d = "Valid states include 'PENDING', 'RUNNING', and 'DONE'."
    assert not only(d, "closed_vocab", name="state")
    assert [e.values for e in only(d, "example_vocab", name="state")] == [("PENDING", "RUNNING", "DONE")]


def test_etc_makes_list_partial() -> None:
    d = "Possible values are `a1`, `b2`, etc."
    assert not only(d, "closed_vocab", name="mode")
    assert [e.values for e in only(d, "example_vocab", name="mode")] == [("a1", "b2")]


def test_single_letter_values() -> None:
    (e,) = only("Kind of thing. One of: a, b, c.", "closed_vocab", name="kind")
    assert e.values == ("a", "b", "c")


def test_can_be_either_three_values() -> None:
    d = "Indicates the state of the issues to return. Can be either `open`, `closed`, or `all`."
    (e,) = only(d, "closed_vocab", name="state")
    assert (e.values, e.text) == (("open", "closed", "all"), "Can be either `open`, `closed`, or `all`")


def test_version_thresholds_and_own_versions_are_free_form() -> None:
    # a minimum is any version; a patch level, or "any" number, is the caller's own
    assert not only("Lowest app version allowed, for example 4.2 or 5.0.", "example_vocab", name="minAppVersion")
    assert not only("The version of the recipe, for example 1.0.3 or 2.1.7.", "example_vocab", name="recipeVersion")
    assert not only("Pick any whole number you like, for example 4 or 7.", "example_vocab", name="version")
    # one sample is no set
    assert not only("The engine version, for example 4.2.", "example_vocab", name="engineVersion")


def test_a_spaced_list_after_a_separator_is_not_a_syntax_sample() -> None:
    assert not only("Columns to show, separated by commas: title, size", "example_vocab", name="columns")


def test_hex_and_id_examples_are_free_form() -> None:
    assert not only("The color of the label, e.g. `f29513`", "example_vocab", name="color")
    assert not only("The ID of the customer, e.g. cus_123", "example_vocab", name="customer")


def test_language_examples_are_a_standard_not_a_vocabulary() -> None:
    d = "Returns results in the given language (e.g., 'en', 'fr')."
    assert not only(d, "example_vocab", name="lang")
    assert [e.data["standard"] for e in only(d, "standard", name="lang")] == ["BCP 47"]


def test_filter_expression_operands_are_not_values() -> None:
    d = "Fields available for filtering are:\n* `message_type`: the type\n* `send_date`: the date"
    assert not only(d, "closed_vocab", name="filter")


def test_glossed_groups_set_apart_by_semicolons_are_one_list() -> None:
    d = "Valid values: `tin`, `tin-x` (gas kilns); `jar1` (electric kilns)."
    assert only(d, "closed_vocab", name="lidType")[0].values == ("tin", "tin-x", "jar1")
    # without the glosses a semicolon still ends the list
    d = "Valid values: `tin`, `tin-x`; `jar1` is kept for old kilns."
    assert only(d, "closed_vocab", name="lidType")[0].values == ("tin", "tin-x")
def test_a_layout_under_a_condition_does_not_make_the_values_parts() -> None:
    d = ("The lane kind of the depot. If set to LANE_ONE, trucks get IPv4 addresses only. "
         "If set to LANE_BOTH, trucks get IPv4 and IPv6 addresses.")
    assert [e.values for e in only(d, "closed_vocab", name="laneKind")] == [("LANE_ONE", "LANE_BOTH")]
    # the field's own layout still does: the days are values of one of its parts
    assert not only("The slot of the kiln. Format: ddd:hh24. Valid days: Mon, Tue, Wed", "closed_vocab", name="slot")


def test_lists_inside_the_whole_set_give_way_to_it() -> None:
    d = ('Lid uses.\n\nClient lids typically ask for: "seal", "snap".\n\nValid values are:\n'
         ' "signing", "seal", "snap", "server lock", "any"')
    assert [e.values for e in only(d, "closed_vocab", name="usages", type="array")] == [
        ("signing", "seal", "snap", "server lock", "any")]


def test_the_last_pair_before_a_full_stop_is_kept() -> None:
    assert only("Match kind. 0=All lids, 1=Only sealed, 2=Only open.", "closed_vocab", name="match_kind",
                type="integer")[0].values == ("0", "1", "2")


def test_bullets_that_give_a_name_and_its_code_give_the_codes() -> None:
    d = "The jar language. The following are supported:\n\n- Arabic (`ar`)\n- Chinese Simplified (`zh_CN`)\n- Danish (`da`)"
    assert only(d, "closed_vocab", name="langCode")[0].values == ("ar", "zh_CN", "da")


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("The lid takes one of `lid-name`, `lid-name:rev`, or the ARN of the lid.", "lidDef"),  # forms of a name
        ("Provide one of the following IDs:\n* `depotId`: the depot\n* `shelfId`: the shelf", "target_ids"),
        ("The allowed formats are Major.Minor.Build or 'latest'.", "version"),  # a layout of named parts
    ],
)
def test_lists_beside_another_kind_of_value_are_not_the_set(description: str, name: str) -> None:
    assert not only(description, "closed_vocab", name=name)


@pytest.mark.parametrize(
    ("description", "values", "beside"),
    [
        ('Can be one of: "soon", "gone", "every", or a span of days such as "2031-02-03,2031-04-05".',
         ("soon", "gone", "every"), "or a span of days"),
        ("The lid takes one of `lid-a`, `lid-b`, or the ARN of the lid.", ("lid-a", "lid-b"), "or the ARN of the lid"),
    ],
)
def test_a_set_beside_another_kind_of_value_says_what_else_is_taken(description: str, values: tuple[str, ...],
                                                                      beside: str) -> None:
    (e,) = only(description, "closed_vocab", name="when")
    assert (e.values, e.data.get("beside")) == (values, beside)


def test_a_list_or_a_separated_list_of_its_values_is_still_the_set() -> None:
    d = "The lid kind. Valid kinds are snap, screw, seal, or a space-separated list of those for a mixed lid."
    assert only(d, "closed_vocab", name="kind")[0].values == ("snap", "screw", "seal")


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("HTTP verb of the lid call, such as DELETE, GET, PUT, or null.", "verb"),  # HTTP methods
        ("The state. Use local abbreviations, such as NSW or CA", "state"),  # state codes
        ("Journey start, a 3-letter IATA code e.g. 'MAD'", "origin"),
        ("The source region of the lid. For example, <code>eu-west-3</code>.", "source"),  # a cloud's regions
        ("Business days, such as 'tuesday'.", "days"),  # weekdays
        ("Filter lids by the given package name (e.g. tar)", "lid_package"),  # a free name
        ("Lid year (like: 2010, 2015, 2019)", "lid_year"),  # years
        ("Boost function e.g. pow(edges,0.334)", "boost_fx"),  # a call in a sample expression
    ],
)
def test_samples_of_public_sets_and_free_values_are_no_vocabulary(description: str, name: str) -> None:
    assert not only(description, "example_vocab", name=name)


def test_a_partial_word_inside_a_closed_parenthesis_does_not_open_the_list() -> None:
    d = "The method used on the parts (including lids, jars and tins) at the depot:  - PAT = Pots - MET = Metals - OTH = Other Parts"
    assert only(d, "closed_vocab", name="method_category")[0].values == ("PAT", "MET", "OTH")


def test_notes_on_the_field_after_its_bulleted_values_are_no_values() -> None:
    d = "A one-letter lid class. The following are valid:\n * F: first lid\n* J: jar lid\n* Y: tin lid\n\n* Encoding: ASCII\n* maxLength: 1 character"
    assert only(d, "closed_vocab", name="lid_class")[0].values == ("F", "J", "Y")
    # "the following are common": the usual ones, not the set
    assert not only(d.replace("are valid", "are common"), "closed_vocab", name="lid_class")


def test_samples_read_only_in_part_and_notes_among_values_are_no_list() -> None:
    # the samples go on as phrases the reading stops at: no sample list of one
    assert not only("How the lid was paid, such as cash, credit card, bank transfer, or check", "example_vocab",
                    name="payment_method")
    # a note among the values ("case-sensitive") makes the list one of kinds
    assert not only("The owner of the lid (organization or user, case-sensitive).", "closed_vocab", name="owner")
    # "optional" and "required" are values where a list says so
    assert only("Acceptable values are: `always`, `never`, `optional`.", "closed_vocab", name="check")[0].values == \
        ("always", "never", "optional")


def test_a_filled_in_template_is_no_sample_of_a_set() -> None:
    d = ("Lid date qualifier. Enter one of the following:\n- NEVER = No lids\n- ANY = Any lid\n"
         "- GTXX = More than XX months. Put a number in place of XX, eg. GT12, for a lid older than 12 months.")
    assert not only(d, "example_vocab", name="p_lid")


def test_labels_before_quoted_values_give_the_values() -> None:
    d = "The lid kind. Valid values are:\n\n* Snap = `snp`\n* Screw = `scr`\n* Seal = `sel`"
    assert only(d, "closed_vocab", name="kind")[0].values == ("snp", "scr", "sel")


def test_the_stated_default_joins_the_value_to_set() -> None:
    d = "How lids are kept. Its default value is `Plain`; for a cold depot, set it to `Sealed`."
    assert only(d, "example_vocab", name="LidPolicy")[0].values == ("Plain", "Sealed")


def test_a_longer_list_that_holds_the_samples_is_the_one_shown() -> None:
    d = ("A comma-separated list of depot modules to turn off (e.g., sc,tf,ev).\n\nModule names include:\n"
         " sc – lid lines\ntf – jar traffic\nev – tin events\ntr – tray turns")
    assert [e.values for e in only(d, "example_vocab", name="disable")] == [("sc", "tf", "ev", "tr")]


def test_lists_per_case_are_one_set_when_written_alike() -> None:
    d = "The kiln level.\n\nMust be `low` or `off` for clay pots.\n\nMust be `on`, `high`, or `max` for glass jars.\n"
    ev = only(d, "closed_vocab", name="level")
    assert [e.values for e in ev] == [("low", "off", "on", "high", "max")]
    assert ev[0].text == d[d.index("Must") : d.index("`max`") + 5]


def test_lists_written_unlike_keep_the_longest_one_only() -> None:
    d = ("How often the jar is checked:\n- DayOne - every day\n- WeekOne - every week\n- MonthOne - every month\n\n"
         "The depot it goes to is one of `NORTH` or `SOUTH`.")
    assert [e.values for e in only(d, "closed_vocab", name="cycle")] == [("DayOne", "WeekOne", "MonthOne")]


def test_any_value_only_when_the_field_takes_it() -> None:
    # "skips any numbers it is sent": another thing's values; the set still closes the field
    d = "Choose `SEALED` when the lid is on. The kiln skips any numbers it is sent for heat. Choose `OPEN` when it is off."
    assert only(d, "closed_vocab", name="lidState")[0].values == ("SEALED", "OPEN")
    # "or any string": the field takes values outside the list
    assert not only("The lid: `snap`, `screw`, or any string the depot knows.", "closed_vocab", name="lid")


def test_one_of_these_nouns_before_a_list() -> None:
    d = "Closing fails unless you use one of these lids:  \n\\* `snap`  \n\\* `screw`  \n\\* `seal`"
    assert only(d, "closed_vocab", name="lid")[0].values == ("snap", "screw", "seal")


def test_a_colon_inside_the_quotes_separates_a_definition() -> None:
    d = "Where the jar was fired.\n`kiln:` jars fired in a kiln.\n\n`open fire:` jars fired outdoors.\n\n`other:` anything else."
    assert only(d, "closed_vocab", name="firing")[0].values == ("kiln", "open fire", "other")


def test_bullet_lines_that_open_the_text_are_value_then_meaning() -> None:
    d = "* `LID` - LID\n* `JAR` - JarOfClay"
    assert only(d, "closed_vocab", name="kind")[0].values == ("LID", "JAR")


def test_a_value_for_another_code_named_field_is_not_this_fields() -> None:
    d = ("If you give `80` for `Port` and `HTTP` or `HTTP_LID` for `Kind`, the jar opens. "
         "If you give `443` for `Port` and `HTTPS` for `Kind`, it closes.")
    assert not only(d, "closed_vocab", name="lidHost")


def test_an_arn_is_an_identifier_whatever_kinds_it_names() -> None:
    assert not only("The ARN of the holder (lid, jar, or tin).", "closed_vocab", name="HolderARN")


def test_one_bold_token_is_set_apart_as_a_literal() -> None:
    d = "The kiln heat. <strong>low</strong> means a warm kiln. <b> high </b> means a hot one. **off** means no fire."
    ev = only(d, "closed_vocab", name="heat")
    assert ev[0].values == ("low", "high", "off")
    assert ev[0].text.startswith("<strong>low</strong> means")
    # a bold label, a bold phrase and a bold number stay words
    assert not only("**Note**: the lid is **screwed on** and holds **2** jars.", "closed_vocab", name="lid")


def test_a_bullet_that_groups_values_holds_them_all() -> None:
    d = "The lid brand. Possible values:\n\n- **lid**, **lidsnap**, **lidscrew**\n\n - **jar**, **jarclay**\n\n- **tin.**"
    assert only(d, "closed_vocab", name="brand")[0].values == ("lid", "lidsnap", "lidscrew", "jar", "jarclay", "tin")


def test_kinds_of_content_are_values_when_most_are_not_content_words() -> None:
    assert only("Image, Text or Video.", "closed_vocab", name="mediaKind")[0].values == ("Image", "Text", "Video")
    assert not only("Username or email", "closed_vocab", name="login")


def test_codes_led_by_a_digit_are_codes() -> None:
    assert only("The jar for a given kiln (k4, e4, 4m, 4s)", "closed_vocab", name="kiln")[0].values == ("k4", "e4", "4m", "4s")


def test_a_value_sentence_may_name_its_kind_in_two_words() -> None:
    d = "The access.\n\n`none` means no access. `user` level access allows users. `depot` level access allows the depot."
    assert only(d, "closed_vocab", name="access_level")[0].values == ("none", "user", "depot")


def test_the_word_before_or_a_list_of_is_a_value_too() -> None:
    d = "all or a comma-separated list of: lids, jarName, closed, potKind"
    ev = only(d, "closed_vocab", name="fields")
    assert ev[0].values == ("all", "lids", "jarName", "closed", "potKind") and ev[0].text == d


def test_two_values_may_share_one_meaning_sentence() -> None:
    d = "Which lids to show. `red` means red lids. `blue` means blue lids. `green` or `grey` means every other lid."
    assert only(d, "closed_vocab", name="mode")[0].values == ("red", "blue", "green", "grey")


def test_the_value_will_be_sentences_give_the_set() -> None:
    d = "The value will be `alpha` if the lid is closed. If the lid is open the value will be `beta`. The value will be `gamma` if no lid exists."
    assert only(d, "closed_vocab", name="kind")[0].values == ("alpha", "beta", "gamma")
    # a bound said of "the value" is no value of a set
    assert not only("The default value is `10`. The maximum value is `100`.", "closed_vocab", name="page_size", type="integer")


def test_codes_on_bullets_glossed_by_a_clause() -> None:
    d = "Jar option\n* **KEEP**, when the jar is full\n* **DROP_LATER**, drop it later\n* **DROP_NOW**, drop it now"
    assert only(d, "closed_vocab", name="jarOption")[0].values == ("KEEP", "DROP_LATER", "DROP_NOW")
    d = "the purpose of the jar.\n - STANDARD for everyday use\n - GIFT for your gifts\n - SPARE_NO_LID for spares"
    assert only(d, "closed_vocab", name="jarPurpose")[0].values == ("STANDARD", "GIFT", "SPARE_NO_LID")


def test_codes_after_an_e_g_line_are_samples() -> None:
    d = "Regional variant of the jar (e.g. NTH jar)\n\nUse the local code.\nE.g.\n  - NTH for the north depot\n  - STH for the south depot\n  - etc\n"
    assert not only(d, "closed_vocab", name="region")
    assert only(d, "example_vocab", name="region")[0].values == ("NTH", "STH")


def test_codes_before_the_fields_own_kind_noun() -> None:
    assert only("Jars are packed in UPRIGHT or SIDEWAYS order.", "closed_vocab", name="order")[0].values == \
        ("UPRIGHT", "SIDEWAYS")
    assert only("Tells if the jar is in a FULL,EMPTY, or BROKEN state.", "closed_vocab", name="jarStatus")[0].values == \
        ("FULL", "EMPTY", "BROKEN")
    assert only("Sends the lid back in yaml (default) or toml format.", "closed_vocab", name="format")[0].values == ("yaml", "toml")
    # words that say what the kinds do, another noun than the field's kind, or the field's own name words
    assert not only("Jars are packed in upright or sideways order.", "closed_vocab", name="order")
    assert not only("The source or target language.", "closed_vocab", name="language")
    assert not only("The DEPOT or KILN state of the jar.", "closed_vocab", name="depotState")
    assert not only("A private GROUP or IM channel.", "closed_vocab", name="channel")


def test_bullets_of_names_with_their_codes_in_capitals() -> None:
    d = "<br>Kiln system to use:  <br><br> - Dry/Wood fired (DWF) <br> - Gas fired (GAS) <br> - Electric Earth Kiln (EEK) <br> See the manual."
    assert only(d, "closed_vocab", name="kiln_sys")[0].values == ("DWF", "GAS", "EEK")


def test_three_codes_each_defined_by_is() -> None:
    assert only("Short jar kind. JR is Jar, LD is Lid,\nTN is Tin, PT is Pot.", "closed_vocab", name="kind")[0].values == \
        ("JR", "LD", "TN", "PT")
    assert only("Jar size; SM is less than 1 litre, MD is 1 to 3 litres, LG is more than 3 litres", "closed_vocab",
                name="size")[0].values == ("SM", "MD", "LG")
    # two sentences about acronyms are no set
    assert not only("The API is slow. The URL is long. JSON is used.", "closed_vocab", name="kind")
    assert not only("The JAR is sealed. The LID is on.", "closed_vocab", name="kind")


def test_one_value_sentence_and_the_default_are_a_set_of_words() -> None:
    d = "Sets the glaze. The default is 'plain'. Use 'glossy' if your jar is fired twice."
    assert only(d, "closed_vocab", name="glazeType")[0].values == ("plain", "glossy")
    # numbers are a range's; names of two kinds are not one set
    assert not only("The default is `10`. Use `0` to turn it off.", "closed_vocab", name="limit")
    assert not only("Sorting by it in `GetLids` returns an error.\n\nDefault: `CREATED_AT`", "closed_vocab", name="sort_field")


def test_the_stated_default_joins_a_closed_list() -> None:
    d = "Lists jars by state (`Open` or `Shut`). Without a `JarState` it defaults to `Any`, which covers both."
    assert only(d, "closed_vocab", name="JarState")[0].values == ("Open", "Shut", "Any")
    # a default written as a form (a list, two words, a key and a direction) is no more value
    assert only("The lid kind: `snap` or `screw`. The default value is `lid:snap`.", "closed_vocab",
                name="lidKind")[0].values == ("snap", "screw")


def test_either_two_groups_of_quoted_values() -> None:
    d = "Why the jar was closed, either given by the maker (`broken`, `empty`, or `lost`) or set by the depot (`expired`)."
    assert only(d, "closed_vocab", name="reason")[0].values == ("broken", "empty", "lost", "expired")
    # one value each, said with a note: both are values
    d = 'Ask for either the whole jar ("jar", default) or just its lid ("lid"). Note: a lid alone is light.'
    assert only(d, "closed_vocab", name="part")[0].values == ("jar", "lid")
    # one sample each of an address: the forms of a value, not a set
    d = "The store is either a depot (`kiln://depot`) or a shelf in a depot (`kiln://depot/shelf`)."
    assert not [e for e in only(d, "closed_vocab", name="jarStore") if e.text.startswith("either")]


def test_either_in_parentheses_gives_the_kinds_of_the_noun_before_it() -> None:
    d = "The commands.\nA stop is only possible before the second step (either DRY or WET) starts."
    assert not only(d, "closed_vocab", name="cmd")
    d = "The status of the jars you would like returned (either 'OPEN', 'SHUT' or 'GONE')"
    assert only(d, "closed_vocab", name="status")[0].values == ("OPEN", "SHUT", "GONE")


def test_values_each_followed_by_what_they_do() -> None:
    d = "the purpose of the jar.\n - STANDARD for everyday use\n - GIFT for your gifts\n - SPARE_NO_LID is a jar kept back"
    assert only(d, "closed_vocab", name="jarPurpose")[0].values == ("STANDARD", "GIFT", "SPARE_NO_LID")


def test_a_first_sentence_list_may_end_in_a_phrase_of_where_or_what_for() -> None:
    assert only("Says whether a jar is flagged as 'open' or 'shut' in the depot.", "closed_vocab", name="jarStatus")[0].values == \
        ("open", "shut")
    assert only("The lid kind - `SNAP`, `SCREW`, or `PLAIN` for a given jar", "closed_vocab", name="LidKind")[0].values == \
        ("SNAP", "SCREW", "PLAIN")
    d = "Pick <code>Wood</code>, <code>Gas</code> or <code>Coal</code> as options for the <code>FireMode</code>."
    assert only(d, "closed_vocab", name="FireMode")[0].values == ("Wood", "Gas", "Coal")


def test_quoted_values_each_with_what_it_will_do() -> None:
    d = "The kind of lid. Kind 'Shared' will put one lid on all jars. Kind 'Bare' will put no lid on."
    assert only(d, "closed_vocab", name="type")[0].values == ("Shared", "Bare")
    # the end of a list of samples, then the default: no set
    d = ("When set to **true,** if the input is `man` then `man` will match but `manpower` and `penman` will not. "
         "The default value is **false.**")
    assert not only(d, "closed_vocab", name="matchWholeWord")


def test_conditions_on_the_value_of_this_field_give_its_values() -> None:
    d = ("Whether lids are on. When its value is set to <code>SEALED</code>, the kiln fires. "
         "When its value is set to <code>OPEN</code>, it waits.")
    assert only(d, "closed_vocab", name="LidMode")[0].values == ("SEALED", "OPEN")
    d = "The lid setting.\nWhen its value is 'Enabled', jars are sealed.\nWhen its value is 'Disabled', jars stay open."
    assert only(d, "closed_vocab", name="lidSetting")[0].values == ("Enabled", "Disabled")


def test_a_policy_when_something_happens_lists_its_choices() -> None:
    d = "Behaviour when new jars are added to the depot:\n\n* `autoallow`\n\n* `pending`\n\n\n\nOnly relevant if `depotIds` has items."
    assert only(d, "closed_vocab", name="newJarAcceptance")[0].values == ("autoallow", "pending")


def test_members_of_a_group_are_people_not_keys() -> None:
    d = "Access level that depot members get for shelves:  \n\\* `read` - can look.  \n\\* `write` - can add.  \n\\* `none` - nothing."
    assert only(d, "closed_vocab", name="default_shelf_permission")[0].values == ("read", "write", "none")


def test_a_quoted_code_then_its_region_then_its_name() -> None:
    d = "Where an address comes from.\n\n  - `paf` (GB) Postcode File\n  - `mr` (GB) Many Rooms File\n  - `usps` (US) Zip File"
    assert only(d, "closed_vocab", name="Dataset")[0].values == ("paf", "mr", "usps")


def test_a_wrapped_line_that_starts_with_any_is_no_open_set() -> None:
    d = "How to settle a clash\nwith a lid.\n\n* `none` will keep the old lid\n* `overwrite` will force the new lid over\n  any existing lids."
    assert only(d, "closed_vocab", name="conflict_resolution")[0].values == ("none", "overwrite")


def test_more_forms_of_a_closed_or_an_open_list() -> None:
    assert only("The lid kind, `snap` or `screw` or `null` if unknown", "closed_vocab", name="lid_kind")[0].values == \
        ("snap", "screw", "null")
    # the set grows: its values are the known ones, no closed set
    d = ("How checks are enforced.\n\nThe supported action values are:\n\n\"Deny\" means the jar is refused.\n\n"
         "\"Warn\" means a warning is sent.\n\nClients should expect to handle additional values by ignoring any values not recognized.")
    assert not only(d, "closed_vocab", name="actions")
    # ids beside the kinds, custom values beside the listed ones: no closed set
    d = "Filters for any combination of lid IDs and lid kinds. The possible lid kinds are:\n\n- `snap`\n- `screw`\n- `seal`"
    assert not only(d, "closed_vocab", name="lidIds")
    d = "Lid finish. Values may include values below. Additionally, any custom value may be provided.<br /><br />Matte<br />Gloss<br />Satin"
    assert not only(d, "closed_vocab", name="finish")
    # a case of other fields ("For `lidSize` …, valid values are …") and the parts of an expression
    d = "The value of the setting. For <strong>lidSize</strong> and <strong>jarSize</strong>, valid values are <strong>small</strong> or <strong>large</strong>."
    assert not only(d, "closed_vocab", name="value")
    d = "The search expression (i.e. field='value'). Supported search terms: lid, jar, kiln_date and shelf."
    assert not only(d, "closed_vocab", name="where")


def test_a_list_per_case_of_another_field_together_are_the_fields() -> None:
    d = ("The key of the setting. For <strong>tin</strong>, valid values are <strong>lidSize</strong>, <strong>lidKind</strong>. "
         "For <strong>jar</strong>, valid values are <strong>jarSize</strong> and <strong>jarColour</strong>.")
    assert only(d, "closed_vocab", name="key")[0].values == ("lidSize", "lidKind", "jarSize", "jarColour")


def test_codes_beside_a_kind_of_value_named_in_passing() -> None:
    d = "The stack of the kiln port. To give it only IPv4 lids, use V4_ONLY. To give it IPv4 and IPv6 lids, use V4_V6."
    ev = analyse(d, name="stackType", type="string")
    assert [(e.kind, e.values) for e in ev] == [("closed_vocab", ("V4_ONLY", "V4_V6"))]


def test_codes_that_stand_for_something_with_no_other_cue() -> None:
    d = "The way a jar moves. INBOUND for a jar that comes in, OUTBOUND for a jar that leaves."
    assert only(d, "closed_vocab", name="JarTransferType")[0].values == ("INBOUND", "OUTBOUND")


def test_based_on_names_a_basis_unless_a_field_follows() -> None:
    d = "Jar size based on litres held; SM is less than 1 litre, MD is 1 to 3 litres, LG is more than 3 litres\n"
    assert only(d, "closed_vocab", name="JarSize")[0].values == ("SM", "MD", "LG")
    d = "Filter jars based on available lids:\n        * SNAP_LID = Snap lid\n        * SCREW_LID = Screw lid\n        * NO_LID = No lid"
    assert only(d, "closed_vocab", name="lidType")[0].values == ("SNAP_LID", "SCREW_LID", "NO_LID")
    assert not only("The colour, based on the `kind` field:\n- `red`\n- `blue`", "closed_vocab", name="colour")


def test_codes_each_on_a_line_with_words_in_parentheses() -> None:
    d = "Kinds of the shelves:\nin_house (made by staff),\nshared_lot (made by a depot, shown on its page),\noutside_lot ( made by anyone)\n"
    assert only(d, "closed_vocab", name="kind_of")[0].values == ("in_house", "shared_lot", "outside_lot")
    # sizes in parentheses are no meanings: names of sub-fields
    assert not only(" lid_size (12AN)<br> jar_code (12AN)<br> kiln_flag (1 AN)", "closed_vocab", name="line_items")


def test_one_condition_on_the_field_and_its_default_are_its_values() -> None:
    d = "Lid rule state. Its default is <code>ON</code>. When the state is set to <code>OFF</code>, no lids get sealed."
    assert only(d, "closed_vocab", name="State")[0].values == ("ON", "OFF")


def test_the_fields_kind_noun_then_codes_that_end_its_first_sentence() -> None:
    assert only("The kiln protocol WOOD or GAS.", "closed_vocab", name="protocol")[0].values == ("WOOD", "GAS")
    assert not only("The kiln protocol WOOD or GAS.", "closed_vocab", name="kilnName")


def test_can_be_an_article_then_the_quoted_values() -> None:
    d = "A Potter may be an “keeper,” “glazer,” or “potter.” Each role has its own kilns."
    assert only(d, "closed_vocab", name="user_type")[0].values == ("keeper", "glazer", "potter")


def test_more_verbs_and_notes_of_definitions() -> None:
    d = "How the jar reaches the kiln. <strong>fetch</strong> instructs the kiln to get it. <strong>bring</strong> instructs the depot to carry it."
    assert only(d, "closed_vocab", name="delivery_method")[0].values == ("fetch", "bring")
    d = "Where an address comes from.\n\n  - `paf` (GB) Postcode File\n  - `usps` (US) USPS Zip File"
    assert only(d, "closed_vocab", name="Dataset")[0].values == ("paf", "usps")


def test_one_definition_line_may_define_two_codes() -> None:
    d = "Specifies the mode of jar creation.\n\nCopyJar: makes a jar as a copy of another.\n\nOnlineKiln/OfflineKiln: makes a jar in a kiln.\n\nRestoreJar: brings a jar back."
    assert only(d, "closed_vocab", name="createMode")[0].values == ("CopyJar", "OnlineKiln", "OfflineKiln", "RestoreJar")


def test_samples_that_are_no_values_of_the_field() -> None:
    # what the value must not hold; samples of another noun in the phrase; the gloss of a code
    assert not only('The lid registry server without a protocol such as "http" and "https".', "example_vocab", name="server")
    assert not only("The default glaze (such as matte) colour to fire the jar in.", "example_vocab", name="glazeColour")
    assert not only("Reason code for the lid exemption. Common values are *SE* (Statutory lid), *CR* (clay/Resin).",
                    "example_vocab", name="lidExemptReason")
    # a cloud region in either spelling, an airport code for an origin: public sets
    assert not only('The region in which the kiln runs, e.g. "eu-west4".', "example_vocab", name="kilnRegion")
    assert not only("Enter journey origin (e.g 'LHR').", "example_vocab", name="origin")


def test_two_word_pascal_codes_open_value_sentences() -> None:
    d = "How the search runs. ExactLid returns the one lid that fits or nothing. FuzzyLid returns every lid that may fit."
    assert only(d, "closed_vocab", name="searchType")[0].values == ("ExactLid", "FuzzyLid")


def test_either_two_codes_each_with_what_it_does() -> None:
    d = "The seal of the jar. It is either SEALED, where the lid stays on, or OPEN, where the lid comes off."
    assert only(d, "closed_vocab", name="Seal")[0].values == ("SEALED", "OPEN")
    d = "The kind of firing. Give either EARLY so that the kiln fires at once or LATE so that you pick when."
    assert only(d, "closed_vocab", name="type")[0].values == ("EARLY", "LATE")


def test_the_fields_value_per_case_in_sentences_of_their_own() -> None:
    d = ("<p>The kind of the shelves.</p> <ul> <li> <p>The shelf kind for clay jars is <code>clayshelf</code>.</p> </li> "
         "<li> <p>The shelf kind for glass jars is <code>glassshelf</code>.</p></li></ul>")
    assert only(d, "closed_vocab", name="ShelfKind")[0].values == ("clayshelf", "glassshelf")
    d = "The depot. The lid size for clay jars is `small`. The lid size for glass jars is `large`."
    assert not only(d, "closed_vocab", name="depot")


def test_either_use_then_values_with_notes() -> None:
    d = "Names the lid maker. Either use [`acme`](#makers/Acme) (default) or [`lidco`](#makers/Lidco) (add-on needed)."
    assert only(d, "closed_vocab", name="lid_maker")[0].values == ("acme", "lidco")
    # a field of free values keeps its quoted lists of what it must not be out of any set
    d = 'The lid password. It cannot be "abc@123", "P@ssw0rd", "Password1" or "iloveyou".'
    assert not only(d, "closed_vocab", name="lidPassword")


def test_a_value_that_should_never_be_sent_is_still_one_of_the_set() -> None:
    d = ('How this lid set is read. "blank" must never be sent; the depot drops it. "open" means anyone may take. '
         '"locked" means only staff. "hidden" means nobody sees it.')
    assert only(d, "closed_vocab", name="lidSetBehavior")[0].values == ("blank", "open", "locked", "hidden")


def test_one_line_quoted_values_after_a_values_lead() -> None:
    d = "The kiln fuel. <br><br> Valid values are: <br><br> **Wood** <br><br> **Gas**"
    assert only(d, "closed_vocab", name="fuelType")[0].values == ("Wood", "Gas")
    assert not only("The kind of the kiln fuel.\n\n`Wood`\n\n`Gas`", "closed_vocab", name="fuelType")


def test_conditions_on_the_field_written_as_a_request() -> None:
    d = "Shows which jars are new or old.\n    If `state=fresh` the depot returns new jars.\n    If `state=aged` the depot returns old jars."
    assert only(d, "closed_vocab", name="state")[0].values == ("fresh", "aged")
    # samples of a position or a size: no set
    assert not only("To put the jar first: `position=0`; to put it third: `position=2`.", "closed_vocab", name="position")


def test_bare_words_each_asked_for_in_a_sentence_of_its_own() -> None:
    d = "Jars come ordered by weight. Specify heavy to list big jars first. Specify light to list small jars first. The default is light."
    assert only(d, "closed_vocab", name="order_by_weight")[0].values == ("heavy", "light")
    assert only("Specify all to get every jar.\n\nSpecify lids to get lids only.", "closed_vocab",
                name="jar-kind")[0].values == ("all", "lids")
    assert not only("Use this to get jars. Use it for lids.", "closed_vocab", name="x")


def test_the_field_set_to_each_value_whatever_the_condition_names() -> None:
    d = ("The mode of the lid. If the <code>jarCert</code> field is not given, set <code>lidMode</code> to be <code>SNAP_ONLY</code>. "
         "If the <code>jarCert</code> field is given, set <code>lidMode</code> to be <code>DEFAULT</code>.")
    assert only(d, "closed_vocab", name="lidMode")[0].values == ("SNAP_ONLY", "DEFAULT")
    d = ("<p>The lid filter.</p> <p>To list only snap lids, set <code>LidFilter</code> to <code>SnapLid</code>. "
         "To list only screw lids, set the value to <code>ScrewLid</code>.</p>")
    assert only(d, "closed_vocab", name="LidFilter")[0].values == ("SnapLid", "ScrewLid")
    d = ("<p>Once <code>SealEnabled</code> is on, set your <code>SealMode</code> to "
         "<code>preferred</code>. After all jars move, set your <code>SealMode</code> to <code>required</code>.</p>")
    assert only(d, "closed_vocab", name="SealMode")[0].values == ("preferred", "required")


def test_the_fields_value_in_each_case_said_with_is() -> None:
    d = "Unit of Width and Height. On screens the unit is 'px'. On paper the unit is 'in'."
    assert only(d, "closed_vocab", name="unit")[0].values == ("px", "in")
    d = "The state of the jar. If any piece is `Cracked Lid`, the jar state will be `Broken`; else the jar state is `Whole`."
    assert only(d, "closed_vocab", name="state")[0].values == ("Broken", "Whole")
    # another noun's values, and bounds said with "is"
    assert not only("The kiln. For clay, the glaze is 'matte'. For glass, the glaze is 'clear'.", "closed_vocab", name="kiln")
    assert not only("The default value is `10`. The limit is `20`.", "closed_vocab", name="limit")


def test_values_one_can_choose_as_options_for_the_field() -> None:
    d = "<p>How the kiln fires.</p> <p>You may pick <code>Wood</code>, <code>Gas</code> or <code>Coal</code> as options for the <code>FireMode</code>.</p>"
    assert only(d, "closed_vocab", name="FireMode")[0].values == ("Wood", "Gas", "Coal")


def test_a_singular_noun_before_as_names_no_other_list() -> None:
    d = ("Flags a jar as <code>LIVE</code> or <code>DEAD</code> for a lid to point at it. Lids can only be made from "
         "<code>LIVE</code> jars. If a template is flagged as <code>DEAD</code>, no lid can be made.")
    assert only(d, "closed_vocab", name="status")[0].values == ("LIVE", "DEAD")
    d = "Flags a template as <code>LIVE</code> or <code>DEAD</code> for a lid to point at it."
    assert only(d, "closed_vocab", name="status")[0].values == ("LIVE", "DEAD")


def test_review_kinds_that_are_no_closed_set_of_the_field() -> None:
    # units of a size, samples beside other values, placeholders, a query's filter words, the types of items
    assert not only("The amount of memory for a jar. Defaults to 256M. Supported units are k, M, G, Mi, Gi.",
                    "closed_vocab", name="availableMemory")
    assert only("The unit of the jar size. Supported units are cm, mm, in.", "closed_vocab", name="sizeUnit")[0].values == \
        ("cm", "mm", "in")
    assert not only("A list of lid kinds. The default values are SNAP, SCREW. Additional valid values are SEAL and CORK.",
                    "closed_vocab", name="lidKinds")
    assert not only("The host name, %H and %M can be used, which will be replaced: * %H: name of the jar * %M: mac of the jar",
                    "closed_vocab", name="hostname")
    assert not only("Your search query. You can narrow it using field filters. The available filters are `lid`, `jar`, `kiln`.",
                    "closed_vocab", name="q")
    assert not only("Lid key IDs (`integer`) or names (`string`) to put on the jar", "closed_vocab", name="lid_keys")
    # "- any other number gets rounded": the field takes other values too
    assert not only("The lid size. Valid values are 300, 3600, 7200 - any other number gets rounded up.",
                    "closed_vocab", name="ttl_sec", type="integer")
    # "values include:" is an open list, however the list is read
    assert not only("The result of this kiln run. Possible values include: NotFired, Fired, Cracked.", "closed_vocab", name="result")


def test_public_codes_and_identifiers_give_no_private_vocabulary() -> None:
    assert not only("The culture of the lid app. E.g.: en-us.", "example_vocab", name="culture")
    assert not only("The address state, such as <code>ME</code>.", "example_vocab", name="State")
    assert not only('A valid country code, e.g. "uk". Filter jars for that country.', "example_vocab", name="Accept-Tenant")
    assert not only("The postcode of the depot, e.g. AB1 2CD.", "example_vocab", name="postcode")
    # an identifier names the thing: the thing's address or bytes are no format of the id
    assert not only("The ID of the kiln pool you want the CIDR for.", "format", name="KilnPoolId")
    assert not only("Secret Id of (base-64 encoded pfx) object stored in the vault.", "format", name="lidSecretId")


def test_a_charset_with_more_characters_than_read_gives_no_pattern() -> None:
    d = "The name of the lid set. Valid characters are alphanumeric (A-Z, a-z, 0-9), hyphen (-), period (.), and space."
    assert not only(d, "format", name="Name")
    assert not only("The lid name: alphanumeric characters with no spaces. You can also include any of the following "
                    "characters: _+=,.@-", "format", name="LidName")
    assert [e.data for e in only("The lid name. Only alphanumeric characters are allowed.", "format", name="LidName")] == \
        [{"pattern": "^[A-Za-z0-9]+$"}]


def test_review_kinds_of_lists_that_are_not_the_fields_values() -> None:
    # extensions of the files a list of URIs points to; the fields of its kind a date comes from
    assert only("Shelf files for the kiln. Supported file types: `.tin`, `.jar`, and `.lid`.", "closed_vocab",
                name="shelfFileUris", type="array") == []
    assert only("The value provided will be either packDate or shipDate.", "closed_vocab", name="date") == []
    # values named after the field's own word are still its values when the field is no free-valued kind
    (e,) = only('The shape to cut the lid with ("roundMask", "squareMask", "starMask").', "closed_vocab", name="mask")
    assert e.values == ("roundMask", "squareMask", "starMask")


def test_how_a_text_says_its_field_takes_several_values() -> None:
    from linter.prose.vocab import multi_value

    assert multi_value("CSV lid-kind values to exclude (allowable values are tin, jar, pot)") == ","
    assert multi_value("The jar kinds as a CSV list.") == ","
    # a file the value names is comma delimited, the value is one keyword
    assert multi_value("Enter one of: - LID = results as a comma delimited file to fetch (default). - JAR = a jar file.") is None
    # the field is named by a plural noun, and the values are that noun's: it holds several of them
    assert multi_value("Shelves on which the jar may be stored. Available shelves are: TOP, MID, LOW.") == ""
    assert multi_value("Glazes to fire the lids with. The supported glazes are `ash` and `salt`.") == ""
    # a singular noun in -s, or a plural that is not the values' noun, says nothing of how many
    assert multi_value("Status of the kiln. Available status values are: HOT, COLD.") is None
    assert multi_value("Jars for the shelf. Available kinds are: TIN, POT.") is None
    assert multi_value("Valid values for the lid: TIN, POT.") is None
    # "use a comma to separate …": the separator, said as an instruction
    assert multi_value("You can give at most two shelves. Use a comma to separate shelves.") == ","


def test_factors_of_the_value_and_a_templates_placeholders_are_no_values() -> None:
    assert only("The longest lid hold, in seconds. It must be the seconds in a day (24x60x60) times one of the supported "
                "terms (2 or 4).", "closed_vocab", name="maxHold", type="integer") == []
    assert only("Path on the kiln to poll. If unset, it is /v1/kilns/ KILN/shelves/SHELF (each of its placeholders stands "
                "for a name: * KILN: the kiln's name. * SHELF: the shelf's name.)", "closed_vocab", name="poll") == []


def test_a_dash_said_in_words_marks_sort_keys_that_take_a_direction() -> None:
    (e,) = only("The order of the jars. If you precede the value with a dash, the order is reversed. Valid values: "
                "<ul><li>SIZE</li><li>NAME</li></ul>", "closed_vocab", name="sort", where="query")
    assert e.values == ("SIZE", "NAME") and e.data.get("prefix") == "-"


def test_an_http_status_shown_by_example_is_a_public_code() -> None:
    assert only("The numeric HTTP status code of the jar reply, e.g. 418", "example_vocab", name="status", type="integer") == []
    (e,) = only("The numeric jar reply code, e.g. 418", "example_vocab", name="status", type="integer")
    assert e.values == ("418",)


def test_a_sample_answer_in_brackets_is_no_sample_of_the_field() -> None:
    assert only("Field to sort the jars by. The `name` field sorts naturally. For example, it will return ['jar1', 'jar2', "
                "'jar10'] instead of ['jar1', 'jar10', 'jar2'].", "example_vocab", name="sort", where="query") == []
    (e,) = only("Jar kind to send. One of ['tin', 'pot']", "closed_vocab", name="kind", where="query")
    assert e.values == ("tin", "pot")
    # a closed list the answer is picked from is the field's set
    (e,) = only('Partial answer: the call will return only the chosen parts of ["lidCount", "jarCount"].', "closed_vocab",
                name="parts", where="query")
    assert e.values == ("lidCount", "jarCount")


def test_either_kind_of_a_free_value_is_no_value() -> None:
    assert only("The far address of the kiln rule. This can be either ipv4 or ipv6.", "closed_vocab", name="farIpAddress") == []
    (e,) = only("The kiln rule's mode. This can be either strict or loose.", "closed_vocab", name="mode")
    assert e.values == ("strict", "loose")


def test_blank_words_is_the_alternation_substitution_it_replaces() -> None:
    """``blank_words`` stands in for ``re.sub`` of ``(?<!\\w)v(?!\\w)|…``: the same text for any
    values (overlapping, prefixes of each other, non-ASCII word characters, empty text)."""
    import random
    import re

    from linter.prose.vocab import blank_words

    def by_regex(text: str, values: tuple[str, ...]) -> str:
        return re.sub("|".join(r"(?<!\w)" + re.escape(v) + r"(?!\w)" for v in values), " ", text)

    assert blank_words("jar jars a-jar jar_b (jar)", ("jar",)) == "  jars a-  jar_b ( )"
    assert blank_words("lid lidded lid", ("lidded", "lid")) == "     "
    rng = random.Random(20261214)
    alphabet = "ab_ .-1é"
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        values = tuple("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 3)))
        assert blank_words(text, values) == by_regex(text, values), (text, values)


def test_a_single_value_followed_by_a_comma_and_more_values_is_a_list_not_one_value() -> None:
    assert not only('Optional. Should be "lid", "jar", "tin", etc.', "closed_vocab", name="vesselKind")
    # a comma that goes on in words leaves the one value
    (e,) = only("Required. The grant kind. Must be `urn:lid:grant:jar-swap`, which names a jar swap.", "closed_vocab",
                name="grantKind")
    assert e.values == ("urn:lid:grant:jar-swap",)


def test_a_list_read_further_by_its_layout_is_the_one_kept() -> None:
    (e,) = only("Role in the firing:<br>`Fire Master`<br>`Helper/Watcher`<br>`Loader`<br>`Not present` ", "closed_vocab",
                name="firingRole")
    assert e.values == ("Fire Master", "Helper/Watcher", "Loader", "Not present")


def test_a_bullet_value_with_a_long_note_in_parentheses_is_still_a_value() -> None:
    d = ("The kind of change.\n\n**Values**: one of the following:\n\n- Closing\n- NewLid\n"
         "- OwnerMove (If this value is chosen, the `StartDate`, `EndDate`, and `FireDate` fields are all set to the "
         "day the kiln is loaded, and any values sent for them are dropped.)\n- RemoveLid\n- Refire\n")
    (e,) = only(d, "closed_vocab", name="changeKind")
    assert e.values == ("Closing", "NewLid", "OwnerMove", "RemoveLid", "Refire")


@pytest.mark.parametrize("d", [
    "Filter jars by glaze code / glazecode",
    "Filter the kilns listed by kiln names / kiln\nname. You can give several.",
])
def test_a_slash_after_a_noun_phrase_joins_synonyms_not_values(d: str) -> None:
    assert not only(d, "closed_vocab", name="glazeCode")


@pytest.mark.parametrize(("d", "values"), [
    ("Set to on / off", ("on", "off")),
    ("The kiln mode, fast / slow", ("fast", "slow")),
])
def test_a_slash_list_after_a_lead_word_or_comma_stays_a_list(d: str, values: tuple[str, ...]) -> None:
    (e,) = only(d, "closed_vocab", name="mode")
    assert e.values == values


@pytest.mark.parametrize("d", [
    'The kiln series. For example: "k1" for wood kilns. "k2" for gas kilns. "e2" for electric kilns. "g2d" for kilns with two doors.',
    "The kiln to fire at. Examples: - a kiln code: `12ab34` - a shelf: `shelf1` - a room name: `room1`",
])
def test_values_after_a_sample_cue_are_samples_not_the_set(d: str) -> None:
    assert not only(d, "closed_vocab", name="kilnSeries")


def test_sentences_about_each_value_do_not_close_a_set_the_text_calls_open() -> None:
    d = ("The store to use. Possible values include `JAR_SHELF` and `KILN_ROOM`. If the value is `JAR_SHELF`, see "
         "the `shelfDetails` field. If the value is `KILN_ROOM`, see the `roomDetails` field.")
    assert not only(d, "closed_vocab", name="storeKind")
    (e,) = only(d, "example_vocab", name="storeKind")  # one claim, not the same samples twice
    assert e.values == ("JAR_SHELF", "KILN_ROOM")


@pytest.mark.parametrize(("d", "multi"), [
    ("A CSV-formatted list of zero or more of the following: 'KeepLids', 'SkipJars', 'SkipAll'", ","),
    ("Zero or more of the following: `a1`, `b2`, `c3`.", ""),
])
def test_how_the_text_says_the_field_takes_several(d: str, multi: str) -> None:
    (e,) = only(d, "closed_vocab", name="lids")
    assert e.data.get("multi") == multi


def test_several_said_inside_a_value_gloss_is_not_the_field_taking_several() -> None:
    d = ("The stage of the jar:\n\n- Drying: one or more of its lids is still wet\n- Firing: the kiln is hot\n"
         "- Glazing: the glaze is on\n- Done: it can be shipped")
    (e,) = only(d, "closed_vocab", name="stage")
    assert e.values == ("Drying", "Firing", "Glazing", "Done") and "multi" not in e.data


@pytest.mark.parametrize(("d", "empty"), [
    ('Jar size: S, M, L (Acceptable values are: "", "S", "M", "L")', True),
    ("The kiln. One of: wood, gas. If left as an empty string, gas is used.", True),
    ("The kiln. One of: wood, gas.", False),
    # an empty value that closes the list after "or"
    ('Order of the jars. Supported values are "size", "size desc" or "" (as stored).', True),
])
def test_an_empty_value_the_text_accepts_is_said(d: str, empty: bool) -> None:
    (e,) = only(d, "closed_vocab", name="kiln")
    assert ("empty" in e.data) is empty
    assert "" not in e.values


def test_markdown_bold_around_a_value_is_not_part_of_it() -> None:
    d = ("The lids.\n\nPossible values are:\n\n* __last-lid__: (Default) The last lid.\n * __current-lid__: The lid "
         "on today.\n * __all-lids__: All the lids.")
    (e,) = only(d, "closed_vocab", name="lidDetail")
    assert e.values == ("last-lid", "current-lid", "all-lids")


def test_quoted_values_then_one_more_item_in_words_is_a_set_beside_another_kind() -> None:
    (e,) = only("The photo kind. Allowed values are `JPEG`, `PNG`, `GIF`, and glaze sketches in words.", "closed_vocab",
                name="photoKind")
    assert e.values == ("JPEG", "PNG", "GIF") and e.data["beside"] == "or glaze sketches in words"
    # "or a combination of these": several of the same values, not another kind
    (e,) = only("The kinds to skip, separated with comma. Possible values: `Snap`, `Screw`, or a combination of these values.",
                "closed_vocab", name="kindsToSkip")
    assert "beside" not in e.data and e.data["multi"] == ","


@pytest.mark.parametrize(("d", "name"), [
    ("The sum for the kind. The only possible value types are Long and Double.", "meanSum"),
    ("The comma separated list of kiln fields to sort by.\nOptionally, can be followed by either 'asc' or 'desc'",
     "orderBy"),
    ("Target is the name that groups kilns: * Shelf name for Kiln Wood / Gas. * Job name for jars.", "target"),
])
def test_kinds_suffixes_and_words_of_a_gloss_are_not_values(d: str, name: str) -> None:
    assert not only(d, "closed_vocab", name=name)


def test_a_comma_separate_list_takes_several_values() -> None:
    d = "The lid kind. A single kind, or a comma-separate list of kinds, may be given. Values: 'SN' for Snap, 'SC' for Screw."
    (e,) = only(d, "closed_vocab", name="lidKind")
    assert e.values == ("SN", "SC") and e.data["multi"] == ","


def test_separating_them_with_commas_says_how_several_values_are_joined() -> None:
    d = ("Which lid fields are returned. Several fields can be given by separating them with commas. Valid values are: "
         "* rims * seals * knobs")
    (e,) = only(d, "closed_vocab", name="readMask")
    assert e.values == ("rims", "seals", "knobs") and e.data["multi"] == ","


def test_values_inside_an_html_comment_are_not_the_texts() -> None:
    """An HTML comment is not rendered: what it lists (future values, notes to the writers) is
    not what the description states."""
    d = ("The kiln that fired the jar. Valid values are:\n\n- `wood`\n- `gas` (default)\n\n"
         "<!-- Later:\n\n- `electric`\n- `solar`\n\n-->")
    (e,) = only(d, "closed_vocab", name="kiln")
    assert e.values == ("wood", "gas")


def test_a_label_that_opens_the_text_is_no_value_of_a_definition_list() -> None:
    d = ("OPTIONAL: Which jars to seal. Only the jars in the list are sealed. If none is given, the\n"
         "following default list is used:\nlids: \"tin, cork\"\nThis field is read by the kiln only.")
    assert only(d, "closed_vocab", name="sealMask") == []
    # in a list of bullets the same words are the values
    (e,) = only("Whether the jar needs a lid.\n\nPermitted values:\n* NONE\n* OPTIONAL\n* REQUIRED", "closed_vocab", name="lidRule")
    assert e.values == ("NONE", "OPTIONAL", "REQUIRED")


def test_quoted_codes_listed_in_one_condition_are_no_value_sentences() -> None:
    """"for when `A`, `B`, and `C` uses a kiln": one condition on a list of another thing's
    codes, not one sentence per value of this field."""
    assert only("Kiln for when `BAKE`, `GLAZE`, and `FIRE` uses a kiln.", "closed_vocab", name="Kiln", type="array") == []


def test_a_parenthesised_subset_of_a_noun_is_not_the_fields_set() -> None:
    """"For glazes with tints (Ash, Salt, Celadon)": the glazes that have tints, a subset named
    in passing, while the field takes codes."""
    d = ("A glaze code like `g-1`, `g-2`, or `auto` to pick one. For glazes with tints (Ash, Salt, Celadon) "
         "the tint is only applied when you give the variant, e.g. `g-1b` instead of just `g-1`.")
    assert only(d, "closed_vocab", name="glaze") == []

