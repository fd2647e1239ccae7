import Foundation

/// The rows a picker session ends with (`--pick`): those marked on a list, in the list's order,
/// or the selected one. They are written after the terminal is restored, by the renderer the
/// command's output asks for, so they read exactly as the one-shot command writes such rows.
public struct PickedRows: Sendable {
    /// How many rows were picked.
    public let count: Int
    private let write: @MainActor @Sendable (any ListRendererMaking) -> String
    private let rows: any Sendable
    private let appending: @Sendable (PickedRows) -> PickedRows?

    /// - Parameter rows: The rows picked, in the order they are written; never empty.
    public init<Row: ListRowDescribing>(_ rows: [Row]) {
        count = rows.count
        write = { renderers in renderers.renderer(for: Row.self).render(rows) }
        self.rows = rows
        appending = { other in (other.rows as? [Row]).map { PickedRows(rows + $0) } }
    }

    /// These rows, then `other`'s — when they are rows of one kind, written by one renderer (a
    /// chart's ranked rows and a list's videos are not): `nil` otherwise.
    public func followed(by other: PickedRows) -> PickedRows? {
        appending(other)
    }

    /// The rows as text, with the renderer `renderers` makes for their kind.
    @MainActor
    public func text(with renderers: any ListRendererMaking) -> String {
        write(renderers)
    }
}

/// Makes the renderer of any kind of row in one output format (plain, JSON, a table): what the
/// picker writes its rows with.
@MainActor
public protocol ListRendererMaking {
    /// - Parameter row: The kind of row.
    /// - Returns: The renderer for rows of that kind.
    func renderer<Row: ListRowDescribing>(for row: Row.Type) -> any ListRenderer<Row>
}

/// The set of rows marked on a list (Tab in the picker), kept by each row's identity so that a
/// filter that hides rows, or a new order, keeps them.
public struct RowMarks<ID: Hashable & Sendable>: Equatable, Sendable {
    public private(set) var marked: Set<ID> = []

    public init() {}

    public var count: Int { marked.count }
    public var isEmpty: Bool { marked.isEmpty }

    public func contains(_ id: ID) -> Bool { marked.contains(id) }

    /// Marks the row, or unmarks it when it was marked.
    public mutating func toggle(_ id: ID) {
        if marked.remove(id) == nil { marked.insert(id) }
    }

    /// Forgets the marks of rows that are no longer in the list.
    public mutating func keep(only ids: some Sequence<ID>) {
        marked.formIntersection(ids)
    }

    /// What the picker writes: the marked rows in the list's order, else the selected row.
    /// - Parameters:
    ///   - rows: The list's rows, in its order.
    ///   - id: A row's identity.
    ///   - selected: The selected row, if any.
    public func picked<Row>(from rows: [Row], id: (Row) -> ID, selected: Row?) -> [Row] {
        guard !marked.isEmpty else { return selected.map { [$0] } ?? [] }
        return rows.filter { marked.contains(id($0)) }
    }
}
