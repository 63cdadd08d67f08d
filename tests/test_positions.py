"""Lazy pointer → region lookups (linter/sources/positions.py).

Every expected line/column below was counted by hand from the inline fixture text:
lines and columns are 1-based, columns in code points, ``end_column`` exclusive.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from linter.model import Pointer, Region, get_at
from linter.sources import positions
from linter.sources.positions import JsonLocator, YamlLocator, make_locator


def span(text: str, syntax: str, pointer: Pointer) -> tuple[int, int, int, int] | None:
    region = make_locator(text, syntax).region(pointer)
    if region is None:
        return None
    return region.start_line, region.start_column, region.end_line, region.end_column


# ------------------------------------------------------------------------------------ JSON

PRETTY_2 = """\
{
  "paths": {
    "/pets": {
      "get": {
        "parameters": [
          {
            "name": "limit",
            "description": "How many"
          }
        ]
      }
    }
  }
}
"""

PRETTY_4 = """\
{
    "paths": {
        "/pets": {
            "get": {
                "parameters": [
                    {
                        "name": "limit",
                        "description": "How many"
                    }
                ]
            }
        }
    }
}
"""

PARAM = ("paths", "/pets", "get", "parameters")


def test_json_pretty_two_spaces() -> None:
    assert span(PRETTY_2, "json", PARAM + (0, "description")) == (8, 13, 8, 38)
    assert span(PRETTY_2, "json", PARAM + (0,)) == (6, 11, 9, 12)
    assert span(PRETTY_2, "json", PARAM) == (5, 9, 10, 10)
    assert span(PRETTY_2, "json", ()) == (1, 1, 14, 2)


def test_json_pretty_four_spaces() -> None:
    assert span(PRETTY_4, "json", PARAM + (0, "description")) == (8, 25, 8, 50)
    assert span(PRETTY_4, "json", PARAM + (0, "name")) == (7, 25, 7, 40)
    assert span(PRETTY_4, "json", PARAM + (0,)) == (6, 21, 9, 22)


def test_json_minified_columns_and_offsets() -> None:
    text = '{"a":{"b":[10,{"c":"x"}]},"d":true}'
    loc = make_locator(text, "json")
    assert loc.region(("a", "b", 1, "c")) == Region(1, 16, 1, 23, 15, 7)
    assert loc.region(("a", "b", 0)) == Region(1, 12, 1, 14, 11, 2)
    assert loc.region(("a", "b", "1")) == Region(1, 15, 1, 24, 14, 9)
    assert loc.region(("a",)) == Region(1, 2, 1, 26, 1, 24)
    assert loc.region(("d",)) == Region(1, 27, 1, 35, 26, 8)
    assert loc.region(()) == Region(1, 1, 1, 36, 0, 35)


def test_json_non_ascii_columns_are_code_points() -> None:
    # the emoji is one column even though it is two UTF-16 units and four UTF-8 bytes
    assert span('{"名前": "😀x", "target": 1}', "json", ("target",)) == (1, 14, 1, 25)
    text = '{\n  "é😀": "日本", "t": [1]\n}'
    assert span(text, "json", ("t",)) == (2, 15, 2, 23)
    assert span(text, "json", ("t", 0)) == (2, 21, 2, 22)
    assert span(text, "json", ("é😀",)) == (2, 3, 2, 13)


def test_json_escaped_keys() -> None:
    text = r'{"a\u002fb": 1, "\"q\"": {"x\\y": 2}}'
    assert span(text, "json", ("a/b",)) == (1, 2, 1, 15)
    assert span(text, "json", ('"q"',)) == (1, 17, 1, 37)
    assert span(text, "json", ('"q"', "x\\y")) == (1, 27, 1, 36)
    assert span(text, "json", ("a\\u002fb",)) is None  # keys match decoded, not raw


def test_json_duplicate_keys_take_the_last() -> None:
    text = '{"a": 1, "a": [2]}'
    assert span(text, "json", ("a",)) == (1, 10, 1, 18)
    assert span(text, "json", ("a", 0)) == (1, 16, 1, 17)


def test_json_crlf_and_lone_cr() -> None:
    text = '{\r\n  "a": 1,\r\n  "b": "x"\r\n}\r\n'
    loc = make_locator(text, "json")
    assert loc.region(("b",)) == Region(3, 3, 3, 11, 16, 8)
    assert loc.region(("a",)) == Region(2, 3, 2, 9, 5, 6)
    assert span('{"a": 1,\r"b": 2}', "json", ("b",)) == (2, 1, 2, 7)


def test_json_bom_tabs_and_empty_containers() -> None:
    text = '\ufeff{\t"a":\t1,\n\t"b": { },\n\t"c": [ ]}'
    loc = make_locator(text, "json")
    # the BOM is no column, but char_offset indexes the text that still holds it
    assert loc.region(("a",)) == Region(1, 3, 1, 9, 3, 6)
    assert span(text, "json", ("b",)) == (2, 2, 2, 10)
    assert span(text, "json", ("c",)) == (3, 2, 3, 10)
    assert span(text, "json", ("c", 0)) is None
    assert span(text, "json", ("b", "x")) is None


def test_json_missing_pointers() -> None:
    text = '{"a": [1, {"b": null}], "s": "str"}'
    for pointer in [
        ("nope",),
        ("a", 2),
        ("a", -1),
        ("a", "-"),
        ("a", "x"),
        ("a", 1, "c"),
        ("s", "x"),
        ("a", 0, 0),
    ]:
        assert span(text, "json", pointer) is None, pointer
    assert span(text, "json", ("a", 1, "b")) == (1, 12, 1, 21)


def test_json_nesting_deeper_than_the_regex_skipper() -> None:
    deep = "[" * 60 + "]" * 60
    text = '{"deep": ' + deep + ', "after": 1}'
    assert span(text, "json", ("after",)) == (1, 132, 1, 142)
    assert span(text, "json", ("deep",) + (0,) * 58) == (1, 68, 1, 72)  # "[[]]"
    assert span(deep, "json", (0,) * 59) == (1, 60, 1, 62)


def test_json_too_deep_member_of_a_container_indexed_ahead() -> None:
    """A container indexed ahead matches each member whole, its value skipped inside the same
    regex; a value nested deeper than that regex reaches takes the member-by-member path."""
    deep = "[" * 60 + "]" * 60
    text = '{"a": {"k": 1, "deep": ' + deep + ', "after": "x"}, "b": [' + deep + ", 2]}"
    assert span(text, "json", ("a", "deep")) == (1, 16, 1, 144)
    assert span(text, "json", ("a", "after")) == (1, 146, 1, 158)
    assert span(text, "json", ("a", "deep") + (0,) * 59) == (1, 83, 1, 85)
    assert span(text, "json", ("b", 0)) == (1, 167, 1, 287)
    assert span(text, "json", ("b", 1)) == (1, 289, 1, 290)


def _alternation_form(depth: int) -> str:
    """The container skipper as one alternation per level, ``(?:run|string|container)*+``:
    the plain form of what ``positions._container_pattern`` writes unrolled."""
    string = positions._STRING
    container = r"[{\[](?:[^\"{}\[\]]++|" + string + r")*+[}\]]"
    for _ in range(depth - 1):
        container = r"[{\[](?:[^\"{}\[\]]++|" + string + "|" + container + r")*+[}\]]"
    return container


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_json_container_skipper_is_the_alternation_form(depth: int) -> None:
    """On every text of up to five of the characters that steer the skipper, and on longer random
    ones (unbalanced, unterminated, nested past ``depth``), the unrolled skipper ends where the
    alternation form ends, or fails where it fails, from every start."""
    unrolled = re.compile(positions._container_pattern(depth), re.S)
    plain = re.compile(_alternation_form(depth), re.S)
    alphabet = '{}[]"\\a'
    texts = ["".join(p) for n in range(1, 6) for p in itertools.product(alphabet, repeat=n)]
    rng = random.Random(depth)
    texts += ["".join(rng.choice(alphabet + " ,:") for _ in range(rng.randint(7, 40))) for _ in range(20000)]
    for text in texts:
        for start in range(len(text)):
            a, b = unrolled.match(text, start), plain.match(text, start)
            assert (a and a.end()) == (b and b.end()), (text, start)


# ------------------------------------------------------------------------ parse_indexed


def _random_json(rng: random.Random, depth: int) -> Any:
    """A tree of objects, arrays and awkward scalars (escapes, non-ASCII, floats, keywords)."""
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(['a"b\\c/{[', "日本😀", "", 1.5e10, -3, 0.1, True, False, None, 10**30])
    if rng.random() < 0.4:
        return [_random_json(rng, depth - 1) for _ in range(rng.randint(0, 4))]
    names = ["k", "ü", "x\ny", "}", "[", ":", ","]
    return {rng.choice(names) + str(i): _random_json(rng, depth - 1) for i in range(rng.randint(0, 5))}


def _with_repeats(text: str) -> str:
    """``text`` with every member "k0" repeated (a later value for the same key), at any depth."""
    return text.replace('"k0": ', '"k0": "first", "k0": ')


def _indexed(text: str, max_members: int = 10**6) -> tuple[Any, JsonLocator, list[int]]:
    sizes: list[int] = []

    def hook(obj: dict[str, Any]) -> dict[str, Any]:
        sizes.append(len(obj))
        return obj

    scan_once = json.JSONDecoder(object_hook=hook).scan_once  # type: ignore[attr-defined]
    tree, loc = positions.parse_indexed(text, scan_once, hook, max_members)
    return tree, loc, sizes


@pytest.mark.parametrize(
    "dump", [{"indent": 2}, {"indent": "\t"}, {"separators": (",", ":")}, {"separators": (" , ", " : ")}]
)
@pytest.mark.parametrize("repeats", [False, True])
def test_parse_indexed_is_json_loads_and_a_locator(dump: dict[str, Any], repeats: bool) -> None:
    """The tree and the object_hook calls are json.loads's; every region the seeded locator
    gives, and every repeated key it reports, is what a fresh locator finds by scanning."""
    rng = random.Random(11)
    for _ in range(30):
        tree = {"root": [_random_json(rng, 5) for _ in range(3)], "k0": _random_json(rng, 4), "m": _random_json(rng, 4)}
        text = json.dumps(tree, ensure_ascii=False, **dump)
        if repeats:
            text = _with_repeats(text)
        sizes: list[int] = []

        def hook(obj: dict[str, Any]) -> dict[str, Any]:
            sizes.append(len(obj))
            return obj

        want = json.loads(text, object_hook=hook)
        got, loc, got_sizes = _indexed(text)
        assert json.dumps(got) == json.dumps(want) and got == want
        assert sorted(got_sizes) == sorted(sizes)
        assert loc._root == 0 and 0 in loc._objects  # indexed by the parse, before any lookup
        fresh = JsonLocator(text)
        for pointer in _pointers(want):
            assert loc.region(pointer) == fresh.region(pointer), pointer
            assert loc.repeated_keys(pointer) == fresh.repeated_keys(pointer), pointer
        assert loc.region(("nowhere",)) is None and loc.region(("root", 9)) is None


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "\ufeff{}", '{"a": 1,}', '{"a": [1,]}', '{"a": {"b": 1,}}', '{"a" 1}', '{"a": 1} x', "[1 2]",
        '{"a": 1', '{"a": [1', '{"a": "x', '{"a\tb": 1}', '{a: 1}', '{"a": {"b": {"c": [1,]}}}', "[,]", "{,}",
        '{"a": 0123}', '{"a": [1, 2] 3}', '{"a": {"b": tru}}',
    ],
)
def test_parse_indexed_refuses_what_json_loads_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        json.loads(text)
    with pytest.raises((ValueError, IndexError, StopIteration)):
        _indexed(text)


def test_parse_indexed_reads_what_json_loads_reads() -> None:
    for text in ["1", ' "s" ', "[]", "{}", " [ ] ", '{"a": NaN, "b": [Infinity, -Infinity]}', '[{"a": {}}, [], [[]]]',
                 '{"\\u00fc\\"": {"x": 1e400}}', "null", '{"a": 1}\n\n']:
        got, loc, _ = _indexed(text)
        assert json.dumps(got) == json.dumps(json.loads(text)), text
        for pointer in _pointers(got):
            assert loc.region(pointer) == JsonLocator(text).region(pointer), (text, pointer)


def test_parse_indexed_stops_past_its_member_budget() -> None:
    """Members and elements parsed in Python near the root are counted; past the budget the
    caller's json.loads takes over (a text of many tiny members costs less there)."""
    text = json.dumps({"a": {str(i): i for i in range(50)}, "b": [1, 2, 3]})
    assert _indexed(text, 55)[0] == json.loads(text)  # the root's 2 members, the 50 of "a", the 3 of "b"
    with pytest.raises(ValueError, match="too many"):
        _indexed(text, 54)


