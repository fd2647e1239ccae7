import Catalog
import Domain
import Presentation

extension ListCommand {
    /// `--top [--genre ID]`: the `top` operation, no term; a row opens the video's details.
    static let top = ListCommand(
        .top,
        options: [
            CommandLineOption(.genre, help: "with --top: one genre's chart (14 Pop, 21 Rock)") {
                options, argument throws(UsageError) in
                let genre = try argument.integer(example: 14)
                guard genre > 0 else {
                    throw UsageError(
                        "option --genre needs a genre id, not \(genre) — give one such as 14 (Pop); --genres lists them"
                    )
                }
                options.operationValues[OperationParameter.genre.name] = genre
            }
        ],
        of: TopMusicVideosItemViewModel.self, query: CatalogOperation.topQuery,
        open: { container, query, navigation in
            let viewModel = container.makeTopMusicVideosViewModel(
                actions: navigation.map {
                    TopMusicVideosViewModelActions(showMusicVideoDetails: $0.showMusicVideoDetails)
                })
            return OpenedList(viewModel: viewModel) { await viewModel.didLoad(query: query) }
        })
}
