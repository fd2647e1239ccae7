import Data
import Domain
import Foundation
import Networking
import Platform
import Presentation
import TerminalUI

/// The composition root's shared services: configuration, the data transfer chain (cache,
/// retries, decoding, network service, session manager) and storage, each made on first use. `Overrides` swap a seam for a test double: a
/// session manager (the whole app runs against it instead of the network) or a repository.
@MainActor
final class AppDIContainer {
    struct Overrides {
        var sessionManager: (any NetworkSessionManager)?
        var musicVideosRepository: (any MusicVideosRepository)?
        var musicArtistsRepository: (any MusicArtistsRepository)?
        var musicVideoChartsRepository: (any MusicVideoChartsRepository)?
        var recentSearchesRepository: (any RecentSearchesRepository)?
        var browser: (any URLOpening)?
        var responseCacheStore: (any ResponseCacheStore)?
        /// The time the response cache judges entries' ages by.
        var now: (@Sendable () -> Date)?
        var player: (any PreviewPlaying)?
        var artworkRepository: (any ArtworkRepository)?
    }

    let configuration: AppConfiguration
    let console: Console
    private let overrides: Overrides
    private let commandLineHints: CommandLineHintPhrasing

    /// - Parameters:
    ///   - configuration: The checked settings of this run.
    ///   - console: Where output goes and what the terminal can do.
    ///   - overrides: Test doubles to use instead of the real services.
    ///   - commandLineHints: How one-shot lists word their hints for this command line.
    init(
        configuration: AppConfiguration, console: Console, overrides: Overrides = Overrides(),
        commandLineHints: CommandLineHintPhrasing = CommandLineHintPhrasing()
    ) {
        self.configuration = configuration
        self.console = console
        self.overrides = overrides
        self.commandLineHints = commandLineHints
    }

    /// Cache (unless off) → retries → decoding → network service → session manager. The part
    /// behind the cache is built on the first request the cache cannot answer.
    lazy var dataTransferService: any DataTransferService = {
        let logger: any NetworkLogger =
            configuration.verbose ? DiagnosticNetworkLogger(output: console.diagnostics) : SilentNetworkLogger()
        let network = LazyDataTransferService(
            Self.networkChain(configuration: configuration, logger: logger, sessionManager: overrides.sessionManager))
        guard configuration.usesCache else { return network }
        guard configuration.missingHome == nil || overrides.responseCacheStore != nil else {
            warnAboutMissingHome()
            return network
        }
        if overrides.responseCacheStore == nil, configuration.cacheMode != .offline,
            let refusal = PrivateFiles.addingFilesRefusal(configuration.cacheDirectory)
        {
            // Answers are still read from it; only storing them fails, which the store does quietly.
            let folder = TerminalSanitizer.sanitize(configuration.cacheDirectory.path)
            console.diagnostics.write(
                "mvsearch: warning: answers are not kept in the response cache: \(TerminalSanitizer.sanitize(refusal.reason))"
                    + " — chmod 700 \(folder), or set XDG_CACHE_HOME to a folder of your own\n")
        }
        return CachingDataTransferService(
            wrapping: network,
            store: overrides.responseCacheStore
                ?? FileResponseCacheStore(directory: configuration.cacheDirectory) { [console] refusal in
                    console.diagnostics.write(
                        "mvsearch: warning: not using the response cache: \(TerminalSanitizer.sanitize(refusal.reason))"
                            + " — remove it or set XDG_CACHE_HOME to a folder of your own\n")
                },
            configuration: configuration.networkConfiguration,
            timeToLive: configuration.cacheTimeToLive,
            mode: configuration.cacheMode,
            now: overrides.now ?? { Date() },
            logger: logger
        )
    }()

    /// Why `--offline` cannot answer at all: the cache folder is not the user's own; `nil` when
    /// it can, or when the cache is off or replaced.
    func offlineCacheRefusal() -> String? {
        guard configuration.usesCache, configuration.cacheMode == .offline, overrides.responseCacheStore == nil else {
            return nil
        }
        if let home = configuration.missingHome { return "the home folder \(home) does not exist" }
        return FileResponseCacheStore(directory: configuration.cacheDirectory).refusal()?.reason
    }

    /// Builds retries → decoding → network service → session manager (the platform's engine unless
    /// a test double is given).
    private static func networkChain(
        configuration: AppConfiguration,
        logger: any NetworkLogger,
        sessionManager: (any NetworkSessionManager)?
    ) -> @Sendable () -> any BodyKeepingDataTransferService {
        {
            let networkService = DefaultNetworkService(
                configuration: configuration.networkConfiguration,
                sessionManager: sessionManager ?? platformSessionManager(configuration: configuration),
                logger: logger
            )
            return RetryingDataTransferService(
                wrapping: DefaultDataTransferService(networkService: networkService),
                policy: configuration.retryPolicy
            )
        }
    }

