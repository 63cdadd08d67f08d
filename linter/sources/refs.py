"""``$ref`` resolution: local, relative-file and (opt-in) remote references; memoized, cycle-safe.

A :class:`Workspace` owns every file loaded for one root document, so a file referenced many
times is read and parsed once. The policy (README, "$ref"), for specs that come from pull
requests, forks included:

- a file reference is a path relative to the referring file and may not leave the project root,
  by ``..`` or through a symbolic link; absolute paths, ``file:`` URLs, network paths
  (``//host/x``), Windows paths and other schemes are refused, never read;
- ``http(s)`` references are fetched only with ``--allow-remote-refs`` (``limits.allow-remote-refs``),
  with a timeout and a size cap enforced while streaming, no redirect to another scheme, a cap on
  redirects, and one fetch per URL per run; a remote document may only point to its own origin;
- a chain of ``$ref`` → ``$ref`` is walked once per node (a 10,000-hop chain costs 10,000 steps,
  not 10,000²), and chains longer than ``limits.max-ref-hops``, cycles and the files beyond
  ``limits.max-ref-files`` are reported once each.

Every refusal is a :class:`RefProblem` located at the ``$ref`` it concerns, worded by the
``unresolved-ref`` rule's module (:mod:`linter.checks.unresolved_ref`), which reports it.
"""

from __future__ import annotations

import os
import re
import stat
import threading
import time
from typing import TYPE_CHECKING, Any, Union, cast
from urllib.parse import unquote, urljoin, urlsplit

from linter import __version__, limits as _limits
from linter.checks import unresolved_ref as why
from linter.model import Pointer, RemoteSource, Source, get_at, parse_pointer, pointer_str
from linter.runctx import DEFAULT_READER, RunContext
from linter.sources.loader import LoadError, display_path, load_source, parse_text, syntax_for

if TYPE_CHECKING:
    import urllib.request

MAX_REDIRECTS = 5
_REDIRECTS = (301, 302, 303, 307, 308)
_DRIVE = re.compile(r"[A-Za-z]:")  # C:\x.yaml, C:/x.yaml (urlsplit would call "c" a scheme)
_CHUNK = 64 * 1024


class RefProblem(Exception):
    """A ``$ref`` that cannot be followed; the message is shown to the user as is.

    ``source``/``pointer`` locate the ``$ref`` it is reported at (None until known), ``key`` is
    the fingerprint input (the reference text).
    """

    def __init__(
        self, message: str, source: Source | None = None, pointer: Pointer = (), key: str = "", once: bool = False
    ):
        super().__init__(message)
        self.source = source
        self.pointer = pointer
        self.key = key
        self.once = once  # one problem for many references: it keeps the first place it is met

    def at(self, source: Source, pointer: Pointer, key: str) -> "RefProblem":
        """This problem located at ``source``/``pointer``, unless it already has a place."""
        if self.source is not None:
            return self
        if self.once:
            self.source, self.pointer, self.key = source, pointer, key
            return self
        return RefProblem(str(self), source, pointer, key)


# The memo of one ``$ref`` node: (its reference text, the node it leads to, the chain's end or
# the problem that ended it). A node is (file, pointer, tool-schema base); the same node reached
# once as ``(…, 0)`` and once as ``(…, "0")`` is walked twice, which costs one step, not a report.
NodeKey = tuple[str, Pointer, Pointer]
_End = tuple[Source, Pointer, Any, int]  # final source, pointer, node, hops from this node
_Link = tuple[str, Union[NodeKey, None], Union[_End, RefProblem]]

def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


