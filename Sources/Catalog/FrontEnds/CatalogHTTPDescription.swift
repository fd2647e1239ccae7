import Foundation
import JSON

/// What `serve` says about itself, from the registry: `GET /v1` (the operations, their
/// parameters and rows) and `GET /openapi.json` (an OpenAPI 3.1 document).
public enum CatalogHTTPDescription {
    /// `{"operations": [{"name", "title", "summary", "path", "parameters", "rows"}]}`.
    public static func operations(_ registry: OperationRegistry, defaults: OperationDefaults) -> JSONObject {
        let operations = registry.operations.map { operation in
            JSONValue.object(
                JSONObject([
                    ("name", .string(operation.name)), ("title", .string(operation.title)),
                    ("summary", .string(operation.summary)), ("path", .string(path(operation))),
                    ("parameters", operation.inputSchema(defaults: defaults)),
                    ("rows", .string(operation.rows.name)),
                ]))
        }
        return JSONObject([("operations", .array(operations))])
    }

    /// The route of an operation: `/v1/search`.
    public static func path(_ operation: CatalogOperation) -> String {
        "/v1/" + operation.name
    }

    /// An OpenAPI 3.1 document of every operation: its query parameters with their schemas, its
    /// 200 answer with the rows' schema, and the error answers every operation may give.
    /// - Parameter server: The server's URL, when known.
    public static func openAPI(_ registry: OperationRegistry, defaults: OperationDefaults, server: String?)
        -> JSONObject
    {
        var paths = JSONObject()
        for operation in registry.operations {
            paths[path(operation)] = .object(JSONObject([("get", .object(pathItem(operation, defaults: defaults)))]))
        }
        var document = JSONObject([
            ("openapi", "3.1.0"),
            (
                "info",
                .object(
                    JSONObject([
                        ("title", "mvsearch"),
                        ("summary", "Music videos in the iTunes Store: search, look up, artists, charts."),
                        ("version", "1"),
                    ]))
            ),
        ])
        if let server { document["servers"] = [.object(JSONObject([("url", .string(server))]))] }
        document["paths"] = .object(paths)
        document["components"] = .object(
            JSONObject([
                ("schemas", .object(JSONObject([("Error", errorSchema)]))),
                (
                    "securitySchemes",
                    .object(JSONObject([("bearer", .object(JSONObject([("type", "http"), ("scheme", "bearer")])))]))
                ),
            ]))
        return document
    }

    private static func pathItem(_ operation: CatalogOperation, defaults: OperationDefaults) -> JSONObject {
        var parameters: [JSONValue] = operation.parameters.map { parameter in
            .object(
                JSONObject([
                    ("name", .string(parameter.name)), ("in", "query"), ("required", .bool(parameter.isRequired)),
                    ("description", .string(parameter.summary)), ("schema", parameter.schema(defaults: defaults)),
                ]))
        }
        parameters.append(
            .object(
                JSONObject([
                    ("name", "fields"), ("in", "query"), ("required", false),
                    ("description", .string("the keys to keep, in order, separated by commas: id,title")),
                    ("schema", JSONSchema.string(description: nil, pattern: "^[A-Za-z]+(,[A-Za-z]+)*$")),
                ])))
        var responses = JSONObject([
            (
                "200",
                .object(
                    JSONObject([
                        ("description", .string("the \(operation.rows.description)")),
                        (
                            "content",
                            .object(JSONObject([("application/json", .object(["schema": operation.outputSchema]))]))
                        ),
                    ]))
            ),
            ("304", .object(["description": "the answer is the one tagged in If-None-Match"])),
        ])
        for (status, description) in [
            ("400", "a bad parameter"), ("401", "no or a wrong bearer token"),
            ("403", "a Host that is not this server"),
            ("404", "nothing found"), ("429", "rate limited; Retry-After says when to ask again"),
            ("502", "the iTunes service failed"), ("503", "the iTunes service cannot be reached"),
            ("504", "the iTunes service did not answer in time"),
        ] {
            responses[status] = .object(
                JSONObject([
                    ("description", .string(description)),
                    (
                        "content",
                        .object(
                            JSONObject([
                                ("application/json", .object(["schema": ["$ref": "#/components/schemas/Error"]]))
                            ]))
                    ),
                ]))
        }
        return JSONObject([
            ("operationId", .string(operation.name)), ("summary", .string(operation.title)),
            ("description", .string(operation.summary)), ("parameters", .array(parameters)),
            ("responses", .object(responses)),
        ])
    }

    private static let errorSchema = JSONSchema.object(
        properties: [
            (
                "error",
                JSONSchema.object(
                    properties: [
                        ("code", JSONSchema.string(description: "a stable code: invalid_argument, rate_limited, …")),
                        ("message", JSONSchema.string(description: "what happened")),
                        ("hint", JSONSchema.string(description: "what to do")),
                    ], required: ["code", "message"])
            )
        ], required: ["error"])
}
