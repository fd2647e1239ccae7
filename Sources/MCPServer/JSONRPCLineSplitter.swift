/// Splits a byte stream into lines of at most `maximumLength` bytes, holding no more than that
/// (plus one chunk) in memory.
///
/// A line ends at `\n`; a `\r` before it is dropped. Lines of only whitespace are skipped. A
/// line that grows past the limit is reported once as `.overlong` and its bytes are discarded
/// up to the next `\n`.
import JSON

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

public struct JSONRPCLineSplitter: Sendable {
    /// What the splitter found.
    public enum Event: Sendable, Hashable {
        /// A complete line, without its line ending.
        case line([UInt8])
        /// A line longer than the limit, now being skipped.
        case overlong
    }

    /// The longest line accepted, in bytes.
    public let maximumLength: Int
    private var pending: [UInt8] = []
    private var discarding = false

    /// A splitter.
    /// - Parameter maximumLength: The longest line accepted, in bytes (4 MiB by default).
    public init(maximumLength: Int = 4 << 20) {
        self.maximumLength = maximumLength
    }

    /// Takes the next bytes of the stream.
    /// - Parameter chunk: The bytes.
    /// - Returns: The lines they complete, and any line found too long, in order.
    public mutating func append(_ chunk: [UInt8]) -> [Event] { append(chunk[...]) }

    /// Takes the next bytes of the stream.
    /// - Parameter chunk: The bytes.
    /// - Returns: The lines they complete, and any line found too long, in order.
    public mutating func append(_ chunk: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var rest = chunk
        while let newline = Self.firstNewline(in: rest) {
            let piece = rest[..<newline]
            rest = rest[rest.index(after: newline)...]
            if discarding {
                discarding = false
                continue
            }
            pending.append(contentsOf: piece)
            if let event = finishLine() { events.append(event) }
        }
        if !discarding {
            pending.append(contentsOf: rest)
            if pending.count > maximumLength + 1 {  // + 1: room for a `\r` that may end it
                pending = []
                discarding = true
                events.append(.overlong)
            }
        }
        return events
    }

    /// Ends the stream.
    /// - Returns: The last line when the stream ended without a `\n` after it.
    /// The index of the first `\n`, found with `memchr` (a 64 MiB line is scanned at memory speed).
    private static func firstNewline(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0x0A, buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }

    public mutating func finish() -> Event? {
        defer {
            pending = []
            discarding = false
        }
        return discarding ? nil : finishLine()
    }

    private mutating func finishLine() -> Event? {
        var line = pending
        pending = []
        if line.last == 0x0D { line.removeLast() }
        guard line.count <= maximumLength else { return .overlong }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        return .line(line)
    }
}
