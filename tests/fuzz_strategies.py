"""Hypothesis strategies for the fuzz suite (``tests/test_fuzz.py``, ``benchmarks/fuzz.py``).

They generate what silentlint meets in the wild and what it must survive: OpenAPI 2.0/3.0/3.1
documents and tool sets (MCP ``tools/list``, OpenAI, Anthropic, Gemini) whose descriptions mix
the prose the vocabulary rules look for ("one of `a`, `b`", "e.g. x", "between 1 and 10",
"YYYY-MM-DD") with CJK, emoji, control characters and YAML-significant punctuation; ``$ref``s
that resolve, dangle, loop or are not strings; and mutated copies (wrong types in random places,
missing keys). Each document is serialized as compact or indented JSON, or block or flow YAML,
sometimes with CRLF line ends or a BOM, sometimes with a sibling file its ``$ref``s point into.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass
from typing import Any

import yaml
from hypothesis import strategies as st

# ------------------------------------------------------------------------------ words, prose

_PLAIN_TOKENS = [
    "active", "on_leave", "terminated", "vp", "director", "manager", "asc", "desc", "S", "L",
    "DRAFT", "PUBLISHED", "HOLD_7", "17", "0", "1.5", "-3", "true", "null", "yes", "no", "on",
    "red", "green", "blue", "公开", "私有", "内部", "groß", "klein", "Europe/Paris", "USD",
]
# Tokens that are YAML or JSON syntax if written unquoted: the writers must quote them.
_NASTY_TOKENS = [
    "a: b", "- x", "#tag", "&anchor", "*alias", "!tag", "@at", "`tick`", "'q'", '"dq"', "{x}",
    "[y]", "a,b", "%p", "|", ">", "?", "~", "", " lead", "trail ", "ü\u0301", "😀", "\u200b",
    "\t", "a\\b", "0x1F", "1e3", ".inf", ".nan", "2020-01-01", "12:30", "0o17", "NO", "Null",
]
# ASCII, Latin-1, CJK, emoji (astral), combining marks, RTL, zero-width, tabs and controls,
# NEL and the Unicode line separators (line breaks to some parsers, not to others), quotes.
_TEXT_ALPHABET = (
    "abcxyzABCXYZ0189 .,;:!?-_/()[]{}#&*|>%@`'\"\\~=+<"
    "éüßñøÅ¿×÷\u00a0"
    "名称最多个字符排序方式或可见范围公开私有内部例如年月日"
    "😀🚀👍🏽\U0001f9ea"
    "\u0301\u0308\u05d0\u05d1\u0627\u200b\u200d\ufeff"
    "\t\x01\x07\x1b\x7f\x85\u2028\u2029\r\n"
)
_IDENT = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from("abcdefghijklmnopqrstuvwxyz"),
    st.text("abcdefghijklmnopqrstuvwxyzABCXYZ_0123456789", max_size=8),
)

token = st.one_of(
    st.sampled_from(_PLAIN_TOKENS),
    st.sampled_from(_NASTY_TOKENS),
    _IDENT,
    st.integers(-5, 200).map(str),
    st.text(_TEXT_ALPHABET, min_size=1, max_size=6),
)
free_text = st.text(_TEXT_ALPHABET, max_size=30)


@st.composite
def vocabulary_prose(draw: st.DrawFn) -> str:
    """A sentence one of the vocabulary rules reacts to, with drawn values."""
    values = draw(st.lists(token, min_size=1, max_size=5))
    quote = draw(st.sampled_from(["`{}`", "'{}'", '"{}"', "{}"]))
    listed = [quote.format(v) for v in values]
    joined = ", ".join(listed)
    a, b = draw(st.integers(-10, 500)), draw(st.integers(-10, 5000))
    templates = [
        f"One of {joined}.",
        f"Status. One of: {joined}.",
        f"Possible values: {joined}",
        f"Valid values are {joined}",
        f"Either {listed[0]} or {listed[-1]}.",
        "\n".join(f"- {v}" for v in listed),
        f"e.g. {values[0]}",
        f"Department code, for example {listed[0]}",
        f"such as {joined}",
        f"between {a} and {b}",
        f"Page size, between {a} and {b}.",
        f"at most {b} characters",
        f"max {b}",
        f"up to {b} items",
        "YYYY-MM-DD",
        "Only people hired after this date (YYYY-MM-DD).",
        "Timestamp in ISO 8601 format.",
        "Comma-separated list of tags.",
        "ISO 4217 currency code",
        "IANA time zone name, e.g. Europe/Paris",
        "Two-letter ISO 3166-1 alpha-2 country code.",
        "名称，最多64个字符",
        f"排序方式：{values[0]} 或 {values[-1]}",
        "交易类型，例如：BUY",
        f"可见范围：{' / '.join(values)}",
        f"Größe — one of: {joined}.",
        "TODO",
    ]
    return draw(st.sampled_from(templates))


description = st.one_of(
    vocabulary_prose(),
    free_text,
    st.tuples(free_text, vocabulary_prose(), free_text).map(lambda t: " ".join(t)),
    st.tuples(vocabulary_prose(), vocabulary_prose()).map(lambda t: "\n\n".join(t)),
)

# ------------------------------------------------------------------------------ documents
#
# A Hypothesis draw costs ~0.2 ms; a document drawn node by node took ~200 ms to generate, more
# than linting, reporting and fixing it. So the text — where the bugs live (quoting, line
# breaks, unicode) — is drawn by Hypothesis into a small pool and shrinks as usual, while the
# shape around it is built by a ``random.Random`` seeded from a drawn integer.

_TYPES = ("string", "integer", "number", "boolean")
scalar = st.one_of(
    st.none(), st.booleans(), st.integers(-1000, 10**6), st.floats(allow_nan=False, allow_infinity=False, width=32),
    free_text, st.sampled_from(["string", "TODO", "example", "n/a", "lorem ipsum", "示例"]),
)
_ODD_REFS = (
    "#/",
    "#",
    "#/paths/~1x/get",
    "#/components/schemas/Pet/properties/~1~0weird",
    "missing.yaml#/X",
    "../../../../etc/passwd#/x",
    "http://example.com/s.json#/X",
    "mailto:x@y",
    "#/%E2%9C%93",
    "C:\\s.yaml#/X",
    "",
    7,
    None,
    ["#/x"],
)
_COMPONENT_NAMES = ("Pet", "Person", "Team", "Order", "Status", "Dept", "Error", "Page", "Money", "Node")
_TOOL_NAMES = ("get_weather", "delete_user", "invoice_service", "search", "create_order", "list_items", "update_team")
_PATHS = ("/items", "/people/{id}", "/orders", "/x/y", "/中文", "/a b", "/~1", "/{a}/{b}")


@dataclass(frozen=True)
class Pool:
    """The drawn text a document is made of."""

    descriptions: tuple[str, ...]
    tokens: tuple[str, ...]
    scalars: tuple[Any, ...]


pools = st.builds(
    Pool,
    st.lists(description, min_size=1, max_size=5).map(tuple),
    st.lists(token, min_size=1, max_size=6).map(tuple),
    st.lists(scalar, min_size=1, max_size=3).map(tuple),
)


@dataclass(frozen=True)
class Refs:
    """What a ``$ref`` may point at: ``prefix`` + a name that exists, a name in another file,
    or something odd (dangling, escaping, remote, not a string)."""

    prefix: str  # "#/components/schemas/", "#/definitions/", "#/$defs/"
    names: tuple[str, ...] = ()
    sibling: str | None = None
    sibling_names: tuple[str, ...] = ()


class Shaper:
    """Builds documents around a pool of drawn text, with a seeded ``random.Random``."""

    def __init__(self, rng: random.Random, pool: Pool) -> None:
        self.rng = rng
        self.pool = pool
        self.shared_params: list[dict[str, Any]] = []

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def desc(self) -> str:
        d = self.rng.choice(self.pool.descriptions)
        return d + "\n\n" + self.rng.choice(self.pool.descriptions) if self.chance(0.1) else d

    def tok(self) -> str:
        return self.rng.choice(self.pool.tokens)

    def ident(self) -> str:
        return self.tok() if self.chance(0.2) else self.rng.choice(("status", "size", "team", "q", "limit", "kind", "date", "currency", "order_by"))

    def ref(self, refs: Refs) -> Any:
        r = self.rng.random()
        if refs.names and r < 0.5:
            return refs.prefix + self.rng.choice(refs.names)
        if refs.sibling and r < 0.75:
            return f"{refs.sibling}#/components/schemas/{self.rng.choice(refs.sibling_names or ('Missing',))}"
        if r < 0.85:
            return refs.prefix + "Nope"
        return self.rng.choice(_ODD_REFS)

    def enum_for(self, type_: str) -> list[Any]:
        n = self.rng.randint(1, 4)
        if type_ == "integer":
            return self.rng.sample(range(-5, 100), n)
        if type_ == "number":
            return [round(self.rng.uniform(-5, 99), 2) for _ in range(n)]
        return list(dict.fromkeys(self.tok() for _ in range(n)))

    def leaf(self, refs: Refs, gemini: bool = False) -> dict[str, Any]:
        if self.chance(0.12):
            node: dict[str, Any] = {"$ref": self.ref(refs)}
            if self.chance(0.3):
                node["description"] = self.desc()
            return node
        type_ = self.rng.choice(_TYPES)
        node = {"type": [type_, "null"] if self.chance(0.1) else type_.upper() if gemini else type_}
        if self.chance(0.8):
            node["description"] = self.desc()
        if self.chance(0.12):
            node["enum"] = self.enum_for(type_)
        if self.chance(0.1):
            node["format"] = self.rng.choice(("date", "date-time", "uuid", "email", "int32"))
        if self.chance(0.1):
            node[self.rng.choice(("minimum", "maximum", "maxLength", "minLength"))] = self.rng.randint(0, 100)
        if self.chance(0.12):
            node[self.rng.choice(("example", "default"))] = self.rng.choice(self.pool.scalars)
        if self.chance(0.06):
            node["x-silentlint-ignore"] = self.rng.sample(["prose-enum", "prose-bounds", "all", "nope"], self.rng.randint(0, 2))
        return node

    def schema(self, refs: Refs, depth: int = 2, gemini: bool = False) -> dict[str, Any]:
        r = self.rng.random() if depth > 0 else 0.0
        if r < 0.65:
            return self.leaf(refs, gemini)
        if r < 0.82:
            node: dict[str, Any] = {"type": "ARRAY" if gemini else "array", "items": self.schema(refs, depth - 1, gemini)}
            if self.chance(0.6):
                node["description"] = self.desc()
            return node
        return self.object(refs, depth - 1, gemini)

    def object(self, refs: Refs, depth: int = 2, gemini: bool = False) -> dict[str, Any]:
        props = {self.ident(): self.schema(refs, depth, gemini) for _ in range(self.rng.randint(0, 4))}
        node: dict[str, Any] = {"type": "OBJECT" if gemini else "object", "properties": props}
        if props and self.chance(0.5):
            node["required"] = self.rng.sample(list(props), self.rng.randint(0, len(props)))
        if self.chance(0.25):
            node["description"] = self.desc()
        return node

    def components(self, refs: Refs) -> dict[str, Any]:
        defs = {n: self.schema(refs, 2) for n in refs.names}
        names = refs.names
        if len(names) >= 2 and self.chance(0.4):  # a cycle A → B → A
            defs[names[0]] = {"$ref": refs.prefix + names[1]}
            defs[names[1]] = {"type": "object", "properties": {"back": {"$ref": refs.prefix + names[0]}}}
        if names and self.chance(0.2):  # a self loop
            defs[names[-1]] = {"$ref": refs.prefix + names[-1]}
        return defs

    def param(self, refs: Refs, v2: bool) -> dict[str, Any]:
        if v2:
            p: dict[str, Any] = {"name": self.ident(), "in": self.rng.choice(("query", "path", "header", "formData"))}
            p.update(self.leaf(Refs(refs.prefix)))
            if self.chance(0.15):
                p = {"name": p["name"], "in": "body", "schema": self.object(refs, 1)}
            return p
        p = {"name": self.ident(), "in": self.rng.choice(("query", "path", "header", "cookie")), "schema": self.schema(refs, 1)}
        if self.chance(0.8):
            p["description"] = self.desc()
        if self.chance(0.5):
            p["required"] = self.chance(0.5)
        return p

    def responses(self, refs: Refs, v2: bool) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for code in self.rng.sample(["200", "201", "204", "400", "404", "500", "default", "2XX"], self.rng.randint(0, 3)):
            r: dict[str, Any] = {"description": self.desc()}
            if self.chance(0.5):
                body = self.object(refs, 1)
                if self.chance(0.3):
                    body["properties"]["status"] = {"type": "string", "enum": self.enum_for("string")}
                if v2:
                    r["schema"] = body
                else:
                    media = self.rng.choice(("application/json", "application/problem+json", "text/plain"))
                    r["content"] = {media: {"schema": body}}
            out[int(code) if code.isdigit() and self.chance(0.2) else code] = r
        return out

    def openapi(self, version: str, sibling: str | None = None, sibling_names: tuple[str, ...] = ()) -> dict[str, Any]:
        v2 = version == "2.0"
        names = tuple(self.rng.sample(_COMPONENT_NAMES, self.rng.randint(0, 4)))
        refs = Refs("#/definitions/" if v2 else "#/components/schemas/", names, sibling, sibling_names)
        doc: dict[str, Any] = {"swagger": "2.0"} if v2 else {"openapi": version}
        doc["info"] = {"title": self.tok(), "version": "1.0"}
        paths: dict[str, Any] = {}
        for i in range(self.rng.randint(0, 3)):
            item: dict[str, Any] = {}
            for method in self.rng.sample(["get", "post", "put", "delete", "patch"], self.rng.randint(1, 2)):
                op: dict[str, Any] = {}
                if self.chance(0.6):
                    op["operationId"] = self.rng.choice(_TOOL_NAMES) if self.chance(0.5) else self.ident()
                if self.chance(0.4):
                    op["summary"] = self.tok()
                if self.chance(0.5):
                    op["description"] = self.desc()
                op["parameters"] = [self.param(refs, v2) for _ in range(self.rng.randint(0, 3))]
                if self.shared_params and self.chance(0.3):
                    # the same object twice: YAML writes an anchor and an alias (&id001, *id001)
                    op["parameters"].append(self.shared_params[-1])
                self.shared_params.extend(op["parameters"][:1])
                if not v2 and method in ("post", "put", "patch") and self.chance(0.5):
                    op["requestBody"] = {"content": {"application/json": {"schema": self.object(refs, 1)}}}
                op["responses"] = self.responses(refs, v2)
                item[method] = op
            paths[self.rng.choice(_PATHS) + (str(i) if i else "")] = item
        doc["paths"] = paths
        defs = self.components(refs)
        if defs:
            if v2:
                doc["definitions"] = defs
            else:
                doc["components"] = {"schemas": defs}
        if self.chance(0.1):
            doc["x-silentlint-ignore"] = ["prose-enum"]
        return doc

    def tool_set(self, flavor: str) -> Any:
        tools = []
        for _ in range(self.rng.randint(0, 3)):
            refs = Refs("#/$defs/", tuple(self.rng.sample(_COMPONENT_NAMES, self.rng.randint(0, 2))))
            gemini = flavor == "gemini" and self.chance(0.5)
            params = self.object(refs, 2, gemini)
            if refs.names:
                params["$defs"] = {n: self.schema(refs, 1) for n in refs.names}
            name = self.rng.choice(_TOOL_NAMES) if self.chance(0.6) else self.ident()
            if flavor == "mcp":
                tool: dict[str, Any] = {"name": name, "description": self.desc(), "inputSchema": params}
                if self.chance(0.5):
                    keys = self.rng.sample(["readOnlyHint", "destructiveHint", "idempotentHint"], self.rng.randint(0, 2))
                    tool["annotations"] = {k: self.chance(0.5) for k in keys}
                if self.chance(0.4):
                    tool["outputSchema"] = self.object(refs, 1)
            elif flavor == "openai":
                body = {"name": name, "description": self.desc(), "parameters": params}
                tool = {"type": "function", "function": body} if self.chance(0.5) else {"type": "function", **body}
            elif flavor == "anthropic":
                tool = {"name": name, "description": self.desc(), "input_schema": params}
            else:
                tool = {"name": name, "description": self.desc(), "parameters": params}
            tools.append(tool)
        if flavor == "gemini":
            key = self.rng.choice(("functionDeclarations", "function_declarations"))
            return self.rng.choice([{key: tools}, [{key: tools}], {"tools": [{key: tools}]}])
        if flavor == "mcp":
            wrapped = {"tools": tools}
            return self.rng.choice([wrapped, {"jsonrpc": "2.0", "id": 1, "result": wrapped}] + tools[:1])
        return self.rng.choice([tools, {"tools": tools}] + tools[:1])


# ------------------------------------------------------------------------------ mutations

junk = st.recursive(
    scalar | st.just({}) | st.just([]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["type", "$ref", "enum", "description", "properties", "x"]), inner, max_size=3),
    max_leaves=5,
)


def _slots(tree: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) of the tree, parents before children."""
    out: list[tuple[Any, Any]] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            out.append((node, k))
            if isinstance(v, (dict, list)):
                stack.append(v)
    return out


