import Reactive

/// What a list shows where its rows are numbered for the user to choose from (the line
/// session's `ListScreen`): the rows under a title, and what a number opens.
@MainActor
public protocol NumberedListOutput<Row>: ListStatusOutput {
    associatedtype Row: ListRowDescribing
    /// The rows shown, in the service's order.
    var items: AnyPublisher<[Row], Never> { get }
    /// Current value: what the rows are, sanitised for a terminal (`Artists for "jack"`).
    var title: AnyPublisher<String, Never> { get }
    /// What a row's number opens, for the keys the screen names (`details`).
    var choice: String { get }
}

/// The input of a numbered list: a row chosen by the user.
@MainActor
public protocol NumberedListInput {
    /// Opens the row at `index` of those shown; an index outside them is ignored.
    func didSelectItem(at index: Int)
}

/// What a list that pages shows besides its rows.
@MainActor
public protocol PagedListOutput {
    /// Current value: the number of the first row shown (a search's offset + 1).
    var firstNumber: AnyPublisher<Int, Never> { get }
    /// Current value: whether a next page can be loaded.
    var hasNextPage: AnyPublisher<Bool, Never> { get }
    /// Current value: whether a previous page can be loaded.
    var hasPreviousPage: AnyPublisher<Bool, Never> { get }
}

/// The inputs of a list that pages.
@MainActor
public protocol PagedListInput {
    /// Shows the next page instead of this one, if there is one and nothing is loading.
    func didLoadNextPage() async
    /// Shows the page before this one, if there is one and nothing is loading.
    func didLoadPreviousPage() async
    /// The user's view is at the row at `index` of those loaded, with `rowsOnScreen` rows to a
    /// screen. A list that prefetches asks for the next page in the background once that row is
    /// within one screen of the last row loaded.
    func didView(rowAt index: Int, rowsOnScreen: Int)
    /// Tries the load that failed last again (the failure was published as `error`); nothing
    /// when the last load did not fail.
    func didRetry() async
}
