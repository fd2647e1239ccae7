import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RawTerminal {
    /// Whether the terminal has hung up (the other end closed: a dropped ssh link, a closed
    /// window), as `poll` tells, without reading from it.
    public var hasHungUp: Bool { Self.hasHungUp(input) }

    /// Whether the terminal on `descriptor` has hung up, as `poll` tells, without reading from it.
    public static func hasHungUp(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 0) >= 0 else { return false }
        return watched.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// The terminal's size, in columns and rows.
    public var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

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
