import Foundation
import Mocks
import Testing

/// The line session's help on the built binary: `?` and `help` list the commands, and neither is
/// ever searched for nor kept among the recent searches.
@Suite("mvsearch end to end: the line session's help")
struct LineSessionHelpEndToEndTests {
    @Test(
        "Given the line session, when ? then help then /help, then the commands are listed twice and only help is searched"
    )
    func helpListsTheCommands() async throws {
        let server = try MVSearchProcess.recordedSearchServer()
        defer { server.stop() }
        var environment = MVSearchProcess.environment(["MVSEARCH_REMEMBER": "always"])
        environment["MVSEARCH_BASE_URL"] = server.baseURL.absoluteString
        let session = try await MVSearchProcess.run(
            ["-i"], environment: environment, input: Data("?\nhelp\n/help\nq\n".utf8))
        #expect(session.status == 0)
        #expect(session.stderr.isEmpty, "\(session.stderr)")
        #expect(session.stdout.components(separatedBy: "Commands (type one, then Enter)\n").count == 3)
        #expect(session.stdout.contains("  x          stop the preview that plays\n"))
        #expect(server.requests.map(\.target).allSatisfy { $0.contains("term=help&") })
        #expect(server.requests.count == 1)
        let history = try await MVSearchProcess.run(["--history"], environment: environment)
        #expect(history.stdout == "help\n")
    }
}
