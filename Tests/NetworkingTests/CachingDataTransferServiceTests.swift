import Foundation
import Mocks
import Networking
import Testing

@Suite("Caching decorator")
struct CachingDataTransferServiceTests {
    private struct Answer: Codable, Sendable, Equatable { let value: Int }

    private final class Harness: Sendable {
        let calls = Locked(0)
        let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        let store: InMemoryResponseCacheStore
        let service: CachingDataTransferService

        init(
            mode: CachingDataTransferService.Mode = .normal,
            store: InMemoryResponseCacheStore = InMemoryResponseCacheStore(),
            baseURL: String = "https://example.test/",
            answer: @escaping @Sendable (Int) throws(DataTransferError) -> Answer = { Answer(value: $0) }
        ) throws {
            let calls = calls
            let time = time
            self.store = store
            let wrapped = MockDataTransferService { _ throws(DataTransferError) in
                let call = calls.withLock { count -> Int in
                    count += 1
                    return count
                }
                return try answer(call)
            }
            service = CachingDataTransferService(
                wrapping: wrapped, store: store,
                configuration: APINetworkConfiguration(baseURL: try #require(URL(string: baseURL))),
                timeToLive: 3600, mode: mode, now: { time.value })
        }

        func request(_ term: String = "x") async throws(DataTransferError) -> Answer {
            try await service.request(
                Endpoint<Answer>(path: "search", queryItems: [QueryItem(name: "term", value: term)]))
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

    @Test("An entry older than its time to live is fetched again and replaced")
    func expiry() async throws {
        let harness = try Harness()
        _ = try await harness.request()
        harness.time.withLock { $0 += 3601 }
        #expect(try await harness.request() == Answer(value: 2))
        #expect(try await harness.request() == Answer(value: 2))
        #expect(harness.calls.value == 2)
    }

    @Test("Failures are never stored")
    func failuresNotCached() async throws {
        let harness = try Harness(answer: { call throws(DataTransferError) in
            guard call > 1 else { throw .networkFailure(.httpStatus(HTTPFailure(statusCode: 403))) }
            return Answer(value: call)
        })
        _ = try? await harness.request()
        #expect(harness.store.stored.isEmpty)
        #expect(try await harness.request() == Answer(value: 2))
        #expect(harness.calls.value == 2)
    }

    @Test("Refresh mode (--no-cache) fetches, and stores the fresh answer")
    func refresh() async throws {
        let store = InMemoryResponseCacheStore()
        _ = try await Harness(store: store).request()
        let refreshing = try Harness(
            mode: .refresh, store: store, answer: { _ throws(DataTransferError) in Answer(value: 9) })
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
        #expect(String(decoding: store.stored.values.first?.body ?? Data(), as: UTF8.self) == #"{"value":1}"#)
    }

    /// Reads itself with `JSONReader` (the DTOs' fast path) and is stored re-encoded.
    private struct ReadableAnswer: JSONReadable, Codable, Sendable, Equatable {
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
    }

    @Test(
        "Given a cached entry nested 200 000 levels deep, when requested, then it is removed, fetched and replaced",
        arguments: [true, false])
    func deeplyNestedEntry(readable: Bool) async throws {
        let key = "GET https://example.test/search"
        let deep = #"{"value":7,"x":"# + String(repeating: "[", count: 200_000)
        let store = InMemoryResponseCacheStore([
            key: CachedResponse(body: Data(deep.utf8), storedAt: Date(timeIntervalSince1970: 1_000_000))
        ])
        let calls = Locked(0)
        let fetched = MockDataTransferService { _ throws(DataTransferError) -> any Sendable in
            calls.withLock { $0 += 1 }
            return readable ? ReadableAnswer(value: 1) as any Sendable : Answer(value: 1)
        }
        let service = CachingDataTransferService(
            wrapping: fetched, store: store,
            configuration: APINetworkConfiguration(baseURL: try #require(URL(string: "https://example.test/"))),
            timeToLive: 3600, now: { Date(timeIntervalSince1970: 1_000_000) })
        if readable {
            #expect(try await service.request(Endpoint<ReadableAnswer>(path: "search")) == ReadableAnswer(value: 1))
        } else {
            #expect(try await service.request(Endpoint<Answer>(path: "search")) == Answer(value: 1))
        }
        #expect(calls.value == 1)
        #expect(String(decoding: store.stored[key]?.body ?? Data(), as: UTF8.self) == #"{"value":1}"#)
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
