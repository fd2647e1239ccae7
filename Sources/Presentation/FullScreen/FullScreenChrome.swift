import Foundation

/// What the coordinator draws around a screen: the status line and the help overlay.
public enum FullScreenChrome {
    /// The spinner's frames, one per tick while something loads.
    public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The whole terminal: the view's body above, the status line at the bottom, and the help
    /// overlay over both when it is open. A message is shown before the keys, which it may cut;
    /// one too long for the status line on its own goes over the body's last lines instead,
    /// wrapped (at most three), with the keys below it, until the next key.
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
        if rows > 1 { frame.place(view.render(columns: columns, rows: rows - 1), at: 0) }
        var statusMessage = message
        if let message, rows >= 6,
            (view.activity.map { DisplayWidth.of($0) + 5 } ?? 0) + DisplayWidth.of(message) > columns
        {
            let lines = DisplayWidth.wrap(message, toWidth: columns, maximumLines: min(3, rows - 5))
            let top = rows - 1 - lines.count
            for (offset, text) in lines.enumerated() {
                var line = FrameLine(columns: columns)
                line.append(text, [.red, .bold])
                frame[top + offset] = line
            }
            if let cursor = frame.cursor, cursor.row >= top { frame.cursor = nil }
            statusMessage = nil
        }
        frame[rows - 1] = statusLine(
            columns: columns, activity: view.activity, spinnerTick: spinnerTick, message: statusMessage,
            keys: view.keyHints)
        if let help {
            drawHelp(help, into: &frame)
            frame.cursor = nil
        }
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
        let widestKey = items.map { DisplayWidth.of($0.key) }.max() ?? 0
        let widestAction = items.map { DisplayWidth.of($0.action) }.max() ?? 0
        let contentWidth = min(frame.columns - 4, widestKey + 2 + widestAction)
        guard contentWidth > 0, frame.rows >= 3 else { return }
        // On a narrow terminal the keys get half the box at most, so every line keeps its border.
        let keyWidth =
            widestKey + 2 + widestAction <= contentWidth ? widestKey : min(widestKey, max(1, (contentWidth - 2) / 2))
        let lines = Array(items.prefix(max(0, frame.rows - 3)))
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
