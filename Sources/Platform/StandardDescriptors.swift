import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Descriptors 0–2 as the process found them.
public enum StandardDescriptors {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, so the first file
    /// the process opens (a cache entry, a socket) can never take the place of standard output
    /// and receive the results. `/dev/null` is opened read-only: a write to it fails (`EBADF`),
    /// so lost output is still noticed. Call it first thing, before anything opens a file.
    /// - Returns: The descriptors that were closed.
    public static func openClosedOnes() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            guard errno == EBADF else { continue }
            closed.insert(descriptor)
            // Descriptors are handed out lowest first: this lands on `descriptor`, as the ones
            // below it are open by now.
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
        return closed
    }
}
