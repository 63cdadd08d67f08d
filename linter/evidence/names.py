"""The names the ``attest`` and ``cards`` command lines offer, apart from the modules that use
them: registering the two subcommands (every CLI run does) then imports nothing heavy
(jsonschema, the signal tables), which ``run`` imports when one of them is asked for."""

from __future__ import annotations

ATTEST_FAIL_ON = {"thin": 1, "empty": 2, "invalid": 3, "never": 99}
CARDS_FAIL_ON = {"untested": 1, "stale": 2, "fail": 3, "never": 99}
FORMATS = ("text", "json", "sarif", "github", "markdown")
