import Foundation
import Mocks
import Networking
import Testing

@Suite("Caching decorator")
struct CachingDataTransferServiceTests {
    private struct Answer: Decodable, Sendable, Equatable { let value: Int }

    /// The network's answer to the `call`th request, as sent: spaced out, so a re-encoding would show.
    private static func body(_ call: Int) -> String { "\n{ \"value\": \(call) }\n" }

    /// The decorator over the real decoding step and a scripted network service.
    private final class Harness: Sendable {
        let calls = Locked(0)
        let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        let store: InMemoryResponseCacheStore
        let service: CachingDataTransferService

        init(
            mode: CachingDataTransferService.Mode = .normal,
            store: InMemoryResponseCacheStore = InMemoryResponseCacheStore(),
            logger: any NetworkLogger = SilentNetworkLogger(),
            baseURL: String = "https://example.test/",
            answer: @escaping @Sendable (Int) throws(NetworkError) -> String = {
                CachingDataTransferServiceTests.body($0)
            }
        ) throws {
            let calls = calls
            let time = time
            self.store = store
            let network = MockNetworkService { _ throws(NetworkError) in
                let call = calls.withLock { count -> Int in
                    count += 1
                    return count
                }
                return NetworkResponse(statusCode: 200, body: Data(try answer(call).utf8))
            }
            service = CachingDataTransferService(
                wrapping: DefaultDataTransferService(networkService: network), store: store,
                configuration: APINetworkConfiguration(baseURL: try #require(URL(string: baseURL))),
                timeToLive: 3600, mode: mode, now: { time.value }, logger: logger)
        }

        func request<Response: Decodable & Sendable>(_ term: String = "x", as type: Response.Type)
            async throws(DataTransferError) -> Response
        {
            try await service.request(
                Endpoint<Response>(path: "search", queryItems: [QueryItem(name: "term", value: term)]))
        }

        func request(_ term: String = "x") async throws(DataTransferError) -> Answer {
            try await request(term, as: Answer.self)
        }

        /// The stored body of the request for `term`, as text.
        func stored(_ term: String = "x") -> String? {
            store.stored["GET https://example.test/search?term=\(term)"].map {
                String(decoding: $0.body, as: UTF8.self)
            }
        }
    }

    @Test("A second identical request is answered from the cache; a different one is not")
    func hit() async throws {
        let harness = try Harness()
        #expect(try await harness.request() == Answer(value: 1))
        #expect(try await harness.request() == Answer(value: 1))
        #expect(harness.calls.value == 1)
        #expect(try await harness.request("y") == Answer(value: 2))
        #expect(
            harness.store.stored.keys.sorted() == [
                "GET https://example.test/search?term=x", "GET https://example.test/search?term=y",
            ])
    }

    @Test("Given a base URL with a user and password, then the key written to the cache holds neither")
    func credentialsNeverStored() async throws {
        let harness = try Harness(baseURL: "https://user:s3cr3t@example.test/")
        _ = try await harness.request()
        #expect(harness.store.stored.keys.sorted() == ["GET https://example.test/search?term=x"])
        #expect(try await harness.request() == Answer(value: 1))  // and it is found again
    }

    @Test("Given an answer that decoded, then its body is stored byte for byte, not a re-encoding of the value")
    func storesVerifiedBody() async throws {
        let harness = try Harness()
        _ = try await harness.request()
        #expect(harness.stored() == Self.body(1))
    }

    @Test("An entry older than its time to live is fetched again and replaced")
    func expiry() async throws {
        let harness = try Harness()
        _ = try await harness.request()
        harness.time.withLock { $0 += 3601 }
        #expect(try await harness.request() == Answer(value: 2))
        #expect(try await harness.request() == Answer(value: 2))
        #expect(harness.calls.value == 2)
        #expect(harness.stored() == Self.body(2))
    }

