import Domain
import Mocks
import Testing

@Suite("The top music videos chart's query")
struct ChartQueryValidationTests {
    @Test("A valid query comes back with its country upper-cased, its limit and genre unchanged")
    func normalises() throws {
        #expect(try ChartQuery(country: "gb", limit: 10).validated() == ChartQuery(country: "GB", limit: 10))
        #expect(
            try ChartQuery(country: "Us", limit: 200, genreID: 14).validated()
                == ChartQuery(country: "US", limit: 200, genreID: 14))
        #expect(try ChartQuery(country: "jp", limit: 1, genreID: 1).validated().genreID == 1)
    }

    @Test(
        "A query that breaks a rule names the problem",
        arguments: [
            (ChartQuery(limit: 0), QueryProblem.limitOutOfRange(0, 1...200)),
            (ChartQuery(limit: 201), .limitOutOfRange(201, 1...200)),
            (ChartQuery(limit: -5), .limitOutOfRange(-5, 1...200)),
            (ChartQuery(country: "USA"), .invalidCountry("USA")),
            (ChartQuery(country: "u1"), .invalidCountry("u1")),
            (ChartQuery(country: ""), .invalidCountry("")),
            (ChartQuery(genreID: 0), .invalidID(0)),
            (ChartQuery(genreID: -14), .invalidID(-14)),
        ])
    func rejects(query: ChartQuery, problem: QueryProblem) {
        #expect(throws: problem) { _ = try query.validated() }
    }
}

@Suite("Fetching the top music videos")
struct TopMusicVideosUseCaseTests {
    @Test("The repository gets the normalised query, and the page names it")
    func normalises() async throws {
        let repository = MockMusicVideoChartsRepository.returning([.stub(id: 7)])
        let page = try await DefaultFetchTopMusicVideosUseCase(repository: repository)
            .execute(query: ChartQuery(country: "gb", limit: 5, genreID: 21))
        let expected = ChartQuery(country: "GB", limit: 5, genreID: 21)
        #expect(repository.chartQueries == [expected])
        #expect(page.query == expected)
        #expect(page.items.map(\.id) == [7])
    }

    @Test(
        "Given a query that breaks a rule, nothing is sent and the problem is an invalid query",
        arguments: [
            (ChartQuery(limit: 500), QueryProblem.limitOutOfRange(500, 1...200)),
            (ChartQuery(country: "GBR"), .invalidCountry("GBR")),
            (ChartQuery(genreID: 0), .invalidID(0)),
        ])
    func rejects(query: ChartQuery, problem: QueryProblem) async {
        let repository = MockMusicVideoChartsRepository()
        await #expect(throws: CatalogError.invalidQuery(problem)) {
            _ = try await DefaultFetchTopMusicVideosUseCase(repository: repository).execute(query: query)
        }
        #expect(repository.chartQueries.isEmpty)
    }

    @Test("Given a video twice, it is kept once, at its first place; the chart's order is unchanged")
    func removesRepeats() async throws {
        let repository = MockMusicVideoChartsRepository.returning([
            .stub(id: 3, title: "Third"), .stub(id: 1, title: "First"), .stub(id: 3, title: "Third again"),
            .stub(id: 2, title: "Second"), .stub(id: 1, title: "First again"),
        ])
        let page = try await DefaultFetchTopMusicVideosUseCase(repository: repository).execute(query: ChartQuery())
        #expect(page.items.map(\.title) == ["Third", "First", "Second"])
    }

    @Test("Given an empty chart, the page is empty; given a failure, it passes through unchanged")
    func emptyAndFailure() async throws {
        let empty = try await DefaultFetchTopMusicVideosUseCase(
            repository: MockMusicVideoChartsRepository.returning([])
        )
        .execute(query: ChartQuery(genreID: 9999))
        #expect(empty.items.isEmpty)
        #expect(empty.query.genreID == 9999)
        let failing = MockMusicVideoChartsRepository.failing(with: .serviceUnavailable(statusCode: 503))
        await #expect(throws: CatalogError.serviceUnavailable(statusCode: 503)) {
            _ = try await DefaultFetchTopMusicVideosUseCase(repository: failing).execute(query: ChartQuery())
        }
        #expect(failing.chartQueries.count == 1)
    }
}
