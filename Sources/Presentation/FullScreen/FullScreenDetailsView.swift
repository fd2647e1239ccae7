import Domain
import Foundation
import Reactive
import TerminalUI

/// What the details screen shows: every field of one video, scrolled.
public struct DetailsViewState: Equatable, Sendable {
    /// Fields whose value is a web address, drawn as links.
    static let linkLabels: Set<String> = ["Page", "Artist page", "Preview", "Artwork"]

    public var rows: [MusicVideoDetailRow] = []
    public var top = 0

    public init() {}

    /// Scrolls by `delta` lines, within the lines drawn at this size.
    public mutating func scroll(by delta: Int, columns: Int, rows height: Int) {
        let count = lines(columns: columns).count
        top = max(0, min(top + delta, count - pageHeight(rows: height)))
    }

    /// How many lines of fields a body `rows` high shows.
    public func pageHeight(rows height: Int) -> Int {
        max(1, height - 2)
    }

    /// The screen as a pure function of the state. Every value was sanitised by the formatter;
    /// a long value wraps onto the lines below, but a URL stays on one line (cut with …); it is a link
    /// target only when it is a plain http(s) address.
    public func render(columns: Int, rows height: Int) -> Frame {
        var frame = Frame(columns: columns, rows: height)
        let title = rows.first { $0.label == "Title" }?.value ?? "Music video"
        frame[0] = FrameLine(title, columns: columns, attributes: .bold)
        let all = lines(columns: columns)
        let bodyHeight = max(0, height - 2)
        // Scrolled at a smaller size, the window grew: show as much as fits, not blank lines.
        let shownTop = max(0, min(top, all.count - bodyHeight))
        for (offset, line) in all.dropFirst(shownTop).prefix(bodyHeight).enumerated() { frame[2 + offset] = line }
        return frame
    }

    /// Where artwork goes when pictures can be shown: below the fields, when they all fit with
    /// room to spare below them (the cells there are blank in `render`); `nil` otherwise.
    public func artworkSlot(columns: Int, rows height: Int) -> ArtworkSlot? {
        let count = lines(columns: columns).count
        guard !rows.isEmpty, count <= max(0, height - 2) else { return nil }
        let top = 2 + count + 1
        return ArtworkSlot(row: top, column: 2, availableColumns: columns - 4, availableRows: height - top)
    }

    /// The narrowest value column beside the labels; narrower, each value goes under its label.
    static let minimumValueWidth = 12
    /// The most lines a value takes: a value is never a page (the last one ends with `…`).
    static let maximumValueLines = 20

    /// Every field as lines `columns` wide: label, then the value wrapped under itself — or, when
    /// the values would not fit beside the labels, the label on a line and the value below it.
    private func lines(columns: Int) -> [FrameLine] {
        let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
        let besideWidth = columns - 2 - labelWidth - 2
        let stacked = besideWidth < Self.minimumValueWidth
        let valueWidth = stacked ? max(1, columns - 4) : besideWidth
        var lines: [FrameLine] = []
        for row in rows {
            let link = Self.linkLabels.contains(row.label) ? row.value : nil
            if stacked {
                var line = FrameLine(columns: columns)
                line.append("  ")
                line.append(row.label, .bold)
                lines.append(line)
            }
            // A URL stays on one line, cut with … when it must be: a copy never picks up a break.
            let pieces =
                link != nil
                ? [row.value] : DisplayWidth.wrap(row.value, toWidth: valueWidth, maximumLines: Self.maximumValueLines)
            for (index, piece) in pieces.enumerated() {
                var line = FrameLine(columns: columns)
                if stacked {
                    line.append("    ")
                } else {
                    line.append("  ")
                    line.append(index == 0 ? row.label : "", width: labelWidth, .bold)
                    line.append("  ")
                }
                line.append(piece, [], link: link)
                lines.append(line)
            }
        }
        return lines
    }
}

/// One video's details in the full-screen session: `o` opens its page, `a` its artist's videos.
/// The video is given, or looked up by its id (`load`) while the spinner turns.
@MainActor
public final class FullScreenDetailsView: FullScreenView, KeyInput {
    private let viewModel: any MusicVideoDetailsViewModel
    private let hints: any HintPhrasing
    private var subscriptions = Set<AnyCancellable>()
    /// The body's size at the last drawing, for paging (and the wheel).
    var size = (columns: 80, rows: 10)
    private var isLoading = false {
        didSet { if isLoading != oldValue { host?.setNeedsDisplay() } }
    }
    /// The lookup, kept so that `r` can try it again after a failure.
    private var lookup: (@MainActor () async -> Void)?
    private var canRetry = false
    /// Why the lookup failed, or that it found nothing: shown until it is tried again.
    public private(set) var message: String? {
        didSet { if message != oldValue { host?.setNeedsDisplay() } }
    }
    public weak var host: (any FullScreenHost)?
    private var video: MusicVideo?
    /// Fetches and keeps the artwork shown below the fields; `nil` where the terminal shows no
    /// pictures.
    public var artwork: ArtworkLoader?

    public internal(set) var state = DetailsViewState() {
        didSet { if state != oldValue { host?.setNeedsDisplay() } }
    }