    @Test("Failures, and bodies that do not decode, are never stored")
    func failuresNotCached() async throws {
        let harness = try Harness(answer: { call throws(NetworkError) in
            switch call {
            case 1: throw .httpStatus(HTTPFailure(statusCode: 403))
            case 2: return "<html><body>Busy</body></html>"
            default: return CachingDataTransferServiceTests.body(call)
            }
        })
        _ = try? await harness.request()
        _ = try? await harness.request()
        #expect(harness.store.stored.isEmpty)
        #expect(try await harness.request() == Answer(value: 3))
        #expect(harness.calls.value == 3)
        #expect(harness.stored() == Self.body(3))
    }

    @Test("An answer its endpoint calls not cacheable is returned but not stored, and asked again next time")
    func endpointRefusesCaching() async throws {
        let harness = try Harness()
        let endpoint = Endpoint<Answer>(
            path: "search", queryItems: [QueryItem(name: "term", value: "x")], isCacheable: { $0.value > 1 })
        #expect(try await harness.service.request(endpoint) == Answer(value: 1))
        #expect(harness.store.stored.isEmpty)
        #expect(try await harness.service.request(endpoint) == Answer(value: 2))
        #expect(try await harness.service.request(endpoint) == Answer(value: 2))
        #expect(harness.calls.value == 2)
        #expect(harness.stored() == Self.body(2))
    }

    @Test("A fresh entry its endpoint would not store now is not answered from, but fetched and replaced")
    func storedEntryNotCacheable() async throws {
        let harness = try Harness()
        _ = try await harness.request()  // stored by an endpoint that takes every answer
        let endpoint = Endpoint<Answer>(
            path: "search", queryItems: [QueryItem(name: "term", value: "x")], isCacheable: { $0.value > 1 })
        #expect(try await harness.service.request(endpoint) == Answer(value: 2))
        #expect(harness.stored() == Self.body(2))
    }

    @Test("Refresh mode (--no-cache) fetches, and stores the fresh answer")
    func refresh() async throws {
        let store = InMemoryResponseCacheStore()
        _ = try await Harness(store: store).request()
        let refreshing = try Harness(
            mode: .refresh, store: store, answer: { _ throws(NetworkError) in #"{"value":9}"# })
        #expect(try await refreshing.request() == Answer(value: 9))
        #expect(refreshing.calls.value == 1)
        #expect(try await Harness(store: store).request() == Answer(value: 9))
    }

    @Test("Offline mode answers from an entry of any age, and fails without one, never fetching")
    func offline() async throws {
        let store = InMemoryResponseCacheStore()
        _ = try await Harness(store: store).request()
        let offline = try Harness(mode: .offline, store: store)
        offline.time.withLock { $0 += 86_400 * 365 }
        #expect(try await offline.request() == Answer(value: 1))
        await #expect(throws: DataTransferError.networkFailure(.notCached)) { _ = try await offline.request("never") }
        #expect(offline.calls.value == 0)
    }

    @Test("An entry that no longer decodes is fetched again and replaced")
    func corrupted() async throws {
        let store = InMemoryResponseCacheStore([
            "GET https://example.test/search?term=x": CachedResponse(
                body: Data("{garbage".utf8), storedAt: Date(timeIntervalSince1970: 1_000_000))
        ])
        let harness = try Harness(store: store)
        #expect(try await harness.request() == Answer(value: 1))
        #expect(harness.calls.value == 1)
        #expect(harness.stored() == Self.body(1))
    }

    /// Decodable only: nothing could re-encode it.
    private struct DecodableOnly: Decodable, Sendable, Equatable { let value: Int }

    @Test("Given a response type that is not Encodable, when requested twice, then the second answer is the cache's")
    func notEncodable() async throws {
        let harness = try Harness()
        #expect(try await harness.request(as: DecodableOnly.self) == DecodableOnly(value: 1))
        #expect(try await harness.request(as: DecodableOnly.self) == DecodableOnly(value: 1))
        #expect(harness.calls.value == 1)
        #expect(harness.stored() == Self.body(1))
    }

    /// A feed's DTO: each value wrapped as `{"label": …}`. Its synthesised encoding writes the bare
    /// value, which its decoder does not read: it does not round-trip through Codable.
    private struct FeedEntry: Codable, Sendable, Equatable {
        private struct Label: Decodable { let label: String }
        private enum CodingKeys: String, CodingKey { case name }
        let name: String

        init(name: String) { self.name = name }

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(Label.self, forKey: .name).label
        }
    }

    private static let feedBody = #"{"name": {"label": "Clairo"}}"#

    @Test(
        "Given a DTO that does not round-trip through Codable, when requested twice, then the cache answers the second")
    func notRoundTripping() async throws {
        let harness = try Harness(answer: { _ throws(NetworkError) in CachingDataTransferServiceTests.feedBody })
        #expect(try await harness.request(as: FeedEntry.self) == FeedEntry(name: "Clairo"))
        #expect(try await harness.request(as: FeedEntry.self) == FeedEntry(name: "Clairo"))
        #expect(harness.calls.value == 1)
        #expect(harness.stored() == Self.feedBody)
    }

    @Test("Given an entry in the old format (the DTO re-encoded), when its decoder cannot read it, then it is replaced")
    func oldFormatReplaced() async throws {
        let oldEntry = try JSONEncoder().encode(FeedEntry(name: "Clairo"))
        let store = InMemoryResponseCacheStore([
            "GET https://example.test/search?term=x": CachedResponse(
                body: oldEntry, storedAt: Date(timeIntervalSince1970: 1_000_000))
        ])
        let harness = try Harness(
            store: store, answer: { _ throws(NetworkError) in CachingDataTransferServiceTests.feedBody })
        #expect(try await harness.request(as: FeedEntry.self) == FeedEntry(name: "Clairo"))
        #expect(harness.calls.value == 1)
        #expect(harness.stored() == Self.feedBody)
        #expect(try await harness.request(as: FeedEntry.self) == FeedEntry(name: "Clairo"))
        #expect(harness.calls.value == 1)
    }

    /// Reads itself with `JSONReader` (the DTOs' fast path).
    private struct ReadableAnswer: JSONReadable, Decodable, Sendable, Equatable {
        var value = 0

        init(value: Int) { self.value = value }

        init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
            var value = 0
            try reader.readObject { reader, key throws(JSONReader.Failure) in
                if key == "value", let text = try reader.readNumberText() {
                    value = Int(text) ?? 0
                } else {
                    try reader.skipValue()
                }
            }
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            self.init(value: try Answer(from: decoder).value)
        }
    }

