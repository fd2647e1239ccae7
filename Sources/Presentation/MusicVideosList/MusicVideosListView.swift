import Domain
import Foundation

/// Writes a list view model's results to standard output, and its failures and empty results
/// as one line each to the diagnostics output. Never calls a use case.
@MainActor
public final class MusicVideosListView {
    private let renderer: any MusicVideosListRenderer
    private let output: any TextOutput
    private let diagnostics: any TextOutput
    private let diagnosticPrefix: String
    private let activityIndicator: any ActivityIndicator
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The list to show.
    ///   - renderer: Table, plain or JSON.
    ///   - output: Results go here (standard output).
    ///   - diagnostics: Messages go here (standard error).
    ///   - diagnosticPrefix: Put before every message, e.g. `mvsearch: `.
    ///   - activityIndicator: Shown while a page loads.
    public init(
        viewModel: any MusicVideosListViewModel,
        renderer: any MusicVideosListRenderer,
        output: any TextOutput,
        diagnostics: any TextOutput,
        diagnosticPrefix: String = "",
        activityIndicator: any ActivityIndicator = HiddenActivityIndicator()
    ) {
        self.renderer = renderer
        self.output = output
        self.diagnostics = diagnostics
        self.diagnosticPrefix = diagnosticPrefix
        self.activityIndicator = activityIndicator
        bind(to: viewModel)
    }

    private func bind(to viewModel: any MusicVideosListViewModel) {
        viewModel.loading
            .sink { [activityIndicator] loading in
                if loading == .idle {
                    activityIndicator.stop()
                } else {
                    activityIndicator.start(message: "Searching")
                }
            }
            .store(in: &subscriptions)
        viewModel.items
            .sink { [renderer, output] items in
                guard !items.isEmpty else { return }
                output.write(renderer.render(items))
            }
            .store(in: &subscriptions)
        viewModel.noResults
            .sink { [weak self] query in
                let term = TerminalSanitizer.sanitize(query.term)
                self?.report("no music videos found for \"\(term)\" — try other or fewer words")
            }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in
                self?.report(MusicVideoErrorMessage.text(for: error))
            }
            .store(in: &subscriptions)
    }

    private func report(_ message: String) {
        diagnostics.write(diagnosticPrefix + message + "\n")
    }
}
