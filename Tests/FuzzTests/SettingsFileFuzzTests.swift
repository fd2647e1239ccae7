import Foundation
import TerminalUI
import XCTest

@testable import App

/// The settings file (`SettingsFile(parsing:)`), as a person or a program may have written it:
/// real files, mutated line by line (keys repeated, misspelt or cased, values at and past every
/// range, comments, CRLF, a byte-order mark, controls, combining marks, unterminated quotes) and
/// byte by byte. Each is settings or a `SettingsFileError` naming a line the file has, with a
/// message that holds no control character and stays short; settings written out again parse to
/// the same settings.
final class SettingsFileFuzzTests: XCTestCase {
    static let seeds: [String] = [
        "# mvsearch settings\ncountry = GB\nlimit = 25\nformat = table\ncolour = off\n",
        "player = mpv --fs --title='a # b'\nmouse = on\nimages = kitty\nrate = 20/60 # the service's own\n",
        "\u{FEFF}Color=ON\r\nlimit=200\r\nrate=off\r\n\r\n   # indented comment\r\n",
        "country=jp\nimages = off\nformat = json\n",
    ]
    static let words: [String] = [
        "=", "#", " #", "\r", "\n", "\t", "\u{FEFF}", "country", "limit", "format", "colour", "color", "player",
        "mouse", "images", "rate", "on", "off", "yes", "ON", "GB", "gb", "ZZ", "0", "201", "-5", "table", "json",
        "tsv", "plain", "m3u", "kitty", "iterm2", "auto", "1/0", "0/60", "10000/1", "10001/60", "20/", "/60", "'",
        "\"", "\\", "\u{0}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{301}", "\u{200B}", "é", "Ⅻ", "٣",
    ]

    func testSettingsFilesAreSettingsOrANamedLine() {
        let mutator = ByteMutator(
            dictionary: Self.words.map { Array($0.utf8) }, maximumLength: SettingsFile.maximumBytes)
        Fuzzer.run("settings-file") { random in
            var lines = random.pick(Self.seeds).utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }  // bytes: "\r\n" is one Character
            for _ in 0..<random.below(5) {
                let index = random.below(lines.count)
                switch random.below(5) {
                case 0: lines.insert(lines[index], at: index)
                case 1: lines.remove(at: index)
                case 2:
                    lines[index] =
                        random.pick(Self.words) + random.pick([" = ", "=", " =", "= ", " "]) + random.pick(Self.words)
                case 3: lines[index] += random.pick(Self.words)
                default: lines.insert(String(repeating: random.pick(Self.words), count: random.below(3000)), at: index)
                }
                if lines.isEmpty { lines = [""] }
            }
            var bytes = Array(lines.joined(separator: "\n").utf8)
            if random.oneIn(2) { mutator.mutate(&bytes, using: &random) }
            return bytes
        } check: { input in
            try Self.check(input)
        }
    }

    static func check(_ input: [UInt8]) throws -> String {
        let settings: SettingsFile
        do {
            settings = try SettingsFile(parsing: Data(input))
        } catch {
            let lines = input.count(where: { $0 == 0x0A }) + 1
            guard let line = error.line, (1...lines).contains(line) else {
                throw FuzzViolation("an error names line \(error.line.map(String.init) ?? "none") of \(lines)")
            }
            let message = error.message
            guard !message.unicodeScalars.contains(where: TerminalSanitizer.isControl) else {
                throw FuzzViolation("a message with a control character: \(message.debugDescription)")
            }
            guard message.utf8.count <= 1024 else {
                throw FuzzViolation("a message of \(message.utf8.count) bytes echoes the line")
            }
            return "line-error"
        }
        // Every key the table declares, written out again as the file read it.
        let keys = SettingsTable.shared.all.map(\.key)
        var text = ""
        for key in keys { if let entry = settings.entry(key) { text += "\(key) = \(entry.value)\n" } }
        guard let again = try? SettingsFile(parsing: Data(text.utf8)) else {
            throw FuzzViolation("settings written out again are refused: \(text.debugDescription)")
        }
        guard keys.allSatisfy({ again.entry($0)?.value == settings.entry($0)?.value }) else {
            throw FuzzViolation("settings written out again are other settings: \(text.debugDescription)")
        }
        return "settings"
    }
}
