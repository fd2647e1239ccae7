import Foundation
import TerminalUI

/// What the coordinator draws around a screen: the status line and the help overlay.
public enum FullScreenChrome {
    /// The spinner's frames, one per tick while something loads.
    public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The whole terminal: the view's body above, the status line at the bottom, and the help
    /// overlay over the body when it is open. A message shares the status line with the keys
    /// when both fit; otherwise it goes on lines of its own just above it (wrapped between words,
    /// at most half the terminal), the body drawn that much shorter, so neither the keys nor the
    /// selected row are hidden. Both stay until the next key.
    /// - Parameters:
    ///   - view: The screen on top.
    ///   - message: The last error or notice, shown until the next key.
    ///   - spinnerTick: Advances the spinner while the view loads.
    ///   - help: The keys to list in the help overlay, or `nil` when it is closed.
    @MainActor
    public static func frame(
        for view: any FullScreenView, columns: Int, rows: Int, message: String?, spinnerTick: Int,
        help: [(key: String, action: String)]?
    ) -> Frame {
        var frame = Frame(columns: columns, rows: rows)
        guard rows > 0, columns > 0 else { return frame }
        let keys = view.keyHints
        var messageLines: [String] = []
        // The status line with the message, as wide as it would be with no edge to cut it.
        if let message, rows >= 4,
            statusLine(columns: .max, activity: view.activity, spinnerTick: 0, message: message, keys: keys).width
                > columns
        {
            messageLines = DisplayWidth.wrap(message, toWidth: columns, maximumLines: min(6, (rows - 1) / 2))
        }
        let bodyRows = rows - 1 - messageLines.count
        // The body and one row below it, which the help box leaves free as it does the status line.
        var upper = Frame(columns: columns, rows: bodyRows + 1)
        if bodyRows > 0 { upper.place(view.render(columns: columns, rows: bodyRows), at: 0) }
        if let help {
            drawHelp(help, into: &upper)
            upper.cursor = nil
        }
        frame.place(upper, at: 0)
        for (offset, text) in messageLines.enumerated() {
            var line = FrameLine(columns: columns)
            line.append(text, [.red, .bold])
            frame[bodyRows + offset] = line
        }
        frame[rows - 1] = statusLine(
            columns: columns, activity: view.activity, spinnerTick: spinnerTick,
            message: messageLines.isEmpty ? message : nil, keys: keys)
        return frame
    }

    /// The bottom line: the spinner while loading, the last error (until the next key), then the
    /// keys that work here.
    public static func statusLine(
        columns: Int, activity: String?, spinnerTick: Int, message: String?, keys: String
    ) -> FrameLine {
        var line = FrameLine(columns: columns)
        if let activity {
            let frame = spinnerFrames[abs(spinnerTick) % spinnerFrames.count]
            line.append("\(frame) \(activity)…  ", .bold)
        }
        if let message {
            line.append(message, [.red, .bold])
            line.append("  ")
        }
        line.append(keys, .dim)
        return line
    }

    /// Draws a box listing every key over the middle of `frame`.
    public static func drawHelp(_ items: [(key: String, action: String)], into frame: inout Frame) {
        // A terminal too short for every key: the last line says so.
        let room = max(0, frame.rows - 3)
        let lines =
            items.count <= room
            ? items : Array(items.prefix(max(0, room - 1))) + [("…", "a taller terminal lists more")]
        let widestKey = lines.map { DisplayWidth.of($0.key) }.max() ?? 0
        let widestAction = lines.map { DisplayWidth.of($0.action) }.max() ?? 0
        let contentWidth = min(frame.columns - 4, widestKey + 2 + widestAction)
        guard contentWidth > 0, frame.rows >= 3 else { return }
        // On a narrow terminal the keys get half the box at most, so every line keeps its border.
        let keyWidth =
            widestKey + 2 + widestAction <= contentWidth ? widestKey : min(widestKey, max(1, (contentWidth - 2) / 2))
        let left = max(0, (frame.columns - contentWidth - 4) / 2)
        let topRow = max(0, (frame.rows - 1 - lines.count - 2) / 2)
        func boxLine(_ content: (inout FrameLine) -> Void) -> FrameLine {
            var line = FrameLine(columns: frame.columns)
            line.pad(to: left)
            content(&line)
            return line
        }
        let bar = String(repeating: "─", count: contentWidth + 2)
        let title = " Keys · any key closes "
        frame[topRow] = boxLine { line in
            line.append("┌" + String((title + bar).prefix(contentWidth + 2)) + "┐", .bold)
        }
        for (offset, item) in lines.enumerated() {
            frame[topRow + 1 + offset] = boxLine { line in
                line.append("│ ", .bold)
                line.append(item.key, width: keyWidth, .bold)
                line.append("  ")
                line.append(item.action, width: contentWidth - keyWidth - 2)
                line.append(" │", .bold)
            }
        }
        frame[topRow + 1 + lines.count] = boxLine { $0.append("└" + bar + "┘", .bold) }
    }
}
