import Domain
import Foundation
import Reactive
import TerminalUI

/// Navigation out of the search screen; the coordinator fills it in.
public struct MusicVideosSearchViewModelActions {
    /// Runs a search for this term and shows its results.
    public let showResults: @MainActor (_ term: String) -> Void

    public init(showResults: @escaping @MainActor (_ term: String) -> Void) {
        self.showResults = showResults
    }
}

/// Events the search screen reacts to.
@MainActor
public protocol MusicVideosSearchViewModelInput {
    /// Loads the recent searches. Returns when done.
    func didLoad() async
    /// The user typed a term.
    func didSubmit(term: String)
    /// The user picked recent search number `index` (0-based); outside the list is ignored.
    func didSelectRecentSearch(at index: Int)
}

/// What the search screen shows.
@MainActor
public protocol MusicVideosSearchViewModelOutput {
    /// Current value: recent terms, newest first, sanitised.
    var recentSearches: AnyPublisher<[String], Never> { get }
    /// Event: the input was not a term.
    var notice: AnyPublisher<String, Never> { get }
}

public typealias MusicVideosSearchViewModel = MusicVideosSearchViewModelInput & MusicVideosSearchViewModelOutput

/// The search screen: recent searches to pick from, or a new term.
@MainActor
public final class DefaultMusicVideosSearchViewModel: MusicVideosSearchViewModel {
    private let recentSearchesUseCase: any FetchRecentSearchesUseCase
    private let actions: MusicVideosSearchViewModelActions
    private let recentSearchesSubject = CurrentValueSubject<[String], Never>([])
    private let noticeSubject = PassthroughSubject<String, Never>()
    /// The terms as stored, for searching again exactly.
    private var storedTerms: [String] = []

    public let recentSearches: AnyPublisher<[String], Never>
    public let notice: AnyPublisher<String, Never>

    /// - Parameters:
    ///   - recentSearchesUseCase: Reads the recent searches.
    ///   - actions: Navigation.
    public init(recentSearchesUseCase: any FetchRecentSearchesUseCase, actions: MusicVideosSearchViewModelActions) {
        self.recentSearchesUseCase = recentSearchesUseCase
        self.actions = actions
        recentSearches = recentSearchesSubject.eraseToAnyPublisher()
        notice = noticeSubject.eraseToAnyPublisher()
    }

    public func didLoad() async {
        storedTerms = await recentSearchesUseCase.execute()
        recentSearchesSubject.send(storedTerms.map(TerminalSanitizer.sanitize))
    }

    public func didSubmit(term: String) {
        let trimmed = term.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            noticeSubject.send("type some words to search for")
            return
        }
        actions.showResults(trimmed)
    }

    public func didSelectRecentSearch(at index: Int) {
        guard storedTerms.indices.contains(index) else {
            noticeSubject.send("there is no recent search number \(index + 1)")
            return
        }
        actions.showResults(storedTerms[index])
    }
}
