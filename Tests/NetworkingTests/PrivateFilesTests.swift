import Foundation
import Networking
import Platform
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The response cache trusts a folder or entry only when it is the user's own. Ownership is
/// injected: the store is told the user is someone else, as a folder planted by another user
/// would look.
@Suite("Response cache files that are not the user's own")
struct PrivateFilesTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mvsearch-private-\(UUID().uuidString)")
    private var directory: URL { root.appendingPathComponent("mvsearch") }
    private let entry = CachedResponse(body: Data(#"{"planted":true}"#.utf8), storedAt: Date(timeIntervalSince1970: 1))

    private func onlyEntry() throws -> URL {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        return directory.appendingPathComponent(name)
    }

    private func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test("A folder that belongs to another user is not used: nothing read, nothing stored, one report")
    func foreignFolder() throws {
        FileResponseCacheStore(directory: directory).store(entry, for: "k")
        let refusals = Mutex<[String]>([])
        let foreign = FileResponseCacheStore(directory: directory, userID: geteuid() + 1) { refusal in
            refusals.withLock { $0.append(refusal.reason) }
        }
        #expect(foreign.response(for: "k") == nil)
        foreign.store(entry, for: "other")
        #expect(foreign.response(for: "other") == nil)
        #expect(refusals.withLock { $0 } == ["\(directory.path) belongs to another user (uid \(geteuid()))"])
        #expect(foreign.refusal()?.reason == refusals.withLock { $0.first })
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
    }

    @Test("An entry writable by other users is removed unread")
    func looseEntry() throws {
        let store = FileResponseCacheStore(directory: directory)
        store.store(entry, for: "k")
        try #require(chmod(try onlyEntry().path, 0o666) == 0)
        #expect(store.response(for: "k") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("An entry that belongs to another user is removed unread")
    func foreignEntry() throws {
        FileResponseCacheStore(directory: directory).store(entry, for: "k")
        let file = try onlyEntry()
        // The folder is checked as the real user's, the entry as someone else's.
        try #require(chmod(directory.path, 0o700) == 0)
        #expect(throws: PrivateFiles.Refusal.self) { try PrivateFiles.read(file, userID: geteuid() + 1) }
    }

    @Test("A link planted as an entry is not followed, and is removed")
    func linkedEntry() throws {
        let store = FileResponseCacheStore(directory: directory)
        store.store(entry, for: "k")
        let file = try onlyEntry()
        let target = root.appendingPathComponent("target")
        try FileManager.default.moveItem(at: file, to: target)
        try #require(symlink(target.path, file.path) == 0)
        #expect(store.response(for: "k") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: target.path))
    }

    @Test("A folder the user owns with a loose mode is tightened to 0700, and used")
    func looseFolder() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try #require(chmod(directory.path, 0o777) == 0)
        let store = FileResponseCacheStore(directory: directory)
        store.store(entry, for: "k")
        #expect(try mode(directory) == 0o700)
        #expect(store.response(for: "k") == entry)
    }

    @Test("A link in the folder's place is refused, and nothing is written where it points")
    func linkedFolder() throws {
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try #require(symlink(elsewhere.path, directory.path) == 0)
        let store = FileResponseCacheStore(directory: directory)
        store.store(entry, for: "k")
        #expect(store.refusal()?.reason == "\(directory.path) is a symbolic link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("Checking creates nothing; the first store creates the folder 0700")
    func checkingCreatesNothing() throws {
        let store = FileResponseCacheStore(directory: directory)
        #expect(store.refusal() == nil)
        #expect(store.response(for: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        store.store(entry, for: "k")
        #expect(try mode(directory) == 0o700)
    }

    @Test("A FIFO planted as a file is refused at once, not waited on")
    func fifo() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("fifo")
        try #require(mkfifo(file.path, 0o600) == 0)
        #expect(throws: PrivateFiles.Refusal("\(file.path) is not a regular file")) {
            try PrivateFiles.read(file)
        }
    }
}