class Workspace:
    def __init__(self, root: str, display_root: str | None = None, run: RunContext | None = None):
        self.root = os.path.realpath(root)
        self._root_as_given = os.path.abspath(root)
        self.display_root = display_root or root
        # the run's limits, readers and remote documents (fetched once per run, not per file)
        self.run = run if run is not None else RunContext(reader=DEFAULT_READER)
        self.limits = self.run.limits
        self.sources: dict[str, Source] = {}
        self._by_real: dict[str, Source] = {}
        self._failed: dict[str, str] = {}
        self._loaded = 0
        self._files_limit: RefProblem | None = None
        self._resolved: dict[tuple[str, str, Pointer], tuple[Source, Pointer, Any] | RefProblem] = {}
        self._links: dict[NodeKey, _Link] = {}
        # deref()'s answers by (file, reference text, base). A chain followed without a problem
        # ends where its reference text leads, wherever the $ref stands: each hop after the first
        # depends only on where the one before landed, and a chain back to its own start would be
        # a cycle, a problem. Problems are not kept: they are located at each $ref.
        self._followed: dict[tuple[str, str, Pointer], tuple[Source, Pointer, Any, tuple[str, ...]]] = {}
        self._too_long: dict[tuple[str, tuple[str, ...]], RefProblem] = {}

    def add(self, source: Source) -> None:
        self.sources[source.abspath] = source
        if not source.remote:
            self._by_real[os.path.realpath(source.abspath)] = source

    def display(self, abspath: str) -> str:
        return display_path(abspath, self.display_root)

    # --- loading -----------------------------------------------------------------------------

    def _count_file(self) -> None:
        """Every file a document pulls in counts, read or not; past the limit none is loaded,
        and the one problem saying so is reported once, at the first reference it stopped."""
        limit = self.limits.max_ref_files
        if self._loaded >= limit:
            if self._files_limit is None:
                self._files_limit = RefProblem(why.too_many_files(limit), once=True)
            raise self._files_limit
        self._loaded += 1

    def load(self, abspath: str) -> Source:
        src = self._by_real.get(abspath) or self.sources.get(abspath)
        if src is not None:
            return src
        if abspath in self._failed:
            raise RefProblem(self._failed[abspath])
        self._count_file()
        try:
            src = load_source(abspath, self.display(abspath), reader=self.run.reader)
        except LoadError as exc:
            msg = why.unreadable(self.display(abspath), exc.message)
            self._failed[abspath] = msg
            raise RefProblem(msg) from None
        self.sources[abspath] = src
        self._by_real[abspath] = src
        return src

    def load_remote(self, url: str) -> Source:
        src = self.sources.get(url)
        if src is not None:
            return src
        if url in self._failed:
            raise RefProblem(self._failed[url])
        self._count_file()
        remote = self.run.remote
        got = remote.get(url)
        if got is None:
            got = remote[url] = fetch(url, self.run)
        if isinstance(got, str):
            self._failed[url] = got
            raise RefProblem(got)
        self.sources[url] = got
        return got

    # --- one hop -----------------------------------------------------------------------------

    def _target_file(self, source: Source, file_part: str, ref: str) -> Source:
        """The document a reference's file part names, or a RefProblem saying why it is not read."""
        if source.remote:
            return self._remote_target(source, file_part, ref)
        if "\\" in file_part or _DRIVE.match(file_part):  # also \\server\share
            raise RefProblem(why.windows_path(ref))
        if file_part.startswith("//"):
            raise RefProblem(why.network_path(ref))
        parts = urlsplit(file_part)
        scheme = parts.scheme.lower()
        if scheme in ("http", "https"):
            if not self.limits.allow_remote_refs:
                raise RefProblem(why.remote_not_allowed(ref))
            return self.load_remote(file_part)
        if scheme == "file":
            raise RefProblem(why.file_url(ref))
        if scheme:
            raise RefProblem(why.unsupported_scheme(scheme, ref))
        path = unquote(parts.path)
        if path.startswith("/"):
            raise RefProblem(why.absolute_path(ref))
        if "\x00" in path:
            raise RefProblem(why.nul_byte(ref))
        lexical = os.path.normpath(os.path.join(os.path.dirname(source.abspath), path))
        real = os.path.realpath(lexical)
        if not _inside(real, self.root):
            if _inside(lexical, self.root) or _inside(lexical, self._root_as_given):
                raise RefProblem(why.outside_through_link(ref))
            raise RefProblem(why.outside_root(ref))
        try:
            mode = os.stat(real).st_mode
        except OSError:
            pass  # missing or unreadable: the loader says which
        else:
            if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
                raise RefProblem(why.not_a_file(self.display(real)))
        return self.load(real)

    def _remote_target(self, source: Source, file_part: str, ref: str) -> Source:
        """Inside a remote document every reference is a URL relative to it, and may only stay
        on its origin: a fetched document must not make CI read local files or other hosts."""
        url = urljoin(source.abspath, file_part)
        here, there = urlsplit(source.abspath), urlsplit(url)
        origin = (here.scheme.lower(), here.netloc.lower())
        if (there.scheme.lower(), there.netloc.lower()) != origin:
            raise RefProblem(why.other_origin(origin[0], origin[1], ref))
        return self.load_remote(url.partition("#")[0])

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
            raise got
        return got

    def _resolve(self, source: Source, ref: str, base: Pointer) -> tuple[Source, Pointer, Any]:
        if not isinstance(ref, str):
            raise RefProblem(why.not_a_string(ref))
        file_part, _, fragment = ref.partition("#")
        if file_part:
            target_source = self._target_file(source, file_part, ref)
            base = ()
        else:
            target_source = source
        if fragment and not fragment.startswith("/"):
            raise RefProblem(why.anchor(ref))
        try:
            pointer = base + parse_pointer("#" + fragment) if fragment else base
            node = get_at(target_source.tree, pointer)
        except (KeyError, ValueError, TypeError):
            where = target_source.display_path if file_part else "this file"
            raise RefProblem(why.target_not_found(ref, where)) from None
        return target_source, pointer, node

    # --- chains ------------------------------------------------------------------------------

    def follow(
        self, source: Source, pointer: Pointer, node: Any, base: Pointer
    ) -> tuple[Source, Pointer, Any, Pointer] | None:
        """:meth:`deref` for readers that skip what cannot be followed (checks, audit counts; the
        builder already reported it): None instead of a RefProblem, and the ``#`` base carried
        along (it resets when the chain leaves the file)."""
        if not (isinstance(node, dict) and "$ref" in node):
            return source, pointer, node, base
        try:
            s, p, n, _ = self.deref(source, pointer, node, base)
        except RefProblem:
            return None
        return s, p, n, (base if s is source else ())

    def deref(
        self, source: Source, pointer: Pointer, node: Any, base: Pointer = ()
    ) -> tuple[Source, Pointer, Any, tuple[str, ...]]:
        """Follow ``$ref`` hops to a node that is not a reference; returns it with the
        reference texts followed. Raises the chain's RefProblem, located at the ``$ref`` to fix."""
        if not (isinstance(node, dict) and "$ref" in node):
            return source, pointer, node, ()
        ref = node["$ref"]
        done = self._followed.get((source.abspath, ref, base)) if isinstance(ref, str) else None
        if done is None:
            done = self._chain_end(source, pointer, node, base)
            if isinstance(ref, str):
                self._followed[source.abspath, ref, base] = done
        return done

    def _chain_end(
        self, source: Source, pointer: Pointer, node: Any, base: Pointer
    ) -> tuple[Source, Pointer, Any, tuple[str, ...]]:
        """:meth:`deref` of a ``$ref`` node not followed before from this file and base."""
        key = (source.abspath, pointer, base)
        link = self._links.get(key)
        if link is None:
            ref = node["$ref"]
            try:
                nsrc, nptr, nnode = self.resolve(source, ref, base)
            except RefProblem:
                nnode = None
            else:  # most references are one hop to a node that is not a reference
                if not (isinstance(nnode, dict) and "$ref" in nnode) and self.limits.max_ref_hops >= 1:
                    text = ref if isinstance(ref, str) else repr(ref)
                    self._links[key] = (text, None, (nsrc, nptr, nnode, 1))
                    return nsrc, nptr, nnode, (text,)
            self._walk(source, pointer, node, base)
            link = self._links[key]
        end = link[2]
        if isinstance(end, RefProblem):
            raise end
        chain: list[str] = []
        k: NodeKey | None = key
        for _ in range(end[3]):
            ref, k, _end = self._links[k]  # type: ignore[index]  # a chain of end[3] links: each but the last names the next key
            chain.append(ref)
        return end[0], end[1], end[2], tuple(chain)

    def _walk(self, source: Source, pointer: Pointer, node: Any, base: Pointer) -> None:
        """Follow a chain from an unvisited node until its end, a node already walked, a node of
        this walk (a cycle) or a problem, then record the outcome of every node on the way."""
        path: list[NodeKey] = []
        places: list[tuple[Source, Pointer]] = []
        refs: list[str] = []
        on_path: dict[NodeKey, int] = {}
        nexts: list[NodeKey | None] = []
        src, ptr, cur, bas = source, pointer, node, base
        tail: _End | RefProblem
        while True:
            key = (src.abspath, ptr, bas)
            path.append(key)
            places.append((src, ptr))
            on_path[key] = len(path) - 1
            ref = cur["$ref"]
            refs.append(ref if isinstance(ref, str) else repr(ref))
            try:
                nsrc, nptr, nnode = self.resolve(src, ref, bas)
            except RefProblem as exc:
                nexts.append(None)
                tail = exc.at(src, ptr + ("$ref",), refs[-1])
                break
            nbase = bas if nsrc is src else ()
            if not (isinstance(nnode, dict) and "$ref" in nnode):
                nexts.append(None)
                tail = (nsrc, nptr, nnode, 0)
                break
            nkey = (nsrc.abspath, nptr, nbase)
            nexts.append(nkey)
            known = self._links.get(nkey)
            if known is not None:
                tail = known[2]
                break
            if nkey in on_path:
                tail = self._cycle(places[on_path[nkey]:])
                break
            src, ptr, cur, bas = nsrc, nptr, nnode, nbase
        limit = self.limits.max_ref_hops
        too_long: RefProblem | None = None
        if not isinstance(tail, RefProblem) and tail[3] + len(path) > limit:
            too_long = self._chain_too_long(places[0], refs[0], tail, tail[3] + len(path))
        for i, key in enumerate(path):
            if isinstance(tail, RefProblem):
                outcome: _End | RefProblem = tail
            else:
                hops = tail[3] + len(path) - i
                outcome = too_long if hops > limit and too_long else (tail[0], tail[1], tail[2], hops)
            self._links[key] = (refs[i], nexts[i], outcome)

    def _cycle(self, members: list[tuple[Source, Pointer]]) -> RefProblem:
        """One problem for the whole cycle, at the member that sorts first, so it is reported
        once and at the same place whichever reference led into it."""
        first = min(range(len(members)), key=lambda i: (members[i][0].display_path, pointer_str(members[i][1])))
        order = members[first:] + members[:first]
        home = order[0][0]
        one_file = all(s is home for s, _ in order)
        names = [("#" if one_file else f"{s.display_path}#") + pointer_str(p) for s, p in order + [order[0]]]
        message = why.cycle(names)
        return RefProblem(message, home, order[0][1] + ("$ref",), message)

    def _chain_too_long(self, place: tuple[Source, Pointer], ref: str, end: _End, hops: int) -> RefProblem:
        """Reported once per chain end, at the reference whose walk first found it too long
        (the outermost one: where the builder entered the chain)."""
        end_src, end_ptr = end[0], end[1]
        key = (end_src.abspath, tuple(map(str, end_ptr)))
        problem = self._too_long.get(key)
        if problem is None:
            src, ptr = place
            target = ("#" if end_src is src else f"{end_src.display_path}#") + pointer_str(end_ptr)
            problem = RefProblem(
                why.chain_too_long(self.limits.max_ref_hops, hops, ref, target),
                src,
                ptr + ("$ref",),
                ref,
            )
            self._too_long[key] = problem
        return problem


