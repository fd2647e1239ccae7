import Foundation
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe holding `bytes`, its writing end closed after them: what `printf … | program` gives a
/// program's standard input. What fits the pipe is written at once, so it is all there when the
/// test looks; more is written from a thread of its own, so that it never blocks the test.
/// - Parameter bytes: What the pipe holds.
/// - Returns: The reading end; the test closes it.
/// - Throws: `POSIXError` when the pipe cannot be made or written.
public func pipe(holding bytes: [UInt8]) throws -> Int32 {
    var ends: [Int32] = [-1, -1]
    #if canImport(Glibc)
        guard Glibc.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    #elseif canImport(Darwin)
        guard Darwin.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    #endif
    let reader = ends[0]
    let writer = ends[1]
    if bytes.count <= Int(PIPE_BUF) {
        let written = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        close(writer)
        guard written == bytes.count else {
            close(reader)
            throw POSIXError(.EIO)
        }
        return reader
    }
    Thread.detachNewThread {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        close(writer)
    }
    return reader
}

extension LineInput {
    /// Every line, read until the end of input.
    public func allLines() async -> [String] {
        var lines: [String] = []
        while let line = await readLine() { lines.append(line) }
        return lines
    }
}
