import Foundation

/// How a run of cells looks. Colour-free attributes (bold, reverse) are kept when colour is off;
/// `dim`, `red` and `highlight` are colours and are dropped then.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    public static let red = CellAttributes(rawValue: 1 << 3)
    /// Characters a filter matched (yellow).
    public static let highlight = CellAttributes(rawValue: 1 << 4)
}

/// Consecutive cells with the same look: sanitised text, its display width, and the web page it
/// links to (an OSC 8 hyperlink where the terminal supports it; the text shows the URL too).
public struct CellRun: Hashable, Sendable {
    public let text: String
    public let width: Int
    public let attributes: CellAttributes
    /// An http(s) URL of printable ASCII only, or `nil`.
    public let link: String?
}

/// One line of a frame: runs of cells never wider than the frame.
public struct FrameLine: Hashable, Sendable {
    /// The columns this line may use.
    public let columns: Int
    public private(set) var runs: [CellRun] = []
    /// The columns used so far.
    public private(set) var width = 0

    /// - Parameter columns: The frame's width.
    public init(columns: Int) {
        self.columns = max(0, columns)
    }

    /// A line holding `text`, cut to fit.
    public init(_ text: String, columns: Int, attributes: CellAttributes = []) {
        self.init(columns: columns)
        append(text, attributes)
    }

    /// Set once text was cut at the end of the line: nothing more fits after the ellipsis.
    private var isFull = false

    /// The columns still free.
    public var remaining: Int { isFull ? 0 : columns - width }

    /// Appends text, cut with `…` to the columns left. Control characters are removed first, so
    /// nothing appended can drive the terminal.
    /// - Parameters:
    ///   - text: The text.
    ///   - attributes: How it looks.
    ///   - link: A web page the text links to; kept only when it is a plain http(s) URL.
    public mutating func append(_ text: String, _ attributes: CellAttributes = [], link: String? = nil) {
        guard remaining > 0, !text.isEmpty else { return }
        let clean = TerminalSanitizer.sanitize(text)
        let fitted = DisplayWidth.truncate(clean, toWidth: remaining)
        let width = DisplayWidth.of(fitted)
        if fitted != clean { isFull = true }
        guard width > 0 else { return }
        runs.append(CellRun(text: fitted, width: width, attributes: attributes, link: link.flatMap(Self.safeLink)))
        self.width += width
    }

    /// Appends spaces up to `column` (no-op when already past it).
    public mutating func pad(to column: Int, _ attributes: CellAttributes = []) {
        let count = min(column, columns) - width
        guard count > 0 else { return }
        append(String(repeating: " ", count: count), attributes)
    }

    /// Appends `text` padded (or cut) to exactly `width` columns.
    public mutating func append(_ text: String, width: Int, _ attributes: CellAttributes = [], alignRight: Bool = false)
    {
        guard width > 0 else { return }
        let start = self.width
        let clean = DisplayWidth.truncate(TerminalSanitizer.sanitize(text), toWidth: width)
        if alignRight { pad(to: start + width - DisplayWidth.of(clean), attributes) }
        append(clean, attributes)
        pad(to: start + width, attributes)
    }

    /// Appends another line's runs, cut to the columns left.
    public mutating func append(_ line: FrameLine) {
        for run in line.runs { append(run.text, run.attributes, link: run.link) }
    }

    /// The text without attributes.
    public var text: String { runs.map(\.text).joined() }

    /// The cells of `range` as a line of their own, `range.count` wide: runs keep their look and
    /// link, and a wide character cut by either edge becomes spaces.
    public func slice(_ range: Range<Int>) -> FrameLine {
        var slice = FrameLine(columns: range.count)
        var start = 0
        for run in runs {
            let end = start + run.width
            defer { start = end }
            guard end > range.lowerBound else { continue }
            guard start < range.upperBound else { break }
            if start >= range.lowerBound, end <= range.upperBound {
                slice.runs.append(run)
                slice.width += run.width
                continue
            }
            var text = ""
            var column = start
            for character in run.text {
                let width = DisplayWidth.of(character)
                defer { column += width }
                guard column + width > range.lowerBound, column < range.upperBound else { continue }
                let inside = column >= range.lowerBound && column + width <= range.upperBound
                text +=
                    inside
                    ? String(character)
                    : String(
                        repeating: " ", count: min(column + width, range.upperBound) - max(column, range.lowerBound))
            }
            let width = DisplayWidth.of(text)
            guard width > 0 else { continue }
            slice.runs.append(CellRun(text: text, width: width, attributes: run.attributes, link: run.link))
            slice.width += width
        }
        return slice
    }

    /// A URL is kept as a link target only when it is http(s) and printable ASCII without spaces:
    /// it goes inside an escape sequence.
    private static func safeLink(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.utf8.count <= 2048,
            url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return url
    }
}

/// What the terminal shows: exactly `rows` lines, each at most `columns` wide, where the cursor
/// stands (hidden when `nil`), and the pictures over its cells, if any.
public struct Frame: Hashable, Sendable {
    public struct Position: Hashable, Sendable {
        public let row: Int
        public let column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public let columns: Int
    public let rows: Int
    public private(set) var lines: [FrameLine]
    public var cursor: Position?
    /// Pictures over rectangles of cells the lines leave blank; shown only where the encoder has a
    /// graphics protocol.
    public private(set) var images: [FrameImage] = []

    /// A frame of `rows` empty lines.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        lines = Array(repeating: FrameLine(columns: columns), count: max(0, rows))
    }

    /// Replaces line `row` (ignored outside the frame).
    public subscript(row: Int) -> FrameLine {
        get { lines.indices.contains(row) ? lines[row] : FrameLine(columns: columns) }
        set {
            guard lines.indices.contains(row) else { return }
            var line = FrameLine(columns: columns)
            line.append(newValue)
            lines[row] = line
        }
    }

    /// Puts `body`'s lines (and cursor) in place from `row` on, as far as they fit.
    public mutating func place(_ body: Frame, at row: Int) {
        for (offset, line) in body.lines.enumerated() where lines.indices.contains(row + offset) {
            if line.columns == columns { lines[row + offset] = line } else { self[row + offset] = line }
        }
        if let cursor = body.cursor, lines.indices.contains(row + cursor.row) {
            self.cursor = Position(row: row + cursor.row, column: cursor.column)
        }
        for var image in body.images {
            image.row += row
            add(image)
        }
    }

    /// Shows `image` over its rectangle, when the rectangle lies wholly inside the frame and
    /// clear of the other images (otherwise it is left out: a picture is never cut).
    public mutating func add(_ image: FrameImage) {
        guard image.row >= 0, image.row + image.rows <= rows, image.column + image.columns <= columns,
            !images.contains(where: { $0.overlaps(image) })
        else { return }
        images.append(image)
    }

    /// Takes every picture off (a box drawn over them: the help).
    public mutating func removeImages() {
        images = []
    }

    /// The frame as plain text, trailing spaces trimmed: what golden tests compare.
    public var text: String {
        lines.map { line in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }
}
