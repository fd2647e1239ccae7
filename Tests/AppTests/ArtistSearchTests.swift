import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// `--artists`, composed by the real containers over mock repositories.
@MainActor
@Suite("Artist search in the app")
struct ArtistSearchTests {
    private struct Run {
        let status: App.ExitStatus
        let output: String
        let diagnostics: String
    }

    private func run(
        _ arguments: [String], lines: [String] = [], artists: MockMusicArtistsRepository,
        videos: MockMusicVideosRepository = MockMusicVideosRepository()
    ) async -> Run {
        let output = CapturingOutput()
        let diagnostics = CapturingOutput()
        let console = Console(
            output: output, diagnostics: diagnostics, input: ScriptedInput(lines), inputIsTerminal: false,
            outputIsTerminal: false, diagnosticsIsTerminal: false, width: 80,
            activityIndicator: HiddenActivityIndicator())
        let overrides = AppDIContainer.Overrides(
            musicVideosRepository: videos, musicArtistsRepository: artists,
            recentSearchesRepository: InMemoryRecentSearchesRepository(),
            responseCacheStore: InMemoryResponseCacheStore())
        let status = await Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console, overrides: overrides
        )
        .run()
        return Run(status: status, output: output.text, diagnostics: diagnostics.text)
    }

    @Test("--artists joins the words into the term, honours --limit and --country, and prints plain lines")
    func plain() async {
        let artists = MockMusicArtistsRepository.returning([.stub(), .stub(id: 78500, name: "U2")])
        let result = await run(["--artists", "jack", "johnson", "-l", "2", "-c", "gb"], artists: artists)
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("909253\tJack Johnson\tRock\t"))
        #expect(result.output.split(separator: "\n").count == 2)
        #expect(artists.searchedQueries == [MusicArtistQuery(term: "jack johnson", country: "GB", limit: 2)])
    }

    @Test("--json FIELDS picks the artist keys; a video key is refused before any request")
    func jsonFields() async {
        let artists = MockMusicArtistsRepository.returning([.stub()])
        let picked = await run(["--artists", "--json", "name,id", "jack"], artists: artists)
        #expect(picked.output == "[\n  {\"name\":\"Jack Johnson\",\"id\":909253}\n]\n")
        let refused = await run(["--artists", "--json", "title", "jack"], artists: MockMusicArtistsRepository())
        #expect(refused.status == .usage)
        #expect(refused.diagnostics.hasPrefix("mvsearch: unknown JSON field 'title' for artists"))
    }

    @Test("No artist found exits 1 with one line; an empty term exits 64 before any request")
    func emptyResults() async {
        let none = await run(["--artists", "nobody"], artists: .returning([]))
        #expect(none.status == .noResults)
        #expect(none.diagnostics == "mvsearch: no artists found for \"nobody\" — try other or fewer words\n")
        #expect(none.output.isEmpty)
        let blank = await run(["--artists", " "], artists: MockMusicArtistsRepository())
        #expect(blank.status == .usage)
        #expect(blank.diagnostics.contains("the search term is empty"))
    }

    @Test("--artists cannot be combined with --id, and -i --artists opens an artist's videos by number")
    func sessionOpensArtistVideos() async {
        let conflict = await run(["--artists", "--id", "1"], artists: MockMusicArtistsRepository())
        #expect(conflict.status == .usage)
        let videos = MockMusicVideosRepository(artist: { query throws(CatalogError) in
            [.stub(id: 5, title: "Upside Down", artistID: query.artistID)]
        })
        let session = await run(
            ["-i", "--artists", "jack"], lines: ["2", "q"],
            artists: .returning([.stub(id: 1, name: "A"), .stub(id: 909_253)]), videos: videos)
        #expect(session.status == .success)
        #expect(session.output.contains("Artists for \"jack\""))
        #expect(videos.artistQueries.map(\.artistID) == [909_253])
        #expect(session.output.contains("Music videos by Jack Johnson"))
        #expect(session.output.contains("Upside Down"))
    }

    @Test("-i --artists in the line session: s goes back to a search screen that searches artists again")
    func lineSessionSearchesArtistsAgain() async {
        let artists = MockMusicArtistsRepository.returning([.stub(id: 1, name: "A")])
        let videos = MockMusicVideosRepository()
        let session = await run(
            ["-i", "--artists", "jack"], lines: ["s", "white", "q"], artists: artists, videos: videos)
        #expect(session.status == .success)
        #expect(session.output.contains("Search artists"))
        #expect(artists.searchedQueries.map(\.term) == ["jack", "white"])
        #expect(videos.searchedQueries.isEmpty)
    }
}
