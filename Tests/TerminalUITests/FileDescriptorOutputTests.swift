import Foundation
import TerminalUI
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Writing to a file descriptor")
struct FileDescriptorOutputTests {
    @Test("An input/output error (a terminal that went away) is kept as the failure, and writing stops")
    func inputOutputError() throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        try #require(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer { close(secondary) }
        close(primary)
        let output = FileDescriptorOutput(fileDescriptor: secondary)
        output.write("lost\n")
        #expect(output.failure == "input/output error")
    }

    @Test("A reader that went away (EPIPE) is not a failure")
    func brokenPipe() throws {
        var descriptors: [Int32] = [-1, -1]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[1]) }
        close(descriptors[0])
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let output = FileDescriptorOutput(fileDescriptor: descriptors[1])
        output.write("unwanted\n")
        #expect(output.failure == nil)
    }

    @Test("A descriptor found closed at start gives the reason it was given")
    func closedAtStart() throws {
        let placeholder = open("/dev/null", O_RDONLY)
        try #require(placeholder >= 0)
        defer { close(placeholder) }
        let output = FileDescriptorOutput(fileDescriptor: placeholder, closedReason: "standard output is closed")
        output.write("lost\n")
        #expect(output.failure == "standard output is closed")
    }

    @Test("Text written whole is no failure")
    func success() throws {
        let descriptor = open("/dev/null", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = FileDescriptorOutput(fileDescriptor: descriptor)
        output.write("fine\n")
        #expect(output.failure == nil)
    }

    @Test("A non-blocking pipe that fills (EAGAIN) is waited on, and everything reaches its reader")
    func nonBlockingPipe() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let reader = ends[0]
        let writer = ends[1]
        defer { close(reader) }
        try #require(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
        let text = String(repeating: "0123456789abcdef\n", count: 65_536)
        let output = FileDescriptorOutput(fileDescriptor: writer)
        // More than a pipe holds, written from a thread of its own while this one reads it.
        let thread = Thread {
            output.write(text)
            close(writer)
        }
        thread.start()
        var received = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += count
        }
        #expect(received == text.utf8.count)
        #expect(output.failure == nil)
    }
}
