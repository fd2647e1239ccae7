import Data
import Domain
import Foundation
import Networking
import Presentation
import Reactive
import TerminalUI

/// Makes everything the music-video screens need: repository, use cases, view models, views,
/// interactive screens and the flow coordinator. Each list command's own factories are in an
/// extension of their own (`MusicVideosSceneDIContainer+Artists.swift`), the full-screen
/// session's views in `MusicVideosSceneDIContainer+FullScreen.swift`.
@MainActor
final class MusicVideosSceneDIContainer {
    struct Dependencies {
        let dataTransferService: any DataTransferService
        let recentSearchesRepository: any RecentSearchesRepository
        let browser: any URLOpening
        let console: Console
        /// Test doubles used instead of the iTunes repositories when set.
        let overrides: AppDIContainer.Overrides
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
    var browser: any URLOpening { dependencies.browser }

    // MARK: Repositories

    func makeMusicVideosRepository() -> any MusicVideosRepository {
        dependencies.overrides.musicVideosRepository
            ?? DefaultMusicVideosRepository(dataTransferService: dependencies.dataTransferService)
    }

    // MARK: Use cases

    func makeSearchMusicVideosUseCase() -> any SearchMusicVideosUseCase {
        DefaultSearchMusicVideosUseCase(
            repository: makeMusicVideosRepository(), recentSearches: dependencies.recentSearchesRepository)
    }

    func makeFetchMusicVideoUseCase() -> any FetchMusicVideoUseCase {
        DefaultFetchMusicVideoUseCase(repository: makeMusicVideosRepository())
    }

    func makeFetchArtistMusicVideosUseCase() -> any FetchArtistMusicVideosUseCase {
        DefaultFetchArtistMusicVideosUseCase(repository: makeMusicVideosRepository())
    }

    func makeFetchRecentSearchesUseCase() -> any FetchRecentSearchesUseCase {
        DefaultFetchRecentSearchesUseCase(repository: dependencies.recentSearchesRepository)
    }

    func makeClearRecentSearchesUseCase() -> any ClearRecentSearchesUseCase {
        DefaultClearRecentSearchesUseCase(repository: dependencies.recentSearchesRepository)
    }

    // MARK: Music videos list

    func makeMusicVideosListViewModel(
        actions: MusicVideosListViewModelActions? = nil,
        prefetchesNextPage: Bool = false
    ) -> any MusicVideosListViewModel {
        DefaultMusicVideosListViewModel(
            searchUseCase: makeSearchMusicVideosUseCase(),
            artistVideosUseCase: makeFetchArtistMusicVideosUseCase(),
            actions: actions,
            prefetchesNextPage: prefetchesNextPage)
    }

    /// - Parameter firstNumber: The number of the table's first row (a search's offset + 1).
    func makeMusicVideosListView(viewModel: any MusicVideosListViewModel, style: OutputStyle, firstNumber: Int = 1)
        -> ListView<MusicVideosListItemViewModel>
    {
        makeListView(
            items: viewModel.items, status: viewModel, renderer: makeRenderer(style: style, firstNumber: firstNumber))
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
            hintPhrasing: Self.commandLineHints
        )
    }

    func makeRenderer(style: OutputStyle, firstNumber: Int = 1) -> any ListRenderer<MusicVideosListItemViewModel> {
        makeListRenderer(style: style, firstNumber: firstNumber)
    }

    /// The table, plain, JSON or JSON-lines renderer of any rows that describe their columns.
    /// - Parameter firstNumber: The number of the table's first row.
    func makeListRenderer<Row: ListRowDescribing>(style: OutputStyle, firstNumber: Int = 1) -> any ListRenderer<Row> {
        switch style.format {
        case .table:
            TableRenderer<Row>(
                width: console.width, style: TextStyle(usesColor: style.usesColor), firstNumber: firstNumber)
        case .plain: PlainRenderer<Row>()
        case .json: JSONRenderer<Row>(keys: style.jsonFields)
        case .jsonl: JSONRenderer<Row>(keys: style.jsonFields, layout: .lines)
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
        case .plain, .json, .jsonl: MusicVideoAsListRenderer(list: makeRenderer(style: style))
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
            case .table, .plain: RecentSearchesLinesRenderer()
            case .json: RecentSearchesJSONRenderer(asObjects: asObjects)
            case .jsonl: RecentSearchesJSONRenderer(asObjects: asObjects, layout: .lines)
            }
        return RecentSearchesView(viewModel: viewModel, renderer: renderer, output: console.output)
    }

    // MARK: Interactive session

    func makeSearchScreen(
        actions: MusicVideosSearchViewModelActions,
        style: TextStyle
    ) -> (SearchScreen, any MusicVideosSearchViewModel) {
        let viewModel = DefaultMusicVideosSearchViewModel(
            recentSearchesUseCase: makeFetchRecentSearchesUseCase(), actions: actions)
        let screen = SearchScreen(
            viewModel: viewModel, output: console.output, diagnostics: console.diagnostics,
            diagnosticPrefix: Self.diagnosticPrefix, style: style)
        return (screen, viewModel)
    }

    func makeResultsScreen(
        actions: MusicVideosListViewModelActions,
        style: TextStyle
    ) -> (ListScreen<MusicVideosListItemViewModel>, any MusicVideosListViewModel) {
        let viewModel = makeMusicVideosListViewModel(actions: actions, prefetchesNextPage: true)
        let screen = ListScreen(
            pagedViewModel: viewModel, renderer: makeSessionTable(style: style), style: style, output: console.output,
            status: makeSessionStatus(viewModel))
        return (screen, viewModel)
    }

    /// The line session's numbered table of any list that describes its rows (the artists).
    func makeListScreen<ViewModel: NumberedListOutput & NumberedListInput>(viewModel: ViewModel, style: TextStyle)
        -> any InteractiveScreen
    {
        ListScreen(
            viewModel: viewModel, renderer: makeSessionTable(style: style), style: style, output: console.output,
            status: makeSessionStatus(viewModel))
    }

    private func makeSessionTable<Row: ListRowDescribing>(style: TextStyle)
        -> @MainActor (_ firstNumber: Int) -> any ListRenderer<Row>
    {
        { [console] in TableRenderer(width: console.width, style: style, firstNumber: $0) }
    }

    private func makeSessionStatus(_ viewModel: any ListStatusOutput) -> ListStatusView {
        ListStatusView(
            viewModel: viewModel, diagnostics: console.diagnostics, diagnosticPrefix: Self.diagnosticPrefix,
            activityIndicator: console.activityIndicator, hintPhrasing: Self.sessionHints)
    }

    /// One video's details: `video` when known, else empty until its view model loads it.
    func makeDetailsScreen(
        video: MusicVideo?,
        actions: MusicVideoDetailsViewModelActions,
        style: TextStyle
    ) -> (DetailsScreen, any MusicVideoDetailsViewModel) {
        let viewModel = makeMusicVideoDetailsViewModel(video: video, actions: actions)
        let view = makeMusicVideoDetailsView(
            viewModel: viewModel, style: OutputStyle(format: .table, usesColor: style.usesColor),
            hints: Self.sessionHints
        )
        return (DetailsScreen(viewModel: viewModel, view: view), viewModel)
    }

    func makeSearchFlowCoordinator(
        settings: MusicVideosSearchFlowCoordinator.Settings,
        style: TextStyle,
        requests: RequestScope
    ) -> MusicVideosSearchFlowCoordinator {
        MusicVideosSearchFlowCoordinator(container: self, settings: settings, style: style, requests: requests)
    }
}
