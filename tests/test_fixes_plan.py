"""Plans across files: SARIF replacements, refusals, verification, the diff and the write."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from test_fixes_common import copy_fixture, edits, git_apply, plan_file, source, write

from linter import fixes
from linter.fixes import FixError, Replacement
from linter.fixes import core
from linter.fixes.core import splice, writer_for
from linter.runctx import FixMemo
from linter.model import Edit, Finding, Fix, Location, Region, RunResult, Source
from linter.report.sarif import build_sarif

SCHEMA = ("paths", "/people", "get", "parameters", 0, "schema")


def _offset(text: str, line: int, column: int) -> int:
    """A SARIF consumer's view: 1-based line/column in code points, CRLF one line end, a BOM
    not a column."""
    starts = [0]
    i = 0
    while i < len(text):
        if text[i] == "\r" and text[i + 1 : i + 2] == "\n":
            i += 1
        if text[i] in "\r\n":
            starts.append(i + 1)
        i += 1
    return starts[line - 1] + column - 1


def _apply_regions(text: str, reps: list[tuple[Source, Region, str]]) -> str:
    spans = [
        (_offset(text, r.start_line, r.start_column), _offset(text, r.end_line, r.end_column), t)
        for _, r, t in reps
    ]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


# --------------------------------------------------------------------------------- SARIF


def test_replacements_have_exact_regions(tmp_path: Path) -> None:
    path = write(tmp_path, "api.yaml", "a:\n  type: string\nb: {type: string}\n")
    src = source(path)
    specs = [(("a",), "add", "enum", ["x"]), (("b",), "add", "enum", ["y"])]
    fix = Fix("Add enums", tuple(edits(src, specs)))
    reps = fixes.replacements(fix)
    assert [(s, (r.start_line, r.start_column, r.end_line, r.end_column), t) for s, r, t in reps] == [
        (src, (2, 15, 2, 15), "\n  enum: [x]"),
        (src, (3, 17, 3, 17), ", enum: [y]"),
    ]
    assert [(r.char_offset, r.char_length) for _, r, _ in reps] == [(17, 0), (34, 0)]
    assert _apply_regions(src.text, reps) == plan_file(path, specs).new_text


def test_replacement_regions_in_a_crlf_bom_file(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "people.yaml", crlf=True, bom=True)
    src = source(path)
    fix = Fix("Add enum", (Edit(src, SCHEMA, "add", "enum", ["vp", "director"]),))
    ((s, region, text),) = fixes.replacements(fix)
    # line 19 is `            type: string  # free text today`: 43 code points, CR not counted
    assert (region.start_line, region.start_column, region.end_line, region.end_column) == (19, 44, 19, 44)
    assert text == "\r\n            enum: [vp, director]"
    plan = plan_file(path, [(SCHEMA, "add", "enum", ["vp", "director"])])
    offset = region.char_offset
    assert [(r.start, r.end, r.text) for r in plan.replacements] == [(offset, offset, text)]
    assert isinstance(plan.replacements[0], Replacement)
    assert "\ufeff" + _apply_regions(src.text, [(s, region, text)]) == plan.new_text


def test_replacements_in_json_and_a_noop(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "minified.json")
    src = source(path)
    pointer = ("paths", "/x", "get", "parameters", 0, "schema")
    ((_, region, text),) = fixes.replacements(Fix("f", (Edit(src, pointer, "add", "enum", ["a"]),)))
    assert (region.start_line, region.start_column, region.end_line, region.end_column) == (1, 146, 1, 146)
    assert text == ',"enum":["a"]'
    # already there → nothing to replace
    assert fixes.replacements(Fix("f", (Edit(src, pointer, "add", "type", "string"),))) == []


def test_writer_cache_follows_the_text_and_keeps_no_source_alive(tmp_path: Path) -> None:
    """The writer (its style detected once) is kept per text, not per Source object: the
    cache must not pin a Source, whose tree would outlive its file."""
    src = source(copy_fixture(tmp_path, "minified.json"))
    memo = FixMemo()
    first = writer_for(src, memo)
    assert writer_for(src, memo) is first
    assert len(memo.writers) == 1 and memo.writers.values() == [first]
    assert not any(src is entry for entry in memo.writers._entries[id(src)])
    src.release()  # the text is read again on demand, and so is the style
    again = writer_for(src, memo)
    assert again is not first and again.text == first.text
    assert writer_for(src, memo) is again
    assert writer_for(src, FixMemo()) is not again  # another run's memo has its own


def test_replacements_need_no_file_on_disk(tmp_path: Path) -> None:
    path = write(tmp_path, "api.yaml", "a:\n  type: string\n")
    src = source(path)
    path.unlink()
    ((_, region, text),) = fixes.replacements(Fix("f", (Edit(src, ("a",), "add", "enum", ["x"]),)))
    assert (region.start_line, region.start_column, text) == (2, 15, "\n  enum: [x]")


def test_sarif_results_carry_the_fix(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "people.yaml")
    src = source(path)
    edit = Edit(src, SCHEMA, "add", "enum", ["vp", "director", "manager"])
    fix = Fix("Add enum [vp, director, manager]", (edit,))
    finding = Finding("prose-enum", "warning", "m", Location(src, SCHEMA), fix=fix, fingerprint="f" * 32)
    (result,) = build_sarif(RunResult([finding], {}, root=str(tmp_path)))["runs"][0]["results"]
    assert result["fixes"] == [
        {
            "description": {"text": "Add enum [vp, director, manager]"},
            "artifactChanges": [
                {
                    "artifactLocation": {"uri": "people.yaml", "uriBaseId": "%SRCROOT%"},
                    "replacements": [
                        {
                            "deletedRegion": {
                                "startLine": 19,
                                "startColumn": 44,
                                "endLine": 19,
                                "endColumn": 44,
                            },
                            "insertedContent": {"text": "\n            enum: [vp, director, manager]"},
                        }
                    ],
                }
            ],
        }
    ]


# ------------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("pointer", "op", "key", "value", "message"),
    [
        (
            SCHEMA, "add", "type", "integer",
            r"^people\.yaml:18:11: `type` already exists with a different value; not adding it$",
        ),
        (
            SCHEMA + ("type",), "add", "enum", ["a"],
            r"^people\.yaml:19:13: not a mapping \(it is a string\)$",
        ),
        (
            ("paths", "/people", "get", "parameters"), "add", "enum", ["a"],
            r"^people\.yaml:14:7: not a mapping \(it is a sequence\)$",
        ),
        (("paths", "/nope"), "add", "enum", ["a"], r"^people\.yaml:9:1: no such node /paths/~1nope$"),
        (SCHEMA, "replace", "enum", ["a"], r"^people\.yaml:18:11: has no `enum` to replace$"),
        (SCHEMA, "add", "enum", {1, 2}, r"cannot write a value of type set"),
        (SCHEMA, "delete", "enum", ["a"], r"unknown edit op 'delete'"),
    ],
)
def test_refused_edits(
    tmp_path: Path, pointer: tuple, op: str, key: str, value: object, message: str
) -> None:
    path = copy_fixture(tmp_path, "people.yaml")
    before = path.read_bytes()
    with pytest.raises(FixError, match=message) as info:
        fixes.plan([Edit(source(path), pointer, op, key, value)])  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
    assert len(info.value.edits) == 1
    assert path.read_bytes() == before


def test_equal_value_is_skipped_and_tuples_count_as_lists(tmp_path: Path) -> None:
    path = write(tmp_path, "api.yaml", "s:\n  type: string\n  enum: [a, b]\n")
    plan = plan_file(path, [(("s",), "add", "enum", ("a", "b")), (("s",), "replace", "type", "string")])
    assert not plan.changed and len(plan.skipped) == 2 and plan.applied == ()


def test_enum_of_ints_is_not_an_enum_of_floats(tmp_path: Path) -> None:
    path = write(tmp_path, "api.yaml", "s:\n  enum: [1, 2]\n")
    with pytest.raises(FixError, match="already exists with a different value"):
        plan_file(path, [(("s",), "add", "enum", [1.0, 2.0])])


def test_overlapping_edits_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "api.yaml", "s:\n  items:\n    type: string\n")
    with pytest.raises(FixError, match=r"^api\.yaml:1:1: `items` holds a mapping that an earlier edit changes"):
        plan_file(
            path,
            [(("s", "items"), "add", "enum", ["a"]), (("s",), "replace", "items", {"type": "int"})],
        )


def test_errors_list_collects_refusals_and_plans_the_rest(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "people.yaml")
    other = write(tmp_path, "other.yaml", "s:\n  type: string\n")
    src, other_src = source(path), source(other)
    good = Edit(src, SCHEMA, "add", "enum", ["vp"])
    bad = Edit(src, SCHEMA, "add", "type", "integer")
    errors: list[FixError] = []
    plans = fixes.plan([bad, good, Edit(other_src, ("s",), "add", "enum", ["x"])], errors=errors)
    assert [e.edits for e in errors] == [(bad,)]
    assert plans[str(path)].applied == (good,)
    assert plans[str(other)].new_text == "s:\n  type: string\n  enum: [x]\n"


def test_a_writer_mistake_is_caught_by_verification(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If a splice ever produced text that parses to anything but the intended tree, the
    plan is refused, naming file and pointer, and nothing is written."""
    from linter.fixes import yaml_writer

    path = copy_fixture(tmp_path, "people.yaml")
    before = path.read_bytes()
    real = yaml_writer.YamlWriter._member_lines

    def wrong_indent(self, indent, change, flow):  # type: ignore[no-untyped-def]
        return [line.replace(indent, indent[:-2], 1) for line in real(self, indent, change, flow)]

    monkeypatch.setattr(yaml_writer.YamlWriter, "_member_lines", wrong_indent)
    with pytest.raises(FixError, match=r"^people\.yaml:15:11: the edited text parses differently"):
        fixes.plan([Edit(source(path), SCHEMA, "add", "enum", ["vp"])])
    with pytest.raises(FixError):
        fixes.replacements(Fix("f", (Edit(source(path), SCHEMA, "add", "enum", ["vp"]),)))
    assert path.read_bytes() == before


