import Data
import Dispatch
import Domain
import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Recent searches on disk")
struct FileRecentSearchesRepositoryTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("mvsearch-history-\(UUID().uuidString)/state/mvsearch")

    private func repository(
        problems: Locked<[String]> = Locked([]), maximumCount: Int = 20, lockTimeout: Duration = .seconds(2),
        userID: uid_t = geteuid()
    ) -> FileRecentSearchesRepository {
        FileRecentSearchesRepository(
            directory: directory, maximumCount: maximumCount, lockTimeout: lockTimeout, userID: userID
        ) { problem in
            problems.withLock { $0.append(problem) }
        }
    }

    private func makeFolder(mode: mode_t = 0o700) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try #require(chmod(directory.path, mode) == 0)
    }

    @Test("Terms are kept newest first, distinct ignoring case, at most the maximum")
    func ordering() async throws {
        let repository = repository(maximumCount: 3)
        for term in ["a", "b", "A", "c", "d"] { await repository.save(term) }
        #expect(await repository.recentSearches() == ["d", "c", "A"])
        try await repository.clear()
        #expect(await repository.recentSearches().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: repository.fileURL.path))
        try await repository.clear()  // nothing to clear is no failure
    }

    @Test("Case is folded fully: Straße and STRASSE, ΣΟΦΟΣ and σοφος are one search each")
    func fullCaseFolding() async {
        let repository = repository(maximumCount: 5)
        for term in ["Straße", "σοφος", "STRASSE", "ΣΟΦΟΣ"] { await repository.save(term) }
        #expect(await repository.recentSearches() == ["ΣΟΦΟΣ", "STRASSE"])
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
        #expect(
            problems.value.first
                == "\(repository.fileURL.path) is not a valid recent-searches file — the next search replaces it with"
                + " a new list")
    }

    @Test(
        "Given a list file larger than the bound, when read, then it is not read: one warning, and the next save replaces it"
    )
    func oversized() async throws {
        try makeFolder()
        let problems = Locked<[String]>([])
        let repository = repository(problems: problems)
        // A valid list padded past the bound: only its size can refuse it.
        let padding = String(repeating: " ", count: FileRecentSearchesRepository.maximumFileBytes)
        try Data(#"{"version":1,"searches":["big"]}"#.utf8 + Data(padding.utf8)).write(to: repository.fileURL)
        #expect(await repository.recentSearches().isEmpty)
        await repository.save("fresh")
        #expect(problems.value.count == 1)
        #expect(
            problems.value.first
                == "not using the recent searches: \(repository.fileURL.path) is too large "
                + "(\(padding.utf8.count + 32) bytes; at most \(FileRecentSearchesRepository.maximumFileBytes))"
                + " — the next search replaces it with a new list")
        #expect(await repository.recentSearches() == ["fresh"])
        let size = try FileManager.default.attributesOfItem(atPath: repository.fileURL.path)[.size] as? Int
        #expect((size ?? .max) < 100)
    }

    @Test("Given a full disk (injected), when a term is saved, then one warning says why and what to do")
    func fullDisk() async throws {
        let problems = Locked<[String]>([])
        let repository = FileRecentSearchesRepository(
            directory: directory,
            rename: { _, _ in
                errno = ENOSPC
                return false
            },
            onProblem: { problem in problems.withLock { $0.append(problem) } })
        await repository.save("jack")
        await repository.save("clairo")
        #expect(
            problems.value
                == [
                    "recent searches not saved in \(directory.path): no space left on device — check the room and "
                        + "permissions there, or set XDG_STATE_HOME to another folder"
                ])
        #expect(await repository.recentSearches().isEmpty)
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
                // A repository each, as separate processes would have; waiting as long as it takes,
                // so a loaded machine cannot make a writer give up.
                let writer = repository(lockTimeout: .seconds(300))
                group.addTask { await writer.save(term) }
            }
        }
        let stored = await repository().recentSearches()
        #expect(Set(stored) == Set(terms))
        let data = try Data(contentsOf: repository().fileURL)
        #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
    }

    @Test("A lock another process holds is waited for at most the timeout; then one warning, the term dropped")
    func heldLock() async throws {
        try makeFolder()
        let problems = Locked<[String]>([])
        let repository = repository(problems: problems, lockTimeout: .milliseconds(100))
        let holder = open(repository.lockURL.path, O_CREAT | O_RDWR, 0o600)
        try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        await repository.save("x")
        #expect(problems.value.count == 1)
        #expect(
            problems.value.first
                == "recent searches not saved: another mvsearch has held \(repository.lockURL.path) for 0 s — search"
                + " again once it ends")
        flock(holder, LOCK_UN)
        #expect(await repository.recentSearches().isEmpty)
        await repository.save("y")
        #expect(await repository.recentSearches() == ["y"])
    }

    @Test("Given a lock another process holds past the timeout, when cleared, then busy and the file is kept")
    func clearWithHeldLock() async throws {
        let repository = repository(lockTimeout: .milliseconds(100))
        await repository.save("kept")
        let holder = open(repository.lockURL.path, O_RDWR)
        try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        await #expect(throws: RecentSearchesError.self) { try await repository.clear() }
        do {
            try await repository.clear()
        } catch {
            #expect(error.kind == .busy)
        }
        #expect(FileManager.default.fileExists(atPath: repository.fileURL.path))
        flock(holder, LOCK_UN)
        try await repository.clear()
        #expect(!FileManager.default.fileExists(atPath: repository.fileURL.path))
    }

    @Test("A link planted as the lock file is not followed: nothing is created where it points")
    func plantedLockLink() async throws {
        try makeFolder()
        let target = directory.deletingLastPathComponent().appendingPathComponent("planted-target")
        try #require(symlink(target.path, repository().lockURL.path) == 0)
        let problems = Locked<[String]>([])
        await repository(problems: problems).save("x")
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(problems.value.first?.contains("is a symbolic link") == true)
    }

    @Test("A link planted as the list is not read")
    func plantedListLink() async throws {
        try makeFolder()
        let planted = directory.deletingLastPathComponent().appendingPathComponent("planted.json")
        try Data(#"{"version":1,"searches":["planted"]}"#.utf8).write(to: planted)
        try #require(symlink(planted.path, repository().fileURL.path) == 0)
        let problems = Locked<[String]>([])
        #expect(await repository(problems: problems).recentSearches().isEmpty)
        #expect(problems.value.first?.contains("is a symbolic link") == true)
    }

    @Test("A list writable by other users is not read")
    func looseFile() async throws {
        try makeFolder()
        let file = repository().fileURL
        try Data(#"{"version":1,"searches":["planted"]}"#.utf8).write(to: file)
        try #require(chmod(file.path, 0o666) == 0)
        let problems = Locked<[String]>([])
        #expect(await repository(problems: problems).recentSearches().isEmpty)
        #expect(problems.value.first?.contains("writable by other users") == true)
    }

    @Test("A folder that is not the user's own is not used: one warning, nothing read or written")
    func foreignFolder() async throws {
        try makeFolder()
        try Data(#"{"version":1,"searches":["planted"]}"#.utf8).write(to: repository().fileURL)
        let problems = Locked<[String]>([])
        let foreign = repository(problems: problems, userID: geteuid() + 1)
        #expect(await foreign.recentSearches().isEmpty)
        await foreign.save("x")
        #expect(problems.value.count == 1)
        #expect(
            problems.value.first
                == "not using the recent searches: \(directory.path) belongs to another user (uid \(geteuid())) — "
                + "remove it, or set XDG_STATE_HOME to a folder of your own")
        #expect(await repository().recentSearches() == ["planted"])
        await #expect(throws: RecentSearchesError.self) { try await foreign.clear() }
        do {
            try await foreign.clear()
        } catch {
            #expect(error.kind == .notPermitted)
        }
        #expect(FileManager.default.fileExists(atPath: repository().fileURL.path))
    }

    @Test("A folder the user owns with a loose mode is tightened to 0700")
    func looseFolder() async throws {
        try makeFolder(mode: 0o777)
        await repository().save("x")
        let folder = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(await repository().recentSearches() == ["x"])
    }

    @Test("clear that cannot remove the file says why")
    func clearFails() async throws {
        try makeFolder()
        // A folder in the file's place: unlink refuses it, as it would a read-only file system.
        try FileManager.default.createDirectory(at: repository().fileURL, withIntermediateDirectories: true)
        do {
            try await repository().clear()
            Issue.record("clear claimed success")
        } catch {
            #expect(error.kind == .notPermitted)
            #expect(error.reason.hasPrefix(repository().fileURL.path + ": "))
        }
    }

    @Test(
        "Given a save killed before its rename (injected) left a temporary whose process is gone, when the next save runs, then it is removed"
    )
    func leftTemporaryRemoved() async throws {
        let killed = FileRecentSearchesRepository(
            directory: directory, rename: { _, _ in true }, onProblem: { _ in })
        await killed.save("jack")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".tmp") })
        #expect(name.hasPrefix(".recent-searches.json.\(getpid())."))
        // As if its process had been killed: no process has the largest pid.
        let orphan = name.replacingOccurrences(of: ".\(getpid()).", with: ".\(pid_t.max).")
        try FileManager.default.moveItem(
            at: directory.appendingPathComponent(name), to: directory.appendingPathComponent(orphan))
        await repository().save("clairo")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
        #expect(await repository().recentSearches() == ["clairo"])
    }
}
