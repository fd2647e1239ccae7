import Domain
import Foundation
import Reactive

/// One row of a chart: its position and the video, with the music-video list's columns.
public typealias TopMusicVideosItemViewModel = RankedRow<MusicVideosListItemViewModel>

/// Navigation out of the chart; the coordinator fills it in.
public struct TopMusicVideosViewModelActions {
    /// Shows a row's video, looked up by its track id: the chart's row says little of it, but
    /// that little is shown when the lookup fails.
    public let showMusicVideoDetails: @MainActor (_ row: MusicVideo) -> Void

    public init(showMusicVideoDetails: @escaping @MainActor (_ row: MusicVideo) -> Void) {
        self.showMusicVideoDetails = showMusicVideoDetails
    }
}

/// Events the chart reacts to; choosing a row comes from `NumberedListInput`.
@MainActor
public protocol TopMusicVideosViewModelInput: NumberedListInput {
    /// Loads the chart, replacing what is shown; returns when done (cancelling the awaiting task
    /// cancels the request).
    func didLoad(query: ChartQuery) async
}

/// What the chart shows: its rows, top first, under a title naming the chart.
@MainActor
public protocol TopMusicVideosViewModelOutput: NumberedListOutput where Row == TopMusicVideosItemViewModel {
    /// The chart asked for last (its country and genre, which the session's keys change);
    /// `nil` before the first load.
    var query: ChartQuery? { get }
}

public typealias TopMusicVideosViewModel = TopMusicVideosViewModelInput & TopMusicVideosViewModelOutput

/// Loads a chart through the use case; a row opens that video's details.
@MainActor
public final class DefaultTopMusicVideosViewModel: TopMusicVideosViewModel {
    private let useCase: any FetchTopMusicVideosUseCase
    private let actions: TopMusicVideosViewModelActions?
    private let content = ListContent<TopMusicVideosItemViewModel>(title: "Top music videos")

    public var items: AnyPublisher<[TopMusicVideosItemViewModel], Never> { content.items }
    public var title: AnyPublisher<String, Never> { content.title }
    public let choice = "details"
    public private(set) var query: ChartQuery?
    public var loading: AnyPublisher<ListLoading, Never> { content.loading }
    public var noResults: AnyPublisher<UserMessage, Never> { content.noResults }
    public var error: AnyPublisher<CatalogError, Never> { content.error }

    /// - Parameters:
    ///   - useCase: Fetches the chart.
    ///   - actions: Navigation; `nil` where the list leads nowhere (one-shot output).
    public init(useCase: any FetchTopMusicVideosUseCase, actions: TopMusicVideosViewModelActions? = nil) {
        self.useCase = useCase
        self.actions = actions
    }

    public func didLoad(query: ChartQuery) async {
        self.query = query
        let useCase = useCase
        await content.load { () async throws(CatalogError) in
            let page = try await useCase.execute(query: query)
            let chart = Self.chartName(page.query)
            return .init(
                title: chart.prefix(1).uppercased() + chart.dropFirst(),
                rows: Self.rows(page.items),
                // The store answers an unknown country, or a genre it has no chart for, with an empty feed.
                nothingFound: UserMessage(
                    "the \(chart) is empty", hint: page.query.genreID == nil ? .giveCountryCode : .checkIDOrCountry))
        }
    }

    /// The rows, each ranked with its place in the chart (the feed's own, so an entry left out
    /// or repeated leaves a gap), or its place in the list when the chart gave none.
    nonisolated static func rows(_ videos: [MusicVideo]) -> [TopMusicVideosItemViewModel] {
        zip(videos, MusicVideosListItemViewModel.items(for: videos)).enumerated().map { offset, pair in
            RankedRow(rank: pair.0.chartPosition ?? offset + 1, row: pair.1)
        }
    }

    public func didSelectItem(at index: Int) {
        guard let row = content.row(at: index) else { return }
        actions?.showMusicVideoDetails(row.row.video)
    }

    /// `top music videos chart in US`, `… in US (Pop)`, or `… in US (genre 9999)` for a genre the
    /// store's chart list does not name.
    nonisolated private static func chartName(_ query: ChartQuery) -> String {
        let genre = query.genreID.map { id in ChartGenre.musicVideoCharts.first { $0.id == id }?.name ?? "genre \(id)" }
        return "top music videos chart in \(query.country)" + (genre.map { " (\($0))" } ?? "")
    }
}
