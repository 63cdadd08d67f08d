"""SARIF as GitHub code scanning reads it: ``primaryLocationLineHash`` computed as upload-sarif
computes it, distinct per result on one line; related locations linked from the message;
``fullDescription`` within 1,024 characters; a grouped result pointing at its first line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_report_common import RULES, Location, Region, RunResult, Source, make_finding, rule
from test_report_sarif import sarif

from linter.catalog import load_catalog
from linter.report.linehash import line_hashes
from linter.report.sarif import MAX_FULL_DESCRIPTION, escape_message, full_description, linked_message

# github/codeql-action src/fingerprints.test.ts, test "hash" (commit 06fb4821bc5072ed100eda4cf20691ae907c5913,
# MIT licence): each input and the hashes upload-sarif's `hash` reports for its lines.
UPLOAD_SARIF_VECTORS: list[tuple[str, list[str]]] = [
    ("", ["c129715d7a2bc9a3:1"]),
    (" a\nb\n  \t\tc\n d", ["271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"]),
    (
        " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End",
        ["8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1", "c6805c5e1288b612:1",
         "b86d3392aea1be30:1", "e6ceba753e1a442:1"],
    ),
    *(
        (
            text,
            ["e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1", "e20e36e16fcb0cc8:1",
             "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1", "c129715d7a2bc9a3:1"],
        )
        for text in (
            " hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n",
            " hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r",
            " hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n",
            " hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n",
        )
    ),
    (
        "Lorem ipsum dolor sit amet.\n" * 10,
        ["a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3", "a7f2ff13bc495cf2:4",
         "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6", "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1",
         "55ec222b86bcae53:1", "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"],
    ),
]


@pytest.mark.parametrize(("text", "expected"), UPLOAD_SARIF_VECTORS)
def test_line_hashes_equal_upload_sarifs_own_test_vectors(text: str, expected: list[str]) -> None:
    assert line_hashes(text) == expected
    assert line_hashes(text.encode("utf-8")) == expected
    assert line_hashes(text, 2) == expected[:2]


def _reference(text: str) -> list[str]:
    """A line-by-line transcription of fingerprints.ts `hash` (window, lineNumbers, hashCounts)."""
    mask, block = (1 << 64) - 1, 100
    first_mod = pow(37, block, 1 << 64)
    window, line_numbers = [0] * block, [-1] * block
    state = {"hash": 0, "index": 0, "line": 0, "start": True, "cr": False}
    counts: dict[str, int] = {}
    out: list[str] = []

    def output() -> None:
        value = format(state["hash"], "x")
        counts[value] = counts.get(value, 0) + 1
        out.append(f"{value}:{counts[value]}")
        line_numbers[state["index"]] = -1

    def update(current: int) -> None:
        begin = window[state["index"]]
        window[state["index"]] = current
        state["hash"] = (37 * state["hash"] + current - first_mod * begin) & mask
        state["index"] = (state["index"] + 1) % block

    def process(current: int) -> None:
        if current in (32, 9) or (state["cr"] and current == 10):
            state["cr"] = False
            return
        if current == 13:
            current, state["cr"] = 10, True
        else:
            state["cr"] = False
        if line_numbers[state["index"]] != -1:
            output()
        if state["start"]:
            state["start"] = False
            state["line"] += 1
            line_numbers[state["index"]] = state["line"]
        if current == 10:
            state["start"] = True
        update(current)

    units = text.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(units), 2):
        process(int.from_bytes(units[i : i + 2], "little"))
    process(65535)
    for _ in range(block):
        if line_numbers[state["index"]] != -1:
            output()
        update(0)
    return out


@pytest.mark.parametrize(
    "text",
    [
        "a😀b\n" * 60,  # characters outside the BMP count as two UTF-16 code units
        "\ufeffopenapi: 3.1.0\r\ninfo:\r\n  title: x\r\n",  # a BOM is a character too
        "\u0a00\u0100\n\u0a0a\n",  # code units whose bytes look like a line feed
        "x\r \ny\r\t\rz",  # a CR, then blanks, then LF: two line ends
        ("- ä\n" * 300) + "end",
    ],
)
def test_line_hashes_equal_a_transcription_of_upload_sarif(text: str) -> None:
    assert line_hashes(text) == _reference(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"openapi":"3.0.0","paths":{' + '"/a":{"get":{}},' * 3000 + "}}",  # a minified spec: one line
        "x" * 4095 + "\r\n" + "a  b\r\n" * 3000,  # a CR LF across the first cut
        "\r" * 5000 + "y" * 50 + "\n" * 3 + " \t" * 9000 + "z",  # blank lines, then blanks only
        "😀ä\n" * 20000,
    ],
    ids=["minified", "crlf-at-cut", "blank-lines", "astral"],
)
def test_hashes_of_the_first_lines_need_only_the_start_of_a_long_file(text: str) -> None:
    every = line_hashes(text)
    for last in sorted({1, 2, 3, 999, 4096, max(1, len(every) - 1), len(every), len(every) + 1}):
        assert line_hashes(text, last) == every[:last]
        assert line_hashes(text.encode("utf-8"), last) == every[:last]


def _tools_source(tmp_path: Path, text: str, name: str = "tools.json") -> Source:
    (tmp_path / name).write_bytes(text.encode("utf-8"))
    return Source(str(tmp_path / name), name, text.removeprefix("\ufeff"), json.loads(text.removeprefix("\ufeff")), "json")


TOOLS = """\
{
  "tools": [
    {"name": "a", "description": "Do [a]."},
    {"name": "b", "description": "Do b."}
  ]
}
"""


def test_the_hash_is_of_the_file_on_disk_bom_included(tmp_path: Path) -> None:
    src = _tools_source(tmp_path, "\ufeff" + TOOLS)
    finding = make_finding("prose-enum", "warning", "m", Location(src, ("tools", 0), region=Region(3, 5, 3, 42)))
    (result,) = sarif(RunResult(findings=[finding], rules=RULES))["runs"][0]["results"]
    assert result["partialFingerprints"]["primaryLocationLineHash"] == _reference("\ufeff" + TOOLS)[2]
    assert _reference("\ufeff" + TOOLS)[2] == _reference(TOOLS)[2]  # line 3 is far from the BOM
    assert line_hashes("\ufeff" + TOOLS)[0] != line_hashes(TOOLS)[0]


def test_results_on_one_line_get_distinct_values_and_lone_ones_the_upload_sarif_value(tmp_path: Path) -> None:
    src = _tools_source(tmp_path, TOOLS)
    on_3 = Location(src, ("tools", 0, "description"), region=Region(3, 31, 3, 40))
    findings = [
        make_finding("prose-enum", "warning", "first", on_3),
        make_finding("prose-enum", "warning", "second", Location(src, ("tools", 0, "name"), region=Region(3, 13, 3, 16))),
        make_finding("missing-error-response", "error", "third", on_3),
        make_finding("prose-enum", "warning", "alone", Location(src, ("tools", 1), region=Region(4, 5, 4, 42))),
    ]
    results = sarif(RunResult(findings=findings, rules=RULES))["runs"][0]["results"]
    values = [r["partialFingerprints"]["primaryLocationLineHash"] for r in results]
    line3, line4 = line_hashes(TOOLS)[2], line_hashes(TOOLS)[3]
    assert values == [
        f"{line3}/{findings[0].fingerprint[:12]}",
        f"{line3}/{findings[1].fingerprint[:12]}",
        f"{line3}/{findings[2].fingerprint[:12]}",
        line4,
    ]
    assert len(set(values)) == 4


def test_equal_fingerprints_on_one_line_fall_back_to_their_order(tmp_path: Path) -> None:
    src = _tools_source(tmp_path, TOOLS)
    loc = Location(src, ("tools", 0, "description"), region=Region(3, 31, 3, 40))
    findings = [make_finding("prose-enum", "warning", m, loc) for m in ("x", "y")]
    results = sarif(RunResult(findings=findings, rules=RULES))["runs"][0]["results"]
    line3 = line_hashes(TOOLS)[2]
    assert [r["partialFingerprints"]["primaryLocationLineHash"] for r in results] == [f"{line3}/1", f"{line3}/2"]


def test_related_locations_are_linked_from_the_message_and_brackets_escaped() -> None:
    assert escape_message("values [a] or [b]") == "values \\[a\\] or \\[b\\]"
    assert linked_message("m", []) == "m"
    assert linked_message("3 of 3 tools (a, b[], c)", ["a", "b[]", ""]) == (
        "3 of 3 tools (a, b\\[\\], c) (related: [a](1), [b\\[\\]](2), [related location](3))"
    )


def test_a_group_points_at_its_first_line_and_links_every_member(tmp_path: Path) -> None:
    src = _tools_source(tmp_path, TOOLS)
    members = tuple(
        Location(src, ("tools", i), region=Region(3 + i, 5, 3 + i, 42), label=name) for i, name in enumerate("ab")
    )
    group = make_finding(
        "missing-error-response", "warning", "2 of 2 tools (a, b): no error", Location(src, ("tools",), region=Region(2, 12, 5, 4)),
        related=members,
    )
    # a finding whose related location lies outside its region keeps its region
    single = make_finding(
        "prose-enum", "warning", "m", Location(src, ("tools", 1), region=Region(4, 5, 5, 1)),
        related=(Location(src, ("tools", 0), region=Region(3, 5, 3, 42), label="used by a"),),
    )
    first, second = sarif(RunResult(findings=[group, single], rules=RULES))["runs"][0]["results"]
    assert first["locations"][0]["physicalLocation"]["region"] == {"startLine": 2, "startColumn": 12}
    assert first["message"]["text"] == "2 of 2 tools (a, b): no error (related: [a](1), [b](2))"
    assert [r["id"] for r in first["relatedLocations"]] == [1, 2]
    assert second["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 4, "startColumn": 5, "endLine": 5, "endColumn": 1,
    }


def test_full_description_fits_code_scanning_and_the_whole_text_stays_in_help() -> None:
    catalog = load_catalog()
    long_ones = [r for r in catalog.values() if len(r.rationale) > MAX_FULL_DESCRIPTION]
    assert long_ones  # the catalog does have rationales over the limit
    doc = sarif(RunResult(findings=[], rules=catalog))
    for descriptor in doc["runs"][0]["tool"]["driver"]["rules"]:
        full = descriptor["fullDescription"]["text"]
        assert 0 < len(full) <= MAX_FULL_DESCRIPTION, descriptor["id"]
        rationale = catalog[descriptor["id"]].rationale.strip()
        assert rationale.startswith(full)
        assert descriptor["help"]["text"].startswith(rationale)


def test_full_description_cuts_at_paragraphs_then_sentences_then_words() -> None:
    para = "A" * 600 + "."
    assert full_description(f"{para}\n\n{para}\n\nend") == para
    assert full_description("short") == "short"
    assert full_description("One. " + "x " * 600, 20) == "One."
    assert full_description("word " * 300, 22) == "word word word word…"
    assert len(full_description("y" * 2000)) == MAX_FULL_DESCRIPTION


def test_rule_descriptors_link_to_the_project_url_from_pyproject() -> None:
    import tomllib

    import linter

    pyproject = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text("utf-8"))
    url = pyproject["project"]["urls"]["Homepage"]
    assert linter.PROJECT_URL == url
    doc = sarif(RunResult(findings=[], rules={"prose-enum": rule("prose-enum", "vocabulary", "warning")}))
    driver = doc["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == url
    assert driver["rules"][0]["helpUri"] == f"{url}#rule-prose-enum"
    assert linter.__version__ == pyproject["project"]["version"]


def test_real_mcp_servers_as_code_scanning_needs_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The MCP `tools/list` dumps of tests/corpus (real servers, see its SOURCES.md): valid
    SARIF; every result has its own primaryLocationLineHash, upload-sarif's for its line (with a
    suffix where results share a line); every related location linked; groups at their first
    line."""
    from collections import Counter

    from linter.config import Config
    from linter.engine import run

    corpus = Path(__file__).parent / "corpus"
    monkeypatch.chdir(corpus)
    result = run(["mcp"], Config(), jobs=1)
    doc = sarif(result)
    results = doc["runs"][0]["results"]
    assert len(results) == len(result.findings) > 30
    keys = Counter(
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["partialFingerprints"]["primaryLocationLineHash"])
        for r in results
    )
    assert max(keys.values()) == 1
    lines = Counter((r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results)
    shared = {k for k, n in lines.items() if n > 1}
    assert shared  # the corpus has findings that share a line
    reference: dict[str, list[str]] = {}
    groups = 0
    for r in results:
        physical = r["locations"][0]["physicalLocation"]
        uri, line = physical["artifactLocation"]["uri"], physical["region"]["startLine"]
        if uri not in reference:
            reference[uri] = _reference((corpus / uri).read_text(encoding="utf-8"))
        value = r["partialFingerprints"]["primaryLocationLineHash"]
        expected = reference[uri][line - 1]
        if (uri, line) in shared:
            assert value.startswith(expected + "/") and value != expected
        else:
            assert value == expected
        for rel in r.get("relatedLocations", ()):
            assert f"]({rel['id']})" in r["message"]["text"]
        if len(r.get("relatedLocations", ())) > 1 and r["message"]["text"][0].isdigit():  # "24 of 32 tools …"
            assert set(physical["region"]) == {"startLine", "startColumn"}
            groups += 1
    assert groups >= 3


@pytest.mark.parametrize("jobs", [1, 2])
def test_line_hashes_worked_out_where_the_text_is_at_hand_are_the_reports_own(monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    """With SARIF wanted, each finding leaves the worker with its line's hash (the report then
    reads no file again); the SARIF is the one the report writes when it reads every file itself."""
    from linter.config import Config
    from linter.engine import run

    monkeypatch.chdir(Path(__file__).parent / "corpus")
    worked_out = run(["mcp"], Config(), jobs=jobs, fix_text=True)
    plain = run(["mcp"], Config(), jobs=1)
    assert len(worked_out.findings) == len(plain.findings) > 30
    assert all(f.line_hash for f in worked_out.findings)
    assert all(f.line_hash is None for f in plain.findings)
    assert sarif(worked_out) == sarif(plain)

