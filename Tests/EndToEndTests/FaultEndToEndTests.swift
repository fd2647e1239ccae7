import Foundation
import Mocks
import Testing

/// The fault-injection table: one row per way the service or the network misbehaves. Each row
/// runs the built binary against a loopback server and checks the exit status, the one stderr
/// line, stdout and the number of requests. Times are printed for the table, never bounded, but
/// for a row whose point is a deadline: its bound carries at least 5 s of slack, so a loaded
/// machine cannot fail it.
@Suite("mvsearch end to end: faults")
struct FaultEndToEndTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        var arguments: [String] = []
        /// The reply to the request with this index (0 for the first).
        let reply: @Sendable (Int) -> LoopbackHTTPServer.Reply
        let status: Int32
        /// What the stderr line says; `nil` for a success (stderr empty, results on stdout).
        let message: String?
        let requests: Int
        /// For a row that tests a deadline: the deadline plus at least 5 s of slack.
        var deadlineSeconds: Double?
        var testDescription: String { name }
    }

    private static let answer = Data(
        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"music-video","trackId":1,"trackName":"Upside Down","artistName":"Jack Johnson"}]}"#
            .utf8)
    private static let html = Data(
        "<html><head><title>Error</title></head><body>Your request produced an error.  <BR>[newNullResponse]</body></html>"
            .utf8)

    static let faults: [Fault] = [
        Fault(
            name: "500", reply: { _ in .response(status: 500) }, status: 69, message: "unavailable (HTTP 500)",
            requests: 3),
        Fault(
            name: "502", reply: { _ in .response(status: 502, body: Data("<html>bad gateway</html>".utf8)) },
            status: 69, message: "unavailable (HTTP 502)", requests: 3),
        Fault(
            name: "503 + Retry-After: 1", reply: { _ in .response(status: 503, headers: [("Retry-After", "1")]) },
            status: 69, message: "unavailable (HTTP 503)", requests: 3),
        Fault(
            name: "403, empty body", reply: { _ in .response(status: 403) }, status: 75,
            message: "limits clients to about 20 requests a minute", requests: 1),
        Fault(
            name: "429 + Retry-After: 1, twice",
            reply: { _ in .response(status: 429, headers: [("Retry-After", "1")]) }, status: 75,
            message: "wait 1 second and try again", requests: 2),
        Fault(
            name: "400 + errorMessage",
            reply: { _ in .json(Data(#"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#.utf8), status: 400)
            }, status: 64, message: "rejected the query: Invalid value(s) for key(s): [country]", requests: 1),
        Fault(
            name: "malformed JSON",
            reply: { _ in .json(Data("\n\n\n{\"resultCount\":1,\"results\":[{\"wrapperType\":".utf8)) }, status: 65,
            message: "not valid JSON", requests: 1),
        Fault(
            name: "JSON of the wrong shape", reply: { _ in .json(Data(#"{"resultCount":1,"items":[]}"#.utf8)) },
            status: 65, message: "unexpected shape", requests: 1),
        Fault(
            name: "empty body", reply: { _ in .json(Data()) }, status: 65, message: "empty answer", requests: 1),
        Fault(
            name: "HTML with 200",
            reply: { _ in .response(status: 200, headers: [("Content-Type", "text/html")], body: html) }, status: 65,
            message: "HTML page", requests: 3),
        Fault(
            name: "truncated body",
            reply: { _ in .truncated(status: 200, declaredLength: 4096, body: answer.prefix(40)) }, status: 69,
            message: "broke off", requests: 3),
        Fault(
            name: "connection reset", reply: { _ in .reset }, status: 69, message: "broke off", requests: 3),
        Fault(
            name: "accepts, never answers (--timeout 2)", arguments: ["--timeout", "2"], reply: { _ in .stall },
            status: 75, message: "did not answer in time", requests: 1, deadlineSeconds: 2 + 13),
        Fault(
            name: "redirect", reply: { $0 == 0 ? .redirect(to: "/moved") : .json(answer) }, status: 0, message: nil,
            requests: 2),
        Fault(
            name: "redirect loop", reply: { _ in .redirect(to: "/search") }, status: 69,
            message: "was not followed (more than 5 redirects) — check --base-url", requests: 6),
        Fault(
            // `.invalid` never resolves: were the rule broken, the request would still go nowhere.
            name: "redirect to plain http off this machine",
            reply: { _ in .redirect(to: "http://redirect-target.invalid/search") }, status: 69,
            message: "was not followed (a redirect to plain http off this machine)", requests: 1),
        Fault(
            name: "oversized body (11 MiB)", reply: { _ in .json(Data(count: 11 * 1_048_576)) }, status: 65,
            message: "larger than 10 MiB", requests: 1),
        Fault(
            name: "fails twice, then answers", reply: { $0 < 2 ? .response(status: 503) : .json(answer) }, status: 0,
            message: nil, requests: 3),
    ]

    @Test("A fault from the server or the network", arguments: faults)
    func fault(_ fault: Fault) async throws {
        let server = try LoopbackHTTPServer { _, index in fault.reply(index) }
        defer { server.stop() }
        let result = try await MVSearchProcess.run(
            ["--base-url", server.baseURL.absoluteString] + fault.arguments + ["jack", "johnson"])
        if let message = fault.message {
            expectOneLine(result, status: fault.status, mentions: message)
        } else {
            #expect(result.status == fault.status, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout.hasPrefix("1\tJack Johnson\tUpside Down"))
        }
        #expect(server.requests.count == fault.requests)
        if let deadline = fault.deadlineSeconds { #expect(result.duration < .seconds(deadline)) }
        report(fault.name, result, requests: server.requests.count)
    }

    @Test("Nothing listening: 69")
    func nothingListening() async throws {
        // A port held closed: a server's port, once it stopped, may already be another test's.
        let closed = try LoopbackHTTPServer.ClosedPort()
        defer { closed.release() }
        let result = try await MVSearchProcess.run(["--base-url", closed.baseURL.absoluteString, "jack"])
        expectOneLine(result, status: 69, mentions: "cannot reach the iTunes service")
        report("nothing listening", result, requests: 0)
    }

    @Test(
        "Bad command lines exit 64 before any request",
        arguments: [
            ["-l", "0", "x"], ["-l", "201", "x"], ["-l", "-1", "x"], ["-l", "abc", "x"], ["-c", "usa", "x"],
            ["-c", "1x", "x"],
            ["--frobnicate", "x"], ["--format", "xml", "x"], [""], ["  "], ["-l"], ["--timeout", "0", "x"],
            ["--base-url", "ftp://127.0.0.1/", "x"], ["--base-url", "not a url", "x"],
            ["--base-url", "http://example.com/", "x"],
            ["--retries", "9", "x"], [String(repeating: "long ", count: 101)],
        ])
    func badCommandLine(_ arguments: [String]) async throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        let result = try await MVSearchProcess.run(arguments, environment: environment)
        expectOneLine(result, status: 64, mentions: "")
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Bad environment values exit 64 naming the variable",
        arguments: [
            ("MVSEARCH_BASE_URL", "gopher://x"), ("MVSEARCH_BASE_URL", "http://example.com/"),
            ("MVSEARCH_COUNTRY", "usa"),
        ])
    func badEnvironment(variable: String, value: String) async throws {
        let result = try await MVSearchProcess.run(
            ["jack"], environment: MVSearchProcess.environment([variable: value]))
        expectOneLine(result, status: 64, mentions: variable)
    }

    /// One line per row in the test log, for the fault table's measured times.
    private func report(_ name: String, _ result: MVSearchProcess.Result, requests: Int) {
        let milliseconds = Int(
            Double(result.duration.components.seconds) * 1000 + Double(result.duration.components.attoseconds) / 1e15)
        print("fault-table | \(name) | exit \(result.status) | \(requests) requests | \(milliseconds) ms")
    }
}
