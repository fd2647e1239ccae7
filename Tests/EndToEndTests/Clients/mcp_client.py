"""A real MCP client for the end-to-end tests: the official MCP Python SDK's stdio client
spawns `mvsearch mcp` and drives it as an AI assistant's host would.

Usage: mcp_client.py SCENARIO, with the environment
  MVSEARCH_BIN            the built mvsearch
  MVSEARCH_TEST_BASE_URL  the loopback iTunes it asks (`--base-url`)
  MVSEARCH_TEST_ARGS      more arguments for `mvsearch mcp`, separated by spaces (optional)
  XDG_CACHE_HOME, XDG_STATE_HOME, XDG_CONFIG_HOME, HOME  the folders of the test's own

Scenarios (each prints one JSON object, its report, on stdout; the Swift test asserts it):
  session  initialize, list the tools, call every operation, and validate each structured
           result against the tool's outputSchema
  errors   bad arguments, a rate-limited answer, and a retried one (with progress)
  cancel   cancel a call the loopback iTunes never answers (once the test says, on stdin, that
           the request reached it), then ping and call again
"""

import asyncio
import json
import os
import sys
import time

try:
    import anyio
    import anyio.to_thread
    import jsonschema
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
except ImportError as error:
    sys.exit(f"{error}: this Python lacks the MCP SDK of Tests/requirements.txt — run `make test`")


def server_parameters() -> StdioServerParameters:
    arguments = ["mcp", "--base-url", os.environ["MVSEARCH_TEST_BASE_URL"]]
    arguments += os.environ.get("MVSEARCH_TEST_ARGS", "").split()
    passed = ["HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "LANG", "MVSEARCH_RATE"]
    environment = {name: os.environ[name] for name in passed if name in os.environ}
    return StdioServerParameters(command=os.environ["MVSEARCH_BIN"], args=arguments, env=environment)


def dump(result) -> dict:
    """A CallToolResult as the report carries it."""
    return {
        "isError": bool(result.is_error),
        "structuredContent": result.structured_content,
        "text": [block.text for block in result.content if getattr(block, "type", None) == "text"],
    }


def schema_errors(schema, value) -> list:
    """jsonschema's own verdict, apart from the SDK's: the messages of every error."""
    validator = jsonschema.validators.validator_for(schema)(schema)
    validator.check_schema(schema)
    return [error.message for error in validator.iter_errors(value)]


async def session_scenario(session: ClientSession) -> dict:
    initialized = await session.initialize()
    listed = await session.list_tools()
    tools = {tool.name: tool for tool in listed.tools}
    report = {
        "protocolVersion": initialized.protocol_version,
        "serverName": initialized.server_info.name,
        "hasToolsCapability": initialized.capabilities.tools is not None,
        "tools": {
            tool.name: {
                "inputSchema": tool.input_schema,
                "outputSchema": tool.output_schema,
                "readOnlyHint": tool.annotations.read_only_hint if tool.annotations else None,
            }
            for tool in listed.tools
        },
        "calls": {},
    }
    # Each call through the SDK, which validates structuredContent against the listed
    # outputSchema itself (and raises when it does not), then through jsonschema directly.
    calls = {
        "search": ("mvsearch_search", {"term": "clairo", "limit": 4}),
        "lookup": ("mvsearch_lookup", {"id": int(os.environ["MVSEARCH_TEST_TRACK_ID"])}),
        "top": ("mvsearch_top", {"limit": 4}),
        "artists": ("mvsearch_artists", {"term": "jack johnson"}),
        "artist-videos": ("mvsearch_artist_videos", {"artistId": int(os.environ["MVSEARCH_TEST_ARTIST_ID"])}),
        "history": ("mvsearch_history", {}),
        "genres": ("mvsearch_genres", {}),
    }
    for label, (name, arguments) in calls.items():
        try:
            result = await session.call_tool(name, arguments)
        except Exception as error:  # The SDK refused the result: report it, the test fails.
            report["calls"][label] = {"sdkError": f"{type(error).__name__}: {error}"}
            continue
        entry = dump(result)
        if not result.is_error:
            entry["schemaErrors"] = schema_errors(tools[name].output_schema, result.structured_content)
        report["calls"][label] = entry
    return report


async def errors_scenario(session: ClientSession) -> dict:
    await session.initialize()
    await session.list_tools()
    report = {}
    for label, arguments in {"limit 500": {"term": "clairo", "limit": 500}, "no term": {}}.items():
        report[label] = dump(await session.call_tool("mvsearch_search", arguments))
    result = await session.call_tool("mvsearch_search", {"term": "throttled"})
    report["throttled"] = dump(result)
    progress = []

    async def on_progress(value, total, message):
        progress.append({"progress": value, "total": total, "message": message})

    result = await session.call_tool("mvsearch_search", {"term": "flaky"}, progress_callback=on_progress)
    report["flaky"] = dump(result)
    report["progress"] = progress
    return report


async def cancel_scenario(session: ClientSession) -> dict:
    await session.initialize()
    await session.list_tools()
    report = {"cancelled": False, "answered": False}

    async def slow_call() -> None:
        try:
            await session.call_tool("mvsearch_search", {"term": "stalled"})
            report["answered"] = True
        except anyio.get_cancelled_exc_class():
            report["cancelled"] = True  # The SDK sends notifications/cancelled for it.
            raise

    async with anyio.create_task_group() as group:
        group.start_soon(slow_call)
        # The test writes a line on stdin once the loopback iTunes holds the call's request.
        report["arrivedLine"] = (await anyio.to_thread.run_sync(sys.stdin.readline)).strip()
        group.cancel_scope.cancel()
    before = time.monotonic()
    await session.send_ping()
    report["pingSeconds"] = time.monotonic() - before
    result = await session.call_tool("mvsearch_search", {"term": "clairo"})
    report["after"] = dump(result)
    return report


SCENARIOS = {"session": session_scenario, "errors": errors_scenario, "cancel": cancel_scenario}


async def main(scenario: str) -> None:
    started = time.monotonic()
    async with stdio_client(server_parameters()) as (read, write):
        async with ClientSession(read, write) as session:
            report = await SCENARIOS[scenario](session)
    report["seconds"] = time.monotonic() - started
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
