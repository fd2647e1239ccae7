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
struct SettingsFile: Equatable, Sendable {
    /// The keys a settings file may set, in the order they are listed.
    enum Key: String, CaseIterable, Sendable {
        case country, limit, format, colour, player, mouse, images, rate

        /// What the key takes, for messages and the manual: `on or off`.
        var values: String {
            switch self {
            case .country: "a two-letter store country such as US, GB or JP"
            case .limit:
                "a whole number from \(QueryValidation.limitRange.lowerBound) to \(QueryValidation.limitRange.upperBound)"
            case .format: OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            case .colour: "on or off"
            case .player: "a command line, such as mpv --fs"
            case .mouse: "on or off"
            case .images: ImagesSetting.allCases.map(\.rawValue).joined(separator: ", ")
            case .rate: "N/S, at most N requests to the service in S seconds (such as 20/60), or off"
            }
        }

        /// What the key takes, in a word or two: `CC`, `1–200`, `on/off`.
        var shortValues: String {
            switch self {
            case .country: "CC"
            case .limit: "\(QueryValidation.limitRange.lowerBound)–\(QueryValidation.limitRange.upperBound)"
            case .format: OutputFormat.allCases.map(\.rawValue).joined(separator: "/")
            case .colour: "on/off"
            case .player: "a command line"
            case .mouse: "on/off"
            case .images: ImagesSetting.allCases.map(\.rawValue).joined(separator: "/")
            case .rate: "N/S or off"
            }
        }
    }

    /// A value and the line that set it.
    struct Entry<Value: Equatable & Sendable>: Equatable, Sendable {
        let value: Value
        let line: Int
    }

    var country: Entry<String>?
    var limit: Entry<Int>?
    var format: Entry<OutputFormat>?
    var colour: Entry<Bool>?
    var player: Entry<String>?
    var mouse: Entry<Bool>?
    var images: Entry<ImagesSetting>?
    var rate: Entry<RateBudgetSetting>?

    /// The largest file read; a larger one is not a settings file written by hand.
    static let maximumBytes = 64 * 1024

    /// - Parameter contents: The file's bytes (UTF-8; a byte-order mark is allowed).
    /// - Throws: `SettingsFileError` for the first bad line.
    init(parsing contents: Data) throws(SettingsFileError) {
        var bytes = contents[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var lines: [Key: Int] = [:]
        for (index, lineBytes) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            let number = index + 1
            guard let line = String(validating: lineBytes, as: UTF8.self) else {
                throw SettingsFileError(line: number, "is not UTF-8 text", advice: "save the file as UTF-8")
            }
            guard let (name, value) = try Self.split(line, number: number) else { continue }
            guard let key = Key(rawValue: name.lowercased()) ?? (name.lowercased() == "color" ? .colour : nil) else {
                let guess = CommandLineParser.closest(to: name.lowercased(), among: Key.allCases.map(\.rawValue))
                let keys = Key.allCases.map(\.rawValue).joined(separator: ", ")
                throw SettingsFileError(
                    line: number, "unknown setting \(CommandLineParser.quoted(name))",
                    advice: guess.map { "did you mean \($0)? (the settings: \(keys))" } ?? "use one of \(keys)")
            }
            if let first = lines[key] {
                throw SettingsFileError(
                    line: number, "sets \(key.rawValue) again (line \(first) set it)", advice: "keep one of the two")
            }
            lines[key] = number
            try set(key, to: value, line: number)
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
                advice: "name one of " + Key.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return (name, text[text.index(after: equals)...].trimmingWhitespace())
    }

    private mutating func set(_ key: Key, to text: String, line: Int) throws(SettingsFileError) {
        let problem = SettingsFileError(
            line: line, "\(key.rawValue) takes \(key.values), not \(CommandLineParser.quoted(text))",
            advice: "correct or remove the line")
        guard !text.isEmpty else {
            throw SettingsFileError(
                line: line, "\(key.rawValue) has no value", advice: "give \(key.values), or remove the line")
        }
        // Said before the value is judged: a NUL or another control character would be dropped
        // from the message, and the line would look right.
        if let control = text.unicodeScalars.first(where: TerminalSanitizer.isControl) {
            let what = control == "\0" ? "a NUL byte" : "a control character (U+\(Self.hex(control)))"
            throw SettingsFileError(
                line: line, "\(key.rawValue)'s value contains \(what)", advice: "give \(key.values)")
        }
        switch key {
        case .country:
            do {
                country = Entry(value: try QueryValidation.country(text), line: line)
            } catch {
                throw problem
            }
        case .limit:
            guard let number = Int(text), QueryValidation.limitRange.contains(number) else { throw problem }
            limit = Entry(value: number, line: line)
        case .format:
            guard let value = OutputFormat(rawValue: text.lowercased()) else {
                let guess = CommandLineParser.closest(
                    to: text.lowercased(), among: OutputFormat.allCases.map(\.rawValue))
                throw SettingsFileError(
                    line: line, "format takes one of \(key.values), not \(CommandLineParser.quoted(text))",
                    advice: guess.map { "did you mean \($0)?" } ?? "correct or remove the line")
            }
            format = Entry(value: value, line: line)
        case .colour:
            guard let value = Self.switchValues[text.lowercased()] else { throw problem }
            colour = Entry(value: value, line: line)
        case .player:
            guard SystemPreviewPlayer.words(of: text) != nil else {
                throw SettingsFileError(
                    line: line, "player's command has an unterminated quote", advice: "close the quote")
            }
            player = Entry(value: text, line: line)
        case .mouse:
            guard let value = Self.switchValues[text.lowercased()] else { throw problem }
            mouse = Entry(value: value, line: line)
        case .images:
            guard let value = ImagesSetting(rawValue: text.lowercased()) else { throw problem }
            images = Entry(value: value, line: line)
        case .rate:
            do {
                rate = Entry(value: try RateBudgetSetting.parse(text), line: line)
            } catch {
                throw SettingsFileError(line: line, error.reason, advice: "correct or remove the line")
            }
        }
    }

    /// A scalar's number as four or more hexadecimal digits: `0007`.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// What an on-off setting accepts.
    private static let switchValues = [
        "on": true, "off": false, "yes": true, "no": false, "true": true, "false": false,
    ]
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
