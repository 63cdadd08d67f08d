"""unused-suppression: an ``x-silentlint-ignore`` entry or ``# silentlint-ignore:`` comment that
suppresses nothing.

Built in: only the whole run knows which suppressions were used (a suppression may cover
findings in several files), so the run driver collects them and asks :func:`finding` about each
one left over.
"""

from __future__ import annotations

BUILTIN = True
