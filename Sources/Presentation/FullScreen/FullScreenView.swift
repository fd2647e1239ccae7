import Domain
import Foundation
import TerminalUI

/// What a full-screen view asks of the coordinator that shows it.
@MainActor
public protocol FullScreenHost: AnyObject {
    /// The view's state changed: draw a new frame (several changes make one frame).
    func setNeedsDisplay()
    /// Shows a message in the status line until the next key: what that key did (a lasting
    /// message, one about the screen's state, is the screen's `message`).
    func report(_ message: String)
    /// Runs a view-model input that awaits a request, without holding up the keys.
    func perform(_ work: @escaping @MainActor () async -> Void)
    /// Plays or copies what the user asked of a video (`p`, `y`, `Y`), and says what came of it.
    func didAsk(_ request: VideoRequest, about video: MusicVideo)
    /// Whether the session picks rows (`--pick`): Tab marks a video's row, Enter picks.
    var isPicking: Bool { get }
    /// Enter in the picker: the session ends, and these rows are written — or, from a video's
    /// details, the rows marked on the list it was opened from, when there are some.
    func didPick(_ rows: PickedRows)
    /// Whether Esc on the screen on top ends the session (the picker's first list), not back.
    var escapeQuits: Bool { get }
    /// In the picker, how many rows are marked on the lists below the screen on top (Enter
    /// writes them too).
    var markedBelow: Int { get }
    /// In the picker, the row of `video` on the list below the screen on top, as that list writes
    /// it (a chart's, with its rank); `nil` when the list has none.
    func rowBelow(of video: MusicVideo) -> PickedRows?
}

extension FullScreenHost {
    public var isPicking: Bool { false }
    public func didPick(_ rows: PickedRows) {}
    public var markedBelow: Int { 0 }
    public var escapeQuits: Bool { false }
    public func rowBelow(of video: MusicVideo) -> PickedRows? { nil }
}

/// What takes a screen's keys.
@MainActor
public protocol KeyInput: AnyObject {
    /// Handles one key.
    /// - Returns: `false` when the key means nothing here, so the coordinator may use it.
    func handle(_ key: Key) -> Bool
}

/// One screen of the full-screen session. It draws its state as a pure function of it and the
/// size; its keys go to its `keyInput` (a list's view model, or the view where it keeps the
/// screen's state); navigation leaves through the view model's actions, which the coordinator
/// fills in. The coordinator owns the keys that move between screens.
@MainActor
public protocol FullScreenView: AnyObject {
    /// Set by the coordinator when the view is shown.
    var host: (any FullScreenHost)? { get set }
    /// The view's body: `rows` lines `columns` wide (the status line below is the coordinator's),
    /// a pure function of the view's state and the size.
    func render(columns: Int, rows: Int) -> Frame
    /// The body's size from now on, said before it is drawn at a new size (how far a page moves,
    /// where a click lands). A view whose keys do not depend on it keeps the default.
    func resize(columns: Int, rows: Int)
    /// The keys that work here, for the status line, by importance (`KeyHint.fit`).
    var keyHints: [KeyHint] { get }
    /// What is loading, for the spinner (`Searching for "clairo"`), or `nil`.
    var activity: String? { get }
    /// What the user should know about the screen's state (why its last load failed, that
    /// nothing was found): it stays until that state changes — a retry, a new load.
    var message: String? { get }
    /// Whether letters typed now are text (a field or a filter being typed), not commands.
    var capturesText: Bool { get }
    /// The help overlay's lines: every key of this screen, and what it does.
    var help: [(key: String, action: String)] { get }
    /// What takes the screen's keys: a list's view model, where a key is an event of the list's
    /// update; the view itself where the view keeps the screen's state (the search field, a
    /// video's details, a chart's genre and country).
    var keyInput: any KeyInput { get }
    /// Handles a mouse press or a notch of the wheel over the view's body: the event's row and
    /// column count from the body's top left corner (the screen's), and a double click says so
    /// in its `clickCount`. A view that has no use for the mouse keeps the default, which ignores it.
    /// - Returns: `false` when the event means nothing here.
    func handle(_ mouse: MouseEvent) -> Bool
    /// Cancels the request in flight (Ctrl-C).
    /// - Returns: `false` when none was running.
    func cancelRequest() -> Bool
    /// The view is shown again (the user came back to it).
    func didReappear()
    /// Whether the screen has no rows to show (its first load found nothing, failed or was
    /// cancelled): a list that Ctrl-C leaves empty is taken off, back to the screen below.
    var isEmpty: Bool { get }
    /// In the picker, the rows marked on this list (Tab), in its order; `nil` when none are.
    var markedRows: PickedRows? { get }
    /// The videos of the rows marked on this list (Tab), in its order: what `p` plays as a queue.
    var markedVideos: [MusicVideo] { get }
    /// In the picker, this list's row of `video`, as the list writes it; `nil` when it has none.
    func pickedRow(of video: MusicVideo) -> PickedRows?
}

extension FullScreenView where Self: KeyInput {
    /// The view takes its keys itself.
    public var keyInput: any KeyInput { self }
}

extension FullScreenView {
    public var isEmpty: Bool { false }
    public var markedRows: PickedRows? { nil }
    public var markedVideos: [MusicVideo] { [] }
    public func pickedRow(of video: MusicVideo) -> PickedRows? { nil }
    public var message: String? { nil }
    public func handle(_ mouse: MouseEvent) -> Bool { false }
    public func resize(columns: Int, rows: Int) {}
}

extension KeyHint {
    /// Esc: one level back.
    public static let back = KeyHint("Esc", "back", essential: true)
    /// `?`: the keys of the screen.
    public static let help = KeyHint("?", "help", essential: true)
    /// `q`: the end of the session.
    public static let quit = KeyHint("q", "quit", essential: true)
    /// `r`: the failed load again.
    public static let retry = KeyHint("r", "retry")
    /// What every screen that is not a text field ends with.
    public static let leave: [KeyHint] = [back, help, quit]
}