def test_a_json_writer_mistake_names_the_pointer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from linter.fixes import json_writer

    path = copy_fixture(tmp_path, "tools.json")
    monkeypatch.setattr(json_writer, "_dumps", lambda value: json_writer.json.dumps(value) + " ,")
    unit = ("tools", 0, "inputSchema", "properties", "unit")
    message = r"^tools\.json:12:11: the spliced text does not parse"
    with pytest.raises(FixError, match=message):
        fixes.plan([Edit(source(path), unit, "add", "enum", ["a"])])


def test_a_file_changed_since_it_was_linted_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "api.yaml", "s:\n  type: string\n")
    src = source(path)
    path.write_text("s:\n  type: integer\n")
    with pytest.raises(FixError, match=r"api\.yaml: changed on disk since it was linted"):
        fixes.plan([Edit(src, ("s",), "add", "enum", ["x"])])


# ---------------------------------------------------------------------------- diff, write


def test_diff_of_several_files_applies_with_git(tmp_path: Path) -> None:
    (tmp_path / "specs").mkdir()
    yaml_path = copy_fixture(tmp_path / "specs", "people.yaml", crlf=True, bom=True)
    json_path = copy_fixture(tmp_path, "minified.json")
    all_edits = [
        Edit(source(yaml_path), SCHEMA, "add", "enum", ["vp"]),
        Edit(source(json_path), ("paths", "/x", "get", "parameters", 0, "schema"), "add", "enum", ["a"]),
    ]
    plans = fixes.plan(all_edits)
    diff = fixes.unified_diff(plans, str(tmp_path))
    assert diff.startswith("diff --git a/minified.json b/minified.json\n")
    assert (
        "diff --git a/specs/people.yaml b/specs/people.yaml\n"
        "--- a/specs/people.yaml\n+++ b/specs/people.yaml\n"
    ) in diff
    assert git_apply(tmp_path, diff, check_only=True).returncode == 0
    assert git_apply(tmp_path, diff).returncode == 0
    assert yaml_path.read_bytes() == plans[str(yaml_path)].new_bytes()
    assert json_path.read_bytes() == plans[str(json_path)].new_bytes()


