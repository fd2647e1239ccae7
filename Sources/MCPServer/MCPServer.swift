import JSON
import Platform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A Model Context Protocol server over newline-delimited JSON-RPC 2.0 on two descriptors
/// (stdio by default) that offers tools.
///
/// It answers `initialize` (negotiating one of `supportedProtocolVersions`), `ping`,
/// `tools/list` and `tools/call`; any other method gets -32601 at once, and unknown
/// notifications are ignored. Requests are answered before `initialize` too (it is lenient:
/// a client that skips the handshake still gets answers). Every tool call runs in a task of its
/// own, so a slow call never holds up another; `notifications/cancelled` cancels the call's
/// task and the call is then never answered. The output carries protocol messages only, each
/// written whole; diagnostics go to `log`. Writes block while the client does not read (nothing
/// is buffered without bound), so a client must read its input while it writes ours.
public final class MCPServer: Sendable {
    /// The protocol revisions spoken, newest first; `initialize` answers the client's when it
    /// is one of them, the newest otherwise.
    public static let supportedProtocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26"]

    let info: MCPServerInfo
    let tools: [MCPTool]
    let toolsByName: [String: MCPTool]
    let log: @Sendable (String) -> Void
    let calls = CallRegistry()
    let output: OutputChannel
    private let input: Int32
    private let gracePeriod: Duration
    private let maximumLineLength: Int
    let maximumConcurrentCalls: Int
    private let exit: OneShot<MCPServerExit>
    /// Resumed once the reading thread touches the input no more.
    private let readerEnded = OneShot<Bool>()

    /// A server; nothing is read before `run()`.
    /// - Parameters:
    ///   - info: The server's name, version and instructions.
    ///   - tools: The tools, in the order `tools/list` gives them; names must be unique (the
    ///     first of a repeated name is used).
    ///   - input: The descriptor messages are read from.
    ///   - output: The descriptor answers are written to.
    ///   - gracePeriod: How long calls in flight may run on after the input ends.
    ///   - maximumLineLength: The longest message accepted, in bytes; a longer line is answered
    ///     with -32600 and skipped.
    ///   - maximumConcurrentCalls: The most tool calls run at once; another is answered with
    ///     error -32000 (server busy) until one ends.
    ///   - outputStallTimeout: How long the client may read nothing while answers wait for it;
    ///     past that it is given up (`run()` returns `.outputStalled`). Meanwhile no more than
    ///     4 MiB of answers are queued: its input is read no further.
    ///   - log: Where diagnostics go (standard error in a front end); never the output.
    public init(
        info: MCPServerInfo, tools: [MCPTool], input: Int32 = 0, output: Int32 = 1,
        gracePeriod: Duration = .seconds(10), maximumLineLength: Int = 4 << 20, maximumConcurrentCalls: Int = 64,
        outputStallTimeout: Duration = .seconds(30), log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.info = info
        self.tools = tools
        self.toolsByName = Dictionary(tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.input = input
        self.gracePeriod = gracePeriod
        self.maximumLineLength = maximumLineLength
        self.maximumConcurrentCalls = maximumConcurrentCalls
        self.log = log
        let exit = OneShot<MCPServerExit>()
        self.exit = exit
        self.output = OutputChannel(descriptor: output, stallTimeout: outputStallTimeout) { stalled in
            if stalled { log("mcp: the client read nothing for \(outputStallTimeout); giving it up") }
            exit.resume(stalled ? .outputStalled : .outputClosed)
        }
    }

    /// Serves until the input ends, the output is closed or reading fails; call it once.
    ///
    /// At the end of the input, calls in flight may finish and be answered for up to the grace
    /// period; then they are cancelled. On a closed output they are cancelled at once. The answers
    /// still queued are then written; a client that reads none of them for the stall timeout
    /// makes it `.outputStalled` even after the end of its input, as a write error `.outputClosed`.
    /// Cancelling the task that runs this counts as the end of the input. SIGPIPE is ignored
    /// from here on, so that a closed output is an error to see, not a signal that kills.
    /// - Returns: Why it stopped.
    public func run() async -> MCPServerExit {
        signal(SIGPIPE, SIG_IGN)
        guard output.start(), DetachedThread.start({ [self] in readLoop() }) else {
            log("mcp: could not start the reading thread")
            return .inputFailed(errno: EAGAIN)
        }
        let reason = await withTaskCancellationHandler {
            await exit.wait()
        } onCancel: {
            exit.resume(.endOfInput)
        }
        if reason == .endOfInput, calls.count > 0 {
            if await !calls.waitUntilEmpty(timeout: gracePeriod) {
                log("mcp: \(calls.count) call(s) still running after the grace period; cancelling them")
            }
        }
        calls.cancelAll()
        // The input is the caller's to close once this returns: the reader must be done with it
        // (it looks at `exit` at least every 500 ms), or it could read a descriptor reused.
        _ = await readerEnded.wait()
        // A client that stops reading while the last answers go out is given up as one that
        // stopped mid-session is (it may still be there, the answers lost): not a clean end.
        switch (reason, await output.finish()) {
        case (.endOfInput, .stalled): return .outputStalled
        case (.endOfInput, .closed): return .outputClosed
        default: return reason
        }
    }

    /// Reads lines and handles them until the input ends or the server stops; runs on a thread
    /// of its own, waking at least twice a second to notice a stop.
    private func readLoop() {
        defer { readerEnded.resume(true) }
        var splitter = JSONRPCLineSplitter(maximumLength: maximumLineLength)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !exit.isSet {
            // A client that does not read is read no further: the answers queued stay bounded.
            guard output.waitForRoom(timeout: .milliseconds(500)), !exit.isSet else { continue }
            var waiting = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 500)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            let count =
                ready < 0 ? -1 : buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                log("mcp: reading the input failed (errno \(errno))")
                exit.resume(.inputFailed(errno: errno))
                return
            }
            if count == 0 {
                if let last = splitter.finish() { handle(last) }
                exit.resume(.endOfInput)
                return
            }
            for event in splitter.append(buffer[..<count]) where !exit.isSet {
                handle(event)
            }
        }
    }

    private func handle(_ event: JSONRPCLineSplitter.Event) {
        switch event {
        case .overlong:
            log("mcp: skipped a message longer than \(maximumLineLength) bytes")
            output.send(
                .errorResponse(
                    id: nil, error: .invalidRequest("Invalid Request: message longer than \(maximumLineLength) bytes")))
        case .line(let bytes):
            do {
                dispatch(try JSONRPCMessage.decode(bytes))
            } catch {
                log("mcp: \(error.error.message)")
                output.send(error.response)
            }
        }
    }
}
