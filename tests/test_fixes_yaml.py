"""The YAML writer: splices in the file's own style, never a re-dump (DESIGN.md §1).

Each case asserts the exact diff (only the inserted keywords), and ``round_trip`` checks the
re-parsed tree, ``git apply`` of the diff, the in-place write and that a second plan of the
same edits changes nothing.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from test_fixes_common import (
    added_lines_only,
    copy_fixture,
    plan_file,
    round_trip,
    source,
    write,
)

from linter import fixes
from linter.fixes.yaml_writer import render_flow, render_scalar

PEOPLE = ("paths", "/people", "get", "parameters")
ROLE = ("components", "schemas", "People", "items", "properties", "role")
ANSWER = ("components", "schemas", "People", "items", "properties", "answer")
PEOPLE_EDITS = [
    (PEOPLE + (0, "schema"), "add", "enum", ["vp", "director", "manager"]),
    (PEOPLE + (1, "schema"), "add", "enum", ["active", "on_leave"]),
    (PEOPLE + (2, "schema"), "add", "enum", ["name", "hired", "null"]),
    (ROLE, "add", "enum", ["engineer", "designer", "pm"]),
    (ANSWER, "add", "enum", ["yes", "no"]),
]
PEOPLE_DIFF = """\
diff --git a/people.yaml b/people.yaml
--- a/people.yaml
+++ b/people.yaml
@@ -17,17 +17,19 @@
           description: "One of: vp, director, manager"
           schema:
             type: string  # free text today
+            enum: [vp, director, manager]
 
         - name: status
           in: query
           description: Either active or on_leave. Defaults to active.
-          schema: {type: string, default: active}
+          schema: {type: string, default: active, enum: [active, on_leave]}
         - name: sort
           in: query
           description: |
             How to sort: `name`, `hired` or `null` (unsorted).
           schema:
             type: string
+            enum: [name, hired, "null"]
             # TODO: lift the values into an enum
       responses:
         "200":
@@ -48,8 +50,10 @@
             description: >-
               The role: engineer, designer
               or pm.
+            enum: [engineer, designer, pm]
           answer:
             type: string
             description: yes or no, as text
+            enum: ["yes", "no"]
 
 # end of file
"""


def test_two_space_openapi(tmp_path: Path) -> None:
    """Block mappings (a trailing comment and a blank line after the last member, a comment
    after the mapping, a folded block scalar last), a flow mapping, the file's `"` quotes."""
    path = copy_fixture(tmp_path, "people.yaml")
    plan = round_trip(tmp_path, path, PEOPLE_EDITS)
    assert fixes.unified_diff({plan.path: plan}, str(tmp_path)) == PEOPLE_DIFF


def test_crlf_and_bom_are_kept(tmp_path: Path) -> None:
    (tmp_path / "lf").mkdir()
    lf = plan_file(copy_fixture(tmp_path / "lf", "people.yaml"), PEOPLE_EDITS)
    path = copy_fixture(tmp_path, "people.yaml", crlf=True, bom=True)
    plan = round_trip(tmp_path, path, PEOPLE_EDITS)
    expected = b"\xef\xbb\xbf" + lf.new_bytes().replace(b"\n", b"\r\n")
    assert plan.new_bytes() == expected
    assert path.read_bytes() == expected
    assert plan.new_bytes().count(b"\n") == plan.new_bytes().count(b"\r\n")


CATALOG = ("paths", "/orders", "post", "requestBody", "content", "application/json", "schema")
COUNTRIES = (
    "AD AE AT AU BE BG BR CA CH CN CY CZ DE DK EE ES FI FR GB GR HR HU IE IN IS IT JP LT LU LV "
    "MT MX NL NO NZ PL PT RO SE SI SK US"
).split()


