"""Which edits a ``fix`` run applies: the findings' fixes, safe ones unless ``--unsafe``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

import yaml

from linter.config import ConfigError
from linter.model import Edit, Finding, Fix

if TYPE_CHECKING:
    from linter.fixes.core import FixError
    from linter.fixes.plan import FilePlan


UTF16_REFUSAL = (
    "UTF-16 text; fixes are written to UTF-8 files only "
    "(convert it first, e.g. with iconv -f UTF-16 -t UTF-8); nothing was changed"
)


def fixes_of(findings: Sequence[Finding], *, unsafe: bool) -> list[Fix]:
    return [f.fix for f in findings if f.fix is not None and (unsafe or f.fix.applicability == "safe")]


def edits_of(fixes: Sequence[Fix]) -> list[Edit]:
    """The fixes' edits, each distinct edit once (a shared definition is fixed once)."""
    seen: set[tuple[str, tuple[Any, ...], str, str, str]] = set()
    out: list[Edit] = []
    for fix in fixes:
        for e in fix.edits:
            key = (e.source.abspath, e.pointer, e.op, e.key, json.dumps(e.value, sort_keys=True, default=str))
            if key not in seen:
                seen.add(key)
                out.append(e)
    return out


def utf16_sources(fixes: Sequence[Fix]) -> dict[str, str]:
    """Files (abspath → display path) the fixes touch that are UTF-16: they are linted, but a
    fix would have to re-encode the whole file, so none is written (never a corrupted file).
    ``fix``, ``fix --diff`` and ``check --format diff`` leave them out alike, each naming
    them with :func:`utf16_refusal`."""
    from linter.sources.loader import utf16_bom

    out: dict[str, str] = {}
    for path, display in {(e.source.abspath, e.source.display_path) for fx in fixes for e in fx.edits}:
        try:
            with open(path, "rb") as fh:
                head = fh.read(4)
        except OSError:
            continue
        if utf16_bom(head):
            out[path] = display
    return out


def without_utf16(fixes: Sequence[Fix], utf16: dict[str, str]) -> list[Fix]:
    """``fixes`` minus those that edit a file of ``utf16`` (see :func:`utf16_sources`)."""
    if not utf16:
        return list(fixes)
    return [fx for fx in fixes if not any(e.source.abspath in utf16 for e in fx.edits)]


class Planned(NamedTuple):
    """What :func:`plan_fixes` makes of a list of fixes."""

    fixes: list[Fix]  # the fixes planned (those of UTF-16 files left out)
    changed: dict[str, "FilePlan"]  # abspath → the plan of each file whose text changes
    utf16: dict[str, str]  # the UTF-16 files left out (abspath → display path)
    errors: list["FixError"]  # the refused edits


def plan_fixes(fixes: Sequence[Fix]) -> Planned:
    """Plan ``fixes`` as ``fix`` and ``check --format diff`` both do: UTF-16 files left out
    (each to be named with :func:`utf16_refusal`), refused edits collected, not raised."""
    from linter.fixes import plan

    utf16 = utf16_sources(fixes)
    kept = without_utf16(fixes, utf16)
    errors: list[FixError] = []
    plans = plan(edits_of(kept), errors=errors)
    return Planned(kept, {k: p for k, p in plans.items() if p.changed}, utf16, errors)


def utf16_refusal(display: str) -> str:
    """The one stderr line that says why a UTF-16 file gets no fix (``display`` on one line)."""
    from linter.report._common import one_line

    return f"silentlint: fix refused: {one_line(display)}: {UTF16_REFUSAL}"


def fix_refusal(err: Exception) -> str:
    """The one stderr line for a refused fix (``fix``, ``fix --diff``, ``check --format diff``)."""
    from linter.report._common import one_line

    return f"silentlint: fix refused: {one_line(str(err))}"


def load_vocabulary(path: str) -> dict[str, list[Any]]:
    """``--vocabulary FILE``: a YAML or JSON mapping of field selector → the full list of values
    (e.g. recovered by probing the live API). Selectors: ``FIELD``, ``OPERATION.FIELD`` (an
    operationId or tool name, or ``"GET /path"``), or the field definition's JSON pointer
    (``#/components/parameters/Team``, optionally prefixed by its file)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read vocabulary file: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: invalid vocabulary file: {str(exc).splitlines()[0]}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a vocabulary file is a mapping of field selector to a list of values")
    out: dict[str, list[Any]] = {}
    for sel, values in data.items():
        if not isinstance(values, list) or not values or not all(isinstance(v, (str, int, float)) and not isinstance(v, bool) for v in values):
            raise ConfigError(f"{path}: {sel}: expected a non-empty list of strings or numbers")
        out[str(sel)] = values
    return out
