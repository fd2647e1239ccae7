import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every input is bounded: a line of the line session, what a message repeats, and a read that
/// fails is not the end of input.
@Suite("Bounded input")
struct BoundedInputTests {
    @Test(
        "Given a line over 4 KiB between two commands, then it is skipped with one message naming it, and the next is read"
    )
    func longLineSkipped() async throws {
        let long = String(repeating: "x", count: 2_000_000)
        let descriptor = try pipe(holding: Array("jack\n\(long)\nq\r\n".utf8))
        defer { close(descriptor) }
        let diagnostics = CapturingOutput()
        let reader = StandardInputReader(
            descriptor: descriptor, diagnostics: diagnostics, skippedLine: ConsoleMessages.mvsearch.skippedLine)
        #expect(await reader.allLines() == ["jack", "q"])
        #expect(
            diagnostics.text
                == "mvsearch: line 2 of the input is longer than 4096 bytes and was skipped"
                + " — type one command or search per line\n")
        #expect(reader.failure == nil)
    }

    @Test("Given an input that cannot be read, then the session ends saying why, with 74, not as at its end")
    func readError() async throws {
        let folder = open("/", O_RDONLY)  // reading a folder fails (EISDIR)
        defer { close(folder) }
        let diagnostics = CapturingOutput()
        let reader = StandardInputReader(
            descriptor: folder, diagnostics: diagnostics, skippedLine: ConsoleMessages.mvsearch.skippedLine)
        #expect(await runLineSession(output: CapturingOutput(), diagnostics: diagnostics, input: reader) == .ioError)
        #expect(
            diagnostics.text.hasSuffix(
                "mvsearch: cannot read the commands: is a directory — check what feeds standard input\n"),
            "\(diagnostics.text)")
    }

    @Test("Given standard output fails during the line session, then no more commands are read and it exits 74")
    func stopsWithItsOutput() async throws {
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        let output = FileDescriptorOutput(fileDescriptor: full)
        let commands = Array("jack\n1\nb\nq\n".utf8)
        let descriptor = try pipe(holding: commands)
        defer { close(descriptor) }
        #expect(Self.unread(descriptor) == commands.count)
        let diagnostics = CapturingOutput()
        let reader = StandardInputReader(
            descriptor: descriptor, diagnostics: diagnostics, skippedLine: ConsoleMessages.mvsearch.skippedLine,
            stopsWhen: { output.isStopped })
        #expect(await runLineSession(output: output, diagnostics: diagnostics, input: reader) == .ioError)
        // The first prompt could not be written: not one command was read.
        #expect(Self.unread(descriptor) == commands.count)
        #expect(diagnostics.text.hasPrefix("mvsearch: cannot write the results — no space left on device"))
    }

    /// Runs `mvsearch -i` over these streams, as the line session does with piped input.
    private func runLineSession(
        output: any TextOutput, diagnostics: CapturingOutput, input: StandardInputReader
    ) async -> App.ExitStatus {
        let console = Console(
            output: output, diagnostics: diagnostics, input: input, inputIsTerminal: false,
            outputIsTerminal: false, diagnosticsIsTerminal: false, width: 80,
            activityIndicator: HiddenActivityIndicator())
        let application = Application(
            arguments: ["-i"], environment: isolatedEnvironment(), console: console,
            overrides: .init(
                musicVideosRepository: MockMusicVideosRepository.returning([.stub()]),
                recentSearchesRepository: InMemoryRecentSearchesRepository()))
        return await application.run()
    }

    /// How many bytes wait in a pipe.
    private static func unread(_ descriptor: Int32) -> Int {
        var count: Int32 = 0
        _ = ioctl(descriptor, UInt(FIONREAD), &count)
        return Int(count)
    }

    @Test(
        "Given a huge value, then the usage message repeats at most 80 characters of it",
        arguments: [
            ["--country", String(repeating: "X", count: 120_000), "jack"],
            ["--json", "id," + String(repeating: "z", count: 120_000), "jack"],
            ["--json", Array(repeating: "a", count: 40_000).joined(separator: ",") + ",", "jack"],
            ["--by", String(repeating: "y", count: 50_000), "jack"],
        ])
    func echoesAreShort(arguments: [String]) async {
        let diagnostics = CapturingOutput()
        let console = Console.piped(diagnostics: diagnostics)
        let application = Application(
            arguments: arguments, environment: isolatedEnvironment(), console: console,
            overrides: .init(musicVideosRepository: MockMusicVideosRepository.returning([.stub()])))
        #expect(await application.run() == .usage)
        #expect(diagnostics.text.count < 300, "\(diagnostics.text.prefix(300))")
        #expect(diagnostics.text.contains("…"))
    }
}
