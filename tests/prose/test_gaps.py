"""``gaps``: the coverage decision against the schema, and the messages the checks will show."""

from __future__ import annotations

from typing import Any

import pytest

from linter.checks._vocabulary import gaps


def rules(description: str, schema: dict[str, Any], *, name: str = "f", type: str | None = "string", where: str = "query") -> list[str]:
    return [g.rule for g in gaps(description, name=name, type=type, where=where, schema=schema)]


def test_prose_enum_message_names_the_values() -> None:
    (g,) = gaps("One of: vp, director, manager", name="seniority", type="string", where="body", schema={})
    assert g.rule == "prose-enum"
    assert g.message == "description lists 3 values (vp, director, manager) but the schema has no enum"
    assert g.evidence.values == ("vp", "director", "manager")


@pytest.mark.parametrize(
    "schema",
    [
        {"enum": ["vp", "director", "manager"]},
        {"const": "vp"},
        {"oneOf": [{"const": "vp"}, {"const": "director"}, {"const": "manager"}]},
        {"anyOf": [{"const": "vp"}, {"enum": ["director", "manager"]}]},
    ],
)
def test_enum_in_schema_covers_closed_list(schema: dict[str, Any]) -> None:
    assert rules("One of: vp, director, manager", schema) == []


def test_items_enum_covers_array() -> None:
    d = "Possible values are `a1`, `b2` or `c3`."
    assert rules(d, {"items": {"enum": ["a1", "b2", "c3"]}}, type="array") == []
    assert rules(d, {}, type="array") == ["prose-enum"]


def test_boolean_true_false_is_not_a_vocabulary() -> None:
    assert rules("true or false", {}, type="boolean") == []
    assert rules("Valid values: true or false", {}, type="boolean") == []
    assert rules("Valid values: true or false", {}, type="string") == ["prose-enum"]


def test_integer_field_needs_integer_values() -> None:
    assert rules("Valid values are `fast` or `slow`.", {}, type="integer") == []
    assert rules("Valid values are 1, 2 or 3.", {}, type="integer") == ["prose-enum"]


def test_example_vocabulary_and_enum() -> None:
    assert rules("Document state, for example DRAFT", {}, name="state") == ["example-only-vocabulary"]
    assert rules("Document state, for example DRAFT", {"enum": ["DRAFT", "FINAL"]}, name="state") == []


def test_closed_list_wins_over_examples() -> None:
    d = "The mode. Possible values are `fast`, `slow`. For example `fast`."
    assert rules(d, {}, name="mode") == ["prose-enum"]


@pytest.mark.parametrize("schema", [{"format": "date"}, {"pattern": "^\\d{4}-\\d{2}-\\d{2}$"}])
def test_format_covered(schema: dict[str, Any]) -> None:
    assert rules("Start date (YYYY-MM-DD).", schema) == []


def test_format_on_items_covers_array() -> None:
    assert rules("List of dates, each YYYY-MM-DD.", {"items": {"format": "date"}}, type="array") == []


def test_format_gap_message() -> None:
    (g,) = gaps("Start date (YYYY-MM-DD).", name="start", type="string", where="query", schema={})
    assert g.rule == "prose-format"
    assert g.message == (
        'description prescribes date ("YYYY-MM-DD") but the schema has no format or pattern; '
        "format: date would express it"
    )


def test_bounds_matching_keyword() -> None:
    d = "Number of results, between 1 and 100."
    assert rules(d, {"minimum": 1, "maximum": 100}, type="integer") == []
    assert rules(d, {"exclusiveMinimum": 0, "maximum": 100}, type="integer") == []
    (g,) = gaps(d, name="limit", type="integer", where="query", schema={"minimum": 1})
    assert g.rule == "prose-bounds"
    assert g.message == 'description states minimum 1, maximum 100 ("between 1 and 100") but the schema has no maximum'
    assert rules("Title, at most 255 characters.", {"maximum": 255}) == ["prose-bounds"]
    assert rules("Title, at most 255 characters.", {"maxLength": 255}) == []


