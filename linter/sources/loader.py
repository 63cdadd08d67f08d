"""Reading and parsing files: the fast path first. Positions are not computed here, except the
index of a JSON text's top levels, which its parse gives for little more than the parse
(``positions.parse_indexed``; the locator would otherwise scan the whole text again)."""

from __future__ import annotations

import json
import os
import re
import sys
from types import FrameType
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import yaml
from yaml.nodes import MappingNode, ScalarNode

from linter.limits import Limits, MiB
from linter.model import Source
from linter.runctx import DEFAULT_READER, Reader
from linter.sources.positions import JsonLocator, parse_indexed

try:  # the C loader is 5-10x faster on large specs
    _YamlLoader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _YamlLoader = yaml.SafeLoader

JSON_SUFFIXES = (".json",)
YAML_SUFFIXES = (".yaml", ".yml")
API_SUFFIXES = JSON_SUFFIXES + YAML_SUFFIXES


class LoadError(Exception):
    """A file that cannot be linted; ``kind`` is one of InputProblem's kinds."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


Duplicate = tuple[dict[Any, Any], str, "int | None", "int | None", "int | None"]


@dataclass
class ParseFacts:
    """What only the parse can see cheaply, kept for the checks that report it.

    ``duplicates`` are mappings that repeat a key (the loaded dict silently keeps the last
    value): ``(the loaded dict, key text, offset of the first key, start and end offsets of
    the repeat)``; offsets index the BOM-less text. For JSON they are None: the locator finds
    them when the finding is reported (a JSON parse sees no offsets).
    """

    duplicates: list[Duplicate] = field(default_factory=list)
    # a JSON text's locator holding the index its parse made (positions.parse_indexed), handed
    # to the Source by load_source; None when the text was parsed by json.loads alone
    locator: JsonLocator | None = None


def syntax_for(path: str, text: str) -> str:
    lower = path.lower()
    if lower.endswith(JSON_SUFFIXES):
        return "json"
    if lower.endswith(YAML_SUFFIXES):
        return "yaml"
    return "json" if text.lstrip()[:1] in ("{", "[") else "yaml"


def size_text(n: int) -> str:
    """``200.0 MiB``, ``12.5 KiB``, ``900 bytes``: sizes in limit messages."""
    if n >= MiB:
        return f"{n / MiB:.1f} MiB"
    if n >= 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n} bytes"


def _too_large(size: int, limit: int) -> LoadError:
    return LoadError(
        "too-large",
        f"file is {size_text(size)}, over the limit of {size_text(limit)} ({Limits.key('max_file_bytes')})",
    )


# Bytes read from standard input (``check -``) are linted as the path ``--stdin-filename`` names
# (this one when none): the run's :class:`~linter.runctx.Reader` holds them by absolute path, so
# every later read of that path — the lint, code frames, SARIF fix regions — sees them instead of
# the disk, and positions, reports and config match that path.
STDIN_NAME = "<stdin>"
_DEFAULT_LIMITS = DEFAULT_READER.limits


def read_text(abspath: str, reader: Reader = DEFAULT_READER) -> str:
    """The file's text, BOM-less. The size is checked before reading (a 10 GB file must cost
    nothing); UTF-16 with a BOM is decoded; NUL bytes and invalid UTF-8 are refused with the
    line and column of the first bad byte."""
    return decode(read_bytes(abspath, reader))


def read_bytes(abspath: str, reader: Reader = DEFAULT_READER) -> bytes:
    """The bytes :func:`read_text` decodes (given ones first), refused as it refuses them when
    they are too many or cannot be read."""
    limit = reader.limits.max_file_bytes
    given = reader.given.get(abspath) if reader.given else None
    if given is not None:
        if len(given) > limit:
            raise _too_large(len(given), limit)
        return given
    try:
        with open(abspath, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > limit:
                raise _too_large(size, limit)
            data = fh.read(limit + 1)  # a special file (a pipe, /dev/zero) has no size
    except IsADirectoryError:
        raise LoadError("unreadable", "is a directory") from None
    except FileNotFoundError:
        raise LoadError("unreadable", "no such file") from None
    except OSError as exc:
        raise LoadError("unreadable", f"cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise _too_large(len(data), limit)
    return data


_UTF16_BOMS = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}
_UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")


def utf16_bom(data: bytes) -> str | None:
    """``utf-16-le``/``utf-16-be`` when ``data`` starts with that BOM, else None."""
    if data.startswith(_UTF32_BOMS):
        return None
    return _UTF16_BOMS.get(data[:2])


def decode(data: bytes) -> str:
    """A file's bytes as BOM-less text: UTF-16 when it starts with that BOM, else UTF-8. The
    first NUL or invalid byte is refused with its place: a binary file is not a spec."""
    if data.startswith(_UTF32_BOMS):
        raise LoadError("unreadable", "UTF-32 text is not supported; convert it to UTF-8")
    encoding = utf16_bom(data)
    if encoding is not None:
        try:
            text = data[2:].decode(encoding)
        except UnicodeDecodeError as exc:
            where = _where(data[2:].decode(encoding, "replace")[: exc.start // 2])
            raise LoadError("unreadable", f"not {encoding.upper()[:6]} text (invalid data at {where})") from None
        nul = text.find("\0")
        if nul >= 0:
            raise LoadError("unreadable", f"contains a NUL character at {_where(text[:nul])}; binary file?")
        return text
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    nul = data.find(b"\0")
    if nul >= 0:
        raise LoadError("unreadable", f"contains a NUL byte at {_where(data[:nul].decode('utf-8', 'replace'))}; binary file?")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[exc.start]
        where = _where(data[: exc.start].decode("utf-8", "replace"))
        raise LoadError("unreadable", f"not UTF-8 text (invalid byte 0x{bad:02x} at {where})") from None


_LINE_END = re.compile(r"\r\n?|\n")


def _where(before: str) -> str:
    """``line L column C`` of the position right after ``before`` (the text up to it), with
    the line conventions of :mod:`linter.sources.positions`. Only used on error paths."""
    line = 1
    start = 0
    for m in _LINE_END.finditer(before):
        line += 1
        start = m.end()
    return f"line {line} column {len(before) - start + 1}"


def parse_text(text: str, syntax: str, limits: Limits = _DEFAULT_LIMITS) -> Any:
    """The tree of ``text`` (limits enforced). Callers parse with the cyclic GC paused
    (linter/_gc.py): parsers build millions of acyclic containers, and the collections they
    trigger cost more than the parse itself on large specs."""
    return parse_source(text, syntax, limits, facts=False)[0]


def parse_source(
    text: str, syntax: str, limits: Limits = _DEFAULT_LIMITS, *, facts: bool = True
) -> tuple[Any, ParseFacts]:
    """The tree and the :class:`ParseFacts` (duplicate keys) of ``text``."""
    if syntax == "json":
        return _parse_json(text, facts, limits.max_depth)
    return _parse_yaml(text, facts, limits)


# ------------------------------------------------------------------------------------ depth

# An object_hook (a Python function, called at the innermost object) needs two more levels; with
# it, an array nest may go two levels past the limit before it is refused. A refusal always
# means "deeper than the limit".
_JSON_HOOK_LEVELS = 2
_JSON_PROBE_SPAN = 512
_INDEXED_MARGIN = 8  # recursion levels fewer for the indexing parser (see _json_loads); it needs 2
_UNPARSED = object()  # what a ``parse`` passed to _json_loads returns to leave the text to json.loads


def _stack_depth() -> int:
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def _too_deep(limit: int, where: str = "") -> LoadError:
    return LoadError(
        "too-large", f"nested more than {limit} levels deep{where} ({Limits.key('max_depth')})"
    )


# A memo, not run state: the recursion limit found for (frames in use, max_depth) depends on
# those two numbers and this interpreter only, so it holds for every run of the process.
_PROBED: dict[tuple[int, int], int] = {}


def _json_loads(text: str, limit: int, levels: int = 0, parse: Callable[[str], Any] | None = None, **hooks: Any) -> Any:
    """``json.loads`` with the nesting limit enforced by Python's own recursion check, at no
    cost per value: the C scanner spends one recursion level per container. The levels already
    in use are more than the Python frames (C calls count too), so the lowest recursion limit
    that lets an array nest exactly ``max_depth`` deep pass is found by bisection, with probes
    parsed from this very frame (a dozen parses of 2 × max_depth characters).

    ``parse`` (instead of ``json.loads``): a parser that returns ``_UNPARSED`` where it would
    refuse the text, so that ``json.loads`` decides. It runs with :data:`_INDEXED_MARGIN` levels
    fewer than ``json.loads`` would have (its Python frames spend about as many levels as
    ``json.loads``'s frames and the C scanner's; with a margin under 2 it would accept texts
    ``json.loads`` refuses, which the test of every limit catches), so it never accepts a text
    nested deeper than ``json.loads`` accepts; a text it finds too deep is left to ``json.loads``."""
    old = sys.getrecursionlimit()
    depth = _stack_depth()
    key = (depth, limit)
    low = _PROBED.get(key, -1)
    try:
        if low < 0:
            probe = "[" * limit + "]" * limit
            low = depth + limit
            high = low + _JSON_PROBE_SPAN
            while low < high:
                mid = (low + high) // 2
                try:
                    sys.setrecursionlimit(mid)
                    json.loads(probe)
                    high = mid
                except RecursionError:
                    low = mid + 1
            _PROBED[key] = low
        if parse is not None:
            try:
                sys.setrecursionlimit(low + levels - _INDEXED_MARGIN)
            except RecursionError:  # (a max_depth of a few levels: fewer than the frames in use)
                pass  # json.loads alone
            else:
                tree = parse(text)
                if tree is not _UNPARSED:
                    return tree
        sys.setrecursionlimit(low + levels)
        return json.loads(text, **hooks)
    except RecursionError:
        raise _too_deep(limit) from None
    finally:
        sys.setrecursionlimit(old)


# ------------------------------------------------------------------------------------- JSON

_SPACED_KEY = re.compile(r'"[ \t\r\n]+:')


def _escaped(text: str, quote: int) -> bool:
    """Whether the quote at ``quote`` is escaped (an odd run of backslashes before it)."""
    run = quote
    while run > 0 and text[run - 1] == "\\":
        run -= 1
    return (quote - run) % 2 == 1


def _json_key_tokens(text: str) -> int:
    """How many object keys the text holds, or more (never fewer): a key is a string whose
    closing quote (one not escaped by an odd run of backslashes) is followed by ``:``, perhaps
    after whitespace. Inside strings every quote is escaped, so only an opening quote followed
    by ``:`` (``":30"``) counts extra. ``str.count`` does the usual layout (~40 ms on 20 MB);
    the rare ``"key" :`` layout and escaped quotes are looked at one by one."""
    n = text.count('":')
    at = text.find('\\":')
    while at >= 0:  # rare: `\":` inside a string, or a key ending in a backslash
        n -= _escaped(text, at + 1)
        at = text.find('\\":', at + 3)
    for m in _SPACED_KEY.finditer(text):
        n += not _escaped(text, m.start())
    return n


def _parse_json(text: str, facts: bool, max_depth: int) -> tuple[Any, ParseFacts]:
    found = ParseFacts()
    try:
        if not facts:
            return _json_loads(text, max_depth), found
        # Proving "no duplicate key" costs a len() per object (a plain object_pairs_hook
        # doubles the parse time): members loaded == key tokens in the text ⇒ none dropped.
        sizes: list[int] = []
        add = sizes.append

        def count(obj: dict[str, Any]) -> dict[str, Any]:
            add(len(obj))
            return obj

        def indexed(text: str) -> Any:
            # the tree and the locator with its top levels indexed; the text is left to json.loads
            # when this parser would refuse it (malformed, too deep, too many members near the root)
            try:
                scan_once = json.JSONDecoder(object_hook=count).scan_once  # type: ignore[attr-defined]  # set by JSONDecoder.__init__, missing from typeshed
                tree, found.locator = parse_indexed(text, scan_once, count, 1000 + len(text) // 64)
            except (ValueError, IndexError, StopIteration, RecursionError):
                sizes.clear()
                return _UNPARSED
            return tree

        tree = _json_loads(text, max_depth, _JSON_HOOK_LEVELS, indexed, object_hook=count)
        if sum(sizes) == _json_key_tokens(text):
            return tree, found
        # some key is repeated (or a string holds `":`): load again and note each repeat
        duplicates = found.duplicates

        def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
            obj = dict(items)
            if len(obj) != len(items):
                seen: set[str] = set()
                for key, _ in items:
                    if key in seen:
                        duplicates.append((obj, key, None, None, None))
                    seen.add(key)
            return obj

        return _json_loads(text, max_depth, _JSON_HOOK_LEVELS, object_pairs_hook=pairs), found
    except json.JSONDecodeError as exc:
        raise LoadError(
            "parse", f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None


# ------------------------------------------------------------------------------------- YAML

_MERGE_TAG = "tag:yaml.org,2002:merge"


class _FactsLoader(_YamlLoader):
    """The C loader, noting mappings that repeat a key while it constructs them (PyYAML keeps
    the last value silently). Costs one small dict per mapping."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[Duplicate] = []


