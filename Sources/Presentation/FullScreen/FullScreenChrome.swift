import Foundation
import TerminalUI

/// What the session draws around the screen on top: the status line and the help box, from what
/// the coordinator says they are (`Content`).
public enum FullScreenChrome {
    /// The spinner's frames, one per tick while something loads.
    public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// What goes around the screen on top, as the session stands now.
    public struct Content {
        /// What to tell the user: the last key's notice, or the screen's own message.
        public var message: String?
        /// Whether the message is an error (red), not a notice of what a key did.
        public var messageIsError: Bool
        /// What the screen waits for, with its elapsed time, or `nil`.
        public var activity: ActivityLine?
        /// Advances the spinner while the screen loads.
        public var spinnerTick: Int
        /// The keys the help box lists, or `nil` when it is closed.
        public var help: [(key: String, action: String)]?
        /// The first of them shown, when they do not all fit.
        public var helpTop: Int

        /// Nothing to say, no wait, the help closed — unless given.
        public init(
            message: String? = nil, messageIsError: Bool = true, activity: ActivityLine? = nil, spinnerTick: Int = 0,
            help: [(key: String, action: String)]? = nil, helpTop: Int = 0
        ) {
            self.message = message
            self.messageIsError = messageIsError
            self.activity = activity
            self.spinnerTick = spinnerTick
            self.help = help
            self.helpTop = helpTop
        }
    }

    /// The status line's keys while the help box is open, when it scrolls: the box takes them all.
    static let helpScrollKeys = [
        KeyHint("↑/↓ j/k", "scroll", essential: true), KeyHint("any other key", "closes", essential: true),
    ]
    /// The status line's keys while the help box is open, when every line shows.
    static let helpCloseKeys = [KeyHint("any key", "closes the help", essential: true)]

    /// How far the help box scrolls over `view` at this size: what the frame draws and the keys
    /// scroll by, from the same lines and the same room (less the message's own lines).
    /// - Returns: The scroll limit, and how many lines a page moves.
    @MainActor
    public static func helpLayout(over view: any FullScreenView, content: Content, columns: Int, rows: Int) -> (
        limit: Int, page: Int
    ) {
        guard let help = content.help else { return (0, 1) }
        let bodyRows = rows - 1 - messageLines(of: content, keys: helpScrollKeys, columns: columns, rows: rows).count
        return (helpScrollLimit(help, columns: columns, rows: bodyRows), max(1, bodyRows - 3 - 1))
    }

    /// The message's lines of its own above the status line: none when it fits beside the keys.
    private static func messageLines(of content: Content, keys: [KeyHint], columns: Int, rows: Int) -> [String] {
        // The status line with the message, as wide as it would be with no edge to cut it.
        guard let message = content.message, rows >= 4,
            statusLine(columns: .max, activity: content.activity, spinnerTick: 0, message: message, keys: keys).width
                > columns
        else { return [] }
        return DisplayWidth.wrap(message, toWidth: columns, maximumLines: min(6, (rows - 1) / 2))
    }

    /// The whole terminal: the view's body above, the status line at the bottom, and the help
    /// box over the body when it is open (the status line then names its keys). A message shares
    /// the status line with the keys when both fit; otherwise it goes on lines of its own just
    /// above it (wrapped between words, at most half the terminal), the body drawn that much
    /// shorter, so neither the keys nor the selected row are hidden.
    @MainActor
    public static func frame(for view: any FullScreenView, columns: Int, rows: Int, content: Content) -> Frame {
        var frame = Frame(columns: columns, rows: rows)
        guard rows > 0, columns > 0 else { return frame }
        let message = content.message
        let (activity, spinnerTick) = (content.activity, content.spinnerTick)
        let messageLines = messageLines(
            of: content, keys: content.help == nil ? view.keyHints : helpScrollKeys, columns: columns, rows: rows)
        let bodyRows = rows - 1 - messageLines.count
        // The room `helpLayout` gives the box, taken from the lines just wrapped.
        let boxKeys = content.help.map {
            helpScrollLimit($0, columns: columns, rows: bodyRows) > 0 ? helpScrollKeys : helpCloseKeys
        }
        // The body and one row below it, which the help box leaves free as it does the status line.
        var upper = Frame(columns: columns, rows: bodyRows + 1)
        if bodyRows > 0 {
            view.resize(columns: columns, rows: bodyRows)  // the layout, before the pure drawing
            upper.place(view.render(columns: columns, rows: bodyRows), at: 0)
        }
        if let help = content.help {
            drawHelp(help, into: &upper, top: content.helpTop)
            upper.cursor = nil
            upper.removeImages()  // a picture would lie over the box
        }
        frame.place(upper, at: 0)
        for (offset, text) in messageLines.enumerated() {
            var line = FrameLine(columns: columns)
            line.append(text, content.messageIsError ? [.red, .bold] : .bold)
            frame[bodyRows + offset] = line
        }
        // Asked again now that the body is drawn at this size (a key may depend on the width).
        frame[rows - 1] = statusLine(
            columns: columns, activity: activity, spinnerTick: spinnerTick,
            message: messageLines.isEmpty ? message : nil, messageIsError: content.messageIsError,
            keys: boxKeys ?? view.keyHints)
        return frame
    }