@st.composite
def mutated(draw: st.DrawFn, tree: Any) -> Any:
    """``tree`` with 1-4 random changes: a value of the wrong type, a key removed, a ``$ref``
    where a schema was, a description replaced by something that is not a string."""
    tree = copy.deepcopy(tree)
    for _ in range(draw(st.integers(1, 4))):
        slots = _slots(tree)
        if not slots:
            break
        node, key = draw(st.sampled_from(slots))
        action = draw(st.sampled_from(["junk", "junk", "delete", "ref", "type"]))
        if action == "delete" and isinstance(node, dict):
            del node[key]
        elif action == "ref":
            node[key] = {"$ref": draw(st.sampled_from(["#/", "#/nope", "#/components", "#/paths", "#/definitions", "x.yaml"]))}
        elif action == "type":
            node[key] = draw(st.sampled_from([None, 0, 1.5, True, "s", [], {}, ["a"], {"type": "string"}]))
        else:
            node[key] = draw(junk)
    return tree


# ------------------------------------------------------------------------------ serialization


@dataclass(frozen=True)
class SpecFile:
    name: str
    data: bytes
    style: str


class _BlockScalarDumper(yaml.SafeDumper):
    """Multi-line strings as ``|`` or ``>`` block scalars (PyYAML falls back to quotes where a
    block scalar cannot hold the text), as hand-written specs write long descriptions."""

    folded = False


