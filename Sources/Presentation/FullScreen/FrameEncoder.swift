import Foundation

/// The bytes that turn what the terminal shows (the last frame) into the next frame: only the
/// lines that changed, each moved to, written and erased to its end — no full clear per key.
/// A new size, or no last frame, clears once and writes every line. The terminal writer in App
/// sends these bytes.
public struct FrameEncoder: Sendable {
    /// Colour off (`NO_COLOR`, `--no-color`): dim and red are dropped; bold and reverse stay.
    public var usesColor: Bool
    /// OSC 8 hyperlinks, for terminals known to show them (others get the URL as plain text).
    public var usesHyperlinks: Bool

    public init(usesColor: Bool, usesHyperlinks: Bool) {
        self.usesColor = usesColor
        self.usesHyperlinks = usesHyperlinks
    }

    private static let escape = "\u{1B}"

    /// - Parameters:
    ///   - previous: What the terminal shows, or `nil` when unknown (a new screen, after a resume).
    ///   - next: What it should show.
    /// - Returns: The bytes to write.
    public func encode(from previous: Frame?, to next: Frame) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        let cursorWasVisible = previous?.cursor != nil
        let repaint = previous == nil || previous?.columns != next.columns || previous?.rows != next.rows
        var changed = false
        for (row, line) in next.lines.enumerated() {
            if !repaint, let previous, previous.lines[row] == line { continue }
            if repaint && line.runs.isEmpty { continue }
            if !changed {
                if cursorWasVisible || repaint { append("\(Self.escape)[?25l", to: &out) }
                if repaint { append("\(Self.escape)[H\(Self.escape)[2J", to: &out) }
                changed = true
            }
            append("\(Self.escape)[\(row + 1);1H", to: &out)
            encode(line, into: &out)
            if line.width < next.columns { append("\(Self.escape)[K", to: &out) }
        }
        if repaint && !changed {
            append("\(Self.escape)[?25l\(Self.escape)[H\(Self.escape)[2J", to: &out)
            changed = true
        }
        if let cursor = next.cursor {
            if changed || previous?.cursor != cursor {
                append("\(Self.escape)[\(cursor.row + 1);\(cursor.column + 1)H", to: &out)
            }
            if changed || !cursorWasVisible { append("\(Self.escape)[?25h", to: &out) }
        } else if cursorWasVisible && !changed {
            append("\(Self.escape)[?25l", to: &out)
        }
        return out
    }

    /// One line: each run with its attributes (reset at the end) and its link, if any.
    public func encode(_ line: FrameLine, into out: inout [UInt8]) {
        var current: CellAttributes = []
        for run in line.runs {
            let attributes = usesColor ? run.attributes : run.attributes.subtracting([.dim, .red])
            if attributes != current {
                append(Self.sgr(attributes), to: &out)
                current = attributes
            }
            if usesHyperlinks, let link = run.link {
                append("\(Self.escape)]8;;\(link)\(Self.escape)\\", to: &out)
                append(run.text, to: &out)
                append("\(Self.escape)]8;;\(Self.escape)\\", to: &out)
            } else {
                append(run.text, to: &out)
            }
        }
        if !current.isEmpty { append("\(Self.escape)[0m", to: &out) }
    }

    private static func sgr(_ attributes: CellAttributes) -> String {
        var codes = ["0"]
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.reverse) { codes.append("7") }
        if attributes.contains(.red) { codes.append("31") }
        return "\(escape)[\(codes.joined(separator: ";"))m"
    }

    private func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }
}
