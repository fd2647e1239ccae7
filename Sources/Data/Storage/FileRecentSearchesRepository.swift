import Domain
import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recent searches in a JSON file, `recent-searches.json`, in a folder of their own.
///
/// Writes replace the file atomically (a temporary file, then `rename`), so a reader sees the
/// old list or the new one, never half of one. Writers take an exclusive `flock` on a lock file,
/// so several processes saving at once each add their term. The folder is `0700`, the files
/// `0600`. A file that cannot be read is reported once through `onProblem` and read as empty;
/// the next save replaces it. Nothing here ever fails a search.
public final class FileRecentSearchesRepository: RecentSearchesRepository, @unchecked Sendable {
    public static let defaultMaximumCount = 20

    private struct StoredSearches: Codable {
        var version = 1
        var searches: [String]
    }

    private let directory: URL
    private let maximumCount: Int
    private let onProblem: @Sendable (String) -> Void
    private let lock = NSLock()
    private var hasReported = false

    /// The file that holds the list.
    public var fileURL: URL { directory.appendingPathComponent("recent-searches.json") }
    private var lockURL: URL { directory.appendingPathComponent(".recent-searches.lock") }

    /// - Parameters:
    ///   - directory: The folder, created (`0700`) on the first save.
    ///   - maximumCount: How many terms are kept.
    ///   - onProblem: Told, once, when the file cannot be read or written.
    public init(
        directory: URL,
        maximumCount: Int = defaultMaximumCount,
        onProblem: @escaping @Sendable (String) -> Void
    ) {
        self.directory = directory
        self.maximumCount = maximumCount
        self.onProblem = onProblem
    }

    public func recentSearches() async -> [String] {
        read()
    }

    public func save(_ term: String) async {
        update { searches in
            searches.removeAll { $0.caseInsensitiveCompare(term) == .orderedSame }
            searches.insert(term, at: 0)
        }
    }

    public func clear() async {
        update { $0.removeAll() }
    }

    private func read() -> [String] {
        guard let data = try? Data(contentsOf: fileURL) else {
            if FileManager.default.fileExists(atPath: fileURL.path) {
                report("cannot read \(fileURL.path)")
            }
            return []
        }
        guard let stored = try? JSONDecoder().decode(StoredSearches.self, from: data) else {
            report("\(fileURL.path) is not a valid recent-searches file; starting a new list")
            return []
        }
        return Array(stored.searches.filter { !$0.isEmpty }.prefix(maximumCount))
    }

    /// Read, change and write the list while holding the lock file.
    private func update(_ change: (inout [String]) -> Void) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let lockDescriptor = open(lockURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
            guard lockDescriptor >= 0 else { throw CocoaError(.fileWriteNoPermission) }
            defer { close(lockDescriptor) }
            while flock(lockDescriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw CocoaError(.fileLocking) }
            }
            var searches = read()
            change(&searches)
            try write(Array(searches.prefix(maximumCount)))
        } catch {
            report("cannot save recent searches in \(directory.path)")
        }
    }

    private func write(_ searches: [String]) throws {
        let data = try JSONEncoder().encode(StoredSearches(searches: searches))
        guard AtomicFile.write(data, to: fileURL) else { throw CocoaError(.fileWriteUnknown) }
    }

    private func report(_ problem: String) {
        let isFirst = lock.withLock {
            defer { hasReported = true }
            return !hasReported
        }
        if isFirst { onProblem(problem) }
    }
}
