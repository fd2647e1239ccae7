import Foundation

/// Counts clicks as a desktop does: a press of the same button on the same cell within `interval`
/// of the one before makes a double click; the press after a double click starts again at 1 (a
/// third quick press does not open twice). Terminals report presses only, so the program counts
/// them; the time comes from the caller, so tests give their own.
public struct MouseClickCounter: Sendable {
    /// The longest wait between the presses of a double click.
    public static let defaultInterval: Duration = .milliseconds(400)

    public let interval: Duration
    private var last: (event: MouseEvent, time: ContinuousClock.Instant, context: Int)?

    public init(interval: Duration = Self.defaultInterval) {
        self.interval = interval
    }

    /// The event with its click count. Releases, drags and the wheel leave the count alone.
    /// - Parameters:
    ///   - event: What the terminal reported.
    ///   - time: When it arrived.
    ///   - context: What was on screen (a click on another screen is a first click, even on the
    ///     same cell: the row under it is another row).
    public mutating func count(_ event: MouseEvent, at time: ContinuousClock.Instant, context: Int = 0) -> MouseEvent {
        guard event.action == .press, !event.button.isWheel else { return event }
        var counted = event
        if let last, last.context == context, last.event.button == event.button, last.event.column == event.column,
            last.event.row == event.row, time - last.time <= interval, time >= last.time
        {
            counted.clickCount = last.event.clickCount >= 2 ? 1 : 2
        } else {
            counted.clickCount = 1
        }
        last = (counted, time, context)
        return counted
    }

    /// Forgets the last press: the next is a first click.
    public mutating func reset() {
        last = nil
    }
}
