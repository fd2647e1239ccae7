// # JSON
//
// JSON values for the package's machine-facing front ends, written on the standard library so
// that a static Linux binary never links swift-corelibs-foundation:
//
// - `JSONValue` / `JSONObject`: JSON values that keep their members' order, a strict RFC 8259
//   parser with a bounded depth, and a compact serializer that escapes every control character.
// - `JSONSchema`: small builders for JSON Schema values (an MCP tool's schemas, OpenAPI's).
//
// It knows nothing of the program that uses it. Its tests are `Tests/JSONTests`.
