"""Remote ``$ref``s, fetched only with ``--allow-remote-refs``, from a loopback server the test
starts: timeout, size cap while streaming, errors, redirects, per-run cache, and a remote document
that tries to reach local files or other hosts."""

from __future__ import annotations

import json
import pickle
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jsonschema
import pytest

from clirun import run_cli
from linter.model import RemoteSource
from test_refs import spec_with_refs

HERE = Path(__file__).parent
REPO = HERE.parent
SENTINEL = "SENTINEL-remote-5c1d"

PARAMS = """Limit:
  name: limit
  in: query
  description: "One of: small, medium, large."
  schema: {type: string}
Kind:
  $ref: "common.yaml#/Kind"
"""
COMMON = """Kind:
  name: kind
  in: query
  description: "Either cat or dog."
  schema: {type: string}
"""


class Server:
    """A loopback HTTP server whose routes the test sets; it records every request path."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.routes: dict[str, object] = {}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                server.requests.append(self.path)
                route = server.routes.get(self.path)
                try:
                    if callable(route):
                        route(self)
                    elif isinstance(route, str):
                        body = route.encode()
                        self.send_response(200)
                        self.send_header("Content-Type", "application/yaml")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    else:
                        self.send_error(404)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    s.routes.update({"/params.yaml": PARAMS, "/common.yaml": COMMON})
    yield s
    s.close()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.yaml").write_text(f"Limit: {{name: x, in: query, description: '{SENTINEL}'}}\n")
    return root


# The rules these tests are about: unresolved-ref reports a remote reference not fetched;
# prose-enum fires on the parameters a fetched one reaches (PARAMS and COMMON hold prose enums).
SELECT = ["--select", "unresolved-ref,prose-enum"]


def spec(refs: list[str]) -> str:
    """One operation per reference; the ``$ref`` of operation ``i`` is on line ``6 + 4 * i``."""
    return spec_with_refs(refs)


def cli(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(args, cwd)  # (no proxy variables reach it)


def findings(r: subprocess.CompletedProcess[str]) -> list[tuple[str, str, int, str]]:
    assert "Traceback" not in r.stderr, r.stderr
    return [(f["rule"], f["path"], f["line"], f["message"]) for f in json.loads(r.stdout)["findings"]]


def test_not_fetched_without_the_flag(server: Server, project: Path) -> None:
    (project / "api.yaml").write_text(spec([f"{server.base}/params.yaml#/Limit"]))
    r = cli(["check", "api.yaml", "--format", "json", *SELECT], project)
    assert r.returncode == 1
    assert findings(r) == [
        (
            "unresolved-ref",
            "api.yaml",
            6,
            f"remote $ref not fetched: {server.base}/params.yaml#/Limit "
            "(remote references are fetched only with --allow-remote-refs)",
        )
    ]
    assert server.requests == []


def test_fetched_with_the_flag_once_per_run(server: Server, project: Path) -> None:
    url = f"{server.base}/params.yaml"
    (project / "api.yaml").write_text(spec([f"{url}#/Limit", f"{url}#/Kind", f"{url}#/Limit"]))
    r = cli(["check", "api.yaml", "--allow-remote-refs", "--format", "json", "--output", "sarif=out.sarif", *SELECT], project)
    assert r.returncode == 1, r.stderr
    got = findings(r)
    assert [(rule, path, line) for rule, path, line, _ in got] == [
        ("prose-enum", f"{server.base}/common.yaml", 4),
        ("prose-enum", url, 4),
    ]
    assert got[1][3] == "GET /p0 › limit: description lists 3 values (small, medium, large) but the schema has no enum"
    assert sorted(server.requests) == ["/common.yaml", "/params.yaml"]
    sarif = json.loads((project / "out.sarif").read_text())
    schema = json.loads((HERE / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(sarif)
    uris = [res["locations"][0]["physicalLocation"]["artifactLocation"] for res in sarif["runs"][0]["results"]]
    assert uris == [{"uri": f"{server.base}/common.yaml"}, {"uri": url}]
    assert all("fixes" not in res for res in sarif["runs"][0]["results"])


def test_the_config_key_allows_them_too(server: Server, project: Path) -> None:
    (project / ".silentlint.yaml").write_text("limits:\n  allow-remote-refs: true\n")
    (project / "api.yaml").write_text(spec([f"{server.base}/params.yaml#/Limit"]))
    r = cli(["check", "api.yaml", "--format", "json", *SELECT], project)
    assert [(rule, path) for rule, path, _, _ in findings(r)] == [("prose-enum", f"{server.base}/params.yaml")]


def test_a_remote_document_is_never_fixed(server: Server, project: Path) -> None:
    (project / "api.yaml").write_text(spec([f"{server.base}/params.yaml#/Limit"]))
    before = (project / "api.yaml").read_bytes()
    r = cli(["fix", "api.yaml", "--allow-remote-refs", "--diff", *SELECT], project)
    assert (r.returncode, r.stdout) == (0, "")
    r = cli(["fix", "api.yaml", "--allow-remote-refs", *SELECT], project)
    assert (r.returncode, r.stderr) == (0, "silentlint: fixed 0 findings in 0 files\n")
    assert (project / "api.yaml").read_bytes() == before
    assert sorted(p.name for p in project.iterdir()) == ["api.yaml"]


def _slow(handler: BaseHTTPRequestHandler) -> None:
    time.sleep(3)
    handler.send_response(200)
    handler.end_headers()
    handler.wfile.write(PARAMS.encode())


def _drip(handler: BaseHTTPRequestHandler) -> None:
    """Headers a byte at a time, each well within a socket timeout: only a deadline on the
    whole fetch stops it."""
    handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
    for _ in range(100):
        handler.wfile.write(b"X")
        time.sleep(0.2)


def _endless(handler: BaseHTTPRequestHandler) -> None:
    """An answer without Content-Length that never ends: only a cap checked while streaming
    stops it (reading everything first would wait for the timeout instead)."""
    handler.send_response(200)
    handler.end_headers()
    chunk = b"# padding\n" * 6554
    while True:
        handler.wfile.write(chunk)


def _declared_huge(handler: BaseHTTPRequestHandler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Length", "1000000000")
    handler.end_headers()


def _redirect(location: str):  # type: ignore[no-untyped-def]
    def route(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(302)
        handler.send_header("Location", location)
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return route


def test_failures_are_findings_at_the_ref(server: Server, project: Path) -> None:
    secret = project.parent / "outside" / "secret.yaml"
    server.routes.update(
        {
            "/slow.yaml": _slow,
            "/drip.yaml": _drip,
            "/endless.yaml": _endless,
            "/huge.yaml": _declared_huge,
            "/invalid.yaml": "a: [unclosed\n",
            "/invalid.json": '{"Limit": {"name": "limit",}}',
            "/to-file.yaml": _redirect(f"file://{secret}"),
            "/loop.yaml": _redirect("/loop.yaml"),
            "/moved.yaml": _redirect("/params.yaml"),
        }
    )
    (project / ".silentlint.yaml").write_text(
        "limits:\n  allow-remote-refs: true\n  remote-timeout: 1\n  remote-max-bytes: 100000\n"
    )
    names = ["slow.yaml", "drip.yaml", "endless.yaml", "huge.yaml", "missing.yaml", "invalid.yaml", "invalid.json"]
    names += ["to-file.yaml", "loop.yaml", "moved.yaml"]
    (project / "api.yaml").write_text(spec([f"{server.base}/{n}#/Limit" for n in names]))
    start = time.monotonic()
    r = cli(["check", "api.yaml", "--format", "json", "--select", "unresolved-ref"], project)
    elapsed = time.monotonic() - start
    assert r.returncode == 1, r.stderr
    b = server.base
    assert findings(r) == [
        ("unresolved-ref", "api.yaml", 6 + 4 * i, message)
        for i, message in enumerate(
            [
                f"remote $ref {b}/slow.yaml not fetched: no complete answer within 1 s (limits.remote-timeout)",
                f"remote $ref {b}/drip.yaml not fetched: no complete answer within 1 s (limits.remote-timeout)",
                f"remote $ref {b}/endless.yaml not fetched: more than 100000 bytes (limits.remote-max-bytes)",
                f"remote $ref {b}/huge.yaml not fetched: 1000000000 bytes, more than 100000 (limits.remote-max-bytes)",
                f"remote $ref {b}/missing.yaml not fetched: HTTP 404 Not Found",
                f"remote $ref target {b}/invalid.yaml cannot be read: invalid YAML: "
                "did not find expected ',' or ']' at line 2 column 1",
                f"remote $ref target {b}/invalid.json cannot be read: invalid JSON: "
                "Expecting property name enclosed in double quotes at line 1 column 28",
                f"remote $ref {b}/to-file.yaml not fetched: redirect to file://{secret} refused "
                "(only http and https are followed)",
                f"remote $ref {b}/loop.yaml not fetched: more than 5 redirects",
            ]
        )
    ]
    assert SENTINEL not in r.stdout
    assert server.requests.count("/loop.yaml") == 6
    assert server.requests.count("/params.yaml") == 1  # the redirect that stays on http(s) is followed
    assert elapsed < 8, f"{elapsed:.1f} s"


def test_a_remote_document_stays_on_its_origin(server: Server, project: Path) -> None:
    other = Server()
    try:
        other.routes["/x.yaml"] = PARAMS
        secret = project.parent / "outside" / "secret.yaml"
        server.routes["/hostile.yaml"] = (
            "A:\n"
            f"  $ref: 'file://{secret}#/Limit'\n"
            "B:\n"
            f"  $ref: '{other.base}/x.yaml#/Limit'\n"
            "C:\n"
            "  $ref: '../../outside/secret.yaml#/Limit'\n"
            "D:\n"
            "  $ref: 'C:\\x.yaml'\n"
        )
        url = f"{server.base}/hostile.yaml"
        (project / "api.yaml").write_text(spec([f"{url}#/{k}" for k in "ABCD"]))
        r = cli(["check", "api.yaml", "--allow-remote-refs", "--format", "json", "--select", "unresolved-ref"], project)
        origin = f"$ref in a remote document may only point to its own origin ({server.base}), not followed"
        assert findings(r) == [
            ("unresolved-ref", url, 2, f"{origin}: file://{secret}#/Limit"),
            ("unresolved-ref", url, 4, f"{origin}: {other.base}/x.yaml#/Limit"),
            # relative to the remote document: the server's /outside/secret.yaml, never a local file
            ("unresolved-ref", url, 6, f"remote $ref {server.base}/outside/secret.yaml not fetched: HTTP 404 Not Found"),
            ("unresolved-ref", url, 8, f"{origin}: C:\\x.yaml"),
        ]
        assert other.requests == []
        assert SENTINEL not in r.stdout
    finally:
        other.close()


def test_parallel_workers_keep_remote_text(server: Server, project: Path) -> None:
    """Findings in a remote document cross process boundaries with their text (there is no
    file to read it again from)."""
    for i in range(4):
        (project / f"api{i}.yaml").write_text(spec([f"{server.base}/common.yaml#/Kind"]))
    r = cli(["check", ".", "--allow-remote-refs", "--jobs", "2", "--show-source", "--select", "prose-enum"], project)
    assert r.returncode == 1, r.stderr
    assert r.stdout.startswith(f"{server.base}/common.yaml:4:3: warning[prose-enum] GET /p0 › kind: ")
    assert '  description: "Either cat or dog."' in r.stdout
    assert 1 <= server.requests.count("/common.yaml") <= 2  # once per worker process


def test_remote_source_pickles_with_its_text() -> None:
    src = RemoteSource("https://example.com/a.yaml", "https://example.com/a.yaml", "a: 1\n", {"a": 1}, "yaml")
    twin = src.detached()
    assert (twin.text, twin.remote, twin.detached(), src.detached()) == ("a: 1\n", True, twin, twin)
    src.release()
    back = pickle.loads(pickle.dumps(src))
    assert (back.abspath, back.text, back.tree, back.remote) == ("https://example.com/a.yaml", "a: 1\n", {"a": 1}, True)
