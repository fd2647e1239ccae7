import Foundation
import Presentation
import TerminalUI

/// Keys typed ahead of a list's first rows (`clairo⏎jj⏎` faster than the search answers): kept in
/// order until the rows arrive, then handled as if typed then, as fzf keeps them. The first key
/// decides: one a list's rows take (a move, Ctrl-N/P/J/K too, Enter, Tab, a letter, a digit) waits;
/// one that leaves, searches, opens the chart or the help, cancels or draws (Esc, ←, `q`, `b`, `s`,
/// `t`, `?`, F1, Ctrl-C, Ctrl-L, Ctrl-Z, the mouse) acts at once. After it every key waits in
/// order (a `q` may be a filter's text) but for Esc, Ctrl-C and Ctrl-\, which drop what waits and
/// act, and Ctrl-L, Ctrl-Z and the mouse, which act and leave it waiting.
extension FullScreenFlowCoordinator {
    /// At most this many keys wait: past it (a key held down through a slow load) none is kept.
    static let typeAheadLimit = 64

    /// Whether the screen on top has no rows yet and its first load is under way.
    var awaitsRows: Bool {
        guard let view = screens.top, !screens.isOnSearch else { return false }
        return view.isEmpty && view.activity != nil && !help.isOpen
    }

    /// Keeps `key` for later when the rows it is meant for have not arrived.
    /// - Returns: `true` when the key was kept.
    func keepsTypedAhead(_ key: Key) -> Bool {
        guard awaitsRows || !typedAhead.isEmpty else { return false }
        let rowsAreHere = !awaitsRows
        // The wait ended with no rows, or on another screen: nothing waits, this key acts.
        if rowsAreHere, !typedAheadIsForTop {
            typedAhead.removeAll()
            return false
        }
        switch Self.typeAheadRole(of: key, first: typedAhead.isEmpty) {
        case .waits:
            guard typedAhead.count < Self.typeAheadLimit else {
                typedAhead.removeAll()  // held down through the load: none of it is meant
                return false
            }
            if typedAhead.isEmpty { typedAheadScreen = screens.top.map(ObjectIdentifier.init) }
            typedAhead.append(key)
            return true
        case .cancels:
            typedAhead.removeAll()  // the user changed their mind
            return false
        case .actsBeside:
            return false
        }
    }

    /// The keys typed ahead, once the rows they wait for are here (the session handles them as a
    /// read of their own); none while they still load, and none kept when the load found nothing
    /// or failed, or its list left (an artist with no videos): there is no row for them.
    func takeTypedAhead() -> [Key] {
        guard !typedAhead.isEmpty, !awaitsRows else { return [] }
        defer { typedAhead.removeAll() }
        return typedAheadIsForTop ? typedAhead : []
    }

    /// Whether the screen on top is the one the keys waiting were typed for, with rows for them.
    private var typedAheadIsForTop: Bool {
        guard let view = screens.top else { return false }
        return ObjectIdentifier(view) == typedAheadScreen && !view.isEmpty
    }

    private enum TypeAheadRole {
        /// Kept, in order.
        case waits
        /// Drops what waits, and acts.
        case cancels
        /// Acts, and leaves what waits waiting.
        case actsBeside
    }

    private static func typeAheadRole(of key: Key, first: Bool) -> TypeAheadRole {
        switch key {
        case .escape, .control("c"), .control("\\"): .cancels
        case .control("l"), .control("z"), .mouse, .f1: .actsBeside
        case .left, .character("q"), .character("b"), .character("s"), .character("t"), .character("?"):
            first ? .cancels : .waits
        case .character, .paste, .up, .down, .right, .pageUp, .pageDown, .home, .end, .enter, .tab, .backTab,
            .backspace, .control("n"), .control("p"), .control("j"), .control("k"):
            .waits
        default: first ? .cancels : .waits
        }
    }
}
