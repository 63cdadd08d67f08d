"""Hypothesis profiles for the fuzz suite (tests/test_fuzz.py).

``ci`` (the default) is bounded and deterministic: the same examples on every run, no example
database written into the work tree, so a red CI build is reproducible and a green one means the
same thing each time. ``long`` is what ``benchmarks/fuzz.py`` runs: many more examples from a
random seed. Choose another with ``HYPOTHESIS_PROFILE=long`` or pytest's
``--hypothesis-profile``.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# The compiled-pattern cache (linter/_recache.py) of this test session, in a directory of its own:
# the suite never writes into the user's ~/.cache (tests of the cache give their own directory)
_CACHE = tempfile.mkdtemp(prefix="silentlint-test-cache-")
os.environ.setdefault("SILENTLINT_CACHE_DIR", _CACHE)
atexit.register(shutil.rmtree, _CACHE, True)

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

settings.register_profile(
    "ci",
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=_SLOW_OK,
)
settings.register_profile(
    "long",
    max_examples=5_000,
    deadline=None,
    derandomize=False,
    database=None,
    print_blob=True,
    suppress_health_check=_SLOW_OK,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


STUB_CATALOG = "stub_catalog"  # tests/stub_catalog: importable as tests/ is on sys.path


@pytest.fixture
def stub_catalog(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Run the engine on the stub catalog (``tests/stub_catalog``) instead of the real one; the
    returned variables do the same for a subprocess (``run_cli(..., env=stub_catalog)``)."""
    from clirun import REPO

    monkeypatch.setenv("SILENTLINT_CATALOG", STUB_CATALOG)
    return {"SILENTLINT_CATALOG": STUB_CATALOG, "PYTHONPATH": os.pathsep.join((str(REPO), str(REPO / "tests")))}
