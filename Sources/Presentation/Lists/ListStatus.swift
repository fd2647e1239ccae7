import Domain
import Foundation
import Reactive

/// What a list is doing.
public enum ListLoading: Equatable, Sendable {
    case idle
    /// Loading the first page of a new list.
    case firstPage
    /// Loading the page after, or before, the one shown.
    case nextPage
    case previousPage
}

/// The outputs every list view model has, whatever it lists: what `ListStatusView` shows and
/// what a one-shot command's exit status follows.
@MainActor
public protocol ListStatusOutput {
    /// Current value: whether and what is loading.
    var loading: AnyPublisher<ListLoading, Never> { get }
    /// Event: a load finished and found nothing; what to tell the user.
    var noResults: AnyPublisher<UserMessage, Never> { get }
    /// Event: a load failed.
    var error: AnyPublisher<CatalogError, Never> { get }
}
