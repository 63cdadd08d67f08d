"""The normalized view every input format is turned into, so a rule is written once.

Pointers are tuples of path parts (``str`` keys, ``int`` array indexes) into the parsed tree of
one file; :func:`pointer_str` renders them as RFC 6901 JSON pointers for output.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from urllib.parse import unquote
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Mapping, Sequence

from linter.runctx import DEFAULT_READER, Reader

if TYPE_CHECKING:
    from linter.options import OptionSpec
    from linter.sources.positions import Locator

Pointer = tuple[str | int, ...]
Severity = Literal["error", "warning", "note"]
SEVERITIES: tuple[str, ...] = ("error", "warning", "note")
SEVERITY_RANK = {"note": 1, "warning": 2, "error": 3}

FORMATS = (
    "openapi-2.0",
    "openapi-3.0",
    "openapi-3.1",
    "mcp",
    "openai",
    "anthropic",
    "gemini",
)


def pointer_str(pointer: Pointer) -> str:
    """RFC 6901 rendering: ``("paths", "/a/{b}", "get")`` → ``/paths/~1a~1{b}/get``.

    The parts are joined by NUL and the joined text escaped once (reports render tens of
    thousands of pointers): when no part holds a NUL (exactly one per separator), replacing ``~``
    and ``/`` in the joined text escapes the parts alone, and the NULs then become the ``/``s."""
    if not pointer:
        return ""
    joined = "\0".join(map(str, pointer))
    if joined.count("\0") != len(pointer) - 1:  # a part holds a NUL: part by part
        return "".join(["/" + str(p).replace("~", "~0").replace("/", "~1") for p in pointer])
    if "~" in joined:
        joined = joined.replace("~", "~0")
    return "/" + joined.replace("/", "~1").replace("\0", "/")


@lru_cache(maxsize=65536)
def parse_pointer(text: str) -> Pointer:
    """Inverse of :func:`pointer_str` (array indexes stay strings; lookups accept both)."""
    if text in ("", "#"):
        return ()
    if text.startswith("#"):
        text = text[1:]
    if not text.startswith("/"):
        raise ValueError(f"not a JSON pointer: {text!r}")
    return tuple(unquote(p).replace("~1", "/").replace("~0", "~") for p in text[1:].split("/"))


def get_at(tree: Any, pointer: Pointer) -> Any:
    """The node at ``pointer``; raises ``KeyError`` when it does not exist."""
    node = tree
    for part in pointer:
        if isinstance(node, dict):
            try:  # the usual case: the part is the key (one lookup instead of `in` and `[]`)
                node = node[part]
                continue
            except KeyError:
                pass
            if str(part) in node:
                node = node[str(part)]
            else:  # YAML keys may be ints or booleans (`200:`)
                for k, v in node.items():
                    if str(k) == str(part):
                        node = v
                        break
                else:
                    raise KeyError(part)
        elif isinstance(node, list):
            try:
                node = node[int(part)]
            except (ValueError, IndexError):
                raise KeyError(part) from None
        else:
            raise KeyError(part)
    return node


@dataclass(frozen=True, slots=True)
class Region:
    """1-based lines and columns in code points; ``end_column`` is exclusive (as in SARIF)."""

    start_line: int
    start_column: int
    end_line: int
    end_column: int
    char_offset: int = 0
    char_length: int = 0


@dataclass(frozen=True, slots=True)
class Location:
    """A node of one source file. ``region`` is set only for places that have no pointer
    (a YAML comment); otherwise the region is computed lazily from the pointer."""

    source: "Source"
    pointer: Pointer
    region: Region | None = None
    label: str = ""

    @property
    def path(self) -> str:
        return self.source.display_path

    def resolve_region(self) -> Region | None:
        if self.region is not None:
            return self.region
        return self.source.locator.region(self.pointer)

    @property
    def node(self) -> Any:
        """The node at this location in its source's tree; None when the pointer leads nowhere."""
        try:
            return get_at(self.source.tree, self.pointer)
        except KeyError:
            return None

    def key(self) -> tuple[str, Pointer]:
        return (self.source.display_path, self.pointer)

    def __repr__(self) -> str:
        return f"{self.source.display_path}#{pointer_str(self.pointer)}"