    /// What a wait says in the status line: what it waits for, what happens meanwhile (a retry and
    /// its reason), for how long once that is a second or more, and that Ctrl-C cancels it.
    public struct ActivityLine: Equatable, Sendable {
        /// The request: `Searching for "clairo"`.
        public var text: String
        /// What happens meanwhile, sanitised: `HTTP 503, retrying 2 of 3`.
        public var detail: String?
        /// Whole seconds since the wait began.
        public var elapsedSeconds: Int

        public init(_ text: String, detail: String? = nil, elapsedSeconds: Int = 0) {
            self.text = text
            self.detail = detail
            self.elapsedSeconds = elapsedSeconds
        }

        /// `Searching for "clairo"… — HTTP 503, retrying 2 of 3 · waited 3 s · Ctrl-C cancels`.
        public var description: String { head + tail }

        /// What is waited for, and what happens meanwhile: cut first when room is short.
        var head: String {
            var text = self.text + "…"
            if let detail, !detail.isEmpty { text += " — " + detail }
            return text
        }

        /// The seconds and how to cancel: kept whole while the keys leave room for them.
        var tail: String {
            (elapsedSeconds >= 1 ? " · waited \(elapsedSeconds) s" : "") + " · Ctrl-C cancels"
        }
    }

    /// The bottom line: the spinner and what it waits for while loading, the message, then the
    /// keys that work here — fitted to the room the rest leaves them (`KeyHint.fit`). When even
    /// the essential keys do not fit beside them, the wait and the message are cut instead.
    public static func statusLine(
        columns: Int, activity: ActivityLine?, spinnerTick: Int, message: String?, messageIsError: Bool = true,
        keys: [KeyHint]
    ) -> FrameLine {
        var prefix: [(text: String, attributes: CellAttributes)] = []
        if let activity {
            let frame = spinnerFrames[abs(spinnerTick) % spinnerFrames.count]
            // Short of room, what is waited for is cut, not its seconds or how to cancel it.
            let essentials = DisplayWidth.of(KeyHint.fit(keys, width: 0))
            let whole = "\(frame) \(activity.description)  "
            let room = columns - essentials - 1 - DisplayWidth.of("\(frame) " + activity.tail + "  ")
            let head =
                columns == .max || DisplayWidth.of(whole) + essentials + 1 <= columns || room < 8
                ? activity.head : DisplayWidth.truncate(activity.head, toWidth: room)
            prefix.append(("\(frame) \(head)\(activity.tail)  ", .bold))
        }
        if let message { prefix.append((message + "  ", messageIsError ? [.red, .bold] : .bold)) }
        let prefixWidth = prefix.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let room = columns == .max ? .max : max(0, columns - prefixWidth)
        let keyText = KeyHint.fit(keys, width: room)
        var line = FrameLine(columns: columns)
        let keyWidth = DisplayWidth.of(keyText)
        // Cut only when the keys leave too little room; then one space apart.
        let cuts = columns != .max && prefixWidth + keyWidth > columns
        var left = cuts ? max(0, columns - keyWidth - 1) : Int.max
        for part in prefix {
            guard left > 0 else { break }
            let fitted =
                DisplayWidth.of(part.text) <= left ? part.text : DisplayWidth.truncate(part.text, toWidth: left)
            line.append(fitted, part.attributes)
            left -= DisplayWidth.of(fitted)
        }
        if cuts, line.width > 0 { line.append(" ") }
        line.append(keyText, .dim)
        return line
    }

    /// How far the help box for `items` scrolls, in lines, in a body `columns` wide and `rows`
    /// high (0 when all fit).
    public static func helpScrollLimit(_ items: [(key: String, action: String)], columns: Int, rows: Int) -> Int {
        let layout = HelpLayout(items, columns: columns)
        return max(0, layout.lines.count - max(1, rows + 1 - 3))
    }

