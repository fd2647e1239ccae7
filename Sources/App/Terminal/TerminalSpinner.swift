import Dispatch
import Foundation
import Presentation
import Synchronization
import TerminalUI

/// A one-line spinner on standard error. It appears only after a short delay, so fast answers
/// show no flicker, and `stop()` erases the line completely.
final class TerminalSpinner: ActivityIndicator, Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private struct State {
        /// Draws each frame while the spinner runs.
        var timer: (any DispatchSourceTimer)?
        var frame = 0
        /// Whether the line holds a frame that `stop()` must erase.
        var hasDrawn = false
    }

    private let output: any TextOutput
    private let queue = DispatchQueue(label: "mvsearch.spinner")
    private let state = Mutex(State())

    init(output: any TextOutput) {
        self.output = output
    }

    func start(message: String) {
        state.withLock { state in
            guard state.timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .milliseconds(150), repeating: .milliseconds(80))
            timer.setEventHandler { [weak self] in self?.draw(message) }
            state.timer = timer
            timer.resume()
        }
    }

    func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            if state.hasDrawn {
                output.write(LineControl.eraseLine)
                state.hasDrawn = false
            }
        }
    }

    private func draw(_ message: String) {
        state.withLock { state in
            guard state.timer != nil else { return }
            output.write("\r\(Self.frames[state.frame % Self.frames.count]) \(message)…")
            state.frame += 1
            state.hasDrawn = true
        }
    }
}
