import Catalog
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

        /// The overrides of the service graph (Catalog's).
        var catalog: CatalogServices.Overrides {
            CatalogServices.Overrides(
                sessionManager: sessionManager, musicVideosRepository: musicVideosRepository,
                musicArtistsRepository: musicArtistsRepository, musicVideoChartsRepository: musicVideoChartsRepository,
                recentSearchesRepository: recentSearchesRepository, responseCacheStore: responseCacheStore, now: now,
                artworkRepository: artworkRepository)
        }
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

    /// The service graph every front end shares (Catalog), built from this run's settings on
    /// first use: the data transfer chains, repositories, use cases and recent searches.
    lazy var services: CatalogServices = {
        var settings = configuration.catalogSettings(logger: logger) { [console] warning in
            console.diagnostics.write("mvsearch: warning: \(TerminalSanitizer.sanitize(warning))\n")
        }
        // A home folder that does not exist is not created (it is not mvsearch's): what is under
        // it goes unused, and only that.
        let withoutCache =
            configuration.missingHomeOfCache != nil && overrides.responseCacheStore == nil
            && settings.cacheTimeToLive > 0
        let withoutHistory = configuration.missingHomeOfState != nil && overrides.recentSearchesRepository == nil
        if withoutCache { settings.cache = .off }
        if withoutHistory { settings.stateDirectory = nil }
        warnAboutMissingHome(cache: withoutCache, history: withoutHistory)
        return CatalogServices(settings: settings, overrides: overrides.catalog)
    }()

    private lazy var logger: any NetworkLogger =
        configuration.verbose ? DiagnosticNetworkLogger(output: console.diagnostics) : SilentNetworkLogger()

    /// Cache (unless off) → retries → decoding → network service → session manager.
    var dataTransferService: any DataTransferService { services.dataTransferService }

    /// Artwork's own chain: no response cache, no retries, a small body and a short timeout.
    var artworkDataTransferService: any DataTransferService { services.artworkDataTransferService }

    /// Saves in the background, so results are written before a save waits for its lock.
    var recentSearchesRepository: BackgroundSavingRecentSearchesRepository { services.recentSearchesRepository }

    /// Why `--offline` cannot answer at all: the cache folder is not the user's own; `nil` when
    /// it can, or when the cache is off or replaced.
    func offlineCacheRefusal() -> String? {
        guard configuration.usesCache, configuration.cacheMode == .offline, overrides.responseCacheStore == nil else {
            return nil
        }
        if let home = configuration.missingHomeOfCache { return "the home folder \(home) does not exist" }
        return FileResponseCacheStore(directory: configuration.cacheDirectory).refusal()?.reason
    }

    /// A home folder that does not exist is not created (it is not mvsearch's): one warning naming
    /// what goes unused for it, the cache, the history or both.
    private func warnAboutMissingHome(cache: Bool, history: Bool) {
        guard let home = configuration.missingHomeOfCache ?? configuration.missingHomeOfState, cache || history
        else { return }
        let unused = [cache ? "the response cache" : nil, history ? "recent searches" : nil].compactMap { $0 }
        console.diagnostics.write(
            "mvsearch: warning: the home folder \(TerminalSanitizer.excerpt(home, maximumCharacters: 200)) does not exist"
                + " — running without \(unused.joined(separator: " and ")); set HOME to a folder of your own\n")
    }

    /// - Returns: The container of the music-video screens.
    func makeMusicVideosSceneDIContainer() -> MusicVideosSceneDIContainer {
        let browser = overrides.browser ?? SystemBrowser(environment: configuration.environment)
        return MusicVideosSceneDIContainer(
            dependencies: .init(
                services: services,
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
                    ? nil : configuration.settings.images.value.graphics(environment: configuration.environment),
                clipboard: LocalClipboard(environment: configuration.environment)
            )
        )
    }
}
