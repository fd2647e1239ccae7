import Domain
import Foundation
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The details view model")
struct MusicVideoDetailsViewModelTests {
    @Test("Given an id, loading emits the video and its rows; the use case gets the query")
    func loads() async {
        let useCase = MockFetchMusicVideoUseCase { query throws(CatalogError) in
            .stub(id: query.id, title: "Upside Down")
        }
        let viewModel = DefaultMusicVideoDetailsViewModel(fetchUseCase: useCase)
        let videos = PublisherRecorder(viewModel.video)
        let loading = PublisherRecorder(viewModel.isLoading)
        let rows = PublisherRecorder(viewModel.rows)
        await viewModel.didLoad(query: MusicVideoLookupQuery(id: 7))
        #expect(videos.values.map { $0?.id } == [nil, 7])
        #expect(loading.values == [false, true, false])
        #expect(rows.values.last?.first == MusicVideoDetailRow(label: "Title", value: "Upside Down"))
        #expect(rows.values.last?.last == MusicVideoDetailRow(label: "Track id", value: "7"))
        #expect(useCase.executedQueries == [MusicVideoLookupQuery(id: 7)])
    }

    @Test("An unknown id emits notFound; a failure emits the error")
    func notFoundAndError() async {
        let missing = DefaultMusicVideoDetailsViewModel(
            fetchUseCase: MockFetchMusicVideoUseCase { _ throws(CatalogError) in nil })
        let notFound = PublisherRecorder(missing.notFound)
        await missing.didLoad(query: MusicVideoLookupQuery(id: 3))
        #expect(notFound.values == [3])

        let failing = DefaultMusicVideoDetailsViewModel(
            fetchUseCase: MockFetchMusicVideoUseCase { _ throws(CatalogError) in throw .offline })
        let errors = PublisherRecorder(failing.error)
        await failing.didLoad(query: MusicVideoLookupQuery(id: 3))
        #expect(errors.values == [.offline])
    }

    @Test("Open and artist ask the coordinator; without a page or artist id they explain instead")
    func actions() {
        var opened: [URL] = []
        var artists: [Int] = []
        let actions = MusicVideoDetailsViewModelActions(
            openInBrowser: { opened.append($0) }, showArtistVideos: { id, _ in artists.append(id) })
        let viewModel = DefaultMusicVideoDetailsViewModel(
            video: .stub(artistID: 11), fetchUseCase: MockFetchMusicVideoUseCase(), actions: actions)
        viewModel.didOpenInBrowser()
        viewModel.didShowArtistVideos()
        #expect(opened.map(\.absoluteString) == ["https://music.apple.com/us/music-video/banana-pancakes/1?uo=4"])
        #expect(artists == [11])

        let bare = DefaultMusicVideoDetailsViewModel(
            video: .stub(artistID: nil, trackURL: nil), fetchUseCase: MockFetchMusicVideoUseCase(), actions: actions)
        let notices = PublisherRecorder(bare.notice)
        bare.didOpenInBrowser()
        bare.didShowArtistVideos()
        #expect(notices.values.count == 2)
        #expect(opened.count == 1 && artists.count == 1)
    }

    @Test("Every present field becomes a sanitised row; absent fields are left out")
    func rows() {
        let rows = MusicVideoDetailsFormatter.rows(
            for: .stub(title: "a\u{1B}[2Jb", collectionName: nil, explicitness: .explicit))
        #expect(rows.first?.value == "a[2Jb")
        #expect(!rows.contains { $0.label == "Collection" })
        #expect(rows.contains(MusicVideoDetailRow(label: "Explicit", value: "yes")))
        #expect(rows.contains(MusicVideoDetailRow(label: "Duration", value: "3:12")))
    }
}

@MainActor
@Suite("The search screen's view model")
struct MusicVideosSearchViewModelTests {
    @Test("Recent searches load sanitised; a term or a recent number asks for results; anything else explains")
    func searchScreen() async {
        var searched: [String] = []
        let viewModel = DefaultMusicVideosSearchViewModel(
            recentSearchesUseCase: DefaultFetchRecentSearchesUseCase(
                repository: InMemoryRecentSearchesRepository(["jack johnson", "evil\u{1B}[2J"])),
            actions: MusicVideosSearchViewModelActions(showResults: { searched.append($0) }))
        let recent = PublisherRecorder(viewModel.recentSearches)
        let notices = PublisherRecorder(viewModel.notice)
        await viewModel.didLoad()
        viewModel.didSubmit(term: "  clairo ")
        viewModel.didSelectRecentSearch(at: 1)
        viewModel.didSelectRecentSearch(at: 2)
        viewModel.didSubmit(term: "   ")
        #expect(recent.values == [[], ["jack johnson", "evil[2J"]])
        #expect(searched == ["clairo", "evil\u{1B}[2J"])
        #expect(notices.values.count == 2)
    }
}