def test_a_loaded_json_source_keeps_the_index_its_parse_made(tmp_path: Path) -> None:
    from linter.sources.loader import load_source

    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.3", "paths": {"/a": {"get": {"responses": {}}}}}, indent=2), encoding="utf-8")
    source = load_source(str(path), "api.json")
    loc = source.locator
    assert isinstance(loc, JsonLocator) and sorted(loc._objects) == [0, 35, 47]  # the root, /paths, /paths/~1a
    assert span_of(loc, ("paths", "/a", "get", "responses")) == (6, 9, 6, 24)
    malformed = tmp_path / "bad.json"
    malformed.write_text('{"openapi": "3.0.3", "paths": {"/a": {},}}', encoding="utf-8")
    with pytest.raises(Exception, match="invalid JSON: Expecting property name enclosed in double quotes at line 1 column 41"):
        load_source(str(malformed), "bad.json")


def test_json_malformed_text_gives_none() -> None:
    assert span('{"a": 1, "b" 2}', "json", ("b",)) is None
    assert span("", "json", ()) is None
    assert span("[1, 2", "json", (0,)) is None


def _pointers(node: Any, pointer: Pointer = ()) -> Iterator[Pointer]:
    yield pointer
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _pointers(value, pointer + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _pointers(value, pointer + (i,))


@pytest.mark.parametrize(
    "dump", [{"indent": 2}, {"indent": 4}, {"indent": "\t"}, {"separators": (",", ":")}]
)
def test_json_every_span_decodes_to_its_node(dump: dict[str, Any]) -> None:
    """Cross-check against json.loads: each span's text decodes to the node it points at."""
    rng = random.Random(7)

    def build(depth: int) -> Any:
        if depth == 0 or rng.random() < 0.25:
            return rng.choice(["a\"b\\c/{[", "日本😀", 1.5e10, -3, True, None, ""])
        if rng.random() < 0.5:
            return [build(depth - 1) for _ in range(rng.randint(0, 4))]
        names = ["k", "ü", "x\ny", "}", "["]
        keys = [rng.choice(names) + str(i) for i in range(rng.randint(0, 4))]
        return {key: build(depth - 1) for key in keys}

    tree = {"root": [build(6) for _ in range(8)]}
    text = json.dumps(tree, ensure_ascii=False, **dump)
    loc = make_locator(text, "json")
    for pointer in _pointers(tree):
        region = loc.region(pointer)
        assert region is not None, pointer
        piece = text[region.char_offset : region.char_offset + region.char_length]
        if pointer and isinstance(pointer[-1], str):
            assert json.loads("{" + piece + "}") == {pointer[-1]: get_at(tree, pointer)}
        else:
            assert json.loads(piece) == get_at(tree, pointer)


@pytest.mark.parametrize("eager_size", [65536, 1024, 16])
def test_json_large_containers_are_indexed_ahead_correctly(
    eager_size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Large containers index more levels at once; spans must stay exact there too."""
    monkeypatch.setattr(positions, "_EAGER_SIZE", eager_size)
    paths = {
        f"/p{i}/{{id}}": {"get": {"parameters": [{"name": f"n{i}", "description": "d [x"}]}}
        for i in range(1500)
    }
    tree = {"openapi": "3.1.0", "paths": paths, "tail": [1, {"k": "v"}]}
    text = json.dumps(tree, indent=1)
    assert len(text) > 2 * 65536
    loc = make_locator(text, "json")
    pointers = list(_pointers(tree))
    for pointer in random.Random(3).sample(pointers, 400) + [("tail", 1, "k"), ()]:
        region = loc.region(pointer)
        assert region is not None, pointer
        piece = text[region.char_offset : region.char_offset + region.char_length]
        if pointer and isinstance(pointer[-1], str):
            assert json.loads("{" + piece + "}") == {pointer[-1]: get_at(tree, pointer)}
        else:
            assert json.loads(piece) == get_at(tree, pointer)


# ----------------------------------------------------------------------------- line_col


def test_line_col_line_ends() -> None:
    loc = make_locator("a\r\nb\rc\nd", "json")
    assert [loc.line_col(i) for i in range(9)] == [
        (1, 1),  # a
        (1, 2),  # \r of \r\n: still line 1
        (1, 3),  # \n of \r\n
        (2, 1),  # b
        (2, 2),  # lone \r ends line 2
        (3, 1),  # c
        (3, 2),  # \n
        (4, 1),  # d
        (4, 2),  # end of text
    ]
    empty = make_locator("", "yaml")
    assert empty.line_col(0) == (1, 1)


# ------------------------------------------------------------------------------------ YAML


@pytest.fixture(params=["c", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run YAML tests with libyaml's CSafeLoader and with the pure-Python fallback."""
    if request.param == "c":
        if not hasattr(yaml, "CSafeLoader"):
            pytest.skip("PyYAML built without libyaml")
    else:
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    return request.param


BLOCK = """\
openapi: 3.0.0
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: query
          description: How many items
      responses:
        "200":
          description: ok
"""


def test_yaml_block_style(loader: str) -> None:
    assert span(BLOCK, "yaml", PARAM + (0, "description")) == (8, 11, 8, 38)
    assert span(BLOCK, "yaml", PARAM + (0,)) == (6, 11, 8, 38)
    assert span(BLOCK, "yaml", PARAM) == (5, 7, 8, 38)
    assert span(BLOCK, "yaml", PARAM[:3] + ("responses", "200", "description")) == (11, 11, 11, 26)
    assert span(BLOCK, "yaml", PARAM[:3] + ("responses", "200")) == (10, 9, 11, 26)
    assert span(BLOCK, "yaml", ()) == (1, 1, 11, 26)
    assert make_locator(BLOCK, "yaml").region(("openapi",)) == Region(1, 1, 1, 15, 0, 14)


def test_yaml_missing_pointers(loader: str) -> None:
    for pointer in [
        ("nope",),
        ("paths", "/pets", "post"),
        PARAM + (1,),
        PARAM + ("x",),
        PARAM + (-1,),
        ("openapi", "x"),
    ]:
        assert span(BLOCK, "yaml", pointer) is None, pointer


def test_yaml_flow_style(loader: str) -> None:
    text = "x: {a: 1, b: [x, y]}\n"
    assert span(text, "yaml", ("x", "b", 1)) == (1, 18, 1, 19)
    assert span(text, "yaml", ("x", "b")) == (1, 11, 1, 20)
    assert span(text, "yaml", ("x", "a")) == (1, 5, 1, 9)
    assert span(text, "yaml", ("x",)) == (1, 1, 1, 21)
    top = "{a: 1, b: [x, y]}"
    assert span(top, "yaml", ("b", 0)) == (1, 12, 1, 13)
    assert span(top, "yaml", ("b", "1")) == (1, 15, 1, 16)
    assert span(top, "yaml", ("b", "x")) is None
    assert span(top, "yaml", ()) == (1, 1, 1, 18)


def test_yaml_multi_line_scalars(loader: str) -> None:
    text = """\
a:
  description: first line
    continues here
    and ends here
b: "one
  two"
c: 1
"""
    assert span(text, "yaml", ("a", "description")) == (2, 3, 4, 18)
    assert span(text, "yaml", ("a",)) == (1, 1, 4, 18)
    assert span(text, "yaml", ("b",)) == (5, 1, 6, 7)


def test_yaml_block_scalars_end_on_their_last_line(loader: str) -> None:
    text = """\
a: |  # comment
  line one
  line two

b: >-
  folded
  text


c: end
d: |+
  kept

"""
    assert span(text, "yaml", ("a",)) == (1, 1, 3, 11)
    assert span(text, "yaml", ("b",)) == (5, 1, 7, 7)
    assert span(text, "yaml", ("c",)) == (10, 1, 10, 7)
    assert span(text, "yaml", ("d",)) == (11, 1, 12, 7)
    assert span(text, "yaml", ()) == (1, 1, 12, 7)


def test_yaml_collection_end_skips_trailing_comments(loader: str) -> None:
    text = "a:\n  b: 1\n  # trailing comment\n\nc:\n  - x\n  # more\nd:\n"
    assert span(text, "yaml", ("a",)) == (1, 1, 2, 7)
    assert span(text, "yaml", ("c",)) == (5, 1, 6, 6)
    assert span(text, "yaml", ("d",)) == (8, 1, 8, 3)  # an empty value ends at its colon


def test_yaml_quoted_keys(loader: str) -> None:
    text = "\"quoted key\": 1\n'single': 2\n\"/pets/{id}\":\n  get: x\n"
    assert span(text, "yaml", ("quoted key",)) == (1, 1, 1, 16)
    assert span(text, "yaml", ("single",)) == (2, 1, 2, 12)
    assert span(text, "yaml", ("/pets/{id}", "get")) == (4, 3, 4, 9)


ANCHORS = """\
components:
  base: &base
    type: string
    description: shared
use:
  schema: *base
list:
  - *base
  - plain
"""


def test_yaml_anchors_and_aliases(loader: str) -> None:
    # a pointer to the aliased member or item spans the `*alias` text
    assert span(ANCHORS, "yaml", ("use", "schema")) == (6, 3, 6, 16)
    assert span(ANCHORS, "yaml", ("use",)) == (5, 1, 6, 16)
    assert span(ANCHORS, "yaml", ("list", 0)) == (8, 5, 8, 10)
    assert span(ANCHORS, "yaml", ("list", 1)) == (9, 5, 9, 10)
    assert span(ANCHORS, "yaml", ("list",)) == (7, 1, 9, 10)
    # a pointer through an alias lands in the anchored node
    assert span(ANCHORS, "yaml", ("use", "schema", "description")) == (4, 5, 4, 24)
    assert span(ANCHORS, "yaml", ("list", 0, "type")) == (3, 5, 3, 17)
    assert span(ANCHORS, "yaml", ("components", "base")) == (2, 3, 4, 24)


def test_yaml_recursive_alias_does_not_loop(loader: str) -> None:
    assert span("a: &a {k: *a}", "yaml", ("a", "k", "k", "k")) == (1, 8, 1, 13)
    assert span("&s [*s]", "yaml", (0, 0)) == (1, 5, 1, 7)


MERGE = """\
base: &base
  a: 1
  bb: 2
extra: &extra
  bb: 20
  cc: 30
m:
  <<: [*base, *extra]
  a: 10
n:
  <<: *base
"""


def test_yaml_merge_keys(loader: str) -> None:
    assert span(MERGE, "yaml", ("m", "a")) == (9, 3, 9, 8)  # the explicit key wins
    assert span(MERGE, "yaml", ("m", "cc")) == (6, 3, 6, 9)
    assert span(MERGE, "yaml", ("m", "zz")) is None
    assert span(MERGE, "yaml", ("n", "bb")) == (3, 3, 3, 8)
    assert span(MERGE, "yaml", ("n",)) == (10, 1, 11, 12)
    assert span(MERGE, "yaml", ("m",)) == (7, 1, 9, 8)
    # the YAML spec lets *base win; PyYAML 6.0.4 lets *extra win: point where the tree's value is
    tree = yaml.load(MERGE, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    expected = {2: (3, 3, 3, 8), 20: (5, 3, 5, 9)}[tree["m"]["bb"]]
    assert span(MERGE, "yaml", ("m", "bb")) == expected


def test_yaml_later_merge_key_wins_over_earlier(loader: str) -> None:
    text = "x: &x {kk: 1}\ny: &y {kk: 2}\nz:\n  <<: *x\n  <<: *y\n"
    tree = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    expected = {1: (1, 8, 1, 13), 2: (2, 8, 2, 13)}[tree["z"]["kk"]]
    assert span(text, "yaml", ("z", "kk")) == expected


def test_yaml_duplicate_keys_take_the_last(loader: str) -> None:
    assert span("a: 1\na: 2\n", "yaml", ("a",)) == (2, 1, 2, 5)


def test_yaml_non_string_keys(loader: str) -> None:
    text = """\
responses:
  200:
    description: ok
  404: {description: nf}
yes: 1
0x10: hex
"""
    assert span(text, "yaml", ("responses", "200", "description")) == (3, 5, 3, 20)
    assert span(text, "yaml", ("responses", 200)) == (2, 3, 3, 20)
    assert span(text, "yaml", ("responses", "404", "description")) == (4, 9, 4, 24)
    assert span(text, "yaml", ("True",)) == (5, 1, 5, 7)
    assert span(text, "yaml", ("16",)) == (6, 1, 6, 10)


def test_yaml_array_index_as_str_or_int(loader: str) -> None:
    text = "items:\n  - a\n  - b\n"
    assert span(text, "yaml", ("items", 1)) == (3, 5, 3, 6)
    assert span(text, "yaml", ("items", "1")) == (3, 5, 3, 6)
    assert span(text, "yaml", ("items", "01x")) is None


def test_yaml_first_document_only(loader: str) -> None:
    text = "---\na: 1\n---\nb: 2\n"
    assert span(text, "yaml", ("a",)) == (2, 1, 2, 5)
    assert span(text, "yaml", ("b",)) is None
    assert span("# only a comment\n", "yaml", ()) is None


def test_yaml_bom_and_crlf(loader: str) -> None:
    text = "\ufeffa: 1\r\nb:\r\n  c: x\r\n"
    loc = make_locator(text, "yaml")
    assert loc.region(("a",)) == Region(1, 1, 1, 5, 1, 4)
    assert loc.region(("b", "c")) == Region(3, 3, 3, 7, 13, 4)


def test_yaml_non_ascii_columns(loader: str) -> None:
    text = "t: {名: 😀, k: v}\n"
    assert span(text, "yaml", ("t", "k")) == (1, 11, 1, 15)


def test_yaml_invalid_text_gives_none(loader: str) -> None:
    assert span("a: [1, 2\n", "yaml", ("a",)) is None


# ------------------------------------------------------------------------------- laziness


def test_make_locator_does_no_work_until_region(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"compose": 0, "member": 0}
    real_compose_all = yaml.compose_all
    real_member = positions._JSON_MEMBER

    def compose_all(*args: Any, **kwargs: Any) -> Any:
        calls["compose"] += 1
        return real_compose_all(*args, **kwargs)

    class Member:
        def match(self, text: str, pos: int) -> Any:
            calls["member"] += 1
            return real_member.match(text, pos)

    monkeypatch.setattr(yaml, "compose_all", compose_all)
    monkeypatch.setattr(positions, "_JSON_MEMBER", Member())

    json_loc = make_locator('{"a": {"b": 1}}', "json")
    yaml_loc = make_locator("a:\n  b: 1\n", "yaml")
    assert isinstance(json_loc, JsonLocator) and isinstance(yaml_loc, YamlLocator)
    assert calls == {"compose": 0, "member": 0}
    assert json_loc._line_starts is None and yaml_loc._line_starts is None

    assert span_of(json_loc, ("a", "b")) == (1, 8, 1, 14)
    assert span_of(yaml_loc, ("a", "b")) == (2, 3, 2, 7)
    assert calls["compose"] == 1
    member_calls = calls["member"]
    assert member_calls > 0
    # later lookups reuse the composed graph and the scanned containers
    assert span_of(yaml_loc, ("a",)) == (1, 1, 2, 7)
    assert span_of(json_loc, ("a",)) == (1, 2, 1, 15)
    assert calls == {"compose": 1, "member": member_calls}


def span_of(loc: positions.Locator, pointer: Pointer) -> tuple[int, int, int, int] | None:
    region = loc.region(pointer)
    if region is None:
        return None
    return region.start_line, region.start_column, region.end_line, region.end_column


def test_unknown_syntax() -> None:
    with pytest.raises(ValueError):
        make_locator("", "toml")
