import Domain
import Foundation
import Mocks
import Presentation
import TerminalUI
import Testing

@testable import App

/// `SessionNavigation` needs only its narrow factory, not the scene container: a navigation over
/// stand-ins leads where the view models' actions say.
@MainActor
@Suite("Session navigation over a narrow factory")
struct SessionNavigationFactoryTests {
    final class StubFactory: SessionNavigationFactory {
        let artists = MockMusicArtistsListViewModel()
        let browserDouble = RecordingBrowser()
        let playerDouble = RecordingPlayer()

        func makeMusicArtistsListViewModel(actions: MusicArtistsListViewModelActions?) -> any MusicArtistsListViewModel
        {
            artists
        }

        func makeTopMusicVideosViewModel(actions: TopMusicVideosViewModelActions?) -> any TopMusicVideosViewModel {
            MockTopMusicVideosViewModel()
        }

        func open(_ list: PreparedList, navigation: ListNavigation?) -> OpenedList {
            OpenedList(viewModel: artists) {}
        }

        var browser: any URLOpening { browserDouble }
        var player: any PreviewPlaying { playerDouble }
        var clipboard: LocalClipboard? { nil }
    }

    /// A navigation that records what it shows.
    final class RecordingNavigation: SessionNavigation {
        let stub = StubFactory()
        var factory: any SessionNavigationFactory { stub }
        let settings = MusicVideosSearchFlowCoordinator.Settings(
            country: "GB", limit: 7, attribute: .any, allowsExplicit: true)
        var searchesArtists = true
        var browsingCountry: String { settings.country }
        var titles: [String] = []
        var lists = 0
        var reports: [String] = []

        func pushVideos(
            title: String, actions: MusicVideosListViewModelActions,
            load: @escaping @MainActor (any MusicVideosListViewModel) async -> Void
        ) {
            titles.append(title)
        }

        func pushDetails(
            video: MusicVideo?, actions: MusicVideoDetailsViewModelActions,
            load: (@MainActor (any MusicVideoDetailsViewModel) async -> Void)?
        ) {}

        func pushList(_ list: OpenedList) { lists += 1 }
        func report(_ message: String) { reports.append(message) }
        var screenOnTop: AnyObject? { nil }
        func pop() {}
        func leaveEmptyList(_ screen: AnyObject, saying message: String) {}
    }

    @Test("Given stand-ins for the factory, then artists, more like this and the browser go through them")
    func standIns() throws {
        let navigation = RecordingNavigation()
        navigation.search(for: "clairo")  // an artist search: the factory's view model
        #expect(navigation.lists == 1)
        navigation.showRelatedVideos(of: .stub(id: 9, title: "4Ever"))
        #expect(navigation.titles == ["More like \"4Ever\""])
        let url = try #require(URL(string: "https://music.apple.com/gb/music-video/x/9"))
        navigation.open(url)
        #expect(navigation.stub.browserDouble.opened.value == [url])
    }
}
