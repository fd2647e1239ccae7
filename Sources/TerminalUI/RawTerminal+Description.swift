import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RawTerminal {
    /// The terminal `descriptor` is, opened again for writing, non-blocking and close-on-exec;
    /// `nil` when it cannot be (no name, no permission).
    static func openOwnDescription(of descriptor: Int32) -> Int32? {
        guard let name = ttyname(descriptor) else { return nil }
        let path = String(cString: name)
        let opened = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        // The same terminal, not another one that took its name meanwhile.
        var before = stat()
        var after = stat()
        guard fstat(descriptor, &before) == 0, fstat(opened, &after) == 0, before.st_rdev == after.st_rdev else {
            close(opened)
            return nil
        }
        return opened
    }
}