    @Test(
        "Given a cached entry nested 200 000 levels deep, when requested, then it is removed, fetched and replaced",
        arguments: [true, false])
    func deeplyNestedEntry(readable: Bool) async throws {
        let deep = #"{"value":7,"x":"# + String(repeating: "[", count: 200_000)
        let store = InMemoryResponseCacheStore([
            "GET https://example.test/search?term=x": CachedResponse(
                body: Data(deep.utf8), storedAt: Date(timeIntervalSince1970: 1_000_000))
        ])
        let harness = try Harness(store: store)
        if readable {
            #expect(try await harness.request(as: ReadableAnswer.self) == ReadableAnswer(value: 1))
        } else {
            #expect(try await harness.request() == Answer(value: 1))
        }
        #expect(harness.calls.value == 1)
        #expect(harness.stored() == Self.body(1))
    }

    @Test("Given an entry 50 minutes old, when it answers, then the logger is told the URL and its age; a fetch is not")
    func hitIsLogged() async throws {
        let logger = RecordingLogger()
        let harness = try Harness(logger: logger)
        _ = try await harness.request()
        #expect(logger.events.value.isEmpty)
        harness.time.withLock { $0 += 3000 }
        #expect(try await harness.request() == Answer(value: 1))
        let url = try #require(URL(string: "https://example.test/search?term=x"))
        #expect(
            logger.events.value == [NetworkEvent(method: .get, url: url, outcome: .cached(age: 3000), duration: .zero)])
    }

    @Test("Given offline mode and an entry a year old, the answer is logged as from the cache with that age")
    func offlineHitIsLogged() async throws {
        let store = InMemoryResponseCacheStore()
        _ = try await Harness(store: store).request()
        let logger = RecordingLogger()
        let offline = try Harness(mode: .offline, store: store, logger: logger)
        offline.time.withLock { $0 += 86_400 * 365 }
        _ = try await offline.request()
        #expect(logger.events.value.map(\.outcome) == [.cached(age: 86_400 * 365)])
    }
}

