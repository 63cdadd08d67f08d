"""The probe plan: where the staging server is, how to authenticate (header names and the
environment variables holding their values, never the values), what each operation is called
with and where its rows are, which operations beyond GET may be called, and the limits.

A plan is checked whole before anything is sent: an unknown key, a wrong type or a missing
``base-url`` is one :class:`PlanError` line naming the key's path (exit code 2).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Mapping
from urllib.parse import urlsplit

import yaml

from linter.model import parse_pointer

DEFAULT_BUDGET = 200
DEFAULT_RATE = 2.0
DEFAULT_TIMEOUT = 10.0
DEFAULT_MAX_BYTES = 1_048_576
DEFAULT_RETRY_WAIT = 30.0
DEFAULT_LOG = os.path.join(".silentlint-cache", "probe", "calls.jsonl")

_HEADER_RX = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_VAR_RX = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class PlanError(Exception):
    """A plan that cannot be used (exit code 2, one line)."""


@dataclass(frozen=True)
class ParamPlan:
    valid: Any = None  # the A value; None: worked out from the spec
    skip: bool = False


@dataclass(frozen=True)
class OperationPlan:
    base: Mapping[str, Any] = field(default_factory=dict)
    results: str | None = None  # JSON pointer of the row list in a response
    id: str | None = None  # JSON pointer of a row's identity, inside a row
    count: str | None = None  # JSON pointer of a total count, when the rows are one page
    skip: bool = False
    parameters: Mapping[str, ParamPlan] = field(default_factory=dict)


@dataclass(frozen=True)
class Limits:
    budget: int = DEFAULT_BUDGET  # most HTTP requests in one run (retries and redirects count)
    rate: float = DEFAULT_RATE  # requests per second, at most
    timeout: float = DEFAULT_TIMEOUT  # seconds per request
    max_response_bytes: int = DEFAULT_MAX_BYTES
    drift_tolerance: float = 0.0  # relative difference of counts the two C calls may show
    max_retry_wait: float = DEFAULT_RETRY_WAIT  # cap on a Retry-After before the one retry


@dataclass(frozen=True)
class Plan:
    base_url: str
    path: str = ""  # the plan file ("" when drafted or given on the command line)
    spec: str | None = None
    auth_headers: Mapping[str, str] = field(default_factory=dict)  # header → environment variable
    limits: Limits = field(default_factory=Limits)
    allow: tuple[str, ...] = ()
    operations: Mapping[str, OperationPlan] = field(default_factory=dict)
    log: str | None = None

    def operation(self, op_id: str, label: str) -> OperationPlan:
        """The entry for an operation, by operationId or ``GET /path``."""
        return self.operations.get(op_id) or self.operations.get(label) or OperationPlan()

    def allows(self, op_id: str, label: str) -> bool:
        return op_id in self.allow or label in self.allow

    def resolved_headers(self, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
        """The auth headers' values; a variable that is not set is a :class:`PlanError` naming
        the variable (never a value)."""
        out = {}
        for header, var in self.auth_headers.items():
            value = environ.get(var)
            if value is None or value == "":
                raise PlanError(f"{self.where}: auth header {header} comes from ${var}, which is not set")
            out[header] = value
        return out

    @property
    def where(self) -> str:
        return self.path or "probe plan"


_TOP = {"base-url", "spec", "auth", "limits", "allow", "operations", "log"}
_LIMITS = {
    "budget": ("budget", int, 1, 100_000),
    "rate": ("rate", float, 0.001, 1000.0),
    "timeout": ("timeout", float, 0.01, 600.0),
    "max-response-bytes": ("max_response_bytes", int, 1, 1 << 31),
    "drift-tolerance": ("drift_tolerance", float, 0.0, 1.0),
    "max-retry-wait": ("max_retry_wait", float, 0.0, 600.0),
}
_OP_KEYS = {"base", "results", "id", "count", "skip", "parameters"}
_PARAM_KEYS = {"valid", "skip"}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "a mapping" if isinstance(value, dict) else type(value).__name__


def _unknown(where: str, data: Mapping[str, Any], known: set[str]) -> None:
    for key in data:
        if key not in known:
            raise PlanError(f"{where}: unknown key {key!r} (known: {', '.join(sorted(known))})")


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise PlanError(f"{where}: expected a mapping, got {_kind(value)}")
    return value


def _pointer(value: Any, where: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise PlanError(f"{where}: expected a JSON pointer (like /data or \"\"), got {_kind(value)}")
    try:
        parse_pointer(value)
    except ValueError:
        raise PlanError(f"{where}: {value!r} is not a JSON pointer (it starts with /, or is \"\" for the whole response)") from None
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise PlanError(f"{where}: expected true or false, got {_kind(value)}")
    return value


def check_base_url(url: Any, where: str) -> str:
    if not isinstance(url, str) or not url.strip():
        raise PlanError(f"{where}: base-url: expected an http:// or https:// URL, got {_kind(url)}")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError:
        raise PlanError(f"{where}: base-url: not a URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PlanError(f"{where}: base-url: expected an http:// or https:// URL with a host")
    if parts.username or parts.password:
        raise PlanError(f"{where}: base-url: credentials in the URL are refused (they would be logged); use auth.headers")
    if parts.query or parts.fragment:
        raise PlanError(f"{where}: base-url: no query or fragment (put arguments under operations.NAME.base)")
    return url.rstrip("/")


def parse_plan(data: Any, where: str) -> Plan:
    """A plan from its parsed YAML; :class:`PlanError` names the first problem's key path."""
    if data is None:
        raise PlanError(f"{where}: the plan is empty (it needs at least base-url)")
    top = _mapping(data, where)
    _unknown(where, top, _TOP)
    if "base-url" not in top:
        raise PlanError(f"{where}: base-url is missing (the staging server's URL, e.g. http://localhost:8080)")
    base = check_base_url(top["base-url"], where)
    spec = top.get("spec")
    if spec is not None and not isinstance(spec, str):
        raise PlanError(f"{where}: spec: expected a file name, got {_kind(spec)}")
    headers: dict[str, str] = {}
    if "auth" in top:
        auth = _mapping(top["auth"], f"{where}: auth")
        _unknown(f"{where}: auth", auth, {"headers"})
        for name, var in _mapping(auth.get("headers") or {}, f"{where}: auth.headers").items():
            if not isinstance(name, str) or not _HEADER_RX.fullmatch(name):
                raise PlanError(f"{where}: auth.headers: {name!r} is not a header name")
            if not isinstance(var, str) or not _VAR_RX.fullmatch(var):
                raise PlanError(
                    f"{where}: auth.headers.{name}: expected the name of the environment variable holding the value "
                    "(the value itself never goes into a plan)"
                )
            headers[name] = var
    limits = Limits()
    if "limits" in top:
        raw = _mapping(top["limits"], f"{where}: limits")
        _unknown(f"{where}: limits", raw, set(_LIMITS))
        values: dict[str, Any] = {}
        for key, value in raw.items():
            attr, kind, low, high = _LIMITS[key]
            ok = isinstance(value, (int, float)) and not isinstance(value, bool) and (kind is float or float(value).is_integer())
            if not ok or not low <= value <= high:
                what = "a whole number" if kind is int else "a number"
                raise PlanError(f"{where}: limits.{key}: expected {what} from {low:g} to {high:g}, got {value!r}")
            values[attr] = kind(value)
        limits = Limits(**values)
    allow: list[str] = []
    if "allow" in top:
        if not isinstance(top["allow"], list) or not all(isinstance(a, str) for a in top["allow"]):
            raise PlanError(f"{where}: allow: expected a list of operationIds or 'METHOD /path' names")
        allow = list(top["allow"])
    ops: dict[str, OperationPlan] = {}
    for name, raw_op in _mapping(top.get("operations") or {}, f"{where}: operations").items():
        at = f"{where}: operations.{name}"
        op = _mapping(raw_op if raw_op is not None else {}, at)
        _unknown(at, op, _OP_KEYS)
        base_args = _mapping(op.get("base") or {}, f"{at}.base")
        for k, v in base_args.items():
            if isinstance(v, dict):
                raise PlanError(f"{at}.base.{k}: expected a value, got {_kind(v)}")
        params: dict[str, ParamPlan] = {}
        for pname, raw_p in _mapping(op.get("parameters") or {}, f"{at}.parameters").items():
            pat = f"{at}.parameters.{pname}"
            p = _mapping(raw_p if raw_p is not None else {}, pat)
            _unknown(pat, p, _PARAM_KEYS)
            if isinstance(p.get("valid"), (dict, list)):
                raise PlanError(f"{pat}.valid: expected one value, got {_kind(p['valid'])}")
            params[str(pname)] = ParamPlan(p.get("valid"), _flag(p.get("skip", False), f"{pat}.skip"))
        ops[str(name)] = OperationPlan(
            base=dict(base_args),
            results=_pointer(op.get("results"), f"{at}.results"),
            id=_pointer(op.get("id"), f"{at}.id"),
            count=_pointer(op.get("count"), f"{at}.count"),
            skip=_flag(op.get("skip", False), f"{at}.skip"),
            parameters=params,
        )
    log = top.get("log")
    if log is not None and not isinstance(log, str):
        raise PlanError(f"{where}: log: expected a file name, got {_kind(log)}")
    return Plan(base, where, spec, headers, limits, tuple(allow), ops, log)


def load_plan(path: str) -> Plan:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        raise PlanError(f"{path}: plan file not found (silentlint probe SPEC --init drafts one)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PlanError(f"{path}: cannot read the plan: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise PlanError(f"{path}: invalid YAML: {str(exc).splitlines()[0]}") from None
    return parse_plan(data, path)


def spec_of(plan: Plan) -> str | None:
    """The plan's ``spec``, relative to the plan file's directory."""
    if plan.spec is None:
        return None
    if os.path.isabs(plan.spec) or not plan.path:
        return plan.spec
    return os.path.relpath(os.path.join(os.path.dirname(os.path.abspath(plan.path)), plan.spec))
