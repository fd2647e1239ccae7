import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response as a raw-socket client read it.
struct ReceivedResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A client on a plain blocking socket, every read bounded by a deadline: it sends exactly the
/// bytes a test gives it, so tests can send what no HTTP library would.
final class TestClient {
    let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to `host:port`; `receiveBuffer` shrinks the socket's receive buffer (for a
    /// client that stops reading).
    init(port: Int, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        let isIPv6 = host.contains(":")
        #if canImport(Glibc)
            let type = Int32(SOCK_STREAM.rawValue)
        #else
            let type = SOCK_STREAM
        #endif
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, type, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            closeSocket(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    /// Sends every byte of `text`; `false` when the connection is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes {
                sendBytes(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags)
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return false }
            sent += result
        }
        return true
    }

    /// Sends `GET path` with a Host header and `extra` header lines.
    @discardableResult
    func get(_ path: String, method: String = "GET", version: String = "HTTP/1.1", extra: String = "") -> Bool {
        send("\(method) \(path) \(version)\r\nHost: 127.0.0.1\r\n\(extra)\r\n")
    }

    /// Reads more bytes, waiting until `deadline`; `false` at the end of the stream, on an error,
    /// or when the deadline passes.
    private func fill(until deadline: ContinuousClock.Instant) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let remaining = ContinuousClock.now.duration(to: deadline)
        let milliseconds = max(
            0, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        pending.append(contentsOf: chunk[..<count])
        return true
    }

    /// The next response, or `nil` when none arrives whole by the deadline (or the connection
    /// closes first). `isHead`: the response to a HEAD carries no body.
    func readResponse(timeout: Duration = .seconds(10), isHead: Bool = false) -> ReceivedResponse? {
        let deadline = ContinuousClock.now + timeout
        var headEnd: Int?
        while headEnd == nil {
            headEnd = pending.indices.dropLast(3).first { pending[$0..<($0 + 4)].elementsEqual("\r\n\r\n".utf8) }
            if headEnd == nil, !fill(until: deadline) { return nil }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: pending[..<headEnd], as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        let response = ReceivedResponse(status: status, headers: headers, body: [])
        let length = isHead ? 0 : Int(response.header("content-length") ?? "0") ?? 0
        while pending.count < headEnd + 4 + length {
            if !fill(until: deadline) { return nil }
        }
        let body = Array(pending[(headEnd + 4)..<(headEnd + 4 + length)])
        pending.removeFirst(headEnd + 4 + length)
        return ReceivedResponse(status: status, headers: headers, body: body)
    }

    /// Waits until bytes arrive, without reading them; `false` when none by the deadline.
    func waitUntilReadable(timeout: Duration = .seconds(10)) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        return poll(&poller, 1, milliseconds) > 0
    }

    /// Reads until the server closes the connection or the deadline passes.
    /// - Returns: What arrived, and whether the connection was closed (`false` on timeout).
    func readUntilClosed(timeout: Duration = .seconds(10)) -> (bytes: [UInt8], closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = ContinuousClock.now.duration(to: deadline)
            let milliseconds = max(
                0, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
            )
            guard poll(&poller, 1, milliseconds) > 0 else { return (pending, false) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 {
                defer { pending.removeAll() }
                return (pending, true)
            }
            pending.append(contentsOf: chunk[..<count])
        }
    }
}

private func closeSocket(_ descriptor: Int32) {
    close(descriptor)
}

private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
