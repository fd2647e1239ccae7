import Data
import Domain
import Presentation

/// The store's top music videos chart (`--top`).
extension MusicVideosSceneDIContainer {
    func makeMusicVideoChartsRepository() -> any MusicVideoChartsRepository {
        dependencies.services.makeMusicVideoChartsRepository()
    }

    func makeTopMusicVideosViewModel(actions: TopMusicVideosViewModelActions? = nil) -> any TopMusicVideosViewModel {
        DefaultTopMusicVideosViewModel(
            useCase: DefaultFetchTopMusicVideosUseCase(repository: makeMusicVideoChartsRepository()), actions: actions)
    }

    /// A chart you can browse: its list, and `e` / `c` to change its genre and country in place.
    func makeFullScreenChartView(
        viewModel: any TopMusicVideosViewModel, query: ChartQuery, artwork: ArtworkLoader?,
        videoActions: VideoRowActions
    ) -> FullScreenChartView {
        let list = makeFullScreenListView(viewModel: viewModel, artwork: artwork, videoActions: videoActions)
        return FullScreenChartView(list: list, viewModel: viewModel, query: query)
    }
}