_SALT = hash("silentlint")  # str hashes are salted per interpreter (PYTHONHASHSEED)


class Source:
    """One parsed file: its text, its tree and a lazily built position locator.

    A pickled or :meth:`detached` Source keeps only its paths, syntax and ``reader`` (the run's
    limits and standard-input texts); text and tree are read again through the reader if
    anything asks for them (findings outlive the trees of a large run).
    """

    __slots__ = ("abspath", "display_path", "syntax", "_text", "_tree", "_locator", "_twin", "facts", "_linted", "reader")
    remote = False  # a RemoteSource: fetched over http(s), no file behind it

    def __init__(
        self, abspath: str, display_path: str, text: str | None, tree: Any, syntax: str, reader: Reader = DEFAULT_READER
    ):
        self.reader = reader
        self.abspath = abspath
        self.display_path = display_path
        self.syntax = syntax  # "json" | "yaml"
        self._text = text
        self._tree = tree
        self._locator: Locator | None = None
        self._twin: Source | None = None
        self.facts: Any = None  # linter.sources.loader.ParseFacts of the first parse
        self._linted: tuple[int, int] | None = None  # (salt, hash) of the text that was linted

    @property
    def text(self) -> str:
        if self._text is None:
            from linter.sources.loader import read_text

            self._text = read_text(self.abspath, self.reader)
        return self._text

    @property
    def has_text(self) -> bool:
        """Whether the text is in memory (a detached source reads it from disk when asked)."""
        return self._text is not None

    @property
    def tree(self) -> Any:
        if self._tree is None:
            from linter.sources.loader import parse_text

            self._tree = parse_text(self.text, self.syntax, self.reader.limits)
        return self._tree

    @property
    def locator(self) -> "Locator":
        if self._locator is None:
            from linter.sources.positions import make_locator

            self._locator = make_locator(self.text, self.syntax)
        return self._locator

    def adopt_locator(self, locator: "Locator") -> None:
        """Use ``locator`` (made for this source's text, e.g. with the index its parse built)
        instead of a fresh one."""
        self._locator = locator

    def detached(self) -> "Source":
        """The light twin findings keep; one per parsed file, so reporters that need the text
        again (code frames, SARIF fix regions) reload each file once, not once per finding."""
        if self._twin is None:
            twin = Source(self.abspath, self.display_path, None, None, self.syntax, self.reader)
            twin._linted = self._linted if self._text is None else (_SALT, hash(self._text))
            self._twin = twin
        return self._twin

    def linted_text_is(self, text: str) -> bool | None:
        """Whether ``text`` is the text this source was linted from; None when unknown.

        A detached source reloads its text from disk, so ``fix`` could otherwise splice edits
        planned on one version of a file into another. The hash of a str is cheap (tens of ms
        for 60 MB, paid only by files with findings), and worker processes are forked, so they
        share the interpreter's salt; a different salt means we cannot tell."""
        if self._linted is None or self._linted[0] != _SALT:
            return None
        return hash(text) == self._linted[1]

    def release(self) -> None:
        """Drop what was reloaded (text, tree, positions); it is read again if needed."""
        self._text = self._tree = self._locator = None

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.abspath, self.display_path, self.syntax, self._linted, self.reader)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.abspath, self.display_path, self.syntax, self._linted, self.reader = state
        self._text = self._tree = self._locator = self._twin = self.facts = None

    def __repr__(self) -> str:
        return f"Source({self.display_path!r}, {self.syntax})"


class RemoteSource(Source):
    """A ``$ref`` target fetched over http(s) (``--allow-remote-refs``). ``abspath`` and
    ``display_path`` are its URL. There is no file to read it again from, so it keeps its text
    (capped by ``limits.remote_max_bytes``) for positions and code frames, and nothing edits it."""

    __slots__ = ()
    remote = True

    def detached(self) -> "Source":
        """A twin with the text but not the tree (findings outlive trees)."""
        if self._twin is None:
            twin = RemoteSource(self.abspath, self.display_path, self.text, None, self.syntax, self.reader)
            twin._twin = twin
            self._twin = twin
        return self._twin

    def release(self) -> None:
        self._tree = self._locator = None

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.abspath, self.display_path, self.syntax, self.text, self.reader)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.abspath, self.display_path, self.syntax, self._text, self.reader = state
        self._tree = self._locator = self._twin = self.facts = self._linted = None


