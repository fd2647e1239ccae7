import Domain
import Foundation
import Presentation

/// Starts the flow the command asks for and reports how it ended.
@MainActor
final class AppFlowCoordinator {
    private let sceneContainer: MusicVideosSceneDIContainer
    private let console: Console

    init(sceneContainer: MusicVideosSceneDIContainer, console: Console) {
        self.sceneContainer = sceneContainer
        self.console = console
    }

    /// One search, its results written once, then done.
    /// - Parameters:
    ///   - query: The query as given (the use case validates it).
    ///   - format: The output format, or `nil` for the terminal's default.
    ///   - noColor: `--no-color` was given.
    /// - Returns: 0 with results, 1 when nothing was found, otherwise the error's status.
    func runSearch(query: MusicVideoQuery, format: MusicVideosListFormat?, noColor: Bool) async -> ExitStatus {
        let format = format ?? (console.outputIsTerminal ? .table : .plain)
        let usesColor = !noColor && console.outputIsTerminal && console.environmentAllowsColor
        let viewModel = sceneContainer.makeMusicVideosListViewModel()
        let view = sceneContainer.makeMusicVideosListView(viewModel: viewModel, format: format, usesColor: usesColor)
        let outcome = SearchOutcome(viewModel: viewModel)
        await viewModel.didSearch(query: query)
        withExtendedLifetime(view) {}
        return outcome.status
    }
}

/// Watches a list's events to decide the exit status of a one-shot search.
@MainActor
private final class SearchOutcome {
    private(set) var status: ExitStatus = .success
    private var subscriptions = Set<AnyCancellable>()

    init(viewModel: any MusicVideosListViewModel) {
        viewModel.noResults
            .sink { [weak self] _ in self?.status = .noResults }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in self?.status = ExitStatus(error) }
            .store(in: &subscriptions)
    }
}
