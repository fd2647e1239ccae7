import Foundation
import Mocks
import Testing

/// Each fault gets one `mvsearch: …` line on stderr, nothing on stdout, and its status.
@Suite("mvsearch end to end: faults")
struct FaultEndToEndTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let reply: LoopbackHTTPServer.Reply
        let status: Int32
        let message: String
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "HTTP 500", reply: .response(status: 500), status: 69, message: "unavailable (HTTP 500)"),
        Fault(
            name: "HTTP 502", reply: .response(status: 502, body: Data("<html>bad gateway</html>".utf8)), status: 69,
            message: "unavailable (HTTP 502)"),
        Fault(
            name: "HTTP 403, empty", reply: .response(status: 403), status: 75, message: "about 20 requests a minute"),
        Fault(
            name: "HTTP 429", reply: .response(status: 429, headers: [("Retry-After", "30")]), status: 75,
            message: "wait 30 seconds"),
        Fault(
            name: "HTTP 400 with errorMessage",
            reply: .json(Data(#"{"errorMessage":"Invalid value(s) for key(s): [country]"}"#.utf8), status: 400),
            status: 64, message: "rejected the query: Invalid value(s) for key(s): [country]"),
        Fault(
            name: "malformed JSON", reply: .json(Data("\n\n\n{\"resultCount\":1,\"results\":[{\"wrapperType\":".utf8)),
            status: 65, message: "not valid JSON"),
        Fault(
            name: "JSON of the wrong shape", reply: .json(Data(#"{"resultCount":1,"items":[]}"#.utf8)), status: 65,
            message: "unexpected shape"),
        Fault(name: "empty body", reply: .json(Data()), status: 65, message: "empty answer"),
        Fault(
            name: "HTML page with 200",
            reply: .response(
                status: 200, headers: [("Content-Type", "text/html")],
                body: Data(
                    "<html><head><title>Error</title></head><body>Your request produced an error.  <BR>[newNullResponse]</body></html>"
                        .utf8)), status: 65, message: "HTML page"),
    ]

    @Test("A fault from the server", arguments: faults)
    func fault(_ fault: Fault) throws {
        let server = try LoopbackHTTPServer(always: fault.reply)
        defer { server.stop() }
        let result = try MVSearchProcess.run(["--base-url", server.baseURL.absoluteString, "jack", "johnson"])
        expectOneLine(result, status: fault.status, mentions: fault.message)
    }

    @Test("Nothing listening: 69")
    func nothingListening() throws {
        let server = try LoopbackHTTPServer(always: .close)
        let url = server.baseURL.absoluteString
        server.stop()
        let result = try MVSearchProcess.run(["--base-url", url, "jack"])
        expectOneLine(result, status: 69, mentions: "cannot reach the iTunes service")
    }

    @Test(
        "Bad command lines exit 64 before any request",
        arguments: [
            ["-l", "0", "x"], ["-l", "201", "x"], ["-l", "-1", "x"], ["-l", "abc", "x"], ["-c", "usa", "x"],
            ["-c", "1x", "x"],
            ["--frobnicate", "x"], ["--format", "xml", "x"], [""], ["  "], ["-l"], ["--timeout", "0", "x"],
            ["--base-url", "ftp://127.0.0.1/", "x"], ["--base-url", "not a url", "x"],
            ["--base-url", "http://example.com/", "x"],
        ])
    func badCommandLine(_ arguments: [String]) throws {
        let server = try LoopbackHTTPServer(always: .json(try Fixture.data("search-musicvideo-clairo")))
        defer { server.stop() }
        let environment = MVSearchProcess.environment(["MVSEARCH_BASE_URL": server.baseURL.absoluteString])
        let result = try MVSearchProcess.run(arguments, environment: environment)
        expectOneLine(result, status: 64, mentions: "")
        #expect(server.requests.isEmpty)
    }

    private func expectOneLine(
        _ result: MVSearchProcess.Result, status: Int32, mentions: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("mvsearch: "), sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            mentions.isEmpty || result.stderr.contains(mentions), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Error Domain"), sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("NSURLErrorDomain"), sourceLocation: sourceLocation)
    }
}
