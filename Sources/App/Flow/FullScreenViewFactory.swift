import Domain
import Foundation
import Presentation

/// What the full-screen coordinator needs to make its screens — and nothing else of the scene
/// container (as kudoleh's `MoviesSearchFlowCoordinatorDependencies`).
@MainActor
protocol FullScreenViewFactory {
    func makeFullScreenSearchView(actions: MusicVideosSearchViewModelActions, term: String)
        -> (FullScreenSearchView, any MusicVideosSearchViewModel)
    func makeFullScreenResultsView(actions: MusicVideosListViewModelActions, title: String, artwork: ArtworkLoader?)
        -> (FullScreenListView<MusicVideosListItemViewModel>, any MusicVideosListViewModel)
    func makeFullScreenDetailsView(video: MusicVideo?, actions: MusicVideoDetailsViewModelActions)
        -> (FullScreenDetailsView, any MusicVideoDetailsViewModel)
    func makeFullScreenListView<ViewModel: NumberedListOutput & NumberedListInput>(
        viewModel: ViewModel, artwork: ArtworkLoader?, videoActions: VideoRowActions
    ) -> FullScreenListView<ViewModel.Row>
    func makeFullScreenChartView(
        viewModel: any TopMusicVideosViewModel, query: ChartQuery, artwork: ArtworkLoader?,
        videoActions: VideoRowActions
    ) -> FullScreenChartView
}

extension MusicVideosSceneDIContainer: FullScreenViewFactory {}
