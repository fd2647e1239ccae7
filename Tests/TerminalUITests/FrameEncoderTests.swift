import Foundation
import Testing

@testable import TerminalUI

/// What the terminal writer sends: only the lines that changed, never wider than the terminal.
@Suite("Frame encoder")
struct FrameEncoderTests {
    private let encoder = FrameEncoder(usesColor: true, usesHyperlinks: true)

    private func frame(_ lines: [String], columns: Int = 20) -> Frame {
        var frame = Frame(columns: columns, rows: lines.count)
        for (row, text) in lines.enumerated() { frame[row] = FrameLine(text, columns: columns) }
        return frame
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("The first frame clears once and writes every non-empty line")
    func firstFrame() {
        let output = text(encoder.encode(from: nil, to: frame(["one", "", "three"])))
        #expect(output == "\u{1B}[?25l\u{1B}[H\u{1B}[2J\u{1B}[1;1Hone\u{1B}[K\u{1B}[3;1Hthree\u{1B}[K")
    }

    @Test("Only the lines that changed are written; an unchanged frame writes nothing")
    func diff() {
        let before = frame(["one", "two", "three"])
        let after = frame(["one", "2", "three"])
        #expect(text(encoder.encode(from: before, to: after)) == "\u{1B}[2;1H2\u{1B}[K")
        // A line is written from its first changed run on.
        var kept = FrameLine(columns: 20)
        kept.append("Title  ", .bold)
        kept.append("old")
        var changed = FrameLine(columns: 20)
        changed.append("Title  ", .bold)
        changed.append("new")
        var first = Frame(columns: 20, rows: 1)
        first[0] = kept
        var second = Frame(columns: 20, rows: 1)
        second[0] = changed
        #expect(text(encoder.encode(from: first, to: second)) == "\u{1B}[1;8Hnew\u{1B}[K")
        #expect(encoder.encode(from: after, to: after).isEmpty)
    }

    @Test("A new size repaints everything")
    func resize() {
        let output = text(encoder.encode(from: frame(["one"], columns: 20), to: frame(["one"], columns: 10)))
        #expect(output.contains("\u{1B}[2J") && output.contains("one"))
    }

    @Test("Attributes and links: SGR per run, reset at the end; colour off keeps bold and reverse only")
    func attributes() {
        var line = FrameLine(columns: 30)
        line.append("a", .bold)
        line.append("b", [.red, .reverse])
        line.append("https://x.test/", [], link: "https://x.test/")
        var out: [UInt8] = []
        encoder.encode(line, into: &out)
        #expect(
            text(out)
                == "\u{1B}[0;1ma\u{1B}[0;7;31mb\u{1B}[0m\u{1B}]8;;https://x.test/\u{1B}\\https://x.test/\u{1B}]8;;\u{1B}\\"
        )
        out = []
        FrameEncoder(usesColor: false, usesHyperlinks: false).encode(line, into: &out)
        #expect(text(out) == "\u{1B}[0;1ma\u{1B}[0;7mb\u{1B}[0mhttps://x.test/")
    }

    @Test("Under NO_COLOR a filter's matched letters are underlined (yellow with colour), on a selected row too")
    func matchesWithoutColour() {
        var line = FrameLine(columns: 12)
        line.append("clairo", width: 6, highlighting: [0, 1], with: .highlight)
        line.append(" 4ever", width: 6, [.reverse], highlighting: [1], with: .highlight)
        var out: [UInt8] = []
        FrameEncoder(usesColor: false, usesHyperlinks: false).encode(line, into: &out)
        #expect(text(out) == "\u{1B}[0;4mcl\u{1B}[0mairo\u{1B}[0;7m \u{1B}[0;4;7m4\u{1B}[0;7mever\u{1B}[0m")
        out = []
        encoder.encode(line, into: &out)
        #expect(text(out) == "\u{1B}[0;33mcl\u{1B}[0mairo\u{1B}[0;7m \u{1B}[0;7;33m4\u{1B}[0;7mever\u{1B}[0m")
    }

    @Test("A line never holds more than the terminal's width, whatever is appended")
    func neverWider() {
        var line = FrameLine(columns: 10)
        line.append("大塚愛大塚愛大塚愛")
        line.append("more")
        #expect(line.width <= 10 && DisplayWidth.of(line.text) == line.width)
        #expect(line.text == "大塚愛大…")
        var padded = FrameLine(columns: 5)
        padded.append("x", width: 50)
        #expect(padded.width == 5)
    }

    @Test("The cursor is shown where the frame puts it, hidden otherwise")
    func cursor() {
        var shown = frame(["abc"])
        shown.cursor = Frame.Position(row: 0, column: 3)
        let output = text(encoder.encode(from: frame(["abc"]), to: shown))
        #expect(output == "\u{1B}[1;4H\u{1B}[?25h")
        #expect(text(encoder.encode(from: shown, to: frame(["abc"]))) == "\u{1B}[?25l")
    }
}

