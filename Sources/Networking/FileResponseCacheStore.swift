import Foundation
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers as files in one folder: a header line (`{"key":…,"storedAt":…}`) then the body.
///
/// The file name is a 64-bit FNV-1a hash of the key; the key in the header guards against
/// collisions. Entries are written with `AtomicFile`, so readers — other processes included —
/// see a whole entry or none. Reading an entry touches it, and after each
/// write the least recently used entries are removed until the folder is under `maximumBytes`,
/// counting every byte in it: temporaries left by a process killed while it saved are removed
/// (`AtomicFile.removeLeftTemporaries`), and those being written count too.
/// A file that cannot be read as an entry is removed. The folder is created `0700`.
///
/// The folder and its entries are trusted only when they are the user's own (`PrivateFiles`):
/// a folder that is not (another user's, a link) makes the store an empty cache that stores
/// nothing, reported once through `onRefusal`; an entry that is not (another user's, writable by
/// others, a link) is removed unread.
public struct FileResponseCacheStore: ResponseCacheStore {
    public static let defaultMaximumBytes = 20 * 1024 * 1024

    private struct Header: Codable {
        let key: String
        let storedAt: Double
    }

    private let directory: URL
    private let maximumBytes: Int
    private let userID: uid_t
    private let rename: AtomicFile.Rename
    private let folder: FolderState

    /// - Parameters:
    ///   - directory: The folder of the entries.
    ///   - maximumBytes: The size the folder is kept under.
    ///   - userID: Whose the folder and entries must be (tests pass another user's).
    ///   - onRefusal: Told, once, why the folder is not used.
    ///   - rename: Puts a written entry in place (tests inject faults).
    public init(
        directory: URL,
        maximumBytes: Int = defaultMaximumBytes,
        userID: uid_t = geteuid(),
        onRefusal: @escaping @Sendable (PrivateFiles.Refusal) -> Void = { _ in },
        rename: @escaping AtomicFile.Rename = AtomicFile.systemRename
    ) {
        self.directory = directory
        self.maximumBytes = maximumBytes
        self.userID = userID
        self.rename = rename
        folder = FolderState(onRefusal: onRefusal)
    }

    /// Why the folder cannot be used, or `nil` when it can (or does not exist yet). Creates nothing.
    public func refusal() -> PrivateFiles.Refusal? {
        do throws(PrivateFiles.Refusal) {
            try PrivateFiles.checkFolder(directory, creating: false, userID: userID)
            return nil
        } catch {
            return error
        }
    }

    public func response(for key: String) -> CachedResponse? {
        guard folder.isUsable(directory, creating: false, userID: userID) else { return nil }
        let url = fileURL(for: key)
        let contents: Data
        do throws(PrivateFiles.Refusal) {
            guard let data = try PrivateFiles.read(url, userID: userID, touch: true) else { return nil }
            contents = data
        } catch {
            unlink(url.path)  // not the user's own: never used
            return nil
        }
        guard let newline = contents.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONResponseDecoder().decode(Data(contents[..<newline]), as: Header.self),
            header.key == key
        else {
            unlink(url.path)
            return nil
        }
        return CachedResponse(
            body: Data(contents[contents.index(after: newline)...]),
            storedAt: Date(timeIntervalSince1970: header.storedAt))
    }

    public func store(_ response: CachedResponse, for key: String) {
        guard
            let header = try? JSONEncoder().encode(Header(key: key, storedAt: response.storedAt.timeIntervalSince1970))
        else { return }
        guard folder.isUsable(directory, creating: true, userID: userID) else { return }
        let destination = fileURL(for: key)
        // The body in a part of its own: joined to the header, it would be copied whole.
        guard AtomicFile.write([header + Data("\n".utf8), response.body], to: destination, rename: rename) else {
            return
        }
        evictLeastRecentlyUsed(keeping: destination)
    }

    public func removeResponse(for key: String) {
        unlink(fileURL(for: key).path)
    }

    private func fileURL(for key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let name = String(hash, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".json")
    }

    /// Removes the entries used longest ago until the folder fits — every file in it counted, a
    /// temporary being written by another process included; never the one just written.
    private func evictLeastRecentlyUsed(keeping newest: URL) {
        var total = AtomicFile.removeLeftTemporaries(in: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(url: URL, used: Int, size: Int)] = []
        for name in names where AtomicFile.owner(ofTemporary: name) == nil {
            let url = directory.appendingPathComponent(name)
            var status = stat()
            guard lstat(url.path, &status) == 0, status.st_mode & mode_t(S_IFMT) != mode_t(S_IFDIR) else { continue }
            total += Int(status.st_size)
            if !name.hasPrefix("."), name.hasSuffix(".json") {
                entries.append((url, modificationTime(status), Int(status.st_size)))
            }
        }
        guard total > maximumBytes else { return }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > maximumBytes && entry.url.lastPathComponent != newest.lastPathComponent {
            unlink(entry.url.path)
            total -= entry.size
        }
    }
}

/// When a file was last written, in nanoseconds since 1970.
private func modificationTime(_ status: stat) -> Int {
    #if canImport(Darwin)
        let time = status.st_mtimespec
    #else
        let time = status.st_mtim
    #endif
    return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
}

/// Whether the cache folder may be used: checked until it is known, a refusal reported once.
private final class FolderState: Sendable {
    /// Whether the folder may be used, once known.
    private let usable = Mutex<Bool?>(nil)
    private let onRefusal: @Sendable (PrivateFiles.Refusal) -> Void

    init(onRefusal: @escaping @Sendable (PrivateFiles.Refusal) -> Void) {
        self.onRefusal = onRefusal
    }

    /// - Returns: `false` when the folder must not be used, or does not exist and `creating` is off.
    func isUsable(_ directory: URL, creating: Bool, userID: uid_t) -> Bool {
        var refused: PrivateFiles.Refusal?
        let result = usable.withLock { usable -> Bool in
            if let usable { return usable }
            do throws(PrivateFiles.Refusal) {
                guard try PrivateFiles.checkFolder(directory, creating: creating, userID: userID) else { return false }
                usable = true
                return true
            } catch {
                usable = false
                refused = error
                return false
            }
        }
        if let refused { onRefusal(refused) }
        return result
    }
}
