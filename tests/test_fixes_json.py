"""The JSON writer: the file's indentation, separators, key order, line breaks and characters."""

from __future__ import annotations

import json
from pathlib import Path

from test_fixes_common import copy_fixture, plan_file, round_trip, write

from linter import fixes

UNIT = ("tools", 0, "inputSchema", "properties", "unit")
DETAIL = ("tools", 0, "inputSchema", "properties", "detail")
TOOLS_EDITS = [
    (UNIT, "add", "enum", ["摄氏", "华氏"]),
    (DETAIL, "add", "type", "boolean"),
]
TOOLS_DIFF = """\
diff --git a/tools.json b/tools.json
--- a/tools.json
+++ b/tools.json
@@ -11,9 +11,15 @@
           },
           "unit": {
             "type": "string",
-            "description": "摄氏 or 华氏"
+            "description": "摄氏 or 华氏",
+            "enum": [
+              "摄氏",
+              "华氏"
+            ]
           },
-          "detail": {}
+          "detail": {
+            "type": "boolean"
+          }
         },
         "required": [
           "city"
"""


def test_pretty_two_spaces_non_ascii_and_an_empty_object(tmp_path: Path) -> None:
    """`json.dumps(indent=2)` style: arrays one item per line, like the file's `required`;
    non-ASCII written as is; `{}` opened up at the right indentation."""
    path = copy_fixture(tmp_path, "tools.json")
    plan = round_trip(tmp_path, path, TOOLS_EDITS)
    assert fixes.unified_diff({plan.path: plan}, str(tmp_path)) == TOOLS_DIFF
    assert "\\u" not in plan.new_text


def test_crlf_and_bom_are_kept(tmp_path: Path) -> None:
    (tmp_path / "lf").mkdir()
    lf = plan_file(copy_fixture(tmp_path / "lf", "tools.json"), TOOLS_EDITS)
    path = copy_fixture(tmp_path, "tools.json", crlf=True, bom=True)
    plan = round_trip(tmp_path, path, TOOLS_EDITS)
    assert plan.new_bytes() == b"\xef\xbb\xbf" + lf.new_bytes().replace(b"\n", b"\r\n")


def test_pretty_four_spaces_with_inline_arrays(tmp_path: Path) -> None:
    """A file that writes `"required": ["status"]` on one line gets its enum on one line; an
    inline object stays inline."""
    path = copy_fixture(tmp_path, "functions.json")
    props = ("function", "parameters", "properties")
    specs = [
        (props + ("status",), "add", "enum", ["pending", "shipped", "cancelled"]),
        (props + ("limit",), "add", "maximum", 100),
    ]
    plan = round_trip(tmp_path, path, specs)
    assert fixes.unified_diff({plan.path: plan}, str(tmp_path)) == """\
diff --git a/functions.json b/functions.json
--- a/functions.json
+++ b/functions.json
@@ -8,9 +8,10 @@
             "properties": {
                 "status": {
                     "type": "string",
-                    "description": "pending, shipped or cancelled"
+                    "description": "pending, shipped or cancelled",
+                    "enum": ["pending", "shipped", "cancelled"]
                 },
-                "limit": { "type": "integer" }
+                "limit": { "type": "integer", "maximum": 100 }
             },
             "required": ["status"],
             "additionalProperties": false
"""


def test_minified_stays_minified(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "minified.json")
    pointer = ("paths", "/x", "get", "parameters", 0, "schema")
    specs = [(pointer, "add", "enum", ["a", "b"]), (("info",), "add", "x-tags", {"k": [1, "é"]})]
    plan = round_trip(tmp_path, path, specs)
    old = (Path(__file__).parent / "fixes" / "minified.json").read_text("utf-8")
    assert plan.new_text == old.replace(
        '"version":"1"}', '"version":"1","x-tags":{"k":[1,"é"]}}'
    ).replace('{"type":"string"}', '{"type":"string","enum":["a","b"]}')
    assert "\n" not in plan.new_text


def test_nested_objects_and_a_multi_line_value(tmp_path: Path) -> None:
    text = '{\n  "a": {\n    "b": {\n      "type": "string"\n    }\n  }\n}'
    path = write(tmp_path, "nested.json", text)
    specs = [
        (("a", "b"), "add", "enum", ["x"]),
        (("a",), "add", "c", {"d": [1, {"e": None}]}),
        ((), "add", "f", []),
    ]
    plan = round_trip(tmp_path, path, specs)
    assert plan.new_text == (
        '{\n  "a": {\n    "b": {\n      "type": "string",\n      "enum": [\n        "x"\n      ]\n'
        '    },\n    "c": {\n      "d": [\n        1,\n        {\n          "e": null\n        }\n'
        '      ]\n    }\n  },\n  "f": []\n}'
    )


def test_tabs_and_spaced_separators(tmp_path: Path) -> None:
    tabs = write(tmp_path, "tabs.json", '{\n\t"a": {\n\t\t"type": "string"\n\t},\n\t"b": {}\n}\n')
    plan = round_trip(tmp_path, tabs, [(("a",), "add", "enum", ["x"]), (("b",), "add", "p", 1)])
    assert plan.new_text == (
        '{\n\t"a": {\n\t\t"type": "string",\n\t\t"enum": [\n\t\t\t"x"\n\t\t]\n\t},\n'
        '\t"b": {\n\t\t"p": 1\n\t}\n}\n'
    )
    spaced = write(tmp_path, "spaced.json", '{ "a" : { "type" : "string" } }')
    plan = round_trip(tmp_path, spaced, [(("a",), "add", "enum", ["x", "y"])])
    assert plan.new_text == '{ "a" : { "type" : "string", "enum" : ["x", "y"] } }'


def test_empty_objects_minified_and_root(tmp_path: Path) -> None:
    path = write(tmp_path, "empty.json", '{"a":{},"b":{ }}')
    plan = round_trip(tmp_path, path, [(("a",), "add", "enum", ["x"]), (("b",), "add", "n", 1)])
    assert plan.new_text == '{"a":{"enum":["x"]},"b":{"n":1}}'
    root = write(tmp_path, "root.json", "{}\n")
    plan = round_trip(tmp_path, root, [((), "add", "openapi", "3.1.0")])
    assert plan.new_text == '{"openapi":"3.1.0"}\n'


def test_replace_keeps_the_member_in_place(tmp_path: Path) -> None:
    text = '{\n  "s": {\n    "enum": ["a"],\n    "type": "string"\n  }\n}\n'
    path = write(tmp_path, "replace.json", text)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["a", "b"])])
    assert plan.new_text == '{\n  "s": {\n    "enum": ["a", "b"],\n    "type": "string"\n  }\n}\n'
    assert list(json.loads(plan.new_text)["s"]) == ["enum", "type"]


def test_duplicate_keys_resolve_like_json_loads(tmp_path: Path) -> None:
    path = write(tmp_path, "dup.json", '{"a": 1, "a": 2}')
    plan = round_trip(tmp_path, path, [((), "add", "b", 1)])
    assert plan.new_text == '{"a": 1, "a": 2, "b": 1}'