def test_four_space_indentless_sequences_and_a_long_enum(tmp_path: Path) -> None:
    """A list too long for one line becomes a block sequence in the file's own sequence style
    (indentless here, like `required:`); `NO` (Norway) is quoted or YAML 1.1 reads False."""
    path = copy_fixture(tmp_path, "catalog.yaml")
    specs = [
        (CATALOG + ("properties", "country"), "add", "enum", COUNTRIES),
        (CATALOG + ("properties", "currency"), "add", "enum", ["EUR", "USD", "GBP"]),
    ]
    plan = round_trip(tmp_path, path, specs)
    diff = fixes.unified_diff({plan.path: plan}, str(tmp_path))
    pad = " " * 36
    assert added_lines_only(diff) == (
        [pad + "enum:"]
        + [pad + ("- 'NO'" if c == "NO" else f"- {c}") for c in COUNTRIES]
        + [pad + "enum: [EUR, USD, GBP]"]
    )
    assert "@@ -19,9 +19,53 @@" in diff


def test_long_enum_under_indented_sequences(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "api.yaml",
        "schema:\n  required:\n    - a\n  properties:\n    a:\n      type: string\n",
    )
    values = [f"value-{i:02d}" for i in range(12)]
    plan = round_trip(tmp_path, path, [(("schema", "properties", "a"), "add", "enum", values)])
    assert plan.new_text == (
        "schema:\n  required:\n    - a\n  properties:\n    a:\n      type: string\n"
        "      enum:\n" + "".join(f"        - {v}\n" for v in values)
    )


def test_flow_mappings(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "tools.yaml")
    specs = [
        (("tools", 0, "inputSchema", "properties", "unit"), "add", "enum", ["celsius", "fahrenheit"]),
        (("tools", 1, "inputSchema", "properties", "repeat"), "add", "enum", ["daily", "weekdays", "off"]),
    ]
    plan = round_trip(tmp_path, path, specs)
    assert fixes.unified_diff({plan.path: plan}, str(tmp_path)) == """\
diff --git a/tools.yaml b/tools.yaml
--- a/tools.yaml
+++ b/tools.yaml
@@ -6,9 +6,9 @@
       type: object
       properties:
         city: {type: string, description: City name}
-        unit: {type: string, description: "celsius or fahrenheit"}
+        unit: {type: string, description: "celsius or fahrenheit", enum: [celsius, fahrenheit]}
       required: [city]
     annotations: {readOnlyHint: true}
   - name: set_alarm
     description: Set an alarm.
-    inputSchema: {type: object, properties: {repeat: {type: string}}}
+    inputSchema: {type: object, properties: {repeat: {type: string, enum: [daily, weekdays, "off"]}}}
"""


def test_flow_mapping_layouts(tmp_path: Path) -> None:
    text = "a: {}\nb: { }\nc: {type: string,\n    format: date}\n"
    path = write(tmp_path, "flow.yaml", text)
    specs = [((k,), "add", "enum", ["x"]) for k in "abc"]
    plan = round_trip(tmp_path, path, specs)
    assert plan.new_text == (
        "a: {enum: [x]}\nb: { enum: [x] }\nc: {type: string,\n    format: date,\n    enum: [x]}\n"
    )


def test_odd_indentation_and_tabs_are_copied_from_the_siblings(tmp_path: Path) -> None:
    text = "root:\n   a:\n     type:\tstring\n   b:\n       type: integer   # seven\n"
    path = write(tmp_path, "odd.yaml", text)
    specs = [
        (("root", "a"), "add", "enum", ["x"]),
        (("root", "b"), "add", "enum", [1, 2]),
        (("root",), "add", "x-note", "three"),
    ]
    plan = round_trip(tmp_path, path, specs)
    assert plan.new_text == (
        "root:\n   a:\n     type:\tstring\n     enum: [x]\n"
        "   b:\n       type: integer   # seven\n       enum: [1, 2]\n   x-note: three\n"
    )


def test_mapping_that_starts_on_a_dash_line(tmp_path: Path) -> None:
    text = "params:\n- name: a\n- - type: string\n"
    path = write(tmp_path, "dash.yaml", text)
    specs = [(("params", 0), "add", "in", "query"), (("params", 1, 0), "add", "enum", ["x"])]
    plan = round_trip(tmp_path, path, specs)
    assert plan.new_text == "params:\n- name: a\n  in: query\n- - type: string\n    enum: [x]\n"


