import Catalog
import Domain
import Presentation

extension ListCommand {
    /// `--artist-id N`: the `artist-videos` operation; a row opens its details.
    static let artistVideos = ListCommand(
        .artistVideos, of: MusicVideosListItemViewModel.self, query: CatalogOperation.artistVideosQuery,
        open: { container, query, navigation in
            let viewModel = container.makeMusicVideosListViewModel(
                actions: navigation.map { navigation in
                    MusicVideosListViewModelActions(showMusicVideoDetails: {
                        navigation.showDetailsFromArtistList($0, query.artistID)
                    })
                })
            return OpenedList(viewModel: viewModel) { await viewModel.didShowArtistVideos(query: query) }
        })
}