def _construct_map(loader: _FactsLoader, node: MappingNode) -> Iterator[dict[Any, Any]]:
    data: dict[Any, Any] = {}
    yield data
    pairs = node.value
    if len(pairs) > 1:
        seen: dict[tuple[str, str], int] = {}
        for key, _ in pairs:
            if isinstance(key, ScalarNode) and key.tag != _MERGE_TAG:
                first = seen.setdefault((key.tag, key.value), key.start_mark.index)
                if first != key.start_mark.index:
                    loader.duplicates.append((data, key.value, first, key.start_mark.index, key.end_mark.index))
    data.update(loader.construct_mapping(node))


_FactsLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)

# an anchor (`&name`) where a node may start; an alias needs one, so no anchor → no alias
_ANCHOR = re.compile(r"&([^\s,\[\]{}]+)")
_NODE_START = frozenset(" \t\r\n[{,:?-")
_MAX_ANCHOR_NAMES = 64
_BLOCK_PREFIX = "(?m)^[ \\t?-]{%d}"


def _may_have_aliases(text: str) -> bool:
    """Cheap and never wrong in the "no" direction: some ``&name`` anchor stands where a node
    may start and ``*name`` occurs somewhere."""
    if "&" not in text or "*" not in text:
        return False
    names = set()
    for m in _ANCHOR.finditer(text):
        if m.start() == 0 or text[m.start() - 1] in _NODE_START:
            names.add(m.group(1))
            if len(names) > _MAX_ANCHOR_NAMES:
                return True
    return any("*" + name in text for name in names)


