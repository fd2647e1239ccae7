import Foundation
import Mocks
import Testing

/// Signals and closed pipes, on the built binary.
@Suite("mvsearch end to end: interruption and closed output")
struct InterruptionEndToEndTests {
    @Test(
        "SIGINT, SIGTERM or SIGQUIT during a stalled request ends the run with 130, 143 or 131, printing nothing",
        arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGQUIT, Int32(131))] as [(Int32, Int32)])
    func signal(signalNumber: Int32, status: Int32) async throws {
        let server = try LoopbackHTTPServer(always: .stall)
        defer { server.stop() }
        // A timeout far past the test's own deadline: only the signal can end this run in time.
        // With the default 15 s, a test held that long before it sent the signal (a loaded
        // machine has done so) saw the run end on its timeout (75) instead.
        let running = try MVSearchProcess.launch(
            ["--base-url", server.baseURL.absoluteString, "--timeout", "120", "jack"])
        try #require(await server.requestsArrived(), "the request never reached the server")
        let sent = ContinuousClock.now
        kill(running.process.processIdentifier, signalNumber)
        let result = await running.finish(timeout: 60)
        // The deadline: one second's grace for the cancelled run, plus slack for a loaded
        // machine; a run that ignored the signal would go on until the kill after 60 s (-1).
        // The exit's time as seen off the pool: the test's own resumption may come late.
        #expect(result.end - sent < .seconds(1 + 14), "\(result.end - sent)")
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test("A closed stdout (mvsearch … | true) ends quietly")
    func closedPipe() async throws {
        let body = try Fixture.data("search-musicvideo-clairo")
        let server = try LoopbackHTTPServer(always: .json(body))
        defer { server.stop() }
        let running = try MVSearchProcess.launch(
            ["--base-url", server.baseURL.absoluteString, "clairo"], closeStdout: true)
        let result = await running.finish()
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
    }

    @Test(
        "Arguments with invalid UTF-8 and control characters never crash: refused (64), nothing sent, no escape echoed"
    )
    func hostileArguments() async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-song-sick-love")))
        defer { server.stop() }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", #"exec "$0" --base-url "$1" "$(printf 'a\377b\033[2J')""#, MVSearchProcess.executableURL.path,
            server.baseURL.absoluteString,
        ]
        // Its own cache: with the developer's, an answer stored by an earlier run on the same
        // port would be shown and no request sent.
        shell.environment = MVSearchProcess.environment()
        let stderr = Pipe()
        shell.standardError = stderr
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let message = await MVSearchProcess.offPool {
            String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        _ = await MVSearchProcess.offPool { shell.waitUntilExit(timeout: 60) }
        #expect(shell.terminationStatus == 64)
        #expect(server.requests.isEmpty)
        #expect(!message.contains("\u{1B}"))
        #expect(message.hasPrefix("mvsearch: argument 'a\\xFFb[2J' is not UTF-8 text — "))
    }
}
