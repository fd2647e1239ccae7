import Catalog
import Domain
import Presentation

extension ListCommand {
    /// `--artist-id N`: the `artist-videos` operation; a row opens its details.
    static let artistVideos = ListCommand(
        .artistVideos, of: MusicVideosListItemViewModel.self, query: CatalogOperation.artistVideosQuery,
        open: { container, query, navigation in
            let viewModel = container.makeMusicVideosListViewModel(
                actions: navigation.map { MusicVideosListViewModelActions(showMusicVideoDetails: $0.showDetails) })
            return OpenedList(viewModel: viewModel) { await viewModel.didShowArtistVideos(query: query) }
        })
}