@Suite("Response cache files")
struct FileResponseCacheStoreTests {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "mvsearch-cache-\(UUID().uuidString)/mvsearch")

    private func entry(_ text: String, at seconds: TimeInterval = 0) -> CachedResponse {
        CachedResponse(body: Data(text.utf8), storedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    @Test("An entry round-trips; the folder is 0700 and the file 0600")
    func roundTrip() throws {
        let store = FileResponseCacheStore(directory: directory)
        store.store(entry("{\"a\":1}\n\nwith blank lines"), for: "GET https://x/search?term=a")
        #expect(store.response(for: "GET https://x/search?term=a") == entry("{\"a\":1}\n\nwith blank lines"))
        #expect(store.response(for: "GET https://x/search?term=b") == nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 1)
        let file = try FileManager.default.attributesOfItem(
            atPath: directory.appendingPathComponent(try #require(files.first)).path)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int) == 0o700)
    }

    @Test(
        "A corrupted file, or one whose header names another key, is ignored and removed",
        arguments: [
            "garbage without header", "{\"key\":\"GET other\",\"storedAt\":1}\n{}",
            "{\"key\":\"k\",\"storedAt\":1,\"x\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
                + "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n{}",
        ])
    func corrupted(content: String) throws {
        let store = FileResponseCacheStore(directory: directory)
        store.store(entry("{}"), for: "k")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        try Data(content.utf8).write(to: directory.appendingPathComponent(name))
        #expect(store.response(for: "k") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        store.store(entry("{}"), for: "k")
        #expect(store.response(for: "k") != nil)
    }

    @Test(
        "Given a save killed before its rename (injected) left a temporary, then its bytes count toward the cap, and once left behind it is removed"
    )
    func leftTemporaryCounts() throws {
        let body = String(repeating: "x", count: 1000)
        let killed = FileResponseCacheStore(directory: directory, maximumBytes: 2500, rename: { _, _ in true })
        let store = FileResponseCacheStore(directory: directory, maximumBytes: 2500)
        store.store(entry(body), for: "a")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)],
            ofItemAtPath: directory.appendingPathComponent(
                try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
            ).path)
        killed.store(entry(body), for: "b")  // a temporary of this (running) process, kept
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let temporary = try #require(names.first { $0.hasSuffix(".tmp") })
        // a (1 KB) + the temporary (1 KB) + c (1 KB) is over 2500 bytes: a, used longest ago, goes.
        store.store(entry(body), for: "c")
        #expect(store.response(for: "a") == nil)
        #expect(store.response(for: "c") != nil)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(temporary).path))
        // Ten minutes old, it was left behind: the next save removes it.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -600)],
            ofItemAtPath: directory.appendingPathComponent(temporary).path)
        store.store(entry(body), for: "d")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(temporary).path))
        #expect(store.response(for: "c") != nil && store.response(for: "d") != nil)
    }

    @Test("Over the size limit, the least recently used entries go first")
    func leastRecentlyUsed() throws {
        let body = String(repeating: "x", count: 1000)
        let store = FileResponseCacheStore(directory: directory, maximumBytes: 3500)
        var known: Set<String> = []
        for (index, key) in ["a", "b", "c"].enumerated() {
            store.store(entry(body), for: key)
            // Last used an hour ago, a then b then c, without waiting for the clock.
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
            let name = try #require(names.subtracting(known).first)
            known = names
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600 + Double(index))],
                ofItemAtPath: directory.appendingPathComponent(name).path)
        }
        _ = store.response(for: "a")  // a is now the most recently used
        store.store(entry(body), for: "d")
        #expect(store.response(for: "b") == nil)
        #expect(store.response(for: "a") != nil)
        #expect(store.response(for: "c") != nil)
        #expect(store.response(for: "d") != nil)
    }
}
