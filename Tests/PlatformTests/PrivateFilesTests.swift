import Foundation
import Platform
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder or file is used only when it is the user's own; no link is followed.
@Suite("Private folders and files")
struct PrivateFilesTests {
    private let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
    }

    private func mode(_ url: URL) -> mode_t {
        var info = stat()
        _ = lstat(url.path, &info)
        return info.st_mode & 0o777
    }

    @Test("A missing folder is made 0700 with its parents, only when asked to")
    func createsFolder() throws {
        let folder = root.appendingPathComponent("a/b")
        #expect(try PrivateFiles.checkFolder(folder, creating: false) == false)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(try PrivateFiles.checkFolder(folder, creating: true))
        #expect(mode(folder) == 0o700)
    }

    @Test("The user's own folder open to others is made private")
    func tightensFolder() throws {
        let folder = root.appendingPathComponent("loose")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        chmod(folder.path, 0o777)
        #expect(try PrivateFiles.checkFolder(folder, creating: false))
        #expect(mode(folder) == 0o700)
    }

    @Test("A folder of another user is refused, naming its owner")
    func foreignFolder() {
        let other = geteuid() + 1
        #expect(throws: PrivateFiles.Refusal("\(root.path) belongs to another user (uid \(geteuid()))")) {
            try PrivateFiles.checkFolder(root, creating: false, userID: other)
        }
    }

    @Test("A link is never followed, for a folder or a file")
    func links() throws {
        let target = root.appendingPathComponent("target")
        try Data("x".utf8).write(to: target)
        chmod(target.path, 0o600)
        let link = root.appendingPathComponent("link")
        symlink(target.path, link.path)
        #expect(throws: PrivateFiles.Refusal("\(link.path) is a symbolic link")) { try PrivateFiles.read(link) }
        #expect(throws: PrivateFiles.Refusal("\(link.path) is a symbolic link")) {
            try PrivateFiles.checkFolder(link, creating: true)
        }
    }

    @Test("A file others may write is refused; the user's own is read whole; a missing one is nil")
    func files() throws {
        let file = root.appendingPathComponent("file")
        #expect(try PrivateFiles.read(file) == nil)
        try Data("contents".utf8).write(to: file)
        chmod(file.path, 0o666)
        #expect(throws: PrivateFiles.Refusal("\(file.path) is writable by other users")) { try PrivateFiles.read(file) }
        chmod(file.path, 0o600)
        #expect(try PrivateFiles.read(file) == Data("contents".utf8))
    }

    @Test("A FIFO is refused at once, not waited on")
    func fifo() {
        let fifo = root.appendingPathComponent("fifo")
        mkfifo(fifo.path, 0o600)
        #expect(throws: PrivateFiles.Refusal("\(fifo.path) is not a regular file")) { try PrivateFiles.read(fifo) }
        #expect(throws: PrivateFiles.Refusal("\(fifo.path) is not a regular file")) {
            try PrivateFiles.openForUpdate(fifo)
        }
    }

    @Test("Given followsLinks, a link to the user's own file is read, and the file it leads to is checked")
    func followsLinksWhenAsked() throws {
        let target = root.appendingPathComponent("dotfiles-config")
        try Data("country = GB\n".utf8).write(to: target)
        chmod(target.path, 0o644)
        let link = root.appendingPathComponent("config")
        symlink(target.path, link.path)
        #expect(try PrivateFiles.read(link, followsLinks: true) == Data("country = GB\n".utf8))
        chmod(target.path, 0o664)
        #expect(throws: PrivateFiles.Refusal("\(link.path) is writable by other users")) {
            try PrivateFiles.read(link, followsLinks: true)
        }
        chmod(target.path, 0o600)
        #expect(throws: PrivateFiles.Refusal("\(link.path) belongs to another user (uid \(geteuid()))")) {
            try PrivateFiles.read(link, userID: geteuid() + 1, followsLinks: true)
        }
        let loop = root.appendingPathComponent("loop")
        symlink(loop.path, loop.path)
        #expect(throws: PrivateFiles.Refusal("\(loop.path) leads to a loop of links")) {
            try PrivateFiles.read(loop, followsLinks: true)
        }
    }

    @Test("Given a limit, a file of that size is read and a larger one refused as too large")
    func maximumBytes() throws {
        let file = root.appendingPathComponent("sized")
        try Data(repeating: 0x23, count: 100).write(to: file)
        chmod(file.path, 0o600)
        #expect(try PrivateFiles.read(file, maximumBytes: 100)?.count == 100)
        #expect { try PrivateFiles.read(file, maximumBytes: 99) } throws: {
            ($0 as? PrivateFiles.Refusal)?.isTooLarge == true
        }
        #expect(try PrivateFiles.read(root.appendingPathComponent("missing"), maximumBytes: 1) == nil)
    }

    @Test("openForUpdate creates a missing file 0600")
    func openForUpdate() throws {
        let file = root.appendingPathComponent("lock")
        let descriptor = try PrivateFiles.openForUpdate(file)
        close(descriptor)
        #expect(mode(file) == 0o600)
    }
}

@Suite("Atomic file replacement")
struct AtomicFileTests {
    @Test("The destination holds the new contents, 0600, with no temporary file left beside it")
    func replaces() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let file = folder.appendingPathComponent("data")
        try Data("old".utf8).write(to: file)
        #expect(AtomicFile.write(Data("new".utf8), to: file))
        #expect(try Data(contentsOf: file) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data"])
        var info = stat()
        stat(file.path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test("A folder that does not exist is a failure, not a crash")
    func missingFolder() {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/data")
        #expect(!AtomicFile.write(Data("x".utf8), to: file))
    }

    @Test(
        "Given a rename that fails (injected), then the write fails, the destination is unchanged, no temporary is left"
    )
    func failedRename() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let file = folder.appendingPathComponent("data")
        try Data("old".utf8).write(to: file)
        let failingRename: AtomicFile.Rename = { _, _ in false }
        let isWritten = AtomicFile.write(Data("new".utf8), to: file, rename: failingRename)
        #expect(!isWritten)
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data"])
    }

    @Test(
        "Given a save killed before its rename (injected), then the temporary names this process; it is removed once its process is gone or it is old, kept and counted before"
    )
    func leftTemporaries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let file = folder.appendingPathComponent("data.json")
        let killedBeforeRename: AtomicFile.Rename = { _, _ in true }
        let isWritten = AtomicFile.write(Data("12345".utf8), to: file, rename: killedBeforeRename)
        #expect(isWritten)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        #expect(name.hasPrefix(".data.json.\(getpid())."))
        #expect(AtomicFile.owner(ofTemporary: name) == getpid())
        // Its process runs and it is young: being written, so kept, and its bytes counted.
        #expect(AtomicFile.removeLeftTemporaries(in: folder) == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
        // Six minutes later it was left behind, whoever has its pid now.
        #expect(AtomicFile.removeLeftTemporaries(in: folder, now: Date(timeIntervalSinceNow: 360)) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // A young one whose process is gone (no process has the largest pid) is left behind too.
        let orphan = folder.appendingPathComponent(".data.json.\(pid_t.max).\(UUID().uuidString).tmp")
        try Data("x".utf8).write(to: orphan)
        #expect(AtomicFile.removeLeftTemporaries(in: folder) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // Other files are not temporaries.
        #expect(AtomicFile.owner(ofTemporary: ".recent-searches.lock") == nil)
        #expect(AtomicFile.owner(ofTemporary: "0123456789abcdef.json") == nil)
    }
}
