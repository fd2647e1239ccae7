import Foundation

/// The bytes that turn what the terminal shows (the last frame) into the next frame: only the
/// lines that changed, each from its first changed run, written and erased to its end — no full
/// clear per key. When a block of lines moved by one row (the list scrolled), the terminal moves
/// them itself (a scroll region, then index or reverse index).
/// A new size, or no last frame, clears once and writes every line. The terminal writer in App
/// sends these bytes.
public struct FrameEncoder: Sendable {
    /// Colour off (`NO_COLOR`, `--no-color`): dim and red are dropped; bold and reverse stay; what
    /// a filter matched (highlight, yellow) is underlined instead, so it keeps a mark.
    public var usesColor: Bool
    /// OSC 8 hyperlinks, for terminals known to show them (others get the URL as plain text).
    public var usesHyperlinks: Bool
    /// How the frames' pictures are shown; `nil`: they are not (their cells stay blank).
    public var graphics: TerminalGraphics?
    /// The pictures a kitty terminal holds: shown again, they are placed by id, not sent again.
    /// One per terminal session; copies of the encoder share it.
    public let kittyImages: KittyImageMemory
    /// The size of a cell in pixels, asked when a picture is placed (kitty scales a picture to
    /// the cells it is given, so they must have its aspect ratio); `nil`: twice as high as wide.
    public var cellPixelSize: @Sendable () -> CellPixelSize? = { nil }

    public init(
        usesColor: Bool, usesHyperlinks: Bool, graphics: TerminalGraphics? = nil,
        kittyImages: KittyImageMemory = KittyImageMemory()
    ) {
        self.usesColor = usesColor
        self.usesHyperlinks = usesHyperlinks
        self.graphics = graphics
        self.kittyImages = kittyImages
    }

