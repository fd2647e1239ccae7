import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input that can tell, once it has ended, whether it ended because it failed.
public protocol CheckedInput: Sendable {
    /// Why reading failed, e.g. `input/output error`; `nil` when the input simply ended.
    var failure: String? { get }
    /// Whether it ended because its terminal hung up (the end of input or EIO on a terminal whose
    /// other end has gone): no failure, and not the user ending it either.
    var hasHungUp: Bool { get }
}

/// Standard input, read on a thread of its own so the main actor never blocks on it, one line at
/// a time and never more than `maximumLineBytes` of one: a longer line is skipped (read through
/// to its end in small pieces, so `/dev/zero` costs no memory) with one message, and the next
/// line is read. A non-blocking input is waited on with `poll(2)`. A read that fails is not the
/// end of input: the reason is kept in `failure`, for the program to say (and exit 74,
/// `EX_IOERR`). Once `stopsWhen` holds (the output is gone) it reads no more.
public final class StandardInputReader: LineInput, CheckedInput {
    /// The longest line read; a longer one is skipped.
    public static let maximumLineBytes = 4096

    /// What one read of a line came to.
    private enum Outcome {
        case line(String)
        case end
        case failed(String)
    }

    private struct State {
        var buffer: [UInt8] = []
        /// Inside a line over the limit: bytes are dropped until its end.
        var isSkipping = false
        var lineNumber = 0
        var failure: String?
        var hasHungUp = false
    }

    private let queue = DispatchQueue(label: "TerminalUI.stdin")
    private let descriptor: Int32
    /// Whether the input was a terminal at the start (once hung up, it no longer says it is one).
    private let isTerminal: Bool
    private let diagnostics: any TextOutput
    private let skippedLine: @Sendable (Int) -> String
    private let stopsWhen: @Sendable () -> Bool
    private let state = Mutex(State())

    /// - Parameters:
    ///   - descriptor: Where to read.
    ///   - diagnostics: Where a skipped line is reported.
    ///   - skippedLine: The message for a line over `maximumLineBytes`, given its number (1 first),
    ///     with its line break.
    ///   - stopsWhen: Whether to read no more (the output failed or its reader went away).
    public init(
        descriptor: Int32 = STDIN_FILENO, diagnostics: any TextOutput,
        skippedLine: @escaping @Sendable (_ lineNumber: Int) -> String,
        stopsWhen: @escaping @Sendable () -> Bool = { false }
    ) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
        self.diagnostics = diagnostics
        self.skippedLine = skippedLine
        self.stopsWhen = stopsWhen
    }

    /// Why reading failed, e.g. `input/output error`; `nil` when the input simply ended.
    public var failure: String? { state.withLock { $0.failure } }

    /// Whether it ended because its terminal hung up.
    public var hasHungUp: Bool { state.withLock { $0.hasHungUp } }

    /// - Returns: The next line within the limit, without its line break (nor a CRLF's carriage
    ///   return); `nil` at the end of input, when reading failed, or when the task is cancelled.
    public func readLine() async -> String? {
        guard !stopsWhen() else { return nil }
        let delivery = LineDelivery()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delivery.wait(with: continuation)
                queue.async { [self] in delivery.deliver(nextLine()) }
            }
        } onCancel: {
            delivery.deliver(nil)
        }
    }

    /// The next line within the limit, reporting each line skipped; `nil` at the end or on failure.
    private func nextLine() -> String? {
        while true {
            let outcome = read()
            if case .line(let line) = outcome { return line }
            if isTerminal, RawTerminal.hasHungUp(descriptor) {
                state.withLock { $0.hasHungUp = true }
            } else if case .failed(let reason) = outcome {
                state.withLock { $0.failure = reason }
            }
            return nil
        }
    }

    private func read() -> Outcome {
        var chunk = [UInt8](repeating: 0, count: Self.maximumLineBytes)
        while true {
            let (line, skipped) = state.withLock { state -> ([UInt8]?, Int?) in
                guard let newline = state.buffer.firstIndex(of: UInt8(ascii: "\n")) else {
                    if state.buffer.count > Self.maximumLineBytes {
                        state.isSkipping = true
                        state.buffer.removeAll(keepingCapacity: true)
                    }
                    return (nil, nil)
                }
                let line = Array(state.buffer[..<newline])
                state.buffer.removeSubrange(...newline)
                state.lineNumber += 1
                let isTooLong = state.isSkipping || line.count > Self.maximumLineBytes
                state.isSkipping = false
                return isTooLong ? (nil, state.lineNumber) : (line, nil)
            }
            if let skipped {
                reportSkipped(skipped)
                continue
            }
            if let line { return .line(Self.text(line)) }
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                state.withLock { $0.buffer.append(contentsOf: chunk[..<count]) }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK),
                FileDescriptorOutput.waitUntilReady(descriptor, for: Int16(POLLIN))
            {
                // A non-blocking input (its writer set `O_NONBLOCK`): wait for the next bytes.
                continue
            } else if count < 0 {
                return .failed(FileDescriptorOutput.describe(errno))
            } else {
                // The end: a last line without its line break is still a line.
                let (rest, skipped) = state.withLock { state -> ([UInt8], Int?) in
                    defer { state.buffer.removeAll() }
                    guard !state.buffer.isEmpty || state.isSkipping else { return ([], nil) }
                    state.lineNumber += 1
                    defer { state.isSkipping = false }
                    return state.isSkipping ? ([], state.lineNumber) : (state.buffer, nil)
                }
                if let skipped { reportSkipped(skipped) }
                return rest.isEmpty ? .end : .line(Self.text(rest))
            }
        }
    }

    private func reportSkipped(_ lineNumber: Int) {
        diagnostics.write(skippedLine(lineNumber))
    }

    /// The line as text, without the carriage return of a CRLF line break.
    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}

/// Resumes a continuation exactly once: with the line read, or with `nil` when cancelled first.
private final class LineDelivery: Sendable {
    private struct State {
        var continuation: CheckedContinuation<String?, Never>?
        var early: String??
    }

    private let state = Mutex(State())

    func wait(with continuation: CheckedContinuation<String?, Never>) {
        let ready: String?? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func deliver(_ line: String?) {
        let waiting: CheckedContinuation<String?, Never>? = state.withLock { state in
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = .some(line) }
                return nil
            }
            state.continuation = nil
            state.early = .some(line)
            return continuation
        }
        waiting?.resume(returning: line)
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#else
    private let systemRead = Darwin.read
#endif
