extension FrameLine {
    /// Appends `text` padded (or cut) to exactly `width` columns, its characters at `positions`
    /// drawn with `highlight` added (what a filter matched).
    /// - Parameters:
    ///   - text: Sanitised text: the positions count its characters.
    ///   - width: The columns it takes.
    ///   - attributes: How the rest looks.
    ///   - alignRight: Padded on the left instead of the right.
    ///   - positions: Offsets of characters in `text`, ascending; empty draws it plainly.
    ///   - highlight: Added to the attributes of those characters.
    public mutating func append(
        _ text: String, width: Int, _ attributes: CellAttributes = [], alignRight: Bool = false,
        highlighting positions: [Int], with highlight: CellAttributes = .highlight
    ) {
        guard !positions.isEmpty, width > 0 else {
            return append(text, width: width, attributes, alignRight: alignRight)
        }
        let start = self.width
        let clean = TerminalSanitizer.sanitize(text)
        let fitted = DisplayWidth.truncate(clean, toWidth: width)
        if alignRight { pad(to: start + width - DisplayWidth.of(fitted), attributes) }
        // What was cut ends with "…", which is no character of the text.
        let kept = fitted == clean ? fitted.count : max(0, fitted.count - 1)
        let marked = Set(positions.filter { $0 < kept })
        var run = ""
        var runIsMarked = false
        for (offset, character) in fitted.enumerated() {
            let isMarked = marked.contains(offset)
            if isMarked != runIsMarked, !run.isEmpty {
                append(run, runIsMarked ? attributes.union(highlight) : attributes)
                run = ""
            }
            runIsMarked = isMarked
            run.append(character)
        }
        if !run.isEmpty { append(run, runIsMarked ? attributes.union(highlight) : attributes) }
        pad(to: start + width, attributes)
    }
}
