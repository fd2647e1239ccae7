import Domain
import Foundation

/// The status of a list, wherever the list itself is drawn: the activity indicator while a page
/// loads, and one diagnostics line for a failure or an empty result.
@MainActor
public final class MusicVideosListStatusView {
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The list.
    ///   - diagnostics: Messages go here (standard error).
    ///   - diagnosticPrefix: Put before every message, e.g. `mvsearch: `.
    ///   - activityIndicator: Shown while a page loads.
    ///   - hintPhrasing: How the hints of messages are worded where the list is shown.
    public init(
        viewModel: any MusicVideosListViewModel,
        diagnostics: any TextOutput,
        diagnosticPrefix: String,
        activityIndicator: any ActivityIndicator,
        hintPhrasing: any HintPhrasing = PlainHintPhrasing()
    ) {
        viewModel.loading
            .sink { loading in
                if loading == .idle { activityIndicator.stop() } else { activityIndicator.start(message: "Searching") }
            }
            .store(in: &subscriptions)
        viewModel.noResults
            .sink {
                diagnostics.write(diagnosticPrefix + Self.noResultsMessage(for: $0).text(phrasing: hintPhrasing) + "\n")
            }
            .store(in: &subscriptions)
        viewModel.error
            .sink {
                diagnostics.write(
                    diagnosticPrefix + CatalogErrorMessage.message(for: $0).text(phrasing: hintPhrasing) + "\n")
            }
            .store(in: &subscriptions)
    }

    static func noResultsMessage(for source: MusicVideosListSource) -> UserMessage {
        switch source {
        case .search(let query) where query.offset > 0:
            UserMessage("no more music videos for \"\(query.term)\" after the first \(query.offset)", hint: nil)
        case .search(let query):
            UserMessage("no music videos found for \"\(query.term)\"", hint: .tryOtherWords)
        case .artist(let query):
            UserMessage("no music videos found for artist \(query.artistID)", hint: .checkIDOrCountry)
        }
    }
}
