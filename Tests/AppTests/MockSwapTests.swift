import Domain
import Foundation
import Mocks
import Testing

@testable import App

/// The README's mock swap, exactly as printed there, and proof that it touches no file.
@MainActor
@Suite("Swapping a repository for a mock")
struct MockSwapTests {
    @Test("The README's five lines, pasted as they are: the stubbed title is printed")
    func readmeSnippet() async throws {
        let (console, recent) = (CapturingConsole(), InMemoryRecentSearchesRepository())
        let repository = MockMusicVideosRepository.returning([.stub(title: "Banana Pancakes")])
        let overrides = AppDIContainer.Overrides(musicVideosRepository: repository, recentSearchesRepository: recent)
        #expect(await Application(arguments: ["jack"], console: console, overrides: overrides).run() == .success)
        #expect(console.printed.contains("Banana Pancakes"))
    }

    /// Every file under `folder`, however deep.
    private func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).map(\.path)
    }

    @Test("Given HOME set to an empty folder, the swap leaves it empty; without the in-memory store it would not")
    func writesNothingUnderHome() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // A one-shot search writing to a pipe is kept only with remember = always.
        let environment = ["HOME": home.path, "MVSEARCH_REMEMBER": "always"]
        let repository = MockMusicVideosRepository.returning([.stub(title: "Banana Pancakes")])

        let console = CapturingConsole()
        let overrides = AppDIContainer.Overrides(
            musicVideosRepository: repository, recentSearchesRepository: InMemoryRecentSearchesRepository())
        let status = await Application(
            arguments: ["jack"], environment: environment, console: console, overrides: overrides
        ).run()
        #expect(status == .success)
        #expect(console.printed.contains("Banana Pancakes"))
        #expect(files(under: home).isEmpty)

        // The same run with the file-backed store writes under HOME: the check above can see a write.
        let control = await Application(
            arguments: ["jack"], environment: environment, console: CapturingConsole(),
            overrides: AppDIContainer.Overrides(musicVideosRepository: repository)
        ).run()
        #expect(control == .success)
        #expect(files(under: home).contains { $0.hasSuffix(".local/state/mvsearch/recent-searches.json") })
    }
}
