import Catalog
import Domain
import Presentation

extension ListCommand {
    /// `--artists <term>...`: the `artists` operation; a row opens the artist's videos.
    static let artists = ListCommand(
        .artists, of: MusicArtistsListItemViewModel.self, query: CatalogOperation.artistsQuery,
        open: { container, query, navigation in
            let viewModel = container.makeMusicArtistsListViewModel(
                actions: navigation.map { MusicArtistsListViewModelActions(showArtistVideos: $0.showArtistVideos) })
            return OpenedList(viewModel: viewModel) { await viewModel.didSearch(query: query) }
        })
}
