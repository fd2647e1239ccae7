import Domain
import Foundation

/// Writes a list view model's rows to standard output in one piece, and its status (failures,
/// empty results, loading) through a `MusicVideosListStatusView`. Never calls a use case.
@MainActor
public final class MusicVideosListView {
    private let status: MusicVideosListStatusView
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The list to show.
    ///   - renderer: Table, plain or JSON.
    ///   - output: Results go here (standard output).
    ///   - diagnostics: Messages go here (standard error).
    ///   - diagnosticPrefix: Put before every message, e.g. `mvsearch: `.
    ///   - activityIndicator: Shown while a page loads.
    ///   - hintPhrasing: How the hints of messages are worded where the list is shown.
    public init(
        viewModel: any MusicVideosListViewModel,
        renderer: any MusicVideosListRenderer,
        output: any TextOutput,
        diagnostics: any TextOutput,
        diagnosticPrefix: String = "",
        activityIndicator: any ActivityIndicator = HiddenActivityIndicator(),
        hintPhrasing: any HintPhrasing = PlainHintPhrasing()
    ) {
        status = MusicVideosListStatusView(
            viewModel: viewModel, diagnostics: diagnostics, diagnosticPrefix: diagnosticPrefix,
            activityIndicator: activityIndicator, hintPhrasing: hintPhrasing)
        viewModel.items
            .sink { items in
                guard !items.isEmpty else { return }
                output.write(renderer.render(items))
            }
            .store(in: &subscriptions)
    }
}
