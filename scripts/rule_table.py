#!/usr/bin/env python3
"""Regenerate the README's rule table from the catalog: ``python scripts/rule_table.py [--check]``.

The table between ``<!-- rules:start -->`` and ``<!-- rules:end -->`` in ``README.md`` is the
output of ``silentlint rules --format markdown``; this writes it there (``--check``: exit 1 and
say so when it is stale, change nothing). ``scripts/new_rule.py`` runs it after writing a rule.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- rules:start -->\n", "<!-- rules:end -->"


def table(root: Path = ROOT) -> str:
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from linter.catalog import read_catalog
    from linter.cli import rule_table_markdown

    return rule_table_markdown(read_catalog(root / "rules"))


def update(root: Path = ROOT) -> bool:
    """Write the current table into ``root/README.md``; whether it changed."""
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"rule_table.py: error: README.md has no {START.strip()} … {END} block")
    head, rest = text.split(START, 1)
    new = head + START + table(root) + END + rest.split(END, 1)[1]
    if new == text:
        return False
    readme.write_text(new, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rule_table.py", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether README.md's table is current")
    args = parser.parse_args(argv)
    if args.check:
        text = (ROOT / "README.md").read_text(encoding="utf-8")
        current = START in text and text.split(START, 1)[1].split(END, 1)[0] == table()
        print("README rule table is current" if current else "README rule table is stale: run python scripts/rule_table.py")
        return 0 if current else 1
    print("README.md: rule table updated" if update() else "README.md: rule table already current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
