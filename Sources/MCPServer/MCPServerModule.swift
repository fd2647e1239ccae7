// # MCPServer
//
// What another project would take from a Model Context Protocol SDK, written on the standard
// library so that a static Linux binary never links swift-corelibs-foundation:
//
// Its JSON values (`JSONValue`, `JSONObject`, `JSONSchema`) are the `JSON` target's, shared with
// whatever else speaks JSON.
// - `JSONRPCMessage`: JSON-RPC 2.0 messages, one per line, classified into the standard errors.
// - `MCPServer`: an MCP server (revisions 2025-11-25, 2025-06-18 and 2025-03-26) over two file
//   descriptors, stdio by default, that answers `initialize`, `ping`, `tools/list` and
//   `tools/call`, runs every call in a task of its own, cancels on `notifications/cancelled`
//   and sends progress when the client asked for it.
//
// It knows nothing of the program that uses it. Its tests are `Tests/MCPServerTests`.
import JSON
