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
public enum AtomicFile {
    /// - Parameters:
    ///   - data: The new contents.
    ///   - destination: The file to replace (or create), in an existing folder.
    /// - Returns: `false` when the file could not be written; the destination is then unchanged.
    @discardableResult
    public static func write(_ data: Data, to destination: URL) -> Bool {
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { buffer -> Int in
            #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress, buffer.count)
            #else
                Darwin.write(descriptor, buffer.baseAddress, buffer.count)
            #endif
        }
        close(descriptor)
        guard written == data.count, rename(temporary.path, destination.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }
}
