import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// `--json WORD`: a word that is not a key is searched for; when the search finds nothing and
/// the word looks like a mistyped key, the message suggests `--json=KEY`.
@MainActor
@Suite("--json WORD that looks like a key")
struct JSONWordSuggestionTests {
    private func run(_ arguments: [String], found videos: [MusicVideo] = []) async -> (App.ExitStatus, String, [String])
    {
        let diagnostics = CapturingOutput()
        let console = Console.piped(diagnostics: diagnostics)
        let repository = MockMusicVideosRepository.returning(videos)
        let overrides = AppDIContainer.Overrides(
            musicVideosRepository: repository, recentSearchesRepository: InMemoryRecentSearchesRepository())
        let status = await Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console, overrides: overrides
        )
        .run()
        return (status, diagnostics.text, repository.searchedQueries.map(\.term))
    }

    @Test("Given --json titel clairo finding nothing, then it searched \"titel clairo\" and suggests --json=title")
    func suggests() async {
        let (status, diagnostics, terms) = await run(["--json", "titel", "clairo"])
        #expect(terms == ["titel clairo"])
        #expect(status == .noResults)
        #expect(
            diagnostics
                == "mvsearch: no music videos found for \"titel clairo\" — did you mean --json=title? ('titel' is not"
                + " a JSON key, so it was searched for)\n")
    }

    @Test("Given a word far from every key (u2 is two edits from id), then the usual advice")
    func farWord() async {
        let (_, diagnostics, _) = await run(["--json", "u2"])
        #expect(diagnostics == "mvsearch: no music videos found for \"u2\" — try other or fewer words\n")
    }

    @Test("Given --json titel finding videos, then nothing is said")
    func found() async {
        let (status, diagnostics, _) = await run(["--json", "titel", "clairo"], found: [.stub()])
        #expect(status == .success)
        #expect(diagnostics.isEmpty)
    }

    @Test(
        "The misread word and its key, from the command line",
        arguments: [
            (["--json", "titel", "clairo"], "titel", "title"),
            (["clairo", "--json", "Artst"], "Artst", "artist"),
            (["--json", "durationSecond", "x"], "durationSecond", "durationSeconds"),
            (["--json", "ur", "x"], "ur", "url"),
        ])
    func misread(arguments: [String], word: String, key: String) {
        let misread = JSONFields.misreadFieldList(in: arguments, keys: MusicVideosListItemViewModel.jsonKeys)
        #expect(misread?.word == word && misread?.key == key, "\(String(describing: misread))")
    }

    @Test(
        "Not a misread key: a field list, a far word, an option, a word after --, or --json=",
        arguments: [
            ["--json", "clairo"], ["--json", "title,url", "x"], ["--json", "u2"], ["--json", "-l", "2", "x"],
            ["--", "--json", "titel"], ["--json=title", "titel"], ["--json"], ["x", "--json", "id"],
        ])
    func notMisread(arguments: [String]) {
        #expect(JSONFields.misreadFieldList(in: arguments, keys: MusicVideosListItemViewModel.jsonKeys) == nil)
    }
}