def test_last_member_shapes(tmp_path: Path) -> None:
    """The new line goes after the last member's whole value: a `|+` block scalar keeps its
    trailing blank lines (they are content), a multi-line plain scalar, an alias, an empty
    value; a file without a final newline still has none."""
    cases = {
        "keep.yaml": ("a:\n  k: |+\n    kept\n\nb: 1\n", "a:\n  k: |+\n    kept\n\n  enum: [x]\nb: 1\n"),
        "clip.yaml": ("a:\n  k: |\n    body\n\n\nb: 1\n", "a:\n  k: |\n    body\n  enum: [x]\n\n\nb: 1\n"),
        "plain.yaml": ("a:\n  d: two\n    lines\nb: 1\n", "a:\n  d: two\n    lines\n  enum: [x]\nb: 1\n"),
        "alias.yaml": ("d: &d {t: 1}\na:\n  r: *d\n", "d: &d {t: 1}\na:\n  r: *d\n  enum: [x]\n"),
        "empty.yaml": ("a:\n  default:\n", "a:\n  default:\n  enum: [x]\n"),
        "noeol.yaml": ("a:\n  type: string", "a:\n  type: string\n  enum: [x]"),
    }
    for name, (before, after) in cases.items():
        path = write(tmp_path, name, before)
        plan = round_trip(tmp_path, path, [(("a",), "add", "enum", ["x"])])
        assert plan.new_text == after, name


def test_no_final_newline_diff_says_so(tmp_path: Path) -> None:
    path = write(tmp_path, "noeol.yaml", "a:\n  type: string")
    plan = plan_file(path, [(("a",), "add", "enum", ["x"])])
    assert fixes.unified_diff({plan.path: plan}, str(tmp_path)) == (
        "diff --git a/noeol.yaml b/noeol.yaml\n--- a/noeol.yaml\n+++ b/noeol.yaml\n"
        "@@ -1,2 +1,3 @@\n a:\n-  type: string\n\\ No newline at end of file\n"
        "+  type: string\n+  enum: [x]\n\\ No newline at end of file\n"
    )


def test_several_edits_nested_and_in_one_mapping(tmp_path: Path) -> None:
    """Edits in a mapping and in a mapping nested in it meet at one offset: the inner one is
    written first; two keys of one mapping keep the edits' order."""
    text = "s:\n  type: array\n  items:\n    type: string\nnext: 1\n"
    path = write(tmp_path, "nested.yaml", text)
    specs = [
        (("s",), "add", "minItems", 1),
        (("s", "items"), "add", "enum", ["a", "b"]),
        (("s",), "add", "maxItems", 3),
    ]
    plan = round_trip(tmp_path, path, specs)
    assert plan.new_text == (
        "s:\n  type: array\n  items:\n    type: string\n    enum: [a, b]\n"
        "  minItems: 1\n  maxItems: 3\nnext: 1\n"
    )
    assert len(plan.replacements) == 1  # one place, one text (as SARIF wants it)


def test_an_edit_inside_a_value_another_edit_adds_is_folded_into_it(tmp_path: Path) -> None:
    path = write(tmp_path, "fold.yaml", "s:\n  type: object\n")
    specs = [
        (("s",), "add", "properties", {"a": {"type": "string"}}),
        (("s", "properties", "a"), "add", "enum", ["x"]),
    ]
    plan = plan_file(path, specs)
    assert plan.new_text == "s:\n  type: object\n  properties: {a: {type: string, enum: [x]}}\n"
    assert len(plan.applied) == 2


def test_replace_keeps_the_block_sequence_style(tmp_path: Path) -> None:
    """A longer list only appends lines (the old items and their comments untouched); items
    are matched by value, so a removed item does not hand its neighbour's comment on."""
    text = "s:\n  enum:\n    - a\n    - b  # old\n  type: string\n"
    path = write(tmp_path, "replace.yaml", text)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["a", "b", "c"])])
    assert plan.new_text == "s:\n  enum:\n    - a\n    - b  # old\n    - c\n  type: string\n"
    path.write_text(text)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["b", "yes"])])
    assert plan.new_text == "s:\n  enum:\n    - b  # old\n    - 'yes'\n  type: string\n"


