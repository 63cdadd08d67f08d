"""Rule options: the schema a catalog entry declares, and the values one run gives a check.

A catalog entry declares each option once (type, default, range or choices, description). The
catalog loader checks the declaration, the config loader checks user values against it, and a
check reads :class:`Options`, which always holds every declared option: the default lives in the
catalog only, never a second time in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

TYPES: dict[str, tuple[type, ...]] = {
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "array": (list, tuple),
    "object": (dict,),
}
_ARTICLE = {"boolean": "a boolean", "integer": "an integer", "number": "a number", "string": "a string",
            "array": "a list", "object": "a mapping"}
_SPEC_KEYS = ("type", "default", "minimum", "maximum", "enum", "description", "set_by")


class OptionSchemaError(ValueError):
    """A catalog entry's option declaration is malformed (the catalog loader names the file)."""


def kind_of(value: Any) -> str:
    """What a value is, in the words a YAML or TOML author knows."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


def _fits(kind: str, value: Any) -> bool:
    # a boolean is an int in Python, never in a config file
    return isinstance(value, TYPES[kind]) and not (kind in ("integer", "number") and isinstance(value, bool))


@dataclass(frozen=True)
class OptionSpec:
    name: str
    type: str
    default: Any
    description: str
    minimum: float | None = None
    maximum: float | None = None
    enum: tuple[Any, ...] | None = None
    set_by: str | None = None  # set by a command-line flag only, never in the config

    def problem(self, value: Any) -> str | None:
        """Why ``value`` does not fit this option, or None when it does."""
        if value is None and self.default is None:
            return None
        if not _fits(self.type, value):
            return f"expected {_ARTICLE[self.type]}, got {kind_of(value)}"
        if self.enum is not None and value not in self.enum:
            return f"{value!r} is not one of {', '.join(map(str, self.enum))}"
        if self.minimum is not None and value < self.minimum:
            return f"{value!r} is below the minimum {self.minimum!r}"
        if self.maximum is not None and value > self.maximum:
            return f"{value!r} is above the maximum {self.maximum!r}"
        return None

    def signature(self) -> str:
        """``threshold (number, 0 to 1, default 0.75)``, for ``explain``."""
        parts = [self.type]
        if self.minimum is not None and self.maximum is not None:
            parts.append(f"{self.minimum!r} to {self.maximum!r}")
        elif self.minimum is not None:
            parts.append(f"at least {self.minimum!r}")
        elif self.maximum is not None:
            parts.append(f"at most {self.maximum!r}")
        if self.enum is not None:
            parts.append("one of " + ", ".join(map(str, self.enum)))
        parts.append("no default" if self.default is None else f"default {_yaml_value(self.default)}")
        if self.set_by:
            parts.append(f"set by {self.set_by}")
        return f"{self.name} ({', '.join(parts)})"


def _yaml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def parse_specs(raw: Any) -> dict[str, OptionSpec]:
    """The ``options`` of a catalog entry: ``{name: {type, default, description, …}}``."""
    if raw is None or raw == {}:
        return {}
    if not isinstance(raw, dict):
        raise OptionSchemaError(f"options is {kind_of(raw)}; declare a mapping of option name to its schema")
    specs: dict[str, OptionSpec] = {}
    for name, decl in raw.items():
        where = f"options.{name}"
        if not isinstance(decl, dict):
            raise OptionSchemaError(
                f"{where} is {kind_of(decl)}; declare its schema ({{type: …, default: …, description: …}})"
            )
        unknown = sorted(set(decl) - set(_SPEC_KEYS))
        if unknown:
            raise OptionSchemaError(f"{where}: unknown key {', '.join(map(str, unknown))} (known: {', '.join(_SPEC_KEYS)})")
        missing = [k for k in ("type", "default", "description") if k not in decl]
        if missing:
            raise OptionSchemaError(f"{where}: missing {', '.join(missing)}")
        kind = decl["type"]
        if kind not in TYPES:
            raise OptionSchemaError(f"{where}.type: {kind_of(kind)} is not one of {', '.join(TYPES)}")
        if not isinstance(decl["description"], str) or not decl["description"].strip():
            raise OptionSchemaError(f"{where}.description: expected a sentence, got {kind_of(decl['description'])}")
        for bound in ("minimum", "maximum"):
            if bound in decl and (kind not in ("integer", "number") or not _fits("number", decl[bound])):
                raise OptionSchemaError(f"{where}.{bound}: a bound needs a number option and a number, got {kind_of(decl[bound])}")
        enum = decl.get("enum")
        if enum is not None and (not isinstance(enum, list) or not enum or not all(_fits(kind, v) for v in enum)):
            raise OptionSchemaError(f"{where}.enum: expected a non-empty list of {kind} values")
        set_by = decl.get("set_by")
        if set_by is not None and not isinstance(set_by, str):
            raise OptionSchemaError(f"{where}.set_by: expected the flag that sets it, got {kind_of(set_by)}")
        spec = OptionSpec(
            name=str(name), type=kind, default=decl["default"], description=" ".join(decl["description"].split()),
            minimum=decl.get("minimum"), maximum=decl.get("maximum"),
            enum=tuple(enum) if enum is not None else None, set_by=set_by,
        )
        why = spec.problem(spec.default)
        if why:
            raise OptionSchemaError(f"{where}.default: {why}")
        specs[spec.name] = spec
    return specs


def config_problem(specs: Mapping[str, OptionSpec], values: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first option in a config's ``options`` that the rule does not declare or that does not
    fit its declaration: (option name, why)."""
    for name, value in values.items():
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(specs) or "none"
            return str(name), f"unknown option (known: {known})"
        if spec.set_by:
            return str(name), f"set by {spec.set_by}, not in the config"
        why = spec.problem(value)
        if why:
            return str(name), why
    return None


class Options(Mapping[str, Any]):
    """The options one check runs with: every declared option, the catalog's default unless the
    config (or a command-line flag) set it. Reading an undeclared option is a KeyError, so a
    check cannot grow a private option the catalog does not show."""

    __slots__ = ("_values",)

    def __init__(self, specs: Mapping[str, OptionSpec], *layers: Mapping[str, Any]):
        values = {name: spec.default for name, spec in specs.items()}
        for layer in layers:
            for name, value in layer.items():
                if name not in specs:
                    raise KeyError(f"undeclared option {name!r}")
                values[name] = value
        self._values = values

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def flag(self, name: str) -> bool:
        return bool(self._values[name])

    def integer(self, name: str) -> int:
        return int(self._values[name])

    def number(self, name: str) -> float:
        return float(self._values[name])
