import Catalog
import Data
import Domain
import Foundation
import Networking
import Presentation
import Reactive
import TerminalUI

/// Makes everything the music-video screens need. This file: the dependencies, the repositories
/// and the use cases. Beside it, one extension per place things are shown: `+Output` (one-shot
/// views and renderers), `+LineSession`, `+FullScreen`; and one per list command with factories of
/// its own (`+Artists`, `+Top`).
@MainActor
final class MusicVideosSceneDIContainer {
    struct Dependencies {
        /// The service graph (Catalog's): repositories and use cases come from it.
        let services: CatalogServices
        let dataTransferService: any DataTransferService
        let recentSearchesRepository: any RecentSearchesRepository
        let browser: any URLOpening
        let player: any PreviewPlaying
        let console: Console
        /// Whether the sessions' lists fetch their next page before it is asked for.
        let prefetchesPages: Bool
        /// How one-shot lists word hints: the flags to use, knowing this command line.
        let commandLineHints: any HintPhrasing
        /// Test doubles used instead of the iTunes repositories when set.
        let overrides: AppDIContainer.Overrides
        /// Fetches artwork: no response cache (the store's terms), no retries, a short timeout.
        var artworkDataTransferService: (any DataTransferService)? = nil
        /// How the full-screen session draws artwork (the `images` setting and the terminal), or
        /// `nil` for not at all.
        var graphics: TerminalGraphics? = nil
        /// The desktop's clipboard command, where one works here (else copies go by OSC 52).
        var clipboard: LocalClipboard? = nil
    }

    static let diagnosticPrefix = "mvsearch: "
    /// One-shot commands word hints as the flags to use; the interactive session, in the domain's words.
    static let commandLineHints: any HintPhrasing = CommandLineHintPhrasing()
    static let sessionHints: any HintPhrasing = PlainHintPhrasing()

    let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    var console: Console { dependencies.console }
    var prefetchesPages: Bool { dependencies.prefetchesPages }
    var browser: any URLOpening { dependencies.browser }
    var player: any PreviewPlaying { dependencies.player }
    var graphics: TerminalGraphics? { dependencies.graphics }

    // MARK: Repositories and use cases, from the service graph

    func makeMusicVideosRepository() -> any MusicVideosRepository {
        dependencies.services.makeMusicVideosRepository()
    }

    func makeSearchMusicVideosUseCase() -> any SearchMusicVideosUseCase {
        dependencies.services.makeSearchMusicVideosUseCase()
    }

    func makeFetchMusicVideoUseCase() -> any FetchMusicVideoUseCase {
        dependencies.services.makeFetchMusicVideoUseCase()
    }

    func makeFetchArtistMusicVideosUseCase() -> any FetchArtistMusicVideosUseCase {
        dependencies.services.makeFetchArtistMusicVideosUseCase()
    }

    func makeFetchRelatedMusicVideosUseCase() -> any FetchRelatedMusicVideosUseCase {
        dependencies.services.makeFetchRelatedMusicVideosUseCase()
    }

    func makeFetchRecentSearchesUseCase() -> any FetchRecentSearchesUseCase {
        dependencies.services.makeFetchRecentSearchesUseCase()
    }

    func makeFetchArtworkUseCase() -> any FetchArtworkUseCase {
        dependencies.services.makeFetchArtworkUseCase()
    }

    func makeClearRecentSearchesUseCase() -> any ClearRecentSearchesUseCase {
        dependencies.services.makeClearRecentSearchesUseCase()
    }
}