    /// - Parameters:
    ///   - viewModel: The video.
    ///   - hints: How advice in messages is worded here.
    public init(viewModel: any MusicVideoDetailsViewModel, hints: any HintPhrasing) {
        self.viewModel = viewModel
        self.hints = hints
        viewModel.rows
            .sink { [weak self] rows in self?.state.rows = rows }
            .store(in: &subscriptions)
        viewModel.video.sink { [weak self] in self?.video = $0 }.store(in: &subscriptions)
        viewModel.notice
            .sink { [weak self] notice in self?.host?.report(notice) }
            .store(in: &subscriptions)
        viewModel.isLoading
            .sink { [weak self] in self?.isLoading = $0 }
            .store(in: &subscriptions)
        viewModel.notFound
            .sink { [weak self] id in
                guard let self else { return }
                canRetry = true
                message = Self.notFound(id: id, known: video).text(phrasing: hints)
            }
            .store(in: &subscriptions)
        viewModel.error
            .sink { [weak self] error in
                self?.canRetry = true
                self?.message = CatalogErrorMessage.message(for: error).text(phrasing: hints)
            }
            .store(in: &subscriptions)
    }

    public func render(columns: Int, rows: Int) -> Frame {
        size = (columns, rows)
        var frame = state.render(columns: columns, rows: rows)
        if let artwork {
            let slot = state.artworkSlot(columns: columns, rows: rows)
            let url = video?.artworkURL
            let request = slot.flatMap { slot in url.map { ArtworkLoader.Request(url: $0, pixelSize: slot.pixelSize) } }
            if let slot, let image = artwork.picture(for: request)?.image(at: slot) { frame.add(image) }
        }
        return frame
    }

    /// Starts the lookup (a view-model input that awaits its request) through the host, so that
    /// Ctrl-C can cancel it. Shows it loading at once.
    public func load(_ work: @escaping @MainActor () async -> Void) {
        lookup = work
        canRetry = false
        message = nil
        isLoading = true
        host?.perform(work)
    }

    /// Whether there is nothing to show (the lookup failed, found nothing, or was cancelled).
    public var isEmpty: Bool { state.rows.isEmpty }

    public var keyHints: [KeyHint] {
        let retry = canRetry ? [KeyHint.retry] : []
        guard !state.rows.isEmpty else { return retry + [KeyHint("s", "search")] + KeyHint.leave }
        let pick =
            host?.isPicking == true && video != nil ? PickerKeys.detailsHints(marked: host?.markedBelow ?? 0) : []
        return pick + retry + [
            KeyHint("p", "play"), KeyHint("y", "copy"), KeyHint("o", "open"),
            KeyHint("a", "artist's videos", short: "artist"), ListKeys.moreLikeThisHint, KeyHint("↑/↓", "scroll"),
            KeyHint("s", "search"),
        ] + KeyHint.leave
    }

    public var activity: String? { isLoading ? "Looking up the video" : nil }
    public var capturesText: Bool { false }

    public var help: [(key: String, action: String)] {
        host?.isPicking == true ? PickerKeys.detailsHelp(replacing: detailsHelp) : detailsHelp
    }

    private var detailsHelp: [(key: String, action: String)] {
        [
            ("o", "open the video's page in the browser"),
            ("a", "the artist's music videos"),
            (ListKeys.moreLikeThis.helpKeys, ListKeys.moreLikeThis.help),
        ] + VideoRequest.help + [
            ("x", "stop the preview that plays"),
            ("↑ ↓  k j", "scroll a line"),
            ("PgUp PgDn", "scroll a screenful"),
            ("Home End  g G", "the top / the end"),
            ("r", "try a failed lookup again"),
            ("s", "a new search"),
            ("Esc ← b", "back to the list"),
            ("Ctrl-C", "cancel a request in flight"),
            ("q", "quit"),
        ]
    }

    public func handle(_ key: Key) -> Bool {
        let page = state.pageHeight(rows: size.rows)
        switch key {
        case .enter where host?.isPicking == true:
            // The list's own row when it has one: a chart's carries the rank.
            if let video {
                host?.didPick(host?.rowBelow(of: video) ?? PickedRows([MusicVideosListItemViewModel(video: video)]))
            }
        case .character("o"): viewModel.didOpenInBrowser()
        case .character("a"): viewModel.didShowArtistVideos()
        case let key where ListKeys.moreLikeThis.keys.contains(key): viewModel.didShowRelatedVideos()
        case .up, .character("k"): state.scroll(by: -1, columns: size.columns, rows: size.rows)
        case .down, .character("j"): state.scroll(by: 1, columns: size.columns, rows: size.rows)
        case .pageUp: state.scroll(by: -page, columns: size.columns, rows: size.rows)
        case .pageDown: state.scroll(by: page, columns: size.columns, rows: size.rows)
        case .home, .character("g"): state.scroll(by: -Int(Int32.max), columns: size.columns, rows: size.rows)
        case .end, .character("G"): state.scroll(by: Int(Int32.max), columns: size.columns, rows: size.rows)
        case .character("r") where canRetry && !isLoading:
            if let lookup { load(lookup) }
        default:
            guard let request = VideoRequest(key: key) else { return false }
            if let video { host?.didAsk(request, about: video) }
        }
        return true
    }

    public func cancelRequest() -> Bool {
        let wasLoading = isLoading
        viewModel.didCancel()
        if wasLoading, lookup != nil { canRetry = true }  // cancelled: `r` asks again
        return wasLoading
    }

    /// Why the lookup shows no more: in the user's terms — the title of the row it was opened
    /// from, when there was one (a chart's), not the store's id for it, which the user never typed.
    private static func notFound(id: MusicVideo.ID, known: MusicVideo?) -> UserMessage {
        guard let title = known?.title else {
            return UserMessage("no music video has the id \(id)", hint: .checkIDOrCountry)
        }
        return UserMessage(
            "the store did not find \"\(TerminalSanitizer.excerpt(title))\": what the list said of it is shown",
            hint: nil)
    }

    public func didReappear() {}
}
