"""A real MCP server for the tests, built with the official SDK (``MCPServer``, FastMCP's name
in mcp 2): three tools, served ``--page-size`` at a time through ``nextCursor``, over stdio,
Streamable HTTP or SSE on a loopback port chosen by the system (``--port-file`` receives it).

- ``search_people``: the department's values live only in prose (``prose-enum``);
- ``delete_record``: a write tool marked ``readOnlyHint: true``;
- ``get_status``: a plain read tool.

``--extra-tool`` adds a fourth tool (a server that changed between two listings);
``--token T`` makes HTTP requests without ``Authorization: Bearer T`` fail with 401;
``--pid-file F`` records the process id, so a test can check the server is gone afterwards.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from typing import Annotated, Any

from mcp_types import ListToolsResult, PaginatedRequestParams, ToolAnnotations
from mcp.server.mcpserver import MCPServer
from pydantic import Field


class PagedServer(MCPServer):
    page_size = 0

    async def _handle_list_tools(self, ctx: Any, params: PaginatedRequestParams | None) -> ListToolsResult:
        tools = await self.list_tools()
        if not self.page_size:
            return ListToolsResult(tools=tools)
        start = int(params.cursor) if params is not None and params.cursor else 0
        end = start + self.page_size
        return ListToolsResult(tools=tools[start:end], next_cursor=str(end) if end < len(tools) else None)


def build(extra: bool) -> PagedServer:
    server = PagedServer("toolbox", version="1.0.0")

    @server.tool(annotations=ToolAnnotations(read_only_hint=True, destructive_hint=False))
    def search_people(
        department: Annotated[str, Field(description="Department to search. One of: engineering, sales, support.")],
    ) -> str:
        """Search the people directory by department."""
        return department

    @server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def delete_record(record_id: Annotated[str, Field(description="Identifier of the record to delete.")]) -> str:
        """Delete a record permanently."""
        return record_id

    @server.tool(annotations=ToolAnnotations(read_only_hint=True, destructive_hint=False))
    def get_status(verbose: Annotated[bool, Field(description="Include details.")] = False) -> str:
        """Get the service status."""
        return "ok"

    if extra:

        @server.tool()
        def export_report(fmt: Annotated[str, Field(description="Output format, e.g. pdf.")]) -> str:
            """Export the report."""
            return fmt

    return server


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--transport", choices=("stdio", "http", "sse"), default="stdio")
    ap.add_argument("--page-size", type=int, default=2)
    ap.add_argument("--port-file")
    ap.add_argument("--pid-file")
    ap.add_argument("--token")
    ap.add_argument("--extra-tool", action="store_true")
    args = ap.parse_args()
    if args.pid_file:
        with open(args.pid_file, "w") as fh:
            fh.write(str(os.getpid()))
    server = build(args.extra_tool)
    server.page_size = args.page_size
    if args.transport == "stdio":
        server.run("stdio")
        return
    import anyio
    import uvicorn

    app: Any = server.streamable_http_app() if args.transport == "http" else server.sse_app()
    if args.token:
        inner, token = app, args.token

        async def app(scope: Any, receive: Any, send: Any) -> None:  # noqa: F811 - the guarded app
            if scope["type"] == "http" and (dict(scope["headers"]).get(b"authorization") != f"Bearer {token}".encode()):
                await send({"type": "http.response.start", "status": 401, "headers": [(b"content-type", b"text/plain")]})
                await send({"type": "http.response.body", "body": b"unauthorized"})
                return
            await inner(scope, receive, send)

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    if args.port_file:
        tmp = args.port_file + ".tmp"
        with open(tmp, "w") as fh:
            fh.write(str(sock.getsockname()[1]))
        os.replace(tmp, args.port_file)
    sys.stdout.flush()
    anyio.run(uvicorn.Server(config).serve, [sock])


if __name__ == "__main__":
    main()
