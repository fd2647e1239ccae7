import Domain
import Foundation
import Presentation

/// The full-screen session's views, each bound to its own view model.
extension MusicVideosSceneDIContainer {
    func makeFullScreenSearchView(actions: MusicVideosSearchViewModelActions, term: String)
        -> (FullScreenSearchView, any MusicVideosSearchViewModel)
    {
        let viewModel = DefaultMusicVideosSearchViewModel(
            recentSearchesUseCase: makeFetchRecentSearchesUseCase(), actions: actions)
        return (FullScreenSearchView(viewModel: viewModel, term: term), viewModel)
    }

    /// A list that grows a page at a time as the user scrolls, fetching the next page in the
    /// background once the selection is within a screen of the last row (not before: each
    /// request counts against the rate limit).
    func makeFullScreenResultsView(actions: MusicVideosListViewModelActions, title: String, artwork: ArtworkLoader?)
        -> (FullScreenListView<MusicVideosListItemViewModel>, any MusicVideosListViewModel)
    {
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: makeSearchMusicVideosUseCase(),
            artistVideosUseCase: makeFetchArtistMusicVideosUseCase(),
            relatedVideosUseCase: makeFetchRelatedMusicVideosUseCase(),
            actions: actions,
            prefetchesNextPage: prefetchesPages,
            keepsLoadedPages: true)
        let screen = ListScreenViewModel(
            source: ListDataSource(videos: viewModel, hints: Self.sessionHints), title: title, artwork: artwork)
        return (FullScreenListView(viewModel: screen), viewModel)
    }

    /// One video's details: `video` when known, else empty until its view model loads it.
    func makeFullScreenDetailsView(video: MusicVideo?, actions: MusicVideoDetailsViewModelActions)
        -> (FullScreenDetailsView, any MusicVideoDetailsViewModel)
    {
        let viewModel = makeMusicVideoDetailsViewModel(video: video, actions: actions)
        return (FullScreenDetailsView(viewModel: viewModel, hints: Self.sessionHints), viewModel)
    }

    /// Any list whose rows describe their columns (a chart, artists), Enter opening a row; a list
    /// of videos has the results' keys, pane and artwork.
    func makeFullScreenListView<ViewModel: NumberedListOutput & NumberedListInput>(
        viewModel: ViewModel, artwork: ArtworkLoader?, videoActions: VideoRowActions
    ) -> FullScreenListView<ViewModel.Row> {
        let source = ListDataSource(
            viewModel, hints: Self.sessionHints, openPage: videoActions.openPage, showArtist: videoActions.showArtist,
            showRelated: videoActions.showRelated)
        return FullScreenListView(
            viewModel: ListScreenViewModel(source: source, title: "", artwork: artwork))
    }

    /// The session's artwork: fetched once the selection rests, the last few pictures kept in
    /// memory only.
    func makeArtworkLoader() -> ArtworkLoader {
        ArtworkLoader(useCase: makeFetchArtworkUseCase())
    }

    func makeFullScreenFlowCoordinator(settings: MusicVideosSearchFlowCoordinator.Settings)
        -> FullScreenFlowCoordinator
    {
        FullScreenFlowCoordinator(container: self, settings: settings)
    }
}