def test_default_alone_is_not_a_bound() -> None:
    assert rules("Defaults to 10.", {}, type="integer") == []


def test_public_standard() -> None:
    assert rules("ISO 4217 currency code", {}, name="currency") == ["public-standard-vocabulary"]
    assert rules("ISO 4217 currency code", {"pattern": "^[A-Z]{3}$"}, name="currency") == []


def test_chinese_gaps() -> None:
    assert rules("状态，可选值：active、inactive、deleted", {}, name="status") == ["prose-enum"]
    assert rules("每页数量，最大100", {}, name="size", type="integer") == ["prose-bounds"]
    assert rules("开始日期，格式：yyyy-MM-dd", {}, name="start") == ["prose-format"]
    assert rules("類型，如：BUY、SELL等", {}, name="type") == ["example-only-vocabulary"]


def test_type_spellings() -> None:
    d = "Comma-separated list of tags"
    (g,) = gaps(d, name="tags", type="array<string>", where="query", schema={})
    assert dict(g.evidence.data) == {"style": "form", "explode": False, "layout": "comma-separated list"}


def test_a_size_in_bytes_bounds_a_text_by_its_length() -> None:
    (g,) = gaps("A note. It may not exceed 2 KiB.", name="note", type="string", where="body", schema={})
    assert (g.rule, dict(g.keywords)) == ("prose-bounds", {"maxLength": 2048})
    assert g.message == ('description limits its size to 2048 bytes ("may not exceed 2 KiB") but the schema has no '
                         "maxLength (a text of 2048 bytes has at most 2048 characters)")


def test_a_size_in_bytes_of_base64_data_bounds_its_encoded_length() -> None:
    (g,) = gaps("The data to seal, at most 48KiB.", name="payload", type="string", where="body",
                schema={"format": "byte"})
    assert dict(g.keywords) == {"maxLength": 65536}  # 4 * ceil(49152 / 3)


def test_a_size_of_data_the_text_says_is_base64_bounds_its_encoded_length() -> None:
    gs = gaps("A base64-encoded copy of the glaze recipe.\n\nMaximum size: 3 KB.", name="recipe", type="string",
              where="body", schema={})
    assert [dict(g.keywords) for g in gs if g.rule == "prose-bounds"] == [{"maxLength": 4096}]  # 4 * ceil(3072 / 3)


def test_a_length_range_on_a_number_counts_its_digits() -> None:
    gs = gaps("The kiln's registry number. Type: Numeric [0-9], Length: 1-11", name="kilnNumber", type="integer",
              where="body", schema={})
    assert [g for g in gs if g.rule == "prose-bounds"] == []


def test_a_size_in_bytes_of_an_object_is_said_without_a_fix() -> None:
    (g,) = gaps("Labels to attach. The maximum size of this field is 2 KB in all.", name="labels", type="object",
                where="body", schema={})
    assert g.rule == "prose-bounds" and dict(g.keywords) == {}
    assert g.message.endswith("but nothing in the schema bounds it (JSON Schema has no keyword for a size in bytes)")


@pytest.mark.parametrize(
    ("description", "name", "schema"),
    [
        ("Where the photo is. Maximum size 5 MB.", "photoUrl", {}),  # the size of what it points to
        ("Link to the photo. Maximum size 5 MB.", "photo", {"format": "uri"}),
        ("Bytes per part; the maximum is 4 GB.", "partSize", {}),  # the value is a size
        ("The archive label. The minimum part size is 1 MB, and the maximum is 4 GB.", "label", {}),  # the parts' size
        ("Kind of the upload; the maximum file size is 2 MB.", "fileType", {}),  # the file's, not its type's
        ("Between 1 KB and 2 MB.", "blob", {}),  # a lower size is no length bound
        ("A note, no larger than 1 KB.", "note", {"maxLength": 1400}),  # a length already stated
    ],
)
def test_sizes_in_bytes_that_are_not_this_texts(description: str, name: str, schema: dict[str, Any]) -> None:
    assert rules(description, schema, name=name) == []


