import Foundation
import Presentation
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the full-screen session on the terminal: enters raw mode and the alternate screen,
/// feeds decoded keys to the flow coordinator, and writes one frame per input or state change —
/// coalesced, and only the lines that changed. Every way out restores the terminal.
///
/// A read's keys are drawn in the same turn: keys → coordinator → the screen's view model →
/// update, then `draw()` → the chrome around the screen on top → encoder → terminal. A change that comes later (a
/// page loaded, a picture fetched) asks for a frame through `setNeedsDisplay()`, which queues one.
@MainActor
final class FullScreenSession {
    private let coordinator: FullScreenFlowCoordinator
    private let terminal: RawTerminal
    private let encoder: FrameEncoder
    private var events: TerminalEvents?
    private var shown: Frame?
    private var drawIsQueued = false
    /// Something changed since the last frame.
    private var needsDisplay = false
    /// Set while a read's keys are handled: they are drawn once, after the last.
    private var isHandlingKeys = false
    private var ticker: Task<Void, Never>?
    private var writeFailed = false

    init(coordinator: FullScreenFlowCoordinator, terminal: RawTerminal, encoder: FrameEncoder) {
        self.coordinator = coordinator
        self.terminal = terminal
        self.encoder = encoder
    }

    /// - Parameters:
    ///   - term: Search for this at once, when given.
    ///   - list: A list command's list to start on (`-i --artists jack`, `-i --top`).
    /// - Returns: 0 on `q`/Esc/Ctrl-D, 130 on Ctrl-C at idle or cancellation, 131 on Ctrl-\,
    ///   129 when the terminal hung up, 74 when it could not be written otherwise.
    func run(term: String?, list: PreparedList? = nil) async -> ExitStatus {
        // Started in the background (`mvsearch -i &`): the terminal is entered on `fg` (`resume`).
        let startsInForeground = terminal.isForeground
        if startsInForeground {
            guard terminal.enter() else { return .ioError }
        }
        let events = TerminalEvents(terminal: terminal)
        self.events = events
        defer {
            ticker?.cancel()
            events.stop()
            terminal.leave()
        }
        coordinator.onNeedsDisplay = { [weak self] in self?.setNeedsDisplay() }
        coordinator.writeToTerminal = { [weak self] bytes in self?.terminal.write(bytes) == .written }
        coordinator.start(term: term, list: list)
        if startsInForeground { draw() } else { stopUntilForeground() }
        for await event in events.stream {
            if let status = handle(event) { return status }
            // A terminal that hung up fails writes with EIO: that is the hangup, not a lost result.
            if writeFailed { return terminal.hasHungUp ? .hangUp : .ioError }
            updateTicker()
        }
        return .interrupted  // the run was cancelled (SIGINT from outside)
    }

    private func handle(_ event: TerminalEvent) -> ExitStatus? {
        switch event {
        case .keys(let keys):
            return handle(keys)
        case .draw:
            drawIsQueued = false
            // A list's first rows arrived: the keys typed ahead of them, as one read (drawn after).
            let typedAhead = coordinator.takeTypedAhead()
            if !typedAhead.isEmpty { return handle(typedAhead) }
            if needsDisplay { draw() }
        case .resize:
            setNeedsDisplay()
        case .tick:
            coordinator.tick()
        case .suspend:
            suspend()
        case .resume:
            resume()
        case .endOfInput:
            // In raw mode no key ends the input (Ctrl-D is a key): its end, or a read that fails
            // (EIO), is the terminal hanging up, whether or not its SIGHUP came first.
            return .hangUp
        }
        return nil
    }

    /// The keys of one read, in order, then one frame for all of them.
    private func handle(_ keys: [Key]) -> ExitStatus? {
        isHandlingKeys = true
        defer { isHandlingKeys = false }
        for key in keys {
            // A terminal that could not be entered again after Ctrl-Z takes no more keys: `run`
            // ends with its status (a later `q` must not turn it into a success).
            guard !writeFailed else { return nil }
            switch coordinator.handle(key) {
            case .none: break
            case .exit(let status): return status
            case .suspend: suspend()
            case .redrawAll: shown = nil
            }
        }
        // What drawing itself asks for (a resize's effects) is queued as any later change is.
        isHandlingKeys = false
        draw()
        return nil
    }

    /// Ctrl-Z (or SIGTSTP from outside): restore the terminal and stop the whole foreground job,
    /// as the terminal itself would for a cooked-mode program, whatever the parent; once continued
    /// (or when the stop was ignored), enter again.
    private func suspend() {
        terminal.leave()
        encoder.forgetSentImages()  // leaving freed kitty's pictures (`imagesRemoval`): sent again
        events?.stopJob()
        resume()
    }

    /// SIGCONT, or back from a stop: enter again (the shell may have changed the modes meanwhile)
    /// and draw everything — once in the foreground: continued in the background (`bg`), stop
    /// again until `fg`.
    private func resume() {
        guard terminal.isForeground else {
            if !Task.isCancelled { stopUntilForeground() }  // not when SIGTERM came with the SIGCONT
            return
        }
        guard terminal.enter() else {
            writeFailed = true
            return
        }
        shown = nil
        draw()
    }

    /// In the background: stop as the kernel stops a program that takes the terminal there
    /// (SIGTTOU to the process group; the shell says "Stopped (tty output)"), leaving the terminal
    /// to the shell. `fg` continues the process in the foreground, and `resume` enters then.
    private func stopUntilForeground() {
        kill(0, SIGTTOU)
    }

    /// A change outside a read's keys (a page loaded, a picture, the spinner, a resize): one frame
    /// is queued, however many changes come before it is drawn.
    private func setNeedsDisplay() {
        needsDisplay = true
        guard !isHandlingKeys, !drawIsQueued else { return }
        drawIsQueued = true
        events?.post(.draw)
    }

    /// Draws the frame at the terminal's size now, writing only what differs from what it shows.
    private func draw() {
        guard terminal.isEntered else { return }  // suspended: drawn whole on resuming
        needsDisplay = false
        let size = terminal.size
        let frame = Self.frame(of: coordinator, columns: size.columns, rows: size.rows)
        // Pictures a terminal keeps apart from the text (kitty) are taken off on every way out,
        // a signal's too, once one has been sent.
        if !frame.images.isEmpty { terminal.removesOnLeaving(encoder.imagesRemoval) }
        let bytes = encoder.encode(from: shown, to: frame)
        switch bytes.isEmpty ? .written : terminal.write(bytes) {
        case .written: shown = frame
        case .stalled:  // the terminal took only part of it: drawn whole with the next change
            shown = nil
            needsDisplay = true
        case .failed: writeFailed = true
        }
    }

    /// The whole terminal at this size: the chrome around the coordinator's screen on top (the
    /// coordinator told a new size first, before the first frame at it).
    static func frame(of coordinator: FullScreenFlowCoordinator, columns: Int, rows: Int) -> Frame {
        if coordinator.terminalSize != (columns, rows) { coordinator.resize(columns: columns, rows: rows) }
        guard let screen = coordinator.screen else { return Frame(columns: columns, rows: rows) }
        return FullScreenChrome.frame(for: screen, columns: columns, rows: rows, content: coordinator.chrome)
    }

    /// Turns the spinner while the screen on top loads.
    private func updateTicker() {
        if coordinator.isLoading, ticker == nil {
            ticker = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                    self?.events?.post(.tick)
                }
            }
        } else if !coordinator.isLoading, let ticker {
            ticker.cancel()
            self.ticker = nil
        }
    }
}