def test_diff_hunks_far_apart_stay_separate(tmp_path: Path) -> None:
    lines = ["root:"] + [f"  k{i}:\n    type: string" for i in range(20)]
    path = write(tmp_path, "many.yaml", "\n".join(lines) + "\n")
    plan = plan_file(path, [(("root", "k0"), "add", "enum", ["a"]), (("root", "k19"), "add", "enum", ["b"])])
    diff = fixes.unified_diff({plan.path: plan}, str(tmp_path))
    hunks = [line for line in diff.splitlines() if line.startswith("@@")]
    assert hunks == ["@@ -1,6 +1,7 @@", "@@ -39,3 +40,4 @@"]
    assert git_apply(tmp_path, diff, check_only=True).returncode == 0


def test_apply_is_atomic_and_keeps_the_mode(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "people.yaml")
    os.chmod(path, 0o640)
    inode = path.stat().st_ino
    plan = plan_file(path, [(SCHEMA, "add", "enum", ["vp"])])
    assert fixes.apply({plan.path: plan}) == [str(path)]
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.stat().st_ino != inode  # a new file renamed over the old one
    assert path.read_bytes() == plan.new_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["people.yaml"]  # no temp file left


def test_apply_writes_through_a_symlink(tmp_path: Path) -> None:
    real = copy_fixture(tmp_path, "people.yaml")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    plan = plan_file(link, [(SCHEMA, "add", "enum", ["vp"])])
    fixes.apply({plan.path: plan})
    assert link.is_symlink() and real.read_bytes() == plan.new_bytes()


