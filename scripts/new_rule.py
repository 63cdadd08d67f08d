#!/usr/bin/env python3
"""Scaffold a rule: ``python scripts/new_rule.py ID --family F [--default-on] [--scope S]``.

Writes the three places a rule lives (CONTRIBUTING.md, "Adding a rule"), and the README row:

- ``rules/ID.yaml``, the catalog entry (``default_severity: 'off'`` unless ``--default-on``);
- ``linter/checks/ID_.py`` (the id with ``-`` → ``_``), the rule's module: a check function of
  the same name, registered with its scope (the catalog finds it by the id, nothing names it);
- ``tests/rules/ID/bad-openapi3.yaml`` (one finding marked with an expect comment) and
  ``good-openapi3.yaml`` (none);
- the README rule table, regenerated from the catalog (``scripts/rule_table.py``).

The stub reports nothing, so the bad fixture and the catalog's bad example fail
(``pytest tests/test_rules.py -k ID``) until the check is implemented. Bad arguments: one line on
stderr, exit 2.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rule_table  # noqa: E402  # scripts/rule_table.py, beside this file

ROOT = Path(__file__).resolve().parent.parent
ID_RX = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SUBJECT = {"field": "Field", "operation": "Operation", "document": "Document"}

ENTRY = """\
id: {id}
family: {family}
default_severity: {severity}
summary: One line saying what {id} flags (the README rule table shows it).
rationale: |
  Why it matters, with the measured evidence: what models did with and without the constraint.
how_to_fix: |
  What the author writes instead.
fix: none
precision: medium
tags: [{family}]
options: {{}}
examples:
  - title: The smallest real-looking case
    bad: |
{bad}
    good: |
{good}
"""

API = """\
openapi: 3.0.3
info: {{title: Orders, version: "1"}}
paths:
  /orders:
    get:
      parameters:
        - name: {name}{mark}
          in: query
          description: {description}
          schema: {{type: string}}
      responses:
        "200": {{description: OK}}
        default: {{description: Error.}}
"""

HEADER = """\
# {id}: {what}
# Replace this API with the smallest real-looking case{moved}.
"""

MODULE = '''"""{id}: what it flags, in one line.

The rule's module: its decision, its message and its fix (``rules/{id}.yaml`` says what it
flags and why to users). Analysis several rules share lives in the underscored modules beside it
(``_vocabulary``, ``_readwrite``, ``_operations``…) and returns neutral evidence.
"""

from __future__ import annotations

from typing import Iterator

from linter.checks import Context, check
from linter.model import {model_names}


@check("{scope}")
def {func}({arg}: {subject}, ctx: Context) -> Iterator[Hit]:
    """What the rule flags, and why."""
    # Reports nothing yet: the bad fixture (tests/rules/{id}/) and the catalog's bad example
    # fail until this yields its finding, e.g. Hit(f"{{{arg}.label}}: …", {arg}.location).
    yield from ()
'''


class ScaffoldError(Exception):
    pass


def _api(name: str, description: str, mark: str = "") -> str:
    return API.format(name=name, mark=mark, description=description)


def _indented(text: str) -> str:
    return "\n".join("      " + line for line in text.rstrip("\n").splitlines())


def scaffold(rule_id: str, family: str, default_on: bool, scope: str, root: Path = ROOT) -> list[str]:
    """Write the rule's files under ``root``; the lines to print."""
    if not ID_RX.match(rule_id):
        raise ScaffoldError(f"{rule_id!r} is not a kebab-case rule id (lower-case words joined by '-')")
    entry = root / "rules" / f"{rule_id}.yaml"
    if entry.exists():
        raise ScaffoldError(f"rules/{rule_id}.yaml exists already")
    families = sorted({m.group(1) for p in (root / "rules").glob("*.yaml")
                       if (m := re.search(r"^family: (\S+)$", p.read_text(encoding="utf-8"), re.M))})
    if family not in families:
        raise ScaffoldError(f"unknown family {family!r} (choose from {', '.join(families)})")
    func = rule_id.replace("-", "_")
    module_path = root / "linter" / "checks" / f"{func}.py"
    if module_path.exists():
        raise ScaffoldError(f"linter/checks/{func}.py exists already")
    fixtures = root / "tests" / "rules" / rule_id
    if fixtures.exists():
        raise ScaffoldError(f"tests/rules/{rule_id}/ exists already")

    subject = SUBJECT[scope]
    module = MODULE.format(scope=scope, func=func, arg=scope, subject=subject, id=rule_id,
                           model_names=", ".join(sorted((subject, "Hit"))))
    bad = _api("flagged", "A field the rule reports.", f"  # expect: {rule_id}")
    good = _api("fine", "A field the rule leaves alone.")
    severity = "warning" if default_on else "'off'"
    entry.write_text(
        ENTRY.format(
            id=rule_id, family=family, severity=severity, func=func,
            bad=_indented(_api("flagged", "A field the rule reports.")), good=_indented(good),
        ),
        encoding="utf-8",
    )
    module_path.write_text(module, encoding="utf-8")
    fixtures.mkdir(parents=True)
    (fixtures / "bad-openapi3.yaml").write_text(
        HEADER.format(id=rule_id, what="each finding is marked with an expect comment on the line it points at",
                      moved=", and move the mark to the line your finding points at") + bad,
        encoding="utf-8",
    )
    (fixtures / "good-openapi3.yaml").write_text(
        HEADER.format(id=rule_id, what="a case the rule must stay quiet on (the fix of the bad one)", moved="") + good,
        encoding="utf-8",
    )
    rule_table.update(root)
    return [
        f"created rules/{rule_id}.yaml (default_severity: {severity})",
        f"created linter/checks/{func}.py (check function {func}, scope {scope})",
        f"created tests/rules/{rule_id}/bad-openapi3.yaml and good-openapi3.yaml",
        "updated the README rule table",
        f"next: write the entry's summary, rationale and how_to_fix; implement {func} until "
        f"`PYTHONPATH=. python -m pytest tests/test_rules.py -k {rule_id}` passes (it fails until then)",
        "then run python scripts/rule_table.py (the README table shows the summary)"
        + (", and make examples/ show the rule (a default-on rule must fire there)" if default_on else ""),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="new_rule.py", description=__doc__.splitlines()[0])
    parser.add_argument("id", help="kebab-case rule id, stable forever once shipped")
    parser.add_argument("--family", required=True, help="the catalog family (boundary, hygiene, probe, status, vocabulary, …)")
    parser.add_argument("--default-on", action="store_true", help="default_severity warning instead of 'off'")
    parser.add_argument("--scope", choices=tuple(SUBJECT), default="field", help="what the check is called with")
    args = parser.parse_args(argv)
    try:
        lines = scaffold(args.id, args.family, args.default_on, args.scope)
    except ScaffoldError as exc:
        print(f"new_rule.py: error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
