"""``silentlint probe``: prove on a staging server which prose constraints fail silently.

For one parameter ``p`` of one operation, every other argument fixed, the probe sends the base
call twice (C, C: the repeat measures drift), the base with a valid value of ``p`` (A) and the base
with perturbations of ``p`` (B_i: case, separator, near-miss, unknown token, format variant,
out-of-bounds number), and compares each answer's signature (result count, fingerprint of the
first five rows' identities). Verdicts, controls and the order they are decided in live in
:mod:`linter.live.probe.verdicts`; every call is appended to a JSONL evidence log
(:mod:`linter.live.probe.log`) from which ``probe --replay`` derives the same verdicts without the
network; findings are the ``probe`` family's rules (``linter/checks/silent_empty.py`` and the others, sharing ``linter/checks/_probe.py``), run by the
ordinary engine with the verdicts as their input, so config, suppressions and every reporter work
as for ``check`` (which never runs them: ``engine.LIVE_FAMILIES``).

Modules: ``plan`` (the plan file and ``--init``), ``targets`` (what the lint says to probe, and
which operations may be called), ``variants`` (A and B_i values), ``http`` (the one place that
talks to the server: budget, rate, timeouts, redirects, size cap, secrets), ``signature`` (rows,
identities, content, rejections), ``verdicts``, ``log``, ``run`` (the whole probe and the replay),
``summary`` (the table by constraint form) and ``cli`` (the subcommand).
"""
