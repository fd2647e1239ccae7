import Foundation
import Presentation
import TerminalUI

/// A key's way through the session: the help box first when it is open, then the session's
/// control keys, the screen on top, and the keys that mean the same on every screen.
extension FullScreenFlowCoordinator {
    /// Handles one key. In the picker, a pick ends the session (0) and any other end is a
    /// cancelled pick (130), as in fzf.
    func handle(_ key: Key) -> Command {
        if keepsTypedAhead(key) { return .none }
        let command = command(for: key)
        guard isPicking, case .exit(.success) = command else { return command }
        return picked == nil ? .exit(.interrupted) : command
    }

    private func command(for key: Key) -> Command {
        if case .mouse(let event) = key {
            handle(event)
            return picked == nil ? .none : .exit(.success)  // a double click picks as Enter does
        }
        let confirming = confirmsDiscard
        confirmsDiscard = false
        // The last key's notice goes with the next key — but a screen's lasting message (why a
        // load failed) stays until that screen's state changes.
        if status.clearNotice() { setNeedsDisplay() }
        if help.isOpen {
            layOutHelp()  // its lines may have changed since it opened (rows arrived, a load failed)
            help.handle(key)
            setNeedsDisplay()
            return .none
        }
        guard let view = screens.top else { return .exit(.success) }
        if let command = controlCommand(for: key, on: view) { return command }
        if view.keyInput.handle(key) { return picked == nil ? .none : .exit(.success) }
        return screens.isOnSearch ? searchScreenCommand(for: key) : listCommand(for: key, confirming: confirming)
    }

    /// The session's control keys, the same on every screen.
    private func controlCommand(for key: Key, on view: any FullScreenView) -> Command? {
        switch key {
        case .control("c"):
            guard view.cancelRequest() else { return .exit(.interrupted) }
            // The load a key has just asked for may not have started its request yet, so the view
            // model had nothing to cancel: cancelled here, it starts cancelled and asks nothing.
            tasks.cancelAll()
            report("cancelled")
            if view.isEmpty { pop() }  // a first search cancelled: back to where it was asked for
            return Command.none
        case .control("\\"): return .exit(.quit)
        case .control("z"): return .suspend
        case .control("l"): return .redrawAll
        case .f1:
            openHelp()
            return Command.none
        case .escape where screens.isOnSearch && !screens.behindSearch.isEmpty:
            returnToResults()
            return Command.none
        default: return nil
        }
    }

    /// What the search screen leaves: Esc or Ctrl-D quits, `?` opens the help.
    private func searchScreenCommand(for key: Key) -> Command {
        switch key {
        case .escape, .control("d"): return .exit(.success)
        case .character("?"): openHelp()
        case let key where ListKeys.topChart.keys.contains(key): showChart()
        case .alt(let character): report("Alt-\(character.uppercased()) does nothing here — F1 lists the keys")
        default: break
        }
        return .none
    }

    /// What every other screen leaves to the session: q, Esc/←/b, s, ?.
    private func listCommand(for key: Key, confirming: Bool) -> Command {
        switch key {
        case .character("q"): return .exit(.success)
        // The picker's first list is its top level: Esc there ends the pick, as in fzf — asking
        // first when rows are marked, which the pick would drop. ← and b, back elsewhere, too:
        // there is no screen behind it to go back to.
        case .escape where escapeQuits, .left where escapeQuits, .character("b") where escapeQuits:
            guard let marked = screens.top?.markedRows, !confirming else { return .exit(.interrupted) }
            confirmsDiscard = true
            let name = key == .escape ? "Esc" : key == .left ? "←" : "b"
            report("\(name) again quits and drops the \(marked.count) marked — Enter prints them")
        // A list above the first (an artist's videos) keeps its marks only while it is shown:
        // going back asks first, as ending the pick does.
        case .escape, .left, .character("b"):
            guard let marked = screens.top?.markedRows, !confirming else {
                pop()
                break
            }
            confirmsDiscard = true
            let name = key == .escape ? "Esc" : key == .left ? "←" : "b"
            report("\(name) again goes back and drops the \(marked.count) marked — Enter prints them")
        case .character("s"): popToSearch()
        case .character("?"): openHelp()
        case let key
        where ListKeys.topChart.keys.contains(key) && !isPicking && !(screens.top is FullScreenDetailsView):
            showChart()
        case .character(" "): report("Space does nothing here — ? lists the keys")
        case .character(let character): report("\(character) does nothing here — ? lists the keys")
        case .alt(let character): report("Alt-\(character.uppercased()) does nothing here — ? lists the keys")
        default: break
        }
        return .none
    }

    /// Whether Esc on the screen on top ends the session: the picker's first list.
    var escapeQuits: Bool { isPicking && screens.count == 2 }

    func openHelp() {
        help.open()
        layOutHelp()
        setNeedsDisplay()
    }
}
