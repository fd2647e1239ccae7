import Domain
import Foundation
import Reactive
import TerminalUI

/// Writes a list's rows to standard output in one piece, with the renderer it is given, and its
/// status (failures, empty results, loading) through a `ListStatusView`. Never calls a use case.
@MainActor
public final class ListView<Row: Sendable> {
    private let status: ListStatusView
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - items: The view model's rows.
    ///   - status: The view model's loading state, empty results and failures.
    ///   - renderer: Table, plain or JSON.
    ///   - output: Results go here (standard output).
    ///   - diagnostics: Messages go here (standard error).
    ///   - diagnosticPrefix: Put before every message, e.g. `mvsearch: `.
    ///   - activityIndicator: Shown while a page loads.
    ///   - hintPhrasing: How the hints of messages are worded where the list is shown.
    public init(
        items: AnyPublisher<[Row], Never>,
        status: any ListStatusOutput,
        renderer: any ListRenderer<Row>,
        output: any TextOutput,
        diagnostics: any TextOutput,
        diagnosticPrefix: String = "",
        activityIndicator: any ActivityIndicator = HiddenActivityIndicator(),
        hintPhrasing: any HintPhrasing = PlainHintPhrasing()
    ) {
        self.status = ListStatusView(
            viewModel: status, diagnostics: diagnostics, diagnosticPrefix: diagnosticPrefix,
            activityIndicator: activityIndicator, hintPhrasing: hintPhrasing)
        items
            .sink { rows in
                guard !rows.isEmpty else { return }
                output.write(renderer.render(rows))
            }
            .store(in: &subscriptions)
    }
}
