import Domain
import Foundation
import Mocks
import Presentation
import Testing

@MainActor
@Suite("The top music videos chart: view model, ranked rows and renderers")
struct TopMusicVideosViewModelTests {
    nonisolated static let videos: [MusicVideo] = [
        .stub(id: 30, title: "Flowers", artistName: "Miley Cyrus"),
        .stub(id: 10, title: "Kill Bill", artistName: "SZA", explicitness: .explicit),
        .stub(id: 20, title: "Are You Bored Yet?", artistName: "Wallows", price: nil),
    ]

    /// A use case answering with `videos` under the query as it normalises it.
    private func chart(_ videos: [MusicVideo] = videos) -> MockFetchTopMusicVideosUseCase {
        MockFetchTopMusicVideosUseCase { query throws(CatalogError) in
            TopMusicVideosPage(query: (try? query.validated()) ?? query, items: videos)
        }
    }

    private func rows(_ videos: [MusicVideo] = videos) -> [TopMusicVideosItemViewModel] {
        TopMusicVideosItemViewModel.ranked(MusicVideosListItemViewModel.items(for: videos))
    }

    @Test("Loading emits loading, the title naming the chart, rows ranked 1…n in chart order; no error, no empty list")
    func load() async {
        let useCase = chart()
        let viewModel = DefaultTopMusicVideosViewModel(useCase: useCase)
        let items = PublisherRecorder(viewModel.items)
        let loading = PublisherRecorder(viewModel.loading)
        let titles = PublisherRecorder(viewModel.title)
        let noResults = PublisherRecorder(viewModel.noResults)
        let errors = PublisherRecorder(viewModel.error)
        await viewModel.didLoad(query: ChartQuery(country: "us", limit: 3))
        #expect(loading.values == [.idle, .firstPage, .idle])
        #expect(titles.values == ["Top music videos", "Top music videos chart in US"])
        #expect(items.values.count == 2)
        #expect(items.values.last?.map(\.rank) == [1, 2, 3])
        #expect(items.values.last?.map(\.row.video.id) == [30, 10, 20])
        #expect(items.values.first?.isEmpty == true)
        #expect(noResults.values.isEmpty && errors.values.isEmpty)
        #expect(useCase.executedQueries == [ChartQuery(country: "us", limit: 3)])
    }

    @Test("Rows keep the chart's own positions: entries the feed left out or repeated leave gaps")
    func feedPositionsKept() async {
        let videos: [MusicVideo] = [
            .stub(id: 1, chartPosition: 1), .stub(id: 3, chartPosition: 3), .stub(id: 5, chartPosition: 5),
        ]
        let viewModel = DefaultTopMusicVideosViewModel(useCase: chart(videos))
        let items = PublisherRecorder(viewModel.items)
        await viewModel.didLoad(query: ChartQuery(country: "us", limit: 5))
        #expect(items.values.last?.map(\.rank) == [1, 3, 5])
        #expect(items.values.last?.map(\.row.video.id) == [1, 3, 5])
    }

    @Test("A genre's chart names the genre in its title (Pop, not genre 14)")
    func genreTitle() async {
        let viewModel = DefaultTopMusicVideosViewModel(useCase: chart())
        let titles = PublisherRecorder(viewModel.title)
        await viewModel.didLoad(query: ChartQuery(country: "gb", limit: 5, genreID: 14))
        #expect(titles.values.last == "Top music videos chart in GB (Pop)")
    }

    @Test("An empty chart says so once, naming the chart; a failure emits the error once and no rows")
    func emptyAndFailure() async {
        let empty = DefaultTopMusicVideosViewModel(useCase: chart([]))
        let noResults = PublisherRecorder(empty.noResults)
        let emptyErrors = PublisherRecorder(empty.error)
        await empty.didLoad(query: ChartQuery(country: "US", genreID: 9999))
        #expect(
            noResults.values == [
                UserMessage("the top music videos chart in US (genre 9999) is empty", hint: .checkIDOrCountry)
            ])
        #expect(emptyErrors.values.isEmpty)

