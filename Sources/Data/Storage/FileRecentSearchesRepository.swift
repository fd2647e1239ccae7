import Domain
import Foundation
import Networking
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recent searches in a JSON file, `recent-searches.json`, in a folder of their own.
///
/// Writes replace the file atomically (a temporary file, then `rename`), so a reader sees the
/// old list or the new one, never half of one. Writers take an exclusive `flock` on a lock file,
/// so several processes saving at once each add their term; a lock held by another process (or
/// a stale lock on a network file system) is waited for at most `lockTimeout`, then the term is
/// dropped with a warning. The folder and its files are trusted only when they are the user's
/// own (`PrivateFiles`): the folder `0700`, the files `0600`, no link followed. A file that
/// cannot be read, or is larger than `maximumFileBytes` (the list is a few hundred bytes; a huge
/// file would be read on every search and every completion), is reported once through
/// `onProblem` and read as empty; the next save replaces it. A save also removes the temporaries a process killed while saving left behind
/// (`AtomicFile.removeLeftTemporaries`). Nothing here ever fails a search.
public final class FileRecentSearchesRepository: RecentSearchesRepository, Sendable {
    public static let defaultMaximumCount = 20
    /// How long a save waits for another process's lock.
    public static let defaultLockTimeout: Duration = .seconds(2)
    /// The largest list file read: twenty terms take a few KiB at most.
    public static let maximumFileBytes = 256 * 1024

    private struct StoredSearches: Codable {
        var version = 1
        var searches: [String]
    }

    private let directory: URL
    private let maximumCount: Int
    private let lockTimeout: Duration
    private let userID: uid_t
    private let rename: AtomicFile.Rename
    private let onProblem: @Sendable (String) -> Void
    /// Whether a problem was reported: one is, the rest are not.
    private let hasReported = Mutex(false)

    /// The file that holds the list.
    public var fileURL: URL { directory.appendingPathComponent("recent-searches.json") }
    /// The file writers lock.
    public var lockURL: URL { directory.appendingPathComponent(".recent-searches.lock") }

    /// - Parameters:
    ///   - directory: The folder, created (`0700`) on the first save.
    ///   - maximumCount: How many terms are kept.
    ///   - lockTimeout: How long a save waits for another process's lock.
    ///   - userID: Whose the folder and files must be (tests pass another user's).
    ///   - rename: Puts a written list in place (tests inject faults).
    ///   - onProblem: Told, once, when the file cannot be read or written.
    public init(
        directory: URL,
        maximumCount: Int = defaultMaximumCount,
        lockTimeout: Duration = defaultLockTimeout,
        userID: uid_t = geteuid(),
        rename: @escaping AtomicFile.Rename = AtomicFile.systemRename,
        onProblem: @escaping @Sendable (String) -> Void
    ) {
        self.rename = rename
        self.directory = directory
        self.maximumCount = maximumCount
        self.lockTimeout = lockTimeout
        self.userID = userID
        self.onProblem = onProblem
    }

    public func recentSearches() async -> [String] {
        do throws(PrivateFiles.Refusal) {
            guard try PrivateFiles.checkFolder(directory, creating: false, userID: userID) else { return [] }
        } catch {
            report("not using the recent searches: \(error.reason) — \(Self.folderAdvice)")
            return []
        }
        return read()
    }

    public func save(_ term: String) async {
        do throws(PrivateFiles.Refusal) {
            try PrivateFiles.checkFolder(directory, creating: true, userID: userID)
            let lockDescriptor = try PrivateFiles.openForUpdate(lockURL, userID: userID)
            defer { close(lockDescriptor) }
            guard await acquire(lockDescriptor) else {
                report(
                    "recent searches not saved: another mvsearch has held \(lockURL.path) for "
                        + "\(lockTimeout.components.seconds) s — search again once it ends")
                return
            }
            // Released now, not when the last copy of the descriptor closes: a program being
            // started at this moment holds one until it runs, and the lock with it.
            defer { flock(lockDescriptor, LOCK_UN) }
            AtomicFile.removeLeftTemporaries(in: directory)
            var searches = read()
            // Upper case folds more than lower case: `Straße` and `STRASSE` are one search.
            let folded = term.uppercased()
            searches.removeAll { $0.uppercased() == folded }
            searches.insert(term, at: 0)
            guard write(Array(searches.prefix(maximumCount))) else {
                let code = errno
                report(
                    "recent searches not saved in \(directory.path): \(PrivateFiles.describe(code == 0 ? EIO : code))"
                        + " — check the room and permissions there, or set XDG_STATE_HOME to another folder")
                return
            }
        } catch {
            report("recent searches not saved: \(error.reason) — \(Self.folderAdvice)")
        }
    }

