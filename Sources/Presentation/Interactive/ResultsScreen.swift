import Domain
import Foundation

/// A numbered page of results: a number opens one, `n` / `p` page through. Rows are numbered
/// from the page's offset, so page 2 of 25 per page starts at 26.
@MainActor
public final class ResultsScreen: InteractiveScreen {
    private let viewModel: any MusicVideosListViewModel
    private let renderer: @MainActor (_ firstNumber: Int) -> any ListRenderer<MusicVideosListItemViewModel>
    private let style: TextStyle
    private let output: any TextOutput
    private let status: ListStatusView
    private var items: [MusicVideosListItemViewModel] = []
    private var source: MusicVideosListSource?
    private var hasNextPage = false
    private var hasPreviousPage = false
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The list.
    ///   - renderer: Makes the renderer of a page whose first row has this number (a table fitted
    ///     to the terminal).
    ///   - style: Colour or none, for the title.
    ///   - output: The page is written here.
    ///   - status: Reports loading, failures and empty results for the list.
    public init(
        viewModel: any MusicVideosListViewModel,
        renderer: @escaping @MainActor (_ firstNumber: Int) -> any ListRenderer<MusicVideosListItemViewModel>,
        style: TextStyle,
        output: any TextOutput,
        status: ListStatusView
    ) {
        self.viewModel = viewModel
        self.renderer = renderer
        self.style = style
        self.output = output
        self.status = status
        viewModel.source.sink { [weak self] in self?.source = $0 }.store(in: &subscriptions)
        viewModel.hasNextPage.sink { [weak self] in self?.hasNextPage = $0 }.store(in: &subscriptions)
        viewModel.hasPreviousPage.sink { [weak self] in self?.hasPreviousPage = $0 }.store(in: &subscriptions)
        viewModel.items
            .sink { [weak self] items in
                guard let self else { return }
                self.items = items
                if !items.isEmpty { show() }
            }
            .store(in: &subscriptions)
    }

    /// Whether the screen has nothing to show (its load failed, found nothing, or was cancelled).
    public var isEmpty: Bool { items.isEmpty }

    public var keys: String {
        var keys: [String] = []
        let first = firstNumber
        if !items.isEmpty {
            keys.append(items.count == 1 ? "\(first) details" : "\(first)–\(first + items.count - 1) details")
        }
        if hasNextPage { keys.append("n next page") }
        if hasPreviousPage { keys.append("p previous page") }
        return keys.joined(separator: " · ")
    }

    public func show() {
        guard !items.isEmpty else { return }
        output.write(
            style.bold(title) + "\n"
                + renderer(firstNumber).render(items))
    }

    public func handle(_ input: String) async -> Bool {
        switch input {
        case "n" where hasNextPage:
            await viewModel.didLoadNextPage()
        case "p" where hasPreviousPage:
            await viewModel.didLoadPreviousPage()
        default:
            guard let number = Int(input), items.indices.contains(number - firstNumber) else { return false }
            viewModel.didSelectItem(at: number - firstNumber)
        }
        return true
    }

    /// The number of the first row: the search's offset + 1.
    private var firstNumber: Int {
        if case .search(let query)? = source { return query.offset + 1 }
        return 1
    }

    private var title: String {
        switch source {
        case .search(let query)?:
            let first = firstNumber
            return "Music videos for \"\(TerminalSanitizer.sanitize(query.term))\", \(first)–\(first + items.count - 1)"
        case .artist(let query)?:
            return "Music videos by " + (query.artistName.map(TerminalSanitizer.sanitize) ?? "artist \(query.artistID)")
        case nil:
            return "Music videos"
        }
    }
}
