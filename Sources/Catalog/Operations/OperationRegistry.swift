import Foundation

/// The operations a front end offers, in order. The command line, `serve` and `mcp` are each
/// built from one registry: `standard` in the product, another in a test that declares an
/// operation of its own and sees it appear as a flag, a route and a tool.
public struct OperationRegistry: Sendable {
    public let operations: [CatalogOperation]

    /// - Parameter operations: Each with a name of its own.
    public init(_ operations: [CatalogOperation]) {
        var seen = Set<String>()
        self.operations = operations.filter { seen.insert($0.name).inserted }
    }

    /// The catalogue's operations.
    public static let standard = OperationRegistry([
        .search, .lookup, .artists, .artistVideos, .top, .history, .genres, .also,
    ])

    /// The operation named `name` (`search`, `artist-videos`).
    public func operation(named name: String) -> CatalogOperation? {
        operations.first { $0.name == name }
    }

    /// Every parameter of every operation, each name once, in the order first declared.
    public var parameters: [OperationParameter] {
        var seen = Set<String>()
        return operations.flatMap(\.parameters).filter { seen.insert($0.name).inserted }
    }
}
