import Foundation

/// A mouse button pressed or released, or a wheel turned, where the terminal reports it
/// (`RawTerminal` with `reportsMouse`): decoded by `KeyDecoder` and delivered as `Key.mouse`.
public struct MouseEvent: Equatable, Sendable {
    /// What moved.
    public enum Button: Equatable, Sendable {
        case left, middle, right
        /// One notch of the wheel away from the user: scroll towards the top.
        case wheelUp
        /// One notch of the wheel towards the user: scroll towards the bottom.
        case wheelDown
        case wheelLeft, wheelRight
        /// A button beyond those (a mouse's back and forward buttons), by the terminal's number.
        case other(Int)

        /// Whether it is a notch of the wheel (which has no release).
        public var isWheel: Bool {
            switch self {
            case .wheelUp, .wheelDown, .wheelLeft, .wheelRight: true
            default: false
            }
        }
    }

    /// Whether the button went down or came up.
    public enum Action: Equatable, Sendable {
        case press, release
        /// The pointer moved with the button held (reported only when drags are asked for).
        case drag
    }

    /// The keys held with it.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var button: Button
    public var action: Action
    /// The cell's column, from 0 at the left edge.
    public var column: Int
    /// The cell's row, from 0 at the top edge.
    public var row: Int
    public var modifiers: Modifiers
    /// 1 for a single press, 2 when it follows a press of the same button on the same cell within
    /// the double-click interval (`MouseClickCounter` counts them; the decoder always says 1).
    public var clickCount: Int

    public init(
        _ button: Button, _ action: Action = .press, column: Int, row: Int, modifiers: Modifiers = [],
        clickCount: Int = 1
    ) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
        self.clickCount = clickCount
    }

    /// Whether it is a double click (or more) of the left button.
    public var isDoubleClick: Bool { button == .left && action == .press && clickCount >= 2 }

    /// The event xterm's button code describes (the `b` of `ESC [ < b ; x ; y M`): the button in
    /// its low two bits and 64 and 128, the modifiers in 4, 8 and 16, a drag in 32.
    /// - Parameters:
    ///   - code: The button code.
    ///   - column: The column, from 1 as the terminal counts.
    ///   - row: The row, from 1 as the terminal counts.
    ///   - isRelease: Whether the report says the button came up (SGR's final `m`).
    /// - Returns: `nil` for a code no button has, or a position off the screen (0).
    init?(code: Int, column: Int, row: Int, isRelease: Bool) {
        guard code >= 0, code < 256, column >= 1, row >= 1 else { return nil }
        let number = code & 0b11 | (code & 0b1100_0000) >> 4
        switch number {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 3: return nil  // X10's "released, button unknown": SGR names the button instead
        case 4: button = .wheelUp
        case 5: button = .wheelDown
        case 6: button = .wheelLeft
        case 7: button = .wheelRight
        default: button = .other(number)
        }
        action = isRelease ? .release : code & 32 != 0 ? .drag : .press
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        self.modifiers = modifiers
        self.column = column - 1
        self.row = row - 1
        clickCount = 1
    }
}
