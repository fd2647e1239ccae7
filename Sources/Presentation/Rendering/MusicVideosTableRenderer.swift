import Foundation

/// Columns `#  Title  Artist  Year  Time  Price`, aligned by display width and fitted to a
/// terminal width; title and artist share what the fixed columns leave, cut with `…`.
public struct MusicVideosTableRenderer: MusicVideosListRenderer {
    private let width: Int
    private let style: TextStyle
    private let firstNumber: Int

    private static let gap = "  "
    private static let minimumTextWidth = 8

    /// - Parameters:
    ///   - width: The terminal's width in columns.
    ///   - style: Colour or none.
    ///   - firstNumber: The number of the first row (rows are numbered for selection).
    public init(width: Int, style: TextStyle = .plain, firstNumber: Int = 1) {
        self.width = width
        self.style = style
        self.firstNumber = firstNumber
    }

    public func render(_ items: [MusicVideosListItemViewModel]) -> String {
        let numbers = items.indices.map { String(firstNumber + $0) }
        let numberWidth = max(1, numbers.map(\.count).max() ?? 1)
        var fixed = [
            Column(header: "Year", values: items.map(\.year)),
            Column(header: "Time", values: items.map(\.duration), alignRight: true),
            Column(header: "Price", values: items.map(\.price), alignRight: true),
        ].filter { $0.values.contains { !$0.isEmpty } }
        let explicitWidth = items.contains(where: \.isExplicit) ? 2 : 0
        var fixedWidth: Int {
            numberWidth + fixed.reduce(0) { $0 + Self.gap.count + $1.width } + 2 * Self.gap.count
        }
        // On a narrow terminal, price, then time, then year give way to title and artist.
        while !fixed.isEmpty && width - fixedWidth < 2 * Self.minimumTextWidth {
            fixed.removeLast()
        }
        let (titleWidth, artistWidth) = flexibleWidths(
            title: items.map { DisplayWidth.of($0.title) + ($0.isExplicit ? explicitWidth : 0) }.max() ?? 0,
            artist: items.map { DisplayWidth.of($0.artist) }.max() ?? 0,
            available: width - fixedWidth
        )

        var lines: [String] = []
        lines.reserveCapacity(items.count + 1)
        var header = DisplayWidth.pad("#", toWidth: numberWidth, alignRight: true) + Self.gap
        header += DisplayWidth.pad("Title", toWidth: titleWidth) + Self.gap
        header += DisplayWidth.pad("Artist", toWidth: artistWidth)
        for column in fixed {
            header += Self.gap + DisplayWidth.pad(column.header, toWidth: column.width, alignRight: column.alignRight)
        }
        lines.append(style.bold(trimTrailingSpaces(header)))

        for (index, item) in items.enumerated() {
            var line = style.dim(DisplayWidth.pad(numbers[index], toWidth: numberWidth, alignRight: true)) + Self.gap
            line += titleCell(item, width: titleWidth, explicitWidth: explicitWidth) + Self.gap
            line += DisplayWidth.pad(DisplayWidth.truncate(item.artist, toWidth: artistWidth), toWidth: artistWidth)
            for column in fixed {
                line +=
                    Self.gap
                    + DisplayWidth.pad(column.values[index], toWidth: column.width, alignRight: column.alignRight)
            }
            lines.append(trimTrailingSpaces(line))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func titleCell(_ item: MusicVideosListItemViewModel, width: Int, explicitWidth: Int) -> String {
        guard item.isExplicit else {
            return DisplayWidth.pad(DisplayWidth.truncate(item.title, toWidth: width), toWidth: width)
        }
        let title = DisplayWidth.truncate(item.title, toWidth: width - explicitWidth)
        let marker = style.red("E")
        return title + " " + marker
            + String(repeating: " ", count: max(0, width - DisplayWidth.of(title) - explicitWidth))
    }

    /// Natural widths when they fit; otherwise the artist gets up to two fifths and the title the rest.
    private func flexibleWidths(title: Int, artist: Int, available: Int) -> (Int, Int) {
        let title = max(title, "Title".count)
        let artist = max(artist, "Artist".count)
        if title + artist <= available { return (title, artist) }
        let room = max(available, 2 * Self.minimumTextWidth)
        let artistWidth = min(artist, max(Self.minimumTextWidth, room * 2 / 5))
        let titleWidth = min(title, room - artistWidth)
        return (titleWidth, min(artist, room - titleWidth))
    }

    private func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}

private struct Column {
    let header: String
    let values: [String]
    let alignRight: Bool
    let width: Int

    init(header: String, values: [String], alignRight: Bool = false) {
        self.header = header
        self.values = values
        self.alignRight = alignRight
        width = max(DisplayWidth.of(header), values.map(DisplayWidth.of).max() ?? 0)
    }
}
