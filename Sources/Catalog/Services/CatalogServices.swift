import Data
import Domain
import Foundation
import Networking
import Platform

/// The service graph every front end shares, built from neutral settings: the data transfer
/// chain (response cache → retries → decoding → network service → the platform's engine), the
/// repositories, the use cases and the recent searches. Safe to use from many tasks at once
/// (`serve` answers requests concurrently). `Overrides` swap a seam for a test double.
public final class CatalogServices: Sendable {
    /// Test doubles (or a tool's own implementations) used instead of the real services.
    public struct Overrides: Sendable {
        public var sessionManager: (any NetworkSessionManager)?
        public var musicVideosRepository: (any MusicVideosRepository)?
        public var musicArtistsRepository: (any MusicArtistsRepository)?
        public var musicVideoChartsRepository: (any MusicVideoChartsRepository)?
        public var recentSearchesRepository: (any RecentSearchesRepository)?
        public var responseCacheStore: (any ResponseCacheStore)?
        /// The time the response cache judges entries' ages by.
        public var now: (@Sendable () -> Date)?
        public var artworkRepository: (any ArtworkRepository)?
        public var musicVideoCollectionsRepository: (any MusicVideoCollectionsRepository)?

        public init(
            sessionManager: (any NetworkSessionManager)? = nil,
            musicVideosRepository: (any MusicVideosRepository)? = nil,
            musicArtistsRepository: (any MusicArtistsRepository)? = nil,
            musicVideoChartsRepository: (any MusicVideoChartsRepository)? = nil,
            recentSearchesRepository: (any RecentSearchesRepository)? = nil,
            responseCacheStore: (any ResponseCacheStore)? = nil, now: (@Sendable () -> Date)? = nil,
            artworkRepository: (any ArtworkRepository)? = nil,
            musicVideoCollectionsRepository: (any MusicVideoCollectionsRepository)? = nil
        ) {
            self.sessionManager = sessionManager
            self.musicVideosRepository = musicVideosRepository
            self.musicArtistsRepository = musicArtistsRepository
            self.musicVideoChartsRepository = musicVideoChartsRepository
            self.recentSearchesRepository = recentSearchesRepository
            self.responseCacheStore = responseCacheStore
            self.now = now
            self.artworkRepository = artworkRepository
            self.musicVideoCollectionsRepository = musicVideoCollectionsRepository
        }
    }

    public let settings: CatalogSettings
    /// Cache (unless off) → retries → decoding → network service → engine; the part behind the
    /// cache is built on the first request the cache cannot answer.
    public let dataTransferService: any DataTransferService
    /// Artwork's own chain: no response cache (the store allows showing artwork, not keeping
    /// it), no retries, a body of at most `APIEndpoints.maximumArtworkBytes` and a short timeout.
    public let artworkDataTransferService: any DataTransferService
    /// Saves in the background, so results are written before a save waits for its lock.
    public let recentSearchesRepository: BackgroundSavingRecentSearchesRepository
    private let overrides: Overrides

    /// Seconds an artwork request may take.
    public static let artworkTimeout: TimeInterval = 10

    /// - Parameters:
    ///   - settings: The resolved settings of this process.
    ///   - overrides: Test doubles to use instead of the real services.
    public init(settings: CatalogSettings, overrides: Overrides = Overrides()) {
        self.settings = settings
        self.overrides = overrides
        dataTransferService = Self.cachedChain(
            settings: settings, overrides: overrides, budget: Self.rateBudget(settings: settings))
        let artworkSettings = APINetworkConfiguration(
            baseURL: settings.baseURL, headers: settings.headers,
            timeout: min(settings.timeout, Self.artworkTimeout))
        artworkDataTransferService = DefaultDataTransferService(
            networkService: DefaultNetworkService(
                configuration: artworkSettings,
                sessionManager: overrides.sessionManager
                    ?? Self.platformSessionManager(
                        settings: settings, maximumBodyBytes: APIEndpoints.maximumArtworkBytes),
                logger: settings.logger))
        recentSearchesRepository = BackgroundSavingRecentSearchesRepository(
            wrapping: overrides.recentSearchesRepository ?? Self.fileRecentSearches(settings))
    }

