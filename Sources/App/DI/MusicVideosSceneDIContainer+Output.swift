import Domain
import Foundation
import Presentation
import Reactive
import TerminalUI

/// The one-shot commands' view models, views and renderers: results written once to standard
/// output, messages worded for the command line.
extension MusicVideosSceneDIContainer {
    // MARK: Music videos list

    func makeMusicVideosListViewModel(
        actions: MusicVideosListViewModelActions? = nil,
        prefetchesNextPage: Bool = false
    ) -> any MusicVideosListViewModel {
        DefaultMusicVideosListViewModel(
            searchUseCase: makeSearchMusicVideosUseCase(),
            artistVideosUseCase: makeFetchArtistMusicVideosUseCase(),
            relatedVideosUseCase: makeFetchRelatedMusicVideosUseCase(),
            actions: actions,
            prefetchesNextPage: prefetchesNextPage)
    }

    /// - Parameter firstNumber: The number of the table's first row (a search's offset + 1).
    func makeMusicVideosListView(viewModel: any MusicVideosListViewModel, style: OutputStyle, firstNumber: Int = 1)
        -> ListView<MusicVideosListItemViewModel>
    {
        makeListView(
            items: viewModel.items, status: viewModel,
            renderer: makeListRenderer(style: style, firstNumber: firstNumber))
    }

    /// A one-shot list of any rows: results on standard output, messages worded for the command line.
    func makeListView<Row>(
        items: AnyPublisher<[Row], Never>, status: any ListStatusOutput, renderer: any ListRenderer<Row>
    ) -> ListView<Row> {
        ListView(
            items: items,
            status: status,
            renderer: renderer,
            output: console.output,
            diagnostics: console.diagnostics,
            diagnosticPrefix: Self.diagnosticPrefix,
            activityIndicator: console.activityIndicator,
            hintPhrasing: dependencies.commandLineHints
        )
    }

    /// The table, plain, JSON or JSON-lines renderer of any rows that describe their columns, in
    /// the order `--sort` asks for.
    /// - Parameter firstNumber: The number of the table's first row.
    func makeListRenderer<Row: ListRowDescribing>(style: OutputStyle, firstNumber: Int = 1) -> any ListRenderer<Row> {
        let renderer: any ListRenderer<Row> = makeFormatRenderer(style: style, firstNumber: firstNumber)
        return style.order.map { OrderedListRenderer(renderer, order: $0) } ?? renderer
    }

    private func makeFormatRenderer<Row: ListRowDescribing>(style: OutputStyle, firstNumber: Int) -> any ListRenderer<
        Row
    > {
        switch style.format {
        case .table:
            TableRenderer<Row>(
                width: console.width, style: TextStyle(usesColor: style.usesColor), firstNumber: firstNumber)
        case .plain: PlainRenderer<Row>()
        case .json: JSONRenderer<Row>(keys: style.jsonFields)
        case .jsonl: JSONRenderer<Row>(keys: style.jsonFields, layout: .lines)
        case .m3u: M3URenderer<Row>()
        }
    }

    // MARK: Music video details

    func makeMusicVideoDetailsViewModel(
        video: MusicVideo? = nil,
        actions: MusicVideoDetailsViewModelActions? = nil
    ) -> any MusicVideoDetailsViewModel {
        DefaultMusicVideoDetailsViewModel(video: video, fetchUseCase: makeFetchMusicVideoUseCase(), actions: actions)
    }

    /// - Parameter hints: How the view words hints: `commandLineHints` for `--id`, `sessionHints` in the session.
    func makeMusicVideoDetailsView(
        viewModel: any MusicVideoDetailsViewModel, style: OutputStyle, hints: any HintPhrasing
    ) -> MusicVideoDetailsView {
        MusicVideoDetailsView(
            viewModel: viewModel,
            renderer: makeDetailsRenderer(style: style),
            output: console.output,
            diagnostics: console.diagnostics,
            diagnosticPrefix: Self.diagnosticPrefix,
            activityIndicator: console.activityIndicator,
            hintPhrasing: hints
        )
    }

    /// Labelled lines for the table format; the other formats write the video as a one-row list.
    func makeDetailsRenderer(style: OutputStyle) -> any MusicVideoDetailsRenderer {
        switch style.format {
        case .table: MusicVideoDetailsTextRenderer(style: TextStyle(usesColor: style.usesColor))
        case .plain, .json, .jsonl, .m3u: MusicVideoAsListRenderer(list: makeListRenderer(style: style))
        }
    }

    // MARK: Recent searches

    func makeRecentSearchesViewModel() -> any RecentSearchesViewModel {
        DefaultRecentSearchesViewModel(
            fetchUseCase: makeFetchRecentSearchesUseCase(), clearUseCase: makeClearRecentSearchesUseCase())
    }

    /// - Parameter asObjects: JSON objects with the key `term` instead of strings.
    func makeRecentSearchesView(viewModel: any RecentSearchesViewModel, style: OutputStyle, asObjects: Bool)
        -> RecentSearchesView
    {
        let renderer: any RecentSearchesRenderer =
            switch style.format {
            case .table, .plain, .m3u: RecentSearchesLinesRenderer()
            case .json: RecentSearchesJSONRenderer(asObjects: asObjects)
            case .jsonl: RecentSearchesJSONRenderer(asObjects: asObjects, layout: .lines)
            }
        return RecentSearchesView(viewModel: viewModel, renderer: renderer, output: console.output)
    }
}
