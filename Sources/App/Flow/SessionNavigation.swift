import Domain
import Foundation
import Presentation
import TerminalUI

/// Where the session's screens lead, written once for both sessions: the queries each
/// destination asks, in the session's country and page size, and the actions the view models are
/// given. A coordinator says only how it shows each kind of screen — its own screen types —
/// and how it reports a message.
@MainActor
protocol SessionNavigation: AnyObject {
    /// Makes what the destinations show: all navigation needs of the scene container.
    var factory: any SessionNavigationFactory { get }
    var settings: MusicVideosSearchFlowCoordinator.Settings { get }
    /// Shows a list of music videos titled `title`, loaded by `load`.
    func pushVideos(
        title: String, actions: MusicVideosListViewModelActions,
        load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void)
    /// Shows one video's details: `video` when it is known, else what `load` finds.
    func pushDetails(
        video: MusicVideo?, actions: MusicVideoDetailsViewModelActions,
        load: (@MainActor (any MusicVideoDetailsViewModel) async -> Void)?)
    /// Shows a list command's list.
    func pushList(_ list: OpenedList)
    /// Tells the user something (a failure to open a page).
    func report(_ message: String)
    /// Whether the search screen searches artists: a session started on an artist list
    /// (`-i --artists`) searches artists again from its search screen.
    var searchesArtists: Bool { get set }
    /// The store country a video met on the screens shown is looked up in: a chart's, when the
    /// user reached it from a chart of another country (`c`), else the session's.
    var browsingCountry: String { get }
    /// The screen on top, known again by `===` once a load it started has ended.
    var screenOnTop: AnyObject? { get }
    /// Takes the screen on top off: the one below shows again.
    func pop()
    /// Leaves `screen`, a list that found nothing where the user asked for more (`m`), when it
    /// is still on top, and says `message` where the user stays: never an empty screen to leave.
    func leaveEmptyList(_ screen: AnyObject, saying message: String)
}

extension SessionNavigation {
    /// The search screen's words: the music videos found, or the artists (`searchesArtists`).
    func search(for term: String) {
        guard searchesArtists else { return showResults(for: term) }
        let query = TermQuery(term: term, country: settings.country, limit: settings.limit)
        let viewModel = factory.makeMusicArtistsListViewModel(
            actions: MusicArtistsListViewModelActions(showArtistVideos: { [weak self] in
                self?.showArtistVideos(artistID: $0, artistName: $1)
            }))
        pushList(OpenedList(viewModel: viewModel) { await viewModel.didSearch(query: query) })
    }

    /// Whether a list shown first (over the search screen) makes the search screen search
    /// artists: it does when it lists artists.
    func searchesArtists(startingWith list: OpenedList) -> Bool {
        list.viewModel is any MusicArtistsListViewModel
    }

    /// The music videos found for words.
    func showResults(for term: String) {
        let query = MusicVideoQuery(
            term: term, country: settings.country, limit: settings.limit, attribute: settings.attribute,
            allowsExplicit: settings.allowsExplicit)
        pushVideos(title: "Music videos for \"\(term)\"", actions: videosActions()) { await $0.didSearch(query: query) }
    }

    /// An artist's music videos; `besidesAVideo` when asked for from one of their videos (a row,
    /// the details). With none, the list leaves at once and says so, as `m` does: the user stays
    /// where they asked.
    func showArtistVideos(artistID: Int, artistName: String?, besidesAVideo: Bool = false) {
        let query = ArtistMusicVideosQuery(
            artistID: artistID, artistName: artistName, country: browsingCountry, limit: settings.limit)
        let actions = videosActions(listingArtist: artistID)
        let nothing = DefaultMusicVideosListViewModel.noVideos(
            byArtistNamed: artistName, in: query.country, besidesAVideo: besidesAVideo)
        pushLeavingIfEmpty(
            title: "Music videos by " + (artistName ?? "artist \(artistID)"), actions: actions,
            load: { await $0.didShowArtistVideos(query: query) }, saying: { _, _ in nothing })
    }

    /// "More like this": the other videos of a video's collection, then of its artist. With none,
    /// the list leaves at once and says so in the user's terms (the video's title, never the
    /// store's id for it): the user stays where they asked.
    func showRelatedVideos(of video: MusicVideo) {
        let query = RelatedMusicVideosQuery(id: video.id, country: browsingCountry, limit: settings.limit)
        let title = DefaultMusicVideosListViewModel.relatedTitle(query, videoTitle: video.title)
        pushLeavingIfEmpty(
            title: title, actions: videosActions(), load: { await $0.didShowRelatedVideos(query: query) },
            saying: { nothing, source in
                guard case .related(let asked, nil)? = source else { return nothing }
                return DefaultMusicVideosListViewModel.notFound(videoTitle: video.title, in: asked.country)
            })
    }

