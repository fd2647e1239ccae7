import Foundation
import TerminalUI

/// What the mouse does on every full-screen view that scrolls: one notch of the wheel moves
/// `wheelLines` rows or lines, a click on a row selects it, a double click opens it (Enter).
public enum FullScreenMouse {
    /// Rows (or lines) a notch of the wheel moves: three, as a desktop list scrolls a notch, so a
    /// turn of the wheel goes through a page quickly and a single notch still moves a row at a time
    /// past what is in view.
    public static let wheelLines = 3

    /// How far a notch of the wheel moves, up negative; `nil` for anything but a vertical notch.
    public static func wheelDelta(of event: MouseEvent) -> Int? {
        guard event.action == .press else { return nil }
        switch event.button {
        case .wheelUp: return -wheelLines
        case .wheelDown: return wheelLines
        default: return nil
        }
    }

    /// Whether the event is a click (a press of the left button) — a double click included.
    public static func isClick(_ event: MouseEvent) -> Bool {
        event.button == .left && event.action == .press
    }
}
