import Testing

@testable import App

/// `serve --listen`: what it takes, and what it says of what it does not.
@Suite("serve's --listen")
struct ServeSettingsTests {
    private func settings(listen: String) throws(UsageError) -> ServeSettings {
        var options = SearchOptions()
        options.listen = listen
        return try ServeSettings(options: options, environment: [:])
    }

    @Test(
        "Given a port out of range, then the message says so, naming it and the range, not that it is not HOST:PORT",
        arguments: ["127.0.0.1:99999", "[::1]:70000", "localhost:65536"])
    func portOutOfRange(listen: String) {
        let port = listen.split(separator: ":").last.map(String.init) ?? ""
        #expect(
            throws: UsageError(
                "--listen '\(listen)': port \(port) is out of range — give a port from 1 to 65535, or 0 for any free one"
            )
        ) { try settings(listen: listen) }
    }

    @Test(
        "Given text that is no address, then it is not HOST:PORT",
        arguments: ["nonsense", "127.0.0.1:", "::1:80", "a:b"])
    func notAnAddress(listen: String) {
        #expect(
            throws: UsageError("--listen '\(listen)' is not HOST:PORT — give one like 127.0.0.1:8990 or [::1]:0")
        ) { try settings(listen: listen) }
    }

    @Test("Given ports 0 and 65535 and localhost, then they are taken")
    func edges() throws {
        #expect(try settings(listen: "127.0.0.1:0").port == 0)
        #expect(try settings(listen: "[::1]:65535").host == "::1")
        #expect(try settings(listen: "localhost:8990").host == "127.0.0.1")
    }
}
