import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DetachedProcess {
    /// Runs the program at `path` with `input` on its standard input, in a session of its own
    /// (what it leaves running — a clipboard owner that serves the copied text — outlives this
    /// process), its output on `/dev/null`, and waits at most `timeout` for it to exit.
    ///
    /// The input goes through a socket, not a pipe: a program that exits without reading it
    /// makes the write fail with `EPIPE`, never kill this process with SIGPIPE.
    /// - Returns: Whether it read its input and exited with 0 in time.
    public static func run(_ path: String, arguments: [String], input: [UInt8], timeout: DispatchTimeInterval) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, streamType, 0, &ends) == 0 else { return false }
        let (ours, theirs) = (ends[0], ends[1])
        _ = fcntl(ours, F_SETFD, FD_CLOEXEC)
        _ = fcntl(theirs, F_SETFD, FD_CLOEXEC)
        _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(ours, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let spawned = SpawnRequest(path: path, arguments: arguments, input: theirs, output: nil).spawn()
        close(theirs)
        guard case .success(let child) = spawned else {
            close(ours)
            return false
        }
        let exited = DispatchSemaphore(value: 0)
        let status = Mutex<Int32>(-1)
        DetachedThread.start {
            var result: Int32 = 0
            while waitpid(child, &result, 0) == -1 {
                guard errno == EINTR else {
                    exited.signal()
                    return
                }
            }
            status.withLock { $0 = result }
            exited.signal()
        }
        let deadline = DispatchTime.now() + timeout
        let sent = send(all: input, to: ours, until: deadline)
        shutdown(ours, Int32(SHUT_WR))
        close(ours)
        guard exited.wait(timeout: deadline) == .success else {
            kill(child, SIGKILL)  // reaped by its waiting thread
            return false
        }
        return sent && status.withLock { $0 } == 0
    }

    /// Writes every byte, however the socket takes them (partial writes, EINTR, EAGAIN), until
    /// `deadline`.
    private static func send(all bytes: [UInt8], to socket: Int32, until deadline: DispatchTime) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { sendBytes(socket, $0.baseAddress, $0.count) }
            if sent > 0 {
                offset += sent
                continue
            }
            guard sent < 0, errno == EINTR || errno == EAGAIN else { return false }
            let now = DispatchTime.now()
            guard now < deadline else { return false }
            var writable = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            let milliseconds = (deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000 + 1
            _ = poll(&writable, 1, Int32(min(milliseconds, 60_000)))
        }
        return true
    }

    #if canImport(Darwin)
        private static let streamType = SOCK_STREAM
        private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
            Darwin.send(socket, bytes, count, 0)
        }
    #else
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static func sendBytes(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
            Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        }
    #endif
}
