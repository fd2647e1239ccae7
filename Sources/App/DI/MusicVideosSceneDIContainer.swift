import Data
import Domain
import Foundation
import Networking
import Presentation

/// Makes everything the music-video screens need: repository, use cases, view models, views.
@MainActor
final class MusicVideosSceneDIContainer {
    struct Dependencies {
        let dataTransferService: any DataTransferService
        let console: Console
        /// Used instead of the iTunes repository when set.
        let repositoryOverride: (any MusicVideosRepository)?
    }

    private let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    // MARK: Repositories

    func makeMusicVideosRepository() -> any MusicVideosRepository {
        dependencies.repositoryOverride
            ?? DefaultMusicVideosRepository(dataTransferService: dependencies.dataTransferService)
    }

    // MARK: Use cases

    func makeSearchMusicVideosUseCase() -> any SearchMusicVideosUseCase {
        DefaultSearchMusicVideosUseCase(repository: makeMusicVideosRepository())
    }

    // MARK: Music videos list

    func makeMusicVideosListViewModel(
        actions: MusicVideosListViewModelActions? = nil
    ) -> any MusicVideosListViewModel {
        DefaultMusicVideosListViewModel(searchUseCase: makeSearchMusicVideosUseCase(), actions: actions)
    }

    func makeMusicVideosListView(
        viewModel: any MusicVideosListViewModel,
        format: MusicVideosListFormat,
        usesColor: Bool
    ) -> MusicVideosListView {
        let console = dependencies.console
        return MusicVideosListView(
            viewModel: viewModel,
            renderer: makeRenderer(format: format, usesColor: usesColor),
            output: console.output,
            diagnostics: console.diagnostics,
            diagnosticPrefix: "mvsearch: ",
            activityIndicator: console.activityIndicator
        )
    }

    func makeRenderer(format: MusicVideosListFormat, usesColor: Bool) -> any MusicVideosListRenderer {
        switch format {
        case .table: MusicVideosTableRenderer(width: dependencies.console.width, style: TextStyle(usesColor: usesColor))
        case .plain: MusicVideosPlainRenderer()
        case .json: MusicVideosJSONRenderer()
        }
    }
}