def _block_str(dumper: _BlockScalarDumper, value: str) -> yaml.ScalarNode:
    style = (">" if dumper.folded else "|") if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_BlockScalarDumper.add_representer(str, _block_str)


def _dump(tree: Any, style: str, options: dict[str, Any]) -> str:
    if style == "json-compact":
        return json.dumps(tree, separators=(",", ":"), ensure_ascii=options["ascii"])
    if style == "json-indent":
        return json.dumps(tree, indent=options["indent"], ensure_ascii=options["ascii"]) + "\n"
    dumper = type("Dumper", (_BlockScalarDumper,), {"folded": options["folded"]}) if style == "yaml-literal" else yaml.SafeDumper
    text = yaml.dump(
        tree,
        Dumper=dumper,
        default_flow_style=style == "yaml-flow",
        allow_unicode=not options["ascii"],
        sort_keys=False,
        indent=options["indent"],
        width=options["width"],
    )
    return "# a comment before the document\n" + text if options["comment"] else text


@st.composite
def serialized(draw: st.DrawFn, tree: Any, stem: str = "spec") -> SpecFile:
    style = draw(st.sampled_from(["yaml-block", "yaml-literal", "json-indent", "yaml-flow", "json-compact"]))
    options = {
        "folded": draw(st.booleans()),
        "comment": draw(st.booleans()),
        "ascii": draw(st.booleans()),
        "indent": draw(st.sampled_from([2, 4])),
        "width": draw(st.sampled_from([80, 40, 10**6])),
    }
    text = _dump(tree, style, options)
    crlf = draw(st.integers(0, 3)) == 0
    if crlf:
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    bom = draw(st.integers(0, 9)) == 0
    if bom:
        data = b"\xef\xbb\xbf" + data
    ext = ".json" if style.startswith("json") else draw(st.sampled_from([".yaml", ".yml"]))
    return SpecFile(stem + ext, data, style + ("+crlf" if crlf else "") + ("+bom" if bom else ""))


