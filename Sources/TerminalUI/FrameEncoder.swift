import Foundation

/// The bytes that turn what the terminal shows (the last frame) into the next frame: only the
/// lines that changed, each from its first changed run, written and erased to its end — no full
/// clear per key. When a block of lines moved by one row (the list scrolled), the terminal moves
/// them itself (a scroll region, then index or reverse index).
/// A new size, or no last frame, clears once and writes every line. The terminal writer in App
/// sends these bytes.
public struct FrameEncoder: Sendable {
    /// Colour off (`NO_COLOR`, `--no-color`): dim, red and highlight are dropped; bold and reverse stay.
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
        var shown = repaint ? [] : previous?.lines ?? []
        var changed = false
        if repaint {
            append("\(Self.escape)[?25l\(Self.escape)[H\(Self.escape)[2J", to: &out)
            shown = Array(repeating: FrameLine(columns: next.columns), count: next.rows)
            changed = true
        } else if let scroll = Self.scroll(from: shown, to: next.lines) {
            if cursorWasVisible { append("\(Self.escape)[?25l", to: &out) }
            changed = true
            append("\(Self.escape)[\(scroll.top + 1);\(scroll.bottom + 1)r", to: &out)
            if scroll.up {
                append("\(Self.escape)[\(scroll.bottom + 1);1H\(Self.escape)D", to: &out)
            } else {
                append("\(Self.escape)[\(scroll.top + 1);1H\(Self.escape)M", to: &out)
            }
            append("\(Self.escape)[r", to: &out)
            shown = Self.shifted(shown, by: scroll)
        }
        for (row, line) in next.lines.enumerated() where shown[row] != line {
            if !changed {
                if cursorWasVisible { append("\(Self.escape)[?25l", to: &out) }
                changed = true
            }
            let kept = Self.unchangedPrefix(of: shown[row], in: line)
            append("\(Self.escape)[\(row + 1);\(kept.width + 1)H", to: &out)
            encode(line.runs[kept.runs...], into: &out)
            if line.width < next.columns { append("\(Self.escape)[K", to: &out) }
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

    /// A block of lines moved up (`up`) or down by one row, between `top` and `bottom`.
    struct Scroll: Equatable {
        let top: Int
        let bottom: Int
        let up: Bool
    }

    /// The one-row scroll that leaves the fewest cells to write, when it saves at least three
    /// lines' worth.
    static func scroll(from old: [FrameLine], to new: [FrameLine]) -> Scroll? {
        guard old.count == new.count, new.count >= 3, let columns = new.first?.columns else { return nil }
        let withoutScroll = cellsToWrite(from: old, to: new)
        var best: (scroll: Scroll, cost: Int)?
        for up in [true, false] {
            let offset = up ? 1 : -1
            // Lines that start like the line one row away did: they moved.
            let moved = new.indices.filter { row in
                guard old.indices.contains(row + offset), new[row] != old[row] else { return false }
                let stayed = unchangedPrefix(of: old[row], in: new[row]).width
                let shifted = unchangedPrefix(of: old[row + offset], in: new[row]).width
                return shifted > stayed + 8 || (new[row] == old[row + offset] && !new[row].runs.isEmpty)
            }
            guard let first = moved.first, let last = moved.last else { continue }
            let scroll = Scroll(top: up ? first : first - 1, bottom: up ? last + 1 : last, up: up)
            guard scroll.top >= 0, scroll.bottom < new.count, scroll.top < scroll.bottom else { continue }
            let cost = cellsToWrite(from: shifted(old, by: scroll), to: new)
            if cost + 3 * columns <= withoutScroll, cost < best?.cost ?? Int.max { best = (scroll, cost) }
        }
        return best?.scroll
    }

    /// How many cells the diff writes: each changed line from its first changed run on.
    static func cellsToWrite(from old: [FrameLine], to new: [FrameLine]) -> Int {
        zip(old, new).reduce(0) { total, pair in
            pair.0 == pair.1 ? total : total + pair.1.columns - unchangedPrefix(of: pair.0, in: pair.1).width
        }
    }

    /// The leading runs a line shares with what the terminal shows: how many, and their width.
    static func unchangedPrefix(of old: FrameLine, in new: FrameLine) -> (runs: Int, width: Int) {
        var runs = 0
        var width = 0
        for (before, after) in zip(old.runs, new.runs) {
            guard before == after else { break }
            runs += 1
            width += after.width
        }
        return (runs, width)
    }

    /// What the terminal shows after the scroll: the block moved, a blank line where it left.
    static func shifted(_ lines: [FrameLine], by scroll: Scroll) -> [FrameLine] {
        var lines = lines
        let blank = FrameLine(columns: lines.first?.columns ?? 0)
        if scroll.up {
            lines[scroll.top..<scroll.bottom] = lines[(scroll.top + 1)...scroll.bottom]
            lines[scroll.bottom] = blank
        } else {
            lines[(scroll.top + 1)...scroll.bottom] = lines[scroll.top..<scroll.bottom]
            lines[scroll.top] = blank
        }
        return lines
    }

    /// One line: each run with its attributes (reset at the end) and its link, if any.
    public func encode(_ line: FrameLine, into out: inout [UInt8]) {
        encode(line.runs[...], into: &out)
    }

    /// Runs of a line, from the cursor on (the terminal's attributes are the default there).
    func encode(_ runs: ArraySlice<CellRun>, into out: inout [UInt8]) {
        var current: CellAttributes = []
        for run in runs {
            let attributes = usesColor ? run.attributes : run.attributes.subtracting([.dim, .red, .highlight])
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
        if attributes.contains(.highlight) { codes.append("33") }
        return "\(escape)[\(codes.joined(separator: ";"))m"
    }

    private func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }
}
