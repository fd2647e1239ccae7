import Domain
import Foundation
import Reactive
import TerminalUI

/// The status of any list, wherever the list itself is drawn: the activity indicator while a
/// page loads, and one diagnostics line for a failure or an empty result.
@MainActor
public final class ListStatusView {
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The list.
    ///   - diagnostics: Messages go here (standard error).
    ///   - diagnosticPrefix: Put before every message, e.g. `mvsearch: `.
    ///   - activityIndicator: Shown while a page loads.
    ///   - hintPhrasing: How the hints of messages are worded where the list is shown.
    public init(
        viewModel: any ListStatusOutput,
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
            .sink { diagnostics.write(diagnosticPrefix + $0.text(phrasing: hintPhrasing) + "\n") }
            .store(in: &subscriptions)
        viewModel.error
            .sink {
                diagnostics.write(
                    diagnosticPrefix + CatalogErrorMessage.message(for: $0).text(phrasing: hintPhrasing) + "\n")
            }
            .store(in: &subscriptions)
    }
}
