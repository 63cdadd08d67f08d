"""Shared helpers for the fix-writer tests (``test_fixes_*``), plus tests of the locator spans
the writers splice at (``value_span``, ``object_members``, ``node``, ``members``).

The ``test_fixes_*`` modules import the helpers from here (pytest puts ``tests/`` on
``sys.path``). Fixture files live in ``tests/fixes/``; every test copies them into
``tmp_path`` first, because planning reads the file from disk and applying writes it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any, Sequence

from linter import fixes
from linter.fixes import FilePlan
from linter.model import Edit, Pointer, Source
from linter.sources.loader import load_source, parse_text
from linter.sources.positions import JsonLocator, YamlLocator

DATA = Path(__file__).parent / "fixes"
Spec = tuple[Pointer, str, str, Any]  # pointer, op, key, value


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def copy_fixture(tmp_path: Path, name: str, *, crlf: bool = False, bom: bool = False) -> Path:
    """``tests/fixes/<name>`` in ``tmp_path``, optionally converted to CRLF and/or with a BOM."""
    data = (DATA / name).read_bytes()
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    if bom:
        data = b"\xef\xbb\xbf" + data
    path = tmp_path / name
    path.write_bytes(data)
    return path


def source(path: Path) -> Source:
    return load_source(str(path), path.name)


def edits(src: Source, specs: Sequence[Spec]) -> list[Edit]:
    return [Edit(src, pointer, op, key, value) for pointer, op, key, value in specs]  # type: ignore[arg-type]


def plan_file(path: Path, specs: Sequence[Spec]) -> FilePlan:
    plans = fixes.plan(edits(source(path), specs))
    assert list(plans) == [str(path)]
    return plans[str(path)]


def expected_tree(path: Path, specs: Sequence[Spec]) -> Any:
    """The file's tree with the edits applied by hand (independent of the writers)."""
    from linter.model import get_at

    src = source(path)
    tree = parse_text(src.text, src.syntax)
    for pointer, _op, key, value in specs:
        get_at(tree, pointer)[key] = value
    return tree


def git_apply(root: Path, diff: str, *, check_only: bool = False) -> subprocess.CompletedProcess[str]:
    """Run ``git apply`` on ``diff`` in a throwaway repository at ``root``."""
    if not (root / ".git").exists():
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    patch = root.parent / f"{root.name}.patch"
    patch.write_bytes(diff.encode("utf-8"))
    args = ["git", "apply", "--check", str(patch)] if check_only else ["git", "apply", str(patch)]
    return subprocess.run(args, cwd=root, capture_output=True, text=True)


def added_lines_only(diff: str) -> list[str]:
    """The diff's ``+`` lines; fails if it removes any line (a pure insertion)."""
    body = [line for line in diff.splitlines() if not line.startswith(("diff --git", "--- ", "+++ ", "@@"))]
    assert not [line for line in body if line.startswith("-")], diff
    return [line[1:] for line in body if line.startswith("+")]


def round_trip(tmp_path: Path, path: Path, specs: Sequence[Spec]) -> FilePlan:
    """Plan, check the re-parsed tree, the diff with ``git apply``, apply, and check that a
    second plan of the same edits is a no-op. Returns the plan."""
    before = path.read_bytes()
    plan = plan_file(path, specs)
    assert plan.changed
    assert parse_text(plan.new_text.removeprefix("\ufeff"), plan.syntax) == expected_tree(path, specs)

    diff = fixes.unified_diff({plan.path: plan}, str(tmp_path))
    check = git_apply(tmp_path, diff, check_only=True)
    assert check.returncode == 0, check.stderr + diff
    applied = git_apply(tmp_path, diff)
    assert applied.returncode == 0, applied.stderr
    assert path.read_bytes() == plan.new_bytes()  # git's result is the planned bytes
    path.write_bytes(before)

    assert fixes.apply({plan.path: plan}) == [plan.path]
    assert path.read_bytes() == plan.new_bytes()
    again = plan_file(path, specs)
    assert not again.changed and again.replacements == () and len(again.skipped) == len(specs)
    assert fixes.unified_diff({again.path: again}, str(tmp_path)) == ""
    assert fixes.apply({again.path: again}) == []
    return plan