def test_sort_keys_that_take_a_direction_are_keys_with_no_fix() -> None:
    d = "Fields to sort the lids by, comma-separated; add \" desc\" after a field for descending order. Supported fields: `size`, `colour`."
    (g,) = [g for g in gaps(d, name="orderBy", type="string", where="query", schema={}) if g.rule == "prose-enum"]
    assert g.evidence.data.get("suffix") == "asc desc"
    assert g.message == ("description lists 2 sort keys (size, colour), each optionally followed by asc or desc, "
                         "but the schema has no enum or pattern")
    # the directions listed as values, or keyed values that carry them: plain values
    (g,) = gaps("Sort order. One of: asc, desc.", name="sortOrder", type="string", where="query", schema={})
    assert "suffix" not in g.evidence.data
    (g,) = gaps('Sort by one of: "size", "size desc".', name="sortBy", type="string", where="query", schema={})
    assert "suffix" not in g.evidence.data


def test_an_open_set_with_its_known_values_asks_for_examples_or_any_of() -> None:
    d = "The kind of the lid. The kind can be custom or one of these predefined values: * `home` * `work` * `other`"
    (g,) = gaps(d, name="type", type="string", where="body", schema={})
    assert g.rule == "example-only-vocabulary"
    assert g.message == ("description lists 3 known values (home, work, other) of an open set (other values are "
                         "allowed) and the schema names none of them; `examples`, or `anyOf` with those values beside an "
                         "open string, would")
    assert gaps(d, name="type", type="string", where="body", schema={"examples": ["home", "work", "other"]}) == []
    assert gaps(d, name="type", type="string", where="body",
                schema={"anyOf": [{"enum": ["home", "work", "other"]}, {"type": "string"}]}) == []


def test_samples_with_a_pointer_to_the_whole_list_are_not_reported() -> None:
    d = "Required. The lid kind to update, such as Snap or Screw. For a complete list, see the Lid Index."
    assert rules(d, {}, name="type") == []
    assert rules("Required. The lid kind to update, such as Snap or Screw.", {}, name="type") == ["example-only-vocabulary"]


@pytest.mark.parametrize("d", [
    # a pointer to where every value is listed
    "The kiln kinds to report, for example: `WOOD_KILN`. See [Kiln guide](https://kilns.example.org/guide) for all supported kiln kinds.",
    # the value is taken from somewhere else the text names
    'Kind is the type of the jar referenced. This is the same value as in the jar\'s label, for example "Crock".',
])
def test_samples_whose_set_is_given_elsewhere_are_not_reported(d: str) -> None:
    assert rules(d, {}, name="kind") == []


def test_a_hex_code_shown_by_example_is_a_shape_not_a_vocabulary() -> None:
    assert "example-only-vocabulary" not in rules("hexadecimal code of the glaze colour (e.g F45B9A)", {}, name="glazeColour")


def test_a_state_code_of_an_address_shown_by_example_is_a_public_set() -> None:
    d = "Contains the state of the postal address to which the kiln is shipped.\n\nExample: `PA`"
    assert rules(d, {}, name="shipState") == []


def test_samples_with_a_link_to_the_set_are_not_reported() -> None:
    d = ('The event that started the lid run. For example, `push` or `issue`. For more, see '
         '"[Events that start lid runs](https://docs.example.com/events-that-start-lid-runs)."')
    assert rules(d, {}, name="event") == []
    d = "The kind of lid report, such as LID_REPORT or JAR_REPORT. See the [guide](https://example.com/guide)."
    assert rules(d, {}, name="reportType") == ["example-only-vocabulary"]  # a link to anything else says nothing


