import Domain
import Foundation
import Reactive
import TerminalUI

/// What a list asks of the session, once (the screen's one-shot events).
public enum ListScreenEvent {
    /// A notice for the status line.
    case report(String)
    /// `p`, `y`, `Y` on a video.
    case ask(VideoRequest, MusicVideo)
    /// Enter in the picker: these rows.
    case pick(PickedRows)
    /// Work that awaits a request (a load): run it where Ctrl-C can cancel it.
    case perform(@MainActor () async -> Void)
}

/// A full-screen list's view model: it holds the list's one `ListState`, changes it only through
/// `ListUpdate`, publishes it through a `CurrentValueSubject` and what the session must do once
/// through a `PassthroughSubject`, and runs the effects against the view model that loads the rows.
/// It takes the screen's keys itself (`KeyInput`): a key is one more event.
@MainActor
public final class ListScreenViewModel<Row: ListRowDescribing>: KeyInput {
    private let stateSubject: CurrentValueSubject<ListState<Row>, Never>
    private let eventSubject = PassthroughSubject<ListScreenEvent, Never>()
    private let source: ListDataSource<Row>
    private var subscriptions: [AnyCancellable] = []
    /// The first load, kept for `r` when the data source has no retry of its own.
    private var work: (@MainActor () async -> Void)?
    private var loadTask: Task<Void, Never>?
    /// Fetches the artwork the pane shows; `nil` where the terminal shows no pictures.
    public let artwork: ArtworkLoader?
    private var artworkWanted: ArtworkLoader.Request?

    /// Current value: the list.
    public let state: AnyPublisher<ListState<Row>, Never>
    /// Event: what the session must do.
    public let events: AnyPublisher<ListScreenEvent, Never>

    /// - Parameters:
    ///   - source: The view model that loads the rows.
    ///   - title: The heading until the list says what it holds.
    ///   - isPicking: Enter picks and Tab marks (`--pick`).
    ///   - artwork: Fetches the pane's artwork; `nil` where no pictures are shown.
    public init(source: ListDataSource<Row>, title: String, isPicking: Bool = false, artwork: ArtworkLoader? = nil) {
        var initial = ListState<Row>(title: title)
        initial.choice = source.choice
        initial.isPicking = isPicking
        stateSubject = CurrentValueSubject(initial)
        state = stateSubject.eraseToAnyPublisher()
        events = eventSubject.eraseToAnyPublisher()
        self.source = source
        self.artwork = artwork
        subscriptions = source.subscribe({ [weak self] in self?.send($0) }, { [weak self] in self?.say($0) })
    }

    /// The list now.
    public var current: ListState<Row> { stateSubject.value }

    /// Runs an event through `ListUpdate`, publishes the state when it changed, runs the effects.
    /// - Returns: `false` when the event was a key the list does not use.
    @discardableResult
    public func send(_ event: ListEvent<Row>) -> Bool {
        let (state, effects) = ListUpdate.update(stateSubject.value, event)
        if state != stateSubject.value { stateSubject.send(state) }
        for effect in effects { run(effect) }
        wantArtwork()
        return !effects.contains(.passed)
    }

    /// A key: the list's update takes it as an event.
    /// - Returns: `false` when the list does not use it.
    public func handle(_ key: Key) -> Bool {
        send(.key(key))
    }

    private func say(_ notice: String) {
        eventSubject.send(.report(notice))
    }

    private func run(_ effect: ListEffect) {
        switch effect {
        case .passed: break
        case .open(let row): source.select(row)
        case .loadNextPage:
            if let next = source.loadNextPage { eventSubject.send(.perform(next)) }
        case .retry:
            if let retry = source.retry {
                eventSubject.send(.perform(retry))
            } else if let work {
                load(work)
            }
        case .viewed(let row, let rowsOnScreen): source.didView?(row, rowsOnScreen)
        case .ask(let request, let video): eventSubject.send(.ask(request, video))
        case .openPage(let row, let video): source.openPage(row, video)
        case .showArtist(let row, let video): source.showArtist(row, video)
        case .showRelated(let row, let video): source.showRelated(row, video)
        case .pick:
            let rows = current.pickedRows
            guard !rows.isEmpty else { return say("nothing to print: no row is shown — Esc clears the filter") }
            eventSubject.send(.pick(PickedRows(rows)))
        case .report(let notice): say(notice)
        }
    }

    /// Starts the list's first load through the session (so that Ctrl-C cancels it); the list says
    /// it loads at once, never "nothing" before the load has run.
    public func load(_ work: @escaping @MainActor () async -> Void) {
        self.work = work
        send(.loading(.firstPage))
        eventSubject.send(
            .perform { [weak self] in
                guard !Task.isCancelled else { return }
                let task = Task { await work() }
                self?.loadTask = task
                await withTaskCancellationHandler {
                    await task.value
                } onCancel: {
                    task.cancel()
                }
            })
    }

    /// Ctrl-C: cancels the request in flight.
    /// - Returns: `false` when none was in sight (a page fetched in the background is cancelled too).
    public func cancel() -> Bool {
        source.cancel()
        guard current.loading != .idle else { return false }
        loadTask?.cancel()
        loadTask = nil
        send(.cancelled)
        return true
    }

    /// The picture the pane wants at the viewport's size: asked for when it changes (an effect of
    /// the state, never of drawing); a picture that arrives is an event.
    private func wantArtwork() {
        guard let artwork else { return }
        let viewport = current.viewport
        let wanted = current.artworkSlot(columns: viewport.columns, rows: viewport.rows).map {
            ArtworkLoader.Request(url: $0.url, pixelSize: $0.slot.pixelSize)
        }
        guard wanted != artworkWanted else { return }
        artworkWanted = wanted
        _ = artwork.picture(for: wanted)  // starts the fetch; its arrival asks the session for a frame
    }

    /// The picture held for the pane, for drawing (asks for nothing).
    public var heldPicture: ArtworkPicture? {
        artworkWanted.flatMap { artwork?.held($0) }
    }
}