# ------------------------------------------------- a replaced list keeps its comments

NORWAY = (
    "s:\n"
    "  type: string\n"
    "  enum:  # on the key\n"
    "    # before YES\n"
    "    - YES   # the affirmative\n"
    "\n"
    "    # between the items\n"
    "    - 'SE'\n"
    "    - NO    # Norway, not false\n"
    "    # after the last item\n"
    "  next: 1\n"
)


def test_quoting_block_items_keeps_every_comment(tmp_path: Path) -> None:
    """The yaml-coerced-value fix (YES/NO become strings): only the two item texts change;
    inline comments stay after their item, full-line ones before theirs, the key line's and
    the one after the last item where they were; `'SE'` keeps its quotes."""
    path = write(tmp_path, "norway.yaml", NORWAY)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["YES", "SE", "NO"])])
    assert plan.new_bytes() == NORWAY.replace("- YES ", "- 'YES' ").replace("- NO ", "- 'NO' ").encode()
    diff = fixes.unified_diff({plan.path: plan}, str(tmp_path))
    assert diff.splitlines()[3:] == [
        "@@ -2,10 +2,10 @@",
        "   type: string",
        "   enum:  # on the key",
        "     # before YES",
        "-    - YES   # the affirmative",
        "+    - 'YES'   # the affirmative",
        " ",
        "     # between the items",
        "     - 'SE'",
        "-    - NO    # Norway, not false",
        "+    - 'NO'    # Norway, not false",
        "     # after the last item",
        "   next: 1",
    ]


def test_quoting_block_items_in_a_crlf_file(tmp_path: Path) -> None:
    crlf = NORWAY.replace("\n", "\r\n")
    path = write(tmp_path, "norway.yaml", crlf)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["YES", "SE", "NO"])])
    assert plan.new_bytes() == crlf.replace("- YES ", "- 'YES' ").replace("- NO ", "- 'NO' ").encode()


def test_adjacent_changed_items_read_as_one_change(tmp_path: Path) -> None:
    path = write(tmp_path, "adj.yaml", "s:\n  enum:\n    - YES  # y\n    - NO  # n\n")
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["YES", "NO"])])
    assert fixes.unified_diff({plan.path: plan}, str(tmp_path)).splitlines()[3:] == [
        "@@ -1,4 +1,4 @@",
        " s:",
        "   enum:",
        "-    - YES  # y",
        "-    - NO  # n",
        "+    - 'YES'  # y",
        "+    - 'NO'  # n",
    ]


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        (
            "s:\n  type: string\n  enum: [YES, 'SE', NO]  # c\n",
            "s:\n  type: string\n  enum: ['YES', 'SE', 'NO']  # c\n",
        ),
        (
            "s: {type: string, enum: [YES,SE,  NO]}  # c\n",
            "s: {type: string, enum: ['YES',SE,  'NO']}  # c\n",
        ),
        (
            "s:\n  enum: [  # open\n    YES,  # yes\n    SE,\n    # before NO\n    NO  # no\n  ]  # close\n",
            "s:\n  enum: [  # open\n    'YES',  # yes\n    SE,\n    # before NO\n    'NO'  # no\n  ]  # close\n",
        ),
    ],
    ids=["flow", "flow-in-flow-mapping", "multi-line-flow"],
)
def test_quoting_flow_items_keeps_comments_and_spacing(tmp_path: Path, text: str, fixed: str) -> None:
    path = write(tmp_path, "flow.yaml", text)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", ["YES", "SE", "NO"])])
    assert plan.new_text == fixed


BLOCK = "s:\n  enum:\n    # first\n    - a  # A\n    - b  # B\n\n    - c\n  t: 1\n"


