import Dispatch
import JSON
import MCPServer
import Synchronization
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// An `MCPServer` running on two pipes: the test writes lines into one and reads the answers
/// from the other, always with a deadline.
final class ServerHarness {
    let server: MCPServer
    private let toServer: Int32
    private var fromServer: Int32
    private var serverOutput: Int32
    private var inputOpen = true
    private var received: [UInt8] = []
    private let exitReason = Locked<MCPServerExit?>(nil)
    private let exited = DispatchSemaphore(value: 0)
    let logLines = Locked<[String]>([])

    init(
        tools: [MCPTool], gracePeriod: Duration = .seconds(10), maximumLineLength: Int = 4 << 20,
        maximumConcurrentCalls: Int = 64, outputStallTimeout: Duration = .seconds(30)
    ) {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        precondition(pipe(&input) == 0 && pipe(&output) == 0)
        toServer = input[1]
        fromServer = output[0]
        serverOutput = output[1]
        let logLines = self.logLines
        server = MCPServer(
            info: MCPServerInfo(name: "kit-test", title: "Kit test", version: "1.2.3", instructions: "Be kind."),
            tools: tools, input: input[0], output: output[1], gracePeriod: gracePeriod,
            maximumLineLength: maximumLineLength, maximumConcurrentCalls: maximumConcurrentCalls,
            outputStallTimeout: outputStallTimeout, log: { line in logLines.value.withLock { $0.append(line) } })
        let (server, exitReason, exited, serverInput) = (server, exitReason, exited, input[0])
        Task.detached {
            let reason = await server.run()
            exitReason.value.withLock { $0 = reason }
            close(serverInput)
            exited.signal()
        }
    }

    deinit {
        // The server must be done with the output before it is closed, or its descriptor
        // number could be reused under it.
        if inputOpen { close(toServer) }
        if serverOutput >= 0, exited.wait(timeout: .now() + 15) == .success { close(serverOutput) }
        if fromServer >= 0 { close(fromServer) }
    }

    /// Writes `text` and a newline.
    func send(_ text: String) { sendRaw(Array((text + "\n").utf8)) }

    /// Writes bytes as they are.
    func sendRaw(_ bytes: [UInt8]) { Self.writeAll(bytes, to: toServer) }

    /// Writes lines from another thread, for input larger than the pipes hold while the test
    /// reads the answers; the semaphore is signalled when all is written.
    func sendInBackground(_ lines: [String]) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let (descriptor, bytes) = (toServer, Array(lines.map { $0 + "\n" }.joined().utf8))
        DispatchQueue.global().async {
            Self.writeAll(bytes, to: descriptor)
            done.signal()
        }
        return done
    }

    /// Writes `lines` from another thread until they are all sent or a write fails (the server
    /// gone); `count` is then how many bytes the server took.
    func sendInBackgroundUntilRefused(_ lines: [String]) -> (done: DispatchSemaphore, count: Locked<Int>) {
        let done = DispatchSemaphore(value: 0)
        let count = Locked(0)
        let (descriptor, bytes) = (toServer, Array(lines.map { $0 + "\n" }.joined().utf8))
        DispatchQueue.global().async {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let written = write(descriptor, base + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { break }
                    offset += written
                    count.value.withLock { $0 = offset }
                }
            }
            done.signal()
        }
        return (done, count)
    }

    private static func writeAll(_ bytes: [UInt8], to toServer: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let count = write(toServer, base + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                precondition(count > 0, "write to the server failed")
                offset += count
            }
        }
    }

    /// Sends a request.
    func request(_ id: Int, _ method: String, _ params: JSONValue? = nil) {
        var message: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { message["params"] = params }
        send(JSONValue.object(message).serializedString)
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONValue) {
        send(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).serializedString)
    }

    /// Ends the server's input.
    func closeInput() {
        close(toServer)
        inputOpen = false
    }

    /// Closes the end the test reads, so that the server's next write fails.
    func closeOutputReader() {
        close(fromServer)
        fromServer = -1
    }

    /// The next line the server wrote, or `nil` when none came within `timeout` or the output ended.
    func nextLine(timeout: Double = 10) -> String? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while true {
            if let newline = received.firstIndex(of: 0x0A) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            var waiting = pollfd(fd: fromServer, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32((deadline - now) / 1_000_000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            received.append(contentsOf: chunk[..<count])
        }
    }

    /// The next message the server wrote, parsed; fails the test when none came.
    func nextMessage(file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
        guard let text = nextLine() else {
            XCTFail("no message from the server within the deadline", file: file, line: line)
            return nil
        }
        do {
            return try JSONValue.parse(text)
        } catch {
            XCTFail("not JSON: \(text)", file: file, line: line)
            return nil
        }
    }

    /// Waits for `run()` to return, then closes the server's end of the output so that reading
    /// reaches its end.
    func waitForExit(timeout: Double = 15) -> MCPServerExit? {
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        close(serverOutput)
        serverOutput = -1
        return exitReason.value.withLock { $0 }
    }

    /// Every line left, up to the end of the output (call after `waitForExit`).
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        return lines
    }

    /// Sends `initialize` and returns its answer.
    func initialize(version: String = "2025-11-25") -> JSONValue {
        request(
            0, "initialize",
            ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "t", "version": "0"]])
        let answer = nextMessage()
        notify("notifications/initialized", [:])
        return answer
    }
}

/// A value behind a lock, in a class so that closures can share it.
final class Locked<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ initial: Value) { value = Mutex(initial) }
}