def test_apply_refuses_a_file_modified_after_planning(tmp_path: Path) -> None:
    first = copy_fixture(tmp_path, "people.yaml")
    second = write(tmp_path, "b.yaml", "s:\n  type: string\n")
    plans = fixes.plan(
        [
            Edit(source(first), SCHEMA, "add", "enum", ["vp"]),
            Edit(source(second), ("s",), "add", "enum", ["x"]),
        ]
    )
    second.write_text("s:\n  type: string\n# edited by hand meanwhile\n")
    first_before = first.read_bytes()
    with pytest.raises(FixError, match=r"b\.yaml: changed since it was read; nothing was written"):
        fixes.apply(plans)
    assert first.read_bytes() == first_before  # checked before anything is written
    assert second.read_text() == "s:\n  type: string\n# edited by hand meanwhile\n"


def test_replacements_fall_back_to_the_whole_file_when_a_fragment_cannot_decide(tmp_path: Path) -> None:
    """The anchored mapping holds an alias to an anchor outside it: re-parsed alone it cannot
    resolve, so the whole file is re-parsed (with every alias seeing the new member)."""
    text = "base: &b {t: 1}\ndefs:\n  s: &s\n    type: string\n    ref: *b\nuse: *s\n"
    path = write(tmp_path, "anchors.yaml", text)
    src = source(path)
    edit = Edit(src, ("use",), "add", "enum", ["a"])
    assert not splice(src, [edit], whole=False).locally_verified
    ((_, region, inserted),) = fixes.replacements(Fix("f", (edit,)))
    assert (region.start_line, region.start_column, inserted) == (5, 12, "\n    enum: [a]")
    plan = plan_file(path, [(("use",), "add", "enum", ["a"])])
    assert plan.new_text == text.replace("ref: *b\n", "ref: *b\n    enum: [a]\n")
