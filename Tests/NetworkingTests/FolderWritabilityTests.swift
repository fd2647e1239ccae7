import Foundation
import Platform
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of the user's own that the user made read-only: `checkFolder` accepts it (it only
/// takes permissions away), and `addingFilesRefusal` says why nothing can be added to it.
@Suite("Private folders that cannot take files")
struct FolderWritabilityTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mvsearch-writable-\(UUID().uuidString)")
    /// The user the folder is made for: the superuser writes whatever the mode says, so a test run
    /// as root gives the folder to another user and checks as that user.
    private let user: uid_t = geteuid() == 0 ? 65534 : geteuid()

    private func makeFolder(mode: mode_t) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(chmod(folder.path, mode) == 0)
        try #require(geteuid() != 0 || chown(folder.path, user, 65534) == 0)
    }

    @Test(
        "Given a folder of the user's own with mode 0500 or 0600, then adding files is refused naming the mode",
        arguments: [0o500 as mode_t, 0o600])
    func readOnly(mode: mode_t) throws {
        try makeFolder(mode: mode)
        #expect(try PrivateFiles.checkFolder(folder, creating: false, userID: user))
        #expect(
            PrivateFiles.addingFilesRefusal(folder, userID: user)
                == PrivateFiles.Refusal("\(folder.path) is not writable (mode 0\(String(mode, radix: 8)))"))
    }

    @Test("Given a folder 0700, one that does not exist, or another user's, then nothing is said here")
    func nothingToSay() throws {
        #expect(PrivateFiles.addingFilesRefusal(folder, userID: user) == nil)
        try makeFolder(mode: 0o700)
        #expect(PrivateFiles.addingFilesRefusal(folder, userID: user) == nil)
        try #require(chmod(folder.path, 0o500) == 0)
        #expect(PrivateFiles.addingFilesRefusal(folder, userID: user + 1) == nil)
        #expect(PrivateFiles.addingFilesRefusal(folder, userID: 0) == nil)
    }
}
