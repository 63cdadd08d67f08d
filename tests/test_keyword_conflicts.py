"""The keywords a prose fix adds are checked against the spec's own values without jsonschema
(``linter.fixes.safety._keyword_checker``), with the answers
``Draft202012Validator(schema, format_checker=_format_checker()).is_valid`` gives: the same
verdict, or an error where it raises one."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from linter.fixes import safety

VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 5, 100, 1.0, 1.5, -0.5, float("nan"), float("inf"), 10**20,
    "", "a", "abc", "abcdef", "a@b", "@", "user@example.com", "x y", "ABC_1", "Ab1",
    "127.0.0.1", "256.1.1.1", "1.2.3", "::1", "fe80::1%eth0", "2001:db8::", "1::2::3",
    "2024-02-29", "2023-02-29", "2024-1-01", "2024-01-01\n", "２０２４-01-01", "2024-01-01T10:00:00Z",
    "2024-01-01 10:00:00+02:00", "2024-01-01T10:00:00", "P1W3D", "PT1H", "P", "PT",
    "123e4567-e89b-12d3-a456-426614174000", "123e4567e89b12d3a456426614174000",
    "{123e4567-e89b-12d3-a456-426614174000}", "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
    "example.com", "-bad-.com", "https://x.y/z", "no scheme", "mailto:a@b",
    [], [1], [1, 2, 3], ["a", "b"], {}, {"a": 1},
]

SCHEMAS: list[dict[str, Any]] = [
    *({"type": t} for t in ("integer", "number", "string", "array")),
    {"type": ["string", "integer"]},
    {"minimum": 1}, {"maximum": 5}, {"exclusiveMinimum": 0}, {"exclusiveMaximum": 100},
    {"minimum": 1, "maximum": 5, "type": "integer"}, {"minimum": 0.5, "type": "number"},
    {"minLength": 1}, {"maxLength": 3}, {"minLength": 2, "maxLength": 5, "type": "string"},
    {"minItems": 1}, {"maxItems": 2}, {"minItems": 1, "maxItems": 2, "type": "array"},
    {"pattern": "^[A-Z_0-9]+$"}, {"pattern": "b"}, {"pattern": "^\\d{4}$", "type": "string"},
    *({"format": f} for f in ("email", "ipv4", "ipv6", "date", "uuid", "hostname", "date-time", "uri", "duration",
                              "byte", "int32", "password", "binary")),
    *({"format": f, "type": "string"} for f in ("email", "date", "uuid")),
    {"format": "email", "maxLength": 5},
    {"contentMediaType": "application/json"}, {"contentEncoding": "base64", "type": "string"},
    # errors: jsonschema raises, and so does the check
    {"pattern": "("}, {"minimum": "5"}, {"maxLength": "3", "type": "string"},
]


def _outcome(check: Any, value: Any) -> object:
    try:
        return bool(check(value))
    except Exception as exc:  # noqa: BLE001 - the kind of error is what is compared
        return type(exc).__name__


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items()))
def test_the_checks_give_jsonschemas_answers(schema: dict[str, Any]) -> None:
    ours = safety._keyword_checker(schema)
    assert ours is not None
    theirs = Draft202012Validator(schema, format_checker=safety._format_checker()).is_valid
    for value in VALUES:
        assert _outcome(ours, value) == _outcome(theirs, value), (schema, value)


@pytest.mark.parametrize("schema", [{"format": "regex"}, {"format": "time"}, {"multipleOf": 2}, {"type": "object"},
                                    {"format": "json-pointer", "minLength": 1}, {"format": ["email"]}])
def test_anything_else_is_left_to_jsonschema(schema: dict[str, Any]) -> None:
    assert safety._keyword_checker(schema) is None


def test_the_formats_jsonschema_can_check_are_all_known() -> None:
    """A format not in JSONSCHEMA_FORMATS passes unchecked, as jsonschema passes a format it
    has no checker for; a jsonschema that learns a new format must be added there."""
    assert set(FormatChecker.checkers) <= safety.JSONSCHEMA_FORMATS
    assert not safety.ANNOTATIONS & set(Draft202012Validator.VALIDATORS)


def test_checks_follow_the_schemas_order() -> None:
    """jsonschema stops at the first keyword that fails: a later keyword that would raise is
    never reached."""
    schema = {"maxLength": 1, "pattern": "("}
    ours = safety._keyword_checker(schema)
    theirs = Draft202012Validator(schema).is_valid
    assert ours is not None
    for value in ("ab", "a"):
        assert _outcome(ours, value) == _outcome(theirs, value)
