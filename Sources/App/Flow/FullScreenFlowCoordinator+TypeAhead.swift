import Foundation
import Presentation
import TerminalUI

/// Keys typed ahead of a list's first rows (`clairo⏎jj⏎` faster than the search answers): kept in
/// order until the rows arrive, then handled as if typed then, as fzf keeps them. Esc, ← and the
/// Ctrl keys act at once, and drop what was typed ahead; so do `q`, `?` and `b` typed first (after
/// other keys they may be a filter's text, and wait with them).
extension FullScreenFlowCoordinator {
    /// At most this many keys wait: a key held down for the whole of a slow load is not replayed.
    static let typeAheadLimit = 64

    /// Whether the screen on top is a list with no rows yet whose first load is under way.
    var awaitsRows: Bool {
        guard let view = screens.top, !screens.isOnSearch else { return false }
        return view.isEmpty && view.activity != nil && !help.isOpen
    }

    /// Keeps `key` for later when the rows it is meant for have not arrived.
    /// - Returns: `true` when the key was kept.
    func keepsTypedAhead(_ key: Key) -> Bool {
        if awaitsRows {
            guard Self.waitsForRows(key, after: typedAhead) else {
                typedAhead.removeAll()  // Esc, Ctrl-C …: the user changed their mind
                return false
            }
        } else if typedAhead.isEmpty {
            return false
        }
        // The rows are here but the keys before this one are not handled yet: it goes after them.
        if typedAhead.isEmpty { typedAheadScreen = screens.top.map(ObjectIdentifier.init) }
        if typedAhead.count < Self.typeAheadLimit { typedAhead.append(key) }
        return true
    }

    /// The keys typed ahead, once the rows they wait for are here (the session handles them as a
    /// read of their own); none while they still load, and none kept when the load found nothing
    /// or failed, or its list left (an artist with no videos): there is no row for them.
    func takeTypedAhead() -> [Key] {
        guard !typedAhead.isEmpty, !awaitsRows else { return [] }
        defer { typedAhead.removeAll() }
        guard let view = screens.top, ObjectIdentifier(view) == typedAheadScreen, !view.isEmpty else { return [] }
        return typedAhead
    }

    /// The keys a list's rows take: moves, Enter, Tab, letters and digits. Those that leave, help
    /// or cancel act at once.
    private static func waitsForRows(_ key: Key, after earlier: [Key]) -> Bool {
        switch key {
        case .character("q"), .character("?"), .character("b"): !earlier.isEmpty
        case .character, .up, .down, .right, .pageUp, .pageDown, .home, .end, .enter, .tab, .backTab, .backspace:
            true
        default: false
        }
    }
}
