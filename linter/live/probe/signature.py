"""What an answer says, reduced to what the verdicts compare (the body itself is never logged).

- **rows**: the plan's ``results`` pointer, else a guess: the answer itself when it is a list,
  else the longest list found in it (four levels deep; the first one on a tie).
- **identity** of a row: the plan's ``id`` pointer inside the row, else its ``id`` key, else the
  whole row (canonical JSON).
- **signature**: (result count, fingerprint of the first five rows' identities); the count is
  the plan's ``count`` pointer when it names a number (a total over pages), else the rows.
- **content** (a simple, documented check; the ``attest`` signals replace it later):
  ``empty`` when there are no rows (or the answer is not JSON), ``stub`` when every row is the
  same and none holds a value (null, empty, or a placeholder word such as ``n/a``), which is a
  valid-but-empty answer, not content; else ``content``.
- **rejected**: a 4xx status, or a 2xx whose JSON says it failed (a truthy ``error``, a non-empty
  ``errors``, ``success``/``ok`` false, ``status`` error/fail/failed).
- **bare**: a 4xx whose body says nothing but its status (empty, or only the reason phrase);
  bare 4xx and 429 answers are retried once before they count.
- whether an error **names the parameter** and **its legal values**: as whole words, in any case.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, Iterator

from linter.model import get_at, parse_pointer

_STUB_WORDS = frozenset({"", "n/a", "na", "none", "null", "nil", "unknown", "-", "—", "tbd", "todo", "placeholder", "string"})
_FAILED = frozenset({"error", "fail", "failed", "failure"})
EXCERPT = 200


@dataclass(frozen=True)
class Signature:
    count: int
    fingerprint: str

    def as_dict(self) -> dict[str, Any]:
        return {"count": self.count, "fingerprint": self.fingerprint}


def parse_json(body: bytes) -> tuple[bool, Any]:
    if not body.strip():
        return False, None
    try:
        return True, json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False, None


def _lists(node: Any, depth: int = 0) -> Iterator[list[Any]]:
    if isinstance(node, list):
        yield node
    if depth >= 4:
        return
    if isinstance(node, dict):
        for v in node.values():
            yield from _lists(v, depth + 1)


def rows_of(doc: Any, results: str | None) -> list[Any]:
    if results is not None:
        try:
            found = get_at(doc, parse_pointer(results))
        except (KeyError, ValueError):
            return []
        return found if isinstance(found, list) else []
    best: list[Any] = []
    for lst in _lists(doc):
        if len(lst) > len(best):
            best = lst
    return best


def identity(row: Any, id_pointer: str | None) -> Any:
    if id_pointer is not None:
        try:
            return get_at(row, parse_pointer(id_pointer))
        except (KeyError, ValueError):
            return None
    if isinstance(row, dict) and "id" in row:
        return row["id"]
    return json.dumps(row, sort_keys=True, default=str)


def signature(rows: list[Any], id_pointer: str | None, total: int | None = None) -> Signature:
    ids = [identity(r, id_pointer) for r in rows[:5]]
    digest = hashlib.sha256(json.dumps(ids, sort_keys=True, default=str).encode()).hexdigest()[:12]
    return Signature(total if total is not None else len(rows), digest)


def total_of(doc: Any, count: str | None) -> int | None:
    if count is None:
        return None
    try:
        v = get_at(doc, parse_pointer(count))
    except (KeyError, ValueError):
        return None
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _no_value(node: Any) -> bool:
    if node is None:
        return True
    if isinstance(node, str):
        return node.strip().lower() in _STUB_WORDS
    if isinstance(node, (list, dict)):
        values = node.values() if isinstance(node, dict) else node
        return all(_no_value(v) for v in values)
    return False


def content_of(rows: list[Any], is_json: bool) -> str:
    if not is_json or not rows:
        return "empty"
    first = json.dumps(rows[0], sort_keys=True, default=str)
    if all(json.dumps(r, sort_keys=True, default=str) == first for r in rows[1:]) and _no_value(rows[0]):
        return "stub"
    return "content"


def error_body(doc: Any) -> bool:
    if not isinstance(doc, dict):
        return False
    err = doc.get("error")
    if err not in (None, False, "", {}, []):
        return True
    if isinstance(doc.get("errors"), list) and doc["errors"]:
        return True
    if doc.get("success") is False or doc.get("ok") is False:
        return True
    status = doc.get("status")
    return isinstance(status, str) and status.lower() in _FAILED


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for v in node.values():
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def bare(status: int, body: bytes) -> bool:
    """A 4xx that says nothing but its status."""
    text = body.decode("utf-8", "replace").strip()
    if not text:
        return True
    try:
        phrase = HTTPStatus(status).phrase.lower()
    except ValueError:
        phrase = ""
    ok, doc = parse_json(body)
    words = list(_strings(doc)) if ok else [text]
    return all(w.strip().lower() in (phrase, "error", "") for w in words)


def names_word(text: str, word: str) -> bool:
    word = str(word).strip()
    if not word:
        return False
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I) is not None


def excerpt(body: bytes) -> str:
    text = " ".join(body.decode("utf-8", "replace").split())
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"