@pytest.mark.parametrize(
    ("text", "value", "fixed"),
    [
        (  # a new item goes before the full-line comments of the item it precedes
            BLOCK,
            ["z", "a", "b", "y", "c", "on"],
            "s:\n  enum:\n    - z\n    # first\n    - a  # A\n    - b  # B\n    - y\n\n    - c\n"
            "    - 'on'\n  t: 1\n",
        ),
        (  # a removed item's inline comment stays, alone on its line
            BLOCK,
            ["a", "c"],
            "s:\n  enum:\n    # first\n    - a  # A\n    # B\n\n    - c\n  t: 1\n",
        ),
        (BLOCK, ["a", "b"], "s:\n  enum:\n    # first\n    - a  # A\n    - b  # B\n\n  t: 1\n"),
        ("s:\n  enum:\n  - a\n  - b\n", ["a", "x", "b"], "s:\n  enum:\n  - a\n  - x\n  - b\n"),
        ("# top\rs:\r  enum:\r    # A\r    - a\r", ["z", "a"], "# top\rs:\r  enum:\r    - z\r    # A\r    - a\r"),
        ("s:\n  enum: [a, b]  # c\n", ["z", "a", "b", "c"], "s:\n  enum: [z, a, b, c]  # c\n"),
        ("s:\n  enum: [a, b, c]  # c\n", ["a", "c"], "s:\n  enum: [a, c]  # c\n"),
        ("s:\n  enum: [a, b, c]  # c\n", ["a"], "s:\n  enum: [a]  # c\n"),
        ("s:\n  enum: [a, b, c, ]\n", ["a"], "s:\n  enum: [a, ]\n"),
        (
            "s:\n  enum: [\n    a,  # A\n    b  # B\n  ]\n",
            ["a"],
            "s:\n  enum: [\n    a  # A\n      # B\n  ]\n",
        ),
        (  # appended after a commented last item: on a line of its own
            "s:\n  enum: [\n    a,  # A\n    b  # B\n  ]\n",
            ["a", "b", "c", "on"],
            "s:\n  enum: [\n    a,  # A\n    b,  # B\n    c,\n    'on'\n  ]\n",
        ),
        ("s:\n  enum:\n    - a  # A\n    - b  # B\n", [], "s:\n  enum: []  # B\n"),
    ],
    ids=[
        "block-insert", "block-remove", "block-remove-last", "indentless-insert", "cr-insert-first",
        "flow-insert",
        "flow-remove", "flow-remove-last", "flow-trailing-comma", "flow-remove-commented",
        "flow-append-commented",
        "emptied",
    ],
)
def test_items_added_or_removed_keep_the_other_comments(
    tmp_path: Path, text: str, value: list[str], fixed: str
) -> None:
    """No fix adds to or removes from an existing list today (prose-enum adds `enum` only
    where there is none); the writer still keeps the untouched items' comments. A list that
    becomes empty is rewritten whole (`[]`): the comment on its last line stays, the others
    go with their items."""
    path = write(tmp_path, "list.yaml", text)
    plan = round_trip(tmp_path, path, [(("s",), "replace", "enum", value)])
    assert plan.new_text == fixed


def test_replace_a_scalar_and_an_empty_value(tmp_path: Path) -> None:
    text = "s:\n  type: integer  # was wrong\n  default:\n"
    path = write(tmp_path, "replace.yaml", text)
    specs = [(("s",), "replace", "type", "string"), (("s",), "replace", "default", "on")]
    plan = round_trip(tmp_path, path, specs)
    assert plan.new_text == "s:\n  type: string  # was wrong\n  default: 'on'\n"


def test_an_anchored_mapping_is_edited_where_it_is_defined(tmp_path: Path) -> None:
    """A pointer through an alias edits the anchor: every alias sees the new member, and the
    verified tree says so."""
    text = "defs:\n  s: &s\n    type: string\nuse:\n  x: *s\n"
    path = write(tmp_path, "anchor.yaml", text)
    plan = plan_file(path, [(("use", "x"), "add", "enum", ["a"])])
    assert plan.new_text == "defs:\n  s: &s\n    type: string\n    enum: [a]\nuse:\n  x: *s\n"
    tree = yaml.safe_load(plan.new_text)
    assert tree["use"]["x"] is tree["defs"]["s"]