    /// Removes the file, holding the lock as a save does: a save in progress elsewhere would
    /// otherwise write the old list back after it. The lock is waited for as a save waits for
    /// it; when another process keeps it longer, nothing is removed (`busy`).
    public func clear() async throws(RecentSearchesError) {
        do throws(PrivateFiles.Refusal) {
            guard try PrivateFiles.checkFolder(directory, creating: false, userID: userID) else { return }
        } catch {
            throw RecentSearchesError(.notPermitted, reason: error.reason)
        }
        let lockDescriptor: Int32
        do throws(PrivateFiles.Refusal) {
            lockDescriptor = try PrivateFiles.openForUpdate(lockURL, userID: userID)
        } catch {
            throw RecentSearchesError(.notPermitted, reason: error.reason)
        }
        defer { close(lockDescriptor) }
        guard await acquire(lockDescriptor) else {
            throw RecentSearchesError(
                .busy,
                reason: "another mvsearch has held \(lockURL.path) for \(lockTimeout.components.seconds) s")
        }
        // Released now, not when the last copy of the descriptor closes: a program being
        // started at this moment holds one until it runs, and the lock with it.
        defer { flock(lockDescriptor, LOCK_UN) }
        guard unlink(fileURL.path) == 0 || errno == ENOENT else {
            let code = errno
            let kind: RecentSearchesError.Kind =
                [EACCES, EPERM, EROFS, EISDIR].contains(code) ? .notPermitted : .inputOutput
            throw RecentSearchesError(kind, reason: "\(fileURL.path): \(PrivateFiles.describe(code))")
        }
    }

    private func read() -> [String] {
        let data: Data?
        do throws(PrivateFiles.Refusal) {
            data = try PrivateFiles.read(fileURL, userID: userID, maximumBytes: Self.maximumFileBytes)
        } catch  where error.isTooLarge {
            report("not using the recent searches: \(error.reason) — the next search replaces it with a new list")
            return []
        } catch {
            report("not using the recent searches: \(error.reason) — \(Self.folderAdvice)")
            return []
        }
        guard let data else { return [] }
        guard let stored = try? JSONDecoder().decode(StoredSearches.self, from: data) else {
            report("\(fileURL.path) is not a valid recent-searches file — the next search replaces it with a new list")
            return []
        }
        return Array(stored.searches.filter { !$0.isEmpty }.prefix(maximumCount))
    }

    /// Takes the exclusive lock, trying again every few milliseconds until `lockTimeout` has
    /// passed; the wait never blocks a thread.
    /// - Returns: Whether the lock was taken.
    private func acquire(_ descriptor: Int32) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + lockTimeout
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR || errno == ENOLCK, clock.now < deadline else { return false }
            do {
                try await Task.sleep(for: .milliseconds(20))
            } catch {
                return false
            }
        }
    }

    /// What to do about a folder or file that is not the user's own.
    private static let folderAdvice = "remove it, or set XDG_STATE_HOME to a folder of your own"

    /// - Returns: `false` when the list could not be written; `errno` then says why.
    private func write(_ searches: [String]) -> Bool {
        guard let data = try? JSONEncoder().encode(StoredSearches(searches: searches)) else {
            errno = EINVAL
            return false
        }
        return AtomicFile.write(data, to: fileURL, rename: rename)
    }

    private func report(_ problem: String) {
        let isFirst = hasReported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if isFirst { onProblem(problem) }
    }
}
