import Domain
import Foundation

/// What the details screen shows: every field of one video, scrolled.
public struct DetailsViewState: Equatable, Sendable {
    /// Fields whose value is a web address, drawn as links.
    static let linkLabels: Set<String> = ["Page", "Artist page", "Preview", "Artwork"]

    public var rows: [MusicVideoDetailRow] = []
    public var top = 0

    public init() {}

    public mutating func scroll(by delta: Int, rows height: Int) {
        top = max(0, min(top + delta, rows.count - max(1, height - 2)))
    }

    /// The screen as a pure function of the state. Every value was sanitised by the formatter;
    /// a URL is also a link target only when it is a plain http(s) address.
    public func render(columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        let title = rows.first { $0.label == "Title" }?.value ?? "Music video"
        frame[0] = FrameLine(title, columns: columns, attributes: .bold)
        let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        let visible = rows.dropFirst(min(top, rows.count)).prefix(max(0, height - 2))
        for (offset, row) in visible.enumerated() {
            var line = FrameLine(columns: columns)
            line.append("  ")
            line.append(row.label, width: labelWidth, .bold)
            line.append("  ")
            if Self.linkLabels.contains(row.label) {
                line.append(row.value, [], link: row.value)
            } else {
                line.append(row.value)
            }
            frame[2 + offset] = line
        }
        return frame
    }
}

/// One video's details in the full-screen session: `o` opens its page, `a` its artist's videos.
@MainActor
public final class FullScreenDetailsView: FullScreenView {
    private let viewModel: any MusicVideoDetailsViewModel
    private var subscriptions = Set<AnyCancellable>()
    private var height = 10
    public weak var host: (any FullScreenHost)?

    public private(set) var state = DetailsViewState() {
        didSet { if state != oldValue { host?.setNeedsDisplay() } }
    }

    public init(viewModel: any MusicVideoDetailsViewModel) {
        self.viewModel = viewModel
        viewModel.rows
            .sink { [weak self] rows in self?.state.rows = rows }
            .store(in: &subscriptions)
        viewModel.notice
            .sink { [weak self] notice in self?.host?.report(notice) }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in self?.host?.report(MusicVideoErrorMessage.text(for: error)) }
            .store(in: &subscriptions)
    }

    public func render(columns: Int, rows: Int) -> Frame {
        height = rows
        return state.render(columns: columns, rows: rows)
    }

    public var keyHints: String { "o open · a artist's videos · Esc back · s search · ? help · q quit" }
    public var activity: String? { nil }
    public var capturesText: Bool { false }

    public var help: [(key: String, action: String)] {
        [
            ("o", "open the video's page in the browser"),
            ("a", "the artist's music videos"),
            ("↑ ↓", "scroll"),
            ("s", "a new search"),
            ("Esc ← b", "back to the list"),
            ("q", "quit"),
        ]
    }

    public func handle(_ key: Key) -> Bool {
        switch key {
        case .character("o"): viewModel.didOpenInBrowser()
        case .character("a"): viewModel.didShowArtistVideos()
        case .up, .character("k"): state.scroll(by: -1, rows: height)
        case .down, .character("j"): state.scroll(by: 1, rows: height)
        default: return false
        }
        return true
    }

    public func cancelRequest() -> Bool {
        viewModel.didCancel()
        return false
    }

    public func didReappear() {}
}