def test_a_mapping_with_a_merge_key_gets_its_own_member(tmp_path: Path) -> None:
    text = "base: &b\n  type: string\nm:\n  <<: *b\n  format: x\n"
    path = write(tmp_path, "merge.yaml", text)
    plan = plan_file(path, [(("m",), "add", "enum", ["x"])])
    assert plan.new_text == text + "  enum: [x]\n"
    with pytest.raises(fixes.FixError, match=r"^merge\.yaml:3:1: `type` is not written in this mapping"):
        plan_file(path, [(("m",), "replace", "type", "integer")])


# ------------------------------------------------------------------------------- quoting

MISREAD = [
    "yes", "no", "on", "off", "Yes", "NO", "true", "null", "~", "1.0", "012", "0x1F", "1_000",
    "1:20", "2001-12-14", ".inf", "a: b", "*x", "&y", "!z", "#c", "a #b", "", " lead",
    "trail ", "- x", "? x", "@at", "`tick", "%p", "[x]", "{x}", "a, b", "x\ny", "tab\tx",
    "it's", "say \"hi\"",
]


@pytest.mark.parametrize("value", MISREAD)
def test_values_yaml_would_misread_are_quoted(tmp_path: Path, value: str) -> None:
    path = write(tmp_path, "q.yaml", "a:\n  type: string\nb: {type: string}\n")
    specs = [(("a",), "add", "enum", [value]), (("b",), "add", "enum", [value])]
    plan = round_trip(tmp_path, path, specs)
    tree = yaml.safe_load(plan.new_text)
    assert tree["a"]["enum"] == [value] and tree["b"]["enum"] == [value]


def test_plain_where_plain_is_safe() -> None:
    assert render_flow(["vp", "on_leave", "it's", "é ü", "a-b", "v1.2.3", "x/y"]) == (
        "[vp, on_leave, it's, é ü, a-b, v1.2.3, x/y]"
    )
    assert render_flow([1, 2.5, 1e20, True, None, float("inf")]) == "[1, 2.5, 1.0e+20, true, null, .inf]"
    assert render_flow({"type": "string", "enum": ["a"]}) == "{type: string, enum: [a]}"
    assert render_flow([{"a": 1}]) == "[{a: 1}]"


def test_quote_char_follows_the_file(tmp_path: Path) -> None:
    assert render_scalar("yes", "'") == "'yes'"
    assert render_scalar("yes", '"') == '"yes"'
    assert render_scalar("it's on", "'") == "it's on"
    assert render_scalar("x\ny", "'") == '"x\\ny"'  # single quotes cannot hold a line break
    single = write(tmp_path, "single.yaml", "a:\n  b: 'x'\n  c: 'y'\n  d: \"z\"\n")
    double = write(tmp_path, "double.yaml", "a:\n  b: \"x\"\n  c: 'y'\n  d: \"z\"\n")
    spec = [(("a",), "add", "enum", ["yes", "no"])]
    assert plan_file(single, spec).new_text.endswith("  enum: ['yes', 'no']\n")
    assert plan_file(double, spec).new_text.endswith('  enum: ["yes", "no"]\n')


def test_the_writer_reads_the_text_not_a_dump(tmp_path: Path) -> None:
    """A long folded line, odd spacing and key order that any dumper would change survive."""
    text = (
        "info:   {title:  'T',   version: \"1\"}\n"
        "z_last_first:\n"
        "  description: a very long line that a YAML dumper would fold at eighty columns, "
        "which a reviewer would then see as a changed line in the diff\n"
        "  type:   string\n"
    )
    path = write(tmp_path, "style.yaml", text)
    plan = round_trip(tmp_path, path, [(("z_last_first",), "add", "enum", ["a"])])
    assert plan.new_text == text + "  enum: [a]\n"
    assert source(path).text == plan.new_text


