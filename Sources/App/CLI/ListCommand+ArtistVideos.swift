import Domain
import Presentation

extension ListCommand {
    /// `--artist-id N`: an artist's music videos, looked up by the artist's id; a row opens its details.
    static let artistVideos = ListCommand(
        "--artist-id", id: "N", help: "list an artist's music videos", operand: .none,
        usage: "an artist's music videos",
        rows: "videos", of: MusicVideosListItemViewModel.self,
        query: {
            ArtistMusicVideosQuery(artistID: $0.integer(of: "--artist-id") ?? 0, country: $0.country, limit: $0.limit)
        },
        open: { container, query, navigation in
            let viewModel = container.makeMusicVideosListViewModel(
                actions: navigation.map { MusicVideosListViewModelActions(showMusicVideoDetails: $0.showDetails) })
            return OpenedList(viewModel: viewModel) { await viewModel.didShowArtistVideos(query: query) }
        })
}