def test_sort_keys_that_take_a_sign_are_keys_with_no_fix() -> None:
    d = "Sort the lids by one of: `size`, `colour`. Precede a key with '-' for descending order."
    (g,) = [g for g in gaps(d, name="sortBy", type="string", where="query", schema={}) if g.rule == "prose-enum"]
    assert g.evidence.data.get("prefix") == "-"
    assert g.message == ("description lists 2 sort keys (size, colour), each optionally preceded by - for descending "
                         "order, but the schema has no enum or pattern")
    (g,) = gaps("Sort by one of: `size`, `-size`.", name="sortBy", type="string", where="query", schema={})
    assert "prefix" not in g.evidence.data


def test_sizes_in_kilobytes_and_of_files() -> None:
    (g,) = gaps("A note on the lid, up to 2 kilobytes.", name="note", type="string", where="body", schema={})
    assert dict(g.keywords) == {"maxLength": 2048}
    (g,) = gaps("The lid sticker, up to 512 kilobytes in size.", name="png_sticker", type="string", where="body", schema={})
    assert dict(g.keywords) == {}  # the size of the file it names or carries: no length of this text
    assert g.message.endswith("nothing in the schema bounds it (JSON Schema has no keyword for a size in bytes)")


def test_a_bound_at_the_formats_own_edge_is_held_already() -> None:
    assert rules("Delay in ms, at most 2147483647.", {"format": "int32"}, name="delayMs", type="integer") == []
    assert rules("Delay in ms, at most 60000.", {"format": "int32"}, name="delayMs", type="integer") == ["prose-bounds"]
    # a date is always 10 characters, a UUID 36: a longer limit is held, a shorter one is not
    assert rules("Day the jar was sealed. Character limit: 30", {"format": "date"}, name="sealedOn") == []
    assert rules("Jar key. At most 40 characters.", {"format": "uuid"}, name="jarKey") == []
    assert rules("Jar key. At most 8 characters.", {"format": "uuid"}, name="jarKey") == ["prose-bounds"]


def test_an_item_bound_on_an_array_says_it_is_each_items() -> None:
    (g,) = gaps("Lid labels. Each label can be a maximum of 100 characters.", name="labels", type="array", where="body",
                schema={"items": {"type": "string"}})
    assert g.message == 'description states maxLength 100 for each item ("maximum of 100 characters") but the schema has no maxLength'


# invented texts that state several kinds at once: values, a format, a standard and bounds
_MIXED = [
    "Either `open` or `shut`, at most 40 characters, ISO 8601 date-time.",
    "The kiln's country (ISO 3166-1 alpha-2, e.g. `DE`), between 2 and 2 characters.",
    "Up to 12 lids, comma-separated. Valid values: tin, jar, box.",
    "Must be 3-64 characters: lowercase letters, digits and '-'; 10 to 20 per page.",
    "A kiln takes no fewer than 1 tray and no more than 500; 100 when left out.",
]


@pytest.mark.parametrize("type_", ["string", "integer", "array"])
def test_bounds_stated_alone_are_the_bounds_of_the_whole_analysis(type_: str) -> None:
    from linter.prose import analyse, bounds_stated

    found = 0
    for text in _MIXED:
        whole = [e for e in analyse(text, name="lid", type=type_, where="query") if e.kind == "bounds"]
        assert list(bounds_stated(text, name="lid", type=type_)) == whole
        found += len(whole)
    assert found >= 2  # (not a vacuous comparison: the texts do state bounds)


def test_a_value_format_keeps_only_the_bounds_gap() -> None:
    """Beside ``format: date-time`` (a value format) no rule decides on the values, the format or
    the standard the text names: only its bounds can be missing from the schema."""
    d = "Either `open` or `shut`, at most 40 characters, ISO 8601 date-time."
    assert rules(d, {}) == ["prose-enum", "prose-bounds", "prose-format"]
    assert rules(d, {"format": "date-time"}) == ["prose-bounds"]
    assert rules(d, {"format": "date-time", "maxLength": 40}) == []
