import Domain
import Foundation
import Presentation
import TerminalUI

/// What `SessionNavigation` needs of the scene container — and nothing else of it (as kudoleh's
/// `MoviesSearchFlowCoordinatorDependencies`): the view models its destinations make, a list
/// command's list, and the browser, the player and the clipboard its keys use. A test may give
/// a coordinator's navigation a stand-in for each.
@MainActor
protocol SessionNavigationFactory: AnyObject {
    /// The artists found for words, their rows leading where `actions` say.
    func makeMusicArtistsListViewModel(actions: MusicArtistsListViewModelActions?) -> any MusicArtistsListViewModel
    /// A chart, its rows leading where `actions` say.
    func makeTopMusicVideosViewModel(actions: TopMusicVideosViewModelActions?) -> any TopMusicVideosViewModel
    /// A list command's list, made for the session, its rows leading where `navigation` says.
    func open(_ list: PreparedList, navigation: ListNavigation?) -> OpenedList
    /// Opens web pages.
    var browser: any URLOpening { get }
    /// Plays previews.
    var player: any PreviewPlaying { get }
    /// The desktop's clipboard command, where one works here.
    var clipboard: LocalClipboard? { get }
}

extension MusicVideosSceneDIContainer: SessionNavigationFactory {
    func open(_ list: PreparedList, navigation: ListNavigation?) -> OpenedList {
        list.open(self, navigation)
    }

    var clipboard: LocalClipboard? { dependencies.clipboard }
}
