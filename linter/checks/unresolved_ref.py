"""unresolved-ref: a ``$ref`` that cannot be followed, so what stands behind it is not linted.

Built in: the model builder meets the broken reference while it builds the document
(``linter/formats/common.py``, ``linter/formats/openapi.py``) and records a notice, which the
engine reports under this rule. Two events: the resolver could not follow the reference (its
:class:`~linter.sources.refs.RefProblem` says why: remote, outside the project, missing target, a
cycle), or the target is not the object the place needs (:func:`not_an_object`).

Every reason is worded here; the resolver (:mod:`linter.sources.refs`) decides which one applies
and raises its :class:`~linter.sources.refs.RefProblem` with the message below. This module
imports nothing from the resolver at run time, so the resolver can import it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence

from linter import _recache

if TYPE_CHECKING:
    from linter.sources.refs import RefProblem

BUILTIN = True
RULE = "unresolved-ref"

_CONTROL = _recache.compile(r"[\x00-\x1f\x7f]")
_RELATIVE = "(only paths relative to the referring file are followed)"


def shown(text: str, limit: int = 200) -> str:
    """Reference text as a message quotes it: spec text is untrusted and a message is one line,
    so control characters are escaped and a long reference is cut."""
    if _CONTROL.search(text):
        text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def unfollowed(problem: RefProblem) -> str:
    """The message for a reference the resolver could not follow: its reason, as worded below."""
    return str(problem)


def not_an_object(ref: str, value: Any, what: str) -> str:
    """The message for a reference to a string, list, number… where a ``what`` object must be:
    reported, never a silent skip (what stands behind it is not linted)."""
    kind = (
        "a list" if isinstance(value, list) else "null" if value is None else "a boolean" if isinstance(value, bool)
        else "a number" if isinstance(value, (int, float)) else "a string" if isinstance(value, str)
        else f"a {type(value).__name__}"
    )
    return (f"$ref target is {kind}, not {'an' if what[0] in 'aeiou' else 'a'} {what} object, so the {what} is not "
            f"linted: {shown(ref)}")


# --- why the resolver does not follow a reference ------------------------------------------------


def not_a_string(ref: Any) -> str:
    text = repr(ref)
    return f"$ref is not a string: {text[:80] + '…' if len(text) > 80 else text}"


def windows_path(ref: str) -> str:
    return f"$ref uses a Windows path, not read: {shown(ref)} (use a relative path with forward slashes)"


def network_path(ref: str) -> str:
    return f"$ref to a network path not read: {shown(ref)} {_RELATIVE}"


def remote_not_allowed(ref: str) -> str:
    return f"remote $ref not fetched: {shown(ref)} (remote references are fetched only with --allow-remote-refs)"


def file_url(ref: str) -> str:
    return f"$ref to a file: URL not read: {shown(ref)} {_RELATIVE}"


def unsupported_scheme(scheme: str, ref: str) -> str:
    return f"$ref scheme {shown(scheme, 40)}: is not supported, not read: {shown(ref)}"


def absolute_path(ref: str) -> str:
    return f"$ref to an absolute path not read: {shown(ref)} {_RELATIVE}"


def nul_byte(ref: str) -> str:
    return f"$ref path contains a NUL byte, not read: {shown(ref)}"


def outside_through_link(ref: str) -> str:
    return f"$ref leads outside the project root through a symbolic link, not read: {shown(ref)}"


def outside_root(ref: str) -> str:
    return f"$ref escapes the project root, not read: {shown(ref)}"


def not_a_file(target: str) -> str:
    """``target``: the file's display path."""
    return f"$ref target {shown(target)} is not a regular file, not read"


def unreadable(target: str, why: str) -> str:
    """``target``: the file's display path; ``why``: the loader's reason."""
    return f"$ref target {shown(target)} cannot be read: {why}"


def too_many_files(limit: int) -> str:
    return (f"$ref not followed: this document already pulls in {limit} files through $ref "
            f"(limits.max-ref-files); no further file is loaded")


def anchor(ref: str) -> str:
    return f"$ref to an anchor is not supported: {shown(ref)}"


def target_not_found(ref: str, where: str) -> str:
    """``where``: the display path of the file searched, or "this file"."""
    return f"$ref target not found: {shown(ref)} (in {where})"


def cycle(members: Sequence[str]) -> str:
    """``members``: each reference of the cycle (``#/pointer`` or ``file#/pointer``), the first
    one repeated at the end."""
    return f"$ref cycle: {' → '.join(shown(n, 120) for n in members)}"


def chain_too_long(limit: int, hops: int, ref: str, target: str) -> str:
    return f"$ref chain longer than {limit} hops (limits.max-ref-hops): {hops} hops from {shown(ref)} to {shown(target)}"


# --- remote references (``--allow-remote-refs``) ---------------------------------------------------


def other_origin(scheme: str, netloc: str, ref: str) -> str:
    return (f"$ref in a remote document may only point to its own origin ({scheme}://{netloc}), "
            f"not followed: {shown(ref)}")


def _not_fetched(url: str) -> str:
    return f"remote $ref {shown(url)} not fetched"


def fetch_crashed(url: str, exc: BaseException) -> str:
    """Anything the fetch raised that :func:`linter.sources.refs.fetch` does not expect."""
    return f"{_not_fetched(url)}: {type(exc).__name__}: {shown(str(exc))}"


def timed_out(url: str, timeout: float) -> str:
    return f"{_not_fetched(url)}: no complete answer within {timeout:g} s (limits.remote-timeout)"


def http_error(url: str, code: int, reason: str) -> str:
    return f"{_not_fetched(url)}: HTTP {code} {shown(reason, 80)}".rstrip()


def redirect_without_location(url: str, code: int) -> str:
    return f"{_not_fetched(url)}: HTTP {code} redirect without a Location"


def redirect_refused(url: str, target: str) -> str:
    return f"{_not_fetched(url)}: redirect to {shown(target)} refused (only http and https are followed)"


def too_many_redirects(url: str, limit: int) -> str:
    return f"{_not_fetched(url)}: more than {limit} redirects"


def declared_too_large(url: str, size: int, cap: int) -> str:
    return f"{_not_fetched(url)}: {size} bytes, more than {cap} (limits.remote-max-bytes)"


def too_large(url: str, cap: int) -> str:
    return f"{_not_fetched(url)}: more than {cap} bytes (limits.remote-max-bytes)"


def network_error(url: str, reason: str) -> str:
    return f"{_not_fetched(url)}: {shown(reason)}"


def protocol_error(url: str, exc: BaseException) -> str:
    """A malformed answer (``http.client.HTTPException``, ``ValueError``)."""
    return f"{_not_fetched(url)}: {type(exc).__name__}: {shown(str(exc))}".rstrip(": ")


def remote_not_utf8(url: str, offset: int) -> str:
    return f"remote $ref target {shown(url)} cannot be read: not UTF-8 text (invalid byte at offset {offset})"


def remote_unreadable(url: str, why: str) -> str:
    """``why``: the parser's reason."""
    return f"remote $ref target {shown(url)} cannot be read: {why}"
