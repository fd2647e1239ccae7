import Foundation
import Mocks
import Testing

/// One operation, two front ends: the rows `mvsearch serve` answers are the rows
/// `mvsearch --json` prints for the same question to the same iTunes.
@Suite("mvsearch serve end to end: the same rows as --json")
struct ServeConsistencyEndToEndTests {
    @Test(
        """
        Given one iTunes, when search, artists and top are asked of serve and of the command line \
        with --json, then serve's rows equal the command line's array, as parsed JSON
        """)
    func sameRowsAsJSON() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake)
        let cases: [(route: String, arguments: [String], key: String)] = [
            ("/v1/search?term=clairo", ["clairo"], "videos"),
            ("/v1/search?term=clairo&limit=2&country=gb", ["-l", "2", "-c", "gb", "clairo"], "videos"),
            ("/v1/artists?term=jack", ["--artists", "jack"], "artists"),
            ("/v1/top?limit=4", ["--top", "-l", "4"], "videos"),
        ]

        var pairs: [(String, Any?, Any?)] = []
        for (route, arguments, key) in cases {
            let served = try await Curl.get(serve.root + route)
            #expect(served.status == 200, "\(route)")
            let printed = try await MVSearchProcess.run(
                ["--base-url", fake.baseURL.absoluteString, "--no-cache", "--json"] + arguments)
            #expect(printed.status == 0, "\(arguments): \(printed.stderr)")
            pairs.append(
                (route, served.object?[key], try? JSONSerialization.jsonObject(with: Data(printed.stdout.utf8))))
        }
        #expect(await serve.stop() == 0)

        for (route, served, printed) in pairs {
            let servedRows = try #require(served as? [[String: Any]], "\(route)")
            let printedRows = try #require(printed as? [[String: Any]], "\(route)")
            #expect(!servedRows.isEmpty)
            #expect(
                NSArray(array: servedRows) == NSArray(array: printedRows), "\(route): \(servedRows) vs \(printedRows)")
        }
    }
}
