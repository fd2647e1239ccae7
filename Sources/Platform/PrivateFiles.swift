import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rules for the folders and files a program keeps for the user alone (a cache, a history),
/// as ssh and gpg apply them: a folder or file is trusted only when it is
/// the user's own. A folder must be a real folder (not a link) owned by the user; one the user
/// owns with a loose mode is tightened to `0700`. A file must be a regular file (not a link)
/// owned by the user and writable by no one else. No link is ever followed (but for a file the
/// user writes by hand and may keep elsewhere, when the caller asks: the file linked to must then
/// be the user's own), every descriptor is close-on-exec, and opening never blocks (a planted
/// FIFO is refused, not waited on).
public enum PrivateFiles {
    /// Why a folder or file is not used, e.g. `/x/cache belongs to another user (uid 65534)`.
    public struct Refusal: Error, Equatable, Sendable {
        public let reason: String
        /// The file is the user's own but larger than the reader takes.
        public let isTooLarge: Bool

        public init(_ reason: String, isTooLarge: Bool = false) {
            self.reason = reason
            self.isTooLarge = isTooLarge
        }
    }

    /// The largest file `read` reads; anything larger is not one of the program's own files.
    public static let maximumFileBytes = 64 * 1024 * 1024

    /// Checks a private folder, tightening its mode when it is the user's own.
    /// - Parameters:
    ///   - folder: The folder.
    ///   - creating: Create it (`0700`, with any missing parents) when it does not exist.
    ///   - userID: Whose it must be (the effective user; tests pass another).
    /// - Returns: `false` when the folder does not exist (and `creating` is off).
    /// - Throws: `Refusal` when it must not be used.
    @discardableResult
    public static func checkFolder(_ folder: URL, creating: Bool, userID: uid_t = geteuid()) throws(Refusal) -> Bool {
        let path = folder.path
        var descriptor = openFolder(path)
        if descriptor < 0 && errno == ENOENT {
            guard creating else { return false }
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw Refusal("cannot create \(path)")
            }
            descriptor = openFolder(path)
        }
        guard descriptor >= 0 else { throw refusal(opening: path, errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Refusal("cannot examine \(path)") }
        guard info.st_uid == userID else {
            throw Refusal("\(path) belongs to another user (uid \(info.st_uid))")
        }
        if info.st_mode & 0o077 != 0 && fchmod(descriptor, 0o700) != 0 {
            throw Refusal("\(path) is open to other users and cannot be made private")
        }
        return true
    }

    /// Why files cannot be added to a folder of the user's own: its mode leaves out the owner's
    /// write or search permission (`0500`, set by hand), which `checkFolder` does not change, as it
    /// only takes permissions away.
    /// - Parameters:
    ///   - folder: The folder.
    ///   - userID: Whose it is; the superuser (0) adds files whatever the mode says.
    /// - Returns: The reason, or `nil` when files can be added, or the folder does not exist or
    ///   is not the user's (`checkFolder` says why).
    public static func addingFilesRefusal(_ folder: URL, userID: uid_t = geteuid()) -> Refusal? {
        let path = folder.path
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR), info.st_uid == userID,
            userID != 0, info.st_mode & 0o300 != 0o300
        else { return nil }
        return Refusal("\(path) is not writable (mode 0\(String(info.st_mode & 0o777, radix: 8)))")
    }

    /// Reads a private file whole.
    /// - Parameters:
    ///   - file: The file.
    ///   - userID: Whose it must be.
    ///   - touch: Set its modification time to now (a cache entry just used).
    ///   - maximumBytes: The largest file read.
    ///   - followsLinks: Follow a symbolic link (a settings file a dotfile manager links to), and
    ///     check the file it leads to.
    /// - Returns: The contents, or `nil` when there is no such file.
    /// - Throws: `Refusal` when it is not the user's own, not a regular file, unreadable, or
    ///   larger than `maximumBytes` (`isTooLarge`).
    public static func read(
        _ file: URL, userID: uid_t = geteuid(), touch: Bool = false, maximumBytes: Int = maximumFileBytes,
        followsLinks: Bool = false
    ) throws(Refusal) -> Data? {
        let path = file.path
        let descriptor = open(path, O_RDONLY | (followsLinks ? 0 : O_NOFOLLOW) | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw refusal(opening: path, errno, followsLinks: followsLinks)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Refusal("cannot examine \(path)") }
        try checkFile(info, path: path, userID: userID)
        guard Int(info.st_size) <= maximumBytes else {
            throw Refusal("\(path) is too large (\(info.st_size) bytes; at most \(maximumBytes))", isTooLarge: true)
        }
        var data = Data(count: Int(info.st_size))
        var total = 0
        while total < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.read(descriptor, buffer.baseAddress?.advanced(by: total), buffer.count - total)
                #else
                    Darwin.read(descriptor, buffer.baseAddress?.advanced(by: total), buffer.count - total)
                #endif
            }
            if count > 0 {
                total += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count == 0 {
                break
            } else {
                throw Refusal("cannot read \(path)")
            }
        }
        if touch { futimens(descriptor, nil) }
        return data.prefix(total)
    }

    /// Opens (creating it `0600` when missing) a private file for reading and writing, such as a
    /// lock file.
    /// - Returns: The descriptor, close-on-exec; the caller closes it.
    /// - Throws: `Refusal` when it is not the user's own or is not a regular file.
    public static func openForUpdate(_ file: URL, userID: uid_t = geteuid()) throws(Refusal) -> Int32 {
        let path = file.path
        let descriptor = open(path, O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw refusal(opening: path, errno) }
        var info = stat()
        do throws(Refusal) {
            guard fstat(descriptor, &info) == 0 else { throw Refusal("cannot examine \(path)") }
            try checkFile(info, path: path, userID: userID)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private static func checkFile(_ info: stat, path: String, userID: uid_t) throws(Refusal) {
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { throw Refusal("\(path) is not a regular file") }
        guard info.st_uid == userID else { throw Refusal("\(path) belongs to another user (uid \(info.st_uid))") }
        guard info.st_mode & 0o022 == 0 else { throw Refusal("\(path) is writable by other users") }
    }

    private static func openFolder(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    private static func refusal(opening path: String, _ code: Int32, followsLinks: Bool = false) -> Refusal {
        var info = stat()
        if !followsLinks && lstat(path, &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK) {
            return Refusal("\(path) is a symbolic link")
        }
        switch code {
        case ENOTDIR: return Refusal("\(path) is not a folder")
        case ELOOP: return Refusal(followsLinks ? "\(path) leads to a loop of links" : "\(path) is a symbolic link")
        default: return Refusal("cannot open \(path): \(describe(code))")
        }
    }

    /// `strerror`'s text, starting lower-case as the rest of a message does.
    public static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