# ------------------------------------------------------------------ locator spans for writers


def test_json_value_span_and_object_members() -> None:
    text = '{"a": {"x": 1, "y": [1, 2]}, "b": {}, "c": "s"}'
    loc = JsonLocator(text)
    assert loc.value_span(()) == (0, len(text))
    start, end = loc.value_span(("a",))  # type: ignore[misc]
    assert text[start:end] == '{"x": 1, "y": [1, 2]}'
    assert text.__getitem__(slice(*loc.value_span(("a", "y", 1)))) == "2"  # type: ignore[arg-type]
    assert loc.value_span(("zz",)) is None
    assert loc.value_span(("c", "x")) is None

    obj_start, obj_end, members = loc.object_members(("a",))  # type: ignore[misc]
    assert text[obj_start:obj_end] == '{"x": 1, "y": [1, 2]}'
    assert [(k, text[ks:vs], text[vs:ve]) for k, ks, vs, ve in members] == [
        ("x", '"x": ', "1"),
        ("y", '"y": ', "[1, 2]"),
    ]
    assert loc.object_members(("b",))[2] == []  # type: ignore[index]
    assert loc.object_members(("c",)) is None
    assert loc.object_members(("a", "y")) is None


def test_json_object_members_with_a_bom_and_a_duplicate_key() -> None:
    text = '\ufeff{"k": 1, "k": 2, "z": 3}'
    start, end, members = JsonLocator(text).object_members(())  # type: ignore[misc]
    assert (start, end) == (1, len(text))
    assert [(k, text[vs:ve]) for k, _, vs, ve in members] == [("k", "2"), ("z", "3")]


def test_yaml_node_value_span_and_members() -> None:
    text = (
        "base: &b {t: 1}\n"
        "m:\n"
        "  s: |\n"
        "    body\n"
        "\n"
        "  ref: *b\n"
        "  last: x  # note\n"
        "seq:\n"
        "- *b\n"
    )
    loc = YamlLocator(text)
    assert loc.node(("m", "ref")) is loc.node(("base",))  # through the alias
    assert loc.node(("nope",)) is None
    assert text.__getitem__(slice(*loc.value_span(("m", "s")))) == "|\n    body"  # type: ignore[arg-type]
    assert text.__getitem__(slice(*loc.value_span(("m", "ref")))) == "*b"  # type: ignore[arg-type]
    assert text.__getitem__(slice(*loc.value_span(("seq", 0)))) == "*b"  # type: ignore[arg-type]
    assert text.__getitem__(slice(*loc.value_span(("base",)))) == "&b {t: 1}"  # type: ignore[arg-type]
    node, members = loc.members(("m",))  # type: ignore[misc]
    assert [(k.value, text[ks:ke], text[vs:ve]) for k, _, ks, ke, vs, ve in members] == [
        ("s", "s", "|\n    body"),
        ("ref", "ref", "*b"),
        ("last", "last", "x"),
    ]
    assert loc.node_span(node) == (text.index("s: |"), text.index("x  # note") + 1)
    assert loc.members(("seq",)) is None


def test_yaml_spans_account_for_a_bom() -> None:
    text = "\ufeffa:\n  b: 1\n"
    loc = YamlLocator(text)
    _, [(_, _, ks, ke, vs, ve)] = loc.members(("a",))  # type: ignore[misc]
    assert (text[ks:ke], text[vs:ve]) == ("b", "1")
    assert text.__getitem__(slice(*loc.value_span(("a", "b")))) == "1"  # type: ignore[arg-type]


def test_fixture_files_are_copied_not_edited(tmp_path: Path) -> None:
    path = copy_fixture(tmp_path, "people.yaml", crlf=True, bom=True)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    assert shutil.which("git"), "git is needed by the diff tests"
