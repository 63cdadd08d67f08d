"""Evidence the files cannot give, from records a team already keeps (DESIGN.md §1):

- ``attest``: recorded tool outputs checked against their schema, then for the signals of an
  output that validates and says nothing (:mod:`linter.evidence.signals`), with one verdict per
  output (:mod:`linter.evidence.attest`);
- ``cards``: task–call contract (TCC) cards compared with the observations of a run, check by
  check, and pinned to the tool set they were written for (:mod:`linter.evidence.cards`,
  :mod:`linter.evidence.toolhash`).

Both report through the ordinary reporters (:mod:`linter.evidence.report`); the command line is
:mod:`linter.evidence.cli`.
"""
