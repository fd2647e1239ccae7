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
    public init(
        viewModel: any MusicVideosListViewModel,
        diagnostics: any TextOutput,
        diagnosticPrefix: String,
        activityIndicator: any ActivityIndicator
    ) {
        viewModel.loading
            .sink { loading in
                if loading == .idle { activityIndicator.stop() } else { activityIndicator.start(message: "Searching") }
            }
            .store(in: &subscriptions)
        viewModel.noResults
            .sink { diagnostics.write(diagnosticPrefix + Self.noResultsMessage(for: $0) + "\n") }
            .store(in: &subscriptions)
        viewModel.error
            .sink { diagnostics.write(diagnosticPrefix + MusicVideoErrorMessage.text(for: $0) + "\n") }
            .store(in: &subscriptions)
    }

    static func noResultsMessage(for source: MusicVideosListSource) -> String {
        switch source {
        case .search(let query) where query.offset > 0:
            "no more music videos for \"\(TerminalSanitizer.sanitize(query.term))\" after the first \(query.offset)"
        case .search(let query):
            "no music videos found for \"\(TerminalSanitizer.sanitize(query.term))\" — try other or fewer words"
        case .artist(let query):
            "no music videos found for artist \(query.artistID) — check the id, or try another --country"
        }
    }
}
