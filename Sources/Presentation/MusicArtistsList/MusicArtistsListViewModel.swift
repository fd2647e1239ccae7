import Domain
import Foundation
import Reactive
import TerminalUI

/// One artist row, every text sanitised for a terminal.
public struct MusicArtistsListItemViewModel: Equatable, Sendable {
    public let artist: MusicArtist
    public let name: String
    public let genre: String
    public let url: String

    public init(artist: MusicArtist) {
        self.artist = artist
        name = TerminalSanitizer.sanitize(artist.name)
        genre = artist.genre.map(TerminalSanitizer.sanitize) ?? ""
        url = artist.url.map { TerminalSanitizer.sanitize($0.absoluteString) } ?? ""
    }
}

/// The columns of an artist list in every format.
extension MusicArtistsListItemViewModel: ListRowDescribing {
    /// `#  Artist  Genre  ID`: the id is always shown, for `--artist-id`-style lookups.
    public static let tableColumns: [TableColumn<Self>] = [
        TableColumn("Artist", width: .flexible(percent: 100), value: { $0.name }),
        TableColumn("Genre", width: .flexible(percent: 40), value: { $0.genre }),
        TableColumn("ID", width: .fittedAlways, alignRight: true, value: { String($0.artist.id) }),
    ]

    /// `id, name, genre, url`.
    public static let plainFields: [@Sendable (Self) -> String] = [
        { String($0.artist.id) }, { $0.name }, { $0.genre }, { $0.url },
    ]

    /// `{id, name, genre, url}`.
    public static let jsonFields: [JSONField<Self>] = [
        .literal("id") { String($0.artist.id) },
        .string("name") { $0.artist.name },
        .string("genre") { $0.artist.genre },
        .string("url") { $0.artist.url?.absoluteString },
    ]
}

/// Navigation out of the artist list; the coordinator fills it in.
public struct MusicArtistsListViewModelActions {
    public let showArtistVideos: @MainActor (_ artistID: Int, _ artistName: String?) -> Void

    public init(showArtistVideos: @escaping @MainActor (_ artistID: Int, _ artistName: String?) -> Void) {
        self.showArtistVideos = showArtistVideos
    }
}

/// Events the artist list reacts to; choosing a row comes from `NumberedListInput`.
@MainActor
public protocol MusicArtistsListViewModelInput: NumberedListInput {
    /// A new search: replaces what is shown. Returns when it has finished; cancelling the task
    /// that awaits it cancels the request, and nothing is emitted for it.
    func didSearch(query: MusicArtistQuery) async
}

/// What the artist list shows: `loading`, `noResults` and `error` from `ListStatusOutput`;
/// `items` (the artists, in the service's order), `title` and `choice` from `NumberedListOutput`.
@MainActor
public protocol MusicArtistsListViewModelOutput: NumberedListOutput where Row == MusicArtistsListItemViewModel {}

public typealias MusicArtistsListViewModel = MusicArtistsListViewModelInput & MusicArtistsListViewModelOutput

/// Searches artists through the use case and publishes the rows.
@MainActor
public final class DefaultMusicArtistsListViewModel: MusicArtistsListViewModel {
    private let searchUseCase: any SearchMusicArtistsUseCase
    private let actions: MusicArtistsListViewModelActions?
    private let content = ListContent<MusicArtistsListItemViewModel>(title: "Artists")

    public var items: AnyPublisher<[MusicArtistsListItemViewModel], Never> { content.items }
    public var title: AnyPublisher<String, Never> { content.title }
    public let choice = "artist's videos"
    public var loading: AnyPublisher<ListLoading, Never> { content.loading }
    public var noResults: AnyPublisher<UserMessage, Never> { content.noResults }
    public var error: AnyPublisher<CatalogError, Never> { content.error }

    /// - Parameters:
    ///   - searchUseCase: Searches artists.
    ///   - actions: Navigation; `nil` where the list leads nowhere (one-shot output).
    public init(searchUseCase: any SearchMusicArtistsUseCase, actions: MusicArtistsListViewModelActions? = nil) {
        self.searchUseCase = searchUseCase
        self.actions = actions
    }

    public func didSearch(query: MusicArtistQuery) async {
        let useCase = searchUseCase
        await content.load { () async throws(CatalogError) in
            let page = try await useCase.execute(query: query)
            return .init(
                title: "Artists for \"\(TerminalSanitizer.sanitize(page.query.term))\"",
                rows: page.items.map(MusicArtistsListItemViewModel.init(artist:)),
                nothingFound: UserMessage("no artists found for \"\(page.query.term)\"", hint: .tryOtherWords))
        }
    }

    public func didSelectItem(at index: Int) {
        guard let row = content.row(at: index) else { return }
        actions?.showArtistVideos(row.artist.id, row.artist.name)
    }
}