/// A small terminal: enough of what the encoder sends (cursor position, erase, scroll region,
/// index and reverse index, text; attributes and links ignored) to check that the bytes turn
/// the last frame into the next.
struct MiniTerminal {
    private(set) var cells: [[String]]
    private var row = 0
    private var column = 0
    private var top = 0
    private var bottom: Int
    let columns: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        bottom = rows - 1
    }

    var text: String {
        cells.map { line in
            var text = line.joined()
            while text.last == " " { text.removeLast() }
            return text
        }.joined(separator: "\n")
    }

    mutating func apply(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        while index < scalars.count {
            let character = scalars[index]
            guard character == "\u{1B}" else {
                put(character)
                index += 1
                continue
            }
            let kind = scalars[index + 1]
            if kind == "D" || kind == "M" {
                moveLine(down: kind == "D")
                index += 2
            } else if kind == "]" {  // OSC … ESC \
                index += 2
                while !(scalars[index] == "\u{1B}" && scalars[index + 1] == "\\") { index += 1 }
                index += 2
            } else {  // CSI
                var end = index + 2
                while !scalars[end].isLetter { end += 1 }
                let parameters = String(scalars[(index + 2)..<end])
                csi(parameters, scalars[end])
                index = end + 1
            }
        }
    }

    private mutating func csi(_ parameters: String, _ final: Character) {
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
        switch final {
        case "H":
            row = (numbers.first ?? 1) - 1
            column = (numbers.count > 1 ? numbers[1] : 1) - 1
        case "K":
            for position in column..<columns { cells[row][position] = " " }
        case "J":
            cells = cells.map { $0.map { _ in " " } }
        case "r":
            top = parameters.isEmpty ? 0 : numbers[0] - 1
            bottom = parameters.isEmpty ? cells.count - 1 : numbers[1] - 1
            row = 0
            column = 0
        default:
            break  // m (attributes), h/l (modes)
        }
    }

    private mutating func moveLine(down: Bool) {
        let blank = Array(repeating: " ", count: columns)
        if down {
            if row == bottom {
                cells.remove(at: top)
                cells.insert(blank, at: bottom)
            } else {
                row += 1
            }
        } else if row == top {
            cells.remove(at: bottom)
            cells.insert(blank, at: top)
        } else {
            row -= 1
        }
    }

    private mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard column + width <= columns else { return }  // autowrap is off: nothing past the edge
        cells[row][column] = String(character)
        if width == 2 { cells[row][column + 1] = "" }
        column += width
    }
}

@Suite("Frame encoder on a terminal")
struct FrameEncoderTerminalTests {
    /// A scrolling list of 60 rows, a title and a status line, the selection reversed.
    private static func listFrame(columns: Int, rows: Int, top: Int, selected: Int) -> Frame {
        var frame = Frame(columns: columns, rows: rows)
        frame[0] = FrameLine("Title", columns: columns, attributes: .bold)
        for row in 1..<(rows - 1) {
            let number = top + row
            let text = number % 5 == 0 ? "\(number). 大塚 愛 さくらんぼ \(number)" : "\(number). Row \(number) 🎸"
            var line = FrameLine(columns: columns)
            line.append(text, width: columns - 10, number == selected ? .reverse : [])
            line.append("\(number % 7)", width: 10, .dim, alignRight: true)
            frame[row] = line
        }
        frame[rows - 1] = FrameLine("↑/↓ move · q quit", columns: columns, attributes: .dim)
        return frame
    }

    @Test(
        "Applied to what the terminal shows, the bytes give exactly the next frame, scrolling included",
        arguments: [60, 100, 120])
    func replay(columns: Int) {
        let rows = 14
        let body = rows - 2
        let encoder = FrameEncoder(usesColor: true, usesHyperlinks: true)
        var terminal = MiniTerminal(columns: columns, rows: rows)
        var shown: Frame?
        var scrolls = 0
        var selected = 1
        var top = 0
        let moves = Array(repeating: 1, count: 30) + Array(repeating: -1, count: 25) + [10, -10, 1, 1, -1]
        for move in moves {
            selected = min(max(selected + move, 1), 60)
            if selected <= top { top = selected - 1 }
            if selected > top + body { top = selected - body }
            let frame = Self.listFrame(columns: columns, rows: rows, top: top, selected: selected)
            let bytes = encoder.encode(from: shown, to: frame)
            if String(decoding: bytes, as: UTF8.self).contains("r\u{1B}[") { scrolls += 1 }
            terminal.apply(bytes)
            #expect(terminal.text == frame.text)
            shown = frame
        }
        // Every one-row move past the edge of the view scrolls a region.
        #expect(scrolls > 30)
    }
}
