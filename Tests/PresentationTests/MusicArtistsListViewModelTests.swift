import Domain
import Foundation
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The artist list: view model, rows and renderers")
struct MusicArtistsListViewModelTests {
    private let query = MusicArtistQuery(term: " jack\t johnson ", country: "us")

    private func page(_ artists: [MusicArtist]) -> MockSearchMusicArtistsUseCase {
        MockSearchMusicArtistsUseCase { query throws(CatalogError) in
            MusicArtistsPage(query: (try? query.validated()) ?? query, items: artists)
        }
    }

    @Test("Given artists, a search emits loading, a title with the normalised term, the rows; no error, no empty list")
    func search() async {
        let useCase = page([.stub(id: 1, name: "A"), .stub(id: 2, name: "B\u{1B}[2J")])
        let viewModel = DefaultMusicArtistsListViewModel(searchUseCase: useCase)
        let items = PublisherRecorder(viewModel.items)
        let loading = PublisherRecorder(viewModel.loading)
        let titles = PublisherRecorder(viewModel.title)
        let noResults = PublisherRecorder(viewModel.noResults)
        let errors = PublisherRecorder(viewModel.error)
        await viewModel.didSearch(query: query)
        #expect(items.values.map { $0.map(\.name) } == [[], ["A", "B[2J"]])
        #expect(loading.values == [.idle, .firstPage, .idle])
        #expect(titles.values == ["Artists", "Artists for \"jack johnson\""])
        #expect(noResults.values.isEmpty && errors.values.isEmpty)
        #expect(useCase.executedQueries == [query])
    }

    @Test("Given no artists, the list says so once, naming the term; given a failure, the error is emitted once")
    func emptyAndFailure() async {
        let empty = DefaultMusicArtistsListViewModel(searchUseCase: page([]))
        let noResults = PublisherRecorder(empty.noResults)
        await empty.didSearch(query: query)
        #expect(noResults.values == [UserMessage("no artists found for \"jack johnson\"", hint: .tryOtherWords)])

        let failing = DefaultMusicArtistsListViewModel(
            searchUseCase: MockSearchMusicArtistsUseCase { _ throws(CatalogError) in throw .timedOut })
        let errors = PublisherRecorder(failing.error)
        let items = PublisherRecorder(failing.items)
        await failing.didSearch(query: query)
        #expect(errors.values == [.timedOut])
        #expect(items.values == [[]])
    }

    @Test("Selecting a row asks to show that artist's videos; a row that is not there is ignored")
    func select() async {
        var shown: [String] = []
        let viewModel = DefaultMusicArtistsListViewModel(
            searchUseCase: page([.stub(id: 1, name: "A"), .stub(id: 2, name: "B")]),
            actions: MusicArtistsListViewModelActions(showArtistVideos: { shown.append("\($0) \($1 ?? "-")") }))
        await viewModel.didSearch(query: query)
        viewModel.didSelectItem(at: 1)
        viewModel.didSelectItem(at: 2)
        viewModel.didSelectItem(at: -1)
        #expect(shown == ["2 B"])
    }

    @Test("Cancelling the task awaiting a search cancels the request and emits no error, no rows, no empty result")
    func cancellation() async {
        let started = AsyncStream<Void>.makeStream()
        let useCase = MockSearchMusicArtistsUseCase { query throws(CatalogError) in
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
            return MusicArtistsPage(query: query, items: [.stub()])
        }
        let viewModel = DefaultMusicArtistsListViewModel(searchUseCase: useCase)
        let errors = PublisherRecorder(viewModel.error)
        let items = PublisherRecorder(viewModel.items)
        let noResults = PublisherRecorder(viewModel.noResults)
        let search = Task { await viewModel.didSearch(query: query) }
        for await _ in started.stream { break }
        search.cancel()
        await search.value
        #expect(errors.values.isEmpty && noResults.values.isEmpty)
        #expect(items.values == [[]])
    }

    @Test("Table `#  Artist  Genre  ID`, plain `id, name, genre, url`, JSON {id, name, genre, url}")
    func renderers() throws {
        let rows = [
            MusicArtistsListItemViewModel(artist: .stub()),
            MusicArtistsListItemViewModel(artist: .stub(id: 78500, name: "U2", genre: nil, url: nil)),
        ]
        #expect(
            TableRenderer<MusicArtistsListItemViewModel>(width: 80).render(rows) == """
                #  Artist        Genre      ID
                1  Jack Johnson  Rock   909253
                2  U2                    78500

                """)
        #expect(
            PlainRenderer<MusicArtistsListItemViewModel>().render(rows)
                == "909253\tJack Johnson\tRock\thttps://music.apple.com/us/artist/jack-johnson/909253\n78500\tU2\t\t\n")
        let json = JSONRenderer<MusicArtistsListItemViewModel>().render(rows)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects.map { Set($0.keys) } == Array(repeating: ["id", "name", "genre", "url"], count: 2))
        #expect(objects[0]["id"] as? Int == 909_253)
        #expect(objects[1]["genre"] is NSNull)
    }
}
