import Foundation
import Mocks
import TerminalUI
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input read a line at a time, each line bounded, on a thread of its own.
@Suite("Reading standard input")
struct StandardInputReaderTests {
    /// The message a skipped line gets here.
    private static let skipped: @Sendable (Int) -> String = { "line \($0) skipped\n" }

    @Test(
        "Given a line over 4 KiB between two lines, then it is skipped with one message naming it, and the next is read"
    )
    func longLineSkipped() async throws {
        let long = String(repeating: "x", count: 2_000_000)
        let descriptor = try pipe(holding: Array("first\n\(long)\nlast\r\n".utf8))
        defer { close(descriptor) }
        let diagnostics = CapturingOutput()
        let reader = StandardInputReader(descriptor: descriptor, diagnostics: diagnostics, skippedLine: Self.skipped)
        #expect(await reader.allLines() == ["first", "last"])
        #expect(diagnostics.text == "line 2 skipped\n")
        #expect(reader.failure == nil)
    }

    @Test("Given endless input with no line break, then it is read through in small pieces and skipped")
    func noLineBreak() async throws {
        let descriptor = try pipe(holding: [UInt8](repeating: 0, count: 3_000_000))
        defer { close(descriptor) }
        let diagnostics = CapturingOutput()
        let reader = StandardInputReader(descriptor: descriptor, diagnostics: diagnostics, skippedLine: Self.skipped)
        #expect(await reader.allLines().isEmpty)
        #expect(diagnostics.text == "line 1 skipped\n")
    }

    @Test("Given a non-blocking input that is often empty (EAGAIN), then it is waited on and every line is read")
    func nonBlockingInput() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&ends) == 0)
        let reader = ends[0]
        let writer = ends[1]
        defer { close(reader) }
        try #require(fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK) == 0)
        // One line a write: the reader keeps finding the pipe empty between them.
        let thread = Thread {
            for number in 0..<2000 {
                let line = Array("line \(number)\n".utf8)
                guard line.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) == line.count else { break }
            }
            close(writer)
        }
        thread.start()
        let input = StandardInputReader(descriptor: reader, diagnostics: CapturingOutput(), skippedLine: Self.skipped)
        #expect(await input.allLines() == (0..<2000).map { "line \($0)" })
        #expect(input.failure == nil)
    }
}