# --------------------------------------------- any list layout, any new list: comments stay

_WRITTEN = ["a", "b", "c", "YES", "NO", "on", "1.10", "'SE'", '"DK"', "x y"]
_NEW = ["a", "b", "c", "YES", "NO", "on", "1.10", "SE", "DK", "x y", "z", "it's"]


@st.composite
def _list_layouts(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A mapping ``s`` whose ``enum`` is written in one of the layouts a file can have, with
    numbered comments on the key line, before/after items and after the list."""
    items = draw(st.lists(st.sampled_from(_WRITTEN), min_size=1, max_size=5))
    style = draw(st.sampled_from(["block", "indentless", "flow", "flow-lines"]))
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    note = iter(range(100))

    def comment(where: str) -> str:
        return f"# {where}{next(note)}" if draw(st.booleans()) else ""

    key = comment("key")
    on_key = f"  {key}" if key and style in ("block", "indentless") else ""
    lines = ["s:", "  type: string", "  enum:" + on_key]
    if style in ("block", "indentless"):
        dash = "    - " if style == "block" else "  - "
        for item in items:
            above = comment("above")
            if above:
                lines.append(dash[:-2] + above)
            inline = comment("inline")
            lines.append(dash + item + (f"   {inline}" if inline else ""))
    elif style == "flow":
        lines[-1] += " [" + ", ".join(items) + "]" + (f"  {key}" if key else "")
    else:
        lines[-1] += " [" + (f"  {key}" if key else "")
        for i, item in enumerate(items):
            above = comment("above")
            if above:
                lines.append("    " + above)
            inline = comment("inline")
            comma = "," if i < len(items) - 1 or draw(st.booleans()) else ""
            lines.append("    " + item + comma + (f"  {inline}" if inline else ""))
        lines.append("  ]")
    end = comment("end")
    if end:
        lines.append("  " + end)
    lines.append("  next: 1")
    if draw(st.booleans()):  # what yaml-coerced-value asks for: every item as its own text
        return nl.join(lines) + nl, [item.strip("'\"") for item in items]
    return nl.join(lines) + nl, draw(st.lists(st.sampled_from(_NEW), min_size=1, max_size=6))


@given(_list_layouts())
def test_any_replaced_list_keeps_every_comment_in_order(layout: tuple[str, list[str]]) -> None:
    """Whatever the layout and whatever the new list (not empty), the patched text parses to
    the new list, keeps its line ends, every comment of the old text is still there, in the
    same order; when only the coerced items change (the yaml-coerced-value fix), every other
    item keeps its text, quotes included."""
    text, value = layout
    with tempfile.TemporaryDirectory() as tmp:
        path = write(Path(tmp), "list.yaml", text.encode())
        plan = plan_file(path, [(("s",), "replace", "enum", value)])
    new = plan.new_text
    assert yaml.safe_load(new) == {"s": {"type": "string", "enum": value, "next": 1}}
    assert re.findall(r"#[^\r\n]*", new) == re.findall(r"#[^\r\n]*", text)
    if "\r\n" in text:
        assert new.count("\n") == new.count("\r\n") == new.count("\r")
    else:
        assert "\r" not in new
    before = _items_of(text)
    if value == [item.strip("'\"") for item in before]:  # only the coerced items change
        after = _items_of(new)
        for old_text, new_text, now in zip(before, after, value):
            if yaml.safe_load(old_text) == now:
                assert new_text == old_text
            else:  # quoted with the quote the file uses most
                assert new_text in (render_scalar(now, "'"), render_scalar(now, '"'))


def _items_of(text: str) -> list[str]:
    """The item texts of the generated list (each is one of :data:`_WRITTEN` or a render)."""
    node = yaml.compose(text)
    seq = next(v for k, v in node.value if k.value == "s").value
    enum = next(v for k, v in seq if k.value == "enum")
    return [text[item.start_mark.index : item.end_mark.index] for item in enum.value]
