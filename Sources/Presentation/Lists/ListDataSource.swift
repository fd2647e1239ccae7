import Domain
import Foundation
import Reactive
import TerminalUI

/// What a full-screen list reads from the view model that loads its rows, and the inputs it
/// calls: the same for search results, an artist's videos, a chart and artists, so one list
/// state and one view serve them all.
@MainActor
public struct ListDataSource<Row: ListRowDescribing> {
    /// Subscribes to the rows, the title, the load's events and the notices, sending each as a
    /// `ListEvent` (a notice as its text).
    public var subscribe:
        @MainActor (
            _ send: @escaping @MainActor (ListEvent<Row>) -> Void, _ notice: @escaping @MainActor (String) -> Void
        ) -> [AnyCancellable]
    /// What Enter opens on a row (`details`).
    public var choice: String
    /// Enter: opens the row at this index.
    public var select: @MainActor (Int) -> Void
    /// The page after the last row; `nil` for a list answered by one request.
    public var loadNextPage: (@MainActor () async -> Void)?
    /// The failed load again; `nil` to run the first load again.
    public var retry: (@MainActor () async -> Void)?
    /// Where the user looks, for a list that fetches its next page in time.
    public var didView: (@MainActor (_ row: Int, _ rowsOnScreen: Int) -> Void)?
    /// Cancels the request in flight.
    public var cancel: @MainActor () -> Void
    /// `o` on a video row.
    public var openPage: @MainActor (_ row: Int, _ video: MusicVideo) -> Void
    /// `a` on a video row.
    public var showArtist: @MainActor (_ row: Int, _ video: MusicVideo) -> Void
    /// `m` on a video row: the videos like it.
    public var showRelated: @MainActor (_ row: Int, _ video: MusicVideo) -> Void

    /// A list answered by one request (a chart, artists).
    /// - Parameters:
    ///   - viewModel: The list's view model.
    ///   - hints: How advice in messages is worded here.
    ///   - openPage: `o` on a video row (a chart's).
    ///   - showArtist: `a` on a video row.
    ///   - showRelated: `m` on a video row.
    public init<ViewModel: NumberedListOutput<Row> & NumberedListInput>(
        _ viewModel: ViewModel, hints: any HintPhrasing, openPage: @escaping @MainActor (MusicVideo) -> Void = { _ in },
        showArtist: @escaping @MainActor (MusicVideo) -> Void = { _ in },
        showRelated: @escaping @MainActor (MusicVideo) -> Void = { _ in }
    ) {
        subscribe = { send, _ in
            [
                viewModel.title.sink { send(.title($0)) },
                viewModel.loading.sink { send(.loading($0)) },
                viewModel.items.sink { send(.loaded($0, firstNumber: 1)) },
            ] + Self.status(of: viewModel, hints: hints, send: send)
        }
        choice = viewModel.choice
        select = { viewModel.didSelectItem(at: $0) }
        cancel = {}
        self.openPage = { openPage($1) }
        self.showArtist = { showArtist($1) }
        self.showRelated = { showRelated($1) }
    }

    /// The failures and empty answers of any list, as events.
    static func status(
        of viewModel: any ListStatusOutput, hints: any HintPhrasing,
        send: @escaping @MainActor (ListEvent<Row>) -> Void
    ) -> [AnyCancellable] {
        [
            viewModel.noResults.sink { send(.nothingFound($0.text(phrasing: hints))) },
            viewModel.error.sink { send(.failed(CatalogErrorMessage.message(for: $0).text(phrasing: hints))) },
        ]
    }
}

extension ListDataSource where Row == MusicVideosListItemViewModel {
    /// Search results or an artist's videos: pages that grow the list as the user scrolls.
    /// - Parameters:
    ///   - viewModel: The list's view model.
    ///   - hints: How advice in messages is worded here.
    public init(videos viewModel: any MusicVideosListViewModel, hints: any HintPhrasing) {
        subscribe = { send, notice in
            var firstNumber = 1
            return [
                viewModel.loading.sink { send(.loading($0)) },
                viewModel.source.sink { source in source.map { send(.title(Self.title(for: $0))) } },
                viewModel.firstNumber.sink { firstNumber = $0 },
                viewModel.items.sink { send(.loaded($0, firstNumber: firstNumber)) },
                viewModel.hasNextPage.sink { send(.morePages($0)) },
                viewModel.notice.sink { notice($0) },
            ] + Self.status(of: viewModel, hints: hints, send: send)
        }
        choice = viewModel.choice
        select = { viewModel.didSelectItem(at: $0) }
        loadNextPage = { await viewModel.didLoadNextPage() }
        retry = { await viewModel.didRetry() }
        didView = { viewModel.didView(rowAt: $0, rowsOnScreen: $1) }
        cancel = { viewModel.didCancel() }
        openPage = { row, _ in viewModel.didOpenItemInBrowser(at: row) }
        showArtist = { row, _ in viewModel.didShowArtistVideos(ofItemAt: row) }
        showRelated = { row, _ in viewModel.didShowRelatedVideos(ofItemAt: row) }
    }

    private static func title(for source: MusicVideosListSource) -> String {
        switch source {
        case .search(let query): "Music videos for \"\(TerminalSanitizer.sanitize(query.term))\""
        case .artist(let query):
            "Music videos by " + (query.artistName.map(TerminalSanitizer.sanitize) ?? "artist \(query.artistID)")
        case .related(let query, let videoTitle):
            DefaultMusicVideosListViewModel.relatedTitle(query, videoTitle: videoTitle)
        }
    }
}
