import Domain
import Foundation
import Presentation

/// Starts the flow the command asks for and reports how it ended.
@MainActor
final class AppFlowCoordinator {
    private let sceneContainer: MusicVideosSceneDIContainer

    init(sceneContainer: MusicVideosSceneDIContainer) {
        self.sceneContainer = sceneContainer
    }

    /// One search, its results written once, then done.
    /// - Parameters:
    ///   - query: The query as given (the use case validates it).
    ///   - style: How results are written.
    /// - Returns: 0 with results, 1 when nothing was found, otherwise the error's status.
    func runSearch(query: MusicVideoQuery, style: OutputStyle) async -> ExitStatus {
        let viewModel = sceneContainer.makeMusicVideosListViewModel()
        let view = sceneContainer.makeMusicVideosListView(
            viewModel: viewModel, format: style.format, usesColor: style.usesColor)
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