FieldIn = Literal["query", "path", "header", "cookie", "body", "formData", "argument"]


@dataclass(eq=False, slots=True)
class Field:
    """A scalar-ish input leaf (a parameter, a body property or a tool argument).

    ``location`` is the node that owns the description (a parameter object or a property
    schema); ``schema_location`` is the schema node a fix edits. Both may lie in another file
    when the field was reached through ``$ref``. One ``Field`` exists per definition: operations
    that reach the same definition share it (``used_by``).
    """

    name: str
    path: str
    where: FieldIn
    required: bool
    schema: Mapping[str, Any]
    description: str
    location: Location
    schema_location: Location
    ref_chain: tuple[str, ...] = ()
    used_by: list["Operation"] = field(default_factory=list)
    memo: dict[str, Any] = field(default_factory=dict)  # per-field analysis shared by rules
    # The nodes at ``location`` and ``schema_location`` when the builder knows them to be what
    # ``get_at`` finds there (JSON: every key is a string, so a pointer leads to one node); None
    # when not known (YAML keys may be numbers or booleans that two keys render alike).
    nodes: tuple[Any, Any] | None = None

    @property
    def label(self) -> str:
        """How messages name it: ``GET /people › department``."""
        owner = self.used_by[0].label if self.used_by else self.location.source.display_path
        return f"{owner} › {self.path}"

    @property
    def type(self) -> str | None:
        """The schema's one non-null type, lower case (see :func:`schema_type`)."""
        return schema_type(self.schema)

    @property
    def types(self) -> frozenset[str]:
        """Every type the schema names, lower case, ``null`` included (see :func:`schema_types`)."""
        return schema_types(self.schema)

    @property
    def description_location(self) -> Location:
        """Where the description text stands (the parameter's, else the schema's)."""
        for loc in (self.location, self.schema_location):
            node = loc.node
            if isinstance(node, dict) and isinstance(node.get("description"), str):
                return Location(loc.source, loc.pointer + ("description",))
        return self.location


@dataclass(eq=False, slots=True)
class Output:
    """A response (HTTP status → schema) or a tool's ``outputSchema``."""

    status: str | None
    description: str
    schema: Mapping[str, Any] | None
    media_type: str | None
    location: Location
    schema_location: Location | None


@dataclass(eq=False, slots=True)
class Operation:
    """An HTTP operation or a tool."""

    kind: Literal["http", "tool"]
    name: str
    method: str | None
    path: str | None
    summary: str
    description: str
    annotations: Mapping[str, Any]
    location: Location
    fields: list[Field] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)
    # the raw node (the operation object; the object holding a tool's name and description)
    node: Mapping[str, Any] = field(default_factory=dict)
    memo: dict[str, Any] = field(default_factory=dict)  # per-operation analysis shared by rules
    # HTTP: the ``operationId`` as written, None when there is none (or it is not a string;
    # ``name`` then reads ``GET /path``). Tools: None (their id is ``name``).
    operation_id: str | None = None
    # the pointer of ``node``: the operation object, or the object holding a tool's name and
    # description (``function`` in the OpenAI Chat Completions form); None: ``location``'s
    body_pointer: Pointer | None = None

    @property
    def label(self) -> str:
        """How messages name it: ``GET /people`` or the tool name."""
        if self.kind == "http":
            return f"{(self.method or '').upper()} {self.path}"
        return self.name

    @property
    def id(self) -> str:
        """The name a caller uses: the ``operationId`` ("" when there is none) or the tool name."""
        if self.kind == "http":
            return self.operation_id or ""
        return self.name

    def at(self, *keys: str | int) -> Location:
        """A location inside ``node`` (``op.at("description")``, ``op.at("annotations",
        "readOnlyHint")``), or the operation's own location when a key is absent."""
        node: Any = self.node
        for k in keys:
            if not isinstance(node, dict) or k not in node:
                return self.location
            node = node[k]
        base = self.body_pointer if self.body_pointer is not None else self.location.pointer
        return Location(self.location.source, base + tuple(keys))


