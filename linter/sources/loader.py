"""Reading and parsing files: the fast path first, positions never computed here."""

from __future__ import annotations

import gc
import json
import os
from typing import Any

import yaml

from linter.model import Source

try:  # the C loader is 5-10x faster on large specs
    _YamlLoader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _YamlLoader = yaml.SafeLoader

JSON_SUFFIXES = (".json",)
YAML_SUFFIXES = (".yaml", ".yml")
API_SUFFIXES = JSON_SUFFIXES + YAML_SUFFIXES

# A file whose text holds none of these cannot be an API description or tool set, so it is
# skipped without parsing (directories hold many unrelated YAML/JSON files).
_MARKERS = (
    "openapi",
    "swagger",
    "inputSchema",
    "input_schema",
    "parameters",
    "functionDeclarations",
    "function_declarations",
)


class LoadError(Exception):
    """A file that cannot be linted; ``kind`` is one of InputProblem's kinds."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


def syntax_for(path: str, text: str) -> str:
    lower = path.lower()
    if lower.endswith(JSON_SUFFIXES):
        return "json"
    if lower.endswith(YAML_SUFFIXES):
        return "yaml"
    return "json" if text.lstrip()[:1] in ("{", "[") else "yaml"


def read_text(abspath: str) -> str:
    try:
        with open(abspath, "rb") as fh:
            data = fh.read()
    except IsADirectoryError:
        raise LoadError("unreadable", "is a directory") from None
    except FileNotFoundError:
        raise LoadError("unreadable", "no such file") from None
    except OSError as exc:
        raise LoadError("unreadable", f"cannot read: {exc.strerror or exc}") from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LoadError(
            "unreadable", f"not UTF-8 text (invalid byte at offset {exc.start})"
        ) from None


def parse_text(text: str, syntax: str) -> Any:
    """Parse with the cyclic GC paused: parsers build millions of acyclic containers, and the
    collections they trigger cost more than the parse itself on large specs."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse(text, syntax)
    finally:
        if enabled:
            gc.enable()


def _parse(text: str, syntax: str) -> Any:
    if syntax == "json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise LoadError(
                "parse", f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
            ) from None
        except RecursionError:
            raise LoadError("parse", "invalid JSON: nested too deeply") from None
    try:
        return yaml.load(text, Loader=_YamlLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
        what = (exc.problem or exc.context or "syntax error").strip()
        raise LoadError("parse", f"invalid YAML: {what}{where}") from None
    except yaml.YAMLError as exc:
        raise LoadError("parse", f"invalid YAML: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise LoadError("parse", "invalid YAML: nested too deeply") from None


def may_be_api(text: str) -> bool:
    return any(marker in text for marker in _MARKERS)


def load_source(abspath: str, display_path: str) -> Source:
    text = read_text(abspath)
    syntax = syntax_for(abspath, text)
    tree = parse_text(text, syntax)
    return Source(abspath, display_path, text, tree, syntax)


def display_path(abspath: str, root: str) -> str:
    """Posix path relative to ``root`` when inside it, else absolute."""
    rel = os.path.relpath(abspath, root)
    if rel.startswith(".." + os.sep) or rel == ".." or os.path.isabs(rel):
        return abspath.replace(os.sep, "/")
    return rel.replace(os.sep, "/")
