import Catalog
import Domain
import Presentation

extension ListCommand {
    /// `--also N`: the `also` operation ("more like this"), a list of videos like any other: the
    /// one-shot formats of a search, both sessions (`-i --also N`, `--pick --also N`), and a row
    /// opens its details.
    static let also = ListCommand(
        .also, of: MusicVideosListItemViewModel.self, query: CatalogOperation.alsoQuery,
        open: { container, query, navigation in
            let viewModel = container.makeMusicVideosListViewModel(
                actions: navigation.map { MusicVideosListViewModelActions(showMusicVideoDetails: $0.showDetails) })
            return OpenedList(viewModel: viewModel) { await viewModel.didShowRelatedVideos(query: query) }
        })
}