@dataclass(eq=False, slots=True)
class Document:
    """One API description or tool set, rooted in one file (it may ``$ref`` others)."""

    source: Source
    format: str
    operations: list[Operation] = field(default_factory=list)
    fields: list[Field] = field(default_factory=list)
    # problems met while building the model ($ref that could not be followed, …)
    notices: list["Notice"] = field(default_factory=list)
    # the run's linter.sources.refs.Workspace: checks follow $ref with the same rules and cache
    workspace: Any = None

    @property
    def path(self) -> str:
        return self.source.display_path

    @property
    def tree(self) -> Any:
        return self.source.tree


@dataclass(frozen=True, slots=True)
class Notice:
    """A problem found while building the model, reported under a built-in rule."""

    rule: str
    message: str
    location: Location
    key: str = ""


@dataclass(frozen=True, slots=True)
class Edit:
    """A change to a tree, as data: add or replace ``key`` of the mapping at ``pointer``."""

    source: Source
    pointer: Pointer
    op: Literal["add", "replace"]
    key: str
    value: Any


@dataclass(frozen=True, slots=True)
class Fix:
    description: str
    edits: tuple[Edit, ...]
    applicability: Literal["safe", "unsafe"] = "safe"
    # text replacements ``(source, region, text)`` worked out while the tree was loaded (for
    # SARIF ``fixes``); ``None`` when not computed, ``()`` when refused or already applied
    replacements: tuple[tuple["Source", Region, str], ...] | None = None


@dataclass(frozen=True, slots=True)
class Hit:
    """What a check yields; the engine turns it into a :class:`Finding`."""

    message: str
    location: Location
    related: tuple[Location, ...] = ()
    evidence: Mapping[str, Any] | None = None
    fix: Fix | None = None
    key: str = ""  # extra fingerprint input (e.g. the value the rule is about)
    # a rule that grades its hits: this one's severity, unless the config sets the rule's
    severity: Severity | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    severity: Severity
    message: str
    location: Location
    related: tuple[Location, ...] = ()
    evidence: Mapping[str, Any] | None = None
    fix: Fix | None = None
    fingerprint: str = ""
    # upload-sarif's hash of the primary location's line, worked out where the file's text was
    # at hand (a pool worker, when SARIF is wanted): "" when none applies, None when not worked out
    line_hash: str | None = None

    @property
    def path(self) -> str:
        return self.location.path

    @property
    def region(self) -> Region | None:
        return self.location.resolve_region()


def fingerprint(rule: str, location: Location, key: str = "") -> str:
    """Stable across unrelated edits: rule + file + pointer + value, never line numbers."""
    h = hashlib.sha256()
    h.update(
        "\x1f".join((rule, location.source.display_path, pointer_str(location.pointer), key)).encode()
    )
    return h.hexdigest()[:32]


def schema_type(schema: Mapping[str, Any]) -> str | None:
    """The one non-null type of ``schema``, lower case (Gemini writes ``STRING``); None when
    it names none, or several besides ``null`` (``[string, integer]``)."""
    t = schema.get("type")
    if isinstance(t, list):
        non_null = [x for x in t if x != "null"]
        return str(non_null[0]).lower() if len(non_null) == 1 else None
    return t.lower() if isinstance(t, str) else None


def schema_types(schema: Mapping[str, Any]) -> frozenset[str]:
    """Every type ``schema`` names, lower case, ``null`` included; empty when it names none."""
    t = schema.get("type")
    if isinstance(t, str):
        return frozenset((t.lower(),))
    if isinstance(t, list):
        return frozenset(str(x).lower() for x in t)
    return frozenset()


