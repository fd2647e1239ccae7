import Foundation

/// Answers from a response cache when it can, and stores every answer that decoded and that its
/// endpoint calls cacheable (`ResponseRequestable.isCacheable(_:)`). A decorator: it wraps any
/// `BodyKeepingDataTransferService`, so only successful, decoded answers ever reach the cache —
/// never an HTTP error, a rate-limit refusal or an HTML page — and the endpoint, which knows what
/// its answers mean, may refuse more (an empty list, which a throttled service may send). An
/// entry its endpoint would not store now (kept by an older version) is not answered from, but
/// fetched again.
///
/// Entries are keyed by the method and the full URL (base, path, every query item) and hold the
/// verified body: the bytes the endpoint's decoder has just read successfully, which the same
/// decoder reads again on a hit. So every GET endpoint is cached, whatever its response type —
/// `Encodable` or not, with an encoding that is not what its decoder reads or not — and an
/// answer from the cache is what the network's would have been. An entry that does not decode
/// (corrupted, or in another format) is removed and fetched again. Each answer from the cache is
/// logged (`NetworkEvent.Outcome.cached`), so a verbose run says how old it is.
public struct CachingDataTransferService: DataTransferService {
    /// When the cache answers: fresh entries (normal), never (refresh, still storing), or only (offline).
    public enum Mode: Sendable, Equatable {
        /// Fresh entries answer; the network answers otherwise, and is stored.
        case normal
        /// The cache is not read (`--no-cache`); the network's answer is still stored.
        case refresh
        /// Only the cache answers, whatever the entry's age (`--offline`).
        case offline
    }

    private let wrapped: any BodyKeepingDataTransferService
    private let store: any ResponseCacheStore
    private let configuration: any NetworkConfigurable
    private let timeToLive: TimeInterval
    private let mode: Mode
    private let now: @Sendable () -> Date
    private let logger: any NetworkLogger

    /// - Parameters:
    ///   - wrapped: Fetches what the cache cannot answer.
    ///   - store: Where entries live.
    ///   - configuration: Builds the URL each key is made of.
    ///   - timeToLive: Seconds an entry stays fresh.
    ///   - mode: Normal, refresh or offline.
    ///   - now: The current time (tests pass their own).
    ///   - logger: Told of each answer the cache gives.
    public init(
        wrapping wrapped: any BodyKeepingDataTransferService,
        store: any ResponseCacheStore,
        configuration: any NetworkConfigurable,
        timeToLive: TimeInterval,
        mode: Mode = .normal,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: any NetworkLogger = SilentNetworkLogger()
    ) {
        self.wrapped = wrapped
        self.store = store
        self.configuration = configuration
        self.timeToLive = timeToLive
        self.mode = mode
        self.now = now
        self.logger = logger
    }

    /// The URL's text without its user information (`https://user:secret@host/` is
    /// `https://host/`): the key is written into the entry, and a password must never reach the disk.
    static func withoutCredentials(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.percentEncodedUser != nil || components.percentEncodedPassword != nil
        else { return url.absoluteString }
        components.percentEncodedUser = nil
        components.percentEncodedPassword = nil
        return components.string ?? url.absoluteString
    }

    public func request<E: ResponseRequestable>(_ endpoint: E) async throws(DataTransferError) -> E.Response {
        guard endpoint.method == .get, let url = try? endpoint.httpRequest(with: configuration).url
        else { return try await wrapped.request(endpoint) }
        let key = "GET " + Self.withoutCredentials(url)
        if mode != .refresh, let cached = store.response(for: key) {
            let age = now().timeIntervalSince(cached.storedAt)
            if mode == .offline || (0..<timeToLive).contains(age) {
                if let value = try? endpoint.responseDecoder.decode(cached.body, as: E.Response.self),
                    mode == .offline || endpoint.isCacheable(value)
                {
                    logger.log(NetworkEvent(method: .get, url: url, outcome: .cached(age: age), duration: .zero))
                    return value
                }
                store.removeResponse(for: key)  // unreadable or not to be kept: fetch and replace it
            }
        }
        guard mode != .offline else { throw .networkFailure(.notCached) }
        let response = try await wrapped.decodedResponse(endpoint)
        if endpoint.isCacheable(response.value) {
            store.store(CachedResponse(body: response.body, storedAt: now()), for: key)
        }
        return response.value
    }
}
