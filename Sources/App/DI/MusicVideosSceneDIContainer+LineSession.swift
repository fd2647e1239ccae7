import Domain
import Foundation
import Presentation
import Reactive
import TerminalUI

/// The line session's screens (piped input, `TERM=dumb`) and its coordinator.
extension MusicVideosSceneDIContainer {
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
        let viewModel = makeMusicVideosListViewModel(actions: actions, prefetchesNextPage: prefetchesPages)
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
