import Domain
import Foundation
import Networking
import Platform
import Presentation
import TerminalUI

/// The settings file's contents, read and checked: `key = value` lines, blank lines and `#`
/// comments (a whole line, or after a blank at the end of one). Every value is checked here, so
/// a bad line is found — and named with its number — before anything runs. A pure type: the
/// file is read elsewhere (`SettingsFileSource`).
@dynamicMemberLookup
struct SettingsFile: Equatable, Sendable {
    /// A value and the line that set it.
    struct Entry<Value: Sendable>: Sendable {
        let value: Value
        let line: Int
    }

    /// Each key's text, checked by its declaration (`SettingsTable`), and its line.
    private var entries: [String: Entry<String>] = [:]

    /// The settings' declarations by every key the file accepts (`colour` and `color`).
    private static let declarations: [String: any DeclaredSetting] = Dictionary(
        SettingsTable.shared.all.flatMap { setting in ([setting.key] + setting.fileAliases).map { ($0, setting) } },
        uniquingKeysWith: { first, _ in first })

    /// The keys, in the table's order.
    private static var keys: [String] { SettingsTable.shared.all.map(\.key) }

    /// The largest file read; a larger one is not a settings file written by hand.
    static let maximumBytes = 64 * 1024

    /// - Parameter contents: The file's bytes (UTF-8; a byte-order mark is allowed).
    /// - Throws: `SettingsFileError` for the first bad line.
    init(parsing contents: Data) throws(SettingsFileError) {
        var bytes = contents[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        for (index, lineBytes) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = index + 1
            guard let line = String(validating: lineBytes, as: UTF8.self) else {
                throw SettingsFileError(line: number, "is not UTF-8 text", advice: "save the file as UTF-8")
            }
            guard let (name, value) = try Self.split(line, number: number) else { continue }
            guard let setting = Self.declarations[name.lowercased()] else {
                let guess = CommandLineParser.closest(to: name.lowercased(), among: Self.keys)
                let keys = Self.keys.joined(separator: ", ")
                throw SettingsFileError(
                    line: number, "unknown setting \(CommandLineParser.quoted(name))",
                    advice: guess.map { "did you mean \($0)? (the settings: \(keys))" } ?? "use one of \(keys)")
            }
            let key = setting.key
            if let first = entries[key]?.line {
                throw SettingsFileError(
                    line: number, "sets \(key) again (line \(first) set it)", advice: "keep one of the two")
            }
            try Self.check(value, of: setting, line: number)
            entries[key] = Entry(value: value, line: number)
        }
    }

    /// An empty file: every setting from elsewhere.
    init() {}

    /// A line's key and value, or `nil` for a blank or comment line.
    private static func split(_ line: String, number: Int) throws(SettingsFileError) -> (String, String)? {
        var text = Substring(line)
        if text.last == "\r" { text = text.dropLast() }
        if let comment = text.indices.first(where: {
            text[$0] == "#" && ($0 == text.startIndex || text[text.index(before: $0)].isWhitespace)
        }) {
            text = text[..<comment]
        }
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        guard let equals = text.firstIndex(of: "=") else {
            throw SettingsFileError(
                // Not quoted: a file that is no settings file at all (a link to another file, say)
                // must not have its lines printed.
                line: number, "has no \"=\"",
                advice: "write it as, say, country = GB, or start it with # to keep it as a comment")
        }
        let name = text[..<equals].trimmingWhitespace()
        guard !name.isEmpty else {
            throw SettingsFileError(
                line: number, "has no key before =",
                advice: "name one of " + Self.keys.joined(separator: ", "))
        }
        return (name, text[text.index(after: equals)...].trimmingWhitespace())
    }

    /// Checks a value's text as the setting's declaration reads it.
    private static func check(_ text: String, of setting: any DeclaredSetting, line: Int) throws(SettingsFileError) {
        let key = setting.key
        guard !text.isEmpty else {
            throw SettingsFileError(
                line: line, "\(key) has no value", advice: "give \(setting.values), or remove the line")
        }
        // Said before the value is judged: a NUL or another control character would be dropped
        // from the message, and the line would look right.
        if let control = text.unicodeScalars.first(where: TerminalSanitizer.isControl) {
            let what = control == "\0" ? "a NUL byte" : "a control character (U+\(Self.hex(control)))"
            throw SettingsFileError(
                line: line, "\(key)'s value contains \(what)", advice: "give \(setting.values)")
        }
        do {
            try setting.check(text)
        } catch {
            if let sentence = error.sentence {
                throw SettingsFileError(line: line, sentence(.file(key: key)), advice: "correct or remove the line")
            }
            throw SettingsFileError(
                line: line, error.reason ?? "\(key) takes \(setting.values), not \(CommandLineParser.quoted(text))",
                advice: error.advice ?? "correct or remove the line")
        }
    }

    /// The value the file gives a setting, and its line.
    func entry(_ key: String) -> Entry<String>? {
        entries[key]
    }

    /// The value the file gives `setting`, read as its declaration reads it, and its line.
    subscript<Value>(_ setting: SettingDeclaration<Value>) -> Entry<Value>? {
        guard let entry = entries[setting.key], let value = try? setting.parse(entry.value) else { return nil }
        return Entry(value: value, line: entry.line)
    }

    /// `file.mouse`: the table's setting of that name.
    subscript<Value>(dynamicMember name: KeyPath<SettingsTable, SettingDeclaration<Value>>) -> Entry<Value>? {
        self[SettingsTable.shared[keyPath: name]]
    }

    /// A scalar's number as four or more hexadecimal digits: `0007`.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

}

/// A line of the settings file that cannot be used, or a file too large to be one (exit 78).
struct SettingsFileError: Error, Equatable, Sendable {
    /// The line's number, from 1; `nil` for the file as a whole.
    let line: Int?
    /// What is wrong, after `line N`: `unknown setting 'colr'`.
    let problem: String
    /// What to do.
    let advice: String
    /// The file's path, once known.
    var path = ""

    init(line: Int?, _ problem: String, advice: String) {
        self.line = line
        self.problem = problem
        self.advice = advice
    }

    /// The one line said on standard error, without the program's prefix.
    var message: String {
        let place = TerminalSanitizer.sanitize(path) + (line.map { ", line \($0)" } ?? "")
        return "bad settings file \(place): \(problem) — \(advice)"
    }
}

extension SettingsFile.Entry: Equatable where Value: Equatable {}