    /// The budget every request of this process draws from: one for the whole process, kept in
    /// the ledger every process of the user shares when there is a folder for it.
    private static func rateBudget(settings: CatalogSettings) -> (any RateBudget)? {
        guard case .limit(let rate) = settings.rate else { return nil }
        guard let folder = settings.ledgerDirectory else { return LocalRateBudget(rate: rate) }
        return SharedRateBudget(folder: folder, rate: rate, onProblem: settings.warn)
    }

    private static func cachedChain(settings: CatalogSettings, overrides: Overrides, budget: (any RateBudget)?)
        -> any DataTransferService
    {
        let network = LazyDataTransferService(
            networkChain(settings: settings, sessionManager: overrides.sessionManager, budget: budget))
        guard case .on(let directory, let timeToLive, let mode) = settings.cache else { return network }
        if overrides.responseCacheStore == nil, mode != .offline,
            let refusal = PrivateFiles.addingFilesRefusal(directory)
        {
            // Answers are still read from it; only storing them fails, which the store does quietly.
            settings.warn(
                "answers are not kept in the response cache: \(refusal.reason)"
                    + " — chmod 700 \(directory.path), or set XDG_CACHE_HOME to a folder of your own")
        }
        let warn = settings.warn
        return CachingDataTransferService(
            wrapping: network,
            store: overrides.responseCacheStore
                ?? FileResponseCacheStore(directory: directory) { refusal in
                    warn(
                        "not using the response cache: \(refusal.reason)"
                            + " — remove it or set XDG_CACHE_HOME to a folder of your own")
                },
            configuration: settings.networkConfiguration,
            timeToLive: timeToLive,
            mode: mode,
            now: overrides.now ?? { Date() },
            logger: settings.logger)
    }

    /// Builds retries → decoding → the request budget (when there is one) → network service →
    /// session manager (the platform's engine unless a test double is given).
    private static func networkChain(
        settings: CatalogSettings, sessionManager: (any NetworkSessionManager)?, budget: (any RateBudget)?
    ) -> @Sendable () -> any BodyKeepingDataTransferService {
        {
            var networkService: any NetworkService = DefaultNetworkService(
                configuration: settings.networkConfiguration,
                sessionManager: sessionManager ?? platformSessionManager(settings: settings),
                logger: settings.logger)
            if let budget {
                // A request waits for its slot up to its own timeout, then has the whole timeout
                // for the exchange; a slot further off fails as rate limited, with the wait.
                networkService = RateBudgetedNetworkService(
                    wrapping: networkService, budget: budget,
                    maximumWait: .milliseconds(Int64(min(settings.timeout, 86_400) * 1000)), logger: settings.logger)
            }
            return RetryingDataTransferService(
                wrapping: DefaultDataTransferService(networkService: networkService), policy: retryPolicy(settings))
        }
    }

    /// Retries as the settings say, inside a deadline for the whole request: every try may use
    /// its full timeout, and each wait between tries up to five seconds.
    public static func retryPolicy(_ settings: CatalogSettings) -> RetryPolicy {
        RetryPolicy(
            maximumRetries: settings.retries,
            rateLimitStatusCodes: APIEndpoints.rateLimitStatusCodes,
            deadline: .seconds(settings.timeout * Double(settings.retries + 1) + 5 * Double(settings.retries)))
    }

    /// The engine of this platform: `URLSession` on Apple platforms; libcurl, driven directly, on
    /// Linux (FoundationNetworking's `URLSession` busy-waits there and slows every start).
    private static func platformSessionManager(
        settings: CatalogSettings, maximumBodyBytes: Int = SessionLimits.maximumBodyBytes
    ) -> any NetworkSessionManager {
        #if os(Linux)
            CurlNetworkSessionManager(
                timeout: settings.timeout, maximumBodyBytes: maximumBodyBytes,
                environment: settings.environment, reusesConnections: settings.reusesConnections)
        #else
            URLSessionNetworkSessionManager(timeout: settings.timeout, maximumBodyBytes: maximumBodyBytes)
        #endif
    }

