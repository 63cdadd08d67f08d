"""A stub rule catalog for the engine and CLI tests: ``SILENTLINT_CATALOG=stub_catalog`` (the
``stub_catalog`` fixture in ``tests/conftest.py`` sets it, and the ``PYTHONPATH`` a subprocess
needs to import this package).

The catalog's semantics (select/ignore by rule and family, severities and overrides, ``off`` by
default, suppressions, baselines, ``--fail-on``, built-in rules) are tested on these few rules,
which fire only where a spec says so (the word FLAG or QUIET in a description or summary), so a
rule added to the real catalog changes none of those tests. Each rule is a YAML entry and a
module named after its id, as in ``rules/`` and ``linter/checks/``.
"""
