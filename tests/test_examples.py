"""``examples/`` shows every default-on rule: the Quick start lints it, so a rule that is on by
default and never fires there is a rule a new user never sees. This is the one test that pins the
real catalog's set of default-on rules; every other engine and CLI test runs on the stub catalog."""

from __future__ import annotations

import pytest

from clirun import REPO
from linter.catalog import load_catalog
from linter.config import Config
from linter.engine import LIVE_FAMILIES, run


def test_examples_trigger_every_default_on_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    # probe findings come from a staging server, not from files
    shipped = {rid for rid, rule in load_catalog().items() if rule.default_severity != "off" and rule.family not in LIVE_FAMILIES}
    result = run(["examples"], Config(), jobs=1)
    assert result.problems == []
    fired = {f.rule for f in result.findings}
    missing = sorted(shipped - fired)
    assert not missing, (
        f"examples/ shows no finding of the default-on rule(s) {', '.join(missing)}: add the smallest real-looking "
        "case to a spec under examples/ (or a new one), so that `silentlint check examples` reports it"
    )

