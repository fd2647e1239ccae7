import Data
import Domain
import Foundation
import Networking
import Presentation

/// The composition root's shared services: configuration, session manager, network and data
/// transfer services, each made on first use. `Overrides` swap a seam for a test double: a
/// session manager (the whole app runs against it instead of the network) or a repository.
@MainActor
final class AppDIContainer {
    struct Overrides {
        var sessionManager: (any NetworkSessionManager)?
        var musicVideosRepository: (any MusicVideosRepository)?
        var recentSearchesRepository: (any RecentSearchesRepository)?
        var browser: (any URLOpening)?
        var responseCacheStore: (any ResponseCacheStore)?
    }

    let configuration: AppConfiguration
    let console: Console
    private let overrides: Overrides

    /// - Parameters:
    ///   - configuration: The checked settings of this run.
    ///   - console: Where output goes and what the terminal can do.
    ///   - overrides: Test doubles to use instead of the real services.
    init(configuration: AppConfiguration, console: Console, overrides: Overrides = Overrides()) {
        self.configuration = configuration
        self.console = console
        self.overrides = overrides
    }

    lazy var sessionManager: any NetworkSessionManager =
        overrides.sessionManager ?? DefaultNetworkSessionManager(timeout: configuration.timeout)

    lazy var networkLogger: any NetworkLogger =
        configuration.verbose ? DiagnosticNetworkLogger(output: console.diagnostics) : SilentNetworkLogger()

    lazy var networkService: any NetworkService = DefaultNetworkService(
        configuration: configuration.networkConfiguration,
        sessionManager: sessionManager,
        logger: networkLogger
    )

    /// Cache (unless off) → retries → decoding → the network service.
    lazy var dataTransferService: any DataTransferService = {
        let retrying = RetryingDataTransferService(
            wrapping: DefaultDataTransferService(networkService: networkService),
            policy: configuration.retryPolicy
        )
        guard configuration.usesCache else { return retrying }
        return CachingDataTransferService(
            wrapping: retrying,
            store: overrides.responseCacheStore ?? FileResponseCacheStore(directory: configuration.cacheDirectory),
            configuration: configuration.networkConfiguration,
            timeToLive: configuration.cacheTimeToLive,
            mode: configuration.cacheMode
        )
    }()

    lazy var recentSearchesRepository: any RecentSearchesRepository =
        overrides.recentSearchesRepository
        ?? FileRecentSearchesRepository(directory: configuration.stateDirectory) { [console] problem in
            console.diagnostics.write("mvsearch: warning: \(TerminalSanitizer.sanitize(problem))\n")
        }

    /// - Returns: The container of the music-video screens.
    func makeMusicVideosSceneDIContainer() -> MusicVideosSceneDIContainer {
        MusicVideosSceneDIContainer(
            dependencies: .init(
                dataTransferService: dataTransferService,
                recentSearchesRepository: recentSearchesRepository,
                browser: overrides.browser ?? SystemBrowser(environment: configuration.environment),
                console: console,
                repositoryOverride: overrides.musicVideosRepository
            )
        )
    }
}