def _may_be_deeper(text: str, limit: int) -> bool:
    """Whether the nesting may exceed ``limit`` (never wrong in the "no" direction): every
    flow level takes a ``[``/``{``, and a block level needs a deeper line prefix of spaces,
    ``- `` or ``? `` (at most two levels per column: a sequence under a key may share it)."""
    if len(text) <= limit:
        return False
    spare = limit - text.count("[") - text.count("{") - 2
    if spare <= 0:
        return True
    return re.search(_BLOCK_PREFIX % (spare // 2), text) is not None


def _parse_yaml(text: str, facts: bool, lim: Limits) -> tuple[Any, ParseFacts]:
    found = ParseFacts()
    try:
        if facts:
            loader = _FactsLoader(text)
            try:
                tree = loader.get_single_data()
            finally:
                loader.dispose()
            found.duplicates = loader.duplicates
        else:
            tree = yaml.load(text, Loader=_YamlLoader)
    except yaml.MarkedYAMLError as exc:
        raise _yaml_error(exc, text, lim.max_depth) from None
    except yaml.YAMLError as exc:
        raise LoadError("parse", f"invalid YAML: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise _too_deep(lim.max_depth) from None
    aliases = _may_have_aliases(text)
    if aliases or (lim.max_depth < _LIBYAML_DEPTH and _may_be_deeper(text, lim.max_depth)):
        _check_graph(tree, lim.max_alias_nodes if aliases else None, lim.max_depth)
    return tree, found


_INDENT = re.compile(r"[ \t?-]*")
_LIBYAML_DEPTH = 1000  # libyaml refuses deeper block or flow nesting by itself


def _yaml_error(exc: yaml.MarkedYAMLError, text: str, max_depth: int) -> LoadError:
    mark = exc.problem_mark or exc.context_mark
    where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
    what = (exc.problem or exc.context or "syntax error").strip()
    if "maximum nesting depth" in what:
        if max_depth <= _LIBYAML_DEPTH:
            return _too_deep(max_depth, where)
        return LoadError(
            "too-large",
            f"nested more than {_LIBYAML_DEPTH} levels deep{where} (the YAML parser's own limit; "
            f"{Limits.key('max_depth')} cannot raise it)",
        )
    if mark is not None and ("tab" in what or text[mark.index : mark.index + 1] == "\t"):
        line_start = text.rfind("\n", 0, mark.index) + 1
        indent = _INDENT.match(text, line_start).group()  # type: ignore[union-attr]  # a [ \t?-]* pattern always matches
        if "\t" in indent:
            column = indent.index("\t") + 1
            return LoadError(
                "parse",
                f"invalid YAML: a tab indents line {mark.line + 1} (column {column}); "
                "YAML indentation must be spaces",
            )
    return LoadError("parse", f"invalid YAML: {what}{where}")


def _check_graph(tree: Any, max_nodes: int | None, max_depth: int) -> None:
    """Refuse a tree that aliases blow up, that contains itself, or that nests too deeply.

    PyYAML shares an aliased node instead of copying it, but every walker (model, positions,
    suppressions, checks) treats the tree as a tree: nine aliases of nine aliases are 9^9
    nodes to them. One pass over the distinct containers (memoized by identity) counts the
    size the tree has when expanded, so a few anchors cost nothing and a bomb is refused
    in milliseconds."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, Iterator[Any]]] = []

    def enter(node: Any) -> None:
        if len(stack) >= max_depth:
            raise _too_deep(max_depth)
        on_path.add(id(node))
        stack.append((node, iter(node.values() if isinstance(node, dict) else node)))

    if not isinstance(tree, (dict, list)):
        return
    enter(tree)
    while stack:
        node, children = stack[-1]
        for child in children:
            if isinstance(child, (dict, list)):
                key = id(child)
                if key in sizes:
                    continue
                if key in on_path:
                    raise LoadError(
                        "parse", "invalid YAML: an alias refers to a node that contains it (a recursive structure)"
                    )
                enter(child)
                break
        else:
            stack.pop()
            on_path.discard(id(node))
            if isinstance(node, dict):
                values: Any = node.values()
                size = 1 + len(node)
            else:
                values, size = node, 1
            for child in values:
                size += sizes[id(child)] if isinstance(child, (dict, list)) else 1
            if max_nodes is not None and size > max_nodes:
                raise LoadError(
                    "too-large",
                    f"YAML aliases expand to more than {max_nodes:,} nodes ({Limits.key('max_alias_nodes')})",
                )
            sizes[id(node)] = size


def load_source(abspath: str, display_path: str, text: str | None = None, reader: Reader = DEFAULT_READER) -> Source:
    """Read (unless ``text`` was already read) and parse one file; the source reads itself
    again through ``reader`` when it is asked for its text after :meth:`Source.release`."""
    if text is None:
        text = read_text(abspath, reader)
    syntax = syntax_for(abspath, text)
    tree, facts = parse_source(text, syntax, reader.limits)
    source = Source(abspath, display_path, text, tree, syntax, reader)
    source.facts = facts
    if facts.locator is not None:
        source.adopt_locator(facts.locator)
        facts.locator = None
    return source


def display_path(abspath: str, root: str) -> str:
    """Posix path relative to ``root`` when inside it, else absolute."""
    rel = os.path.relpath(abspath, root)
    if rel.startswith(".." + os.sep) or rel == ".." or os.path.isabs(rel):
        return abspath.replace(os.sep, "/")
    return rel.replace(os.sep, "/")