        let useCase = MockFetchTopMusicVideosUseCase { _ throws(CatalogError) in throw .timedOut }
        let failing = DefaultTopMusicVideosViewModel(useCase: useCase)
        let errors = PublisherRecorder(failing.error)
        let items = PublisherRecorder(failing.items)
        let failedNoResults = PublisherRecorder(failing.noResults)
        let titles = PublisherRecorder(failing.title)
        await failing.didLoad(query: ChartQuery())
        #expect(errors.values == [.timedOut])
        #expect(items.values == [[]])
        #expect(failedNoResults.values.isEmpty)
        #expect(titles.values == ["Top music videos"])
    }

    @Test("Selecting a row asks to show that video's details by its track id; a row that is not there is ignored")
    func select() async {
        var shown: [MusicVideo.ID] = []
        let viewModel = DefaultTopMusicVideosViewModel(
            useCase: chart(), actions: TopMusicVideosViewModelActions(showMusicVideoDetails: { shown.append($0.id) }))
        viewModel.didSelectItem(at: 0)  // nothing shown yet
        await viewModel.didLoad(query: ChartQuery())
        viewModel.didSelectItem(at: 1)
        viewModel.didSelectItem(at: 3)
        viewModel.didSelectItem(at: -1)
        viewModel.didSelectItem(at: 0)
        #expect(shown == [10, 30])
        #expect(viewModel.choice == "details")
    }

    @Test("Cancelling the task awaiting the chart emits no error, no rows, no empty chart")
    func cancellation() async {
        let started = AsyncStream<Void>.makeStream()
        let useCase = MockFetchTopMusicVideosUseCase { query throws(CatalogError) in
            started.continuation.yield()
            do { try await Task.sleep(for: .seconds(30)) } catch { throw .cancelled }
            return TopMusicVideosPage(query: query, items: Self.videos)
        }
        let viewModel = DefaultTopMusicVideosViewModel(useCase: useCase)
        let errors = PublisherRecorder(viewModel.error)
        let items = PublisherRecorder(viewModel.items)
        let noResults = PublisherRecorder(viewModel.noResults)
        let titles = PublisherRecorder(viewModel.title)
        let loading = PublisherRecorder(viewModel.loading)
        let load = Task { await viewModel.didLoad(query: ChartQuery()) }
        for await _ in started.stream { break }
        load.cancel()
        await load.value
        #expect(errors.values.isEmpty && noResults.values.isEmpty)
        #expect(items.values == [[]])
        #expect(titles.values == ["Top music videos"])
        #expect(loading.values == [.idle, .firstPage, .idle])
    }

    @Test("Ranked rows number from 1 in order, whatever the rows")
    func ranked() {
        #expect(TopMusicVideosItemViewModel.ranked([]).isEmpty)
        let ranked = rows()
        #expect(ranked.map(\.rank) == [1, 2, 3])
        #expect(ranked.map(\.row) == MusicVideosListItemViewModel.items(for: Self.videos))
    }

    @Test("Plain lines are the video's fields after the rank")
    func plain() {
        let text = PlainRenderer<TopMusicVideosItemViewModel>().render(rows())
        let videoLines = PlainRenderer<MusicVideosListItemViewModel>()
            .render(MusicVideosListItemViewModel.items(for: Self.videos)).split(separator: "\n")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        for (index, line) in lines.enumerated() {
            #expect(line == "\(index + 1)\t" + videoLines[index])
        }
        #expect(lines[1].hasPrefix("2\t10\tSZA\tKill Bill\t"))
    }

    @Test("JSON objects start with \"rank\" (a number), then the video's keys; --json rank,title picks keys")
    func json() throws {
        let text = JSONRenderer<TopMusicVideosItemViewModel>().render(rows())
        let lines = text.split(separator: "\n")
        #expect(lines.first == "[")
        #expect(lines[1].hasPrefix(#"  {"rank":1,"id":30,"title":"Flowers","#))
        #expect(lines[3].hasPrefix(#"  {"rank":3,"id":20,"#))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["rank"] as? Int } == [1, 2, 3])
        #expect(TopMusicVideosItemViewModel.jsonKeys == ["rank"] + MusicVideosListItemViewModel.jsonKeys)

        #expect(
            JSONRenderer<TopMusicVideosItemViewModel>(keys: ["rank", "title"]).render(rows()) == """
                [
                  {"rank":1,"title":"Flowers"},
                  {"rank":2,"title":"Kill Bill"},
                  {"rank":3,"title":"Are You Bored Yet?"}
                ]

                """)
        #expect(
            JSONRenderer<TopMusicVideosItemViewModel>(keys: ["title", "rank"], layout: .lines).render(
                Array(rows().prefix(2)))
                == "{\"title\":\"Flowers\",\"rank\":1}\n{\"title\":\"Kill Bill\",\"rank\":2}\n")
    }

    @Test("The table's columns are the video's, its marker and narrowing included; `#` is the rank")
    func table() {
        let ranked = rows()
        let videoRows = MusicVideosListItemViewModel.items(for: Self.videos)
        let table = TableRenderer<TopMusicVideosItemViewModel>(width: 80).render(ranked)
        let lines = table.split(separator: "\n")
        #expect(lines[0].hasPrefix("#  Title"))
        #expect(lines[0].contains("Artist") && lines[0].contains("Price"))
        #expect(lines[1].hasPrefix("1  Flowers "))
        #expect(lines[2].hasPrefix("2  Kill Bill E "))  // the explicit marker, pulled back
        #expect(lines[3].hasPrefix("3  Are You Bored Yet? "))
        // The same layout as the video list's at every width: widths, markers and dropped columns pulled back.
        for width in [80, 50, 30, 20] {
            #expect(
                TableRenderer<TopMusicVideosItemViewModel>(width: width).render(ranked)
                    == TableRenderer<MusicVideosListItemViewModel>(width: width).render(videoRows))
        }
    }
}
