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
