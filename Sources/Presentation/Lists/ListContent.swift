import Domain
import Foundation
import Reactive

/// What every list answered by one request keeps: its rows, its title and the events of its
/// load (`ListLoader`). A list's view model says what it asks and how its rows read, and
/// forwards these outputs as its own.
@MainActor
public final class ListContent<Row: ListRowDescribing> {
    /// What one load found.
    public struct Loaded: Sendable {
        public let title: String
        public let rows: [Row]
        /// Said when `rows` is empty.
        public let nothingFound: UserMessage

        public init(title: String, rows: [Row], nothingFound: UserMessage) {
            self.title = title
            self.rows = rows
            self.nothingFound = nothingFound
        }
    }

    private let loader = ListLoader<Loaded>()
    private let itemsSubject = CurrentValueSubject<[Row], Never>([])
    private let titleSubject: CurrentValueSubject<String, Never>
    private let noResultsSubject = PassthroughSubject<UserMessage, Never>()

    public let items: AnyPublisher<[Row], Never>
    public let title: AnyPublisher<String, Never>
    public let loading: AnyPublisher<ListLoading, Never>
    public let noResults: AnyPublisher<UserMessage, Never>
    public let error: AnyPublisher<CatalogError, Never>

    /// - Parameter title: The title before the first load.
    public init(title: String) {
        titleSubject = CurrentValueSubject(title)
        items = itemsSubject.eraseToAnyPublisher()
        self.title = titleSubject.eraseToAnyPublisher()
        loading = loader.loading
        noResults = noResultsSubject.eraseToAnyPublisher()
        error = loader.error
    }

    /// Loads, replacing what is shown; a failure or a cancel leaves it as it was.
    public func load(_ operation: @escaping @Sendable () async throws(CatalogError) -> Loaded) async {
        guard let loaded = await loader.load(as: .firstPage, operation) else { return }
        titleSubject.send(loaded.title)
        itemsSubject.send(loaded.rows)
        if loaded.rows.isEmpty { noResultsSubject.send(loaded.nothingFound) }
    }

    /// The row shown at `index`, if any.
    public func row(at index: Int) -> Row? {
        itemsSubject.value.indices.contains(index) ? itemsSubject.value[index] : nil
    }
}