    /// The help box's lines: each key beside its action, an action too long for the box wrapped
    /// onto lines of its own below (the key column blank), never cut; on a narrow terminal a key
    /// too wide for its column is wrapped too, between its keys, never cut either.
    private struct HelpLayout {
        /// The key's part (the whole key, but for a wrapped one), the action's text, and the item
        /// they belong to.
        var lines: [(key: String, action: String, item: Int)] = []
        let keyWidth: Int
        let contentWidth: Int

        init(_ items: [(key: String, action: String)], columns: Int) {
            let widestKey = items.map { DisplayWidth.of($0.key) }.max() ?? 0
            let widestAction = items.map { DisplayWidth.of($0.action) }.max() ?? 0
            // The widest single key (`Alt-Backspace`): the key column is never narrower.
            let widestWord =
                items.flatMap { $0.key.split(separator: " ") }.map { DisplayWidth.of(String($0)) }.max() ?? 0
            contentWidth = max(0, min(columns - 4, widestKey + 2 + widestAction))
            // On a narrow terminal the keys get half the box, so every line keeps its border — or
            // the widest single key, while that leaves the actions room for a few words.
            let keyRoom = max((contentWidth - 2) / 2, min(widestWord, contentWidth - 2 - 12))
            keyWidth = widestKey + 2 + widestAction <= contentWidth ? widestKey : min(widestKey, max(1, keyRoom))
            let actionWidth = contentWidth - keyWidth - 2
            guard actionWidth > 0 else { return }
            for (index, item) in items.enumerated() {
                let keys = Self.wrap(key: item.key, toWidth: keyWidth)
                let wrapped = DisplayWidth.wrap(
                    TerminalSanitizer.sanitize(item.action), toWidth: actionWidth, maximumLines: 8)
                let actions = wrapped.isEmpty ? [""] : wrapped
                for offset in 0..<max(keys.count, actions.count) {
                    lines.append(
                        (offset < keys.count ? keys[offset] : "", offset < actions.count ? actions[offset] : "", index))
                }
            }
        }

        /// A key's text on lines `width` wide: its groups (`↑ ↓  k j  Ctrl-P/N`, two spaces apart)
        /// kept whole where they fit, else split between their keys.
        static func wrap(key: String, toWidth width: Int) -> [String] {
            guard DisplayWidth.of(key) > width else { return [key] }
            var lines: [String] = []
            var line = ""
            for group in key.split(separator: "  ").map(String.init) {
                let parts =
                    DisplayWidth.of(group) <= width
                    ? [group] : DisplayWidth.wrap(group, toWidth: width, maximumLines: 8)
                for part in parts {
                    if line.isEmpty {
                        line = part
                    } else if DisplayWidth.of(line + "  " + part) <= width {
                        line += "  " + part
                    } else {
                        lines.append(line)
                        line = part
                    }
                }
            }
            if !line.isEmpty { lines.append(line) }
            return lines
        }
    }

    /// Draws a box listing every key over the middle of `frame`, from the line at `top` when they
    /// do not all fit (the title then says which keys show, and which way the others are).
    public static func drawHelp(_ items: [(key: String, action: String)], into frame: inout Frame, top: Int = 0) {
        let layout = HelpLayout(items, columns: frame.columns)
        let room = max(1, frame.rows - 3)
        let first = max(0, min(top, layout.lines.count - room))
        let lines = Array(layout.lines.dropFirst(first).prefix(room))
        let scrolls = layout.lines.count > room
        let (contentWidth, keyWidth) = (layout.contentWidth, layout.keyWidth)
        guard contentWidth > 0, frame.rows >= 3, let firstLine = lines.first, let lastLine = lines.last else {
            return
        }
        let left = max(0, (frame.columns - contentWidth - 4) / 2)
        let topRow = max(0, (frame.rows - 1 - lines.count - 2) / 2)
        func boxLine(_ content: (inout FrameLine) -> Void) -> FrameLine {
            var line = FrameLine(columns: frame.columns)
            line.pad(to: left)
            content(&line)
            return line
        }
        let bar = String(repeating: "─", count: contentWidth + 2)
        let atEnd = first + lines.count == layout.lines.count
        let arrows = first == 0 ? "↓" : atEnd ? "↑" : "↑/↓"  // the way more keys are
        let shown = "\(firstLine.item + 1)–\(lastLine.item + 1)"
        let title = scrolls ? " Keys \(shown) of \(items.count) · \(arrows) more " : " Keys · any key closes "
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