@dataclass(frozen=True)
class Rule:
    """A catalog entry (``rules/<id>.yaml``)."""

    id: str
    family: str
    default_severity: str  # error | warning | note | off
    summary: str
    rationale: str
    how_to_fix: str
    check: str  # the rule's module, found by its id (linter.checks.<id with - → _>)
    options: Mapping[str, "OptionSpec"]  # the declared options by name (type, default, range)
    examples: Sequence[Mapping[str, Any]]
    fix: str  # safe | unsafe | none
    tags: tuple[str, ...] = ()
    precision: str = "high"  # SARIF/GitHub: very-high | high | medium | low

    @property
    def help_uri(self) -> str:
        from linter import PROJECT_URL

        return f"{PROJECT_URL}#rule-{self.id}"


@dataclass(frozen=True, slots=True)
class InputProblem:
    """A file that could not be linted (reported on stderr and in outputs; exit code 3)."""

    path: str
    message: str
    kind: Literal["unreadable", "parse", "not-api", "too-large", "internal"] = "parse"


@dataclass
class RunResult:
    """Everything a reporter needs about one run."""

    findings: list[Finding]
    rules: Mapping[str, Rule]  # every rule that was enabled in this run, by id
    problems: list[InputProblem] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # display paths of linted documents
    skipped: list[str] = field(default_factory=list)  # display paths that were not API files
    root: str = ""  # absolute directory that display paths are relative to (posix, no trailing /)
    version: str = ""
    baseline_suppressed: int = 0
    suppressed: int = 0
    # the run's context (linter.runctx.RunContext): the fix plan ``--format diff`` shares with its
    # notices is kept there; None for a result made by hand
    run: Any = field(default=None, compare=False, repr=False)


# --- pickling -----------------------------------------------------------------------------------
# Findings cross from the worker processes to the main one by pickle. The dataclass default for
# frozen slotted classes (__getstate__ builds a state dict, __setstate__ sets each field through
# object.__setattr__) cost ~0.4 s each way for SMALL's 4,200 findings, serially in the main
# process on the way back; rebuilding through the constructor from the field values is ~4x
# cheaper and gives equal objects (every field is an __init__ argument).


def _reduce_by_fields(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    return type(obj), type(obj).__dict__["_field_values"](obj)


def by_fields_pickling(cls: type) -> type:
    """Pickle ``cls`` (a dataclass whose fields are all ``__init__`` arguments) as its constructor
    call; :func:`operator.attrgetter` reads the fields at C speed."""
    import operator
    from dataclasses import fields as _fields

    names = [f.name for f in _fields(cls) if f.init]
    assert len(names) == len(_fields(cls)), f"{cls.__name__}: every field must be an __init__ argument"
    get = operator.attrgetter(*names)
    setattr(cls, "_field_values", staticmethod(get if len(names) > 1 else lambda o: (get(o),)))
    setattr(cls, "__reduce__", _reduce_by_fields)
    return cls


for _cls in (Region, Location, Edit, Fix, Finding, InputProblem):
    by_fields_pickling(_cls)


def quick_frozen_init(cls: type) -> type:
    """Give a frozen slotted dataclass an ``__init__`` that stores each field through its slot's
    descriptor. The generated one calls ``object.__setattr__`` per field (that is how frozen
    instances get their values), twice the cost: on the APIs.guru corpus about two million
    :class:`Location` objects alone are made. Same signature and defaults; only for classes
    whose fields are all plain ``__init__`` arguments (no factories, no ``__post_init__``)."""
    from dataclasses import MISSING
    from dataclasses import fields as _fields

    params: list[str] = []
    body: list[str] = []
    ns: dict[str, Any] = {}
    for f in _fields(cls):
        assert f.init and not f.kw_only and f.default_factory is MISSING, f"{cls.__name__}.{f.name}"
        if f.default is MISSING:
            params.append(f.name)
        else:
            ns[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        ns[f"_s_{f.name}"] = cls.__dict__[f.name].__set__
        body.append(f"    _s_{f.name}(self, {f.name})")
    assert not hasattr(cls, "__post_init__"), cls.__name__
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body), ns)  # noqa: S102
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    generated = cls.__dict__["__init__"]
    init.__doc__ = generated.__doc__
    init.__annotations__ = dict(generated.__annotations__)
    setattr(cls, "__init__", init)
    return cls


for _frozen in (Region, Location, Notice, Edit, Fix, Hit, Finding, InputProblem):
    quick_frozen_init(_frozen)
