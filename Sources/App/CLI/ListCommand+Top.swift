import Domain
import Presentation

extension ListCommand {
    /// `--top [--genre ID]`: the store's top music videos chart, no term; a row opens its details.
    static let top = ListCommand(
        "--top", help: "the store's top music videos chart (no term)", operand: .none,
        options: [
            CommandLineOption(
                "--genre", value: .required("ID"), help: "with --top: one genre's chart (14 Pop, 21 Rock)"
            ) {
                options, argument throws(UsageError) in
                let genre = try argument.integer()
                guard genre > 0 else {
                    throw UsageError("option --genre needs a genre id such as 14 (Pop), not \(genre)")
                }
                options.listValues["--genre"] = genre
            }
        ],
        usage: "the store's top music videos", rows: "chart entries", of: TopMusicVideosItemViewModel.self,
        query: { ChartQuery(country: $0.country, limit: $0.limit, genreID: $0.integer(of: "--genre")) },
        open: { container, query, navigation in
            let viewModel = container.makeTopMusicVideosViewModel(
                actions: navigation.map {
                    TopMusicVideosViewModelActions(showMusicVideoDetails: $0.showMusicVideoDetails)
                })
            return OpenedList(viewModel: viewModel) { await viewModel.didLoad(query: query) }
        })
}
