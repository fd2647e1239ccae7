import Foundation

/// How a run of an operation ended: rows, none, or a failure. The command line's exit status,
/// the HTTP status and the MCP `isError` each follow from it by one switch in its front end.
public enum OperationOutcome: Sendable, Equatable {
    /// Rows were found.
    case found(OperationResult)
    /// The operation worked and found nothing.
    case nothingFound(OperationResult)
    case failed(OperationFailure)
}

/// An operation's rows with their schema: what a front end writes, whole or with some fields.
public struct OperationResult: Sendable, Equatable {
    public let rows: [CatalogRow]
    public let schema: RowSchema
    /// The positions of the fields to write, in order.
    public let fieldPositions: [Int]

    public init(rows: [CatalogRow], schema: RowSchema) {
        self.rows = rows
        self.schema = schema
        fieldPositions = Array(schema.fields.indices)
    }

    private init(rows: [CatalogRow], schema: RowSchema, fieldPositions: [Int]) {
        self.rows = rows
        self.schema = schema
        self.fieldPositions = fieldPositions
    }

    /// The same rows with only the fields asked for, in that order (`fields=id,title`, as the
    /// command line's `--json id,title`).
    /// - Throws: `OperationFailure.invalidArgument` naming the first unknown field.
    public func selecting(_ keys: [String]) throws(OperationFailure) -> OperationResult {
        OperationResult(rows: rows, schema: schema, fieldPositions: try schema.positions(of: keys))
    }

    /// Each row's keys and values, in the order to write them.
    public var objects: [[(key: String, value: FieldValue)]] {
        rows.map { row in fieldPositions.map { (schema.fields[$0].key, row.values[$0]) } }
    }
}
