"""Live evidence: an MCP server's ``tools/list`` fetched over stdio or HTTP into a snapshot file
that the ordinary pipeline lints (``check --mcp-stdio``/``--mcp-url``, ``mcp-dump``).

Only this package talks to servers, and only to the one the user names; the official ``mcp``
SDK is an optional extra (``silentlint[mcp]``) imported by :mod:`linter.live.client` alone.
"""
