"""undocumented-status-values: result codes in responses and tool outputs with no stated meaning."""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.checks._operations import is_error_status
from linter.checks._status_codes import QUANTITY, Code, StatusWalker, status_like
from linter.model import Document, Hit, Location, Operation, Output, Pointer
from linter.prose.verbs import words


def _output_base(op: Operation, out: Output) -> Pointer:
    return out.location.pointer if op.kind == "tool" else ()


@check("document")
def undocumented_status_values(doc: Document, ctx: Context) -> Iterator[Hit]:
    """Result codes (``HOLD_7``, ``17``) in responses and tool outputs with no stated meaning."""
    walker: StatusWalker | None = None
    found: dict[tuple[str, Pointer], tuple[Code, str, list[Operation]]] = {}
    for op in doc.operations:
        for out in op.outputs:
            if out.schema is None or out.schema_location is None:
                continue
            if walker is None:
                walker = StatusWalker(doc)
            sl = out.schema_location
            codes = walker.walk(sl.source, sl.pointer, out.schema, _output_base(op, out))
            if not codes:
                continue
            error_body = is_error_status(out.status)
            for path, code in codes:
                path_words = set(words(path))
                if code.kind == "numeric" and words(code.name)[-1] == "status" and (
                    error_body or path_words & {"error", "errors", "meta", "metadata", "response", "header"}
                ):
                    continue  # the HTTP status repeated in an error body
                if path_words & {"exit", "http"} or (code.kind == "enum" and not status_like(code.name) and path_words & QUANTITY):
                    continue
                k = (code.location.source.abspath, code.location.pointer)
                entry = found.get(k)
                if entry is None:
                    where = f"{out.status} › " if out.status else "output › "
                    found[k] = (code, f"{op.label} › {where}{path}", [op])
                elif entry[2][-1] is not op:
                    entry[2].append(op)
    for code, label, ops in found.values():
        if code.kind == "numeric":
            what = (
                f"{label}: an integer result code whose values and meanings are nowhere documented (no enum with "
                "descriptions, no message field beside it); an agent will guess what a code means"
            )
        else:
            vals = ", ".join(code.values[:8]) + (f" and {len(code.values) - 8} more" if len(code.values) > 8 else "")
            one = len(code.values) == 1
            what = (
                f"{label}: {'value' if one else 'values'} {vals} {'has' if one else 'have'} no documented meaning "
                "(no oneOf const+description, x-enum-descriptions or per-value text); an agent will guess what "
                f"{'it means' if one else 'they mean'}"
            )
        yield Hit(
            what,
            code.location,
            related=tuple(
                Location(op.location.source, op.location.pointer, label=op.label) for op in ops
                if not (op.location.source is code.location.source and code.location.pointer[: len(op.location.pointer)] == op.location.pointer)
            )[:50],
            evidence={"field": code.name, "values": list(code.values), "kind": code.kind},
            key=code.name + "|" + ",".join(code.values),
        )