    /// Shows a list of videos that, when its load finds nothing, leaves at once and says what
    /// `saying` makes of the list's own message and what it shows.
    private func pushLeavingIfEmpty(
        title: String, actions: MusicVideosListViewModelActions,
        load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void,
        saying: @escaping @MainActor (UserMessage, MusicVideosListSource?) -> UserMessage
    ) {
        let pushed = PushedScreen()
        pushVideos(title: title, actions: actions) { [weak self] viewModel in
            var nothing: UserMessage?
            var source: MusicVideosListSource?
            let watches = [viewModel.noResults.sink { nothing = $0 }, viewModel.source.sink { source = $0 }]
            await load(viewModel)
            for watch in watches { watch.cancel() }
            guard let nothing, let screen = pushed.screen else { return }
            let message = saying(nothing, source)
            self?.leaveEmptyList(screen, saying: message.text(phrasing: MusicVideosSceneDIContainer.sessionHints))
        }
        // The load runs after this (on the main actor, once the key is handled): it finds it set.
        pushed.screen = screenOnTop
    }

    /// A video already at hand.
    func showDetails(of video: MusicVideo) {
        showDetails(of: video, overArtist: nil)
    }

    /// A video at hand, opened from the list of `artistID`'s videos when that is given.
    private func showDetails(of video: MusicVideo, overArtist artistID: Int?) {
        pushDetails(video: video, actions: detailsActions(overArtist: artistID), load: nil)
    }

    /// A video by its track id, looked up in the session's store country; `known`, what a list's
    /// row says of it (a chart's), is shown when the lookup fails.
    func showMusicVideoDetails(id: MusicVideo.ID, known: MusicVideo? = nil) {
        let query = MusicVideoLookupQuery(id: id, country: browsingCountry)
        pushDetails(video: nil, actions: detailsActions()) { await $0.didLoad(query: query, known: known) }
    }

    /// A list command's list, its rows leading to any destination here.
    func showList(_ list: PreparedList) {
        pushList(factory.open(list, navigation: listNavigation))
    }

    /// A web page in the user's browser.
    func open(_ url: URL) {
        if !factory.browser.open(url) {
            report(SystemBrowser.failure(opening: url))
        }
    }

    /// Every destination a list command's rows may lead to.
    var listNavigation: ListNavigation {
        ListNavigation(
            showDetails: { [weak self] in self?.showDetails(of: $0) },
            showDetailsFromArtistList: { [weak self] in self?.showDetails(of: $0, overArtist: $1) },
            showArtistVideos: { [weak self] in self?.showArtistVideos(artistID: $0, artistName: $1) },
            showMusicVideoDetails: { [weak self] in self?.showMusicVideoDetails(id: $0.id, known: $0) })
    }

    /// A list's actions; `artistID` when the list is that artist's videos (its details' `a` then
    /// goes back to it).
    private func videosActions(listingArtist artistID: Int? = nil) -> MusicVideosListViewModelActions {
        MusicVideosListViewModelActions(
            showMusicVideoDetails: { [weak self] in self?.showDetails(of: $0, overArtist: artistID) },
            openInBrowser: { [weak self] in self?.open($0) },
            showArtistVideos: { [weak self] artistID, artistName in
                self?.showArtistVideos(artistID: artistID, artistName: artistName, besidesAVideo: true)
            },
            showRelatedVideos: { [weak self] in self?.showRelatedVideos(of: $0) })
    }

    /// The details' actions; `listed`, the artist whose list they were opened from: `a` for that
    /// artist goes back to that list instead of opening a copy of it over the details.
    private func detailsActions(overArtist listed: Int? = nil) -> MusicVideoDetailsViewModelActions {
        MusicVideoDetailsViewModelActions(
            openInBrowser: { [weak self] in self?.open($0) },
            showArtistVideos: { [weak self] artistID, artistName in
                guard artistID != listed else {
                    self?.pop()
                    return
                }
                self?.showArtistVideos(artistID: artistID, artistName: artistName, besidesAVideo: true)
            },
            playPreview: { [weak self] in self?.playPreview(of: $0) },
            showRelatedVideos: { [weak self] in self?.showRelatedVideos(of: $0) })
    }
}

/// The screen a push showed, for its load to know it again when it ends.
@MainActor
private final class PushedScreen {
    weak var screen: AnyObject?
}