    /// The terminal has freed every picture (the program left it, and `imagesRemoval` was sent):
    /// the next frame sends its pictures again.
    public func forgetSentImages() { kittyImages.forget() }

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
        func startChange(_ out: inout [UInt8]) {
            guard !changed else { return }
            if cursorWasVisible { append("\(Self.escape)[?25l", to: &out) }
            changed = true
        }
        // Pictures: those the terminal shows and will go on showing where they are, and the ids
        // whose bytes it holds (kitty keeps them until freed, so a picture shown again is placed by
        // id: not sent again on a repaint, nor when it comes back).
        let wanted = graphics == nil ? [] : next.images
        var placed = repaint || graphics == nil ? [] : previous?.images ?? []
        let held = graphics == .kitty ? kittyImages.settle(previous: previous) : []
        // Rows written again from a column on, whatever the terminal was thought to show there: the
        // cells a picture leaves.
        var rewriteFrom: [Int: Int] = [:]
        if repaint {
            append("\(Self.escape)[?25l\(Self.escape)[H\(Self.escape)[2J", to: &out)
            if graphics == .kitty {
                append(held.isEmpty ? KittyGraphics.deleteAll : KittyGraphics.deleteAllPlacements, to: &out)
            }
            shown = Array(repeating: FrameLine(columns: next.columns), count: next.rows)
            changed = true
        } else {
            for image in placed where !wanted.contains(image) {
                startChange(&out)
                // Moved: placed again by id below, which replaces it. Gone: its placement deleted,
                // its bytes kept for when it comes back.
                if graphics == .kitty, !wanted.contains(where: { $0.id == image.id }) {
                    append(KittyGraphics.deletePlacements(id: image.id), to: &out)
                }
                for row in image.rowRange where row < next.rows {
                    rewriteFrom[row] = min(rewriteFrom[row] ?? .max, image.column)
                }
            }
            placed = placed.filter { wanted.contains($0) }
            if let scroll = Self.scroll(from: shown, to: next.lines),
                graphics != .iTerm2 || !(placed + wanted).contains(where: { scroll.moves($0) })
            {
                startChange(&out)
                append("\(Self.escape)[\(scroll.top + 1);\(scroll.bottom + 1)r", to: &out)
                if scroll.up {
                    append("\(Self.escape)[\(scroll.bottom + 1);1H\(Self.escape)D", to: &out)
                } else {
                    append("\(Self.escape)[\(scroll.top + 1);1H\(Self.escape)M", to: &out)
                }
                append("\(Self.escape)[r", to: &out)
                shown = Self.shifted(shown, by: scroll)
                // The terminal may have moved or cut a picture in the block: placed again below.
                placed.removeAll { scroll.moves($0) }
            }
        }
        for (row, line) in next.lines.enumerated() {
            let covered = wanted.filter { $0.rowRange.contains(row) }.map(\.columnRange)
            let force = rewriteFrom[row]
            if covered.isEmpty {
                guard shown[row] != line || force != nil else { continue }
                startChange(&out)
                let kept = Self.unchangedPrefix(of: shown[row], in: line, upTo: force ?? .max)
                append("\(Self.escape)[\(row + 1);\(kept.width + 1)H", to: &out)
                encode(line.runs[kept.runs...], into: &out)
                if line.width < next.columns { append("\(Self.escape)[K", to: &out) }
                continue
            }
            // Written around the pictures, never over them: text would erase an iTerm2 picture.
            for part in Self.uncovered(columns: next.columns, by: covered) {
                let old = shown[row].slice(part)
                let new = line.slice(part)
                let forceHere = force.map { max(0, $0 - part.lowerBound) }
                guard old != new || (forceHere ?? .max) < part.count else { continue }
                startChange(&out)
                let kept = Self.unchangedPrefix(of: old, in: new, upTo: forceHere ?? .max)
                append("\(Self.escape)[\(row + 1);\(part.lowerBound + kept.width + 1)H", to: &out)
                encode(new.runs[kept.runs...], into: &out)
                if new.width < part.count {
                    let rest = part.count - new.width
                    append(part.upperBound == next.columns ? "\(Self.escape)[K" : "\(Self.escape)[\(rest)X", to: &out)
                }
            }
        }
        if let graphics {
            let toPlace = wanted.filter { !placed.contains($0) }
            if graphics == .kitty {
                let freed = kittyImages.record(sent: toPlace.filter { !held.contains($0.id) }, shown: wanted)
                if !freed.isEmpty { startChange(&out) }
                for id in freed { append(KittyGraphics.delete(id: id), to: &out) }
            }
            for image in toPlace {
                startChange(&out)
                for row in image.rowRange {
                    append("\(Self.escape)[\(row + 1);\(image.column + 1)H\(Self.escape)[\(image.columns)X", to: &out)
                }
                append("\(Self.escape)[\(image.row + 1);\(image.column + 1)H\(Self.escape)7", to: &out)
                switch graphics {
                case .kitty:
                    let cells = image.fittedCells(on: cellPixelSize() ?? .assumed)
                    if held.contains(image.id) {
                        append(KittyGraphics.place(image, cells: cells), to: &out)
                    } else {
                        KittyGraphics.transmitAndPlace(image, cells: cells, into: &out)
                    }
                case .iTerm2: ITermGraphics.inlineImage(image, into: &out)
                }
                append("\(Self.escape)8", to: &out)
            }
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

    /// What takes every picture off the terminal before the program leaves it (kitty keeps them
    /// otherwise); empty where nothing needs it.
    public var imagesRemoval: [UInt8] {
        graphics == .kitty ? Array(KittyGraphics.deleteAll.utf8) : []
    }

    /// The column ranges of a line that no picture covers, left to right.
    static func uncovered(columns: Int, by covered: [Range<Int>]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        for range in covered.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > start { parts.append(start..<min(range.lowerBound, columns)) }
            start = max(start, range.upperBound)
        }
        if start < columns { parts.append(start..<columns) }
        return parts
    }

    /// A block of lines moved up (`up`) or down by one row, between `top` and `bottom`.
    struct Scroll: Equatable {
        let top: Int
        let bottom: Int
        let up: Bool

        /// Whether the picture has a row in the block that moves.
        func moves(_ image: FrameImage) -> Bool {
            image.rowRange.overlaps(top..<(bottom + 1))
        }
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
    /// - Parameter limit: The column it may not pass (the line is written from there on anyway).
    static func unchangedPrefix(of old: FrameLine, in new: FrameLine, upTo limit: Int = .max) -> (runs: Int, width: Int)
    {
        var runs = 0
        var width = 0
        for (before, after) in zip(old.runs, new.runs) {
            guard before == after, width + after.width <= limit else { break }
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
            let attributes = usesColor ? run.attributes : run.attributes.subtracting([.dim, .red])
            if attributes != current {
                append(Self.sgr(attributes, usesColor: usesColor), to: &out)
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

    private static func sgr(_ attributes: CellAttributes, usesColor: Bool) -> String {
        var codes = ["0"]
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.highlight), !usesColor { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        if attributes.contains(.red) { codes.append("31") }
        if attributes.contains(.highlight), usesColor { codes.append("33") }
        return "\(escape)[\(codes.joined(separator: ";"))m"
    }

    private func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }
}