    /// The engine of this platform: `URLSession` on Apple platforms; libcurl, driven directly, on
    /// Linux (FoundationNetworking's `URLSession` busy-waits there and slows every start).
    nonisolated private static func platformSessionManager(
        configuration: AppConfiguration, maximumBodyBytes: Int = SessionLimits.maximumBodyBytes
    ) -> any NetworkSessionManager {
        #if os(Linux)
            CurlNetworkSessionManager(
                timeout: configuration.timeout, maximumBodyBytes: maximumBodyBytes,
                environment: configuration.environment, reusesConnections: configuration.reusesConnections)
        #else
            URLSessionNetworkSessionManager(timeout: configuration.timeout, maximumBodyBytes: maximumBodyBytes)
        #endif
    }

    /// Artwork's own chain: decoding → network service → session manager, with no response cache
    /// (the store allows showing artwork, not keeping it) and no retries (a picture that does not
    /// come is left out), a body of at most `APIEndpoints.maximumArtworkBytes` and a timeout of
    /// `artworkTimeout` at most.
    lazy var artworkDataTransferService: any DataTransferService = {
        let logger: any NetworkLogger =
            configuration.verbose ? DiagnosticNetworkLogger(output: console.diagnostics) : SilentNetworkLogger()
        let timeout = min(configuration.timeout, Self.artworkTimeout)
        let base = configuration.networkConfiguration
        let networkService = DefaultNetworkService(
            configuration: APINetworkConfiguration(baseURL: base.baseURL, headers: base.headers, timeout: timeout),
            sessionManager: overrides.sessionManager
                ?? Self.platformSessionManager(
                    configuration: configuration, maximumBodyBytes: APIEndpoints.maximumArtworkBytes),
            logger: logger)
        return DefaultDataTransferService(networkService: networkService)
    }()

    /// Seconds an artwork request may take.
    static let artworkTimeout: TimeInterval = 10

    /// Saves in the background, so results are written before a save waits for its lock.
    lazy var recentSearchesRepository = BackgroundSavingRecentSearchesRepository(
        wrapping: overrides.recentSearchesRepository ?? fileRecentSearchesRepository())

    private func fileRecentSearchesRepository() -> any RecentSearchesRepository {
        guard configuration.missingHome == nil else {
            warnAboutMissingHome()
            return NoRecentSearchesRepository()
        }
        return FileRecentSearchesRepository(directory: configuration.stateDirectory) { [console] problem in
            console.diagnostics.write("mvsearch: warning: \(TerminalSanitizer.sanitize(problem))\n")
        }
    }

    private var hasWarnedAboutMissingHome = false

    /// A home folder that does not exist is not created (it is not mvsearch's): one warning for the
    /// cache and the history both.
    private func warnAboutMissingHome() {
        guard let home = configuration.missingHome, !hasWarnedAboutMissingHome else { return }
        hasWarnedAboutMissingHome = true
        console.diagnostics.write(
            "mvsearch: warning: the home folder \(TerminalSanitizer.excerpt(home, maximumCharacters: 200)) does not exist"
                + " — running without the response cache and recent searches; set HOME to a folder of your own\n")
    }

    /// - Returns: The container of the music-video screens.
    func makeMusicVideosSceneDIContainer() -> MusicVideosSceneDIContainer {
        let browser = overrides.browser ?? SystemBrowser(environment: configuration.environment)
        return MusicVideosSceneDIContainer(
            dependencies: .init(
                dataTransferService: dataTransferService,
                recentSearchesRepository: recentSearchesRepository,
                browser: browser,
                player: overrides.player
                    ?? SystemPreviewPlayer(
                        command: configuration.settings.player.value,
                        searchPath: configuration.environment["PATH"] ?? "/usr/bin:/bin", browser: browser),
                console: console,
                prefetchesPages: configuration.prefetchesPages,
                commandLineHints: commandLineHints,
                overrides: overrides,
                artworkDataTransferService: artworkDataTransferService,
                // Artwork is never cached (the store's terms), so --offline, which asks nothing, shows none.
                graphics: configuration.cacheMode == .offline
                    ? nil : configuration.settings.images.value.graphics(environment: configuration.environment)
            )
        )
    }
}

/// Recent searches where there is nowhere to keep them (no home folder): none, and nothing kept.
private struct NoRecentSearchesRepository: RecentSearchesRepository {
    func recentSearches() async -> [String] { [] }
    func save(_ term: String) async {}
    func clear() async throws(RecentSearchesError) {}
}
