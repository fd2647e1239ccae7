import Domain
import Presentation

extension ListCommand {
    /// `--artists <term>...`: music-video artists matching the term; a row opens the artist's videos.
    static let artists = ListCommand(
        "--artists", help: "search music-video artists instead of videos",
        usage: "music-video artists matching the term", rows: "artists", of: MusicArtistsListItemViewModel.self,
        query: { TermQuery(term: $0.term, country: $0.country, limit: $0.limit) },
        open: { container, query, navigation in
            let viewModel = container.makeMusicArtistsListViewModel(
                actions: navigation.map { MusicArtistsListViewModelActions(showArtistVideos: $0.showArtistVideos) })
            return OpenedList(viewModel: viewModel) { await viewModel.didSearch(query: query) }
        })
}
