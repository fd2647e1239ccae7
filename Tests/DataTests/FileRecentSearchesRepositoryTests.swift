import Data
import Dispatch
import Foundation
import Mocks
import Testing

@Suite("Recent searches on disk")
struct FileRecentSearchesRepositoryTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("mvsearch-history-\(UUID().uuidString)/state/mvsearch")

    private func repository(problems: Locked<[String]> = Locked([]), maximumCount: Int = 20)
        -> FileRecentSearchesRepository
    {
        FileRecentSearchesRepository(directory: directory, maximumCount: maximumCount) { problem in
            problems.withLock { $0.append(problem) }
        }
    }

    @Test("Terms are kept newest first, distinct ignoring case, at most the maximum")
    func ordering() async {
        let repository = repository(maximumCount: 3)
        for term in ["a", "b", "A", "c", "d"] { await repository.save(term) }
        #expect(await repository.recentSearches() == ["d", "c", "A"])
        await repository.clear()
        #expect(await repository.recentSearches().isEmpty)
    }

    @Test("The folder is 0700 and the file 0600; no temporary file is left behind")
    func permissions() async throws {
        let repository = repository()
        await repository.save("x")
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path)
        let file = try FileManager.default.attributesOfItem(atPath: repository.fileURL.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }

    @Test(
        "A corrupted file gives one warning and an empty list, and the next save replaces it",
        arguments: [
            "{not json", "", "{\"version\":1,\"searches\":42}", "\u{0}\u{1}binary",
        ])
    func corrupted(content: String) async throws {
        let problems = Locked<[String]>([])
        let repository = repository(problems: problems)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: repository.fileURL)
        #expect(await repository.recentSearches().isEmpty)
        await repository.save("fresh")
        #expect(await repository.recentSearches() == ["fresh"])
        #expect(problems.value.count == 1)
        #expect(problems.value.first?.contains("not a valid recent-searches file") == true)
    }

    @Test("A file that cannot be read (a folder in its place) warns once and never fails")
    func unreadable() async throws {
        let problems = Locked<[String]>([])
        let repository = repository(problems: problems)
        try FileManager.default.createDirectory(at: repository.fileURL, withIntermediateDirectories: true)
        #expect(await repository.recentSearches().isEmpty)
        await repository.save("x")
        #expect(problems.value.count == 1)
    }

    @Test("Many writers at once: every term is kept and the file stays valid")
    func concurrentWriters() async throws {
        let terms = (0..<16).map { "term \($0)" }
        await withTaskGroup(of: Void.self) { group in
            for term in terms {
                // A repository each, as separate processes would have.
                let writer = repository()
                group.addTask { await writer.save(term) }
            }
        }
        let stored = await repository().recentSearches()
        #expect(Set(stored) == Set(terms))
        let data = try Data(contentsOf: repository().fileURL)
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
    }
}
