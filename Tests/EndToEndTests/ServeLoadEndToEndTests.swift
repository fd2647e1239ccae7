import Foundation
import Mocks
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mvsearch serve` under the loads a server meets: many identical requests at once, a slow
/// client, a long kept-alive connection, a stop with a request in flight, and Python's
/// `http.client` (`Tests/EndToEndTests/Clients/http_client.py`) as the client.
@Suite("mvsearch serve end to end: load, slow clients, stopping")
struct ServeLoadEndToEndTests {
    @Test(
        """
        Given iTunes answering a search after 4 s, when 20 clients ask serve for it at once, then \
        all get the same 200 and iTunes is asked once
        """)
    func coalescing() async throws {
        let search = try Fixture.data("search-musicvideo-clairo")
        let fake = try FakeITunes.start { request, _ in
            FakeITunes.isSearch(request, for: "slow") ? .delayed(4, .json(search)) : nil
        }
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake)

        let report = try await TestClients.run(
            "http_client.py", ["concurrent", "\(serve.root)/v1/search?term=slow", "20"])
        #expect(await serve.stop() == 0)

        #expect(report["statuses"] as? [Int] == Array(repeating: 200, count: 20), "\(report)")
        #expect(report["distinctBodies"] as? Int == 1)
        #expect(
            fake.requests.filter { FakeITunes.isSearch($0, for: "slow") }.count == 1, "\(fake.requests.map(\.target))")
    }

    @Test(
        """
        Given 8 clients trickling a request's head a byte a second, when another client asks, \
        then it is answered at once, and the server drops each slow client after its header timeout
        """)
    func slowloris() async throws {
        let serve = try await ServeProcess.start(fake: nil)

        let report = try await TestClients.run("http_client.py", ["slowloris", "\(serve.root)/healthz", "8"])
        #expect(await serve.stop() == 0)

        let ordinary = try #require(report["ordinary"] as? [String: Any])
        print("serve: an ordinary request beside 8 slow clients took \(ordinary["seconds"] ?? "?") s")
        #expect(ordinary["status"] as? Int == 200)
        // A few milliseconds; blocked by the slow clients, it would wait for their header timeout (10 s).
        #expect((ordinary["seconds"] as? Double ?? 99) < 8)
        let dropped = try #require(report["droppedAfterSeconds"] as? [Any])
        print("serve: slow clients dropped after \(dropped)")
        #expect(dropped.count == 8)
        for slow in dropped {
            let seconds = (slow as? [String: Any])?["seconds"] as? Double
            #expect(seconds.map { $0 < 10 + 8 } == true, "a slow client was never dropped: \(dropped)")
        }
    }

    @Test(
        """
        Given 128 connections each in the middle of a request's head (the cap), when another \
        client asks, then 503 with Retry-After; once they close, it is answered
        """)
    func connectionCap() async throws {
        let serve = try await ServeProcess.start(fake: nil)

        // A machine too loaded to open 128 connections within the header timeout lets the first
        // go before the last is made: that run did not hold the cap, so it is run again.
        var report: [String: Any] = [:]
        for _ in 0..<3 {
            report = try await TestClients.run("http_client.py", ["cap", "\(serve.root)/healthz", "128"])
            if report["dropped"] as? Int == 0 { break }
        }
        #expect(await serve.stop() == 0)

        #expect(report["dropped"] as? Int == 0, "the cap was never held: \(report)")
        #expect(report["status"] as? Int == 503, "\(report)")
        #expect(report["retryAfter"] as? String != nil)
        #expect(report["later"] as? Int == 200)
    }

    @Test(
        """
        Given one kept-alive connection, when it carries 1,000 searches, then all are 200 on that \
        one connection and the server's resident memory grows by less than 2 MiB from the 100th \
        to the 1,000th
        """)
    func keepAliveMemory() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake)

        let report = try await TestClients.run(
            "http_client.py", ["keepalive", "\(serve.root)/v1/search?term=clairo", "1000", String(serve.live.pid)],
            timeout: 120)
        #expect(await serve.stop() == 0)

        let resident = try #require(report["residentKiB"] as? [String: Int])
        let after100 = try #require(resident["100"])
        let after1000 = try #require(resident["1000"])
        print(
            "serve: VmRSS \(after100) KiB after 100 requests, \(after1000) KiB after 1000 (\(report["seconds"] ?? "?") s)"
        )
        #expect(report["statuses"] as? [String: Int] == ["200": 1000], "\(report)")
        #expect(report["connections"] as? Int == 1)
        #expect(after100 > 0 && after1000 - after100 < 2048)
        #expect(fake.requests.count == 1)
    }

    @Test(
        """
        Given a request in flight (iTunes answers it after 2 s), when serve gets SIGTERM, then the \
        request still gets its 200 and serve exits 0
        """)
    func sigtermWithRequestInFlight() async throws {
        let search = try Fixture.data("search-musicvideo-clairo")
        let fake = try FakeITunes.start { request, _ in
            FakeITunes.isSearch(request, for: "slow") ? .delayed(2, .json(search)) : nil
        }
        defer { fake.stop() }
        let serve = try await ServeProcess.start(fake: fake)
        let client = try LiveProcess(
            [
                "--disable", "--silent", "--noproxy", "*", "--max-time", "30", "--output", "/dev/null", "--write-out",
                "%{http_code}\n", "\(serve.root)/v1/search?term=slow",
            ], environment: Curl.environment, executable: Curl.executable)
        #expect(await fake.requestsArrived(1, timeout: 120))

        serve.live.signal(SIGTERM)
        let status = await serve.live.exitStatus(timeout: 60)
        let answered = await client.nextLine(timeout: 60)

        #expect(answered == "200", "\(client.errorText)")
        #expect(await client.exitStatus() == 0)
        #expect(status == 0, "\(serve.live.errorText)")
        #expect(serve.live.errorText.contains("SIGTERM, finishing the requests in flight"))
    }

    @Test(
        """
        Given a search made on the command line, when serve answers searches, then the recent \
        searches file is unchanged; with none made, serve creates none
        """)
    func searchesNotRemembered() async throws {
        let fake = try FakeITunes.start()
        defer { fake.stop() }
        let remembered = MVSearchProcess.environment()
        let fresh = MVSearchProcess.environment()
        let searched = try await MVSearchProcess.run(
            ["--base-url", fake.baseURL.absoluteString, "--remember", "always", "--json", "4ever"],
            environment: remembered)
        #expect(searched.status == 0)
        let file = try #require(Self.recentSearches(in: remembered), "the command line's search was not remembered")
        let before = try Data(contentsOf: file)

        for environment in [remembered, fresh] {
            let serve = try await ServeProcess.start(fake: fake, environment: environment)
            for term in ["clairo", "jack%20johnson"] {
                #expect(try await Curl.get("\(serve.root)/v1/search?term=\(term)").status == 200)
            }
            #expect(try await Curl.get("\(serve.root)/v1/artists?term=jack").status == 200)
            #expect(await serve.stop() == 0)
        }

        #expect(try Data(contentsOf: file) == before)
        #expect(Self.recentSearches(in: fresh) == nil)
    }

    /// The recent searches file under the run's state folder, if there is one.
    private static func recentSearches(in environment: [String: String]) -> URL? {
        guard let state = environment["XDG_STATE_HOME"],
            let files = FileManager.default.enumerator(at: URL(fileURLWithPath: state), includingPropertiesForKeys: nil)
        else { return nil }
        return files.compactMap { $0 as? URL }.first { $0.lastPathComponent == "recent-searches.json" }
    }
}
