import Dispatch
import Foundation
import Presentation
import Synchronization
import TerminalUI

/// A one-line spinner on standard error. It appears only after a short delay, so fast answers
/// show no flicker, and `stop()` erases the line completely.
final class TerminalSpinner: ActivityIndicator, @unchecked Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let output: any TextOutput
    private let queue = DispatchQueue(label: "mvsearch.spinner")
    private let lock = Mutex(())
    private var timer: (any DispatchSourceTimer)?
    private var frame = 0
    private var hasDrawn = false

    init(output: any TextOutput) {
        self.output = output
    }

    func start(message: String) {
        lock.withLock { _ in
            guard timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .milliseconds(150), repeating: .milliseconds(80))
            timer.setEventHandler { [weak self] in self?.draw(message) }
            self.timer = timer
            timer.resume()
        }
    }

    func stop() {
        lock.withLock { _ in
            timer?.cancel()
            timer = nil
            if hasDrawn {
                output.write(LineControl.eraseLine)
                hasDrawn = false
            }
        }
    }

    private func draw(_ message: String) {
        lock.withLock { _ in
            guard timer != nil else { return }
            output.write("\r\(Self.frames[frame % Self.frames.count]) \(message)…")
            frame += 1
            hasDrawn = true
        }
    }
}