# --- remote documents ------------------------------------------------------------------------


def _opener(run: RunContext) -> urllib.request.OpenerDirector:
    """The run's opener: http and https only (no file:, ftp: or data: handler to be redirected
    to), proxies from the environment, and no automatic redirects: :func:`fetch` follows them
    itself."""
    if run.http_opener is None:
        import urllib.request  # only with --allow-remote-refs: most runs never load the http stack

        opener = urllib.request.OpenerDirector()
        for handler in (
            urllib.request.ProxyHandler(),
            urllib.request.UnknownHandler(),
            urllib.request.HTTPHandler(),
            urllib.request.HTTPSHandler(),
            urllib.request.HTTPDefaultErrorHandler(),
            urllib.request.HTTPErrorProcessor(),
        ):
            opener.add_handler(handler)
        run.http_opener = opener
    return cast("urllib.request.OpenerDirector", run.http_opener)


def fetch(url: str, run: RunContext) -> RemoteSource | str:
    """The document at ``url``, or why it was not fetched, within ``limits.remote_timeout``.

    Socket timeouts bound each network wait, not a whole fetch: a server that drips its headers
    a byte at a time, or a slow DNS lookup, would outlast them. So the fetch runs in a daemon
    thread that is abandoned at the deadline (it ends by itself at its next wait, holding at most
    ``remote_max_bytes``). Parsing happens after, here: the timeout is about the network."""
    box: list[bytes | str] = []
    limits = run.limits
    opener = _opener(run)

    def work() -> None:
        try:
            box.append(_fetch(url, limits, opener))
        except Exception as exc:  # never a traceback from a thread
            box.append(why.fetch_crashed(url, exc))

    thread = threading.Thread(target=work, name="silentlint-fetch", daemon=True)
    thread.start()
    thread.join(limits.remote_timeout)
    if not box:
        return why.timed_out(url, limits.remote_timeout)
    return box[0] if isinstance(box[0], str) else _parse_remote(url, box[0], run)


