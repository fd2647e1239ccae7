import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal opened for the session (`/dev/tty`) lives as long as the `RawTerminal` made on it.
@Suite("RawTerminal owning its descriptor")
struct RawTerminalOwnershipTests {
    /// Whether the other end of a pty or pipe reports its peer gone (hang-up or error): a test of
    /// the close that a descriptor number reused by a parallel test cannot fool.
    private func peerGone(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&watched, 1, 0) >= 0 else { return false }
        return watched.revents & Int16(POLLHUP | POLLERR) != 0
    }

    @Test("Given a terminal's descriptor handed over, it stays open while the terminal lives and is closed with it")
    func closedWithTheTerminal() throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        try #require(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer { close(primary) }
        var terminal = RawTerminal(owning: secondary)
        #expect(terminal != nil)
        #expect(!peerGone(primary))
        terminal = nil
        #expect(peerGone(primary))
    }

    @Test("Given a descriptor that is no terminal, there is no terminal and the descriptor is closed")
    func notATerminal() {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[1]) }
        #expect(!peerGone(ends[1]))
        #expect(RawTerminal(owning: ends[0]) == nil)
        #expect(peerGone(ends[1]))
    }
}
