import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process can open one more file.
public enum OpenFileLimit {
    /// - Returns: `true` when opening `/dev/null` fails with EMFILE (this process's limit) or
    ///   ENFILE (the system's).
    public static func isReached() -> Bool {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard descriptor < 0 else {
            close(descriptor)
            return false
        }
        return errno == EMFILE || errno == ENFILE
    }

}