def _fetch(url: str, limits: _limits.Limits, opener: urllib.request.OpenerDirector) -> bytes | str:
    """The body at ``url``, or why not. The deadline covers redirects and the download; the size cap is checked
    against Content-Length and while streaming, so an endless or oversized answer costs at most
    ``remote_max_bytes`` of memory; redirects are followed by hand, to http(s) only."""
    import urllib.error
    import urllib.request
    from http.client import HTTPException

    timeout, cap = limits.remote_timeout, limits.remote_max_bytes
    timed_out = why.timed_out(url, timeout)
    deadline = time.monotonic() + timeout
    headers = {
        "User-Agent": f"silentlint/{__version__}",
        "Accept": "application/json, application/yaml, text/yaml, */*;q=0.5",
    }
    current = url
    try:
        for _ in range(MAX_REDIRECTS + 1):
            left = deadline - time.monotonic()
            if left <= 0:
                return timed_out
            try:
                resp = opener.open(urllib.request.Request(current, headers=headers), timeout=left)
            except urllib.error.HTTPError as exc:
                location = exc.headers.get("Location") if exc.headers else None
                exc.close()
                if exc.code not in _REDIRECTS:
                    return why.http_error(url, exc.code, str(exc.reason))
                if not location:
                    return why.redirect_without_location(url, exc.code)
                nxt = urljoin(current, location.strip())
                if urlsplit(nxt).scheme.lower() not in ("http", "https"):
                    return why.redirect_refused(url, nxt)
                current = nxt
                continue
            with resp:
                declared = (resp.headers.get("Content-Length") or "").strip()
                if declared.isdigit() and int(declared) > cap:
                    return why.declared_too_large(url, int(declared), cap)
                data = bytearray()
                while True:
                    if time.monotonic() > deadline:
                        return timed_out
                    chunk = resp.read1(_CHUNK)
                    if not chunk:
                        break
                    data += chunk
                    if len(data) > cap:
                        return why.too_large(url, cap)
            break
        else:
            return why.too_many_redirects(url, MAX_REDIRECTS)
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, TimeoutError):
            return timed_out
        return why.network_error(url, str(reason.strerror if isinstance(reason, OSError) and reason.strerror else reason))
    except TimeoutError:
        return timed_out
    except OSError as exc:
        return why.network_error(url, str(exc.strerror or exc))
    except (HTTPException, ValueError) as exc:
        return why.protocol_error(url, exc)
    return bytes(data)


def _parse_remote(url: str, data: bytes, run: RunContext) -> RemoteSource | str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return why.remote_not_utf8(url, exc.start)
    syntax = syntax_for(urlsplit(url).path, text)
    try:
        tree = parse_text(text, syntax, run.limits)
    except LoadError as exc:
        return why.remote_unreadable(url, exc.message)
    return RemoteSource(url, url, text, tree, syntax, run.reader)
