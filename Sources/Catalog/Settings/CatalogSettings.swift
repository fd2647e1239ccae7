import Foundation
import Networking

/// What the service graph is built from: neutral values every front end resolves the same way
/// (the command line, `serve` and `mcp` all read the settings file and the environment through
/// one code path in App, then hand these over). Nothing here names a flag or needs a terminal.
public struct CatalogSettings: Sendable {
    /// How answers go through the response cache.
    public enum CacheUse: Sendable, Equatable {
        /// No cache at all (a time to live of 0).
        case off
        /// Answers are kept in `directory` for `timeToLive` seconds; `mode` says whether they
        /// are read (normal), only written (refresh) or only read (offline).
        case on(directory: URL, timeToLive: TimeInterval, mode: CachingDataTransferService.Mode)
    }

    /// The API root, ending in `/`.
    public var baseURL: URL
    /// Seconds each request may take in all.
    public var timeout: TimeInterval
    /// Tries after the first one, after a server error or a broken connection.
    public var retries: Int
    public var cache: CacheUse
    /// The budget of requests to the service every process of the user shares (off: none).
    public var rate: RateBudgetSetting
    /// Where the shared budget's ledger lives (the cache folder); `nil` for a budget of this
    /// process alone.
    public var ledgerDirectory: URL?
    /// Where recent searches live; `nil` where there is nowhere to keep them (no home folder).
    public var stateDirectory: URL?
    /// Whether a search that finds videos is remembered among the recent searches: a person's
    /// own searches are; those of a program or an agent (`serve`, `mcp`) never are.
    public var remembersSearches: Bool
    /// The store country when a request names none.
    public var defaultCountry: String
    /// Rows per request when a request names no limit.
    public var defaultLimit: Int
    /// Headers sent with every request (the `User-Agent`).
    public var headers: [String: String]
    /// The process environment: proxies, `SSL_CERT_FILE`, `PATH` for the engine.
    public var environment: [String: String]
    /// Whether the engine keeps connections for later requests (off only for a benchmark's baseline).
    public var reusesConnections: Bool
    /// Told of every request (`-v`), and of each answer the cache gives.
    public var logger: any NetworkLogger
    /// Told, in one line each, what the user should know about the files the services use (a
    /// cache folder that is not the user's own, a history that cannot be saved).
    public var warn: @Sendable (String) -> Void

    /// - Parameters: See the properties; the defaults are the built-in ones.
    public init(
        baseURL: URL, timeout: TimeInterval = 15, retries: Int = 2, cache: CacheUse = .off,
        rate: RateBudgetSetting = .off, ledgerDirectory: URL? = nil, stateDirectory: URL? = nil,
        remembersSearches: Bool = false, defaultCountry: String = "US",
        defaultLimit: Int = 25, headers: [String: String] = [:], environment: [String: String] = [:],
        reusesConnections: Bool = true, logger: any NetworkLogger = SilentNetworkLogger(),
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retries = retries
        self.cache = cache
        self.rate = rate
        self.ledgerDirectory = ledgerDirectory
        self.stateDirectory = stateDirectory
        self.remembersSearches = remembersSearches
        self.defaultCountry = defaultCountry
        self.defaultLimit = defaultLimit
        self.headers = headers
        self.environment = environment
        self.reusesConnections = reusesConnections
        self.logger = logger
        self.warn = warn
    }

    /// The Networking layer's view of these settings.
    public var networkConfiguration: APINetworkConfiguration {
        APINetworkConfiguration(baseURL: baseURL, headers: headers, timeout: timeout)
    }

    /// Seconds an answer stays fresh in the cache; 0 when the cache is off.
    public var cacheTimeToLive: TimeInterval {
        if case .on(_, let timeToLive, _) = cache { return timeToLive }
        return 0
    }
}
