import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder to put first on a test's `PATH`, holding stand-ins for other programs (a browser
/// opener, a media player): shell scripts that tell the test what they were given by writing to
/// a FIFO in the same folder. Removed with the value.
public final class FakeProgramFolder: Sendable {
    public let folder: URL
    /// The FIFO the programs write to.
    public let fifo: String
    /// Its read end, open in this process (non-blocking, and inheritable: a test can check that a
    /// program started by the code under test did not get it).
    public let reader: Int32

    /// - Parameter name: A word for the folder's name, to tell the tests' folders apart.
    public init(_ name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvsearch-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fifo = folder.appendingPathComponent("said").path
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        reader = open(fifo, O_RDONLY | O_NONBLOCK)
        guard reader >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit {
        close(reader)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes the executable script `name` into the folder through a close-on-exec descriptor: a
    /// program another test starts meanwhile must not inherit it open for writing, or running the
    /// script fails with ETXTBSY (seen in the whole suite).
    /// - Returns: The script's path.
    @discardableResult
    public func add(_ name: String, script: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(script.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard close(descriptor) == 0, written == bytes.count else { throw POSIXError(.EIO) }
        return path
    }

    /// What the programs wrote to the FIFO: everything until the last writer closes it, waiting at
    /// most 30 s for the first byte or the next (a program may take that long to start on a loaded
    /// machine); empty when none wrote. Waited for on a thread of its own, never the test pool's.
    public func said() async -> String {
        let reader = reader
        // An earlier program's end may still show: the wait is for the next one's words.
        return await offPool { readFIFO(reader, timeout: 30_000, endBeforeFirstByte: false).text }
    }
}