    private static func fileRecentSearches(_ settings: CatalogSettings) -> any RecentSearchesRepository {
        guard let directory = settings.stateDirectory else { return NoRecentSearchesRepository() }
        let warn = settings.warn
        return FileRecentSearchesRepository(directory: directory) { problem in warn(problem) }
    }

    // MARK: Repositories

    public func makeMusicVideosRepository() -> any MusicVideosRepository {
        overrides.musicVideosRepository ?? DefaultMusicVideosRepository(dataTransferService: dataTransferService)
    }

    public func makeMusicVideoCollectionsRepository() -> any MusicVideoCollectionsRepository {
        overrides.musicVideoCollectionsRepository
            ?? DefaultMusicVideoCollectionsRepository(dataTransferService: dataTransferService)
    }

    public func makeMusicArtistsRepository() -> any MusicArtistsRepository {
        overrides.musicArtistsRepository ?? DefaultMusicArtistsRepository(dataTransferService: dataTransferService)
    }

    public func makeMusicVideoChartsRepository() -> any MusicVideoChartsRepository {
        overrides.musicVideoChartsRepository
            ?? DefaultMusicVideoChartsRepository(dataTransferService: dataTransferService)
    }

    public func makeArtworkRepository() -> any ArtworkRepository {
        overrides.artworkRepository ?? DefaultArtworkRepository(dataTransferService: artworkDataTransferService)
    }

    // MARK: Use cases

    public func makeSearchMusicVideosUseCase() -> any SearchMusicVideosUseCase {
        DefaultSearchMusicVideosUseCase(
            repository: makeMusicVideosRepository(),
            recentSearches: settings.remembersSearches ? recentSearchesRepository : nil)
    }

    public func makeFetchMusicVideoUseCase() -> any FetchMusicVideoUseCase {
        DefaultFetchMusicVideoUseCase(repository: makeMusicVideosRepository())
    }

    public func makeFetchArtistMusicVideosUseCase() -> any FetchArtistMusicVideosUseCase {
        DefaultFetchArtistMusicVideosUseCase(repository: makeMusicVideosRepository())
    }

    /// "More like this": a video's collection's videos, then its artist's.
    public func makeFetchRelatedMusicVideosUseCase() -> any FetchRelatedMusicVideosUseCase {
        DefaultFetchRelatedMusicVideosUseCase(
            videos: makeMusicVideosRepository(), collections: makeMusicVideoCollectionsRepository())
    }

    public func makeSearchMusicArtistsUseCase() -> any SearchMusicArtistsUseCase {
        DefaultSearchMusicArtistsUseCase(repository: makeMusicArtistsRepository())
    }

    public func makeFetchTopMusicVideosUseCase() -> any FetchTopMusicVideosUseCase {
        DefaultFetchTopMusicVideosUseCase(repository: makeMusicVideoChartsRepository())
    }

    public func makeFetchRecentSearchesUseCase() -> any FetchRecentSearchesUseCase {
        DefaultFetchRecentSearchesUseCase(repository: recentSearchesRepository)
    }

    public func makeClearRecentSearchesUseCase() -> any ClearRecentSearchesUseCase {
        DefaultClearRecentSearchesUseCase(repository: recentSearchesRepository)
    }

    public func makeFetchArtworkUseCase() -> any FetchArtworkUseCase {
        DefaultFetchArtworkUseCase(repository: makeArtworkRepository())
    }
}

/// Recent searches where there is nowhere to keep them (no home folder): none, and nothing kept.
struct NoRecentSearchesRepository: RecentSearchesRepository {
    func recentSearches() async -> [String] { [] }
    func save(_ term: String) async {}
    func clear() async throws(RecentSearchesError) {}
}