FLAVORS = ("openapi-2.0", "openapi-3.0", "openapi-3.1", "mcp", "openai", "anthropic", "gemini")


@dataclass(frozen=True)
class Case:
    """One fuzz input: the files to write (the first is the one linted) and how it was made."""

    flavor: str
    mutated: bool
    files: tuple[SpecFile, ...]


@st.composite
def case(draw: st.DrawFn, mutate: bool | None = None) -> Case:
    flavor = draw(st.sampled_from(FLAVORS))
    do_mutate = draw(st.booleans()) if mutate is None else mutate
    shaper = Shaper(random.Random(draw(st.integers(0, 2**32 - 1))), draw(pools))
    sibling: SpecFile | None = None
    if flavor == "openapi-2.0":
        tree = shaper.openapi("2.0")
    elif flavor.startswith("openapi"):
        names: tuple[str, ...] = ()
        if draw(st.integers(0, 3)) == 0:  # a second file the first one $refs into
            shared = shaper.openapi("3.0.3")
            names = tuple(shared.get("components", {}).get("schemas", {}))
            sibling = draw(serialized(shared, "shared"))
        version = draw(st.sampled_from(["3.0.3", "3.0.0"] if flavor == "openapi-3.0" else ["3.1.0", "3.1.1"]))
        tree = shaper.openapi(version, sibling.name if sibling else None, names)
    else:
        tree = shaper.tool_set(flavor)
    if do_mutate:
        tree = draw(mutated(tree))
    files = [draw(serialized(tree))]
    if sibling is not None:
        files.append(sibling)
    return Case(flavor, do_mutate, tuple(files))
