import Domain
import Foundation
import Mocks
import Presentation
import Testing

/// "More like this" (`m`) in the view models and on the lists, and an artist's list named after
/// the artist.
@MainActor
@Suite("More like this: m on a row and in details")
struct MoreLikeThisTests {
    /// Answers with `video` and `others`, recording the queries.
    private final class StubRelatedUseCase: FetchRelatedMusicVideosUseCase, @unchecked Sendable {
        let video: MusicVideo?
        let others: [MusicVideo]
        var queries: [RelatedMusicVideosQuery] = []

        init(video: MusicVideo?, others: [MusicVideo]) {
            self.video = video
            self.others = others
        }

        func execute(query: RelatedMusicVideosQuery) async throws(CatalogError) -> RelatedMusicVideosPage {
            queries.append(query)
            return RelatedMusicVideosPage(query: query, video: video, items: others)
        }
    }

    private static let bags = MusicVideo.stub(id: 7, title: "Bags", artistName: "Clairo", artistID: 42)
    private static let others = [
        MusicVideo.stub(id: 8, title: "Sofia", artistName: "Clairo", artistID: 42),
        MusicVideo.stub(id: 9, title: "4Ever", artistName: "Clairo", artistID: 42),
    ]

    @Test("Given a video's id, when the list shows the videos like it, then its rows, source and title name the video")
    func relatedList() async {
        let useCase = StubRelatedUseCase(video: Self.bags, others: Self.others)
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase(), artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            relatedVideosUseCase: useCase)
        let titles = PublisherRecorder(viewModel.title)
        let sources = PublisherRecorder(viewModel.source)
        let query = RelatedMusicVideosQuery(id: 7, country: "GB", limit: 5)

        await viewModel.didShowRelatedVideos(query: query)

        #expect(useCase.queries == [query])
        #expect(PublisherRecorder(viewModel.items).values.last?.map(\.video.id) == [8, 9])
        #expect(sources.values.last == .related(query, videoTitle: "Bags"))
        #expect(titles.values.last == "More like \"Bags\"")
    }

    @Test("Given no other video, then nothing found names the video and the country, with no advice about its id")
    func relatedNone() async {
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase(), artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            relatedVideosUseCase: StubRelatedUseCase(video: Self.bags, others: []))
        let noResults = PublisherRecorder(viewModel.noResults)
        await viewModel.didShowRelatedVideos(query: RelatedMusicVideosQuery(id: 7, country: "GB"))
        #expect(noResults.values.map(\.what) == ["no other music videos like \"Bags\" in GB"])
        #expect(noResults.values.map(\.hint) == [nil])
    }

    @Test("Given a row, when m asks for the videos like it, then the action gets that row's video")
    func rowAction() async {
        var asked: [MusicVideo.ID] = []
        let videos = [Self.bags] + Self.others
        let search = MockSearchMusicVideosUseCase { query throws(CatalogError) in
            MusicVideoPage(query: query, videos: videos, rowCount: 3)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: search, artistVideosUseCase: MockFetchArtistMusicVideosUseCase(),
            actions: MusicVideosListViewModelActions(
                showMusicVideoDetails: { _ in },
                showRelatedVideos: {
                    asked.append($0.id)
                }))
        await viewModel.didSearch(query: MusicVideoQuery(term: "clairo"))
        viewModel.didShowRelatedVideos(ofItemAt: 1)
        #expect(asked == [8])
    }

    @Test("Given --artist-id (no name), when the artist's videos load, then the title names the artist")
    func artistTitleNamesTheArtist() async {
        let videos = [Self.bags] + Self.others
        let artist = MockFetchArtistMusicVideosUseCase { query throws(CatalogError) in
            ArtistMusicVideosPage(query: query, items: videos)
        }
        let viewModel = DefaultMusicVideosListViewModel(
            searchUseCase: MockSearchMusicVideosUseCase(), artistVideosUseCase: artist)
        let titles = PublisherRecorder(viewModel.title)
        await viewModel.didShowArtistVideos(query: ArtistMusicVideosQuery(artistID: 42))
        #expect(titles.values.last == "Music videos by Clairo")
    }

    @Test("Given a list of videos, then m asks for the videos like the selected one; on artists m is no key")
    func listKey() {
        var state = ListState<MusicVideosListItemViewModel>(title: "Music videos")
        state.setRows(MusicVideosListItemViewModel.items(for: [Self.bags] + Self.others), firstNumber: 1)
        state.moveSelection(by: 1)
        let (_, effects) = ListUpdate.update(state, .key(.character("m")))
        #expect(effects.contains(.showRelated(row: 1, Self.others[0])))
        #expect(ListKeys.help(for: state).contains { $0.key == "m" })
        var artists = ListState<MusicArtistsListItemViewModel>(title: "Artists")
        artists.setRows([MusicArtistsListItemViewModel(artist: .stub(id: 1, name: "Clairo"))])
        #expect(ListUpdate.update(artists, .key(.character("m"))).1 == [.passed])
        #expect(!ListKeys.help(for: artists).contains { $0.key == "m" })
    }

    @Test("Given a video's details, when m is pressed, then the details ask for the videos like it, and say so")
    func detailsKey() {
        let viewModel = MockMusicVideoDetailsViewModel()
        viewModel.videoSubject.send(Self.bags)
        viewModel.rowsSubject.send([MusicVideoDetailRow(label: "Title", value: "Bags")])
        let view = FullScreenDetailsView(viewModel: viewModel, hints: PlainHintPhrasing())
        #expect(view.handle(.character("m")))
        #expect(viewModel.calls == [.didShowRelatedVideos])
        #expect(view.keyHints.contains { $0.key == "m" })
        #expect(view.help.contains { $0.key == "m" })
    }

    @Test("Given the default details view model, when m is pressed, then its action gets the video")
    func detailsAction() {
        var asked: [MusicVideo.ID] = []
        let viewModel = DefaultMusicVideoDetailsViewModel(
            video: Self.bags, fetchUseCase: MockFetchMusicVideoUseCase(),
            actions: MusicVideoDetailsViewModelActions(
                openInBrowser: { _ in }, showArtistVideos: { _, _ in }, showRelatedVideos: { asked.append($0.id) }))
        viewModel.didShowRelatedVideos()
        #expect(asked == [7])
    }
}
