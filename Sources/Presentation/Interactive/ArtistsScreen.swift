import Domain
import Foundation

/// Artists found for a term, numbered: a number lists that artist's music videos.
@MainActor
public final class ArtistsScreen: InteractiveScreen {
    private let viewModel: any MusicArtistsListViewModel
    private let renderer: any ListRenderer<MusicArtistsListItemViewModel>
    private let style: TextStyle
    private let output: any TextOutput
    private let status: ListStatusView
    private var items: [MusicArtistsListItemViewModel] = []
    private var term = ""
    private var subscriptions = Set<AnyCancellable>()

    /// - Parameters:
    ///   - viewModel: The artists.
    ///   - renderer: Writes the rows (a table fitted to the terminal).
    ///   - style: Colour or none, for the title.
    ///   - output: The list is written here.
    ///   - status: Reports loading, failures and empty results.
    public init(
        viewModel: any MusicArtistsListViewModel, renderer: any ListRenderer<MusicArtistsListItemViewModel>,
        style: TextStyle, output: any TextOutput, status: ListStatusView
    ) {
        self.viewModel = viewModel
        self.renderer = renderer
        self.style = style
        self.output = output
        self.status = status
        viewModel.query.sink { [weak self] in self?.term = $0?.term ?? "" }.store(in: &subscriptions)
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
        items.isEmpty ? "" : (items.count == 1 ? "1 artist's videos" : "1–\(items.count) artist's videos")
    }

    public func show() {
        guard !items.isEmpty else { return }
        output.write(
            style.bold("Artists for \"\(TerminalSanitizer.sanitize(term))\"") + "\n" + renderer.render(items))
    }

    public func handle(_ input: String) async -> Bool {
        guard let number = Int(input), items.indices.contains(number - 1) else { return false }
        viewModel.didSelectItem(at: number - 1)
        return true
    }
}
