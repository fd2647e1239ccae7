import Foundation

/// One key the user pressed, decoded once at the terminal's edge: screens never see bytes.
public enum Key: Equatable, Sendable {
    /// A printable character (never a control character).
    case character(Character)
    /// Text pasted in one piece (bracketed paste); may hold any character, so it is sanitised
    /// before use.
    case paste(String)
    /// Ctrl and a letter, or Ctrl-\: `.control("a")` is Ctrl-A.
    case control(Character)
    /// Alt (Meta) and a printable ASCII character, which a terminal sends as ESC and the character
    /// at once: `.alt("b")` is Alt-B. Alt-Backspace is `altBackspace`.
    case alt(Character)
    case enter, tab, backspace, altBackspace, delete, escape
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1: help where letters and `?` are text.
    case f1
    /// A mouse button or the wheel, where the terminal reports them (`RawTerminal.reportsMouse`).
    case mouse(MouseEvent)
}
