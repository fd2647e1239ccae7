import Foundation

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
/// write the least recently used entries are removed until the folder is under `maximumBytes`.
/// A file that cannot be read as an entry is removed. The folder is created `0700`.
public struct FileResponseCacheStore: ResponseCacheStore {
    public static let defaultMaximumBytes = 20 * 1024 * 1024

    private struct Header: Codable {
        let key: String
        let storedAt: Double
    }

    private let directory: URL
    private let maximumBytes: Int

    /// - Parameters:
    ///   - directory: The folder of the entries.
    ///   - maximumBytes: The size the folder is kept under.
    public init(directory: URL, maximumBytes: Int = defaultMaximumBytes) {
        self.directory = directory
        self.maximumBytes = maximumBytes
    }

    public func response(for key: String) -> CachedResponse? {
        let url = fileURL(for: key)
        guard let contents = FileManager.default.contents(atPath: url.path) else { return nil }
        guard let newline = contents.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONResponseDecoder().decode(Data(contents[..<newline]), as: Header.self),
            header.key == key
        else {
            unlink(url.path)
            return nil
        }
        utimes(url.path, nil)  // now: most recently used
        return CachedResponse(
            body: Data(contents[contents.index(after: newline)...]),
            storedAt: Date(timeIntervalSince1970: header.storedAt))
    }

    public func store(_ response: CachedResponse, for key: String) {
        guard
            let header = try? JSONEncoder().encode(Header(key: key, storedAt: response.storedAt.timeIntervalSince1970))
        else { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return
        }
        let destination = fileURL(for: key)
        guard AtomicFile.write(header + Data("\n".utf8) + response.body, to: destination) else { return }
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

    /// Removes the entries used longest ago until the folder fits; never the one just written.
    private func evictLeastRecentlyUsed(keeping newest: URL) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard
            let files = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return }
        var entries = files.compactMap { url -> (url: URL, used: Date, size: Int)? in
            guard url.pathExtension == "json", let values = try? url.resourceValues(forKeys: Set(keys)) else {
                return nil
            }
            return (url, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > maximumBytes else { return }
        entries.sort { $0.used < $1.used }
        for entry in entries where total > maximumBytes && entry.url.lastPathComponent != newest.lastPathComponent {
            unlink(entry.url.path)
            total -= entry.size
        }
    }
}
