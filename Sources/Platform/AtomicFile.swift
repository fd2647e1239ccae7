import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that readers, in any process, see the old contents or the new, never a mix:
/// the data goes to a temporary file of its own (created `0600`, exclusively, never through a
/// link), which is then renamed over the destination (a link there is replaced, not followed).
/// No `fsync`: what the stores keep can be fetched or typed again, and a few
/// milliseconds on every run can't.
///
/// A temporary is named `.<destination>.<pid>.<random>.tmp`: recognisable, and naming the process
/// that writes it. A process killed between writing and renaming (`kill -9`, a crash, a power
/// cut) leaves it behind; `removeLeftTemporaries(in:)` removes those whose process is gone or
/// that are older than `leftAge`, and tells how many bytes the others still take.
public enum AtomicFile {
    /// Puts a temporary in its destination's place; `rename(2)` unless a test injects a fault.
    /// - Returns: Whether it was renamed.
    public typealias Rename = @Sendable (_ temporary: String, _ destination: String) -> Bool

    /// `rename(2)`.
    public static let systemRename: Rename = { rename($0, $1) == 0 }

    /// How old a temporary must be to count as left behind even when a process of its pid runs
    /// (pids are reused); writing one takes milliseconds.
    public static let leftAge: TimeInterval = 300

    /// - Parameters:
    ///   - data: The new contents.
    ///   - destination: The file to replace (or create), in an existing folder.
    ///   - rename: Puts the temporary in place (tests inject faults).
    /// - Returns: `false` when the file could not be written; the destination is then unchanged,
    ///   no temporary is left, and `errno` says why.
    @discardableResult
    public static func write(_ data: Data, to destination: URL, rename: Rename = systemRename) -> Bool {
        write([data], to: destination, rename: rename)
    }

    /// Writes `parts` one after another, as one file: a large part is never copied to join it to
    /// the others.
    /// - Parameters:
    ///   - parts: The new contents, in order.
    ///   - destination: The file to replace (or create), in an existing folder.
    ///   - rename: Puts the temporary in place (tests inject faults).
    /// - Returns: `false` when the file could not be written; the destination is then unchanged,
    ///   no temporary is left, and `errno` says why.
    @discardableResult
    public static func write(_ parts: [Data], to destination: URL, rename: Rename = systemRename) -> Bool {
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let isWritten = parts.allSatisfy { writeAll($0, to: descriptor) }
        let isClosed = close(descriptor) == 0
        guard isWritten, isClosed, rename(temporary.path, destination.path) else {
            let code = errno
            unlink(temporary.path)
            errno = code
            return false
        }
        return true
    }

    /// Removes the temporaries in `folder` that were left behind: their process is gone, or they
    /// are older than `leftAge`.
    /// - Parameters:
    ///   - folder: A folder `write(_:to:rename:)` writes into.
    ///   - now: The time to measure ages from.
    /// - Returns: The bytes the other temporaries (being written now) take.
    @discardableResult
    public static func removeLeftTemporaries(in folder: URL, now: Date = Date()) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var kept = 0
        for name in names {
            guard let owner = owner(ofTemporary: name) else { continue }
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & mode_t(S_IFMT) != mode_t(S_IFDIR) else { continue }
            let age = now.timeIntervalSince1970 - TimeInterval(modificationSeconds(info))
            let ownerIsGone = kill(owner, 0) == -1 && errno == ESRCH
            if ownerIsGone || age > leftAge {
                unlink(path)
            } else {
                kept += Int(info.st_size)
            }
        }
        return kept
    }

    /// The pid in a temporary's name, or `nil` when `name` is not one.
    public static func owner(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, UUID(uuidString: String(parts[parts.count - 1])) != nil,
            let pid = pid_t(parts[parts.count - 2]), pid > 0
        else { return nil }
        return pid
    }

    /// Writes everything, continuing a partial write (a signal, a file system that takes less).
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(
                        descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                #else
                    let written = Darwin.write(
                        descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                #endif
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    private static func modificationSeconds(_ info: stat) -> Int {
        #if canImport(Darwin)
            Int(info.st_mtimespec.tv_sec)
        #else
            Int(info.st_mtim.tv_sec)
        #endif
    }
}
