"""missing-error-response: no documented way to tell a failure from a success."""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping

from linter import _recache
from linter.checks import Context, check
from linter.checks._operations import is_error_status, tool_set_hit
from linter.model import Document, Hit, Operation


_FAILURE_TEXT = _recache.compile(
    r"\bis_?error\b|\berrors?\b|\bfail(?:s|ed|ure|ures|ing)?\b|\bexceptions?\b|\bthrows?\b|\braises?\b"
    r"|\binvalid\b|\bnot\s+found\b|\bdoes(?:\s+not|n't)\s+exist\b|\brefuse[sd]?\b|\breject(?:s|ed)?\b"
    r"|\bunsuccessful\b|失败|失敗|错误|錯誤|报错|報錯|异常|異常|无效|無效|不存在",
    re.I,
)

_ERROR_FIELD = _recache.compile(r"error|fail|success|succeeded|^ok$|^is_?ok$", re.I)

_FAILURE_VALUE = _recache.compile(r"^(?:fail(?:ed|ure)?|error(?:ed)?|rejected|timeout|timed_?out)$", re.I)


def _output_reports_failure(schema: Mapping[str, Any] | None, depth: int = 0) -> bool:
    """An error/success field, or a status enum with a failure value, near the top of a schema."""
    if not isinstance(schema, dict) or depth > 2:
        return False
    props = schema.get("properties")
    if isinstance(props, dict):
        for name, prop in props.items():
            if _ERROR_FIELD.search(str(name)):
                return True
            if isinstance(prop, dict):
                enum = prop.get("enum")
                if isinstance(enum, list) and any(_FAILURE_VALUE.match(str(v)) for v in enum):
                    return True
                if _output_reports_failure(prop, depth + 1):
                    return True
    for comb in ("oneOf", "anyOf", "allOf"):
        parts = schema.get(comb)
        if isinstance(parts, list) and any(_output_reports_failure(p, depth + 1) for p in parts):
            return True
    return False


def _says_failure(op: Operation) -> bool:
    return bool(_FAILURE_TEXT.search(op.description) or _FAILURE_TEXT.search(op.summary)) or any(
        _output_reports_failure(o.schema) for o in op.outputs
    )


_NO_FAILURE_CHANNEL = frozenset({"openai", "gemini"})
"""Tool formats whose call result has no failure flag: an OpenAI function output and a Gemini
function response are free text or a free object. MCP (``isError``) and Anthropic (``is_error``)
results say "this call failed" by themselves, so a tool there is not at fault for not saying it."""


@check("document")
def missing_error_response(doc: Document, ctx: Context) -> Iterator[Hit]:
    """An HTTP operation that documents no 4xx, 5xx or ``default`` response; OpenAI/Gemini tools
    whose description and output schema never say how a failure is reported (one finding per
    set). MCP and Anthropic tools have a failure flag in the protocol and are not reported."""
    tools = [op for op in doc.operations if op.kind == "tool"]
    if tools and doc.format in _NO_FAILURE_CHANNEL and ctx.options.flag("tools"):
        silent = [op for op in tools if not _says_failure(op)]
        if silent:
            yield tool_set_hit(
                silent, len(tools),
                "neither the description nor the output schema says how a failure is reported "
                "(an error or success field, \"returns an error if …\")",
                "an agent may read a failure as an empty success",
                "tools",
            )
    for op in doc.operations:
        if op.kind != "http" or any(is_error_status(o.status) for o in op.outputs):
            continue
        # at the responses object; `responses: null` (op.at would point there) at the operation
        loc = op.at("responses") if op.node.get("responses") is not None else op.location
        documented = sorted(o.status for o in op.outputs if o.status)
        have = f" (only {', '.join(documented)})" if documented else ""
        yield Hit(
            f"{op.label}: no 4xx, 5xx or default response is documented{have}; "
            "a client cannot tell a rejected request from an empty success",
            loc,
            evidence={"documented_statuses": documented},
        )
