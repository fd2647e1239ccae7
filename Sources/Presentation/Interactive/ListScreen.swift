import Reactive
import TerminalUI

/// A numbered list of any rows under its title: a number opens one (what the view model's
/// `choice` names); a list that pages adds `n` / `p` (and `r` after a page failed to load) and
/// numbers its rows from the page's offset, so page 2 of 25 per page starts at 26.
@MainActor
public final class ListScreen<Row: ListRowDescribing>: InteractiveScreen {
    private let select: @MainActor (Int) -> Void
    private let paging: (any PagedListInput)?
    private let choice: String
    private let renderer: @MainActor (_ firstNumber: Int) -> any ListRenderer<Row>
    private let style: TextStyle
    private let output: any TextOutput
    private let status: ListStatusView
    private var items: [Row] = []
    private var title = ""
    private var firstNumber = 1
    private var hasNextPage = false
    private var hasPreviousPage = false
    /// A load failed: `r` tries it again.
    private var canRetry = false
    private var subscriptions = Set<AnyCancellable>()

    /// A list shown whole.
    /// - Parameters:
    ///   - viewModel: The list.
    ///   - renderer: Makes the renderer of rows numbered from this number (a table fitted to
    ///     the terminal).
    ///   - style: Colour or none, for the title.
    ///   - output: The list is written here.
    ///   - status: Reports loading, failures and empty results for the list.
    public convenience init<ViewModel: NumberedListOutput<Row> & NumberedListInput>(
        viewModel: ViewModel,
        renderer: @escaping @MainActor (_ firstNumber: Int) -> any ListRenderer<Row>,
        style: TextStyle, output: any TextOutput, status: ListStatusView
    ) {
        self.init(viewModel, paging: nil, renderer: renderer, style: style, output: output, status: status)
    }

    /// A list that pages; the parameters are those of a list shown whole.
    public convenience init<
        ViewModel: NumberedListOutput<Row> & NumberedListInput & PagedListOutput & PagedListInput
    >(
        pagedViewModel viewModel: ViewModel,
        renderer: @escaping @MainActor (_ firstNumber: Int) -> any ListRenderer<Row>,
        style: TextStyle, output: any TextOutput, status: ListStatusView
    ) {
        self.init(viewModel, paging: viewModel, renderer: renderer, style: style, output: output, status: status)
        viewModel.firstNumber.sink { [weak self] in self?.firstNumber = $0 }.store(in: &subscriptions)
        viewModel.hasNextPage.sink { [weak self] in self?.hasNextPage = $0 }.store(in: &subscriptions)
        viewModel.hasPreviousPage.sink { [weak self] in self?.hasPreviousPage = $0 }.store(in: &subscriptions)
        viewModel.error.sink { [weak self] _ in self?.canRetry = true }.store(in: &subscriptions)
        viewModel.loading
            .sink { [weak self] in if $0 != .idle { self?.canRetry = false } }
            .store(in: &subscriptions)
    }

    private init<ViewModel: NumberedListOutput<Row> & NumberedListInput>(
        _ viewModel: ViewModel, paging: (any PagedListInput)?,
        renderer: @escaping @MainActor (_ firstNumber: Int) -> any ListRenderer<Row>,
        style: TextStyle, output: any TextOutput, status: ListStatusView
    ) {
        select = { viewModel.didSelectItem(at: $0) }
        self.paging = paging
        choice = viewModel.choice
        self.renderer = renderer
        self.style = style
        self.output = output
        self.status = status
        viewModel.title.sink { [weak self] in self?.title = $0 }.store(in: &subscriptions)
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
            keys.append(items.count == 1 ? "\(first) \(choice)" : "\(first)–\(first + items.count - 1) \(choice)")
        }
        if hasNextPage { keys.append("n next page") }
        if hasPreviousPage { keys.append("p previous page") }
        if canRetry { keys.append("r retry") }
        return keys.joined(separator: " · ")
    }

    public func show() {
        guard !items.isEmpty else { return }
        output.write(style.bold(title) + "\n" + renderer(firstNumber).render(items))
    }

    public func handle(_ input: String) async -> Bool {
        switch input {
        case "n" where hasNextPage:
            await paging?.didLoadNextPage()
        case "p" where hasPreviousPage:
            await paging?.didLoadPreviousPage()
        case "r" where canRetry:
            await paging?.didRetry()
        default:
            guard let number = Int(input), items.indices.contains(number - firstNumber) else { return false }
            select(number - firstNumber)
        }
        return true
    }
}
