import Dispatch
import Foundation
import Synchronization

/// A one-line spinner on standard error (only ever made for a terminal): what it waits for, why
/// it waits longer (a retry: `show(detail:)`), the seconds since it started once past one, and
/// that Ctrl-C cancels — `⠹ Searching… HTTP 503 · retrying 2 of 3 · waited 3 s · Ctrl-C cancels`. It
/// appears only after a short delay, so fast answers show no flicker; it fits the terminal's
/// width; `stop()` erases the line completely, and a diagnostic written through `write(above:)`
/// takes the line's place instead of running into it.
public final class TerminalSpinner: ActivityIndicator, Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private struct State {
        /// Draws each frame while the spinner runs.
        var timer: (any DispatchSourceTimer)?
        var frame = 0
        /// Whether the line holds a frame that `stop()` must erase.
        var hasDrawn = false
        var message = ""
        var detail: String?
        var startedAt = ContinuousClock.now
    }

    private let output: any TextOutput
    private let columns: @Sendable () -> Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let appearsAfter: DispatchTimeInterval
    private let queue = DispatchQueue(label: "TerminalUI.spinner")
    private let state = Mutex(State())

    /// - Parameters:
    ///   - output: Standard error.
    ///   - columns: The terminal's width now (asked at each frame, so a resize is followed).
    ///   - now: The clock the elapsed seconds are read on.
    ///   - appearsAfter: How long a wait goes unshown (tests draw each frame themselves).
    public init(
        output: any TextOutput,
        columns: @escaping @Sendable () -> Int = { TerminalSize.fallbackColumns },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        appearsAfter: DispatchTimeInterval = .milliseconds(150)
    ) {
        self.output = output
        self.columns = columns
        self.now = now
        self.appearsAfter = appearsAfter
    }

    /// Starts the spinner (shown after `appearsAfter`); calling it while it runs changes nothing.
    /// - Parameter message: What is under way, e.g. `Searching`.
    public func start(message: String) {
        let startedAt = now()
        state.withLock { state in
            guard state.timer == nil else { return }
            state.message = message
            state.detail = nil
            state.startedAt = startedAt
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + appearsAfter, repeating: .milliseconds(80))
            timer.setEventHandler { [weak self] in self?.draw() }
            state.timer = timer
            timer.resume()
        }
    }

    /// Stops the spinner and erases its line.
    public func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            state.detail = nil
            if state.hasDrawn {
                output.write(LineControl.eraseLine)
                state.hasDrawn = false
            }
        }
    }

    /// Says why the wait goes on (`HTTP 503 · retrying 2 of 3`), from the next frame; `nil`
    /// says nothing more. Kept until changed or the spinner stops.
    public func show(detail: String?) {
        state.withLock { $0.detail = detail }
    }

    /// Writes a diagnostic line where the spinner's line is, erasing it first; the next frame
    /// draws the spinner again below it.
    /// - Parameter text: Whole lines.
    public func write(above text: String) {
        state.withLock { state in
            output.write(state.hasDrawn ? LineControl.eraseLine + text : text)
            state.hasDrawn = false
        }
    }

    /// Draws the next frame, if running (the timer calls it every 80 ms).
    public func draw() {
        let (time, width) = (now(), columns())
        state.withLock { state in
            guard state.timer != nil else { return }
            let line = Self.line(
                frame: Self.frames[state.frame % Self.frames.count], message: state.message, detail: state.detail,
                elapsed: state.startedAt.duration(to: time), width: width)
            output.write(LineControl.eraseLine + line)
            state.frame += 1
            state.hasDrawn = true
        }
    }

    /// One frame's text: `⠹ Searching… HTTP 503 · retrying 2 of 3 · waited 3 s · Ctrl-C cancels`, within
    /// `width - 1` columns (the last column would wrap the line on some terminals). What matters
    /// least goes first: the Ctrl-C hint, then the seconds; then the end is cut.
    /// - Parameters:
    ///   - frame: The spinner's character.
    ///   - message: What is under way, e.g. `Searching`.
    ///   - detail: Why it takes longer, if it does.
    ///   - elapsed: Since the wait began; shown from one second on.
    ///   - width: The terminal's columns.
    public static func line(frame: String, message: String, detail: String?, elapsed: Duration, width: Int) -> String {
        let head = "\(frame) \(TerminalSanitizer.sanitize(message))…"
        let seconds = elapsed >= .seconds(1) ? "waited \(elapsed.components.seconds) s" : nil
        let detail = detail.map(TerminalSanitizer.sanitize)
        let room = max(1, width - 1)
        for parts in [[detail, seconds, "Ctrl-C cancels"], [detail, seconds], [detail]] {
            let candidate = ([head] + [parts.compactMap(\.self).joined(separator: " · ")]).filter { !$0.isEmpty }
                .joined(separator: " ")
            if DisplayWidth.of(candidate) <= room { return candidate }
        }
        return DisplayWidth.truncate([head, detail].compactMap(\.self).joined(separator: " "), toWidth: room)
    }
}
