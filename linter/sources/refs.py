"""``$ref`` resolution: local and relative-file references, cycle-safe, never remote.

A :class:`Workspace` owns every file loaded during a run, so a file referenced by many specs is
read and parsed once. File references may not leave the project root (a pull request must not
make CI read ``/etc/passwd``), and remote references are never fetched.
"""

from __future__ import annotations

import os
from typing import Any, Mapping
from urllib.parse import unquote, urlsplit

from linter.model import Pointer, Source, get_at, parse_pointer, pointer_str
from linter.sources.loader import LoadError, display_path, load_source

MAX_REF_HOPS = 256


class RefProblem(Exception):
    """A ``$ref`` that cannot be followed; the message is shown to the user as is."""


class Workspace:
    def __init__(self, root: str, display_root: str | None = None):
        self.root = os.path.realpath(root)
        self.display_root = display_root or root
        self.sources: dict[str, Source] = {}
        self._failed: dict[str, str] = {}
        self._resolved: dict[tuple[str, str, Pointer], tuple[Source, Pointer, Any] | RefProblem] = {}

    def add(self, source: Source) -> None:
        self.sources[source.abspath] = source

    def display(self, abspath: str) -> str:
        return display_path(abspath, self.display_root)

    def load(self, abspath: str) -> Source:
        src = self.sources.get(abspath)
        if src is not None:
            return src
        if abspath in self._failed:
            raise RefProblem(self._failed[abspath])
        try:
            src = load_source(abspath, self.display(abspath))
        except LoadError as exc:
            msg = f"$ref target {self.display(abspath)} cannot be read: {exc.message}"
            self._failed[abspath] = msg
            raise RefProblem(msg) from None
        self.sources[abspath] = src
        return src

    def _target_file(self, source: Source, file_part: str) -> str:
        if os.name != "nt" and "\\" in file_part:
            raise RefProblem(f"$ref uses a Windows path, which is not supported: {file_part}")
        base_dir = os.path.dirname(source.abspath)
        candidate = os.path.realpath(os.path.join(base_dir, unquote(file_part)))
        if candidate != self.root and not candidate.startswith(self.root + os.sep):
            raise RefProblem(f"$ref escapes the project root, not read: {file_part}")
        return candidate

    def resolve(self, source: Source, ref: str, base: Pointer = ()) -> tuple[Source, Pointer, Any]:
        """One hop. ``base`` is the pointer that ``#`` means (the schema root of an embedded
        tool schema; ``()`` for a whole OpenAPI document). Memoized: big specs repeat refs."""
        key = (source.abspath, ref if isinstance(ref, str) else repr(ref), base)
        got = self._resolved.get(key)
        if got is None:
            try:
                got = self._resolve(source, ref, base)
            except RefProblem as exc:
                got = exc
            self._resolved[key] = got
        if isinstance(got, RefProblem):
            raise RefProblem(str(got))
        return got

    def _resolve(self, source: Source, ref: str, base: Pointer) -> tuple[Source, Pointer, Any]:
        if not isinstance(ref, str):
            raise RefProblem(f"$ref is not a string: {ref!r}")
        parts = urlsplit(ref)
        if parts.scheme in ("http", "https"):
            raise RefProblem(f"remote $ref not fetched: {ref} (silentlint never fetches remote references)")
        if parts.scheme and len(parts.scheme) > 1:  # "c:" would be a Windows drive
            raise RefProblem(f"$ref scheme {parts.scheme}: is not supported, not read: {ref}")
        file_part, _, fragment = ref.partition("#")
        if file_part:
            target_source = self.load(self._target_file(source, file_part))
            base = ()
        else:
            target_source = source
        if fragment and not fragment.startswith("/"):
            raise RefProblem(f"$ref to an anchor is not supported: {ref}")
        try:
            pointer = base + parse_pointer("#" + fragment) if fragment else base
            node = get_at(target_source.tree, pointer)
        except (KeyError, ValueError, TypeError):
            where = target_source.display_path if file_part else "this file"
            raise RefProblem(f"$ref target not found: {ref} (in {where})") from None
        return target_source, pointer, node

    def deref(
        self, source: Source, pointer: Pointer, node: Any, base: Pointer = ()
    ) -> tuple[Source, Pointer, Any, tuple[str, ...]]:
        """Follow ``$ref`` hops until a node that is not a reference; detects cycles."""
        chain: list[str] = []
        start = pointer
        seen = {(source.abspath, pointer)}
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            chain.append(ref if isinstance(ref, str) else repr(ref))
            if len(chain) > MAX_REF_HOPS:
                raise RefProblem(f"$ref chain longer than {MAX_REF_HOPS} hops")
            new_source, new_pointer, new_node = self.resolve(source, ref, base)
            if new_source is not source:
                base = ()
            key = (new_source.abspath, new_pointer)
            if key in seen:
                loop = " → ".join(chain)
                raise RefProblem(f"$ref cycle: {pointer_str(start) or '#'} → {loop}")
            seen.add(key)
            source, pointer, node = new_source, new_pointer, new_node
        return source, pointer, node, tuple(chain)
