"""The probe's verdict rules and answer reading, on call records alone (no server): the order
in which controls and verdicts are decided, the tolerance, error bodies, stub rows."""

from __future__ import annotations

from typing import Any

import pytest

from linter.live.probe import signature as sig
from linter.live.probe.verdicts import TargetResult, judge


def call(role: str, count: int, fp: str, *, status: int = 200, seq: int | None = None, variant: str | None = None,
         content: str | None = None, rejected: bool = False, error: dict[str, Any] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"operation": "GET /x", "in": "query", "parameter": "p", "role": role, "status": status, "failure": None,
                           "signature": {"count": count, "fingerprint": fp}, "content": content or ("content" if count else "empty"),
                           "rejected": rejected or status >= 400}
    if seq is not None:
        rec["seq"] = seq
    if variant is not None:
        rec["variant"], rec["value"] = variant, variant
    if error is not None:
        rec["error"] = error
    return rec


def target(*bs: dict[str, Any], c2: tuple[int, str] = (5, "c"), a: tuple[int, str] = (2, "a"), a_status: int = 200, tol: float = 0.0) -> TargetResult:
    t = TargetResult("GET /x", "query", "p", "x", {"kind": "vocabulary", "form": "prose-only"}, "v")
    t.calls = [call("C", 5, "c", seq=1), call("C", c2[0], c2[1], seq=2), call("A", a[0], a[1], status=a_status), *bs]
    return judge(t, None, tol)


def test_each_verdict_in_its_order() -> None:
    t = target(
        call("B", 0, "e", variant="rejected", status=400, error={"names_parameter": True, "names_values": False}),
        call("B", 2, "a", variant="same-as-a"),
        call("B", 0, "e", variant="empty"),
        call("B", 5, "c", variant="same-as-c"),
        call("B", 3, "z", variant="other"),
        call("B", 0, "e", variant="throttled", status=429),
        call("B", 0, "e", variant="crash", status=503),
        call("B", 0, "e", variant="error-body", rejected=True),
    )
    assert t.control is None
    assert [(o.variant, o.verdict) for o in t.outcomes] == [
        ("rejected", "honest"), ("same-as-a", "normalised"), ("empty", "silent-empty"), ("same-as-c", "silent-drop"),
        ("other", "silent-coercion"), ("throttled", "throttled"), ("crash", "server-error"), ("error-body", "honest"),
    ]
    assert [o.actionable for o in t.outcomes][:1] == [False]


@pytest.mark.parametrize(
    ("kwargs", "control"),
    [
        ({"c2": (6, "d")}, "drifting"),
        ({"a": (5, "c")}, "inert"),
        ({"a_status": 400}, "excluded"),
        ({"a": (0, "e")}, "excluded"),
    ],
)
def test_controls_come_first_and_count_every_perturbation(kwargs: dict[str, Any], control: str) -> None:
    t = target(call("B", 0, "e", variant="one"), call("B", 3, "z", variant="two"), **kwargs)
    assert t.control == control
    assert t.verdicts() == [control, control]


def test_an_empty_base_is_unsuitable_and_a_failed_call_fails_the_parameter() -> None:
    t = TargetResult("GET /x", "query", "p", "x", {}, "v")
    t.calls = [call("C", 0, "e", seq=1), call("C", 0, "e", seq=2), call("A", 2, "a"), call("B", 0, "e", variant="b")]
    assert judge(t).control == "unsuitable-base"
    t.calls[3] = {**t.calls[3], "status": None, "failure": "no answer within 5 s (limits.timeout)"}
    judged = judge(t)
    assert (judged.control, judged.reason) == ("failed", "B b: no answer within 5 s (limits.timeout)")


def test_the_drift_tolerance_allows_a_small_count_change_with_the_same_first_rows() -> None:
    assert target(call("B", 5, "c", variant="b"), c2=(5, "c")).outcomes[0].verdict == "silent-drop"
    assert target(call("B", 5, "c", variant="b"), c2=(6, "c")).control == "drifting"
    t = target(call("B", 5, "c", variant="b"), c2=(6, "c"), tol=0.2)
    assert t.control is None and t.outcomes[0].verdict == "silent-drop"


def test_rows_identity_and_content() -> None:
    ok, doc = sig.parse_json(b'{"meta": {"tags": [1, 2]}, "data": [{"id": 1}, {"id": 2}, {"id": 3}]}')
    rows = sig.rows_of(doc, None)
    assert rows == [{"id": 1}, {"id": 2}, {"id": 3}]  # the longest list
    assert sig.rows_of(doc, "/meta/tags") == [1, 2]
    assert sig.signature(rows, None) == sig.signature([{"id": 1, "x": 9}, {"id": 2}, {"id": 3}], None)
    assert sig.signature(rows, None) != sig.signature(rows[::-1], None)
    assert sig.signature(rows, None, total=40).count == 40
    assert sig.content_of([{"id": None, "name": "n/a"}] * 3, True) == "stub"
    assert sig.content_of([{"id": None, "name": ""}, {"id": None, "name": "x"}], True) == "content"
    assert sig.content_of([{"id": 0, "name": ""}] * 2, True) == "content"  # 0 is a value
    assert sig.content_of([], True) == sig.content_of([{"id": 1}], False) == "empty"
    assert sig.error_body({"error": "bad"}) and sig.error_body({"success": False}) and not sig.error_body({"error": None, "data": []})
    assert sig.bare(400, b"") and sig.bare(400, b'{"error": "Bad Request"}') and not sig.bare(400, b'{"error": "p must be a or b"}')
    assert sig.names_word("status must be one of open, closed", "open") and not sig.names_word("reopened", "open")
