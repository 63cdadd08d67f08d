"""The GitHub Action's lint step: ``python -m linter.action``, run by ``action.yml``.

The logic lives here rather than in ``run:`` so it can be tested without GitHub, and so no
input ever passes through a shell. action.yml hands every input over as an environment
variable (``INPUT_PATHS``, ``INPUT_CONFIG``, ``INPUT_FAIL_ON``, ``INPUT_SARIF_FILE``,
``INPUT_ANNOTATIONS``, ``INPUT_CHANGED_ONLY``, ``INPUT_ALLOW_EMPTY``, ``INPUT_MCP_COMMAND``,
``INPUT_ATTEST``, ``INPUT_CARDS``) — GitHub's advice against script injection is an
intermediate environment variable instead of ``${{ }}`` in ``run:`` (docs.github.com, "Script
injections"); composite actions get no automatic ``INPUT_*`` variables (actions/runner#665).

The step writes the SARIF file, prints annotations (or text), appends the markdown summary to
``$GITHUB_STEP_SUMMARY``, sets the outputs in ``$GITHUB_OUTPUT``, and exits with
``silentlint check``'s exit code — after the outputs are written, so an ``if: always()``
upload step still finds the SARIF file. With ``changed-only`` the annotations, summary and
counts cover the changed lines only, but the SARIF file keeps every finding: code scanning
treats each upload as the whole state of the branch and filters pull requests to their changed
lines itself.

``attest`` and ``cards`` hold the arguments of ``silentlint attest`` and ``silentlint cards
check`` (split like a shell line, never run by one); each writes its own SARIF file beside
``sarif-file`` (``silentlint-attest.sarif``, ``silentlint-cards.sarif``: their own code
scanning category), annotates and adds its table to the step summary. The step exits with the
first non-zero code of check, attest and cards, in that order, after all three ran.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Mapping

from linter import cli

# actions/toolkit packages/core/src/core.ts getBooleanInput: the YAML 1.2 core schema booleans
_TRUE = ("true", "True", "TRUE")
_FALSE = ("false", "False", "FALSE")
_FAIL_ON = cli.FAIL_ON
_SHA = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class ActionError(Exception):
    """A bad input: reported as one ``::error::`` line, exit code 2."""


def boolean(name: str, value: str) -> bool:
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ActionError(f"input {name} must be true or false")


def split_paths(value: str) -> list[str]:
    """Paths from the ``paths`` input, never through a shell (no ``$(…)``, globbing or quotes).

    A value with a line break (a YAML ``|`` block) holds one path per line, so paths may contain
    spaces; a one-line value is split on whitespace.
    """
    if "\n" in value or "\r" in value:
        parts = [line.strip() for line in value.splitlines()]
    else:
        parts = value.split()
    return [p for p in parts if p]


def _single_line(name: str, value: str) -> str:
    if _CONTROL.search(value):
        raise ActionError(f"input {name} must be one line without control characters")
    return value


def set_output(path: str, name: str, value: str) -> None:
    """Append ``name`` to ``$GITHUB_OUTPUT`` in the delimiter form, so no value can add lines
    of its own (actions/toolkit packages/core/src/file-command.ts, prepareKeyValueMessage)."""
    delimiter = f"ghadelimiter_{uuid.uuid4()}"
    if delimiter in value:  # pragma: no cover - a random UUID
        raise ActionError("output value contains the delimiter")
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def _git(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=300)


def base_commit(environ: Mapping[str, str]) -> str | None:
    """The commit a pull request (or push) is compared with, from the event payload.

    pull_request / pull_request_target: ``pull_request.base.sha``; push: ``before`` (absent for
    a new branch); merge_group: ``merge_group.base_sha``. The commit is fetched when a shallow
    checkout (actions/checkout's default ``fetch-depth: 1``) does not have it.
    """
    event_name = environ.get("GITHUB_EVENT_NAME", "")
    try:
        with open(environ.get("GITHUB_EVENT_PATH", ""), encoding="utf-8") as fh:
            event = json.load(fh)
    except (OSError, ValueError):
        return None
    sha: object = None
    if event_name in ("pull_request", "pull_request_target"):
        sha = ((event.get("pull_request") or {}).get("base") or {}).get("sha")
    elif event_name == "push":
        sha = event.get("before")
    elif event_name == "merge_group":
        sha = (event.get("merge_group") or {}).get("base_sha")
    if not isinstance(sha, str) or not _SHA.match(sha) or set(sha) == {"0"}:
        return None
    try:
        have = _git(["cat-file", "-e", f"{sha}^{{commit}}"]).returncode == 0
        if not have:
            _git(["fetch", "--no-tags", "--quiet", "--depth=1", "origin", sha])
            have = _git(["cat-file", "-e", f"{sha}^{{commit}}"]).returncode == 0
    except (OSError, subprocess.TimeoutExpired):  # no git, or a fetch that hangs
        return None
    return sha if have else None  # e.g. the `before` of a force push, gone from the remote


def _counts(json_path: str) -> dict[str, int] | None:
    try:
        with open(json_path, encoding="utf-8") as fh:
            summary = json.load(fh)["summary"]
    except (OSError, ValueError, KeyError):
        return None
    by = summary["by_severity"]
    return {"findings": summary["findings"], "errors": by["error"], "warnings": by["warning"]}


def command_args(name: str, value: str) -> list[str]:
    """The ``attest``/``cards`` input: shell-like words (quotes group, nothing is expanded or
    run), one line or several."""
    if re.search(r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f]", value):
        raise ActionError(f"input {name} must not contain control characters")
    try:
        return [word for line in value.splitlines() for word in shlex.split(line)]
    except ValueError as exc:
        raise ActionError(f"input {name}: {exc}") from None


def beside(sarif: str, what: str) -> str:
    """``silentlint.sarif`` → ``silentlint-attest.sarif`` (same folder)."""
    root, ext = os.path.splitext(sarif)
    return f"{root}-{what}{ext or '.sarif'}"


def _evidence(argv: list[str], sarif: str, annotations: bool, md_path: str) -> int:
    sys.stdout.flush()
    reports = ["--format=github" if annotations else "--format=text", f"--output=markdown={md_path}", f"--output=sarif={sarif}"]
    code = cli.main([*argv, *reports])
    sys.stdout.flush()
    return code


def run(environ: Mapping[str, str]) -> int:
    paths = split_paths(environ.get("INPUT_PATHS", ""))
    config = _single_line("config", environ.get("INPUT_CONFIG", "").strip())
    fail_on = environ.get("INPUT_FAIL_ON", "").strip()
    fail_on = cli.FAIL_ON_ALIASES.get(fail_on, fail_on)
    if fail_on and fail_on not in _FAIL_ON:
        raise ActionError(f"input fail-on must be one of {', '.join(_FAIL_ON)}")
    sarif = _single_line("sarif-file", environ.get("INPUT_SARIF_FILE", "").strip() or "silentlint.sarif")
    annotations = boolean("annotations", environ.get("INPUT_ANNOTATIONS", "true").strip() or "true")
    changed_only = boolean("changed-only", environ.get("INPUT_CHANGED_ONLY", "false").strip() or "false")
    allow_empty = boolean("allow-empty", environ.get("INPUT_ALLOW_EMPTY", "false").strip() or "false")
    mcp_command = _single_line("mcp-command", environ.get("INPUT_MCP_COMMAND", "").strip())
    attest_args = command_args("attest", environ.get("INPUT_ATTEST", "").strip())
    cards_args = command_args("cards", environ.get("INPUT_CARDS", "").strip())
    workspace = environ.get("GITHUB_WORKSPACE")
    if workspace:
        os.chdir(workspace)

    base = None
    if changed_only:
        base = base_commit(environ)
        if base is None:
            print("::notice::silentlint: changed-only found no base commit for this event; reporting every finding")

    if mcp_command:
        # listed once into a snapshot, then linted like any file (the changed-only run below
        # lints twice and must not start the server twice)
        from linter.live.servers import ServerSpec, ServerSpecError, name_from_command, parse_command

        try:
            argv = parse_command(mcp_command)
        except ServerSpecError as exc:
            raise ActionError(f"input mcp-command: {exc}") from None
        snapshot = ServerSpec(name_from_command(argv), command=argv).snapshot_path()
        sys.stdout.flush()
        code = cli.main(["mcp-dump", f"--mcp-stdio={mcp_command}"])  # written to `snapshot`
        if code != cli.EXIT_OK:
            print(f"::error::silentlint: the MCP server of input mcp-command could not be listed (exit code {code}); see the line above")
            return code
        paths.append(snapshot)
    elif not paths and not (attest_args or cards_args):
        paths = ["."]

    sarif_dir = os.path.dirname(os.path.abspath(sarif))
    os.makedirs(sarif_dir, exist_ok=True)
    codes: list[int] = []
    with tempfile.TemporaryDirectory(prefix="silentlint-", dir=environ.get("RUNNER_TEMP") or None) as tmp:
        if paths:
            codes.append(_check(environ, tmp, paths, config, fail_on, sarif, annotations, allow_empty, base))
        for name, given, command in (("attest", attest_args, ["attest"]), ("cards", cards_args, ["cards", "check"])):
            if not given:
                continue
            path = beside(sarif, name)
            md_path = os.path.join(tmp, f"{name}.md")
            code = _evidence([*command, *given], path, annotations, md_path)
            codes.append(code)
            summary_path = environ.get("GITHUB_STEP_SUMMARY")
            if summary_path:
                with open(summary_path, "a", encoding="utf-8") as fh:
                    if os.path.isfile(md_path):
                        with open(md_path, encoding="utf-8") as md:
                            fh.write("\n" + md.read())
                    else:
                        fh.write(f"\n### silentlint {name}\n\nsilentlint {name} could not run (exit code {code}); see the step log.\n")
            output_path = environ.get("GITHUB_OUTPUT")
            if output_path and os.path.isfile(path):
                set_output(output_path, f"{name}-sarif-file", path)
    return next((c for c in codes if c != cli.EXIT_OK), cli.EXIT_OK)


def _check(
    environ: Mapping[str, str], tmp: str, paths: list[str], config: str, fail_on: str, sarif: str,
    annotations: bool, allow_empty: bool, base: str | None,
) -> int:
    """``silentlint check`` of ``paths``: SARIF, annotations, summary and outputs."""
    json_path = os.path.join(tmp, "report.json")
    md_path = os.path.join(tmp, "summary.md")
    # `--opt=value` and `--` keep every input an operand: a path such as `--output=x`
    # cannot become an option
    common = [f"--config={config}"] if config else []
    if fail_on:
        common.append(f"--fail-on={fail_on}")
    if allow_empty:
        common.append("--allow-empty")
    operands = ["--", *paths]
    reports = [
        "--format=github" if annotations else "--format=text",
        f"--output=json={json_path}",
        f"--output=markdown={md_path}",
    ]
    sys.stdout.flush()
    if base:
        # code scanning takes every upload as the whole state of the branch and itself
        # shows a pull request only the alerts on its changed lines, so the SARIF file
        # always holds every finding; only annotations, summary and outputs are filtered
        cli.main(["check", "--quiet", f"--output=sarif={sarif}", *common, *operands])
        code = cli.main(["check", *reports, f"--changed-since={base}", *common, *operands])
    else:
        code = cli.main(["check", *reports, f"--output=sarif={sarif}", *common, *operands])
    sys.stdout.flush()
    if code == cli.EXIT_EMPTY:
        print("::error::silentlint: no file was linted (see the line above); set allow-empty: true if that is expected")

    counts = _counts(json_path)
    summary_path = environ.get("GITHUB_STEP_SUMMARY")
    if summary_path:
        with open(summary_path, "a", encoding="utf-8") as fh:
            if counts is None:
                fh.write(f"### silentlint\n\nsilentlint could not run (exit code {code}); see the step log.\n")
            else:
                with open(md_path, encoding="utf-8") as md:
                    fh.write(md.read())
                if base:
                    fh.write(f"\nOnly findings on lines changed since `{base[:12]}` are reported.\n")
    output_path = environ.get("GITHUB_OUTPUT")
    if output_path:
        for name, value in (counts or {}).items():
            set_output(output_path, name, str(value))
        if os.path.isfile(sarif):
            set_output(output_path, "sarif-file", sarif)
    return code


def main() -> int:
    try:
        return run(os.environ)
    except ActionError as exc:
        print(f"::error::silentlint: {exc}")
        return cli.EXIT_USAGE


if __name__ == "__main__":
    raise SystemExit(main())
